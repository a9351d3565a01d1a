// The overlay's GL renderer against the real driver, headless: pixels read back from the frame.
import CGL
import XCTest
import GlasspaneCore
import GlasspaneDemo
import GlasspaneScene
import GlasspaneHost
import GlasspaneOverlay
import GlasspanePlatform
@testable import GlasspaneRender

final class OverlayRendererTests: XCTestCase {
    private static let metrics = WindowMetrics(windowSize: Size(width: 320, height: 240), drawableSize: PixelSize(width: 320, height: 240))

    private static var sampleList: DrawList {
        DrawList(commands: [
            .rect(Rect(x: 20, y: 20, width: 100, height: 80), color: Color(hex: "#3050c0")!, cornerRadius: 12),
            .glyphs(GlyphRun(text: "Hello", origin: Point(x: 20, y: 130), fontSize: 28, color: .white)),
            .pushClip(Rect(x: 200, y: 20, width: 40, height: 40)),
            .rect(Rect(x: 180, y: 0, width: 100, height: 100), color: Color(r: 1, g: 0, b: 0), cornerRadius: 0),
            .popClip,
            .circle(center: Point(x: 280, y: 200), radius: 20, color: Color(r: 0, g: 1, b: 0, a: 0.5)),
        ])
    }

    @MainActor
    private static func withHeadlessContext(_ body: (SDLPlatform) throws -> Void) throws {
        let platform = try SDLPlatform(options: PlatformOptions(size: PixelSize(width: 320, height: 240), headless: true, vsync: false))
        defer { platform.close() }
        try body(platform)
    }

    /// A headless context with an offscreen target of `metrics`' size bound, and a fresh overlay renderer.
    @MainActor
    private static func withOverlayRenderer(_ body: (GLOverlayRenderer) throws -> Void) throws {
        try withHeadlessContext { _ in
            let target = RenderTarget(offscreen: true)
            target.bind(size: metrics.drawableSize)
            // Kept alive until the body is done: its deinit deletes the framebuffer.
            try withExtendedLifetime(target) { try body(try GLOverlayRenderer(atlas: try GlyphAtlas())) }
        }
    }

    func testPanelTextClipAndBlendOverTheScene() throws {
        try MainActor.assumeIsolated {
            try Self.withHeadlessContext { _ in
                let target = RenderTarget(offscreen: true)
                target.bind(size: Self.metrics.drawableSize)
                let scene = try GLSceneRenderer()
                let overlay = try GLOverlayRenderer(atlas: try GlyphAtlas())
                scene.render(CubeState().renderScene, viewport: Self.metrics.drawableSize)
                overlay.render(Self.sampleList, generation: 1, metrics: Self.metrics)
                let image = FramebufferCapture.readBackBuffer(size: Self.metrics.drawableSize)

                let panel = image.pixel(x: 60, y: 60)
                XCTAssertEqual([Int(panel.r), Int(panel.g), Int(panel.b)], [0x30, 0x50, 0xc0], "inside the panel")
                let corner = image.pixel(x: 20, y: 20) // outside the 12 pt corner radius: the background shows
                XCTAssertLessThan(Int(corner.b), 0x60, "rounded corner should not be filled: \(corner)")
                let center = image.pixel(x: 160, y: 120)
                XCTAssertGreaterThan(Int(center.r), Int(center.b) + 30, "the cube still shows outside the panel: \(center)")

                var brightest = 0
                for y in 130..<165 { for x in 20..<100 { let p = image.pixel(x: x, y: y); brightest = max(brightest, Int(p.g)) } }
                XCTAssertGreaterThan(brightest, 200, "glyphs were drawn")

                XCTAssertEqual(image.pixel(x: 220, y: 40).r, 255, "inside the clip")
                XCTAssertLessThan(Int(image.pixel(x: 190, y: 40).r), 60, "outside the clip nothing is drawn")

                let blended = image.pixel(x: 280, y: 200) // 50% green over the background
                XCTAssertEqual(Double(blended.g), 0.5 * 255 + 0.5 * 0.10 * 255, accuracy: 3, "premultiplied blend: \(blended)")
                // Four batches into the cache (shapes, text, the clipped shape, the circle), plus one composite.
                XCTAssertLessThanOrEqual(overlay.drawCallCount, 5)
            }
        }
    }

