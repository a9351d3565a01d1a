// The multi-line editor: table-driven editing across scripts on real shaping (TextLayoutEngine over Debian's fonts),
// right-to-left caret movement, selection rectangles over mixed runs, line navigation, scrolling, word selection,
// undo/redo, limits and the caret rectangle reported for the input method.
import GlasspaneCore
import GlasspaneDraw
@testable import GlasspaneOverlay
import GlasspaneText
import XCTest

final class TextEditorTests: XCTestCase {
    private enum Step {
        case type(String)
        case key(Key, KeyModifiers = [])
        case keys(Key, Int)
    }

    private struct Case {
        let name: String
        var initial = ""
        var clipboard: String? = nil
        let steps: [Step]
        let text: String
        let selection: Range<Int>
    }

    /// The shaping engine, made once (opening the chain is the slow part).
    @MainActor private static let engine: TextLayoutEngine = TextLayoutEngine(chain: try! .debianDefault())

    @MainActor
    private static func makeEditor(_ initial: String, fonts: any FontMetrics, size: Size = Size(width: 300, height: 200),
                            clipboard: InMemoryClipboard = InMemoryClipboard()) -> (Overlay, TextEditor) {
        let overlay = Overlay(windowSize: Size(width: 500, height: 400), fonts: fonts)
        overlay.clipboard = clipboard
        let layer = overlay.addLayer(name: "ui", level: 0)
        let editor = TextEditor(identifier: "editor", text: initial)
        editor.preferredWidth = size.width
        editor.preferredHeight = size.height
        layer.addSubview(editor, at: Point(x: 10, y: 10))
        overlay.update()
        overlay.focus(editor)
        overlay.update()
        return (overlay, editor)
    }

    private static let cases: [Case] = [
        Case(name: "latin typing and word moves", steps: [.type("hello world"), .key(.left, [.control]), .key(.left, [.control, .shift])],
             text: "hello world", selection: 0..<6),
        Case(name: "ctrl+right stops at word ends", initial: "one, two three", steps: [.key(.home, [.control]), .key(.right, [.control]),
             .key(.right, [.control]), .type("X")], text: "one, twoX three", selection: 9..<9),
        Case(name: "ctrl+backspace deletes a word", initial: "alpha beta", steps: [.key(.backspace, [.control])], text: "alpha ", selection: 6..<6),
        Case(name: "enter splits, up keeps the column", initial: "abcdef", steps: [.keys(.left, 3), .key(.enter), .keys(.right, 2),
             .key(.up), .type("|")], text: "ab|c\ndef", selection: 3..<3),
        Case(name: "down to a shorter line ends there", initial: "abcdefgh\nxy", steps: [.key(.home, [.control]), .keys(.right, 6),
             .key(.down)], text: "abcdefgh\nxy", selection: 11..<11),
        Case(name: "right crosses a newline", initial: "ab\ncd", steps: [.key(.home, [.control]), .keys(.right, 3), .key(.right, [.shift])],
             text: "ab\ncd", selection: 3..<4),
        // Arabic: a right-to-left paragraph, where Left moves forward (the way the arrow points on screen).
        Case(name: "arabic left moves forward", initial: "مرحبا بالعالم", steps: [.key(.home, [.control]), .keys(.left, 2), .type("ـ")],
             text: "مرـحبا بالعالم", selection: 3..<3),
        Case(name: "arabic right moves back", initial: "مرحبا", steps: [.keys(.right, 2), .key(.backspace)], text: "مربا", selection: 2..<2),
        Case(name: "arabic ctrl+left is the next word", initial: "مرحبا بالعالم", steps: [.key(.home, [.control]), .key(.left, [.control])],
             text: "مرحبا بالعالم", selection: 5..<5),
        // Hebrew with niqqud: each letter and its points are one character.
        Case(name: "hebrew backspace takes the letter with its points", initial: "שָׁלוֹם", steps: [.keys(.right, 2), .key(.backspace)],
             text: "שָׁוֹם", selection: 1..<1),
        Case(name: "hebrew shift+left selects forward", initial: "שלום עולם", steps: [.key(.home), .key(.left, [.control, .shift])],
             text: "שלום עולם", selection: 0..<4),
        Case(name: "cjk characters", steps: [.type("日本語"), .key(.enter), .type("한국어"), .key(.up), .key(.end), .key(.backspace)],
             text: "日本\n한국어", selection: 2..<2),
        Case(name: "emoji sequences are one character", initial: "👨‍👩‍👧 🇯🇵 ok", steps: [.key(.home), .key(.delete), .key(.right),
             .key(.delete)], text: "  ok", selection: 1..<1),
        Case(name: "paste with newlines", clipboard: "one\r\ntwo\u{2028}three\u{7}", steps: [.type("> "), .key(.character("v"), [.control])],
             text: "> one\ntwo\nthree", selection: 15..<15),
        Case(name: "cut and paste across lines", initial: "ab\ncd\nef", steps: [.key(.home, [.control]), .key(.right),
             .key(.down, [.shift]), .key(.character("x"), [.control]), .key(.end, [.control]), .key(.character("v"), [.control])],
             text: "ad\nefb\nc", selection: 8..<8),
        // Undo groups typing between spaces; redo brings it back; an edit after undo drops the redo.
        Case(name: "undo and redo", steps: [.type("a"), .type("b"), .type("c"), .type(" "), .type("d"), .key(.character("z"), [.control]),
             .key(.character("z"), [.control]), .key(.character("z"), [.control, .shift])], text: "abc ", selection: 4..<4),
        Case(name: "undo restores a deleted selection across scripts", initial: "שלום\nworld", steps: [.key(.character("a"), [.control]),
             .key(.backspace), .type("x"), .key(.character("z"), [.control]), .key(.character("z"), [.control])],
             text: "שלום\nworld", selection: 0..<10),
        Case(name: "undo of an enter joins the lines", initial: "abc", steps: [.key(.left), .key(.enter), .key(.character("z"), [.control])],
             text: "abc", selection: 2..<2),
    ]

