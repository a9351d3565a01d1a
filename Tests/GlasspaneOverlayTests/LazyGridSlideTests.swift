// A lazy grid's window slid in place over many scroll steps both ways (LazyGrid.slideWindow): its cells stay those
// a full layout places at the same offset, for ids that are indices, ids from a closure, sections, measured lines,
// a horizontal grid and a new breadth.
import XCTest
import GlasspaneCore
@testable import GlasspaneOverlay

final class LazyGridSlideTests: XCTestCase {
    /// A shown cell: which view, which item and where; a pooled cell: which view, hidden.
    struct Shown: Equatable {
        /// The view.
        let view: ObjectIdentifier
        /// The item it shows; -1 when pooled.
        let index: Int
        /// Its frame; zero when pooled (a pooled cell's frame is not shown).
        let frame: Rect
    }

    /// Every cell of the grid's document, shown or pooled, in the document's order.
    private func cells(_ grid: LazyGrid) -> [Shown] {
        grid.documentView.subviews.compactMap { $0 as? GridCell }.map {
            Shown(view: ObjectIdentifier($0), index: $0.isHidden ? -1 : $0.index, frame: $0.isHidden ? .zero : $0.frame)
        }
    }

    /// The shown cells' items and frames, by index (no views: for another grid).
    private func placed(_ grid: LazyGrid) -> [String] {
        grid.liveCellViews.filter { !$0.isHidden }.map { "\($0.index) \($0.frame)" }
    }

    /// The window's cells are the live cells of its indices, in index order, each at its item's frame.
    private func assertWindow(_ grid: LazyGrid, _ context: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(grid.windowCells.map(\.index), Array(grid.window), context, file: file, line: line)
        for cell in grid.windowCells {
            let item = "\(context): item \(cell.index)"
            XCTAssertTrue(grid.cellView(at: cell.index) === cell, item, file: file, line: line)
            XCTAssertFalse(cell.isHidden, item, file: file, line: line)
            XCTAssertEqual(cell.frame, grid.itemFrame(cell.index), item, file: file, line: line)
        }
    }

    /// A vertical (horizontal) grid of `count` items "item N" in a 600x400 viewport: 5 fixed columns (rows), 50-point
    /// cells, 10 points of spacing; ids the indices, or the names with `idsByClosure`.
    private func makeGrid(count: Int, axis: ListAxis = .vertical, idsByClosure: Bool = false,
                          prepare: (LazyGrid) throws -> Void = { _ in }) throws -> (Overlay, LazyGrid) {
        let overlay = Overlay(windowSize: Size(width: 1200, height: 700))
        let ui = overlay.addLayer(name: "ui", level: 0)
        let make = { () -> View in LazyGridTests.CellContent() }
        let fill = { (view: View, index: Int) in (view as! LazyGridTests.CellContent).label.text = "item \(index)" }
        let id = { (i: Int) in AnyHashable("item \(i)") }
        let grid = axis == .vertical
            ? try LazyGrid(identifier: "grid", itemCount: count, columns: .fixed(5), itemHeight: 50, spacing: 10,
                           itemID: idsByClosure ? id : nil, makeCell: make, configureCell: fill)
            : try LazyGrid(identifier: "grid", itemCount: count, rows: .fixed(5), itemWidth: 50, spacing: 10,
                           itemID: idsByClosure ? id : nil, makeCell: make, configureCell: fill)
        grid.preferredWidth = 600
        grid.preferredHeight = 400
        try prepare(grid)
        ui.addSubview(grid, at: Point(x: 20, y: 40))
        overlay.advanceAnimations(to: 0)
        overlay.update()
        return (overlay, grid)
    }

