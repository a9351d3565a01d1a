// Moving items by hand (LazyGrid+Reorder.swift): a mouse drag lifts a cell, which follows the pointer on both axes;
// the cells between its slot and the slot under its middle shift one slot toward the gap (reflowing across rows, or
// columns of a horizontal grid); the drop asks the app and the cell settles in its new slot with its view kept (or
// goes back when the app says no, or the data changed meanwhile); a click still selects, a touch drag still scrolls,
// items the app pins scroll too; near an end the grid scrolls with the cell in hand; Alt+arrows move the cursor item.
import XCTest
import GlasspaneCore
import GlasspaneAnimation
import GlasspaneTesting
@testable import GlasspaneOverlay

final class LazyGridReorderTests: XCTestCase {
    typealias CellContent = LazyGridTests.CellContent
    typealias Box = LazyGridUpdateTests.Box

    /// The shared grid (LazyGridFixture.swift) taking moves into `box` when `accept`.
    private func makeGrid(count: Int, axis: ListAxis = .vertical, accept: Bool = true) throws
        -> (Overlay, LazyGrid, Box, moves: () -> [[Int]]) {
        try LazyGridFixture.makeMovingGrid(count: count, axis: axis, accept: accept)
    }

    /// A pointer event at a window point (the grid's origin is (20, 40)).
    private func pointer(_ overlay: Overlay, _ phase: String, _ x: Double, _ y: Double, id: Int = 0) {
        LazyGridFixture.pointer(overlay, phase, Point(x: x, y: y), id: id)
    }

    private func settle(_ overlay: Overlay, from time: Double) { LazyGridFixture.settle(overlay, from: time) }

    private func cell(_ grid: LazyGrid, _ id: String) throws -> GridCell {
        try XCTUnwrap(grid.liveCellViews.first { $0.itemID == AnyHashable(id) }, "no live cell for \(id)")
    }

    private func text(_ cell: GridCell) -> String { (cell.content as! CellContent).label.text }

    /// Every live cell shows its item at its slot (model and drawn), and no other cell is shown.
    private func assertCellsShowTheData(_ grid: LazyGrid, _ box: Box, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertGreaterThan(grid.liveCellCount, 0, file: file, line: line)
        for cell in grid.liveCellViews {
            XCTAssertEqual(cell.itemID, AnyHashable(box.items[cell.index]), "cell \(cell.index)", file: file, line: line)
            XCTAssertEqual(text(cell), box.items[cell.index], "cell \(cell.index)", file: file, line: line)
            XCTAssertEqual(cell.frame, grid.itemFrame(cell.index), "cell \(cell.index)", file: file, line: line)
            XCTAssertEqual(cell.presentationFrame, grid.itemFrame(cell.index), "cell \(cell.index)", file: file, line: line)
        }
        let live = Set(grid.liveCellViews.map(ObjectIdentifier.init))
        let shown = grid.documentView.subviews.filter { $0 is GridCell && !$0.isHidden }
        XCTAssertEqual(shown.count, live.count, "no cell is shown but the live ones", file: file, line: line)
        XCTAssertNil(grid.heldItemIndex, file: file, line: line)
    }

