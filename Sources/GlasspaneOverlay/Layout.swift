// Layout: measurement (`measure(proposed:fonts:)`), absolute placement (plain views) and stacks.
import GlasspaneCore
import GlasspaneDraw

extension View {
    /// The view's frame size for a proposal (either dimension may be `.infinity`: "take your ideal"): the content's
    /// `sizeThatFits` through the layout modifiers (fixed size, aspect ratio, flexible frame), then
    /// `preferredWidth`/`preferredHeight` where set. Padding is the container's business (`measureWithPadding`).
    /// Remembered until `invalidateMeasurement`.
    public final func measure(proposed: Size, fonts: any FontMetrics) -> Size {
        if let w = preferredWidth, let h = preferredHeight { return Size(width: w, height: h) }
        if let known = measurementCache.size(for: proposed, fonts: fonts) { return known }
        let proposal = Size(width: preferredWidth ?? proposed.width, height: preferredHeight ?? proposed.height)
        let fitted = layoutModifiers.isPlain ? sizeThatFits(proposal, fonts: fonts) : modifiedSize(proposed: proposal, fonts: fonts)
        let size = Size(width: preferredWidth ?? fitted.width, height: preferredHeight ?? fitted.height)
        measurementCache.store(size, for: proposed, fonts: fonts)
        return size
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
    /// Horizontal stacks: the children's first text baselines on one line (a view without text sits on it with
    /// its bottom edge). A vertical stack places its children as `.leading`.
    case firstTextBaseline
    /// Horizontal stacks: the children's last text baselines on one line (a wrapped paragraph's last line beside a
    /// button). A vertical stack places its children as `.leading`.
    case lastTextBaseline
}

/// Where a stack's children sit along its axis when its frame is longer than they are and none of them grows.
public enum StackJustification: String, Hashable, Sendable, Codable {
    /// At the top (vertical) or the left (horizontal).
    case leading
    /// Centered (whole points).
    case center
    /// At the bottom or the right.
    case trailing
    /// The first and last at the ends, the space over shared between the gaps.
    case spaceBetween
}

/// A container that lines its visible children up along an axis with spacing and padding. Each child gets its
/// ideal length along the axis; when the stack is longer, the space over goes to expanding `Spacer`s and to children
/// with a `maxWidth` (`maxHeight` in a vertical stack), highest `layoutPriority` first; when it is shorter, the
/// lowest priorities shrink first, down to their smallest size. A plain container: without a background it claims
/// points only through its children.
open class StackView: View {
    /// The direction children are lined up in.
    public var axis: StackAxis { didSet { if axis != oldValue { invalidateMeasurement() } } }
    /// Space between consecutive children, in points.
    public var spacing: Double { didSet { if spacing != oldValue { invalidateMeasurement() } } }
    /// Space between the stack's edges and its children.
    public var padding: EdgeInsets { didSet { if padding != oldValue { invalidateMeasurement() } } }
    /// Where children sit across the axis.
    public var alignment: StackAlignment { didSet { if alignment != oldValue { invalidateMeasurement() } } }
    /// Where children sit along the axis when space is left over.
    public var justification: StackJustification = .leading { didSet { if justification != oldValue { setNeedsLayout() } } }

    /// Creates a stack; children are added in order (first is top or left).
    public init(axis: StackAxis, identifier: String = "", spacing: Double = 8, padding: EdgeInsets = .zero,
                alignment: StackAlignment = .leading, children: [View] = []) {
        self.axis = axis; self.spacing = spacing; self.padding = padding; self.alignment = alignment
        super.init(identifier: identifier)
        for child in children { addSubview(child) }
    }

    // MARK: - Axis helpers

    private func along(_ s: Size) -> Double { axis == .vertical ? s.height : s.width }
    private func across(_ s: Size) -> Double { axis == .vertical ? s.width : s.height }
    private func size(along: Double, across: Double) -> Size {
        axis == .vertical ? Size(width: across, height: along) : Size(width: along, height: across)
    }
    private var alignsBaselines: Bool {
        axis == .horizontal && (alignment == .firstTextBaseline || alignment == .lastTextBaseline)
    }

    // MARK: - Measuring and placing

    /// One child's place: its slot (padding included) in the stack's coordinates.
    private struct Placement { var view: View; var slot: Rect }

