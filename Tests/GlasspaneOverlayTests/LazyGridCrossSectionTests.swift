// Moving a lazy grid's item to another section (LazyGrid+Reorder.swift, "Across sections"): a held cell over another
// section's items or header targets that section's nearest slot (an empty section's: right after its header), the
// cells and the headers between shift one index toward the gap and the sections reflow; the drop asks `onMoveItem`
// with flat indices and the headers then follow (`moveItem`), or go back with the cells; Alt+arrows and the
// controller's D-pad step over a header; `movesItemsAcrossSections == false` and `canMoveItemToSection` keep an item in
// its own section; the selection and the cursor follow their ids.
import XCTest
import GlasspaneCore
import GlasspaneAnimation
@testable import GlasspaneOverlay

final class LazyGridCrossSectionTests: XCTestCase {
    typealias Box = LazyGridUpdateTests.Box

    // 20 items, headers 0, 8, 9 and 15 (30 points), 5 columns 112 points wide at x 0, 122, 244, 366, 488
    // (LazyGridFixture.swift, as LazyGridSectionTests's): header 0 at y 0; items 1...5 at 40, 6 and 7 at 100; header 8
    // at 160; header 9 (an empty section before it) at 200; items 10...14 at 240; header 15 at 300; items 16...19 at
    // 340. The whole document (390 points) is in the 400-point viewport, so nothing scrolls.
    private func makeGrid(axis: ListAxis = .vertical, mode: ListSelectionMode = .single, accept: Bool = true) throws
        -> (Overlay, LazyGrid, Box, moves: () -> [[Int]]) {
        try LazyGridFixture.makeMovingGrid(count: 20, axis: axis, mode: mode, accept: accept) { grid in
            try grid.setSectionHeaderItems([0, 8, 9, 15], headerLength: 30)
        }
    }

    /// A pointer event at a document point of the grid (window = document + (20, 40); nothing scrolls here).
    private func pointer(_ overlay: Overlay, _ phase: String, _ x: Double, _ y: Double) {
        LazyGridFixture.pointer(overlay, phase, Point(x: 20 + x, y: 40 + y))
    }

    /// Presses at document point `from` and moves past the slop, then to `to` (the cell stays held).
    private func lift(_ overlay: Overlay, from: Point, to: Point) {
        pointer(overlay, "down", from.x, from.y)
        pointer(overlay, "move", from.x + 10, from.y + 10)
        pointer(overlay, "move", to.x, to.y)
    }

    private func cell(_ grid: LazyGrid, _ id: String) throws -> GridCell {
        try XCTUnwrap(grid.liveCellViews.first { $0.itemID == AnyHashable(id) }, "no live cell for \(id)")
    }

    private func alt(_ overlay: Overlay, _ key: Key) {
        overlay.route(.key(KeyEvent(key: key, modifiers: .alt)))
        overlay.update()
    }

    private func pad(_ overlay: Overlay, _ button: ControllerButton) {
        overlay.route(.controllerButton(ControllerButtonEvent(button: button)))
        overlay.route(.controllerButton(ControllerButtonEvent(button: button, phase: .up)))
        overlay.update()
    }

    /// A vertical grid's frames: an item's cell at (column x, row y), a header's line at y.
    private func item(_ x: Double, _ y: Double) -> Rect { Rect(x: x, y: y, width: 112, height: 50) }
    private func header(_ y: Double) -> Rect { Rect(x: 0, y: y, width: 600, height: 30) }

    /// The headers are the header ids' indices in the data, and every live cell shows its item at `itemFrame` (model
    /// and drawn), a header as a header.
    private func assertCellsShowTheData(_ grid: LazyGrid, _ box: Box, file: StaticString = #filePath, line: UInt = #line) {
        let headerIDs: Set = ["item 0", "item 8", "item 9", "item 15"]
        XCTAssertEqual(grid.sectionHeaderItems, box.items.indices.filter { headerIDs.contains(box.items[$0]) },
                       "the headers follow their ids", file: file, line: line)
        XCTAssertEqual(grid.liveCellCount, 20, file: file, line: line)
        for cell in grid.liveCellViews {
            XCTAssertEqual(cell.itemID, AnyHashable(box.items[cell.index]), "cell \(cell.index)", file: file, line: line)
            XCTAssertEqual(cell.frame, grid.itemFrame(cell.index), "cell \(cell.index)", file: file, line: line)
            XCTAssertEqual(cell.presentationFrame, cell.frame, "cell \(cell.index)", file: file, line: line)
            XCTAssertEqual(cell.isHeader, grid.isSectionHeader(cell.index), "cell \(cell.index)", file: file, line: line)
        }
        XCTAssertNil(grid.heldItemIndex, file: file, line: line)
    }

