// Where a lazy grid's items are (LazyGrid.swift): the column count for a width, cells on whole points, the item under
// a point (nil in the spacing), and scrolling an item into sight. Rows are `itemHeight + spacing` apart.
import GlasspaneCore

extension LazyGrid {
    // MARK: - Geometry

    /// The column count for the current width (what the last layout used, once laid out).
    public var columnCount: Int { columnCount(forWidth: bounds.width) }
    /// The number of rows at the current column count.
    public var rowCount: Int { rowCount(columns: columnCount) }

    /// The column count at a viewport width: the fixed count, or as many cells of the minimum width as fit.
    public func columnCount(forWidth width: Double) -> Int {
        switch columns {
        case .fixed(let n): return n
        case .adaptive(let minimum):
            guard width.isFinite, width > minimum else { return 1 }
            return min(LazyGrid.maximumColumnCount, max(1, Int(((width + spacing) / (minimum + spacing)).rounded(.down))))
        }
    }

    func rowCount(columns: Int) -> Int { (itemCount + columns - 1) / columns }
    /// From one row's top to the next's.
    var rowPitch: Double { itemHeight + spacing }
    /// A cell's width plus the spacing after it, at a width and column count (cells share what spacing leaves).
    func columnPitch(width: Double, columns: Int) -> Double {
        (max(0, width - Double(columns - 1) * spacing) / Double(columns)) + spacing
    }
    /// A column's left and right edges in whole points (adjacent cells meet exactly when there is no spacing).
    func columnEdges(_ column: Int, width: Double, columns: Int) -> (min: Double, max: Double) {
        let pitch = columnPitch(width: width, columns: columns)
        let left = Double(column) * pitch
        return (left.rounded(), (left + pitch - spacing).rounded())
    }

    /// The frame of the item at `index` in the document.
    public func itemFrame(_ index: Int) -> Rect { itemFrame(index, width: bounds.width, columns: columnCount) }

    func itemFrame(_ index: Int, width: Double, columns: Int) -> Rect {
        let edges = columnEdges(index % columns, width: width, columns: columns)
        return Rect(x: edges.min, y: Double(index / columns) * rowPitch, width: edges.max - edges.min, height: itemHeight)
    }

    /// The item whose cell contains a document point; nil in the spacing, outside the columns or past the last item.
    public func itemIndex(atDocumentPoint p: Point) -> Int? {
        let columns = columnCount, width = bounds.width
        guard itemCount > 0, p.y.isFinite, p.y >= 0, p.x >= 0, p.x < width else { return nil }
        let row = Int((p.y / rowPitch).rounded(.down))
        guard p.y - Double(row) * rowPitch < itemHeight else { return nil }
        // Whole-point edges can put x a little past the estimate's column: look at the next one too.
        let estimate = min(columns - 1, Int((p.x / columnPitch(width: width, columns: columns)).rounded(.down)))
        for column in [estimate, estimate + 1] where column < columns {
            let edges = columnEdges(column, width: width, columns: columns)
            guard p.x >= edges.min, p.x < edges.max else { continue }
            let (index, overflow) = row.multipliedReportingOverflow(by: columns)
            guard !overflow, index + column < itemCount else { return nil }
            return index + column
        }
        return nil
    }

    /// The document's size: the rows and the spacing between them, as wide as the viewport.
    func documentSize(width: Double, columns: Int) -> Size {
        let rows = rowCount(columns: columns)
        return Size(width: width, height: rows == 0 ? 0 : Double(rows) * itemHeight + Double(rows - 1) * spacing)
    }

    // MARK: - Scrolling to items

    /// Scrolls the least distance that shows the item's cell whole: at once, or `animated` on the focus reveal's
    /// spring; nothing for an index outside the items.
    public func scrollToItem(_ index: Int, animated: Bool = false) {
        guard index >= 0, index < itemCount else { return }
        scrollRectToVisible(itemFrame(index), animated: animated)
    }

    /// Scrolls so that the item's row is at the top of the viewport (as near as the end allows): at once, or
    /// `animated`; nothing for an index outside the items.
    public func scrollToItemAtTop(_ index: Int, animated: Bool = false) {
        guard index >= 0, index < itemCount else { return }
        scroll(to: Point(x: 0, y: Double(index / columnCount) * rowPitch), animated: animated)
    }
}
