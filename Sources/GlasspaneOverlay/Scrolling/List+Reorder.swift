// Moving rows by hand (`List.onMoveRow`): a mouse press on a row picks it up (a touch held still for a moment does);
// once the pointer moves past the drag slop the row follows it, drawn over the others, and the rows between its place and the slot under its middle close
// up (animated); near the viewport's ends the list scrolls on its own. On release the app is asked to move the item in
// its data; the row then settles into its slot (`moveRow`), or goes back. While held the row is out of the window's
// bookkeeping (its index gets no view), so scrolling far away keeps it in hand. docs/scrolling.md, "Moving rows by hand".
import GlasspaneCore
import GlasspaneAnimation

/// A row picked up by a mouse press: pending until the pointer moves past `ScrollView.dragSlop`, then held.
struct RowDrag {
    let pointer: Int
    /// The press, in the list's coordinates (a release without a drag is a click there).
    let start: Point
    let row: ListRow
    /// The row's key in the list's bookkeeping (List+RowKey.swift).
    let id: ItemKey
    /// The row's index when picked up (the data does not change until the drop).
    let from: Int
    /// The pointer's distance from the row's leading edge along the axis.
    let grab: Double
    /// The pointer along the axis, in the list's coordinates.
    var pointerAlong: Double
    /// The slot under the held row's middle: where a drop moves it.
    var target: Int
    /// The held row's leading edge in the document.
    var lead: Double
    var isHeld = false
    /// A touch: picked up only once held still for `List.reorderHoldTime` (moving sooner scrolls).
    var needsHold = false
    /// The frame-clock time of the press.
    var pressTime = 0.0
    /// The frame-clock time of the last automatic scroll step.
    var lastTick: Double?
}

/// Ticks while a row is held, scrolling the list when the pointer is near one of its ends.
final class ReorderAutoScroll: FrameTicking {
    private let tick: (Double) -> Bool
    init(_ tick: @escaping (Double) -> Bool) { self.tick = tick }
    func frameTick(time: Double) -> Bool { tick(time) }
}

extension List {
    /// How near the viewport's ends (points) a held row scrolls the list.
    public static let reorderEdge = 32.0
    /// How fast a held row at the very end scrolls the list, points per second (less further in).
    public static let reorderScrollSpeed = 600.0
    /// How long a touch rests on a row before it picks the row up, seconds (moving sooner scrolls).
    public static let reorderHoldTime = 0.5
    /// How the rows close up under a held row, and how a dropped row settles.
    public static let reorderAnimation = Animation.spring(response: 0.25, dampingFraction: 1)

    /// How fast a held row or cell scrolls its view, points per second (negative toward the start), with its pointer
    /// `pointer` points into a `viewport`-point view along the axis: up to `reorderScrollSpeed` within `reorderEdge` of
    /// an end, faster nearer it; zero elsewhere.
    static func reorderScrollVelocity(pointer p: Double, viewport end: Double) -> Double {
        let edge = reorderEdge, top = reorderScrollSpeed
        if p < edge { return -top * (edge - max(0, p)) / edge }
        if p > end - edge { return top * (min(end, p) - (end - edge)) / edge }
        return 0
    }

    /// The index of the row held by a drag (it has no view in the window meanwhile); nil when none is.
    public var heldRowIndex: Int? {
        guard hasRowDrag, let drag = rowDrag else { return nil }  // no copy of a drag that is not there (each layout)
        return drag.isHeld ? drag.from : nil
    }

    private func along(_ p: Point) -> Double { axis == .horizontal ? p.x : p.y }
    private var viewportLength: Double { axis == .horizontal ? bounds.width : bounds.height }
    private func moved(_ frame: Rect, to lead: Double) -> Rect {
        var f = frame
        if axis == .horizontal { f.origin.x = lead } else { f.origin.y = lead }
        return f
    }

    /// Whether a press on the row at `index` may pick it up.
    func mayPickUp(_ index: Int) -> Bool { !isSectionHeader(index) && (canMoveRow?(index) ?? true) }