    /// The children's lengths along the axis: ideal lengths, grown or shrunk by priority to fill `available`.
    private func lengths(of children: [View], available: Double, crossSpace: Double, fonts: any FontMetrics) -> [Double] {
        let open = size(along: .infinity, across: crossSpace)
        var result = children.map { child -> Double in
            if let spacer = child as? Spacer, spacer.expands { return spacer.minLength }
            return along(child.measureWithPadding(proposed: open, fonts: fonts))
        }
        guard available.isFinite, !children.isEmpty else { return result }
        let over = available - result.reduce(0, +) - spacing * Double(children.count - 1)
        let priorities = children.map(\.layoutModifiers.priority)
        if over > StackView.epsilon {
            let limits = children.map { child -> Double? in
                if let spacer = child as? Spacer, spacer.expands { return .infinity }
                let m = child.layoutModifiers
                guard (axis == .vertical ? m.maxHeight : m.maxWidth) != nil else { return nil }
                return along(child.measureWithPadding(proposed: size(along: available, across: crossSpace), fonts: fonts))
            }
            StackView.share(over, into: &result, limits: limits, priorities: priorities)
        } else if over < -StackView.epsilon {
            let limits = children.map { child -> Double? in
                if let spacer = child as? Spacer, spacer.expands { return spacer.minLength }
                return along(child.measureWithPadding(proposed: size(along: 0, across: crossSpace), fonts: fonts))
            }
            StackView.share(over, into: &result, limits: limits, priorities: priorities)
        }
        return result
    }

    private static let epsilon = 0.0005

    /// Hands `amount` (positive: grow, negative: shrink) to the children that can take it, by priority (highest
    /// first when growing, lowest first when shrinking), in equal shares capped at each child's limit.
    private static func share(_ amount: Double, into lengths: inout [Double], limits: [Double?], priorities: [Double]) {
        let growing = amount > 0
        var left = abs(amount)
        for priority in Set(priorities).sorted(by: growing ? (>) : (<)) where left > epsilon {
            var takers = lengths.indices.filter { i in
                guard priorities[i] == priority, let limit = limits[i] else { return false }
                return growing ? limit > lengths[i] + epsilon : limit < lengths[i] - epsilon
            }
            while left > epsilon && !takers.isEmpty {
                let portion = left / Double(takers.count)
                var still: [Int] = []
                for i in takers {
                    let room = abs(limits[i]! - lengths[i])
                    let take = min(portion, room)
                    lengths[i] += growing ? take : -take
                    left -= take
                    if room - take > epsilon { still.append(i) }
                }
                takers = still
            }
        }
    }

