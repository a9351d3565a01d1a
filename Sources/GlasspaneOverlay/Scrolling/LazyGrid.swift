// A grid over a data source of any size: items run left to right in rows of `columnCount` cells, and only the cells
// of the rows in or near the viewport exist as views. A cell that leaves is reused for one that comes in (recycled),
// and cells are keyed by their item's id, so a cell that stays in the window keeps its view while the grid scrolls and
// across `reloadData`. It is a scroll view of its own rather than a `List` of row strips: selection, identity and the
// keyboard cursor are per item, and a strip would tie a cell's view to a row that changes with the column count.
// The window keeps a steady number of rows, as List.swift's does, so a scroll only moves cells and the layer
// repaints them in place (OverlayLayer+Offsets.swift). Positions: LazyGrid+Geometry.swift; selection and the
// keyboard: LazyGrid+Selection.swift; the cell container: GridCell.swift; inserting, deleting and moving items, and
// cells that fade out: LazyGrid+Updates.swift.
import GlasspaneCore
import GlasspaneDraw
import GlasspaneAnimation

/// How a lazy grid decides its column count.
public enum GridColumns: Hashable, Sendable {
    /// Exactly this many columns (1...`LazyGrid.maximumColumnCount`), sharing the width.
    case fixed(Int)
    /// As many columns as fit cells at least `minimumWidth` points wide (with the spacing between them), at least one;
    /// counted again whenever the grid's width changes.
    case adaptive(minimumWidth: Double)
}

/// Why a lazy grid refused its data or its shape; nothing changed. (`GridError` is the layout `Grid`'s.)
public enum LazyGridError: Error, Hashable, Sendable, CustomStringConvertible {
    /// More items than `LazyGrid.maximumItemCount`, or fewer than zero.
    case itemCountOutOfRange(Int)
    /// An item height that is not a finite number of points in 1...`List.maximumRowHeight`.
    case itemHeightOutOfRange(Double)
    /// A fixed column count outside 1...`LazyGrid.maximumColumnCount`, or an adaptive minimum width that is not a
    /// finite number of points in 1...`List.maximumRowHeight`.
    case columnsInvalid(GridColumns)
    /// Spacing that is not a finite number of points in 0...`LazyGrid.maximumSpacing`.
    case spacingOutOfRange(Double)
    /// A deleted item that is not one of the `itemCount` items before the update, or is named twice.
    case deletedItemInvalid(Int, itemCount: Int)
    /// An inserted item that is not one of the `itemCount` items after the update, or is named twice.
    case insertedItemInvalid(Int, itemCount: Int)
    /// Old ids for an update that are not one per item: their count, and the grid's.
    case itemIDCountMismatch(Int, itemCount: Int)
    /// An id that repeats an earlier one in an update's old ids or new ids: its index there.
    case itemIDRepeated(Int, inNewIDs: Bool)

    /// A stable identifier for tests and logs.
    public var identifier: String {
        switch self {
        case .itemCountOutOfRange: "lazy-grid-item-count-out-of-range"
        case .itemHeightOutOfRange: "lazy-grid-item-height-out-of-range"
        case .columnsInvalid: "lazy-grid-columns-invalid"
        case .spacingOutOfRange: "lazy-grid-spacing-out-of-range"
        case .deletedItemInvalid: "lazy-grid-deleted-item-invalid"
        case .insertedItemInvalid: "lazy-grid-inserted-item-invalid"
        case .itemIDCountMismatch: "lazy-grid-item-id-count-mismatch"
        case .itemIDRepeated: "lazy-grid-item-id-repeated"
        }
    }

    /// The message for a user.
    public var description: String {
        switch self {
        case .itemCountOutOfRange(let n): "lazy grid item count \(n) is outside 0...\(LazyGrid.maximumItemCount)"
        case .itemHeightOutOfRange(let h): "lazy grid item height \(h) is outside 1...\(List.maximumRowHeight) points"
        case .columnsInvalid(.fixed(let n)): "lazy grid column count \(n) is outside 1...\(LazyGrid.maximumColumnCount)"
        case .columnsInvalid(.adaptive(let w)):
            "lazy grid minimum column width \(w) is outside 1...\(List.maximumRowHeight) points"
        case .spacingOutOfRange(let s): "lazy grid spacing \(s) is outside 0...\(LazyGrid.maximumSpacing) points"
        case .deletedItemInvalid(let item, let n):
            "deleted item \(item) is not one of the lazy grid's \(n) items before the update, or is named twice"
        case .insertedItemInvalid(let item, let n):
            "inserted item \(item) is not one of the lazy grid's \(n) items after the update, or is named twice"
        case .itemIDCountMismatch(let count, let n):
            "the update's \(count) old ids do not match the lazy grid's \(n) items (one id per item before the change)"
        case .itemIDRepeated(let index, let inNew):
            "the update's \(inNew ? "new" : "old") id at index \(index) repeats an earlier one (ids must be unique)"
        }
    }
}

