// How a list's or grid's ids changed, for `List.updateRows(from:to:animation:)` and
// `LazyGrid.updateItems(from:to:animation:)`: the app hands the ids before and after a change of its data and the view
// works out the deletions, insertions and moves, as a diffable data source does. Keyed by id in O(n log n): ids that
// left are deletions, ids that came are insertions, and of the ids in both, those outside a longest run kept in the
// same order (a longest increasing subsequence of their old indices) are moves. No edit-distance table, so a change
// of every row of 1,000,000 costs what a change of one does.

/// The changes between two arrays of unique ids.
struct IDDifference {
    /// Why the ids could not be compared.
    enum Failure: Error, Equatable {
        /// The id at this index of the old ids (`inNew` false) or the new ids repeats an earlier one.
        case repeated(index: Int, inNew: Bool)
    }

    /// Old indices of the ids that left or moved, ascending.
    private(set) var deleted: [Int] = []
    /// New indices of the ids that came or moved, ascending.
    private(set) var inserted: [Int] = []
    /// The ids that kept their place among the others but moved: old index to new index, in new order.
    private(set) var moves: [(from: Int, to: Int)] = []
    /// The ids that left (not in the new ids).
    private(set) var removedIDs: Set<AnyHashable> = []

    /// True when nothing changed.
    var isEmpty: Bool { deleted.isEmpty && inserted.isEmpty }

    /// Compares `old` with `new`; throws `.repeated` for an id named twice in either.
    init<ID: Hashable>(from old: [ID], to new: [ID]) throws(Failure) {
        if old == new {
            // Still refused when an id repeats, as when anything changed.
            var seen = Set<ID>(minimumCapacity: old.count)
            for (i, id) in old.enumerated() where !seen.insert(id).inserted { throw .repeated(index: i, inNew: false) }
            return
        }
        var oldIndex = [ID: Int](minimumCapacity: old.count)
        for (i, id) in old.enumerated() where oldIndex.updateValue(i, forKey: id) != nil {
            throw .repeated(index: i, inNew: false)
        }
        var newSeen = Set<ID>(minimumCapacity: new.count)
        // The old index of each id that stays, in new order; -1 for one that came.
        var kept: [Int] = []
        kept.reserveCapacity(new.count)
        for (j, id) in new.enumerated() {
            guard newSeen.insert(id).inserted else { throw .repeated(index: j, inNew: true) }
            if let i = oldIndex[id] { kept.append(i) } else { kept.append(-1); inserted.append(j) }
        }
        for (i, id) in old.enumerated() where !newSeen.contains(id) {
            deleted.append(i)
            removedIDs.insert(AnyHashable(id))
        }
        let staying = Self.longestIncreasingRun(kept)
        var moved: [(from: Int, to: Int)] = []
        for (j, i) in kept.enumerated() where i >= 0 && !staying.contains(j) { moved.append((i, j)) }
        if !moved.isEmpty {
            moves = moved
            deleted = (deleted + moved.map(\.from)).sorted()
            inserted = (inserted + moved.map(\.to)).sorted()
        }
    }

    /// The positions (in `values`) of a longest strictly increasing subsequence of its non-negative values
    /// (patience sorting, O(n log n)); negative values are skipped.
    static func longestIncreasingRun(_ values: [Int]) -> Set<Int> {
        // tails[k]: position of the smallest last value of an increasing run of length k + 1.
        var tails: [Int] = []
        var previous = [Int](repeating: -1, count: values.count)
        for (position, value) in values.enumerated() where value >= 0 {
            var low = 0, high = tails.count
            while low < high {
                let mid = (low + high) / 2
                if values[tails[mid]] < value { low = mid + 1 } else { high = mid }
            }
            if low > 0 { previous[position] = tails[low - 1] }
            if low == tails.count { tails.append(position) } else { tails[low] = position }
        }
        var run = Set<Int>(minimumCapacity: tails.count)
        var position = tails.last ?? -1
        while position >= 0 {
            run.insert(position)
            position = previous[position]
        }
        return run
    }
}
