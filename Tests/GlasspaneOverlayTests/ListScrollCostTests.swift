// What a scrolled list frame costs the overlay (issue 29, the scrolling target): a wheel notch asks only the rows that
// come in for their ids, draws only their views (every other row's commands are the last paint's, moved, and are
// reported as moved runs for the renderer), and the draw list it makes equals drawing every view again.
import XCTest
import GlasspaneCore
@testable import GlasspaneOverlay

final class ListScrollCostTests: XCTestCase {
    /// A list of `rows` 26-point rows in a 540-point viewport (as the bench's), laid out and painted once; `lookups`
    /// counts the list's calls of its `rowID` closure.
    private func makeList(rows: Int, lookups: Counter) throws -> (Overlay, OverlayLayer, List) {
        let overlay = Overlay(windowSize: Size(width: 800, height: 700))
        let ui = overlay.addLayer(name: "ui", level: 0)
        let list = try List(identifier: "list", rowCount: rows, rowHeight: .fixed(26),
                            rowID: { lookups.value += 1; return AnyHashable($0) },
                            makeRow: { Label(text: "") }, configureRow: { view, index in (view as! Label).text = "row \(index)" })
        list.preferredWidth = 540
        list.preferredHeight = 540
        ui.addSubview(list, at: Point(x: 20, y: 40))
        overlay.advanceAnimations(to: 0)
        overlay.update()
        return (overlay, ui, list)
    }

    final class Counter { var value = 0 }

    func testANotchAsksOnlyTheRowsThatEnterForTheirIDsAtAnyRowCount() throws {
        for rows in [10_000, 100_000] {
            let lookups = Counter()
            let (overlay, _, list) = try makeList(rows: rows, lookups: lookups)
            for notch in 1...40 {
                let before = Set(list.liveRowViews.map(\.index))
                let asked = lookups.value
                overlay.route(.wheel(location: list.windowFrame.center, dx: 0, dy: -1))
                overlay.update()
                let entered = list.liveRowViews.filter { !before.contains($0.index) }.count
                XCTAssertEqual(lookups.value - asked, entered, "\(rows) rows, notch \(notch): ids asked for")
                XCTAssertLessThanOrEqual(entered, 2)
            }
            // And back up: the rows that come in at the top are asked for, nothing else.
            for notch in 1...40 {
                let before = Set(list.liveRowViews.map(\.index))
                let asked = lookups.value
                overlay.route(.wheel(location: list.windowFrame.center, dx: 0, dy: 1))
                overlay.update()
                let entered = list.liveRowViews.filter { !before.contains($0.index) }.count
                XCTAssertEqual(lookups.value - asked, entered, "\(rows) rows, notch \(notch) up: ids asked for")
            }
            XCTAssertEqual(list.contentOffset.y, 0)
            XCTAssertEqual(list.liveRowViews.map(\.index), Array(0..<24), "\(rows) rows: back at the top")
        }
    }

    func testANotchDrawsOnlyTheRowsThatEnterAndMovesTheRest() throws {
        let (overlay, ui, list) = try makeList(rows: 10_000, lookups: Counter())
        for notch in 1...30 {
            let before = Set(list.liveRowViews.map(\.index))
            let previous = ui.drawList.commands
            let painted = ui.stats.viewsPainted
            overlay.route(.wheel(location: list.windowFrame.center, dx: 0, dy: -1))
            overlay.update()
            let entered = list.liveRowViews.filter { !before.contains($0.index) }.count
            // Drawn: the root, the list and its vertical scroll bar (which shows the new offset; the horizontal one is
            // not needed and stays faded out), and each row that came in with its label. Every row that stayed copied
            // its commands, moved.
            XCTAssertEqual(ui.stats.viewsPainted - painted, 3 + 2 * entered, "notch \(notch)")
            let damage = try XCTUnwrap(ui.lastDamage, "notch \(notch): the moved rows are reported")
            XCTAssertTrue(damage.rewritesWholeList)
            let moved = damage.movedRuns.reduce(0) { $0 + $1.range.count }
            let stayed = list.liveRowViews.count - entered
            // A row that stayed has its background and its label's glyphs.
            XCTAssertEqual(moved, 2 * stayed, "notch \(notch)")
            XCTAssertTrue(damage.movedRuns.allSatisfy { $0.offset == Point(x: 0, y: -40) }, "notch \(notch)")
            // The moved copies are exactly the commands of the last list, moved.
            let list2 = ui.drawList.commands
            for run in damage.movedRuns {
                for k in 0..<run.range.count {
                    XCTAssertEqual(list2[run.range.lowerBound + k],
                                   previous[run.sourceStart + k].transformed(by: PaintTransform(scale: 1, offset: run.offset)))
                }
            }
            // Drawing every view again gives the same list.
            let copied = ui.drawList
            ui.needsFullRepaint = true
            ui.paintIfNeeded()
            XCTAssertEqual(ui.drawList, copied, "notch \(notch): the copies are what drawing gives")
            XCTAssertNil(ui.lastDamage, "nothing moved since the last paint: every view drew")
        }
    }
}
