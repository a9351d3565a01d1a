// Horizontal lazy grids (LazyGrid(rows:itemWidth:), a carousel or shelf): items fill columns top to bottom and columns
// run left to right; only the cells of the columns in or near the viewport exist for 100,000 items; frames, hit tests
// (not the spacing), the plain wheel and the keys scroll it sideways, the arrows move the cursor spatially and leave
// at the edges, clicks select, scripts and scrollToItem scroll to an item's column, adaptive rows follow the height,
// errors name rows and widths. The vertical grid's own tests (LazyGridTests.swift) run unchanged.
import XCTest
import GlasspaneCore
@testable import GlasspaneOverlay

final class HorizontalLazyGridTests: XCTestCase {
    typealias CellContent = LazyGridTests.CellContent
    typealias Box = LazyGridUpdateTests.Box

    /// A horizontal grid of `count` items ("item N", ids the strings) in a 600x400 viewport at (20, 40): 50-point-wide
    /// cells, 10 points of spacing (a column every 60 points); 5 fixed rows are 72 points tall, at y 0, 82, 164, 246,
    /// 328. `height`: the grid's height (400).
    private func makeGrid(count: Int, rows: GridRows = .fixed(5), mode: ListSelectionMode = .single,
                          height: Double = 400) throws -> (Overlay, LazyGrid, Box) {
        let box = Box((0..<count).map { "item \($0)" })
        let overlay = Overlay(windowSize: Size(width: 1200, height: 700))
        let ui = overlay.addLayer(name: "ui", level: 0)
        let grid = try LazyGrid(identifier: "grid", itemCount: count, rows: rows, itemWidth: 50, spacing: 10,
                                itemID: { AnyHashable(box.items[$0]) },
                                makeCell: { CellContent() },
                                configureCell: { view, index in (view as! CellContent).label.text = box.items[index] })
        grid.selectionMode = mode
        grid.preferredWidth = 600
        grid.preferredHeight = height
        ui.addSubview(grid, at: Point(x: 20, y: 40))
        overlay.advanceAnimations(to: 0)
        overlay.update()
        return (overlay, grid, box)
    }

    /// A click at a document point of the grid (window = document + (20, 40) - offset).
    private func click(_ overlay: Overlay, _ grid: LazyGrid, x: Double, y: Double, modifiers: KeyModifiers = []) {
        let p = Point(x: 20 + x - grid.contentOffset.x, y: 40 + y - grid.contentOffset.y)
        overlay.route(.pointerDown(PointerEvent(location: p, modifiers: modifiers)))
        overlay.route(.pointerUp(PointerEvent(location: p, modifiers: modifiers)))
        overlay.update()
    }

    private func press(_ overlay: Overlay, _ k: Key, modifiers: KeyModifiers = []) {
        overlay.route(.key(KeyEvent(key: k, modifiers: modifiers)))
        overlay.route(.key(KeyEvent(key: k, isDown: false, modifiers: modifiers)))
        overlay.update()
    }

    private func pad(_ overlay: Overlay, _ b: ControllerButton) {
        overlay.route(.controllerButton(ControllerButtonEvent(button: b, phase: .down)))
        overlay.route(.controllerButton(ControllerButtonEvent(button: b, phase: .up)))
    }

