// Flexible frames, padding, layout priority, aspect ratio and fixed size: what a container reads from a child besides
// its content's size. SwiftUI's modifiers, as properties of the retained view (docs/layout.md).
import GlasspaneCore
import GlasspaneDraw

/// How `aspectRatio` fits the view into what it is offered.
public enum AspectContentMode: String, Hashable, Sendable, Codable {
    /// The largest size with the ratio inside the proposal.
    case fit
    /// The smallest size with the ratio that covers the proposal.
    case fill
}

/// A view's layout modifiers. Applied from the inside out: fixed size, aspect ratio, flexible frame, the fixed
/// `preferredWidth`/`preferredHeight`, then padding (which containers keep free around the frame).
public struct LayoutModifiers: Hashable, Sendable {
    /// The narrowest the view gets, when set.
    public var minWidth: Double?
    /// The width the view takes when its container leaves the width open (measures its ideal size), when set.
    public var idealWidth: Double?
    /// The widest the view gets (`.infinity`: as wide as offered), when set.
    public var maxWidth: Double?
    /// The shortest the view gets, when set.
    public var minHeight: Double?
    /// The height the view takes when its container leaves the height open, when set.
    public var idealHeight: Double?
    /// The tallest the view gets (`.infinity`: as tall as offered), when set.
    public var maxHeight: Double?
    /// Space its container keeps free around the view's frame (outside its background).
    public var padding: EdgeInsets = .zero
    /// Who keeps its size in a stack first: higher priorities grow first and shrink last (default 0).
    public var priority: Double = 0
    /// Width over height the frame keeps, when set (`aspectRatioEnabled` with a nil ratio keeps the content's).
    public var aspectRatio: Double?
    /// True when the frame keeps an aspect ratio.
    public var aspectRatioEnabled = false
    /// Fit inside or cover the proposal.
    public var contentMode: AspectContentMode = .fit
    /// The content is measured at its ideal width whatever the width offered.
    public var fixedWidth = false
    /// The content is measured at its ideal height whatever the height offered.
    public var fixedHeight = false

    /// Where the view sits in a z-stack or grid cell, over the container's alignment, when set.
    public var cellAlignment: Alignment?
    /// Set: the view's frame is its content's size, placed by this alignment inside the room its flexible frame
    /// takes (SwiftUI's `frame(maxWidth:alignment:)`); nil: the view fills that room.
    public var frameAlignment: Alignment?
    /// How many grid columns the view's cell spans (at least 1).
    public var gridColumnSpan = 1
    /// How many grid rows the view's cell spans (at least 1).
    public var gridRowSpan = 1

    /// No modifiers: the view measures as its content says.
    public init() {}

    /// True when nothing but padding and priority is set (the measurement is the content's own).
    var isPlain: Bool {
        minWidth == nil && idealWidth == nil && maxWidth == nil && minHeight == nil && idealHeight == nil
            && maxHeight == nil && !aspectRatioEnabled && !fixedWidth && !fixedHeight
    }
}

extension View {
    /// Flexible frame, SwiftUI's `frame(minWidth:idealWidth:maxWidth:minHeight:idealHeight:maxHeight:)`: the
    /// view takes what it is offered clamped to the bounds given (`maxWidth: .infinity` fills). A bound left nil
    /// keeps its earlier value, so calls add up (`layoutModifiers` sets or clears any of them). With an `alignment`
    /// the view takes its content's size and sits by it inside the room the frame takes (a label centred in a row
    /// that fills its stack); without one it fills that room. Returns the view.
    @discardableResult
    public final func frame(minWidth: Double? = nil, idealWidth: Double? = nil, maxWidth: Double? = nil,
                            minHeight: Double? = nil, idealHeight: Double? = nil, maxHeight: Double? = nil,
                            alignment: Alignment? = nil) -> Self {
        // Negative bounds count as 0; a minimum or ideal that is not finite (or NaN anywhere) is ignored, so no frame
        // becomes infinite or NaN.
        func bound(_ value: Double?, allowsInfinity: Bool) -> Double? {
            guard let value, !value.isNaN, allowsInfinity || value.isFinite else { return nil }
            return max(0, value)
        }
        var m = layoutModifiers
        if let v = bound(minWidth, allowsInfinity: false) { m.minWidth = v }
        if let v = bound(idealWidth, allowsInfinity: false) { m.idealWidth = v }
        if let v = bound(maxWidth, allowsInfinity: true) { m.maxWidth = v }
        if let v = bound(minHeight, allowsInfinity: false) { m.minHeight = v }
        if let v = bound(idealHeight, allowsInfinity: false) { m.idealHeight = v }
        if let v = bound(maxHeight, allowsInfinity: true) { m.maxHeight = v }
        if let alignment { m.frameAlignment = alignment }
        layoutModifiers = m
        return self
    }

