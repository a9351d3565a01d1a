// A grid over a data source of any size: items run left to right in rows of `columnCount` cells (a vertical grid) or
// top to bottom in columns of `rowCount` cells (a horizontal one), and only the cells of the lines (rows or columns) in
// or near the viewport exist as views. A cell that leaves is reused for one that comes in (recycled),
// and cells are keyed by their item's id, so a cell that stays in the window keeps its view while the grid scrolls and
// across `reloadData`. It is a scroll view of its own rather than a `List` of row strips: selection, identity and the
// keyboard cursor are per item, and a strip would tie a cell's view to a row that changes with the column count.
// The window keeps a steady number of lines, as List.swift's does, so a scroll only moves cells and the layer
// repaints them in place (OverlayLayer+Offsets.swift). Positions: LazyGrid+Geometry.swift; selection and the
// keyboard: LazyGrid+Selection.swift; the cell container: GridCell.swift; inserting, deleting and moving items, and
// cells that fade out: LazyGrid+Updates.swift; moving items by hand: LazyGrid+Reorder.swift; sections with sticky
// headers: LazyGrid+Sections.swift; lines whose length follows their largest cell: LazyGrid+MeasuredLines.swift.
import GlasspaneCore
import GlasspaneDraw
import GlasspaneAnimation

/// How a vertical lazy grid decides its column count (a horizontal grid keeps its `GridRows` in this form, its
/// minimum width read as a minimum height: `LazyGrid.columns`).
public enum GridColumns: Hashable, Sendable {
    /// Exactly this many columns (1...`LazyGrid.maximumColumnCount`), sharing the width.
    case fixed(Int)
    /// As many columns as fit cells at least `minimumWidth` points wide (with the spacing between them), at least one;
    /// counted again whenever the grid's width changes.
    case adaptive(minimumWidth: Double)
}

/// How a horizontal lazy grid decides its row count (SwiftUI's `LazyHGrid(rows:)`).
public enum GridRows: Hashable, Sendable {
    /// Exactly this many rows (1...`LazyGrid.maximumColumnCount`), sharing the height.
    case fixed(Int)
    /// As many rows as fit cells at least `minimumHeight` points tall (with the spacing between them), at least one;
    /// counted again whenever the grid's height changes.
    case adaptive(minimumHeight: Double)

    /// The same rule across a line, as a lazy grid keeps it (`LazyGrid.columns`).
    var acrossLine: GridColumns {
        switch self {
        case .fixed(let n): .fixed(n)
        case .adaptive(let h): .adaptive(minimumWidth: h)
        }
    }
}

/// Why a lazy grid refused its data or its shape; nothing changed. (`GridError` is the layout `Grid`'s.)
public enum LazyGridError: Error, Hashable, Sendable, CustomStringConvertible {
    /// More items than `LazyGrid.maximumItemCount`, or fewer than zero.
    case itemCountOutOfRange(Int)
    /// An item height (a vertical grid's) that is not a finite number of points in 1...`List.maximumRowHeight`.
    case itemHeightOutOfRange(Double)
    /// An item width (a horizontal grid's) that is not a finite number of points in 1...`List.maximumRowHeight`.
    case itemWidthOutOfRange(Double)
    /// A fixed column count outside 1...`LazyGrid.maximumColumnCount`, or an adaptive minimum width that is not a
    /// finite number of points in 1...`List.maximumRowHeight`.
    case columnsInvalid(GridColumns)
    /// A fixed row count outside 1...`LazyGrid.maximumColumnCount`, or an adaptive minimum height that is not a
    /// finite number of points in 1...`List.maximumRowHeight` (a horizontal grid).
    case rowsInvalid(GridRows)
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
    /// Section header items that are not ascending item indices: the position of the first bad entry (or
    /// `LazyGrid.maximumSectionCount` for too many).
    case sectionHeaderItemsInvalid(at: Int)
    /// A section header length that is not a finite number of points in 1...`List.maximumRowHeight`.
    case headerLengthOutOfRange(Double)
    /// Measured lines (`GridLineLength.measured`) asked for together with section headers, which a grid does not
    /// support: `setLineLength(.measured(estimate:))` on a grid with sections, or `setSectionHeaderItems` with
    /// headers on a grid of measured lines (LazyGrid+MeasuredLines.swift).
    case measuredLinesWithSections

    /// A stable identifier for tests and logs.
    public var identifier: String {
        switch self {
        case .itemCountOutOfRange: "lazy-grid-item-count-out-of-range"
        case .itemHeightOutOfRange: "lazy-grid-item-height-out-of-range"
        case .itemWidthOutOfRange: "lazy-grid-item-width-out-of-range"
        case .columnsInvalid: "lazy-grid-columns-invalid"
        case .rowsInvalid: "lazy-grid-rows-invalid"
        case .spacingOutOfRange: "lazy-grid-spacing-out-of-range"
        case .deletedItemInvalid: "lazy-grid-deleted-item-invalid"
        case .insertedItemInvalid: "lazy-grid-inserted-item-invalid"
        case .itemIDCountMismatch: "lazy-grid-item-id-count-mismatch"
        case .itemIDRepeated: "lazy-grid-item-id-repeated"
        case .sectionHeaderItemsInvalid: "lazy-grid-section-headers-invalid"
        case .headerLengthOutOfRange: "lazy-grid-header-length-out-of-range"
        case .measuredLinesWithSections: "lazy-grid-measured-sections-unsupported"
        }
    }

