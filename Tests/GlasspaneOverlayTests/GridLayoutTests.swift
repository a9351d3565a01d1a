// Grid (tracks, spans, alignment per grid, column and cell, flexible tracks, baselines, limits) and ZStack
// (size, alignment, per-child alignment, padding) against expected frames.
import XCTest
import GlasspaneCore
@testable import GlasspaneOverlay

final class GridLayoutTests: XCTestCase {
    private func frames(_ root: View, _ ids: [String]) -> [String: Rect] {
        Dictionary(uniqueKeysWithValues: ids.map { ($0, root.descendant(withIdentifier: $0)?.frame ?? Rect(x: -1, y: -1, width: -1, height: -1)) })
    }

    func testTracksAreAsBigAsTheirBiggestCells() {
        let grid = Grid(identifier: "g", horizontalSpacing: 10, verticalSpacing: 5,
                        rows: [[box("a", 40, 10), box("b", 60, 20)], [box("c", 30, 30), box("d", 20, 10)]])
        layOutForTest(grid)
        XCTAssertEqual(frames(grid, ["g", "a", "b", "c", "d"]), [
            "g": Rect(x: 0, y: 0, width: 110, height: 55),
            "a": Rect(x: 0, y: 5, width: 40, height: 10), // leading, centered in its 20-point row
            "b": Rect(x: 50, y: 0, width: 60, height: 20),
            "c": Rect(x: 0, y: 25, width: 30, height: 30),
            "d": Rect(x: 50, y: 35, width: 20, height: 10),
        ])
    }

    func testSpansWidenTheTracksTheyCrossEvenly() {
        // The 150-point cell needs 40 more than 40 + 10 + 60: each column gets 20.
        let grid = Grid(identifier: "g", horizontalSpacing: 10, verticalSpacing: 5,
                        rows: [[box("a", 40, 10), box("b", 60, 20)], [box("e", 150, 10).gridCellColumns(2)]])
        layOutForTest(grid)
        XCTAssertEqual(frames(grid, ["g", "a", "b", "e"]), [
            "g": Rect(x: 0, y: 0, width: 150, height: 35),
            "a": Rect(x: 0, y: 5, width: 40, height: 10),
            "b": Rect(x: 70, y: 0, width: 60, height: 20),
            "e": Rect(x: 0, y: 25, width: 150, height: 10),
        ])
        XCTAssertEqual(grid.cell(of: grid.subviews[2])?.row, 1)
    }

    func testRowSpansAreSkippedByTheRowsBelowAndWidenThem() {
        // The tall cell spans rows 0 and 1 (20 + 5 + 30 = 55 < 60: each row 2.5 taller); row 1 starts in column 1.
        let grid = Grid(identifier: "g", horizontalSpacing: 0, verticalSpacing: 5,
                        rows: [[box("tall", 10, 60).gridCellRows(2), box("a", 20, 20)], [box("b", 20, 30)]])
        layOutForTest(grid)
        XCTAssertEqual(frames(grid, ["g", "tall", "a", "b"]), [
            "g": Rect(x: 0, y: 0, width: 30, height: 60),
            "tall": Rect(x: 0, y: 0, width: 10, height: 60),
            "a": Rect(x: 10, y: 1, width: 20, height: 20),   // row 0 is 22.5 high, drawn in 23 whole points
            "b": Rect(x: 10, y: 29, width: 20, height: 30),  // row 1 starts at 27.5, rounded to 28
        ])
        XCTAssertEqual(grid.cell(of: grid.subviews[2])?.column, 1)
    }

    func testColumnAndCellAlignment() {
        let grid = Grid(horizontalSpacing: 0, verticalSpacing: 0,
                        rows: [[box("a", 10, 10), box("b", 40, 10)], [box("c", 40, 10), box("d", 10, 10).cellAlignment(.center)]])
        grid.columnAlignments = [0: .trailing]
        layOutForTest(grid)
        XCTAssertEqual(frames(grid, ["a", "d"]), ["a": Rect(x: 30, y: 0, width: 10, height: 10), "d": Rect(x: 55, y: 10, width: 10, height: 10)])
    }

    func testAFlexibleCellsColumnTakesTheRoomOver() {
        let grid = Grid(horizontalSpacing: 10, verticalSpacing: 0,
                        rows: [[Label(identifier: "name", text: "Name", fontSize: 10),
                                View(identifier: "field").frame(maxWidth: .infinity, minHeight: 10)]])
        layOutForTest(grid, size: Size(width: 300, height: 13))
        XCTAssertEqual(frames(grid, ["name", "field"]), ["name": Rect(x: 0, y: 0, width: 24, height: 13),
                                                          "field": Rect(x: 34, y: 1, width: 266, height: 10)])
    }

