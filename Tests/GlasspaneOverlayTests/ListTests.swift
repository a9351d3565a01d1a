// Lists (issue 29): only the rows of the window exist for 100,000 items, rows are recycled, identity survives
// scrolling and data changes, fixed and measured heights, selection with the mouse and the keyboard, limits.
import XCTest
import GlasspaneCore
@testable import GlasspaneOverlay

final class ListTests: XCTestCase {
    /// Row content that remembers state of its own (what a recycled or kept view would carry along).
    final class RowContent: View {
        let label = Label(text: "")
        var note = ""
        init() {
            super.init()
            addSubview(label, at: Point(x: 4, y: 4))
        }
        /// 30 points tall unless a preferred height says otherwise.
        override func sizeThatFits(_ proposed: Size, fonts: any FontMetrics) -> Size { Size(width: proposed.width, height: 30) }
    }

    /// A list of `items` (ids are the strings themselves) in a 560x600 panel at (20, 40), 24-point rows.
    private func makeList(items: [String], height: ListRowHeight = .fixed(24), mode: ListSelectionMode = .single,
                          heights: [Int: Double] = [:]) throws -> (Overlay, List, Box) {
        let box = Box(items)
        let overlay = Overlay(windowSize: Size(width: 800, height: 700))
        let ui = overlay.addLayer(name: "ui", level: 0)
        let list = try List(identifier: "list", rowCount: items.count, rowHeight: height,
                            rowID: { AnyHashable(box.items[$0]) },
                            makeRow: { RowContent() },
                            configureRow: { view, index in
                                let row = view as! RowContent
                                row.label.text = box.items[index]
                                row.preferredHeight = heights[index]
                            })
        list.selectionMode = mode
        list.preferredWidth = 560
        list.preferredHeight = 600
        ui.addSubview(list, at: Point(x: 20, y: 40))
        overlay.advanceAnimations(to: 0)
        overlay.update()
        return (overlay, list, box)
    }

    final class Box { var items: [String]; init(_ items: [String]) { self.items = items } }

    private func items(_ n: Int) -> [String] { (0..<n).map { "item \($0)" } }

    func testOnlyTheRowsOfTheWindowExistFor100000Items() throws {
        let (overlay, list, _) = try makeList(items: items(100_000))
        // Rows of one height keep a steady window: (600 + 2 x 64 overscan) / 24 = 30.3 rows, so 32 (it can cut into
        // one at each end), rows 0...31 at the top.
        XCTAssertEqual(list.liveRowCount, 32)
        XCTAssertEqual(list.rowsCreated, 32)
        XCTAssertEqual(list.contentSize.height, 2_400_000)
        list.contentOffset = Point(x: 0, y: 1_200_000)
        overlay.update()
        // 64 points of overscan above: from row (1,200,000 − 64)/24, 32 rows.
        XCTAssertEqual(list.liveRowViews.map(\.index), Array(49997...50028))
        XCTAssertLessThanOrEqual(list.rowsCreated, 32, "rows are recycled, not made per item")
        XCTAssertLessThanOrEqual(list.documentView.subviews.count, 32)
        let row = try XCTUnwrap(list.rowView(at: 50_000))
        XCTAssertEqual(row.windowFrame, Rect(x: 20, y: 40, width: 560, height: 24))
        XCTAssertEqual((row.content as! RowContent).label.text, "item 50000")
        let painted = overlay.stats.viewsPainted
        for i in 1...50 { overlay.route(.wheel(location: Point(x: 100, y: 300), dx: 0, dy: -Double(i % 3))); overlay.update() }
        XCTAssertLessThanOrEqual(list.rowsCreated, 34)
        XCTAssertLessThan(overlay.stats.viewsPainted - painted, 50 * 200, "a frame paints the window's rows, not the list's")
    }

