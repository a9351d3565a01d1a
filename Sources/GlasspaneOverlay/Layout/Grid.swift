// A two-dimensional container: rows and columns sized by their cells, cells that span several of them, alignment per
// grid, column and cell (SwiftUI's Grid, for the retained tree).
import GlasspaneCore
import GlasspaneDraw

/// Why a view could not be put into a grid.
public enum GridError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The row or column is negative or not below `Grid.maximumTracks`.
    case cellOutOfRange(row: Int, column: Int)

    /// A stable identifier for tests and logs.
    public var identifier: String {
        switch self { case .cellOutOfRange: "grid-cell-out-of-range" }
    }

    /// What was wrong, for people.
    public var description: String {
        switch self {
        case let .cellOutOfRange(row, column):
            "grid cell at row \(row), column \(column) is outside 0..<\(Grid.maximumTracks) on each axis"
        }
    }
}

/// Cells in rows and columns. A column is as wide as its widest cell, a row as tall as its tallest (a spanning cell
/// widens the tracks it spans, evenly, when they are too small for it); when the grid is given more room than that,
/// the columns (rows) holding a cell with a `maxWidth` (`maxHeight`) share it. Each cell's view sits at its measured
/// size in its cell, placed by its `cellAlignment`, else its column's alignment, else the grid's. A plain container.
public final class Grid: View {
    /// The most rows or columns a grid has, and the longest span (spans are clamped to it).
    public static let maximumTracks = 1024

    /// Space between columns, in points.
    public var horizontalSpacing: Double { didSet { if horizontalSpacing != oldValue { invalidateMeasurement() } } }
    /// Space between rows, in points.
    public var verticalSpacing: Double { didSet { if verticalSpacing != oldValue { invalidateMeasurement() } } }
    /// Space between the grid's edges and its cells.
    public var padding: EdgeInsets { didSet { if padding != oldValue { invalidateMeasurement() } } }
    /// Where views sit in their cells unless their column or they say otherwise.
    public var alignment: Alignment { didSet { if alignment != oldValue { invalidateMeasurement() } } }
    /// Horizontal alignment by column index, over the grid's (SwiftUI's `gridColumnAlignment`).
    public var columnAlignments: [Int: HorizontalAlignment] = [:] { didSet { if columnAlignments != oldValue { setNeedsLayout() } } }

    /// Where each view was put: its top-left cell.
    private var cells: [(view: View, row: Int, column: Int)] = []
    /// The row `addRow` fills next.
    private var nextRow = 0

    /// Creates a grid; each inner array is a row, its views placed left to right (after cells spanning down into it).
    public init(identifier: String = "", horizontalSpacing: Double = 8, verticalSpacing: Double = 8,
                alignment: Alignment = .leading, padding: EdgeInsets = .zero, rows: [[View]] = []) {
        self.horizontalSpacing = horizontalSpacing; self.verticalSpacing = verticalSpacing
        self.alignment = alignment; self.padding = padding
        super.init(identifier: identifier)
        for row in rows { addRow(row) }
    }

    /// Adds a row below the last one: each view in the next free column, spanning its `gridCellColumns`.
    public func addRow(_ views: [View]) {
        var column = 0
        for view in views {
            while isOccupied(row: nextRow, column: column) { column += 1 }
            put(view, row: nextRow, column: column)
            column += span(of: view).columns
        }
        nextRow += 1
    }

    /// Puts a view with its top-left corner in a given cell (rows and columns count from 0).
    public func add(_ view: View, row: Int, column: Int) throws(GridError) {
        guard (0..<Grid.maximumTracks).contains(row), (0..<Grid.maximumTracks).contains(column) else {
            throw .cellOutOfRange(row: row, column: column)
        }
        put(view, row: row, column: column)
        nextRow = max(nextRow, row + 1)
    }

