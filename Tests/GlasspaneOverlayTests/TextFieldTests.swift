// The text field: table-driven key, text, pointer and clipboard sequences, UTF-8 (graphemes, emoji), limits,
// filtering, validation, Enter and Escape.
import XCTest
import GlasspaneCore
@testable import GlasspaneOverlay

final class TextFieldTests: XCTestCase {
    private enum Step {
        case type(String)
        case key(Key, KeyModifiers = [])
        case click(Int, clicks: Int = 1, shift: Bool = false) // at a character boundary (monospace metrics)
        case drag(from: Int, to: Int)
    }

    private struct Case {
        let name: String
        var initial = "hello"
        var maxLength = 64
        var selectsAllOnFocus = false
        var clipboard: String? = nil
        let steps: [Step]
        let text: String
        let selection: Range<Int>
        var clipboardAfter: String?? = .none
    }

    private static let fontSize = 10.0 // monospace metrics: each character 6 points wide, text starts 8 points in

    private func run(_ c: Case) -> (TextField, InMemoryClipboard) {
        let overlay = Overlay(windowSize: Size(width: 400, height: 100))
        let clipboard = InMemoryClipboard(text: c.clipboard)
        overlay.clipboard = clipboard
        let layer = overlay.addLayer(name: "ui", level: 0)
        let field = TextField(identifier: "field", text: c.initial)
        field.fontSize = Self.fontSize
        field.maxLength = c.maxLength
        field.selectsAllOnFocus = c.selectsAllOnFocus
        field.preferredWidth = 300
        layer.addSubview(field, at: Point(x: 0, y: 0))
        overlay.update()
        func x(_ i: Int) -> Double { 8 + Double(i) * 6 * Self.fontSize / 10 + 1 }
        overlay.focus(field)
        for step in c.steps {
            switch step {
            case .type(let t): overlay.route(.text(t))
            case .key(let k, let m): overlay.route(.key(KeyEvent(key: k, modifiers: m)))
            case .click(let i, let clicks, let shift):
                let p = PointerEvent(location: Point(x: x(i), y: 10), modifiers: shift ? [.shift] : [], clickCount: clicks)
                overlay.route(.pointerDown(p)); overlay.route(.pointerUp(p))
            case .drag(let a, let b):
                overlay.route(.pointerDown(PointerEvent(location: Point(x: x(a), y: 10))))
                overlay.route(.pointerMove(PointerEvent(location: Point(x: x(b), y: 10))))
                overlay.route(.pointerUp(PointerEvent(location: Point(x: x(b), y: 10))))
            }
            overlay.update()
        }
        return (field, clipboard)
    }

