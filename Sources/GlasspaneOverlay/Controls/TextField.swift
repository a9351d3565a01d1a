// A single-line text field: caret and selection by keys and pointer, clipboard, Enter applies, Escape reverts.
// Positions are counted in grapheme clusters (Swift `Character`s), so the caret never splits an emoji or an accent.
import GlasspaneCore
import GlasspaneDraw

/// A single-line text input. Edits are tentative until Enter: `onCommit` runs only for valid text, and losing focus
/// (Escape, a press elsewhere) puts the last applied text back. Text that fails `validator` is outlined in red with
/// `invalidHint` shown inside the field.
///
/// Keys: Left/Right move the caret by one character, Home/End to the ends, Shift extends the selection; Backspace and
/// Delete remove the selection or one character; Ctrl+A selects all, Ctrl+C/X/V copy, cut and paste through the
/// overlay's clipboard; Ctrl+Z undoes (typing between spaces is one step), Ctrl+Y or Ctrl+Shift+Z redoes. The pointer
/// places the caret, drags a selection, and a double click selects all. An empty field shows `placeholder`; a
/// disabled one is faded and takes no focus, pointer or text.
open class TextField: View, ScriptableControl {
    /// The text shown (being edited while focused). Setting it puts the caret at the end.
    public var text: String {
        didSet {
            guard text != oldValue else { return }
            let n = text.count
            caret = min(caret, n); anchor = min(anchor, n)
            setNeedsDisplay()
            onEdit?(text)
        }
    }
    /// The last applied text (what Escape or losing focus returns to).
    public private(set) var committedText: String
    /// Font size in points.
    public var fontSize: Double = 14 { didSet { invalidateMeasurement(); setNeedsDisplay() } }
    /// The most characters (grapheme clusters) the field holds; longer input is cut at the limit (at most 4,096).
    /// Input is also cut at `maxScalarCount` Unicode scalars and `maxUTF8Count` bytes, since one character can hold
    /// any number of combining marks.
    public var maxLength = 64 { didSet { maxLength = min(max(maxLength, 0), TextField.maxLengthLimit) } }
    /// The limit on `maxLength`, so measuring and drawing stay cheap.
    public static let maxLengthLimit = 4096
    /// Unicode scalars allowed per character of `maxLength` (an accent is one more scalar in the same character).
    public static let scalarsPerCharacter = 8
    /// UTF-8 bytes allowed per character of `maxLength` (a family emoji is 25).
    public static let utf8BytesPerCharacter = 24
    /// The most Unicode scalars the field holds: `maxLength` × `scalarsPerCharacter`.
    public var maxScalarCount: Int { maxLength * TextField.scalarsPerCharacter }
    /// The most UTF-8 bytes the field holds: `maxLength` × `utf8BytesPerCharacter`.
    public var maxUTF8Count: Int { maxLength * TextField.utf8BytesPerCharacter }
    /// Decides whether text may be applied; invalid text is outlined in `invalidColor` and Enter ignores it.
    public var validator: (String) -> Bool = { _ in true } { didSet { setNeedsDisplay() } }
    /// A short hint drawn inside the field, after the text, while the text is invalid (nil: none).
    public var invalidHint: String? { didSet { setNeedsDisplay() } }
    /// Shown at the field's right end, over a backing, while the last typed or pasted text was cut to the limits
    /// (`inputWasCut`); "%d" is `maxLength`.
    public var limitHint = "max %d" { didSet { setNeedsDisplay() } }
    /// Whether the last typed or pasted text was cut to `maxLength`, `maxScalarCount` or `maxUTF8Count` (or refused
    /// whole); the next edit that fits clears it.
    public private(set) var inputWasCut = false
    /// Select the whole text when the field takes focus (a press then does not move the caret).
    public var selectsAllOnFocus = false
    /// Runs with the text when Enter applies valid text (or losing focus does, with `commitsOnFocusLoss`).
    public var onCommit: ((String) -> Void)?
    /// Losing focus applies valid text (like Enter) instead of putting the last applied text back: for forms where
    /// a press on a Done button must not undo the typing.
    public var commitsOnFocusLoss = false
    /// Runs with the text after every edit (typing, deletion, paste, Escape's revert), before it is applied.
    public var onEdit: ((String) -> Void)?
    /// Text color.
    public var textColor: Color? { didSet { setNeedsDisplay() } }
    /// Outline while focused.
    public var focusColor: Color? { didSet { setNeedsDisplay() } }
    /// Outline while the text is invalid.
    public var invalidColor: Color? { didSet { setNeedsDisplay() } }
    /// Behind selected text.
    public var selectionColor: Color? { didSet { setNeedsDisplay() } }
    /// Drawn in the theme's `secondaryText` while the field is empty (SwiftUI's `TextField("Name", text:)` title);
    /// never part of `text`.
    public var placeholder = "" { didSet { if placeholder != oldValue { setNeedsDisplay() } } }
    /// A disabled field is drawn faded (`Control.disabledOpacity`), cannot be focused (it loses focus, which puts
    /// the last applied text back) and ignores pointers.
    public var isEnabled = true {
        didSet {
            guard isEnabled != oldValue else { return }
            setNeedsDisplay()
            if !isEnabled {
                dragPointer = nil
                if isFocused { layer?.overlay?.clearFocus() }
            }
        }
    }

