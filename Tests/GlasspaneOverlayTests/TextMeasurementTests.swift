// Cached text measurements (the text field's widths, the label's size): taken once per text, font size and metrics,
// and following every change of them (a new text, a new font size, other metrics, metrics whose scale changed).
import XCTest
import GlasspaneCore
@testable import GlasspaneOverlay

/// Monospace metrics whose character width can change in place (as a glyph atlas's does with its scale), counting
/// the texts it measures.
private final class ScalableMetrics: FontMetrics {
    /// Character width in units of `0.6 x size`.
    var widthFactor = 1.0
    /// Bumped by the test when `widthFactor` changes, as `FontMetrics.measurementVersion` asks.
    var version: UInt64 = 0
    /// Every text measured, in order.
    var measured: [String] = []
    var measurementVersion: UInt64 { version }
    func measure(_ text: String, fontSize: Double) -> Size {
        measured.append(text)
        return Size(width: Double(text.count) * fontSize * 0.6 * widthFactor, height: (fontSize * 1.25).rounded(.up))
    }
}

final class TextFieldMeasurementTests: XCTestCase {
    private func makeField(_ text: String, metrics: ScalableMetrics) -> (Overlay, OverlayLayer, TextField) {
        let overlay = Overlay(windowSize: Size(width: 400, height: 100), fonts: metrics)
        let layer = overlay.addLayer(name: "ui", level: 0)
        let field = TextField(identifier: "field", text: text)
        field.fontSize = 10
        field.preferredWidth = 300
        layer.addSubview(field, at: Point(x: 0, y: 0))
        overlay.focus(field)
        overlay.update()
        return (overlay, layer, field)
    }

    /// The x of the caret drawn in the layer's list (the focused field's 1.5-point-wide rectangle).
    private func caretX(_ layer: OverlayLayer) -> Double? {
        layer.drawList.commands.compactMap { command -> Double? in
            if case let .rect(r, _, _) = command, r.width == 1.5 { return r.minX }
            return nil
        }.last
    }

    func testTheCaretFollowsATextChange() {
        let metrics = ScalableMetrics()
        let (overlay, layer, field) = makeField("hello", metrics: metrics)
        XCTAssertEqual(caretX(layer), 8 + 5 * 6) // 8 points of padding, 6 per character at size 10
        field.setText("hello world")
        overlay.update()
        XCTAssertEqual(caretX(layer), 8 + 11 * 6)
        field.setText("hi")
        overlay.update()
        XCTAssertEqual(caretX(layer), 8 + 2 * 6)
    }

    func testTheCaretFollowsAFontSizeChange() {
        let metrics = ScalableMetrics()
        let (overlay, layer, field) = makeField("hello", metrics: metrics)
        field.fontSize = 20
        overlay.update()
        XCTAssertEqual(caretX(layer), 8 + 5 * 12)
    }

    func testTheCaretFollowsMetricsWhoseScaleChangedInPlace() {
        let metrics = ScalableMetrics()
        let (overlay, layer, field) = makeField("hello", metrics: metrics)
        metrics.widthFactor = 2
        metrics.version += 1
        field.setNeedsDisplay()
        overlay.update()
        XCTAssertEqual(caretX(layer), 8 + 5 * 12)
        // Pointer positions map through the new widths too: 8 + 2 characters x 12 points is between "he" and "llo".
        overlay.route(down(8 + 24 + 1, 10)); overlay.route(up(8 + 24 + 1, 10))
        XCTAssertEqual(field.caret, 2)
    }

    func testTheCaretFollowsOtherMetrics() {
        let metrics = ScalableMetrics()
        let (overlay, layer, _) = makeField("hello", metrics: metrics)
        let wider = ScalableMetrics()
        wider.widthFactor = 0.5
        layer.fonts = wider
        overlay.update()
        XCTAssertEqual(caretX(layer), (8 + 5 * 3.0).rounded())
    }

    func testAnUnchangedTextIsMeasuredOnceAcrossRepaints() {
        let metrics = ScalableMetrics()
        let (overlay, _, field) = makeField("hello", metrics: metrics)
        metrics.measured.removeAll()
        // Moving the caret repaints the field; its widths and line height are already known.
        overlay.route(key(.left)); overlay.update()
        overlay.route(key(.left)); overlay.update()
        XCTAssertEqual(field.caret, 3)
        XCTAssertEqual(metrics.measured, ["hell", "hel"])
        // A new text is measured again, once, whatever the repaint asks of it.
        field.setText("abc")
        overlay.update()
        XCTAssertEqual(metrics.measured, ["hell", "hel", "abc"])
    }
}

