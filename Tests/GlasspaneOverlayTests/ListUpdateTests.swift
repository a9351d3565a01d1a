// Inserting, deleting and moving rows without reloading (issue 29): the index map against a brute-force model, rows
// that keep their views and measured heights, what shows staying put when rows change above it (and a fling keeping
// its course), a deleted row fading as it slides to where its neighbours close up, rows pushed out sliding out, the
// cursor and section headers following their rows, and clear errors that change nothing.
import XCTest
import GlasspaneCore
import GlasspaneAnimation
import GlasspaneTesting
@testable import GlasspaneOverlay

final class ListUpdateTests: XCTestCase {
    private typealias Box = AnimatedReloadFixture.Box
    private func liveRow(_ list: List, _ id: String) throws -> ListRow { try AnimatedReloadFixture.liveRow(list, id) }

    /// The fixture's list (200 items, 20-point rows, a 200-point viewport at window y 10) scrolled to `offset`.
    private func makeList(offset: Double = 0) throws -> (Overlay, List, Box) {
        let (overlay, list, box) = try AnimatedReloadFixture.makeList()
        list.contentOffset = Point(x: 0, y: offset)
        overlay.update()
        return (overlay, list, box)
    }

    /// Where a live row is on screen (window y of its top).
    private func windowY(_ row: ListRow) -> Double { row.windowFrame.minY }

    func testTheIndexMapAgreesWithDeletingAndInsertingInAnArray() {
        var random = SplitMix64(seed: 29)
        for trial in 0..<400 {
            let count = Int(random.next() % 40)
            let old = Array(0..<count)
            let deleted = old.filter { _ in random.next() % 4 == 0 }
            var new = old.filter { !deleted.contains($0) }
            let insertions = Int(random.next() % 6)
            var inserted: [Int] = []
            for k in 0..<insertions {
                let at = Int(random.next() % UInt64(new.count + 1))
                new.insert(1000 + k, at: at)
            }
            inserted = new.indices.filter { new[$0] >= 1000 }
            let map = ListIndexMap(deleted: deleted, inserted: inserted, newCount: new.count)
            for index in old {
                let expected = new.firstIndex(of: index)
                XCTAssertEqual(map.newIndex(index), expected, "trial \(trial): old row \(index) of \(old) -> \(new)")
                // A deleted row's place is the next row that stays, or one past the last that stays.
                let nextStaying = old[index...].first { new.contains($0) }.flatMap { new.firstIndex(of: $0) }
                let lastStaying = old.last { new.contains($0) }.flatMap { new.firstIndex(of: $0) }
                XCTAssertEqual(map.slot(index), expected ?? nextStaying ?? lastStaying.map { $0 + 1 } ?? 0,
                               "trial \(trial): place of old row \(index) of \(old) -> \(new)")
            }
        }
    }

    func testRowsInsertedAboveTheViewportLeaveWhatShowsInPlace() throws {
        let (overlay, list, box) = try makeList(offset: 400)  // item 20 at the top
        let row25 = try liveRow(list, "item 25")
        let y25 = windowY(row25)
        box.items.insert(contentsOf: ["new a", "new b", "new c"], at: 2)
        try list.insertRows(at: [2, 3, 4])
        overlay.update()
        XCTAssertEqual(list.rowCount, 203)
        XCTAssertEqual(list.contentOffset.y, 460, "the offset moves by the three rows added above")
        XCTAssertTrue(try liveRow(list, "item 25") === row25, "the same view")
        XCTAssertEqual(row25.index, 28)
        XCTAssertEqual(windowY(row25), y25, "at the same place on screen")
        XCTAssertEqual(list.rowView(at: 23)?.rowID, AnyHashable("item 20"), "item 20 still at the top")

        // Deleting above moves it back.
        box.items.removeSubrange(0..<5)
        try list.deleteRows(at: [0, 1, 2, 3, 4])
        overlay.update()
        XCTAssertEqual(list.contentOffset.y, 360)
        XCTAssertEqual(windowY(row25), y25)
        XCTAssertTrue(try liveRow(list, "item 25") === row25)
    }

    func testAnAnimatedInsertAboveMovesNothingOnScreen() throws {
        let (overlay, list, box) = try makeList(offset: 400)
        overlay.advanceAnimations(to: 1)
        let row25 = try liveRow(list, "item 25")
        let y = row25.presentationFrame.minY - list.contentOffset.y
        box.items.insert(contentsOf: ["a", "b"], at: 0)
        try list.insertRows(at: [0, 1], animation: .linear(duration: 0.5))
        overlay.update()
        for frame in 0...40 {
            overlay.advanceAnimations(to: 1 + Double(frame) / 60)
            overlay.update()
            XCTAssertEqual(row25.presentationFrame.minY - list.contentOffset.y, y, "frame \(frame)")
        }
        XCTAssertEqual(list.contentOffset.y, 440)
    }

