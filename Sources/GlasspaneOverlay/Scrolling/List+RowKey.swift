// How a list keys its live rows. Without a `rowID` closure an item's id is its index, and the window's bookkeeping
// (`liveRows`, the rows that come in and leave, updates, drags) keys rows by that plain integer: no `AnyHashable` is
// made, hashed or compared (each made from an `Int` is a runtime cast, each compared a boxed call). With one, rows
// are keyed by the app's ids. `AnyHashable`s are made only at the public edges: `ListRow.rowID`, `rowID(at:)`, the
// selection, fading rows. docs/scrolling.md, "What a scrolled frame costs".

/// A live row's key inside a list: its item's index while ids are indices (no `rowID` given), else the app's id.
enum RowKey: Hashable {
    /// The item at this index, whose id is the index.
    case index(Int)
    /// An id from the app's `rowID`. Boxed (`indirect`): an `AnyHashable` held inline would make every copy of
    /// every key, index keys too, a call through the runtime's value witnesses (5 % of the layout phase).
    indirect case id(AnyHashable)

    /// The id the public API shows: the index as an `AnyHashable`, or the app's id.
    var id: AnyHashable {
        switch self {
        case .index(let index): AnyHashable(index)
        case .id(let id): id
        }
    }
}

extension List {
    /// The key of the item at `index`: the index itself when ids are indices (`rowID` is not asked), else its id.
    func rowKey(at index: Int) -> RowKey { idsAreIndices ? .index(index) : .id(rowIDProvider(index)) }

    /// Whether the item with `key` is selected (an `AnyHashable` is made only when something is).
    func isSelected(_ key: RowKey) -> Bool { !selection.isEmpty && selection.contains(key.id) }
}
