// Lazy grid updates (LazyGrid+Updates.swift): deleting, inserting and moving items reflows the cells, which keep their
// views and are configured again only when their index changed; an animated delete slides the following cells
// linearly across rows and fades the deleted cell out where it was, then pools it; a fading cell takes no click; an
// item scrolled back while its cell still slides or fades out takes that cell back; the cursor follows its item; bad
// indices throw exact errors and change nothing.
import XCTest
import GlasspaneCore
import GlasspaneAnimation
import GlasspaneTesting
@testable import GlasspaneOverlay

final class LazyGridUpdateTests: XCTestCase {
    typealias CellContent = LazyGridTests.CellContent

    final class Box { var items: [String]; init(_ items: [String]) { self.items = items } }

    /// The shared grid (LazyGridFixture.swift): 5 columns of 112 points, a row every 60 (a column, horizontal).
    private func makeGrid(count: Int, axis: ListAxis = .vertical) throws -> (Overlay, LazyGrid, Box) {
        try LazyGridFixture.makeGrid(count: count, axis: axis)
    }

    private func cell(_ grid: LazyGrid, _ id: String) throws -> GridCell {
        try XCTUnwrap(grid.liveCellViews.first { $0.itemID == AnyHashable(id) }, "no live cell for \(id)")
    }

    private func text(_ cell: GridCell) -> String { (cell.content as! CellContent).label.text }

    /// Random deletions, insertions and scrolls against a model: after every layout the live cells show exactly the
    /// data's items at their indices and frames, one view each, a contiguous run covering the viewport, an item
    /// that stays in the window keeps its view, and no live item also has a cell fading out for it.
    func testRandomUpdatesKeepTheWindowTrueToTheData() throws {
        try randomUpdatesKeepTheWindowTrueToTheData(axis: .vertical)
    }

    /// The same model check for a horizontal grid: columns of cells, scrolled sideways.
    func testRandomUpdatesKeepAHorizontalWindowTrueToTheData() throws {
        try randomUpdatesKeepTheWindowTrueToTheData(axis: .horizontal)
    }

    /// The same model check over measured lines (LazyGrid+MeasuredLines.swift): the cells' labels measure far shorter
    /// than the 50-point estimate, so lines are measured as the window moves and updates land.
    func testRandomUpdatesKeepAMeasuredWindowTrueToTheData() throws {
        try randomUpdatesKeepTheWindowTrueToTheData(axis: .vertical, measured: true)
    }

    /// The same model check over a horizontal grid's measured columns: 1 point wide (the labels' content measures
    /// 1 point, as in the vertical model), then of widths that vary, 1...40 points from each item's name, against a
    /// 50-point estimate, so measuring shrinks the document and the window moves back within one layout.
    func testRandomUpdatesKeepAHorizontalMeasuredWindowTrueToTheData() throws {
        try randomUpdatesKeepTheWindowTrueToTheData(axis: .horizontal, measured: true)
        try randomUpdatesKeepTheWindowTrueToTheData(axis: .horizontal, measured: true) { name in
            Double(name.unicodeScalars.reduce(0) { ($0 * 31 + Int($1.value)) % 997 } % 40 + 1)
        }
    }

    /// Animated updates mixed with scrolls, over fades that outlast many of them (0.6 s, 18 frames): items an update
    /// pushed out come back with a scroll while their cells still slide or fade out, and must take those views back
    /// rather than get a second one (LazyGrid.swift, `slideWindow`). Both axes; measured lines get the same check
    /// from the models above (their short fades end within a few frames, so fewer items come back mid-fade).
    func testRandomScrollsDuringLongFadesKeepNoItemLiveAndFading() throws {
        try randomUpdatesKeepTheWindowTrueToTheData(axis: .vertical, fade: 0.6)
        try randomUpdatesKeepTheWindowTrueToTheData(axis: .horizontal, fade: 0.6)
    }

