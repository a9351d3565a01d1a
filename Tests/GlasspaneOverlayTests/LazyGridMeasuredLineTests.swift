// Lazy grids of measured lines (LazyGrid+MeasuredLines.swift): a line as long as its tallest cell (its widest, in a
// horizontal grid), the estimate for lines not yet measured and the document following as lines are measured, a
// small window for 100,000 items, what shows staying put while lines above it are measured, hit testing,
// scrollToItem, the keyboard, snapping, animated updates, and sections refused.
import XCTest
import GlasspaneCore
@testable import GlasspaneOverlay

final class LazyGridMeasuredLineTests: XCTestCase {
    /// A card whose length along the grid's axis is set per item (a description that wraps to some height).
    final class Card: View {}

    final class Box { var items: [String]; init(_ items: [String]) { self.items = items } }

    /// A grid of `count` items ("item N", ids the strings) in a 600x400 viewport at (20, 40), 5 fixed columns (rows,
    /// horizontal) 112 (72) points across, 10 points of spacing, lines measured with an estimate of `estimate`
    /// points; item N's card is `length(name)` points long along the axis.
    private func makeGrid(count: Int, axis: ListAxis = .vertical, estimate: Double = 50,
                          length: @escaping (String) -> Double) throws -> (Overlay, LazyGrid, Box) {
        let box = Box((0..<count).map { "item \($0)" })
        let overlay = Overlay(windowSize: Size(width: 1200, height: 700))
        let ui = overlay.addLayer(name: "ui", level: 0)
        let configure = { (view: View, index: Int) in
            let l = length(box.items[index])
            if axis == .vertical { view.preferredHeight = l } else { view.preferredWidth = l }
        }
        let itemID = { (i: Int) in AnyHashable(box.items[i]) }
        let grid = axis == .vertical
            ? try LazyGrid(identifier: "grid", itemCount: count, columns: .fixed(5), itemHeight: 50, spacing: 10,
                           itemID: itemID, makeCell: { Card() }, configureCell: configure)
            : try LazyGrid(identifier: "grid", itemCount: count, rows: .fixed(5), itemWidth: 50, spacing: 10,
                           itemID: itemID, makeCell: { Card() }, configureCell: configure)
        try grid.setLineLength(.measured(estimate: estimate))
        grid.preferredWidth = 600
        grid.preferredHeight = 400
        ui.addSubview(grid, at: Point(x: 20, y: 40))
        overlay.advanceAnimations(to: 0)
        overlay.update()
        return (overlay, grid, box)
    }

    /// Lengths from a table by item name, 30 points for the rest.
    private func lengths(_ table: [Int: Double]) -> (String) -> Double {
        { name in table[Int(name.dropFirst(5)) ?? -1] ?? 30 }
    }

    /// Every live cell sits at its item's frame.
    private func assertCellsAtTheirFrames(_ grid: LazyGrid, file: StaticString = #filePath, line: UInt = #line) {
        for cell in grid.liveCellViews {
            XCTAssertEqual(cell.frame, grid.itemFrame(cell.index), "item \(cell.index)", file: file, line: line)
        }
    }

    func testLineLengthsFollowTheTallestCell() throws {
        let (_, grid, _) = try makeGrid(count: 100, length: lengths([2: 80, 9: 45, 11: 100]))
        XCTAssertEqual(grid.lineLength, .measured(estimate: 50))
        // Lines: 80 (item 2), 45 (item 9), 100 (item 11), then 30; 10 points between.
        XCTAssertEqual([0, 5, 10, 15, 20].map { grid.itemFrame($0).minY }, [0, 90, 145, 255, 295])
        XCTAssertEqual([0, 5, 10, 15, 20].map { grid.itemFrame($0).height }, [80, 45, 100, 30, 30])
        XCTAssertEqual(grid.itemFrame(4), Rect(x: 488, y: 0, width: 112, height: 80), "every cell as long as its line")
        XCTAssertEqual(grid.itemFrame(13).minX, 366, "across the axis as before")
        XCTAssertEqual(grid.cellView(at: 11)?.frame.height, 100)
        assertCellsAtTheirFrames(grid)
    }