/// A vertical grid of `itemCount` items, `columns` across and `itemHeight` tall with `spacing` between cells, that
/// creates, lays out and paints only the cells of the rows in or near the viewport (`overscan` points beyond each
/// edge), recycling cell views as they leave. `makeCell` makes a cell's content view; `configureCell` fills it for
/// an index (again whenever the cell shows another item, its index changes in an update or the data is reloaded);
/// `itemID` gives each item a stable identity (its index by default). Updates: LazyGrid+Updates.swift.
///
/// Selection is per item, by id: a click selects the cell under it (spacing and the room after the last item select
/// nothing); with `.multiple`, Control/Command-click toggles and Shift-click extends over the indices from the
/// anchor. With focus, Left/Right move the cursor an item, Up/Down a row (same column, the last item at most),
/// PageUp/PageDown a page, Home/End to the ends, Space toggles (`.multiple`), Shift extends; at the grid's edges the
/// arrows and the D-pad move focus on (LazyGrid+Selection.swift).
public final class LazyGrid: ScrollView {
    /// The most items a grid takes (as many as a list's rows).
    public static let maximumItemCount = List.maximumRowCount
    /// The most columns.
    public static let maximumColumnCount = 1_000
    /// The widest spacing, points.
    public static let maximumSpacing = 1_000.0

    /// The number of items.
    public internal(set) var itemCount: Int
    /// How the column count is decided.
    public let columns: GridColumns
    /// Every cell's height, points.
    public let itemHeight: Double
    /// Points between columns and between rows (not around the edges).
    public let spacing: Double
    /// Points beyond each edge of the viewport where cells already (or still) exist.
    public var overscan = 64.0 { didSet { setNeedsLayout() } }
    /// What the user may select.
    public var selectionMode: ListSelectionMode = .single
    /// The selected items' ids.
    public internal(set) var selection: Set<AnyHashable> = []
    /// Called after the user changed the selection.
    public var onSelectionChange: ((Set<AnyHashable>) -> Void)?
    /// The keyboard cursor's item (also the anchor of Shift extensions); nil before any selection.
    public internal(set) var cursorIndex: Int?
    /// Background of a cell that is not selected.
    public var cellColor = Color(r: 0.14, g: 0.15, b: 0.17) { didSet { refreshCellLooks() } }
    /// Background of selected cells.
    public var selectionColor = Color(r: 0.17, g: 0.36, b: 0.66) { didSet { refreshCellLooks() } }
    /// Corner radius of every cell's background.
    public var cellCornerRadius = 4.0 { didSet { refreshCellLooks() } }
    /// The cursor cell's outline while the grid has focus.
    public var cursorColor = Color(r: 0.55, g: 0.75, b: 1)

    let itemIDProvider: (Int) -> AnyHashable
    let makeCell: () -> View
    let configureCell: (View, Int) -> Void
    /// Live cells by item id.
    var liveCells: [AnyHashable: GridCell] = [:]
    /// Hidden cells waiting for reuse.
    var pool: [GridCell] = []
    /// Cells whose item left the window in an animated update, fading out where they were (LazyGrid+Updates.swift).
    var fadingCells = FadingViews<GridCell>()
    /// Pools faded cells once their fade is over (LazyGrid+Updates.swift).
    var fadeSweeper: FadeOutSweeper?
    /// The animation of the last animated update or reload, taken by the next layout.
    var pendingAnimation: Animation?
    /// Where cells that leave the window in the next animated layout go, by item id (LazyGrid+Updates.swift).
    var leavingTargets: [AnyHashable: GridLeavingTarget] = [:]
    /// The live cells' indices as the updates since the last layout moved them, by id; nil when none did.
    var indicesSinceLayout: [AnyHashable: Int]?
    /// The live cells in index order as the last layout placed them, for the items in `window`, the data version
    /// `windowVersion` (-1: none) and `windowColumns` columns: a scroll slides this window instead of re-reading ids.
    private var windowCells: [GridCell] = []
    private var window: Range<Int> = 0..<0
    var windowVersion = -1
    private var windowColumns = 0
    private var dataVersion = 0
    var selectionAnchor: Int?