    func testAHorizontalListKeepsItsColumnsInPlaceAlongX() throws {
        let box = Box((0..<100).map { "item \($0)" })
        let overlay = Overlay(windowSize: Size(width: 800, height: 400))
        let ui = overlay.addLayer(name: "ui", level: 0)
        let strip = try List(identifier: "strip", axis: .horizontal, rowCount: box.items.count, rowHeight: .fixed(50),
                             rowID: { AnyHashable(box.items[$0]) }, makeRow: { Label(text: "") },
                             configureRow: { view, i in (view as! Label).text = box.items[i] })
        strip.preferredWidth = 500
        strip.preferredHeight = 60
        ui.addSubview(strip, at: Point(x: 20, y: 40))
        overlay.update()
        strip.contentOffset = Point(x: 1_000, y: 0)  // item 20 at the left edge
        overlay.update()
        let column = try liveRow(strip, "item 22")
        let x = column.windowFrame.minX
        box.items.insert(contentsOf: ["a", "b"], at: 3)
        box.items.remove(at: 0)
        try strip.updateRows(deleting: [0], inserting: [2, 3])
        overlay.update()
        XCTAssertEqual(strip.contentOffset, Point(x: 1_050, y: 0), "one column more above the left edge")
        XCTAssertTrue(try liveRow(strip, "item 22") === column)
        XCTAssertEqual(column.windowFrame.minX, x)
        XCTAssertEqual(column.index, 23)
    }

    func testWithoutKeepingRowsInPlaceOrAtTheTopTheContentMoves() throws {
        let (overlay, list, box) = try makeList(offset: 400)
        list.keepsVisibleRowsInPlace = false
        box.items.insert("new", at: 0)
        try list.insertRows(at: [0])
        overlay.update()
        XCTAssertEqual(list.contentOffset.y, 400)
        XCTAssertEqual(list.rowView(at: 20)?.rowID, AnyHashable("item 19"), "the rows moved down by one")

        // At the list's start, a row inserted at the top shows (a feed at its top).
        let (overlay2, top, box2) = try makeList()
        box2.items.insert("new", at: 0)
        try top.insertRows(at: [0])
        overlay2.update()
        XCTAssertEqual(top.contentOffset.y, 0)
        XCTAssertEqual(top.rowView(at: 0)?.rowID, AnyHashable("new"))
        XCTAssertEqual(top.rowView(at: 0).map(windowY), 10)

        // A change inside the viewport moves the rows below it, not the offset.
        let (overlay3, inside, box3) = try makeList(offset: 400)
        box3.items.remove(at: 22)
        try inside.deleteRows(at: [22])
        overlay3.update()
        XCTAssertEqual(inside.contentOffset.y, 400)
        XCTAssertEqual(inside.rowView(at: 22)?.rowID, AnyHashable("item 23"))
    }

    func testRowsThatKeepTheirIndexAreNotConfiguredAgain() throws {
        let (overlay, list, box) = try makeList()
        let configured = list.rowsConfigured
        box.items.insert("new", at: 5)
        try list.insertRows(at: [5])
        overlay.update()
        // Rows 0-4 keep their index; the new row and the rows after it in the window (5...13 before, 6...14 now, one
        // more row than fits 200 + 64 points ends the window at 13) are configured.
        let window = list.liveRowViews.map(\.index)
        XCTAssertEqual(window.first, 0)
        XCTAssertEqual(list.rowsConfigured - configured, window.filter { $0 >= 5 }.count)
        XCTAssertEqual(list.liveRowViews.map { $0.rowID }, window.map { AnyHashable(box.items[$0]) })
        let reloaded = list.rowsConfigured
        try list.reloadData(rowCount: box.items.count)
        overlay.update()
        XCTAssertEqual(list.rowsConfigured - reloaded, window.count, "a reload configures every row")
    }

    /// A list of measured rows: heights 20, 30, 45, 26, 70 by the item's number, in a 200-point viewport.
    private func makeMeasuredList(_ box: Box) throws -> (Overlay, OverlayLayer, List) {
        let overlay = Overlay(windowSize: Size(width: 600, height: 400))
        let ui = overlay.addLayer(name: "ui", level: 0)
        let heights = [20.0, 30, 45, 26, 70]
        let list = try List(identifier: "list", rowCount: box.items.count, rowHeight: .measured(estimate: 30),
                            rowID: { AnyHashable(box.items[$0]) }, makeRow: { Label(text: "") },
                            configureRow: { view, i in
                                let label = view as! Label
                                label.text = box.items[i]
                                label.preferredHeight = heights[(Int(box.items[i].split(separator: " ").last!) ?? 0) % 5]
                            })
        list.preferredWidth = 300
        list.preferredHeight = 200
        ui.addSubview(list, at: Point(x: 10, y: 10))
        overlay.advanceAnimations(to: 0)
        overlay.update()
        return (overlay, ui, list)
    }

