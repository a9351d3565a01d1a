// A subtree's hit records flattened into one array in tree order, so hit testing a large subtree reads memory
// front to back instead of chasing a pointer per level. Built by `View.hitTestLocating` after a long walk, used
// while `hitGeometryDirty` stays false (frames, testability and structure changes set it; View.swift).
import GlasspaneCore

/// The flattened hit records of one subtree; the same rules and order as `View.hitTestLocating`'s walk.
final class HitTable {
    /// A walk going deeper than this many levels builds a table (shallower trees walk; their stack stays small).
    static let minimumDepth = 48
    /// The most views one table holds (indices are 32-bit); a larger subtree is walked every time.
    static let maximumViews = Int(Int32.max)

    /// One view: its frame in its parent's coordinates, where its children are, whether it may be hit.
    struct Entry {
        var x, y, width, height: Double
        /// The entry of the frontmost subview, or -1.
        var lastChild: Int32
        /// The entry of the subview just behind this one in the same parent, or -1.
        var previousSibling: Int32
        var isTestable: Bool
    }

    /// A view of the table, not retained: the table is used only while the subtree is unchanged, so every view in
    /// it is still held by its parent, and the root by whoever called `hitTest`.
    struct ViewRef { unowned(unsafe) let view: View }

    /// One level of a descent: an entry whose bounds hold the point, the next child entry to ask, the point.
    struct Level { var entry: Int32; var nextChild: Int32; var point: Point }

    private var entries: ContiguousArray<Entry> = []
    private var views: ContiguousArray<ViewRef> = []
    /// The descent's stack, as deep as the subtree, allocated once per table.
    private var stack: UnsafeMutablePointer<Level>
    private var stackCapacity = 1
    /// True during a test, so a `claimsBoundsByDefault` override that hit-tests the same subtree walks instead.
    private(set) var isInUse = false

    /// Flattens `root`'s subtree (pre-order) and marks it clean; sub-tables inside it are dropped (they may be stale).
    /// Iterative, so a 10,000-deep chain needs no 10,000 call frames. Nil past `maximumViews` views.
    init?(root: View) {
        stack = .allocate(capacity: 1)
        /// A view being flattened: its entry, its next subview to append, its last appended subview's entry.
        struct Pending { let view: View; let entry: Int32; var next: Int; var previous: Int32 }
        var work = [Pending(view: root, entry: append(root), next: 0, previous: -1)]
        var depth = 1
        while let top = work.last {
            let children = top.view.subviews
            guard top.next < children.count else {
                entries[Int(top.entry)].lastChild = top.previous
                work.removeLast()
                continue
            }
            guard entries.count < Self.maximumViews else { return nil }
            let child = children[top.next]
            child.hitTable = nil
            child.hitGeometryDirty = false
            let c = append(child)
            entries[Int(c)].previousSibling = top.previous
            work[work.count - 1].next += 1
            work[work.count - 1].previous = c
            work.append(Pending(view: child, entry: c, next: 0, previous: -1))
            depth = max(depth, work.count)
        }
        stack.deallocate()
        stack = .allocate(capacity: depth)
        stackCapacity = depth
        root.hitGeometryDirty = false
    }

    deinit { stack.deallocate() }

    /// Appends one view's entry (children linked by the caller); returns its index.
    private func append(_ view: View) -> Int32 {
        let f = view.hitRecord.frame
        entries.append(Entry(x: f.origin.x, y: f.origin.y, width: f.size.width, height: f.size.height,
                             lastChild: -1, previousSibling: -1, isTestable: view.hitRecord.isTestable))
        views.append(ViewRef(view: view))
        return Int32(entries.count - 1)
    }

    /// The hit for a point inside the root's bounds (the root passed the skip rules); same rules as the walk.
    func hitTest(_ point: Point) -> (view: View, point: Point)? {
        isInUse = true
        defer { isInUse = false }
        return entries.withUnsafeBufferPointer { e in
            var top = 0
            stack[0] = Level(entry: 0, nextChild: e[0].lastChild, point: point)
            while top >= 0 {
                let level = stack[top]
                var c = level.nextChild
                var descended = false
                while c >= 0 {
                    let child = e[Int(c)]
                    let local = Point(x: level.point.x - child.x, y: level.point.y - child.y)
                    if local.x >= 0, local.y >= 0, local.x < child.width, local.y < child.height, child.isTestable {
                        stack[top].nextChild = child.previousSibling
                        top += 1
                        stack[top] = Level(entry: c, nextChild: child.lastChild, point: local)
                        descended = true
                        break
                    }
                    c = child.previousSibling
                }
                if descended { continue }
                let view = views[Int(level.entry)].view
                if view.claimsOwnBounds { return (view, level.point) }
                top -= 1
            }
            return nil
        }
    }
}
