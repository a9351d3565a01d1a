// A scroll view: a viewport onto a larger document, moved by the wheel (SDL's precise deltas), by dragging (with
// momentum and a rubber band on the spring engine, ScrollMotion.swift), by its scroll bars (ScrollBar.swift) and by
// the keyboard. Content is clipped to the viewport when drawn; hit testing never reaches a point outside a view's
// bounds (View+HitTesting.swift), so a hidden row cannot take a click. Still, it does nothing per frame.
import GlasspaneCore
import GlasspaneDraw
import GlasspaneAnimation

/// The directions a scroll view moves its content in.
public struct ScrollAxes: OptionSet, Hashable, Sendable {
    /// The bit set.
    public let rawValue: Int
    /// Creates axes from bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Up and down.
    public static let vertical = ScrollAxes(rawValue: 1)
    /// Left and right.
    public static let horizontal = ScrollAxes(rawValue: 2)
    /// Both directions.
    public static let both: ScrollAxes = [.vertical, .horizontal]
}

/// A viewport onto `content`, which it sizes to its measured size (the viewport's width for a vertical-only scroll
/// view, its height for a horizontal-only one) and moves by `contentOffset`.
///
/// Input: the wheel over it or anything inside it (`wheelLineHeight` points a line; what it cannot use goes to the
/// scroll view around it); a drag that starts on it or on content that claims no press (momentum on release; past
/// an edge the content follows with resistance and springs back); its scroll bars, shown while it scrolls; and,
/// while it has focus (a press inside, or Tab), arrows, PageUp/PageDown, Space/Shift-Space and Home/End.
open class ScrollView: View, FrameTicking {
    /// Arrows along a scrolling axis scroll; the others move focus (docs/focus.md).
    open override func handlesDirection(_ direction: FocusDirection) -> Bool {
        direction == .up || direction == .down ? axes.contains(.vertical) : axes.contains(.horizontal)
    }
    /// The directions it scrolls in.
    public let axes: ScrollAxes
    /// The scrolled document: a plain view whose origin is minus the offset.
    public let documentView: View
    /// The vertical and horizontal scroll bars (subviews in front of the document).
    public let verticalScrollBar: ScrollBar
    /// See `verticalScrollBar`.
    public let horizontalScrollBar: ScrollBar
    /// Points per wheel line (one notch of a plain mouse wheel).
    public var wheelLineHeight = 40.0
    /// Whether a horizontal-only scroll view scrolls sideways with a plain (vertical) wheel, as Qt's scroll areas do:
    /// a notch down moves right; what it cannot use at an end goes on to the scroll view around it as a vertical
    /// notch. Off by default (a vertical notch goes on at once); a horizontal `List` turns it on.
    public var verticalWheelScrollsHorizontally = false
    /// Points per arrow key press.
    public var keyLineHeight = 40.0
    /// Whether scroll bars appear while scrolling.
    public var showsScrollBars = true { didSet { updateScrollBars() } }
    /// How long scroll bars stay after the last scroll, seconds (then they fade out).
    public var scrollBarLingerTime = 0.8
    /// Whether a drag on the content scrolls it (touch-style).
    public var scrollsOnDrag = true
    /// Called after the offset changed (by the user or by code).
    public var onScroll: ((Point) -> Void)?
    /// Called with a key press the view does not use itself (not an arrow, PageUp/PageDown, Home/End or Space, nor
    /// what a list or grid takes for its cursor): Delete on a list's selected rows, Enter to open one. Keys go to the
    /// focused view and stop there, so this is where an app acts on them.
    public var onUnusedKey: ((KeyEvent) -> Void)?

    /// The size of the scrolled document, as last laid out.
    public internal(set) var contentSize: Size = .zero
    /// The offset of the viewport's top-left corner in the document, in points; may lie past the ends only while
    /// a drag pulls or a rubber band returns. Set it (or use `scroll(to:)`) to scroll from code or a script.
    public var contentOffset: Point {
        get { offset }
        set { stopMotion(); setOffset(clampedOffset(newValue)) }
    }
    private var offset = Point.zero

    /// The largest offset on each axis (zero where the content fits).
    public var maximumOffset: Point {
        Point(x: axes.contains(.horizontal) ? max(0, contentSize.width - bounds.width) : 0,
              y: axes.contains(.vertical) ? max(0, contentSize.height - bounds.height) : 0)
    }

