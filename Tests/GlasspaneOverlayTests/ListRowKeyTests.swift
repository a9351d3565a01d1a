// A list without a `rowID` keys its rows by index (List+RowKey.swift) and slides its window in place, placing only
// the rows that come in (`List.slideWindow`): it must behave as a list given the same ids by a closure, which takes
// the `AnyHashable` path, through scrolls, jumps, selection, animated updates and moves.
import XCTest
import GlasspaneCore
@testable import GlasspaneOverlay

final class ListRowKeyTests: XCTestCase {
    /// A 26-point-row list of `rows` labels in a 300x400 list of its own layer, laid out once; `rowID` as given.
    private func makeList(rows: Int, rowID: ((Int) -> AnyHashable)?) throws -> (Overlay, List) {
        let list = try List(identifier: "list", rowCount: rows, rowHeight: .fixed(26), rowID: rowID,
                            makeRow: { Label(text: "") },
                            configureRow: { view, index in (view as! Label).text = "row \(index)" })
        list.selectionMode = .multiple
        return (placedInOverlay(list, width: 300, height: 400).0, list)
    }

    /// What a list shows, row by row: index, id, selection, frame, text, and which view (by the order the views were
    /// first seen, so two lists' views compare).
    private struct Shown: Equatable {
        var index: Int, id: AnyHashable, selected: Bool, frame: Rect, text: String, view: Int
    }

    /// Records the order views are first seen in, per list.
    private final class ViewOrder {
        var seen: [ObjectIdentifier: Int] = [:]
        func ordinal(_ row: ListRow) -> Int {
            if let k = seen[ObjectIdentifier(row)] { return k }
            seen[ObjectIdentifier(row)] = seen.count
            return seen.count - 1
        }
    }

    private func shown(_ list: List, _ order: ViewOrder) -> [Shown] {
        list.liveRowViews.map {
            Shown(index: $0.index, id: $0.rowID, selected: $0.isSelected, frame: $0.frame,
                  text: ($0.content as! Label).text, view: order.ordinal($0))
        }
    }

    func testIndexIDsBehaveAsTheSameIDsGivenByAClosure() throws {
        var count = 400
        let (overlayA, a) = try makeList(rows: count, rowID: nil)
        let (overlayB, b) = try makeList(rowsBy: count)
        let orderA = ViewOrder(), orderB = ViewOrder()
        var time = 0.0
        func step(_ what: String, _ change: (Overlay, List) throws -> Void) rethrows {
            try change(overlayA, a)
            try change(overlayB, b)
            time += 1
            for overlay in [overlayA, overlayB] { overlay.advanceAnimations(to: time); overlay.update() }
            XCTAssertEqual(shown(a, orderA), shown(b, orderB), what)
            XCTAssertEqual(a.selection, b.selection, what)
            XCTAssertEqual(a.fadingRowCount, b.fadingRowCount, what)
            for row in a.liveRowViews {
                XCTAssertEqual(row.rowID, AnyHashable(row.index), "\(what): index \(row.index)'s id")
                XCTAssertTrue(a.rowView(at: row.index) === row, "\(what): rowView(at: \(row.index))")
            }
        }
        for notch in 1...12 {
            step("notch \(notch) down") { overlay, list in
                overlay.route(.wheel(location: list.windowFrame.center, dx: 0, dy: -1))
            }
        }
        step("select 20") { _, list in list.selectRow(20) }
        step("toggle 22") { _, list in list.selectRow(22, toggling: true) }
        step("extend to 25") { _, list in list.selectRow(25, extending: true) }
        for notch in 1...5 {
            step("notch \(notch) up") { overlay, list in
                overlay.route(.wheel(location: list.windowFrame.center, dx: 0, dy: 1))
            }
        }
        step("a jump past the window") { _, list in list.scrollToRowAtTop(300) }
        step("back") { _, list in list.scrollToRowAtTop(15) }
        step("setSelection") { _, list in list.setSelection([AnyHashable(16), AnyHashable(17)]) }
        try step("animated delete") { _, list in try list.deleteRows(at: [18, 19], animation: .linear(duration: 0.5)) }
        count -= 2
        try step("animated insert") { _, list in try list.insertRows(at: [17], animation: .linear(duration: 0.5)) }
        count += 1
        try step("move") { _, list in try list.moveRow(from: 20, to: 26, animation: .linear(duration: 0.5)) }
        // Ids that are the rows' indices, given as integers: the rows that moved keep their views.
        var newIDs = Array(0..<count)
        newIDs.swapAt(18, 24)
        try step("update by ids") { _, list in
            try list.updateRows(from: Array(0..<count), to: newIDs, animation: .linear(duration: 0.5))
        }
        for notch in 1...6 {
            step("notch \(notch) down after the updates") { overlay, list in
                overlay.route(.wheel(location: list.windowFrame.center, dx: 0, dy: -1))
            }
        }
        try step("reload") { _, list in try list.reloadData(rowCount: count - 100) }
        XCTAssertFalse(a.liveRowViews.isEmpty)
    }

    /// The same list, its ids given by a closure (the `AnyHashable` path).
    private func makeList(rowsBy rows: Int) throws -> (Overlay, List) {
        try makeList(rows: rows, rowID: { AnyHashable($0) })
    }

    func testANewWidthMovesEveryRowWhileTheWindowSlides() throws {
        let providers: [((Int) -> AnyHashable)?] = [nil, { AnyHashable("item \($0)") }]
        for rowID in providers {
            let (overlay, list) = try makeList(rows: 1_000, rowID: rowID)
            overlay.route(.wheel(location: list.windowFrame.center, dx: 0, dy: -1))
            overlay.update()
            // Narrower, and a notch in the same frame: the rows that stay are placed again, not only the new ones.
            list.preferredWidth = 200
            list.frame.size.width = 200
            overlay.route(.wheel(location: list.windowFrame.center, dx: 0, dy: -1))
            overlay.update()
            XCTAssertEqual(list.bounds.width, 200)
            for row in list.liveRowViews {
                XCTAssertEqual(row.frame, Rect(x: 0, y: Double(row.index) * 26, width: 200, height: 26),
                               "ids \(rowID == nil ? "by index" : "by closure"): row \(row.index)")
            }
        }
    }
}
