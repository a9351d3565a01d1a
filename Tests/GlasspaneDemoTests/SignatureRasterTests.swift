// The drawn signature as pixels for the toast (SignatureImport.rasterize): ink where the strokes went, transparent
// elsewhere, and strokes past the canvas's edges touch only what is inside.
import XCTest
import GlasspaneCore
import GlasspaneOverlay
@testable import GlasspaneDemo

final class SignatureRasterTests: XCTestCase {
    func testStrokesBecomeInkOnATransparentCanvas() {
        MainActor.assumeIsolated {
            let ink = Color(r: 0.2, g: 0.4, b: 0.8)
            let image = SignatureImport.rasterize(strokes: [[Point(x: 10, y: 20), Point(x: 90, y: 20)]], size: Size(width: 100, height: 40),
                                                  lineWidth: 4, color: ink)
            XCTAssertEqual(image.size, PixelSize(width: 100, height: 40))
            let on = image.pixel(x: 50, y: 20)
            XCTAssertEqual([on.r, on.g, on.b, on.a], [51, 102, 204, 255], "the stroke's middle is solid ink")
            XCTAssertEqual(image.pixel(x: 50, y: 30).a, 0, "8 points below: nothing")
            XCTAssertEqual(image.pixel(x: 5, y: 20).a, 0, "before the stroke's start")
            XCTAssertGreaterThan(image.pixel(x: 50, y: 21).a, 0, "within the line's half-width")
            // A stroke that leaves the canvas on every side: only the inside is inked, nothing traps.
            let wild = SignatureImport.rasterize(strokes: [[Point(x: -50, y: -50), Point(x: 150, y: 90)], [Point(x: 1e9, y: -1e9)], []],
                                                 size: Size(width: 100, height: 40), lineWidth: 3, color: ink)
            XCTAssertEqual(wild.rgba.count, 100 * 40 * 4)
            XCTAssertGreaterThan(stride(from: 3, to: wild.rgba.count, by: 4).filter { wild.rgba[$0] > 0 }.count, 100)
        }
    }
}
