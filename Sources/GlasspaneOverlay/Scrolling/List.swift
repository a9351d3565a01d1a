// A list over a data source of any size: only the rows in or near the viewport exist as views; a row that leaves
// is hidden and kept in a pool for the next row that comes in (recycled). Rows are keyed by their id, so a row that
// stays in the window keeps its view (and whatever state that view holds) while the list scrolls and while the data
// changes. Positions come from the row height (fixed) or from a Fenwick tree of measured heights (RowOffsets.swift).
import GlasspaneCore
import GlasspaneDraw
import GlasspaneAnimation

/// How tall a list's rows are.
public enum ListRowHeight: Hashable, Sendable {
    /// Every row is this many points tall: positions are computed, nothing is measured.
    case fixed(Double)
    /// Each row is measured (its `sizeThatFits` at the list's width) when it first comes into the window; rows not
    /// yet measured count as `estimate` points.
    case measured(estimate: Double)
}

/// Which way a list's rows run (and which way a `LazyGrid` scrolls: `LazyGrid.axis`).
public enum ListAxis: String, Hashable, Sendable {
    /// Rows top to bottom, each as wide as the viewport (a table, a chat log).
    case vertical
    /// Rows left to right as columns, each as tall as the viewport (a hotbar, a strip of cards): a row's "height"
    /// (`rowHeight`, `rowOffset`) is its width, and Left/Right move the cursor.
    case horizontal
}

/// How many rows a list lets the user select.
public enum ListSelectionMode: String, Hashable, Sendable {
    /// Rows cannot be selected.
    case none
    /// One row at a time.
    case single
    /// Any set of rows: Control (or Command) toggles a row, Shift extends from the anchor.
    case multiple
}

/// Why a list refused its data.
public enum ListError: Error, Hashable, Sendable, CustomStringConvertible {
    /// More rows than `List.maximumRowCount`, or fewer than zero.
    case rowCountOutOfRange(Int)
    /// A row height that is not a positive finite number of points up to `List.maximumRowHeight`.
    case rowHeightOutOfRange(Double)
    /// Section header rows that are not ascending row indices of the list: the first offending entry's position.
    case sectionHeaderRowsInvalid(at: Int)
    /// A deleted row that is not one of the `rowCount` rows before the update, or is named twice.
    case deletedRowInvalid(Int, rowCount: Int)
    /// An inserted row that is not one of the `rowCount` rows after the update, or is named twice.
    case insertedRowInvalid(Int, rowCount: Int)
    /// Old ids for an update that are not one per row: their count, and the list's.
    case rowIDCountMismatch(Int, rowCount: Int)
    /// An id that repeats an earlier one in an update's old ids or new ids: its index there.
    case rowIDRepeated(Int, inNewIDs: Bool)

    /// A stable identifier for tests and logs.
    public var identifier: String {
        switch self {
        case .rowCountOutOfRange: "list-row-count-out-of-range"
        case .rowHeightOutOfRange: "list-row-height-out-of-range"
        case .sectionHeaderRowsInvalid: "list-section-headers-invalid"
        case .deletedRowInvalid: "list-deleted-row-invalid"
        case .insertedRowInvalid: "list-inserted-row-invalid"
        case .rowIDCountMismatch: "list-row-id-count-mismatch"
        case .rowIDRepeated: "list-row-id-repeated"
        }
    }

    /// The message for a user.
    public var description: String {
        switch self {
        case .rowCountOutOfRange(let n): "list row count \(n) is outside 0...\(List.maximumRowCount)"
        case .rowHeightOutOfRange(let h): "list row height \(h) is outside 1...\(List.maximumRowHeight) points"
        case .sectionHeaderRowsInvalid(let i):
            "section header row \(i) (0-based entry) is not a row of the list or not after the entry before it"
        case .deletedRowInvalid(let row, let n):
            "deleted row \(row) is not one of the list's \(n) rows before the update, or is named twice"
        case .insertedRowInvalid(let row, let n):
            "inserted row \(row) is not one of the list's \(n) rows after the update, or is named twice"
        case .rowIDCountMismatch(let count, let n):
            "the update's \(count) old ids do not match the list's \(n) rows (one id per row before the change)"
        case .rowIDRepeated(let index, let inNew):
            "the update's \(inNew ? "new" : "old") id at index \(index) repeats an earlier one (ids must be unique)"
        }
    }
}

/// One row of a `List`: the list's container around the view `makeRow` made, drawing the row's background, its
/// selection and the keyboard cursor. Rows claim no press themselves, so the list selects (controls inside a row
/// still take theirs).
public final class ListRow: View {
    /// The view `makeRow` made; `configureRow` fills it.
    public let content: View
    /// The index of the data item shown (valid while the row is live).
    public internal(set) var index = 0
    /// The id of the data item shown.
    public var rowID: AnyHashable { key.id }
    /// The item's key in the list's bookkeeping (List+RowKey.swift).
    var key = ItemKey.index(0)
    /// True while the item is selected.
    public internal(set) var isSelected = false { didSet { if isSelected != oldValue { updateLook() } } }
    /// True while the keyboard cursor is on this row and the list has focus.
    public internal(set) var hasCursor = false { didSet { if hasCursor != oldValue { setNeedsDisplay() } } }
    /// The data version the row was last configured for.
    var configuredVersion = -1
    weak var list: List?

    init(content: View) {
        self.content = content
        super.init()
        hitTestBehavior = .deferToChildren
        addSubview(content)
    }

    func updateLook() {
        guard let list else { return }
        let alternate = list.isAlternateRow?(index) ?? (index % 2 == 1)
        backgroundColor = isSelected ? list.selectionColor : (alternate ? list.alternateRowColor : list.rowColor)
    }