    func testAHeldCellFollowsThePointerAndTheCellsBetweenShiftAlongTheReadingOrder() throws {
        let (overlay, grid, box, moves) = try makeGrid(count: 40)
        overlay.advanceAnimations(to: 1)
        let cell1 = try cell(grid, "item 1")
        XCTAssertEqual(cell1.frame.origin, Point(x: 122, y: 0))
        pointer(overlay, "down", 20 + 142, 40 + 20)  // 20 points into item 1's cell on both axes
        pointer(overlay, "move", 20 + 144, 40 + 21)  // within the slop: nothing moves yet
        XCTAssertNil(grid.heldItemIndex)
        XCTAssertEqual(cell1.frame.origin, Point(x: 122, y: 0))
        // Pointer at document (264, 140): the cell's middle over item 12's slot (row 2, column 2).
        pointer(overlay, "move", 20 + 264, 40 + 140)
        XCTAssertEqual(grid.heldItemIndex, 1)
        XCTAssertEqual(cell1.frame, Rect(x: 244, y: 120, width: 112, height: 50), "under the pointer, where it was grabbed")
        XCTAssertNil(grid.cellView(at: 1), "the held item's index has no cell in the window")
        XCTAssertTrue(grid.documentView.subviews.last === cell1, "drawn over the cells it passes")
        for index in 2...12 {
            XCTAssertEqual(try cell(grid, "item \(index)").frame, grid.itemFrame(index - 1), "item \(index) shifted back")
        }
        for index in [0, 13, 14] {
            XCTAssertEqual(try cell(grid, "item \(index)").frame, grid.itemFrame(index), "item \(index) stays")
        }
        // Item 5 reflows from the second row's start to the first row's end, and slides there.
        let cell5 = try cell(grid, "item 5")
        XCTAssertEqual(cell5.frame.origin, Point(x: 488, y: 0))
        XCTAssertEqual(cell5.presentationFrame.origin, Point(x: 0, y: 60), "drawn where it was")
        overlay.advanceAnimations(to: 1.05)
        overlay.update()
        XCTAssertGreaterThan(cell5.presentationFrame.minX, 0, "on its way")
        XCTAssertLessThan(cell5.presentationFrame.minX, 488)
        XCTAssertGreaterThan(cell5.presentationFrame.minY, 0)
        XCTAssertLessThan(cell5.presentationFrame.minY, 60)
        // Past the document's top left the cell stops at its edge; its middle is over item 0's slot.
        pointer(overlay, "move", 20 - 100, 40 - 100)
        XCTAssertEqual(cell1.frame.origin, Point(x: 0, y: 0), "kept inside the document")
        XCTAssertEqual(try cell(grid, "item 0").frame, grid.itemFrame(1), "item 0 shifted on")
        XCTAssertEqual(try cell(grid, "item 2").frame, grid.itemFrame(2), "item 2 back in its own slot")
        pointer(overlay, "move", 20 + 264, 40 + 140)
        pointer(overlay, "up", 20 + 264, 40 + 140)
        XCTAssertEqual(moves(), [[1, 12]])
        XCTAssertEqual(box.items[12], "item 1")
        settle(overlay, from: 1.05)
        XCTAssertTrue(try cell(grid, "item 1") === cell1, "the same view, now item 12")
        XCTAssertTrue(grid.cellView(at: 12) === cell1)
        XCTAssertEqual(cell1.index, 12)
        assertCellsShowTheData(grid, box)
        XCTAssertTrue(grid.selection.isEmpty, "a drag selects nothing")
    }

    func testACellTheAppRefusesGoesBack() throws {
        let (overlay, grid, box, moves) = try makeGrid(count: 40, accept: false)
        overlay.advanceAnimations(to: 1)
        let cell1 = try cell(grid, "item 1")
        pointer(overlay, "down", 20 + 142, 40 + 20)
        pointer(overlay, "move", 20 + 264, 40 + 140)
        pointer(overlay, "up", 20 + 264, 40 + 140)
        XCTAssertEqual(moves(), [[1, 12]])
        settle(overlay, from: 1)
        XCTAssertEqual(box.items[1], "item 1")
        XCTAssertTrue(grid.cellView(at: 1) === cell1, "back in its slot with its view")
        assertCellsShowTheData(grid, box)
    }

