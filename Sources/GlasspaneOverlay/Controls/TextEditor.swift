// A multi-line text editor: paragraphs split at newlines, each wrapped and shaped on its own (TextEditor+Layout.swift),
// edited with the same input filter, clipboard, undo history and composition handling as TextField
// (Controls/TextEditing.swift), scrolled vertically with the caret kept in sight (TextEditor+Drawing.swift).
import GlasspaneCore
import GlasspaneDraw

/// A multi-line text input. Text is edited in place (no apply step): `onEdit` runs after every change.
///
/// Keys: Left/Right move by one character (logical order; in a right-to-left paragraph Left moves forward, so the
/// caret goes the way the arrow points), Ctrl+Left/Right by word, Up/Down by visual line keeping the caret's x,
/// PageUp/PageDown by a screenful, Home/End to the visual line's ends (Ctrl: the text's), Shift extends the
/// selection; Enter inserts a newline; Backspace/Delete (Ctrl: a word); Ctrl+A, Ctrl+C/X/V through the overlay's
/// clipboard; Ctrl+Z undoes, Ctrl+Y or Ctrl+Shift+Z redoes. The pointer places the caret and drags a selection (past
/// the top or bottom edge the text scrolls), drags the scroll indicator; a
/// double click selects a word, a triple click its paragraph; the wheel scrolls.
open class TextEditor: View, ScriptableControl {
    /// The text, paragraphs joined by "\n". Setting it replaces everything (and forgets the undo history).
    public var text: String {
        get { paragraphs.joined(separator: "\n") }
        set { setText(newValue) }
    }
    /// Font size in points.
    public var fontSize: Double = 14 { didSet { if fontSize != oldValue { layoutKey = nil; setNeedsDisplay() } } }
    /// Line height as a multiple of the font's natural height.
    public var lineSpacing: Double = 1.2 { didSet { if lineSpacing != oldValue { layoutKey = nil; setNeedsDisplay() } } }
    /// The most characters (grapheme clusters, newlines included) the editor holds (at most `maxLengthLimit`); longer
    /// input is cut there and `limitHint` is shown. Also at most `maxScalarCount` scalars and `maxUTF8Count` bytes.
    public var maxLength = 10_000 { didSet { maxLength = min(max(maxLength, 0), TextEditor.maxLengthLimit) } }
    /// The limit on `maxLength`.
    public static let maxLengthLimit = 200_000
    /// The most Unicode scalars: `maxLength` × `TextField.scalarsPerCharacter`.
    public var maxScalarCount: Int { maxLength * TextField.scalarsPerCharacter }
    /// The most UTF-8 bytes: `maxLength` × `TextField.utf8BytesPerCharacter`.
    public var maxUTF8Count: Int { maxLength * TextField.utf8BytesPerCharacter }
    /// Shown at the bottom while the last typed or pasted text was cut to the limits; "%d" is the limit in characters.
    public var limitHint = "Cut to the limit of %d characters" { didSet { setNeedsDisplay() } }
    /// Whether the last typed, pasted or set text was cut to the limits (cleared by the next edit that fits).
    public private(set) var inputWasCut = false
    /// Shown at the bottom while some paragraph is too complex to lay out in full (more than
    /// `TextLayoutEngine.maximumRunsPerParagraph` runs, a bidi control storm): its end is not drawn, the text keeps it.
    public var layoutCutHint = "Too complex to show in full" { didSet { setNeedsDisplay() } }
    /// Whether some paragraph's layout was cut (see `layoutCutHint`); known once the editor has been drawn.
    public var layoutIsCut: Bool { paragraphLayouts.contains { $0?.isCut == true } }
    /// Runs with the text after every edit (typing, deletion, paste, undo, redo).
    public var onEdit: ((String) -> Void)?
    /// Text color; nil: the theme's.
    public var textColor: Color? { didSet { setNeedsDisplay() } }
    /// Behind selected text; nil: the theme's.
    public var selectionColor: Color? { didSet { setNeedsDisplay() } }
    /// Outline while focused; nil: the theme's focus ring.
    public var focusColor: Color? { didSet { setNeedsDisplay() } }