    /// The number of cells that exist as live (visible) views now.
    public var liveCellCount: Int { liveCells.count }
    /// The number of cell views ever made (live plus pooled).
    public private(set) var cellsCreated = 0
    /// How many times `configureCell` ran (a scroll configures only the cells that come into the window).
    public private(set) var cellsConfigured = 0
    /// The live cell views in index order.
    public var liveCellViews: [GridCell] { liveCells.values.sorted { $0.index < $1.index } }

    /// Creates a grid; throws when a count, the column rule, the item height or the spacing is outside its limits.
    public init(identifier: String = "", itemCount: Int, columns: GridColumns = .adaptive(minimumWidth: 80),
                itemHeight: Double = 80, spacing: Double = 8,
                itemID: @escaping (Int) -> AnyHashable = { AnyHashable($0) },
                makeCell: @escaping () -> View, configureCell: @escaping (View, Int) -> Void) throws(LazyGridError) {
        try LazyGrid.check(itemCount: itemCount)
        guard itemHeight.isFinite, (1...List.maximumRowHeight).contains(itemHeight) else {
            throw .itemHeightOutOfRange(itemHeight)
        }
        switch columns {
        case .fixed(let n) where !(1...LazyGrid.maximumColumnCount).contains(n): throw .columnsInvalid(columns)
        case .adaptive(let w) where !w.isFinite || !(1...List.maximumRowHeight).contains(w): throw .columnsInvalid(columns)
        default: break
        }
        guard spacing.isFinite, (0...LazyGrid.maximumSpacing).contains(spacing) else { throw .spacingOutOfRange(spacing) }
        self.itemCount = itemCount
        self.columns = columns
        self.itemHeight = itemHeight
        self.spacing = spacing
        itemIDProvider = itemID
        self.makeCell = makeCell
        self.configureCell = configureCell
        super.init(identifier: identifier, axes: .vertical)
    }

    private static func check(itemCount: Int) throws(LazyGridError) {
        guard (0...maximumItemCount).contains(itemCount) else { throw .itemCountOutOfRange(itemCount) }
    }

    // MARK: - Data

    /// Takes a new item count and re-reads every id and cell at the next layout: cells whose id is still in the
    /// window keep their views; an offset past the new end is clamped. The selection is kept as it is (call
    /// `setSelection` to drop ids that no longer exist). Throws `itemCountOutOfRange` and changes nothing.
    public func reloadData(itemCount: Int) throws(LazyGridError) {
        try LazyGrid.check(itemCount: itemCount)
        self.itemCount = itemCount
        dataVersion += 1
        pendingAnimation = nil
        leavingTargets = [:]
        indicesSinceLayout = nil
        if let c = cursorIndex, c >= itemCount { cursorIndex = itemCount > 0 ? itemCount - 1 : nil }
        if let a = selectionAnchor, a >= itemCount { selectionAnchor = nil }
        setNeedsLayout()
    }

    /// `reloadData(itemCount:)`, animated at the next layout: a cell whose item stays in the window keeps its view and
    /// slides to its new place, a cell that comes in fades in, and a cell whose item left the window fades out where
    /// it was (LazyGrid+Updates.swift).
    public func reloadData(itemCount: Int, animation: Animation) throws(LazyGridError) {
        try reloadData(itemCount: itemCount)
        pendingAnimation = animation
    }

    /// The id of the item at an index.
    public func itemID(at index: Int) -> AnyHashable { itemIDProvider(index) }

    /// The live cell showing the item at `index`, if it is in the window.
    public func cellView(at index: Int) -> GridCell? {
        guard index >= 0, index < itemCount else { return nil }
        return liveCells[itemIDProvider(index)].flatMap { $0.index == index ? $0 : nil }
    }

    // MARK: - The window of live cells

    /// A scroll brings cells in and out: at the next layout, in this frame.
    public override func contentOffsetDidChange() { setNeedsLayout() }

    /// When a new width changes the column count, keeps the item at the top left in the top row, then lays out.
    public override func layoutSubviews(fonts: any FontMetrics) {
        let columns = columnCount
        if windowColumns > 0, columns != windowColumns, itemCount > 0 {
            let topRow = Int((max(0, contentOffset.y) / rowPitch).rounded(.down))
            let anchor = min(itemCount - 1, topRow * windowColumns)
            // The new document's size first, so the offset is not clamped to the old one.
            contentSize = documentSize(width: bounds.width, columns: columns)
            contentOffset = Point(x: 0, y: Double(anchor / columns) * rowPitch)
        }
        super.layoutSubviews(fonts: fonts)
    }

