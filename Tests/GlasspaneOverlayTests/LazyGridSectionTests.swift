// Lazy grid sections (LazyGrid+Sections.swift): a header item takes a whole line and the items after it start a new
// one, in both axes; only the window's cells exist for 100,000 items in 1,000 sections; a click on a header (or the
// pinned one) selects nothing; the current section's header is pinned at the leading edge and pushed out by the next;
// the cursor keys pass over headers; updates keep headers with their items; a random model check; exact errors.
import XCTest
import GlasspaneCore
import GlasspaneAnimation
import GlasspaneTesting
@testable import GlasspaneOverlay

final class LazyGridSectionTests: XCTestCase {
    typealias CellContent = LazyGridTests.CellContent

    typealias Box = LazyGridUpdateTests.Box

    /// A grid of `count` items ("item N", ids the strings) in a 600x400 viewport at (20, 40), as LazyGridTests's:
    /// 5 fixed columns 112 points wide at x 0, 122, 244, 366, 488, 50-point cells, 10 points of spacing; horizontal:
    /// 5 rows 72 points tall at y 0, 82, 164, 246, 328. Headers `headers`, 30 points along the axis.
    private func makeGrid(count: Int, headers: [Int], axis: ListAxis = .vertical, mode: ListSelectionMode = .single)
        throws -> (Overlay, LazyGrid, Box) {
        try LazyGridFixture.makeGrid(count: count, axis: axis, mode: mode) { grid, _ in
            try grid.setSectionHeaderItems(headers, headerLength: 30)
        }
    }

    /// A click at a document point of the grid (window = document + (20, 40) - offset).
    private func click(_ overlay: Overlay, _ grid: LazyGrid, x: Double, y: Double) {
        let p = Point(x: 20 + x - grid.contentOffset.x, y: 40 + y - grid.contentOffset.y)
        overlay.route(.pointerDown(PointerEvent(location: p)))
        overlay.route(.pointerUp(PointerEvent(location: p)))
        overlay.update()
    }

    private func press(_ overlay: Overlay, _ k: Key) {
        overlay.route(.key(KeyEvent(key: k)))
        overlay.route(.key(KeyEvent(key: k, isDown: false)))
        overlay.update()
    }

    private func text(_ cell: GridCell) -> String { (cell.content as! CellContent).label.text }

