// The picker's saturation/value square and hue bar, rendered by the real GL renderer headless and read back: every
// pixel must show the color that a click on it picks (the picker's own point-to-color mapping), within 1/255.
import CGL
import XCTest
import GlasspaneCore
import GlasspaneOverlay
import GlasspanePlatform
@testable import GlasspaneRender

final class PickerGradientPixelTests: XCTestCase {
    private static let windowSize = Size(width: 320, height: 240)

    @MainActor
    private static func withTarget(scale: Int, _ body: (WindowMetrics) throws -> Void) throws {
        let drawable = PixelSize(width: 320 * scale, height: 240 * scale)
        let platform = try SDLPlatform(options: PlatformOptions(size: drawable, headless: true, vsync: false))
        defer { platform.close() }
        let metrics = WindowMetrics(windowSize: windowSize, drawableSize: drawable)
        let target = RenderTarget(offscreen: true)
        target.bind(size: drawable)
        glClearColor(0, 0, 0, 1)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        try body(metrics)
    }

    /// The largest per-channel difference (in 1/255 steps) between each pixel of `rect` (window points; pixels
    /// within `skipCorner` points of a corner are left out: rounded, partly covered) and `expected(point)`,
    /// where `point` is the pixel's top-left corner in the rect's own points.
    private static func maxError(_ image: PixelImage, rect: Rect, scale: Double, skipCorner: Double,
                                 expected: (Point) -> Color) -> (error: Int, checked: Int) {
        var worst = 0, checked = 0
        let x0 = Int((rect.minX * scale).rounded()), x1 = Int((rect.maxX * scale).rounded())
        let y0 = Int((rect.minY * scale).rounded()), y1 = Int((rect.maxY * scale).rounded())
        for y in y0..<y1 {
            for x in x0..<x1 {
                let local = Point(x: Double(x) / scale - rect.minX, y: Double(y) / scale - rect.minY)
                let nearX = local.x < skipCorner || local.x > rect.width - skipCorner - 1
                let nearY = local.y < skipCorner || local.y > rect.height - skipCorner - 1
                if nearX && nearY { continue }
                let want = expected(local).rgba8
                let got = image.pixel(x: x, y: y)
                worst = max(worst, abs(Int(got.r) - Int(want.0)), abs(Int(got.g) - Int(want.1)), abs(Int(got.b) - Int(want.2)))
                checked += 1
            }
        }
        return (worst, checked)
    }

    func testEverySquareAndBarPixelShowsThePickedColorAtScaleOneAndTwo() throws {
        let square = Rect(x: 20, y: 20, width: 216, height: 134)
        let bar = Rect(x: 20, y: 170, width: 216, height: 16)
        let vertical = Rect(x: 260, y: 20, width: 16, height: 180)
        for scale in [1, 2] {
            for hue in [0.0, 0.07, 0.5, 0.83] {
                try MainActor.assumeIsolated {
                    try Self.withTarget(scale: scale) { metrics in
                        let renderer = try GLOverlayRenderer(atlas: try GlyphAtlas())
                        renderer.compositing = .direct
                        renderer.render(DrawList(commands: [
                            .saturationValueGradient(square, hue: hue, cornerRadius: 6),
                            .hueGradient(bar, axis: .horizontal, cornerRadius: 8),
                            .hueGradient(vertical, axis: .vertical, cornerRadius: 8),
                        ]), metrics: metrics)
                        let image = FramebufferCapture.readBackBuffer(size: metrics.drawableSize)
                        let s = Double(scale)
                        let sv = Self.maxError(image, rect: square, scale: s, skipCorner: 6) { p in
                            let m = ColorPicker.saturationValue(at: p, size: square.size)
                            return HSV(h: hue, s: m.s, v: m.v).rgb
                        }
                        XCTAssertLessThanOrEqual(sv.error, 1, "square, hue \(hue), scale \(scale): max error \(sv.error)/255")
                        XCTAssertGreaterThan(sv.checked, 20_000 * scale * scale)
                        let h = Self.maxError(image, rect: bar, scale: s, skipCorner: 8) { p in
                            Color(hue: ColorPicker.hue(atOffset: p.x, length: bar.width), saturation: 1, value: 1)
                        }
                        XCTAssertLessThanOrEqual(h.error, 1, "hue bar, scale \(scale): max error \(h.error)/255")
                        let v = Self.maxError(image, rect: vertical, scale: s, skipCorner: 8) { p in
                            Color(hue: ColorPicker.hue(atOffset: p.y, length: vertical.height), saturation: 1, value: 1)
                        }
                        print("picker gradients, scale \(scale), hue \(hue): max error square \(sv.error)/255 over \(sv.checked) px, bar \(h.error)/255, vertical bar \(v.error)/255")
                        XCTAssertLessThanOrEqual(v.error, 1, "vertical hue bar, scale \(scale): max error \(v.error)/255")
                    }
                }
            }
        }
    }