    /// Running momentum or rubber-band motions (nil: still on that axis).
    public internal(set) var motionX: ScrollMotion?
    /// See `motionX`.
    public internal(set) var motionY: ScrollMotion?
    /// True while a drag, a fling or a return to an edge moves the content.
    public var isMoving: Bool { motionX != nil || motionY != nil || drag != nil }

    /// Where the content comes to rest when the user lets go: anywhere (`.none`, the default), at whole pages or at
    /// items (ScrollView+Snapping.swift).
    public var snapping: ScrollSnapping = .none
    /// Where `.items` puts the item it comes to rest on: at the viewport's leading edge (the default; in a section,
    /// just past its pinned header), its middle (a carousel with the chosen card in the center) or its trailing edge.
    public var snapAlignment: ScrollSnapAlignment = .leading
    /// The wheel gesture a snapping scroll view settles once the wheel is quiet (ScrollView+Snapping.swift).
    var wheelSnap: WheelSnap?

    /// A drag in progress: where it started, the offset then, and recent samples for the release velocity.
    private struct Drag {
        let pointer: Int
        let start: Point
        let startOffset: Point
        var samples: [(time: Double, offset: Point)]
        var isScrolling: Bool
    }
    private var drag: Drag?
    /// The frame-clock time of the last scroll (scroll bars linger after it).
    private var lastScrollTime = -Double.infinity
    private var isTicking = false
    /// A press moves this far (points) before it counts as a drag.
    public static let dragSlop = 4.0

    /// Creates a scroll view over `content` (which it adds to its document view).
    public init(identifier: String = "", axes: ScrollAxes = .vertical, content: View? = nil) {
        self.axes = axes
        documentView = View(identifier: identifier.isEmpty ? "" : "\(identifier).document")
        documentView.hitTestBehavior = .deferToChildren
        verticalScrollBar = ScrollBar(axis: .vertical, identifier: identifier.isEmpty ? "" : "\(identifier).vbar")
        horizontalScrollBar = ScrollBar(axis: .horizontal, identifier: identifier.isEmpty ? "" : "\(identifier).hbar")
        super.init(identifier: identifier)
        clipsToBounds = true
        hitTestBehavior = .opaque
        isMeasurementBoundary = true
        addSubview(documentView)
        if let content { documentView.addSubview(content) }
        verticalScrollBar.owner = self
        horizontalScrollBar.owner = self
        verticalScrollBar.alpha = 0
        horizontalScrollBar.alpha = 0
        addSubview(verticalScrollBar)
        addSubview(horizontalScrollBar)
    }

    /// A press inside focuses it, so the keyboard scrolls it.
    open override var canBecomeFocused: Bool { true }

    /// Wants the whole proposal (a scroll view fills what it is given; give it `preferredWidth/Height`).
    open override func sizeThatFits(_ proposed: Size, fonts: any FontMetrics) -> Size {
        Size(width: proposed.width.isFinite ? proposed.width : 0, height: proposed.height.isFinite ? proposed.height : 0)
    }

    // MARK: - Layout

    /// Lays the document out and returns its size; the default measures the document's subviews (each at its
    /// measured size from the top-left, the width of the viewport along a fixed axis). Lists override this.
    open func layoutDocument(viewport: Size, fonts: any FontMetrics) -> Size {
        let proposal = Size(width: axes.contains(.horizontal) ? .infinity : viewport.width,
                            height: axes.contains(.vertical) ? .infinity : viewport.height)
        var size = Size(width: 0, height: 0)
        for child in documentView.subviews where !child.isHidden {
            var s = child.measure(proposed: proposal, fonts: fonts)
            if !axes.contains(.horizontal) { s.width = viewport.width }
            if !axes.contains(.vertical) { s.height = viewport.height }
            child.frame = Rect(origin: .zero, size: s)
            size.width = max(size.width, s.width)
            size.height = max(size.height, s.height)
        }
        return size
    }

