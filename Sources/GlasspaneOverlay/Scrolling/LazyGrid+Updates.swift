// Inserting, deleting and moving a lazy grid's items without reloading it (UICollectionView's batch updates, as
// List+Updates.swift does for a list): cells that stay keep their views and are configured again only when their index
// changed; with an animation they slide to their new frames (reflowing across rows, or columns of a horizontal grid),
// cells that come in fade in, and cells whose item left the window fade out where they were and are pooled after the
// fade (as List+FadeOut.swift's rows are). No scroll anchoring: items reflow, so no cell stays put. docs/scrolling.md, "LazyGrid".
import GlasspaneCore
import GlasspaneAnimation

/// Where a cell that leaves the window in an animated update goes.
struct GridLeavingTarget {
    /// Its frame after the update: the place its neighbours close up to when its item was deleted.
    var frame: Rect
    /// True when its item was deleted (it fades as it goes); false when it was pushed out of the window (opaque).
    var fades: Bool
}

extension LazyGrid {
    // MARK: - Updates

    /// The cells fading out now (their items left the window in an animated update or reload).
    public var fadingCellCount: Int { fadingCells.count }

    /// Tells the grid that items were inserted at these indices (of the data after the insertion); see
    /// `updateItems(deleting:inserting:animation:)`.
    public func insertItems(at items: [Int], animation: Animation? = nil) throws(LazyGridError) {
        try applyUpdate(deleted: [], inserted: items, moves: [:], animation: animation)
    }

    /// Tells the grid that the items at these indices (of the data before the deletion) were deleted; see
    /// `updateItems(deleting:inserting:animation:)`.
    public func deleteItems(at items: [Int], animation: Animation? = nil) throws(LazyGridError) {
        try applyUpdate(deleted: items, inserted: [], moves: [:], animation: animation)
    }

    /// Tells the grid that the item at `from` moved to `to` (an index of the data after the move): its cell keeps its
    /// view and, with an animation, slides to its new place; the cursor and the anchor go with it.
    public func moveItem(from: Int, to: Int, animation: Animation? = nil) throws(LazyGridError) {
        guard from >= 0, from < itemCount else { throw .deletedItemInvalid(from, itemCount: itemCount) }
        guard to >= 0, to < itemCount else { throw .insertedItemInvalid(to, itemCount: itemCount) }
        guard from != to else { return }
        try applyUpdate(deleted: [from], inserted: [to], moves: [from: to], animation: animation)
    }

    /// Tells the grid that items were deleted (indices of the data before the update) and others inserted (indices of
    /// the data after it), as UICollectionView's batch updates: call it after changing the data, instead of
    /// `reloadData`. The item count becomes `itemCount - deleted.count + inserted.count`.
    ///
    /// - Cells that stay keep their views and selection; a cell is configured again only when its index changed.
    /// - With `animation`, cells that stay slide from their old frames to their new ones, inserted cells fade in, and a
    ///   cell whose item was deleted (or pushed out of the window) fades out where it was, takes no clicks, and goes
    ///   back to the pool when its fade is over (`fadingCellCount`). Without one, everything changes at once.
    /// - The cursor and the selection anchor follow their items (a deleted one goes to the item now in its place,
    ///   the last item at most); the selection keeps its ids.
    ///
    /// Throws, changing nothing, for an index outside its items or named twice (`deletedItemInvalid`,
    /// `insertedItemInvalid`) and for an item count past `maximumItemCount` (`itemCountOutOfRange`).
    public func updateItems(deleting deleted: [Int] = [], inserting inserted: [Int] = [], animation: Animation? = nil)
        throws(LazyGridError) {
        try applyUpdate(deleted: deleted, inserted: inserted, moves: [:], animation: animation)
    }

