// A single line of text, measured through `FontMetrics`.
import GlasspaneCore

/// Horizontal placement of text inside its view.
public enum TextAlignment: String, Hashable, Sendable, Codable {
    /// Left.
    case leading
    /// Centered.
    case center
    /// Right.
    case trailing
}

/// One line of text. Like UIKit's label it ignores interaction by default, so points on it reach what is behind.
open class Label: View {
    /// The text (one line).
    public var text: String {
        didSet { if text != oldValue { textMetricsDidChange(from: oldValue, fontSize: fontSize) } }
    }
    /// Font size in points.
    public var fontSize: Double {
        didSet { if fontSize != oldValue { textMetricsDidChange(from: text, fontSize: oldValue) } }
    }
    /// Text color.
    public var textColor: Color {
        didSet { if textColor != oldValue { setNeedsDisplay() } }
    }
    /// Horizontal placement inside the bounds (the text is centered vertically).
    public var alignment: TextAlignment {
        didSet { if alignment != oldValue { setNeedsDisplay() } }
    }

    /// Creates a label.
    public init(identifier: String = "", text: String, fontSize: Double = 14, textColor: Color = .white,
                alignment: TextAlignment = .leading) {
        self.text = text; self.fontSize = fontSize; self.textColor = textColor; self.alignment = alignment
        super.init(identifier: identifier)
        isUserInteractionEnabled = false
    }

    /// A text change that keeps the measured size only repaints; one that changes it lays the ancestors out again.
    private func textMetricsDidChange(from oldText: String, fontSize oldSize: Double) {
        if let fonts = layer?.fonts, fonts.measure(oldText, fontSize: oldSize) == fonts.measure(text, fontSize: fontSize) {
            setNeedsDisplay()
        } else {
            invalidateMeasurement()
            setNeedsDisplay()
        }
    }

    /// The text's size.
    open override func sizeThatFits(_ proposed: Size, fonts: any FontMetrics) -> Size {
        fonts.measure(text, fontSize: fontSize)
    }

    /// Background and border, then one glyph run placed by `alignment`, centered vertically.
    open override func draw(in rect: Rect, context: inout PaintContext) {
        super.draw(in: rect, context: &context)
        guard !text.isEmpty else { return }
        let size = context.fonts.measure(text, fontSize: fontSize)
        let x: Double = switch alignment {
        case .leading: rect.minX
        case .center: rect.minX + ((rect.width - size.width) / 2).rounded(.down)
        case .trailing: rect.maxX - size.width
        }
        let y = rect.minY + ((rect.height - size.height) / 2).rounded(.down)
        context.add(.glyphs(GlyphRun(text: text, origin: Point(x: x, y: y), fontSize: fontSize, color: textColor)))
    }
}