    func testOnlyTheCellsOfTheWindowsColumnsExistFor100000Items() throws {
        let (overlay, grid, _) = try makeGrid(count: 100_000)
        XCTAssertEqual(grid.axis, .horizontal)
        XCTAssertEqual(grid.axes, .horizontal, "it scrolls sideways only")
        XCTAssertEqual(grid.rowCount, 5)
        XCTAssertEqual(grid.columnCount, 20_000)
        XCTAssertEqual(grid.itemsPerLine, 5)
        // A steady window of columns: (600 + 2 x 64 overscan) / 60 = 12.1 columns, so 14, 5 cells each.
        XCTAssertEqual(grid.liveCellCount, 70)
        XCTAssertEqual(grid.cellsCreated, 70)
        XCTAssertEqual(grid.liveCellViews.map(\.index), Array(0..<70))
        XCTAssertEqual(grid.contentSize, Size(width: 20_000 * 50 + 19_999 * 10, height: 400))
        XCTAssertEqual(grid.maximumOffset.y, 0)
        grid.contentOffset = Point(x: 600_000, y: 0)  // column 10,000 at the left
        overlay.update()
        // 64 points of overscan to the left: from column (600,000 − 64)/60 = 9998, fourteen columns.
        XCTAssertEqual(grid.liveCellViews.map(\.index), Array(49_990..<50_060))
        XCTAssertEqual(grid.cellsCreated, 70, "cells are recycled, not made per item")
        XCTAssertLessThanOrEqual(grid.documentView.subviews.count, 70)
        let cell = try XCTUnwrap(grid.cellView(at: 50_002))
        XCTAssertEqual(cell.windowFrame, Rect(x: 20, y: 40 + 164, width: 50, height: 72))
        XCTAssertEqual((cell.content as! CellContent).label.text, "item 50002")
        // A scroll of one column configures the five cells that come in, and no more.
        let configured = grid.cellsConfigured
        grid.contentOffset = Point(x: 600_060, y: 0)
        overlay.update()
        XCTAssertEqual(grid.cellsConfigured - configured, 5)
        XCTAssertEqual(grid.liveCellCount, 70)
        XCTAssertEqual(grid.cellsCreated, 70)
    }

    func testItemFramesFillColumnsTopToBottom() throws {
        let (_, grid, _) = try makeGrid(count: 23)
        // 23 items: five columns, the last holding items 20...22 in its first three rows.
        let table: [(index: Int, frame: Rect)] = [
            (0, Rect(x: 0, y: 0, width: 50, height: 72)),
            (1, Rect(x: 0, y: 82, width: 50, height: 72)),
            (4, Rect(x: 0, y: 328, width: 50, height: 72)),
            (5, Rect(x: 60, y: 0, width: 50, height: 72)),
            (7, Rect(x: 60, y: 164, width: 50, height: 72)),
            (18, Rect(x: 180, y: 246, width: 50, height: 72)),
            (22, Rect(x: 240, y: 164, width: 50, height: 72)),
        ]
        for (index, frame) in table {
            XCTAssertEqual(grid.itemFrame(index), frame, "item \(index)")
            XCTAssertEqual(grid.cellView(at: index)?.frame, frame, "item \(index)'s cell")
        }
        XCTAssertEqual(grid.contentSize, Size(width: 5 * 50 + 4 * 10, height: 400))
        XCTAssertEqual(grid.liveCellCount, 23)
        // Adaptive rows: (400 + 10) / (100 + 10) = 3.7, three rows of (400 - 20) / 3 = 126.7 points, on whole points.
        let (_, adaptive, _) = try makeGrid(count: 10, rows: .adaptive(minimumHeight: 100))
        XCTAssertEqual(adaptive.rowCount, 3)
        XCTAssertEqual(adaptive.columnCount, 4)
        let adaptiveTable: [(index: Int, frame: Rect)] = [
            (0, Rect(x: 0, y: 0, width: 50, height: 127)),
            (1, Rect(x: 0, y: 137, width: 50, height: 126)),
            (2, Rect(x: 0, y: 273, width: 50, height: 127)),
            (3, Rect(x: 60, y: 0, width: 50, height: 127)),
            (9, Rect(x: 180, y: 0, width: 50, height: 127)),
        ]
        for (index, frame) in adaptiveTable { XCTAssertEqual(adaptive.cellView(at: index)?.frame, frame, "item \(index)") }
        XCTAssertEqual(adaptive.itemsPerLine(across: 50), 1, "shorter than one cell: still one row")
    }

    func testAdaptiveRowsFollowTheHeightAndAResizeKeepsTheLeftItemInSight() throws {
        let (overlay, grid, _) = try makeGrid(count: 1000, rows: .adaptive(minimumHeight: 100))
        XCTAssertEqual(grid.rowCount, 3)
        grid.scrollToItemAtTop(300)  // column 100
        overlay.update()
        XCTAssertEqual(grid.contentOffset, Point(x: 6000, y: 0))
        grid.preferredHeight = 250  // (250 + 10) / 110 = 2.4: two rows of 120 points
        overlay.update()
        XCTAssertEqual(grid.rowCount, 2)
        XCTAssertEqual(grid.columnCount, 500)
        XCTAssertEqual(grid.contentOffset.x, 150 * 60, "item 300, at the top left before, is in the first column")
        XCTAssertEqual(grid.cellView(at: 300)?.frame, Rect(x: 9000, y: 0, width: 50, height: 120))
        XCTAssertEqual(grid.cellView(at: 301)?.frame, Rect(x: 9000, y: 130, width: 50, height: 120))
    }

