// UIKit-style hit testing: front to back, skipping hidden, transparent, disabled and out-of-bounds subtrees.
import GlasspaneCore

extension View {
    /// The opacity below which a view and its subtree are not hit (UIKit's 0.01).
    public static let minimumHitAlpha = 0.01

    /// True when the view itself may take part in hit testing: visible, opaque enough and interactive.
    @inline(__always)
    final var isHitTestable: Bool {
        !isHidden && alpha >= View.minimumHitAlpha && isUserInteractionEnabled
    }

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
        guard isHitTestable, point.x >= 0, point.y >= 0, point.x < frame.size.width, point.y < frame.size.height else {
            return nil
        }
        var i = subviews.count - 1
        while i >= 0 {
            let child = subviews[i]
            let local = Point(x: point.x - child.frame.origin.x, y: point.y - child.frame.origin.y)
            if let hit = child.hitTest(local) { return hit }
            i -= 1
        }
        return claimsOwnBounds ? self : nil
    }
}