    /// `cellLength`: the measured cells' lengths by item name (LazyGridFixture.swift; nil: 1 point). `fade`: the
    /// animated updates' duration, seconds (a step is a frame, 1/30 s).
    private func randomUpdatesKeepTheWindowTrueToTheData(axis: ListAxis, measured: Bool = false,
                                                         cellLength: ((String) -> Double)? = nil,
                                                         fade: Double = 0.1) throws {
        let vertical = axis == .vertical
        for seed: UInt64 in [5, 6, 7] {
            var random = SplitMix64(seed: seed)
            var nextID = 1000
            let (overlay, grid, box) = try LazyGridFixture.makeGrid(count: 300, axis: axis, cellLength: cellLength)
            if measured {
                try grid.setLineLength(.measured(estimate: 50))
                overlay.update()
            }
            var time = 0.0
            for step in 0..<300 {
                let context = "\(axis)\(measured ? " measured" : "")\(cellLength == nil ? "" : " varied"), fade \(fade), seed \(seed), step \(step)"
                let before = Dictionary(uniqueKeysWithValues: grid.liveCellViews.map { ($0.itemID, $0) })
                // One or two updates before the next layout (several in a frame).
                for _ in 0..<Int(random.next() % 2 + 1) {
                    var deleted: [Int] = [], inserted: [Int] = []
                    switch random.next() % 5 {
                    case 0, 1:
                        let count = box.items.count
                        guard count > 0 else { break }
                        let picks = (0..<Int(random.next() % 4 + 1)).map { _ in Int(random.next() % UInt64(count)) }
                        deleted = Array(Set(picks)).sorted()
                        for index in deleted.reversed() { box.items.remove(at: index) }
                    case 2, 3:
                        var added: Set<String> = []
                        for _ in 0..<Int(random.next() % 4 + 1) {
                            box.items.insert("new \(nextID)", at: Int(random.next() % UInt64(box.items.count + 1)))
                            added.insert("new \(nextID)")
                            nextID += 1
                        }
                        inserted = box.items.indices.filter { added.contains(box.items[$0]) }
                    default:
                        let d = Double(Int(random.next() % 500)) - 250
                        grid.scroll(by: vertical ? Point(x: 0, y: d) : Point(x: d, y: 0))
                    }
                    if !deleted.isEmpty || !inserted.isEmpty {
                        try grid.updateItems(deleting: deleted, inserting: inserted,
                                             animation: random.next() % 3 == 0 ? .linear(duration: fade) : nil)
                    }
                
                }
                time += 1.0 / 30
                overlay.advanceAnimations(to: time)
                overlay.update()
                XCTAssertEqual(grid.itemCount, box.items.count, context)
                let live = grid.liveCellViews
                XCTAssertEqual(Set(live.map { ObjectIdentifier($0) }).count, live.count, "\(context): one view a cell")
                for cell in live {
                    XCTAssertEqual(cell.itemID, AnyHashable(box.items[cell.index]),
                                   "\(context): cell \(cell.index) shows its item")
                    XCTAssertEqual(text(cell), box.items[cell.index], "\(context): configured for its item")
                    XCTAssertEqual(cell.frame, grid.itemFrame(cell.index), "\(context): cell \(cell.index) at its frame")
                    if let earlier = before[cell.itemID] {
                        XCTAssertTrue(earlier === cell, "\(context): \(cell.itemID) kept its view")
                    }
                }
                LazyGridFixture.assertNoItemLiveAndFading(grid, context)
                let indices = live.map(\.index)
                if let first = indices.first, let last = indices.last {
                    XCTAssertEqual(indices, Array(first...last), "\(context): contiguous")
                    let (start, end) = vertical ? (grid.itemFrame(first).minY, grid.itemFrame(last).maxY)
                        : (grid.itemFrame(first).minX, grid.itemFrame(last).maxX)
                    let (offset, length) = vertical ? (grid.contentOffset.y, 400.0) : (grid.contentOffset.x, 600.0)
                    XCTAssertLessThanOrEqual(start, offset, "\(context): covers the leading edge")
                    XCTAssertTrue(last == box.items.count - 1 || end >= offset + length, "\(context): covers the trailing edge")
                    XCTAssertEqual(vertical ? grid.contentOffset.x : grid.contentOffset.y, 0, "\(context): along the axis only")
                }
            }
        }
    }