    func testHitTestingFindsTheItemUnderAPointAndNotTheSpacing() throws {
        let (overlay, grid, _) = try makeGrid(count: 23)
        let table: [(point: Point, index: Int?)] = [
            (Point(x: 25, y: 30), 0),
            (Point(x: 0, y: 0), 0),
            (Point(x: 49.9, y: 71.9), 0),
            (Point(x: 25, y: 75), nil),  // between rows 0 (ends at 72) and 1 (starts at 82)
            (Point(x: 55, y: 30), nil),  // between columns 0 (ends at 50) and 1 (starts at 60)
            (Point(x: 65, y: 90), 6),
            (Point(x: 245, y: 170), 22),  // the last item: column 4, row 2
            (Point(x: 245, y: 250), nil),  // column 4, row 3: after the last item
            (Point(x: 300, y: 10), nil),  // past the last column
            (Point(x: -1, y: 10), nil),
            (Point(x: 10, y: 400), nil),  // below the rows
            (Point(x: .nan, y: 10), nil),
        ]
        for (point, index) in table { XCTAssertEqual(grid.itemIndex(atDocumentPoint: point), index, "\(point)") }
        click(overlay, grid, x: 65, y: 90)
        XCTAssertEqual(grid.selection, ["item 6"])
        XCTAssertTrue(grid.isFocused)
        XCTAssertEqual(grid.cellView(at: 6)?.backgroundColor, grid.selectionColor)
        XCTAssertEqual(grid.cellView(at: 6)?.hasCursor, true)
        click(overlay, grid, x: 55, y: 30)  // the spacing
        click(overlay, grid, x: 245, y: 250)  // after the last item
        XCTAssertEqual(grid.selection, ["item 6"], "neither selects anything")
        // Scrolled: the click lands on the cell drawn under it.
        let (big, wide, _) = try makeGrid(count: 1000)
        wide.contentOffset = Point(x: 1_230, y: 0)
        big.update()
        click(big, wide, x: 1_265, y: 90)  // column 21, row 1
        XCTAssertEqual(wide.selection, ["item 106"])
    }

    /// A plain wheel scrolls it sideways (as a horizontal list, `verticalWheelScrollsHorizontally`), so does a
    /// sideways wheel; keys without selection scroll as a horizontal scroll view; the in-place repaint of each notch
    /// is what painting everything gives.
    func testTheWheelAndTheKeysScrollItSideways() throws {
        let (overlay, grid, _) = try makeGrid(count: 100_000, mode: .none)
        let ui = try XCTUnwrap(grid.layer)
        XCTAssertTrue(grid.verticalWheelScrollsHorizontally)
        overlay.route(.wheel(location: grid.windowFrame.center, dx: 0, dy: -1))
        overlay.update()
        XCTAssertEqual(grid.contentOffset, Point(x: 40, y: 0), "a notch down moves right")
        for notch in 2...20 {
            let full = ui.stats.fullRepaints, configured = grid.cellsConfigured
            let before = Set(grid.liveCellViews.map(\.index))
            overlay.route(.wheel(location: grid.windowFrame.center, dx: 0, dy: -1))
            overlay.update()
            let entered = grid.liveCellViews.filter { !before.contains($0.index) }.count
            XCTAssertEqual(ui.stats.fullRepaints, full, "notch \(notch): nothing is painted again as a whole")
            XCTAssertEqual(grid.cellsConfigured - configured, entered, "notch \(notch): only the cells that came in")
            XCTAssertEqual(grid.liveCellCount, 70)
            let inPlace = ui.drawList
            ui.needsFullRepaint = true
            ui.paintIfNeeded()
            XCTAssertEqual(ui.drawList, inPlace, "notch \(notch): the in-place repaint is what painting everything gives")
        }
        XCTAssertEqual(grid.contentOffset, Point(x: 800, y: 0))
        XCTAssertEqual(grid.cellsCreated, 70)
        overlay.route(.wheel(location: grid.windowFrame.center, dx: 2, dy: 0))  // a sideways wheel: two lines left
        overlay.update()
        XCTAssertEqual(grid.contentOffset, Point(x: 720, y: 0))
        overlay.focus(grid)
        press(overlay, .right)
        XCTAssertEqual(grid.contentOffset, Point(x: 760, y: 0))
        press(overlay, .down)
        XCTAssertEqual(grid.contentOffset, Point(x: 760, y: 0), "Down does not scroll a horizontal grid")
        press(overlay, .pageDown)  // a viewport less a line
        XCTAssertEqual(grid.contentOffset, Point(x: 760 + 560, y: 0))
        press(overlay, .end)
        XCTAssertEqual(grid.contentOffset, Point(x: grid.contentSize.width - 600, y: 0))
        XCTAssertEqual(grid.liveCellViews.last?.index, 99_999)
        press(overlay, .home)
        XCTAssertEqual(grid.contentOffset, .zero)
    }

