// The scene leaves out the pixels a scrolled list's opaque rows cover (GLSceneRenderer's `leavingOut`,
// from GLOverlayRenderer.pixelsCoveredOpaquely): exactly their whole pixels, and the frame under the list is the frame
// of a scene drawn whole, frame after frame.
import CGL
import XCTest
import GlasspaneCore
import GlasspaneDemo
import GlasspaneDraw
import GlasspaneOverlay
import GlasspanePlatform
import GlasspaneScene
@testable import GlasspaneRender

final class SceneHolePixelTests: XCTestCase {
    private static let size = PixelSize(width: 320, height: 240)

    /// The scene drawn over magenta, leaving out `hidden`.
    @MainActor
    private static func scene(leavingOut hidden: Rect?, renderer: GLSceneRenderer) -> PixelImage {
        glClearColor(1, 0, 1, 1)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        renderer.render(CubeState().renderScene, viewport: size, leavingOut: hidden)
        return FramebufferCapture.readBackBuffer(size: size)
    }

    func testTheSceneLeavesOutTheHolesWholePixelsAndDrawsEveryOtherPixelAsBefore() throws {
        try MainActor.assumeIsolated {
            for samples in [1, 4] {
                let platform = try SDLPlatform(options: PlatformOptions(size: Self.size, headless: true, vsync: false))
                defer { platform.close() }
                let target = RenderTarget(offscreen: true, samples: samples)
                target.bind(size: Self.size)
                let renderer = try GLSceneRenderer()
                let whole = Self.scene(leavingOut: nil, renderer: renderer)
                XCTAssertNil(renderer.lastLeftOutPixels)
                // Off whole pixels and past the right edge: pixels 201...319 by 31...179 are left out.
                let hidden = Rect(x: 200.5, y: 30.2, width: 200, height: 150.3)
                let cut = Self.scene(leavingOut: hidden, renderer: renderer)
                XCTAssertEqual(renderer.lastLeftOutPixels, Rect(x: 201, y: 31, width: 119, height: 149))
                var magentaInside = 0, otherInside = 0, cubeInside = 0, otherWellInside = 0
                for y in 0..<Self.size.height {
                    for x in 0..<Self.size.width {
                        let inside = x >= 201 && y >= 31 && y < 180
                        let p = cut.pixel(x: x, y: y), q = whole.pixel(x: x, y: y)
                        if inside {
                            if p == (255, 0, 255, 255) { magentaInside += 1 } else { otherInside += 1 }
                            // With multisampling llvmpipe lets a scissored edge bleed into the next pixel (SavedGLState's
                            // note), so a band may reach the hole's edge pixels: the overlay paints them over.
                            if x > 201 && x < 319 && y > 31 && y < 179 && p != (255, 0, 255, 255) { otherWellInside += 1 }
                            if q != whole.pixel(x: 0, y: y) { cubeInside += 1 }
                        } else if p != q {
                            XCTFail("(\(x), \(y)), \(samples) samples: \(p) against \(q) outside the hole")
                            return
                        }
                    }
                }
                XCTAssertEqual(otherWellInside, 0, "\(samples) samples: neither the background nor the cube is drawn there")
                if samples == 1 { XCTAssertEqual(otherInside, 0, "one sample: not even at the hole's edge") }
                XCTAssertGreaterThan(magentaInside, 117 * 147)
                XCTAssertGreaterThan(cubeInside, 1_000, "\(samples) samples: the whole scene has the cube in the hole")
                // Too small a hole (under 8,192 pixels) is ignored.
                XCTAssertEqual(Self.scene(leavingOut: Rect(x: 10, y: 10, width: 80, height: 80), renderer: renderer).rgba, whole.rgba)
                XCTAssertNil(renderer.lastLeftOutPixels)
                withExtendedLifetime(target) {}
            }
        }
    }

    func testAScrolledListOverTheSceneLooksAsOverAWholeScene() throws {
        try withScaleOneTarget(width: 640, height: 640) { atlas, metrics in
            let size = metrics.drawableSize
            let programs = try GLOverlayRenderer(atlas: atlas)
            let scene = try GLSceneRenderer()
            let (overlay, screen) = try openBenchList(windowSize: metrics.windowSize, fonts: atlas)
            let renderer = try XCTUnwrap(programs.makeCompanion() as? GLOverlayRenderer)
            var cube = CubeState()
            // Down 3 notches, up 3, and a still frame (drawn directly while it moves, then from the cache).
            for step in 0..<7 {
                let dy: Double = step < 3 ? -1 : step < 6 ? 1 : 0
                if dy != 0 { overlay.route(.wheel(location: screen.list.windowFrame.center, dx: 0, dy: dy)) }
                overlay.advanceAnimations(to: Double(step + 1) / 60)
                overlay.update()
                cube.angle += 0.2
                let list = screen.layer.drawList, version = screen.layer.contentVersion, damage = screen.layer.lastDamage
                renderer.prepare(list, generation: version, damage: damage, metrics: metrics)
                let hidden = try XCTUnwrap(renderer.pixelsCoveredOpaquely, "frame \(step): the rows cover the viewport")
                let drawn = clearedFrame(size: size) {
                    scene.render(cube.renderScene, viewport: size, leavingOut: hidden)
                    renderer.render(list, generation: version, damage: damage, metrics: metrics)
                }
                XCTAssertEqual(scene.lastLeftOutPixels, hidden, "frame \(step): the rows' pixels are whole")
                XCTAssertGreaterThan(hidden.width * hidden.height, 200_000, "frame \(step): about the 540x540 viewport")
                let fresh = try XCTUnwrap(programs.makeCompanion() as? GLOverlayRenderer)
                fresh.compositing = renderer.drawsFromCache ? .cached : .direct
                let expected = clearedFrame(size: size) {
                    scene.render(cube.renderScene, viewport: size)
                    fresh.render(list, generation: 1, metrics: metrics)
                }
                XCTAssertNil(scene.lastLeftOutPixels)
                assertSamePixels(drawn, expected, "frame \(step), offset \(screen.list.contentOffset.y)")
            }
        }
    }
}
