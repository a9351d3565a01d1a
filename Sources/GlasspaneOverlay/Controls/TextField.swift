// A one-line text field: a press focuses it, typing edits at the end, Enter applies, Escape cancels.
import GlasspaneCore

/// A single-line text input. Edits are tentative until Enter: `onCommit` runs only for valid text, and losing focus
/// (Escape, a press elsewhere) puts the last applied text back. Text that fails `validator` is drawn as invalid.
open class TextField: View {
    /// The text shown (being edited while focused).
    public var text: String { didSet { if text != oldValue { setNeedsDisplay() } } }
    /// The last applied text (what Escape or losing focus returns to).
    public private(set) var committedText: String
    /// Font size in points.
    public var fontSize: Double = 14 { didSet { invalidateMeasurement(); setNeedsDisplay() } }
    /// The most characters the field accepts.
    public var maxLength = 64
    /// Decides whether text may be applied; invalid text is outlined in `invalidColor` and Enter ignores it.
    public var validator: (String) -> Bool = { _ in true } { didSet { setNeedsDisplay() } }
    /// Runs with the text when Enter applies valid text.
    public var onCommit: ((String) -> Void)?
    /// Text color.
    public var textColor: Color = .white { didSet { setNeedsDisplay() } }
    /// Outline while focused.
    public var focusColor = Color(r: 0.4, g: 0.7, b: 1) { didSet { setNeedsDisplay() } }
    /// Outline while the text is invalid.
    public var invalidColor = Color(r: 0.95, g: 0.3, b: 0.3) { didSet { setNeedsDisplay() } }

    /// Creates a field showing (and having applied) `text`.
    public init(identifier: String = "", text: String = "") {
        self.text = text
        committedText = text
        super.init(identifier: identifier)
        backgroundColor = Color(r: 0.1, g: 0.11, b: 0.13)
        borderColor = Color(r: 0.35, g: 0.37, b: 0.42)
        borderWidth = 1
        cornerRadius = 4
    }

    /// Controls claim their bounds.
    open override var claimsBoundsByDefault: Bool { true }
    /// Text fields take keyboard focus.
    open override var canBecomeFocused: Bool { true }

    /// True when the current text fails the validator.
    public var isInvalid: Bool { !validator(text) }

    /// Replaces both the shown and the applied text without calling `onCommit` (a programmatic update).
    public func setText(_ newText: String) {
        committedText = newText
        text = newText
    }

    /// Room for about ten characters, or the proposal.
    open override func sizeThatFits(_ proposed: Size, fonts: any FontMetrics) -> Size {
        let line = fonts.measure("#000000000", fontSize: fontSize)
        return Size(width: proposed.width.isFinite ? min(proposed.width, line.width + 16) : line.width + 16, height: line.height + 10)
    }

    /// Background, an outline showing focus or invalid text, the text, and a caret at its end while focused.
    open override func draw(in rect: Rect, context: inout PaintContext) {
        let radius = presentationCornerRadius
        context.add(.rect(rect, color: presentationBackgroundColor, cornerRadius: radius))
        let outline = isInvalid ? invalidColor : (isFocused ? focusColor : borderColor)
        context.add(.border(rect, color: outline, width: isFocused || isInvalid ? 2 : borderWidth, cornerRadius: radius))
        let size = context.fonts.measure(text.isEmpty ? " " : text, fontSize: fontSize)
        let origin = Point(x: rect.minX + 8, y: rect.minY + ((rect.height - size.height) / 2).rounded(.down))
        context.add(.pushClip(rect.insetBy(2)))
        if !text.isEmpty {
            context.add(.glyphs(GlyphRun(text: text, origin: origin, fontSize: fontSize, color: isInvalid ? invalidColor : textColor)))
        }
        if isFocused {
            let x = text.isEmpty ? origin.x : origin.x + size.width + 1
            context.add(.rect(Rect(x: x, y: origin.y + 2, width: 1.5, height: size.height - 4), color: textColor, cornerRadius: 0))
        }
        context.add(.popClip)
    }

    /// Printable text is appended (up to `maxLength`).
    open override func textInput(_ input: String) {
        let printable = input.filter { !$0.isNewline && $0 != "\t" && !($0.asciiValue.map { $0 < 32 || $0 == 127 } ?? false) }
        guard !printable.isEmpty else { return }
        text = String((text + printable).prefix(maxLength))
    }

    /// Backspace deletes, Enter applies valid text, Escape cancels the edit.
    open override func keyDown(_ event: KeyEvent) {
        switch event.key {
        case .backspace: if !text.isEmpty { text.removeLast() }
        case .enter:
            guard !isInvalid else { return }
            committedText = text
            onCommit?(text)
        case .escape: text = committedText
        default: break
        }
    }

    /// Losing focus without Enter cancels the edit; either way the outline changes.
    open override func focusDidChange() {
        if !isFocused { text = committedText }
        setNeedsDisplay()
    }
}