    func testDeletingAnItemReflowsTheFollowingCellsIntoItsPlaceWithTheirViews() throws {
        let (overlay, grid, box) = try makeGrid(count: 20)
        let before = Dictionary(uniqueKeysWithValues: try (0..<20).map { ("item \($0)", try cell(grid, "item \($0)")) })
        let deletedCell = try XCTUnwrap(before["item 2"])
        let configured = grid.cellsConfigured
        box.items.remove(at: 2)
        try grid.deleteItems(at: [2])
        XCTAssertEqual(grid.itemCount, 19)
        overlay.update()
        for k in [0, 1] + Array(3..<20) { XCTAssertTrue(try cell(grid, "item \(k)") === before["item \(k)"], "item \(k)") }
        XCTAssertEqual(grid.cellsConfigured - configured, 17, "only items 3...19, whose index changed")
        XCTAssertTrue(grid.cellView(at: 2) === before["item 3"])
        XCTAssertEqual(text(try XCTUnwrap(grid.cellView(at: 2))), "item 3")
        XCTAssertEqual(before["item 3"]?.frame, Rect(x: 244, y: 0, width: 112, height: 50), "into the deleted one's place")
        XCTAssertEqual(before["item 5"]?.frame, Rect(x: 488, y: 0, width: 112, height: 50), "up a row, to the last column")
        XCTAssertEqual(before["item 19"]?.frame, Rect(x: 366, y: 180, width: 112, height: 50))
        XCTAssertEqual(grid.liveCellCount, 19)
        XCTAssertTrue(deletedCell.isHidden, "pooled at once without an animation")
        XCTAssertEqual(grid.fadingCellCount, 0)
        XCTAssertEqual(overlay.animatingViewCount, 0)
    }

    func testInsertingAnItemPushesTheFollowingCellsOnAndConfiguresOnlyThem() throws {
        let (overlay, grid, box) = try makeGrid(count: 20)
        let cell4 = try cell(grid, "item 4"), cell5 = try cell(grid, "item 5")
        let configured = grid.cellsConfigured, created = grid.cellsCreated
        box.items.insert("potion", at: 5)
        try grid.insertItems(at: [5])
        overlay.update()
        XCTAssertEqual(grid.itemCount, 21)
        XCTAssertEqual(grid.cellsConfigured - configured, 16, "items 5...19, whose index changed, and the new one")
        XCTAssertEqual(grid.cellsCreated - created, 1)
        XCTAssertTrue(try cell(grid, "item 4") === cell4)
        XCTAssertTrue(try cell(grid, "item 5") === cell5)
        XCTAssertEqual(cell4.frame.origin, Point(x: 488, y: 0), "before the insertion: stays")
        XCTAssertEqual(cell5.frame.origin, Point(x: 122, y: 60), "after it: moved on one")
        let potion = try XCTUnwrap(grid.cellView(at: 5))
        XCTAssertEqual(text(potion), "potion")
        XCTAssertEqual(potion.frame.origin, Point(x: 0, y: 60))
        XCTAssertEqual(potion.alpha, 1)
    }

    /// Scrolled down, a whole line's worth of items inserted (or deleted) before the first line in sight moves the
    /// offset a line, so every cell stays where it is on screen; fewer than half a line's items leave the offset and
    /// reflow the cells a slot or two; changes after the first item in sight leave the offset.
    func testItemsInsertedAboveKeepWhatShowsInPlace() throws {
        let (overlay, grid, box) = try makeGrid(count: 1000)
        grid.contentOffset = Point(x: 0, y: 600)  // row 10 (items 50...54) at the top
        overlay.update()
        let item52 = try cell(grid, "item 52")
        let onScreen = item52.windowFrame.origin
        box.items.insert(contentsOf: (0..<5).map { "new \($0)" }, at: 0)
        try grid.insertItems(at: Array(0..<5))
        overlay.update()
        XCTAssertEqual(grid.contentOffset.y, 660, "a line inserted above: the offset follows")
        XCTAssertEqual(item52.windowFrame.origin, onScreen, "item 52 (now 57) stays put on screen")
        XCTAssertTrue(try cell(grid, "item 52") === item52)
        // One item: fewer than half a line; the cells reflow a slot, the offset stays.
        box.items.insert("one", at: 0)
        try grid.insertItems(at: [0])
        overlay.update()
        XCTAssertEqual(grid.contentOffset.y, 660)
        XCTAssertEqual(item52.windowFrame.origin.y, onScreen.y, "same line")
        XCTAssertEqual(item52.windowFrame.origin.x, onScreen.x + 122, "one slot on")
        // Five deleted above: back a line.
        box.items.removeSubrange(0..<5)
        try grid.deleteItems(at: Array(0..<5))
        overlay.update()
        XCTAssertEqual(grid.contentOffset.y, 600)
        // A change after the first item in sight: the offset stays.
        box.items.insert(contentsOf: (0..<5).map { "later \($0)" }, at: 70)
        try grid.insertItems(at: Array(70..<75))
        overlay.update()
        XCTAssertEqual(grid.contentOffset.y, 600)
        // Turned off: the offset stays, and the cells move a line.
        grid.keepsVisibleItemsInPlace = false
        let before = try cell(grid, "item 52").windowFrame.origin
        box.items.insert(contentsOf: (0..<5).map { "off \($0)" }, at: 0)
        try grid.insertItems(at: Array(0..<5))
        overlay.update()
        XCTAssertEqual(grid.contentOffset.y, 600)
        XCTAssertEqual(try cell(grid, "item 52").windowFrame.origin.y, before.y + 60)
    }