    func testMeasuredHeightsSurviveAnInsertAndAReloadLosesThem() throws {
        let box = Box((0..<200).map { "item \($0)" })
        let (overlay, _, list) = try makeMeasuredList(box)
        // Scroll through the first 60 rows so they are measured.
        for _ in 0..<60 { list.scroll(by: Point(x: 0, y: 30)); overlay.update() }
        list.contentOffset = .zero
        overlay.update()
        let measured = (0..<40).reduce(0.0) { sum, i in sum + [20.0, 30, 45, 26, 70][i % 5] }
        XCTAssertEqual(list.rowOffset(40), measured, "rows 0-39 measured")
        box.items.append("item 200")
        try list.insertRows(at: [200])
        overlay.update()
        XCTAssertEqual(list.rowOffset(40), measured, "an insert keeps the measured heights")
        box.items.insert("item 1000", at: 35)  // below the window
        try list.insertRows(at: [35])
        overlay.update()
        XCTAssertEqual(list.rowOffset(41), measured + 30, "the inserted row counts as the estimate until measured")
        try list.reloadData(rowCount: box.items.count)
        overlay.update()
        XCTAssertNotEqual(list.rowOffset(41), measured + 30, "a reload measures again from the estimate")
    }

    func testAMovedRowKeepsItsViewAndItsMeasuredHeight() throws {
        let box = Box((0..<200).map { "item \($0)" })
        let (overlay, _, list) = try makeMeasuredList(box)
        let row4 = try liveRow(list, "item 4")  // 70 points
        XCTAssertEqual(list.rowHeight(4), 70)
        box.items.insert(box.items.remove(at: 4), at: 1)
        try list.moveRow(from: 4, to: 1, animation: .linear(duration: 0.5))
        XCTAssertEqual(list.rowHeight(1), 70, "its height moved with it")
        XCTAssertEqual(list.rowOffset(2), 90)
        overlay.update()
        XCTAssertTrue(try liveRow(list, "item 4") === row4)
        XCTAssertEqual(row4.frame.minY, 20, "its model frame is the new place")
        XCTAssertEqual(row4.presentationFrame.minY, 20 + 30 + 45 + 26, accuracy: 1e-9, "and it slides from the old one")
    }

    func testADeletedRowFadesAsItSlidesToWhereItsNeighboursCloseUp() throws {
        let (overlay, list, box) = try makeList()
        overlay.advanceAnimations(to: 1)
        let row2 = try liveRow(list, "item 2"), row3 = try liveRow(list, "item 3"), row4 = try liveRow(list, "item 4")
        box.items.removeSubrange(2...3)
        try list.deleteRows(at: [2, 3], animation: .linear(duration: 0.5))
        overlay.update()
        XCTAssertEqual(list.fadingRowCount, 2)
        XCTAssertEqual(row4.frame.minY, 40, "item 4 moves up to row 2")
        for frame in 0...30 {
            let t = Double(frame) / 60, progress = min(1, t / 0.5)
            overlay.advanceAnimations(to: 1 + t)
            overlay.update()
            guard progress < 1 else { break }
            // Row 3 (y 60) closes up with item 4 (y 80 -> 40); row 2 is already where they meet.
            XCTAssertEqual(row3.presentationFrame.minY, 60 - 20 * progress, accuracy: 1e-9, "frame \(frame)")
            XCTAssertEqual(row4.presentationFrame.minY, 80 - 40 * progress, accuracy: 1e-9, "frame \(frame)")
            XCTAssertEqual(row2.presentationFrame.minY, 40, accuracy: 1e-9, "frame \(frame)")
            XCTAssertEqual(row3.presentationAlpha, 1 - progress, accuracy: 1e-9, "frame \(frame)")
            XCTAssertEqual(row2.presentationAlpha, 1 - progress, accuracy: 1e-9, "frame \(frame)")
        }
        overlay.advanceAnimations(to: 2)
        overlay.update()
        XCTAssertEqual(list.fadingRowCount, 0)
        XCTAssertTrue(row2.isHidden && row3.isHidden, "pooled")
    }

    func testARowPushedOutOfTheWindowSlidesOutOpaque() throws {
        let (overlay, list, box) = try makeList()
        overlay.advanceAnimations(to: 1)
        // The window keeps 18 rows (0-17: 200 + 2 x 64 points of 20-point rows, one cut at each end); five rows
        // inserted at 1 push rows 13-17 out.
        XCTAssertEqual(list.liveRowViews.last?.index, 17)
        let row17 = try liveRow(list, "item 17")
        box.items.insert(contentsOf: (0..<5).map { "new \($0)" }, at: 1)
        try list.insertRows(at: Array(1...5), animation: .linear(duration: 0.5))
        overlay.update()
        XCTAssertNil(list.liveRowViews.first { $0 === row17 }, "no longer live")
        XCTAssertEqual(list.fadingRowCount, 5)
        overlay.advanceAnimations(to: 1.25)
        XCTAssertEqual(row17.presentationFrame.minY, 340 + 50, accuracy: 1e-9, "halfway to its new place, 440")
        XCTAssertEqual(row17.presentationAlpha, 1, "opaque")
        XCTAssertFalse(row17.isUserInteractionEnabled)
        for frame in 1...60 { overlay.advanceAnimations(to: 1.25 + Double(frame) / 60) }  // the sweeper pools a frame after
        overlay.update()
        XCTAssertEqual(list.fadingRowCount, 0)
        XCTAssertTrue(row17.isHidden)
    }