    func testUnmeasuredLinesUseTheEstimateAndTheDocumentFollowsMeasurement() throws {
        // Cards of 30 points, estimated 50: the document shrinks as lines are measured.
        let (overlay, grid, _) = try makeGrid(count: 1000, length: { _ in 30 })
        func measuredLines() -> Int { (grid.liveCellViews.map(\.index).max() ?? 0) / 5 + 1 }
        let first = measuredLines()
        XCTAssertGreaterThan(first, 5)
        XCTAssertEqual(grid.contentSize.height, Double(first) * 40 + Double(200 - first) * 60 - 10)
        XCTAssertEqual(grid.itemFrame(999).height, 50, "a line not yet measured is the estimate long")
        XCTAssertEqual(grid.itemFrame(0).height, 30)
        let before = grid.contentSize.height
        grid.scroll(by: Point(x: 0, y: 300))
        overlay.update()
        XCTAssertLessThan(grid.contentSize.height, before, "lines measured shorter than their estimate")
        assertCellsAtTheirFrames(grid)
        // Cards of 90 points: the document grows.
        let (overlay2, tall, _) = try makeGrid(count: 1000, length: { _ in 90 })
        let small = tall.contentSize.height
        tall.scroll(by: Point(x: 0, y: 300))
        overlay2.update()
        XCTAssertGreaterThan(tall.contentSize.height, small, "lines measured longer than their estimate")
        XCTAssertEqual(tall.itemFrame(5).minY, 100)
    }

    func testAHundredThousandItemsKeepASmallWindow() throws {
        let (overlay, grid, _) = try makeGrid(count: 100_000, length: { name in
            (Int(name.dropFirst(5)) ?? 0) % 3 == 0 ? 70 : 30
        })
        for target in [50_000, 99_999, 1_234, 77_777] {
            grid.scrollToItemAtTop(target)
            overlay.update()
            XCTAssertLessThanOrEqual(grid.liveCellCount, 60, "a window of a few lines at item \(target)")
            let cell = try XCTUnwrap(grid.cellView(at: target))
            XCTAssertEqual(cell.frame.height, 70, "its line measured")
            assertCellsAtTheirFrames(grid)
        }
        for _ in 0..<20 { grid.scroll(by: Point(x: 0, y: -40)); overlay.update() }
        XCTAssertLessThanOrEqual(grid.liveCellCount, 60)
        XCTAssertLessThanOrEqual(grid.cellsCreated, 80, "cells are recycled")
    }

    func testScrollingUpIntoTallerLinesKeepsTheVisibleItemInPlace() throws {
        // Cards of 100 points, estimated 30: every line measured above the viewport is 70 points longer.
        let (overlay, grid, _) = try makeGrid(count: 2000, estimate: 30, length: { _ in 100 })
        grid.scrollToItemAtTop(1000)
        overlay.update()
        let top = grid.windowFrame.minY
        XCTAssertEqual(try XCTUnwrap(grid.cellView(at: 1000)).windowFrame.minY, top, "item 1000 at the top")
        for step in 1...5 {
            grid.scroll(by: Point(x: 0, y: -50))
            overlay.update()
            let cell = try XCTUnwrap(grid.cellView(at: 1000))
            XCTAssertEqual(cell.windowFrame.minY, top + Double(50 * step), "moved by the scroll only, step \(step)")
            XCTAssertEqual(grid.cellView(at: 995)?.frame.height, 100, "the line above measured, step \(step)")
            assertCellsAtTheirFrames(grid)
        }
    }

