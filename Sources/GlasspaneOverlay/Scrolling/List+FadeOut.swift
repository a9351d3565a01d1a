// Rows leaving in an animated reload fade out where they were instead of vanishing: the row keeps its view (and its
// item's id) while it fades, takes no clicks, and goes back to the pool when the fade is over; if its item comes back
// into the window meanwhile, the same view is taken back (identity kept). docs/scrolling.md, "Animated data changes".
import GlasspaneCore
import GlasspaneAnimation

/// Pools a list's faded rows once their fade is over, ticked by the overlay's frame clock while any row fades.
final class ListFadeOutSweeper: FrameTicking {
    weak var list: List?
    init(list: List) { self.list = list }
    func frameTick(time: Double) -> Bool { list?.poolFadedRows() ?? false }
}

extension List {
    /// The rows fading out now (their items left the window in an animated reload).
    public var fadingRowCount: Int { fadingRows.count }

    /// Starts fading `row` out at its place, or moving it to `target` (an update said where it goes: a deleted row
    /// slides to where its neighbours close up, fading; a row pushed out of the window slides out, opaque). It is
    /// pooled when its animations are over.
    func fadeOut(_ row: ListRow, id: AnyHashable, animation: Animation, to target: LeavingTarget? = nil) {
        // A row already fading for this id (an item deleted twice in a row) is pooled at once.
        if let earlier = fadingRows[id], earlier !== row { returnToPool(earlier) }
        row.isUserInteractionEnabled = false
        fadingRows[id] = row
        withAnimation(animation) {
            if let target {
                var frame = row.frame
                if axis == .horizontal { frame.origin.x = target.offset } else { frame.origin.y = target.offset }
                row.frame = frame
            }
            if target?.fades ?? true { row.alpha = 0 }
        }
        let sweeper = fadeSweeper ?? ListFadeOutSweeper(list: self)
        fadeSweeper = sweeper
        if let overlay = layer?.overlay { overlay.startTicking(sweeper) } else { _ = poolFadedRows() }
    }

    /// The row still fading for `id`, taken back for its item (fading in again with `animation`, or at once).
    func reviveFadingRow(_ id: AnyHashable, animation: Animation?) -> ListRow? {
        guard let row = fadingRows.removeValue(forKey: id) else { return nil }
        row.isUserInteractionEnabled = true
        if let animation { withAnimation(animation) { row.alpha = 1 } } else { row.alpha = 1 }
        return row
    }

    /// Pools the fading rows whose fade is over; true while some still fade.
    func poolFadedRows() -> Bool {
        for (id, row) in fadingRows where !row.isAnimating || row.layer == nil {
            fadingRows[id] = nil
            returnToPool(row)
        }
        return !fadingRows.isEmpty
    }

    private func returnToPool(_ row: ListRow) {
        row.isHidden = true
        row.alpha = 1
        row.isUserInteractionEnabled = true
        pool.append(row)
    }
}