    func testMovingAnItemKeepsItsViewAndTheCursorGoesWithIt() throws {
        let (overlay, grid, box) = try makeGrid(count: 20)
        grid.selectItem(1)
        let cell1 = try cell(grid, "item 1")
        let configured = grid.cellsConfigured
        box.items.insert(box.items.remove(at: 1), at: 7)
        try grid.moveItem(from: 1, to: 7)
        overlay.update()
        XCTAssertTrue(grid.cellView(at: 7) === cell1, "the same view")
        XCTAssertEqual(cell1.frame.origin, Point(x: 244, y: 60))
        XCTAssertEqual(text(cell1), "item 1")
        XCTAssertEqual(grid.cellsConfigured - configured, 7, "indices 1...7 changed")
        XCTAssertEqual(grid.cursorIndex, 7)
        XCTAssertEqual(grid.selection, [AnyHashable("item 1")])
        XCTAssertTrue(cell1.isSelected)
        XCTAssertEqual(grid.liveCellCount, 20)
    }

    func testAnAnimatedDeleteSlidesTheFollowingCellsLinearlyAndFadesTheDeletedOneOut() throws {
        let (overlay, grid, box) = try makeGrid(count: 20)
        overlay.advanceAnimations(to: 1)
        let deleted = try cell(grid, "item 2")
        let cell3 = try cell(grid, "item 3"), cell5 = try cell(grid, "item 5")
        box.items.remove(at: 2)
        try grid.deleteItems(at: [2], animation: .linear(duration: 0.5))
        overlay.update()
        XCTAssertEqual(grid.fadingCellCount, 1)
        XCTAssertFalse(deleted.isHidden, "still drawn")
        XCTAssertFalse(deleted.isUserInteractionEnabled)
        XCTAssertEqual(deleted.frame.origin, Point(x: 244, y: 0), "where it was")
        XCTAssertEqual(deleted.presentationAlpha, 1)
        XCTAssertNil(grid.liveCellViews.first { $0 === deleted }, "no longer a live cell")
        XCTAssertEqual(cell3.frame.origin, Point(x: 244, y: 0), "the model is at the new place at once")
        XCTAssertEqual(cell3.presentationFrame.origin, Point(x: 366, y: 0), "drawn where it was")
        XCTAssertEqual(cell5.presentationFrame.origin, Point(x: 0, y: 60))
        for frame in 1...40 {
            let t = Double(frame) / 60
            overlay.advanceAnimations(to: 1 + t)
            overlay.update()
            let p = min(1, t / 0.5)
            XCTAssertEqual(cell3.presentationFrame.minX, 366 - 122 * p, accuracy: 1e-9, "frame \(frame)")
            XCTAssertEqual(cell3.presentationFrame.minY, 0, accuracy: 1e-9, "frame \(frame)")
            // Across rows: from the first column of row 1 to the last of row 0, in a straight line.
            XCTAssertEqual(cell5.presentationFrame.minX, 488 * p, accuracy: 1e-9, "frame \(frame)")
            XCTAssertEqual(cell5.presentationFrame.minY, 60 - 60 * p, accuracy: 1e-9, "frame \(frame)")
            if p < 1 {
                XCTAssertEqual(deleted.presentationAlpha, 1 - p, accuracy: 1e-9, "frame \(frame)")
                XCTAssertFalse(deleted.isHidden, "frame \(frame)")
            }
        }
        XCTAssertEqual(grid.fadingCellCount, 0, "pooled once faded")
        XCTAssertTrue(deleted.isHidden)
        XCTAssertEqual(deleted.alpha, 1, "ready for reuse")
        XCTAssertTrue(deleted.isUserInteractionEnabled)
        XCTAssertEqual(overlay.animatingViewCount, 0, "settled")
    }