    /// The content fills the row.
    public override func layoutSubviews(fonts: any FontMetrics) {
        content.frame = bounds
    }

    /// The content's height at a width.
    public override func sizeThatFits(_ proposed: Size, fonts: any FontMetrics) -> Size {
        content.measure(proposed: proposed, fonts: fonts)
    }

    /// Background, then a cursor outline.
    public override func draw(in rect: Rect, context: inout PaintContext) {
        super.draw(in: rect, context: &context)
        // A row the controller carries, or a drag holds, has a heavier outline.
        guard let list else { return }
        let held = list.hasRowDrag && (list.rowDrag.map { $0.isHeld && $0.row === self } ?? false)
        if held || hasCursor {
            context.add(.border(rect, color: list.cursorColor, width: held || list.rowGrab != nil ? 3 : 1, cornerRadius: 0))
        }
    }
}

/// A list of `rowCount` items, vertical or horizontal (`axis`), that creates, lays out and paints only the rows in
/// or near the viewport (`overscan` points beyond each edge), recycling row views as they leave. `makeRow` makes a
/// row's content view; `configureRow` fills it for an index (again whenever the row shows another item or the data
/// is reloaded); `rowID` gives each item a stable identity (its index when nil, the default).
///
/// Selection is by id, so it survives scrolling and data changes: a click selects a row; with `.multiple`,
/// Control/Command-click toggles and Shift-click extends from the anchor. With focus, Up/Down (Left/Right in a
/// horizontal list) move the cursor and select (Shift extends), PageUp/PageDown move a page, Home/End go to the
/// ends, Space toggles (`.multiple`).
open class List: ScrollView {
    /// The most rows a list takes.
    public static let maximumRowCount = 10_000_000
    /// The tallest row, points.
    public static let maximumRowHeight = 10_000.0

    /// The number of items.
    public internal(set) var rowCount: Int
    /// Fixed or measured heights (widths, in a horizontal list).
    public let rowHeight: ListRowHeight
    /// Which way the rows run.
    public let axis: ListAxis
    /// Points beyond each edge of the viewport where rows already (or still) exist.
    public var overscan = 64.0 { didSet { setNeedsLayout() } }
    /// Whether rows inserted or deleted wholly above the first row in sight leave what shows in place, once the
    /// list is scrolled away from its start (List+Updates.swift).
    public var keepsVisibleRowsInPlace = true
    /// Rows about to come into sight: the `prefetchDistance` rows past the viewport the way the list scrolls, each
    /// asked once until the row count changes or `reloadData` (List+Prefetch.swift). Called as the list scrolls (a
    /// wheel, a drag, a fling, a scroll from code), never during layout, so the app may start loading their data
    /// there, or insert rows (a server browser's next page).
    public var onPrefetchRows: ((Range<Int>) -> Void)?
    /// How many rows past the viewport `onPrefetchRows` looks (20; 0 or less asks nothing, more than the rows asks
    /// to the end).
    public var prefetchDistance = 20
    /// What `onPrefetchRows` asked for, and whether the list is laying out (List+Prefetch.swift).
    var prefetch = PrefetchRun()

    /// Whether the list keeps its end in sight while it is scrolled to the end (a chat log): rows inserted at the
    /// end, rows measured there and a new size scroll it to the new end. Turning it on scrolls to the end at the next
    /// layout. Off by default.
    public var followsEnd = false {
        didSet { if followsEnd && !oldValue { scrollsToEndAtNextLayout = true; setNeedsLayout() } }
    }
    /// Set when `followsEnd` is turned on: the next layout goes to the end wherever the list is.
    private var scrollsToEndAtNextLayout = false
    /// What the user may select.
    public var selectionMode: ListSelectionMode = .single
    /// The selected items' ids.
    public private(set) var selection: Set<AnyHashable> = []
    /// Called after the user changed the selection.
    public var onSelectionChange: ((Set<AnyHashable>) -> Void)?
    /// The keyboard cursor's row (also the anchor of Shift extensions); nil before any selection.
    public internal(set) var cursorIndex: Int?
    /// Background of even rows.
    public var rowColor = Color(r: 0.14, g: 0.15, b: 0.17) { didSet { refreshRowLooks() } }
    /// Background of odd rows.
    public var alternateRowColor = Color(r: 0.17, g: 0.18, b: 0.2) { didSet { refreshRowLooks() } }
    /// Which rows take `alternateRowColor`: odd indices when nil. A list whose rows are inserted above others while
    /// it shows (a live log) gives a parity of its items instead, so the stripes move with them.
    public var isAlternateRow: ((Int) -> Bool)? { didSet { refreshRowLooks() } }
    /// Background of selected rows.
    public var selectionColor = Color(r: 0.17, g: 0.36, b: 0.66) { didSet { refreshRowLooks() } }
    /// The cursor row's outline while the list has focus.
    public var cursorColor = Color(r: 0.55, g: 0.75, b: 1)

    /// Lets the user move rows (List+Reorder.swift): a mouse drag on a row (a touch, once held still) lifts it and the
    /// rows between close up under it; on release the list calls this with the row's index and the index it was
    /// dropped at. Move the item in
    /// your data and return true (the list then moves the row, animated), or false to put it back. Also Alt+Up and
    /// Alt+Down on the cursor row. Nil (the default): a mouse drag scrolls, as a touch drag always does.
    public var onMoveRow: ((_ from: Int, _ to: Int) -> Bool)?
    /// Which rows the user may pick up (nil: every row but section headers); a press on another row scrolls.
    public var canMoveRow: ((Int) -> Bool)?
    /// The row being dragged to a new place (List+Reorder.swift).
    var rowDrag: RowDrag? { didSet { hasRowDrag = rowDrag != nil } }
    /// Whether `rowDrag` is set: what every row's placement and every scroll step ask, without copying the drag.
    private(set) var hasRowDrag = false
    /// Scrolls while a dragged row is held near an edge (List+Reorder.swift).
    var reorderTicker: ReorderAutoScroll?
    /// The row the controller carries (X picked it up; List+Reorder.swift).
    var rowGrab: ControllerGrab? {
        didSet { if rowGrab != oldValue, let c = cursorIndex { rowView(at: c)?.setNeedsDisplay() } }  // its outline
    }