    // 20 items, headers 0, 8, 9 and 15 (30 points), 5 columns: header 0 at y 0; items 1...5 at 40, 6 and 7 at 100;
    // header 8 at 160; header 9 (an empty section before it) at 200; items 10...14 at 240; header 15 at 300; items
    // 16...19 at 340; 390 points in all.
    func testItemsAndHeadersAreWhereTheirSectionsPutThem() throws {
        let (_, grid, _) = try makeGrid(count: 20, headers: [0, 8, 9, 15])
        let expected: [(Int, Rect)] = [
            (0, Rect(x: 0, y: 0, width: 600, height: 30)),
            (1, Rect(x: 0, y: 40, width: 112, height: 50)),
            (5, Rect(x: 488, y: 40, width: 112, height: 50)),
            (6, Rect(x: 0, y: 100, width: 112, height: 50)),
            (7, Rect(x: 122, y: 100, width: 112, height: 50)),
            (8, Rect(x: 0, y: 160, width: 600, height: 30)),
            (9, Rect(x: 0, y: 200, width: 600, height: 30)),
            (10, Rect(x: 0, y: 240, width: 112, height: 50)),
            (14, Rect(x: 488, y: 240, width: 112, height: 50)),
            (15, Rect(x: 0, y: 300, width: 600, height: 30)),
            (16, Rect(x: 0, y: 340, width: 112, height: 50)),
            (19, Rect(x: 366, y: 340, width: 112, height: 50)),
        ]
        for (index, frame) in expected {
            XCTAssertEqual(grid.itemFrame(index), frame, "item \(index)")
            XCTAssertEqual(grid.cellView(at: index)?.frame, frame, "item \(index)'s cell")
            XCTAssertEqual(grid.cellView(at: index)?.isHeader, [0, 8, 9, 15].contains(index), "item \(index)")
            XCTAssertEqual(grid.itemIndex(atDocumentPoint: Point(x: frame.minX + frame.width / 2, y: frame.minY + frame.height / 2)), index, "hit \(index)")
        }
        XCTAssertEqual(grid.contentSize.height, 390)
        XCTAssertEqual(grid.lineCount, 8)
        XCTAssertEqual(grid.itemIndex(atDocumentPoint: Point(x: 300, y: 35)), nil, "the spacing under a header")
        XCTAssertEqual(grid.itemIndex(atDocumentPoint: Point(x: 300, y: 120)), nil, "after item 7 in its short line")
        XCTAssertEqual(grid.sectionHeaderItems, [0, 8, 9, 15])
        XCTAssertEqual((0..<20).filter { grid.isSectionHeader($0) }, [0, 8, 9, 15])

        // Items before the first header fill lines of their own; the default header length is the item's.
        let (leadOverlay, lead, _) = try makeGrid(count: 10, headers: [])
        try lead.setSectionHeaderItems([3])
        leadOverlay.update()
        XCTAssertEqual(lead.headerLength, 50)
        XCTAssertEqual(lead.itemFrame(2), Rect(x: 244, y: 0, width: 112, height: 50))
        XCTAssertEqual(lead.itemFrame(3), Rect(x: 0, y: 60, width: 600, height: 50))
        XCTAssertEqual(lead.itemFrame(4), Rect(x: 0, y: 120, width: 112, height: 50))
        XCTAssertEqual(lead.itemFrame(9), Rect(x: 0, y: 180, width: 112, height: 50))
        XCTAssertEqual(lead.contentSize.height, 230)

        // A horizontal grid: headers take a whole column, 30 points wide.
        let (_, across, _) = try makeGrid(count: 20, headers: [0, 8, 9, 15], axis: .horizontal)
        let columns: [(Int, Rect)] = [
            (0, Rect(x: 0, y: 0, width: 30, height: 400)),
            (1, Rect(x: 40, y: 0, width: 50, height: 72)),
            (2, Rect(x: 40, y: 82, width: 50, height: 72)),
            (6, Rect(x: 100, y: 0, width: 50, height: 72)),
            (8, Rect(x: 160, y: 0, width: 30, height: 400)),
            (9, Rect(x: 200, y: 0, width: 30, height: 400)),
            (14, Rect(x: 240, y: 328, width: 50, height: 72)),
            (16, Rect(x: 340, y: 0, width: 50, height: 72)),
        ]
        for (index, frame) in columns {
            XCTAssertEqual(across.itemFrame(index), frame, "horizontal item \(index)")
            XCTAssertEqual(across.cellView(at: index)?.frame, frame, "horizontal item \(index)'s cell")
        }
        XCTAssertEqual(across.contentSize.width, 390)
    }