    func testEditingCasesAcrossScripts() throws {
        try MainActor.assumeIsolated {
            for c in Self.cases {
                let clipboard = InMemoryClipboard(text: c.clipboard)
                let (overlay, editor) = Self.makeEditor(c.initial, fonts: Self.engine, clipboard: clipboard)
                for step in c.steps {
                    switch step {
                    case .type(let t): overlay.route(.text(t))
                    case .key(let k, let m): overlay.route(.key(KeyEvent(key: k, modifiers: m)))
                    case .keys(let k, let n): for _ in 0..<n { overlay.route(.key(KeyEvent(key: k))) }
                    }
                    overlay.update()
                }
                XCTAssertEqual(editor.text, c.text, c.name)
                XCTAssertEqual(editor.selection, c.selection, c.name)
                XCTAssertEqual(editor.scriptValue(of: "value"), c.text, c.name)
                XCTAssertEqual(editor.scriptValue(of: "selection"), "\(c.selection.lowerBound)..<\(c.selection.upperBound)", c.name)
            }
        }
    }

    /// The caret's x on screen at each logical index of a mixed line: through the Latin it moves right, into the
    /// Hebrew it jumps to the run's right end and moves left, and after it continues right of the run.
    func testCaretPositionsThroughAMixedDirectionLine() throws {
        try MainActor.assumeIsolated {
            let text = "abc שלום def"
            let (overlay, editor) = Self.makeEditor(text, fonts: Self.engine, size: Size(width: 400, height: 100))
            overlay.route(.key(KeyEvent(key: .home)))
            var xs: [Double] = []
            for i in 0...text.count {
                overlay.update()
                XCTAssertEqual(editor.caret, i)
                xs.append(try XCTUnwrap(overlay.textInputCaretRect).minX)
                overlay.route(.key(KeyEvent(key: .right)))
            }
            for i in 0..<3 { XCTAssertLessThan(xs[i], xs[i + 1], "Latin: caret \(i) → \(i + 1) moves right") }
            for i in 4..<7 { XCTAssertGreaterThan(xs[i], xs[i + 1], "Hebrew: caret \(i) → \(i + 1) moves left") }
            XCTAssertGreaterThan(xs[4], xs[3], "the Hebrew word's first letter is at its right end")
            XCTAssertEqual(xs[8], xs[4], accuracy: 0.01, "after the Hebrew: before the space right of the run")
            XCTAssertLessThan(xs[8], xs[9])
            for i in 9..<12 { XCTAssertLessThan(xs[i], xs[i + 1]) }
        }
    }