    /// The message for a user.
    public var description: String {
        switch self {
        case .itemCountOutOfRange(let n): "lazy grid item count \(n) is outside 0...\(LazyGrid.maximumItemCount)"
        case .itemHeightOutOfRange(let h): "lazy grid item height \(h) is outside 1...\(List.maximumRowHeight) points"
        case .itemWidthOutOfRange(let w): "lazy grid item width \(w) is outside 1...\(List.maximumRowHeight) points"
        case .columnsInvalid(.fixed(let n)): "lazy grid column count \(n) is outside 1...\(LazyGrid.maximumColumnCount)"
        case .columnsInvalid(.adaptive(let w)):
            "lazy grid minimum column width \(w) is outside 1...\(List.maximumRowHeight) points"
        case .rowsInvalid(.fixed(let n)): "lazy grid row count \(n) is outside 1...\(LazyGrid.maximumColumnCount)"
        case .rowsInvalid(.adaptive(let h)):
            "lazy grid minimum row height \(h) is outside 1...\(List.maximumRowHeight) points"
        case .spacingOutOfRange(let s): "lazy grid spacing \(s) is outside 0...\(LazyGrid.maximumSpacing) points"
        case .deletedItemInvalid(let item, let n):
            "deleted item \(item) is not one of the lazy grid's \(n) items before the update, or is named twice"
        case .insertedItemInvalid(let item, let n):
            "inserted item \(item) is not one of the lazy grid's \(n) items after the update, or is named twice"
        case .itemIDCountMismatch(let count, let n):
            "the update's \(count) old ids do not match the lazy grid's \(n) items (one id per item before the change)"
        case .itemIDRepeated(let index, let inNew):
            "the update's \(inNew ? "new" : "old") id at index \(index) repeats an earlier one (ids must be unique)"
        case .sectionHeaderItemsInvalid(let k):
            "section header entry \(k) is not an item after the one before it (ascending item indices, at most \(LazyGrid.maximumSectionCount))"
        case .headerLengthOutOfRange(let l): "lazy grid section header length \(l) is outside 1...\(List.maximumRowHeight) points"
        case .measuredLinesWithSections:
            "a lazy grid's lines cannot be measured while it has section headers (use fixed lines, or no sections)"
        }
    }
}

/// A grid of `itemCount` items, vertical (`columns` across, `itemHeight` tall, scrolling up and down) or horizontal
/// (`rows` down, `itemWidth` wide, items filling each column top to bottom and columns running left to right,
/// scrolling sideways), with `spacing` between cells, that creates, lays out and paints only the cells of the lines
/// (rows, or columns) in or near the viewport (`overscan` points beyond each edge), recycling cell views as they
/// leave. `makeCell` makes a cell's content view; `configureCell` fills it for an index (again whenever the cell shows
/// another item, its index changes in an update or the data is reloaded); `itemID` gives each item a stable identity
/// (its index when nil, the default). Updates: LazyGrid+Updates.swift.
///
/// Selection is per item, by id: a click selects the cell under it (spacing and the room after the last item select
/// nothing); with `.multiple`, Control/Command-click toggles and Shift-click extends over the indices from the
/// anchor. With focus, the arrows move the cursor spatially: Left/Right an item and Up/Down a row (same column, the
/// last item at most) in a vertical grid; Up/Down an item and Left/Right a column (same row) in a horizontal one;
/// PageUp/PageDown a page along the axis, Home/End to the ends, Space toggles (`.multiple`), Shift extends; at the
/// grid's edges the arrows and the D-pad move focus on (LazyGrid+Selection.swift). A horizontal grid scrolls sideways
/// with a plain (vertical) wheel too (`verticalWheelScrollsHorizontally`), as a horizontal `List` does.
public final class LazyGrid: ScrollView {
    /// The most items a grid takes (as many as a list's rows).
    public static let maximumItemCount = List.maximumRowCount
    /// The most columns (the most rows, in a horizontal grid).
    public static let maximumColumnCount = 1_000
    /// The widest spacing, points.
    public static let maximumSpacing = 1_000.0

    /// The number of items.
    public internal(set) var itemCount: Int
    /// Which way the grid scrolls: `.vertical` (rows of cells, top to bottom) or `.horizontal` (columns of cells,
    /// left to right).
    public let axis: ListAxis
    /// How the count of cells across a line is decided: a vertical grid's columns; a horizontal grid's `GridRows` in
    /// this form (`.fixed(n)`: n rows; `.adaptive(minimumWidth: h)`: rows at least h points tall).
    public let columns: GridColumns
    /// Every cell's size along the axis, points: its height in a vertical grid, its width in a horizontal one. With
    /// measured lines (`lineLength`) it is the estimate, the length of a line not yet measured.
    public internal(set) var itemLength: Double
    /// A vertical grid's cell height (`itemLength`; in a horizontal grid it is the cells' width).
    public var itemHeight: Double { itemLength }
    /// How long each line is along the axis: `.fixed(itemLength)` (the initializers'), or `.measured(estimate:)`, each
    /// line as long as its largest cell (`setLineLength(_:)`, LazyGrid+MeasuredLines.swift).
    public internal(set) var lineLength: GridLineLength
    /// The measured lines' pitches (a line's length plus the spacing after it) for `lineOffsetsPerLine` cells a
    /// line; nil with fixed lines (LazyGrid+MeasuredLines.swift).
    var lineOffsets: RowOffsets?
    var lineOffsetsPerLine = 0
    /// The most lines a window of measured lines held since the last reload (as List.swift's `measuredWindowRows`).
    var measuredWindowLines = 0
    /// An item `scrollToItem` revealed in a grid of measured lines, revealed again once its line is measured.
    var itemToRevealAfterLayout: Int?
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
    /// Background of section header cells and of the pinned header (LazyGrid+Sections.swift).
    public var headerColor = Color(r: 0.10, g: 0.11, b: 0.13) { didSet { refreshCellLooks() } }

