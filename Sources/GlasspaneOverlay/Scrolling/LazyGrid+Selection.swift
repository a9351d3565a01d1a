// A lazy grid's selection, per item and by id, and its keyboard cursor (LazyGrid.swift): clicks with Control/Command
// and Shift, arrows by item and by line (spatially: a row of a vertical grid, a column of a horizontal one), and the
// edges where the arrows and the D-pad hand focus on to the view that
// way (docs/focus.md, "Spatial navigation"), so a controller walks into a grid, through it and out of it.
import GlasspaneCore

extension LazyGrid {
    /// Replaces the selection (ids of any items; not reported to `onSelectionChange`).
    public func setSelection(_ ids: Set<AnyHashable>) {
        selection = selectionMode == .none ? [] : ids
        refreshSelectionMarks()
    }

    /// Applies a user's choice of the item at `index` (a click or a key): `extending` selects the items from the
    /// anchor to it (`.multiple`), `toggling` adds or removes it (`.multiple`), else it alone is selected. The
    /// cursor moves to it and its cell is scrolled into sight; `onSelectionChange` hears of it.
    public func selectItem(_ index: Int, extending: Bool = false, toggling: Bool = false) {
        guard selectionMode != .none, index >= 0, index < itemCount else { return }
        var choice = ItemSelection(ids: selection, anchor: selectionAnchor)
        choice.choose(index, mode: selectionMode, extending: extending, toggling: toggling, cursor: cursorIndex,
                      id: itemIDProvider)
        selection = choice.ids
        selectionAnchor = choice.anchor
        cursorIndex = index
        refreshSelectionMarks()
        scrollToItem(index)
        onSelectionChange?(selection)
    }

    /// A click that did not drag selects the item under it; one in the spacing or after the last item selects
    /// nothing and keeps the selection.
    func tapped(at location: Point, event: PointerEvent) {
        // Where the document is drawn (whole points), so the click lands on the cell seen under it.
        let origin = documentView.frame.origin
        guard let index = itemIndex(atDocumentPoint: Point(x: location.x - origin.x, y: location.y - origin.y)) else { return }
        selectItem(index, extending: event.modifiers.contains(.shift),
                   toggling: event.modifiers.contains(.control) || event.modifiers.contains(.command))
    }

    /// The arrows move the cursor inside the grid; at its edges (Left in the first column, Right in the last column
    /// or on the last item, Up in the first row, Down in the last row or on the last item) they say no, so focus
    /// moves on to the view that way. With nothing that way, an arrow key still reaches the grid: the arrows across
    /// a line (Left and Right in a vertical grid, Up and Down in a horizontal one) then go on to the line before or
    /// after. Before the first selection every direction is taken (it selects the first item). A grid without
    /// selection scrolls as a scroll view does.
    func takesDirection(_ direction: FocusDirection) -> Bool {
        guard selectionMode != .none, itemCount > 0 else { return scrollViewHandlesDirection(direction) }
        guard let c = cursorIndex else { return true }
        let perLine = itemsPerLine
        let vertical = axis == .vertical
        switch direction {
        case .left where vertical, .up where !vertical: return c % perLine > 0
        case .right where vertical, .down where !vertical: return c % perLine < perLine - 1 && c + 1 < itemCount
        case .up, .left: return c >= perLine
        case .down, .right: return c / perLine < lineCount - 1
        }
    }

    /// Moves the cursor and the selection (Shift extends), or toggles with Space; false for a key it does not take
    /// (which then scrolls as in a scroll view). The arrows move spatially: across a line by an item (Left/Right in a
    /// vertical grid, Up/Down in a horizontal one), along the axis by a line (Up/Down a row, Left/Right a column);
    /// PageUp/PageDown move a viewport of lines less one along the axis.
    func moveCursor(for event: KeyEvent) -> Bool {
        guard selectionMode != .none, itemCount > 0 else { return false }
        let c = cursorIndex ?? 0, fresh = cursorIndex == nil
        let page = max(1, Int(length(of: bounds.size) / linePitch) - 1)
        let vertical = axis == .vertical
        let target: Int
        switch event.key {
        case .left where vertical, .up where !vertical: target = fresh ? 0 : c - 1
        case .right where vertical, .down where !vertical: target = fresh ? 0 : c + 1
        case .up, .left: target = fresh ? 0 : item(c, movedBy: -1)
        case .down, .right: target = fresh ? 0 : item(c, movedBy: 1)
        case .pageUp: target = item(c, movedBy: -page)
        case .pageDown: target = item(c, movedBy: page)
        case .home: target = 0
        case .end: target = itemCount - 1
        case .character(" ") where selectionMode == .multiple:
            if let c = cursorIndex { selectItem(c, toggling: true) }
            return true
        default: return false
        }
        selectItem(min(max(target, 0), itemCount - 1), extending: event.modifiers.contains(.shift))
        return true
    }

    /// The item `lines` lines from `index` at the same place across (same column of a vertical grid, same row of a
    /// horizontal one), the first or last line at most, and the last item at most (the last line may be short).
    func item(_ index: Int, movedBy lines: Int) -> Int {
        let perLine = itemsPerLine
        let line = min(max(index / perLine + lines, 0), lineCount(perLine: perLine) - 1)
        return min(line * perLine + index % perLine, itemCount - 1)
    }
}

extension LazyGrid: ScriptableControl {
    /// `selection`: the selected items' ids, sorted by their text (shorter first) and joined with commas (empty with
    /// none); `highlighted`: the cursor's item index, or `none`.
    public func scriptValue(of property: String) -> String? {
        switch property {
        case "selection": selection.map { "\($0.base)" }.sorted { $0.count != $1.count ? $0.count < $1.count : $0 < $1 }.joined(separator: ",")
        case "highlighted": cursorIndex.map(String.init) ?? "none"
        default: nil
        }
    }
}