    /// The paragraphs (text between newlines); never empty.
    package private(set) var paragraphs: [String] = [""]
    /// Characters, scalars and bytes per paragraph, and their totals (newlines counted).
    private var characterCounts: [Int] = [0], scalarCounts: [Int] = [0], byteCounts: [Int] = [0]
    private var sumCharacters = 0, sumScalars = 0, sumBytes = 0
    /// Totals with the newlines between paragraphs (one character, scalar and byte each).
    private var totalCharacters: Int { sumCharacters + paragraphs.count - 1 }
    private var totalScalars: Int { sumScalars + paragraphs.count - 1 }
    private var totalBytes: Int { sumBytes + paragraphs.count - 1 }
    /// The caret and the selection's fixed end.
    var caretPosition = EditorPosition(paragraph: 0, offset: 0)
    var anchorPosition = EditorPosition(paragraph: 0, offset: 0)
    /// The x that Up and Down keep (points from the text's left edge), set by the first vertical move.
    var preferredCaretX: Double?
    /// The caret at the end of a wrapped line is drawn there rather than at the next line's start (after End).
    var caretAtLineEnd = false
    /// Each paragraph's layout (nil: not laid out yet) and what they were laid out for.
    var paragraphLayouts: [EditorParagraphLayout?] = [nil]
    var layoutKey: EditorLayoutKey?
    /// Each paragraph's top (points from the content's top); empty: stale.
    var paragraphTops: [Double] = []
    /// How far the content is scrolled up (points).
    public internal(set) var contentOffsetY = 0.0
    /// The height of all the laid-out lines (points), as of the last layout.
    public internal(set) var contentHeight = 0.0
    /// Scroll so the caret shows at the next draw.
    var needsCaretInSight = false
    /// Where the caret was last drawn (view coordinates).
    var lastCaretRect: Rect?
    private var history = TextUndoHistory<EditorSnapshot>()
    /// The pointer dragging a selection or the scroll indicator.
    var dragPointer: Int?
    /// That pointer's last location (view coordinates), for scrolling while it is held past an edge.
    var dragLocation: Point?
    /// While the scroll indicator is dragged: where the thumb was grabbed, points below its top.
    var indicatorGrab: Double?
    /// The frame time of the drag's last autoscroll step (nil: none yet).
    var lastAutoscrollTime: Double?
    /// An input method's uncommitted text, drawn at the caret; and its cursor, in characters.
    package private(set) var markedText = ""
    private(set) var markedCursor = 0
    /// Inner padding, points.
    static let padding = 6.0
    /// Room on the right for the scroll indicator.
    static let indicatorWidth = 6.0

    /// Creates an editor holding `text` (cut to the default `maxLength`), the caret at its end.
    public init(identifier: String = "", text: String = "") {
        super.init(identifier: identifier)
        borderWidth = 1
        cornerRadius = 4
        setText(text)
    }

    /// Controls claim their bounds.
    open override var claimsBoundsByDefault: Bool { true }
    /// Editors take keyboard focus.
    open override var canBecomeFocused: Bool { true }
    /// Editors take typed text.
    open override var acceptsTextInput: Bool { true }

    // MARK: - Positions and selection

    /// The total number of characters, newlines included.
    public var characterCount: Int { totalCharacters }
    /// The total number of Unicode scalars.
    public var scalarCount: Int { totalScalars }
    /// The total number of UTF-8 bytes.
    public var utf8Count: Int { totalBytes }

    /// The character offset (from the text's start, newlines counted) of a position.
    func characterIndex(of position: EditorPosition) -> Int {
        var index = 0
        for p in 0..<position.paragraph { index += characterCounts[p] + 1 }
        return index + position.offset
    }

    /// The position of a character offset (clamped).
    func position(ofCharacter index: Int) -> EditorPosition {
        var rest = max(index, 0)
        for p in paragraphs.indices {
            if rest <= characterCounts[p] { return EditorPosition(paragraph: p, offset: rest) }
            rest -= characterCounts[p] + 1
        }
        return endPosition
    }

    /// The end of the text.
    var endPosition: EditorPosition { EditorPosition(paragraph: paragraphs.count - 1, offset: characterCounts[paragraphs.count - 1]) }