    func testADragIntoTheNextSectionShiftsTheHeadersBetweenAndSettlesThere() throws {
        let (overlay, grid, box, moves) = try makeGrid()
        overlay.advanceAnimations(to: 1)
        let held = try cell(grid, "item 2")
        // Item 2 (at x 122, y 40) grabbed 20 points into its cell; its middle to (178, 265): item 11's slot.
        lift(overlay, from: Point(x: 142, y: 60), to: Point(x: 142, y: 260))
        XCTAssertEqual(grid.heldItemIndex, 2)
        // As the drop would leave them: section 0 keeps two lines (1, 3...7), header 8 becomes header 7 where it was,
        // header 9 becomes 8, item 10 stays first, the gap is item 11's slot, and six items take section 9 to two lines,
        // so header 15 and its items move down a line.
        XCTAssertEqual(try cell(grid, "item 3").frame, item(122, 40))
        XCTAssertEqual(try cell(grid, "item 6").frame, item(488, 40))
        XCTAssertEqual(try cell(grid, "item 7").frame, item(0, 100))
        XCTAssertEqual(try cell(grid, "item 8").frame, header(160))
        XCTAssertEqual(try cell(grid, "item 9").frame, header(200))
        XCTAssertEqual(try cell(grid, "item 10").frame, item(0, 240))
        XCTAssertEqual(try cell(grid, "item 11").frame, item(244, 240))
        XCTAssertEqual(try cell(grid, "item 14").frame, item(0, 300))
        XCTAssertEqual(try cell(grid, "item 15").frame, header(360))
        XCTAssertEqual(try cell(grid, "item 16").frame, item(0, 400))
        XCTAssertEqual(grid.sectionHeaderItems, [0, 8, 9, 15], "the grid's headers change only on the drop")
        pointer(overlay, "up", 142, 260)
        XCTAssertEqual(moves(), [[2, 10]], "flat indices: after header 9, which is 8 once item 2 has left")
        XCTAssertEqual(box.items[10], "item 2")
        XCTAssertEqual(grid.sectionHeaderItems, [0, 7, 8, 15])
        LazyGridFixture.settle(overlay, from: 1)
        XCTAssertTrue(grid.cellView(at: 10) === held, "the same view, now item 10")
        XCTAssertEqual(held.frame, item(122, 240))
        XCTAssertEqual(grid.cellView(at: 7)?.frame, header(160))
        XCTAssertEqual(grid.cellView(at: 15)?.frame, header(360))
        XCTAssertEqual(grid.cellView(at: 19)?.frame, item(366, 400))
        XCTAssertEqual(grid.contentSize.height, 450)
        assertCellsShowTheData(grid, box)
    }

    func testADragIntoThePreviousSectionShiftsTheHeadersBetweenTheOtherWay() throws {
        let (overlay, grid, box, moves) = try makeGrid()
        overlay.advanceAnimations(to: 1)
        let held = try cell(grid, "item 17")
        // Item 17 (at x 122, y 340) grabbed 20 points in; its middle to (422, 65): item 4's slot.
        lift(overlay, from: Point(x: 142, y: 360), to: Point(x: 386, y: 60))
        XCTAssertEqual(grid.heldItemIndex, 17)
        XCTAssertEqual(try cell(grid, "item 4").frame, item(488, 40), "shifted on")
        XCTAssertEqual(try cell(grid, "item 5").frame, item(0, 100), "reflowed to the next line")
        XCTAssertEqual(try cell(grid, "item 7").frame, item(244, 100))
        XCTAssertEqual(try cell(grid, "item 15").frame, header(300))
        XCTAssertEqual(try cell(grid, "item 16").frame, item(0, 340))
        XCTAssertEqual(try cell(grid, "item 18").frame, item(122, 340), "into the gap item 17 left")
        pointer(overlay, "up", 386, 60)
        XCTAssertEqual(moves(), [[17, 4]])
        XCTAssertEqual(grid.sectionHeaderItems, [0, 9, 10, 16])
        LazyGridFixture.settle(overlay, from: 1)
        XCTAssertTrue(grid.cellView(at: 4) === held)
        XCTAssertEqual(held.frame, item(366, 40))
        XCTAssertEqual(grid.cellView(at: 9)?.itemID, "item 8")
        XCTAssertEqual(grid.cellView(at: 9)?.frame, header(160))
        XCTAssertEqual(grid.cellView(at: 16)?.frame, header(300))
        assertCellsShowTheData(grid, box)
    }