    /// A selection from inside the Latin into the Hebrew is two rectangles: "c " and the Hebrew's first two letters,
    /// which sit at the right end of the Hebrew run, not the letters next to "c " on screen.
    func testSelectionOverMixedRunsIsOneRectanglePerVisualStretch() throws {
        try MainActor.assumeIsolated {
            let text = "abc שלום def"
            let (overlay, editor) = Self.makeEditor(text, fonts: Self.engine, size: Size(width: 400, height: 100))
            let marker = Color(r: 0.1, g: 0.9, b: 0.2)
            editor.selectionColor = marker
            editor.select(2..<6)  // "c", " ", "ש", "ל"
            overlay.update()
            let rects = try XCTUnwrap(editor.layer).drawList.commands.compactMap { command -> Rect? in
                if case .rect(let r, let color, _) = command, color == marker { r } else { nil }
            }.sorted { $0.minX < $1.minX }
            XCTAssertEqual(rects.count, 2)
            // The caret edges from the caret walk: before "c" (2), before "ש" (4: the run's right end), after "ל" (6).
            editor.select(2..<2); overlay.update(); let beforeC = try XCTUnwrap(overlay.textInputCaretRect).minX
            editor.select(4..<4); overlay.update(); let hebrewRight = try XCTUnwrap(overlay.textInputCaretRect).minX
            editor.select(6..<6); overlay.update(); let afterLamed = try XCTUnwrap(overlay.textInputCaretRect).minX
            editor.select(3..<3); overlay.update(); let beforeSpace = try XCTUnwrap(overlay.textInputCaretRect).minX
            XCTAssertEqual(rects[0].minX, beforeC, accuracy: 0.01)
            XCTAssertGreaterThan(rects[0].maxX, beforeSpace + 1, "the space is selected too")
            XCTAssertEqual(rects[1].maxX, hebrewRight, accuracy: 0.01)
            XCTAssertEqual(rects[1].minX, afterLamed, accuracy: 0.01)
            XCTAssertGreaterThan(rects[1].minX, rects[0].maxX + 5, "the unselected Hebrew letters lie between the two")
        }
    }

    /// Monospace metrics (each character 8.4 points at 14): wrapping, Home/End per visual line, Up/Down keeping x,
    /// PageDown scrolling, the wheel, and the caret kept in sight.
    func testWrappedLinesHomeEndUpDownPagingAndScrolling() throws {
        try MainActor.assumeIsolated {
            let fonts = MonospaceFontMetrics()
            // 300 wide less 12 padding and 6 indicator: 282 points, 33 characters a line.
            let words = (0..<40).map { "w\($0 % 10)xyz" }.joined(separator: " ")  // 40 words of 5 + spaces: 239 characters
            let (overlay, editor) = Self.makeEditor(words, fonts: fonts, size: Size(width: 300, height: 100))
            overlay.route(.key(KeyEvent(key: .home, modifiers: [.control])))
            overlay.update()
            XCTAssertGreaterThan(editor.contentHeight, 100, "wrapped onto many lines")
            XCTAssertEqual(editor.contentOffsetY, 0)
            overlay.route(.key(KeyEvent(key: .end)))
            XCTAssertEqual(editor.caret, 30, "End: the first visual line's end (5 words and their spaces)")
            overlay.update()
            let endX = try XCTUnwrap(overlay.textInputCaretRect).minX
            let firstLineY = try XCTUnwrap(overlay.textInputCaretRect).minY
            XCTAssertEqual(endX, 10 + 6 + 30 * 8.4, accuracy: 0.01, "drawn at the end of the first line, not the second's start")
            overlay.route(.key(KeyEvent(key: .home)))
            XCTAssertEqual(editor.caret, 0)
            overlay.route(.key(KeyEvent(key: .right))); overlay.route(.key(KeyEvent(key: .right)))
            overlay.route(.key(KeyEvent(key: .down)))
            XCTAssertEqual(editor.caret, 32, "Down keeps the column: line 2 starts at 30")
            overlay.route(.key(KeyEvent(key: .down)))
            XCTAssertEqual(editor.caret, 62)
            overlay.route(.key(KeyEvent(key: .end)))
            overlay.route(.key(KeyEvent(key: .up)))
            XCTAssertEqual(editor.caret, 59, "Up from line 3's end lands at the same x on line 2 (its last character's start)")
            overlay.route(.key(KeyEvent(key: .pageDown)))
            overlay.update()
            XCTAssertGreaterThan(editor.contentOffsetY, 0, "PageDown scrolls")
            let caretRect = try XCTUnwrap(overlay.textInputCaretRect)
            XCTAssertGreaterThanOrEqual(caretRect.minY, 10, "the caret stays in sight")
            XCTAssertLessThanOrEqual(caretRect.maxY, 110)
            XCTAssertGreaterThan(editor.caret, 59 + 3 * 30 - 5, "a page is several lines")
            overlay.route(.key(KeyEvent(key: .end, modifiers: [.control])))
            overlay.update()
            XCTAssertEqual(editor.contentOffsetY, editor.contentHeight - 88, accuracy: 0.01, "at the end the last line shows")
            overlay.route(.wheel(location: Point(x: 100, y: 50), dx: 0, dy: 100))
            overlay.update()
            XCTAssertEqual(editor.contentOffsetY, 0, "the wheel scrolls back to the top")
            XCTAssertEqual(firstLineY, 10 + 6, accuracy: 0.01)
        }
    }

