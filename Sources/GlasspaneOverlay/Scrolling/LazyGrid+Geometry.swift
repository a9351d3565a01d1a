// Where a lazy grid's items are (LazyGrid.swift): the count of cells across a line for a breadth, cells on whole
// points, the item under a point (nil in the spacing), and scrolling an item into sight. One code path for both axes:
// positions are worked out "along" the axis (lines `itemLength + spacing` apart: rows of a vertical grid, columns of a
// horizontal one, or each its measured length apart: LazyGrid+MeasuredLines.swift) and "across" it (the cells of a line sharing the viewport's breadth), then mapped to x and y.
import GlasspaneCore

extension LazyGrid {
    // MARK: - Geometry

    /// Cells across one line at the current size: a vertical grid's column count, a horizontal grid's row count.
    public var itemsPerLine: Int { itemsPerLine(across: breadth(of: bounds.size)) }
    /// Lines along the axis at the current size: a vertical grid's rows, a horizontal grid's columns.
    public var lineCount: Int { lineCount(perLine: itemsPerLine) }
    /// The column count at the current size (what the last layout used, once laid out): `itemsPerLine` in a vertical
    /// grid, `lineCount` in a horizontal one.
    public var columnCount: Int { axis == .vertical ? itemsPerLine : lineCount }
    /// The row count at the current size: `lineCount` in a vertical grid, `itemsPerLine` in a horizontal one.
    public var rowCount: Int { axis == .vertical ? lineCount : itemsPerLine }

    /// A vertical grid's column count at a viewport width (`itemsPerLine(across:)`).
    public func columnCount(forWidth width: Double) -> Int { itemsPerLine(across: width) }

    /// Cells across a line for a breadth across the axis (a vertical grid's width, a horizontal grid's height): the
    /// fixed count, or as many cells of the minimum breadth as fit with the spacing between them, at least one.
    public func itemsPerLine(across breadth: Double) -> Int {
        switch columns {
        case .fixed(let n): return n
        case .adaptive(let minimum):
            guard breadth.isFinite, breadth > minimum else { return 1 }
            return min(LazyGrid.maximumColumnCount, max(1, Int(((breadth + spacing) / (minimum + spacing)).rounded(.down))))
        }
    }

    /// Lines along the axis for a count a line.
    func lineCount(perLine: Int) -> Int {
        if let layout = sectionLayout(perLine: perLine) { return layout.lineCount }
        return (itemCount + perLine - 1) / perLine
    }
    /// A line's leading edge along the axis.
    func along(ofLine line: Int, perLine: Int) -> Double {
        if let layout = sectionLayout(perLine: perLine) { return layout.along(ofLine: line) }
        if let measured = measuredLines(perLine: perLine) { return measured.offset(of: min(max(0, line), measured.count)) }
        return Double(line) * linePitch
    }
    /// A line's size along the axis: a header's `headerLength`, a measured line's length, else `itemLength`.
    func length(ofLine line: Int, perLine: Int) -> Double {
        if let layout = sectionLayout(perLine: perLine) { return layout.length(ofLine: line) }
        if let measured = measuredLines(perLine: perLine), line >= 0, line < measured.count {
            return measured.height(line) - spacing
        }
        return itemLength
    }
    /// The line whose span along the axis (its length and the spacing after it) holds `along`, within the lines
    /// (0 for none).
    func line(atAlong along: Double, perLine: Int) -> Int {
        let lines = lineCount(perLine: perLine), p = along.isFinite ? max(0, along) : 0
        guard lines > 0 else { return 0 }
        if let layout = sectionLayout(perLine: perLine) { return min(lines - 1, layout.line(atAlong: p)) }
        if let measured = measuredLines(perLine: perLine) { return measured.index(containing: p) }
        return Int(min(Double(lines - 1), (p / linePitch).rounded(.down)))
    }
    /// The line of the item at `index`.
    func line(ofItem index: Int, perLine: Int) -> Int {
        sectionLayout(perLine: perLine)?.place(of: index).line ?? index / perLine
    }
    /// The first item of a line (`itemCount` past the last line).
    func firstItem(ofLine line: Int, perLine: Int) -> Int {
        sectionLayout(perLine: perLine)?.firstItem(ofLine: line) ?? min(itemCount, line * perLine)
    }
    /// From one line's leading edge to the next's (a row's top, a column's left edge).
    var linePitch: Double { itemLength + spacing }
    /// The size across the axis: a vertical grid's width, a horizontal grid's height.
    func breadth(of size: Size) -> Double { axis == .vertical ? size.width : size.height }
    /// The size along the axis: a vertical grid's height, a horizontal grid's width.
    func length(of size: Size) -> Double { axis == .vertical ? size.height : size.width }
    /// The offset along the axis.
    var alongOffset: Double { axis == .vertical ? contentOffset.y : contentOffset.x }
    /// The offset that puts `along` at the viewport's leading edge (the other coordinate zero).
    func offset(along: Double) -> Point { axis == .vertical ? Point(x: 0, y: along) : Point(x: along, y: 0) }

