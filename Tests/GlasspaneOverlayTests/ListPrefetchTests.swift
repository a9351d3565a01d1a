// Prefetching (List+Prefetch.swift): the rows past the viewport the way the list scrolls, each asked once, never
// during layout; an app may insert rows from the callback (a server browser's next page).
import XCTest
import GlasspaneCore
@testable import GlasspaneOverlay

final class ListPrefetchTests: XCTestCase {
    /// A list of `rows` rows 30 points tall in a 300x200 viewport at (50, 100), recording what it is asked for.
    private func makeList(rows: Int = 1000) throws -> (Overlay, List, Box) {
        let overlay = Overlay(windowSize: Size(width: 800, height: 600))
        let ui = overlay.addLayer(name: "ui", level: 0)
        let list = try List(identifier: "list", rowCount: rows, rowHeight: .fixed(30),
                            makeRow: { Label(text: "") }, configureRow: { view, i in (view as? Label)?.text = "row \(i)" })
        list.preferredWidth = 300; list.preferredHeight = 200
        let box = Box()
        list.onPrefetchRows = { box.asked.append($0) }
        ui.addSubview(list, at: Point(x: 50, y: 100))
        overlay.update()
        return (overlay, list, box)
    }

    final class Box { var asked: [Range<Int>] = [] }

    private func notch(_ overlay: Overlay, _ dy: Double) {
        overlay.route(.wheel(location: Point(x: 100, y: 150), dx: 0, dy: dy))
        overlay.update()
    }

    func testScrollingDownAsksForTheRowsPastTheViewportOnce() throws {
        let (overlay, _, box) = try makeList()
        XCTAssertEqual(box.asked, [], "nothing before the list scrolls")
        notch(overlay, -1)
        // Offset 40: the viewport ends at 240, in row 8 (240...270); rows 9 on, 20 of them.
        XCTAssertEqual(box.asked, [9..<29])
        notch(overlay, -1)
        // Offset 80: the viewport ends at 280, in row 9; rows 10...29, of which only 29 is new.
        XCTAssertEqual(box.asked, [9..<29, 29..<30], "only the rows not asked yet")
        notch(overlay, 1)
        // Back up to 40: the rows before row 1 (the one at the top), row 0, were never asked.
        XCTAssertEqual(box.asked.last, 0..<1)
        let count = box.asked.count
        notch(overlay, -1)
        XCTAssertEqual(box.asked.count, count, "down again over rows already asked: nothing new")
    }

    func testAJumpStartsANewRunAndTheEndIsNeverPassed() throws {
        let (overlay, list, box) = try makeList(rows: 100)
        list.contentOffset = Point(x: 0, y: 2000)
        // Offset 2000: the viewport ends at 2200, in row 73; rows 74...93.
        XCTAssertEqual(box.asked, [74..<94])
        list.contentOffset = Point(x: 0, y: 2600)
        // The viewport ends at 2800, in row 93: rows 94 on, but only 6 exist.
        XCTAssertEqual(box.asked.last, 94..<100, "never past the last row")
        notch(overlay, -1)
        XCTAssertEqual(box.asked.count, 2, "at the end: nothing more to ask")
    }

    func testAppendingRowsInTheCallbackWorksAndTheyAreAskedInTurn() throws {
        let (overlay, list, box) = try makeList(rows: 40)
        // A server browser: when the rows asked reach the end, the next page is appended (here at once).
        list.onPrefetchRows = { [unowned list] range in
            box.asked.append(range)
            if range.upperBound >= list.rowCount { try? list.insertRows(at: Array(list.rowCount..<(list.rowCount + 40))) }
        }
        for _ in 0..<10 { notch(overlay, -1) }
        XCTAssertEqual(list.rowCount, 80, "one page appended when the asked rows reached row 39")
        XCTAssertEqual(list.contentOffset.y, 400)
        XCTAssertEqual(list.rowView(at: 20)?.frame.minY, 600, "the list lays its rows out as usual")
        for _ in 0..<40 { notch(overlay, -1) }
        XCTAssertEqual(list.rowCount, 120, "and the next page when those were reached")
        XCTAssertTrue(box.asked.allSatisfy { $0.upperBound <= 120 })
    }

