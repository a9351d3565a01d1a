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

    /// Where a view was put: its top-left cell, and the serial number of that placement.
    private struct Placement { var view: View; var row: Int; var column: Int; var serial: Int }
    /// Each view's placement, by view. A view removed from the grid stays here until the next layout forgets it.
    private var placements: [ObjectIdentifier: Placement] = [:]
    /// The columns each row's cells cover (cells spanning down included), with the placement's serial: stale
    /// entries (a view removed or put elsewhere since) are skipped by their serial, and dropped when the layout
    /// forgets removed views. Keeps `addRow` linear in the cells of its row.
    private var occupancy: [Int: [(columns: Range<Int>, serial: Int)]] = [:]
    /// The current placements' views by serial number (a stale serial is absent).
    private var viewsBySerial: [Int: ObjectIdentifier] = [:]
    /// True when a view was put again, leaving occupancy entries of its earlier placement.
    private var hasStaleOccupancy = false
    /// The serial number the next placement gets.
    private var nextSerial = 0
    /// The row `addRow` fills next.
    private var nextRow = 0
    /// How many occupancy entries `addRow` looked at (tests check it grows linearly, not quadratically).
    package private(set) var occupancyEntriesVisited = 0

    /// Creates a grid; each inner array is a row, its views placed left to right (after cells spanning down into it).
    public init(identifier: String = "", horizontalSpacing: Double = 8, verticalSpacing: Double = 8,
                alignment: Alignment = .leading, padding: EdgeInsets = .zero, rows: [[View]] = []) {
        self.horizontalSpacing = horizontalSpacing; self.verticalSpacing = verticalSpacing
        self.alignment = alignment; self.padding = padding
        super.init(identifier: identifier)
        for row in rows { addRow(row) }
    }

    /// Adds a row below the last one: each view in the next free column, spanning its `gridCellColumns`. Rows and
    /// columns past `Grid.maximumTracks` are kept but not laid out (`add(_:row:column:)` refuses them).
    public func addRow(_ views: [View]) {
        // The columns taken in this row by cells spanning down into it (or put there explicitly), left to right.
        let taken = (occupancy[nextRow] ?? []).filter(isLive).map(\.columns).sorted { $0.lowerBound < $1.lowerBound }
        occupancyEntriesVisited += taken.count
        var column = 0, next = 0
        for view in views {
            while next < taken.count && taken[next].lowerBound <= column {
                column = max(column, taken[next].upperBound)
                next += 1
            }
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
        guard view.superview === self, let p = placements[ObjectIdentifier(view)] else { return nil }
        return (p.row, p.column)
    }

    private func put(_ view: View, row: Int, column: Int) {
        let id = ObjectIdentifier(view)
        if let old = placements[id] {
            viewsBySerial[old.serial] = nil
            hasStaleOccupancy = true
        }
        let serial = nextSerial
        nextSerial += 1
        placements[id] = Placement(view: view, row: row, column: column, serial: serial)
        viewsBySerial[serial] = id
        let s = span(of: view)
        // Rows past the limit are never laid out, so their occupancy is not needed.
        for r in row..<max(row + 1, min(row + s.rows, Grid.maximumTracks)) {
            occupancy[r, default: []].append((column..<column + s.columns, serial))
        }
        addSubview(view)
    }

    /// True when the occupancy entry belongs to a view's current placement in this grid. Serial numbers are
    /// unique, so a stale entry never matches a later placement of the same view or of a new one.
    private func isLive(_ entry: (columns: Range<Int>, serial: Int)) -> Bool {
        guard let id = viewsBySerial[entry.serial], let p = placements[id] else { return false }
        return p.view.superview === self
    }

    /// Forgets views no longer in the grid and the occupancy entries of placements that are not current.
    private func forgetRemovedViews() {
        let removed = placements.filter { $0.value.view.superview !== self }
        guard !removed.isEmpty || hasStaleOccupancy else { return }
        for (id, p) in removed { placements[id] = nil; viewsBySerial[p.serial] = nil }
        occupancy = occupancy.compactMapValues { entries in
            let live = entries.filter(isLive)
            return live.isEmpty ? nil : live
        }
        hasStaleOccupancy = false
    }

    private func span(of view: View) -> (rows: Int, columns: Int) {
        (min(view.layoutModifiers.gridRowSpan, Grid.maximumTracks), min(view.layoutModifiers.gridColumnSpan, Grid.maximumTracks))
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
        for view in subviews where !view.isHidden {
            // Cells past the limit (addRow keeps adding rows) are not laid out; spans stop at the limit.
            guard let c = placements[ObjectIdentifier(view)], c.row < Grid.maximumTracks, c.column < Grid.maximumTracks else { continue }
            let s = span(of: view)
            let resolved = view.layoutModifiers.cellAlignment
                ?? Alignment(horizontal: columnAlignments[c.column] ?? alignment.horizontal, vertical: alignment.vertical)
            live.append(Cell(view: view, row: c.row, column: c.column, rows: min(s.rows, Grid.maximumTracks - c.row),
                             columns: min(s.columns, Grid.maximumTracks - c.column), alignment: resolved))
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
        // Short of width: columns shrink toward their narrowest single-column cells (measured offered no width).
        if Grid.span(widths, from: 0, count: columnCount, spacing: horizontalSpacing) > outer.width - padding.horizontal {
            var narrowest = [Double](repeating: 0, count: columnCount)
            for c in live where c.columns == 1 {
                let w = c.view.measureWithPadding(proposed: Size(width: 0, height: .infinity), fonts: fonts).width
                narrowest[c.column] = max(narrowest[c.column], w)
            }
            Grid.shrink(&widths, to: outer.width - padding.horizontal, spacing: horizontalSpacing, minimums: narrowest)
        }
        // Rows: each cell measured at its width; baseline rows take the tallest above and below their baseline.
        var heights = [Double](repeating: 0, count: rowCount)
        var above = heights, below = heights
        for i in live.indices {
            let c = live[i]
            let width = Grid.span(widths, from: c.column, count: c.columns, spacing: horizontalSpacing)
            live[i].size = c.view.measureWithPadding(proposed: Size(width: width, height: .infinity), fonts: fonts)
            if c.alignment.vertical == .firstTextBaseline || c.alignment.vertical == .lastTextBaseline, c.rows == 1 {
                let b = c.view.baselineWithPadding(in: live[i].size, fonts: fonts, last: c.alignment.vertical == .lastTextBaseline)
                live[i].baseline = b
                above[c.row] = max(above[c.row], b); below[c.row] = max(below[c.row], live[i].size.height - b)
            }
        }
        Grid.fit(live.map { ($0.row, min($0.rows, rowCount - $0.row), $0.size.height) }, into: &heights, spacing: verticalSpacing)
        for r in heights.indices { heights[r] = max(heights[r], above[r] + below[r]) }
        let flexibleRows = Set(live.filter { $0.view.layoutModifiers.maxHeight != nil }.flatMap { $0.row..<min($0.row + $0.rows, rowCount) })
        Grid.grow(&heights, to: outer.height - padding.vertical, spacing: verticalSpacing, flexible: flexibleRows)
        // Short of height: rows shrink toward their shortest single-row cells (measured offered no height).
        if Grid.span(heights, from: 0, count: rowCount, spacing: verticalSpacing) > outer.height - padding.vertical {
            var shortest = [Double](repeating: 0, count: rowCount)
            for c in live where c.rows == 1 {
                let width = Grid.span(widths, from: c.column, count: c.columns, spacing: horizontalSpacing)
                let h = c.view.measureWithPadding(proposed: Size(width: width, height: 0), fonts: fonts).height
                shortest[c.row] = max(shortest[c.row], h, above[c.row] + below[c.row])
            }
            Grid.shrink(&heights, to: outer.height - padding.vertical, spacing: verticalSpacing, minimums: shortest)
        }
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

    /// Takes the length over `available` (when finite) from the tracks longer than their minimums, in equal shares
    /// capped at each track's minimum, as a stack shrinks its children (SwiftUI's Grid shrinks its flexible columns).
    private static func shrink(_ tracks: inout [Double], to available: Double, spacing: Double, minimums: [Double]) {
        guard available.isFinite, !tracks.isEmpty else { return }
        var excess = span(tracks, from: 0, count: tracks.count, spacing: spacing) - max(0, available)
        var takers = tracks.indices.filter { tracks[$0] > minimums[$0] + epsilon }
        while excess > epsilon && !takers.isEmpty {
            let portion = excess / Double(takers.count)
            var still: [Int] = []
            for t in takers {
                let take = min(portion, tracks[t] - minimums[t])
                tracks[t] -= take
                excess -= take
                if tracks[t] > minimums[t] + epsilon { still.append(t) }
            }
            takers = still
        }
    }

    private static let epsilon = 0.0005

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
        forgetRemovedViews()
        let t = tracks(for: frame.size, fonts: fonts)
        let xs = Grid.starts(t.widths, origin: padding.leading, spacing: horizontalSpacing)
        let ys = Grid.starts(t.heights, origin: padding.top, spacing: verticalSpacing)
        for c in t.cells {
            let room = Rect(x: xs[c.column], y: ys[c.row],
                            width: Grid.span(t.widths, from: c.column, count: c.columns, spacing: horizontalSpacing).rounded(),
                            height: Grid.span(t.heights, from: c.row, count: c.rows, spacing: verticalSpacing).rounded())
            let natural = c.view.measureWithPadding(proposed: room.size, fonts: fonts)
            c.view.place(natural: natural, in: room, alignment: c.alignment, baselineOffset: t.baselines[c.row] - c.baseline, fonts: fonts)
        }
    }

    /// The last row's last baseline: the lowest of its cells' last baselines where layout places them (the grid at
    /// `size`), nil when none of them has text.
    public override func lastBaseline(in size: Size, fonts: any FontMetrics) -> Double? {
        let t = tracks(for: size, fonts: fonts)
        guard let lastRow = t.cells.map({ $0.row + $0.rows - 1 }).max() else { return nil }
        let ys = Grid.starts(t.heights, origin: padding.top, spacing: verticalSpacing)
        var lowest: Double?
        for c in t.cells where c.row + c.rows - 1 == lastRow {
            let height = Grid.span(t.heights, from: c.row, count: c.rows, spacing: verticalSpacing).rounded()
            let natural = c.view.measureWithPadding(proposed: Size(width: c.size.width, height: height), fonts: fonts)
            let p = c.view.layoutModifiers.padding
            let frameSize = Size(width: max(0, natural.width - p.horizontal), height: max(0, natural.height - p.vertical))
            guard c.view.lastBaseline(in: frameSize, fonts: fonts) != nil else { continue }
            let offset: Double = switch c.alignment.vertical {
            case .top, .fill: 0
            case .center: ((height - natural.height) / 2).rounded(.down)
            case .bottom: height - natural.height
            case .firstTextBaseline, .lastTextBaseline: t.baselines[c.row] - c.baseline
            }
            let b = ys[c.row] + offset + c.view.baselineWithPadding(in: natural, fonts: fonts, last: true)
            lowest = max(lowest ?? b, b)
        }
        return lowest
    }

    /// The first row's baseline, when its cells align on baselines.
    public override func firstBaseline(in size: Size, fonts: any FontMetrics) -> Double? {
        let t = tracks(for: size, fonts: fonts)
        guard let first = t.baselines.first, first > 0 else { return nil }
        return padding.top + first
    }
}
