// Moving items by hand (`LazyGrid.onMoveItem`), as List+Reorder.swift moves a list's rows: a mouse press on a cell
// picks it up (a touch held still for `List.reorderHoldTime` does); once the pointer moves past the drag slop the cell follows it on both axes, drawn over the others, and
// the cells between its slot and the slot under its middle shift one slot toward the gap along the reading order
// (reflowing across rows, or columns of a horizontal grid; animated); near the viewport's ends along the axis the grid
// scrolls on its own. On release the app is asked to move the item in its data; the cell then settles into its slot
// (`moveItem`, LazyGrid+Updates.swift), or goes back. While held the cell is out of the window's bookkeeping (its
// index gets no cell), so scrolling far away keeps it in hand. docs/scrolling.md, "Moving items by hand". In a grid
// with sections (LazyGrid+Sections.swift) a header is never picked up and a drop never lands on one. A held cell over
// another section's items or header goes to that section's nearest slot (`dropTarget`; an empty section's is right
// after its header), and the headers between its slot and the target shift one index toward the gap with the cells
// (`headersAfterDrop`), as `moveItem` leaves them once the app accepts; Alt+arrows and the controller's D-pad step over
// a header into the next section (`carryTarget`). `movesItemsAcrossSections` (false: an item stays in its own section,
// at its nearest slot) and `canMoveItemToSection` say which sections it may go to.
import GlasspaneCore
import GlasspaneAnimation

/// An item picked up by a mouse press on its cell: pending until the pointer moves past `ScrollView.dragSlop`, then
/// held.
struct ItemDrag {
    let pointer: Int
    /// The press, in the grid's coordinates (a release without a drag is a click there).
    let start: Point
    let cell: GridCell
    /// The item's key in the grid's bookkeeping (ItemKey.swift).
    let id: ItemKey
    /// The item's index when picked up (the data does not change until the drop).
    let from: Int
    /// The pointer's distance from the cell's top-left corner when pressed.
    let grab: Point
    /// The pointer, in the grid's coordinates.
    var location: Point
    /// Where a drop moves it (an index of the data after the move; `dropTarget`): the item slot under the held cell's
    /// middle.
    var target: Int
    var isHeld = false
    /// The held cell's size, taken when it is picked up: a measured line it left is measured again without it, and
    /// the cell keeps its own length (LazyGrid+MeasuredLines.swift).
    var heldSize: Size?
    /// A touch: picked up only once held still for `List.reorderHoldTime` (moving sooner scrolls).
    var needsHold = false
    /// The frame-clock time of the press.
    var pressTime = 0.0
    /// The frame-clock time of the last automatic scroll step.
    var lastTick: Double?
}

extension LazyGrid {
    /// How the cells between shift under a held cell, and how a dropped cell settles (a list's, `List.reorderAnimation`).
    public static let reorderAnimation = List.reorderAnimation

    /// The index of the item held by a drag (it has no cell in the window meanwhile); nil when none is.
    public var heldItemIndex: Int? {
        guard hasItemDrag, let drag = itemDrag else { return nil }  // no copy of a drag that is not there (each layout)
        return drag.isHeld ? drag.from : nil
    }

    /// Whether a press on the item at `index` may pick it up (never a section header).
    func mayPickUp(_ index: Int) -> Bool { !isSectionHeader(index) && (canMoveItem?(index) ?? true) }

    /// A point in the grid's coordinates in the document (where it is scrolled to now).
    private func documentPoint(_ location: Point) -> Point {
        Point(x: location.x + contentOffset.x, y: location.y + contentOffset.y)
    }