    func testTwoAnimatedUpdatesInOneFrameSendPushedOutRowsToTheirFinalPlaces() throws {
        let (overlay, list, box) = try makeList()
        overlay.advanceAnimations(to: 1)
        let row16 = try liveRow(list, "item 16"), row17 = try liveRow(list, "item 17")
        box.items.insert(contentsOf: ["a", "b", "c"], at: 1)
        try list.insertRows(at: [1, 2, 3], animation: .linear(duration: 0.5))
        box.items.insert(contentsOf: ["d", "e"], at: 0)
        try list.insertRows(at: [0, 1], animation: .linear(duration: 0.5))
        overlay.update()
        // Item 16 is row 21 now, item 17 row 22: both out of the window (rows 0-17), sliding there from 320 and 340.
        XCTAssertEqual(row16.frame.minY, 21 * 20, "where the second update left it, not the first")
        XCTAssertEqual(row17.frame.minY, 22 * 20)
        overlay.advanceAnimations(to: 1.25)
        XCTAssertEqual(row16.presentationFrame.minY, 320 + 50, accuracy: 1e-9)
        XCTAssertEqual(row17.presentationAlpha, 1, "opaque: its item is still there")
        XCTAssertEqual(list.liveRowViews.map(\.rowID), (0..<18).map { AnyHashable(box.items[$0]) })
    }

    func testTheCursorAndSectionHeadersFollowTheirRows() throws {
        let (overlay, list, box) = try makeList()
        try list.setSectionHeaderRows([0, 10, 20])
        list.selectRow(15)
        box.items.remove(at: 10)
        box.items.insert("new", at: 0)
        try list.updateRows(deleting: [10], inserting: [0])
        overlay.update()
        XCTAssertEqual(list.sectionHeaderRows, [1, 20], "the deleted header is dropped, the others follow")
        XCTAssertEqual(list.cursorIndex, 15, "row 15 went to 14, then 15")
        XCTAssertEqual(list.rowID(at: list.cursorIndex!), AnyHashable("item 15"))
        // The cursor's own row deleted: it goes to the row now in its place.
        box.items.remove(at: 15)
        try list.deleteRows(at: [15])
        XCTAssertEqual(list.cursorIndex, 15)
        box.items.removeSubrange(15...)
        try list.deleteRows(at: Array(15..<199))
        XCTAssertEqual(list.rowCount, 15)
        XCTAssertEqual(list.cursorIndex, 14, "clamped to the last row")
        overlay.update()
        XCTAssertEqual(list.contentOffset.y, 100, "clamped to the shorter document")
        // At the end the window reaches back to its steady count (18 rows), so every row of the 15 is live.
        XCTAssertEqual(list.liveRowViews.map(\.index), Array(0..<15))
        XCTAssertEqual(list.liveRowViews.map(\.rowID), (0..<15).map { AnyHashable(box.items[$0]) })
    }

    func testAFlingKeepsItsCourseWhenRowsAreInsertedAbove() throws {
        let (overlay, list, box) = try makeList(offset: 600)
        var t = 0.0
        overlay.advanceAnimations(to: t)
        overlay.route(down(100, 150))
        for dy in [-10.0, -30] {
            t += 1.0 / 60
            overlay.advanceAnimations(to: t)
            overlay.route(drag(100, 150 + dy))
        }
        overlay.route(up(100, 120))
        let motion = try XCTUnwrap(list.motionY)
        overlay.advanceAnimations(to: t + 0.1)
        let before = list.contentOffset.y
        box.items.insert(contentsOf: ["a", "b"], at: 0)
        try list.insertRows(at: [0, 1])
        XCTAssertEqual(list.contentOffset.y, before + 40)
        XCTAssertEqual(list.motionY?.target, motion.target + 40, "the fling comes to rest 40 points further")
        for frame in 1...20 {
            let time = t + 0.1 + Double(frame) / 60
            overlay.advanceAnimations(to: time)
            XCTAssertEqual(list.contentOffset.y, motion.offset(at: time) + 40, accuracy: 1e-9, "frame \(frame)")
        }
    }

