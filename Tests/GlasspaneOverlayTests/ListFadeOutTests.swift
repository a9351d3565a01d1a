// Deleted rows fade out (issue 29): after an animated `reloadData`, a row whose item left the window stays where it
// was, fading frame by frame along the animation, takes no clicks, and is pooled when the fade is over; a row whose
// item comes back meanwhile is the same view; a plain reload still recycles at once.
import XCTest
import GlasspaneCore
import GlasspaneAnimation
@testable import GlasspaneOverlay

final class ListFadeOutTests: XCTestCase {
    private typealias Box = AnimatedReloadFixture.Box
    private func makeList() throws -> (Overlay, List, Box) { try AnimatedReloadFixture.makeList() }
    private func liveRow(_ list: List, _ id: String) throws -> ListRow { try AnimatedReloadFixture.liveRow(list, id) }

    func testADeletedRowFadesOutWhereItWasThenIsPooled() throws {
        let (overlay, list, box) = try makeList()
        overlay.advanceAnimations(to: 1)
        let row3 = try liveRow(list, "item 3")
        let row4 = try liveRow(list, "item 4")
        box.items.remove(at: 3)
        try list.reloadData(rowCount: box.items.count, animation: .linear(duration: 0.5))
        overlay.update()
        XCTAssertEqual(list.fadingRowCount, 1)
        XCTAssertFalse(row3.isHidden, "still drawn")
        XCTAssertEqual(row3.frame.minY, 60, "where it was")
        XCTAssertEqual(row3.presentationAlpha, 1, "and opaque until the next frame")
        XCTAssertNil(list.liveRowViews.first { $0 === row3 }, "no longer a live row")
        XCTAssertTrue(try liveRow(list, "item 4") === row4, "the row below keeps its view and moves up")
        for frame in 1...40 {
            let t = Double(frame) / 60
            overlay.advanceAnimations(to: 1 + t)
            overlay.update()
            let progress = min(1, t / 0.5)
            if progress < 1 {
                XCTAssertEqual(row3.presentationAlpha, 1 - progress, accuracy: 1e-9, "frame \(frame)")
                XCTAssertFalse(row3.isHidden, "frame \(frame)")
            }
        }
        XCTAssertEqual(list.fadingRowCount, 0, "pooled once faded")
        XCTAssertTrue(row3.isHidden)
        XCTAssertEqual(row3.alpha, 1, "ready for reuse")
        // A taller list needs more rows: the faded view is among the pooled ones they reuse (a scroll alone reuses
        // the rows that left, keeping the window's count steady).
        list.preferredHeight = 360
        list.frame.size.height = 360
        overlay.update()
        XCTAssertFalse(row3.isHidden, "reused for a row that came in")
        XCTAssertEqual(overlay.animatingViewCount, 0)
    }

    func testAFadingRowTakesNoClick() throws {
        let (overlay, list, box) = try makeList()
        box.items.remove(at: 0)
        try list.reloadData(rowCount: box.items.count, animation: .linear(duration: 0.5))
        overlay.update()
        let fading = try XCTUnwrap(list.fadingRowCount == 1 ? list.documentView.subviews.first { ($0 as? ListRow)?.rowID == AnyHashable("item 0") } : nil)
        XCTAssertFalse(fading.isUserInteractionEnabled)
        // A click at window y 15 is on the new row 0 ("item 1"), not on the fading "item 0" drawn there.
        overlay.route(.pointerDown(PointerEvent(pointerID: 0, location: Point(x: 100, y: 15))))
        overlay.route(.pointerUp(PointerEvent(pointerID: 0, location: Point(x: 100, y: 15))))
        XCTAssertEqual(list.selection, [AnyHashable("item 1")])
    }

    func testAnItemThatComesBackDuringItsFadeGetsTheSameView() throws {
        let (overlay, list, box) = try makeList()
        overlay.advanceAnimations(to: 1)
        let row2 = try liveRow(list, "item 2")
        box.items.remove(at: 2)
        try list.reloadData(rowCount: box.items.count, animation: .linear(duration: 0.5))
        overlay.update()
        overlay.advanceAnimations(to: 1.25)
        XCTAssertEqual(row2.presentationAlpha, 0.5, accuracy: 1e-9)
        box.items.insert("item 2", at: 2)
        try list.reloadData(rowCount: box.items.count, animation: .linear(duration: 0.5))
        overlay.update()
        XCTAssertTrue(try liveRow(list, "item 2") === row2, "identity kept")
        XCTAssertEqual(list.fadingRowCount, 1, "only the row the insert pushed out at the bottom fades")
        XCTAssertTrue(row2.isUserInteractionEnabled)
        for frame in 1...60 { overlay.advanceAnimations(to: 1.25 + Double(frame) / 60) }
        XCTAssertEqual(row2.presentationAlpha, 1)
        XCTAssertFalse(row2.isHidden)
    }

    /// Rows an animated insert pushes out of the window slide out; a scroll that brings their items back before the
    /// slide is over slides the window (List.swift, `slideWindow`), and each takes its own view back.
    func testAnItemScrolledBackDuringItsSlideOutGetsTheSameView() throws {
        let (overlay, list, box) = try makeList()
        overlay.advanceAnimations(to: 1)
        XCTAssertEqual(list.liveRowViews.map(\.index), Array(0...17), "(200 + 2 x 64) / 20 rows, and one more")
        let pushed = try (16...17).map { try liveRow(list, "item \($0)") }
        box.items.insert(contentsOf: ["new 0", "new 1"], at: 0)
        try list.insertRows(at: [0, 1], animation: .linear(duration: 0.5))
        overlay.update()
        XCTAssertEqual(list.fadingRowCount, 2, "items 16 and 17 slide out")
        overlay.advanceAnimations(to: 1.25)
        list.scroll(by: Point(x: 0, y: 120))  // rows 2...19: items 16 and 17 are back
        overlay.update()
        for (k, row) in pushed.enumerated() {
            XCTAssertTrue(try liveRow(list, "item \(16 + k)") === row, "item \(16 + k) took its view back")
            XCTAssertEqual(row.presentationAlpha, 1)
        }
        XCTAssertEqual(list.fadingRowCount, 0, "nothing left sliding out for them")
    }

    func testAPlainReloadStillRecyclesAtOnce() throws {
        let (overlay, list, box) = try makeList()
        let row3 = try liveRow(list, "item 3")
        box.items.remove(at: 3)
        try list.reloadData(rowCount: box.items.count)
        overlay.update()
        XCTAssertEqual(list.fadingRowCount, 0)
        XCTAssertTrue(row3.isHidden || row3.rowID != AnyHashable("item 3"), "recycled (hidden, or reused for another item)")
    }

    func testEmptyingTheListAnimatedFadesEveryRowOut() throws {
        let (overlay, list, box) = try makeList()
        let live = list.liveRowCount
        XCTAssertGreaterThan(live, 0)
        box.items = []
        try list.reloadData(rowCount: 0, animation: .linear(duration: 0.25))
        overlay.update()
        XCTAssertEqual(list.fadingRowCount, live, "every row fades")
        XCTAssertEqual(list.liveRowCount, 0)
        for frame in 1...30 { overlay.advanceAnimations(to: Double(frame) / 60) }
        XCTAssertEqual(list.fadingRowCount, 0, "and is pooled after its fade")
    }
}