    func testADragOntoAnEmptySectionsHeaderTakesTheSlotRightAfterIt() throws {
        let (overlay, grid, box, moves) = try makeGrid()
        overlay.advanceAnimations(to: 1)
        let held = try cell(grid, "item 3")
        // Item 3 (at x 244, y 40) grabbed 20 points in; its middle first to (300, 215), over header 9: that section's
        // first slot, so item 10 shifts on and header 9 (now 8) stays where it is.
        lift(overlay, from: Point(x: 264, y: 60), to: Point(x: 264, y: 210))
        XCTAssertEqual(try cell(grid, "item 9").frame, header(200))
        XCTAssertEqual(try cell(grid, "item 10").frame, item(122, 240))
        // Then to (300, 175), over header 8, whose section is empty: the slot right after it, a line of its own that
        // pushes header 9 and everything after it down.
        pointer(overlay, "move", 264, 170)
        XCTAssertEqual(try cell(grid, "item 8").frame, header(160))
        XCTAssertEqual(try cell(grid, "item 9").frame, header(260))
        XCTAssertEqual(try cell(grid, "item 10").frame, item(0, 300))
        XCTAssertEqual(try cell(grid, "item 15").frame, header(360))
        pointer(overlay, "up", 264, 170)
        XCTAssertEqual(moves(), [[3, 8]], "never a header's index: between header 8 (now 7) and header 9")
        XCTAssertEqual(grid.sectionHeaderItems, [0, 7, 9, 15])
        LazyGridFixture.settle(overlay, from: 1)
        XCTAssertTrue(grid.cellView(at: 8) === held)
        XCTAssertEqual(held.frame, item(0, 200))
        assertCellsShowTheData(grid, box)
    }

    func testTheEmptySlotAfterASectionsLastItemIsThatSectionsEnd() throws {
        let (overlay, grid, box, moves) = try makeGrid()
        // Item 2's middle to (544, 365), the empty slot after item 19: the end of the last section.
        lift(overlay, from: Point(x: 142, y: 60), to: Point(x: 508, y: 360))
        pointer(overlay, "up", 508, 360)
        XCTAssertEqual(moves(), [[2, 19]])
        XCTAssertEqual(grid.sectionHeaderItems, [0, 7, 8, 14])
        LazyGridFixture.settle(overlay, from: 0)
        XCTAssertEqual(grid.cellView(at: 19)?.frame, item(488, 340))
        // Item 17 (now 16, at x 122, y 340) with its middle to (300, 125), an empty slot after item 7 (now 6, alone on
        // its line): section 0's end, just before header 8 (now 7), right after item 7.
        lift(overlay, from: Point(x: 142, y: 360), to: Point(x: 264, y: 120))
        pointer(overlay, "up", 264, 120)
        XCTAssertEqual(moves().last, [16, 7])
        XCTAssertEqual(grid.sectionHeaderItems, [0, 8, 9, 15])
        XCTAssertEqual(box.items[7], "item 17")
        LazyGridFixture.settle(overlay, from: 3)
        XCTAssertEqual(grid.cellView(at: 7)?.frame, item(122, 100))
        assertCellsShowTheData(grid, box)
    }

    func testARefusedOrCancelledDropPutsTheHeadersBack() throws {
        let (overlay, grid, box, moves) = try makeGrid(accept: false)
        overlay.advanceAnimations(to: 1)
        let held = try cell(grid, "item 2")
        lift(overlay, from: Point(x: 142, y: 60), to: Point(x: 142, y: 260))
        XCTAssertEqual(try cell(grid, "item 15").frame, header(360), "pushed down while the item is over section 9")
        pointer(overlay, "up", 142, 260)
        XCTAssertEqual(moves(), [[2, 10]])
        XCTAssertEqual(grid.sectionHeaderItems, [0, 8, 9, 15])
        LazyGridFixture.settle(overlay, from: 1)
        XCTAssertTrue(grid.cellView(at: 2) === held, "back in its slot with its view")
        XCTAssertEqual(grid.cellView(at: 15)?.frame, header(300))
        XCTAssertEqual(grid.cellView(at: 11)?.frame, item(122, 240))
        assertCellsShowTheData(grid, box)
        // A cancelled pointer: nothing is asked, and everything goes back.
        lift(overlay, from: Point(x: 142, y: 60), to: Point(x: 142, y: 260))
        XCTAssertEqual(try cell(grid, "item 15").frame, header(360))
        overlay.route(.pointerCancel(PointerEvent(pointerID: 0, location: Point(x: 20 + 142, y: 40 + 260))))
        overlay.update()
        XCTAssertEqual(moves().count, 1)
        LazyGridFixture.settle(overlay, from: 3)
        XCTAssertEqual(grid.cellView(at: 15)?.frame, header(300))
        assertCellsShowTheData(grid, box)
    }