    func testArrowsMoveTheCursorSpatially() throws {
        // 23 items: column 4 holds items 20...22.
        let (overlay, grid, _) = try makeGrid(count: 23, mode: .multiple)
        click(overlay, grid, x: 25, y: 110)  // item 1
        press(overlay, .down)
        XCTAssertEqual(grid.cursorIndex, 2, "Down: the next item in the column")
        press(overlay, .up); press(overlay, .up)
        XCTAssertEqual(grid.cursorIndex, 0)
        press(overlay, .right)
        XCTAssertEqual(grid.cursorIndex, 5, "Right: the next column, same row")
        for _ in 0..<4 { press(overlay, .down) }
        XCTAssertEqual(grid.cursorIndex, 9)
        XCTAssertFalse(grid.handlesDirection(.down), "the bottom row is the grid's edge")
        XCTAssertTrue(grid.handlesDirection(.right))
        grid.keyDown(KeyEvent(key: .down))
        XCTAssertEqual(grid.cursorIndex, 10, "with nowhere to go, Down goes on to the next column's top")
        press(overlay, .right); press(overlay, .right)
        XCTAssertEqual(grid.cursorIndex, 20)
        XCTAssertFalse(grid.handlesDirection(.right), "the last column")
        click(overlay, grid, x: 185, y: 250)  // item 18: column 3, row 3
        press(overlay, .right)
        XCTAssertEqual(grid.cursorIndex, 22, "row 3 of the last column is empty: the last item")
        XCTAssertEqual(grid.selection, ["item 22"])
        XCTAssertFalse(grid.handlesDirection(.down), "the last item")
        press(overlay, .left)
        XCTAssertEqual(grid.cursorIndex, 17)
        press(overlay, .down, modifiers: .shift)
        XCTAssertEqual(grid.selection, ["item 17", "item 18"], "Shift extends")
        press(overlay, .home)
        XCTAssertEqual(grid.cursorIndex, 0)
        XCTAssertFalse(grid.handlesDirection(.left))
        XCTAssertFalse(grid.handlesDirection(.up))
        press(overlay, .end)
        XCTAssertEqual(grid.cursorIndex, 22)
    }

    func testTheCursorIsScrolledIntoSightAndPagesGoByViewports() throws {
        let (overlay, grid, _) = try makeGrid(count: 1000)
        click(overlay, grid, x: 25, y: 170)  // item 2
        for _ in 0..<10 { press(overlay, .right) }
        XCTAssertEqual(grid.cursorIndex, 52)
        XCTAssertEqual(grid.contentOffset, Point(x: 10 * 60 + 50 - 600, y: 0), "the least scroll that shows column 10")
        let cell = try XCTUnwrap(grid.cellView(at: 52))
        XCTAssertTrue(cell.hasCursor)
        XCTAssertEqual(cell.windowFrame.maxX, grid.windowFrame.maxX)
        press(overlay, .pageDown)  // 600 / 60 = 10 columns, less one
        XCTAssertEqual(grid.cursorIndex, 52 + 9 * 5)
        press(overlay, .end)
        XCTAssertEqual(grid.cursorIndex, 999)
        XCTAssertEqual(grid.contentOffset.x, 200 * 50 + 199 * 10 - 600)
        press(overlay, .pageUp)
        XCTAssertEqual(grid.cursorIndex, 999 - 45)
        press(overlay, .home)
        XCTAssertEqual(grid.contentOffset, .zero)
    }