    func testHitTestingAndScrollToItemLandOnTheRightItem() throws {
        let (overlay, grid, _) = try makeGrid(count: 100, length: lengths([2: 80, 9: 45, 11: 100]))
        XCTAssertNil(grid.itemIndex(atDocumentPoint: Point(x: 10, y: 85)), "the spacing after an 80-point line")
        XCTAssertEqual(grid.itemIndex(atDocumentPoint: Point(x: 10, y: 95)), 5)
        XCTAssertEqual(grid.itemIndex(atDocumentPoint: Point(x: 130, y: 240)), 11)
        XCTAssertEqual(grid.itemIndex(atDocumentPoint: Point(x: 130, y: 260)), 16)
        XCTAssertEqual(grid.nearestItem(to: Point(x: 130, y: 248)), 11, "the spacing's nearer side")
        XCTAssertEqual(grid.nearestItem(to: Point(x: 130, y: 252)), 16)
        let p = Point(x: 20 + 130, y: 40 + 240 - grid.contentOffset.y)
        overlay.route(.pointerDown(PointerEvent(location: p)))
        overlay.route(.pointerUp(PointerEvent(location: p)))
        overlay.update()
        XCTAssertEqual(grid.selection, [AnyHashable("item 11")], "a click in a long line's lower part")
        // Every other line 150 points long, estimated 50: revealing one far down shows it whole.
        let (overlay2, far, _) = try makeGrid(count: 2000, length: { name in
            ((Int(name.dropFirst(5)) ?? 0) / 5) % 2 == 1 ? 150 : 30
        })
        far.scrollToItem(1005)
        overlay2.update()
        let frame = far.itemFrame(1005), y = far.contentOffset.y
        XCTAssertEqual(frame.height, 150)
        XCTAssertGreaterThanOrEqual(frame.minY, y)
        XCTAssertLessThanOrEqual(frame.maxY, y + 400, "the whole measured line in sight")
        XCTAssertEqual(far.cellView(at: 1005)?.frame, frame)
        XCTAssertEqual(far.itemIndex(atDocumentPoint: Point(x: 10, y: frame.maxY - 1)), 1005)
    }

    func testKeyboardDownMovesALine() throws {
        let (overlay, grid, _) = try makeGrid(count: 500, length: { name in
            ((Int(name.dropFirst(5)) ?? 0) / 5) % 3 == 0 ? 130 : 40
        })
        overlay.focus(grid)
        grid.selectItem(2)
        overlay.update()
        var lines: [Double] = []
        for step in 1...12 {
            overlay.route(.key(KeyEvent(key: .down)))
            overlay.route(.key(KeyEvent(key: .down, isDown: false)))
            overlay.update()
            XCTAssertEqual(grid.cursorIndex, 2 + 5 * step, "a line down")
            let cell = try XCTUnwrap(grid.cellView(at: 2 + 5 * step))
            XCTAssertEqual(cell.frame.height, step % 3 == 0 ? 130 : 40, "its measured line")
            XCTAssertGreaterThanOrEqual(cell.frame.minY, grid.contentOffset.y)
            XCTAssertLessThanOrEqual(cell.frame.maxY, grid.contentOffset.y + 400, "scrolled into sight whole")
            lines.append(cell.frame.minY)
        }
        XCTAssertEqual(lines.last, 4 * 140 + 8 * 50, "four 130-point lines and eight 40-point lines above")
        XCTAssertEqual(grid.selection, [AnyHashable("item 62")])
    }

    func testAHorizontalGridsColumnsFollowTheWidestCell() throws {
        let (overlay, grid, _) = try makeGrid(count: 300, axis: .horizontal, length: lengths([3: 90, 7: 20, 12: 140]))
        // Columns: 90 (item 3), 30, 140 (item 12), then 30; 10 points between.
        XCTAssertEqual([0, 5, 10, 15].map { grid.itemFrame($0).minX }, [0, 100, 140, 290])
        XCTAssertEqual([0, 5, 10, 15].map { grid.itemFrame($0).width }, [90, 30, 140, 30])
        XCTAssertEqual(grid.itemFrame(13).minY, 246, "rows across as before")
        XCTAssertEqual(grid.itemIndex(atDocumentPoint: Point(x: 270, y: 10)), 10)
        XCTAssertNil(grid.itemIndex(atDocumentPoint: Point(x: 95, y: 10)), "the spacing after a 90-point column")
        assertCellsAtTheirFrames(grid)
        grid.scroll(by: Point(x: 3000, y: 0))
        overlay.update()
        assertCellsAtTheirFrames(grid)
        XCTAssertLessThanOrEqual(grid.liveCellCount, 150)
    }

