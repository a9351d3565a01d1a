// A subtree's hit records flattened into one contiguous array in the order the hit test visits them, so that hit
// testing a large subtree reads memory front to back with no pointer chase and no reference counting. Built by
// `View.hitTest` after a long walk, used while `hitGeometryDirty` stays false (frames, testability and
// structure changes set it; View.swift).
import GlasspaneCore
import GlasspaneDraw

/// The flattened hit records of one subtree; the same rules, order and arithmetic as `View.hitTest`'s walk.
///
/// Entries are in **front-first pre-order**: a view, then its subviews from front (last) to back (first), each
/// followed by its own subtree. The first subview to ask is therefore always the next entry, and the one behind a
/// subview that does not hold the point is at that subview's `end` (the index just past its subtree): a descent
/// reads consecutive entries, and a miss skips a whole subtree with one jump. A view that may not be hit (hidden,
/// alpha < 0.01, interaction off) is stored with an empty rectangle, so the one bounds check per entry also applies
/// the skip rules. The point is converted once per level on the way down (parent's point minus the child's origin,
/// exactly as the walk does), and only the levels the descent passed through are kept, to come back to when a
/// subtree has no claiming view.
final class HitTable {
    /// A walk going deeper than this many levels builds a table (shallower trees walk; their stack stays small).
    static let minimumDepth = 48
    /// The most views one table holds (indices are 32-bit); a larger subtree is walked every time.
    static let maximumViews = Int(Int32.max)

    /// One view: its frame in its parent's coordinates (width -infinity when it may not be hit), where its subtree ends.
    struct Entry {
        var x, y, width, height: Double
        /// The index just past this view's subtree: the next subview behind it in its parent (or the parent's end).
        var end: Int32
    }

    /// A view of the table, not retained: the table is used only while the subtree is unchanged, so every view in
    /// it is still held by its parent, and the root by whoever called `hitTest`. Read with
    /// `_withUnsafeGuaranteedRef`, so asking a view (`claimsOwnBounds`, `canBecomeFocused`) costs no retain and
    /// release: views are weakly referenced by their subviews, so their reference counts live in a side table and
    /// every retain takes the slow path.
    typealias ViewRef = Unmanaged<View>

    /// One level of a descent: an entry whose bounds hold the point, and the point in its coordinates.
    struct Level { var entry: Int32; var x, y: Double }

    private var entries: ContiguousArray<Entry> = []
    private var views: ContiguousArray<ViewRef> = []
    /// Each entry's parent entry (-1 for the root): the way up from a hit, without a view's weak `superview`.
    private var parents: ContiguousArray<Int32> = []
    /// The descent's stack, as deep as the subtree, allocated once per table.
    private var stack: UnsafeMutablePointer<Level>
    /// True during a test, so a `claimsBoundsByDefault` override that hit-tests the same subtree walks instead.
    private(set) var isInUse = false

    /// The number of views in the table.
    var count: Int { entries.count }

    /// Flattens `root`'s subtree and marks it clean; sub-tables inside it are dropped (they may be stale).
    /// Iterative, so a 10,000-deep chain needs no 10,000 call frames. Nil past `maximumViews` views.
    init?(root: View) {
        stack = .allocate(capacity: 1)
        /// A view being flattened: its entry and its next subview to append (counting down: front first).
        struct Pending { unowned(unsafe) let view: View; let entry: Int32; var next: Int }
        var work = [Pending(view: root, entry: append(root, parent: -1), next: root.subviews.count - 1)]
        var depth = 1
        while let top = work.last {
            guard top.next >= 0 else {
                entries[Int(top.entry)].end = Int32(entries.count)
                work.removeLast()
                continue
            }
            guard entries.count < Self.maximumViews else { return nil }
            let child = top.view.subviews[top.next]
            child.hitTable = nil
            child.hitGeometryDirty = false
            let c = append(child, parent: top.entry)
            work[work.count - 1].next -= 1
            work.append(Pending(view: child, entry: c, next: child.subviews.count - 1))
            depth = max(depth, work.count)
        }
        stack.deallocate()
        stack = .allocate(capacity: depth)
        root.hitGeometryDirty = false
    }

    deinit { stack.deallocate() }

    /// Appends one view's entry (its `end` is set once its subtree is in); returns its index.
    private func append(_ view: View, parent: Int32) -> Int32 {
        let record = view.hitRecord
        let f = record.frame
        entries.append(Entry(x: f.origin.x, y: f.origin.y, width: record.isTestable ? f.size.width : -.infinity,
                             height: f.size.height, end: 0))
        views.append(.passUnretained(view))
        parents.append(parent)
        return Int32(entries.count - 1)
    }

    /// `View.hitTest`'s answer from the table, for a point inside the root's bounds (the root passed the skip
    /// rules); same rules as the walk.
    func lookup(_ point: Point) -> UnretainedViewHit? {
        isInUse = true
        defer { isInUse = false }
        let stack = self.stack   // a local: the loop does not reload it from the object
        return entries.withUnsafeBufferPointer { e in
            views.withUnsafeBufferPointer { views in
                // The innermost level holding the point: its entry, the point in its coordinates, its subtree's end.
                var current = 0, px = point.x, py = point.y, end = Int(e[0].end)
                var top = 0
                stack[0] = Level(entry: 0, x: px, y: py)
                var i = 1
                while true {
                    if i < end {
                        // The next subview of `current` to ask (front to back).
                        let child = e[i]
                        let lx = px - child.x, ly = py - child.y
                        if lx >= 0, ly >= 0, lx < child.width, ly < child.height {
                            top &+= 1
                            stack[top] = Level(entry: Int32(truncatingIfNeeded: i), x: lx, y: ly)
                            current = i; px = lx; py = ly; end = Int(child.end)
                            i &+= 1
                        } else {
                            i = Int(child.end)
                        }
                        continue
                    }
                    // No subview of `current` claimed the point: the view itself, else back to its parent, whose next
                    // subview to ask is the entry just past `current`'s subtree (`i`).
                    if views[current]._withUnsafeGuaranteedRef({ $0.claimsOwnBounds }) {
                        return UnretainedViewHit(view: views[current], point: Point(x: px, y: py),
                                       table: self, entry: Int32(current))
                    }
                    top &-= 1
                    if top < 0 { return nil }
                    let level = stack[top]
                    current = Int(level.entry); px = level.x; py = level.y; end = Int(e[current].end)
                }
            }
        }
    }

    /// The first view from `entry` up to the root (the entry's own view first) for which `matches` is true: the
    /// ancestors of a hit found through parent indices, for a table that is still current.
    func firstOnPath(from entry: Int32, where matches: (View) -> Bool) -> View? {
        var e = Int(entry)
        while e >= 0 {
            if views[e]._withUnsafeGuaranteedRef(matches) { return views[e].takeUnretainedValue() }
            e = Int(parents[e])
        }
        return nil
    }
}