    func testControlTogglesAndShiftExtendsARangeOfItems() throws {
        let (overlay, grid, _) = try makeGrid(count: 100, mode: .multiple)
        var reported: [Set<AnyHashable>] = []
        grid.onSelectionChange = { reported.append($0) }
        click(overlay, grid, x: 25, y: 170)  // item 2
        click(overlay, grid, x: 185, y: 25, modifiers: .control)  // item 15
        XCTAssertEqual(grid.selection, ["item 2", "item 15"], "control-click adds")
        click(overlay, grid, x: 25, y: 170, modifiers: .control)
        XCTAssertEqual(grid.selection, ["item 15"], "control-click toggles off")
        click(overlay, grid, x: 85, y: 250)  // item 8
        click(overlay, grid, x: 125, y: 90, modifiers: .shift)  // item 11
        XCTAssertEqual(grid.selection, Set((8...11).map { AnyHashable("item \($0)") }), "shift-click extends")
        XCTAssertEqual(grid.liveCellViews.filter(\.isSelected).map(\.index), [8, 9, 10, 11])
        press(overlay, .right, modifiers: .shift)  // the cursor from 11 to 16, the range from 8
        XCTAssertEqual(grid.selection, Set((8...16).map { AnyHashable("item \($0)") }))
        XCTAssertEqual(reported.count, 6)
        XCTAssertEqual(grid.scriptValue(of: "highlighted"), "16")
    }

    /// Buttons on each side of the grid: the arrows and the D-pad walk into the grid, through it, and out of each edge.
    func testArrowsAndTheDPadLeaveTheGridAtItsEdges() throws {
        let overlay = Overlay(windowSize: Size(width: 1200, height: 700))
        let ui = overlay.addLayer(name: "ui", level: 0)
        // 12 items in 3 rows: 4 columns, 230 points wide.
        let grid = try LazyGrid(identifier: "grid", itemCount: 12, rows: .fixed(3), itemWidth: 50, spacing: 10,
                                makeCell: { CellContent() }, configureCell: { view, i in (view as! CellContent).label.text = "\(i)" })
        grid.preferredWidth = 400; grid.preferredHeight = 170
        let above = Button(identifier: "above", title: "Above"), below = Button(identifier: "below", title: "Below")
        let left = Button(identifier: "left", title: "Left"), right = Button(identifier: "right", title: "Right")
        ui.addSubview(VStack(spacing: 8, [above, HStack(spacing: 8, [left, grid, right]), below]), at: Point(x: 20, y: 20))
        overlay.advanceAnimations(to: 0)
        overlay.update()
        overlay.focus(left)
        pad(overlay, .dpadRight)
        XCTAssertTrue(grid.isFocused, "the D-pad walks into the grid")
        pad(overlay, .dpadRight)
        XCTAssertEqual(grid.cursorIndex, 0, "the first press selects the first item")
        for _ in 0..<3 { pad(overlay, .dpadRight) }
        XCTAssertEqual(grid.cursorIndex, 9, "column by column")
        for _ in 0..<2 { pad(overlay, .dpadDown) }
        XCTAssertEqual(grid.cursorIndex, 11)
        pad(overlay, .dpadRight)
        XCTAssertTrue(right.isFocused, "Right in the last column leaves the grid")
        overlay.focus(grid)
        pad(overlay, .dpadDown)
        XCTAssertTrue(below.isFocused, "Down in the bottom row leaves it")
        XCTAssertEqual(grid.cursorIndex, 11)

        overlay.focus(grid)
        press(overlay, .home)
        press(overlay, .left)
        XCTAssertTrue(left.isFocused, "Left in the first column leaves it")
        overlay.focus(grid)
        press(overlay, .down)
        XCTAssertEqual(grid.cursorIndex, 1)
        press(overlay, .up)
        XCTAssertTrue(grid.isFocused)
        press(overlay, .up)
        XCTAssertTrue(above.isFocused, "Up in the top row leaves it")
        XCTAssertEqual(grid.cursorIndex, 0)
    }

