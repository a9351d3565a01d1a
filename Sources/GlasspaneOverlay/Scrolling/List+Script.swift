// What scripts can read of a list (docs/scripts.md, expectations): its selection and the keyboard cursor's row, so a
// controller tour can check that the D-pad scrolled a table and selected a row.

extension List: ScriptableControl {
    /// `selection`: the selected rows' ids, sorted by their text and joined with commas (empty with none);
    /// `highlighted`: the cursor's row index, or `none`.
    public func scriptValue(of property: String) -> String? {
        switch property {
        case "selection": selection.map { "\($0.base)" }.sorted { $0.count != $1.count ? $0.count < $1.count : $0 < $1 }.joined(separator: ",")
        case "highlighted": cursorIndex.map(String.init) ?? "none"
        default: nil
        }
    }
}