    /// A horizontal grid reflows down its columns: a cell at a column's top slides to the bottom of the column before,
    /// in a straight line, while the deleted cell fades where its neighbours close up.
    func testAnAnimatedDeleteInAHorizontalGridSlidesCellsBetweenColumns() throws {
        let (overlay, grid, box) = try makeGrid(count: 20, axis: .horizontal)
        overlay.advanceAnimations(to: 1)
        let deleted = try cell(grid, "item 2")
        let cell3 = try cell(grid, "item 3"), cell5 = try cell(grid, "item 5"), cell19 = try cell(grid, "item 19")
        XCTAssertEqual(cell5.frame.origin, Point(x: 60, y: 0), "the top of the second column")
        box.items.remove(at: 2)
        try grid.deleteItems(at: [2], animation: .linear(duration: 0.5))
        overlay.update()
        XCTAssertEqual(grid.fadingCellCount, 1)
        XCTAssertEqual(cell3.frame.origin, Point(x: 0, y: 164), "into the deleted one's place, up its column")
        XCTAssertEqual(cell5.frame.origin, Point(x: 0, y: 328), "to the bottom of the first column")
        XCTAssertEqual(cell19.frame.origin, Point(x: 180, y: 246))
        XCTAssertEqual(cell5.presentationFrame.origin, Point(x: 60, y: 0), "drawn where it was")
        for frame in 1...40 {
            let t = Double(frame) / 60
            overlay.advanceAnimations(to: 1 + t)
            overlay.update()
            let p = min(1, t / 0.5)
            XCTAssertEqual(cell3.presentationFrame.minY, 246 - 82 * p, accuracy: 1e-9, "frame \(frame)")
            XCTAssertEqual(cell3.presentationFrame.minX, 0, accuracy: 1e-9, "frame \(frame)")
            XCTAssertEqual(cell5.presentationFrame.minX, 60 - 60 * p, accuracy: 1e-9, "frame \(frame)")
            XCTAssertEqual(cell5.presentationFrame.minY, 328 * p, accuracy: 1e-9, "frame \(frame)")
            if p < 1 { XCTAssertEqual(deleted.presentationAlpha, 1 - p, accuracy: 1e-9, "frame \(frame)") }
        }
        XCTAssertEqual(grid.fadingCellCount, 0, "pooled once faded")
        XCTAssertTrue(deleted.isHidden)
        XCTAssertEqual(grid.liveCellViews.map(\.itemID), box.items.map { AnyHashable($0) })
        XCTAssertEqual(overlay.animatingViewCount, 0, "settled")
        // An insertion pushes the cells on down their columns, configuring only those whose index changed.
        let configured = grid.cellsConfigured
        box.items.insert("potion", at: 4)
        try grid.insertItems(at: [4])
        overlay.update()
        XCTAssertEqual(grid.cellsConfigured - configured, 16, "items 4...18 and the new one")
        XCTAssertEqual(try cell(grid, "potion").frame.origin, Point(x: 0, y: 328))
        XCTAssertEqual(cell5.frame.origin, Point(x: 60, y: 0), "back to the top of the second column")
    }

    func testAnAnimatedInsertFadesTheNewCellInAndSlidesThePushedOutOneOut() throws {
        // 100 items: the window holds rows 0...9 (50 cells), so an insertion at the front pushes item 49 out.
        let (overlay, grid, box) = try makeGrid(count: 100)
        overlay.advanceAnimations(to: 1)
        let cell49 = try cell(grid, "item 49")
        box.items.insert("potion", at: 0)
        try grid.insertItems(at: [0], animation: .linear(duration: 0.5))
        overlay.update()
        let potion = try cell(grid, "potion")
        XCTAssertEqual(potion.presentationAlpha, 0, "comes in transparent")
        XCTAssertEqual(grid.fadingCellCount, 1)
        XCTAssertFalse(cell49.isUserInteractionEnabled)
        XCTAssertEqual(cell49.frame.origin, Point(x: 0, y: 600), "goes to its new place, item 50's, out of the window")
        overlay.advanceAnimations(to: 1.25)
        XCTAssertEqual(potion.presentationAlpha, 0.5, accuracy: 1e-9)
        XCTAssertEqual(cell49.presentationFrame.origin, Point(x: 244, y: 570), "halfway from (488, 540)")
        XCTAssertEqual(cell49.presentationAlpha, 1, "opaque: its item is still there")
        for frame in 1...30 { overlay.advanceAnimations(to: 1.25 + Double(frame) / 60) }
        XCTAssertEqual(potion.presentationAlpha, 1)
        XCTAssertEqual(grid.fadingCellCount, 0)
        XCTAssertTrue(cell49.isHidden)
    }