    /// The cell a view of this grid was put in, or nil.
    public func cell(of view: View) -> (row: Int, column: Int)? {
        cells.first { $0.view === view && view.superview === self }.map { ($0.row, $0.column) }
    }

    private func put(_ view: View, row: Int, column: Int) {
        cells.removeAll { $0.view === view || $0.view.superview !== self }
        cells.append((view, row, column))
        addSubview(view)
    }

    private func span(of view: View) -> (rows: Int, columns: Int) {
        (min(view.layoutModifiers.gridRowSpan, Grid.maximumTracks), min(view.layoutModifiers.gridColumnSpan, Grid.maximumTracks))
    }

    private func isOccupied(row: Int, column: Int) -> Bool {
        cells.contains { c in
            guard c.view.superview === self else { return false }
            let s = span(of: c.view)
            return (c.row..<c.row + s.rows).contains(row) && (c.column..<c.column + s.columns).contains(column)
        }
    }

    // MARK: - Tracks

    /// One visible cell with its span, its alignment and its size (padding included) at its column width.
    private struct Cell {
        var view: View, row: Int, column: Int, rows: Int, columns: Int
        var alignment: Alignment
        var size: Size = .zero
        var baseline = 0.0
    }

    /// Column widths, row heights, each row's baseline, and the cells, for a grid of `outer` size.
    private func tracks(for outer: Size, fonts: any FontMetrics) -> (widths: [Double], heights: [Double], baselines: [Double], cells: [Cell]) {
        var live: [Cell] = []
        for c in cells where c.view.superview === self && !c.view.isHidden {
            let s = span(of: c.view)
            let resolved = c.view.layoutModifiers.cellAlignment
                ?? Alignment(horizontal: columnAlignments[c.column] ?? alignment.horizontal, vertical: alignment.vertical)
            live.append(Cell(view: c.view, row: c.row, column: c.column, rows: s.rows, columns: s.columns, alignment: resolved))
        }
        let columnCount = min(live.map { $0.column + $0.columns }.max() ?? 0, Grid.maximumTracks)
        let rowCount = min(live.map { $0.row + $0.rows }.max() ?? 0, Grid.maximumTracks)
        let open = Size(width: .infinity, height: .infinity)
        // Columns: ideal widths, widened for spanning cells, then grown into the room over.
        var widths = [Double](repeating: 0, count: columnCount)
        let ideals = live.map { $0.view.measureWithPadding(proposed: open, fonts: fonts) }
        Grid.fit(live.indices.map { (live[$0].column, min(live[$0].columns, columnCount - live[$0].column), ideals[$0].width) },
                 into: &widths, spacing: horizontalSpacing)
        let flexibleColumns = Set(live.filter { $0.view.layoutModifiers.maxWidth != nil }.flatMap { $0.column..<min($0.column + $0.columns, columnCount) })
        Grid.grow(&widths, to: outer.width - padding.horizontal, spacing: horizontalSpacing, flexible: flexibleColumns)
        // Rows: each cell measured at its width; baseline rows take the tallest above and below their baseline.
        var heights = [Double](repeating: 0, count: rowCount)
        var above = heights, below = heights
        for i in live.indices {
            let c = live[i]
            let width = Grid.span(widths, from: c.column, count: c.columns, spacing: horizontalSpacing)
            live[i].size = c.view.measureWithPadding(proposed: Size(width: width, height: .infinity), fonts: fonts)
            if c.alignment.vertical == .firstTextBaseline && c.rows == 1 {
                let b = c.view.baselineWithPadding(in: live[i].size, fonts: fonts)
                live[i].baseline = b
                above[c.row] = max(above[c.row], b); below[c.row] = max(below[c.row], live[i].size.height - b)
            }
        }
        Grid.fit(live.map { ($0.row, min($0.rows, rowCount - $0.row), $0.size.height) }, into: &heights, spacing: verticalSpacing)
        for r in heights.indices { heights[r] = max(heights[r], above[r] + below[r]) }
        let flexibleRows = Set(live.filter { $0.view.layoutModifiers.maxHeight != nil }.flatMap { $0.row..<min($0.row + $0.rows, rowCount) })
        Grid.grow(&heights, to: outer.height - padding.vertical, spacing: verticalSpacing, flexible: flexibleRows)
        return (widths, heights, above, live)
    }

