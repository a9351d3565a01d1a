// Lazy grids (issue 29): only the cells of the window's rows exist for 100,000 items, adaptive columns follow the
// width, a click selects the item under it (not the spacing, not the room after the last item), Control toggles and
// Shift extends, arrows move by item and by row, the cursor is scrolled into sight, the arrows and the D-pad leave the
// grid at its edges, cells keep their views while they stay in the window, scripts scroll it, limits.
import XCTest
import GlasspaneCore
@testable import GlasspaneOverlay

private func gridPad(_ b: ControllerButton) -> [InputEvent] {
    [.controllerButton(ControllerButtonEvent(button: b, phase: .down)), .controllerButton(ControllerButtonEvent(button: b, phase: .up))]
}

final class LazyGridTests: XCTestCase {
    /// Cell content that remembers state of its own (what a kept view carries along).
    final class CellContent: View {
        let label = Label(text: "")
        var note = ""
        init() {
            super.init()
            addSubview(label, at: Point(x: 4, y: 4))
        }
    }

    final class Box { var items: [String]; init(_ items: [String]) { self.items = items } }

    /// A grid of `count` items ("item N", ids the strings) in a 600x400 viewport at (20, 40): 50-point cells, 10
    /// points of spacing (a row every 60 points); 5 fixed columns are 112 points wide, at x 0, 122, 244, 366, 488.
    /// `windowWidth`: with one, the grid has no preferred width and fills the window's width right of x 20.
    private func makeGrid(count: Int, columns: GridColumns = .fixed(5), mode: ListSelectionMode = .single,
                          windowWidth: Double? = nil) throws -> (Overlay, LazyGrid, Box) {
        let box = Box((0..<count).map { "item \($0)" })
        let overlay = Overlay(windowSize: Size(width: windowWidth ?? 1200, height: 700))
        let ui = overlay.addLayer(name: "ui", level: 0)
        let grid = try LazyGrid(identifier: "grid", itemCount: count, columns: columns, itemHeight: 50, spacing: 10,
                                itemID: { AnyHashable(box.items[$0]) },
                                makeCell: { CellContent() },
                                configureCell: { view, index in (view as! CellContent).label.text = box.items[index] })
        grid.selectionMode = mode
        grid.preferredWidth = windowWidth == nil ? 600 : nil
        grid.preferredHeight = 400
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

    func testOnlyTheCellsOfTheWindowsRowsExistFor100000Items() throws {
        let (overlay, grid, _) = try makeGrid(count: 100_000)
        // A steady window of rows: (400 + 2 x 64 overscan) / 60 = 8.8 rows, so 10 (it can cut into one at each end),
        // 5 cells each.
        XCTAssertEqual(grid.columnCount, 5)
        XCTAssertEqual(grid.liveCellCount, 50)
        XCTAssertEqual(grid.cellsCreated, 50)
        XCTAssertEqual(grid.liveCellViews.map(\.index), Array(0..<50))
        XCTAssertEqual(grid.contentSize.height, 20_000 * 50 + 19_999 * 10)
        grid.contentOffset = Point(x: 0, y: 600_000)  // row 10,000 at the top
        overlay.update()
        // 64 points of overscan above: from row (600,000 − 64)/60 = 9998, ten rows.
        XCTAssertEqual(grid.liveCellViews.map(\.index), Array(49_990..<50_040))
        XCTAssertEqual(grid.cellsCreated, 50, "cells are recycled, not made per item")
        XCTAssertLessThanOrEqual(grid.documentView.subviews.count, 50)
        let cell = try XCTUnwrap(grid.cellView(at: 50_002))
        XCTAssertEqual(cell.windowFrame, Rect(x: 20 + 244, y: 40, width: 112, height: 50))
        XCTAssertEqual((cell.content as! CellContent).label.text, "item 50002")
        // A scroll of one row configures the five cells that come in, and no more.
        let configured = grid.cellsConfigured
        grid.contentOffset = Point(x: 0, y: 600_060)
        overlay.update()
        XCTAssertEqual(grid.cellsConfigured - configured, 5)
        XCTAssertEqual(grid.liveCellCount, 50)
        XCTAssertEqual(grid.cellsCreated, 50)
    }

    /// The document is an offset group and the window a steady number of rows: a notch moves the cells that leave
    /// to the other end and repaints them in place (OverlayLayer+Offsets.swift), never the whole layer.
    func testAWheelNotchRepaintsOnlyTheCellsThatEnter() throws {
        let (overlay, grid, _) = try makeGrid(count: 100_000)
        let ui = try XCTUnwrap(grid.layer)
        grid.setSelection(["item 12", "item 40"])  // selected cells scroll out and their views come back unselected
        overlay.route(.wheel(location: grid.windowFrame.center, dx: 0, dy: -1))  // shows the scroll bar
        overlay.update()
        for notch in 2...20 {
            let full = ui.stats.fullRepaints, configured = grid.cellsConfigured
            let before = Set(grid.liveCellViews.map(\.index))
            overlay.route(.wheel(location: grid.windowFrame.center, dx: 0, dy: -1))
            overlay.update()
            let entered = grid.liveCellViews.filter { !before.contains($0.index) }.count
            XCTAssertEqual(ui.stats.fullRepaints, full, "notch \(notch): nothing is painted again as a whole")
            XCTAssertEqual(grid.cellsConfigured - configured, entered, "notch \(notch): only the cells that came in")
            XCTAssertEqual(grid.liveCellCount, 50)
            let inPlace = ui.drawList
            ui.needsFullRepaint = true
            ui.paintIfNeeded()
            XCTAssertEqual(ui.drawList, inPlace, "notch \(notch): the in-place repaint is what painting everything gives")
        }
        XCTAssertEqual(grid.cellsCreated, 50)
    }

    /// A step that keeps the window's cells (a touchpad's 2 points; a 60-point line comes in every 30 steps) lays
    /// nothing out, vertical and horizontal, and the window is still the one a layout would place.
    func testStepsThatKeepTheWindowsCellsLayNothingOut() throws {
        for axis in [ListAxis.vertical, .horizontal] {
            let (overlay, grid, _) = try LazyGridFixture.makeGrid(count: 10_000, axis: axis)
            let ui = try XCTUnwrap(grid.layer)
            overlay.route(.wheel(location: grid.windowFrame.center, dx: 0, dy: -1))  // shows the scroll bar
            overlay.update()
            let (kept, laidOut) = stepsKeepingTheWindow(overlay, ui, grid, steps: 90) { grid.liveCellViews.map(\.index) }
            XCTAssertGreaterThan(kept, 80, "\(axis): most steps keep the window")
            XCTAssertEqual(laidOut, 0, "\(axis): a step that keeps the window lays nothing out")
        }
    }

    /// At the end the window reaches back to its steady count, so the last notches move cells too.
    func testTheLastNotchesRepaintInPlace() throws {
        let (overlay, grid, _) = try makeGrid(count: 200)  // 40 rows of 5, a 2,390-point document
        let ui = try XCTUnwrap(grid.layer)
        grid.contentOffset = Point(x: 0, y: 1_700)
        overlay.route(.wheel(location: grid.windowFrame.center, dx: 0, dy: -1))  // shows the scroll bar
        overlay.update()
        var notches = 0
        while grid.contentOffset.y < grid.maximumOffset.y {
            let full = ui.stats.fullRepaints
            overlay.route(.wheel(location: grid.windowFrame.center, dx: 0, dy: -1))
            overlay.update()
            notches += 1
            XCTAssertEqual(ui.stats.fullRepaints, full, "offset \(grid.contentOffset.y): no full repaint")
            XCTAssertEqual(grid.liveCellCount, 50, "offset \(grid.contentOffset.y): a steady window")
        }
        XCTAssertGreaterThan(notches, 4)
        XCTAssertEqual(grid.liveCellViews.last?.index, 199)
    }

    func testAdaptiveColumnsFollowTheWidthAndAResizeKeepsTheTopItemInSight() throws {
        let (overlay, grid, _) = try makeGrid(count: 1000, columns: .adaptive(minimumWidth: 100), windowWidth: 620)
        // (600 + 10) / (100 + 10) = 5.5: five columns of 112 points.
        XCTAssertEqual(grid.columnCount, 5)
        XCTAssertEqual(grid.cellView(at: 5)?.frame, Rect(x: 0, y: 60, width: 112, height: 50))
        XCTAssertEqual(grid.columnCount(forWidth: 1000), 9, "(1000 + 10) / 110 = 9.2")
        XCTAssertEqual(grid.columnCount(forWidth: 50), 1, "narrower than one cell: still one column")
        grid.scrollToItemAtTop(500)  // row 100
        overlay.update()
        XCTAssertEqual(grid.contentOffset.y, 6000)
        overlay.windowSize = Size(width: 360, height: 700)  // the grid is 340 points wide
        overlay.update()
        // (340 + 10) / 110 = 3.2: three columns of (340 - 20) / 3 = 106.7 points, on whole points.
        XCTAssertEqual(grid.columnCount, 3)
        XCTAssertEqual(grid.rowCount, 334)
        XCTAssertEqual(grid.contentOffset.y, 166 * 60, "item 500, at the top left before, is in the top row")
        XCTAssertEqual(grid.cellView(at: 499)?.frame, Rect(x: 117, y: 166 * 60, width: 106, height: 50))
        XCTAssertEqual(grid.cellView(at: 500)?.frame, Rect(x: 233, y: 166 * 60, width: 107, height: 50))
        XCTAssertEqual(grid.liveCellViews.first?.index, 164 * 3, "the new rows' window: from row (9960 - 64) / 60 = 164")
        XCTAssertEqual(grid.liveCellCount, 30)
    }

    func testAClickSelectsTheItemUnderItAndNotTheSpacingOrTheRoomAfterTheLastItem() throws {
        // 23 items: the last row holds items 20...22 in its first three columns.
        let (overlay, grid, _) = try makeGrid(count: 23)
        var reported: [Set<AnyHashable>] = []
        grid.onSelectionChange = { reported.append($0) }
        click(overlay, grid, x: 300, y: 85)  // row 1, column 2
        XCTAssertEqual(grid.selection, ["item 7"])
        XCTAssertTrue(grid.isFocused)
        XCTAssertEqual(grid.cellView(at: 7)?.isSelected, true)
        XCTAssertEqual(grid.cellView(at: 7)?.backgroundColor, grid.selectionColor)
        XCTAssertEqual(grid.cellView(at: 8)?.backgroundColor, grid.cellColor)
        XCTAssertEqual(grid.cellView(at: 7)?.hasCursor, true, "the cursor outline while focused")
        click(overlay, grid, x: 360, y: 85)  // between columns 2 (ends at 356) and 3 (starts at 366)
        click(overlay, grid, x: 300, y: 115)  // between rows 1 (ends at 110) and 2 (starts at 120)
        click(overlay, grid, x: 500, y: 265)  // row 4, column 4: after the last item
        click(overlay, grid, x: 300, y: 330)  // below the last row
        XCTAssertEqual(grid.selection, ["item 7"], "none of those selects anything")
        XCTAssertEqual(reported, [["item 7"]])
        click(overlay, grid, x: 250, y: 265)  // row 4, column 2: the last item
        XCTAssertEqual(grid.selection, ["item 22"])
    }

    func testControlTogglesAndShiftExtendsARangeOfItems() throws {
        let (overlay, grid, _) = try makeGrid(count: 100, mode: .multiple)
        click(overlay, grid, x: 300, y: 25)  // item 2
        click(overlay, grid, x: 50, y: 205, modifiers: .control)  // item 15
        XCTAssertEqual(grid.selection, ["item 2", "item 15"], "control-click adds")
        click(overlay, grid, x: 300, y: 25, modifiers: .control)
        XCTAssertEqual(grid.selection, ["item 15"], "control-click toggles off")
        click(overlay, grid, x: 50, y: 205, modifiers: .command)
        XCTAssertEqual(grid.selection, [], "command too")
        click(overlay, grid, x: 420, y: 85)  // item 8
        click(overlay, grid, x: 180, y: 145, modifiers: .shift)  // item 11
        XCTAssertEqual(grid.selection, Set((8...11).map { AnyHashable("item \($0)") }), "shift-click extends from the anchor")
        XCTAssertEqual(grid.liveCellViews.filter(\.isSelected).map(\.index), [8, 9, 10, 11])
        press(overlay, .down, modifiers: .shift)  // the cursor from 11 to 16, the range from 8
        XCTAssertEqual(grid.selection, Set((8...16).map { AnyHashable("item \($0)") }))
        press(overlay, .character(" "))
        XCTAssertEqual(grid.selection.count, 8, "Space toggles the cursor's item off")
        XCTAssertFalse(grid.selection.contains("item 16"))

        grid.selectionMode = .single
        click(overlay, grid, x: 50, y: 25, modifiers: .shift)
        XCTAssertEqual(grid.selection, ["item 0"], "single selection ignores the modifiers")
    }

    func testArrowsMoveByItemAndByRowClampedToTheLastItem() throws {
        let (overlay, grid, _) = try makeGrid(count: 23, mode: .multiple)
        click(overlay, grid, x: 180, y: 25)  // item 1
        press(overlay, .right)
        XCTAssertEqual(grid.cursorIndex, 2)
        press(overlay, .left); press(overlay, .left)
        XCTAssertEqual(grid.cursorIndex, 0)
        press(overlay, .down)
        XCTAssertEqual(grid.cursorIndex, 5, "a row down, same column")
        press(overlay, .right); press(overlay, .right); press(overlay, .right); press(overlay, .right)
        XCTAssertEqual(grid.cursorIndex, 9)
        XCTAssertFalse(grid.handlesDirection(.right), "the last column is the grid's edge")
        grid.keyDown(KeyEvent(key: .right))
        XCTAssertEqual(grid.cursorIndex, 10, "with nowhere to go, Right goes on to the next row")
        press(overlay, .down); press(overlay, .down)
        XCTAssertEqual(grid.cursorIndex, 20)
        XCTAssertFalse(grid.handlesDirection(.down), "the last row")
        click(overlay, grid, x: 420, y: 205)  // item 18: row 3, column 3
        press(overlay, .down)
        XCTAssertEqual(grid.cursorIndex, 22, "column 3 of the last row is empty: the last item")
        XCTAssertEqual(grid.selection, ["item 22"])
        press(overlay, .up)
        XCTAssertEqual(grid.cursorIndex, 17)
        press(overlay, .right, modifiers: .shift)
        XCTAssertEqual(grid.selection, ["item 17", "item 18"], "Shift extends")
        press(overlay, .home)
        XCTAssertEqual(grid.cursorIndex, 0)
        press(overlay, .end)
        XCTAssertEqual(grid.cursorIndex, 22)
    }

    func testTheCursorIsScrolledIntoSight() throws {
        let (overlay, grid, _) = try makeGrid(count: 1000)
        click(overlay, grid, x: 300, y: 25)  // item 2
        for _ in 0..<10 { press(overlay, .down) }
        XCTAssertEqual(grid.cursorIndex, 52)
        XCTAssertEqual(grid.contentOffset.y, 10 * 60 + 50 - 400, "the least scroll that shows row 10")
        let cell = try XCTUnwrap(grid.cellView(at: 52))
        XCTAssertTrue(cell.hasCursor)
        XCTAssertEqual(cell.windowFrame.maxY, grid.windowFrame.maxY)
        press(overlay, .pageDown)  // 400 / 60 = 6 rows, less one
        XCTAssertEqual(grid.cursorIndex, 77)
        press(overlay, .end)
        XCTAssertEqual(grid.cursorIndex, 999)
        XCTAssertEqual(grid.contentOffset.y, 200 * 50 + 199 * 10 - 400)
        XCTAssertEqual(grid.cellView(at: 999)?.hasCursor, true)
        press(overlay, .pageUp)
        XCTAssertEqual(grid.cursorIndex, 974)
        press(overlay, .home)
        XCTAssertEqual(grid.contentOffset.y, 0)
    }

    /// Buttons on each side of the grid: the arrows and the D-pad walk into the grid, through it, and out of each edge.
    func testArrowsAndTheDPadLeaveTheGridAtItsEdges() throws {
        let overlay = Overlay(windowSize: Size(width: 1200, height: 700))
        let ui = overlay.addLayer(name: "ui", level: 0)
        let grid = try LazyGrid(identifier: "grid", itemCount: 12, columns: .fixed(4), itemHeight: 50, spacing: 10,
                                makeCell: { CellContent() }, configureCell: { view, i in (view as! CellContent).label.text = "\(i)" })
        grid.preferredWidth = 400; grid.preferredHeight = 170
        let above = Button(identifier: "above", title: "Above"), below = Button(identifier: "below", title: "Below")
        let left = Button(identifier: "left", title: "Left"), right = Button(identifier: "right", title: "Right")
        ui.addSubview(VStack(spacing: 8, [above, HStack(spacing: 8, [left, grid, right]), below]), at: Point(x: 20, y: 20))
        overlay.advanceAnimations(to: 0)
        overlay.update()
        overlay.focus(left)
        for e in gridPad(.dpadRight) { overlay.route(e) }
        XCTAssertTrue(grid.isFocused, "the D-pad walks into the grid")
        for e in gridPad(.dpadRight) { overlay.route(e) }
        XCTAssertEqual(grid.cursorIndex, 0, "the first press selects the first item")
        for _ in 0..<3 { for e in gridPad(.dpadRight) { overlay.route(e) } }
        XCTAssertEqual(grid.cursorIndex, 3)
        for _ in 0..<2 { for e in gridPad(.dpadDown) { overlay.route(e) } }
        XCTAssertEqual(grid.cursorIndex, 11)
        for e in gridPad(.dpadRight) { overlay.route(e) }
        XCTAssertTrue(right.isFocused, "Right in the last column leaves the grid")
        overlay.focus(grid)
        for e in gridPad(.dpadDown) { overlay.route(e) }
        XCTAssertTrue(below.isFocused, "Down in the last row leaves it")
        XCTAssertEqual(grid.cursorIndex, 11)

        overlay.focus(grid)
        press(overlay, .home)
        press(overlay, .up)
        XCTAssertTrue(above.isFocused, "Up in the first row leaves it")
        overlay.focus(grid)
        press(overlay, .right)
        XCTAssertEqual(grid.cursorIndex, 1)
        press(overlay, .left)
        XCTAssertTrue(grid.isFocused)
        press(overlay, .left)
        XCTAssertTrue(left.isFocused, "Left in the first column leaves it")
        XCTAssertEqual(grid.cursorIndex, 0)
    }

    func testACellKeepsItsViewWhileItStaysInTheWindowAndAcrossReloads() throws {
        let (overlay, grid, box) = try makeGrid(count: 1000)
        let cell = try XCTUnwrap(grid.cellView(at: 27))
        (cell.content as! CellContent).note = "opened"
        let before = Dictionary(uniqueKeysWithValues: grid.liveCellViews.map { ($0.index, ObjectIdentifier($0)) })
        for y in stride(from: 20.0, through: 200, by: 20) {
            grid.contentOffset = Point(x: 0, y: y)
            overlay.update()
            for live in grid.liveCellViews where before[live.index] != nil {
                XCTAssertEqual(before[live.index], ObjectIdentifier(live), "item \(live.index) kept its view at \(y)")
            }
        }
        XCTAssertTrue(grid.cellView(at: 27) === cell)
        // Three items inserted first: item 27 is at index 30, in the same view with its state.
        box.items.insert(contentsOf: ["new a", "new b", "new c"], at: 0)
        try grid.reloadData(itemCount: box.items.count)
        overlay.update()
        XCTAssertTrue(grid.cellView(at: 30) === cell)
        XCTAssertEqual((cell.content as! CellContent).note, "opened")
        XCTAssertEqual(cell.frame, Rect(x: 0, y: 6 * 60, width: 112, height: 50))
        XCTAssertEqual((grid.cellView(at: 10)?.content as? CellContent)?.label.text, "item 7")
    }

    func testScriptsScrollItToAnItemsRow() throws {
        let (overlay, grid, _) = try makeGrid(count: 1000)
        try overlay.scroll(viewWithIdentifier: "grid", to: .row(502, nearest: false))
        XCTAssertEqual(grid.contentOffset.y, 100 * 60, "item 502's row at the top")
        try overlay.scroll(viewWithIdentifier: "grid", to: .row(0, nearest: true))
        XCTAssertEqual(grid.contentOffset.y, 0)
        XCTAssertThrowsError(try overlay.scroll(viewWithIdentifier: "grid", to: .row(1000, nearest: false))) {
            XCTAssertEqual(($0 as? ScrollRequestError)?.identifier, "not-scrollable")
        }
        XCTAssertEqual(grid.contentOffset.y, 0)
        grid.setSelection(["item 4", "item 10"])
        XCTAssertEqual(grid.scriptValue(of: "selection"), "item 4,item 10")
    }

    func testLimitsAreCheckedWithClearErrors() throws {
        let (overlay, grid, _) = try makeGrid(count: 100)
        grid.contentOffset = Point(x: 0, y: 500)
        XCTAssertThrowsError(try grid.reloadData(itemCount: -1)) {
            XCTAssertEqual($0 as? LazyGridError, .itemCountOutOfRange(-1))
            XCTAssertEqual(($0 as? LazyGridError)?.identifier, "lazy-grid-item-count-out-of-range")
        }
        XCTAssertThrowsError(try grid.reloadData(itemCount: LazyGrid.maximumItemCount + 1))
        XCTAssertEqual(grid.itemCount, 100, "nothing changed")
        try grid.reloadData(itemCount: 7)
        overlay.update()
        XCTAssertEqual(grid.contentOffset.y, 0, "clamped to the new end")
        XCTAssertEqual(grid.liveCellViews.map(\.index), Array(0..<7))
        func attempt(_ columns: GridColumns = .fixed(3), height: Double = 40, spacing: Double = 4) -> LazyGridError? {
            do {
                _ = try LazyGrid(itemCount: 10, columns: columns, itemHeight: height, spacing: spacing,
                                 makeCell: { View() }, configureCell: { _, _ in })
                return nil
            } catch { return error }
        }
        XCTAssertNil(attempt())
        XCTAssertEqual(attempt(.fixed(0))?.identifier, "lazy-grid-columns-invalid")
        XCTAssertEqual(attempt(.fixed(LazyGrid.maximumColumnCount + 1))?.identifier, "lazy-grid-columns-invalid")
        XCTAssertEqual(attempt(.adaptive(minimumWidth: .nan))?.identifier, "lazy-grid-columns-invalid")
        XCTAssertEqual(attempt(height: 0)?.identifier, "lazy-grid-item-height-out-of-range")
        XCTAssertEqual(attempt(spacing: -1)?.identifier, "lazy-grid-spacing-out-of-range")
        XCTAssertEqual(LazyGridError.columnsInvalid(.fixed(0)).description, "lazy grid column count 0 is outside 1...1000")
    }
}