    /// The items that head sections, ascending (`setSectionHeaderItems`; empty: no sections).
    public internal(set) var sectionHeaderItems: [Int] = []
    /// A section header's size along the axis, points: its height in a vertical grid, its width in a horizontal one
    /// (`setSectionHeaderItems(_:headerLength:)`; `itemLength` until set).
    public internal(set) var headerLength: Double
    /// The copy of the current section's header pinned at the viewport's leading edge (nil until a grid with sections
    /// first scrolls past a header; hidden when no header is pinned).
    public internal(set) var pinnedHeader: GridCell?
    /// The sectioned geometry of the last count a line (LazyGrid+Sections.swift).
    var sectionLayoutCache: GridSectionLayout?

    /// Lets the user move items (LazyGrid+Reorder.swift): a mouse drag on a cell lifts it, it follows the pointer and
    /// the cells between its slot and the one under its middle shift along the reading order; on release the grid
    /// calls this with the item's index and the index it was dropped at (flat indices, headers counted, also when it
    /// goes to another section: `movesItemsAcrossSections`). Move the item in your data and return true (the grid
    /// then moves the cell, and any section headers it passed, animated), or false to put it back. Also Alt+arrows on
    /// the cursor item. Nil (the default): a mouse drag scrolls, as a touch drag always does.
    public var onMoveItem: ((_ from: Int, _ to: Int) -> Bool)?
    /// Items about to come into sight: those of the `prefetchLines` lines past the viewport the way the grid scrolls,
    /// each asked once until the item count changes or `reloadData` (List+Prefetch.swift). Called as the grid
    /// scrolls, never during layout: load their pictures there, or insert items.
    public var onPrefetchItems: ((Range<Int>) -> Void)?
    /// Whether items inserted or deleted wholly before the first item in sight leave what shows in place, once the grid
    /// is scrolled away from its start: the offset moves by the whole lines they add or remove, rounded (fewer than
    /// half a line's items only reflow the cells a few slots; LazyGrid+Updates.swift), as a list's
    /// `keepsVisibleRowsInPlace` does. Not for a grid with sections. On by default.
    public var keepsVisibleItemsInPlace = true
    /// How many lines past the viewport `onPrefetchItems` looks (4; 0 or less asks nothing, more than the lines asks
    /// to the end).
    public var prefetchLines = 4
    /// What `onPrefetchItems` asked for, and whether the grid is laying out (List+Prefetch.swift).
    var prefetch = PrefetchRun()
    /// Which items the user may pick up (nil: every item); a press on another item scrolls.
    public var canMoveItem: ((Int) -> Bool)?
    /// In a grid with sections: whether a moved item may go to another section (LazyGrid+Reorder.swift). True (the
    /// default, a bag's item dropped into another bag): a held cell over another section's items or header goes to
    /// that section's nearest slot, and Alt+arrows and the D-pad step over a header into the next section. False: an
    /// item stays within its own section (a held cell over another section stops at its own section's nearest slot).
    public var movesItemsAcrossSections = true
    /// Which sections an item may be moved to, asked before it goes to another section (nil: every one): the item's
    /// index and the target section's position in `sectionHeaderItems` (-1: the items before the first header);
    /// false keeps it in its own section, as `movesItemsAcrossSections == false` does.
    public var canMoveItemToSection: ((_ item: Int, _ section: Int) -> Bool)?
    /// The item being dragged to a new place (LazyGrid+Reorder.swift).
    var itemDrag: ItemDrag? { didSet { hasItemDrag = itemDrag != nil } }
    /// Whether `itemDrag` is set: read each layout and each cell's paint without copying the (absent) drag.
    private(set) var hasItemDrag = false
    /// Scrolls while a dragged cell is held near an end (LazyGrid+Reorder.swift).
    var reorderTicker: ReorderAutoScroll?
    /// The item the controller carries (X picked it up; LazyGrid+Reorder.swift).
    var itemGrab: ControllerGrab? {
        didSet { if itemGrab != oldValue, let c = cursorIndex { cellView(at: c)?.setNeedsDisplay() } }  // its outline
    }