    func testUnchangedListIsNotTessellatedAgainAndStateIsRestored() throws {
        try MainActor.assumeIsolated {
            try Self.withOverlayRenderer { overlay in
                glEnable(GLenum(GL_DEPTH_TEST))
                glDisable(GLenum(GL_BLEND))
                overlay.render(Self.sampleList, generation: 7, metrics: Self.metrics)
                overlay.render(Self.sampleList, generation: 7, metrics: Self.metrics)
                XCTAssertEqual(overlay.tessellationCount, 1)
                let rasterized = overlay.atlas.rasterizedCount
                overlay.render(Self.sampleList, generation: 8, metrics: Self.metrics)
                XCTAssertEqual(overlay.tessellationCount, 2)
                XCTAssertEqual(overlay.atlas.rasterizedCount, rasterized, "glyphs come from the atlas cache")
                XCTAssertEqual(glIsEnabled(GLenum(GL_DEPTH_TEST)), GLboolean(GL_TRUE), "depth test restored")
                XCTAssertEqual(glIsEnabled(GLenum(GL_BLEND)), GLboolean(GL_FALSE), "blend restored")
            }
        }
    }

    func testTextIsCrispAtScaleTwo() throws {
        try MainActor.assumeIsolated {
            try Self.withHeadlessContext { _ in
                let hiDPI = WindowMetrics(windowSize: Size(width: 160, height: 120), drawableSize: PixelSize(width: 320, height: 240))
                let target = RenderTarget(offscreen: true)
                target.bind(size: hiDPI.drawableSize)
                glClearColor(0, 0, 0, 1); glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
                let atlas = try GlyphAtlas()
                let overlay = try GLOverlayRenderer(atlas: atlas)
                overlay.render(DrawList(commands: [.glyphs(GlyphRun(text: "l", origin: Point(x: 10, y: 10), fontSize: 20, color: .white))]),
                               metrics: hiDPI)
                XCTAssertEqual(atlas.scale, 2)
                let image = FramebufferCapture.readBackBuffer(size: hiDPI.drawableSize)
                // The 'l' stem rasterized at 40 px is several fully covered pixels wide, not a blurred upscale.
                var fullRun = 0, best = 0
                for x in 15..<50 {
                    let v = image.pixel(x: x, y: 45).r
                    fullRun = v > 240 ? fullRun + 1 : 0
                    best = max(best, fullRun)
                }
                XCTAssertGreaterThanOrEqual(best, 3)
                // Measured in points whatever the scale: the 40 px rasterization measures as the 20 px one does, not
                // twice it (the advances are rounded in pixels, so within a point).
                let atScaleOne = try GlyphAtlas()
                let sharp = atlas.measure("Hello", fontSize: 20), plain = atScaleOne.measure("Hello", fontSize: 20)
                XCTAssertEqual(atScaleOne.scale, 1)
                XCTAssertEqual(sharp.width, plain.width, accuracy: 1, "width in points at scale 2: \(sharp) vs \(plain)")
                XCTAssertEqual(sharp.height, plain.height, accuracy: 1, "height in points at scale 2: \(sharp) vs \(plain)")
                XCTAssertGreaterThan(plain.width, 40, "five letters at 20 points")
            }
        }
    }

    func testCachedCompositingMatchesDirectDrawingPixelForPixel() throws {
        try MainActor.assumeIsolated {
            try Self.withHeadlessContext { _ in
                let target = RenderTarget(offscreen: true)
                target.bind(size: Self.metrics.drawableSize)
                let scene = try GLSceneRenderer()
                let overlay = try GLOverlayRenderer(atlas: try GlyphAtlas())
                var images: [OverlayCompositing: PixelImage] = [:]
                for mode in OverlayCompositing.allCases {
                    overlay.compositing = mode
                    scene.render(CubeState().renderScene, viewport: Self.metrics.drawableSize)
                    overlay.render(Self.sampleList, generation: 3, metrics: Self.metrics)
                    images[mode] = FramebufferCapture.readBackBuffer(size: Self.metrics.drawableSize)
                }
                let direct = try XCTUnwrap(images[.direct]), cached = try XCTUnwrap(images[.cached])
                XCTAssertEqual(images[.automatic], cached, "automatic composites a list that holds still")
                var maxDifference = 0
                for i in direct.rgba.indices {
                    let d = abs(Int(direct.rgba[i]) - Int(cached.rgba[i]))
                    maxDifference = max(maxDifference, d)
                }
                // Premultiplied blending into a transparent cache rounds once more than blending directly.
                XCTAssertLessThanOrEqual(maxDifference, 2)

                // An unchanged list composites the cache without redrawing it: one draw call.
                overlay.compositing = .cached
                let redraws = overlay.cacheRedrawCount
                overlay.render(Self.sampleList, generation: 3, metrics: Self.metrics)
                overlay.render(Self.sampleList, generation: 3, metrics: Self.metrics)
                XCTAssertEqual(overlay.cacheRedrawCount, redraws)
                XCTAssertEqual(overlay.drawCallCount, 1)
                overlay.render(Self.sampleList, generation: 4, metrics: Self.metrics)
                XCTAssertEqual(overlay.cacheRedrawCount, redraws + 1)
            }
        }
    }

