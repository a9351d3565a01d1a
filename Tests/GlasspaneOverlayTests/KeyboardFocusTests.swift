// Keyboard focus (issue 11): Tab order, activation keys, focus on appear, text input only for text fields, and
// input-method composition in a text field.
import XCTest
import GlasspaneCore
@testable import GlasspaneOverlay

final class KeyboardFocusTests: XCTestCase {
    private func shiftTab() -> InputEvent { .key(KeyEvent(key: .tab, modifiers: .shift)) }

    /// A panel: a text field on top, a slider, then two buttons side by side and a disabled one.
    private func makeForm() -> (Overlay, TextField, Slider, Button, Button, Button) {
        let overlay = Overlay(windowSize: Size(width: 800, height: 600))
        let ui = overlay.addLayer(name: "ui", level: LayerLevel.panel)
        let field = TextField(identifier: "form.name")
        let slider = Slider(identifier: "form.volume", value: 0.5)
        let ok = Button(identifier: "form.ok", title: "OK")
        let cancel = Button(identifier: "form.cancel", title: "Cancel")
        let off = Button(identifier: "form.off", title: "Off")
        off.isEnabled = false
        // Buttons are added right to left in the tree: reading order is by position, not insertion.
        let row = HStack(identifier: "form.row", spacing: 8, [off, cancel, ok])
        let column = VStack(identifier: "form.column", spacing: 8, [field, slider, row])
        ui.addSubview(column, at: Point(x: 20, y: 20))
        overlay.update()
        return (overlay, field, slider, ok, cancel, off)
    }

    func testTabVisitsFocusableViewsInReadingOrderAndShiftTabGoesBack() {
        let (overlay, field, slider, ok, cancel, _) = makeForm()
        XCTAssertEqual(overlay.focusOrder().map(\.identifier), ["form.name", "form.volume", "form.cancel", "form.ok"],
                       "disabled buttons are skipped; left before right")
        var visited: [String] = []
        for _ in 0..<5 {
            let d = overlay.route(key(.tab))
            XCTAssertEqual(d.reason, .focusMoved)
            overlay.route(key(.tab, down: false))
            visited.append(overlay.focusedView?.identifier ?? "none")
        }
        XCTAssertEqual(visited, ["form.name", "form.volume", "form.cancel", "form.ok", "form.name"])
        overlay.route(shiftTab())
        XCTAssertTrue(ok.isFocused)
        overlay.route(shiftTab())
        XCTAssertTrue(cancel.isFocused)
        overlay.route(shiftTab()); overlay.route(shiftTab())
        XCTAssertTrue(field.isFocused)
        XCTAssertFalse(slider.isFocused)
    }

    func testTabStaysInsideTheTopModal() {
        let (overlay, _, _, _, _, _) = makeForm()
        let sheet = overlay.addLayer(name: "sheet", level: LayerLevel.sheet, kind: .modal)
        let a = Button(identifier: "sheet.a", title: "A"), b = Button(identifier: "sheet.b", title: "B")
        sheet.addSubview(VStack(identifier: "sheet.column", [a, b]), at: Point(x: 300, y: 300))
        overlay.update()
        var visited: [String] = []
        for _ in 0..<3 { overlay.route(key(.tab)); visited.append(overlay.focusedView?.identifier ?? "none") }
        XCTAssertEqual(visited, ["sheet.a", "sheet.b", "sheet.a"])
    }

    func testEnterAndSpaceActivateAFocusedButtonAndAPressDoesNotFocusIt() {
        let (overlay, field, _, ok, _, off) = makeForm()
        var presses = 0
        ok.action = { presses += 1 }
        overlay.focus(ok)
        overlay.route(key(.enter)); overlay.route(key(.enter, down: false))
        overlay.route(key(.character(" "))); overlay.route(key(.character(" "), down: false))
        overlay.route(.key(KeyEvent(key: .enter, isRepeat: true)))
        XCTAssertEqual(presses, 2, "Enter and Space once each; a repeat does not press again")
        // A press on the button keeps focus in the text field (typing is not lost to a click).
        overlay.focus(field)
        let center = ok.windowFrame.center
        overlay.route(down(center.x, center.y)); overlay.route(up(center.x, center.y))
        XCTAssertEqual(presses, 3)
        XCTAssertFalse(ok.isFocused)
        // A disabled button neither acts nor takes keyboard focus.
        var offPresses = 0
        off.action = { offPresses += 1 }
        overlay.focus(off)
        XCTAssertFalse(off.isFocused)
        let c = off.windowFrame.center
        overlay.route(down(c.x, c.y)); overlay.route(up(c.x, c.y))
        XCTAssertEqual(offPresses, 0)
    }

    func testArrowKeysDriveAFocusedSlider() {
        let (overlay, _, slider, _, _, _) = makeForm()
        overlay.route(key(.tab)); overlay.route(key(.tab))
        XCTAssertTrue(slider.isFocused)
        overlay.route(key(.right)); overlay.route(key(.right)); overlay.route(key(.left))
        XCTAssertEqual(slider.value, 0.51, accuracy: 1e-9)
    }