    /// A fixed width and/or height (`preferredWidth`/`preferredHeight`); nil leaves that dimension to the content.
    @discardableResult
    public final func frame(width: Double? = nil, height: Double? = nil) -> Self {
        preferredWidth = width; preferredHeight = height
        return self
    }

    /// Space kept free around the view by its container. Returns the view.
    @discardableResult
    public final func padding(_ insets: EdgeInsets) -> Self {
        layoutModifiers.padding = insets
        return self
    }

    /// The same space on every edge around the view. Returns the view.
    @discardableResult
    public final func padding(_ length: Double = 8) -> Self {
        padding(EdgeInsets(all: length))
    }

    /// Higher priorities get their size in a stack first (and shrink last). Returns the view.
    @discardableResult
    public final func layoutPriority(_ priority: Double) -> Self {
        layoutModifiers.priority = priority
        return self
    }

    /// Keeps the frame at `ratio` (width / height; nil: the content's ideal ratio), fitting in or filling what it
    /// is offered. Returns the view.
    @discardableResult
    public final func aspectRatio(_ ratio: Double? = nil, contentMode: AspectContentMode = .fit) -> Self {
        layoutModifiers.aspectRatio = ratio.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        layoutModifiers.aspectRatioEnabled = true
        layoutModifiers.contentMode = contentMode
        return self
    }

    /// Makes the view's grid cell span `count` columns (SwiftUI's `gridCellColumns`). Returns the view.
    @discardableResult
    public final func gridCellColumns(_ count: Int) -> Self {
        layoutModifiers.gridColumnSpan = max(1, count)
        return self
    }

    /// Makes the view's grid cell span `count` rows. Returns the view.
    @discardableResult
    public final func gridCellRows(_ count: Int) -> Self {
        layoutModifiers.gridRowSpan = max(1, count)
        return self
    }

    /// Measures the content at its ideal size on the chosen axes, whatever it is offered. Returns the view.
    @discardableResult
    public final func fixedSize(horizontal: Bool = true, vertical: Bool = true) -> Self {
        layoutModifiers.fixedWidth = horizontal; layoutModifiers.fixedHeight = vertical
        return self
    }

    /// The size a container gives the view for a proposal, padding included (`measure` plus padding).
    public final func measureWithPadding(proposed: Size, fonts: any FontMetrics) -> Size {
        let p = layoutModifiers.padding
        if p == .zero { return measure(proposed: proposed, fonts: fonts) }
        let inner = Size(width: max(0, proposed.width - p.horizontal), height: max(0, proposed.height - p.vertical))
        let s = measure(proposed: inner, fonts: fonts)
        return Size(width: s.width + p.horizontal, height: s.height + p.vertical)
    }

    /// Sets the frame to `slot` less the view's padding (containers place children with it); with a frame
    /// alignment, to the content's size placed by it inside that room.
    final func place(in slot: Rect, fonts: any FontMetrics) {
        let p = layoutModifiers.padding
        let room = Rect(x: slot.minX + p.leading, y: slot.minY + p.top,
                        width: max(0, slot.width - p.horizontal), height: max(0, slot.height - p.vertical))
        frame = alignedContent(in: room, fonts: fonts)
    }