    func testOnlyTheWindowsCellsExistFor100000ItemsIn1000Sections() throws {
        // A header every 100 items: per section a 30-point header line and 20 lines of items, 1,240 points.
        let (overlay, grid, _) = try makeGrid(count: 100_000, headers: Array(stride(from: 0, to: 100_000, by: 100)))
        XCTAssertEqual(grid.contentSize.height, 1000 * 1240 - 10)
        // A steady window: (400 + 2 x 64) / (30 + 10) = 13.2 lines, so 15: header 0 and 14 lines of items.
        XCTAssertEqual(grid.liveCellViews.map(\.index), Array(0..<71))
        let created = grid.cellsCreated
        XCTAssertEqual(created, 71)
        grid.scrollToItemAtTop(50_051)  // section 500 (header 50,000 at 500 x 1240): line 11 of its items
        overlay.update()
        XCTAssertEqual(grid.contentOffset.y, 500 * 1240 + 40 + 10 * 60)
        XCTAssertLessThanOrEqual(grid.liveCellCount, 75)
        XCTAssertEqual(grid.cellView(at: 50_051)?.frame.minY, grid.contentOffset.y)
        XCTAssertLessThanOrEqual(grid.cellsCreated, created + 5, "cells are recycled, not made per item")
        XCTAssertLessThanOrEqual(grid.documentView.subviews.count, 76)
        let configured = grid.cellsConfigured
        grid.scroll(by: Point(x: 0, y: 60))  // one line of items on
        overlay.update()
        XCTAssertLessThanOrEqual(grid.cellsConfigured - configured, 6, "a scroll configures only the cells that come in")
        // Across a section's end: the next header comes in as a cell of its own.
        grid.scrollToItemAtTop(50_100)
        overlay.update()
        XCTAssertEqual(grid.cellView(at: 50_100)?.frame, Rect(x: 0, y: 501 * 1240, width: 600, height: 30))
        XCTAssertLessThanOrEqual(grid.liveCellCount, 75)
    }

    func testAClickOnAHeaderOrThePinnedHeaderSelectsNothing() throws {
        let (overlay, grid, _) = try makeGrid(count: 60, headers: [0, 20, 40])
        var reported: [Set<AnyHashable>] = []
        grid.onSelectionChange = { reported.append($0) }
        click(overlay, grid, x: 300, y: 15)  // header 0
        XCTAssertEqual(grid.selection, [])
        click(overlay, grid, x: 50, y: 60)  // item 1
        XCTAssertEqual(grid.selection, ["item 1"])
        click(overlay, grid, x: 300, y: 295)  // header 20 (at 280)
        XCTAssertEqual(grid.selection, ["item 1"])
        grid.selectItem(20)
        XCTAssertEqual(grid.selection, ["item 1"], "a header is not selectable")
        XCTAssertEqual(reported, [["item 1"]])
        // Scrolled 60 points: header 0 is pinned over the top 30 points, over items 1...5's line (40...90).
        grid.contentOffset = Point(x: 0, y: 60)
        overlay.update()
        XCTAssertEqual(grid.pinnedHeader?.isHidden, false)
        click(overlay, grid, x: 300, y: 70)  // under the pinned header: item 3's cell
        XCTAssertEqual(grid.selection, ["item 1"], "the pinned header takes the click")
        click(overlay, grid, x: 300, y: 85)  // still under it (60 + 30 = 90 is its bottom)
        XCTAssertEqual(grid.selection, ["item 1"])
        click(overlay, grid, x: 300, y: 105)  // item 8 (line 100...150 holds items 6...10), below the pinned one
        XCTAssertEqual(grid.selection, ["item 8"])
    }

