// TextField's undo and redo (the history it shares with TextEditor, Controls/TextEditing.swift) and its shaped
// selection drawn as one rectangle per visual stretch, with the Debian fonts.
import GlasspaneCore
import GlasspaneDraw
@testable import GlasspaneOverlay
import GlasspaneText
import XCTest

final class TextFieldEditingTests: XCTestCase {
    private enum Step {
        case type(String)
        case key(Key, KeyModifiers = [])
        case keys(Key, Int)
    }

    /// The shaping engine, made once (opening the chain is the slow part).
    @MainActor private static let engine: TextLayoutEngine = TextLayoutEngine(chain: try! .debianDefault())

    @MainActor
    private static func makeField(_ initial: String, clipboard: InMemoryClipboard = InMemoryClipboard()) -> (Overlay, TextField) {
        let overlay = Overlay(windowSize: Size(width: 500, height: 200), fonts: engine)
        overlay.clipboard = clipboard
        let layer = overlay.addLayer(name: "ui", level: 0)
        let field = TextField(identifier: "field", text: initial)
        field.preferredWidth = 400
        field.shapesText = true
        field.maxLength = 200
        layer.addSubview(field, at: Point(x: 10, y: 10))
        overlay.update()
        overlay.focus(field)
        overlay.update()
        return (overlay, field)
    }

    @MainActor
    private static func run(_ steps: [Step], on field: TextField, overlay: Overlay) {
        for step in steps {
            switch step {
            case .type(let text): field.textInput(text)
            case .key(let key, let modifiers): field.keyDown(KeyEvent(key: key, modifiers: modifiers))
            case .keys(let key, let count): for _ in 0..<count { field.keyDown(KeyEvent(key: key, modifiers: [])) }
            }
            overlay.update()
        }
    }

    private static let undo = Step.key(.character("z"), [.control])
    private static let redo = Step.key(.character("z"), [.control, .shift])

    /// (name, initial text, clipboard, steps, text and selection after them).
    private static let cases: [(String, String, String?, [Step], String, Range<Int>)] = [
        ("typing between spaces is one step", "", nil, [.type("a"), .type("b"), .type(" "), .type("c"), undo],
         "ab ", 3..<3),
        ("undo twice, redo once", "", nil, [.type("a"), .type("b"), .type(" "), .type("c"), undo, undo, redo], "ab ", 3..<3),
        ("ctrl+y redoes too", "", nil, [.type("abc"), undo, .key(.character("y"), [.control])], "abc", 3..<3),
        ("a caret move starts a new step", "", nil, [.type("a"), .type("b"), .key(.left), .type("x"), undo], "ab", 1..<1),
        ("an edit after undo drops the redo", "", nil, [.type("one"), .type(" "), .type("two"), undo, .type("three"), redo],
         "one three", 9..<9),
        ("undo restores a deleted selection (hebrew)", "שלום עולם", nil,
         [.key(.home), .key(.right, [.shift]), .key(.right, [.shift]), .key(.backspace), undo], "שלום עולם", 0..<2),
        ("arabic typed letter by letter undoes as a word", "", nil, [.type("م"), .type("ر"), .type("ح"), .type("ب"), .type("ا"),
         .type(" "), .type("ب"), undo, undo], "مرحبا", 5..<5),
        ("a letter with niqqud is one character to delete and undo", "שָׁלוֹם", nil, [.keys(.left, 2), .key(.backspace), undo],
         "שָׁלוֹם", 2..<2),
        ("paste is its own step", "ab", "XYZ", [.key(.character("v"), [.control]), .type("c"), undo, undo], "ab", 2..<2),
        ("cut and undo", "hello world", nil, [.key(.character("a"), [.control]), .key(.character("x"), [.control]), undo],
         "hello world", 0..<11),
        ("escape reverts and undo brings the typing back", "abc", nil, [.type("def"), .key(.escape), undo], "abcdef", 6..<6),
        ("emoji sequences", "", nil, [.type("👨‍👩‍👧"), .type("🇯🇵"), .key(.backspace), undo, undo], "", 0..<0),
        ("nothing to undo leaves the text", "keep", nil, [undo, undo, redo], "keep", 4..<4),
    ]

    func testUndoAndRedoCasesAcrossScripts() throws {
        MainActor.assumeIsolated {
            for (name, initial, pasted, steps, text, selection) in Self.cases {
                let clipboard = InMemoryClipboard()
                if let pasted { clipboard.writeText(pasted) }
                let (overlay, field) = Self.makeField(initial, clipboard: clipboard)
                Self.run(steps, on: field, overlay: overlay)
                XCTAssertEqual(field.text, text, name)
                XCTAssertEqual(field.selection, selection, name)
            }
        }
    }

    func testEditsReportedAndHistoryForgottenOnSetTextAndFocusLoss() throws {
        MainActor.assumeIsolated {
            let (overlay, field) = Self.makeField("")
            var edits: [String] = []
            field.onEdit = { edits.append($0) }
            Self.run([.type("ab"), .type(" "), Self.undo, Self.redo], on: field, overlay: overlay)
            XCTAssertEqual(edits, ["ab", "ab ", "ab", "ab "], "undo and redo are edits")
            XCTAssertTrue(field.canUndo)
            XCTAssertFalse(field.canRedo)
            field.setText("fresh")
            XCTAssertFalse(field.canUndo)
            Self.run([.type("x")], on: field, overlay: overlay)
            XCTAssertTrue(field.canUndo)
            overlay.clearFocus()
            overlay.update()
            XCTAssertFalse(field.canUndo, "losing focus reverts the text and forgets its steps")
            XCTAssertEqual(field.text, "fresh")
        }
    }