    let itemIDProvider: (Int) -> AnyHashable
    /// Whether ids are the items' indices (no `itemID` given): cells are then keyed by index (LazyGrid+ItemKey.swift).
    let idsAreIndices: Bool
    let makeCell: () -> View
    let configureCell: (View, Int) -> Void
    /// Live cells by item key.
    var liveCells: [ItemKey: GridCell] = [:]
    /// Hidden cells waiting for reuse.
    var pool: [GridCell] = []
    /// Cells whose item left the window in an animated update, fading out where they were (LazyGrid+Updates.swift).
    var fadingCells = FadingViews<GridCell>()
    /// Pools faded cells once their fade is over (LazyGrid+Updates.swift).
    var fadeSweeper: FadeOutSweeper?
    /// The animation of the last animated update or reload, taken by the next layout.
    var pendingAnimation: Animation?
    /// Where cells that leave the window in the next animated layout go, by item key (LazyGrid+Updates.swift).
    var leavingTargets: [ItemKey: GridLeavingTarget] = [:]
    /// The live cells' indices as the updates since the last layout moved them, by key; nil when none did.
    var indicesSinceLayout: [ItemKey: Int]?
    /// The live cells in index order as the last layout placed them, for the items in `window`, the data version
    /// `windowVersion` (-1: none) and `windowPerLine` cells a line: a scroll slides this window instead of re-reading
    /// ids.
    private(set) var windowCells: [GridCell] = []
    private(set) var window: Range<Int> = 0..<0
    var windowVersion = -1
    private var windowPerLine = 0
    /// The breadth across the lines when the window was placed: cells of lines of one length that stay keep their
    /// frames while it does (`slideWindow`).
    private var windowBreadth = -1.0
    var dataVersion = 0
    var selectionAnchor: Int?
    /// The live cells by item key when the running layout began (nil between layouts, and for lines of one length,
    /// which never need it): a layout of measured lines may place the window more than once (it goes in passes; the
    /// scroll view lays out again when measuring shrank the document under the offset), and an item one placement
    /// dropped and a later one brought back gets its cell back at the end.
    private var cellsAtLayoutStart: [ItemKey: GridCell]?

    /// The number of cells that exist as live (visible) views now.
    public var liveCellCount: Int { liveCells.count }
    /// The number of cell views ever made (live plus pooled).
    public private(set) var cellsCreated = 0
    /// How many times `configureCell` ran (a scroll configures only the cells that come into the window).
    public private(set) var cellsConfigured = 0
    /// The live cell views in index order.
    public var liveCellViews: [GridCell] { liveCells.values.sorted { $0.index < $1.index } }

    /// Creates a vertical grid; throws when a count, the column rule, the item height or the spacing is outside its
    /// limits. Without `itemID` (nil, the default) each item's id is its index.
    public convenience init(identifier: String = "", itemCount: Int, columns: GridColumns = .adaptive(minimumWidth: 80),
                            itemHeight: Double = 80, spacing: Double = 8,
                            itemID: ((Int) -> AnyHashable)? = nil,
                            makeCell: @escaping () -> View,
                            configureCell: @escaping (View, Int) -> Void) throws(LazyGridError) {
        try self.init(identifier: identifier, itemCount: itemCount, axis: .vertical, across: columns,
                      itemLength: itemHeight, spacing: spacing, itemID: itemID, makeCell: makeCell,
                      configureCell: configureCell)
    }

    /// Creates a horizontal grid (`axis` `.horizontal`, as SwiftUI's `LazyHGrid(rows:)`): items fill columns of
    /// `rows` cells top to bottom, columns run left to right, each cell `itemWidth` wide, and it scrolls sideways.
    /// Throws when a count, the row rule, the item width or the spacing is outside its limits. Without `itemID` (nil,
    /// the default) each item's id is its index.
    public convenience init(identifier: String = "", itemCount: Int, rows: GridRows,
                            itemWidth: Double = 80, spacing: Double = 8,
                            itemID: ((Int) -> AnyHashable)? = nil,
                            makeCell: @escaping () -> View,
                            configureCell: @escaping (View, Int) -> Void) throws(LazyGridError) {
        try self.init(identifier: identifier, itemCount: itemCount, axis: .horizontal, across: rows.acrossLine,
                      itemLength: itemWidth, spacing: spacing, itemID: itemID, makeCell: makeCell,
                      configureCell: configureCell)
    }