    func testWithoutMovesAcrossSectionsOrWithASectionRefusedAnItemStaysInItsSection() throws {
        let (overlay, grid, box, moves) = try makeGrid()
        grid.movesItemsAcrossSections = false
        // Over item 11's slot: item 2 stops at its own section's last slot, and no header moves.
        lift(overlay, from: Point(x: 142, y: 60), to: Point(x: 142, y: 260))
        XCTAssertEqual(try cell(grid, "item 15").frame, header(300))
        pointer(overlay, "up", 142, 260)
        XCTAssertEqual(moves(), [[2, 7]])
        XCTAssertEqual(grid.sectionHeaderItems, [0, 8, 9, 15])
        // Alt+Right on its section's last item, Alt+Down on its last line, and the D-pad: nothing crosses a header.
        overlay.focus(grid)
        grid.selectItem(7)
        alt(overlay, .right)
        grid.selectItem(6)
        alt(overlay, .down)
        pad(overlay, .x)
        pad(overlay, .dpadDown)
        pad(overlay, .a)
        XCTAssertEqual(moves(), [[2, 7]])
        LazyGridFixture.settle(overlay, from: 0)
        assertCellsShowTheData(grid, box)
        // Across sections, but the app refuses section 2 (header 9's): the drop stays in section 0; section 3 is fine.
        grid.movesItemsAcrossSections = true
        var asked: [[Int]] = []
        grid.canMoveItemToSection = { item, section in
            asked.append([item, section])
            return section != 2
        }
        lift(overlay, from: Point(x: 142, y: 60), to: Point(x: 142, y: 260))
        pointer(overlay, "up", 142, 260)
        XCTAssertEqual(moves().last, [2, 7])
        XCTAssertEqual(asked.last, [2, 2])
        LazyGridFixture.settle(overlay, from: 3)
        // Item 2's middle over item 17's slot, (178, 365): section 3, after header 15 (14 once item 2 has left).
        lift(overlay, from: Point(x: 142, y: 60), to: Point(x: 142, y: 360))
        pointer(overlay, "up", 142, 360)
        XCTAssertEqual(moves().last, [2, 16])
        XCTAssertEqual(asked.last, [2, 3])
        XCTAssertEqual(grid.sectionHeaderItems, [0, 7, 8, 14])
        LazyGridFixture.settle(overlay, from: 5)
        XCTAssertEqual(grid.cellView(at: 16)?.frame, item(122, 340))
    }

    func testAltArrowsStepOverAHeaderIntoTheNextSection() throws {
        let (overlay, grid, box, moves) = try makeGrid()
        overlay.focus(grid)
        grid.selectItem(7)
        alt(overlay, .right)  // section 0's last item, over header 8, into its empty section
        XCTAssertEqual(moves(), [[7, 8]])
        XCTAssertEqual(grid.sectionHeaderItems, [0, 7, 9, 15])
        XCTAssertEqual(grid.cursorIndex, 8, "the cursor goes with its item")
        alt(overlay, .down)  // over header 9: section 9's first line, the same column
        XCTAssertEqual(moves().last, [8, 9])
        XCTAssertEqual(grid.sectionHeaderItems, [0, 7, 8, 15])
        alt(overlay, .up)  // back into the empty section
        XCTAssertEqual(moves().last, [9, 8])
        XCTAssertEqual(grid.sectionHeaderItems, [0, 7, 9, 15])
        alt(overlay, .up)  // over header 7: section 0's last line, the same column, before item 6
        XCTAssertEqual(moves().last, [8, 6])
        XCTAssertEqual(grid.sectionHeaderItems, [0, 8, 9, 15])
        XCTAssertEqual(Array(box.items[5...7]), ["item 5", "item 7", "item 6"])
        grid.selectItem(10)
        alt(overlay, .left)  // section 9's first item, over its header, to the end of the empty section 8
        XCTAssertEqual(moves().last, [10, 9])
        XCTAssertEqual(grid.sectionHeaderItems, [0, 8, 10, 15])
        XCTAssertEqual(grid.cursorIndex, 9)
        // No section before the first header's (no items before it) and none after the last.
        grid.selectItem(1)
        alt(overlay, .up)
        alt(overlay, .left)
        grid.selectItem(19)
        alt(overlay, .down)
        alt(overlay, .right)
        XCTAssertEqual(moves().count, 5)
        LazyGridFixture.settle(overlay, from: 0)
        assertCellsShowTheData(grid, box)
    }

