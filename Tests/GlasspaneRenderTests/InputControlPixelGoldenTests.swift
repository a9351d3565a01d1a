// Real pixels of the value controls' states: sliders (normal, hovered, dragging, focused, disabled), text fields
// (placeholder, text, focused with the caret, a selection, disabled) and progress bars (two fractions, the
// indeterminate segment at two pinned phases), drawn by the GL overlay renderer offscreen in both themes at scale 1
// and 2 against Golden/input-controls-<theme>@<scale>x.png (re-record: GLASSPANE_RECORD_GOLDEN=1).
import XCTest
import GlasspaneCore
import GlasspaneOverlay
@testable import GlasspaneRender

final class InputControlPixelGoldenTests: XCTestCase {
    private static let points = Size(width: 400, height: 136)
    /// The frame clock when the frame is drawn: the indeterminate bars' phases are fixed by it.
    private static let time = 30.54

    /// Row one: sliders; row two: text fields; rows three and four: progress bars. The caret does not blink (it is
    /// drawn whenever the field is focused), so the focused fields are the same pixels in every run.
    @MainActor
    private static func build(_ frame: GoldenFrame) throws {
        // Sliders, hover and press in one overlay, focus in another (an overlay has one focused view).
        let (pointerOverlay, pointerLayer) = frame.addOverlay()
        let sliders = (0..<5).map { Slider(identifier: "slider\($0)", value: 0.5) }
        for (i, slider) in sliders.enumerated() {
            slider.frame = Rect(x: 14 + Double(i) * 76, y: 10, width: 64, height: 20)
            if i != 3 { pointerLayer.root.addSubview(slider) }
        }
        sliders[4].isEnabled = false
        pointerOverlay.update()
        _ = pointerOverlay.route(.pointerMove(PointerEvent(button: .none, location: sliders[1].windowFrame.center)))
        // A drag from the thumb to three quarters of the track (the press itself lands on the thumb: no jump).
        let held = sliders[2].windowFrame
        _ = pointerOverlay.route(.pointerDown(PointerEvent(location: held.center)))
        _ = pointerOverlay.route(.pointerMove(PointerEvent(location: Point(x: held.minX + 8 + 48 * 0.75, y: held.center.y))))
        let (focusOverlay, focusLayer) = frame.addOverlay()
        focusLayer.root.addSubview(sliders[3])
        focusOverlay.update()
        focusWithKeyboard(sliders[3], in: focusOverlay)
        XCTAssertTrue(sliders[1].isHovered)
        XCTAssertTrue(sliders[2].isDragging)
        XCTAssertEqual(sliders[2].value, 0.75, accuracy: 0.001, "the drag moved the thumb")
        XCTAssertTrue(sliders[3].drawsFocusRing)
        XCTAssertFalse(sliders[4].canBecomeFocused)

        // Text fields: the caret and the selection are drawn only while focused, so each has its own overlay.
        let fields = [TextField(identifier: "empty"), TextField(identifier: "text", text: "Ada"),
                      TextField(identifier: "caret", text: "Ada"), TextField(identifier: "selected", text: "Grace"),
                      TextField(identifier: "disabled", text: "Off")]
        fields[0].placeholder = "Name"
        fields[4].isEnabled = false
        for (i, field) in fields.enumerated() {
            field.frame = Rect(x: 10 + Double(i) * 77, y: 44, width: 72, height: 28)
            if i < 2 || i == 4 { pointerLayer.root.addSubview(field) }
        }
        for field in [fields[2], fields[3]] {
            let (overlay, layer) = frame.addOverlay()
            layer.root.addSubview(field)
            overlay.update()
            focusWithKeyboard(field, in: overlay)
        }
        fields[3].select(2..<5)
        XCTAssertTrue(fields[2].isFocused)
        XCTAssertEqual(fields[3].selectedText, "ace")
        XCTAssertFalse(fields[4].canBecomeFocused)

        // Progress: 30% and done; indeterminate at the clock's phase and at 0.9 (the segment clipped at the end).
        let bars = [ProgressView(identifier: "third", value: 0.3), ProgressView(identifier: "done", value: 4, total: 4),
                    ProgressView(identifier: "sweep"), ProgressView(identifier: "late")]
        bars[3].sweepPeriod = time / (25 + 0.9)
        for (i, bar) in bars.enumerated() {
            bar.frame = Rect(x: 12 + Double(i % 2) * 200, y: 92 + Double(i / 2) * 24, width: 176, height: ProgressView.barHeight)
            pointerLayer.root.addSubview(bar)
        }
    }

    func testSlidersTextFieldsAndProgressBarsInBothThemesAtScaleOneAndTwoMatchThePNGGoldens() throws {
        try MainActor.assumeIsolated {
            var bars: [ProgressView] = []
            let shots = try assertControlGoldens(prefix: "input-controls", points: Self.points, time: Self.time) { frame in
                try Self.build(frame)
                bars = frame.overlays.compactMap { $0.view(withIdentifier: "sweep") as? ProgressView }
                    + frame.overlays.compactMap { $0.view(withIdentifier: "late") as? ProgressView }
            }
            // The pinned phases the goldens show (the last frame's bars).
            XCTAssertEqual(bars.count, 2)
            XCTAssertEqual(bars[0].phase, 0.45, accuracy: 0.0001)
            XCTAssertEqual(bars[1].phase, 0.9, accuracy: 0.0001)
            XCTAssertEqual(shots.count, 4)
        }
    }
}
