// A lazy grid's selection, per item and by id, and its keyboard cursor (LazyGrid.swift): clicks with Control/Command
// and Shift, arrows by item and by line (spatially: a row of a vertical grid, a column of a horizontal one), and the
// edges where the arrows and the D-pad hand focus on to the view that
// way (docs/focus.md, "Spatial navigation"), so a controller walks into a grid, through it and out of it. Section
// headers (LazyGrid+Sections.swift) are not selectable: clicks on them select nothing, and the cursor passes over
// them (a move along the axis onto a header's line goes on to the next line of items, at the same place across).
import GlasspaneCore

extension LazyGrid {
    /// Replaces the selection (ids of any items; not reported to `onSelectionChange`).
    public func setSelection(_ ids: Set<AnyHashable>) {
        selection = selectionMode == .none ? [] : ids
        refreshSelectionMarks()
    }

    /// Applies a user's choice of the item at `index` (a click or a key): `extending` selects the items from the
    /// anchor to it (`.multiple`), `toggling` adds or removes it (`.multiple`), else it alone is selected. The
    /// cursor moves to it and its cell is scrolled into sight; `onSelectionChange` hears of it. A section header
    /// is not selectable (nothing happens), and an extension leaves out the headers it spans.
    public func selectItem(_ index: Int, extending: Bool = false, toggling: Bool = false) {
        guard selectionMode != .none, index >= 0, index < itemCount, !isSectionHeader(index) else { return }
        var choice = ItemSelection(ids: selection, anchor: selectionAnchor)
        choice.choose(index, mode: selectionMode, extending: extending, toggling: toggling, cursor: cursorIndex,
                      id: itemIDProvider)
        if extending, !sectionHeaderItems.isEmpty, let from = choice.anchor ?? cursorIndex {
            // The headers between the anchor and the item stay out.
            let low = min(from, index), high = max(from, index)
            var k = (GridSectionLayout.last(in: sectionHeaderItems, atOrBefore: low - 1) ?? -1) + 1
            while k < sectionHeaderItems.count, sectionHeaderItems[k] <= high {
                choice.ids.remove(itemIDProvider(sectionHeaderItems[k]))
                k += 1
            }
        }
        selection = choice.ids
        selectionAnchor = choice.anchor
        cursorIndex = index
        refreshSelectionMarks()
        scrollToItem(index)
        onSelectionChange?(selection)
    }

    /// A click that did not drag selects the item under it; one in the spacing or after the last item selects
    /// nothing and keeps the selection, as does one on a section header or the pinned header.
    func tapped(at location: Point, event: PointerEvent) {
        guard !isOnPinnedHeader(location) else { return }
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
        if let layout = sectionLayout(perLine: perLine) {
            // Sectioned: across a line within its items; along the axis while there is another line of items.
            let (line, slot) = layout.place(of: c)
            switch direction {
            case .left where vertical, .up where !vertical: return slot > 0
            case .right where vertical, .down where !vertical: return slot < layout.items(inLine: line).count - 1
            case .up, .left: return item(c, movedBy: -1) != c
            case .down, .right: return item(c, movedBy: 1) != c
            }
        }
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
        if !sectionHeaderItems.isEmpty { return moveSectionedCursor(for: event) }
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
        if let layout = sectionLayout(perLine: perLine) {
            // Past header lines, on in the same direction (or back, at an end), to a line of items.
            let (line, slot) = layout.place(of: index)
            let step = lines < 0 ? -1 : 1
            var target = min(max(line + lines, 0), layout.lineCount - 1)
            while target >= 0, target < layout.lineCount, layout.isHeaderLine(target) { target += step }
            if target < 0 || target >= layout.lineCount {
                target = min(max(line + lines, 0), layout.lineCount - 1)
                while target >= 0, target < layout.lineCount, layout.isHeaderLine(target) { target -= step }
            }
            guard target >= 0, target < layout.lineCount else { return index }
            let items = layout.items(inLine: target)
            return items.lowerBound + min(slot, items.count - 1)
        }
        let line = min(max(index / perLine + lines, 0), lineCount(perLine: perLine) - 1)
        return min(line * perLine + index % perLine, itemCount - 1)
    }
}

extension LazyGrid {
    /// `moveCursor(for:)` in a grid with section headers: the same keys, past the headers.
    private func moveSectionedCursor(for event: KeyEvent) -> Bool {
        let c = cursorIndex ?? 0, fresh = cursorIndex == nil
        let page = max(1, Int(length(of: bounds.size) / linePitch) - 1)
        let vertical = axis == .vertical
        let target: Int, step: Int
        switch event.key {
        case .left where vertical, .up where !vertical: (target, step) = fresh ? (0, 1) : (c - 1, -1)
        case .right where vertical, .down where !vertical: (target, step) = fresh ? (0, 1) : (c + 1, 1)
        case .up, .left: (target, step) = fresh ? (0, 1) : (item(c, movedBy: -1), -1)
        case .down, .right: (target, step) = fresh ? (0, 1) : (item(c, movedBy: 1), 1)
        case .pageUp: (target, step) = (item(c, movedBy: -page), -1)
        case .pageDown: (target, step) = (item(c, movedBy: page), 1)
        case .home: (target, step) = (0, 1)
        case .end: (target, step) = (itemCount - 1, -1)
        case .character(" ") where selectionMode == .multiple:
            if let c = cursorIndex { selectItem(c, toggling: true) }
            return true
        default: return false
        }
        if let index = selectableItem(near: min(max(target, 0), itemCount - 1), toward: step) {
            selectItem(index, extending: event.modifiers.contains(.shift))
        }
        return true
    }

    /// `index` when it is not a section header, else the nearest item that is not, looking `step` (+1 or -1) first
    /// and then the other way; nil when every item is a header.
    func selectableItem(near index: Int, toward step: Int) -> Int? {
        for direction in [step, -step] {
            var i = index
            while i >= 0 && i < itemCount {
                if !isSectionHeader(i) { return i }
                i += direction
            }
        }
        return nil
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
