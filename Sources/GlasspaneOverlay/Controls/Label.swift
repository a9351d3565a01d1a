// A line of text measured through `FontMetrics`, or with a `paragraphStyle` a shaped, wrapped paragraph laid out
// through `ParagraphMetrics` (docs/text.md).
import GlasspaneCore
import GlasspaneDraw

/// One line of text. Like UIKit's label it ignores interaction by default, so points on it reach what is behind.
open class Label: View {
    /// The text (one line, unless `paragraphStyle` is set).
    public var text: String {
        didSet { if text != oldValue { textMetricsDidChange(from: oldValue, fontSize: fontSize) } }
    }
    /// Font size in points.
    public var fontSize: Double {
        didSet { if fontSize != oldValue { textMetricsDidChange(from: text, fontSize: oldValue) } }
    }
    /// Text color; nil: the theme's `text`.
    public var textColor: Color? {
        didSet { if textColor != oldValue { setNeedsDisplay() } }
    }
    /// Horizontal placement inside the bounds (the text is centered vertically).
    public var alignment: TextAlignment {
        didSet { if alignment != oldValue { setNeedsDisplay() } }
    }

    /// Set: the text is a paragraph (shaped, bidirectional, wrapped at the label's width, aligned, limited to
    /// `maximumLines`, truncated, shrunk to fit), laid out by the fonts when they are `ParagraphMetrics`. Its
    /// `fontSize` and `alignment` are the label's own. Nil (the default): one unshaped line, as before.
    public var paragraphStyle: ParagraphStyle? {
        didSet { if paragraphStyle != oldValue { invalidateMeasurement(); setNeedsDisplay() } }
    }

    /// The paragraph style in effect, with the label's size and alignment.
    private var effectiveParagraphStyle: ParagraphStyle? {
        guard var style = paragraphStyle else { return nil }
        style.fontSize = fontSize; style.alignment = alignment
        return style
    }

    /// The shaped layout of the text in `width` points, when this label shows a paragraph and the fonts shape.
    public func shapedParagraph(width: Double?, fonts: any FontMetrics) -> ShapedParagraph? {
        guard let style = effectiveParagraphStyle, let shaper = fonts as? any ParagraphMetrics else { return nil }
        return shaper.layoutParagraph(text, style: style, width: width.flatMap { $0.isFinite && $0 > 0 ? $0 : nil })
    }

    /// Creates a label.
    public init(identifier: String = "", text: String, fontSize: Double = 14, textColor: Color? = nil,
                alignment: TextAlignment = .leading) {
        self.text = text; self.fontSize = fontSize; self.textColor = textColor; self.alignment = alignment
        super.init(identifier: identifier)
        isUserInteractionEnabled = false
    }

    /// A text change that keeps the measured size only repaints; one that changes it lays the ancestors out again.
    private func textMetricsDidChange(from oldText: String, fontSize oldSize: Double) {
        // A label of fixed size (both preferred lengths set: a table's cell) measures the same whatever its text, so
        // it measures nothing and only repaints; a list's new rows set three such texts each.
        if preferredWidth != nil && preferredHeight != nil { setNeedsDisplay(); return }
        if let fonts = layer?.fonts, size(of: oldText, fontSize: oldSize, fonts: fonts) == size(of: text, fontSize: fontSize, fonts: fonts) {
            setNeedsDisplay()
        } else {
            invalidateMeasurement()
            setNeedsDisplay()
        }
    }

    /// The text's size.
    open override func sizeThatFits(_ proposed: Size, fonts: any FontMetrics) -> Size {
        if let paragraph = shapedParagraph(width: proposed.width, fonts: fonts) { return paragraph.size }
        return size(of: text, fontSize: fontSize, fonts: fonts)
    }

    /// The last text measured, with what it was measured for.
    private var lastMeasurement: TextMeasurement?

    /// `fonts.measure(text, fontSize:)`, remembered for the last text: a label whose text changes (the demo's
    /// status while the picker is dragged) compares the old size with the new, lays out and draws, measuring once.
    private func size(of text: String, fontSize: Double, fonts: any FontMetrics) -> Size {
        let version = fonts.measurementVersion
        if let m = lastMeasurement, m.fonts === fonts, m.version == version, m.fontSize == fontSize, m.text == text {
            return m.size
        }
        let size = fonts.measure(text, fontSize: fontSize)
        // The old text's size is asked for before the new one's; keeping it would only make the new one miss.
        if let m = lastMeasurement, text == self.text {
            m.text = text; m.fontSize = fontSize; m.fonts = fonts; m.version = version; m.size = size
        } else if lastMeasurement == nil {
            lastMeasurement = TextMeasurement(text: text, fontSize: fontSize, fonts: fonts, version: version, size: size)
        }
        return size
    }

    /// The first line's baseline: the text is centered vertically as `draw` places it.
    open override func firstBaseline(in size: Size, fonts: any FontMetrics) -> Double? {
        if let paragraph = shapedParagraph(width: size.width, fonts: fonts) {
            return max(0, ((size.height - paragraph.size.height) / 2).rounded(.down)) + (paragraph.lines.first?.baseline ?? 0)
        }
        let t = self.size(of: text, fontSize: fontSize, fonts: fonts)
        return ((size.height - t.height) / 2).rounded(.down) + fonts.ascent(fontSize: fontSize)
    }

    /// The last line's baseline: a paragraph's last line, else the one line's.
    open override func lastBaseline(in size: Size, fonts: any FontMetrics) -> Double? {
        if let paragraph = shapedParagraph(width: size.width, fonts: fonts) {
            return max(0, ((size.height - paragraph.size.height) / 2).rounded(.down)) + (paragraph.lines.last.map { $0.origin.y + $0.baseline } ?? 0)
        }
        return firstBaseline(in: size, fonts: fonts)
    }

    /// Background and border, then one glyph run placed by `alignment`, centered vertically.
    open override func draw(in rect: Rect, context: inout PaintContext) {
        super.draw(in: rect, context: &context)
        guard !text.isEmpty else { return }
        let color = themeColor(.text, overriddenBy: textColor)
        if let paragraph = shapedParagraph(width: rect.width, fonts: context.fonts) {
            let top = rect.minY + max(0, ((rect.height - paragraph.size.height) / 2).rounded(.down))
            for run in paragraph.glyphRuns(at: Point(x: rect.minX, y: top), color: color) { context.add(.glyphs(run)) }
            return
        }
        let size = size(of: text, fontSize: fontSize, fonts: context.fonts)
        let x: Double = switch alignment {
        case .leading: rect.minX
        case .center: rect.minX + ((rect.width - size.width) / 2).rounded(.down)
        case .trailing: rect.maxX - size.width
        }
        let y = rect.minY + ((rect.height - size.height) / 2).rounded(.down)
        context.add(.glyphs(GlyphRun(text: text, origin: Point(x: x, y: y), fontSize: fontSize, color: color)))
    }
}

/// A label's last measured text, updated in place. A class, not a tuple: a tuple holding an existential is copied
/// through generic value witnesses, which cost more than the measurement on a scrolled list's new rows (docs/bench.md).
private final class TextMeasurement {
    var text: String
    var fontSize: Double
    /// Held, so no other object can take their address while `===` compares it.
    var fonts: any FontMetrics
    /// The metrics' `measurementVersion`, which changes with the scale.
    var version: UInt64
    var size: Size

    init(text: String, fontSize: Double, fonts: any FontMetrics, version: UInt64, size: Size) {
        self.text = text; self.fontSize = fontSize; self.fonts = fonts; self.version = version; self.size = size
    }
}
