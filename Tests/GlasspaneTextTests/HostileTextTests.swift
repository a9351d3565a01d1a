// Hostile text into the text views, with real shaping (TextLayoutEngine over Debian's fonts): each input gets a
// stated outcome, cut with a visible hint or refused, and the views keep working. Timings are in TextBench, not here.
import GlasspaneCore
import GlasspaneDraw
@testable import GlasspaneOverlay
import GlasspaneText
import XCTest

final class HostileTextTests: XCTestCase {
    @MainActor private static let engine: TextLayoutEngine = TextLayoutEngine(chain: try! .debianDefault())
    private static let megabyte = String(repeating: "Lorem ipsum שלום مرحبا 日本語 👍🏽\n", count: 22_000)  // 1,034,000 bytes

    @MainActor
    private static func overlay(with view: View, clipboard: String) -> Overlay {
        let overlay = Overlay(windowSize: Size(width: 600, height: 400), fonts: engine)
        overlay.clipboard = InMemoryClipboard(text: clipboard)
        let layer = overlay.addLayer(name: "ui", level: 0)
        view.preferredWidth = 400
        layer.addSubview(view, at: Point(x: 10, y: 10))
        overlay.update()
        overlay.focus(view)
        overlay.update()
        return overlay
    }

    @MainActor
    private static func drawnTexts(_ view: View) -> [String] {
        view.layer!.drawList.commands.compactMap { c -> String? in if case .glyphs(let r) = c { r.text } else { nil } }
    }

    func testAMegabytePasteIsCutToTheLimitWithAHintInAFieldAndInTheEditor() throws {
        try MainActor.assumeIsolated {
            XCTAssertGreaterThan(Self.megabyte.utf8.count, 1_000_000)
            let field = TextField(identifier: "field")
            field.shapesText = true
            let fieldOverlay = Self.overlay(with: field, clipboard: Self.megabyte)
            fieldOverlay.route(.key(KeyEvent(key: .character("v"), modifiers: [.control])))
            fieldOverlay.update()
            XCTAssertEqual(field.text.count, 64, "the field's maxLength")
            XCTAssertFalse(field.text.contains("\n"), "a field drops newlines")
            XCTAssertTrue(field.inputWasCut)
            XCTAssertTrue(Self.drawnTexts(field).contains("max 64"), "the limit hint is drawn")

            let editor = TextEditor(identifier: "editor")
            editor.preferredHeight = 200
            let editorOverlay = Self.overlay(with: editor, clipboard: Self.megabyte)
            editorOverlay.route(.key(KeyEvent(key: .character("v"), modifiers: [.control])))
            editorOverlay.update()
            XCTAssertEqual(editor.characterCount, 10_000, "the editor's default maxLength")
            XCTAssertEqual(editor.text, String(Self.megabyte.prefix(10_000)))
            XCTAssertTrue(editor.inputWasCut)
            XCTAssertTrue(Self.drawnTexts(editor).contains("Cut to the limit of 10000 characters"))
            // The editor still edits: the caret at the end of what was kept, and undo takes the whole paste back.
            XCTAssertEqual(editor.caret, 10_000)
            editorOverlay.route(.key(KeyEvent(key: .character("z"), modifiers: [.control])))
            XCTAssertEqual(editor.text, "")
        }
    }