    /// Scrolled to the end, the last columns measure narrower than their estimate, the document shrinks under the
    /// offset and the scroll view lays the grid out again at the clamped offset, whose window reaches further back
    /// than the first one did: the columns it brings back keep the views they had before the scroll.
    func testColumnsTheClampedOffsetBringsBackKeepTheirViews() throws {
        // Columns 0...22 are 20 points wide (a column every 30), columns 23...29 5 points (every 15); estimate 50.
        let (overlay, grid, _) = try makeGrid(count: 150, axis: .horizontal,
                                              length: { name in Int(name.dropFirst(5))! < 115 ? 20 : 5 })
        XCTAssertEqual(grid.liveCellViews.map(\.index), Array(0..<115), "columns 0...22 cover 600 + 64 points")
        let before = (20..<35).map { grid.cellView(at: $0) }
        grid.scroll(by: Point(x: 500, y: 0))  // the end of the estimated document, 690 + 7 x 60 - 10 points
        overlay.update()
        XCTAssertEqual(grid.contentSize.width, 785, "the last columns measured: 690 + 7 x 15 - 10")
        XCTAssertEqual(grid.contentOffset.x, 185, "clamped to the measured end")
        XCTAssertEqual(grid.liveCellViews.first?.index, 20, "the window reaches back to column 4 (x 120)")
        for (k, cell) in before.enumerated() {
            XCTAssertTrue(grid.cellView(at: 20 + k) === cell, "item \(20 + k) kept its view")
        }
        assertCellsAtTheirFrames(grid)
    }

    func testSnappingComesToRestAtAMeasuredLinesEdge() throws {
        let (overlay, grid, _) = try makeGrid(count: 200, length: lengths([2: 80, 9: 45, 11: 100]))
        grid.snapping = .items
        XCTAssertEqual(grid.snapPositions(around: 100, axis: .vertical).before, 90, "line 1 after an 80-point line")
        XCTAssertEqual(grid.snapPositions(around: 100, axis: .vertical).after, 145)
        grid.snapAlignment = .center
        XCTAssertEqual(grid.snapAnchors(around: 200, axis: .vertical, alignment: .center).before, 195,
                       "line 2's middle: 145 + 100 / 2")
        grid.snapAlignment = .leading
        // A wheel notch (40 points) comes to rest at the next line's edge the way it turned: 90, not 60.
        overlay.route(.wheel(location: Point(x: 200, y: 200), dx: 0, dy: -1))
        XCTAssertEqual(grid.contentOffset.y, 40)
        for k in 1...120 { overlay.advanceAnimations(to: Double(k) / 60); overlay.update() }
        XCTAssertEqual(grid.contentOffset.y, 90)
        XCTAssertEqual(grid.cellView(at: 5)?.windowFrame.minY, grid.windowFrame.minY)
    }

    func testAnimatedInsertAndDeleteKeepCellsWhereTheDataSays() throws {
        // Item 7's card is 120 points; lengths follow the items, not the indices.
        let (overlay, grid, box) = try makeGrid(count: 60, length: { $0 == "item 7" ? 120 : 30 })
        XCTAssertEqual(grid.itemFrame(5).height, 120)
        box.items.insert(contentsOf: ["new 0", "new 1", "new 2"], at: 0)
        try grid.insertItems(at: [0, 1, 2], animation: .easeOut(duration: 0.25))
        overlay.update()
        LazyGridFixture.settle(overlay, from: 0)
        // Item 7 is now index 10, the first of line 2: lines 30, 30, 120.
        let seven = try XCTUnwrap(grid.cellView(at: 10))
        XCTAssertEqual(seven.itemID, AnyHashable("item 7"))
        XCTAssertEqual(seven.frame, Rect(x: 0, y: 80, width: 112, height: 120))
        XCTAssertEqual(grid.itemFrame(5).height, 30, "line 1 measured again without item 7")
        XCTAssertEqual(grid.cellView(at: 14)?.frame.height, 120, "item 7's neighbours share its line")
        assertCellsAtTheirFrames(grid)
        box.items.removeFirst(3)
        try grid.deleteItems(at: [0, 1, 2], animation: .easeOut(duration: 0.25))
        overlay.update()
        LazyGridFixture.settle(overlay, from: 3)
        XCTAssertEqual(grid.cellView(at: 7)?.frame, Rect(x: 244, y: 40, width: 112, height: 120))
        XCTAssertEqual(grid.itemFrame(10).minY, 170)
        assertCellsAtTheirFrames(grid)
        XCTAssertEqual(grid.fadingCellCount, 0)
    }