    func testACancelledDragOrDataThatChangedMeanwhileGoesBackWithoutAsking() throws {
        let (overlay, grid, box, moves) = try makeGrid(count: 40)
        overlay.advanceAnimations(to: 1)
        pointer(overlay, "down", 20 + 142, 40 + 20)
        pointer(overlay, "move", 20 + 264, 40 + 140)
        XCTAssertEqual(grid.heldItemIndex, 1)
        overlay.route(.pointerCancel(PointerEvent(pointerID: 0, location: Point(x: 20 + 264, y: 40 + 140))))
        overlay.update()
        settle(overlay, from: 1)
        XCTAssertEqual(grid.cellView(at: 1)?.frame, grid.itemFrame(1), "back in its slot")
        assertCellsShowTheData(grid, box)
        // The app inserts an item while one is held: the drop does not ask, and the cells show the new data.
        pointer(overlay, "down", 20 + 142, 40 + 20)
        pointer(overlay, "move", 20 + 264, 40 + 140)
        XCTAssertEqual(grid.heldItemIndex, 1)
        box.items.insert("potion", at: 0)
        try grid.insertItems(at: [0])
        overlay.update()
        pointer(overlay, "up", 20 + 264, 40 + 140)
        XCTAssertEqual(moves(), [])
        settle(overlay, from: 3)
        assertCellsShowTheData(grid, box)
        XCTAssertEqual(grid.cellView(at: 0)?.itemID, "potion")
        XCTAssertEqual(grid.cellView(at: 2)?.itemID, "item 1")
    }

    func testAClickSelectsATouchDragScrollsAndAPinnedItemScrolls() throws {
        let (overlay, grid, _, moves) = try makeGrid(count: 40)
        pointer(overlay, "down", 20 + 300, 40 + 80)  // document (300, 80): item 7
        pointer(overlay, "up", 20 + 300, 40 + 80)
        XCTAssertEqual(grid.selection, ["item 7"], "a press and release without a drag is a click")
        pointer(overlay, "down", 300, 300, id: 1)
        pointer(overlay, "move", 300, 250, id: 1)
        XCTAssertNil(grid.heldItemIndex, "a touch picks nothing up")
        pointer(overlay, "up", 300, 250, id: 1)
        XCTAssertEqual(grid.contentOffset.y, 50, "a touch drag scrolls")
        grid.canMoveItem = { $0 % 2 == 0 }
        pointer(overlay, "down", 20 + 20, 40 + 30)  // document (20, 80): item 5, which may not move
        pointer(overlay, "move", 20 + 20, 40 + 10)
        XCTAssertNil(grid.heldItemIndex)
        pointer(overlay, "up", 20 + 20, 40 + 10)
        XCTAssertEqual(grid.contentOffset.y, 70, "a mouse drag on an item that may not move scrolls")
        pointer(overlay, "down", 20 + 142, 40 + 10)  // document (142, 80): item 6, which may
        pointer(overlay, "move", 20 + 142, 40 + 40)
        XCTAssertEqual(grid.heldItemIndex, 6, "a mouse drag on an item that may move lifts it")
        XCTAssertEqual(grid.contentOffset.y, 70, "and does not scroll")
        overlay.route(.pointerCancel(PointerEvent(pointerID: 0, location: Point(x: 20 + 142, y: 40 + 40))))
        XCTAssertNil(grid.heldItemIndex)
        XCTAssertEqual(moves(), [])
        XCTAssertEqual(grid.selection, ["item 7"])
    }

    func testAMovedItemPushedOutOfTheWindowSlidesThereOpaque() throws {
        let (overlay, grid, box, _) = try makeGrid(count: 300)
        overlay.advanceAnimations(to: 1)
        let cell1 = try cell(grid, "item 1")
        box.items.insert(box.items.remove(at: 1), at: 200)
        try grid.moveItem(from: 1, to: 200, animation: .linear(duration: 1))
        overlay.update()
        XCTAssertEqual(grid.fadingCellCount, 1, "out of the window")
        XCTAssertEqual(cell1.frame, grid.itemFrame(200), "on its way to its new slot")
        XCTAssertEqual(cell1.alpha, 1, "not faded as a deleted item is")
    }