    /// The update, with the new indices of the items that moved (by old index: deleted there and inserted at the new
    /// one, but staying in the data; `moveItem`, `updateItems(from:to:animation:)`).
    func applyUpdate(deleted unsortedDeleted: [Int], inserted unsortedInserted: [Int], moves: [Int: Int],
                     animation: Animation?) throws(LazyGridError) {
        let deleted = unsortedDeleted.sorted()
        for (k, item) in deleted.enumerated() where item < 0 || item >= itemCount || (k > 0 && item == deleted[k - 1]) {
            throw .deletedItemInvalid(item, itemCount: itemCount)
        }
        let newCount = itemCount - deleted.count + unsortedInserted.count
        guard newCount <= LazyGrid.maximumItemCount else { throw .itemCountOutOfRange(newCount) }
        let inserted = unsortedInserted.sorted()
        for (k, item) in inserted.enumerated()
        where item < 0 || item >= newCount || (k > 0 && item == inserted[k - 1]) {
            throw .insertedItemInvalid(item, itemCount: newCount)
        }
        guard !deleted.isEmpty || !inserted.isEmpty else { return }
        // The list's map of old indices to new ones (List+Updates.swift) serves items as well as rows.
        let map = ListIndexMap(deleted: deleted, inserted: inserted, newCount: newCount)
        let last = newCount - 1
        func follow(_ old: Int) -> Int? {
            if let to = moves[old] { return to }
            return newCount == 0 ? nil : min(map.slot(old), last)
        }
        // The live cells' indices in the data as it is now: their own until the next layout places them again, then
        // as the updates since that layout moved them (several updates in one frame).
        let live = indicesSinceLayout ?? Dictionary(uniqueKeysWithValues: liveCells.map { ($0.key, $0.value.index) })
        // What shows now, read before the data changes: the first line in sight, and how many lines the items
        // inserted and deleted before it (if every change lies before its first item) come to, rounded: a whole
        // line's worth moves the offset a line, so every cell stays put; less only reflows the cells by a few slots,
        // which a line's move would make worse (a list keeps its rows in place exactly: List+Updates.swift).
        var anchor: (line: Int, lines: Int)?
        if keepsVisibleItemsInPlace, moves.isEmpty, sectionHeaderItems.isEmpty, alongOffset > 0, itemCount > 0 {
            let perLine = itemsPerLine
            let line = line(atAlong: alongOffset, perLine: perLine)
            let first = firstItem(ofLine: line, perLine: perLine)
            if first < itemCount, deleted.last.map({ $0 < first }) ?? true, let firstNow = map.newIndex(first),
               inserted.last.map({ $0 < firstNow }) ?? true {
                anchor = (line, Int((Double(firstNow - first) / Double(perLine)).rounded()))
            }
        }
        itemCount = newCount
        if !sectionHeaderItems.isEmpty {
            // Section headers follow their items (a deleted header's items join the section before), as a list's do
            // (List+Updates.swift); a moved header goes with its item.
            var headers = sectionHeaderItems.compactMap { header -> Int? in
                moves[header] ?? map.newIndex(header)
            }
            if !moves.isEmpty { headers.sort() }
            headersFollowed(headers)
        }
        // Cells that leave the window go with their neighbours: a deleted one to where they close up (fading), one
        // pushed out to its new place (opaque), as a list's rows do (List+Updates.swift).
        var indices: [ItemKey: Int] = [:]
        for (id, index) in live {
            // A moved item (`moveItem`) is deleted at its old index but stays: its cell goes to its new one.
            if let moved = map.newIndex(index) ?? moves[index] {
                indices[id] = moved
                if animation != nil { leavingTargets[id] = GridLeavingTarget(frame: itemFrame(moved), fades: false) }
            } else if animation != nil {
                leavingTargets[id] = GridLeavingTarget(frame: itemFrame(map.slot(index)), fades: true)
            }
        }
        indicesSinceLayout = indices
        cursorIndex = cursorIndex.flatMap(follow)
        selectionAnchor = selectionAnchor.flatMap(follow)
        // Every id in the window is read again at the next layout; the data version stays, so a cell whose id and
        // index are the same is not configured again.
        windowVersion = -1
        if let anchor, anchor.lines != 0 {
            let perLine = itemsPerLine
            let delta = along(ofLine: max(0, anchor.line + anchor.lines), perLine: perLine)
                - along(ofLine: anchor.line, perLine: perLine)
            if delta != 0 {
                // The cells move in the document with the offset, so on screen they do not (before they slide to
                // their new slots, animated or not).
                for cell in Array(liveCells.values) + Array(fadingCells.byID.values) {
                    var frame = cell.frame
                    if axis == .vertical { frame.origin.y += delta } else { frame.origin.x += delta }
                    cell.frame = frame
                }
                contentSize = documentSize(breadth: breadth(of: bounds.size), perLine: perLine)
                shiftContent(by: offset(along: delta))
            }
        }
        pendingAnimation = animation
        setNeedsLayout()
    }

    /// Takes section headers that followed their items in an update: the geometry and the pinned header are worked
    /// out again; cells are configured again only where their index changes, as in any update.
    func headersFollowed(_ headers: [Int]) {
        sectionHeaderItems = headers
        sectionLayoutCache = nil
        pinnedHeader?.configuredVersion = -1
        setNeedsLayout()
    }

    // MARK: - Cells that fade out

    /// Starts fading `cell` out where it is, or moving it to `target` (fading only when its item was deleted); it
    /// takes no clicks meanwhile and is pooled when its animations are over (FadingViews.swift).
    func fadeOut(_ cell: GridCell, id: ItemKey, animation: Animation, to target: GridLeavingTarget? = nil) {
        cell.hasCursor = false
        let displaced = fadingCells.start(cell, id: id.id, animation: animation) {
            if let target { cell.frame = target.frame }
            if target?.fades ?? true { cell.alpha = 0 }
        }
        if let displaced { pool.append(displaced) }
        let sweeper = fadeSweeper ?? FadeOutSweeper { [weak self] in self?.poolFadedCells() ?? false }
        fadeSweeper = sweeper
        if let overlay = layer?.overlay { overlay.startTicking(sweeper) } else { _ = poolFadedCells() }
    }

    /// The cell still fading for `id`, taken back for its item (fading in again with `animation`, or at once).
    func reviveFadingCell(_ id: ItemKey, animation: Animation?) -> GridCell? {
        fadingCells.count > 0 ? fadingCells.revive(id.id, animation: animation) : nil  // no id made while none fades
    }

    /// Pools the fading cells whose fade is over; true while some still fade.
    func poolFadedCells() -> Bool {
        pool.append(contentsOf: fadingCells.finished())
        return fadingCells.count > 0
    }
}