    func testTenThousandCombiningMarksOnOneBaseAreCutToThirtyTwoScalarsWithTheHint() throws {
        try MainActor.assumeIsolated {
            let storm = "x" + String(repeating: "\u{0301}", count: 10_000)
            let field = TextField(identifier: "field", text: "ok")
            let fieldOverlay = Self.overlay(with: field, clipboard: "")
            fieldOverlay.route(.text(storm))
            fieldOverlay.update()
            let kept = "x" + String(repeating: "\u{0301}", count: 31)
            XCTAssertEqual(field.text, "ok" + kept, "the character keeps its base and 31 marks")
            XCTAssertTrue(field.inputWasCut)
            XCTAssertTrue(Self.drawnTexts(field).contains("max 64"))
            let editor = TextEditor(identifier: "editor", text: "ok")
            let editorOverlay = Self.overlay(with: editor, clipboard: "")
            editorOverlay.route(.text(storm))
            editorOverlay.update()
            XCTAssertEqual(editor.text, "ok" + kept)
            XCTAssertEqual(editor.scalarCount, 2 + 32)
            XCTAssertTrue(editor.inputWasCut)
            // Marks typed one at a time merge into "x": the 32nd scalar is the last one taken.
            editor.text = "x"
            for _ in 0..<40 { editorOverlay.route(.text("\u{0301}")) }
            XCTAssertEqual(editor.scalarCount, 32)
            XCTAssertEqual(editor.characterCount, 1)
            XCTAssertTrue(editor.inputWasCut)
            // A label given it: the engine keeps 32 scalars of the character and says the text was cut.
            let layout = Self.engine.layout(storm, style: ParagraphStyle())
            XCTAssertTrue(layout.isTruncated)
            XCTAssertEqual(layout.lines.flatMap(\.runs).map(\.run.text).joined(), "x" + String(repeating: "\u{0301}", count: 31))
            let label = Label(identifier: "label", text: storm)
            label.paragraphStyle = ParagraphStyle()
            let labelOverlay = Self.overlay(with: label, clipboard: "")
            XCTAssertGreaterThan(label.frame.height, 0)
            XCTAssertFalse(Self.drawnTexts(label).isEmpty, "\(labelOverlay.windowSize)")
        }
    }

    func testABidiControlStormIsKeptAndTheEditorStillMovesAndDeletes() throws {
        try MainActor.assumeIsolated {
            // Embeddings, overrides and isolates nested far past UAX #9's depth of 125, around Hebrew and Latin.
            let controls: [Character] = ["\u{202A}", "\u{202B}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}"]
            var storm = ""
            for i in 0..<600 { storm.append(controls[i % controls.count]); storm += i % 2 == 0 ? "א" : "a" }
            storm += String(repeating: "\u{202C}\u{2069}", count: 300)
            let editor = TextEditor(identifier: "editor")
            editor.preferredHeight = 200
            let overlay = Self.overlay(with: editor, clipboard: storm)
            overlay.route(.key(KeyEvent(key: .character("v"), modifiers: [.control])))
            overlay.update()
            XCTAssertEqual(editor.text, storm, "format characters are text: kept")
            XCTAssertNotNil(overlay.textInputCaretRect)
            for _ in 0..<5 { overlay.route(.key(KeyEvent(key: .left))) }
            overlay.route(.key(KeyEvent(key: .backspace)))
            overlay.update()
            XCTAssertEqual(editor.characterCount, storm.count - 1)
            XCTAssertGreaterThan(editor.contentHeight, 0)
        }
    }

    func testAnEditorWhoseParagraphLayoutIsCutByTheRunLimitShowsTheLayoutHint() throws {
        try MainActor.assumeIsolated {
            let controls: [Character] = ["\u{202A}", "\u{202B}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}"]
            var storm = ""
            for i in 0..<2_000 { storm.append(controls[i % controls.count]); storm += i % 2 == 0 ? "א" : "a" }
            let editor = TextEditor(identifier: "editor")
            editor.preferredHeight = 200
            let overlay = Self.overlay(with: editor, clipboard: storm)
            XCTAssertFalse(editor.layoutIsCut)
            XCTAssertFalse(Self.drawnTexts(editor).contains(editor.layoutCutHint), "no hint for an empty editor")
            overlay.route(.key(KeyEvent(key: .character("v"), modifiers: [.control])))
            overlay.update()
            XCTAssertEqual(editor.text, storm, "the text keeps everything")
            XCTAssertFalse(editor.inputWasCut, "within the editor's limits: not a length cut")
            XCTAssertTrue(editor.layoutIsCut, "over \(TextLayoutEngine.maximumRunsPerParagraph) runs in one paragraph")
            XCTAssertTrue(Self.drawnTexts(editor).contains("Too complex to show in full"), "the hint is drawn")
            // Back to plain text: the hint goes.
            editor.text = "Plain notes"
            overlay.update()
            XCTAssertFalse(editor.layoutIsCut)
            XCTAssertFalse(Self.drawnTexts(editor).contains(editor.layoutCutHint))
        }
    }