    func testScrollToItemAndScriptsScrollToAnItemsColumn() throws {
        let (overlay, grid, _) = try makeGrid(count: 1000)
        grid.scrollToItem(52)
        XCTAssertEqual(grid.contentOffset, Point(x: 10 * 60 + 50 - 600, y: 0), "the least scroll: column 10 at the right")
        grid.scrollToItem(3)
        XCTAssertEqual(grid.contentOffset, .zero)
        grid.scrollToItemAtTop(53)
        XCTAssertEqual(grid.contentOffset, Point(x: 600, y: 0), "column 10 at the leading (left) edge")
        try overlay.scroll(viewWithIdentifier: "grid", to: .row(502, nearest: false))
        XCTAssertEqual(grid.contentOffset, Point(x: 100 * 60, y: 0), "item 502's column at the left")
        try overlay.scroll(viewWithIdentifier: "grid", to: .row(0, nearest: true))
        XCTAssertEqual(grid.contentOffset, .zero)
        try overlay.scroll(viewWithIdentifier: "grid", to: .row(999, nearest: false))
        XCTAssertEqual(grid.contentOffset, Point(x: grid.maximumOffset.x, y: 0), "as near as the end allows")
        XCTAssertThrowsError(try overlay.scroll(viewWithIdentifier: "grid", to: .row(1000, nearest: false))) {
            XCTAssertEqual(($0 as? ScrollRequestError)?.identifier, "not-scrollable")
        }
        try overlay.scroll(viewWithIdentifier: "grid", to: .row(502, nearest: true), animated: true)
        for frame in 1...120 { overlay.advanceAnimations(to: Double(frame) / 60); overlay.update() }
        XCTAssertEqual(grid.contentOffset.x, 100 * 60, accuracy: 0.5, "animated: the least scroll back to column 100")
        XCTAssertEqual(grid.cellView(at: 502)?.frame.minX, 6000)
    }

    func testLimitsAreCheckedWithClearErrors() throws {
        func attempt(_ rows: GridRows = .fixed(3), width: Double = 40, spacing: Double = 4) -> LazyGridError? {
            do {
                _ = try LazyGrid(itemCount: 10, rows: rows, itemWidth: width, spacing: spacing,
                                 makeCell: { View() }, configureCell: { _, _ in })
                return nil
            } catch { return error }
        }
        XCTAssertNil(attempt())
        XCTAssertEqual(attempt(.fixed(0)), .rowsInvalid(.fixed(0)))
        XCTAssertEqual(attempt(.fixed(0))?.identifier, "lazy-grid-rows-invalid")
        XCTAssertEqual(attempt(.fixed(LazyGrid.maximumColumnCount + 1))?.identifier, "lazy-grid-rows-invalid")
        XCTAssertEqual(attempt(.adaptive(minimumHeight: .nan))?.identifier, "lazy-grid-rows-invalid")
        XCTAssertEqual(attempt(width: 0), .itemWidthOutOfRange(0))
        XCTAssertEqual(attempt(width: .infinity)?.identifier, "lazy-grid-item-width-out-of-range")
        XCTAssertEqual(attempt(spacing: -1)?.identifier, "lazy-grid-spacing-out-of-range")
        XCTAssertEqual(LazyGridError.rowsInvalid(.fixed(0)).description, "lazy grid row count 0 is outside 1...1000")
        XCTAssertEqual(LazyGridError.rowsInvalid(.adaptive(minimumHeight: 0)).description,
                       "lazy grid minimum row height 0.0 is outside 1...10000.0 points")
        XCTAssertEqual(LazyGridError.itemWidthOutOfRange(0).description, "lazy grid item width 0.0 is outside 1...10000.0 points")
        let (overlay, grid, _) = try makeGrid(count: 100)
        grid.contentOffset = Point(x: 500, y: 0)
        XCTAssertThrowsError(try grid.reloadData(itemCount: -1))
        try grid.reloadData(itemCount: 7)
        overlay.update()
        XCTAssertEqual(grid.contentOffset, .zero, "clamped to the new end")
        XCTAssertEqual(grid.liveCellViews.map(\.index), Array(0..<7))
        try grid.reloadData(itemCount: 0)
        overlay.update()
        XCTAssertEqual(grid.liveCellCount, 0)
        XCTAssertEqual(grid.contentSize, Size(width: 0, height: 400))
        XCTAssertNil(grid.itemIndex(atDocumentPoint: Point(x: 10, y: 10)))
    }
}
