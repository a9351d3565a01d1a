// How a lazy grid keys its live cells (ItemKey.swift): by index without an `itemID` closure, else by the app's ids.

extension LazyGrid {
    /// The key of the item at `index`: the index itself when ids are indices (`itemID` is not asked), else its id.
    func itemKey(at index: Int) -> ItemKey { idsAreIndices ? .index(index) : .id(itemIDProvider(index)) }

    /// Whether the item with `key` is selected (an `AnyHashable` is made only when something is).
    func isSelected(_ key: ItemKey) -> Bool { !selection.isEmpty && selection.contains(key.id) }

    /// Whether a cell still fades out for the item with `key` (an `AnyHashable` is made only while one fades).
    func isFading(_ key: ItemKey) -> Bool { fadingCells.count > 0 && fadingCells[key.id] != nil }
}