    /// Draws the text shaped (HarfBuzz ligatures, joined Arabic, bidi order, fallback fonts) when the fonts are
    /// `ParagraphMetrics`; the caret and selection then sit at shaped cluster edges (TextField+Shaped.swift).
    public var shapesText = false {
        didSet { if shapesText != oldValue { measurementKey = nil; setNeedsDisplay() } }
    }

    /// The caret, in characters from the start (0...text.count).
    package private(set) var caret = 0
    /// The fixed end of the selection; equal to `caret` when nothing is selected.
    package private(set) var anchor = 0
    /// The selected characters (empty when none).
    public var selection: Range<Int> { min(caret, anchor)..<max(caret, anchor) }
    /// The selected text.
    public var selectedText: String { String(text.characters(in: selection)) }

    private var dragPointer: Int?
    private var pressFocusedField = false
    /// Where the caret was last drawn (view coordinates), for the input method's window.
    private var lastCaretRect: Rect?

    /// The caret's rectangle in window points while focused (the platform puts the input method's window there).
    open override var textInputCaretRect: Rect? {
        guard isFocused, let rect = lastCaretRect else { return nil }
        return Rect(origin: convertToWindow(rect.origin), size: rect.size)
    }
    /// How far the text is scrolled left so the caret stays visible (points).
    private var scrollOffset = 0.0
    private static let horizontalPadding = 8.0

    /// Creates a field showing (and having applied) `text`.
    public init(identifier: String = "", text: String = "") {
        self.text = text
        committedText = text
        super.init(identifier: identifier)
        caret = text.count
        anchor = caret
        borderWidth = 1
        cornerRadius = 4
    }

    /// Controls claim their bounds.
    open override var claimsBoundsByDefault: Bool { true }
    /// Enabled text fields take keyboard focus.
    open override var canBecomeFocused: Bool { isEnabled }
    /// Text fields take typed text.
    open override var acceptsTextInput: Bool { true }

    /// True when the current text fails the validator.
    public var isInvalid: Bool { !validator(text) }

    /// Replaces both the shown and the applied text without calling `onCommit` (a programmatic update).
    public func setText(_ newText: String) {
        history.removeAll()
        committedText = newText
        text = newText
        inputWasCut = false
        setCaret(text.count)
    }

    /// Selects characters `range` (clamped); the caret goes to its end.
    public func select(_ range: Range<Int>) {
        let n = text.count
        anchor = min(max(range.lowerBound, 0), n)
        caret = min(max(range.upperBound, 0), n)
        history.canCoalesce = false
        setNeedsDisplay()
    }

    /// Selects the whole text.
    public func selectAll() { select(0..<text.count) }

