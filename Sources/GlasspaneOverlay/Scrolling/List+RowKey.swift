// How a list keys its live rows (ItemKey.swift): by index without a `rowID` closure, else by the app's ids.

extension List {
    /// The key of the item at `index`: the index itself when ids are indices (`rowID` is not asked), else its id.
    func rowKey(at index: Int) -> ItemKey { idsAreIndices ? .index(index) : .id(rowIDProvider(index)) }

    /// Whether the item with `key` is selected (an `AnyHashable` is made only when something is).
    func isSelected(_ key: ItemKey) -> Bool { !selection.isEmpty && selection.contains(key.id) }
}