    /// A mouse press on a row that may move: pending until it drags; false leaves the press to the scroll view. A touch
    /// on one is left to the scroll view too, and picked up if it rests there for `reorderHoldTime`.
    func pressForRowDrag(_ event: PointerEvent) -> Bool {
        guard onMoveRow != nil, rowDrag == nil, event.button == .left else { return false }
        if let pinned = pinnedHeader, !pinned.isHidden, pinned.frame.contains(event.location) { return false }
        let position = along(event.location) + axisOffset
        guard let index = rowIndex(atDocumentOffset: position), mayPickUp(index), let row = rowView(at: index) else {
            return false
        }
        let isTouch = event.pointerID != 0
        if !isTouch { contentOffset = contentOffset }  // a press stops a fling, as it does before a scroll drag
        rowDrag = RowDrag(pointer: event.pointerID, start: event.location, row: row, id: row.key, from: index,
                          grab: position - rowOffset(index), pointerAlong: along(event.location), target: index,
                          lead: rowOffset(index), needsHold: isTouch, pressTime: frameTime)
        if isTouch { startReorderTicker() }
        return !isTouch
    }

    /// Follows the pointer with the held row (picking it up past the slop); false when no row drag is this pointer's,
    /// or while a touch waits to be held (it scrolls if it moves first).
    func moveForRowDrag(_ event: PointerEvent) -> Bool {
        guard var drag = rowDrag, drag.pointer == event.pointerID else { return false }
        let moved = max(abs(event.location.x - drag.start.x), abs(event.location.y - drag.start.y))
        if drag.needsHold && !drag.isHeld {
            if moved >= ScrollView.dragSlop { rowDrag = nil }  // a scroll after all
            return false
        }
        if !drag.isHeld {
            guard moved >= ScrollView.dragSlop else { return true }
            guard liftHeldRow() else { return true }
            drag.isHeld = true
        }
        drag.pointerAlong = along(event.location)
        rowDrag = drag
        followPointer()
        return true
    }

    /// Takes the pressed row out of the window's bookkeeping and draws it over the rows it passes; false (dropping the
    /// drag) when the row went to another item since the press (an update, a scroll).
    private func liftHeldRow() -> Bool {
        guard var drag = rowDrag else { return false }
        guard liveRows[drag.id] === drag.row, drag.row.index == drag.from, indicesSinceLayout == nil else {
            rowDrag = nil
            return false
        }
        drag.isHeld = true
        rowDrag = drag
        liveRows[drag.id] = nil
        windowVersion = -1
        documentView.insertSubview(drag.row, at: documentView.subviews.count)
        drag.row.setNeedsDisplay()  // its heavier outline
        startReorderTicker()
        return true
    }

    private func startReorderTicker() {
        let ticker = reorderTicker ?? ReorderAutoScroll { [weak self] time in self?.reorderTick(at: time) ?? false }
        reorderTicker = ticker
        layer?.overlay?.startTicking(ticker)
    }

    /// Puts the held row under the pointer and, when the slot under its middle changed, closes the rows up under it.
    private func followPointer() {
        guard var drag = rowDrag, drag.isHeld else { return }
        let length = rowHeight(drag.from)
        let lead = min(max(0, drag.pointerAlong + axisOffset - drag.grab), max(0, totalHeight - length))
        let middle = min(lead + length / 2, totalHeight - 0.5)
        let target = max(lowestMoveTarget, rowIndex(atDocumentOffset: max(0, middle)) ?? drag.from)
        let changed = target != drag.target
        drag.lead = lead
        drag.target = target
        rowDrag = drag
        let across = axis == .horizontal ? bounds.height : bounds.width
        drag.row.frame = moved(rowFrame(drag.from, across: across), to: lead)
        guard changed else { return }
        withAnimation(List.reorderAnimation) {
            for row in liveRows.values { row.frame = placedFrame(rowFrame(row.index, across: across), index: row.index, row: row) }
        }
    }

    /// Where layout puts a live row: its frame, or, while a row is held, moved to close up under it.
    func placedFrame(_ frame: Rect, index: Int, row: ListRow) -> Rect {
        guard hasRowDrag, let drag = rowDrag, drag.isHeld, row !== drag.row else { return frame }
        let length = rowHeight(drag.from)
        let shift = drag.from < index && index <= drag.target ? -length
            : drag.target <= index && index < drag.from ? length : 0
        return shift == 0 ? frame : moved(frame, to: (axis == .horizontal ? frame.minX : frame.minY) + shift)
    }

