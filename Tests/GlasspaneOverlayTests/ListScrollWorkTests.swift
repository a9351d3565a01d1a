// What a scrolled list frame does (issue 29): a wheel notch configures only the rows that come into the window and
// keeps every other row's view, whatever the row count; and the list's keys hand focus on at its first and last row.
import XCTest
import GlasspaneCore
@testable import GlasspaneOverlay

final class ListScrollWorkTests: XCTestCase {
    /// A list of `rows` 26-point rows in a 540-point viewport (as the bench's), laid out once.
    private func makeList(rows: Int) throws -> (Overlay, List) {
        let list = try List(identifier: "list", rowCount: rows, rowHeight: .fixed(26),
                            makeRow: { Label(text: "") }, configureRow: { view, index in (view as! Label).text = "row \(index)" })
        return (placedInOverlay(list, width: 540, height: 540).0, list)
    }

    func testAWheelNotchConfiguresOnlyTheRowsThatEnterAtAnyRowCount() throws {
        for rows in [10_000, 100_000] {
            let (overlay, list) = try makeList(rows: rows)
            let over = list.windowFrame.center
            var entered = 0
            for notch in 1...60 {
                let before = Set(list.liveRowViews.map(\.index))
                let viewsBefore = Dictionary(uniqueKeysWithValues: list.liveRowViews.map { ($0.index, ObjectIdentifier($0)) })
                let configured = list.rowsConfigured
                overlay.route(.wheel(location: over, dx: 0, dy: -1))
                overlay.update()
                XCTAssertEqual(list.contentOffset.y, Double(notch) * 40)
                let after = list.liveRowViews
                let newcomers = after.filter { !before.contains($0.index) }
                // 40 points bring in one or two 26-point rows; each is configured once, nothing else is.
                XCTAssertEqual(list.rowsConfigured - configured, newcomers.count, "\(rows) rows, notch \(notch)")
                XCTAssertLessThanOrEqual(newcomers.count, 2)
                for row in after where before.contains(row.index) {
                    XCTAssertEqual(viewsBefore[row.index], ObjectIdentifier(row), "row \(row.index) kept its view")
                }
                entered += newcomers.count
            }
            // The steady window of 27 rows ((540 + 2 x 64) / 26 = 25.7, plus two) went from rows 0...26 to rows 89...115.
            XCTAssertEqual(entered, 89, "\(rows) rows")
            XCTAssertLessThanOrEqual(list.rowsCreated, 28, "\(rows) rows: views are recycled")
        }
    }

    /// Down walks the cursor past the window (each row scrolled into sight as it is reached, rows made on demand);
    /// Up on the first row and Down on the last move focus to the buttons above and below the list.
    func testArrowsWalkRowsOutsideTheWindowAndLeaveTheListAtItsEnds() throws {
        let overlay = Overlay(windowSize: Size(width: 800, height: 700))
        let ui = overlay.addLayer(name: "ui", level: 0)
        let list = try List(identifier: "list", rowCount: 40, rowHeight: .fixed(26),
                            makeRow: { Label(text: "") }, configureRow: { view, index in (view as! Label).text = "row \(index)" })
        list.preferredWidth = 300
        list.preferredHeight = 260
        let above = Button(identifier: "above", title: "Above"), below = Button(identifier: "below", title: "Below")
        ui.addSubview(VStack(spacing: 8, [above, list, below]), at: Point(x: 20, y: 20))
        overlay.advanceAnimations(to: 0)
        overlay.update()
        func press(_ key: Key) {
            overlay.route(.key(KeyEvent(key: key, isDown: true)))
            overlay.route(.key(KeyEvent(key: key, isDown: false)))
            overlay.update()
        }
        overlay.focus(list)
        press(.down)
        XCTAssertEqual(list.cursorIndex, 0, "the first Down selects the first row")
        press(.up)
        XCTAssertTrue(above.isFocused, "Up on the first row leaves the list")
        overlay.focus(list)
        for expected in 1...39 {
            press(.down)
            XCTAssertTrue(list.isFocused)
            XCTAssertEqual(list.cursorIndex, expected)
            let row = try XCTUnwrap(list.rowView(at: expected), "row \(expected) exists once the cursor is on it")
            let frame = row.windowFrame, viewport = list.windowFrame
            XCTAssertTrue(frame.minY >= viewport.minY && frame.maxY <= viewport.maxY, "row \(expected) is in sight: \(frame) in \(viewport)")
        }
        XCTAssertEqual(list.contentOffset.y, 40 * 26 - 260)
        press(.down)
        XCTAssertTrue(below.isFocused, "Down on the last row leaves the list")
        XCTAssertEqual(list.cursorIndex, 39)
    }
}