    /// Both axes: `across` is the rule for the cells across a line, `itemLength` their size along the axis.
    init(identifier: String, itemCount: Int, axis: ListAxis, across: GridColumns, itemLength: Double, spacing: Double,
         itemID: ((Int) -> AnyHashable)?, makeCell: @escaping () -> View,
         configureCell: @escaping (View, Int) -> Void) throws(LazyGridError) {
        try LazyGrid.check(itemCount: itemCount)
        guard itemLength.isFinite, (1...List.maximumRowHeight).contains(itemLength) else {
            throw axis == .vertical ? .itemHeightOutOfRange(itemLength) : .itemWidthOutOfRange(itemLength)
        }
        let invalid: Bool
        switch across {
        case .fixed(let n): invalid = !(1...LazyGrid.maximumColumnCount).contains(n)
        case .adaptive(let w): invalid = !w.isFinite || !(1...List.maximumRowHeight).contains(w)
        }
        if invalid {
            switch (axis, across) {
            case (.vertical, _): throw .columnsInvalid(across)
            case (.horizontal, .fixed(let n)): throw .rowsInvalid(.fixed(n))
            case (.horizontal, .adaptive(let h)): throw .rowsInvalid(.adaptive(minimumHeight: h))
            }
        }
        guard spacing.isFinite, (0...LazyGrid.maximumSpacing).contains(spacing) else { throw .spacingOutOfRange(spacing) }
        self.itemCount = itemCount
        self.axis = axis
        self.columns = across
        self.itemLength = itemLength
        self.lineLength = .fixed(itemLength)
        self.headerLength = itemLength
        self.spacing = spacing
        itemIDProvider = itemID ?? { AnyHashable($0) }
        idsAreIndices = itemID == nil
        self.makeCell = makeCell
        self.configureCell = configureCell
        super.init(identifier: identifier, axes: axis == .vertical ? .vertical : .horizontal)
        // A plain wheel scrolls a horizontal grid sideways, as it does a horizontal list (List.swift).
        verticalWheelScrollsHorizontally = axis == .horizontal
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
        prefetch.forget()
        dataVersion += 1
        pendingAnimation = nil
        leavingTargets = [:]
        indicesSinceLayout = nil
        if let last = sectionHeaderItems.last, last >= itemCount {
            sectionHeaderItems = sectionHeaderItems.filter { $0 < itemCount }
        }
        sectionLayoutCache = nil
        lineOffsets = nil  // measured lines are measured again, as a list's rows are after a reload
        measuredWindowLines = 0
        pinnedHeader?.configuredVersion = -1
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
        return liveCells[itemKey(at: index)].flatMap { $0.index == index ? $0 : nil }
    }

    // MARK: - The window of live cells

    /// With `snapping == .items` a grid comes to rest with a line at its leading edge (a shelf: a column at its left
    /// edge; clear of a pinned header): the lines' leading edges, middles or trailing edges along its axis, header
    /// lines aside (ScrollView+Snapping.swift).
    public override func snapAnchors(around position: Double, axis: StackAxis,
                                   alignment: ScrollSnapAlignment) -> (before: Double?, after: Double?) {
        lineSnapAnchors(around: position, axis: axis, alignment: alignment)
    }

    /// A scroll brings cells in and out at the next layout, in this frame; a step that keeps the window's cells lays
    /// nothing out (`offsetKeepsWindow`).
    public override func contentOffsetDidChange() {
        if !offsetKeepsWindow { setNeedsLayout() }
        prefetchIfNeeded()
    }

    /// When a new breadth changes the count of cells a line (a vertical grid's width its columns, a horizontal grid's
    /// height its rows), keeps the item at the top left in the first line, then lays out.
    public override func layoutSubviews(fonts: any FontMetrics) {
        prefetch.isInLayout = true
        defer { prefetch.isInLayout = false }
        // Measured lines place the window in passes, and their measuring can shrink the document under the offset;
        // a grid of one line length does neither, and pays nothing (`LazyGridUpdateTests`' random models check both).
        if case .measured = lineLength { cellsAtLayoutStart = liveCells }
        defer {
            if let start = cellsAtLayoutStart { giveCellsBack(from: start) }
            cellsAtLayoutStart = nil
        }
        let perLine = itemsPerLine
        if windowPerLine > 0, perLine != windowPerLine, itemCount > 0 {
            if let old = sectionLayout(perLine: windowPerLine) {
                let anchor = min(itemCount - 1, old.firstItem(ofLine: old.line(atAlong: max(0, alongOffset))))
                contentSize = documentSize(breadth: breadth(of: bounds.size), perLine: perLine)
                contentOffset = offset(along: along(ofLine: line(ofItem: anchor, perLine: perLine), perLine: perLine))
            } else {
                let firstLine = line(atAlong: alongOffset, perLine: windowPerLine)
                let anchor = min(itemCount - 1, firstLine * windowPerLine)
                // The new document's size first, so the offset is not clamped to the old one.
                contentSize = documentSize(breadth: breadth(of: bounds.size), perLine: perLine)
                contentOffset = offset(along: along(ofLine: anchor / perLine, perLine: perLine))
            }
        }
        super.layoutSubviews(fonts: fonts)
        revealMeasuredItem(fonts: fonts)
        if !sectionHeaderItems.isEmpty || pinnedHeader != nil { updatePinnedHeader() }
    }