    private static let cases: [Case] = [
        Case(name: "typing appends at the caret (end on focus)", steps: [.type(" world")], text: "hello world", selection: 11..<11),
        Case(name: "left, home, end move the caret", steps: [.key(.left), .key(.left), .type("X"), .key(.home), .type("<"), .key(.end), .type(">")],
             text: "<helXlo>", selection: 8..<8),
        Case(name: "caret stops at both ends", steps: [.key(.right), .key(.home), .key(.left), .type("A")], text: "Ahello", selection: 1..<1),
        Case(name: "shift+left selects, typing replaces", steps: [.key(.left, .shift), .key(.left, .shift), .type("p!")], text: "help!", selection: 5..<5),
        Case(name: "shift+home selects to the start", steps: [.key(.left), .key(.home, .shift)], text: "hello", selection: 0..<4),
        Case(name: "left collapses a selection to its start", steps: [.key(.home, .shift), .key(.left), .type("_")], text: "_hello", selection: 1..<1),
        Case(name: "right collapses a selection to its end", steps: [.key(.home), .key(.end, .shift), .key(.right), .type("_")], text: "hello_", selection: 6..<6),
        Case(name: "backspace deletes one character or the selection",
             steps: [.key(.backspace), .key(.left, .shift), .key(.left, .shift), .key(.backspace)], text: "he", selection: 2..<2),
        Case(name: "delete removes forward", steps: [.key(.home), .key(.delete), .key(.delete)], text: "llo", selection: 0..<0),
        Case(name: "delete at the end does nothing", steps: [.key(.delete)], text: "hello", selection: 5..<5),
        Case(name: "ctrl+a then typing replaces everything", steps: [.key(.character("a"), .control), .type("ff8800")], text: "ff8800", selection: 6..<6),
        Case(name: "ctrl+c copies the selection", steps: [.key(.home), .key(.right, .shift), .key(.right, .shift), .key(.character("c"), .control)],
             text: "hello", selection: 0..<2, clipboardAfter: .some("he")),
        Case(name: "ctrl+x cuts", steps: [.key(.character("a"), .control), .key(.character("x"), .control)], text: "", selection: 0..<0,
             clipboardAfter: .some("hello")),
        Case(name: "ctrl+v pastes over the selection, control characters dropped", clipboard: "new\n\tline\u{7}",
             steps: [.key(.character("a"), .control), .key(.character("v"), .control)], text: "newline", selection: 7..<7),
        Case(name: "ctrl+c with nothing selected leaves the clipboard", clipboard: "keep", steps: [.key(.character("c"), .control)],
             text: "hello", selection: 5..<5, clipboardAfter: .some("keep")),
        Case(name: "control characters are filtered from typing", steps: [.type("\u{1b}a\rb\u{7f}")], text: "helloab", selection: 7..<7),
        Case(name: "multi-byte text: the caret moves by character", initial: "héllo",
             steps: [.key(.home), .key(.right), .key(.right), .key(.backspace)], text: "hllo", selection: 1..<1),
        Case(name: "an emoji with a skin tone and a ZWJ family are one character each", initial: "a👍🏽b👨‍👩‍👧c",
             steps: [.key(.left), .key(.backspace), .key(.left), .key(.left), .key(.delete)], text: "abc", selection: 1..<1),
        Case(name: "shift+left selects a whole flag", initial: "x🇫🇷", steps: [.key(.left, .shift), .key(.character("x"), .control)],
             text: "x", selection: 1..<1, clipboardAfter: .some("🇫🇷")),
        Case(name: "a combining mark joins the character before it", initial: "e", steps: [.type("\u{301}"), .key(.left), .type("x")],
             text: "xé", selection: 1..<1),
        Case(name: "max length counts characters, not bytes", initial: "", maxLength: 3, steps: [.type("😀😀😀😀")], text: "😀😀😀", selection: 3..<3),
        Case(name: "max length cuts a paste into a selection", initial: "abcd", maxLength: 5, clipboard: "123456",
             steps: [.key(.left, .shift), .key(.character("v"), .control)], text: "abc12", selection: 5..<5),
        Case(name: "a click places the caret", steps: [.click(2), .type("_")], text: "he_llo", selection: 3..<3),
        Case(name: "shift+click extends from the caret", steps: [.click(1), .click(4, shift: true)], text: "hello", selection: 1..<4),
        Case(name: "a drag selects", steps: [.drag(from: 4, to: 1)], text: "hello", selection: 1..<4),
        Case(name: "a double click selects all", steps: [.click(2), .click(2, clicks: 2), .type("x")], text: "x", selection: 1..<1),
    ]

    func testKeySelectionAndClipboardSequences() {
        for c in Self.cases {
            let (field, clipboard) = run(c)
            XCTAssertEqual(field.text, c.text, c.name)
            XCTAssertEqual(field.selection, c.selection, c.name)
            if case .some(let expected) = c.clipboardAfter { XCTAssertEqual(clipboard.text, expected, c.name) }
        }
    }

    /// A focused field holding `initial`, limited to `maxLength` characters, with `clipboard` to paste.
    private func focusedField(maxLength: Int, initial: String = "", clipboard: String? = nil) -> (Overlay, TextField) {
        let overlay = Overlay(windowSize: Size(width: 400, height: 100))
        overlay.clipboard = InMemoryClipboard(text: clipboard)
        let layer = overlay.addLayer(name: "ui", level: 0)
        let field = TextField(identifier: "field", text: initial)
        field.maxLength = maxLength
        layer.addSubview(field, at: .zero)
        overlay.update()
        overlay.focus(field)
        return (overlay, field)
    }

    func testCombiningMarksStopAtTheScalarLimitThoughTheCharacterCountNeverGrows() {
        let (overlay, field) = focusedField(maxLength: 3)
        overlay.route(.text("e"))
        for _ in 0..<100 { overlay.route(.text("\u{301}")) }
        XCTAssertEqual(field.maxScalarCount, 24)
        XCTAssertEqual(field.text, "e" + String(repeating: "\u{301}", count: 23))
        XCTAssertEqual(field.text.count, 1)
        XCTAssertEqual(field.selection, 1..<1)
        overlay.route(.text("\u{301}\u{301}")) // a paste of two marks does not squeeze one in either
        XCTAssertEqual(field.text.unicodeScalars.count, 24)
    }