    func testSectionsWithMeasuredLinesAreRefused() throws {
        let (_, grid, _) = try makeGrid(count: 40, length: { _ in 30 })
        XCTAssertThrowsError(try grid.setSectionHeaderItems([0, 10])) {
            XCTAssertEqual(($0 as? LazyGridError)?.identifier, "lazy-grid-measured-sections-unsupported")
        }
        XCTAssertEqual(grid.sectionHeaderItems, [], "nothing changed")
        XCTAssertNoThrow(try grid.setSectionHeaderItems([]))
        XCTAssertThrowsError(try grid.setLineLength(.measured(estimate: 0))) {
            XCTAssertEqual(($0 as? LazyGridError)?.identifier, "lazy-grid-item-height-out-of-range")
        }
        try grid.setLineLength(.fixed(50))
        try grid.setSectionHeaderItems([0, 10])
        XCTAssertThrowsError(try grid.setLineLength(.measured(estimate: 40))) {
            XCTAssertEqual(($0 as? LazyGridError)?.identifier, "lazy-grid-measured-sections-unsupported")
        }
        XCTAssertEqual(grid.lineLength, .fixed(50), "nothing changed")
    }

    /// A cell dragged from a tall line to a short one: the app is asked with the indices, and once settled every cell
    /// sits where the measured lines put its item (the lines measured again with their new items).
    func testADraggedCellSettlesIntoAMeasuredLine() throws {
        let (overlay, grid, box) = try makeGrid(count: 100, length: { name in name == "item 2" ? 80 : 30 })
        var moves: [[Int]] = []
        grid.onMoveItem = { from, to in
            moves.append([from, to])
            box.items.insert(box.items.remove(at: from), at: to)
            return true
        }
        // Item 2 (line 0, 80 long, grabbed 40 points into it) is picked up; its line is measured without it from
        // then on, so every line is 30 long (a line every 40 points) and line 1's middle is at y 55.
        XCTAssertEqual(grid.itemFrame(7).minY, 90)
        LazyGridFixture.pointer(overlay, "down", Point(x: 20 + 244 + 56, y: 40 + 40))
        LazyGridFixture.pointer(overlay, "move", Point(x: 20 + 244 + 56, y: 40 + 60))
        XCTAssertEqual(grid.heldItemIndex, 2)
        XCTAssertEqual(grid.itemFrame(7).minY, 40, "the lines reflowed without the held card")
        // Its middle (40 below the pointer) over line 1, slot 2: item 7's place.
        LazyGridFixture.pointer(overlay, "move", Point(x: 20 + 244 + 56, y: 40 + 55))
        XCTAssertEqual(grid.itemDrag?.cell.frame.height, 80, "the held card keeps its own length")
        LazyGridFixture.pointer(overlay, "up", Point(x: 20 + 244 + 56, y: 40 + 55))
        XCTAssertEqual(moves, [[2, 7]])
        LazyGridFixture.settle(overlay, from: 0)
        XCTAssertEqual(box.items[7], "item 2")
        XCTAssertEqual(grid.itemFrame(0).height, 30, "line 0 lost its tall card")
        XCTAssertEqual(grid.itemFrame(5).height, 80, "line 1 has it now")
        assertCellsAtTheirFrames(grid)
    }

    /// Prefetching counts measured lines: the items of the lines past the far edge, where the measured lines put it.
    func testPrefetchingFollowsMeasuredLines() throws {
        var asked: [Range<Int>] = []
        let (overlay, grid, _) = try makeGrid(count: 1000, length: { _ in 90 })
        grid.onPrefetchItems = { asked.append($0) }
        grid.prefetchLines = 2
        overlay.route(.wheel(location: Point(x: 200, y: 200), dx: 0, dy: -1))
        // Lines every 100 points (90 + 10): the far edge at 440 is in line 4, so lines 5 and 6.
        XCTAssertEqual(asked, [25..<35])
    }
}