    let rowIDProvider: (Int) -> AnyHashable
    /// Whether ids are the rows' indices (no `rowID` given): rows are then keyed by index (List+RowKey.swift).
    let idsAreIndices: Bool
    let makeRow: () -> View
    let configureRow: (View, Int) -> Void
    /// Live rows by item key.
    var liveRows: [ItemKey: ListRow] = [:]
    /// Hidden rows waiting for reuse.
    var pool: [ListRow] = []
    /// Rows whose item left the window in an animated reload, fading out where they were (List+FadeOut.swift).
    var fadingRows = FadingViews<ListRow>()
    /// Pools faded rows once their fade is over (List+FadeOut.swift).
    var fadeSweeper: FadeOutSweeper?
    /// The live rows in index order, as the last layout placed them for the indices in `window` and the data
    /// version `windowVersion` (-1: none): a scroll slides this window instead of re-reading every id.
    private var windowRows: [ListRow] = []
    private var window: Range<Int> = 0..<0
    var windowVersion = -1
    /// The room across the rows when the window was placed: rows of a fixed height that stay keep their frames.
    private var windowAcross = -1.0
    /// The most rows a window of measured heights held since the last reload (`layoutDocument`).
    private var measuredWindowRows = 0
    /// How many times the running layout placed the window (`layoutSubviews`).
    private var placements = 0
    var offsets: RowOffsets?
    private var fixedHeight: Double
    private var dataVersion = 0
    var selectionAnchor: Int?
    /// The animation of the last `reloadData(rowCount:animation:)`, taken by the next layout.
    var pendingReloadAnimation: Animation?
    /// Where rows that leave the window in the next animated layout go, by key (List+Updates.swift).
    var leavingTargets: [ItemKey: LeavingTarget] = [:]
    /// The live rows' indices as the updates since the last layout moved them, by key; nil when none did.
    var indicesSinceLayout: [ItemKey: Int]?
    /// Rows that head sections, ascending (List+Sections.swift).
    public internal(set) var sectionHeaderRows: [Int] = []
    /// The copy of the current section's header pinned to the viewport's top (List+Sections.swift).
    public internal(set) var pinnedHeader: ListRow?
    /// The data version, for rows configured outside the window (the pinned header).
    var currentDataVersion: Int { dataVersion }

    /// The number of rows that exist as live (visible) views now.
    public var liveRowCount: Int { liveRows.count }
    /// The number of row views ever made (live plus pooled).
    public private(set) var rowsCreated = 0
    /// How many times `configureRow` ran (a scroll configures only the rows that come into the window).
    public private(set) var rowsConfigured = 0
    /// The live row views, top to bottom.
    public var liveRowViews: [ListRow] { liveRows.values.sorted { $0.index < $1.index } }

    /// Creates a list; throws when `rowCount` or a fixed row height is outside its limits. Without `rowID` (nil, the
    /// default) each item's id is its index.
    public init(identifier: String = "", axis: ListAxis = .vertical, rowCount: Int, rowHeight: ListRowHeight = .fixed(28),
                rowID: ((Int) -> AnyHashable)? = nil,
                makeRow: @escaping () -> View, configureRow: @escaping (View, Int) -> Void) throws(ListError) {
        try List.check(rowCount: rowCount)
        switch rowHeight {
        case .fixed(let h): try List.check(height: h); fixedHeight = h
        case .measured(let h): try List.check(height: h); fixedHeight = h
        }
        self.rowCount = rowCount
        self.rowHeight = rowHeight
        rowIDProvider = rowID ?? { AnyHashable($0) }
        idsAreIndices = rowID == nil
        self.makeRow = makeRow
        self.configureRow = configureRow
        self.axis = axis
        super.init(identifier: identifier, axes: axis == .horizontal ? .horizontal : .vertical)
        verticalWheelScrollsHorizontally = axis == .horizontal
        if case .measured(let h) = rowHeight { offsets = RowOffsets(count: rowCount, height: h) }
    }

    private static func check(rowCount: Int) throws(ListError) {
        guard (0...maximumRowCount).contains(rowCount) else { throw .rowCountOutOfRange(rowCount) }
    }
    private static func check(height: Double) throws(ListError) {
        guard height.isFinite, (1...maximumRowHeight).contains(height) else { throw .rowHeightOutOfRange(height) }
    }

    // MARK: - Data

    /// Takes a new item count and re-reads every id and row: rows whose id is still in the window keep their views;
    /// measured heights are measured again; an offset past the new end is clamped. The selection is kept as it is
    /// (ids are not searched: call `setSelection` to drop ids that no longer exist).
    public func reloadData(rowCount: Int) throws(ListError) {
        try List.check(rowCount: rowCount)
        self.rowCount = rowCount
        dataVersion += 1
        prefetch.forget()
        if case .measured(let h) = rowHeight { offsets = RowOffsets(count: rowCount, height: h) }
        measuredWindowRows = 0
        leavingTargets = [:]
        indicesSinceLayout = nil
        if let c = cursorIndex, c >= rowCount { cursorIndex = rowCount > 0 ? rowCount - 1 : nil }
        setNeedsLayout()
    }

