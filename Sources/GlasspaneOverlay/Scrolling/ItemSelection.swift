// The selection rule a list's rows and a grid's items share (List.swift, LazyGrid+Selection.swift): a click or a key
// on an item selects it alone, toggles it (Control/Command, `.multiple`) or extends from the anchor (Shift,
// `.multiple`), by id so the selection survives scrolling and data changes.

/// A selection by id with its anchor, as a user's choices change it.
struct ItemSelection {
    /// The selected items' ids.
    var ids: Set<AnyHashable>
    /// Where Shift extends from (the last item chosen alone or toggled).
    var anchor: Int?

    /// Applies a choice of the item at `index` in `mode`; `cursor` stands in for a missing anchor and `id` gives an
    /// index's id. The caller checks that `index` is an item and that `mode` selects at all.
    mutating func choose(_ index: Int, mode: ListSelectionMode, extending: Bool, toggling: Bool, cursor: Int?,
                         id: (Int) -> AnyHashable) {
        if mode == .multiple && extending, let from = anchor ?? cursor {
            ids = Set((min(from, index)...max(from, index)).map(id))
        } else if mode == .multiple && toggling {
            let chosen = id(index)
            if ids.contains(chosen) { ids.remove(chosen) } else { ids.insert(chosen) }
            anchor = index
        } else {
            ids = [id(index)]
            anchor = index
        }
    }
}