    func testReloadDataForgetsWhatWasAsked() throws {
        let (overlay, list, box) = try makeList()
        notch(overlay, -1)
        try list.reloadData(rowCount: 1000)
        overlay.update()
        notch(overlay, 1)
        notch(overlay, -1)
        XCTAssertEqual(box.asked.last, 9..<29, "asked again after the reload")
    }

    func testAnyDistanceIsTakenWithoutOverflow() throws {
        let (overlay, list, box) = try makeList(rows: 100)
        list.prefetchDistance = .max
        notch(overlay, -1)
        XCTAssertEqual(box.asked, [9..<100], "to the last row")
        list.prefetchDistance = -1
        notch(overlay, -1)
        XCTAssertEqual(box.asked.count, 1, "none asked")
    }

    func testAScrollByLayoutAsksNothing() throws {
        let (overlay, list, box) = try makeList()
        list.followsEnd = true  // the next layout scrolls to the end
        overlay.update()
        XCTAssertEqual(list.contentOffset.y, 29_800)
        XCTAssertEqual(box.asked, [], "the callback never runs inside layout")
        notch(overlay, 1)
        XCTAssertEqual(box.asked, [972..<992], "the rows before row 992, at the top after the notch up")
    }

    func testTheRowsNotAskedYet() {
        XCTAssertEqual(PrefetchRun.parts(of: 5..<10, notIn: 0..<0), [5..<10])
        XCTAssertEqual(PrefetchRun.parts(of: 5..<10, notIn: 7..<20), [5..<7])
        XCTAssertEqual(PrefetchRun.parts(of: 5..<10, notIn: 0..<6), [6..<10])
        XCTAssertEqual(PrefetchRun.parts(of: 5..<10, notIn: 6..<8), [5..<6, 8..<10])
        XCTAssertEqual(PrefetchRun.parts(of: 5..<10, notIn: 0..<20), [])
        XCTAssertEqual(PrefetchRun.parts(of: 5..<10, notIn: 20..<30), [5..<10])
    }
}

final class LazyGridPrefetchTests: XCTestCase {
    func testAGridAsksForTheItemsOfTheLinesPastTheViewport() throws {
        var asked: [Range<Int>] = []
        let (overlay, grid, _) = try LazyGridFixture.makeGrid(count: 1000) { grid, _ in
            grid.onPrefetchItems = { asked.append($0) }
        }
        // Rows every 60 points, 5 items a row, a 400-point viewport: one notch (40) puts its far edge at 440, in row 7.
        overlay.route(.wheel(location: Point(x: 200, y: 200), dx: 0, dy: -1))
        XCTAssertEqual(asked, [40..<60], "rows 8 to 11")
        overlay.route(.wheel(location: Point(x: 200, y: 200), dx: 0, dy: -1))
        XCTAssertEqual(asked, [40..<60, 60..<65], "row 12 only")
        grid.contentOffset = Point(x: 0, y: 6000)
        XCTAssertEqual(asked.last, 535..<555, "a jump: the far edge at 6400 is in row 106, so rows 107 to 110")
        try grid.reloadData(itemCount: 1000)
        overlay.update()
        grid.contentOffset = Point(x: 0, y: 6040)
        XCTAssertEqual(asked.last, 540..<560, "after the reload the run starts again: rows 108 to 111, though 540...554 were asked before it")
    }

    func testAnyLineCountIsTakenWithoutOverflow() throws {
        var asked: [Range<Int>] = []
        let (overlay, grid, _) = try LazyGridFixture.makeGrid(count: 100) { grid, _ in
            grid.onPrefetchItems = { asked.append($0) }
            grid.prefetchLines = .max
        }
        overlay.route(.wheel(location: Point(x: 200, y: 200), dx: 0, dy: -1))
        XCTAssertEqual(asked, [40..<100], "rows 8 on, to the last item")
        grid.prefetchLines = 0
        overlay.route(.wheel(location: Point(x: 200, y: 200), dx: 0, dy: -1))
        XCTAssertEqual(asked.count, 1, "none asked")
    }
}