    private func setCaret(_ position: Int, extending: Bool = false) {
        caret = min(max(position, 0), text.count)
        if !extending { anchor = caret }
        history.canCoalesce = false
        setNeedsDisplay()
    }

    // MARK: - Editing

    /// Keeps printable characters: control characters (Unicode Cc, which includes tab and newline) and line or
    /// paragraph separators are dropped.
    public static func printable(_ input: String) -> String {
        String(input.filter { c in
            !c.isNewline && !c.unicodeScalars.contains { $0.properties.generalCategory == .control }
        })
    }

    /// The printable characters at the start of `input` (see `printable`) that fit in `characters` characters,
    /// `scalars` Unicode scalars and `utf8` bytes; it stops at the first that does not, reading nothing after it (a
    /// pasted megabyte of text costs what fits and one character more).
    static func printablePrefix(_ input: String, characters: Int, scalars: Int, utf8: Int) -> String {
        TextInputFilter.prefix(input, keepingNewlines: false, characters: characters, scalars: scalars, utf8: utf8).text
    }

    /// Replaces the selection with `input` (filtered, cut to `maxLength`, `maxScalarCount` and `maxUTF8Count`); the
    /// caret ends after the insertion. Typing without spaces (`coalescing`) joins the previous typing's undo step.
    /// `undoState` is the state to undo to when it is not now's (Backspace has already moved the anchor).
    func replaceSelection(with input: String, coalescing: Bool = false, undoingTo undoState: FieldSnapshot? = nil) {
        let range = selection
        let wasTyping = history.canCoalesce
        let before = undoState ?? snapshot
        let head = String(text.characters(in: 0..<range.lowerBound))
        let tail = String(text.characters(in: range.upperBound..<text.count))
        // Scalars and bytes add up exactly when strings join; characters may merge (hence the check below).
        let (kept, cut) = TextInputFilter.prefix(input, keepingNewlines: false, characters: maxLength - head.count - tail.count,
                                                 scalars: maxScalarCount - head.unicodeScalars.count - tail.unicodeScalars.count,
                                                 utf8: maxUTF8Count - head.utf8.count - tail.utf8.count)
        if cut != inputWasCut { inputWasCut = cut; setNeedsDisplay() }
        guard !(kept.isEmpty && range.isEmpty) else { return }
        if TextInputFilter.endsInOverlongCharacter(head + kept) { inputWasCut = true; setNeedsDisplay(); return }
        // Counted on the joined text: an inserted combining mark merges with the character before it.
        let newCaret = (head + kept).count
        text = head + kept + tail
        if text.count > maxLength { text = String(text.prefix(maxLength)) }
        setCaret(newCaret)
        history.canCoalesce = wasTyping  // moving the caret ended the group; this edit itself may continue it
        history.record(before: before, after: snapshot, coalescing: coalescing) { last, after in
            last.after.text == before.text ? .init(before: last.before, after: after, coalesces: true) : nil
        }
    }

    /// The text and selection around an edit, for undo.
    struct FieldSnapshot { var text: String; var caret: Int; var anchor: Int }
    /// The text and selection now.
    private var snapshot: FieldSnapshot { FieldSnapshot(text: text, caret: caret, anchor: anchor) }

    /// Whether there is an edit to undo / redo.
    public var canUndo: Bool { !history.undoSteps.isEmpty }
    /// See `canUndo`.
    public var canRedo: Bool { !history.redoSteps.isEmpty }

    /// Takes the last edit back and restores the selection it started from.
    public func undo() { if let step = history.undo() { restore(step.before) } }

    /// Does the last undone edit again.
    public func redo() { if let step = history.redo() { restore(step.after) } }

    private func restore(_ snapshot: FieldSnapshot) {
        inputWasCut = false
        text = snapshot.text
        anchor = min(snapshot.anchor, text.count)
        caret = min(snapshot.caret, text.count)
        setNeedsDisplay()
    }

