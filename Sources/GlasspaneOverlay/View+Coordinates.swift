// Conversions between a view's coordinates and window coordinates (a layer root's frame is in window points).
import GlasspaneCore
import GlasspaneDraw

extension View {
    /// The window-space position of this view's origin (sum of the frames' origins up to the root).
    package var windowOrigin: Point {
        var x = 0.0, y = 0.0
        var v: View? = self
        while let c = v {
            x += c.frame.origin.x; y += c.frame.origin.y
            v = c.superview
        }
        return Point(x: x, y: y)
    }

    /// The view's frame in window points.
    public var windowFrame: Rect { Rect(origin: windowOrigin, size: frame.size) }

    /// Converts a point in this view's coordinates to window points.
    public func convertToWindow(_ point: Point) -> Point { point + windowOrigin }

    /// Converts a window point to this view's coordinates.
    public func convertFromWindow(_ point: Point) -> Point { point - windowOrigin }

    /// Converts a point in this view's coordinates to another view's coordinates (both in the same window).
    public func convert(_ point: Point, to other: View) -> Point { other.convertFromWindow(convertToWindow(point)) }

    /// True when this view and every ancestor pass the hit-test skip rules (the view could receive events).
    var isEligibleForEvents: Bool {
        var v: View? = self
        while let c = v {
            if !c.isHitTestable { return false }
            v = c.superview
        }
        return true
    }
}
