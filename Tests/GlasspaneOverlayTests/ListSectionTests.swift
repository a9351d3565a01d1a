// Sections with sticky headers (issue 29): the header of the section at the viewport's top is pinned there and pushed
// up by the next one, offset by offset; it shows its section's content, is drawn over the rows, takes no click, and
// the cursor passes over header rows; bad header lists are refused naming the entry.
import XCTest
import GlasspaneCore
@testable import GlasspaneOverlay

/// 100 rows of 20 points in a 300x200 viewport at (10, 10); rows 0, 10, 20, ... head sections ("section K"). With
/// `headerHeight`, rows are measured (estimate 20) and headers are that tall (the section and snapping tests').
func makeSectionedListFixture(headerHeight: Double? = nil) throws -> (Overlay, List) {
    let overlay = Overlay(windowSize: Size(width: 600, height: 400))
    let ui = overlay.addLayer(name: "ui", level: 0)
    let list = try List(identifier: "list", rowCount: 100,
                        rowHeight: headerHeight == nil ? .fixed(20) : .measured(estimate: 20), makeRow: { Label(text: "") },
                        configureRow: { view, i in
                            let label = view as! Label
                            label.text = i % 10 == 0 ? "section \(i / 10)" : "row \(i)"
                            if let headerHeight { label.preferredHeight = i % 10 == 0 ? headerHeight : 20 }
                        })
    list.preferredWidth = 300
    list.preferredHeight = 200
    try list.setSectionHeaderRows(Array(stride(from: 0, to: 100, by: 10)))
    ui.addSubview(list, at: Point(x: 10, y: 10))
    overlay.advanceAnimations(to: 0)
    overlay.update()
    return (overlay, list)
}

final class ListSectionTests: XCTestCase {
    /// `makeSectionedListFixture`: 100 rows of 20 points, a section every 10 rows.
    private func makeList(headerHeight: Double? = nil) throws -> (Overlay, List) {
        try makeSectionedListFixture(headerHeight: headerHeight)
    }

    func testThePinnedHeaderFollowsTheOffsetAndTheNextHeaderPushesItUp() throws {
        let (overlay, list) = try makeList()
        XCTAssertTrue(list.pinnedHeader?.isHidden ?? true, "at the top the first header's own row shows")
        for offset in stride(from: 1.0, through: 1_700, by: 7) {
            list.contentOffset = Point(x: 0, y: offset)
            overlay.update()
            let section = Int(offset / 200)                     // 200 points a section
            let sectionTop = Double(section) * 200
            let pinned = try XCTUnwrap(list.pinnedHeader)
            if offset == sectionTop {
                XCTAssertTrue(pinned.isHidden, "offset \(offset): the header row itself is at the top")
                continue
            }
            XCTAssertFalse(pinned.isHidden, "offset \(offset)")
            XCTAssertEqual(pinned.index, section * 10, "offset \(offset)")
            XCTAssertEqual((pinned.content as! Label).text, "section \(section)")
            // Pinned at the top until the next header (200 points below this one) reaches its bottom edge.
            let expectedY = min(0, sectionTop + 200 - offset - 20)
            XCTAssertEqual(pinned.frame, Rect(x: 0, y: expectedY, width: 300, height: 20), "offset \(offset)")
            XCTAssertEqual(pinned.windowFrame.minY, 10 + expectedY)
        }
        list.contentOffset = Point(x: 0, y: 185)
        overlay.update()
        XCTAssertEqual(list.pinnedHeader?.frame.minY, -5, "15 points before the next header arrives it is pushed 5 up")
        list.contentOffset = .zero
        overlay.update()
        XCTAssertEqual(list.pinnedHeader?.isHidden, true)
    }

    func testMeasuredHeadersArePinnedAndPushedAtTheirOwnHeights() throws {
        // Headers (rows 0, 10, 20, ...) measure 36 points and rows 20, against an estimate of 20: a section is 216
        // points once measured, which scrolling down measures before each header reaches the top.
        let (overlay, list) = try makeList(headerHeight: 36)
        for offset in stride(from: 1.0, through: 1_700, by: 7) {
            list.contentOffset = Point(x: 0, y: offset)
            overlay.update()
            let section = Int(offset / 216)
            let sectionTop = Double(section) * 216
            XCTAssertEqual(list.rowOffset(section * 10), sectionTop, "offset \(offset): the section's header is measured")
            let pinned = try XCTUnwrap(list.pinnedHeader)
            if offset == sectionTop { XCTAssertTrue(pinned.isHidden); continue }
            XCTAssertFalse(pinned.isHidden, "offset \(offset)")
            XCTAssertEqual((pinned.content as! Label).text, "section \(section)", "offset \(offset)")
            // Its own 36 points tall, pinned until the next header (216 points below this one) reaches its bottom.
            let expectedY = min(0, sectionTop + 216 - offset - 36)
            XCTAssertEqual(pinned.frame, Rect(x: 0, y: expectedY, width: 300, height: 36), "offset \(offset)")
        }
    }