    /// Typed text replaces the selection (and ends any composition: this is its committed result).
    open override func textInput(_ input: String) {
        lastFocusPressPending = false
        if !markedText.isEmpty { markedText = ""; setNeedsDisplay() }
        replaceSelection(with: input, coalescing: !input.contains { $0.isWhitespace })
    }

    /// An input method's uncommitted text, drawn underlined at the caret; not part of `text` until committed.
    package private(set) var markedText = ""
    /// The cursor inside `markedText`, in characters.
    private(set) var markedCursor = 0
    /// Undo and redo (Controls/TextEditing.swift): 200 steps; forgotten by `setText` and when focus leaves.
    private var history = TextUndoHistory<FieldSnapshot>()

    /// Shows the composition at the caret (underlined); an empty one removes it.
    open override func textComposition(_ composition: String, cursor: Int) {
        lastFocusPressPending = false
        let shown = TextComposition.shown(composition, cursor: cursor)
        guard shown.text != markedText || shown.cursor != markedCursor else { return }
        markedText = shown.text
        markedCursor = shown.cursor
        setNeedsDisplay()
    }

    /// Caret and selection keys, deletion, clipboard, Enter applies valid text, Escape reverts (see the type).
    open override func keyDown(_ event: KeyEvent) {
        lastFocusPressPending = false
        let extend = event.modifiers.contains(.shift)
        let command = event.modifiers.contains(.control) || event.modifiers.contains(.command)
        switch event.key {
        case .left:
            if !selection.isEmpty && !extend { setCaret(selection.lowerBound) } else { setCaret(caret - 1, extending: extend) }
        case .right:
            if !selection.isEmpty && !extend { setCaret(selection.upperBound) } else { setCaret(caret + 1, extending: extend) }
        case .home: setCaret(0, extending: extend)
        case .end: setCaret(text.count, extending: extend)
        case .backspace:
            let before = snapshot
            if selection.isEmpty && caret > 0 { anchor = caret - 1 }
            replaceSelection(with: "", undoingTo: before)
        case .delete:
            let before = snapshot
            if selection.isEmpty && caret < text.count { anchor = caret + 1 }
            replaceSelection(with: "", undoingTo: before)
        case .enter:
            guard !isInvalid else { return }
            committedText = text
            onCommit?(text)
            setCaret(text.count)
        case .escape:
            let before = snapshot
            text = committedText
            setCaret(text.count)
            if before.text != text { history.record(before: before, after: snapshot, coalescing: false) { _, _ in nil } }
        case .character(let c) where command:
            switch c {
            case "a": selectAll()
            case "c": if !selection.isEmpty { clipboard?.writeText(selectedText) }
            case "x":
                if !selection.isEmpty { clipboard?.writeText(selectedText); replaceSelection(with: "") }
            case "v": if let pasted = clipboard?.readText() { replaceSelection(with: pasted) }
            case "z": if extend { redo() } else { undo() }
            case "y": redo()
            default: break
            }
        default: break
        }
    }

    private var clipboard: (any TextClipboard)? { layer?.overlay?.clipboard }

    /// Taking focus selects all (with `selectsAllOnFocus`) or puts the caret at the end; losing it cancels the edit.
    open override func focusDidChange() {
        lastFocusPressPending = isFocused
        if isFocused {
            if selectsAllOnFocus { selectAll() } else { setCaret(text.count) }
        } else {
            if commitsOnFocusLoss && !isInvalid && text != committedText {
                committedText = text
                onCommit?(text)
            }
            text = committedText
            inputWasCut = false
            setCaret(text.count)
            history.removeAll()
            dragPointer = nil
            markedText = ""
        }
        setNeedsDisplay()
    }

    // MARK: - Pointer

    /// Places the caret (Shift extends the selection); a double click selects all. The press that focuses a
    /// `selectsAllOnFocus` field keeps the whole text selected unless the pointer then drags.
    open override func pointerDown(_ event: PointerEvent) {
        guard isEnabled, event.button == .left, dragPointer == nil else { return }
        dragPointer = event.pointerID
        if event.clickCount >= 2 { selectAll(); dragPointer = nil; return }
        pressFocusedField = selectsAllOnFocus && selection == 0..<text.count && !text.isEmpty && lastFocusPressPending
        lastFocusPressPending = false
        if pressFocusedField { return }
        setCaret(characterIndex(atX: event.location.x), extending: event.modifiers.contains(.shift))
    }