    /// Sets each track to at least its single-track items, then widens the tracks a spanning item needs, evenly.
    private static func fit(_ items: [(start: Int, count: Int, length: Double)], into tracks: inout [Double], spacing: Double) {
        for item in items where item.count == 1 { tracks[item.start] = max(tracks[item.start], item.length) }
        for item in items.filter({ $0.count > 1 }).sorted(by: { $0.count < $1.count }) {
            let need = item.length - span(tracks, from: item.start, count: item.count, spacing: spacing)
            guard need > 0 else { continue }
            for t in item.start..<item.start + item.count { tracks[t] += need / Double(item.count) }
        }
    }

    /// Shares the room over (when `available` is finite) between the flexible tracks, evenly.
    private static func grow(_ tracks: inout [Double], to available: Double, spacing: Double, flexible: Set<Int>) {
        guard available.isFinite, !flexible.isEmpty, !tracks.isEmpty else { return }
        let over = available - span(tracks, from: 0, count: tracks.count, spacing: spacing)
        guard over > 0 else { return }
        for t in flexible { tracks[t] += over / Double(flexible.count) }
    }

    /// The length of `count` tracks from `start` with the spacing between them.
    private static func span(_ tracks: [Double], from start: Int, count: Int, spacing: Double) -> Double {
        guard count > 0 else { return 0 }
        return tracks[start..<start + count].reduce(0, +) + spacing * Double(count - 1)
    }

    /// Where each track starts (whole points), from `origin`.
    private static func starts(_ tracks: [Double], origin: Double, spacing: Double) -> [Double] {
        var result: [Double] = [], cursor = origin
        for t in tracks { result.append(cursor.rounded()); cursor += t + spacing }
        return result
    }

    // MARK: - Layout

    /// The tracks and the spacing between them, plus padding.
    public override func sizeThatFits(_ proposed: Size, fonts: any FontMetrics) -> Size {
        let t = tracks(for: proposed, fonts: fonts)
        return Size(width: Grid.span(t.widths, from: 0, count: t.widths.count, spacing: horizontalSpacing) + padding.horizontal,
                    height: Grid.span(t.heights, from: 0, count: t.heights.count, spacing: verticalSpacing) + padding.vertical)
    }

    /// Each visible cell's view placed in the rectangle of the tracks it spans.
    public override func layoutSubviews(fonts: any FontMetrics) {
        // Views removed from the grid since the last pass (removal lays it out again) are forgotten here.
        cells.removeAll { $0.view.superview !== self }
        let t = tracks(for: frame.size, fonts: fonts)
        let xs = Grid.starts(t.widths, origin: padding.leading, spacing: horizontalSpacing)
        let ys = Grid.starts(t.heights, origin: padding.top, spacing: verticalSpacing)
        for c in t.cells {
            let room = Rect(x: xs[c.column], y: ys[c.row],
                            width: Grid.span(t.widths, from: c.column, count: c.columns, spacing: horizontalSpacing).rounded(),
                            height: Grid.span(t.heights, from: c.row, count: c.rows, spacing: verticalSpacing).rounded())
            let natural = c.view.measureWithPadding(proposed: room.size, fonts: fonts)
            c.view.place(natural: natural, in: room, alignment: c.alignment, baselineOffset: t.baselines[c.row] - c.baseline)
        }
    }

    /// The first row's baseline, when its cells align on baselines.
    public override func firstBaseline(in size: Size, fonts: any FontMetrics) -> Double? {
        let t = tracks(for: size, fonts: fonts)
        guard let first = t.baselines.first, first > 0 else { return nil }
        return padding.top + first
    }
}