    func testFocusRingIsDrawnAroundAFocusedButton() {
        let (overlay, _, _, ok, _, _) = makeForm()
        func ringCount() -> Int {
            overlay.update()
            let ring = ok.windowFrame.insetBy(-3)
            return overlay.layers[0].drawList.commands.filter {
                if case let .border(r, _, width, _) = $0 { return r == ring && width == 2 } else { return false }
            }.count
        }
        XCTAssertEqual(ringCount(), 0)
        overlay.focus(ok)
        XCTAssertEqual(ringCount(), 1)
        overlay.clearFocus()
        XCTAssertEqual(ringCount(), 0)
    }

    func testAViewThatFocusesOnAppearTakesFocusInTheFrameItAppearsAndTextInputFollows() {
        let (overlay, _, slider, _, _, _) = makeForm()
        let ui = overlay.layers[0]
        let typed = TextField(identifier: "form.typed")
        typed.focusesOnAppear = true
        typed.isHidden = true
        ui.addSubview(typed, at: Point(x: 400, y: 20))
        overlay.focus(slider)
        overlay.update()
        XCTAssertTrue(slider.isFocused, "hidden: it does not take focus")
        XCTAssertFalse(overlay.wantsTextInput)

        typed.isHidden = false
        overlay.update()
        XCTAssertTrue(typed.isFocused)
        XCTAssertTrue(overlay.wantsTextInput)
        overlay.update()
        overlay.focus(slider)
        overlay.update()
        XCTAssertTrue(slider.isFocused, "still shown: it appeared once, it does not steal focus back")
        XCTAssertFalse(overlay.wantsTextInput)

        typed.isHidden = true
        overlay.update()
        typed.isHidden = false
        overlay.update()
        XCTAssertTrue(typed.isFocused, "shown again: it appears again")
    }

    func testAViewInASheetFocusesWhenTheSheetIsShown() {
        let (overlay, _, _, _, _, _) = makeForm()
        let sheet = overlay.addLayer(name: "sheet", level: LayerLevel.sheet, visibility: .hidden, kind: .modal)
        let field = TextField(identifier: "sheet.field")
        field.focusesOnAppear = true
        sheet.addSubview(field, at: Point(x: 300, y: 300))
        overlay.update()
        XCTAssertNil(overlay.focusedView)
        sheet.visibility = .visible
        overlay.update()
        XCTAssertTrue(field.isFocused)
    }

    func testCompositionIsShownUnderlinedThenCommittedByText() {
        let (overlay, field, _, _, _, _) = makeForm()
        overlay.focus(field)
        overlay.route(.text("a"))
        let d = overlay.route(.composition(text: "ka", cursor: 2))
        XCTAssertEqual(d.summary, "ui/form.name")
        XCTAssertEqual(field.markedText, "ka")
        XCTAssertEqual(field.text, "a", "a composition is not text yet")
        overlay.update()
        let commands = overlay.layers[0].drawList.commands
        let glyphs = commands.compactMap { if case .glyphs(let run) = $0 { return run } else { return nil } }
        guard let marked = glyphs.first(where: { $0.text == "ka" }) else { return XCTFail("composition not drawn") }
        let lineHeight = overlay.fonts.measure(" ", fontSize: field.fontSize).height
        let underline = Rect(x: marked.origin.x, y: marked.origin.y + lineHeight - 2,
                             width: overlay.fonts.measure("ka", fontSize: field.fontSize).width, height: 1)
        XCTAssertTrue(commands.contains { if case let .rect(r, _, _) = $0 { return r == underline } else { return false } },
                      "an underline under the composition")

        overlay.route(.text("か"))
        XCTAssertEqual(field.text, "aか")
        XCTAssertEqual(field.markedText, "")
        overlay.update()
        XCTAssertFalse(overlay.layers[0].drawList.commands.contains {
            if case .glyphs(let run) = $0 { return run.text == "ka" } else { return false }
        })
        // An empty composition ends it without text; losing focus drops one in progress.
        overlay.route(.composition(text: "x", cursor: 1))
        overlay.route(.composition(text: "", cursor: 0))
        XCTAssertEqual(field.markedText, "")
        overlay.route(.composition(text: "y", cursor: 1))
        overlay.clearFocus()
        XCTAssertEqual(field.markedText, "")
    }

    func testCommitsOnFocusLossKeepsTypingWhenAButtonIsPressed() {
        let (overlay, field, _, ok, _, _) = makeForm()
        var committed: [String] = []
        field.commitsOnFocusLoss = true
        field.onCommit = { committed.append($0) }
        overlay.focus(field)
        overlay.route(.text("Ada"))
        let c = ok.windowFrame.center
        overlay.route(down(c.x, c.y)); overlay.route(up(c.x, c.y))
        XCTAssertEqual(field.text, "Ada")
        XCTAssertEqual(committed, ["Ada"])
    }
}
