// Figures for the text views (docs/text.md, "Figures"): an idle frame's shaping calls, typing one character in a
// 1,000-line editor, and the frame cost of hostile input (10,000 combining marks on one base, a bidi control storm,
// invalid UTF-8, a 1 MB paste into a field and into the editor). Each hostile case is one frame: the input routed,
// then the overlay updated (layout and paint), as the frame loop does.
import GlasspaneCore
import GlasspaneDraw
import GlasspaneOverlay
import GlasspaneText

/// An overlay on `engine` holding `view` (focused), laid out once.
@MainActor
func benchOverlay(_ view: View, engine: TextLayoutEngine, clipboard: String = "") -> Overlay {
    let overlay = Overlay(windowSize: Size(width: 1280, height: 720), fonts: engine)
    overlay.clipboard = InMemoryClipboard(text: clipboard)
    let layer = overlay.addLayer(name: "ui", level: 0)
    view.preferredWidth = 560
    layer.addSubview(view, at: Point(x: 20, y: 20))
    overlay.update()
    overlay.focus(view)
    overlay.update()
    return overlay
}

/// The time of one frame that routes `events` and updates the overlay, microseconds.
@MainActor
func frameMicroseconds(_ overlay: Overlay, _ events: [InputEvent]) -> Double {
    let start = nowMicroseconds()
    for event in events { overlay.route(event) }
    overlay.update()
    return nowMicroseconds() - start
}

@MainActor
func printEditorFigures(chain: FontFallbackChain) {
    let engine = TextLayoutEngine(chain: chain)

    // An idle frame: paragraphs and an editor on screen, nothing changed since the last frame.
    let overlay = Overlay(windowSize: Size(width: 1280, height: 720), fonts: engine)
    let layer = overlay.addLayer(name: "ui", level: 0)
    for (i, sentence) in sentences.enumerated() {
        let label = Label(identifier: "p\(i)", text: sentence, fontSize: 14)
        label.paragraphStyle = ParagraphStyle()
        label.preferredWidth = 560
        layer.addSubview(label, at: Point(x: 20, y: 20 + Double(i) * 40))
    }
    let notes = TextEditor(identifier: "notes", text: sentences.joined(separator: "\n"))
    notes.preferredWidth = 560
    layer.addSubview(notes, at: Point(x: 20, y: 320))
    overlay.focus(notes)
    overlay.update()
    let callsBefore = engine.shapeCallCount
    let idle = frameMicroseconds(overlay, [])
    print(String(format: "idle frame (7 paragraph labels and an editor on screen): %d shaping calls, %.0f us",
                 engine.shapeCallCount - callsBefore, idle))

    // Typing in a 1,000-line editor (about 60 KB, mixed scripts), the caret at the end of line 500.
    let lines = (0..<1_000).map { sentences[$0 % sentences.count] + "line \($0)" }
    let editor = TextEditor(identifier: "big")
    editor.maxLength = TextEditor.maxLengthLimit
    editor.text = lines.joined(separator: "\n")
    editor.preferredHeight = 600
    var start = nowMicroseconds()
    let big = benchOverlay(editor, engine: engine)
    let firstLayout = nowMicroseconds() - start
    editor.select(editor.characterCount / 2..<editor.characterCount / 2)
    big.update()
    var typing: [Double] = []
    for i in 0..<100 { typing.append(frameMicroseconds(big, [.text(i % 2 == 0 ? "a" : "ש")])) }
    print(String(format: "1,000-line editor (%d characters, %d bytes): first layout %.0f us; typing one character, "
                 + "route + layout + paint (median of 100): %.0f us", editor.characterCount, editor.utf8Count, firstLayout, median(typing)))

    // Hostile input, one frame each.
    let marks = "x" + String(repeating: "\u{0301}", count: 10_000)
    start = nowMicroseconds()
    _ = engine.layout(marks, style: ParagraphStyle(fontSize: 14), width: 560)
    print(String(format: "hostile: 10,000 combining marks on one base, layout of a label: %.0f us", nowMicroseconds() - start))
    let field = TextField(identifier: "field")
    field.shapesText = true
    let fieldOverlay = benchOverlay(field, engine: engine)
    let markFrame = frameMicroseconds(fieldOverlay, [.text(marks)])
    print(String(format: "hostile: the same typed into a field: frame %.0f us, kept %d scalars, cut: %@", markFrame,
                 field.text.unicodeScalars.count, field.inputWasCut ? "yes (hint shown)" : "no"))

    let controls: [Character] = ["\u{202A}", "\u{202B}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}"]
    var storm = ""
    for i in 0..<2_000 { storm.append(controls[i % controls.count]); storm += i % 2 == 0 ? "א" : "a" }
    start = nowMicroseconds()
    _ = engine.layout(storm, style: ParagraphStyle(fontSize: 14), width: 560)
    print(String(format: "hostile: bidi control storm (2,000 embeddings, overrides and isolates), layout: %.0f us", nowMicroseconds() - start))
    let stormEditor = TextEditor(identifier: "storm")
    let stormOverlay = benchOverlay(stormEditor, engine: engine, clipboard: storm)
    print(String(format: "hostile: the same pasted into the editor: frame %.0f us, kept %d characters",
                 frameMicroseconds(stormOverlay, [.key(KeyEvent(key: .character("v"), modifiers: [.control]))]), stormEditor.characterCount))

    let invalid = String(decoding: (0..<4_000).map { UInt8(truncatingIfNeeded: 0x80 + $0 % 0x80) }, as: UTF8.self)
    let invalidEditor = TextEditor(identifier: "invalid")
    let invalidOverlay = benchOverlay(invalidEditor, engine: engine)
    print(String(format: "hostile: 4,000 invalid UTF-8 bytes (decoded as SDLPlatform does, U+FFFD each) typed into the editor: frame %.0f us, %d characters",
                 frameMicroseconds(invalidOverlay, [.text(invalid)]), invalidEditor.characterCount))

    let megabyte = String(repeating: "Lorem ipsum שלום مرحبا 日本語 👍🏽\n", count: 22_000)
    let pasteField = TextField(identifier: "paste")
    pasteField.shapesText = true
    let pasteFieldOverlay = benchOverlay(pasteField, engine: engine, clipboard: megabyte)
    let fieldPaste = frameMicroseconds(pasteFieldOverlay, [.key(KeyEvent(key: .character("v"), modifiers: [.control]))])
    print(String(format: "hostile: 1 MB paste (%d bytes) into a field: frame %.0f us, kept %d characters, hint: %@", megabyte.utf8.count,
                 fieldPaste, pasteField.text.count, pasteField.inputWasCut ? "yes" : "no"))
    let pasteEditor = TextEditor(identifier: "pasteEditor")
    pasteEditor.preferredHeight = 400
    let pasteEditorOverlay = benchOverlay(pasteEditor, engine: engine, clipboard: megabyte)
    let editorPaste = frameMicroseconds(pasteEditorOverlay, [.key(KeyEvent(key: .character("v"), modifiers: [.control]))])
    print(String(format: "hostile: 1 MB paste into the editor: frame %.0f us, kept %d characters (its maxLength), hint: %@; next frame %.0f us",
                 editorPaste, pasteEditor.characterCount, pasteEditor.inputWasCut ? "yes" : "no", frameMicroseconds(pasteEditorOverlay, [])))
}