    /// Creates, reuses and places the cells of the window's lines (rows, or columns); hides and pools the rest.
    public override func layoutDocument(viewport: Size, fonts: any FontMetrics) -> Size {
        let breadth = breadth(of: viewport), length = length(of: viewport)
        let perLine = itemsPerLine(across: breadth)
        let lines = lineCount(perLine: perLine)
        indicesSinceLayout = nil  // this layout places every live cell at its index again
        guard lines > 0 else {
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
            windowPerLine = perLine
            windowBreadth = -1
            return documentSize(breadth: breadth, perLine: perLine)
        }
        let offset = alongOffset
        let top = max(0, offset - overscan), bottom = offset + length + overscan
        if let layout = sectionLayout(perLine: perLine) {
            // Sectioned lines (LazyGrid+Sections.swift): found by binary search, steady as the shortest lines allow.
            var firstLine = layout.line(atAlong: top)
            var endLine = firstLine
            while endLine < lines && layout.along(ofLine: endLine) < bottom { endLine += 1 }
            let fit = (length + 2 * overscan) / (min(itemLength, headerLength) + spacing)
            let steady = Int(fit.rounded(.down)) + (fit == fit.rounded(.down) ? 1 : 2)
            endLine = min(lines, max(endLine, firstLine + steady))
            if endLine == lines { firstLine = min(firstLine, max(0, lines - steady)) }
            let range = layout.firstItem(ofLine: firstLine)..<layout.firstItem(ofLine: endLine)
            if pendingAnimation != nil || !slideWindow(to: range, perLine: perLine, breadth: breadth, fonts: fonts) {
                placeWindow(range, perLine: perLine, breadth: breadth, fonts: fonts)
            }
            return documentSize(breadth: breadth, perLine: perLine)
        }
        if measuredLines(perLine: perLine) != nil {
            layoutMeasuredWindow(lines: lines, perLine: perLine, breadth: breadth, length: length, fonts: fonts)
            return documentSize(breadth: breadth, perLine: perLine)
        }
        let range = uniformWindow(lines: lines, perLine: perLine, length: length)
        if pendingAnimation != nil || !slideWindow(to: range, perLine: perLine, breadth: breadth, fonts: fonts) {
            placeWindow(range, perLine: perLine, breadth: breadth, fonts: fonts)
        }
        return documentSize(breadth: breadth, perLine: perLine)
    }

    /// The items of the window at the present offset, for lines of one length (no sections, not measured) in a
    /// viewport `length` long along the axis.
    private func uniformWindow(lines: Int, perLine: Int, length: Double) -> Range<Int> {
        let offset = alongOffset
        let top = max(0, offset - overscan), bottom = offset + length + overscan
        var firstLine = min(lines - 1, Int((top / linePitch).rounded(.down)))
        var endLine = firstLine
        while endLine < lines && Double(endLine) * linePitch < bottom { endLine += 1 }
        // A steady number of lines wherever the window is (the most a span of that length meets), so a scroll only
        // moves cells, which the layer repaints in place, where a cell more or less would repaint the whole grid.
        let fit = (length + 2 * overscan) / linePitch
        let steady = Int(fit.rounded(.down)) + (fit == fit.rounded(.down) ? 1 : 2)
        endLine = min(lines, max(endLine, firstLine + steady))
        // At the end the window reaches back instead, so the last notches move cells too (List.swift does the same).
        if endLine == lines { firstLine = min(firstLine, max(0, lines - steady)) }
        return (firstLine * perLine)..<min(itemCount, endLine * perLine)
    }

    /// Whether a new offset leaves the window's cells as they are, so the grid need not be laid out for it (a
    /// touchpad's or a fling's small steps; List.swift does the same). Only for lines of one length without sections,
    /// with no item held, fading or to reveal, no animated update pending, and a window the data has not changed under.
    private var offsetKeepsWindow: Bool {
        guard windowVersion == dataVersion, windowCells.count == window.count, liveCells.count == window.count,
              sectionHeaderItems.isEmpty, pinnedHeader == nil, !hasItemDrag, fadingCells.count == 0,
              pendingAnimation == nil, itemToRevealAfterLayout == nil, itemCount > 0 else { return false }
        guard case .fixed = lineLength else { return false }
        let perLine = itemsPerLine(across: breadth(of: bounds.size))
        guard perLine == windowPerLine, perLine > 0 else { return false }
        let lines = lineCount(perLine: perLine)
        guard lines > 0 else { return false }
        return uniformWindow(lines: lines, perLine: perLine, length: length(of: bounds.size)) == window
    }