    func testBadIndicesThrowNamingTheRowAndChangeNothing() throws {
        let (overlay, list, _) = try makeList(offset: 100)
        let cases: [(deleted: [Int], inserted: [Int], error: ListError)] = [
            ([200], [], .deletedRowInvalid(200, rowCount: 200)),
            ([-1], [], .deletedRowInvalid(-1, rowCount: 200)),
            ([3, 3], [], .deletedRowInvalid(3, rowCount: 200)),
            ([], [201], .insertedRowInvalid(201, rowCount: 201)),
            ([0], [5, 5], .insertedRowInvalid(5, rowCount: 201)),
            ([0, 1], [199], .insertedRowInvalid(199, rowCount: 199)),
        ]
        for c in cases {
            XCTAssertThrowsError(try list.updateRows(deleting: c.deleted, inserting: c.inserted), "\(c)") { error in
                XCTAssertEqual(error as? ListError, c.error)
            }
            XCTAssertEqual(list.rowCount, 200)
            XCTAssertEqual(list.contentOffset.y, 100)
        }
        XCTAssertEqual(ListError.insertedRowInvalid(201, rowCount: 201).identifier, "list-inserted-row-invalid")
        XCTAssertEqual(ListError.deletedRowInvalid(200, rowCount: 200).description,
                       "deleted row 200 is not one of the list's 200 rows before the update, or is named twice")
        XCTAssertThrowsError(try list.moveRow(from: 0, to: 200)) {
            XCTAssertEqual($0 as? ListError, .insertedRowInvalid(200, rowCount: 200))
        }
        let huge = try List(rowCount: List.maximumRowCount, makeRow: { View() }, configureRow: { _, _ in })
        XCTAssertThrowsError(try huge.insertRows(at: [0])) {
            XCTAssertEqual($0 as? ListError, .rowCountOutOfRange(List.maximumRowCount + 1))
        }
        XCTAssertEqual(huge.rowCount, List.maximumRowCount)
        overlay.update()
    }
}

final class ListFollowsEndTests: XCTestCase {
    /// A chat log: 50 messages of measured heights (20, 30, 45, 26 or 70 points, estimated at 30) in a 200-point
    /// viewport, following its end.
    private func makeLog() throws -> (Overlay, List, AnimatedReloadFixture.Box) {
        let box = AnimatedReloadFixture.Box((0..<50).map { "message \($0)" })
        let overlay = Overlay(windowSize: Size(width: 600, height: 400))
        let ui = overlay.addLayer(name: "ui", level: 0)
        let list = try List(identifier: "log", rowCount: box.items.count, rowHeight: .measured(estimate: 30),
                            rowID: { AnyHashable(box.items[$0]) }, makeRow: { Label(text: "") },
                            configureRow: { view, i in
                                let label = view as! Label
                                label.text = box.items[i]
                                let number = Int(box.items[i].split(separator: " ").last!) ?? 0
                                label.preferredHeight = [20.0, 30, 45, 26, 70][number % 5]
                            })
        list.preferredWidth = 300
        list.preferredHeight = 200
        list.followsEnd = true
        ui.addSubview(list, at: Point(x: 10, y: 10))
        overlay.advanceAnimations(to: 0)
        overlay.update()
        return (overlay, list, box)
    }

    private func lastRow(_ list: List) throws -> ListRow {
        try XCTUnwrap(list.rowView(at: list.rowCount - 1), "the last row is live")
    }

    func testALogFollowingItsEndShowsEachNewMessageWholeAtTheBottom() throws {
        let (overlay, list, box) = try makeLog()
        XCTAssertEqual(try lastRow(list).windowFrame.maxY, 210, "starts with the last message at the bottom")
        for n in 50..<60 {
            box.items.append("message \(n)")  // 70 points tall for n = 54 and 59, though estimated at 30
            try list.insertRows(at: [n], animation: .linear(duration: 0.2))
            overlay.update()
            let last = try lastRow(list)
            XCTAssertEqual(last.rowID, AnyHashable("message \(n)"))
            XCTAssertEqual(last.frame.height, [20.0, 30, 45, 26, 70][n % 5], "message \(n) measured")
            XCTAssertEqual(last.windowFrame.maxY, 210, "message \(n) whole at the bottom")
            XCTAssertEqual(list.contentOffset.y, list.maximumOffset.y)
        }
    }

    func testALogScrolledUpStaysWhereTheReaderIs() throws {
        let (overlay, list, box) = try makeLog()
        list.scroll(by: Point(x: 0, y: -100))
        overlay.update()
        let offset = list.contentOffset.y
        box.items.append("message 50")
        try list.insertRows(at: [50])
        overlay.update()
        XCTAssertEqual(list.contentOffset.y, offset, "not at the end: the new message waits below")
        // Back at the end, it follows again.
        list.scroll(by: Point(x: 0, y: 10_000))
        overlay.update()
        box.items.append("message 51")
        try list.insertRows(at: [51])
        overlay.update()
        XCTAssertEqual(try lastRow(list).windowFrame.maxY, 210)
    }