    /// `reloadData(rowCount:)`, animated at the next layout: a row whose item is still in the window keeps its view
    /// and springs (or eases, as `animation` says) from where it was to its new place (items inserted, deleted or
    /// moved above it), and a row that comes in fades in from transparent. A row whose item left the window (deleted,
    /// or moved out of it) fades out where it was, taking no clicks, and is recycled when the fade is over; its view
    /// comes back if its item does meanwhile. Hit testing and selection use the new places at once.
    public func reloadData(rowCount: Int, animation: Animation) throws(ListError) {
        try reloadData(rowCount: rowCount)
        pendingReloadAnimation = animation
    }

    /// The id of the item at an index.
    public func rowID(at index: Int) -> AnyHashable { rowIDProvider(index) }

    /// The live row showing the item at `index`, if it is in the window.
    public func rowView(at index: Int) -> ListRow? {
        guard index >= 0, index < rowCount else { return nil }
        return liveRows[rowKey(at: index)].flatMap { $0.index == index ? $0 : nil }
    }

    /// The top of the row at `index` in the document (its left edge, in a horizontal list).
    public func rowOffset(_ index: Int) -> Double { offsets?.offset(of: index) ?? Double(index) * fixedHeight }
    /// The height of the row at `index` (its width, in a horizontal list).
    public func rowHeight(_ index: Int) -> Double { offsets?.height(index) ?? fixedHeight }
    /// The row under a document y (clamped to the rows); nil for an empty list or a point below the last row.
    public func rowIndex(atDocumentY y: Double) -> Int? { rowIndex(atDocumentOffset: y) }

    /// The row at a document position along the list's axis (y, or x in a horizontal list); nil for an empty list
    /// or a position past the last row.
    public func rowIndex(atDocumentOffset y: Double) -> Int? {
        guard rowCount > 0, y >= 0, y < totalHeight else { return nil }
        if let offsets { return offsets.index(containing: y) }
        return min(rowCount - 1, Int(y / fixedHeight))
    }
    var totalHeight: Double { offsets?.total ?? Double(rowCount) * fixedHeight }
    /// The scroll offset along the axis.
    var axisOffset: Double { axis == .horizontal ? contentOffset.x : contentOffset.y }
    /// The frame of the row at `index` in the document: at its offset along the axis, `across` points across.
    func rowFrame(_ index: Int, across: Double) -> Rect {
        axis == .horizontal ? Rect(x: rowOffset(index), y: 0, width: rowHeight(index), height: across)
            : Rect(x: 0, y: rowOffset(index), width: across, height: rowHeight(index))
    }
    /// The document's size: the rows along the axis, `across` points across.
    private func documentSize(across: Double) -> Size {
        axis == .horizontal ? Size(width: totalHeight, height: across) : Size(width: across, height: totalHeight)
    }

    /// Scrolls the least distance that shows the row at `index` whole (and, in a section, clear of its pinned header).
    public func scrollToRow(_ index: Int) {
        guard index >= 0, index < rowCount else { return }
        var frame = rowFrame(index, across: axis == .horizontal ? bounds.height : bounds.width)
        // Its section's header is pinned over the viewport's leading edge: a row revealed there goes just past it.
        if let k = lastSectionHeader(atOrBefore: index), sectionHeaderRows[k] != index {
            let header = rowHeight(sectionHeaderRows[k])
            if axis == .horizontal { frame.origin.x -= header; frame.size.width += header }
            else { frame.origin.y -= header; frame.size.height += header }
        }
        scrollRectToVisible(frame)
    }

    /// Scrolls so that the row at `index` is at the top of the viewport (the left edge, in a horizontal list; as
    /// near as the end of the list allows), at once; nothing for an index outside the rows.
    public func scrollToRowAtTop(_ index: Int) {
        guard index >= 0, index < rowCount else { return }
        contentOffset = axis == .horizontal ? Point(x: rowOffset(index), y: contentOffset.y)
            : Point(x: contentOffset.x, y: rowOffset(index))
    }

    // MARK: - The window of live rows

    /// With `snapping == .items` a list comes to rest with a row at its top (its left edge, horizontal; clear of a
    /// pinned header): the rows' leading edges, middles or trailing edges along its axis, section headers aside
    /// (ScrollView+Snapping.swift).
    open override func snapAnchors(around position: Double, axis: StackAxis,
                                   alignment: ScrollSnapAlignment) -> (before: Double?, after: Double?) {
        rowSnapAnchors(around: position, axis: axis, alignment: alignment)
    }

    /// A scroll brings rows in and out at the next layout, in this frame; a step that keeps the window's rows lays
    /// nothing out (`offsetKeepsWindow`).
    open override func contentOffsetDidChange() {
        if !offsetKeepsWindow { setNeedsLayout() }
        prefetchIfNeeded()
    }