    func testHistoryKeepsTwoHundredSteps() throws {
        MainActor.assumeIsolated {
            let (overlay, field) = Self.makeField("")
            field.maxLength = 300
            for _ in 0..<210 { field.textInput(" ") }  // each space is a step of its own
            overlay.update()
            for _ in 0..<250 { field.undo() }
            XCTAssertEqual(field.text, String(repeating: " ", count: 10), "the ten oldest steps were dropped")
        }
    }

    func testShapedSelectionOverMixedRunsIsOneRectanglePerVisualStretch() throws {
        try MainActor.assumeIsolated {
            let (overlay, field) = Self.makeField("abc שלום def")
            let marker = Color(r: 0.1, g: 0.9, b: 0.2)
            field.selectionColor = marker
            field.select(2..<6)  // "c", " ", "ש", "ל"
            overlay.update()
            let rects = try XCTUnwrap(field.layer).drawList.commands.compactMap { command -> Rect? in
                if case .rect(let r, let color, _) = command, color == marker { r } else { nil }
            }.sorted { $0.minX < $1.minX }
            XCTAssertEqual(rects.count, 2)
            // Caret edges from the shaped line: before "c" (2), before "ש" (4: the run's right end), after "ל" (6).
            let x = (0...12).map { field.caretX(at: $0, fonts: Self.engine) }
            let originX = try XCTUnwrap(rects.first).minX - x[2]
            XCTAssertGreaterThan(rects[0].maxX, originX + x[3] + 1, "the space is selected too")
            XCTAssertEqual(rects[1].maxX, originX + x[4], accuracy: 0.01)
            XCTAssertEqual(rects[1].minX, originX + x[6], accuracy: 0.01)
            XCTAssertGreaterThan(rects[1].minX, rects[0].maxX + 5, "the unselected Hebrew letters lie between the two")
            // All Latin: one rectangle from caret to caret.
            field.select(8..<11)
            overlay.update()
            let latin = try XCTUnwrap(field.layer).drawList.commands.compactMap { command -> Rect? in
                if case .rect(let r, let color, _) = command, color == marker { r } else { nil }
            }
            XCTAssertEqual(latin.count, 1)
            XCTAssertEqual(latin[0].minX, originX + x[8], accuracy: 0.01)
            XCTAssertEqual(latin[0].maxX, originX + x[11], accuracy: 0.01)
        }
    }

    // MARK: Input method composition

    /// An Arabic composition in a field and in an editor: drawn as the engine shapes it (joined glyphs, not the
    /// isolated forms of its letters), underlined across its shaped width, the cursor at a cluster edge.
    func testCompositionIsShapedAndUnderlinedInFieldAndEditor() throws {
        try MainActor.assumeIsolated {
            let word = "مرحبا"
            let (overlay, field) = Self.makeField("")
            let editor = TextEditor(identifier: "editor", text: "")
            editor.preferredWidth = 300
            editor.preferredHeight = 80
            try XCTUnwrap(field.layer).addSubview(editor, at: Point(x: 10, y: 80))
            overlay.update()
            for (view, fontSize) in [(field as View, field.fontSize), (editor as View, editor.fontSize)] {
                overlay.focus(view)
                overlay.update()
                view.textComposition(word, cursor: 0)
                overlay.update()
                let shaped = Self.engine.layoutParagraph(word, style: ParagraphStyle(fontSize: fontSize, wraps: false), width: nil)
                let commands = try XCTUnwrap(view.layer).drawList.commands
                let run = try XCTUnwrap(commands.compactMap { command -> GlyphRun? in
                    if case .glyphs(let r) = command, r.text == word { r } else { nil }
                }.first, "\(view.identifier): the composition is drawn")
                let glyphs = try XCTUnwrap(run.shaped, "\(view.identifier): shaped").glyphs
                XCTAssertEqual(glyphs.map(\.id), shaped.lines[0].runs[0].glyphs.map(\.id), view.identifier)
                let isolated = word.unicodeScalars.map { Self.engine.layoutParagraph(String($0), style: ParagraphStyle(fontSize: fontSize),
                                                                                     width: nil).lines[0].runs[0].glyphs[0].id }
                XCTAssertNotEqual(Set(glyphs.map(\.id)), Set(isolated), "\(view.identifier): joined forms, not isolated ones")
                let underline = try XCTUnwrap(commands.compactMap { command -> Rect? in
                    if case .rect(let r, _, _) = command, r.height == 1, r.minX == run.origin.x { r } else { nil }
                }.first, "\(view.identifier): underlined")
                XCTAssertEqual(underline.width, shaped.size.width, accuracy: 1e-9, view.identifier)
                // The cursor before the first letter is at the word's right edge; after the last, at its left edge.
                XCTAssertEqual(try XCTUnwrap(overlay.textInputCaretRect).minX, run.origin.x + shaped.size.width, accuracy: 0.01)
                view.textComposition(word, cursor: 5)
                overlay.update()
                XCTAssertEqual(try XCTUnwrap(overlay.textInputCaretRect).minX, run.origin.x, accuracy: 0.01)
                view.textComposition("", cursor: 0)
            }
        }
    }
}