    func testBaselineAlignedRowAndHiddenCells() {
        let b = box("b", 60, 20)
        let grid = Grid(identifier: "g", horizontalSpacing: 0, verticalSpacing: 0, alignment: .leadingFirstTextBaseline,
                        rows: [[Label(identifier: "small", text: "ab", fontSize: 10), Label(identifier: "big", text: "ab", fontSize: 20), b]])
        let layer = layOutForTest(grid)
        XCTAssertEqual(frames(grid, ["small", "big", "b"]), [
            "small": Rect(x: 0, y: 10, width: 12, height: 13), "big": Rect(x: 12, y: 0, width: 24, height: 25),
            "b": Rect(x: 36, y: 0, width: 60, height: 20), // no text: its bottom on the baseline (20 down)
        ])
        XCTAssertEqual(grid.firstBaseline(in: grid.frame.size, fonts: MonospaceFontMetrics()), 20)
        b.isHidden = true
        layer.layoutIfNeeded()
        XCTAssertEqual(grid.frame.size, Size(width: 36, height: 25), "a hidden cell takes no room")
    }

    func testARemovedCellIsForgottenAndItsTracksGo() {
        let grid = Grid(identifier: "g", horizontalSpacing: 10, verticalSpacing: 0, rows: [[box("a", 40, 10)]])
        let layer = layOutForTest(grid)
        weak var removed: View?
        do {
            let b = box("b", 60, 20)
            try? grid.add(b, row: 0, column: 1)
            layer.layoutIfNeeded()
            XCTAssertEqual(grid.frame.size, Size(width: 110, height: 20))
            removed = b
            b.removeFromSuperview()
        }
        layer.layoutIfNeeded()
        XCTAssertEqual(grid.frame.size, Size(width: 40, height: 10), "its column and row height went with it")
        XCTAssertNil(removed, "the grid keeps no reference to a view it no longer holds")
    }

    func testCellsOutsideTheLimitAreRefusedWithAnIdentifier() {
        let grid = Grid()
        for (row, column) in [(-1, 0), (0, -3), (Grid.maximumTracks, 0), (0, Grid.maximumTracks)] {
            XCTAssertThrowsError(try grid.add(View(), row: row, column: column)) { error in
                XCTAssertEqual((error as? GridError)?.identifier, "grid-cell-out-of-range")
                XCTAssertTrue("\(error)".contains("row \(row), column \(column)"))
            }
        }
        XCTAssertTrue(grid.subviews.isEmpty)
        XCTAssertNoThrow(try grid.add(box("v", 5, 5), row: 2, column: 3))
        layOutForTest(grid)
        XCTAssertEqual(grid.subviews[0].frame.origin, Point(x: 24, y: 16), "three empty columns and two empty rows of spacing")
        // A span past the limit is clamped to it: 1,024 empty columns with 1,023 gaps of 8 (the view fits in them).
        let wide = Grid(identifier: "wide", rows: [[box("w", 5, 5).gridCellColumns(1_000_000)]])
        layOutForTest(wide)
        XCTAssertEqual(wide.frame.width, 8 * Double(Grid.maximumTracks - 1))
    }

    func testZStackSizeAlignmentAndPadding() {
        func make(_ alignment: Alignment, padding: EdgeInsets = .zero, _ extra: View? = nil) -> ZStack {
            ZStack(identifier: "z", alignment: alignment, padding: padding, [box("a", 100, 50), box("b", 20, 10)] + (extra.map { [$0] } ?? []))
        }
        var z = make(.center); layOutForTest(z)
        XCTAssertEqual(frames(z, ["z", "a", "b"]), ["z": Rect(x: 0, y: 0, width: 100, height: 50),
                                                   "a": Rect(x: 0, y: 0, width: 100, height: 50), "b": Rect(x: 40, y: 20, width: 20, height: 10)])
        z = make(.topTrailing); layOutForTest(z)
        XCTAssertEqual(z.subviews[1].frame, Rect(x: 80, y: 0, width: 20, height: 10))
        z = make(.bottomLeading); layOutForTest(z)
        XCTAssertEqual(z.subviews[1].frame, Rect(x: 0, y: 40, width: 20, height: 10))
        z = make(.center, box("c", 20, 10).cellAlignment(.bottomTrailing)); layOutForTest(z)
        XCTAssertEqual(z.subviews[2].frame, Rect(x: 80, y: 40, width: 20, height: 10), "a child's own alignment wins")
        z = make(.center, View(identifier: "bg").cellAlignment(.fill)); layOutForTest(z)
        XCTAssertEqual(z.subviews[2].frame, Rect(x: 0, y: 0, width: 100, height: 50), "fill takes the whole room")
        z = make(.topLeading, padding: EdgeInsets(all: 5)); layOutForTest(z)
        XCTAssertEqual(frames(z, ["z", "a", "b"]), ["z": Rect(x: 0, y: 0, width: 110, height: 60),
                                                   "a": Rect(x: 5, y: 5, width: 100, height: 50), "b": Rect(x: 5, y: 5, width: 20, height: 10)])
    }
}