    /// Sizes the document, keeps the offset inside the new limits and places the scroll bars.
    open override func layoutSubviews(fonts: any FontMetrics) {
        var size = layoutDocument(viewport: bounds.size, fonts: fonts)
        contentSize = size
        if drag == nil && motionX == nil && motionY == nil {
            // The content shrank under the offset: clamp, and lay the document out again for the new window.
            let clamped = clampedOffset(offset)
            if clamped != offset {
                offset = clamped
                size = layoutDocument(viewport: bounds.size, fonts: fonts)
                contentSize = size
                onScroll?(offset)
            }
        }
        documentView.frame.size = Size(width: max(size.width, bounds.width), height: max(size.height, bounds.height))
        documentView.frame.origin = ScrollView.documentOrigin(for: offset)
        let t = ScrollBar.thickness
        verticalScrollBar.frame = Rect(x: bounds.width - t - 2, y: 2, width: t, height: max(0, bounds.height - 4))
        horizontalScrollBar.frame = Rect(x: 2, y: bounds.height - t - 2, width: max(0, bounds.width - 4 - t), height: t)
        updateScrollBars()
        // Rows a list just brought in or hid marked this view for layout again (`invalidateMeasurement`); its own
        // layout is done, and the layout pass still descends into the document, which they flagged.
        needsLayout = false
    }

    /// Where the document sits for an offset: whole points, so text stays on the pixel grid while the offset
    /// (a fling, a precise wheel) is fractional.
    static func documentOrigin(for offset: Point) -> Point {
        Point(x: -offset.x.rounded(), y: -offset.y.rounded())
    }

    /// The anchors of items along `axis` (document positions of their leading edges, middles or trailing edges, by
    /// `alignment`) nearest `position`: the greatest at or before it and the least at or after it; nil where there is
    /// none. `snapping == .items` comes to rest with an anchor at the viewport's same point. The default takes the
    /// document's visible subviews, or its one content view's subviews; `List` and `LazyGrid` give their rows and
    /// lines, without section headers, and their leading edges a pinned header's length early.
    open func snapAnchors(around position: Double, axis: StackAxis,
                          alignment: ScrollSnapAlignment) -> (before: Double?, after: Double?) {
        documentSnapAnchors(around: position, axis: axis, alignment: alignment)
    }

    /// Called after the offset changed; lists use it to bring rows in and out. The default does nothing.
    open func contentOffsetDidChange() {}

    // MARK: - Offsets

    /// The offset clamped to `0...maximumOffset` on each axis.
    public func clampedOffset(_ p: Point) -> Point {
        let m = maximumOffset
        return Point(x: min(max(p.x, 0), m.x), y: min(max(p.y, 0), m.y))
    }

    /// Scrolls to an offset (clamped), at once.
    public func scroll(to point: Point) { contentOffset = point }

    /// Whether focus scrolls a view into sight with a spring (the rubber band's: critically damped, response
    /// `ScrollMotion.bounceResponse`) rather than at once. Positions come from the frame clock's closed form, so a
    /// replay gives the same offsets frame by frame whatever the machine's speed.
    public var animatesFocusReveal = false

    /// Scrolls the least distance that brings `rect` (in document coordinates) into the viewport: at once, or
    /// `animated` with the spring of `animatesFocusReveal` (a fling or return under way hands it its velocity).
    public func scrollRectToVisible(_ rect: Rect, animated: Bool = false) {
        var p = offset
        if axes.contains(.vertical) {
            if rect.minY < p.y { p.y = rect.minY } else if rect.maxY > p.y + bounds.height { p.y = rect.maxY - bounds.height }
        }
        if axes.contains(.horizontal) {
            if rect.minX < p.x { p.x = rect.minX } else if rect.maxX > p.x + bounds.width { p.x = rect.maxX - bounds.width }
        }
        guard p != offset else { return }
        guard animated else { contentOffset = p; noteScrolled(); return }
        let now = frameTime
        if p.x != offset.x {
            motionX = .bounce(from: offset.x, velocity: motionX?.velocity(at: now) ?? 0, to: clampedOffset(p).x, at: now)
        }
        if p.y != offset.y {
            motionY = .bounce(from: offset.y, velocity: motionY?.velocity(at: now) ?? 0, to: clampedOffset(p).y, at: now)
        }
        noteScrolled()
        startTicking()
    }

    /// Scrolls every scroll view around `view` so that it is visible (the overlay calls this when `view` gets focus).
    static func reveal(_ view: View) {
        var inner: View = view
        var ancestor = view.superview
        while let a = ancestor {
            if let scroll = a as? ScrollView, inner !== scroll.verticalScrollBar, inner !== scroll.horizontalScrollBar,
               view !== scroll {
                let origin = view.convert(.zero, to: scroll.documentView)
                scroll.scrollRectToVisible(Rect(origin: origin, size: view.frame.size), animated: scroll.animatesFocusReveal)
            }
            inner = a
            ancestor = a.superview
        }
    }

