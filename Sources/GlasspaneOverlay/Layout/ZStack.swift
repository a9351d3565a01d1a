// A container that lays its children over one another, each aligned in the same space.
import GlasspaneCore
import GlasspaneDraw

/// Children on top of one another (the last in front), each at its measured size placed by `alignment` (or its own
/// `cellAlignment`) inside the stack less its padding; as big as its biggest child. A plain container: without a
/// background it claims points only through its children.
public final class ZStack: View {
    /// Where children sit unless they say otherwise with `cellAlignment`.
    public var alignment: Alignment { didSet { if alignment != oldValue { setNeedsLayout() } } }
    /// Space between the stack's edges and its children.
    public var padding: EdgeInsets { didSet { if padding != oldValue { invalidateMeasurement() } } }

    /// Creates a z-stack; children are added back to front.
    public init(identifier: String = "", alignment: Alignment = .center, padding: EdgeInsets = .zero, _ children: [View] = []) {
        self.alignment = alignment; self.padding = padding
        super.init(identifier: identifier)
        for child in children { addSubview(child) }
    }

    private func inner(_ outer: Size) -> Size {
        Size(width: max(0, outer.width - padding.horizontal), height: max(0, outer.height - padding.vertical))
    }

    /// The biggest visible child on each axis, plus padding.
    public override func sizeThatFits(_ proposed: Size, fonts: any FontMetrics) -> Size {
        let room = inner(proposed)
        var w = 0.0, h = 0.0
        for child in subviews where !child.isHidden {
            let s = child.measureWithPadding(proposed: room, fonts: fonts)
            w = max(w, s.width); h = max(h, s.height)
        }
        return Size(width: w + padding.horizontal, height: h + padding.vertical)
    }

    /// Each visible child at its size for the inner space, aligned in it.
    public override func layoutSubviews(fonts: any FontMetrics) {
        let room = Rect(x: padding.leading, y: padding.top, width: inner(frame.size).width, height: inner(frame.size).height)
        for child in subviews where !child.isHidden {
            let s = child.measureWithPadding(proposed: room.size, fonts: fonts)
            child.place(natural: s, in: room, alignment: child.layoutModifiers.cellAlignment ?? alignment, fonts: fonts)
        }
    }

    /// The baseline of the backmost visible child that has one, where it is placed.
    public override func firstBaseline(in size: Size, fonts: any FontMetrics) -> Double? {
        let room = inner(size)
        for child in subviews where !child.isHidden {
            let s = child.measureWithPadding(proposed: room, fonts: fonts)
            guard child.firstBaseline(in: s, fonts: fonts) != nil else { continue }
            let a = child.layoutModifiers.cellAlignment ?? alignment
            let h = a.vertical == .fill ? room.height : s.height
            let y: Double = switch a.vertical {
            case .top, .fill, .firstTextBaseline, .lastTextBaseline: 0
            case .center: ((room.height - h) / 2).rounded(.down)
            case .bottom: room.height - h
            }
            return padding.top + y + child.baselineWithPadding(in: Size(width: s.width, height: h), fonts: fonts)
        }
        return nil
    }
}
