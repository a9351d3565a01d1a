// Views leaving a lazy container's window with an animation (a list's rows, List+FadeOut.swift; a grid's cells,
// LazyGrid+Updates.swift): each keeps its item's id while it fades or slides out, takes no clicks, and goes back to
// its owner's pool once its animations are over; if its item comes back meanwhile, the same view is taken back.
import GlasspaneAnimation

/// The views fading out of one container, by item id.
struct FadingViews<Item: View> {
    /// The fading views by id.
    private(set) var byID: [AnyHashable: Item] = [:]

    /// How many views fade now.
    var count: Int { byID.count }

    /// The view fading for `id`, if any.
    subscript(id: AnyHashable) -> Item? { byID[id] }

    /// Starts `view` leaving for `id`: `change` sets its destination (frame, alpha) inside `animation`. Returns a view
    /// that was already fading for that id (an item deleted twice in a row), reset for the pool at once.
    mutating func start(_ view: Item, id: AnyHashable, animation: Animation, change: () -> Void) -> Item? {
        var displaced: Item?
        if let earlier = byID[id], earlier !== view { displaced = FadingViews.reset(earlier) }
        view.isUserInteractionEnabled = false
        byID[id] = view
        withAnimation(animation) { change() }
        return displaced
    }

    /// Takes back the view fading for `id` for its item, fading in again with `animation` (or at once).
    mutating func revive(_ id: AnyHashable, animation: Animation?) -> Item? {
        guard let view = byID.removeValue(forKey: id) else { return nil }
        view.isUserInteractionEnabled = true
        if let animation { withAnimation(animation) { view.alpha = 1 } } else { view.alpha = 1 }
        return view
    }

    /// Removes the views whose animations are over (or that left the tree), reset for the pool.
    mutating func finished() -> [Item] {
        var done: [Item] = []
        for (id, view) in byID where !view.isAnimating || view.layer == nil {
            byID[id] = nil
            done.append(FadingViews.reset(view))
        }
        return done
    }

    /// Hidden, opaque and clickable again, ready for reuse.
    private static func reset(_ view: Item) -> Item {
        view.isHidden = true
        view.alpha = 1
        view.isUserInteractionEnabled = true
        return view
    }
}

/// Ticks its owner's pooling of finished views by the overlay's frame clock while any view fades.
final class FadeOutSweeper: FrameTicking {
    private let sweep: () -> Bool
    /// `sweep` pools what finished and says whether anything still fades.
    init(_ sweep: @escaping () -> Bool) { self.sweep = sweep }
    func frameTick(time: Double) -> Bool { sweep() }
}
