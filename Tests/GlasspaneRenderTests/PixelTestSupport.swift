// What the render tests share: the demo on a headless frame loop, a frame drawn over a fixed clear color and read
// back, and a pixel comparison that names the first difference instead of printing two images.
import CGL
import XCTest
import GlasspaneCore
import GlasspaneDraw
import GlasspaneDemo
import GlasspaneHost
import GlasspaneOverlay
import GlasspanePlatform
import GlasspaneRender

/// The demo app (GL scene, GL overlay on `atlas`) on a frame loop with 60 Hz frames drawing into the headless
/// framebuffer. `overlay` replaces the overlay renderer; `sharedState` gives both renderers one state cache.
@MainActor
func headlessDemo(on platform: SDLPlatform, atlas: GlyphAtlas, overlay: GLOverlayRenderer? = nil,
                  sharedState: GLStateCache? = nil, initial: CubeState = CubeState(),
                  content: DemoApp.Content = DemoApp.Content()) throws -> (app: DemoApp, loop: FrameLoop) {
    let app = DemoApp(sceneRenderer: try GLSceneRenderer(sharedState: sharedState),
                      overlayRenderer: try overlay ?? GLOverlayRenderer(atlas: atlas, sharedState: sharedState),
                      fonts: atlas, windowSize: platform.metrics.windowSize, initial: initial, content: content)
    let loop = FrameLoop(platform: platform, app: app, configuration: .init(fixedFrameDuration: 16_666_667))
    loop.surface = TestSurface()
    return (app, loop)
}

/// Runs `body` with a headless window of `size`, an offscreen target of that size bound, and a fresh glyph atlas.
@MainActor
func withHeadlessTarget(size: PixelSize, _ body: (GlyphAtlas) throws -> Void) throws {
    let platform = try SDLPlatform(options: PlatformOptions(size: size, headless: true, vsync: false))
    defer { platform.close() }
    let target = RenderTarget(offscreen: true)
    target.bind(size: size)
    // Kept alive until the body is done: its deinit deletes the framebuffer.
    try withExtendedLifetime(target) { try body(try GlyphAtlas()) }
}

/// Runs `body` on the main actor with a headless target of `width` x `height` pixels at scale 1 (as
/// `withHeadlessTarget`), its atlas and the window's metrics.
func withScaleOneTarget(width: Int, height: Int, _ body: @MainActor (GlyphAtlas, WindowMetrics) throws -> Void) throws {
    try MainActor.assumeIsolated {
        let size = PixelSize(width: width, height: height)
        let metrics = WindowMetrics(windowSize: Size(width: Double(width), height: Double(height)), drawableSize: size)
        try withHeadlessTarget(size: size) { atlas in try body(atlas, metrics) }
    }
}

/// Clears the bound framebuffer to a fixed color, draws with `body`, reads `size` pixels back.
@MainActor
func clearedFrame(size: PixelSize, _ body: () -> Void) -> PixelImage {
    glClearColor(0.2, 0.3, 0.4, 1)
    glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
    body()
    return FramebufferCapture.readBackBuffer(size: size)
}

/// Asserts two frames are identical (each channel within `tolerance`), naming the first differing pixel rather than
/// printing both images.
func assertSamePixels(_ a: PixelImage, _ b: PixelImage, tolerance: Int = 0, _ message: String, line: UInt = #line) {
    XCTAssertEqual(a.size, b.size, line: line)
    func differs(_ k: Int) -> Bool { abs(Int(a.rgba[k]) - Int(b.rgba[k])) > tolerance }
    guard let i = a.rgba.indices.first(where: differs) else { return }
    let differing = stride(from: 0, to: a.rgba.count, by: 4).filter { p in (p..<p + 4).contains(where: differs) }.count
    XCTFail("\(message): \(differing) pixels differ, first at x \(i / 4 % a.size.width), y \(i / 4 / a.size.width)", line: line)
}

/// The bench's 10,000-row list screen over a new overlay of `windowSize`, measured with `fonts`, laid out and painted
/// at time 0.
@MainActor
func openBenchList(windowSize: Size, fonts: GlyphAtlas) throws -> (overlay: Overlay, screen: ListScreen) {
    let overlay = Overlay(windowSize: windowSize)
    let screen = try ListScreen(overlay: overlay, rows: 10_000)
    screen.layer.fonts = fonts
    overlay.advanceAnimations(to: 0)
    overlay.update()
    return (overlay, screen)
}
