// The inspector's view tree shows text views' lines and runs: a paragraph label laid out by fonts that shape (a fixed
// two-line paragraph here; the real engine's output is checked in GlasspaneTextTests) appears with each line's frame
// and each run's text, font file name, size, direction, script and glyph count.
import Foundation
import GlasspaneCore
import GlasspaneOverlay
@testable import GlasspaneInspector
import XCTest

/// Metrics that lay every paragraph out as the same two lines: a Hebrew run, then a Latin one.
private final class TwoLineParagraphs: ParagraphMetrics {
    func measure(_ text: String, fontSize: Double) -> Size { Size(width: Double(text.count) * fontSize * 0.6, height: fontSize * 1.25) }
    func layoutParagraph(_ text: String, style: ParagraphStyle, width: Double?) -> ShapedParagraph {
        func glyph(_ id: UInt32, _ cluster: Int, _ x: Double, font: String) -> PlacedGlyph {
            PlacedGlyph(fontPath: font, faceIndex: 0, id: id, cluster: cluster, x: x, y: 0, advance: 8)
        }
        let hebrew = ShapedTextRun(text: "שלום", fontPath: "/fonts/NotoSansHebrew-Regular.ttf", fontSize: style.fontSize, isRightToLeft: true,
                                   script: "Hebr", glyphs: (0..<4).map { glyph(UInt32(10 + $0), 3 - $0, Double($0) * 8, font: "/fonts/NotoSansHebrew-Regular.ttf") })
        let latin = ShapedTextRun(text: "world", fontPath: "/fonts/DejaVuSans.ttf", fontSize: style.fontSize, isRightToLeft: false,
                                  script: "Latn", glyphs: (0..<5).map { glyph(UInt32(70 + $0), 5 + $0, Double($0) * 8, font: "/fonts/DejaVuSans.ttf") })
        return ShapedParagraph(lines: [ShapedLine(origin: Point(x: 0, y: 0), size: Size(width: 32, height: 18), baseline: 14, runs: [hebrew]),
                                       ShapedLine(origin: Point(x: 0, y: 18), size: Size(width: 40, height: 18), baseline: 14, runs: [latin])],
                               size: Size(width: 40, height: 36), isTruncated: false, missingGlyphCount: 0)
    }
}

final class InspectorTextTreeTests: XCTestCase {
    func testTheTreeListsAParagraphLabelsLinesAndRuns() throws {
        let json = MainActor.assumeIsolated { () -> String in
            let overlay = Overlay(windowSize: Size(width: 300, height: 200), fonts: TwoLineParagraphs())
            let layer = overlay.addLayer(name: "ui", level: 0)
            let label = Label(identifier: "rules.p", text: "שלום world", fontSize: 14)
            label.paragraphStyle = ParagraphStyle()
            layer.addSubview(label, at: Point(x: 10, y: 20))
            layer.addSubview(Label(identifier: "plain", text: "no paragraph style"), at: Point(x: 10, y: 100))
            overlay.update()
            return InspectorObserver.treeJSON(overlay, frame: 3, metrics: WindowMetrics(windowSize: overlay.windowSize, drawableSize: PixelSize(width: 300, height: 200)))
        }
        let tree = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let views = try XCTUnwrap((tree["layers"] as? [[String: Any]])?.first?["views"] as? [[String: Any]])
        let paragraph = try XCTUnwrap(views.first { $0["id"] as? String == "rules.p" })
        let lines = try XCTUnwrap((paragraph["text"] as? [String: Any])?["lines"] as? [[String: Any]])
        XCTAssertEqual(lines.count, 2)
        XCTAssertEqual(lines[1]["frame"] as? [Double], [10, 38, 40, 18])
        let runs = lines.compactMap { ($0["runs"] as? [[String: Any]])?.first }
        XCTAssertEqual(runs.map { $0["text"] as? String }, ["שלום", "world"])
        XCTAssertEqual(runs.map { $0["font"] as? String }, ["NotoSansHebrew-Regular.ttf", "DejaVuSans.ttf"])
        XCTAssertEqual(runs.map { $0["direction"] as? String }, ["rtl", "ltr"])
        XCTAssertEqual(runs.map { $0["script"] as? String }, ["Hebr", "Latn"])
        XCTAssertEqual(runs.map { $0["glyphs"] as? Int }, [4, 5])
        XCTAssertEqual(runs.map { $0["size"] as? Double }, [14, 14])
        XCTAssertNil(views.first { $0["id"] as? String == "plain" }?["text"], "a one-line label has no text entry")
    }
}