    func testAHeldCellNearTheEndScrollsTheGridAndIsDroppedFarAway() throws {
        let (overlay, grid, box, moves) = try makeGrid(count: 300)
        var time = 1.0
        overlay.advanceAnimations(to: time)
        let cell1 = try cell(grid, "item 1")
        pointer(overlay, "down", 20 + 142, 40 + 20)
        pointer(overlay, "move", 20 + 142, 40 + 396)  // 4 points from the bottom: about 525 points a second
        for _ in 0..<60 {
            time += 1.0 / 60
            overlay.advanceAnimations(to: time)
            overlay.update()
        }
        let offset = grid.contentOffset.y
        XCTAssertGreaterThan(offset, 400, "scrolled on its own")
        XCTAssertEqual(grid.heldItemIndex, 1, "still in hand")
        XCTAssertEqual(cell1.frame.minY, offset + 376, accuracy: 0.001, "under the pointer")
        XCTAssertEqual(cell1.frame.minX, 122)
        XCTAssertNil(grid.cellView(at: 1), "its old slot is far out of the window")
        pointer(overlay, "up", 20 + 142, 40 + 396)
        let drop = try XCTUnwrap(moves().first)
        XCTAssertEqual(drop[0], 1)
        // The cell's middle (document y offset + 401) is over its row's slot in column 1.
        XCTAssertEqual(drop[1], Int(((offset + 401 + 5) / 60).rounded(.down)) * 5 + 1)
        XCTAssertEqual(box.items[drop[1]], "item 1")
        settle(overlay, from: time)
        XCTAssertTrue(grid.cellView(at: drop[1]) === cell1, "the same view at its new index")
        assertCellsShowTheData(grid, box)
    }

    func testAltArrowsMoveTheCursorItemSpatially() throws {
        let (overlay, grid, box, moves) = try makeGrid(count: 40)
        pointer(overlay, "down", 20 + 300, 40 + 80)
        pointer(overlay, "up", 20 + 300, 40 + 80)  // selects item 7
        overlay.focus(grid)
        func alt(_ key: Key) {
            overlay.route(.key(KeyEvent(key: key, modifiers: .alt)))
            overlay.update()
        }
        alt(.right)
        XCTAssertEqual(moves(), [[7, 8]])
        XCTAssertEqual(grid.cursorIndex, 8, "the cursor goes with its item")
        alt(.down)
        XCTAssertEqual(moves().last, [8, 13], "a row down: the same column")
        XCTAssertEqual(grid.cursorIndex, 13)
        alt(.left)
        alt(.up)
        XCTAssertEqual(moves(), [[7, 8], [8, 13], [13, 12], [12, 7]])
        XCTAssertEqual(grid.cursorIndex, 7)
        XCTAssertEqual(box.items[7], "item 7")
        XCTAssertEqual(grid.selection, ["item 7"])
        settle(overlay, from: 0)
        assertCellsShowTheData(grid, box)
        grid.onMoveItem = nil
        alt(.right)
        XCTAssertEqual(grid.cursorIndex, 8, "without onMoveItem Alt+Right moves the cursor as Right does")
        XCTAssertEqual(moves().count, 4)
    }

    func testAHorizontalGridMovesItemsDownColumnsAndScrollsSideways() throws {
        let (overlay, grid, box, moves) = try makeGrid(count: 100, axis: .horizontal)
        var time = 1.0
        overlay.advanceAnimations(to: time)
        let cell1 = try cell(grid, "item 1")
        XCTAssertEqual(cell1.frame.origin, Point(x: 0, y: 82))
        pointer(overlay, "down", 20 + 20, 40 + 102)  // 20 points into item 1's cell on both axes
        // Pointer at document (140, 184): the cell's middle over item 12's slot (column 2, row 2).
        pointer(overlay, "move", 20 + 140, 40 + 184)
        XCTAssertEqual(grid.heldItemIndex, 1)
        XCTAssertEqual(cell1.frame, Rect(x: 120, y: 164, width: 50, height: 72))
        XCTAssertEqual(try cell(grid, "item 5").frame.origin, Point(x: 0, y: 328), "up the columns: to the first's end")
        XCTAssertEqual(try cell(grid, "item 12").frame, grid.itemFrame(11))
        XCTAssertEqual(try cell(grid, "item 13").frame, grid.itemFrame(13))
        // Near the right end the grid scrolls sideways with the cell in hand.
        pointer(overlay, "move", 20 + 596, 40 + 184)
        for _ in 0..<30 {
            time += 1.0 / 60
            overlay.advanceAnimations(to: time)
            overlay.update()
        }
        let offset = grid.contentOffset.x
        XCTAssertGreaterThan(offset, 150, "scrolled on its own")
        XCTAssertEqual(grid.contentOffset.y, 0)
        XCTAssertEqual(cell1.frame.minX, offset + 576, accuracy: 0.001, "under the pointer")
        pointer(overlay, "up", 20 + 596, 40 + 184)
        let drop = try XCTUnwrap(moves().first)
        XCTAssertEqual(drop, [1, Int(((offset + 601 + 5) / 60).rounded(.down)) * 5 + 2])
        settle(overlay, from: time)
        XCTAssertTrue(grid.cellView(at: drop[1]) === cell1)
        assertCellsShowTheData(grid, box)
        // Alt+Down is an item down the column, Alt+Right a column on.
        grid.selectItem(drop[1])
        overlay.focus(grid)
        overlay.route(.key(KeyEvent(key: .down, modifiers: .alt)))
        overlay.route(.key(KeyEvent(key: .right, modifiers: .alt)))
        XCTAssertEqual(moves().dropFirst(), [[drop[1], drop[1] + 1], [drop[1] + 1, drop[1] + 6]])
    }