    /// A scroll over unchanged data and lines: cells that stay keep their views and are not asked for their ids,
    /// cells that left are reused for the ones that came in (without being hidden), so the work follows the cells
    /// that enter. `windowCells` is shifted in place, and with lines of one length at an unchanged breadth only the
    /// cells that came in get frames. False (having changed nothing) when the last window is not for this data.
    func slideWindow(to range: Range<Int>, perLine: Int, breadth: Double, fonts: any FontMetrics) -> Bool {
        guard windowVersion == dataVersion, windowPerLine == perLine, windowCells.count == window.count,
              liveCells.count == window.count, heldItemIndex == nil else { return false }
        let old = window
        // The indices both windows hold (none when the scroll jumped past the old window).
        let keptLower = max(range.lowerBound, old.lowerBound), keptUpper = min(range.upperBound, old.upperBound)
        let overlaps = keptLower < keptUpper
        // The keys of the cells that come in, asked once. Ids that are indices need neither asking nor the repeat
        // check (the live cells are the old window's indices), only the fading check while a cell fades.
        var entering: [(index: Int, id: ItemKey)] = []
        entering.reserveCapacity(overlaps ? range.count - (keptUpper - keptLower) : range.count)
        for index in range where !old.contains(index) {
            let id = itemKey(at: index)
            // An id some live cell shows already (ids that repeat): the general path sorts that out.
            // A cell still fading for it too: the general path takes that view back.
            if (!idsAreIndices && liveCells[id] != nil) || isFading(id) { windowVersion = -1; return false }
            entering.append((index, id))
        }
        // Index descending, as the general path takes them, so a scroll reuses the same views in every run. Moved
        // out of `windowCells`, not copied: a copy's retain and release take the runtime's slow path (cells are
        // weakly referenced, so each has a side table). The cells after the kept ones, from the last; then those
        // before them, also from the last (all of them, last first, when the windows do not overlap).
        let after = overlaps ? old.upperBound - keptUpper : old.count
        var leaving: [GridCell] = []
        leaving.reserveCapacity(overlaps ? old.count - (keptUpper - keptLower) : old.count)
        for _ in 0..<after {
            let cell = windowCells.removeLast()
            liveCells[cell.key] = nil
            leaving.append(cell)
        }
        for _ in 0..<(overlaps ? keptLower - old.lowerBound : 0) {
            let cell = windowCells.removeFirst()
            liveCells[cell.key] = nil
            leaving.insert(cell, at: after)
        }
        // As `recycle` does: the first ones are hidden and pooled, the last `reused` are reused, the last first.
        let reused = min(leaving.count, entering.count)
        for _ in 0..<(leaving.count - reused) {
            let cell = leaving.removeFirst()
            cell.isHidden = true
            pool.append(cell)
        }
        // Lines of one length at the same breadth: the cells that stay are where they were (`placeWindow` and this
        // placed them at `itemFrame`, and nothing else moves them while the window is for this data and not held).
        let placesEntering = lineOffsets == nil && breadth == windowBreadth
        for (index, id) in entering {
            let cell = leaving.popLast() ?? takeCell()
            liveCells[id] = cell
            configure(cell, index: index, id: id)
            if placesEntering { cell.frame = itemFrame(index, breadth: breadth, perLine: perLine) }
            // In index order: those before the cells that stay go in front of them, the others after.
            if overlaps && index < keptLower { windowCells.insert(cell, at: index - range.lowerBound) }
            else { windowCells.append(cell) }
        }
        window = range
        windowBreadth = breadth
        if !placesEntering {
            if lineOffsets != nil, !entering.isEmpty {
                // Measured lines: the lines that came in are measured before anything is placed.
                let lines = (entering[0].index / perLine)..<(entering[entering.count - 1].index / perLine + 1)
                measureLines(lines, in: range, perLine: perLine, breadth: breadth, fonts: fonts) {
                    self.windowCells[$0 - range.lowerBound]
                }
            }
            // A measured line that came in may have moved the lines after it; a new breadth changes every frame.
            for k in windowCells.indices {
                windowCells[k].frame = itemFrame(range.lowerBound + k, breadth: breadth, perLine: perLine)
            }
        }
        return true
    }

    /// The general path (new data, a new count a line, ids that repeat): every id of the window is read; cells whose id is
    /// still there keep their views, the others are reused for the items that came in or pooled. With a pending
    /// animation, cells that stay slide to their new frames, cells that come in fade in and cells that leave fade out.
    func placeWindow(_ range: Range<Int>, perLine: Int, breadth: Double, fonts: any FontMetrics) {
        let animation = pendingAnimation
        pendingAnimation = nil
        defer { leavingTargets = [:] }
        var wanted: [(index: Int, id: ItemKey)] = []
        wanted.reserveCapacity(range.count)
        let heldIndex = heldItemIndex  // a held cell is out of the window's bookkeeping (LazyGrid+Reorder.swift)
        for i in range where i != heldIndex { wanted.append((i, itemKey(at: i))) }
        let afterDrop = headersAfterDrop(perLine: perLine)  // a held item bound for another section moves headers
        let keep = Set(wanted.map(\.id))
        // In index order, so the same change reuses the same views in every run (a dictionary's order varies).
        let leaving = liveCells.filter { !keep.contains($0.key) }.sorted { $0.value.index > $1.value.index }
        for (id, _) in leaving { liveCells[id] = nil }
        var reusable: [GridCell] = []
        if let animation {
            // Cells that leave fade where they were, so none is reused for an item that comes in.
            for (id, cell) in leaving { fadeOut(cell, id: id, animation: animation, to: leavingTargets[id]) }
        } else {
            let arriving = wanted.filter { liveCells[$0.id] == nil && !isFading($0.id) }.count
            reusable = recycle(leaving.map(\.value), reusing: arriving)
        }
        var arrived: Set<ItemKey> = []
        var placed: [(index: Int, cell: GridCell)] = []
        placed.reserveCapacity(wanted.count)
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
            if cell.configuredVersion != dataVersion || cell.index != index || cell.key != id {
                configure(cell, index: index, id: id)
            }
            placed.append((index, cell))
        }
        if lineOffsets != nil, !range.isEmpty {
            // Measured lines: every line of the window is measured again (its items may have changed), then placed.
            let cells = Dictionary(placed.map { ($0.index, $0.cell) }, uniquingKeysWith: { a, _ in a })
            measureLines((range.lowerBound / perLine)..<((range.upperBound - 1) / perLine + 1), in: range,
                         perLine: perLine, breadth: breadth, fonts: fonts) { cells[$0] }
        }
        for (index, cell) in placed {
            let id = cell.key
            let frame = placedFrame(index, among: afterDrop, breadth: breadth, perLine: perLine)
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
        windowPerLine = perLine
        windowBreadth = breadth
        // As many live cells as indices: every id was distinct, so each index has its own cell.
        windowVersion = windowCells.count == range.count && liveCells.count == range.count ? dataVersion : -1
    }