    /// The real picker, drawn through the product's default (cached) compositing, then clicked at a grid of points:
    /// the color each click picks matches the pixel drawn there before the click.
    func testClickingThePickerPicksTheColorShownUnderThePointer() throws {
        for scale in [1, 2] {
            try MainActor.assumeIsolated {
                try Self.withTarget(scale: scale) { metrics in
                    let overlay = Overlay(windowSize: Self.windowSize)
                    let layer = overlay.addLayer(name: "ui", level: 0)
                    let picker = ColorPicker(color: Color(hex: "#f3a712")!)
                    layer.addSubview(picker, at: Point(x: 20, y: 20))
                    overlay.update()
                    let renderer = try GLOverlayRenderer(atlas: try GlyphAtlas())
                    renderer.render(layer.drawList, generation: 1, metrics: metrics)
                    let image = FramebufferCapture.readBackBuffer(size: metrics.drawableSize)
                    let square = picker.saturationValue.windowFrame, bar = picker.hueBar.windowFrame
                    let ring = Point(x: square.minX + picker.hsv.s * (square.width - 1), y: square.minY + (1 - picker.hsv.v) * (square.height - 1))
                    let hueBefore = picker.hsv.h
                    var worst = 0, clicks = 0
                    func compare(at p: Point) {
                        let shown = image.pixel(x: Int(p.x) * scale, y: Int(p.y) * scale)
                        let picked = picker.color.rgba8
                        worst = max(worst, abs(Int(shown.r) - Int(picked.0)), abs(Int(shown.g) - Int(picked.1)), abs(Int(shown.b) - Int(picked.2)))
                        clicks += 1
                    }
                    for y in stride(from: square.minY + 6, to: square.maxY - 6, by: 7) {
                        for x in stride(from: square.minX + 6, to: square.maxX - 6, by: 9) {
                            let p = Point(x: x, y: y)
                            if abs(p.x - ring.x) < 12 && abs(p.y - ring.y) < 12 { continue } // the selection ring
                            overlay.route(.pointerDown(PointerEvent(location: p)))
                            overlay.route(.pointerUp(PointerEvent(location: p)))
                            XCTAssertEqual(picker.hsv.h, hueBefore, "a click in the square keeps the hue")
                            compare(at: p)
                        }
                    }
                    let markerX = bar.minX + hueBefore * (bar.width - 1)
                    for x in stride(from: bar.minX + 8, to: bar.maxX - 8, by: 3) where abs(x - markerX) > 7 {
                        let p = Point(x: x, y: (bar.minY + bar.height / 2).rounded(.down))
                        overlay.route(.pointerDown(PointerEvent(location: p)))
                        overlay.route(.pointerUp(PointerEvent(location: p)))
                        let shown = image.pixel(x: Int(p.x) * scale, y: Int(p.y) * scale)
                        let picked = Color(hue: picker.hsv.h, saturation: 1, value: 1).rgba8
                        worst = max(worst, abs(Int(shown.r) - Int(picked.0)), abs(Int(shown.g) - Int(picked.1)), abs(Int(shown.b) - Int(picked.2)))
                        clicks += 1
                    }
                    print("picker clicks, scale \(scale): shown vs picked max error \(worst)/255 over \(clicks) clicks")
                    XCTAssertGreaterThan(clicks, 300)
                    XCTAssertLessThanOrEqual(worst, 1, "scale \(scale): shown vs picked max error \(worst)/255 over \(clicks) clicks")
                }
            }
        }
    }
}