    /// Lays out the window's rows (keeping the end in sight with `followsEnd`), then pins the current section's
    /// header (List+Sections.swift).
    open override func layoutSubviews(fonts: any FontMetrics) {
        prefetch.isInLayout = true
        defer { prefetch.isInLayout = false }
        let end = axis == .horizontal ? maximumOffset.x : maximumOffset.y
        let pinned = followsEnd && !isMoving && (axisOffset >= end - 0.5 || scrollsToEndAtNextLayout)
        scrollsToEndAtNextLayout = false
        // Measured rows may place the window several times in one layout (`layoutDocument`'s passes, the scroll
        // view's clamp when measuring shrank the document under the offset, the end followed below), and a later
        // placement may bring back an item an earlier one dropped: it gets its view back at the end. Rows of one
        // height pay nothing: their placements nest or only move on, so no item comes back
        // (`ListUpdateModelTests` checks both).
        let start = offsets != nil ? liveRows : nil
        placements = 0
        super.layoutSubviews(fonts: fonts)
        if pinned {
            // Rows measured at the new end change the document's length: go again until the end stays put (a few
            // passes; each measures only the rows that came in).
            for _ in 0..<8 {
                let end = maximumOffset
                guard axisOffset != (axis == .horizontal ? end.x : end.y) else { break }
                contentOffset = axis == .horizontal ? Point(x: end.x, y: contentOffset.y)
                    : Point(x: contentOffset.x, y: end.y)
                super.layoutSubviews(fonts: fonts)
            }
        }
        if let start, placements > 1 {
            giveRowsBack(from: start, fonts: fonts)
            // The rows it configured marked the list again; the document is laid out (ScrollView.swift).
            needsLayout = false
        }
        updatePinnedHeader(fonts: fonts)
    }

    /// Creates, reuses and places the rows of the window; hides and pools the rest. With measured rows, rows above
    /// the first one in sight measured for the first time (scrolling up into them) move it in the document: the
    /// offset follows by as much (`shiftContent`: a drag or fling keeps its course), so what shows stays put, and the
    /// window is worked out again for the moved offset (a few passes at most).
    open override func layoutDocument(viewport: Size, fonts: any FontMetrics) -> Size {
        var size = Size.zero
        for _ in 0..<4 {
            let anchor = offsets != nil && axisOffset > 0 ? rowIndex(atDocumentOffset: axisOffset) : nil
            let before = anchor.map(rowOffset)
            size = layoutWindow(viewport: viewport, fonts: fonts)
            guard let anchor, let before, anchor < rowCount else { return size }
            let moved = rowOffset(anchor) - before
            guard moved != 0 else { return size }
            contentSize = size
            shiftContent(by: axis == .horizontal ? Point(x: moved, y: 0) : Point(x: 0, y: moved))
        }
        return size
    }

    /// The rows the window holds at the present offset, for a viewport `length` long along the axis.
    private func windowRange(length: Double) -> Range<Int> {
        let top = axisOffset - overscan, bottom = axisOffset + length + overscan
        // Past the end (rows deleted under an offset the scroll view clamps next): the last row, not the first, or the
        // window would take every row before the clamp.
        var first = rowIndex(atDocumentY: max(0, top)) ?? rowCount - 1
        var end = first
        if offsets == nil, fixedHeight > 0, bottom.isFinite {
            // The first row at or past `bottom`, from the quotient, then settled by the same test as the walk below.
            end = min(rowCount, Int(min(max(bottom / fixedHeight, Double(first)), Double(rowCount)).rounded(.up)))
            while end > first && rowOffset(end - 1) >= bottom { end -= 1 }
        }
        while end < rowCount && rowOffset(end) < bottom { end += 1 }
        // Rows all of one height keep as many rows in the window wherever it is: a scroll then only moves rows,
        // which the layer repaints in place, where a row more or less would repaint the whole list.
        if offsets == nil, fixedHeight > 0 {
            // The most rows a span of that length meets: one more than fit in it whole, two when it is not a whole
            // number of rows (it can then cut into a row at each end).
            let fit = (length + 2 * overscan) / fixedHeight
            let steady = Int(fit.rounded(.down)) + (fit == fit.rounded(.down) ? 1 : 2)
            end = min(rowCount, max(end, first + steady))
            // At the end the window reaches back instead, so a notch there (or a row appended) moves rows too.
            if end == rowCount { first = min(first, max(0, end - steady)) }
        } else if offsets != nil {
            // Rows of measured heights keep at least as many rows as the window held since the last reload: it
            // grows where rows are short and keeps its count where they are tall, so most notches only move rows.
            end = min(rowCount, max(end, first + measuredWindowRows))
            if end == rowCount { first = min(first, max(0, end - measuredWindowRows)) }
        }
        return first..<end
    }

    /// Whether a new offset leaves the window's rows as they are, so the list need not be laid out for it: the
    /// document moves under the viewport and the layer moves its pixels (a touchpad's or a fling's small steps).
    /// Not with section headers (the pinned one follows the offset), a row held or fading, a reload to animate, an
    /// end to follow, or a window the data changed under.
    private var offsetKeepsWindow: Bool {
        guard windowVersion == dataVersion, windowRows.count == window.count, sectionHeaderRows.isEmpty,
              !hasRowDrag, fadingRows.count == 0, pendingReloadAnimation == nil, !scrollsToEndAtNextLayout,
              !followsEnd, rowCount > 0 else { return false }
        let length = axis == .horizontal ? bounds.width : bounds.height
        return windowRange(length: length) == window
    }