    /// Creates, reuses and places the cells of the window's rows; hides and pools the rest.
    public override func layoutDocument(viewport: Size, fonts: any FontMetrics) -> Size {
        let columns = columnCount(forWidth: viewport.width)
        let rows = rowCount(columns: columns)
        indicesSinceLayout = nil  // this layout places every live cell at its index again
        guard rows > 0 else {
            let leaving = liveCells.sorted { $0.value.index > $1.value.index }
            liveCells = [:]
            if let animation = pendingAnimation {
                for (id, cell) in leaving { fadeOut(cell, id: id, animation: animation) }
            } else {
                recycle(leaving.map(\.value), reusing: 0)
            }
            pendingAnimation = nil
            leavingTargets = [:]
            windowCells = []
            window = 0..<0
            windowVersion = -1
            windowColumns = columns
            return documentSize(width: viewport.width, columns: columns)
        }
        let offset = contentOffset.y
        let top = max(0, offset - overscan), bottom = offset + viewport.height + overscan
        var firstRow = min(rows - 1, Int((top / rowPitch).rounded(.down)))
        var endRow = firstRow
        while endRow < rows && Double(endRow) * rowPitch < bottom { endRow += 1 }
        // A steady number of rows wherever the window is (the most a span of that length meets), so a scroll only
        // moves cells, which the layer repaints in place, where a cell more or less would repaint the whole grid.
        let fit = (viewport.height + 2 * overscan) / rowPitch
        let steady = Int(fit.rounded(.down)) + (fit == fit.rounded(.down) ? 1 : 2)
        endRow = min(rows, max(endRow, firstRow + steady))
        // At the end the window reaches back instead, so the last notches move cells too (List.swift does the same).
        if endRow == rows { firstRow = min(firstRow, max(0, rows - steady)) }
        let range = (firstRow * columns)..<min(itemCount, endRow * columns)
        if pendingAnimation != nil || !slideWindow(to: range, columns: columns, width: viewport.width) {
            placeWindow(range, columns: columns, width: viewport.width)
        }
        return documentSize(width: viewport.width, columns: columns)
    }

    /// A scroll over unchanged data and columns: cells that stay keep their views and are not asked for their ids,
    /// cells that left are reused for the ones that came in (without being hidden), so the work follows the cells
    /// that enter. False (having changed nothing) when the last window is not for this data.
    private func slideWindow(to range: Range<Int>, columns: Int, width: Double) -> Bool {
        guard windowVersion == dataVersion, windowColumns == columns, windowCells.count == window.count,
              liveCells.count == window.count else { return false }
        let old = window, oldCells = windowCells
        var entering: [(index: Int, id: AnyHashable)] = []
        for index in range where !old.contains(index) {
            let id = itemIDProvider(index)
            // An id some live cell shows already (ids that repeat): the general path sorts that out.
            // A cell still fading for it too: the general path takes that view back.
            if liveCells[id] != nil || fadingCells[id] != nil { windowVersion = -1; return false }
            entering.append((index, id))
        }
        // Index descending, as the general path takes them, so a scroll reuses the same views in every run.
        var leaving: [GridCell] = []
        for index in old.reversed() where !range.contains(index) {
            let cell = oldCells[index - old.lowerBound]
            liveCells[cell.itemID] = nil
            leaving.append(cell)
        }
        var reusable = recycle(leaving, reusing: entering.count)
        var cells: [GridCell] = []
        cells.reserveCapacity(range.count)
        var next = 0
        for index in range {
            if old.contains(index) { cells.append(oldCells[index - old.lowerBound]); continue }
            let id = entering[next].id
            next += 1
            let cell = reusable.popLast() ?? takeCell()
            liveCells[id] = cell
            configure(cell, index: index, id: id)
            cells.append(cell)
        }
        for (k, cell) in cells.enumerated() { cell.frame = itemFrame(range.lowerBound + k, width: width, columns: columns) }
        windowCells = cells
        window = range
        return true
    }

