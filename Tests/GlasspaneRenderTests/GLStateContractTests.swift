// The GL state contract (GLStateCache.swift): with one shared cache the scene and the overlay set only what differs
// and restore nothing, yet the cache always matches the driver and the frames equal those drawn with save-and-restore.
import CGL
import XCTest
import GlasspaneCore
import GlasspaneOverlay
import GlasspanePlatform
import GlasspaneDemo
import GlasspaneScene
@testable import GlasspaneRender

final class GLStateContractTests: XCTestCase {
    private static let metrics = WindowMetrics(windowSize: Size(width: 320, height: 240), drawableSize: PixelSize(width: 320, height: 240))

    private static func panel(label: String, knobX: Double) -> DrawList {
        DrawList(commands: [
            .rect(Rect(x: 10, y: 10, width: 200, height: 150), color: Color(hex: "#1e2430")!.withAlpha(0.92), cornerRadius: 10),
            .saturationValueGradient(Rect(x: 20, y: 20, width: 100, height: 100), hue: 0.6, cornerRadius: 4),
            .ring(center: Point(x: knobX, y: 60), radius: 7, width: 2, color: .white),
            .glyphs(GlyphRun(text: label, origin: Point(x: 20, y: 125), fontSize: 16, color: .white)),
        ])
    }

    private static func hud(_ text: String) -> DrawList {
        DrawList(commands: [
            .rect(Rect(x: 220, y: 180, width: 90, height: 50), color: Color(r: 0, g: 0, b: 0, a: 0.6), cornerRadius: 4),
            .glyphs(GlyphRun(text: text, origin: Point(x: 225, y: 190), fontSize: 12, color: .white)),
        ])
    }

    /// Draws `frames` frames of a scene with a spinning cube, a panel whose knob and label change on some frames
    /// (new glyphs mid-frame included) and a HUD rebuilt every frame, into a 4x multisampled target; returns each
    /// frame's pixels and, with a shared cache, the cache's disagreements with the driver after each pass.
    @MainActor
    private static func drawFrames(sharing: Bool, compositing: OverlayCompositing, frames: Int) throws -> (images: [PixelImage], disagreements: [String]) {
        // Each run starts from a fresh context's defaults (an earlier run in this context may have changed them).
        glEnable(GLenum(GL_MULTISAMPLE))
        let target = RenderTarget(offscreen: true, samples: 4)
        let shared: GLStateCache? = sharing ? GLStateCache() : nil
        let atlas = try GlyphAtlas()
        let scene = try GLSceneRenderer(sharedState: shared)
        let overlay = try GLOverlayRenderer(atlas: atlas, sharedState: shared)
        overlay.compositing = compositing
        let hudRenderer = overlay.makeCompanion()
        var images: [PixelImage] = []
        var disagreements: [String] = []
        func check(_ pass: String, _ frame: Int) {
            guard let shared else { return }
            disagreements += shared.disagreementsWithDriver().map { "frame \(frame) after \(pass): \($0)" }
        }
        var cube = CubeState()
        let labels = ["#102030", "#102030", "#4a8c21", "#4a8c21", "#4a8c21", "Zyx qvw", "Zyx qvw", "#fa6104"]
        for frame in 0..<frames {
            // No invalidation between frames, as in the session: the cache must stay true across them.
            target.bind(size: metrics.drawableSize)
            let label = labels[frame % labels.count]
            let list = panel(label: label, knobX: 40 + Double(labels.firstIndex(of: label)!) * 9)
            let generation = UInt64(labels.firstIndex(of: label)! + 1)
            overlay.prepare(list, generation: generation, damage: nil, metrics: metrics)
            check("prepare", frame)
            cube.angle += 0.2
            scene.render(cube.renderScene, viewport: metrics.drawableSize)
            check("scene", frame)
            overlay.render(list, generation: generation, metrics: metrics)
            check("overlay", frame)
            hudRenderer.render(hud("f \(frame)"), generation: UInt64(1000 + frame), damage: nil, metrics: metrics)
            check("hud", frame)
            images.append(FramebufferCapture.readBackBuffer(size: metrics.drawableSize))
        }
        return (images, disagreements)
    }

    func testTheSharedCacheAlwaysMatchesTheDriver() throws {
        try MainActor.assumeIsolated {
            let platform = try SDLPlatform(options: PlatformOptions(size: Self.metrics.drawableSize, headless: true, vsync: false))
            defer { platform.close() }
            for compositing in [OverlayCompositing.automatic, .cached, .direct] {
                let run = try Self.drawFrames(sharing: true, compositing: compositing, frames: 8)
                XCTAssertEqual(run.disagreements, [], "\(compositing)")
            }
        }
    }

