// A lazy grid's updates from its ids before and after a change of the data (IDDifference.swift), as
// `List.updateRows(from:to:animation:)` does for a list.
import GlasspaneAnimation

extension LazyGrid {
    /// Tells the grid how its data changed, by the ids of its items before the change (`oldIDs`, one per item, in
    /// order) and after it (`newIDs`): call it after changing the data, instead of working out indices for
    /// `updateItems(deleting:inserting:animation:)`. Ids that left are deleted, ids that came are inserted, and ids in
    /// both that changed places (the fewest that leave the others in order) are moved: a moved item's cell keeps its
    /// view and slides to its new slot, into the window or out of it (opaque), as `moveItem` does. Deleted ids leave
    /// the selection. Section headers follow their ids (a moved header too; a deleted one is no more).
    ///
    /// Costs O(n log n) in the ids that changed and a comparison for each that did not. Throws, changing nothing, when
    /// `oldIDs` does not have one id per item (`itemIDCountMismatch`), when an id repeats in the part that changed or
    /// a new id repeats an unchanged one (`itemIDRepeated`), and for more ids than
    /// `maximumItemCount` (`itemCountOutOfRange`).
    public func updateItems<ID: Hashable>(from oldIDs: [ID], to newIDs: [ID], animation: Animation? = nil)
        throws(LazyGridError) {
        guard oldIDs.count == itemCount else { throw .itemIDCountMismatch(oldIDs.count, itemCount: itemCount) }
        guard newIDs.count <= LazyGrid.maximumItemCount else { throw .itemCountOutOfRange(newIDs.count) }
        let difference: IDDifference
        do {
            difference = try IDDifference(from: oldIDs, to: newIDs)
        } catch {
            switch error { case .repeated(let index, let inNew): throw .itemIDRepeated(index, inNewIDs: inNew) }
        }
        guard !difference.isEmpty else { return }
        // Moved items keep their cells (into the window or out of it, opaque), and moved headers stay headers.
        let moves = Dictionary(uniqueKeysWithValues: difference.moves.map { ($0.from, $0.to) })
        try applyUpdate(deleted: difference.deleted, inserted: difference.inserted, moves: moves, animation: animation)
        if !selection.isDisjoint(with: difference.removedIDs) { setSelection(selection.subtracting(difference.removedIDs)) }
    }
}