    /// The general path (new data, new columns, ids that repeat): every id of the window is read; cells whose id is
    /// still there keep their views, the others are reused for the items that came in or pooled. With a pending
    /// animation, cells that stay slide to their new frames, cells that come in fade in and cells that leave fade out.
    private func placeWindow(_ range: Range<Int>, columns: Int, width: Double) {
        let animation = pendingAnimation
        pendingAnimation = nil
        defer { leavingTargets = [:] }
        var wanted: [(index: Int, id: AnyHashable)] = []
        wanted.reserveCapacity(range.count)
        for i in range { wanted.append((i, itemIDProvider(i))) }
        let keep = Set(wanted.map(\.id))
        // In index order, so the same change reuses the same views in every run (a dictionary's order varies).
        let leaving = liveCells.filter { !keep.contains($0.key) }.sorted { $0.value.index > $1.value.index }
        for (id, _) in leaving { liveCells[id] = nil }
        var reusable: [GridCell] = []
        if let animation {
            // Cells that leave fade where they were, so none is reused for an item that comes in.
            for (id, cell) in leaving { fadeOut(cell, id: id, animation: animation, to: leavingTargets[id]) }
        } else {
            let arriving = wanted.filter { liveCells[$0.id] == nil && fadingCells[$0.id] == nil }.count
            reusable = recycle(leaving.map(\.value), reusing: arriving)
        }
        var arrived: Set<AnyHashable> = []
        for (index, id) in wanted {
            let cell: GridCell
            if let live = liveCells[id] {
                cell = live
            } else if let faded = reviveFadingCell(id, animation: animation) {
                cell = faded
                liveCells[id] = cell
            } else {
                cell = reusable.popLast() ?? takeCell()
                liveCells[id] = cell
                cell.configuredVersion = -1
                if animation != nil { arrived.insert(id) }
            }
            if cell.configuredVersion != dataVersion || cell.index != index || cell.itemID != id {
                configure(cell, index: index, id: id)
            }
            let frame = itemFrame(index, width: width, columns: columns)
            if let animation, arrived.contains(id) {
                cell.frame = frame
                cell.alpha = 0
                withAnimation(animation) { cell.alpha = 1 }
            } else if let animation, cell.frame != frame {
                withAnimation(animation) { cell.frame = frame }
            } else {
                cell.frame = frame
            }
        }
        // Cells kept unconfigured may have gained or lost the cursor (it follows its item in an update).
        refreshSelectionMarks()
        windowCells = wanted.compactMap { liveCells[$0.id] }
        window = range
        windowColumns = columns
        // As many live cells as indices: every id was distinct, so each index has its own cell.
        windowVersion = windowCells.count == range.count && liveCells.count == range.count ? dataVersion : -1
    }

    /// Keeps the last `count` of `leaving` shown for reuse and hides and pools the rest; returns the kept ones.
    @discardableResult
    private func recycle(_ leaving: [GridCell], reusing count: Int) -> [GridCell] {
        let reused = min(leaving.count, count)
        for cell in leaving[..<(leaving.count - reused)] {
            cell.isHidden = true
            pool.append(cell)
        }
        return Array(leaving[(leaving.count - reused)...])
    }

    /// A pooled cell shown again, or a new one.
    private func takeCell() -> GridCell {
        if let cell = pool.popLast() {
            cell.isHidden = false
            return cell
        }
        let cell = GridCell(content: makeCell())
        cell.grid = self
        cellsCreated += 1
        documentView.addSubview(cell)
        return cell
    }

    /// Shows the item at `index` in `cell`: its index and id, `configureCell`, its look and its marks.
    private func configure(_ cell: GridCell, index: Int, id: AnyHashable) {
        cell.index = index
        cell.itemID = id
        configureCell(cell.content, index)
        cellsConfigured += 1
        cell.configuredVersion = dataVersion
        cell.updateLook()
        cell.isSelected = selection.contains(id)
        cell.hasCursor = isFocused && cursorIndex == index
    }

    private func refreshCellLooks() { for cell in liveCells.values { cell.updateLook() } }

    // MARK: - Input (LazyGrid+Selection.swift)

    /// A click that did not drag selects the item under it (`tapped(at:event:)`).
    public override func didTap(at location: Point, event: PointerEvent) { tapped(at: location, event: event) }
    /// Whether an arrow or the D-pad moves the cursor or, at the grid's edges, focus (`takesDirection(_:)`).
    public override func handlesDirection(_ direction: FocusDirection) -> Bool { takesDirection(direction) }
    /// Moves the cursor and the selection (`moveCursor(for:)`); other keys scroll as a scroll view does.
    public override func keyDown(_ event: KeyEvent) { if !moveCursor(for: event) { super.keyDown(event) } }
    /// Shows or hides the cursor outline with focus.
    public override func focusDidChange() { refreshSelectionMarks() }
    /// What a grid without selection does with a direction: a scroll view's answer.
    func scrollViewHandlesDirection(_ direction: FocusDirection) -> Bool { super.handlesDirection(direction) }

    /// Marks the selected cells and the cursor's.
    func refreshSelectionMarks() {
        for cell in liveCells.values {
            cell.isSelected = selection.contains(cell.itemID)
            cell.hasCursor = isFocused && cursorIndex == cell.index
        }
    }
}