    func testTheControllerCarriesAnItemOverAHeaderAndBackWithB() throws {
        let (overlay, grid, box, moves) = try makeGrid()
        let original = box.items
        pointer(overlay, "down", 142, 120)
        pointer(overlay, "up", 142, 120)  // item 7: focus and the cursor
        XCTAssertEqual(grid.cursorIndex, 7)
        pad(overlay, .x)
        XCTAssertEqual(grid.grabbedItemIndex, 7)
        pad(overlay, .dpadRight)
        pad(overlay, .dpadDown)
        XCTAssertEqual(moves(), [[7, 8], [8, 9]], "over header 8, then over header 9")
        XCTAssertEqual(grid.sectionHeaderItems, [0, 7, 8, 15])
        pad(overlay, .b)
        XCTAssertEqual(moves().last, [9, 7], "B carries it back to where it was picked up")
        XCTAssertEqual(box.items, original)
        XCTAssertEqual(grid.sectionHeaderItems, [0, 8, 9, 15], "the headers with it")
        pad(overlay, .x)
        pad(overlay, .dpadDown)  // section 0's last line, over header 8, into its empty section
        pad(overlay, .a)
        XCTAssertNil(grid.grabbedItemIndex)
        XCTAssertEqual(moves().last, [7, 8])
        XCTAssertEqual(grid.sectionHeaderItems, [0, 7, 9, 15])
        LazyGridFixture.settle(overlay, from: 0)
        assertCellsShowTheData(grid, box)
    }

    func testTheSelectionAndTheCursorFollowTheirIdsIntoAnotherSection() throws {
        let (overlay, grid, box, moves) = try makeGrid(mode: .multiple)
        overlay.focus(grid)
        grid.selectItem(12)
        grid.selectItem(2, toggling: true)
        XCTAssertEqual(grid.cursorIndex, 2)
        lift(overlay, from: Point(x: 142, y: 60), to: Point(x: 142, y: 260))
        pointer(overlay, "up", 142, 260)
        XCTAssertEqual(moves(), [[2, 10]])
        LazyGridFixture.settle(overlay, from: 0)
        XCTAssertEqual(grid.selection, ["item 2", "item 12"])
        XCTAssertEqual(grid.cursorIndex, 10)
        XCTAssertEqual(grid.itemID(at: 10), "item 2")
        XCTAssertEqual(grid.cellView(at: 10)?.isSelected, true)
        XCTAssertEqual(grid.cellView(at: 12)?.isSelected, true)
        XCTAssertEqual(grid.cellView(at: 11)?.isSelected, false)
        XCTAssertEqual(grid.cellView(at: 7)?.isHeader, true, "header 8, now 7, is still a header")
        // The cursor keys go on from the item's new place, past the moved headers.
        overlay.route(.key(KeyEvent(key: .up)))
        overlay.update()
        XCTAssertEqual(grid.cursorIndex, 6, "up from section 9's first line, past headers 8 and 7, to section 0's last item")
        assertCellsShowTheData(grid, box)
    }

    func testAHorizontalGridStepsOverAHeaderAcrossAndAlongItsAxis() throws {
        let (overlay, grid, box, moves) = try makeGrid(axis: .horizontal)
        overlay.focus(grid)
        grid.selectItem(7)
        alt(overlay, .down)  // across a column: section 0's last item, over header 8
        alt(overlay, .right)  // along the axis: a column on, over header 9
        XCTAssertEqual(moves(), [[7, 8], [8, 9]])
        XCTAssertEqual(grid.sectionHeaderItems, [0, 7, 8, 15])
        LazyGridFixture.settle(overlay, from: 0)
        XCTAssertEqual(grid.cellView(at: 9)?.frame, Rect(x: 240, y: 0, width: 50, height: 72), "past headers 7 and 8")
        for cell in grid.liveCellViews {
            XCTAssertEqual(cell.itemID, AnyHashable(box.items[cell.index]))
            XCTAssertEqual(cell.frame, grid.itemFrame(cell.index))
        }
    }
}
