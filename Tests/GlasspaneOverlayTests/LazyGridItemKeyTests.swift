// A grid without an `itemID` keys its cells by index (LazyGrid+ItemKey.swift): it must behave as a grid given the
// same ids by a closure, which takes the `AnyHashable` path, through scrolls, jumps, selection, animated updates,
// moves by hand, sections and reloads, vertical and horizontal (ListRowKeyTests does the same for a list).
import XCTest
import GlasspaneCore
@testable import GlasspaneOverlay

final class LazyGridItemKeyTests: XCTestCase {
    /// A grid of `count` cells labelled by index (5 fixed lines, 50-point cells, 10 apart) in a 600x400 viewport of its
    /// own layer, laid out once; `itemID` as given; moves by hand are accepted.
    private func makeGrid(count: Int, axis: ListAxis, itemID: ((Int) -> AnyHashable)?) throws -> (Overlay, LazyGrid) {
        let make = { () -> View in Label(text: "") }
        let configure = { (view: View, index: Int) in (view as! Label).text = "item \(index)" }
        let grid = axis == .vertical
            ? try LazyGrid(identifier: "grid", itemCount: count, columns: .fixed(5), itemHeight: 50, spacing: 10,
                           itemID: itemID, makeCell: make, configureCell: configure)
            : try LazyGrid(identifier: "grid", itemCount: count, rows: .fixed(5), itemWidth: 50, spacing: 10,
                           itemID: itemID, makeCell: make, configureCell: configure)
        grid.selectionMode = .multiple
        grid.onMoveItem = { _, _ in true }
        return (placedInOverlay(grid, width: 600, height: 400, windowSize: Size(width: 1200, height: 700)).0, grid)
    }

    /// What a grid shows, cell by cell: index, id, selection, frame, text, and which view (by the order the views were
    /// first seen, so two grids' views compare).
    private struct Shown: Equatable {
        var index: Int, id: AnyHashable, selected: Bool, cursor: Bool, frame: Rect, text: String, view: Int
    }

    /// Records the order views are first seen in, per grid.
    private final class ViewOrder {
        var seen: [ObjectIdentifier: Int] = [:]
        func ordinal(_ cell: GridCell) -> Int {
            if let k = seen[ObjectIdentifier(cell)] { return k }
            seen[ObjectIdentifier(cell)] = seen.count
            return seen.count - 1
        }
    }

    /// The live cells as `Shown`, in index order.
    private func shown(_ grid: LazyGrid, _ order: ViewOrder) -> [Shown] {
        grid.liveCellViews.map {
            Shown(index: $0.index, id: $0.itemID, selected: $0.isSelected, cursor: $0.hasCursor, frame: $0.frame,
                  text: ($0.content as! Label).text, view: order.ordinal($0))
        }
    }

    /// The window point at the middle of the item at `index` (in sight).
    private func point(of index: Int, in grid: LazyGrid) -> Point {
        let frame = grid.itemFrame(index), origin = grid.windowFrame.origin
        return Point(x: origin.x + frame.center.x - grid.contentOffset.x,
                     y: origin.y + frame.center.y - grid.contentOffset.y)
    }

    /// Both axes: a grid with index ids and the same grid given them by a closure show the same, step by step.
    func testIndexIDsBehaveAsTheSameIDsGivenByAClosure() throws {
        for axis in [ListAxis.vertical, .horizontal] {
            try compare(axis: axis)
        }
    }