final class LabelMeasurementTests: XCTestCase {
    private func makeLabel(_ text: String, metrics: ScalableMetrics) -> (Overlay, OverlayLayer, Label) {
        let overlay = Overlay(windowSize: Size(width: 400, height: 100), fonts: metrics)
        let layer = overlay.addLayer(name: "ui", level: 0)
        // Fixed size, text at the right edge: where the run starts shows the width it was measured with.
        let label = Label(identifier: "label", text: text, fontSize: 10, alignment: .trailing)
        label.frame = Rect(x: 0, y: 0, width: 200, height: 20)
        layer.addSubview(label)
        overlay.update()
        return (overlay, layer, label)
    }

    private func runX(_ layer: OverlayLayer) -> Double? {
        layer.drawList.commands.compactMap { command -> Double? in
            if case let .glyphs(run) = command { return run.origin.x }
            return nil
        }.first
    }

    func testTheRunFollowsTextFontSizeAndScale() {
        let metrics = ScalableMetrics()
        let (overlay, layer, label) = makeLabel("hello", metrics: metrics)
        XCTAssertEqual(runX(layer), 200 - 5 * 6)
        label.text = "hallo" // same size: repainted without layout
        overlay.update()
        XCTAssertEqual(runX(layer), 200 - 5 * 6)
        label.text = "hi"
        overlay.update()
        XCTAssertEqual(runX(layer), 200 - 2 * 6)
        label.fontSize = 20
        overlay.update()
        XCTAssertEqual(runX(layer), 200 - 2 * 12)
        metrics.widthFactor = 2
        metrics.version += 1
        label.setNeedsDisplay()
        overlay.update()
        XCTAssertEqual(runX(layer), 200 - 2 * 24)
        let other = ScalableMetrics()
        layer.fonts = other
        overlay.update()
        XCTAssertEqual(runX(layer), 200 - 2 * 12)
    }

    /// A label with both preferred lengths (a table's cell) cannot change size with its text: a new text repaints it,
    /// and nothing is laid out again, the stack it is in included.
    func testAFixedSizeLabelsNewTextOnlyRepaints() {
        let metrics = ScalableMetrics()
        let overlay = Overlay(windowSize: Size(width: 400, height: 100), fonts: metrics)
        let layer = overlay.addLayer(name: "ui", level: 0)
        let label = Label(identifier: "cell", text: "7", fontSize: 10)
        label.preferredWidth = 120
        label.preferredHeight = 16
        let stack = VStack(identifier: "column", spacing: 0, [label, Label(identifier: "other", text: "x", fontSize: 10)])
        layer.addSubview(stack, at: Point(x: 0, y: 0))
        overlay.update()
        let laidOut = layer.stats.viewsLaidOut
        metrics.measured.removeAll()
        label.text = "a much longer text"
        overlay.update()
        XCTAssertEqual(layer.stats.viewsLaidOut, laidOut, "nothing laid out again")
        XCTAssertEqual(label.frame.size, Size(width: 120, height: 16))
        let runs = layer.drawList.commands.compactMap { command -> String? in
            if case let .glyphs(run) = command { return run.text }
            return nil
        }
        XCTAssertEqual(runs.first, "a much longer text", "repainted")
        XCTAssertFalse(metrics.measured.contains("7"), "the old text is not measured for a comparison")
        // Only one length fixed: the text's size matters, and the stack lays out again.
        label.preferredHeight = nil
        overlay.update()
        let before = layer.stats.viewsLaidOut
        label.text = "short"
        overlay.update()
        XCTAssertGreaterThan(layer.stats.viewsLaidOut, before)
    }

    func testATextChangeMeasuresTheNewTextOnce() {
        let metrics = ScalableMetrics()
        let (overlay, _, label) = makeLabel("spinning · #112233", metrics: metrics)
        metrics.measured.removeAll()
        label.text = "spinning · #445566"
        overlay.update()
        // The old text's size is remembered; the new one is measured for the comparison and reused by the paint.
        XCTAssertEqual(metrics.measured, ["spinning · #445566"])
    }
}
