// Moving rows by hand (List+Reorder.swift): a mouse drag lifts a row, the rows between close up under it, the drop asks
// the app and the row settles in its new slot with its view kept (or goes back when the app says no); a click still
// selects, a touch drag still scrolls (a touch held still picks the row up), rows the app pins scroll too; near an end
// the list scrolls with the row in hand; Alt+Down moves the cursor row.
import XCTest
import GlasspaneCore
import GlasspaneAnimation
import GlasspaneTesting
@testable import GlasspaneOverlay

final class ListReorderTests: XCTestCase {
    private typealias Box = AnimatedReloadFixture.Box

    /// The fixture's list (200 items in 20-point rows, a 200-point viewport at (10, 10)) taking moves into `box`.
    private func makeList(accept: Bool = true) throws -> (Overlay, List, Box, moves: () -> [[Int]]) {
        let (overlay, list, box) = try AnimatedReloadFixture.makeList()
        var moves: [[Int]] = []
        list.onMoveRow = { from, to in
            moves.append([from, to])
            guard accept else { return false }
            box.items.insert(box.items.remove(at: from), at: to)
            return true
        }
        return (overlay, list, box, { moves })
    }

    private func pointer(_ overlay: Overlay, _ phase: String, y: Double, id: Int = 0) {
        LazyGridFixture.pointer(overlay, phase, Point(x: 100, y: y), id: id)
    }

    private func settle(_ overlay: Overlay, from time: Double) { LazyGridFixture.settle(overlay, from: time) }

    private func assertRowsShowTheData(_ list: List, _ box: Box, file: StaticString = #filePath, line: UInt = #line) {
        for row in list.liveRowViews {
            XCTAssertEqual(row.rowID, AnyHashable(box.items[row.index]), "row \(row.index)", file: file, line: line)
            XCTAssertEqual(row.frame.minY, Double(row.index) * 20, "row \(row.index)", file: file, line: line)
            XCTAssertEqual(row.presentationFrame.minY, Double(row.index) * 20, "row \(row.index)", file: file, line: line)
        }
    }

    func testADraggedRowClosesTheRowsUpUnderItAndSettlesWhereItIsDropped() throws {
        let (overlay, list, box, moves) = try makeList()
        overlay.advanceAnimations(to: 1)
        let row2 = try AnimatedReloadFixture.liveRow(list, "item 2")
        pointer(overlay, "down", y: 10 + 50)   // row 2's middle: 10 points into it
        pointer(overlay, "move", y: 62)        // within the slop: nothing moves yet
        XCTAssertNil(list.heldRowIndex)
        XCTAssertEqual(row2.frame.minY, 40)
        pointer(overlay, "move", y: 10 + 110)  // its middle over row 5
        XCTAssertEqual(list.heldRowIndex, 2)
        XCTAssertEqual(row2.frame.minY, 100, "under the pointer, where it was grabbed")
        XCTAssertNil(list.rowView(at: 2), "the held row's index has no view in the window")
        XCTAssertTrue(list.documentView.subviews.last === row2, "drawn over the rows it passes")
        let outlines = (list.layer?.drawList.commands ?? []).compactMap { command -> Double? in
            if case .border(_, let color, let width, _) = command, color == list.cursorColor { return width }
            return nil
        }
        XCTAssertEqual(outlines, [3], "the held row has a heavier outline")
        for index in 3...5 {
            XCTAssertEqual(try AnimatedReloadFixture.liveRow(list, "item \(index)").frame.minY, Double(index - 1) * 20,
                           "row \(index) closed up")
        }
        XCTAssertEqual(try AnimatedReloadFixture.liveRow(list, "item 6").frame.minY, 120, "row 6 stays")
        XCTAssertEqual(try AnimatedReloadFixture.liveRow(list, "item 3").presentationFrame.minY, 60, "and slides there")
        pointer(overlay, "up", y: 10 + 110)
        XCTAssertEqual(moves(), [[2, 5]])
        XCTAssertEqual(box.items[5], "item 2")
        settle(overlay, from: 1)
        XCTAssertTrue(try AnimatedReloadFixture.liveRow(list, "item 2") === row2, "the same view, now row 5")
        XCTAssertEqual(row2.index, 5)
        assertRowsShowTheData(list, box)
        XCTAssertTrue(list.selection.isEmpty, "a drag selects nothing")
    }