    /// A mouse press on a cell that may move: pending until it drags; false leaves the press to the scroll view. A
    /// touch on one is left to the scroll view too, and picked up if it rests there for `List.reorderHoldTime`.
    func pressForItemDrag(_ event: PointerEvent) -> Bool {
        guard onMoveItem != nil, itemDrag == nil, event.button == .left, !isOnPinnedHeader(event.location) else {
            return false
        }
        // Where the document is drawn (whole points), as a click finds its cell (LazyGrid+Selection.swift).
        let origin = documentView.frame.origin
        let drawn = Point(x: event.location.x - origin.x, y: event.location.y - origin.y)
        guard let index = itemIndex(atDocumentPoint: drawn), mayPickUp(index), let cell = cellView(at: index) else {
            return false
        }
        let isTouch = event.pointerID != 0
        if !isTouch { contentOffset = contentOffset }  // a press stops a fling, as it does before a scroll drag
        let p = documentPoint(event.location), frame = itemFrame(index)
        itemDrag = ItemDrag(pointer: event.pointerID, start: event.location, cell: cell, id: cell.key, from: index,
                            grab: Point(x: p.x - frame.minX, y: p.y - frame.minY), location: event.location,
                            target: index, needsHold: isTouch, pressTime: frameTime)
        if isTouch { startReorderTicker() }
        return !isTouch
    }

    /// Follows the pointer with the held cell (picking it up past the slop); false when no item drag is this
    /// pointer's, or while a touch waits to be held (it scrolls if it moves first).
    func moveForItemDrag(_ event: PointerEvent) -> Bool {
        guard var drag = itemDrag, drag.pointer == event.pointerID else { return false }
        let moved = max(abs(event.location.x - drag.start.x), abs(event.location.y - drag.start.y))
        if drag.needsHold && !drag.isHeld {
            if moved >= ScrollView.dragSlop { itemDrag = nil }  // a scroll after all
            return false
        }
        if !drag.isHeld {
            guard moved >= ScrollView.dragSlop else { return true }
            guard liftHeldCell() else { return true }
            drag.isHeld = true
        }
        drag.location = event.location
        itemDrag = drag
        followPointer()
        return true
    }

    /// Takes the pressed cell out of the window's bookkeeping and draws it over the cells it passes; false (dropping
    /// the drag) when the cell went to another item since the press (an update, a scroll).
    private func liftHeldCell() -> Bool {
        guard var drag = itemDrag else { return false }
        guard liveCells[drag.id] === drag.cell, drag.cell.index == drag.from, indicesSinceLayout == nil else {
            itemDrag = nil
            return false
        }
        drag.isHeld = true
        itemDrag = drag
        liveCells[drag.id] = nil
        windowVersion = -1
        documentView.insertSubview(drag.cell, at: documentView.subviews.count)
        drag.cell.setNeedsDisplay()  // its heavier outline
        startReorderTicker()
        return true
    }

    private func startReorderTicker() {
        let ticker = reorderTicker ?? ReorderAutoScroll { [weak self] time in self?.reorderTick(at: time) ?? false }
        reorderTicker = ticker
        layer?.overlay?.startTicking(ticker)
    }

    /// Puts the held cell under the pointer (inside the document) and, when the slot under its middle changed, shifts
    /// the cells between.
    private func followPointer() {
        guard var drag = itemDrag, drag.isHeld else { return }
        let size = drag.heldSize ?? itemFrame(drag.from).size
        drag.heldSize = size
        let document = documentSize(breadth: breadth(of: bounds.size), perLine: itemsPerLine)
        let p = documentPoint(drag.location)
        let origin = Point(x: min(max(0, p.x - drag.grab.x), max(0, document.width - size.width)),
                           y: min(max(0, p.y - drag.grab.y), max(0, document.height - size.height)))
        let middle = Point(x: origin.x + size.width / 2, y: origin.y + size.height / 2)
        let target = dropTarget(for: drag.from, at: middle) ?? drag.from
        let changed = target != drag.target
        drag.target = target
        itemDrag = drag
        drag.cell.frame = Rect(origin: origin, size: size)
        guard changed else { return }
        let breadth = breadth(of: bounds.size), perLine = itemsPerLine
        let afterDrop = headersAfterDrop(perLine: perLine)
        withAnimation(LazyGrid.reorderAnimation) {
            for cell in liveCells.values {
                let frame = placedFrame(cell.index, among: afterDrop, breadth: breadth, perLine: perLine)
                if cell.frame != frame { cell.frame = frame }
            }
        }
    }

