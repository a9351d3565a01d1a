// Two-axis alignment for z-stacks and grid cells, with SwiftUI's names.
import GlasspaneCore

/// Where a view sits across the width of the space it is given.
public enum HorizontalAlignment: String, Hashable, Sendable, Codable {
    /// At the left.
    case leading
    /// Centered (whole points).
    case center
    /// At the right.
    case trailing
    /// As wide as the space.
    case fill
}

/// Where a view sits across the height of the space it is given.
public enum VerticalAlignment: String, Hashable, Sendable, Codable {
    /// At the top.
    case top
    /// Centered (whole points).
    case center
    /// At the bottom.
    case bottom
    /// As tall as the space.
    case fill
    /// Grids: the first text baselines of a row's cells on one line (a view without text sits on it with its
    /// bottom edge). Elsewhere: at the top.
    case firstTextBaseline
    /// Grids: the last text baselines of a row's cells on one line (a view without text sits on it with its bottom
    /// edge). Elsewhere: at the top.
    case lastTextBaseline
}

/// Where a view sits in the space it is given, on both axes.
public struct Alignment: Hashable, Sendable, Codable {
    /// Across the width.
    public var horizontal: HorizontalAlignment
    /// Across the height.
    public var vertical: VerticalAlignment
    /// Creates an alignment from its two axes.
    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
        self.horizontal = horizontal; self.vertical = vertical
    }
    /// Centered both ways.
    public static let center = Alignment(horizontal: .center, vertical: .center)
    /// Top left.
    public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
    /// Top, centered across.
    public static let top = Alignment(horizontal: .center, vertical: .top)
    /// Top right.
    public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
    /// Left, centered down.
    public static let leading = Alignment(horizontal: .leading, vertical: .center)
    /// Right, centered down.
    public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
    /// Bottom left.
    public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
    /// Bottom, centered across.
    public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
    /// Bottom right.
    public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)
    /// Filling the space.
    public static let fill = Alignment(horizontal: .fill, vertical: .fill)
    /// Left, on the row's first text baseline (grids).
    public static let leadingFirstTextBaseline = Alignment(horizontal: .leading, vertical: .firstTextBaseline)
    /// Left, on the row's last text baseline (grids).
    public static let leadingLastTextBaseline = Alignment(horizontal: .leading, vertical: .lastTextBaseline)
}

extension View {
    /// Where the view sits in its z-stack or grid cell, over the container's alignment. Returns the view.
    @discardableResult
    public final func cellAlignment(_ alignment: Alignment) -> Self {
        layoutModifiers.cellAlignment = alignment
        return self
    }

    /// Places the view (padding included) of `natural` size inside `room` by `alignment`; `baselineOffset` is the
    /// vertical offset a baseline alignment computed.
    final func place(natural: Size, in room: Rect, alignment: Alignment, baselineOffset: Double = 0, fonts: any FontMetrics) {
        // A view bigger than the room (an aspect ratio that fills) overflows it evenly when centered.
        let w = alignment.horizontal == .fill ? room.width : natural.width
        let h = alignment.vertical == .fill ? room.height : natural.height
        let x: Double = switch alignment.horizontal {
        case .leading, .fill: 0
        case .center: ((room.width - w) / 2).rounded(.down)
        case .trailing: room.width - w
        }
        let y: Double = switch alignment.vertical {
        case .top, .fill: 0
        case .center: ((room.height - h) / 2).rounded(.down)
        case .bottom: room.height - h
        case .firstTextBaseline, .lastTextBaseline: baselineOffset
        }
        place(in: Rect(x: room.minX + x, y: room.minY + y, width: w, height: h), fonts: fonts)
    }

    /// The first (or last) baseline of the view in a slot of `size` (padding included) measured from the top of
    /// its padding, or its bottom edge when it has no text. A view with a frame alignment answers for its content
    /// where `place(in:fonts:)` puts it.
    final func baselineWithPadding(in size: Size, fonts: any FontMetrics, last: Bool = false) -> Double {
        let p = layoutModifiers.padding
        let frameSize = Size(width: max(0, size.width - p.horizontal), height: max(0, size.height - p.vertical))
        let content = alignedContent(in: Rect(origin: .zero, size: frameSize), fonts: fonts)
        let baseline = last ? lastBaseline(in: content.size, fonts: fonts) : firstBaseline(in: content.size, fonts: fonts)
        return p.top + content.minY + (baseline ?? content.height)
    }
}
