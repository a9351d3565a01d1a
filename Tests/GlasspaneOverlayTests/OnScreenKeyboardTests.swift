// The on-screen keyboard (docs/focus.md, "On-screen keyboard"): it comes up when a text field gets focus with a
// controller in hand, its keys are walked spatially, it types into the field through the field's text input, and
// the sheet holding the field moves up so the field stays clear of it, and back when it closes.
import XCTest
import GlasspaneCore
@testable import GlasspaneOverlay

private func pad(_ b: ControllerButton, _ phase: ControllerButtonEvent.Phase = .down) -> InputEvent {
    .controllerButton(ControllerButtonEvent(button: b, phase: phase))
}

final class OnScreenKeyboardTests: XCTestCase {
    /// A modal sheet with a button and, near the window's bottom, a text field.
    private func makeSheet() -> (Overlay, OverlayLayer, Button, TextField, OnScreenKeyboard) {
        let overlay = Overlay(windowSize: Size(width: 800, height: 600))
        let sheet = overlay.addLayer(name: "sheet", level: LayerLevel.sheet, kind: .modal)
        let button = Button(identifier: "sheet.ok", title: "OK")
        button.frame = Rect(x: 300, y: 400, width: 100, height: 30)
        let field = TextField(identifier: "sheet.field")
        field.frame = Rect(x: 250, y: 480, width: 300, height: 28)
        sheet.addSubview(button)
        sheet.addSubview(field)
        let keyboard = OnScreenKeyboard.install(in: overlay)
        overlay.update()
        return (overlay, sheet, button, field, keyboard)
    }

    private func tap(_ overlay: Overlay, _ b: ControllerButton) {
        overlay.route(pad(b)); overlay.route(pad(b, .up))
    }

    /// Moves the selection to the key `id` by D-pad presses, walking rows then columns.
    private func walk(_ overlay: Overlay, _ keyboard: OnScreenKeyboard, to id: String) throws {
        let target = try XCTUnwrap(keyboard.keys.first { $0.identifier == id })
        for _ in 0..<30 {
            guard let at = keyboard.selectedKey, at !== target else { return }
            let dy = target.frame.center.y - at.frame.center.y, dx = target.frame.center.x - at.frame.center.x
            if abs(dy) > 1 { tap(overlay, dy > 0 ? .dpadDown : .dpadUp) } else { tap(overlay, dx > 0 ? .dpadRight : .dpadLeft) }
        }
        XCTAssertTrue(keyboard.selectedKey === target, "could not reach \(id)")
    }

    func testAControllerFocusedFieldGetsTheKeyboardAndTypesThroughIt() throws {
        let (overlay, sheet, _, field, keyboard) = makeSheet()
        let fieldFrame = field.windowFrame
        tap(overlay, .dpadDown)   // the OK button
        XCTAssertFalse(keyboard.isShown)
        tap(overlay, .dpadDown)   // the field
        XCTAssertTrue(field.isFocused)
        XCTAssertTrue(keyboard.isShown, "focused with a controller: the keyboard comes up")
        overlay.update()
        XCTAssertEqual(keyboard.layer.visibility, .visible)

        // Keyboard avoidance: the sheet moved the field above the keyboard.
        XCTAssertLessThanOrEqual(field.windowFrame.maxY, keyboard.top - OnScreenKeyboard.margin)
        XCTAssertGreaterThan(keyboard.avoidanceOffset, 0, "the field was under the keyboard's place")
        XCTAssertEqual(sheet.root.frame.minY, -keyboard.avoidanceOffset)

        // Type "Hi" with the D-pad, Y (shift) and A.
        tap(overlay, .y)
        try walk(overlay, keyboard, to: "osk.key.h")
        tap(overlay, .a)
        try walk(overlay, keyboard, to: "osk.key.i")
        tap(overlay, .a)
        try walk(overlay, keyboard, to: "osk.space")
        tap(overlay, .a)
        XCTAssertEqual(field.text, "Hi ")
        XCTAssertTrue(field.isFocused, "the field keeps focus while the keyboard is up")
        tap(overlay, .x)
        XCTAssertEqual(field.text, "Hi", "X deletes")

        // B closes: the text stays, the sheet goes back.
        tap(overlay, .b)
        XCTAssertFalse(keyboard.isShown)
        overlay.update()
        XCTAssertEqual(field.windowFrame, fieldFrame)
        XCTAssertEqual(keyboard.layer.visibility, .hidden)
        XCTAssertEqual(field.text, "Hi")
        // A on the focused field opens it again; Enter applies the text and closes it.
        var committed: String? = nil
        field.onCommit = { committed = $0 }
        tap(overlay, .a)
        XCTAssertTrue(keyboard.isShown)
        try walk(overlay, keyboard, to: "osk.enter")
        tap(overlay, .a)
        XCTAssertEqual(committed, "Hi")
        XCTAssertFalse(keyboard.isShown)
    }

    func testTheStickWalksTheKeysAndAClickElsewhereClosesIt() throws {
        let (overlay, _, button, field, keyboard) = makeSheet()
        overlay.route(pad(.dpadUp)); overlay.route(pad(.dpadUp, .up))   // any press: the controller is in hand
        overlay.focus(field)
        XCTAssertTrue(keyboard.isShown)
        overlay.update()
        let first = try XCTUnwrap(keyboard.selectedKey)
        XCTAssertEqual(first.identifier, "osk.key.q", "the first letter is selected")
        overlay.route(.controllerAxis(ControllerAxisEvent(axis: .leftX, value: 0.9)))
        XCTAssertEqual(keyboard.selectedKey?.identifier, "osk.key.w", "the stick moves the selection, not focus")
        XCTAssertTrue(field.isFocused)
        overlay.route(.controllerAxis(ControllerAxisEvent(axis: .leftX, value: 0)))
        // The pointer: a click on the sheet's button moves focus away from the field, which closes the keyboard.
        let b = button.windowFrame
        overlay.route(down(b.center.x, b.center.y)); overlay.route(up(b.center.x, b.center.y))
        XCTAssertFalse(keyboard.isShown)
    }

    func testAFieldFocusedWithTheKeyboardOrMouseGetsNoOnScreenKeyboard() {
        let (overlay, _, _, field, keyboard) = makeSheet()
        overlay.route(key(.tab)); overlay.route(key(.tab))
        XCTAssertTrue(field.isFocused)
        XCTAssertFalse(keyboard.isShown)
        XCTAssertTrue(OnScreenKeyboard.install(in: overlay) === keyboard, "one per overlay")
    }
}