    /// A cell's breadth plus the spacing after it, at a breadth and count across (cells share what spacing leaves).
    func crossPitch(breadth: Double, perLine: Int) -> Double {
        (max(0, breadth - Double(perLine - 1) * spacing) / Double(perLine)) + spacing
    }
    /// The edges across the axis of a line's `slot`-th cell in whole points (adjacent cells meet exactly when there
    /// is no spacing): a vertical grid's column's left and right, a horizontal grid's row's top and bottom.
    func crossEdges(_ slot: Int, breadth: Double, perLine: Int) -> (min: Double, max: Double) {
        let pitch = crossPitch(breadth: breadth, perLine: perLine)
        let start = Double(slot) * pitch
        return (start.rounded(), (start + pitch - spacing).rounded())
    }

    /// The frame of the item at `index` in the document.
    public func itemFrame(_ index: Int) -> Rect {
        itemFrame(index, breadth: breadth(of: bounds.size), perLine: itemsPerLine)
    }

    func itemFrame(_ index: Int, breadth: Double, perLine: Int) -> Rect {
        if let layout = sectionLayout(perLine: perLine) { return itemFrame(index, in: layout, breadth: breadth) }
        let edges = crossEdges(index % perLine, breadth: breadth, perLine: perLine)
        var along = Double(index / perLine) * linePitch, length = itemLength
        if let measured = measuredLines(perLine: perLine), index / perLine < measured.count {
            // A measured line: every cell as long as the line (its largest cell).
            along = measured.offset(of: index / perLine)
            length = measured.height(index / perLine) - spacing
        }
        return axis == .vertical
            ? Rect(x: edges.min, y: along, width: edges.max - edges.min, height: length)
            : Rect(x: along, y: edges.min, width: length, height: edges.max - edges.min)
    }

    /// The frame of the item at `index` among the sections of `layout` (the grid's own, or the one a drop would
    /// leave, LazyGrid+Reorder.swift).
    func itemFrame(_ index: Int, in layout: GridSectionLayout, breadth: Double) -> Rect {
        let (line, slot) = layout.place(of: index)
        let along = layout.along(ofLine: line)
        if layout.isHeader(index) {
            // A header takes the whole line across.
            return axis == .vertical ? Rect(x: 0, y: along, width: breadth.rounded(), height: headerLength)
                : Rect(x: along, y: 0, width: headerLength, height: breadth.rounded())
        }
        let edges = crossEdges(slot, breadth: breadth, perLine: layout.perLine)
        return axis == .vertical
            ? Rect(x: edges.min, y: along, width: edges.max - edges.min, height: itemLength)
            : Rect(x: along, y: edges.min, width: itemLength, height: edges.max - edges.min)
    }

