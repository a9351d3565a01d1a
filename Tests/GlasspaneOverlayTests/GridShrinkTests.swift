// Grid short of room: flexible columns and rows shrink toward their smallest cells instead of overflowing
// (table-driven, against expected frames); addRow's occupied-cell search stays linear; cells past the track limit
// are left out of layout instead of crashing it.
import XCTest
import GlasspaneCore
@testable import GlasspaneOverlay

final class GridShrinkTests: XCTestCase {
    struct Case {
        var name: String
        var size: Size
        var build: () -> View
        var expected: [String: Rect]
    }

    private func run(_ cases: [Case], file: StaticString = #filePath, line: UInt = #line) {
        for c in cases {
            let root = c.build()
            layOutForTest(root, size: c.size)
            for (id, rect) in c.expected.sorted(by: { $0.key < $1.key }) {
                guard let view = root.descendant(withIdentifier: id) else { XCTFail("\(c.name): no view \(id)", file: file, line: line); continue }
                XCTAssertEqual(view.frame, rect, "\(c.name): \(id)", file: file, line: line)
            }
        }
    }

    /// A view that wants `ideal` points across and can shrink to `minimum` (0 when nil).
    private func flexible(_ id: String, ideal: Double, minimum: Double? = nil, height: Double = 10) -> View {
        View(identifier: id).frame(minWidth: minimum, idealWidth: ideal, maxWidth: .infinity, minHeight: height, maxHeight: height)
    }

    func testColumnsShrinkWhenTheGridIsShortOfWidth() {
        run([
            Case(name: "a field shrinks, the label beside it keeps its text", size: Size(width: 150, height: 13), build: {
                Grid(horizontalSpacing: 10, verticalSpacing: 0,
                     rows: [[Label(identifier: "name", text: "Name", fontSize: 10), self.flexible("field", ideal: 200)]])
            }, expected: ["name": Rect(x: 0, y: 0, width: 24, height: 13), "field": Rect(x: 34, y: 1, width: 116, height: 10)]),
            Case(name: "two flexible columns give up equal shares", size: Size(width: 110, height: 10), build: {
                Grid(horizontalSpacing: 10, verticalSpacing: 0, rows: [[self.flexible("a", ideal: 100), self.flexible("b", ideal: 100)]])
            }, expected: ["a": Rect(x: 0, y: 0, width: 50, height: 10), "b": Rect(x: 60, y: 0, width: 50, height: 10)]),
            Case(name: "a column stops at its minimum and the other gives the rest", size: Size(width: 110, height: 10), build: {
                Grid(horizontalSpacing: 10, verticalSpacing: 0,
                     rows: [[self.flexible("a", ideal: 100, minimum: 80), self.flexible("b", ideal: 100)]])
            }, expected: ["a": Rect(x: 0, y: 0, width: 80, height: 10), "b": Rect(x: 90, y: 0, width: 20, height: 10)]),
            Case(name: "the widest cell sets its column's minimum; rows share the columns", size: Size(width: 100, height: 30), build: {
                Grid(horizontalSpacing: 0, verticalSpacing: 10,
                     rows: [[self.flexible("a1", ideal: 80, minimum: 30), self.flexible("b1", ideal: 80)],
                            [self.flexible("a2", ideal: 40, minimum: 60), self.flexible("b2", ideal: 40)]])
            }, expected: ["a1": Rect(x: 0, y: 0, width: 60, height: 10), "a2": Rect(x: 0, y: 20, width: 60, height: 10),
                          "b1": Rect(x: 60, y: 0, width: 40, height: 10), "b2": Rect(x: 60, y: 20, width: 40, height: 10)]),
            Case(name: "nothing can shrink: the grid overflows as before", size: Size(width: 50, height: 10), build: {
                Grid(horizontalSpacing: 10, verticalSpacing: 0, rows: [[box("a", 40, 10), box("b", 40, 10)]])
            }, expected: ["a": Rect(x: 0, y: 0, width: 40, height: 10), "b": Rect(x: 50, y: 0, width: 40, height: 10)]),
            Case(name: "padding is kept: the columns shrink inside it", size: Size(width: 120, height: 30), build: {
                Grid(horizontalSpacing: 0, verticalSpacing: 0, padding: EdgeInsets(all: 10),
                     rows: [[self.flexible("a", ideal: 100), self.flexible("b", ideal: 100)]])
            }, expected: ["a": Rect(x: 10, y: 10, width: 50, height: 10), "b": Rect(x: 60, y: 10, width: 50, height: 10)]),
        ])
    }