    /// A paragraph that changes run at every character is cut at `maximumRunsPerParagraph` runs: bounded shaping,
    /// said by `isTruncated`; real text under the limit is whole.
    func testAParagraphShapesAtMostTheRunLimit() throws {
        let engine = TextLayoutEngine(chain: try .debianDefault())
        let controls: [Character] = ["\u{202A}", "\u{202B}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}"]
        var storm = ""
        for i in 0..<2_000 { storm.append(controls[i % controls.count]); storm += i % 2 == 0 ? "א" : "a" }
        let layout = engine.layout(storm, style: ParagraphStyle(fontSize: 14), width: 560)
        XCTAssertTrue(layout.isTruncated)
        XCTAssertLessThanOrEqual(engine.shapeCallCount, TextLayoutEngine.maximumRunsPerParagraph + 2 * layout.lines.count,
                                 "whole runs once, and at most the two cut by each line's ends again")
        var kept = layout.lines.map(\.text).joined()
        XCTAssertTrue(layout.wasCutByLimits)
        XCTAssertEqual(kept.popLast(), "\u{2026}", "the cut is marked where it is")
        XCTAssertTrue(storm.unicodeScalars.starts(with: kept.unicodeScalars), "what shows is the storm's start")
        XCTAssertGreaterThan(kept.unicodeScalars.count, 512, "at most two runs per letter and control")
        // Alternating scripts with no controls, under the limit: whole.
        let alternating = String(repeating: "aא ", count: 300)
        let whole = engine.layout(alternating, style: ParagraphStyle(fontSize: 14), width: 560)
        XCTAssertFalse(whole.isTruncated)
        XCTAssertFalse(whole.wasCutByLimits)
        XCTAssertEqual(whole.lines.map(\.text).joined().unicodeScalars.count, alternating.unicodeScalars.count)
    }

    /// A label shows that the engine's limits dropped text: an ellipsis where it was cut (the end of a too-long
    /// text, the end of the paragraph cut by the run limit, the paragraphs after it whole), not a silent stop.
    func testALabelWhoseTextTheLimitsCutEndsInAnEllipsisWhereItWasCut() throws {
        try MainActor.assumeIsolated {
            let controls: [Character] = ["\u{202A}", "\u{202B}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}"]
            var storm = ""
            for i in 0..<2_000 { storm.append(controls[i % controls.count]); storm += i % 2 == 0 ? "א" : "a" }
            let label = Label(identifier: "label", text: "Plain rules", fontSize: 14)
            label.paragraphStyle = ParagraphStyle()
            let overlay = Self.overlay(with: label, clipboard: "")
            @MainActor func drawn() -> String { Self.drawnTexts(label).joined() }
            XCTAssertEqual(drawn(), "Plain rules", "text within the limits: no mark")

            label.text = storm + "\nLast line"
            overlay.update()
            let shown = drawn()
            XCTAssertEqual(shown.filter { $0 == "\u{2026}" }.count, 1, "one ellipsis: \(shown.suffix(40))")
            XCTAssertTrue(shown.hasSuffix("Last line"), "the paragraph after the cut one is whole, drawn after it")
            XCTAssertLessThan(shown.firstIndex(of: "\u{2026}")!, shown.range(of: "Last line")!.lowerBound)

            label.text = String(repeating: "word ", count: 8_000)  // 40,000 scalars
            overlay.update()
            let long = drawn()
            XCTAssertTrue(long.hasSuffix("\u{2026}"), "a text past the length limit ends in an ellipsis")
            XCTAssertLessThanOrEqual(long.unicodeScalars.count, TextLayoutEngine.maximumScalars)
            XCTAssertGreaterThan(long.unicodeScalars.count, TextLayoutEngine.maximumScalars * 9 / 10, "the rest is shown")
        }
    }

    /// What `String(decoding:as:)` makes of invalid UTF-8 (SDLPlatform decodes SDL's text events that way; the
    /// platform test pushes such an event through SDL): U+FFFD, which the field keeps and draws with DejaVu's glyph.
    func testReplacementCharactersFromInvalidUTF8AreTypedAndDrawn() throws {
        try MainActor.assumeIsolated {
            let decoded = String(decoding: [0x61, 0xFF, 0xC3, 0x28, 0x62] as [UInt8], as: UTF8.self)
            XCTAssertEqual(decoded, "a\u{FFFD}\u{FFFD}(b")
            let editor = TextEditor(identifier: "editor")
            let overlay = Self.overlay(with: editor, clipboard: "")
            overlay.route(.text(decoded))
            overlay.update()
            XCTAssertEqual(editor.text, decoded)
            XCTAssertEqual(Self.engine.layout(decoded, style: ParagraphStyle()).missingGlyphCount, 0, "DejaVu Sans has U+FFFD")
        }
    }
}