    /// Drives the two grids of `axis` through the same steps and compares them after each.
    private func compare(axis: ListAxis) throws {
        var count = 2_000
        let (overlayA, a) = try makeGrid(count: count, axis: axis, itemID: nil)
        let (overlayB, b) = try makeGrid(count: count, axis: axis, itemID: { AnyHashable($0) })
        let orderA = ViewOrder(), orderB = ViewOrder()
        var time = 0.0
        func step(_ what: String, _ change: (Overlay, LazyGrid) throws -> Void) rethrows {
            let what = "\(axis): \(what)"
            try change(overlayA, a)
            try change(overlayB, b)
            time += 1.0 / 30
            for overlay in [overlayA, overlayB] { overlay.advanceAnimations(to: time); overlay.update() }
            XCTAssertEqual(shown(a, orderA), shown(b, orderB), what)
            XCTAssertEqual(a.selection, b.selection, what)
            XCTAssertEqual(a.cursorIndex, b.cursorIndex, what)
            XCTAssertEqual(a.fadingCellCount, b.fadingCellCount, what)
            XCTAssertEqual(a.contentOffset, b.contentOffset, what)
            XCTAssertEqual(a.cellsCreated, b.cellsCreated, what)
            XCTAssertEqual(a.cellsConfigured, b.cellsConfigured, what)
            for cell in a.liveCellViews {
                XCTAssertEqual(cell.itemID, AnyHashable(cell.index), "\(what): index \(cell.index)'s id")
                XCTAssertTrue(a.cellView(at: cell.index) === cell, "\(what): cellView(at: \(cell.index))")
            }
        }
        func settle(_ what: String) {
            for k in 1...40 { step("\(what), settling \(k)") { _, _ in } }
        }
        let wheel = { (overlay: Overlay, grid: LazyGrid, dy: Double) in
            overlay.route(.wheel(location: grid.windowFrame.center, dx: 0, dy: dy))
        }
        for notch in 1...12 { step("notch \(notch) on") { wheel($0, $1, -1) } }
        let first = a.liveCellViews.first!.index + 10
        step("select") { _, grid in grid.selectItem(first) }
        step("toggle") { _, grid in grid.selectItem(first + 2, toggling: true) }
        step("extend") { _, grid in grid.selectItem(first + 7, extending: true) }
        for notch in 1...5 { step("notch \(notch) back") { wheel($0, $1, 1) } }
        step("a jump past the window") { _, grid in grid.scrollToItemAtTop(1_500) }
        step("back") { _, grid in grid.scrollToItemAtTop(100) }
        step("setSelection") { _, grid in grid.setSelection([AnyHashable(106), AnyHashable(107)]) }
        try step("animated delete") { _, grid in
            try grid.deleteItems(at: [108, 109], animation: .linear(duration: 0.5))
        }
        count -= 2
        try step("animated insert") { _, grid in try grid.insertItems(at: [105], animation: .linear(duration: 0.5)) }
        count += 1
        // A notch while cells still fade: the window slides only where no cell fades for an item that comes in.
        step("notch while fading") { wheel($0, $1, -1) }
        settle("after the insert")
        // A line inserted before the first item in sight moves the offset a line, so the cells of the line that
        // leaves fade out keyed by their indices; a line back brings those indices in while they fade.
        try step("animated line insert") { _, grid in
            try grid.insertItems(at: Array(0..<5), animation: .linear(duration: 0.5))
        }
        count += 5
        XCTAssertEqual(a.fadingCellCount, 5, "\(axis): the line that left fades")
        for k in 1...2 {
            step("a line back while fading, \(k)") { _, grid in
                let o = grid.contentOffset
                grid.contentOffset = axis == .vertical ? Point(x: o.x, y: o.y - 60) : Point(x: o.x - 60, y: o.y)
            }
        }
        try step("move") { _, grid in try grid.moveItem(from: 110, to: 118, animation: .linear(duration: 0.5)) }
        settle("after the move")
        // Ids that are the items' indices, given as integers: the items that moved keep their cells.
        var newIDs = Array(0..<count)
        newIDs.swapAt(112, 121)
        try step("update by ids") { _, grid in
            try grid.updateItems(from: Array(0..<count), to: newIDs, animation: .linear(duration: 0.5))
        }
        settle("after the update by ids")
        // A move by hand: picked up, carried three slots on, dropped (the app accepts).
        let from = a.liveCellViews[12].index
        let (press, target) = (point(of: from, in: a), point(of: from + 3, in: a))
        step("press") { overlay, _ in LazyGridFixture.pointer(overlay, "down", press) }
        step("lift") { overlay, _ in
            LazyGridFixture.pointer(overlay, "move", Point(x: press.x + 12, y: press.y + 12))
        }
        XCTAssertEqual(a.heldItemIndex, from, "\(axis): held")
        step("carry") { overlay, _ in LazyGridFixture.pointer(overlay, "move", target) }
        step("drop") { overlay, _ in LazyGridFixture.pointer(overlay, "up", target) }
        XCTAssertNil(a.heldItemIndex, "\(axis): dropped")
        settle("after the drop")
        try step("sections") { _, grid in try grid.setSectionHeaderItems([0, 40, 95, 300]) }
        for notch in 1...8 { step("notch \(notch) with sections") { wheel($0, $1, -1) } }
        try step("no sections") { _, grid in try grid.setSectionHeaderItems([]) }
        try step("animated reload") { _, grid in
            try grid.reloadData(itemCount: count - 100, animation: .linear(duration: 0.5))
        }
        settle("after the animated reload")
        try step("reload") { _, grid in try grid.reloadData(itemCount: 30) }
        XCTAssertFalse(a.liveCellViews.isEmpty, "\(axis)")
    }
}