    /// The item slot nearest a document point (a point in the spacing goes to the nearer side; past the last item:
    /// the last item); nil without items.
    func nearestItem(to p: Point) -> Int? {
        guard itemCount > 0, p.x.isFinite, p.y.isFinite else { return nil }
        let perLine = itemsPerLine, breadth = breadth(of: bounds.size)
        let (along, across) = axis == .vertical ? (p.y, p.x) : (p.x, p.y)
        let slot = nearestSlot(across: across, breadth: breadth, perLine: perLine)
        if let layout = sectionLayout(perLine: perLine) {
            let line = layout.line(atAlong: along + spacing / 2), items = layout.items(inLine: line)
            if layout.isHeaderLine(line) { return items.lowerBound }
            return items.lowerBound + min(slot, items.count - 1)
        }
        let line = line(atAlong: along + spacing / 2, perLine: perLine)  // measured lines too
        return min(line * perLine + slot, itemCount - 1)
    }

    /// The slot across a line nearest a coordinate across the axis (a point in the spacing goes to the nearer side),
    /// within 0..<perLine.
    private func nearestSlot(across: Double, breadth: Double, perLine: Int) -> Int {
        let pitch = crossPitch(breadth: breadth, perLine: perLine)
        return pitch > 0 ? Int(min(max(0, ((across + spacing / 2) / pitch).rounded(.down)), Double(perLine - 1))) : 0
    }

    // MARK: - Across sections

    /// Where a drop with the held cell's middle at document point `p` moves the item at `from` (an index of the data
    /// after the move, never a header's): the nearest item slot; in a grid with sections, its own section's nearest
    /// slot, or, over another section's items or header that `mayMove(_:toSection:)` allows, that section's: over its
    /// header its first slot (an empty section's: right after its header), over the empty slot after its last item
    /// its end. Worked out on the grid's geometry before the move, so the target does not flicker as headers shift.
    func dropTarget(for from: Int, at p: Point) -> Int? {
        guard let nearest = nearestItem(to: p) else { return nil }
        guard let layout = sectionLayout(perLine: itemsPerLine) else { return nearest }
        let own = layout.section(ofItem: from) ?? -1, k = layout.section(ofItem: nearest) ?? -1
        guard k != own, mayMove(from, toSection: k) else {
            let items = layout.items(ofSection: own)  // within its section: never onto a header
            return min(max(nearest, items.lowerBound), items.upperBound - 1)
        }
        let items = layout.items(ofSection: k)
        var position = max(0, nearest - items.lowerBound)  // its header (just before its items): the first slot
        let across = axis == .vertical ? p.x : p.y
        if nearest == items.upperBound - 1,
           nearestSlot(across: across, breadth: breadth(of: bounds.size), perLine: layout.perLine) > layout.place(of: nearest).slot {
            position = items.count  // the empty slot after its last item
        }
        return index(moving: from, to: position, of: k, in: layout)
    }

    /// Whether the item at `from` may go to section `k` (a position in `sectionHeaderItems`; -1: the items before the
    /// first header, a section only when there are some), another than its own: as `movesItemsAcrossSections` and
    /// `canMoveItemToSection` say.
    func mayMove(_ from: Int, toSection k: Int) -> Bool {
        guard movesItemsAcrossSections, k >= -1, k < sectionHeaderItems.count,
              k >= 0 || (sectionHeaderItems.first ?? 0) > 0 else { return false }
        return canMoveItemToSection?(from, k) ?? true
    }

    /// The index (of the data after the move) that puts the item at `from` at `position` among the items of section
    /// `k`, another than its own (0: right after its header; the section's item count: after its last item). The
    /// headers between shift one index toward the item's old place, as `moveItem` moves them.
    func index(moving from: Int, to position: Int, of k: Int, in layout: GridSectionLayout) -> Int {
        let start = layout.items(ofSection: k).lowerBound
        return (start > from ? start - 1 : start) + position
    }

    /// While a held item's target lies past a section header: the sectioned geometry with the headers where the drop
    /// would put them (those between its slot and the target one index toward the gap, as `placedIndex` moves items,
    /// so the sections' lines reflow as they will); nil otherwise (the grid's own geometry holds).
    func headersAfterDrop(perLine: Int) -> GridSectionLayout? {
        guard let drag = itemDrag, drag.isHeld, drag.target != drag.from, !sectionHeaderItems.isEmpty,
              let k = GridSectionLayout.last(in: sectionHeaderItems, atOrBefore: max(drag.from, drag.target)),
              sectionHeaderItems[k] >= min(drag.from, drag.target) else { return nil }
        return GridSectionLayout(headers: sectionHeaderItems.map(placedIndex), itemCount: itemCount, perLine: perLine,
                                 itemLength: itemLength, headerLength: headerLength, spacing: spacing)
    }