    /// Each frame of a row drag: picks up a touch held still long enough, and scrolls while the held row's pointer is
    /// within `reorderEdge` of an end, faster nearer it. False once no row drag needs it.
    private func reorderTick(at time: Double) -> Bool {
        guard var drag = rowDrag else { return false }
        if !drag.isHeld {
            guard drag.needsHold else { return false }
            guard time - drag.pressTime >= List.reorderHoldTime else { return true }
            guard liftHeldRow() else { return false }
            abandonPendingDrag()
            followPointer()
            guard let held = rowDrag else { return false }
            drag = held  // as lifted and placed
        }
        let dt = drag.lastTick.map { min(0.1, max(0, time - $0)) } ?? 0
        drag.lastTick = time
        rowDrag = drag
        let speed = List.reorderScrollVelocity(pointer: drag.pointerAlong, viewport: viewportLength)
        if speed != 0, dt > 0 {
            let step = speed * dt
            scroll(by: axis == .horizontal ? Point(x: step, y: 0) : Point(x: 0, y: step))
            followPointer()
        }
        return true
    }

    /// Ends a row drag: a press that did not drag is a click; a drop asks `onMoveRow` and settles the row in its new
    /// slot, or back in its own (also when `cancelled`, or when the data changed meanwhile). False when no row drag
    /// is this pointer's.
    func releaseForRowDrag(_ event: PointerEvent, cancelled: Bool) -> Bool {
        guard let drag = rowDrag, drag.pointer == event.pointerID else { return false }
        rowDrag = nil
        if drag.needsHold && !drag.isHeld { return false }  // a touch released before the hold: the scroll view's tap
        guard drag.isHeld else {
            if !cancelled { didTap(at: event.location, event: event) }
            return true
        }
        drag.row.setNeedsDisplay()  // its outline back to the cursor's, or none
        liveRows[drag.id] = drag.row
        windowVersion = -1
        pendingReloadAnimation = List.reorderAnimation
        let unchanged = drag.from < rowCount && rowKey(at: drag.from) == drag.id
        if !cancelled, unchanged, drag.target != drag.from, let onMoveRow, onMoveRow(drag.from, drag.target) {
            do {
                try moveRow(from: drag.from, to: drag.target, animation: List.reorderAnimation)
            } catch {
                try? reloadData(rowCount: rowCount, animation: List.reorderAnimation)  // the app changed the row count
            }
        }
        setNeedsLayout()
        return true
    }

    /// The row the controller carries (the cursor's): X picked it up; nil when none is.
    public var grabbedRowIndex: Int? { rowGrab == nil ? nil : cursorIndex }

    /// A controller press while rows may move: X picks up the cursor row, the D-pad carries it, A or X puts it down,
    /// B carries it back (ControllerGrab.swift). False when the press is not one of those.
    func controllerGrabPress(_ event: ControllerButtonEvent) -> Bool {
        guard let onMoveRow else { return false }
        var grab = rowGrab
        let handled = ControllerGrab.handle(event, grab: &grab, cursor: cursorIndex, count: rowCount, mayPickUp: mayPickUp,
                                            moveBack: { from, to in
            guard onMoveRow(from, to) else { return }
            do { try moveRow(from: from, to: to, animation: List.reorderAnimation) } catch { setNeedsLayout() }
            scrollToRow(to)
        }, carry: { _ = moveCursorRow(for: $0) })
        rowGrab = grab
        return handled
    }

    /// The first index a moved row may take: with a section header in the first row, the row after it, so no row
    /// goes above the first section. A row moved past a header joins the next section (the headers between follow,
    /// `moveRow`).
    var lowestMoveTarget: Int { sectionHeaderRows.first == 0 ? 1 : 0 }

    /// Alt+Up / Alt+Down (Alt+Left / Alt+Right across) on the cursor row, or the plain arrows while the controller
    /// carries it: asks `onMoveRow` to move it one place and moves it, animated. False when the key is not one of
    /// those, or no row may move.
    func moveCursorRow(for key: Key) -> Bool {
        guard onMoveRow != nil, let from = cursorIndex, mayPickUp(from) else { return false }
        let step: Int
        switch key {
        case .up where axis == .vertical, .left where axis == .horizontal: step = -1
        case .down where axis == .vertical, .right where axis == .horizontal: step = 1
        default: return false
        }
        let to = from + step
        guard to >= lowestMoveTarget, to < rowCount, let onMoveRow, onMoveRow(from, to) else { return true }
        do { try moveRow(from: from, to: to, animation: List.reorderAnimation) } catch { setNeedsLayout() }
        scrollToRow(to)
        return true
    }
}
