// A popover: content in a bubble anchored to a view, with an arrow pointing at it, on the side with room (flipped at
// the window's edges), never outside the window; in its own modal layer, so a press outside or Escape closes it.
import GlasspaneCore
import GlasspaneDraw

/// The side of the anchor a popover's bubble sits on.
public enum PopoverEdge: String, CaseIterable, Hashable, Sendable {
    /// Above the anchor (arrow pointing down).
    case top
    /// Below the anchor (arrow pointing up).
    case bottom
    /// Left of the anchor (arrow pointing right).
    case leading
    /// Right of the anchor (arrow pointing left).
    case trailing

    /// The other side on the same axis.
    public var opposite: PopoverEdge {
        switch self {
        case .top: .bottom
        case .bottom: .top
        case .leading: .trailing
        case .trailing: .leading
        }
    }
    /// True for top and bottom.
    var isVertical: Bool { self == .top || self == .bottom }
}

/// Where a popover goes: its bubble's frame in window points, the side of the anchor it is on, and its arrow's tip.
public struct PopoverPlacement: Hashable, Sendable {
    /// The bubble (the arrow is outside it, between it and the anchor).
    public var frame: Rect
    /// The side of the anchor the bubble is on.
    public var edge: PopoverEdge
    /// The arrow's tip: on the anchor's edge, clamped so the arrow's base stays on the bubble's straight edge.
    public var arrowTip: Point

    /// The arrow's length from the bubble to the tip, in points.
    public static let arrowLength = 8.0
    /// The least distance between the bubble and the window's edges, in points.
    public static let margin = 8.0

    /// Places a bubble of `size` next to `anchor` (window points) in a window of `window`: on `preferred` when it fits
    /// there, else on the opposite side, else on the sides of the other axis, else on the side with the most room;
    /// slid along the edge to stay `margin` inside the window, and shrunk when larger than the window allows.
    public static func place(anchor: Rect, size: Size, in window: Size, preferred: PopoverEdge) -> PopoverPlacement {
        let gap = arrowLength, m = margin
        func room(_ edge: PopoverEdge) -> Double {
            switch edge {
            case .top: anchor.minY - gap - m
            case .bottom: window.height - anchor.maxY - gap - m
            case .leading: anchor.minX - gap - m
            case .trailing: window.width - anchor.maxX - gap - m
            }
        }
        func fits(_ edge: PopoverEdge) -> Bool { room(edge) >= (edge.isVertical ? size.height : size.width) }
        let others: [PopoverEdge] = preferred.isVertical ? [.trailing, .leading] : [.bottom, .top]
        let order = [preferred, preferred.opposite] + others
        let edge = order.first(where: fits) ?? order.max { room($0) < room($1) }!
        // Shrink to what the window allows on that side.
        let w = min(size.width, max(0, edge.isVertical ? window.width - 2 * m : room(edge)))
        let h = min(size.height, max(0, edge.isVertical ? room(edge) : window.height - 2 * m))
        func slide(_ center: Double, _ length: Double, _ limit: Double) -> Double {
            min(max(center - length / 2, m), max(m, limit - m - length))
        }
        let frame: Rect
        switch edge {
        case .top: frame = Rect(x: slide(anchor.center.x, w, window.width), y: anchor.minY - gap - h, width: w, height: h)
        case .bottom: frame = Rect(x: slide(anchor.center.x, w, window.width), y: anchor.maxY + gap, width: w, height: h)
        case .leading: frame = Rect(x: anchor.minX - gap - w, y: slide(anchor.center.y, h, window.height), width: w, height: h)
        case .trailing: frame = Rect(x: anchor.maxX + gap, y: slide(anchor.center.y, h, window.height), width: w, height: h)
        }
        let inset = arrowLength + 4  // keeps the arrow's base off the rounded corners
        func clampAlong(_ v: Double, _ lo: Double, _ hi: Double) -> Double { lo > hi ? (lo + hi) / 2 : min(max(v, lo), hi) }
        let tip: Point = switch edge {
        case .top: Point(x: clampAlong(anchor.center.x, frame.minX + inset, frame.maxX - inset), y: frame.maxY + gap)
        case .bottom: Point(x: clampAlong(anchor.center.x, frame.minX + inset, frame.maxX - inset), y: frame.minY - gap)
        case .leading: Point(x: frame.maxX + gap, y: clampAlong(anchor.center.y, frame.minY + inset, frame.maxY - inset))
        case .trailing: Point(x: frame.minX - gap, y: clampAlong(anchor.center.y, frame.minY + inset, frame.maxY - inset))
        }
        return PopoverPlacement(frame: frame, edge: edge, arrowTip: tip)
    }
}