    /// The window's rows for the present offset (`layoutDocument`).
    private func layoutWindow(viewport: Size, fonts: any FontMetrics) -> Size {
        let width = axis == .horizontal ? viewport.height : viewport.width  // across the rows
        let length = axis == .horizontal ? viewport.width : viewport.height
        placements += 1
        indicesSinceLayout = nil  // this layout places every live row at its index again
        guard rowCount > 0 else {
            // An animated reload to no rows fades every row out, as it does the rows that left.
            recycleAll(except: [], fadingWith: pendingReloadAnimation)
            pendingReloadAnimation = nil
            leavingTargets = [:]
            forgetWindow()
            return documentSize(across: width)
        }
        let range = windowRange(length: length)
        let first = range.lowerBound
        let end = range.upperBound
        if offsets != nil { measuredWindowRows = max(measuredWindowRows, end - first) }
        let held = heldRowIndex
        if pendingReloadAnimation == nil, held == nil, let size = slideWindow(to: first..<end, width: width, fonts: fonts) {
            return size
        }
        var wanted: [(index: Int, id: ItemKey)] = []
        wanted.reserveCapacity(end - first)
        for i in first..<end where i != held { wanted.append((i, rowKey(at: i))) }
        let keep = Set(wanted.map(\.id))
        let animation = pendingReloadAnimation
        pendingReloadAnimation = nil
        // Rows that leave are reused first, without being hidden in between: a row hidden and shown again in one
        // layout would repaint the whole layer, where a row shown in place repaints in place.
        var reusable = recycleAll(except: keep, fadingWith: animation, keepingShown: true)
        leavingTargets = [:]
        var arrived: Set<ItemKey> = []
        for (index, id) in wanted {
            let row: ListRow
            if let live = liveRows[id] {
                row = live
            } else if let faded = reviveFadingRow(id, animation: animation) {
                row = faded
                liveRows[id] = row
                row.configuredVersion = -1
            } else {
                if animation != nil { arrived.insert(id) }
                row = reusable.popLast() ?? pool.popLast() ?? newRow()
                row.isHidden = false
                liveRows[id] = row
                row.configuredVersion = -1
            }
            if row.configuredVersion != dataVersion || row.index != index || row.key != id {
                configure(row, index: index, id: id, width: width, fonts: fonts)
            }
            row.isSelected = isSelected(id)
            row.hasCursor = isFocused && cursorIndex == index
        }
        for row in reusable {
            row.isHidden = true
            pool.append(row)
        }
        for (index, id) in wanted {
            guard let row = liveRows[id] else { continue }
            let frame = rowFrame(index, across: width)
            guard let animation else { row.frame = placedFrame(frame, index: index, row: row); continue }
            if arrived.contains(id) {
                row.frame = frame
                row.alpha = 0
                withAnimation(animation) { row.alpha = 1 }
            } else if row.frame != frame {
                withAnimation(animation) { row.frame = frame }
            }
        }
        rememberWindow(first..<end, ids: wanted, across: width)
        return documentSize(across: width)
    }

    /// Shows the item at `index` in `row`: its index and id, `configureRow`, its look, and a measured height (its
    /// width, in a horizontal list). `width` is the room across the rows.
    private func configure(_ row: ListRow, index: Int, id: ItemKey, width: Double, fonts: any FontMetrics) {
        row.index = index
        row.key = id
        configureRow(row.content, index)
        rowsConfigured += 1
        row.configuredVersion = dataVersion
        row.updateLook()
        if let offsets, offsets.height(index) >= 0 {
            let measured = axis == .horizontal
                ? row.measure(proposed: Size(width: .infinity, height: width), fonts: fonts).width
                : row.measure(proposed: Size(width: width, height: .infinity), fonts: fonts).height
            self.offsets?.setHeight(index, min(max(measured, 1), List.maximumRowHeight))
        }
    }

    /// A scroll over unchanged data: rows that stay keep their views and are not asked for their ids again, rows
    /// that left are pooled and rows that came in are made or reused and configured, so the work follows the rows
    /// that enter, not the rows shown. `windowRows` is shifted in place, and rows of a fixed height that stay keep
    /// their frames while the width does. Nil (having changed nothing) when the last window is not for this data.
    private func slideWindow(to range: Range<Int>, width: Double, fonts: any FontMetrics) -> Size? {
        guard windowVersion == dataVersion, windowRows.count == window.count, liveRows.count == window.count else {
            return nil
        }
        let old = window
        // The indices both windows hold (none when the scroll jumped past the old window).
        let keptLower = max(range.lowerBound, old.lowerBound), keptUpper = min(range.upperBound, old.upperBound)
        let overlaps = keptLower < keptUpper
        let enteringCount = overlaps ? range.count - (keptUpper - keptLower) : range.count
        // The app's ids of the rows that come in, asked once. Ids that are indices need neither asking nor a check:
        // the live rows are the old window's indices.
        var enteringIDs: [AnyHashable] = []
        if !idsAreIndices {
            enteringIDs.reserveCapacity(enteringCount)
            for index in range where !old.contains(index) {
                let id = rowIDProvider(index)
                // An id some live row shows already (ids that repeat): the general path sorts that out.
                if liveRows[.id(id)] != nil { windowVersion = -1; return nil }
                enteringIDs.append(id)
            }
        }
        // Taken in the general path's order (index descending, the last left first), so a scroll reuses the same
        // views in every run. A row that leaves and comes back in the same pass stays shown: it only moves, which
        // the layer repaints in place (OverlayLayer+Offsets.swift), where hiding it would repaint the whole list.
        // Moved out of `windowRows`, not copied: a copy's retain and release take the runtime's slow path (rows are
        // weakly referenced, so each has a side table). The rows after the kept ones, from the last; then those
        // before them, also from the last (all of them, last first, when the windows do not overlap).
        let after = overlaps ? old.upperBound - keptUpper : old.count
        var leaving: [ListRow] = []
        leaving.reserveCapacity(overlaps ? old.count - (keptUpper - keptLower) : old.count)
        for _ in 0..<after {
            let row = windowRows.removeLast()
            liveRows[row.key] = nil
            leaving.append(row)
        }
        for _ in 0..<(overlaps ? keptLower - old.lowerBound : 0) {
            let row = windowRows.removeFirst()
            liveRows[row.key] = nil
            leaving.insert(row, at: after)
        }
        let reused = min(leaving.count, enteringCount)
        for _ in 0..<(leaving.count - reused) {  // what is left is reused, the last first
            let row = leaving.removeFirst()
            row.isHidden = true
            pool.append(row)
        }
        // Fixed heights at the same width: the rows that stay are where they were, only those that come in move.
        let placesEntering = offsets == nil && width == windowAcross
        var k = 0
        for index in range where !old.contains(index) {
            let id = idsAreIndices ? ItemKey.index(index) : .id(enteringIDs[k])
            k += 1
            // An item whose row still slides or fades out (an animated update just before) takes that view back.
            let row = reviveFadingRow(id, animation: nil) ?? leaving.popLast() ?? pool.popLast() ?? newRow()
            row.isHidden = false
            liveRows[id] = row
            configure(row, index: index, id: id, width: width, fonts: fonts)
            row.isSelected = isSelected(id)
            row.hasCursor = isFocused && cursorIndex == index
            if placesEntering { row.frame = placedFrame(rowFrame(index, across: width), index: index, row: row) }
            // In index order: those before the rows that stay go in front of them, the others after.
            if overlaps && index < keptLower { windowRows.insert(row, at: index - range.lowerBound) }
            else { windowRows.append(row) }
        }
        for row in leaving {  // left over where revived rows came in instead
            row.isHidden = true
            pool.append(row)
        }
        if !placesEntering {
            // Measured rows that came in may have moved the rows after them; a new width changes every frame.
            for (k, row) in windowRows.enumerated() {
                let index = range.lowerBound + k
                row.frame = placedFrame(rowFrame(index, across: width), index: index, row: row)
            }
        }
        window = range
        windowAcross = width
        return documentSize(across: width)
    }