    func testRowsKeepTheirViewWhileScrollingAndWhileTheDataChanges() throws {
        let (overlay, list, box) = try makeList(items: items(1000))
        let row10 = try XCTUnwrap(list.rowView(at: 10))
        (row10.content as! RowContent).note = "expanded"
        list.contentOffset = Point(x: 0, y: 48)
        overlay.update()
        XCTAssertTrue(list.rowView(at: 10) === row10, "a row still in the window keeps its view across a scroll")
        // Three items inserted above: item 10 is now at index 13, in the same view with its state.
        box.items.insert(contentsOf: ["new a", "new b", "new c"], at: 0)
        try list.reloadData(rowCount: box.items.count)
        overlay.update()
        XCTAssertTrue(list.rowView(at: 13) === row10)
        XCTAssertEqual((row10.content as! RowContent).note, "expanded")
        XCTAssertEqual(row10.frame.minY, 13 * 24)
        XCTAssertEqual((list.rowView(at: 0)?.content as? RowContent)?.label.text, "new a")
        // A removed item's view goes back to the pool (hidden) and serves another item.
        box.items.removeAll { $0 == "item 10" }
        try list.reloadData(rowCount: box.items.count)
        overlay.update()
        XCTAssertTrue(row10.isHidden || row10.rowID != AnyHashable("item 10"))
        XCTAssertFalse(list.liveRowViews.contains { $0.rowID == AnyHashable("item 10") })
    }

    func testShrinkingTheDataUnderTheOffsetClampsAndShowsTheRemainingRows() throws {
        let (overlay, list, box) = try makeList(items: items(1000))
        list.contentOffset = Point(x: 0, y: 20_000)
        overlay.update()
        box.items = Array(box.items.prefix(30))
        try list.reloadData(rowCount: 30)
        overlay.update()
        XCTAssertEqual(list.contentOffset.y, 30 * 24 - 600, "clamped to the new end")
        // The rows of the clamped window, not of the old one; at the end it reaches back to its steady count (32
        // rows of 24 points meet 600 + 2 x 64), so all 30.
        XCTAssertEqual(list.liveRowViews.map(\.index), Array(0...29), "the rows of the clamped window, not of the old one")
        XCTAssertFalse(overlay.update(), "and nothing is left to do")
    }

    func testSelectionWithTheMouseAndTheKeyboard() throws {
        let (overlay, list, _) = try makeList(items: items(1000), mode: .multiple)
        var reported: [Set<AnyHashable>] = []
        list.onSelectionChange = { reported.append($0) }
        // Row 3 is at window y 40 + 72 ... 96.
        overlay.route(down(100, 120)); overlay.route(up(100, 120))
        XCTAssertEqual(list.selection, ["item 3"])
        XCTAssertTrue(list.rowView(at: 3)!.isSelected)
        XCTAssertEqual(list.rowView(at: 3)!.backgroundColor, list.selectionColor)
        XCTAssertTrue(list.isFocused)
        overlay.route(key(.down))
        XCTAssertEqual(list.selection, ["item 4"])
        overlay.route(.key(KeyEvent(key: .down, modifiers: .shift)))
        overlay.route(.key(KeyEvent(key: .down, modifiers: .shift)))
        XCTAssertEqual(list.selection, ["item 4", "item 5", "item 6"])
        overlay.route(.pointerDown(PointerEvent(location: Point(x: 100, y: 40 + 240 + 5), modifiers: .control)))
        overlay.route(.pointerUp(PointerEvent(location: Point(x: 100, y: 40 + 240 + 5), modifiers: .control)))
        XCTAssertEqual(list.selection, ["item 4", "item 5", "item 6", "item 10"], "control-click adds")
        overlay.route(.pointerDown(PointerEvent(location: Point(x: 100, y: 40 + 120 + 5), modifiers: .control)))
        overlay.route(.pointerUp(PointerEvent(location: Point(x: 100, y: 40 + 120 + 5), modifiers: .control)))
        XCTAssertEqual(list.selection, ["item 4", "item 6", "item 10"], "control-click toggles off")
        overlay.route(.pointerDown(PointerEvent(location: Point(x: 100, y: 40 + 48 + 5), modifiers: .shift)))
        overlay.route(.pointerUp(PointerEvent(location: Point(x: 100, y: 40 + 48 + 5), modifiers: .shift)))
        XCTAssertEqual(list.selection, ["item 2", "item 3", "item 4", "item 5"], "shift-click extends from the anchor")
        overlay.route(key(.end))
        XCTAssertEqual(list.selection, ["item 999"])
        XCTAssertEqual(list.contentOffset.y, 24_000 - 600, "the cursor row is scrolled into sight")
        overlay.update()
        XCTAssertTrue(list.rowView(at: 999)?.isSelected ?? false)
        XCTAssertEqual(reported.count, 8)
        // A drag scrolls and does not select.
        overlay.route(key(.home))
        overlay.update()
        overlay.route(down(100, 400)); overlay.route(drag(100, 300)); overlay.route(up(100, 300))
        XCTAssertEqual(list.selection, ["item 0"])
        XCTAssertEqual(list.contentOffset.y, 100)
    }

