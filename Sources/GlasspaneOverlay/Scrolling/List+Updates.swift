// Inserting, deleting and moving items without reloading the list (UITableView's batch updates): the rows that stay
// keep their measured heights and their views, and are configured again only when their index changed; changes
// wholly above the viewport leave what shows in place. With an animation, rows that stay slide to their new places,
// a deleted row fades as it slides to where its neighbours close up, and a row pushed out of the window slides out.
// docs/scrolling.md, "Inserting, deleting and moving rows".
import GlasspaneCore
import GlasspaneAnimation

/// Where a row that leaves the window in an animated update goes (List+FadeOut.swift).
struct LeavingTarget: Hashable {
    /// Its new offset along the list's axis (top, or left edge).
    var offset: Double
    /// True when its item was deleted (it fades as it goes); false when it was pushed out of the window (opaque).
    var fades: Bool
}

/// Old row indices to new ones across deletions (ascending indices of the old rows) and then insertions (ascending
/// indices of the new rows).
struct ListIndexMap {
    let deleted: [Int]
    let inserted: [Int]
    let newCount: Int

    /// The number of entries of `sorted` below `value`.
    private static func count(_ sorted: [Int], below value: Int) -> Int {
        var low = 0, high = sorted.count
        while low < high {
            let mid = (low + high) / 2
            if sorted[mid] < value { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The rows that stay.
    private var survivorCount: Int { newCount - inserted.count }

    /// The new index of the `j`th row that stays: the smallest k with j + 1 slots not inserted in 0...k.
    private func newIndex(ofSurvivor j: Int) -> Int {
        var low = j, high = j + inserted.count
        while low < high {
            let mid = (low + high) / 2
            if mid + 1 - ListIndexMap.count(inserted, below: mid + 1) >= j + 1 { high = mid } else { low = mid + 1 }
        }
        return low
    }

    /// The new index of an old row, nil when it was deleted.
    func newIndex(_ old: Int) -> Int? {
        let below = ListIndexMap.count(deleted, below: old)
        if below < deleted.count && deleted[below] == old { return nil }
        return newIndex(ofSurvivor: old - below)
    }

    /// Where an old row's place is after the update: its new index if it stays, else the new index of the next row
    /// that stays (one past the last that stays, when none does).
    func slot(_ old: Int) -> Int {
        let j = old - ListIndexMap.count(deleted, below: old)
        if j < survivorCount { return newIndex(ofSurvivor: j) }
        return survivorCount == 0 ? 0 : newIndex(ofSurvivor: survivorCount - 1) + 1
    }
}

/// The rows an update moves (deleted at their old index, inserted at the new one, staying in the data): their new
/// indices by id (a live row slides there) and by old index (the cursor and the selection anchor follow).
struct RowMoves {
    var byID: [AnyHashable: Int] = [:]
    var byIndex: [Int: Int] = [:]
}

extension List {
    /// Tells the list that items were inserted at these indices (of the data after the insertion); see
    /// `updateRows(deleting:inserting:animation:)`.
    public func insertRows(at rows: [Int], animation: Animation? = nil) throws(ListError) {
        try applyUpdate(deleted: [], inserted: rows, carried: [:], moved: RowMoves(), animation: animation)
    }

    /// Tells the list that the items at these indices (of the data before the deletion) were deleted; see
    /// `updateRows(deleting:inserting:animation:)`.
    public func deleteRows(at rows: [Int], animation: Animation? = nil) throws(ListError) {
        try applyUpdate(deleted: rows, inserted: [], carried: [:], moved: RowMoves(), animation: animation)
    }

    /// Tells the list that the item at `from` moved to `to` (an index of the data after the move): its row keeps
    /// its view and measured height and, with an animation, slides to its new place.
    public func moveRow(from: Int, to: Int, animation: Animation? = nil) throws(ListError) {
        guard from >= 0, from < rowCount else { throw .deletedRowInvalid(from, rowCount: rowCount) }
        guard to >= 0, to < rowCount else { throw .insertedRowInvalid(to, rowCount: rowCount) }
        guard from != to else { return }
        try applyUpdate(deleted: [from], inserted: [to], carried: [to: rowHeight(from)],
                        moved: RowMoves(byID: [rowIDProvider(to): to], byIndex: [from: to]), animation: animation)
    }

    /// Tells the list how its data changed, by the ids of its rows before the change (`oldIDs`, one per row, in
    /// order) and after it (`newIDs`), as a diffable data source does: call it after changing the data, instead of
    /// working out indices for `updateRows(deleting:inserting:animation:)`.
    ///
    /// - Ids that left are deleted and ids that came are inserted, as `updateRows` does with their indices.
    /// - Ids in both that changed places are moved, the fewest that leave the others in order. Their rows keep their
    ///   views, selection and measured heights and, with `animation`, slide to their new places, into the window or
    ///   out of it.
    /// - Deleted ids leave the selection (`updateRows` cannot know them).
    ///
    /// Costs O(n log n) in the ids that changed and a comparison for each that did not. Throws, changing nothing, when
    /// `oldIDs` does not have one id per row (`rowIDCountMismatch`), when an id repeats in the part that changed or a
    /// new id repeats an unchanged one (`rowIDRepeated`), and for more ids than
    /// `maximumRowCount` (`rowCountOutOfRange`).
    public func updateRows<ID: Hashable>(from oldIDs: [ID], to newIDs: [ID], animation: Animation? = nil)
        throws(ListError) {
        guard oldIDs.count == rowCount else { throw .rowIDCountMismatch(oldIDs.count, rowCount: rowCount) }
        guard newIDs.count <= List.maximumRowCount else { throw .rowCountOutOfRange(newIDs.count) }
        let difference: IDDifference
        do {
            difference = try IDDifference(from: oldIDs, to: newIDs)
        } catch {
            switch error { case .repeated(let index, let inNew): throw .rowIDRepeated(index, inNewIDs: inNew) }
        }
        guard !difference.isEmpty else { return }
        var carried: [Int: Double] = [:], moved = RowMoves()
        for move in difference.moves {
            if offsets != nil { carried[move.to] = rowHeight(move.from) }
            moved.byID[AnyHashable(newIDs[move.to])] = move.to
            moved.byIndex[move.from] = move.to
        }
        try applyUpdate(deleted: difference.deleted, inserted: difference.inserted, carried: carried, moved: moved,
                        animation: animation)
        if !selection.isDisjoint(with: difference.removedIDs) { setSelection(selection.subtracting(difference.removedIDs)) }
    }

    /// Tells the list that items were deleted (indices of the data before the update) and others inserted (indices of
    /// the data after it), as UITableView's batch updates: call it after changing the data, instead of
    /// `reloadData`. The row count becomes `rowCount - deleted.count + inserted.count`.
    ///
    /// - Rows that stay keep their views, selection and measured heights; a row is configured again only when its
    ///   index changed. Inserted rows count as the estimate until measured.
    /// - With `keepsVisibleRowsInPlace` (the default) and the list scrolled away from its start, changes wholly above
    ///   the first row in sight move the offset by what they add or remove, so what shows stays where it is (a chat
    ///   log loading older messages); a drag or fling under way keeps its course.
    /// - With `animation`, rows that stay slide to their new places, inserted rows fade in, a deleted row fades out
    ///   as it slides to where its neighbours close up, and a row pushed out of the window slides out of it.
    /// - The cursor and the section headers follow their rows (a deleted one goes to the row now in its place, or is
    ///   dropped for a header); the selection keeps its ids, as `reloadData` does.
    ///
    /// Throws, changing nothing, for an index outside its rows or named twice (`deletedRowInvalid`,
    /// `insertedRowInvalid`) and for a row count past `maximumRowCount`.
    public func updateRows(deleting deleted: [Int] = [], inserting inserted: [Int] = [], animation: Animation? = nil)
        throws(ListError) {
        try applyUpdate(deleted: deleted, inserted: inserted, carried: [:], moved: RowMoves(), animation: animation)
    }

    /// Tells the list that the items at these indices changed in place (same ids): their rows in the window, and the
    /// pinned header if it copies one, are configured (and measured) again at the next layout. Rows outside the
    /// window are configured when they come in anyway, so indices there, or outside the rows, are passed over.
    public func reconfigureRows(at rows: [Int]) {
        for index in rows {
            rowView(at: index)?.configuredVersion = -1
            if let pinned = pinnedHeader, pinned.index == index { pinned.configuredVersion = -1 }
        }
        windowVersion = -1
        setNeedsLayout()
    }

    /// The update, with heights carried over for some new indices (a moved row's) and the new indices of the ids
    /// that moved (deleted at their old index and inserted at the new one, but not leaving the data).
    private func applyUpdate(deleted unsortedDeleted: [Int], inserted unsortedInserted: [Int], carried: [Int: Double],
                             moved: RowMoves, animation: Animation?) throws(ListError) {
        let deleted = unsortedDeleted.sorted()
        for (k, row) in deleted.enumerated() where row < 0 || row >= rowCount || (k > 0 && row == deleted[k - 1]) {
            throw .deletedRowInvalid(row, rowCount: rowCount)
        }
        let newCount = rowCount - deleted.count + unsortedInserted.count
        guard newCount <= List.maximumRowCount else { throw .rowCountOutOfRange(newCount) }
        let inserted = unsortedInserted.sorted()
        for (k, row) in inserted.enumerated() where row < 0 || row >= newCount || (k > 0 && row == inserted[k - 1]) {
            throw .insertedRowInvalid(row, rowCount: newCount)
        }
        guard !deleted.isEmpty || !inserted.isEmpty else { return }
        let map = ListIndexMap(deleted: deleted, inserted: inserted, newCount: newCount)

        // What shows now, read before the data changes: the first row in sight, if every change lies above it.
        let start = axisOffset
        var anchor: (newIndex: Int, oldOffset: Double)?
        if keepsVisibleRowsInPlace, start > 0, let first = rowIndex(atDocumentOffset: start),
           deleted.last.map({ $0 < first }) ?? true, let firstNow = map.newIndex(first),
           inserted.last.map({ $0 < firstNow }) ?? true {
            anchor = (firstNow, rowOffset(first))
        }
        // The live rows' indices in the data as it is now: their own until the next layout places them again, then
        // as the updates since that layout moved them (several updates in one frame).
        let live = indicesSinceLayout ?? Dictionary(uniqueKeysWithValues: liveRows.map { ($0.key, $0.value.index) })
        let oldCount = rowCount

        rowCount = newCount
        if let offsets, case .measured(let estimate) = rowHeight {
            var updated = offsets.updated(deleting: deleted, inserting: inserted, height: estimate)
            for (index, height) in carried { updated.setHeight(index, height) }
            self.offsets = updated
        }
        windowVersion = -1  // every id in the window is read again at the next layout
        let last = newCount - 1
        cursorIndex = newCount == 0 ? nil : cursorIndex.map { moved.byIndex[$0] ?? min(map.slot($0), last) }
        selectionAnchor = newCount == 0 ? nil : selectionAnchor.map { moved.byIndex[$0] ?? min(map.slot($0), last) }
        sectionHeaderRows = sectionHeaderRows.compactMap { $0 < oldCount ? map.newIndex($0) : nil }
        // Targets of rows deleted by an earlier update since the layout stay; the others follow this one.
        var indices: [ItemKey: Int] = [:]
        for (id, index) in live {
            if let newIndex = map.newIndex(index) ?? (moved.byID.isEmpty ? nil : moved.byID[id.id]) {
                indices[id] = newIndex
                if animation != nil { leavingTargets[id] = LeavingTarget(offset: rowOffset(newIndex), fades: false) }
            } else if animation != nil {
                leavingTargets[id] = LeavingTarget(offset: rowOffset(map.slot(index)), fades: true)
            }
        }
        indicesSinceLayout = indices
        if let anchor {
            let delta = rowOffset(anchor.newIndex) - anchor.oldOffset
            if delta != 0 {
                // The rows move in the document with the offset, so on screen nothing does.
                for row in Array(liveRows.values) + Array(fadingRows.byID.values) {
                    var frame = row.frame
                    if axis == .horizontal { frame.origin.x += delta } else { frame.origin.y += delta }
                    row.frame = frame
                }
                let across = axis == .horizontal ? bounds.height : bounds.width
                contentSize = axis == .horizontal ? Size(width: totalHeight, height: across)
                    : Size(width: across, height: totalHeight)
                shiftContent(by: axis == .horizontal ? Point(x: delta, y: 0) : Point(x: 0, y: delta))
            }
        }
        pendingReloadAnimation = animation
        setNeedsLayout()
    }
}