    func testRowsShrinkWhenTheGridIsShortOfHeight() {
        func tall(_ id: String, ideal: Double, minimum: Double? = nil) -> View {
            View(identifier: id).frame(minWidth: 10, maxWidth: 10, minHeight: minimum, idealHeight: ideal, maxHeight: .infinity)
        }
        run([
            Case(name: "a flexible row shrinks under a label's row", size: Size(width: 40, height: 63), build: {
                Grid(horizontalSpacing: 0, verticalSpacing: 0,
                     rows: [[Label(identifier: "title", text: "Hi", fontSize: 10)], [tall("body", ideal: 100)]])
            }, expected: ["title": Rect(x: 0, y: 0, width: 12, height: 13), "body": Rect(x: 0, y: 13, width: 10, height: 50)]),
            Case(name: "two flexible rows, one with a minimum", size: Size(width: 10, height: 100), build: {
                Grid(horizontalSpacing: 0, verticalSpacing: 10, rows: [[tall("a", ideal: 100, minimum: 70)], [tall("b", ideal: 100)]])
            }, expected: ["a": Rect(x: 0, y: 0, width: 10, height: 70), "b": Rect(x: 0, y: 80, width: 10, height: 20)]),
        ])
    }

    func testAStackOfferingLessShrinksItsGrid() {
        // A VStack 200 wide gives its grid 200 points: the flexible column takes what the fixed one leaves.
        let stack = VStack(spacing: 0, [Grid(identifier: "g", horizontalSpacing: 0, verticalSpacing: 0,
                                            rows: [[box("fixed", 120, 10), flexible("flex", ideal: 300)]])])
        layOutForTest(stack, size: Size(width: 200, height: 100))
        XCTAssertEqual(stack.descendant(withIdentifier: "g")?.frame, Rect(x: 0, y: 0, width: 200, height: 10))
        XCTAssertEqual(stack.descendant(withIdentifier: "flex")?.frame, Rect(x: 120, y: 0, width: 80, height: 10))
    }

    func testAddRowVisitsOccupiedCellsLinearly() {
        // 1,000 rows of three cells, every tenth row's first cell spanning two rows down: the row below starts in
        // column 1. The old search looked at every cell for every column it tried (about 4.5 million looks).
        let grid = Grid()
        var spanning: [View] = [], below: [View] = []
        for r in 0..<1_000 {
            let first = View().frame(minWidth: 1, minHeight: 1)
            if r % 10 == 0 { first.gridCellRows(2); spanning.append(first) }
            let row = [first, View(), View()]
            if r % 10 == 1 { below.append(row[0]) }
            grid.addRow(row)
        }
        XCTAssertLessThanOrEqual(grid.occupancyEntriesVisited, 1_000, "one entry per cell spanning into the row")
        XCTAssertEqual(grid.occupancyEntriesVisited, 100)
        XCTAssertEqual(grid.cell(of: spanning[42])?.row, 420)
        XCTAssertEqual(grid.cell(of: below[42]).map { [$0.row, $0.column] }, [421, 1], "the row under a span starts after it")
        XCTAssertEqual(grid.cell(of: grid.subviews[5]).map { [$0.row, $0.column] }, [1, 3])
    }

    func testARemovedOrMovedCellFreesItsColumnsForLaterRows() {
        let tall = box("tall", 10, 10).gridCellRows(3)
        let grid = Grid(horizontalSpacing: 0, verticalSpacing: 0, rows: [[tall, box("a", 10, 10)]])
        grid.addRow([box("b", 10, 10)])
        XCTAssertEqual(grid.cell(of: grid.subviews[2])?.column, 1, "row 1: column 0 is under the tall cell")
        tall.removeFromSuperview()
        grid.addRow([box("c", 10, 10)])
        XCTAssertEqual(grid.cell(of: grid.subviews[2])?.column, 0, "row 2: the tall cell is gone")
        // Put again one row down, a view takes its columns from there on, not from where it was.
        let moved = box("moved", 10, 10).gridCellRows(2)
        try? grid.add(moved, row: 3, column: 0)
        try? grid.add(moved, row: 5, column: 0)
        grid.addRow([box("d", 10, 10)])
        XCTAssertEqual(grid.cell(of: grid.subviews.last!).map { [$0.row, $0.column] }, [6, 1], "row 6: under the moved cell")
        let layer = layOutForTest(grid)
        layer.layoutIfNeeded()
        XCTAssertNil(grid.cell(of: tall))
    }

    func testRowsPastTheTrackLimitAreLeftOutOfLayout() {
        let grid = Grid(horizontalSpacing: 0, verticalSpacing: 0)
        for _ in 0..<(Grid.maximumTracks + 5) { grid.addRow([box("", 4, 1)]) }
        layOutForTest(grid)
        XCTAssertEqual(grid.frame.size, Size(width: 4, height: Double(Grid.maximumTracks)))
        XCTAssertEqual(grid.subviews.last?.frame, .zero, "never placed")
        XCTAssertEqual(grid.subviews[Grid.maximumTracks - 1].frame.minY, Double(Grid.maximumTracks - 1))
    }
}