    private func setOffset(_ p: Point) {
        guard p != offset else { return }
        offset = p
        documentView.frame.origin = ScrollView.documentOrigin(for: p)
        updateScrollBars()
        contentOffsetDidChange()
        onScroll?(p)
    }

    /// Moves the document under the viewport by `delta` where the content above the viewport grew or shrank by that
    /// much (rows inserted or deleted out of sight, List+Updates.swift), so what shows stays put: a drag keeps
    /// following the pointer and a fling or bounce keeps its course, shifted by the same amount. `contentSize` must
    /// already be the new one.
    func shiftContent(by delta: Point) {
        guard delta != .zero else { return }
        if let d = drag {
            let move = { (p: Point) in Point(x: p.x + delta.x, y: p.y + delta.y) }
            drag = Drag(pointer: d.pointer, start: d.start, startOffset: move(d.startOffset),
                        samples: d.samples.map { ($0.time, move($0.offset)) }, isScrolling: d.isScrolling)
        }
        motionX = motionX?.shifted(by: delta.x)
        motionY = motionY?.shifted(by: delta.y)
        setOffset(Point(x: offset.x + delta.x, y: offset.y + delta.y))
    }

    /// Moves by a delta from user input (clamped), returning what could not be used (for the scroll view around it).
    @discardableResult
    public func scroll(by delta: Point) -> Point {
        stopMotion()
        let wanted = Point(x: offset.x + delta.x, y: offset.y + delta.y)
        let reached = clampedOffset(wanted)
        if reached != offset { setOffset(reached); noteScrolled() }
        return Point(x: wanted.x - reached.x, y: wanted.y - reached.y)
    }

    // MARK: - Wheel

    /// Scrolls by the wheel's lines (precise deltas move by fractions of a line); passes what is left at an edge
    /// to the superview, so nested scroll views hand over.
    open override func scrollWheel(at location: Point, dx: Double, dy: Double) {
        if verticalWheelScrollsHorizontally, axes == .horizontal, dx == 0, dy != 0 {
            let before = offset, inFlight = snapTargets
            let left = scroll(by: Point(x: -dy * wheelLineHeight, y: 0))
            if offset != before { noteWheelForSnapping(from: before, inFlight: inFlight) }
            if left.x != 0 { super.scrollWheel(at: location, dx: 0, dy: -left.x / wheelLineHeight) }
            return
        }
        // Positive dy scrolls up (content moves down): the offset decreases. A vertical-only view scrolls
        // horizontally never; Shift is not remapped here.
        let delta = Point(x: axes.contains(.horizontal) ? -dx * wheelLineHeight : 0,
                          y: axes.contains(.vertical) ? dy * -wheelLineHeight : 0)
        let before = offset, inFlight = snapTargets
        let left = scroll(by: delta)
        if offset != before { noteWheelForSnapping(from: before, inFlight: inFlight) }
        let unusedX = axes.contains(.horizontal) ? -left.x / wheelLineHeight : dx
        let unusedY = axes.contains(.vertical) ? -left.y / wheelLineHeight : dy
        if unusedX != 0 || unusedY != 0 {
            super.scrollWheel(at: location, dx: unusedX, dy: unusedY)
        }
    }

    // MARK: - Keyboard

    /// Arrows scroll a line, PageUp/PageDown and Space/Shift-Space a viewport less a line, Home/End to the ends.
    open override func keyDown(_ event: KeyEvent) {
        if snapping != .none, snapKeyDown(event) { return }
        let page = max(keyLineHeight, (axes.contains(.vertical) ? bounds.height : bounds.width) - keyLineHeight)
        let vertical = axes.contains(.vertical)
        switch event.key {
        case .up: scroll(by: Point(x: 0, y: -keyLineHeight))
        case .down: scroll(by: Point(x: 0, y: keyLineHeight))
        case .left: scroll(by: Point(x: -keyLineHeight, y: 0))
        case .right: scroll(by: Point(x: keyLineHeight, y: 0))
        case .pageUp: scroll(by: vertical ? Point(x: 0, y: -page) : Point(x: -page, y: 0))
        case .pageDown: scroll(by: vertical ? Point(x: 0, y: page) : Point(x: page, y: 0))
        case .character(" "):
            let d = event.modifiers.contains(.shift) ? -page : page
            scroll(by: vertical ? Point(x: 0, y: d) : Point(x: d, y: 0))
        case .home: scrollWithNote(to: vertical ? Point(x: offset.x, y: 0) : Point(x: 0, y: offset.y))
        case .end:
            let m = maximumOffset
            scrollWithNote(to: vertical ? Point(x: offset.x, y: m.y) : Point(x: m.x, y: offset.y))
        default: onUnusedKey?(event)
        }
    }