    /// Gives each item that was live when the layout began, and is live again at its end, the view it had then: a
    /// placement that dropped it pooled its view, gave it to an item coming in or faded it out, and the placement
    /// that brought it back took another. Two live items trade views; a pooled or fading view is taken back.
    private func giveRowsBack(from start: [ItemKey: ListRow], fonts: any FontMetrics) {
        // In index order, so the same layout trades the same views in every run (a dictionary's order varies).
        let changed = start.compactMap { id, original in
            liveRows[id].flatMap { $0 === original ? nil : (id: id, original: original, index: $0.index) }
        }.sorted { $0.index < $1.index }
        guard !changed.isEmpty else { return }
        let width = axis == .horizontal ? bounds.height : bounds.width
        for (id, original, _) in changed {
            guard let now = liveRows[id], now !== original else { continue }
            let index = now.index, holderID = original.key, holderIndex = original.index
            if !original.isHidden, holderID != id, liveRows[holderID] === original {
                liveRows[id] = original
                liveRows[holderID] = now
                (original.frame, now.frame) = (now.frame, original.frame)
                show(original, index: index, id: id, width: width, fonts: fonts)
                show(now, index: holderIndex, id: holderID, width: width, fonts: fonts)
                replaceInWindow(at: index, now, with: original)
                replaceInWindow(at: holderIndex, original, with: now)
                continue
            }
            if let k = pool.lastIndex(where: { $0 === original }) {
                pool.remove(at: k)
                original.isHidden = false
            } else if fadingRows[id.id] !== original || reviveFadingRow(id, animation: nil) == nil {
                continue  // it fades out for another item (List+FadeOut.swift) and stays with it
            }
            liveRows[id] = original
            original.frame = now.frame
            show(original, index: index, id: id, width: width, fonts: fonts)
            replaceInWindow(at: index, now, with: original)
            now.isHidden = true
            pool.append(now)
        }
    }

    /// Configures `row` for the item at `index` and marks its selection and cursor.
    private func show(_ row: ListRow, index: Int, id: ItemKey, width: Double, fonts: any FontMetrics) {
        configure(row, index: index, id: id, width: width, fonts: fonts)
        row.isSelected = isSelected(id)
        row.hasCursor = isFocused && cursorIndex == index
    }

    /// Puts `row` in `windowRows` in `old`'s place, the item at `index`.
    private func replaceInWindow(at index: Int, _ old: ListRow, with row: ListRow) {
        let k = index - window.lowerBound
        if windowRows.indices.contains(k), windowRows[k] === old { windowRows[k] = row }
    }

    /// Records the window the general path just placed (skipped when ids repeat: the next layout is general too).
    private func rememberWindow(_ range: Range<Int>, ids: [(index: Int, id: ItemKey)], across: Double) {
        windowRows = ids.compactMap { liveRows[$0.id] }
        window = range
        windowAcross = across
        // As many live rows as indices: every id was distinct, so each index has its own row.
        windowVersion = windowRows.count == range.count && liveRows.count == range.count ? dataVersion : -1
    }

    /// No window to slide (an empty list).
    private func forgetWindow() {
        windowRows = []
        window = 0..<0
        windowVersion = -1
        windowAcross = -1
    }

    private func newRow() -> ListRow {
        let row = ListRow(content: makeRow())
        row.list = self
        rowsCreated += 1
        documentView.addSubview(row)
        return row
    }

    /// Takes the rows whose ids are not in `keep` out of the window: fading out with an animation, else pooled
    /// hidden, or returned still shown (`keepingShown`, for the caller to reuse or pool) in pooling order.
    @discardableResult
    private func recycleAll(except keep: Set<ItemKey>, fadingWith animation: Animation? = nil,
                            keepingShown: Bool = false) -> [ListRow] {
        // In index order, so the same scroll pools (and later reuses) the same views in every run: a dictionary's
        // order changes from process to process, and with it the order glyphs reach the atlas.
        let leaving = liveRows.filter { !keep.contains($0.key) }.sorted { $0.value.index > $1.value.index }
        var shown: [ListRow] = []
        for (id, row) in leaving {
            liveRows[id] = nil
            if let animation { fadeOut(row, id: id, animation: animation, to: leavingTargets[id]); continue }
            if keepingShown { shown.append(row); continue }
            row.isHidden = true
            pool.append(row)
        }
        return shown
    }