    /// The item whose cell contains a document point; nil in the spacing, outside the lines' breadth or past the last
    /// item.
    public func itemIndex(atDocumentPoint p: Point) -> Int? {
        let perLine = itemsPerLine, breadth = breadth(of: bounds.size)
        let (along, across) = axis == .vertical ? (p.y, p.x) : (p.x, p.y)
        guard itemCount > 0, along.isFinite, along >= 0, across >= 0, across < breadth else { return nil }
        if let layout = sectionLayout(perLine: perLine) {
            let line = layout.line(atAlong: along)
            guard along - layout.along(ofLine: line) < layout.length(ofLine: line) else { return nil }
            let items = layout.items(inLine: line)
            if layout.isHeaderLine(line) { return items.lowerBound }
            let estimate = min(perLine - 1, Int((across / crossPitch(breadth: breadth, perLine: perLine)).rounded(.down)))
            for slot in [estimate, estimate + 1] where slot < perLine {
                let edges = crossEdges(slot, breadth: breadth, perLine: perLine)
                guard across >= edges.min, across < edges.max else { continue }
                return slot < items.count ? items.lowerBound + slot : nil
            }
            return nil
        }
        let line: Int
        if let measured = measuredLines(perLine: perLine) {
            line = measured.index(containing: along)
            guard along - measured.offset(of: line) < measured.height(line) - spacing else { return nil }
        } else {
            line = Int((along / linePitch).rounded(.down))
            guard along - Double(line) * linePitch < itemLength else { return nil }
        }
        // Whole-point edges can put the point a little past the estimate's slot: look at the next one too.
        let estimate = min(perLine - 1, Int((across / crossPitch(breadth: breadth, perLine: perLine)).rounded(.down)))
        for slot in [estimate, estimate + 1] where slot < perLine {
            let edges = crossEdges(slot, breadth: breadth, perLine: perLine)
            guard across >= edges.min, across < edges.max else { continue }
            let (index, overflow) = line.multipliedReportingOverflow(by: perLine)
            guard !overflow, index + slot < itemCount else { return nil }
            return index + slot
        }
        return nil
    }

    /// The document's size: the lines and the spacing between them along the axis, the viewport's breadth across.
    func documentSize(breadth: Double, perLine: Int) -> Size {
        if let layout = sectionLayout(perLine: perLine) {
            return axis == .vertical ? Size(width: breadth, height: layout.length) : Size(width: layout.length, height: breadth)
        }
        let lines = lineCount(perLine: perLine)
        var length = lines == 0 ? 0 : Double(lines) * itemLength + Double(lines - 1) * spacing
        if lines > 0, let measured = measuredLines(perLine: perLine) { length = measured.total - spacing }
        return axis == .vertical ? Size(width: breadth, height: length) : Size(width: length, height: breadth)
    }

    // MARK: - Scrolling to items

    /// Scrolls the least distance that shows the item's cell whole (in a section, clear of its pinned header): at once, or `animated` on the focus reveal's
    /// spring; nothing for an index outside the items.
    public func scrollToItem(_ index: Int, animated: Bool = false) {
        guard index >= 0, index < itemCount else { return }
        var frame = itemFrame(index)
        // Its section's header is pinned over the viewport's leading edge: an item revealed there goes just past it.
        if let layout = sectionLayout(perLine: itemsPerLine), !isSectionHeader(index),
           let first = sectionHeaderItems.first, first < index {
            if axis == .horizontal { frame.origin.x -= layout.headerLength; frame.size.width += layout.headerLength }
            else { frame.origin.y -= layout.headerLength; frame.size.height += layout.headerLength }
        }
        scrollRectToVisible(frame, animated: animated)
        // A line not yet measured may turn out longer: the next layout measures it and reveals the item again.
        if lineOffsets != nil, !animated { itemToRevealAfterLayout = index }
    }

    /// Scrolls so that the item's line is at the viewport's leading edge (its row at the top of a vertical grid, its
    /// column at the left of a horizontal one; as near as the end allows): at once, or `animated`; nothing for an
    /// index outside the items.
    public func scrollToItemAtTop(_ index: Int, animated: Bool = false) {
        guard index >= 0, index < itemCount else { return }
        let perLine = itemsPerLine
        scroll(to: offset(along: along(ofLine: line(ofItem: index, perLine: perLine), perLine: perLine)), animated: animated)
    }
}