    func testTwoAnimatedUpdatesInOneFrameSendAPushedOutCellToItsFinalPlace() throws {
        let (overlay, grid, box) = try makeGrid(count: 100)
        overlay.advanceAnimations(to: 1)
        let cell49 = try cell(grid, "item 49")
        box.items.insert("a", at: 0)
        try grid.insertItems(at: [0], animation: .linear(duration: 0.5))
        box.items.insert(contentsOf: ["b", "c"], at: 0)
        try grid.insertItems(at: [0, 1], animation: .linear(duration: 0.5))
        overlay.update()
        XCTAssertEqual(cell49.frame.origin, Point(x: 244, y: 600), "index 52 after both updates, not 51 after the first")
        XCTAssertEqual(grid.liveCellViews.map(\.itemID), (0..<50).map { AnyHashable(box.items[$0]) })
    }

    func testADeletedCellFadesAsItSlidesWithItsNeighbours() throws {
        let (overlay, grid, box) = try makeGrid(count: 20)
        overlay.advanceAnimations(to: 1)
        let cell3 = try cell(grid, "item 3"), cell4 = try cell(grid, "item 4")
        box.items.remove(at: 3)
        box.items.remove(at: 0)
        try grid.deleteItems(at: [0, 3], animation: .linear(duration: 0.5))
        overlay.update()
        XCTAssertEqual(grid.fadingCellCount, 2)
        // Item 3 goes where its neighbours close up: item 4's new place, index 2 (x 244), from x 366.
        XCTAssertEqual(cell3.frame.origin, Point(x: 244, y: 0))
        XCTAssertEqual(cell4.frame.origin, Point(x: 244, y: 0))
        for frame in 1...20 {
            let t = Double(frame) / 60, p = t / 0.5
            overlay.advanceAnimations(to: 1 + t)
            overlay.update()
            XCTAssertEqual(cell3.presentationFrame.minX, 366 - 122 * p, accuracy: 1e-9, "frame \(frame)")
            XCTAssertEqual(cell4.presentationFrame.minX, 488 - 244 * p, accuracy: 1e-9, "frame \(frame)")
            XCTAssertEqual(cell3.presentationAlpha, 1 - p, accuracy: 1e-9, "frame \(frame)")
        }
    }

    func testAFadingCellTakesNoClickAndAnItemThatComesBackGetsItsViewBack() throws {
        let (overlay, grid, box) = try makeGrid(count: 20)
        overlay.advanceAnimations(to: 1)
        let cell0 = try cell(grid, "item 0")
        box.items.remove(at: 0)
        try grid.deleteItems(at: [0], animation: .linear(duration: 0.5))
        overlay.update()
        XCTAssertFalse(cell0.isUserInteractionEnabled)
        // A click at document (50, 25), where "item 0" still fades, is on the new item 0, "item 1".
        let p = Point(x: 20 + 50, y: 40 + 25)
        overlay.route(.pointerDown(PointerEvent(location: p)))
        overlay.route(.pointerUp(PointerEvent(location: p)))
        overlay.update()
        XCTAssertEqual(grid.selection, [AnyHashable("item 1")])
        XCTAssertEqual(grid.cursorIndex, 0)
        overlay.advanceAnimations(to: 1.25)
        XCTAssertEqual(cell0.presentationAlpha, 0.5, accuracy: 1e-9)
        box.items.insert("item 0", at: 0)
        try grid.reloadData(itemCount: box.items.count, animation: .linear(duration: 0.5))
        overlay.update()
        XCTAssertTrue(try cell(grid, "item 0") === cell0, "identity kept")
        XCTAssertEqual(grid.fadingCellCount, 0)
        XCTAssertTrue(cell0.isUserInteractionEnabled)
        for frame in 1...60 { overlay.advanceAnimations(to: 1.25 + Double(frame) / 60) }
        XCTAssertEqual(cell0.presentationAlpha, 1)
        XCTAssertFalse(cell0.isHidden)
        XCTAssertEqual(overlay.animatingViewCount, 0)
    }