    func testDoubleClickSelectsAWordAndTripleClickItsParagraph() throws {
        try MainActor.assumeIsolated {
            let (overlay, editor) = Self.makeEditor("first line\nsecond words here", fonts: MonospaceFontMetrics())
            // Line 2 ("second words here") at y 16 + 17.5..., x of "words" starts at 7 characters.
            let lineHeight = (14 * 1.25).rounded(.up) * 1.2
            let point = Point(x: 10 + 6 + 9 * 8.4 + 2, y: 10 + 6 + lineHeight * 1.5)
            overlay.route(.pointerDown(PointerEvent(location: point, clickCount: 2)))
            overlay.route(.pointerUp(PointerEvent(location: point, clickCount: 2)))
            XCTAssertEqual(editor.selectedText, "words")
            overlay.route(.pointerDown(PointerEvent(location: point, clickCount: 3)))
            overlay.route(.pointerUp(PointerEvent(location: point, clickCount: 3)))
            XCTAssertEqual(editor.selectedText, "second words here")
            // A drag from the first line into the second selects across the newline.
            let start = Point(x: 10 + 6 + 6 * 8.4, y: 10 + 6 + lineHeight * 0.5)
            overlay.route(.pointerDown(PointerEvent(location: start)))
            overlay.route(.pointerMove(PointerEvent(location: point)))
            overlay.route(.pointerUp(PointerEvent(location: point)))
            XCTAssertEqual(editor.selectedText, "line\nsecond wo")
        }
    }

    /// Every limit is checked before work: a megabyte paste keeps what fits and shows the hint; typed combining marks
    /// count as scalars.
    func testLimitsCutAPasteAndShowTheHint() throws {
        try MainActor.assumeIsolated {
            let clipboard = InMemoryClipboard(text: String(repeating: "line of text\n", count: 80_000))  // 1,040,000 bytes
            let (overlay, editor) = Self.makeEditor("", fonts: Self.engine, clipboard: clipboard)
            editor.maxLength = 1_000
            overlay.route(.key(KeyEvent(key: .character("v"), modifiers: [.control])))
            overlay.update()
            XCTAssertEqual(editor.characterCount, 1_000)
            XCTAssertEqual(editor.text, String(String(repeating: "line of text\n", count: 80_000).prefix(1_000)))
            XCTAssertTrue(editor.inputWasCut)
            let texts = try XCTUnwrap(editor.layer).drawList.commands.compactMap { c -> String? in if case .glyphs(let r) = c { r.text } else { nil } }
            XCTAssertTrue(texts.contains("Cut to the limit of 1000 characters"))
            // Full: typing is refused, and the hint stays.
            overlay.route(.text("x"))
            XCTAssertEqual(editor.characterCount, 1_000)
            // 10,000 combining marks on one base: the character keeps its first 32 scalars.
            editor.text = ""
            editor.maxLength = 10
            overlay.route(.text("ab" + String(repeating: "\u{301}", count: 10_000)))
            XCTAssertEqual(editor.text, "ab" + String(repeating: "\u{301}", count: 31))
            XCTAssertEqual(editor.scalarCount, 33)
            XCTAssertEqual(editor.characterCount, 2)
            XCTAssertTrue(editor.inputWasCut)
            overlay.route(.key(KeyEvent(key: .backspace)))
            overlay.update()
            XCTAssertEqual(editor.text, "a", "Backspace takes the whole character")
            XCTAssertFalse(editor.inputWasCut, "the next edit that fits clears the hint")
            XCTAssertFalse(try XCTUnwrap(editor.layer).drawList.commands.contains { c in
                if case .glyphs(let r) = c { r.text.hasPrefix("Cut to") } else { false }
            })
        }
    }

    /// The caret rectangle the overlay reports follows typing and Enter (the platform hands it to SDL).
    func testTheCaretRectangleFollowsTheCaretForTheInputMethod() throws {
        try MainActor.assumeIsolated {
            let (overlay, editor) = Self.makeEditor("", fonts: MonospaceFontMetrics())
            let start = try XCTUnwrap(overlay.textInputCaretRect)
            XCTAssertEqual(start.minX, 16, accuracy: 0.01)
            XCTAssertEqual(start.minY, 16, accuracy: 0.01)
            overlay.route(.text("abc")); overlay.update()
            XCTAssertEqual(try XCTUnwrap(overlay.textInputCaretRect).minX, 16 + 3 * 8.4, accuracy: 0.01)
            overlay.route(.key(KeyEvent(key: .enter))); overlay.update()
            let next = try XCTUnwrap(overlay.textInputCaretRect)
            XCTAssertEqual(next.minX, 16, accuracy: 0.01)
            XCTAssertEqual(next.minY, 16 + (14 * 1.25).rounded(.up) * 1.2, accuracy: 0.01)
            overlay.route(.composition(text: "にほ", cursor: 2)); overlay.update()
            XCTAssertEqual(try XCTUnwrap(overlay.textInputCaretRect).minX, 16 + 2 * 8.4, accuracy: 0.01, "after the composition's cursor")
            overlay.clearFocus(); overlay.update()
            XCTAssertNil(overlay.textInputCaretRect)
            XCTAssertEqual(editor.text, "abc\n")
        }
    }
}