    func testThePinnedHeaderIsDrawnOverTheRowsAndTakesNoClick() throws {
        let (overlay, list) = try makeList()
        list.contentOffset = Point(x: 0, y: 250)  // section 1, row 12 under the pinned header
        overlay.update()
        let commands = try XCTUnwrap(list.layer).drawList.commands
        func lastIndex(of text: String) -> Int? {
            commands.lastIndex { if case .glyphs(let run) = $0 { return run.text == text }; return false }
        }
        let header = try XCTUnwrap(lastIndex(of: "section 1")), row = try XCTUnwrap(lastIndex(of: "row 12"))
        XCTAssertGreaterThan(header, row, "the pinned header is painted after (over) the rows")
        // A click on the pinned header (window y 15: row 12 lies under it) selects nothing; one at window y 35
        // (document 250 + 25 = 275, row 13) selects that row.
        func click(_ y: Double) {
            overlay.route(.pointerDown(PointerEvent(pointerID: 0, location: Point(x: 100, y: y))))
            overlay.route(.pointerUp(PointerEvent(pointerID: 0, location: Point(x: 100, y: y))))
        }
        click(15)
        XCTAssertEqual(list.selection, [])
        click(35)
        XCTAssertEqual(list.selection, [AnyHashable(13)])
    }

    func testARowRevealedUpwardLandsClearOfThePinnedHeader() throws {
        let (overlay, list) = try makeList()
        list.contentOffset = Point(x: 0, y: 500)    // row 25 at the top, under section 2's pinned header
        overlay.update()
        list.scrollToRow(23)
        overlay.update()
        XCTAssertEqual(list.contentOffset.y, 440, "row 23 just below the 20-point pinned header, not under it")
        XCTAssertEqual(list.pinnedHeader?.index, 20)
        list.scrollToRow(21)
        XCTAssertEqual(list.contentOffset.y, 400, "the section's first row: its header's own row shows above it")
        list.scrollToRow(60)
        XCTAssertEqual(list.contentOffset.y, 1020, "downward, the row's bottom at the viewport's bottom as before")
    }

    func testTheCursorPassesOverHeaderRows() throws {
        let (overlay, list) = try makeList()
        overlay.focus(list)
        func press(_ key: Key) {
            overlay.route(.key(KeyEvent(key: key, isDown: true)))
            overlay.route(.key(KeyEvent(key: key, isDown: false)))
        }
        press(.down)
        XCTAssertEqual(list.cursorIndex, 1, "row 0 is a header: the first Down lands on row 1")
        list.selectRow(9)
        press(.down)
        XCTAssertEqual(list.cursorIndex, 11, "Down from 9 passes over the header at 10")
        press(.up)
        XCTAssertEqual(list.cursorIndex, 9)
        press(.home)
        XCTAssertEqual(list.cursorIndex, 1)
        press(.end)
        XCTAssertEqual(list.cursorIndex, 99)
        list.selectRow(1)
        XCTAssertTrue(list.handlesDirection(.down))
        XCTAssertFalse(list.handlesDirection(.up), "above row 1 there is only a header: Up moves focus on")
    }

    func testBadHeaderRowsAreRefusedNamingTheEntryAndChangeNothing() throws {
        let (_, list) = try makeList()
        for (rows, entry) in [([0, 5, 5], 2), ([0, 100], 1), ([-1], 0), ([3, 2], 1)] {
            XCTAssertThrowsError(try list.setSectionHeaderRows(rows)) { error in
                XCTAssertEqual(error as? ListError, .sectionHeaderRowsInvalid(at: entry), "\(rows)")
                XCTAssertEqual((error as? ListError)?.identifier, "list-section-headers-invalid")
            }
        }
        XCTAssertEqual(list.sectionHeaderRows, Array(stride(from: 0, to: 100, by: 10)))
    }
}
