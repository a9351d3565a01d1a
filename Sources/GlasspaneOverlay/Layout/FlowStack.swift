// A stack that wraps: children left to right at their ideal sizes, onto a new line when the next one does not fit
// the width (tags, chips, toolbar buttons in a narrow panel). docs/layout.md, "FlowStack".
import GlasspaneCore
import GlasspaneDraw

/// Lines its visible children up left to right, `horizontalSpacing` apart, and starts a new line, `lineSpacing` below,
/// whenever the next child would cross the inner width. Each line sits across the width by `alignment`; each child
/// sits in its line's height by `lineAlignment` (top, center, bottom, fill, or the line's first or last text
/// baseline). A child wider than a line gets a line of its own, as wide as the line. With the width left open
/// (measured at its ideal size) everything is one line. Its size is its widest line and its lines' heights, plus
/// padding. A plain container.
public final class FlowStack: View {
    /// Space between neighbours on a line, in points.
    public var horizontalSpacing: Double { didSet { if horizontalSpacing != oldValue { invalidateMeasurement() } } }
    /// Space between lines, in points.
    public var lineSpacing: Double { didSet { if lineSpacing != oldValue { invalidateMeasurement() } } }
    /// Space between the stack's edges and its children.
    public var padding: EdgeInsets { didSet { if padding != oldValue { invalidateMeasurement() } } }
    /// Where each line sits across the inner width (`.fill` counts as `.leading`).
    public var alignment: HorizontalAlignment { didSet { if alignment != oldValue { setNeedsLayout() } } }
    /// Where each child sits in its line's height.
    public var lineAlignment: VerticalAlignment { didSet { if lineAlignment != oldValue { invalidateMeasurement() } } }

    /// Creates a flow stack; children are added in order.
    public init(identifier: String = "", horizontalSpacing: Double = 8, lineSpacing: Double = 8,
                alignment: HorizontalAlignment = .leading, lineAlignment: VerticalAlignment = .center,
                padding: EdgeInsets = .zero, _ children: [View] = []) {
        self.horizontalSpacing = horizontalSpacing; self.lineSpacing = lineSpacing
        self.alignment = alignment; self.lineAlignment = lineAlignment; self.padding = padding
        super.init(identifier: identifier)
        for child in children { addSubview(child) }
    }

    /// One child on a line: its size (padding included) and, on baseline lines, its baseline.
    private struct Item { var view: View; var size: Size; var baseline = 0.0 }
    /// One line: its children, its width and height, and the baseline its children share.
    private struct Line { var items: [Item] = []; var width = 0.0; var height = 0.0; var baseline = 0.0 }

    private var alignsBaselines: Bool { lineAlignment == .firstTextBaseline || lineAlignment == .lastTextBaseline }

    /// The lines for an inner width (`.infinity`: one line).
    private func lines(innerWidth: Double, fonts: any FontMetrics) -> [Line] {
        let open = Size(width: .infinity, height: .infinity)
        var result: [Line] = [], line = Line()
        for child in subviews where !child.isHidden {
            var size = child.measureWithPadding(proposed: open, fonts: fonts)
            if size.width > innerWidth {
                size = child.measureWithPadding(proposed: Size(width: innerWidth, height: .infinity), fonts: fonts)
                size.width = min(size.width, innerWidth)
            }
            if !line.items.isEmpty && line.width + horizontalSpacing + size.width > innerWidth {
                result.append(line)
                line = Line()
            }
            var item = Item(view: child, size: size)
            if alignsBaselines { item.baseline = child.baselineWithPadding(in: size, fonts: fonts, last: lineAlignment == .lastTextBaseline) }
            line.width += (line.items.isEmpty ? 0 : horizontalSpacing) + size.width
            line.items.append(item)
        }
        if !line.items.isEmpty { result.append(line) }
        for i in result.indices {
            if alignsBaselines {
                let above = result[i].items.map(\.baseline).max() ?? 0
                let below = result[i].items.map { $0.size.height - $0.baseline }.max() ?? 0
                result[i].baseline = above
                result[i].height = above + below
            } else {
                result[i].height = result[i].items.map(\.size.height).max() ?? 0
            }
        }
        return result
    }

    private func innerWidth(of size: Size) -> Double { max(0, size.width - padding.horizontal) }

    /// The widest line and the lines' heights with the spacing between them, plus padding.
    public override func sizeThatFits(_ proposed: Size, fonts: any FontMetrics) -> Size {
        let lines = lines(innerWidth: innerWidth(of: proposed), fonts: fonts)
        let height = lines.map(\.height).reduce(0, +) + lineSpacing * Double(max(0, lines.count - 1))
        return Size(width: (lines.map(\.width).max() ?? 0) + padding.horizontal, height: height + padding.vertical)
    }

    /// Each line placed across the inner width by `alignment`, each child in its line by `lineAlignment`.
    public override func layoutSubviews(fonts: any FontMetrics) {
        let inner = innerWidth(of: frame.size)
        var y = padding.top
        for line in lines(innerWidth: inner, fonts: fonts) {
            var x = padding.leading + lineOffset(line, innerWidth: inner)
            for item in line.items {
                let h = lineAlignment == .fill ? line.height : item.size.height
                let dy: Double = switch lineAlignment {
                case .top, .fill: 0
                case .center: ((line.height - h) / 2).rounded(.down)
                case .bottom: line.height - h
                case .firstTextBaseline, .lastTextBaseline: line.baseline - item.baseline
                }
                item.view.place(in: Rect(x: x, y: y + dy, width: item.size.width, height: h), fonts: fonts)
                x += item.size.width + horizontalSpacing
            }
            y += line.height + lineSpacing
        }
    }

    private func lineOffset(_ line: Line, innerWidth: Double) -> Double {
        guard innerWidth.isFinite else { return 0 }
        return switch alignment {
        case .leading, .fill: 0
        case .center: max(0, ((innerWidth - line.width) / 2).rounded(.down))
        case .trailing: max(0, innerWidth - line.width)
        }
    }

    /// The first line's shared baseline when lines align on baselines; nil otherwise.
    public override func firstBaseline(in size: Size, fonts: any FontMetrics) -> Double? {
        baseline(of: lines(innerWidth: innerWidth(of: size), fonts: fonts), last: false)
    }

    /// The last line's shared baseline when lines align on baselines; nil otherwise.
    public override func lastBaseline(in size: Size, fonts: any FontMetrics) -> Double? {
        baseline(of: lines(innerWidth: innerWidth(of: size), fonts: fonts), last: true)
    }

    private func baseline(of lines: [Line], last: Bool) -> Double? {
        guard !lines.isEmpty else { return nil }
        let index = last ? lines.count - 1 : 0
        let top = padding.top + lines[..<index].map(\.height).reduce(0, +) + lineSpacing * Double(index)
        if alignsBaselines { return top + lines[index].baseline }
        return nil
    }
}
