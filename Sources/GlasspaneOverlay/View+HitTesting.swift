// UIKit-style hit testing: front to back, skipping hidden, transparent, disabled and out-of-bounds subtrees.
// The layer stack's hit test (layers front to back, passthrough, modals) is `EventRouter.hitTest(at:passes:)`.
import GlasspaneCore
import GlasspaneDraw

/// The view a point hit, and the point in that view's coordinates (`View.hitTest`).
public struct ViewHit {
    /// The frontmost view in the tested subtree that claims the point.
    public let view: View
    /// The point in `view`'s coordinates: offsets are subtracted on the way down, once per level, so it is exactly
    /// the point the hit view's bounds check accepted.
    public let point: Point
    /// The `HitTable` that answered, nil for a walk: the router then finds the hit's ancestors through it and
    /// converts later points without `superview`.
    let table: HitTable?
    /// The view's entry in `table` (-1 for a walk).
    let entry: Int32
}

/// `ViewHit` with its view not retained, for the router: valid until the tree changes, so the router retains only
/// what it keeps (views are weakly referenced by their subviews, so each retain takes the runtime's slow path).
struct UnretainedViewHit {
    /// The hit view, not retained: its tree holds it.
    let view: Unmanaged<View>
    /// The point in `view`'s coordinates.
    let point: Point
    /// The `HitTable` that answered, nil for a walk.
    let table: HitTable?
    /// The view's entry in `table` (-1 for a walk).
    let entry: Int32

    /// The hit, its view retained.
    var retained: ViewHit { ViewHit(view: view.takeUnretainedValue(), point: point, table: table, entry: entry) }
}

extension View {
    /// The opacity below which a view and its subtree are not hit (UIKit's 0.01).
    public static let minimumHitAlpha = 0.01

    /// True when the view itself may take part in hit testing: visible, opaque enough and interactive.
    @inline(__always)
    final var isHitTestable: Bool { hitRecord.isTestable }

    /// Whether this view, not a subview, is the hit view for a point inside its bounds that no subview claimed.
    @inline(__always)
    final var claimsOwnBounds: Bool {
        switch hitTestBehavior {
        case .automatic: claimsBoundsByDefault
        case .deferToChildren: false
        case .opaque: true
        }
    }

    /// The frontmost view in this subtree that claims `point` (in this view's coordinates), with the point in the
    /// hit view's coordinates; nil when none does.
    ///
    /// The view and its subtree are skipped when hidden, when alpha < 0.01, when interaction is disabled, or when
    /// the point is outside its bounds (so a subview sticking out of its parent is not hit there). Subviews are
    /// asked last to first; when none claims the point, the view claims it if `claimsOwnBounds`.
    ///
    /// A path deeper than `HitTable.minimumDepth` levels makes the subtree a `HitTable`: its hit records copied into
    /// one array in the order the test visits them, which this and later tests read while nothing in the subtree
    /// changes. Walking linked views costs a few dependent memory loads per level; the table reads consecutive
    /// entries and skips a missed subtree with one jump. Shallow trees, however wide, keep the walk.
    public final func hitTest(_ point: Point) -> ViewHit? { unretainedHitTest(point)?.retained }

    /// `hitTest` without retaining the hit view (the router's path).
    final func unretainedHitTest(_ point: Point) -> UnretainedViewHit? {
        let record = hitRecord
        guard point.x >= 0, point.y >= 0, point.x < record.frame.size.width, point.y < record.frame.size.height,
              record.isTestable else { return nil }
        if !hitGeometryDirty, let table = hitTable, !table.isInUse { return table.lookup(point) }
        var tooDeep = false
        let found = hitTestInBounds(point, depth: 1, tooDeep: &tooDeep)
        guard tooDeep else {
            guard let found else { return nil }
            return UnretainedViewHit(view: found.view, point: found.point, table: nil, entry: -1)
        }
        if let table = HitTable(root: self) {
            hitTable = table
            return table.lookup(point)
        }
        // More views than a table indexes: the walk, with its stack on the heap past 64 levels.
        let walked = withUnsafeTemporaryAllocation(of: WalkLevel.self, capacity: 64) { inline in
            var stack = WalkStack(inline: inline.baseAddress!, capacity: inline.count)
            defer { stack.release() }
            return walk(from: point, stack: &stack)
        }
        guard let walked else { return nil }
        return UnretainedViewHit(view: walked.view, point: walked.point, table: nil, entry: -1)
    }