    private func scrollWithNote(to p: Point) {
        let before = offset
        contentOffset = p
        if offset != before { noteScrolled() }
    }

    // MARK: - Dragging

    /// A press on the view (or on content that claims no press) may start a drag; it also stops a fling.
    open override func pointerDown(_ event: PointerEvent) {
        guard drag == nil else { return }
        stopMotion(keepingPosition: true)
        let now = frameTime
        drag = Drag(pointer: event.pointerID, start: event.location, startOffset: offset,
                    samples: [(now, offset)], isScrolling: false)
    }

    /// Follows the pointer once it moved past `dragSlop`; past an edge the content follows with resistance.
    open override func pointerMoved(_ event: PointerEvent) {
        guard var d = drag, d.pointer == event.pointerID, scrollsOnDrag else { return }
        let moved = Point(x: event.location.x - d.start.x, y: event.location.y - d.start.y)
        if !d.isScrolling {
            let along = max(axes.contains(.horizontal) ? abs(moved.x) : 0, axes.contains(.vertical) ? abs(moved.y) : 0)
            guard along >= ScrollView.dragSlop else { return }
            d.isScrolling = true
        }
        let raw = Point(x: axes.contains(.horizontal) ? d.startOffset.x - moved.x : offset.x,
                        y: axes.contains(.vertical) ? d.startOffset.y - moved.y : offset.y)
        let shown = rubberBanded(raw)
        setOffset(shown)
        noteScrolled()
        let now = frameTime
        d.samples.append((now, shown))
        if d.samples.count > 8 { d.samples.removeFirst(d.samples.count - 8) }
        drag = d
    }

    /// Releases a drag: a fling continues with the release velocity; content past an edge springs back.
    open override func pointerUp(_ event: PointerEvent) {
        guard let d = drag, d.pointer == event.pointerID else { return }
        drag = nil
        guard d.isScrolling else { didTap(at: event.location, event: event); return }
        release(velocity: releaseVelocity(d.samples))
    }

    /// Ends a drag where it is (content past an edge still springs back).
    open override func pointerCancelled(_ event: PointerEvent) {
        guard let d = drag, d.pointer == event.pointerID else { return }
        drag = nil
        if d.isScrolling { release(velocity: .zero) }
    }

    /// Forgets a press that has not started scrolling (a list that picked up a row under a held touch takes it over).
    func abandonPendingDrag() {
        if drag?.isScrolling == false { drag = nil }
    }

    /// A press and release that did not drag, at a point in the view's coordinates (lists select a row here).
    open func didTap(at location: Point, event: PointerEvent) {}

    /// Starts the motions for a release at `velocity` (offset points per second) from the current offset.
    public func release(velocity: Point) {
        let now = frameTime
        if snapping != .none { releaseSnapping(velocity: velocity, at: now); return }
        let m = maximumOffset
        func motion(_ x: Double, _ v: Double, _ limit: Double) -> ScrollMotion? {
            if x < 0 { return .bounce(from: x, velocity: v, to: 0, at: now) }
            if x > limit { return .bounce(from: x, velocity: v, to: limit, at: now) }
            if abs(v) < ScrollMotion.restSpeed { return nil }
            return .momentum(from: x, velocity: v, at: now)
        }
        motionX = axes.contains(.horizontal) ? motion(offset.x, velocity.x, m.x) : nil
        motionY = axes.contains(.vertical) ? motion(offset.y, velocity.y, m.y) : nil
        startTicking()
    }

    /// The offset velocity over the samples of the last 100 ms of frame-clock time (zero without elapsed time).
    private func releaseVelocity(_ samples: [(time: Double, offset: Point)]) -> Point {
        guard let last = samples.last else { return .zero }
        let recent = samples.filter { last.time - $0.time <= 0.1 }
        guard let first = recent.first, last.time > first.time else { return .zero }
        let dt = last.time - first.time
        return Point(x: (last.offset.x - first.offset.x) / dt, y: (last.offset.y - first.offset.y) / dt)
    }

