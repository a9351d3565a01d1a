// Horizontal lists (issue 29): columns left to right, only those of the window exist for 100,000 items, the wheel's
// horizontal delta scrolls them, a click selects the column under it, Left/Right move the cursor and leave the list at
// its ends, measured widths, and the section header pinned to the left edge.
import XCTest
import GlasspaneCore
@testable import GlasspaneOverlay

final class HorizontalListTests: XCTestCase {
    /// A column that is as wide as its preferred width (else 50 points) and as tall as it is offered.
    final class ColumnContent: View {
        let label = Label(text: "")
        init() {
            super.init()
            addSubview(label, at: Point(x: 4, y: 4))
        }
        override func sizeThatFits(_ proposed: Size, fonts: any FontMetrics) -> Size {
            Size(width: preferredWidth ?? 50, height: proposed.height)
        }
    }

    /// A horizontal list of `count` items ("item N") in a 560x120 strip at (20, 40), 80-point columns.
    private func makeStrip(count: Int, width: ListRowHeight = .fixed(80), widths: [Int: Double] = [:],
                           mode: ListSelectionMode = .single) throws -> (Overlay, List) {
        let overlay = Overlay(windowSize: Size(width: 800, height: 400))
        let ui = overlay.addLayer(name: "ui", level: 0)
        let list = try List(identifier: "strip", axis: .horizontal, rowCount: count, rowHeight: width,
                            rowID: { AnyHashable("item \($0)") },
                            makeRow: { ColumnContent() },
                            configureRow: { view, index in
                                let column = view as! ColumnContent
                                column.label.text = "item \(index)"
                                column.preferredWidth = widths[index]
                            })
        list.selectionMode = mode
        list.preferredWidth = 560
        list.preferredHeight = 120
        ui.addSubview(list, at: Point(x: 20, y: 40))
        overlay.advanceAnimations(to: 0)
        overlay.update()
        return (overlay, list)
    }

    func testOnlyTheColumnsOfTheWindowExistFor100000ItemsAndTheyRunLeftToRight() throws {
        let (overlay, list) = try makeStrip(count: 100_000)
        // Columns of one width keep a steady window: (560 + 2 x 64 overscan) / 80 = 8.6 columns, so 10 (it can cut
        // into one at each end), columns 0...9 at the left end.
        XCTAssertEqual(list.liveRowViews.map(\.index), Array(0...9))
        XCTAssertEqual(list.contentSize, Size(width: 8_000_000, height: 120))
        XCTAssertEqual(list.rowView(at: 1)?.windowFrame, Rect(x: 100, y: 40, width: 80, height: 120))
        list.contentOffset = Point(x: 4_000_000, y: 0)
        overlay.update()
        // 64 points of overscan each side: from column (4,000,000 − 64)/80, ten columns.
        XCTAssertEqual(list.liveRowViews.map(\.index), Array(49_999...50_008))
        XCTAssertLessThanOrEqual(list.rowsCreated, 10, "columns are recycled, not made per item")
        let column = try XCTUnwrap(list.rowView(at: 50_000))
        XCTAssertEqual(column.windowFrame, Rect(x: 20, y: 40, width: 80, height: 120))
        XCTAssertEqual((column.content as! ColumnContent).label.text, "item 50000")
        XCTAssertEqual(list.rowIndex(atDocumentOffset: 4_000_079), 50_000)
        XCTAssertEqual(list.rowIndex(atDocumentOffset: 4_000_080), 50_001)
    }