    /// The caret, in characters from the start.
    public var caret: Int { characterIndex(of: caretPosition) }
    /// The selected characters (empty when none), in characters from the start, newlines counted.
    public var selection: Range<Int> {
        let a = characterIndex(of: anchorPosition), c = characterIndex(of: caretPosition)
        return min(a, c)..<max(a, c)
    }
    /// The selected text.
    public var selectedText: String { text(from: min(anchorPosition, caretPosition), to: max(anchorPosition, caretPosition)) }

    /// Selects characters `range` (clamped); the caret goes to its end.
    public func select(_ range: Range<Int>) {
        anchorPosition = position(ofCharacter: range.lowerBound)
        moveCaret(to: position(ofCharacter: range.upperBound), extending: true)
    }

    /// Selects the whole text.
    public func selectAll() {
        anchorPosition = EditorPosition(paragraph: 0, offset: 0)
        moveCaret(to: endPosition, extending: true)
    }

    /// Moves the caret (keeping the anchor when `extending`); ends typing's undo group.
    func moveCaret(to position: EditorPosition, extending: Bool = false, keepsPreferredX: Bool = false, atLineEnd: Bool = false) {
        let p = min(max(position.paragraph, 0), paragraphs.count - 1)
        caretPosition = EditorPosition(paragraph: p, offset: min(max(position.offset, 0), characterCounts[p]))
        if !extending { anchorPosition = caretPosition }
        if !keepsPreferredX { preferredCaretX = nil }
        caretAtLineEnd = atLineEnd
        history.canCoalesce = false
        needsCaretInSight = true
        setNeedsDisplay()
    }

    /// The text between two positions (a before b).
    func text(from a: EditorPosition, to b: EditorPosition) -> String {
        if a.paragraph == b.paragraph { return String(paragraphs[a.paragraph].characters(in: a.offset..<b.offset)) }
        var pieces = [String(paragraphs[a.paragraph].characters(in: a.offset..<characterCounts[a.paragraph]))]
        for p in (a.paragraph + 1)..<b.paragraph { pieces.append(paragraphs[p]) }
        pieces.append(String(paragraphs[b.paragraph].characters(in: 0..<b.offset)))
        return pieces.joined(separator: "\n")
    }

    // MARK: - Editing

