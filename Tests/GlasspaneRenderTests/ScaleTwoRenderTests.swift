// Drawing at 2 pixels per point: the overlay lands at twice its point coordinates in the framebuffer.
import XCTest
import GlasspaneCore
import GlasspaneOverlay
import GlasspanePlatform
@testable import GlasspaneRender

final class ScaleTwoRenderTests: XCTestCase {
    func testPanelAtScaleTwoCoversTwiceItsPointRect() throws {
        try MainActor.assumeIsolated {
            let platform = try SDLPlatform(options: PlatformOptions(size: PixelSize(width: 640, height: 480), headless: true, vsync: false))
            defer { platform.close() }
            let metrics = WindowMetrics(windowSize: Size(width: 320, height: 240), drawableSize: PixelSize(width: 640, height: 480))
            let target = RenderTarget(offscreen: true)
            target.bind(size: metrics.drawableSize)
            let renderer = try GLOverlayRenderer(atlas: try GlyphAtlas())
            let panel = Rect(x: 40, y: 30, width: 100, height: 50)  // points
            renderer.render(DrawList(commands: [.rect(panel, color: Color(r: 1, g: 0, b: 0), cornerRadius: 0)]),
                            generation: 1, metrics: metrics)
            let image = FramebufferCapture.readBackBuffer(size: metrics.drawableSize)
            func isPanel(_ x: Int, _ y: Int) -> Bool { let p = image.pixel(x: x, y: y); return p.r > 200 && p.g < 40 }
            // Inside, near each pixel edge (80...279 x 60...159), and just outside it.
            for (x, y) in [(81, 61), (278, 61), (81, 158), (278, 158), (180, 110)] {
                XCTAssertTrue(isPanel(x, y), "pixel \(x),\(y) should be the panel")
            }
            for (x, y) in [(78, 110), (281, 110), (180, 58), (180, 161), (40, 30)] {
                XCTAssertFalse(isPanel(x, y), "pixel \(x),\(y) should be outside the panel")
            }
            // The scale-1 position is not where the panel's right half is at scale 2.
            XCTAssertTrue(isPanel(260, 150))
        }
    }
}