    func testTheWheelScrollsItSidewaysAndHandsOnWhatItCannotUseAtItsEnds() throws {
        let (overlay, list) = try makeStrip(count: 1000)
        overlay.route(.wheel(location: Point(x: 200, y: 100), dx: -2, dy: 0))
        overlay.update()
        XCTAssertEqual(list.contentOffset, Point(x: 2 * list.wheelLineHeight, y: 0), "a tilt (or a trackpad) right")
        XCTAssertEqual(list.rowView(at: 1)?.windowFrame.minX, 100 - 2 * list.wheelLineHeight)
        overlay.route(.wheel(location: Point(x: 200, y: 100), dx: 0, dy: -3))
        overlay.update()
        XCTAssertEqual(list.contentOffset, Point(x: 5 * list.wheelLineHeight, y: 0), "a plain notch down moves right")
        overlay.route(.wheel(location: Point(x: 200, y: 100), dx: 0, dy: 1))
        XCTAssertEqual(list.contentOffset.x, 4 * list.wheelLineHeight, "and up moves left")

        // In a vertical scroll view: the strip takes the notches it can use, the page the rest.
        let overlay2 = Overlay(windowSize: Size(width: 800, height: 400))
        let strip = try List(identifier: "strip", axis: .horizontal, rowCount: 10, rowHeight: .fixed(80),
                             makeRow: { ColumnContent() }, configureRow: { _, _ in })
        strip.preferredWidth = 560; strip.preferredHeight = 120
        let filler = View(); filler.preferredWidth = 560; filler.preferredHeight = 1000
        let page = ScrollView(identifier: "page", axes: .vertical, content: VStack(spacing: 0, [strip, filler]))
        page.preferredWidth = 600; page.preferredHeight = 300
        overlay2.addLayer(name: "ui", level: 0).addSubview(page, at: Point(x: 0, y: 0))
        overlay2.update()
        overlay2.route(.wheel(location: Point(x: 100, y: 60), dx: 0, dy: -7))  // 280 points; the strip has 800 - 560 = 240
        overlay2.update()
        XCTAssertEqual(strip.contentOffset.x, 240, "the strip scrolls to its end")
        XCTAssertEqual(page.contentOffset.y, 40, "the page takes the notch the strip could not use")
        strip.verticalWheelScrollsHorizontally = false
        overlay2.route(.wheel(location: Point(x: 100, y: 20), dx: 0, dy: 1))
        overlay2.update()
        XCTAssertEqual(strip.contentOffset.x, 240, "off: a vertical notch does not move the strip")
        XCTAssertEqual(page.contentOffset.y, 0, "it goes to the page")
    }

    func testAClickSelectsTheColumnUnderItAndLeftRightMoveTheCursor() throws {
        let (overlay, list) = try makeStrip(count: 100)
        // Column 3 is at window x 20 + 240 ... 320.
        overlay.route(down(275, 100)); overlay.route(up(275, 100))
        XCTAssertEqual(list.selection, ["item 3"])
        XCTAssertTrue(list.isFocused)
        overlay.route(key(.right))
        XCTAssertEqual(list.selection, ["item 4"])
        overlay.route(key(.left)); overlay.route(key(.left))
        XCTAssertEqual(list.selection, ["item 2"])
        overlay.route(key(.down))
        XCTAssertEqual(list.selection, ["item 2"], "Up and Down do not move a horizontal list's cursor")
        XCTAssertTrue(list.handlesDirection(.right))
        XCTAssertFalse(list.handlesDirection(.down), "Down leaves the strip for the view below")
        overlay.route(key(.end))
        XCTAssertEqual(list.selection, ["item 99"])
        XCTAssertEqual(list.contentOffset.x, 100 * 80 - 560, "the cursor column is scrolled into sight")
        XCTAssertFalse(list.handlesDirection(.right), "Right on the last column moves focus on")
        XCTAssertTrue(list.handlesDirection(.left))
        list.scrollToRowAtTop(10)
        XCTAssertEqual(list.contentOffset.x, 800, "the column at the left edge")
    }

    func testMeasuredWidthsPlaceTheColumns() throws {
        let (_, list) = try makeStrip(count: 50, width: .measured(estimate: 50), widths: [0: 120, 1: 30, 2: 200])
        let frames = (0...3).compactMap { list.rowView(at: $0)?.frame }
        XCTAssertEqual(frames, [Rect(x: 0, y: 0, width: 120, height: 120), Rect(x: 120, y: 0, width: 30, height: 120),
                                Rect(x: 150, y: 0, width: 200, height: 120), Rect(x: 350, y: 0, width: 50, height: 120)])
    }

    func testTheSectionHeaderIsPinnedToTheLeftEdge() throws {
        let (overlay, list) = try makeStrip(count: 100)
        try list.setSectionHeaderRows([0, 10, 20])
        list.contentOffset = Point(x: 900, y: 0)  // column 11 at the left edge: section 10
        overlay.update()
        let pinned = try XCTUnwrap(list.pinnedHeader)
        XCTAssertFalse(pinned.isHidden)
        XCTAssertEqual(pinned.index, 10)
        XCTAssertEqual(pinned.frame, Rect(x: 0, y: 0, width: 80, height: 120))
        list.contentOffset = Point(x: 1_540, y: 0)  // header 20 arrives 60 points in: the pinned one is pushed left
        overlay.update()
        XCTAssertEqual(pinned.index, 10)
        XCTAssertEqual(pinned.frame, Rect(x: -20, y: 0, width: 80, height: 120))
    }
}
