// How a lazy container keys its live views (a list's rows, List+RowKey.swift; a grid's cells, LazyGrid+ItemKey.swift).
// Without an id closure (`rowID`, `itemID`) an item's id is its index, and the window's bookkeeping (the live views,
// the views that come in and leave, updates, drags) keys views by that plain integer: no `AnyHashable` is made, hashed
// or compared (each made from an `Int` is a runtime cast, each compared a boxed call). With one, views are keyed by
// the app's ids. `AnyHashable`s are made only at the public edges: the ids a view shows (`ListRow.rowID`,
// `GridCell.itemID`), `rowID(at:)` and `itemID(at:)`, the selection, fading views. docs/scrolling.md, "What a scrolled
// frame costs".

/// A live view's key inside a list or a grid: its item's index while ids are indices (no id closure given), else the
/// app's id.
enum ItemKey: Hashable {
    /// The item at this index, whose id is the index.
    case index(Int)
    /// An id from the app's closure. Boxed (`indirect`): an `AnyHashable` held inline would make every copy of
    /// every key, index keys too, a call through the runtime's value witnesses (5 % of a list's layout phase).
    indirect case id(AnyHashable)

    /// The id the public API shows: the index as an `AnyHashable`, or the app's id.
    var id: AnyHashable {
        switch self {
        case .index(let index): AnyHashable(index)
        case .id(let id): id
        }
    }
}