    func testContractFramesEqualSaveAndRestoreFramesPixelForPixel() throws {
        try MainActor.assumeIsolated {
            let platform = try SDLPlatform(options: PlatformOptions(size: Self.metrics.drawableSize, headless: true, vsync: false))
            defer { platform.close() }
            for compositing in [OverlayCompositing.automatic, .cached] {
                let contract = try Self.drawFrames(sharing: true, compositing: compositing, frames: 8)
                let saved = try Self.drawFrames(sharing: false, compositing: compositing, frames: 8)
                for (frame, (a, b)) in zip(contract.images, saved.images).enumerated() {
                    let differing = stride(from: 0, to: a.rgba.count, by: 4).filter { a.rgba[$0..<$0 + 4] != b.rgba[$0..<$0 + 4] }.count
                    XCTAssertEqual(differing, 0, "\(compositing) frame \(frame): pixels differ between the contract and save-and-restore")
                }
                // The cube's edges stay anti-aliased after the overlay turned multisampling off in the frame before.
                let last = contract.images[contract.images.count - 1]
                var partial = 0
                for y in 60..<180 { for x in 100..<220 {
                    let p = last.pixel(x: x, y: y), q = last.pixel(x: x + 1, y: y), r = last.pixel(x: x + 2, y: y)
                    // A pixel strictly between its neighbours on a steep edge is an anti-aliased one.
                    if Int(p.r) + 20 < Int(q.r) && Int(q.r) + 20 < Int(r.r) { partial += 1 }
                } }
                XCTAssertGreaterThan(partial, 0, "\(compositing): the cube's edges in the last frame are anti-aliased")
            }
        }
    }

    /// A drag: the knob and the label change every frame, so they become hot and are drawn over the composite. The
    /// cache still matches the driver after every pass, and the frames equal those of a renderer that saves and
    /// restores.
    @MainActor
    private static func dragFrames(sharing: Bool) throws -> (images: [PixelImage], disagreements: [String], calls: Int, hot: Int) {
        glEnable(GLenum(GL_MULTISAMPLE))
        let target = RenderTarget(offscreen: true, samples: 4)
        let shared: GLStateCache? = sharing ? GLStateCache() : nil
        let scene = try GLSceneRenderer(sharedState: shared)
        let overlay = try GLOverlayRenderer(atlas: try GlyphAtlas(), sharedState: shared)
        var images: [PixelImage] = []
        var disagreements: [String] = []
        for frame in 0..<8 {
            target.bind(size: metrics.drawableSize)
            let list = panel(label: "#\(frame)0a0b0", knobX: 40 + Double(frame) * 7)
            let generation = UInt64(frame + 1)
            let damage = frame == 0 ? nil : DrawListDamage(baseGeneration: generation - 1, commandRanges: [2..<4])
            overlay.prepare(list, generation: generation, damage: damage, metrics: metrics)
            scene.render(CubeState().renderScene, viewport: metrics.drawableSize)
            overlay.render(list, generation: generation, damage: damage, metrics: metrics)
            disagreements += (shared?.disagreementsWithDriver() ?? []).map { "frame \(frame): \($0)" }
            images.append(FramebufferCapture.readBackBuffer(size: metrics.drawableSize))
        }
        return (images, disagreements, overlay.drawCallCount, overlay.hotCommandCount)
    }

    func testHotFramesKeepTheCacheTrueAndEqualSaveAndRestore() throws {
        try MainActor.assumeIsolated {
            let platform = try SDLPlatform(options: PlatformOptions(size: Self.metrics.drawableSize, headless: true, vsync: false))
            defer { platform.close() }
            let contract = try Self.dragFrames(sharing: true)
            let saved = try Self.dragFrames(sharing: false)
            XCTAssertEqual(contract.disagreements, [])
            XCTAssertGreaterThan(contract.hot, 0, "the knob and the label were drawn hot")
            XCTAssertEqual(contract.calls, 2, "the composite, then the hot commands")
            for (frame, (a, b)) in zip(contract.images, saved.images).enumerated() {
                XCTAssertEqual(a.rgba, b.rgba, "frame \(frame)")
            }
        }
    }