    /// Where the view's content goes inside `room` (its flexible frame's room): the room itself without a frame
    /// alignment; else the content's size for the room (fixed size and aspect ratio applied, at most the room) placed
    /// by the alignment (a baseline alignment counts as the top).
    final func alignedContent(in room: Rect, fonts: any FontMetrics) -> Rect {
        guard let alignment = layoutModifiers.frameAlignment else { return room }
        let fitted = aspectSize(proposed: room.size, fonts: fonts)
        let w = alignment.horizontal == .fill ? room.width : min(room.width, preferredWidth ?? fitted.width)
        let h = alignment.vertical == .fill ? room.height : min(room.height, preferredHeight ?? fitted.height)
        let x: Double = switch alignment.horizontal {
        case .leading, .fill: 0
        case .center: ((room.width - w) / 2).rounded(.down)
        case .trailing: room.width - w
        }
        let y: Double = switch alignment.vertical {
        case .top, .fill, .firstTextBaseline, .lastTextBaseline: 0
        case .center: ((room.height - h) / 2).rounded(.down)
        case .bottom: room.height - h
        }
        return Rect(x: room.minX + x, y: room.minY + y, width: w, height: h)
    }

    /// The size the flexible frame, aspect ratio and fixed size make of the content's `sizeThatFits`.
    final func modifiedSize(proposed: Size, fonts: any FontMetrics) -> Size {
        let m = layoutModifiers
        // Flexible frame: the content is offered the proposal clamped to the bounds (the ideal when left open).
        func inward(_ p: Double, _ lo: Double?, _ ideal: Double?, _ hi: Double?) -> Double {
            if !p.isFinite { return ideal ?? p }
            return min(max(p, lo ?? -.infinity), hi ?? .infinity)
        }
        func outward(_ p: Double, _ c: Double, _ lo: Double?, _ ideal: Double?, _ hi: Double?) -> Double {
            if lo == nil && ideal == nil && hi == nil { return c }
            if !p.isFinite { return ideal ?? min(max(c, lo ?? 0), hi ?? .infinity) }
            var r = c
            if let lo { r = max(lo, min(r, p)) }
            if let hi { r = min(hi, max(r, p)) }
            return r
        }
        let offered = Size(width: inward(proposed.width, m.minWidth, m.idealWidth, m.maxWidth),
                           height: inward(proposed.height, m.minHeight, m.idealHeight, m.maxHeight))
        let content = aspectSize(proposed: offered, fonts: fonts)
        return Size(width: outward(proposed.width, content.width, m.minWidth, m.idealWidth, m.maxWidth),
                    height: outward(proposed.height, content.height, m.minHeight, m.idealHeight, m.maxHeight))
    }

    /// The aspect ratio's size for a proposal, or the fixed-size content's when no ratio is kept.
    private func aspectSize(proposed: Size, fonts: any FontMetrics) -> Size {
        let m = layoutModifiers
        let open = Size(width: .infinity, height: .infinity)
        func content(_ p: Size) -> Size {
            sizeThatFits(Size(width: m.fixedWidth ? .infinity : p.width, height: m.fixedHeight ? .infinity : p.height),
                         fonts: fonts)
        }
        guard m.aspectRatioEnabled else { return content(proposed) }
        let ideal = content(open)
        let ratio = m.aspectRatio ?? (ideal.width > 0 && ideal.height > 0 ? ideal.width / ideal.height : 1)
        let w = proposed.width, h = proposed.height
        switch (w.isFinite, h.isFinite) {
        case (true, true):
            let width = m.contentMode == .fit ? min(w, h * ratio) : max(w, h * ratio)
            return Size(width: width, height: width / ratio)
        case (true, false): return Size(width: w, height: w / ratio)
        case (false, true): return Size(width: h * ratio, height: h)
        case (false, false):
            if ideal.width > 0 { return Size(width: ideal.width, height: ideal.width / ratio) }
            return Size(width: ideal.height * ratio, height: ideal.height)
        }
    }
}
