// UIKit-style hit testing: front to back, skipping hidden, transparent, disabled and out-of-bounds subtrees.
import GlasspaneCore

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

    /// The frontmost view in this subtree that claims `point` (in this view's coordinates), or nil.
    ///
    /// The view and its subtree are skipped when hidden, when alpha < 0.01, when interaction is disabled, or when
    /// the point is outside its bounds (so a subview sticking out of its parent is not hit there). Subviews are
    /// asked last to first; when none claims the point, the view claims it if `claimsOwnBounds`.
    public final func hitTest(_ point: Point) -> View? {
        let record = hitRecord
        guard point.x >= 0, point.y >= 0, point.x < record.frame.size.width, point.y < record.frame.size.height,
              record.isTestable else { return nil }
        return hitTestInBounds(point)
    }

    /// `hitTest` for a point already known to be inside the bounds of a view that passed the skip rules.
    /// The bounds check is done before recursing so that a miss costs no call (10,000-view trees stay in budget).
    private final func hitTestInBounds(_ point: Point) -> View? {
        let found: View? = subviews.withUnsafeBufferPointer { children in
            var i = children.count - 1
            while i >= 0 {
                let child = children[i]
                i -= 1
                let record = child.hitRecord
                let f = record.frame
                let local = Point(x: point.x - f.origin.x, y: point.y - f.origin.y)
                guard local.x >= 0, local.y >= 0, local.x < f.size.width, local.y < f.size.height,
                      record.isTestable else { continue }
                if let hit = child.hitTestInBounds(local) { return hit }
            }
            return nil
        }
        if let found { return found }
        return claimsOwnBounds ? self : nil
    }
}
