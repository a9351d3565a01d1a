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
        XCTAssertTrue(keyboard.isClosing, "it slides down before its layer hides")
        for frame in 0...30 { overlay.advanceAnimations(to: 100 + Double(frame) / 60) }
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

    /// Brings the keyboard up for the field with the D-pad (button, then field) and lays out.
    private func bringUp(_ overlay: Overlay, _ field: TextField, _ keyboard: OnScreenKeyboard) {
        tap(overlay, .dpadDown); tap(overlay, .dpadDown)
        XCTAssertTrue(field.isFocused && keyboard.isShown)
        overlay.update()
    }

    func testTheAvoidanceSlidesOnTheFrameClockBothWays() throws {
        let (overlay, sheet, _, field, keyboard) = makeSheet()
        overlay.advanceAnimations(to: 10)
        bringUp(overlay, field, keyboard)
        let offset = keyboard.avoidanceOffset
        XCTAssertEqual(offset, 180, "field bottom 508 + margin 12 - keyboard top (600 - 248 - 12)")
        XCTAssertEqual(sheet.root.frame.minY, -offset, "the model moves at once: hit testing sees the field where it goes")
        XCTAssertEqual(sheet.root.presentationFrame.minY, 0, "what is drawn starts where it was")
        // Up: drawn positions between 0 and -offset, moving up every frame, then settled at -offset.
        var drawn: [Double] = []
        for frame in 1...60 {
            overlay.advanceAnimations(to: 10 + Double(frame) / 60)
            drawn.append(sheet.root.presentationFrame.minY)
        }
        XCTAssertGreaterThan(drawn[2], -offset); XCTAssertLessThan(drawn[2], 0, "mid-slide after three frames")
        XCTAssertTrue(zip(drawn, drawn.dropFirst()).allSatisfy { $1 <= $0 }, "it only moves up: \(drawn)")
        overlay.advanceAnimations(to: 13)
        XCTAssertEqual(sheet.root.presentationFrame.minY, -offset)
        XCTAssertFalse(sheet.root.isAnimating)

        // Down again when the keyboard closes: the same spring the other way.
        tap(overlay, .b)
        XCTAssertEqual(sheet.root.frame.minY, 0)
        XCTAssertEqual(sheet.root.presentationFrame.minY, -offset)
        overlay.advanceAnimations(to: 13 + 3.0 / 60)
        let mid = sheet.root.presentationFrame.minY
        XCTAssertGreaterThan(mid, -offset); XCTAssertLessThan(mid, 0)
        overlay.advanceAnimations(to: 16)
        XCTAssertEqual(sheet.root.presentationFrame.minY, 0)

        // With no animation it jumps, both ways.
        keyboard.animation = nil
        tap(overlay, .a)
        XCTAssertEqual(sheet.root.presentationFrame.minY, -offset)
        tap(overlay, .b)
        XCTAssertEqual(sheet.root.presentationFrame.minY, 0)
    }

    func testTheKeyboardSlidesDownWhenItClosesTakingNoClicksAndTurnsBackWhenReopened() throws {
        let (overlay, _, _, field, keyboard) = makeSheet()
        overlay.advanceAnimations(to: 10)
        bringUp(overlay, field, keyboard)
        overlay.advanceAnimations(to: 13)
        let drop = keyboard.height + OnScreenKeyboard.margin
        XCTAssertEqual(keyboard.panel.presentationTransform, .identity, "up and settled")
        let q = try XCTUnwrap(keyboard.keys.first { $0.identifier == "osk.key.q" }).windowFrame.center
        tap(overlay, .b)
        XCTAssertFalse(keyboard.isShown)
        XCTAssertTrue(keyboard.isClosing)
        XCTAssertEqual(keyboard.layer.visibility, .visible, "still drawn while it slides")
        XCTAssertEqual(keyboard.panel.presentationTransform, .identity, "what is drawn starts where it was")

        // A click where a key was drawn types nothing: the keys' model is already below the window.
        overlay.route(down(q.x, q.y)); overlay.route(up(q.x, q.y))
        XCTAssertEqual(field.text, "")
        XCTAssertFalse(keyboard.isShown)
        overlay.focus(field)   // the click on the sheet's empty part took focus away; the mouse gets no keyboard
        XCTAssertFalse(keyboard.isShown)

        // Down on the frame clock: strictly between at mid-slide, only moving down, then the layer hides.
        var drawn: [Double] = []
        var hiddenAt: Int?
        for frame in 1...30 {
            overlay.advanceAnimations(to: 13 + Double(frame) / 60)
            drawn.append(keyboard.panel.presentationTransform.translation.y)
            if hiddenAt == nil, keyboard.layer.visibility == .hidden { hiddenAt = frame }
        }
        XCTAssertGreaterThan(drawn[3], 0); XCTAssertLessThan(drawn[3], drop, "mid-slide after four frames: \(drawn)")
        XCTAssertTrue(zip(drawn.prefix(8), drawn.prefix(8).dropFirst()).allSatisfy { $1 >= $0 }, "it only moves down: \(drawn)")
        let hidden = try XCTUnwrap(hiddenAt, "the layer hides once the slide is over")
        XCTAssertGreaterThanOrEqual(hidden, 9, "not before the 0.15 s slide ends (frame \(hidden))")
        XCTAssertLessThanOrEqual(hidden, 11, "and at once after it (frame \(hidden))")
        XCTAssertFalse(keyboard.isClosing)
        XCTAssertEqual(keyboard.panel.transform, .identity, "ready to slide up again")

        // Reopened mid-close, it turns back up from where it is drawn instead of jumping to the bottom.
        tap(overlay, .a)
        XCTAssertTrue(keyboard.isShown)
        overlay.advanceAnimations(to: 16)
        tap(overlay, .b)
        overlay.advanceAnimations(to: 16 + 5.0 / 60)
        let midClose = keyboard.panel.presentationTransform.translation.y
        XCTAssertGreaterThan(midClose, 0); XCTAssertLessThan(midClose, drop)
        tap(overlay, .a)
        XCTAssertTrue(keyboard.isShown && !keyboard.isClosing)
        XCTAssertEqual(keyboard.panel.presentationTransform.translation.y, midClose, accuracy: 0.001)
        // The spring keeps the slide's downward speed for a moment, then turns; it never reaches the bottom.
        var lowest = midClose
        for frame in 6...120 {
            overlay.advanceAnimations(to: 16 + Double(frame) / 60)
            lowest = max(lowest, keyboard.panel.presentationTransform.translation.y)
        }
        XCTAssertLessThan(lowest, drop - 10, "turned back before leaving the window")
        XCTAssertEqual(keyboard.panel.presentationTransform, .identity)
        XCTAssertEqual(keyboard.layer.visibility, .visible)
        XCTAssertTrue(keyboard.panel.isUserInteractionEnabled, "its keys take clicks again")

        // With no closing animation it vanishes at once.
        keyboard.closingAnimation = nil
        tap(overlay, .b)
        XCTAssertEqual(keyboard.layer.visibility, .hidden)
        XCTAssertFalse(keyboard.isClosing)
    }

    func testAWindowResizeWhileShownKeepsTheFieldClear() throws {
        let (overlay, sheet, _, field, keyboard) = makeSheet()
        keyboard.animation = nil
        bringUp(overlay, field, keyboard)
        XCTAssertEqual(keyboard.avoidanceOffset, 180)
        overlay.windowSize = Size(width: 800, height: 500)   // shorter: the keyboard's top rises by 100
        overlay.update()
        XCTAssertEqual(keyboard.avoidanceOffset, 280)
        XCTAssertEqual(sheet.root.frame, Rect(x: 0, y: -280, width: 800, height: 500), "resized, and still moved up")
        XCTAssertEqual(field.windowFrame.maxY, keyboard.top - OnScreenKeyboard.margin)
        XCTAssertEqual(keyboard.panel.windowFrame.minY, keyboard.top, "the keyboard itself follows the window's bottom")
        overlay.windowSize = Size(width: 800, height: 900)   // taller: the field is clear without moving
        overlay.update()
        XCTAssertEqual(keyboard.avoidanceOffset, 0)
        XCTAssertEqual(sheet.root.frame.minY, 0)
        XCTAssertEqual(field.windowFrame.minY, 480)
        XCTAssertTrue(keyboard.isShown)
        overlay.windowSize = Size(width: 800, height: 600)
        overlay.update()
        XCTAssertEqual(keyboard.avoidanceOffset, 180, "moved up again when the window shrinks back")
        tap(overlay, .b)
        XCTAssertEqual(sheet.root.frame.minY, 0)
    }

    func testTheSymbolsPageTypesPunctuation() throws {
        let (overlay, _, _, field, keyboard) = makeSheet()
        keyboard.animation = nil
        bringUp(overlay, field, keyboard)
        XCTAssertNil(keyboard.keys.first { $0.identifier == "osk.sym.at" }, "letters first")
        try walk(overlay, keyboard, to: "osk.key.h"); tap(overlay, .a)
        try walk(overlay, keyboard, to: "osk.symbols"); tap(overlay, .a)
        XCTAssertTrue(keyboard.showsSymbols)
        XCTAssertEqual(keyboard.selectedKey?.identifier, "osk.symbols", "the page key stays selected")
        XCTAssertEqual(keyboard.selectedKey?.caption, "ABC")
        overlay.update()
        for id in ["osk.sym.exclamation", "osk.sym.at", "osk.sym.period", "osk.sym.comma", "osk.sym.question",
                   "osk.sym.apostrophe", "osk.sym.minus"] {
            try walk(overlay, keyboard, to: id); tap(overlay, .a)
        }
        XCTAssertEqual(field.text, "h!@.,?'-")
        XCTAssertTrue(keyboard.keys.allSatisfy { !$0.isHidden }, "only the shown page's keys are walked")
        XCTAssertTrue(keyboard.panel.subviews.filter { !$0.isHidden }.count == keyboard.keys.count)
        try walk(overlay, keyboard, to: "osk.symbols"); tap(overlay, .a)
        XCTAssertFalse(keyboard.showsSymbols)
        try walk(overlay, keyboard, to: "osk.key.k"); tap(overlay, .a)
        XCTAssertEqual(field.text, "h!@.,?'-k")
        // A new field opens on the letters page.
        try walk(overlay, keyboard, to: "osk.symbols"); tap(overlay, .a)
        tap(overlay, .b)
        tap(overlay, .a)
        XCTAssertFalse(keyboard.showsSymbols)
    }

    func testAClickOnAKeyTypesWithoutTakingFocusFromTheField() throws {
        let (overlay, _, _, field, keyboard) = makeSheet()
        keyboard.animation = nil
        bringUp(overlay, field, keyboard)
        func click(_ id: String) throws {
            let key = try XCTUnwrap(keyboard.keys.first { $0.identifier == id }, id)
            let c = key.windowFrame.center
            overlay.route(down(c.x, c.y)); overlay.route(up(c.x, c.y))
            overlay.update()
        }
        try click("osk.key.o"); try click("osk.key.k")
        XCTAssertEqual(field.text, "ok")
        XCTAssertTrue(field.isFocused, "the field keeps focus")
        XCTAssertTrue(keyboard.isShown)
        XCTAssertFalse(overlay.showsFocusRing, "the mouse was used last")
        try click("osk.symbols"); try click("osk.sym.exclamation"); try click("osk.backspace"); try click("osk.sym.question")
        XCTAssertEqual(field.text, "ok?")
        // A press on the panel between keys keeps focus too; one on the sheet outside the field takes it.
        let panel = keyboard.panel.windowFrame
        overlay.route(down(panel.minX + 4, panel.minY + 4)); overlay.route(up(panel.minX + 4, panel.minY + 4))
        XCTAssertTrue(field.isFocused && keyboard.isShown)
        overlay.route(down(20, 20)); overlay.route(up(20, 20))
        XCTAssertFalse(field.isFocused)
        XCTAssertFalse(keyboard.isShown)
    }
}
