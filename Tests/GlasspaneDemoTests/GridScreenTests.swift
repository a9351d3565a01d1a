// The bench's grid (`bench --scenario grid`, GridScreen.swift): each cell shows its index over a word, the same every
// run, and only a window's worth of cells exists however many items there are, so runs with 10,000 and 100,000 items
// measure the same work (docs/bench.md, "The grid").
import XCTest
import GlasspaneCore
import GlasspaneDemo
import GlasspaneOverlay

@MainActor
final class GridScreenTests: XCTestCase {
    /// Overlays the screens were built in, kept for the test's length.
    private var overlays: [Overlay] = []

    private func makeScreen(items: Int) throws -> GridScreen {
        let overlay = Overlay(windowSize: Size(width: 1280, height: 720), fonts: MonospaceFontMetrics())
        overlays.append(overlay)
        return try GridScreen(overlay: overlay, items: items)
    }

    /// The texts of a live cell's labels, top to bottom.
    private func texts(of cell: GridCell) -> [String] {
        cell.content.subviews.compactMap { ($0 as? Label)?.text }
    }

    func testCellTextsAreTheIndexOverAWordTheItemsCycleThrough() async {
        let expected = [0: ["0", "amber"], 7: ["7", "harbor"], 13: ["13", "dune"], 99_999: ["99999", "juniper"],
                        999_999: ["999999", "juniper"]]
        for (index, texts) in expected {
            let cell = GridScreen.cellTexts(index)
            XCTAssertEqual([cell.index, cell.word], texts, "item \(index)")
        }
    }

    func testTheGridHasEightColumnsOfFixedCellsAndLiveCellsShowTheirItems() async throws {
        let screen = try makeScreen(items: 10_000)
        let grid = screen.grid
        XCTAssertEqual(grid.identifier, "bench.grid.grid")
        XCTAssertEqual((overlays[0].view(withIdentifier: "bench.grid.title") as? Label)?.text, "10000 items")
        XCTAssertEqual(grid.itemCount, 10_000)
        XCTAssertEqual(grid.bounds.size, Size(width: 540, height: 540))
        XCTAssertEqual(grid.columnCount, 8)
        let cells = grid.liveCellViews
        XCTAssertEqual(cells.first?.index, 0)
        XCTAssertEqual(cells.first?.frame, Rect(x: 0, y: 0, width: 64, height: 56))
        XCTAssertEqual(cells[9].frame, Rect(x: 68, y: 60, width: 64, height: 56), "item 9 is the second of row 2")
        for cell in cells {
            let expected = GridScreen.cellTexts(cell.index)
            XCTAssertEqual(texts(of: cell), [expected.index, expected.word], "item \(cell.index)")
        }
        // Scrolled far down, the cells that came in show their own items.
        grid.scroll(to: Point(x: 0, y: 60 * 700))
        _ = screen.layer.layoutIfNeeded()
        let scrolled = grid.liveCellViews
        XCTAssertTrue(scrolled.contains { $0.index == 700 * 8 }, "row 700's first item is live")
        for cell in scrolled {
            let expected = GridScreen.cellTexts(cell.index)
            XCTAssertEqual(texts(of: cell), [expected.index, expected.word], "item \(cell.index)")
        }
    }

    func testOnlyAWindowsWorthOfCellsExistsFor100000Items() async throws {
        let small = try makeScreen(items: 1_000)
        let large = try makeScreen(items: 100_000)
        // 540 points of viewport and 64 of overscan each side, rows 60 points apart: 11 rows, plus two.
        let window = 8 * ((540 + 2 * 64) / 60 + 2)
        XCTAssertGreaterThan(large.grid.liveCellCount, 8 * 9, "the viewport's nine rows are live")
        XCTAssertLessThanOrEqual(large.grid.liveCellCount, window)
        XCTAssertEqual(large.grid.liveCellCount, small.grid.liveCellCount, "the item count adds no cells")
        XCTAssertEqual(large.grid.cellsCreated, small.grid.cellsCreated)
        for y in [60.0 * 6_000, 60.0 * 12_499 - 540, 1_234.5] {
            large.grid.scroll(to: Point(x: 0, y: y))
            _ = large.layer.layoutIfNeeded()
            XCTAssertLessThanOrEqual(large.grid.liveCellCount, window, "at \(y)")
            XCTAssertLessThanOrEqual(large.grid.cellsCreated, window, "at \(y): cells are reused, not made")
        }
    }
}