    /// The shown offset for a raw drag offset: inside the limits as is, past them with the rubber band.
    private func rubberBanded(_ raw: Point) -> Point {
        let m = maximumOffset
        func band(_ v: Double, _ limit: Double, _ dimension: Double) -> Double {
            if v < 0 { return ScrollMotion.rubberBand(v, dimension: dimension) }
            if v > limit { return limit + ScrollMotion.rubberBand(v - limit, dimension: dimension) }
            return v
        }
        return Point(x: band(raw.x, m.x, bounds.width), y: band(raw.y, m.y, bounds.height))
    }

    /// Stops flings and returns to edges; `keepingPosition` leaves the content where it is drawn (a press catches
    /// a fling), otherwise it is clamped to the limits.
    private func stopMotion(keepingPosition: Bool = false) {
        guard motionX != nil || motionY != nil else { return }
        motionX = nil
        motionY = nil
        if !keepingPosition { setOffset(clampedOffset(offset)) }
    }

    // MARK: - Frame ticks

    /// The overlay's frame clock (0 before its first frame).
    var frameTime: Double { layer?.overlay?.animationTime ?? 0 }

    func startTicking() {
        guard !isTicking, let overlay = layer?.overlay else { return }
        isTicking = true
        overlay.startTicking(self)
    }

    /// The scroll bars show from now until `scrollBarLingerTime` after the last scroll.
    func noteScrolled() {
        lastScrollTime = frameTime
        guard showsScrollBars else { return }
        // Each bar by name: an array literal here allocated on every wheel notch.
        if verticalScrollBar.isNeeded && verticalScrollBar.alpha < 1 { verticalScrollBar.alpha = 1 }
        if horizontalScrollBar.isNeeded && horizontalScrollBar.alpha < 1 { horizontalScrollBar.alpha = 1 }
        startTicking()
    }

    /// Advances the motions; fades the scroll bars once still. Returns false when nothing is left to do.
    public func frameTick(time: Double) -> Bool {
        if let mx = motionX { advance(mx, time: time, axis: 0) }
        if let my = motionY { advance(my, time: time, axis: 1) }
        if motionX != nil || motionY != nil || drag != nil { lastScrollTime = time; return true }
        if let gesture = wheelSnap {
            // The wheel went quiet: settle on the page or item the gesture was heading for.
            guard time - gesture.lastTime >= ScrollView.wheelSnapDelay else { return true }
            wheelSnap = nil
            settleAfterWheel(gesture, at: time)
            if motionX != nil || motionY != nil { lastScrollTime = time; return true }
        }
        if time - lastScrollTime < scrollBarLingerTime { return true }
        for bar in [verticalScrollBar, horizontalScrollBar] where bar.alpha > 0 && !bar.isDragging {
            withAnimation(.easeOut(duration: 0.25)) { bar.alpha = 0 }
        }
        isTicking = false
        return false
    }

    /// Moves one axis along its motion to `time`; a fling that crosses an edge turns into a bounce there.
    private func advance(_ motion: ScrollMotion, time: Double, axis: Int) {
        let limit = axis == 0 ? maximumOffset.x : maximumOffset.y
        var value = motion.offset(at: time)
        var next: ScrollMotion? = motion
        if motion.isSettled(at: time) {
            value = motion.target
            if motion.phase != .bounce { value = min(max(value, 0), limit) }
            next = nil
        } else if motion.phase == .momentum && (value < 0 || value > limit) {
            next = .bounce(from: value, velocity: motion.velocity(at: time), to: value < 0 ? 0 : limit, at: time)
        }
        var p = offset
        if axis == 0 { p.x = value; motionX = next } else { p.y = value; motionY = next }
        setOffset(p)
    }

    // MARK: - Scroll bars

    private func updateScrollBars() {
        verticalScrollBar.isNeeded = showsScrollBars && axes.contains(.vertical) && contentSize.height > bounds.height
        horizontalScrollBar.isNeeded = showsScrollBars && axes.contains(.horizontal) && contentSize.width > bounds.width
        // A hidden bar is not repainted (it is not in the list; showing it again repaints the whole layer), so asking
        // would only queue it for the paint pass to drop, on every notch.
        if !verticalScrollBar.isHidden { verticalScrollBar.setNeedsDisplay() }
        if !horizontalScrollBar.isHidden { horizontalScrollBar.setNeedsDisplay() }
    }

    /// Moves the offset on one axis (a scroll bar drag): clamped, and it keeps the bars up.
    func scrollBarMoved(axis: StackAxis, to value: Double) {
        var p = offset
        if axis == .vertical { p.y = value } else { p.x = value }
        scrollWithNote(to: p)
    }
}