    /// Gives every item that had a cell in `start` and has another one now its cell from `start` back, so an item
    /// that stays in the window keeps its view however often the layout placed the window meanwhile. The cell's
    /// holder now (an item that came in during this layout) trades cells with it; a pooled cell is shown again and
    /// the other one pooled. Both are configured for their items; each keeps the frame placed for its item.
    private func giveCellsBack(from start: [ItemKey: GridCell]) {
        // In index order, so the same layout trades the same views in every run (a dictionary's order varies).
        let changed = start.compactMap { id, cell in
            liveCells[id].flatMap { $0 === cell ? nil : (id: id, original: cell, index: $0.index) }
        }.sorted { $0.index < $1.index }
        for (id, original, _) in changed {
            guard let now = liveCells[id], now !== original else { continue }
            let index = now.index, holderID = original.key, holderIndex = original.index
            if !original.isHidden, holderID != id, liveCells[holderID] === original {
                liveCells[id] = original
                liveCells[holderID] = now
                (original.frame, now.frame) = (now.frame, original.frame)
                configure(original, index: index, id: id)
                configure(now, index: holderIndex, id: holderID)
                replaceInWindow(at: index, now, with: original)
                replaceInWindow(at: holderIndex, original, with: now)
            } else if let k = pool.firstIndex(where: { $0 === original }) {
                pool.remove(at: k)
                original.isHidden = false
                liveCells[id] = original
                original.frame = now.frame
                configure(original, index: index, id: id)
                replaceInWindow(at: index, now, with: original)
                now.isHidden = true
                pool.append(now)
            }
            // Else it fades out for another item (LazyGrid+Updates.swift) and stays with it.
        }
    }

    /// Puts `cell` in `windowCells` in `old`'s place, the item at `index`.
    private func replaceInWindow(at index: Int, _ old: GridCell, with cell: GridCell) {
        let k = index - window.lowerBound
        if windowCells.indices.contains(k), windowCells[k] === old { windowCells[k] = cell }
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
    private func configure(_ cell: GridCell, index: Int, id: ItemKey) {
        cell.index = index
        cell.key = id
        cell.isHeader = isSectionHeader(index)
        configureCell(cell.content, index)
        cellsConfigured += 1
        cell.configuredVersion = dataVersion
        cell.updateLook()
        cell.isSelected = isSelected(id)
        cell.hasCursor = isFocused && cursorIndex == index
    }

    private func refreshCellLooks() { for cell in liveCells.values { cell.updateLook() } }

    // MARK: - Input (LazyGrid+Selection.swift)

    /// A click that did not drag selects the item under it (`tapped(at:event:)`).
    public override func didTap(at location: Point, event: PointerEvent) { tapped(at: location, event: event) }
    /// Whether an arrow or the D-pad moves the cursor or, at the grid's edges, focus (`takesDirection(_:)`).
    public override func handlesDirection(_ direction: FocusDirection) -> Bool {
        itemGrab != nil || takesDirection(direction)  // a carried item keeps focus here, even at the edges
    }
    /// With `onMoveItem`, Alt+arrows move the cursor item (`moveCursorItem(for:)`); else moves the cursor and the
    /// selection (`moveCursor(for:)`); other keys scroll as a scroll view does.
    public override func keyDown(_ event: KeyEvent) {
        if event.modifiers.contains(.alt) || itemGrab != nil, moveCursorItem(for: event.key) { return }
        if !moveCursor(for: event) { super.keyDown(event) }
    }
    /// With `onMoveItem`, a mouse press on a cell may pick it up (LazyGrid+Reorder.swift); else the scroll view's.
    public override func pointerDown(_ event: PointerEvent) { if !pressForItemDrag(event) { super.pointerDown(event) } }
    /// A held cell follows the pointer; else the scroll view's drag.
    public override func pointerMoved(_ event: PointerEvent) { if !moveForItemDrag(event) { super.pointerMoved(event) } }
    /// A held cell is dropped; else the scroll view's release.
    public override func pointerUp(_ event: PointerEvent) {
        if !releaseForItemDrag(event, cancelled: false) { super.pointerUp(event) }
    }
    /// A held cell goes back to its place; else the scroll view's cancel.
    public override func pointerCancelled(_ event: PointerEvent) {
        if !releaseForItemDrag(event, cancelled: true) { super.pointerCancelled(event) }
    }
    /// Shows or hides the cursor outline with focus.
    public override func focusDidChange() {
        if !isFocused { itemGrab = nil }  // a carried item is put down where it is
        refreshSelectionMarks()
    }

    /// With `onMoveItem`, X picks up the cursor item for the D-pad to carry (LazyGrid+Reorder.swift).
    public override func controllerButton(_ event: ControllerButtonEvent) -> Bool {
        controllerGrabPress(event) || super.controllerButton(event)
    }
    /// What a grid without selection does with a direction: a scroll view's answer.
    func scrollViewHandlesDirection(_ direction: FocusDirection) -> Bool { super.handlesDirection(direction) }

    /// Marks the selected cells and the cursor's.
    func refreshSelectionMarks() {
        for cell in liveCells.values {
            cell.isSelected = isSelected(cell.key)
            cell.hasCursor = isFocused && cursorIndex == cell.index
        }
    }
}