    func testATouchHeldStillPicksTheCellUpAndATouchThatMovesFirstScrolls() throws {
        let (overlay, grid, box, moves) = try makeGrid(count: 200)
        overlay.advanceAnimations(to: 1)
        let item1 = try cell(grid, "item 1")
        pointer(overlay, "down", 20 + 122 + 20, 40 + 20, id: 2)   // item 1
        overlay.advanceAnimations(to: 1.3)
        overlay.update()
        XCTAssertNil(grid.heldItemIndex, "not yet")
        overlay.advanceAnimations(to: 1.55)
        overlay.update()
        XCTAssertEqual(grid.heldItemIndex, 1, "held still for List.reorderHoldTime")
        pointer(overlay, "move", 20 + 366 + 20, 40 + 60 + 20, id: 2)  // over item 8 (row 1, column 3)
        XCTAssertEqual(grid.contentOffset, .zero, "the touch no longer scrolls")
        pointer(overlay, "up", 20 + 366 + 20, 40 + 60 + 20, id: 2)
        XCTAssertEqual(moves(), [[1, 8]])
        settle(overlay, from: 1.55)
        XCTAssertTrue(grid.cellView(at: 8) === item1, "the same view, now item 8's slot")
        assertCellsShowTheData(grid, box)

        pointer(overlay, "down", 100, 300, id: 3)
        pointer(overlay, "move", 100, 200, id: 3)                  // moves before the hold: a scroll
        overlay.advanceAnimations(to: 5)
        overlay.update()
        XCTAssertNil(grid.heldItemIndex)
        pointer(overlay, "up", 100, 200, id: 3)
        XCTAssertEqual(grid.contentOffset.y, 100)
        XCTAssertEqual(moves().count, 1)
    }

    func testAControllerCarriesTheCursorItemSpatially() throws {
        let (overlay, grid, box, moves) = try makeGrid(count: 100)
        func pad(_ button: ControllerButton) {
            overlay.route(.controllerButton(ControllerButtonEvent(button: button)))
            overlay.route(.controllerButton(ControllerButtonEvent(button: button, phase: .up)))
            overlay.update()
        }
        pointer(overlay, "down", 20 + 122 + 20, 40 + 20)
        pointer(overlay, "up", 20 + 122 + 20, 40 + 20)   // item 1: focus and the cursor
        pad(.x)
        XCTAssertEqual(grid.grabbedItemIndex, 1)
        pad(.dpadRight)
        pad(.dpadDown)
        XCTAssertEqual(moves(), [[1, 2], [2, 7]], "an item right, then a row down")
        pad(.x)
        XCTAssertNil(grid.grabbedItemIndex, "X again puts it down")
        XCTAssertEqual(box.items[7], "item 1")
        pad(.x)
        pad(.dpadLeft)
        pad(.b)
        XCTAssertEqual(moves().suffix(2), [[7, 6], [6, 7]], "B carries it back")
        XCTAssertNil(grid.grabbedItemIndex)
        settle(overlay, from: 0)
        assertCellsShowTheData(grid, box)
    }
}