    /// Scrolls `grid` 400 steps, small ones and jumps, forward then back (a seeded generator, the same every run);
    /// every step the window holds its cells in order at their frames; every 20th, a full layout of the same grid
    /// changes no cell, and (without `measured`) a new grid scrolled straight there shows the same items at the same
    /// frames. `newBreadth` narrows the grid at step 150 (the same count a line).
    private func scrollBothWays(_ overlay: Overlay, _ grid: LazyGrid, measured: Bool = false, newBreadth: Bool = false,
                                fresh: () throws -> (Overlay, LazyGrid), file: StaticString = #filePath,
                                line: UInt = #line) throws {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        /// A number in 0..<n from a linear congruential generator.
        func next(_ n: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(n))
        }
        let vertical = grid.axis == .vertical
        for step in 0..<400 {
            if newBreadth && step == 150 {
                if vertical { grid.preferredWidth = 560 } else { grid.preferredHeight = 380 }
            }
            let sign = step < 200 ? 1.0 : -1.0
            let delta = next(10) == 0 ? Double(next(3_000)) : Double(next(90) + 1)
            let along = vertical ? grid.contentOffset.y : grid.contentOffset.x
            let end = vertical ? grid.contentSize.height - grid.bounds.height
                : grid.contentSize.width - grid.bounds.width
            let to = min(max(0, along + sign * (next(4) == 0 ? -delta : delta)), max(0, end))
            grid.contentOffset = vertical ? Point(x: 0, y: to) : Point(x: to, y: 0)
            overlay.update()
            assertWindow(grid, "step \(step)", file: file, line: line)
            guard step % 20 == 19 else { continue }
            let before = cells(grid)
            grid.windowVersion = -1
            grid.setNeedsLayout()
            overlay.update()
            XCTAssertEqual(cells(grid), before, "step \(step): a full layout moved cells", file: file, line: line)
            guard !measured else { continue }
            let (otherOverlay, other) = try fresh()
            if newBreadth && step >= 150 {
                if vertical { other.preferredWidth = 560 } else { other.preferredHeight = 380 }
            }
            other.contentOffset = grid.contentOffset
            otherOverlay.update()
            XCTAssertEqual(placed(grid), placed(other), "step \(step): a new grid there", file: file, line: line)
        }
    }

    /// A grid without `itemID` (cells keyed by index).
    func testIndexIDsSlideAsAFullLayoutPlaces() throws {
        let (overlay, grid) = try makeGrid(count: 10_000)
        try scrollBothWays(overlay, grid) { try makeGrid(count: 10_000) }
    }

    /// A grid whose ids come from a closure.
    func testIDsFromAClosureSlideAsAFullLayoutPlaces() throws {
        let (overlay, grid) = try makeGrid(count: 10_000, idsByClosure: true)
        try scrollBothWays(overlay, grid) { try makeGrid(count: 10_000, idsByClosure: true) }
    }

    /// A horizontal grid: columns come and go.
    func testAHorizontalGridSlidesAsAFullLayoutPlaces() throws {
        let (overlay, grid) = try makeGrid(count: 10_000, axis: .horizontal)
        try scrollBothWays(overlay, grid) { try makeGrid(count: 10_000, axis: .horizontal) }
    }

    /// A narrower grid with the same count a line: the cells that stay move too (their frames are narrower).
    func testANewBreadthMovesEveryCellWhileTheWindowSlides() throws {
        for axis in [ListAxis.vertical, .horizontal] {
            let (overlay, grid) = try makeGrid(count: 10_000, axis: axis)
            try scrollBothWays(overlay, grid, newBreadth: true) { try makeGrid(count: 10_000, axis: axis) }
        }
    }

    /// Sections: header lines among the item lines.
    func testSectionsSlideAsAFullLayoutPlaces() throws {
        let headers = Array(stride(from: 0, to: 10_000, by: 37))
        let prepare = { (grid: LazyGrid) throws in try grid.setSectionHeaderItems(headers, headerLength: 30) }
        let (overlay, grid) = try makeGrid(count: 10_000, idsByClosure: true, prepare: prepare)
        try scrollBothWays(overlay, grid) { try makeGrid(count: 10_000, idsByClosure: true, prepare: prepare) }
    }

    /// Measured lines: every cell is placed again after the lines that came in are measured.
    func testMeasuredLinesSlideAsAFullLayoutPlaces() throws {
        let (overlay, grid) = try makeGrid(count: 10_000) { grid in
            try grid.setLineLength(.measured(estimate: 50))
        }
        try scrollBothWays(overlay, grid, measured: true) { try makeGrid(count: 10_000) }
    }
}