    // 60 items, headers 0, 20 and 40: header 0 at 0, items 1...19 in 4 lines at 40...220, header 20 at 280, items
    // 21...39 at 320...500, header 40 at 560.
    func testTheCurrentSectionsHeaderIsPinnedAndPushedOutByTheNext() throws {
        let (overlay, grid, _) = try makeGrid(count: 60, headers: [0, 20, 40])
        XCTAssertTrue(grid.pinnedHeader?.isHidden ?? true, "at the top header 0 shows itself")
        grid.contentOffset = Point(x: 0, y: 100)
        overlay.update()
        var pinned = try XCTUnwrap(grid.pinnedHeader)
        XCTAssertFalse(pinned.isHidden)
        XCTAssertEqual(pinned.index, 0)
        XCTAssertEqual(text(pinned), "item 0")
        XCTAssertTrue(pinned.isHeader)
        XCTAssertEqual(pinned.frame, Rect(x: 0, y: 0, width: 600, height: 30))
        XCTAssertEqual(pinned.windowFrame, Rect(x: 20, y: 40, width: 600, height: 30))
        grid.contentOffset = Point(x: 0, y: 260)  // header 20 at 280 reaches the pinned one's bottom (260 + 30)
        overlay.update()
        XCTAssertEqual(pinned.frame, Rect(x: 0, y: -10, width: 600, height: 30), "pushed up by the next header")
        grid.contentOffset = Point(x: 0, y: 280)
        overlay.update()
        XCTAssertTrue(pinned.isHidden, "header 20's own cell is at the top")
        grid.contentOffset = Point(x: 0, y: 300)
        overlay.update()
        pinned = try XCTUnwrap(grid.pinnedHeader)
        XCTAssertFalse(pinned.isHidden)
        XCTAssertEqual(pinned.index, 20)
        XCTAssertEqual(text(pinned), "item 20")
        XCTAssertEqual(pinned.frame, Rect(x: 0, y: 0, width: 600, height: 30))
        XCTAssertTrue(grid.subviews.firstIndex { $0 === pinned }! > grid.subviews.firstIndex { $0 === grid.documentView }!,
                      "in front of the document")

        // A horizontal grid pins its header at the left edge.
        let (hOverlay, across, _) = try makeGrid(count: 100, headers: [0, 20, 40], axis: .horizontal)
        across.contentOffset = Point(x: 100, y: 0)
        hOverlay.update()
        XCTAssertEqual(across.pinnedHeader?.frame, Rect(x: 0, y: 0, width: 30, height: 400))
        across.contentOffset = Point(x: 260, y: 0)
        hOverlay.update()
        XCTAssertEqual(across.pinnedHeader?.frame, Rect(x: -10, y: 0, width: 30, height: 400))
    }

    func testAnItemRevealedUpwardLandsClearOfThePinnedHeader() throws {
        // Headers 0, 20, 40: items 1...19 in lines at y 40, 100, 160, 220; header 20 at 280.
        let (overlay, grid, _) = try makeGrid(count: 60, headers: [0, 20, 40])
        grid.contentOffset = Point(x: 0, y: 200)
        overlay.update()
        grid.scrollToItem(6)                       // line 100...150
        XCTAssertEqual(grid.contentOffset.y, 70, "just below the 30-point pinned header, not under it")
        grid.scrollToItem(0)
        XCTAssertEqual(grid.contentOffset.y, 0, "a header itself is revealed as it is")
    }

    func testTheCursorKeysPassOverHeaders() throws {
        let (overlay, grid, _) = try makeGrid(count: 20, headers: [0, 8, 9, 15])
        click(overlay, grid, x: 50, y: 60)  // item 1
        XCTAssertEqual(grid.cursorIndex, 1)
        var path: [Int] = []
        for key: Key in [.down, .right, .right, .left, .down, .right, .right, .up, .down, .down, .home, .end] {
            press(overlay, key)
            path.append(grid.cursorIndex ?? -1)
        }
        // Down from 1: items 6 and 7's line. Right from 7: past headers 8 and 9 to 10; Left back to 7. Down from 7
        // (column 1): over headers 8 and 9 to 11. Up from 13 (column 3): over them to 7 (its line's last). Down from 11:
        // over header 15 to 17. Home/End: the first and last items, not header 0.
        XCTAssertEqual(path, [6, 7, 10, 7, 11, 12, 13, 7, 11, 17, 1, 19])
        XCTAssertEqual(grid.selection, ["item 19"])
        XCTAssertFalse((0..<20).contains { grid.isSectionHeader($0) && grid.cellView(at: $0)?.hasCursor == true })
        // Down from column 4 onto a shorter line: its last item.
        grid.selectItem(14)
        press(overlay, .down)
        XCTAssertEqual(grid.cursorIndex, 19)
        // Up from the first line of items has nowhere to go: the cursor stays on an item.
        grid.selectItem(2)
        press(overlay, .up)
        XCTAssertEqual(grid.cursorIndex, 2)
        XCTAssertFalse(grid.handlesDirection(.up), "Up in the first line of items leaves the grid")
        XCTAssertTrue(grid.handlesDirection(.down))

        // Shift-extending over a header leaves the header out.
        let (mOverlay, multi, _) = try makeGrid(count: 20, headers: [0, 8, 9, 15], mode: .multiple)
        multi.selectItem(6)
        multi.selectItem(11, extending: true)
        mOverlay.update()
        XCTAssertEqual(multi.selection, ["item 6", "item 7", "item 10", "item 11"])
    }

