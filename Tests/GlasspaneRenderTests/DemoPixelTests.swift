// The whole demo headless against the real renderers: panel over the cube, text, and a scripted press that
// recolors the cube, read back from the frame.
import XCTest
import GlasspaneCore
import GlasspaneDemo
import GlasspaneScene
import GlasspaneHost
import GlasspaneOverlay
import GlasspanePlatform
@testable import GlasspaneRender

final class DemoPixelTests: XCTestCase {
    func testPanelOverTheCubeAndAPressThatRecolorsIt() throws {
        try MainActor.assumeIsolated {
            let size = PixelSize(width: 640, height: 400)
            let platform = try SDLPlatform(options: PlatformOptions(size: size, headless: true, vsync: false))
            defer { platform.close() }
            let atlas = try GlyphAtlas()
            let (app, loop) = try headlessDemo(on: platform, atlas: atlas)
            var image: PixelImage?
            loop.addObserver(BeforePresent { _ in image = FramebufferCapture.readBackBuffer(size: platform.metrics.drawableSize) }, order: .screenshots)
            loop.runFrame()
            loop.runFrame()
            let first = try XCTUnwrap(image)

            // Inside the panel (its padding, below the status label): the panel's color over the background.
            let panel = try XCTUnwrap(app.stage.overlay.view(withIdentifier: "demo.panel")).windowFrame
            let inside = first.pixel(x: Int(panel.minX) + 6, y: Int(panel.maxY) - 6)
            XCTAssertEqual(Double(inside.r), (0.92 * 0.12 + 0.08 * 0.09) * 255, accuracy: 3, "\(inside)")
            XCTAssertEqual(Double(inside.b), (0.92 * 0.16 + 0.08 * 0.13) * 255, accuracy: 3, "\(inside)")
            // Outside it: the cube in the middle, the background in the far corner.
            let cube = first.pixel(x: 400, y: 200)
            XCTAssertGreaterThan(Int(cube.r), Int(cube.b) + 40, "orange cube: \(cube)")
            let corner = first.pixel(x: 636, y: 396)
            let background = GLSceneRenderer.backgroundColor(RenderScene(eye: Vec3(0, 0, 1), objects: []).background,
                                                              fraction: (396.5 / Double(first.size.height))).rgba8
            XCTAssertLessThan(abs(Int(corner.b) - Int(background.2)), 3, "background: \(corner), expected \(background)")
            // Text: the title's glyphs are bright on the dark panel.
            let title = try XCTUnwrap(app.stage.overlay.view(withIdentifier: "demo.title")).windowFrame
            var brightest = 0
            for y in Int(title.minY)..<Int(title.maxY) { for x in Int(title.minX)..<Int(title.maxX) { brightest = max(brightest, Int(first.pixel(x: x, y: y).g)) } }
            XCTAssertGreaterThan(brightest, 180, "title text rendered")

            // A scripted press on the blue preset: the cube turns blue.
            let swatch = try XCTUnwrap(app.stage.overlay.view(withIdentifier: "picker.preset.3")).windowFrame
            loop.inject([.pointerDown(PointerEvent(location: swatch.center)), .pointerUp(PointerEvent(location: swatch.center))])
            loop.runFrame()
            for _ in 0..<90 { loop.runFrame() } // the cube springs to the preset
            let after = try XCTUnwrap(image).pixel(x: 400, y: 200)
            XCTAssertGreaterThan(Int(after.b), Int(after.r) + 40, "blue cube after the press: \(after)")
            XCTAssertEqual(app.simulation.current.color.hex, "#2e86de")
        }
    }

    func testMidAnimationTheCubeColorLiesBetweenTheOldAndTheNew() throws {
        try MainActor.assumeIsolated {
            let platform = try SDLPlatform(options: PlatformOptions(size: PixelSize(width: 640, height: 400), headless: true, vsync: false))
            defer { platform.close() }
            let atlas = try GlyphAtlas()
            // Not spinning, so the same pixel sees the same face under the same light in every frame.
            let (app, loop) = try headlessDemo(on: platform, atlas: atlas, initial: CubeState(spinning: false))
            var image: PixelImage?
            loop.addObserver(BeforePresent { _ in image = FramebufferCapture.readBackBuffer(size: platform.metrics.drawableSize) }, order: .screenshots)
            loop.runFrame()
            loop.runFrame()
            let old = try XCTUnwrap(image).pixel(x: 400, y: 200)
            let swatch = try XCTUnwrap(app.stage.overlay.view(withIdentifier: "picker.preset.3")).windowFrame
            loop.inject([.pointerDown(PointerEvent(location: swatch.center)), .pointerUp(PointerEvent(location: swatch.center))])
            for _ in 0..<5 { loop.runFrame() } // 5 frames (83 ms) into a spring with a 0.5 s response
            XCTAssertTrue(app.engine.isColorAnimating)
            let mid = try XCTUnwrap(image).pixel(x: 400, y: 200)
            for _ in 0..<120 { loop.runFrame() }
            XCTAssertFalse(app.engine.isColorAnimating)
            let new = try XCTUnwrap(image).pixel(x: 400, y: 200)
            for (o, m, n, name) in [(old.r, mid.r, new.r, "r"), (old.g, mid.g, new.g, "g"), (old.b, mid.b, new.b, "b")] {
                let (lo, hi) = (min(Int(o), Int(n)), max(Int(o), Int(n)))
                XCTAssertTrue(lo <= Int(m) && Int(m) <= hi, "\(name): \(m) not between \(o) and \(n)")
            }
            XCTAssertGreaterThan(abs(Int(mid.r) - Int(old.r)) + abs(Int(mid.b) - Int(old.b)), 20, "moved: \(old) -> \(mid)")
            XCTAssertGreaterThan(abs(Int(mid.r) - Int(new.r)) + abs(Int(mid.b) - Int(new.b)), 20, "not there yet: \(mid) -> \(new)")
        }
    }