    func testFourByteModifiersStopAtTheByteLimitAndAPasteIsCutAtTheFirstCharacterThatDoesNotFit() {
        // U+1F3FB (a skin tone, 4 bytes) extends the character before it: 6 of them per character reach 24 bytes
        // before 8 scalars do.
        let (overlay, field) = focusedField(maxLength: 3)
        overlay.route(.text("a"))
        for _ in 0..<40 { overlay.route(.text("\u{1F3FB}")) }
        XCTAssertEqual(field.maxUTF8Count, 72)
        XCTAssertEqual(field.text, "a" + String(repeating: "\u{1F3FB}", count: 17), "1 + 17 x 4 = 69 bytes: an 18th is 73")
        XCTAssertEqual(field.text.count, 1)

        let zalgo = "b" + String(repeating: "\u{300}", count: 100_000) + "cd"
        let (pasteOverlay, pasted) = focusedField(maxLength: 3, initial: "x", clipboard: zalgo)
        pasteOverlay.route(.key(KeyEvent(key: .character("v"), modifiers: [.control])))
        XCTAssertEqual(pasted.text, "x", "one character of 100,001 scalars does not fit, and nothing after it is taken")
        let (mixedOverlay, mixed) = focusedField(maxLength: 3, clipboard: "y\u{300}\u{300}" + zalgo)
        mixedOverlay.route(.key(KeyEvent(key: .character("v"), modifiers: [.control])))
        XCTAssertEqual(mixed.text, "y\u{300}\u{300}")
    }

    func testFocusingPressOnASelectAllFieldKeepsTheSelectionAndTypingReplacesIt() {
        let overlay = Overlay(windowSize: Size(width: 400, height: 100))
        let layer = overlay.addLayer(name: "ui", level: 0)
        let field = TextField(identifier: "hex", text: "#f3a712")
        field.selectsAllOnFocus = true
        field.preferredWidth = 200
        layer.addSubview(field, at: .zero)
        overlay.update()
        overlay.route(down(40, 10)); overlay.route(up(40, 10))
        XCTAssertTrue(field.isFocused)
        XCTAssertEqual(field.selection, 0..<7)
        XCTAssertTrue(overlay.wantsTextInput)
        for c in "ff8800" { overlay.route(.text(String(c))) }
        XCTAssertEqual(field.text, "ff8800", "typing replaced the selected text instead of appending")
        // A second press (the field already focused) places the caret.
        overlay.route(down(9, 10)); overlay.route(up(9, 10))
        XCTAssertEqual(field.selection, 0..<0)
        overlay.route(down(300, 50)); overlay.route(up(300, 50))
        XCTAssertFalse(overlay.wantsTextInput)
    }

    func testEnterAppliesValidTextEscapeRevertsAndInvalidTextShowsTheHint() {
        let overlay = Overlay(windowSize: Size(width: 400, height: 100))
        let layer = overlay.addLayer(name: "ui", level: 0)
        let field = TextField(identifier: "n", text: "12")
        field.validator = { Int($0) != nil }
        field.invalidHint = "digits only"
        field.preferredWidth = 300
        var commits: [String] = []
        field.onCommit = { commits.append($0) }
        layer.addSubview(field, at: .zero)
        overlay.focus(field)
        overlay.route(.text("3"))
        overlay.route(key(.enter))
        XCTAssertEqual(commits, ["123"])
        XCTAssertEqual(field.committedText, "123")
        overlay.route(.text("x"))
        XCTAssertTrue(field.isInvalid)
        overlay.update()
        XCTAssertTrue(overlay.drawList.dumpText.contains("glyphs \"digits only\""), overlay.drawList.dumpText)
        overlay.route(key(.enter))
        XCTAssertEqual(commits, ["123"], "Enter ignores invalid text")
        overlay.route(key(.escape))
        XCTAssertEqual(field.text, "123", "Escape reverts to the applied text")
        XCTAssertFalse(field.isFocused)
    }

    func testCaretAndSelectionAreDrawn() {
        let overlay = Overlay(windowSize: Size(width: 400, height: 100))
        let layer = overlay.addLayer(name: "ui", level: 0)
        let field = TextField(identifier: "f", text: "abcd")
        field.fontSize = 10
        field.preferredWidth = 300
        layer.addSubview(field, at: .zero)
        overlay.focus(field)
        overlay.route(key(.left, shift: true))
        overlay.route(key(.left, shift: true))
        overlay.update()
        let dump = overlay.drawList.dumpText
        let rects = overlay.drawList.commands.compactMap { command -> (frame: Rect, color: Color)? in
            if case let .rect(frame, color, _) = command { (frame, color) } else { nil }
        }
        // Monospace metrics: 6 points per character from x = 8; the selection covers "cd" (x 20...32), and the caret,
        // moved left twice, sits at its start.
        let selection = rects.filter { $0.color == Theme.standard[.textSelection].dark }.map(\.frame)
        XCTAssertEqual(selection.map(\.minX), [20], dump)
        XCTAssertEqual(selection.map(\.width), [12], "selection 12 points wide: \(dump)")
        let carets = rects.filter { $0.frame.width == 1.5 }.map(\.frame)
        XCTAssertEqual(carets.map(\.minX), [20], "one caret, at the selection's start: \(dump)")
    }
}

private func key(_ k: Key, shift: Bool) -> InputEvent { .key(KeyEvent(key: k, modifiers: shift ? [.shift] : [])) }