/// Content in a bubble anchored to a view (SwiftUI's `.popover`): `present(from:in:)` adds a modal layer
/// `popover.<identifier>` at `LayerLevel.toast - 10` holding the bubble `<identifier>`; a press outside the bubble
/// or Escape (with nothing focused in it) dismisses it. The placement is worked out again at every layout, so it
/// follows the anchor and the window size.
public final class Popover {
    /// The bubble's identifier; the layer is `popover.<identifier>`.
    public let identifier: String
    /// What the bubble shows.
    public let content: View
    /// The side tried first.
    public var preferredEdge: PopoverEdge
    /// Called after the popover was dismissed (not after `dismiss()` while not presented).
    public var onDismiss: (() -> Void)?
    /// The layer while presented.
    public private(set) var layer: OverlayLayer?
    private let bubble: PopoverBubble

    /// Creates a popover around `content`.
    public init(identifier: String, content: View, preferredEdge: PopoverEdge = .bottom) {
        self.identifier = identifier; self.content = content; self.preferredEdge = preferredEdge
        bubble = PopoverBubble(identifier: identifier, content: content)
    }

    /// True while shown.
    public var isPresented: Bool { layer != nil }
    /// Where the bubble went at the last layout (nil before it).
    public var placement: PopoverPlacement? { bubble.placement }

    /// Shows the popover next to `anchor` (which must be in `overlay`). On an overlay whose frame clock runs, the
    /// bubble grows from the arrow's tip and fades in (Popover+Transition.swift); its content takes events at once.
    public func present(from anchor: View, in overlay: Overlay) {
        guard layer == nil else { return }
        // Still fading out from the last dismiss: that ends now, so the bubble can join the new container.
        closing?.finishClosing()
        closing = nil
        let container = PopoverContainer(bubble: bubble, anchor: anchor, preferred: { [unowned self] in preferredEdge })
        container.appearsAnimated = overlay.animationTime != nil
        let layer = overlay.addLayer(name: "popover.\(identifier)", level: LayerLevel.toast - 10, kind: .modal)
        layer.addSubview(container)
        layer.onOutsideTap = { [unowned self] _ in dismiss() }
        layer.onUnfocusedKey = { [unowned self] key in if key.key == .escape { dismiss() } }
        self.layer = layer
    }

    /// Removes the popover: its layer stops being modal at once and takes no more events (a click goes to what is
    /// under it; focus inside it is dropped), while the bubble shrinks toward the anchor and fades out; the layer
    /// leaves when the animation ends (at once when the frame clock has not run).
    public func dismiss() {
        guard let layer else { return }
        self.layer = nil
        let overlay = layer.overlay
        if let overlay, let container = bubble.superview as? PopoverContainer, let placement = bubble.placement,
           overlay.animationTime != nil {
            // The same layer fades out (as a leaving sheet does): a new one would cost the renderer a new cache.
            closing = container
            container.beginClosing(in: overlay, layer: layer, placement: placement)
        } else {
            overlay?.removeLayer(layer)
            bubble.removeFromSuperview()
        }
        onDismiss?()
    }

    /// The container fading out after the last dismiss, until it is done.
    private weak var closing: PopoverContainer?
    /// True while the bubble of a dismissed popover is still animating out.
    public var isClosing: Bool { closing?.isClosing ?? false }
}