    func testAnOverlayFrameWithNothingChangedSetsFewStatesAndQueriesNone() throws {
        try MainActor.assumeIsolated {
            let platform = try SDLPlatform(options: PlatformOptions(size: Self.metrics.drawableSize, headless: true, vsync: false))
            defer { platform.close() }
            let shared = GLStateCache()
            let target = RenderTarget(offscreen: true)
            let scene = try GLSceneRenderer(sharedState: shared)
            let overlay = try GLOverlayRenderer(atlas: try GlyphAtlas(), sharedState: shared)
            let list = Self.panel(label: "#102030", knobX: 40)
            var issuedByOverlay: [Int] = []
            for _ in 0..<3 {
                target.bind(size: Self.metrics.drawableSize)
                overlay.prepare(list, generation: 1, damage: nil, metrics: Self.metrics)
                scene.render(CubeState().renderScene, viewport: Self.metrics.drawableSize)
                let before = shared.issued
                overlay.render(list, generation: 1, metrics: Self.metrics)
                issuedByOverlay.append(shared.issued - before)
            }
            // What the scene changed: blend on; culling and multisampling off; the vertex array and the program (one
            // cube leaves depth testing off: SceneDepthPixelTests). Blend equation and factors, viewport, scissor,
            // unit 0 and its texture are as the overlay left them the frame before (the cache is not forgotten
            // between frames).
            XCTAssertEqual(issuedByOverlay.last, 5, "state calls of an unchanged overlay frame: \(issuedByOverlay)")
        }
    }

    /// With one sample per pixel (`--msaa 1`), multisampling changes no pixel: neither pass touches it, an unchanged
    /// overlay frame sets one state fewer, and the frames are those of passes that toggle it.
    func testOnSingleSampleTargetsMultisamplingIsLeftAsItIs() throws {
        try MainActor.assumeIsolated {
            let platform = try SDLPlatform(options: PlatformOptions(size: Self.metrics.drawableSize, headless: true, vsync: false))
            defer { platform.close() }
            @MainActor func run(leavingMultisampling: Bool) throws -> (images: [PixelImage], issuedByOverlay: [Int], multisampling: Set<Bool>) {
                glEnable(GLenum(GL_MULTISAMPLE)) // a fresh context's default
                let shared = GLStateCache()
                shared.targetsHaveOneSample = leavingMultisampling
                let target = RenderTarget(offscreen: true, samples: 1)
                let scene = try GLSceneRenderer(sharedState: shared)
                let overlay = try GLOverlayRenderer(atlas: try GlyphAtlas(), sharedState: shared)
                var images: [PixelImage] = [], issued: [Int] = [], multisampling: Set<Bool> = []
                var cube = CubeState()
                for frame in 0..<4 {
                    target.bind(size: Self.metrics.drawableSize)
                    let list = Self.panel(label: "#102030", knobX: frame < 2 ? 40 : 60)
                    overlay.prepare(list, generation: frame < 2 ? 1 : 2, damage: nil, metrics: Self.metrics)
                    cube.angle += 0.3
                    scene.render(cube.renderScene, viewport: Self.metrics.drawableSize)
                    multisampling.insert(glIsEnabled(GLenum(GL_MULTISAMPLE)) != 0)
                    let before = shared.issued
                    overlay.render(list, generation: frame < 2 ? 1 : 2, metrics: Self.metrics)
                    issued.append(shared.issued - before)
                    multisampling.insert(glIsEnabled(GLenum(GL_MULTISAMPLE)) != 0)
                    XCTAssertEqual(shared.disagreementsWithDriver(), [], "frame \(frame)")
                    images.append(FramebufferCapture.readBackBuffer(size: Self.metrics.drawableSize))
                }
                return (images, issued, multisampling)
            }
            let left = try run(leavingMultisampling: true), toggled = try run(leavingMultisampling: false)
            XCTAssertEqual(left.multisampling, [true], "never turned off")
            XCTAssertEqual(toggled.multisampling, [true, false], "the overlay turns it off, the scene on again")
            // Frame 1 and frame 3 draw an unchanged list: blend on, culling off, vertex array, program (one cube
            // leaves depth testing off).
            XCTAssertEqual(left.issuedByOverlay[1], 4, "\(left.issuedByOverlay)")
            XCTAssertEqual(toggled.issuedByOverlay[1], 5, "\(toggled.issuedByOverlay)")
            for (frame, (a, b)) in zip(left.images, toggled.images).enumerated() {
                assertSamePixels(a, b, "frame \(frame): multisampling left on, against toggled, on one sample")
            }
        }
    }
}

final class GlyphAtlasMeasurementTests: XCTestCase {
    /// Text fields and labels remember widths keyed on `measurementVersion`: it must change with the scale.
    func testTheMeasurementVersionChangesWithTheScaleOnly() throws {
        try MainActor.assumeIsolated {
            let atlas = try GlyphAtlas()
            let start = atlas.measurementVersion
            atlas.scale = 1
            XCTAssertEqual(atlas.measurementVersion, start, "the same scale")
            atlas.scale = 2
            XCTAssertEqual(atlas.measurementVersion, start + 1)
            atlas.scale = 2
            XCTAssertEqual(atlas.measurementVersion, start + 1)
        }
    }
}
