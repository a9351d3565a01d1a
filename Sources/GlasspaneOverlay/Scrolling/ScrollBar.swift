// A scroll view's bar: a thumb whose length is the visible share of the document and whose position is the offset.
// Dragging the thumb scrolls (captured, so it keeps working outside the bar); a press on the track pages toward it.
import GlasspaneCore
import GlasspaneDraw

/// One scroll bar of a `ScrollView`: shown while it scrolls (alpha 1), faded out when still (and then not hit).
public final class ScrollBar: View {
    /// The axis it scrolls.
    public let axis: StackAxis
    /// Thickness in points.
    public static let thickness = 8.0
    /// The shortest thumb, points.
    public static let minimumThumbLength = 24.0
    /// Thumb color.
    public var thumbColor = Color(r: 0.75, g: 0.77, b: 0.8, a: 0.85) { didSet { setNeedsDisplay() } }
    /// The scroll view it belongs to.
    weak var owner: ScrollView?
    /// False when the content fits the viewport on this axis (the bar is then never shown).
    var isNeeded = false {
        didSet { if isNeeded != oldValue { isHidden = !isNeeded } }
    }
    /// True while a pointer drags the thumb.
    public private(set) var isDragging = false
    private var dragPointer = 0
    private var dragStart = 0.0
    private var dragStartOffset = 0.0

    /// Creates a bar (its scroll view places it).
    init(axis: StackAxis, identifier: String) {
        self.axis = axis
        super.init(identifier: identifier)
        isHidden = true
    }

    /// Claims its bounds (the track too: a press there pages).
    public override var claimsBoundsByDefault: Bool { true }

    private var trackLength: Double { axis == .vertical ? frame.height : frame.width }

    /// The thumb's start and length along the track, from the owner's offset (clamped while rubber-banding).
    public var thumbSpan: (start: Double, length: Double) {
        guard let owner else { return (0, trackLength) }
        let content = axis == .vertical ? owner.contentSize.height : owner.contentSize.width
        let viewport = axis == .vertical ? owner.bounds.height : owner.bounds.width
        guard content > viewport, content > 0 else { return (0, trackLength) }
        let length = max(ScrollBar.minimumThumbLength, min(trackLength, trackLength * viewport / content))
        let maxOffset = content - viewport
        let offset = min(max(axis == .vertical ? owner.contentOffset.y : owner.contentOffset.x, 0), maxOffset)
        return ((trackLength - length) * offset / maxOffset, length)
    }

    /// Draws the thumb.
    public override func draw(in rect: Rect, context: inout PaintContext) {
        let span = thumbSpan
        let thumb = axis == .vertical
            ? Rect(x: rect.minX, y: rect.minY + span.start, width: rect.width, height: span.length)
            : Rect(x: rect.minX + span.start, y: rect.minY, width: span.length, height: rect.height)
        context.add(.rect(thumb, color: thumbColor, cornerRadius: ScrollBar.thickness / 2))
    }

    private func along(_ p: Point) -> Double { axis == .vertical ? p.y : p.x }

    /// On the thumb: starts a drag. On the track: pages toward the press.
    public override func pointerDown(_ event: PointerEvent) {
        guard let owner else { return }
        let span = thumbSpan, at = along(event.location)
        let current = axis == .vertical ? owner.contentOffset.y : owner.contentOffset.x
        if at >= span.start && at < span.start + span.length {
            isDragging = true
            dragPointer = event.pointerID
            dragStart = at
            dragStartOffset = current
        } else {
            let page = (axis == .vertical ? owner.bounds.height : owner.bounds.width) - owner.keyLineHeight
            owner.scrollBarMoved(axis: axis, to: current + (at < span.start ? -page : page))
        }
    }

    /// Moves the offset in proportion to the thumb's travel.
    public override func pointerMoved(_ event: PointerEvent) {
        guard isDragging, event.pointerID == dragPointer, let owner else { return }
        let span = thumbSpan
        let travel = trackLength - span.length
        guard travel > 0 else { return }
        let maxOffset = axis == .vertical ? owner.maximumOffset.y : owner.maximumOffset.x
        owner.scrollBarMoved(axis: axis, to: dragStartOffset + (along(event.location) - dragStart) * maxOffset / travel)
    }

    /// Ends a thumb drag.
    public override func pointerUp(_ event: PointerEvent) { if event.pointerID == dragPointer { isDragging = false } }
    /// Ends a thumb drag.
    public override func pointerCancelled(_ event: PointerEvent) { if event.pointerID == dragPointer { isDragging = false } }
}