    /// Drags the selection's moving end.
    open override func pointerMoved(_ event: PointerEvent) {
        guard dragPointer == event.pointerID else { return }
        let index = characterIndex(atX: event.location.x)
        if pressFocusedField {
            // A drag from the focusing press selects from where it started instead of keeping everything.
            guard index != caret else { return }
            pressFocusedField = false
        }
        setCaret(index, extending: true)
    }

    /// Ends the drag.
    open override func pointerUp(_ event: PointerEvent) { if dragPointer == event.pointerID { dragPointer = nil } }
    /// Ends the drag.
    open override func pointerCancelled(_ event: PointerEvent) { pointerUp(event) }

    /// Set when focus arrives; the router delivers the focusing press right after it (see `pointerDown`). Keys
    /// clear it, so after programmatic focus and typing a press places the caret.
    private var lastFocusPressPending = false

    /// The character boundary nearest to `x` (view coordinates).
    private func characterIndex(atX x: Double) -> Int {
        guard let fonts = layer?.fonts else { return text.count }
        let target = x - TextField.horizontalPadding + scrollOffset
        var best = 0, bestDistance = Double.infinity
        for i in 0...measuredCharacterCount(fonts: fonts) {
            let d = abs(prefixWidth(i, fonts: fonts) - target)
            if d < bestDistance { best = i; bestDistance = d }
        }
        return best
    }

    // MARK: - Measurement cache

    /// What the field's measurements were taken for: the text, the font size and the metrics (by identity, held so
    /// that no other metrics object can take its address, and `FontMetrics.measurementVersion`, which changes with
    /// the scale). Any difference drops every cached width.
    private struct MeasurementKey {
        var text: String
        var fontSize: Double
        var fonts: any FontMetrics
        var version: UInt64
    }

    /// The key the cached widths belong to (nil: nothing cached).
    private var measurementKey: MeasurementKey?
    /// Widths of the first k characters, by k (NaN: not measured yet); the buffer is reused across texts.
    private var prefixWidths: [Double] = []
    /// The shaped line's cluster geometry (TextField+Shaped.swift), dropped with the widths.
    var shapedGeometryCache: EditorParagraphLayout?
    /// The line height for `fontSize`, with the key's font size and metrics (the text does not matter).
    private var cachedLineHeight = Double.nan

    /// Makes the cache describe `text` at `fontSize` with `fonts`, dropping what it held for anything else.
    func validateMeasurements(fonts: any FontMetrics) {
        let version = fonts.measurementVersion
        if let key = measurementKey, key.fontSize == fontSize, key.fonts === fonts, key.version == version {
            if key.text == text { return }
        } else {
            cachedLineHeight = .nan
        }
        measurementKey = MeasurementKey(text: text, fontSize: fontSize, fonts: fonts, version: version)
        shapedGeometryCache = nil
        prefixWidths.removeAll(keepingCapacity: true)
        prefixWidths.append(contentsOf: repeatElement(Double.nan, count: text.count + 1))
        prefixWidths[0] = shapesText ? .nan : 0  // shaped right-to-left text starts at the right
    }

    /// Where the caret before character `index` is drawn, points from the text's left edge.
    package func caretX(at index: Int, fonts: any FontMetrics) -> Double { prefixWidth(index, fonts: fonts) }

    /// The number of characters in the measured text.
    private func measuredCharacterCount(fonts: any FontMetrics) -> Int {
        validateMeasurements(fonts: fonts)
        return prefixWidths.count - 1
    }