    /// Cells an animated insert pushes out of the window slide out, opaque; a scroll that brings their items back
    /// before the slide is over slides the window (LazyGrid.swift, `slideWindow`), and each takes its own view back,
    /// still sliding to its place, rather than a second view while the first slides out for it.
    func testAnItemScrolledBackDuringItsSlideOutGetsTheSameView() throws {
        let (overlay, grid, box) = try makeGrid(count: 100)
        overlay.advanceAnimations(to: 1)
        XCTAssertEqual(grid.liveCellViews.map(\.index), Array(0..<50), "rows 0...9")
        let pushed = try (45...49).map { try cell(grid, "item \($0)") }
        box.items.insert(contentsOf: (0..<5).map { "new \($0)" }, at: 0)
        try grid.insertItems(at: Array(0..<5), animation: .linear(duration: 0.5))
        overlay.update()
        XCTAssertEqual(grid.fadingCellCount, 5, "items 45...49 slide out to indices 50...54")
        overlay.advanceAnimations(to: 1.25)
        grid.scroll(by: Point(x: 0, y: 180))  // rows 1...10, indices 5..<55: items 45...49 are back
        overlay.update()
        XCTAssertEqual(grid.liveCellViews.map(\.index), Array(5..<55))
        for (k, view) in pushed.enumerated() {
            XCTAssertTrue(try cell(grid, "item \(45 + k)") === view, "item \(45 + k) took its view back")
            XCTAssertEqual(view.frame, grid.itemFrame(50 + k))
            XCTAssertEqual(view.presentationAlpha, 1)
            XCTAssertTrue(view.isUserInteractionEnabled)
        }
        XCTAssertEqual(grid.fadingCellCount, 0, "nothing left sliding out for them")
        LazyGridFixture.assertNoItemLiveAndFading(grid, "after the scroll")
        LazyGridFixture.settle(overlay, from: 1.25)
        for (k, view) in pushed.enumerated() {
            XCTAssertFalse(view.isHidden, "item \(45 + k) still shown once the slide is over")
            XCTAssertEqual(view.presentationFrame, grid.itemFrame(50 + k))
        }
    }

    /// An animated reload fades the cells whose items left the window where they were; a scroll that brings them
    /// back mid-fade gives each its own view back, opaque at once and at its new place.
    func testAnItemScrolledBackDuringItsFadeOutGetsTheSameViewOpaque() throws {
        let (overlay, grid, box) = try makeGrid(count: 100, axis: .horizontal)
        overlay.advanceAnimations(to: 1)
        XCTAssertEqual(grid.liveCellViews.map(\.index), Array(0..<70), "columns 0...13")
        let faded = try (65...69).map { try cell(grid, "item \($0)") }
        box.items.insert(contentsOf: (0..<5).map { "new \($0)" }, at: 0)
        try grid.reloadData(itemCount: box.items.count, animation: .linear(duration: 0.5))
        overlay.update()
        XCTAssertEqual(grid.fadingCellCount, 5, "items 65...69 fade where they were")
        overlay.advanceAnimations(to: 1.25)
        XCTAssertEqual(faded[0].presentationAlpha, 0.5, accuracy: 1e-9)
        grid.scroll(by: Point(x: 180, y: 0))  // columns 1...14, indices 5..<75: items 65...69 are back
        overlay.update()
        XCTAssertEqual(grid.liveCellViews.map(\.index), Array(5..<75))
        for (k, view) in faded.enumerated() {
            XCTAssertTrue(try cell(grid, "item \(65 + k)") === view, "item \(65 + k) took its view back")
            XCTAssertEqual(view.presentationAlpha, 1, "opaque at once")
            XCTAssertEqual(view.presentationFrame, grid.itemFrame(70 + k))
        }
        XCTAssertEqual(grid.fadingCellCount, 0)
        LazyGridFixture.assertNoItemLiveAndFading(grid, "after the scroll")
    }