    /// The walk for a point inside the bounds of a view that passed the skip rules, recursing at most
    /// `HitTable.minimumDepth` levels: deeper, it sets `tooDeep` and gives up (the caller builds a table).
    /// The bounds check is done before recursing so that a miss costs no call.
    private final func hitTestInBounds(_ point: Point, depth: Int, tooDeep: inout Bool) -> (view: Unmanaged<View>, point: Point)? {
        if depth > HitTable.minimumDepth { tooDeep = true; return nil }
        let found: (view: Unmanaged<View>, point: Point)? = subviews.withUnsafeBufferPointer { children in
            var i = children.count - 1
            while i >= 0 {
                // Not retained: `subviews` holds it, and a retain of a view with weak references to it (any view
                // with subviews) takes the runtime's slow path. An `unowned(unsafe)` local still retained it around
                // the recursive call; a guaranteed reference does not.
                let child = Unmanaged.passUnretained(children[i])
                i -= 1
                let record = child._withUnsafeGuaranteedRef { $0.hitRecord }
                let f = record.frame
                let local = Point(x: point.x - f.origin.x, y: point.y - f.origin.y)
                guard local.x >= 0, local.y >= 0, local.x < f.size.width, local.y < f.size.height,
                      record.isTestable else { continue }
                if let hit = child._withUnsafeGuaranteedRef({ $0.hitTestInBounds(local, depth: depth + 1, tooDeep: &tooDeep) }) {
                    return hit
                }
                if tooDeep { return nil }
            }
            return nil
        }
        if let found { return found }
        if tooDeep { return nil }
        // Not retained: the caller retains what it keeps.
        return claimsOwnBounds ? (.passUnretained(self), point) : nil
    }

    /// The walk over the linked views as a loop over an explicit stack (any depth, no call frame per level): each
    /// level remembers the next subview to ask.
    private final func walk(from point: Point, stack: inout WalkStack) -> (view: Unmanaged<View>, point: Point)? {
        stack.push(WalkLevel(view: self, nextChild: subviews.count - 1, point: point))
        while let level = stack.top {
            let view = level.view
            var i = level.nextChild
            var pushed = false
            if i >= 0 {
                pushed = view.subviews.withUnsafeBufferPointer { children in
                    while i >= 0 {
                        unowned(unsafe) let child = children[i]
                        i -= 1
                        let record = child.hitRecord
                        let f = record.frame
                        let local = Point(x: level.point.x - f.origin.x, y: level.point.y - f.origin.y)
                        guard local.x >= 0, local.y >= 0, local.x < f.size.width, local.y < f.size.height,
                              record.isTestable else { continue }
                        stack.setTopNextChild(i)
                        stack.push(WalkLevel(view: child, nextChild: child.subviews.count - 1, point: local))
                        return true
                    }
                    return false
                }
            }
            if pushed { continue }
            // No subview claimed the point: the view itself, else back to its parent's next subview.
            if view.claimsOwnBounds { return (.passUnretained(view), level.point) }
            stack.pop()
        }
        return nil
    }
}

/// One level of a walk: a view inside whose bounds the point lies, the next subview to ask (counting down to -1)
/// and the point in the view's coordinates.
struct WalkLevel {
    /// Not retained: the tree being tested holds every view on the path while the walk runs.
    unowned(unsafe) let view: View
    var nextChild: Int
    let point: Point
}

/// The walk's stack: on the call stack for the first levels, then on the heap, doubling.
struct WalkStack {
    private var base: UnsafeMutablePointer<WalkLevel>
    private var capacity: Int
    private var count = 0
    private var onHeap = false

    init(inline: UnsafeMutablePointer<WalkLevel>, capacity: Int) { base = inline; self.capacity = capacity }

    var top: WalkLevel? { count > 0 ? base[count - 1] : nil }

    mutating func setTopNextChild(_ index: Int) { base[count - 1].nextChild = index }

    mutating func push(_ level: WalkLevel) {
        if count == capacity {
            let grown = UnsafeMutablePointer<WalkLevel>.allocate(capacity: capacity * 2)
            grown.initialize(from: base, count: count)
            if onHeap { base.deallocate() }
            base = grown
            capacity *= 2
            onHeap = true
        }
        (base + count).initialize(to: level)
        count += 1
    }

    mutating func pop() { count -= 1 }

    /// Frees the heap storage, if the walk grew onto the heap.
    mutating func release() { if onHeap { base.deallocate(); onHeap = false } }
}