    /// The width of the first `count` characters (clamped), measured once per text, font size and metrics.
    private func prefixWidth(_ count: Int, fonts: any FontMetrics) -> Double {
        validateMeasurements(fonts: fonts)
        let k = min(max(count, 0), prefixWidths.count - 1)
        let cached = prefixWidths[k]
        if !cached.isNaN { return cached }
        if let x = shapedCaretX(k, fonts: fonts) { prefixWidths[k] = x; return x }
        // The whole text is measured as it is, without slicing it.
        let width = fonts.measure(k == prefixWidths.count - 1 ? text : String(text.prefix(k)), fontSize: fontSize).width
        prefixWidths[k] = width
        return width
    }

    /// The height of a line at `fontSize`, measured once per font size and metrics.
    private func lineHeight(fonts: any FontMetrics) -> Double {
        validateMeasurements(fonts: fonts)
        if cachedLineHeight.isNaN { cachedLineHeight = fonts.measure(" ", fontSize: fontSize).height }
        return cachedLineHeight
    }

    // MARK: - Layout and drawing

    /// Room for about ten characters, or the proposal.
    open override func sizeThatFits(_ proposed: Size, fonts: any FontMetrics) -> Size {
        let line = fonts.measure("#000000000", fontSize: fontSize)
        return Size(width: proposed.width.isFinite ? min(proposed.width, line.width + 16) : line.width + 16, height: line.height + 10)
    }

    /// The text's baseline (one line centered vertically, as drawn).
    open override func firstBaseline(in size: Size, fonts: any FontMetrics) -> Double? {
        ((size.height - lineHeight(fonts: fonts)) / 2).rounded(.down) + fonts.ascent(fontSize: fontSize)
    }

    /// `color` faded when disabled.
    private func enabledColor(_ color: Color) -> Color { isEnabled ? color : color.withAlpha(color.a * Control.disabledOpacity) }