/// Fills the layer (claiming nothing itself) and places the bubble next to the anchor at each layout.
final class PopoverContainer: View {
    let bubble: PopoverBubble
    weak var anchor: View?
    let preferred: () -> PopoverEdge
    init(bubble: PopoverBubble, anchor: View, preferred: @escaping () -> PopoverEdge) {
        self.bubble = bubble; self.anchor = anchor; self.preferred = preferred
        super.init(identifier: "\(bubble.identifier).container")
        hitTestBehavior = .deferToChildren
        addSubview(bubble)
    }
    /// Set by `present`: the first layout starts the appearing animation, once the bubble's placement is known.
    var appearsAnimated = false
    /// The layer this container fades out in (Popover+Transition.swift); nil while presented.
    weak var closingLayer: OverlayLayer?
    /// True while fading out.
    var isClosing: Bool { closingLayer != nil }

    override func layoutSubviews(fonts: any FontMetrics) {
        if let root = superview { frame = root.bounds }
        // A closing bubble keeps its last placement: its anchor may already be gone.
        guard !isClosing else { return }
        let size = bubble.measure(proposed: Size(width: bounds.width, height: bounds.height), fonts: fonts)
        let anchorFrame = anchor?.windowFrame ?? Rect(x: bounds.width / 2, y: bounds.height / 2, width: 0, height: 0)
        let placement = PopoverPlacement.place(anchor: anchorFrame, size: size, in: bounds.size, preferred: preferred())
        bubble.placement = placement
        bubble.frame = placement.frame
        bubble.setNeedsDisplay()
        if appearsAnimated {
            appearsAnimated = false
            beginAppearing(placement: placement)
        }
    }
}

/// The bubble: an opaque themed fill with a border and an arrow toward the anchor, the content inside its padding.
final class PopoverBubble: View {
    let content: View
    var placement: PopoverPlacement?
    static let padding = 10.0
    init(identifier: String, content: View) {
        self.content = content
        super.init(identifier: identifier)
        cornerRadius = 8
        addSubview(content)
    }
    override var claimsBoundsByDefault: Bool { true }
    override func sizeThatFits(_ proposed: Size, fonts: any FontMetrics) -> Size {
        let p = PopoverBubble.padding
        let s = content.measure(proposed: Size(width: max(0, proposed.width - 2 * p), height: max(0, proposed.height - 2 * p)), fonts: fonts)
        return Size(width: s.width + 2 * p, height: s.height + 2 * p)
    }
    override func layoutSubviews(fonts: any FontMetrics) {
        let p = PopoverBubble.padding
        content.frame = Rect(x: p, y: p, width: max(0, bounds.width - 2 * p), height: max(0, bounds.height - 2 * p))
    }
    /// The fill, the border, then the arrow as 1-point steps (the draw list has no triangles).
    override func draw(in rect: Rect, context: inout PaintContext) {
        let fill = themeColor(.sheet), line = themeColor(.separator)
        context.add(.rect(rect, color: fill, cornerRadius: cornerRadius))
        context.add(.border(rect, color: line, width: theme.strokes.hairline, cornerRadius: cornerRadius))
        guard let placement else { return }
        // The arrow's offset from the bubble's origin to the drawn rect (the rect is where the paint pass put it).
        let dx = rect.minX - placement.frame.minX, dy = rect.minY - placement.frame.minY
        let tip = Point(x: placement.arrowTip.x + dx, y: placement.arrowTip.y + dy)
        let n = Int(PopoverPlacement.arrowLength)
        for i in 0..<n {
            let half = Double(n - i)  // widest at the bubble
            let step: Rect = switch placement.edge {
            case .bottom: Rect(x: tip.x - half, y: rect.minY - Double(i) - 1, width: 2 * half, height: 1)
            case .top: Rect(x: tip.x - half, y: rect.maxY + Double(i), width: 2 * half, height: 1)
            case .trailing: Rect(x: rect.minX - Double(i) - 1, y: tip.y - half, width: 1, height: 2 * half)
            case .leading: Rect(x: rect.maxX + Double(i), y: tip.y - half, width: 1, height: 2 * half)
            }
            context.add(.rect(step, color: fill, cornerRadius: 0))
        }
    }
}
