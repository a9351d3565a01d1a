// How a list's or grid's ids changed, for `List.updateRows(from:to:animation:)` and
// `LazyGrid.updateItems(from:to:animation:)`: the app hands the ids before and after a change of its data and the view
// works out the deletions, insertions and moves, as a diffable data source does. Keyed by id in O(n log n): ids that
// left are deletions, ids that came are insertions, and of the ids in both, those outside a longest run kept in the
// same order (a longest increasing subsequence of their old indices) are moves. No edit-distance table, so a change
// of every row costs about what a change of one does; the common ends are compared, not hashed.

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

    /// Compares `old` with `new`; throws `.repeated` for an id that repeats in the part that changed (of either), or
    /// a new id that repeats one of the unchanged ends. Repeats within the unchanged ends are not looked for: they
    /// were the list's before the change.
    init<ID: Hashable>(from old: [ID], to new: [ID]) throws(Failure) {
        // The common ends change nothing: only the middle is hashed (one row inserted, deleted or moved a short way
        // leaves a short middle).
        var head = 0
        while head < old.count, head < new.count, old[head] == new[head] { head += 1 }
        var tail = 0
        while tail < old.count - head, tail < new.count - head, old[old.count - 1 - tail] == new[new.count - 1 - tail] {
            tail += 1
        }
        let oldEnd = old.count - tail, newEnd = new.count - tail
        var oldIndex = [ID: Int](minimumCapacity: oldEnd - head)
        for i in head..<oldEnd where oldIndex.updateValue(i, forKey: old[i]) != nil {
            throw .repeated(index: i, inNew: false)
        }
        // Of the old middle, the ids the new middle names; the ids that came, with their new index.
        var named = [Bool](repeating: false, count: oldEnd - head)
        var came: [ID: Int] = [:]
        // The old index of each id of the new middle that stays, in new order; -1 for one that came.
        var kept: [Int] = []
        kept.reserveCapacity(newEnd - head)
        for j in head..<newEnd {
            let id = new[j]
            if let i = oldIndex[id] {
                guard !named[i - head] else { throw .repeated(index: j, inNew: true) }
                named[i - head] = true
                kept.append(i)
            } else {
                guard came.updateValue(j, forKey: id) == nil else { throw .repeated(index: j, inNew: true) }
                kept.append(-1)
                inserted.append(j)
            }
        }
        // An id that came must not be one of the unchanged ends, or it would repeat in the new ids. A few are looked
        // for by comparing (an append to a long log hashes nothing but itself); many, through a set of the ends.
        if !came.isEmpty, head + tail > 0 {
            let front = old[..<head], back = old[oldEnd...]
            if came.count <= 4 {
                for (id, j) in came where front.contains(id) || back.contains(id) { throw .repeated(index: j, inNew: true) }
            } else {
                let endIDs = Set(front).union(back)
                for (id, j) in came where endIDs.contains(id) { throw .repeated(index: j, inNew: true) }
            }
        }
        for i in head..<oldEnd where !named[i - head] {
            deleted.append(i)
            removedIDs.insert(AnyHashable(old[i]))
        }
        let staying = Self.longestIncreasingRun(kept)
        var moved: [(from: Int, to: Int)] = []
        for (k, i) in kept.enumerated() where i >= 0 && !staying[k] { moved.append((i, head + k)) }
        if !moved.isEmpty {
            moves = moved
            deleted = (deleted + moved.map(\.from)).sorted()
            inserted = (inserted + moved.map(\.to)).sorted()
        }
    }

    /// Marks the positions (in `values`) of a longest strictly increasing subsequence of its non-negative values
    /// (patience sorting, O(n log n)); negative values are skipped.
    static func longestIncreasingRun(_ values: [Int]) -> [Bool] {
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
        var run = [Bool](repeating: false, count: values.count)
        var position = tails.last ?? -1
        while position >= 0 {
            run[position] = true
            position = previous[position]
        }
        return run
    }
}