    private func refreshRowLooks() { for row in liveRows.values { row.updateLook() } }

    private func refreshSelectionMarks() {
        for row in liveRows.values {
            row.isSelected = isSelected(row.key)
            row.hasCursor = isFocused && cursorIndex == row.index
        }
    }

    /// Shows or hides the cursor outline with focus.
    open override func focusDidChange() {
        if !isFocused { rowGrab = nil }  // a carried row is put down where it is
        refreshSelectionMarks()
    }

    /// With `onMoveRow`, X picks up the cursor row for the D-pad to carry (List+Reorder.swift).
    open override func controllerButton(_ event: ControllerButtonEvent) -> Bool {
        controllerGrabPress(event) || super.controllerButton(event)
    }

    // MARK: - Selection

    /// Replaces the selection (ids of any items; not reported to `onSelectionChange`).
    public func setSelection(_ ids: Set<AnyHashable>) {
        selection = selectionMode == .none ? [] : ids
        refreshSelectionMarks()
    }

    /// Applies a user's choice of the row at `index` (a click or a key), with the modifiers' meaning.
    public func selectRow(_ index: Int, extending: Bool = false, toggling: Bool = false) {
        guard selectionMode != .none, index >= 0, index < rowCount else { return }
        var choice = ItemSelection(ids: selection, anchor: selectionAnchor)
        choice.choose(index, mode: selectionMode, extending: extending, toggling: toggling, cursor: cursorIndex,
                      id: rowIDProvider)
        selection = choice.ids
        selectionAnchor = choice.anchor
        cursorIndex = index
        refreshSelectionMarks()
        scrollToRow(index)
        onSelectionChange?(selection)
    }

    /// With `onMoveRow`, a mouse press on a row may pick it up (List+Reorder.swift); else the scroll view's.
    open override func pointerDown(_ event: PointerEvent) {
        if !pressForRowDrag(event) { super.pointerDown(event) }
    }

    /// A held row follows the pointer; else the scroll view's drag.
    open override func pointerMoved(_ event: PointerEvent) {
        if !moveForRowDrag(event) { super.pointerMoved(event) }
    }

    /// A held row is dropped; else the scroll view's release.
    open override func pointerUp(_ event: PointerEvent) {
        if !releaseForRowDrag(event, cancelled: false) { super.pointerUp(event) }
    }

    /// A held row goes back to its place; else the scroll view's cancel.
    open override func pointerCancelled(_ event: PointerEvent) {
        if !releaseForRowDrag(event, cancelled: true) { super.pointerCancelled(event) }
    }

    /// A click that did not drag selects the row under it.
    open override func didTap(at location: Point, event: PointerEvent) {
        if let pinned = pinnedHeader, !pinned.isHidden, pinned.frame.contains(location) { return }
        let along = axis == .horizontal ? location.x + contentOffset.x : location.y + contentOffset.y
        guard let index = rowIndex(atDocumentOffset: along), !isSectionHeader(index) else { return }
        selectRow(index, extending: event.modifiers.contains(.shift),
                  toggling: event.modifiers.contains(.control) || event.modifiers.contains(.command))
    }

    /// Up and Down (Left and Right, in a horizontal list) move the cursor, except toward the list's ends from its
    /// first and last rows (section headers aside): those move focus on (to the view that way, docs/focus.md), so
    /// arrows and the D-pad can leave a list at its ends. Lists without selection scroll as a scroll view does.
    open override func handlesDirection(_ direction: FocusDirection) -> Bool {
        if rowGrab != nil { return true }  // a carried row keeps focus here, even at the ends
        guard selectionMode != .none, rowCount > 0 else { return super.handlesDirection(direction) }
        let (back, forward): (FocusDirection, FocusDirection) = axis == .horizontal ? (.left, .right) : (.up, .down)
        guard let c = cursorIndex else { return direction == back || direction == forward }
        // Header rows are passed over (List+Sections.swift): the end is the last row that is not one.
        var r = c
        switch direction {
        case back: repeat { r -= 1 } while r >= 0 && isSectionHeader(r); return r >= 0
        case forward: repeat { r += 1 } while r < rowCount && isSectionHeader(r); return r < rowCount
        default: return false
        }
    }

    /// Moves the cursor and the selection; other keys scroll as a scroll view does.
    open override func keyDown(_ event: KeyEvent) {
        guard selectionMode != .none, rowCount > 0 else { super.keyDown(event); return }
        if event.modifiers.contains(.alt) || rowGrab != nil, moveCursorRow(for: event.key) { return }
        let current = cursorIndex
        let horizontal = axis == .horizontal
        let page = max(1, Int((horizontal ? bounds.width : bounds.height) / max(1, rowHeight(current ?? 0))) - 1)
        let target: Int
        switch event.key {
        case .up where !horizontal, .left where horizontal: target = current.map { $0 - 1 } ?? 0
        case .down where !horizontal, .right where horizontal: target = current.map { $0 + 1 } ?? 0
        case .pageUp: target = (current ?? 0) - page
        case .pageDown: target = (current ?? 0) + page
        case .home: target = 0
        case .end: target = rowCount - 1
        case .character(" ") where selectionMode == .multiple:
            if let c = current { selectRow(c, toggling: true) }
            return
        default: super.keyDown(event); return
        }
        let clamped = min(max(target, 0), rowCount - 1)
        guard let row = skippingHeaders(from: clamped, toward: clamped >= (current ?? -1) ? 1 : -1) else { return }
        selectRow(row, extending: event.modifiers.contains(.shift))
    }
}