    func testAppendingToAFollowedLogRepaintsInPlace() throws {
        let (overlay, list, box) = try makeLog()
        let ui = try XCTUnwrap(list.layer)
        box.items.append("message 50")  // the first append shows the scroll bar: one whole paint
        try list.insertRows(at: [50])
        overlay.update()
        let configured = list.rowsConfigured
        for n in 51..<111 {
            let full = ui.stats.fullRepaints
            box.items.append("message \(n)")
            try list.insertRows(at: [n])
            overlay.update()
            XCTAssertEqual(ui.stats.fullRepaints, full, "message \(n): rows moved, none hidden or shown")
            XCTAssertEqual(try lastRow(list).windowFrame.maxY, 210, "message \(n) at the bottom")
            let inPlace = ui.drawList
            ui.needsFullRepaint = true
            ui.paintIfNeeded()
            XCTAssertEqual(ui.drawList, inPlace, "message \(n): the in-place repaint is what painting everything gives")
        }
        XCTAssertEqual(list.rowsConfigured - configured, 60, "each append configures its own row, nothing else")
    }

    func testTurningItOnScrollsToTheEnd() throws {
        let (overlay, list, _) = try makeLog()
        list.followsEnd = false
        list.contentOffset = .zero
        overlay.update()
        XCTAssertEqual(list.contentOffset.y, 0)
        list.followsEnd = true
        overlay.update()
        XCTAssertEqual(try lastRow(list).windowFrame.maxY, 210)
    }
}

/// Random updates against a model: after every layout the live rows show exactly the data's items at their indices,
/// edge to edge, one view each, and every item that stays keeps its view while it stays in the window.
final class ListUpdateModelTests: XCTestCase {
    func testRandomUpdatesKeepTheWindowTrueToTheData() throws {
        for (seed, measured) in [(1 as UInt64, false), (2, true), (3, false), (4, true)] {
            try randomUpdatesKeepTheWindowTrueToTheData(seed: seed, measured: measured)
        }
    }

    /// Heights far from the estimate of 50 (3, 6 or 4 points; 180 or 240), by a hash of the item's text, so
    /// measuring moves the document under the offset: one layout then places the window in passes (measured rows
    /// above the first one in sight, the scroll view's clamp when the end shrank, `followsEnd` chasing the end).
    static func farHeight(_ item: String) -> Double {
        [3.0, 180, 6, 240, 4][item.unicodeScalars.reduce(0) { ($0 * 31 + Int($1.value)) % 997 } % 5]
    }

    /// The model over rows far from their estimate, with moves that lay the window out in passes too: scrolls to
    /// the end, reloads (every height measured again), long scrolls up into rows not measured yet, jumps, appends.
    func testRandomUpdatesKeepAWindowLaidOutInPassesTrueToTheData() throws {
        for seed: UInt64 in [11, 12, 13] {
            try randomUpdatesKeepTheWindowTrueToTheData(seed: seed, measured: true, passes: true)
        }
    }

    /// The same with `followsEnd`: at the end, each layout chases the end as appended rows are measured. Rows of one
    /// height too, which keep no views to give back (List.swift, `layoutSubviews`).
    func testRandomUpdatesKeepAFollowedWindowLaidOutInPassesTrueToTheData() throws {
        for seed: UInt64 in [21, 22, 23] {
            try randomUpdatesKeepTheWindowTrueToTheData(seed: seed, measured: true, passes: true, followsEnd: true)
        }
        try randomUpdatesKeepTheWindowTrueToTheData(seed: 24, measured: false, passes: true, followsEnd: true)
    }