    /// With sections (headers are rows), a row dropped past a header joins the next section: the app is asked with
    /// flat indices and the headers between move one row toward the gap; a drop at a header's place puts the row at
    /// the end of the section before it; no row goes above the first header.
    func testARowDraggedPastAHeaderJoinsTheNextSection() throws {
        let (overlay, list, box, moves) = try makeList()
        try list.setSectionHeaderRows([0, 4, 10])
        overlay.update()
        overlay.advanceAnimations(to: 1)
        pointer(overlay, "down", y: 10 + 50)   // row 2 (section 0)
        pointer(overlay, "move", y: 10 + 130)  // its middle over row 6 (section 1)
        XCTAssertEqual(list.heldRowIndex, 2)
        pointer(overlay, "up", y: 10 + 130)
        XCTAssertEqual(moves(), [[2, 6]])
        XCTAssertEqual(list.sectionHeaderRows, [0, 3, 10], "header 4 moved up a row: item 2 is in section 1 now")
        settle(overlay, from: 1)
        assertRowsShowTheData(list, box)
        // From section 1 up onto the first header's place: it stays below that header.
        overlay.advanceAnimations(to: 3)
        pointer(overlay, "down", y: 10 + 130)  // row 6
        pointer(overlay, "move", y: 10 + 5)    // its middle over row 0, the first header
        pointer(overlay, "up", y: 10 + 5)
        XCTAssertEqual(moves().last, [6, 1], "never above the first header")
        XCTAssertEqual(list.sectionHeaderRows, [0, 4, 10])
        settle(overlay, from: 3)
        assertRowsShowTheData(list, box)
        // The keys too: Alt+Up on row 1 does not pass the first header; Alt+Down on row 3 crosses the next one.
        pointer(overlay, "down", y: 10 + 30)
        pointer(overlay, "up", y: 10 + 30)    // selects and focuses row 1
        let count = moves().count
        overlay.route(.key(KeyEvent(key: .up, modifiers: .alt)))
        XCTAssertEqual(moves().count, count, "not asked: row 0 is the first header")
        list.selectRow(3)
        overlay.route(.key(KeyEvent(key: .down, modifiers: .alt)))
        XCTAssertEqual(moves().last, [3, 4])
        XCTAssertEqual(list.sectionHeaderRows, [0, 3, 10], "one step over the header into section 1")
    }

    func testARowTheAppRefusesGoesBack() throws {
        let (overlay, list, box, moves) = try makeList(accept: false)
        overlay.advanceAnimations(to: 1)
        pointer(overlay, "down", y: 10 + 50)
        pointer(overlay, "move", y: 10 + 150)
        pointer(overlay, "up", y: 10 + 150)
        XCTAssertEqual(moves(), [[2, 7]])
        settle(overlay, from: 1)
        XCTAssertEqual(box.items[2], "item 2")
        XCTAssertEqual(list.rowView(at: 2)?.rowID, "item 2")
        assertRowsShowTheData(list, box)
    }

    func testAClickSelectsATouchDragScrollsAndAPinnedRowScrolls() throws {
        let (overlay, list, _, moves) = try makeList()
        pointer(overlay, "down", y: 10 + 70)
        pointer(overlay, "up", y: 10 + 70)
        XCTAssertEqual(list.selection, ["item 3"], "a press and release without a drag is a click")
        pointer(overlay, "down", y: 150, id: 1)
        pointer(overlay, "move", y: 100, id: 1)
        pointer(overlay, "up", y: 100, id: 1)
        XCTAssertEqual(list.contentOffset.y, 50, "a touch drag scrolls")
        list.canMoveRow = { $0 % 2 == 0 }
        pointer(overlay, "down", y: 10 + 60)   // document 110: row 5, which may not move
        pointer(overlay, "move", y: 10 + 30)
        pointer(overlay, "up", y: 10 + 30)
        XCTAssertEqual(list.contentOffset.y, 80, "a mouse drag on a row that may not move scrolls")
        XCTAssertEqual(moves(), [])
    }

