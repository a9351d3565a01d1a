// Layout: measurement (`measure(proposed:fonts:)`), absolute placement (plain views) and stacks.
import GlasspaneCore
import GlasspaneDraw

extension View {
    /// The size the view takes for a proposal: `preferredWidth`/`preferredHeight` where set, `sizeThatFits` for the
    /// rest (asked with the fixed dimension already applied).
    public final func measure(proposed: Size, fonts: any FontMetrics) -> Size {
        if let w = preferredWidth, let h = preferredHeight { return Size(width: w, height: h) }
        let proposal = Size(width: preferredWidth ?? proposed.width, height: preferredHeight ?? proposed.height)
        let fitted = sizeThatFits(proposal, fonts: fonts)
        return Size(width: preferredWidth ?? fitted.width, height: preferredHeight ?? fitted.height)
    }
}

/// The direction a stack lines its children up in.
public enum StackAxis: String, Hashable, Sendable, Codable {
    /// Top to bottom.
    case vertical
    /// Left to right.
    case horizontal
}

/// Where children sit across a stack's axis.
public enum StackAlignment: String, Hashable, Sendable, Codable {
    /// Left in a vertical stack, top in a horizontal one.
    case leading
    /// Centered.
    case center
    /// Right in a vertical stack, bottom in a horizontal one.
    case trailing
    /// Stretched to the stack's inner width (vertical) or height (horizontal).
    case fill
}

/// A container that lines its visible children up along an axis with spacing and padding, each at its measured
/// size along the axis. A plain container: without a background it claims points only through its children.
open class StackView: View {
    /// The direction children are lined up in.
    public var axis: StackAxis { didSet { if axis != oldValue { invalidateMeasurement() } } }
    /// Space between consecutive children, in points.
    public var spacing: Double { didSet { if spacing != oldValue { invalidateMeasurement() } } }
    /// Space between the stack's edges and its children.
    public var padding: EdgeInsets { didSet { if padding != oldValue { invalidateMeasurement() } } }
    /// Where children sit across the axis.
    public var alignment: StackAlignment { didSet { if alignment != oldValue { setNeedsLayout() } } }

    /// Creates a stack; children are added in order (first is top or left).
    public init(axis: StackAxis, identifier: String = "", spacing: Double = 8, padding: EdgeInsets = .zero,
                alignment: StackAlignment = .leading, children: [View] = []) {
        self.axis = axis; self.spacing = spacing; self.padding = padding; self.alignment = alignment
        super.init(identifier: identifier)
        for child in children { addSubview(child) }
    }

    /// The inner proposal for children: the proposal minus padding, unlimited along the axis.
    private func childProposal(for outer: Size) -> Size {
        switch axis {
        case .vertical: Size(width: max(0, outer.width - padding.horizontal), height: .infinity)
        case .horizontal: Size(width: .infinity, height: max(0, outer.height - padding.vertical))
        }
    }

    /// Sum of the children along the axis plus spacing, the widest across it, plus padding.
    open override func sizeThatFits(_ proposed: Size, fonts: any FontMetrics) -> Size {
        let inner = childProposal(for: proposed)
        var main = 0.0, cross = 0.0, count = 0
        for child in subviews where !child.isHidden {
            let s = child.measure(proposed: inner, fonts: fonts)
            switch axis {
            case .vertical: main += s.height; cross = max(cross, s.width)
            case .horizontal: main += s.width; cross = max(cross, s.height)
            }
            count += 1
        }
        if count > 1 { main += spacing * Double(count - 1) }
        switch axis {
        case .vertical: return Size(width: cross + padding.horizontal, height: main + padding.vertical)
        case .horizontal: return Size(width: main + padding.horizontal, height: cross + padding.vertical)
        }
    }

    /// Places visible children one after another; hidden children take no space.
    open override func layoutSubviews(fonts: any FontMetrics) {
        let inner = childProposal(for: frame.size)
        let crossSpace = axis == .vertical ? inner.width : inner.height
        var cursor = axis == .vertical ? padding.top : padding.leading
        for child in subviews where !child.isHidden {
            let s = child.measure(proposed: inner, fonts: fonts)
            let along = axis == .vertical ? s.height : s.width
            let natural = axis == .vertical ? s.width : s.height
            let across = alignment == .fill ? crossSpace : min(natural, crossSpace)
            let offset: Double = switch alignment {
            case .leading, .fill: 0
            case .center: ((crossSpace - across) / 2).rounded(.down)
            case .trailing: crossSpace - across
            }
            switch axis {
            case .vertical:
                child.frame = Rect(x: padding.leading + offset, y: cursor, width: across, height: along)
            case .horizontal:
                child.frame = Rect(x: cursor, y: padding.top + offset, width: along, height: across)
            }
            cursor += along + spacing
        }
    }
}

/// A vertical stack: children top to bottom.
public final class VStack: StackView {
    /// Creates a vertical stack.
    public init(identifier: String = "", spacing: Double = 8, padding: EdgeInsets = .zero,
                alignment: StackAlignment = .leading, _ children: [View] = []) {
        super.init(axis: .vertical, identifier: identifier, spacing: spacing, padding: padding,
                   alignment: alignment, children: children)
    }
}

/// A horizontal stack: children left to right.
public final class HStack: StackView {
    /// Creates a horizontal stack.
    public init(identifier: String = "", spacing: Double = 8, padding: EdgeInsets = .zero,
                alignment: StackAlignment = .leading, _ children: [View] = []) {
        super.init(axis: .horizontal, identifier: identifier, spacing: spacing, padding: padding,
                   alignment: alignment, children: children)
    }
}

/// A fixed gap in a stack (or an absolute spacer): draws nothing, claims nothing.
public final class Spacer: View {
    /// Creates a spacer of a fixed length along both axes (a stack uses the one along its axis).
    public init(identifier: String = "", length: Double) {
        super.init(identifier: identifier)
        preferredWidth = length
        preferredHeight = length
    }
}