    /// Replaces the whole text (cut to the limits; `inputWasCut` says so) without an undo step; the caret goes to the end.
    public func setText(_ newText: String) {
        let (kept, cut) = TextInputFilter.prefix(newText, keepingNewlines: true, characters: maxLength, scalars: maxScalarCount,
                                                 utf8: maxUTF8Count)
        replaceParagraphs(0..<paragraphs.count, with: kept.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
        inputWasCut = cut
        history.removeAll()
        moveCaret(to: endPosition)
    }

    /// A snapshot of paragraphs from `start` with the selection, for undo.
    struct EditorSnapshot { var start: Int; var paragraphs: [String]; var anchor: EditorPosition; var caret: EditorPosition }

    /// Replaces the selection with `input` (newlines kept, cut to the limits); the caret ends after it. Typing without
    /// spaces or newlines joins the previous typing's undo step.
    func replaceSelection(with input: String, coalescing: Bool = false) {
        let lo = min(anchorPosition, caretPosition), hi = max(anchorPosition, caretPosition)
        let wasTyping = history.canCoalesce
        let headText = String(paragraphs[lo.paragraph].characters(in: 0..<lo.offset))
        let tailText = String(paragraphs[hi.paragraph].characters(in: hi.offset..<characterCounts[hi.paragraph]))
        // What stays outside the replaced range, so the input gets what is left of each limit.
        var keptCharacters = totalCharacters, keptScalars = totalScalars, keptBytes = totalBytes
        for p in lo.paragraph...hi.paragraph {
            keptCharacters -= characterCounts[p]; keptScalars -= scalarCounts[p]; keptBytes -= byteCounts[p]
        }
        keptCharacters -= hi.paragraph - lo.paragraph; keptScalars -= hi.paragraph - lo.paragraph; keptBytes -= hi.paragraph - lo.paragraph
        keptCharacters += headText.count + tailText.count
        keptScalars += headText.unicodeScalars.count + tailText.unicodeScalars.count
        keptBytes += headText.utf8.count + tailText.utf8.count
        let (kept, cut) = TextInputFilter.prefix(input, keepingNewlines: true, characters: maxLength - keptCharacters,
                                                 scalars: maxScalarCount - keptScalars, utf8: maxUTF8Count - keptBytes)
        inputWasCut = cut
        guard !(kept.isEmpty && lo == hi) else { setNeedsDisplay(); return }
        // Marks typed one at a time merge into the character before them: refused past the per-character limit.
        if TextInputFilter.endsInOverlongCharacter(headText + kept) { inputWasCut = true; setNeedsDisplay(); return }
        let before = EditorSnapshot(start: lo.paragraph, paragraphs: Array(paragraphs[lo.paragraph...hi.paragraph]),
                                    anchor: anchorPosition, caret: caretPosition)
        let headPieces = (headText + kept).split(separator: "\n", omittingEmptySubsequences: false)
        var pieces = headPieces.map(String.init)
        pieces[pieces.count - 1] += tailText
        let caretOffset = headPieces.last!.count  // counted joined: a typed mark merges with the character before it
        replaceParagraphs(lo.paragraph..<(hi.paragraph + 1), with: pieces)
        moveCaret(to: EditorPosition(paragraph: lo.paragraph + pieces.count - 1, offset: caretOffset))
        let after = EditorSnapshot(start: lo.paragraph, paragraphs: pieces, anchor: caretPosition, caret: caretPosition)
        history.canCoalesce = wasTyping  // moving the caret ended the group; this edit itself may continue it
        history.record(before: before, after: after, coalescing: coalescing) { last, newAfter in
            // Typing inside the one paragraph the previous typing left.
            guard last.after.start == before.start, last.after.paragraphs == before.paragraphs, before.paragraphs.count == 1,
                  newAfter.paragraphs.count == 1 else { return nil }
            return .init(before: last.before, after: newAfter, coalesces: true)
        }
        onEdit?(text)
    }

    /// Replaces paragraphs `range` with `pieces`, keeping counts and layouts in step.
    private func replaceParagraphs(_ range: Range<Int>, with pieces: [String]) {
        for p in range { sumCharacters -= characterCounts[p]; sumScalars -= scalarCounts[p]; sumBytes -= byteCounts[p] }
        let counts = pieces.map { ($0.count, $0.unicodeScalars.count, $0.utf8.count) }
        for c in counts { sumCharacters += c.0; sumScalars += c.1; sumBytes += c.2 }
        paragraphs.replaceSubrange(range, with: pieces)
        characterCounts.replaceSubrange(range, with: counts.map(\.0))
        scalarCounts.replaceSubrange(range, with: counts.map(\.1))
        byteCounts.replaceSubrange(range, with: counts.map(\.2))
        paragraphLayouts.replaceSubrange(range, with: repeatElement(nil, count: pieces.count))
        paragraphTops.removeAll(keepingCapacity: true)
        setNeedsDisplay()
    }

    /// Whether there is an edit to undo / redo.
    public var canUndo: Bool { !history.undoSteps.isEmpty }
    /// See `canUndo`.
    public var canRedo: Bool { !history.redoSteps.isEmpty }

    /// Takes the last edit back and restores the selection it started from.
    public func undo() {
        guard let step = history.undo() else { return }
        replaceParagraphs(step.after.start..<(step.after.start + step.after.paragraphs.count), with: step.before.paragraphs)
        anchorPosition = step.before.anchor
        moveCaret(to: step.before.caret, extending: true)
        onEdit?(text)
    }

    /// Does the last undone edit again.
    public func redo() {
        guard let step = history.redo() else { return }
        replaceParagraphs(step.before.start..<(step.before.start + step.before.paragraphs.count), with: step.after.paragraphs)
        moveCaret(to: step.after.caret)
        onEdit?(text)
    }

    /// Typed text replaces the selection (and ends any composition: this is its committed result).
    open override func textInput(_ input: String) {
        if !markedText.isEmpty { markedText = "" }
        replaceSelection(with: input, coalescing: !input.contains { $0.isWhitespace })
    }

    /// Shows the composition at the caret; an empty one removes it.
    open override func textComposition(_ composition: String, cursor: Int) {
        let shown = TextComposition.shown(composition, cursor: cursor)
        guard shown.text != markedText || shown.cursor != markedCursor else { return }
        markedText = shown.text
        markedCursor = shown.cursor
        setNeedsDisplay()
    }

    /// Losing focus ends a composition and a drag; the text stays.
    open override func focusDidChange() {
        if !isFocused { markedText = ""; dragPointer = nil }
        history.canCoalesce = false
        setNeedsDisplay()
    }

    private var clipboard: (any TextClipboard)? { layer?.overlay?.clipboard }

    // MARK: - Keys

    /// See the type's keys.
    open override func keyDown(_ event: KeyEvent) {
        let extend = event.modifiers.contains(.shift)
        let command = event.modifiers.contains(.control) || event.modifiers.contains(.command)
        let hasSelection = anchorPosition != caretPosition
        let rtl = isRightToLeft(paragraph: caretPosition.paragraph)
        switch event.key {
        case .left, .right:
            let forward = (event.key == .right) != rtl
            if hasSelection && !extend && !command {
                moveCaret(to: forward ? max(anchorPosition, caretPosition) : min(anchorPosition, caretPosition))
            } else if command {
                moveCaret(to: forward ? wordEnd(after: caretPosition) : wordStart(before: caretPosition), extending: extend)
            } else {
                moveCaret(to: step(caretPosition, forward: forward), extending: extend)
            }
        case .up, .down: moveVertically(lines: event.key == .up ? -1 : 1, extending: extend)
        case .pageUp, .pageDown: movePage(down: event.key == .pageDown, extending: extend)
        case .home:
            if command { moveCaret(to: EditorPosition(paragraph: 0, offset: 0), extending: extend) } else { moveToLineEdge(end: false, extending: extend) }
        case .end:
            if command { moveCaret(to: endPosition, extending: extend) } else { moveToLineEdge(end: true, extending: extend) }
        case .backspace:
            if !hasSelection { anchorPosition = command ? wordStart(before: caretPosition) : step(caretPosition, forward: false) }
            replaceSelection(with: "")
        case .delete:
            if !hasSelection { anchorPosition = command ? wordEnd(after: caretPosition) : step(caretPosition, forward: true) }
            replaceSelection(with: "")
        case .enter: replaceSelection(with: "\n")
        case .character(let c) where command:
            switch c {
            case "a": selectAll()
            case "c": if hasSelection { clipboard?.writeText(selectedText) }
            case "x": if hasSelection { clipboard?.writeText(selectedText); replaceSelection(with: "") }
            case "v": if let pasted = clipboard?.readText() { replaceSelection(with: pasted) }
            case "z": if extend { redo() } else { undo() }
            case "y": redo()
            default: break
            }
        default: break
        }
    }

    /// One character forward or back, across newlines.
    func step(_ position: EditorPosition, forward: Bool) -> EditorPosition {
        if forward {
            if position.offset < characterCounts[position.paragraph] { return EditorPosition(paragraph: position.paragraph, offset: position.offset + 1) }
            return position.paragraph + 1 < paragraphs.count ? EditorPosition(paragraph: position.paragraph + 1, offset: 0) : position
        }
        if position.offset > 0 { return EditorPosition(paragraph: position.paragraph, offset: position.offset - 1) }
        return position.paragraph > 0 ? EditorPosition(paragraph: position.paragraph - 1, offset: characterCounts[position.paragraph - 1]) : position
    }

    /// Letters, digits, marks and the underscore make words.
    static func isWordCharacter(_ c: Character) -> Bool {
        c.isLetter || c.isNumber || c == "_" || c.unicodeScalars.first.map { $0.properties.generalCategory == .nonspacingMark } == true
    }

    /// The end of the word at or after `position` (the next paragraph's start from a paragraph's end).
    func wordEnd(after position: EditorPosition) -> EditorPosition {
        let characters = Array(paragraphs[position.paragraph])
        var i = position.offset
        if i == characters.count { return step(position, forward: true) }
        while i < characters.count, !Self.isWordCharacter(characters[i]) { i += 1 }
        while i < characters.count, Self.isWordCharacter(characters[i]) { i += 1 }
        return EditorPosition(paragraph: position.paragraph, offset: i)
    }

    /// The start of the word at or before `position` (the previous paragraph's end from a paragraph's start).
    func wordStart(before position: EditorPosition) -> EditorPosition {
        let characters = Array(paragraphs[position.paragraph])
        var i = position.offset
        if i == 0 { return step(position, forward: false) }
        while i > 0, !Self.isWordCharacter(characters[i - 1]) { i -= 1 }
        while i > 0, Self.isWordCharacter(characters[i - 1]) { i -= 1 }
        return EditorPosition(paragraph: position.paragraph, offset: i)
    }

    /// The word (or the single other character) at `position`, as a selection.
    func selectWord(at position: EditorPosition) {
        let characters = Array(paragraphs[position.paragraph])
        guard !characters.isEmpty else { moveCaret(to: position); return }
        var start = min(position.offset, characters.count - 1), end = start + 1
        if Self.isWordCharacter(characters[start]) {
            while start > 0, Self.isWordCharacter(characters[start - 1]) { start -= 1 }
            while end < characters.count, Self.isWordCharacter(characters[end]) { end += 1 }
        }
        anchorPosition = EditorPosition(paragraph: position.paragraph, offset: start)
        moveCaret(to: EditorPosition(paragraph: position.paragraph, offset: end), extending: true)
    }

    // MARK: - Pointer

    /// Places the caret (Shift extends); a double click selects a word, a triple click the paragraph.
    open override func pointerDown(_ event: PointerEvent) {
        guard event.button == .left, dragPointer == nil, let fonts = layer?.fonts else { return }
        if isOnIndicator(event.location) {
            dragPointer = event.pointerID
            beginIndicatorDrag(at: event.location.y)
            return
        }
        let hit = position(at: event.location, fonts: fonts)
        if event.clickCount == 2 { selectWord(at: hit.position); return }
        if event.clickCount >= 3 {
            anchorPosition = EditorPosition(paragraph: hit.position.paragraph, offset: 0)
            moveCaret(to: EditorPosition(paragraph: hit.position.paragraph, offset: characterCounts[hit.position.paragraph]), extending: true)
            return
        }
        dragPointer = event.pointerID
        dragLocation = event.location
        moveCaret(to: hit.position, extending: event.modifiers.contains(.shift), atLineEnd: hit.atLineEnd)
    }

    /// Drags the selection's moving end (past the top or bottom edge the text scrolls, TextEditor+Scrolling.swift),
    /// or the scroll indicator.
    open override func pointerMoved(_ event: PointerEvent) {
        guard dragPointer == event.pointerID, let fonts = layer?.fonts else { return }
        if indicatorGrab != nil { dragIndicator(to: event.location.y); return }
        dragLocation = event.location
        extendDragSelection(fonts: fonts)
        if distancePastEdge(event.location) != 0 { layer?.overlay?.startTicking(self) }
    }

    /// Ends the drag.
    open override func pointerUp(_ event: PointerEvent) {
        guard dragPointer == event.pointerID else { return }
        dragPointer = nil; dragLocation = nil; indicatorGrab = nil; lastAutoscrollTime = nil
    }
    /// Ends the drag.
    open override func pointerCancelled(_ event: PointerEvent) { pointerUp(event) }

    // MARK: - Geometry (TextEditor+Drawing.swift)

    /// The wheel scrolls three lines per step; at an edge it goes to the superview.
    open override func scrollWheel(at location: Point, dx: Double, dy: Double) {
        if !scrollByWheel(dy: dy) { super.scrollWheel(at: location, dx: dx, dy: dy) }
    }

    /// The caret's rectangle in window points while focused (the platform puts the input method's window there).
    open override var textInputCaretRect: Rect? {
        guard isFocused, let rect = lastCaretRect else { return nil }
        return Rect(origin: convertToWindow(rect.origin), size: rect.size)
    }

    /// The proposal's width (or 320 points) and six lines.
    open override func sizeThatFits(_ proposed: Size, fonts: any FontMetrics) -> Size { editorSize(proposed, fonts: fonts) }

    /// Background, outline, the visible lines' selection and text, the composition, the caret, the scroll indicator
    /// and the limit hint.
    open override func draw(in rect: Rect, context: inout PaintContext) { drawEditor(in: rect, context: &context) }

    // MARK: - Scripts

    /// `value` and `text`: the text; `selection`: the selected characters as `lower..<upper`.
    public func scriptValue(of property: String) -> String? {
        switch property {
        case "value", "text": text
        case "selection": "\(selection.lowerBound)..<\(selection.upperBound)"
        default: nil
        }
    }
}
