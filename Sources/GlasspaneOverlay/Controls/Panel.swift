// A panel: background, corner radius, border and padding around one content view.
import GlasspaneCore
import GlasspaneDraw

/// A rounded, bordered background around one content view inset by `padding`. It draws, so it claims its bounds:
/// points on it that miss the content do not reach the engine (tag it `.passthrough` to punch a hole instead).
open class Panel: View {
    /// The content, laid out to fill the panel inside its padding.
    public var content: View? {
        didSet {
            guard content !== oldValue else { return }
            oldValue?.removeFromSuperview()
            if let content { addSubview(content) }
            invalidateMeasurement()
        }
    }
    /// Space between the panel's edges and its content.
    public var padding: EdgeInsets {
        didSet { if padding != oldValue { invalidateMeasurement() } }
    }

    /// The theme token of the fill while `backgroundColor` is clear (`.sheet` for an opaque sheet); nil: no fill.
    public var surface: ColorToken? = .surface { didSet { if surface != oldValue { setNeedsDisplay() } } }
    /// The theme token of the border while `borderColor` is clear; nil: no border.
    public var borderToken: ColorToken? = .separator { didSet { if borderToken != oldValue { setNeedsDisplay() } } }

    /// Creates a panel with the theme's surface fill, radius 10 and a hairline border.
    public init(identifier: String = "", padding: EdgeInsets = EdgeInsets(all: 12), content: View? = nil) {
        self.padding = padding
        super.init(identifier: identifier)
        cornerRadius = 10
        borderWidth = 1
        self.content = content
        if let content { addSubview(content) }
    }

    /// A panel with a fill claims its bounds.
    open override var claimsBoundsByDefault: Bool { surface != nil || super.claimsBoundsByDefault }

    /// The fill (own `backgroundColor`, else the `surface` token), then the border (likewise).
    open override func draw(in rect: Rect, context: inout PaintContext) {
        let radius = presentationCornerRadius
        let fill = backgroundColor.a > 0 ? presentationBackgroundColor : surface.map { themeColor($0) } ?? .clear
        if fill.a > 0 { context.add(.rect(rect, color: fill, cornerRadius: radius)) }
        let border = borderColor.a > 0 ? borderColor : borderToken.map { themeColor($0) } ?? .clear
        if borderWidth > 0 && border.a > 0 {
            context.add(.border(rect, color: border, width: borderWidth, cornerRadius: radius))
        }
    }

    /// The content's size plus padding.
    open override func sizeThatFits(_ proposed: Size, fonts: any FontMetrics) -> Size {
        guard let content, !content.isHidden else { return Size(width: padding.horizontal, height: padding.vertical) }
        let inner = Size(width: max(0, proposed.width - padding.horizontal), height: max(0, proposed.height - padding.vertical))
        let s = content.measure(proposed: inner, fonts: fonts)
        return Size(width: s.width + padding.horizontal, height: s.height + padding.vertical)
    }

    /// The content fills the bounds inside the padding; other subviews keep absolute placement.
    open override func layoutSubviews(fonts: any FontMetrics) {
        super.layoutSubviews(fonts: fonts)
        content?.frame = Rect(x: padding.leading, y: padding.top,
                              width: max(0, frame.width - padding.horizontal), height: max(0, frame.height - padding.vertical))
    }
}