    func testUpdatesKeepHeadersWithTheirItems() throws {
        let (overlay, grid, box) = try makeGrid(count: 20, headers: [0, 8, 9, 15])
        box.items.remove(at: 2)
        try grid.deleteItems(at: [2])
        XCTAssertEqual(grid.sectionHeaderItems, [0, 7, 8, 14])
        overlay.update()
        // Items 1...6 in two lines (40, 100), then header 7 (item 8 before) at 160.
        XCTAssertEqual(grid.cellView(at: 6)?.frame, Rect(x: 0, y: 100, width: 112, height: 50))
        XCTAssertEqual(grid.cellView(at: 7)?.frame, Rect(x: 0, y: 160, width: 600, height: 30), "header 8 now at 7")
        box.items.insert("new", at: 0)
        try grid.insertItems(at: [0])
        XCTAssertEqual(grid.sectionHeaderItems, [1, 8, 9, 15], "an item inserted before a header joins the section before")
        overlay.update()
        XCTAssertEqual(grid.cellView(at: 0)?.frame, Rect(x: 0, y: 0, width: 112, height: 50))
        XCTAssertEqual(grid.cellView(at: 1)?.frame, Rect(x: 0, y: 60, width: 600, height: 30))
        XCTAssertEqual(grid.cellView(at: 1)?.isHeader, true)
        XCTAssertEqual(grid.cellView(at: 0)?.isHeader, false)
        // A moved header goes with its item.
        box.items.insert(box.items.remove(at: 9), at: 3)
        try grid.moveItem(from: 9, to: 3)
        XCTAssertEqual(grid.sectionHeaderItems, [1, 3, 9, 15])
        // Deleting a header merges its items into the section before.
        box.items.remove(at: 9)
        try grid.deleteItems(at: [9])
        XCTAssertEqual(grid.sectionHeaderItems, [1, 3, 14])
        overlay.update()
        for cell in grid.liveCellViews {
            XCTAssertEqual(cell.isHeader, grid.isSectionHeader(cell.index), "cell \(cell.index)")
            XCTAssertEqual(cell.frame, grid.itemFrame(cell.index), "cell \(cell.index)")
            XCTAssertEqual(text(cell), box.items[cell.index])
        }
        // Updates from ids: a header moved to the front keeps its header (a diff deletes and inserts it).
        let old = box.items
        let header = old[14]
        box.items.remove(at: 14)
        box.items.insert(header, at: 0)
        try grid.updateItems(from: old, to: box.items)
        XCTAssertEqual(grid.sectionHeaderItems, [0, 2, 4])
        overlay.update()
        XCTAssertEqual(grid.cellView(at: 0)?.isHeader, true)
        XCTAssertEqual(grid.cellView(at: 0)?.frame, Rect(x: 0, y: 0, width: 600, height: 30))
        // reloadData drops headers past the new count.
        box.items = Array(box.items.prefix(3))
        try grid.reloadData(itemCount: 3)
        XCTAssertEqual(grid.sectionHeaderItems, [0, 2])
    }