    func testTheCursorAndAnchorFollowTheirItems() throws {
        let (overlay, grid, box) = try makeGrid(count: 20)
        grid.selectionMode = .multiple
        grid.selectItem(7)
        box.items.insert("potion", at: 0)
        try grid.insertItems(at: [0])
        XCTAssertEqual(grid.cursorIndex, 8, "pushed on with its item")
        XCTAssertEqual(grid.selectionAnchor, 8)
        box.items.remove(at: 8)
        box.items.remove(at: 2)
        try grid.deleteItems(at: [8, 2])
        XCTAssertEqual(grid.cursorIndex, 7, "deleted: to the item now in its place (old item 8)")
        XCTAssertEqual(grid.selection, [AnyHashable("item 7")], "the selection keeps its ids")
        overlay.update()
        XCTAssertTrue(try XCTUnwrap(grid.cellView(at: 7)).itemID == AnyHashable("item 8"))
        grid.selectItem(18)
        box.items.removeLast(2)
        try grid.deleteItems(at: [18, 17])
        XCTAssertEqual(grid.cursorIndex, 16, "clamped to the last item")
        // Shift extends from the anchor that followed.
        overlay.update()
        grid.selectItem(14, extending: true)
        XCTAssertEqual(grid.selection, Set([14, 15, 16].map { AnyHashable(box.items[$0]) }))
    }

    func testBadIndicesThrowExactErrorsAndChangeNothing() throws {
        let (overlay, grid, _) = try makeGrid(count: 20)
        grid.selectItem(4)
        let cells = grid.liveCellViews, configured = grid.cellsConfigured
        func expect(_ expected: LazyGridError, _ body: () throws(LazyGridError) -> Void,
                    file: StaticString = #filePath, line: UInt = #line) {
            do {
                try body()
                XCTFail("no error", file: file, line: line)
            } catch {
                XCTAssertEqual(error, expected, file: file, line: line)
            }
        }
        expect(.deletedItemInvalid(20, itemCount: 20)) { () throws(LazyGridError) in try grid.deleteItems(at: [20]) }
        expect(.deletedItemInvalid(-1, itemCount: 20)) { () throws(LazyGridError) in try grid.deleteItems(at: [3, -1]) }
        expect(.deletedItemInvalid(3, itemCount: 20)) { () throws(LazyGridError) in try grid.deleteItems(at: [3, 3]) }
        expect(.insertedItemInvalid(21, itemCount: 21)) { () throws(LazyGridError) in try grid.insertItems(at: [21]) }
        expect(.insertedItemInvalid(5, itemCount: 23)) { () throws(LazyGridError) in try grid.insertItems(at: [5, 0, 5]) }
        expect(.insertedItemInvalid(19, itemCount: 19)) { () throws(LazyGridError) in
            try grid.updateItems(deleting: [0, 1], inserting: [19], animation: .linear(duration: 0.5))
        }
        expect(.deletedItemInvalid(20, itemCount: 20)) { () throws(LazyGridError) in try grid.moveItem(from: 20, to: 0) }
        expect(.insertedItemInvalid(-2, itemCount: 20)) { () throws(LazyGridError) in try grid.moveItem(from: 0, to: -2) }
        XCTAssertEqual(LazyGridError.deletedItemInvalid(20, itemCount: 20).identifier, "lazy-grid-deleted-item-invalid")
        XCTAssertEqual(LazyGridError.insertedItemInvalid(21, itemCount: 21).identifier, "lazy-grid-inserted-item-invalid")
        XCTAssertTrue(LazyGridError.deletedItemInvalid(20, itemCount: 20).description.contains("20"))
        XCTAssertEqual(grid.itemCount, 20)
        XCTAssertEqual(grid.cursorIndex, 4)
        XCTAssertEqual(grid.selectionAnchor, 4)
        overlay.update()
        XCTAssertEqual(grid.cellsConfigured, configured, "no layout of new data")
        XCTAssertTrue(grid.liveCellViews.elementsEqual(cells, by: ===))
        XCTAssertEqual(grid.fadingCellCount, 0)
        // Past the most items: the count the update would make.
        let full = try LazyGrid(itemCount: LazyGrid.maximumItemCount, makeCell: { View() }, configureCell: { _, _ in })
        expect(.itemCountOutOfRange(LazyGrid.maximumItemCount + 1)) { () throws(LazyGridError) in
            try full.insertItems(at: [0])
        }
        XCTAssertEqual(full.itemCount, LazyGrid.maximumItemCount)
    }
}