    /// llvmpipe finishes every queued scene when a texture that a kept scene still renders into is bound for
    /// sampling, so the composite samples a copy of the cache that is never a render target; the copy stays current.
    func testTheCompositeSamplesACurrentCopyOfTheCacheNeverItsRenderTarget() throws {
        try MainActor.assumeIsolated {
            try Self.withOverlayRenderer { overlay in
                overlay.compositing = .cached
                func texels(_ texture: GLuint) -> [UInt8] {
                    var saved: GLint = 0
                    glGetIntegerv(GLenum(GL_TEXTURE_BINDING_2D), &saved)
                    defer { glBindTexture(GLenum(GL_TEXTURE_2D), GLuint(saved)) }
                    glBindTexture(GLenum(GL_TEXTURE_2D), texture)
                    var bytes = [UInt8](repeating: 0, count: Self.metrics.drawableSize.width * Self.metrics.drawableSize.height * 4)
                    glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
                    glGetTexImage(GLenum(GL_TEXTURE_2D), 0, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), &bytes)
                    return bytes
                }
                for (generation, knob) in [(1, 60.0), (2, 140.0)] {
                    var list = Self.sampleList
                    list.append(.circle(center: Point(x: knob, y: 200), radius: 10, color: .white))
                    overlay.render(list, generation: UInt64(generation), metrics: Self.metrics)
                    let (framebuffer, sampled) = overlay.cacheTextures
                    var previous: GLint = 0, attached: GLint = 0
                    glGetIntegerv(GLenum(GL_FRAMEBUFFER_BINDING), &previous)
                    glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
                    glGetFramebufferAttachmentParameteriv(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0),
                                                          GLenum(GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME), &attached)
                    glBindFramebuffer(GLenum(GL_FRAMEBUFFER), GLuint(previous))
                    XCTAssertNotEqual(GLuint(attached), 0)
                    XCTAssertNotEqual(GLuint(attached), sampled, "the composite never samples the cache's render target")
                    let rendered = texels(GLuint(attached)), copied = texels(sampled)
                    XCTAssertEqual(rendered, copied, "generation \(generation): the sampled copy equals the cache")
                    XCTAssertTrue(copied.contains { $0 != 0 }, "the copy holds the overlay")
                }
            }
        }
    }

    func testAutomaticCompositingDrawsDirectlyWhileTheListKeepsChanging() throws {
        try MainActor.assumeIsolated {
            try Self.withOverlayRenderer { overlay in
                XCTAssertEqual(overlay.compositing, .automatic)
                overlay.render(Self.sampleList, generation: 1, metrics: Self.metrics)
                XCTAssertEqual(overlay.cacheRedrawCount, 1, "a first change goes through the cache")
                for g in 2...10 { overlay.render(Self.sampleList, generation: UInt64(g), metrics: Self.metrics) }
                XCTAssertEqual(overlay.cacheRedrawCount, 1, "a list changing every frame is drawn directly")
                overlay.render(Self.sampleList, generation: 10, metrics: Self.metrics)
                XCTAssertEqual(overlay.cacheRedrawCount, 2, "once it holds still, the cache is rebuilt once")
                overlay.render(Self.sampleList, generation: 10, metrics: Self.metrics)
                XCTAssertEqual(overlay.cacheRedrawCount, 2)
                XCTAssertEqual(overlay.drawCallCount, 1)
            }
        }
    }

    func testARedisplayThatChangesNothingIsAStillFrameForAutomaticCompositing() throws {
        try MainActor.assumeIsolated {
            try Self.withOverlayRenderer { overlay in
                let everything = [0..<Self.sampleList.commands.count]
                overlay.render(Self.sampleList, generation: 1, metrics: Self.metrics)
                XCTAssertEqual(overlay.cacheRedrawCount, 1)
                // Every view displayed again each frame, drawing what it drew before (a hover that changes nothing).
                for g in 2...10 {
                    let damage = DrawListDamage(baseGeneration: UInt64(g - 1), commandRanges: everything)
                    overlay.prepare(Self.sampleList, generation: UInt64(g), damage: damage, metrics: Self.metrics)
                    overlay.render(Self.sampleList, generation: UInt64(g), damage: damage, metrics: Self.metrics)
                    XCTAssertTrue(overlay.drawsFromCache, "generation \(g): composited, as a still frame is")
                }
                XCTAssertEqual(overlay.partialUpdateCount, 9)
                XCTAssertEqual(overlay.reemittedCommandCount, 0, "every command was equal to the one drawn")
                XCTAssertEqual(overlay.cacheRedrawCount, 1, "nothing to redraw")
            }
        }
    }

    func testMissingFontIsAClearError() {
        XCTAssertThrowsError(try GlyphAtlas(fontPath: "/nope/missing.ttf")) { error in
            let e = error as? FontError
            XCTAssertEqual(e?.identifier, "font-open-failed")
            XCTAssertTrue(e?.description.contains("/nope/missing.ttf") ?? false)
        }
    }
}