    func testAHeaderIsNeverPickedUpAndADropStaysInItsSection() throws {
        let (overlay, grid, box) = try makeGrid(count: 20, headers: [0, 8, 9, 15])
        grid.movesItemsAcrossSections = false  // across sections: LazyGridCrossSectionTests
        var moves: [[Int]] = []
        grid.onMoveItem = { from, to in
            moves.append([from, to])
            box.items.insert(box.items.remove(at: from), at: to)
            return true
        }
        func drag(from: Point, to: Point) {
            let steps = [from, Point(x: from.x + 10, y: from.y + 10), to]
            overlay.route(.pointerDown(PointerEvent(location: steps[0])))
            overlay.update()
            for p in steps.dropFirst() {
                overlay.route(.pointerMove(PointerEvent(location: p)))
                overlay.update()
            }
            overlay.route(.pointerUp(PointerEvent(location: to)))
            overlay.update()
            for k in 1...60 { overlay.advanceAnimations(to: Double(k) / 30); overlay.update() }
        }
        // A drag on header 8 (document y 160...190) scrolls; it picks nothing up.
        drag(from: Point(x: 320, y: 40 + 175), to: Point(x: 320, y: 40 + 60))
        XCTAssertEqual(moves, [])
        // Item 1 dragged onto items 10...14's line, in another section: it stops at its own section's last slot (7).
        drag(from: Point(x: 20 + 50, y: 40 + 60), to: Point(x: 20 + 300, y: 40 + 260))
        XCTAssertEqual(moves, [[1, 7]])
        XCTAssertEqual(grid.sectionHeaderItems, [0, 8, 9, 15])
        XCTAssertEqual(box.items[7], "item 1")
        // Alt+Down from item 6 (the first of its section's last line) would leave the section: nothing moves.
        overlay.focus(grid)
        grid.selectItem(6)
        overlay.route(.key(KeyEvent(key: .down, modifiers: .alt)))
        overlay.update()
        XCTAssertEqual(moves, [[1, 7]])
    }

    /// Random deletions, insertions, moves, new header sets and scrolls against a model: after every layout the
    /// headers are the model's header ids' indices, every live cell shows its item at `itemFrame`, headers as
    /// headers, a contiguous run covering the viewport, and the geometry is consistent (lines in order, a cell's
    /// middle hits it).
    func testRandomUpdatesKeepHeadersAndTheWindowTrueToTheData() throws {
        for seed: UInt64 in [11, 12, 13] {
            var random = SplitMix64(seed: seed)
            var nextID = 1000
            let (overlay, grid, box) = try makeGrid(count: 300, headers: Array(stride(from: 0, to: 300, by: 23)))
            var headerIDs = Set(grid.sectionHeaderItems.map { box.items[$0] })
            var time = 0.0
            for step in 0..<200 {
                let context = "seed \(seed), step \(step)"
                switch random.next() % 7 {
                case 0, 1:
                    let count = box.items.count
                    guard count > 0 else { break }
                    let picks = (0..<Int(random.next() % 4 + 1)).map { _ in Int(random.next() % UInt64(count)) }
                    let deleted = Array(Set(picks)).sorted()
                    for index in deleted.reversed() { headerIDs.remove(box.items.remove(at: index)) }
                    try grid.deleteItems(at: deleted, animation: random.next() % 3 == 0 ? .linear(duration: 0.1) : nil)
                case 2, 3:
                    var added: Set<String> = []
                    for _ in 0..<Int(random.next() % 4 + 1) {
                        box.items.insert("new \(nextID)", at: Int(random.next() % UInt64(box.items.count + 1)))
                        added.insert("new \(nextID)")
                        nextID += 1
                    }
                    try grid.insertItems(at: box.items.indices.filter { added.contains(box.items[$0]) })
                case 4:
                    guard box.items.count > 1 else { break }
                    let from = Int(random.next() % UInt64(box.items.count))
                    let to = Int(random.next() % UInt64(box.items.count))
                    box.items.insert(box.items.remove(at: from), at: to)
                    try grid.moveItem(from: from, to: to)
                case 5:
                    let every = Int(random.next() % 30) + 2
                    let headers = Array(stride(from: Int(random.next() % 5), to: box.items.count, by: every))
                    try grid.setSectionHeaderItems(headers, headerLength: Double(random.next() % 60 + 1))
                    headerIDs = Set(headers.map { box.items[$0] })
                default:
                    let d = Double(Int(random.next() % 900)) - 450
                    grid.scroll(by: Point(x: 0, y: d))
                }
                time += 1.0 / 30
                overlay.advanceAnimations(to: time)
                overlay.update()
                XCTAssertEqual(grid.sectionHeaderItems, box.items.indices.filter { headerIDs.contains(box.items[$0]) },
                               context)
                let live = grid.liveCellViews
                for cell in live {
                    XCTAssertEqual(text(cell), box.items[cell.index], "\(context): cell \(cell.index)")
                    XCTAssertEqual(cell.isHeader, headerIDs.contains(box.items[cell.index]), "\(context): \(cell.index)")
                    XCTAssertEqual(cell.frame, grid.itemFrame(cell.index), "\(context): cell \(cell.index) frame")
                    let f = cell.frame
                    XCTAssertEqual(grid.itemIndex(atDocumentPoint: Point(x: f.minX + f.width / 2, y: f.minY + f.height / 2)), cell.index, context)
                }
                let indices = live.map(\.index)
                if let first = indices.first, let last = indices.last {
                    XCTAssertEqual(indices, Array(first...last), "\(context): contiguous")
                    for i in indices.dropFirst() {
                        XCTAssertLessThanOrEqual(grid.itemFrame(i - 1).minY, grid.itemFrame(i).minY, "\(context): order")
                    }
                    XCTAssertLessThanOrEqual(grid.itemFrame(first).minY, grid.contentOffset.y, "\(context): top covered")
                    XCTAssertTrue(last == box.items.count - 1 || grid.itemFrame(last).maxY >= grid.contentOffset.y + 400,
                                  "\(context): bottom covered")
                }
                if let lastIndex = box.items.indices.last {
                    XCTAssertEqual(grid.itemFrame(lastIndex).maxY, grid.contentSize.height, "\(context): document end")
                }
            }
        }
    }