    func testSingleSelectionIgnoresModifiers() throws {
        let (overlay, list, _) = try makeList(items: items(100), mode: .single)
        overlay.route(down(100, 50)); overlay.route(up(100, 50))
        overlay.route(.key(KeyEvent(key: .down, modifiers: .shift)))
        XCTAssertEqual(list.selection, ["item 1"])
        let (overlay2, none, _) = try makeList(items: items(100), mode: .none)
        overlay2.route(down(100, 50)); overlay2.route(up(100, 50))
        overlay2.route(key(.down))
        XCTAssertEqual(none.selection, [])
        XCTAssertEqual(none.contentOffset.y, 40, "with no selection the arrows scroll")
    }

    func testMeasuredRowHeightsPlaceRowsEdgeToEdge() throws {
        let heights: [Int: Double] = [0: 60, 2: 10, 3: 100]
        let (_, list, _) = try makeList(items: items(50), height: .measured(estimate: 30), heights: heights)
        let frames = (0..<6).map { list.rowView(at: $0)!.frame }
        XCTAssertEqual(frames.map(\.minY), [0, 60, 90, 100, 200, 230])
        XCTAssertEqual(frames.map(\.height), [60, 30, 10, 100, 30, 30])
        XCTAssertEqual(list.rowIndex(atDocumentY: 95), 2)
        XCTAssertEqual(list.rowIndex(atDocumentY: 100), 3)
    }

    func testRowOffsetsMatchRunningSums() {
        var offsets = RowOffsets(count: 37, height: 10)
        var naive = Array(repeating: 10.0, count: 37)
        for (i, h) in [(0, 3.0), (5, 40), (36, 1), (17, 250), (5, 12)] {
            offsets.setHeight(i, h); naive[i] = h
        }
        for i in 0...37 { XCTAssertEqual(offsets.offset(of: i), naive[..<i].reduce(0, +), "offset of \(i)") }
        for y in stride(from: 0.0, to: 700, by: 7) {
            var sum = 0.0, expected = 36
            for (i, h) in naive.enumerated() { if y < sum + h { expected = i; break }; sum += h }
            XCTAssertEqual(offsets.index(containing: y), expected, "row at \(y)")
        }
    }

    func testLimitsAreCheckedWithClearErrors() throws {
        let make = { (n: Int, h: ListRowHeight) throws(ListError) -> List in
            try List(rowCount: n, rowHeight: h, makeRow: { View() }, configureRow: { _, _ in })
        }
        XCTAssertThrowsError(try make(List.maximumRowCount + 1, .fixed(20))) {
            XCTAssertEqual(($0 as? ListError)?.identifier, "list-row-count-out-of-range")
        }
        XCTAssertThrowsError(try make(-1, .fixed(20)))
        XCTAssertThrowsError(try make(10, .fixed(0))) {
            XCTAssertEqual(($0 as? ListError)?.identifier, "list-row-height-out-of-range")
        }
        XCTAssertThrowsError(try make(10, .measured(estimate: .nan)))
        let list = try make(10, .fixed(20))
        XCTAssertThrowsError(try list.reloadData(rowCount: List.maximumRowCount + 1))
        XCTAssertEqual(list.rowCount, 10, "a refused reload changes nothing")
    }

    /// Scrolling up into rows measured for the first time: rows above the top taller than their estimate push the
    /// document down, and the offset follows, so the row at the top stays where the notch put it.
    func testScrollingUpIntoTallerMeasuredRowsKeepsTheTopRowInPlace() throws {
        var heights: [Int: Double] = [:]
        for i in 0..<1000 { heights[i] = 60 }
        let (overlay, list, _) = try makeList(items: items(1000), height: .measured(estimate: 30), heights: heights)
        list.contentOffset = Point(x: 0, y: 15_000)  // row 500 by the estimate; nothing around it measured yet
        overlay.update()
        let top = try XCTUnwrap(list.rowIndex(atDocumentOffset: list.contentOffset.y))
        let topView = try XCTUnwrap(list.rowView(at: top))
        let screenY = topView.windowFrame.minY
        for _ in 0..<5 {
            overlay.route(.wheel(location: Point(x: 100, y: 300), dx: 0, dy: 1))  // up a notch: 40 points
            overlay.update()
        }
        XCTAssertEqual(topView.windowFrame.minY, screenY + 200, accuracy: 0.5,
                       "the row moved down by the five notches only, however the rows above measured")
    }
}
