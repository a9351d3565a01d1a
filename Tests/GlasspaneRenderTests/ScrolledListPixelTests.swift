// A scrolled list's frames (issue 29): the bench's 10,000-row list scrolled a wheel notch a frame, down then up, is
// drawn by its layer's renderer, which keeps its work from frame to frame (tessellations, partial updates, a cache),
// exactly as a fresh renderer draws the same draw list from nothing; and a scroll configures only the rows that enter.
import XCTest
import GlasspaneCore
import GlasspaneDemo
import GlasspaneDraw
import GlasspaneHost
import GlasspaneOverlay
import GlasspanePlatform
@testable import GlasspaneRender

final class ScrolledListPixelTests: XCTestCase {
    func testEveryScrolledFrameEqualsAFreshRenderersFrame() throws {
        try MainActor.assumeIsolated {
            let size = PixelSize(width: 640, height: 640)
            let platform = try SDLPlatform(options: PlatformOptions(size: size, headless: true, vsync: false))
            defer { platform.close() }
            let atlas = try GlyphAtlas()
            let (app, loop) = try headlessDemo(on: platform, atlas: atlas, content: DemoApp.Content(showsPanel: false, listRows: 10_000))
            let screen = try XCTUnwrap(app.listScreen)
            loop.runFrame()
            loop.runFrame()
            let renderer = try XCTUnwrap(app.stage.renderer(for: screen.layer) as? GLOverlayRenderer)
            let metrics = platform.metrics
            let programs = try GLOverlayRenderer(atlas: atlas)
            let over = screen.list.windowFrame.center
            var offsets: [Double] = []
            // Through the cache, then drawn directly: down 5 notches, up 5, and a still frame each.
            for mode in [OverlayCompositing.cached, .direct] {
                renderer.compositing = mode
                for step in 0..<11 {
                    let dy: Double = step < 5 ? -1 : step < 10 ? 1 : 0
                    if dy != 0 { loop.inject([.wheel(location: over, dx: 0, dy: dy)]) }
                    loop.runFrame()
                    offsets.append(screen.list.contentOffset.y)
                    let list = screen.layer.drawList
                    let drawn = clearedFrame(size: metrics.drawableSize) {
                        renderer.render(list, generation: screen.layer.contentVersion, metrics: metrics)
                    }
                    // A companion has its own vertices, batches and cache (nothing drawn yet) and shares the
                    // compiled shaders, which a renderer of its own would compile again every frame.
                    let fresh = try XCTUnwrap(programs.makeCompanion() as? GLOverlayRenderer)
                    fresh.compositing = mode
                    let expected = clearedFrame(size: metrics.drawableSize) { fresh.render(list, generation: 1, metrics: metrics) }
                    assertSamePixels(drawn, expected, "\(mode) frame \(step), offset \(screen.list.contentOffset.y)")
                }
            }
            let path: [Double] = [40, 80, 120, 160, 200, 160, 120, 80, 40, 0, 0]
            XCTAssertEqual(offsets, path + path, "a notch is 40 points")
        }
    }
}