    /// Where layout puts the cell of the item at `index` while a cell is held: at its `placedIndex`, among
    /// `afterDrop`'s sections when the drop moves headers (`headersAfterDrop`), else the grid's own.
    func placedFrame(_ index: Int, among afterDrop: GridSectionLayout?, breadth: Double, perLine: Int) -> Rect {
        guard let afterDrop else { return itemFrame(placedIndex(index), breadth: breadth, perLine: perLine) }
        return itemFrame(placedIndex(index), in: afterDrop, breadth: breadth)
    }

    /// Where layout puts the item at `index` while a cell is held: one slot toward the gap when it lies between the
    /// held item's slot and the target, else its own.
    func placedIndex(_ index: Int) -> Int {
        guard let drag = itemDrag, drag.isHeld else { return index }
        if drag.from < index && index <= drag.target { return index - 1 }
        if drag.target <= index && index < drag.from { return index + 1 }
        return index
    }

    /// Each frame of an item drag: picks up a touch held still long enough, and scrolls while the held cell's pointer
    /// is within `List.reorderEdge` of an end along the axis, faster nearer it. False once no drag needs it.
    private func reorderTick(at time: Double) -> Bool {
        guard var drag = itemDrag else { return false }
        if !drag.isHeld {
            guard drag.needsHold else { return false }
            guard time - drag.pressTime >= List.reorderHoldTime else { return true }
            guard liftHeldCell() else { return false }
            abandonPendingDrag()
            followPointer()
            guard let held = itemDrag else { return false }
            drag = held  // as lifted and placed
        }
        let dt = drag.lastTick.map { min(0.1, max(0, time - $0)) } ?? 0
        drag.lastTick = time
        itemDrag = drag
        let speed = List.reorderScrollVelocity(pointer: axis == .vertical ? drag.location.y : drag.location.x,
                                               viewport: length(of: bounds.size))
        if speed != 0, dt > 0 {
            scroll(by: offset(along: speed * dt))
            followPointer()
        }
        return true
    }

    /// Ends an item drag: a press that did not drag is a click; a drop asks `onMoveItem` and settles the cell in its
    /// new slot, or back in its own (also when `cancelled`, or when the data changed meanwhile). False when no item
    /// drag is this pointer's.
    func releaseForItemDrag(_ event: PointerEvent, cancelled: Bool) -> Bool {
        guard let drag = itemDrag, drag.pointer == event.pointerID else { return false }
        itemDrag = nil
        if drag.needsHold && !drag.isHeld { return false }  // a touch released before the hold: the scroll view's tap
        guard drag.isHeld else {
            if !cancelled { didTap(at: event.location, event: event) }
            return true
        }
        drag.cell.setNeedsDisplay()  // its outline back to the cursor's, or none
        if liveCells[drag.id] == nil {
            liveCells[drag.id] = drag.cell
        } else {
            // An update meanwhile gave the item another cell: this one goes to the pool.
            drag.cell.isHidden = true
            pool.append(drag.cell)
        }
        windowVersion = -1
        pendingAnimation = LazyGrid.reorderAnimation
        let unchanged = drag.from < itemCount && itemKey(at: drag.from) == drag.id && indicesSinceLayout == nil
        if !cancelled, unchanged, drag.target != drag.from, drag.target < itemCount, let onMoveItem,
           onMoveItem(drag.from, drag.target) {
            do {
                try moveItem(from: drag.from, to: drag.target, animation: LazyGrid.reorderAnimation)
            } catch {
                try? reloadData(itemCount: itemCount, animation: LazyGrid.reorderAnimation)  // the app changed the count
            }
        }
        setNeedsLayout()
        return true
    }

    /// The item the controller carries (the cursor's): X picked it up; nil when none is.
    public var grabbedItemIndex: Int? { itemGrab == nil ? nil : cursorIndex }

