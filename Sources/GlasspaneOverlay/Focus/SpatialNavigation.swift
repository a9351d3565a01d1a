// Spatial focus navigation (docs/focus.md, "Spatial navigation"): the D-pad and the arrow keys move focus to the
// nearest focusable view in a direction, by geometry, inside the focus scope Tab uses (the active modal alone while
// one is up), unless the focused view names an explicit neighbour (`View.focusNeighbors`).
import GlasspaneCore

/// The geometry of spatial navigation: which of some rectangles is the nearest in a direction from another.
public enum SpatialNavigation {
    /// How much more a sideways gap costs than the same distance ahead: a view straight ahead wins over a nearer
    /// one off to the side.
    static let sidewaysWeight = 4.0

    /// The index of the candidate nearest to `source` in `direction`, nil when none lies that way.
    ///
    /// A candidate lies that way when its center is beyond the source's center and its leading edge is not behind
    /// the source's (for `.down`: center below, top edge below the source's top). The cost is the gap ahead
    /// (between the source's far edge and the candidate's near edge, 0 when they overlap) plus `sidewaysWeight`
    /// times the sideways gap (0 when their extents across the direction overlap); ties go to the smaller distance
    /// between centers across the direction, then to the earlier candidate (pass them in reading order).
    public static func nearest(from source: Rect, direction: FocusDirection, among candidates: [Rect]) -> Int? {
        var best: (index: Int, cost: Double, across: Double)? = nil
        for (index, c) in candidates.enumerated() {
            let ahead: Double, sideways: Double, across: Double
            switch direction {
            case .down:
                guard c.center.y > source.center.y, c.minY > source.minY else { continue }
                ahead = max(0, c.minY - source.maxY)
                sideways = gap(c.minX, c.maxX, source.minX, source.maxX)
                across = abs(c.center.x - source.center.x)
            case .up:
                guard c.center.y < source.center.y, c.maxY < source.maxY else { continue }
                ahead = max(0, source.minY - c.maxY)
                sideways = gap(c.minX, c.maxX, source.minX, source.maxX)
                across = abs(c.center.x - source.center.x)
            case .right:
                guard c.center.x > source.center.x, c.minX > source.minX else { continue }
                ahead = max(0, c.minX - source.maxX)
                sideways = gap(c.minY, c.maxY, source.minY, source.maxY)
                across = abs(c.center.y - source.center.y)
            case .left:
                guard c.center.x < source.center.x, c.maxX < source.maxX else { continue }
                ahead = max(0, source.minX - c.maxX)
                sideways = gap(c.minY, c.maxY, source.minY, source.maxY)
                across = abs(c.center.y - source.center.y)
            }
            let cost = ahead + sidewaysWeight * sideways
            if let b = best, cost > b.cost || (cost == b.cost && across >= b.across) { continue }
            best = (index, cost, across)
        }
        return best?.index
    }

    /// The gap between two intervals, 0 when they overlap.
    private static func gap(_ aMin: Double, _ aMax: Double, _ bMin: Double, _ bMax: Double) -> Double {
        max(0, max(aMin - bMax, bMin - aMax))
    }
}

extension Overlay {
    /// The view focus moves to from the focused one in `direction`: its explicit neighbour when it names one that
    /// is focusable in the scope (an empty name: none), else the nearest by geometry among `focusOrder()`; with
    /// nothing focused, the first view in reading order. Nil when there is none.
    public func spatialFocusTarget(_ direction: FocusDirection) -> View? {
        let order = focusOrder()
        guard let current = focusedView, order.contains(where: { $0 === current }) else { return order.first }
        if let name = current.focusNeighbors[direction] {
            if name.isEmpty { return nil }
            if let named = order.first(where: { $0.identifier == name }) { return named }
        }
        let others = order.filter { $0 !== current }
        guard let index = SpatialNavigation.nearest(from: current.windowFrame, direction: direction,
                                                    among: others.map(\.windowFrame)) else { return nil }
        return others[index]
    }

    /// Moves focus in `direction` (`spatialFocusTarget`); returns the newly focused view, nil when focus stayed.
    @discardableResult
    public func moveFocus(_ direction: FocusDirection) -> View? {
        guard let target = spatialFocusTarget(direction) else { return nil }
        focus(target)
        return focusedView === target ? target : nil
    }
}
