// What a scrolled list frame costs the overlay (issue 29, the scrolling target): a wheel notch asks only the rows that
// come in for their ids and repaints only their views in place, the document being an offset group whose one
// `pushOffset` the notch rewrites (OverlayLayer+Offsets.swift); the draw list equals painting every view again.
import XCTest
import GlasspaneCore
@testable import GlasspaneOverlay

final class ListScrollCostTests: XCTestCase {
    /// A list of `rows` 26-point rows in a 540-point viewport (as the bench's), laid out and painted once; `lookups`
    /// counts the list's calls of its `rowID` closure.
    private func makeList(rows: Int, lookups: Counter) throws -> (Overlay, OverlayLayer, List) {
        let list = try List(identifier: "list", rowCount: rows, rowHeight: .fixed(26),
                            rowID: { lookups.value += 1; return AnyHashable($0) },
                            makeRow: { Label(text: "") }, configureRow: { view, index in (view as! Label).text = "row \(index)" })
        return place(list)
    }

    /// Puts `list` in a 540-point square of an 800x700 window's layer, laid out and painted once.
    private func place(_ list: List) -> (Overlay, OverlayLayer, List) {
        let (overlay, ui) = placedInOverlay(list, width: 540, height: 540)
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
            // Rows of one height keep a steady window: (540 + 2 x 64 overscan) / 26, rounded up, plus one.
            XCTAssertEqual(list.liveRowViews.map(\.index), Array(0..<27), "\(rows) rows: back at the top")
        }
    }

    /// The index of the list's `pushOffset` and its offset.
    private func groupOffset(_ layer: OverlayLayer) -> (index: Int, offset: Point)? {
        for (i, c) in layer.drawList.commands.enumerated() { if case .pushOffset(let p) = c { return (i, p) } }
        return nil
    }

    func testANotchRewritesTheOffsetAndRepaintsOnlyTheRowsThatEnter() throws {
        let (overlay, ui, list) = try makeList(rows: 10_000, lookups: Counter())
        // The first notch shows the scroll bar (a change of opacity: the whole list is painted once).
        overlay.route(.wheel(location: list.windowFrame.center, dx: 0, dy: -1))
        overlay.update()
        for notch in 2...30 {
            let before = Set(list.liveRowViews.map(\.index))
            let painted = ui.stats.viewsPainted, full = ui.stats.fullRepaints
            let (index, offset) = try XCTUnwrap(groupOffset(ui), "the document is an offset group")
            overlay.route(.wheel(location: list.windowFrame.center, dx: 0, dy: -1))
            overlay.update()
            let entered = list.liveRowViews.filter { !before.contains($0.index) }.count
            XCTAssertEqual(ui.stats.fullRepaints, full, "notch \(notch): nothing is painted again as a whole")
            // Painted: each row that came in (a row that left, moved to the other end) with its label, and the
            // vertical scroll bar's thumb. Every other row keeps its commands where they were.
            XCTAssertEqual(ui.stats.viewsPainted - painted, 1 + 2 * entered, "notch \(notch)")
            let damage = try XCTUnwrap(ui.lastDamage, "notch \(notch): an in-place repaint")
            XCTAssertFalse(damage.rewritesWholeList)
            XCTAssertTrue(damage.commandRanges.contains(index..<(index + 1)), "notch \(notch): the offset is rewritten")
            XCTAssertEqual(groupOffset(ui)?.offset, Point(x: offset.x, y: offset.y - 40), "notch \(notch): 40 points a notch")
            // Painting every view again gives the same list, offset included.
            let inPlace = ui.drawList
            ui.needsFullRepaint = true
            ui.paintIfNeeded()
            XCTAssertEqual(ui.drawList, inPlace, "notch \(notch): the in-place repaint is what painting everything gives")
        }
    }

    func testStepsThatKeepTheWindowsRowsLayNothingOut() throws {
        let (overlay, ui, list) = try makeList(rows: 10_000, lookups: Counter())
        overlay.route(.wheel(location: list.windowFrame.center, dx: 0, dy: -1))  // shows the scroll bar
        overlay.update()
        // Precise wheel steps of 2 points (a touchpad's): a 26-point row comes in every 13 steps.
        let (kept, laidOut) = stepsKeepingTheWindow(overlay, ui, list, steps: 60) { list.liveRowViews.map(\.index) }
        XCTAssertGreaterThan(kept, 50, "most steps keep the window")
        XCTAssertEqual(laidOut, 0, "a step that keeps the window lays nothing out")
    }

    /// Rows of five heights (20 to 70 points), measured as they come in; the estimate is 30.
    private func makeMeasuredList() throws -> (Overlay, OverlayLayer, List) {
        let list = try List(identifier: "list", rowCount: 10_000, rowHeight: .measured(estimate: 30),
                            makeRow: { Label(text: "") },
                            configureRow: { view, index in
                                let label = view as! Label
                                label.text = "row \(index)"
                                label.preferredHeight = [20.0, 30, 45, 26, 70][index % 5]
                            })
        return place(list)
    }

    func testRowsOfMeasuredHeightsScrollWithoutRepaintingTheList() throws {
        let (overlay, ui, list) = try makeMeasuredList()
        // The first notch shows the scroll bar (the whole list is painted once).
        overlay.route(.wheel(location: list.windowFrame.center, dx: 0, dy: -1))
        overlay.update()
        let rows = list.liveRowViews.count
        var heights: Set<Double> = []
        for notch in 1...80 {
            // Down 60 notches, then back up 20: each measured row that comes in changes the document's height.
            let full = ui.stats.fullRepaints
            overlay.route(.wheel(location: list.windowFrame.center, dx: 0, dy: notch <= 60 ? -1 : 1))
            overlay.update()
            heights.insert(list.documentView.frame.height)
            // The window keeps its row count, so rows only move, and the document's new height is repainted in
            // place: nothing is painted again as a whole (before, nearly every notch was).
            XCTAssertEqual(list.liveRowViews.count, rows, "notch \(notch): a steady window")
            XCTAssertEqual(ui.stats.fullRepaints, full, "notch \(notch): no full repaint")
            let inPlace = ui.drawList
            ui.needsFullRepaint = true
            ui.paintIfNeeded()
            XCTAssertEqual(ui.drawList, inPlace, "notch \(notch): the in-place repaint is what painting everything gives")
        }
        XCTAssertGreaterThan(heights.count, 40, "the document's height changed with the rows measured")
        // Rows still lie edge to edge at their measured heights.
        let shown = list.liveRowViews
        for (a, b) in zip(shown, shown.dropFirst()) {
            XCTAssertEqual(a.frame.maxY, b.frame.minY, "rows \(a.index) and \(b.index)")
            XCTAssertEqual(a.frame.height, [20.0, 30, 45, 26, 70][a.index % 5], "row \(a.index)")
        }
    }

    func testADocumentFarDownIsPaintedInPointsNearWhereItShows() throws {
        let (overlay, ui, list) = try makeList(rows: 100_000, lookups: Counter())
        for target in [1_000_000.0, 2_000_000, 40_000, 2_599_000] {
            list.scroll(to: Point(x: 0, y: target))
            overlay.update()
            let resolved = ui.drawList.resolvingOffsets()
            // Every row's glyphs lie within reach of the group's origin, whatever the document's length...
            var inGroup = false
            for command in ui.drawList.commands {
                switch command {
                case .pushOffset: inGroup = true
                case .popOffset: inGroup = false
                case .glyphs(let run) where inGroup:
                    XCTAssertLessThanOrEqual(abs(run.origin.y), 2 * OverlayLayer.groupReach, "scrolled to \(target)")
                default: break
                }
            }
            // ...and resolved they are where the rows show, under the viewport.
            let row = try XCTUnwrap(list.liveRowViews.first { $0.index == Int(list.contentOffset.y / 26) + 1 })
            let label = try XCTUnwrap(row.content as? Label)
            let shown = try XCTUnwrap(resolved.commands.compactMap { c -> GlyphRun? in
                if case .glyphs(let run) = c, run.text == "row \(row.index)" { return run } else { return nil }
            }.first)
            XCTAssertTrue(label.windowFrame.minY...label.windowFrame.maxY ~= shown.origin.y, "scrolled to \(target): in its label")
            XCTAssertGreaterThan(shown.origin.y, list.windowFrame.minY)
        }
    }
}