    /// The scene first (a GPU's order) or the overlay's CPU work first (a CPU rasterizer's): the same pixels, frame
    /// by frame, through a drag in the picker's square and its partial redraws, hot commands and cooling.
    func testTheSceneFirstOrLastGivesTheSamePixels() throws {
        try MainActor.assumeIsolated {
            let size = PixelSize(width: 640, height: 400)
            @MainActor func frames(sceneFirst: Bool) throws -> [PixelImage] {
                let platform = try SDLPlatform(options: PlatformOptions(size: size, headless: true, vsync: false))
                defer { platform.close() }
                let (app, loop) = try headlessDemo(on: platform, atlas: try GlyphAtlas(), initial: CubeState(spinning: false))
                let surface = try XCTUnwrap(loop.surface as? TestSurface)
                surface.drawsSceneFirst = sceneFirst
                // Before the drag, its first frames (the hot commands start), its end, and after the cooling.
                let captured: Set<Int> = [2, 3, 4, 7, 10, 11, 12, 45, 50]
                var images: [PixelImage] = []
                loop.addObserver(BeforePresent { index in
                    if captured.contains(index) { images.append(FramebufferCapture.readBackBuffer(size: size)) }
                }, order: .screenshots)
                for _ in 0..<3 { loop.runFrame() }
                let square = try XCTUnwrap(app.stage.overlay.view(withIdentifier: "picker.sv")).windowFrame
                loop.inject([.pointerDown(PointerEvent(location: square.center))])
                for step in 1...8 {
                    let point = Point(x: square.minX + Double(step) * square.width / 10, y: square.maxY - Double(step) * square.height / 10)
                    loop.inject([.pointerMove(PointerEvent(location: point))])
                    loop.runFrame()
                }
                loop.inject([.pointerUp(PointerEvent(location: Point(x: square.minX + 4, y: square.minY + 4)))])
                for _ in 0..<40 { loop.runFrame() } // the hot commands cool back into the cache
                return images
            }
            let first = try frames(sceneFirst: true), last = try frames(sceneFirst: false)
            XCTAssertEqual(first.count, 9)
            XCTAssertEqual(first.count, last.count)
            for (i, (a, b)) in zip(first, last).enumerated() { assertSamePixels(a, b, "captured frame \(i)") }
            XCTAssertNotEqual(first[0].rgba, first[4].rgba, "the drag changed what was drawn")
        }
    }

    func testAVisibleHUDDoesNotMakeThePanelRedraw() throws {
        try MainActor.assumeIsolated {
            let platform = try SDLPlatform(options: PlatformOptions(size: PixelSize(width: 640, height: 400), headless: true, vsync: false))
            defer { platform.close() }
            let atlas = try GlyphAtlas()
            let (app, loop) = try headlessDemo(on: platform, atlas: atlas, content: DemoApp.Content(showsHUD: true))
            loop.addObserver(app.performanceHUD, order: .hud)
            // The status line changes once, on the second frame: in place (one composed run), drawn over the
            // composite until it holds still for `framesBeforeCooling` frames, then back in the cache.
            for _ in 0..<(12 + DrawListTessellator.framesBeforeCooling) { loop.runFrame() }
            let ui = try XCTUnwrap(app.stage.overlay.layer(named: "ui"))
            let panelRenderer = try XCTUnwrap(app.stage.renderer(for: ui) as? GLOverlayRenderer)
            let hudRenderer = try XCTUnwrap(app.stage.renderer(for: app.performanceHUD.layer) as? GLOverlayRenderer)
            XCTAssertFalse(panelRenderer === hudRenderer)
            XCTAssertLessThanOrEqual(panelRenderer.tessellationCount, 3, "the panel is tessellated once it settles, not per frame")
            XCTAssertGreaterThanOrEqual(hudRenderer.tessellationCount + hudRenderer.partialUpdateCount, 10, "the HUD changes every frame")
            XCTAssertLessThanOrEqual(hudRenderer.tessellationCount, 4, "mostly in place: the graph is one re-emitted quad")
            XCTAssertEqual(panelRenderer.drawCallCount, 1, "the still panel is one composite")
        }
    }
}
