// Rows leaving in an animated reload or update fade out instead of vanishing (FadingViews.swift): the row keeps its
// view (and its item's id) while it fades, takes no clicks, and goes back to the pool when the fade is over; if its
// item comes back into the window meanwhile, the same view is taken back (identity kept). docs/scrolling.md,
// "Animated data changes".
import GlasspaneCore
import GlasspaneAnimation

extension List {
    /// The rows fading out now (their items left the window in an animated reload).
    public var fadingRowCount: Int { fadingRows.count }

    /// Starts fading `row` out at its place, or moving it to `target` (an update said where it goes: a deleted row
    /// slides to where its neighbours close up, fading; a row pushed out of the window slides out, opaque). It is
    /// pooled when its animations are over.
    func fadeOut(_ row: ListRow, id: ItemKey, animation: Animation, to target: LeavingTarget? = nil) {
        let displaced = fadingRows.start(row, id: id.id, animation: animation) {
            if let target {
                var frame = row.frame
                if axis == .horizontal { frame.origin.x = target.offset } else { frame.origin.y = target.offset }
                row.frame = frame
            }
            if target?.fades ?? true { row.alpha = 0 }
        }
        if let displaced { pool.append(displaced) }
        let sweeper = fadeSweeper ?? FadeOutSweeper { [weak self] in self?.poolFadedRows() ?? false }
        fadeSweeper = sweeper
        if let overlay = layer?.overlay { overlay.startTicking(sweeper) } else { _ = poolFadedRows() }
    }

    /// The row still fading for `id`, taken back for its item (fading in again with `animation`, or at once).
    func reviveFadingRow(_ id: ItemKey, animation: Animation?) -> ListRow? {
        fadingRows.count > 0 ? fadingRows.revive(id.id, animation: animation) : nil  // no id made while none fades
    }

    /// Pools the fading rows whose fade is over; true while some still fade.
    func poolFadedRows() -> Bool {
        pool.append(contentsOf: fadingRows.finished())
        return fadingRows.count > 0
    }
}