    func testAHeldRowNearTheEndScrollsTheListAndIsDroppedFarAway() throws {
        let (overlay, list, box, moves) = try makeList()
        var time = 1.0
        overlay.advanceAnimations(to: time)
        let row2 = try AnimatedReloadFixture.liveRow(list, "item 2")
        pointer(overlay, "down", y: 10 + 50)
        pointer(overlay, "move", y: 10 + 196)  // 4 points from the bottom: about 525 points a second
        for _ in 0..<60 {
            time += 1.0 / 60
            overlay.advanceAnimations(to: time)
            overlay.update()
        }
        XCTAssertGreaterThan(list.contentOffset.y, 400, "scrolled on its own")
        XCTAssertEqual(list.heldRowIndex, 2, "still in hand")
        XCTAssertEqual(row2.frame.minY, list.contentOffset.y + 186, accuracy: 0.001, "under the pointer")
        pointer(overlay, "up", y: 10 + 196)
        let drop = try XCTUnwrap(moves().first)
        XCTAssertEqual(drop[0], 2)
        XCTAssertEqual(drop[1], Int((list.contentOffset.y + 196) / 20), "dropped at the slot under its middle")
        settle(overlay, from: time)
        XCTAssertTrue(list.rowView(at: drop[1]) === row2)
        assertRowsShowTheData(list, box)
    }

    func testATouchHeldStillPicksTheRowUpAndATouchThatMovesFirstScrolls() throws {
        let (overlay, list, box, moves) = try makeList()
        overlay.advanceAnimations(to: 1)
        pointer(overlay, "down", y: 10 + 50, id: 3)
        overlay.advanceAnimations(to: 1.3)
        overlay.update()
        XCTAssertNil(list.heldRowIndex, "not yet: \(List.reorderHoldTime) s")
        overlay.advanceAnimations(to: 1.55)
        overlay.update()
        XCTAssertEqual(list.heldRowIndex, 2, "held still long enough")
        pointer(overlay, "move", y: 10 + 110, id: 3)
        XCTAssertEqual(try AnimatedReloadFixture.liveRow(list, "item 3").frame.minY, 40, "row 3 closed up")
        XCTAssertEqual(list.contentOffset.y, 0, "the touch no longer scrolls")
        pointer(overlay, "up", y: 10 + 110, id: 3)
        XCTAssertEqual(moves(), [[2, 5]])
        settle(overlay, from: 1.55)
        assertRowsShowTheData(list, box)

        pointer(overlay, "down", y: 10 + 150, id: 4)
        pointer(overlay, "move", y: 10 + 100, id: 4)    // moves before the hold: a scroll
        overlay.advanceAnimations(to: 5)
        overlay.update()
        XCTAssertNil(list.heldRowIndex)
        pointer(overlay, "up", y: 10 + 100, id: 4)
        XCTAssertEqual(list.contentOffset.y, 50)
        pointer(overlay, "down", y: 10 + 30, id: 5)     // a quick tap selects
        pointer(overlay, "up", y: 10 + 30, id: 5)
        XCTAssertEqual(list.selection, [AnyHashable(box.items[4])], "row 4: document 80")
        XCTAssertEqual(moves().count, 1)
    }

    func testAHorizontalListMovesItsColumnsSideways() throws {
        var items = (0..<50).map { "card \($0)" }
        let overlay = Overlay(windowSize: Size(width: 800, height: 300))
        let ui = overlay.addLayer(name: "ui", level: 0)
        let strip = try List(identifier: "strip", axis: .horizontal, rowCount: items.count, rowHeight: .fixed(40),
                             rowID: { AnyHashable(items[$0]) }, makeRow: { Label(text: "") },
                             configureRow: { view, i in (view as! Label).text = items[i] })
        strip.preferredWidth = 400
        strip.preferredHeight = 60
        ui.addSubview(strip, at: Point(x: 0, y: 0))
        var moves: [[Int]] = []
        strip.onMoveRow = { from, to in moves.append([from, to]); items.insert(items.remove(at: from), at: to); return true }
        overlay.advanceAnimations(to: 0)
        overlay.update()
        let card1 = try XCTUnwrap(strip.rowView(at: 1))
        overlay.route(.pointerDown(PointerEvent(location: Point(x: 50, y: 30))))   // column 1, 10 points in
        overlay.route(.pointerMove(PointerEvent(location: Point(x: 170, y: 30))))  // its middle over column 4
        overlay.update()
        XCTAssertEqual(card1.frame.minX, 160, "follows the pointer sideways")
        XCTAssertEqual(strip.rowView(at: 4)?.frame.minX, 120, "column 4 closed up to the left")
        overlay.route(.pointerUp(PointerEvent(location: Point(x: 170, y: 30))))
        XCTAssertEqual(moves, [[1, 4]])
        settle(overlay, from: 0)
        XCTAssertTrue(strip.rowView(at: 4) === card1)
        for row in strip.liveRowViews {
            XCTAssertEqual(row.rowID, AnyHashable(items[row.index]))
            XCTAssertEqual(row.presentationFrame.minX, Double(row.index) * 40, "column \(row.index)")
        }
    }