    /// Background, an outline (focus or invalid), the selection, the text (or the placeholder), the invalid hint and
    /// the caret (drawn steadily while focused: no blink, so frames and replays stay deterministic).
    open override func draw(in rect: Rect, context: inout PaintContext) {
        let radius = presentationCornerRadius
        // Colors: own overrides, else the theme's tokens.
        let fill = enabledColor(themedBackground(.field)), textColor = enabledColor(themeColor(.text, overriddenBy: self.textColor))
        let invalidColor = themeColor(.invalid, overriddenBy: self.invalidColor)
        let selectionColor = themeColor(.textSelection, overriddenBy: self.selectionColor)
        context.add(.rect(rect, color: fill, cornerRadius: radius))
        let invalid = isInvalid
        let outline = invalid ? invalidColor : (isFocused ? themeColor(.focusRing, overriddenBy: focusColor) : enabledColor(themedBorder(.fieldBorder)))
        context.add(.border(rect, color: outline, width: isFocused || invalid ? 2 : borderWidth, cornerRadius: radius))
        let fonts = context.fonts
        // Widths of the first characters, cached until the text, the font size or the metrics change.
        func width(_ prefix: Int) -> Double { prefixWidth(prefix, fonts: fonts) }
        let characterCount = measuredCharacterCount(fonts: fonts)
        let lineHeight = lineHeight(fonts: fonts)
        let inner = rect.width - 2 * TextField.horizontalPadding
        let caretX = width(caret)
        // The text's right end: with mixed directions the caret's last position need not be there.
        let textWidth = shapedLine(fonts: fonts)?.size.width ?? width(characterCount)
        // Scroll so the caret stays inside the field.
        if caretX - scrollOffset > inner { scrollOffset = caretX - inner }
        if caretX - scrollOffset < 0 { scrollOffset = caretX }
        scrollOffset = max(0, min(scrollOffset, max(0, textWidth - inner + 2)))
        let originX = rect.minX + TextField.horizontalPadding - scrollOffset
        let top = rect.minY + ((rect.height - lineHeight) / 2).rounded(.down)
        context.add(.pushClip(rect.insetBy(2)))
        if isFocused && !selection.isEmpty {
            // Shaped: one rectangle per visual stretch of mixed-direction text (TextField+Shaped.swift).
            let stretches = shapedSelectionStretches(fonts: fonts) ?? [(width(selection.lowerBound), width(selection.upperBound))]
            for (x0, x1) in stretches {
                context.add(.rect(Rect(x: originX + x0, y: top + 1, width: x1 - x0, height: lineHeight - 2), color: selectionColor,
                                  cornerRadius: 0))
            }
        }
        if text.isEmpty && markedText.isEmpty && !placeholder.isEmpty {
            context.add(.glyphs(GlyphRun(text: placeholder, origin: Point(x: originX, y: top), fontSize: fontSize,
                                         color: enabledColor(themeColor(.secondaryText)))))
        }
        if !text.isEmpty {
            if let runs = shapedRuns(at: Point(x: originX, y: top), color: invalid ? invalidColor : textColor, fonts: fonts) {
                for run in runs { context.add(.glyphs(run)) }
            } else {
                context.add(.glyphs(GlyphRun(text: text, origin: Point(x: originX, y: top), fontSize: fontSize,
                                             color: invalid ? invalidColor : textColor)))
            }
        }
        if invalid, let hint = invalidHint {
            let hintSize = fontSize * 0.8
            let hintWidth = fonts.measure(hint, fontSize: hintSize).width
            let hintX = rect.maxX - TextField.horizontalPadding - hintWidth
            // Only where it does not cover the text.
            if hintX >= originX + textWidth + 6 {
                let hintTop = rect.minY + ((rect.height - fonts.measure(hint, fontSize: hintSize).height) / 2).rounded(.down)
                context.add(.glyphs(GlyphRun(text: hint, origin: Point(x: hintX, y: hintTop), fontSize: hintSize,
                                             color: invalidColor.withAlpha(0.8))))
            }
        }
        if inputWasCut && !invalid {
            // The limit hint over a backing: a full field has no free room at its end.
            let hint = limitHint.replacing("%d", with: String(maxLength)), hintSize = fontSize * 0.8
            let measured = fonts.measure(hint, fontSize: hintSize)
            let box = Rect(x: rect.maxX - TextField.horizontalPadding - measured.width - 4, y: rect.minY + ((rect.height - measured.height) / 2).rounded(.down),
                           width: measured.width + 4, height: measured.height)
            context.add(.rect(box, color: fill, cornerRadius: 2))
            context.add(.glyphs(GlyphRun(text: hint, origin: Point(x: box.minX + 2, y: box.minY), fontSize: hintSize, color: invalidColor)))
        }
        var caretDrawX = originX + caretX
        if isFocused && !markedText.isEmpty {
            // The composition sits at the caret over a backing, underlined (Controls/TextEditing.swift).
            caretDrawX = TextComposition.draw(markedText, cursor: markedCursor, at: Point(x: caretDrawX, y: top), lineHeight: lineHeight,
                                              fontSize: fontSize, fill: fill, color: textColor, fonts: fonts, context: &context)
        }
        lastCaretRect = Rect(x: caretDrawX - rect.minX, y: top - rect.minY, width: 1.5, height: lineHeight)
        if isFocused {
            context.add(.rect(Rect(x: caretDrawX.rounded(), y: top + 2, width: 1.5, height: lineHeight - 4),
                              color: textColor, cornerRadius: 0))
        }
        context.add(.popClip)
    }
}

extension TextField {
    /// `isEnabled` and `placeholder` (the text itself is the app's `text` property).
    public func scriptValue(of property: String) -> String? {
        switch property {
        case "isEnabled", "enabled": String(isEnabled)
        case "placeholder": placeholder
        default: nil
        }
    }
}

extension String {
    /// The characters at offsets `range` (grapheme clusters), clamped to the string.
    func characters(in range: Range<Int>) -> Substring {
        let n = count
        let lo = min(max(range.lowerBound, 0), n), hi = min(max(range.upperBound, lo), n)
        let start = index(startIndex, offsetBy: lo)
        return self[start..<index(start, offsetBy: hi - lo)]
    }
}