    /// `passes`: rows of `farHeight` from an estimate of 50, and the moves that lay out in passes; else the model
    /// list's own heights and moves (the sequence the first seeds were written for).
    private func randomUpdatesKeepTheWindowTrueToTheData(seed: UInt64, measured: Bool, passes: Bool = false,
                                                         followsEnd: Bool = false) throws {
        var random = SplitMix64(seed: seed)
        var nextID = 1000
        let height = passes ? ListUpdateModelTests.farHeight : AnimatedReloadFixture.modelHeight
        let (overlay, list, box) = try AnimatedReloadFixture.makeModelList(measured: measured,
                                                                           estimate: passes ? 50 : 30, height: height)
        list.followsEnd = followsEnd
        overlay.update()
        var time = 0.0
        for step in 0..<300 {
            let context = "seed \(seed)\(followsEnd ? " following the end" : ""), step \(step)"
            let before = Dictionary(uniqueKeysWithValues: list.liveRowViews.map { ($0.rowID, $0) })
            // One or two updates before the next layout (several in a frame).
            for _ in 0..<Int(random.next() % 2 + 1) {
                let animated = random.next() % 3 == 0
                var deleted: [Int] = []
                var inserted: [Int] = []
                switch random.next() % (passes ? 10 : 5) {
                case 0, 1:  // delete up to 3
                    let count = box.items.count
                    guard count > 0 else { break }
                    let picks = (0..<Int(random.next() % 3 + 1)).map { _ in Int(random.next() % UInt64(count)) }
                    deleted = Array(Set(picks)).sorted()
                    for index in deleted.reversed() { box.items.remove(at: index) }
                case 2, 3:  // insert up to 3
                    var added: Set<String> = []
                    for _ in 0..<Int(random.next() % 3 + 1) {
                        let at = Int(random.next() % UInt64(box.items.count + 1))
                        box.items.insert("new \(nextID)", at: at)
                        added.insert("new \(nextID)")
                        nextID += 1
                    }
                    inserted = box.items.indices.filter { added.contains(box.items[$0]) }
                case 4:  // scroll
                    list.scroll(by: Point(x: 0, y: Double(Int(random.next() % 400)) - 200))
                case 5:  // to the end as estimated: rows measured there shrink or grow the document under the offset
                    list.scroll(by: Point(x: 0, y: 1_000_000))
                case 6:  // every height forgotten, measured again as rows come in
                    try list.reloadData(rowCount: box.items.count)
                case 7:  // up into rows perhaps not measured yet
                    list.scroll(by: Point(x: 0, y: -Double(Int(random.next() % 1500))))
                case 8:  // a jump
                    if !box.items.isEmpty { list.scrollToRowAtTop(Int(random.next() % UInt64(box.items.count))) }
                default:  // append up to 3
                    for _ in 0..<Int(random.next() % 3 + 1) {
                        box.items.append("new \(nextID)")
                        inserted.append(box.items.count - 1)
                        nextID += 1
                    }
                }
                if !deleted.isEmpty || !inserted.isEmpty {
                    try list.updateRows(deleting: deleted, inserting: inserted,
                                        animation: animated ? .linear(duration: 0.1) : nil)
                }
            }
            time += 1.0 / 30
            overlay.advanceAnimations(to: time)
            overlay.update()
            XCTAssertEqual(list.rowCount, box.items.count, context)
            AnimatedReloadFixture.assertWindowTrueToTheData(list, box, before: before, measured: measured,
                                                            height: height, context)
        }
    }
}

/// One layout places a window of measured rows more than once; an item a placement dropped and a later one brought
/// back keeps the view it had before the layout (List.swift, `giveRowsBack`).
final class ListLayoutPassTests: XCTestCase {
    /// The model list (300 items, a 200-point viewport) of rows measured from an estimate of 50 at `height(item N)`.
    private func makeList(height: @escaping (Int) -> Double) throws -> (Overlay, List) {
        let (overlay, list, _) = try AnimatedReloadFixture.makeModelList(measured: true, estimate: 50) {
            height(Int($0.dropFirst(5))!)
        }
        return (overlay, list)
    }

    /// The live views by item index.
    private func views(_ list: List) -> [Int: ListRow] {
        Dictionary(uniqueKeysWithValues: list.liveRowViews.map { ($0.index, $0) })
    }

    /// Scrolled up into rows far shorter than their estimate, `layoutDocument` goes in passes: each measures the rows
    /// above the first one in sight, moves the offset by what they lost, and works the window out again. The first
    /// pass reaches up by the estimate and drops the window's last row; the next, holding at least as many rows as
    /// the window ever did, reaches down to it again.
    func testARowAPassOfMeasuringAboveDropsAndTheNextBringsBackKeepsItsView() throws {
        let (overlay, list) = try makeList { $0 < 150 ? 3 : 50 }  // rows 0...149 come out 3 points tall
        list.scrollToRowAtTop(150)
        overlay.update()
        XCTAssertEqual(list.liveRowViews.map(\.index), Array(143...155))
        XCTAssertEqual(list.rowHeight(140), 50, "row 140 not measured yet")
        let before = views(list)
        list.scroll(by: Point(x: 0, y: -40))  // a wheel notch up
        overlay.update()
        XCTAssertEqual(list.rowHeight(140), 3, "measured as the notch brought it in")
        XCTAssertEqual(list.liveRowViews.map(\.index), Array(138...155))
        for index in 143...155 {
            XCTAssertTrue(list.rowView(at: index) === before[index], "item \(index) kept its view")
        }
    }

    /// Scrolled toward the end, the last rows measure far shorter than their estimate, the document shrinks under
    /// the offset and the scroll view lays the list out again at the clamped offset, whose window reaches further
    /// back than the first one did: the rows it brings back keep the views they had before the scroll.
    func testRowsTheClampedOffsetBringsBackKeepTheirViews() throws {
        let (overlay, list) = try makeList { $0 < 295 ? 50 : 3 }  // the estimate, then 5 rows of 3 points
        list.scrollToRowAtTop(286)
        overlay.update()
        XCTAssertEqual(list.liveRowViews.map(\.index), Array(284...291))
        let before = views(list)
        list.scroll(by: Point(x: 0, y: 400))  // to 14,700: rows 292...299 by the estimate
        overlay.update()
        XCTAssertEqual(list.contentSize.height, 14_765, "295 x 50 + 5 x 3")
        XCTAssertEqual(list.contentOffset.y, 14_565, "clamped to the measured end")
        XCTAssertEqual(list.liveRowViews.map(\.index), Array(290...299), "reaching back to row 290 (y 14,500)")
        for index in 290...291 {
            XCTAssertTrue(list.rowView(at: index) === before[index], "item \(index) kept its view")
        }
    }
}