/// Scrolls `view` by `steps` precise wheel steps of 2 points (dy 0.05 of a 40-point notch) and counts the steps after
/// which `window()` (the indices of its live views) is unchanged, and the layout passes of `layer` those steps took.
/// After each step it lays the view out again and checks the window was already the one a layout places.
func stepsKeepingTheWindow(_ overlay: Overlay, _ layer: OverlayLayer, _ view: ScrollView, steps: Int,
                           window: () -> [Int], file: StaticString = #filePath,
                           line: UInt = #line) -> (kept: Int, laidOut: Int) {
    var kept = 0, laidOut = 0
    let along = { view.axes == .horizontal ? view.contentOffset.x : view.contentOffset.y }
    for step in 1...steps {
        let before = window(), passes = layer.stats.layoutPasses, offset = along()
        overlay.route(.wheel(location: view.windowFrame.center, dx: 0, dy: -0.05))
        overlay.update()
        XCTAssertEqual(along(), offset + 2, accuracy: 1e-9, "step \(step)", file: file, line: line)
        let shown = window()
        if shown == before { kept += 1; laidOut += layer.stats.layoutPasses - passes }
        view.setNeedsLayout()
        overlay.update()
        XCTAssertEqual(window(), shown, "step \(step): the window was already right", file: file, line: line)
    }
    return (kept, laidOut)
}