    func testBadHeadersThrowExactErrorsAndChangeNothing() throws {
        let (_, grid, _) = try makeGrid(count: 20, headers: [0, 8])
        func expect(_ items: [Int], headerLength: Double? = nil, _ error: LazyGridError, id: String) {
            XCTAssertThrowsError(try grid.setSectionHeaderItems(items, headerLength: headerLength)) {
                XCTAssertEqual($0 as? LazyGridError, error)
                XCTAssertEqual(($0 as? LazyGridError)?.identifier, id)
            }
            XCTAssertEqual(grid.sectionHeaderItems, [0, 8])
            XCTAssertEqual(grid.headerLength, 30)
        }
        expect([3, 2], .sectionHeaderItemsInvalid(at: 1), id: "lazy-grid-section-headers-invalid")
        expect([3, 3], .sectionHeaderItemsInvalid(at: 1), id: "lazy-grid-section-headers-invalid")
        expect([-1], .sectionHeaderItemsInvalid(at: 0), id: "lazy-grid-section-headers-invalid")
        expect([4, 20], .sectionHeaderItemsInvalid(at: 1), id: "lazy-grid-section-headers-invalid")
        expect([4], headerLength: 0, .headerLengthOutOfRange(0), id: "lazy-grid-header-length-out-of-range")
        expect([4], headerLength: .infinity, .headerLengthOutOfRange(.infinity), id: "lazy-grid-header-length-out-of-range")
        XCTAssertEqual(LazyGrid.maximumSectionCount, LazyGrid.maximumItemCount)
        try grid.setSectionHeaderItems([])
        XCTAssertFalse(grid.isSectionHeader(0))
        XCTAssertEqual(grid.itemFrame(5), Rect(x: 0, y: 60, width: 112, height: 50), "no sections: the plain grid")
    }
}