    func testAControllerPicksUpCarriesAndPutsDownOrBackTheCursorRow() throws {
        let (overlay, list, box, moves) = try makeList()
        func pad(_ button: ControllerButton) {
            overlay.route(.controllerButton(ControllerButtonEvent(button: button)))
            overlay.route(.controllerButton(ControllerButtonEvent(button: button, phase: .up)))
            overlay.update()
        }
        pointer(overlay, "down", y: 10 + 50)
        pointer(overlay, "up", y: 10 + 50)     // focuses the list, cursor on row 2
        func cursorOutlineWidths() -> [Double] {
            (list.layer?.drawList.commands ?? []).compactMap {
                if case .border(_, let color, let width, _) = $0, color == list.cursorColor { return width }
                return nil
            }
        }
        XCTAssertEqual(cursorOutlineWidths(), [1])
        pad(.x)
        XCTAssertEqual(list.grabbedRowIndex, 2, "X picks up the cursor row")
        XCTAssertEqual(cursorOutlineWidths(), [3], "a heavier outline while carried")
        pad(.dpadDown)
        pad(.dpadDown)
        XCTAssertEqual(moves(), [[2, 3], [3, 4]], "the D-pad carries it a row at a time")
        XCTAssertEqual(list.grabbedRowIndex, 4)
        pad(.a)
        XCTAssertNil(list.grabbedRowIndex, "A puts it down")
        XCTAssertEqual(box.items[4], "item 2")
        pad(.dpadDown)
        XCTAssertEqual(moves().count, 2, "put down: the D-pad moves the cursor again")
        XCTAssertEqual(list.cursorIndex, 5)

        pad(.x)
        pad(.dpadUp)
        pad(.dpadUp)
        XCTAssertEqual(box.items[3], "item 5")
        pad(.b)
        XCTAssertNil(list.grabbedRowIndex, "B puts it back")
        XCTAssertEqual(moves().suffix(3), [[5, 4], [4, 3], [3, 5]], "carried back to where it was picked up")
        XCTAssertEqual(box.items[5], "item 5")

        list.scrollToRowAtTop(0)
        list.selectRow(0)
        pad(.x)
        pad(.dpadUp)
        XCTAssertTrue(list.isFocused, "at the first row a carried row keeps the focus")
        XCTAssertEqual(list.grabbedRowIndex, 0)
        settle(overlay, from: 0)
        assertRowsShowTheData(list, box)
    }

    func testARowWhoseItemChangedBeforeTheDragIsNotPickedUp() throws {
        let (overlay, list, box, moves) = try makeList()
        pointer(overlay, "down", y: 10 + 50)          // presses item 2's row
        box.items.remove(at: 0)
        try list.deleteRows(at: [0])                   // the data changes before the pointer moves
        overlay.update()
        pointer(overlay, "move", y: 10 + 150)
        XCTAssertNil(list.heldRowIndex, "the pressed row now shows another item: nothing is picked up")
        pointer(overlay, "up", y: 10 + 150)
        XCTAssertEqual(moves(), [])
        XCTAssertEqual(list.rowView(at: 1)?.rowID, "item 2")
        assertRowsShowTheData(list, box)
    }

    func testAltDownMovesTheCursorRow() throws {
        let (overlay, list, box, moves) = try makeList()
        pointer(overlay, "down", y: 10 + 90)
        pointer(overlay, "up", y: 10 + 90)    // selects and focuses row 4
        overlay.route(.key(KeyEvent(key: .down, modifiers: .alt)))
        overlay.update()
        XCTAssertEqual(moves(), [[4, 5]])
        XCTAssertEqual(list.cursorIndex, 5, "the cursor goes with its row")
        XCTAssertEqual(list.selection, ["item 4"])
        settle(overlay, from: 0)
        assertRowsShowTheData(list, box)
        list.onMoveRow = nil
        overlay.route(.key(KeyEvent(key: .down, modifiers: .alt)))
        XCTAssertEqual(list.cursorIndex, 6, "without onMoveRow Alt+Down moves the cursor as Down does")
    }
}