    /// A controller press while items may move: X picks up the cursor item, the D-pad carries it a place at a time
    /// (spatially, as the arrows move the cursor), A or X puts it down, B carries it back (ControllerGrab.swift). False
    /// when the press is not one of those.
    func controllerGrabPress(_ event: ControllerButtonEvent) -> Bool {
        guard let onMoveItem, itemDrag == nil, selectionMode != .none else { return false }
        var grab = itemGrab
        let handled = ControllerGrab.handle(event, grab: &grab, cursor: cursorIndex, count: itemCount, mayPickUp: mayPickUp,
                                            moveBack: { from, to in
            guard onMoveItem(from, to) else { return }
            do { try moveItem(from: from, to: to, animation: LazyGrid.reorderAnimation) } catch { setNeedsLayout() }
            scrollToItem(to)
        }, carry: { _ = moveCursorItem(for: $0) })
        itemGrab = grab
        return handled
    }

    /// Alt+arrows on the cursor item (or the plain arrows while the controller carries it): asks `onMoveItem` to move
    /// it one place spatially, as the plain arrows move the cursor (across a line by an item, along the axis by a
    /// line, the last item at most; in a grid with sections, over a header into the next section, `carryTarget`), and
    /// moves it, animated. False when the key is not an arrow, or no item may move.
    func moveCursorItem(for key: Key) -> Bool {
        guard onMoveItem != nil, selectionMode != .none, itemDrag == nil, let from = cursorIndex, from < itemCount,
              mayPickUp(from) else { return false }
        let vertical = axis == .vertical
        let to: Int?
        switch key {
        case .left where vertical, .up where !vertical: to = carryTarget(from, across: -1)
        case .right where vertical, .down where !vertical: to = carryTarget(from, across: 1)
        case .up, .left: to = carryTarget(from, along: -1)
        case .down, .right: to = carryTarget(from, along: 1)
        default: return false
        }
        guard let to, to >= 0, to < itemCount, to != from, let onMoveItem, onMoveItem(from, to) else { return true }
        do { try moveItem(from: from, to: to, animation: LazyGrid.reorderAnimation) } catch { setNeedsLayout() }
        scrollToItem(to)
        return true
    }

    /// Where a carry across a line (`step` 1 or -1 items) takes the item at `from` (an index of the data after the
    /// move): the next or previous place; past its section's last or first item, over the header into the next
    /// section's first place (`from + 1` is that header's index, the place right after it once the item has left) or
    /// the previous section's last (`from - 1` is its own header, which the item goes before), when
    /// `mayMove(_:toSection:)`; nil when it may not go.
    func carryTarget(_ from: Int, across step: Int) -> Int? {
        let to = from + step
        guard let layout = sectionLayout(perLine: itemsPerLine) else { return to }
        let own = layout.section(ofItem: from) ?? -1
        if layout.items(ofSection: own).contains(to) { return to }
        return mayMove(from, toSection: own + step) ? to : nil
    }

    /// Where a carry along the axis (`lines` 1 or -1) takes the item at `from` (an index of the data after the move):
    /// a line on at the same place across (its section's last item at most); from its section's last line (or first,
    /// going back), over the header into the next section's first line (or the previous section's last line), at the
    /// same place across (after its last item at most), when `mayMove(_:toSection:)`; nil when it may not go.
    func carryTarget(_ from: Int, along lines: Int) -> Int? {
        guard let layout = sectionLayout(perLine: itemsPerLine) else { return item(from, movedBy: lines) }
        let perLine = layout.perLine
        let own = layout.section(ofItem: from) ?? -1, items = layout.items(ofSection: own)
        let line = (from - items.lowerBound) / perLine, slot = (from - items.lowerBound) % perLine
        let next = line + lines
        if next >= 0 && next <= (items.count - 1) / perLine {
            return min(items.lowerBound + next * perLine + slot, items.upperBound - 1)
        }
        let k = own + (lines < 0 ? -1 : 1)
        guard mayMove(from, toSection: k) else { return nil }
        let count = layout.items(ofSection: k).count
        let lastLine = count == 0 ? 0 : (count - 1) / perLine * perLine  // the first place of its last line
        return index(moving: from, to: min(count, lines < 0 ? lastLine + slot : slot), of: k, in: layout)
    }
}