/// Rows deleted under an offset at the end: the first placement, at the offset the scroll view then clamps, takes
/// the last rows, not every row from the first.
final class ListDeletedUnderTheOffsetTests: XCTestCase {
    func testDeletingTheLastRowsAtTheEndMakesNoViewForEveryRow() throws {
        for measured in [false, true] {
            let (overlay, list, box) = try AnimatedReloadFixture.makeModelList(measured: measured)
            list.scroll(by: Point(x: 0, y: 1_000_000))
            overlay.update()
            list.scroll(by: Point(x: 0, y: 1_000_000))  // the end as measured
            overlay.update()
            let made = list.rowsCreated, configured = list.rowsConfigured, live = list.liveRowCount
            box.items.removeLast(20)
            try list.deleteRows(at: Array(280..<300))
            overlay.update()
            XCTAssertEqual(list.contentOffset.y, list.maximumOffset.y, "measured \(measured): clamped to the new end")
            XCTAssertEqual(list.rowsCreated, made, "measured \(measured): the views the window had")
            XCTAssertLessThanOrEqual(list.liveRowCount, live, "measured \(measured)")
            XCTAssertLessThanOrEqual(list.rowsConfigured - configured, live, "measured \(measured): the rows that came in")
            AnimatedReloadFixture.assertWindowTrueToTheData(list, box, before: [:], measured: measured, "measured \(measured)")
        }
    }
}

/// Keys a list or grid does not use reach `onUnusedKey`, where an app acts on them (Delete removes the selection).
final class ListUnusedKeyTests: XCTestCase {
    private func press(_ overlay: Overlay, _ key: Key, modifiers: KeyModifiers = []) {
        overlay.route(.key(KeyEvent(key: key, modifiers: modifiers)))
        overlay.route(.key(KeyEvent(key: key, isDown: false, modifiers: modifiers)))
        overlay.update()
    }

    func testDeleteOnAFocusedListRemovesItsSelectedRows() throws {
        let (overlay, list, box) = try AnimatedReloadFixture.makeList()
        list.selectionMode = .multiple
        var unused: [Key] = []
        list.onUnusedKey = { event in
            unused.append(event.key)
            guard event.key == .delete else { return }
            let rows = box.items.indices.filter { list.selection.contains(AnyHashable(box.items[$0])) }
            for row in rows.reversed() { box.items.remove(at: row) }
            try? list.deleteRows(at: rows)
            list.setSelection([])
        }
        // A click focuses the list and selects row 3; Shift-Down extends to row 4.
        overlay.route(.pointerDown(PointerEvent(location: Point(x: 100, y: 10 + 3 * 20 + 5))))
        overlay.route(.pointerUp(PointerEvent(location: Point(x: 100, y: 10 + 3 * 20 + 5))))
        press(overlay, .down, modifiers: .shift)
        XCTAssertEqual(list.selection, [AnyHashable("item 3"), AnyHashable("item 4")])
        press(overlay, .delete)
        XCTAssertEqual(unused, [.delete], "the arrow was the list's own")
        XCTAssertEqual(list.rowCount, 198)
        XCTAssertEqual(list.rowView(at: 3)?.rowID, AnyHashable("item 5"))
        XCTAssertEqual(list.cursorIndex, 3, "the cursor on the row now in its place")
        press(overlay, .home)
        press(overlay, .character("x"))
        XCTAssertEqual(unused, [.delete, .character("x")])
    }

    func testAGridPassesTheKeysItDoesNotUse() throws {
        let overlay = Overlay(windowSize: Size(width: 600, height: 400))
        let ui = overlay.addLayer(name: "ui", level: 0)
        let grid = try LazyGrid(identifier: "grid", itemCount: 50, columns: .fixed(5), itemHeight: 40, spacing: 4,
                                makeCell: { View() }, configureCell: { _, _ in })
        grid.preferredWidth = 300
        grid.preferredHeight = 200
        ui.addSubview(grid, at: Point(x: 10, y: 10))
        overlay.update()
        var unused: [Key] = []
        grid.onUnusedKey = { unused.append($0.key) }
        overlay.route(.pointerDown(PointerEvent(location: Point(x: 20, y: 20))))
        overlay.route(.pointerUp(PointerEvent(location: Point(x: 20, y: 20))))
        press(overlay, .right)
        press(overlay, .delete)
        press(overlay, .enter)
        XCTAssertEqual(grid.cursorIndex, 1)
        XCTAssertEqual(unused, [.delete, .enter])
    }
}