    /// Where each visible child goes in a stack of `outer` size, and the size its content takes (padding included).
    private func arrange(in outer: Size, fonts: any FontMetrics) -> (placements: [Placement], content: Size) {
        let inner = Size(width: max(0, outer.width - padding.horizontal), height: max(0, outer.height - padding.vertical))
        let children = subviews.filter { !$0.isHidden }
        let crossSpace = across(inner)
        let lengths = lengths(of: children, available: along(inner), crossSpace: crossSpace, fonts: fonts)
        // Each child's size across the axis (padding included) and, when aligning baselines, its baseline.
        var crosses: [Double] = [], baselines: [Double] = []
        for (child, length) in zip(children, lengths) {
            if let spacer = child as? Spacer, spacer.expands { crosses.append(0); baselines.append(0); continue }
            let s = child.measureWithPadding(proposed: size(along: length, across: crossSpace), fonts: fonts)
            crosses.append(across(s))
            if alignsBaselines {
                baselines.append(child.baselineWithPadding(in: s, fonts: fonts, last: alignment == .lastTextBaseline))
            }
        }
        let maxBaseline = baselines.max() ?? 0
        let gaps = spacing * Double(max(children.count - 1, 0))
        let total = lengths.reduce(0, +) + gaps
        let crossContent = alignsBaselines
            ? zip(crosses, baselines).map { maxBaseline - $1 + $0 }.max() ?? 0
            : crosses.max() ?? 0
        let content = size(along: total + along(Size(width: padding.horizontal, height: padding.vertical)),
                           across: crossContent + across(Size(width: padding.horizontal, height: padding.vertical)))
        // Along the axis: the space over (when nothing grew into it) placed by the justification.
        let over = along(inner).isFinite ? max(0, along(inner) - total) : 0
        var start = axis == .vertical ? padding.top : padding.leading
        var extraGap = 0.0
        switch justification {
        case .leading: break
        case .center: start += (over / 2).rounded(.down)
        case .trailing: start += over
        case .spaceBetween: if children.count > 1 { extraGap = over / Double(children.count - 1) }
        }
        let crossStart = axis == .vertical ? padding.leading : padding.top
        let crossRoom = crossSpace.isFinite ? crossSpace : crossContent
        var placements: [Placement] = []
        var cursor = start
        for (i, child) in children.enumerated() {
            let from = cursor, to = cursor + lengths[i]
            let natural = crosses[i]
            var extent = alignment == .fill ? crossRoom : min(natural, crossRoom)
            let offset: Double
            switch alignment {
            case .leading, .fill: offset = 0
            case .center: offset = ((crossRoom - extent) / 2).rounded(.down)
            case .trailing: offset = crossRoom - extent
            case .firstTextBaseline, .lastTextBaseline:
                offset = alignsBaselines ? maxBaseline - baselines[i] : 0
                if alignsBaselines { extent = natural }
            }
            let slot = axis == .vertical
                ? Rect(x: crossStart + offset, y: from, width: extent, height: to - from)
                : Rect(x: from, y: crossStart + offset, width: to - from, height: extent)
            placements.append(Placement(view: child, slot: slot))
            cursor += lengths[i] + spacing + extraGap
        }
        return (placements, content)
    }

    /// The children's lengths along the axis plus spacing, the widest across it (or the baseline-aligned height),
    /// plus padding; along the axis it takes the proposal when a child grows into it.
    open override func sizeThatFits(_ proposed: Size, fonts: any FontMetrics) -> Size {
        arrange(in: proposed, fonts: fonts).content
    }

    /// Places visible children one after another; hidden children take no space.
    open override func layoutSubviews(fonts: any FontMetrics) {
        for placement in arrange(in: frame.size, fonts: fonts).placements {
            placement.view.place(in: placement.slot, fonts: fonts)
        }
    }

    /// The first child's baseline that has one, where it is placed.
    open override func firstBaseline(in size: Size, fonts: any FontMetrics) -> Double? {
        baseline(in: size, fonts: fonts, last: false)
    }

    /// The last child's last baseline that has one, where it is placed.
    open override func lastBaseline(in size: Size, fonts: any FontMetrics) -> Double? {
        baseline(in: size, fonts: fonts, last: true)
    }

    private func baseline(in size: Size, fonts: any FontMetrics, last: Bool) -> Double? {
        let placements = arrange(in: size, fonts: fonts).placements
        for placement in last ? placements.reversed() : placements {
            let view = placement.view
            let p = view.layoutModifiers.padding
            let frameSize = Size(width: max(0, placement.slot.width - p.horizontal), height: max(0, placement.slot.height - p.vertical))
            let content = view.alignedContent(in: Rect(origin: .zero, size: frameSize), fonts: fonts)
            let b = last ? view.lastBaseline(in: content.size, fonts: fonts) : view.firstBaseline(in: content.size, fonts: fonts)
            if let b { return placement.slot.minY + p.top + content.minY + b }
        }
        return nil
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

/// A gap in a stack: fixed (`Spacer(length:)`) or expanding (`Spacer()`, `Spacer(minLength:)`), which takes the
/// space left over along its stack's axis. Draws nothing, claims nothing.
public final class Spacer: View {
    /// True for a spacer that grows into the space left over in its stack.
    public let expands: Bool
    /// The shortest an expanding spacer gets along its stack's axis.
    public let minLength: Double

    /// Creates a spacer of a fixed length along both axes (a stack uses the one along its axis).
    public init(identifier: String = "", length: Double) {
        expands = false; minLength = length
        super.init(identifier: identifier)
        preferredWidth = length
        preferredHeight = length
    }

    /// Creates an expanding spacer, at least `minLength` long.
    public init(identifier: String = "", minLength: Double = 0) {
        expands = true; self.minLength = max(0, minLength)
        super.init(identifier: identifier)
    }
}
