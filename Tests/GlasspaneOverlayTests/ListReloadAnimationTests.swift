// Animated data changes (issue 29): after `reloadData(rowCount:animation:)` a row whose item stayed in the window keeps
// its view and its state and moves from its old place to its new one along the animation, frame by frame; a row that
// came in fades in; hit testing and selection use the new places at once; a plain reload moves rows at once.
import XCTest
import GlasspaneCore
import GlasspaneAnimation
@testable import GlasspaneOverlay

final class ListReloadAnimationTests: XCTestCase {
    private typealias Box = AnimatedReloadFixture.Box
    private func makeList() throws -> (Overlay, List, Box) { try AnimatedReloadFixture.makeList() }
    private func row(_ list: List, _ id: String) throws -> ListRow { try AnimatedReloadFixture.liveRow(list, id) }

    func testAnInsertAboveMovesTheKeptRowsLinearlyAndFadesTheNewOnesIn() throws {
        let (overlay, list, box) = try makeList()
        let row5 = try row(list, "item 5")
        row5.tags.insert(.passthrough)  // state of the row's own, which must survive
        list.setSelection(["item 5"])
        overlay.advanceAnimations(to: 1)
        box.items.insert(contentsOf: ["new a", "new b"], at: 0)
        try list.reloadData(rowCount: box.items.count, animation: .linear(duration: 0.5))
        overlay.update()
        XCTAssertTrue(try row(list, "item 5") === row5, "the same view")
        XCTAssertTrue(row5.tags.contains(.passthrough), "with its state")
        XCTAssertTrue(row5.isSelected, "and its selection")
        XCTAssertEqual(row5.frame.minY, 140, "the model is at the new place at once (index 7)")
        XCTAssertEqual(row5.presentationFrame.minY, 100, "drawn where it was")
        let newA = try row(list, "new a")
        XCTAssertEqual(newA.presentationAlpha, 0, "a row that came in starts transparent")
        for frame in 1...40 {
            let t = Double(frame) / 60
            overlay.advanceAnimations(to: 1 + t)
            overlay.update()
            let progress = min(1, t / 0.5)
            XCTAssertEqual(row5.presentationFrame.minY, 100 + 40 * progress, accuracy: 1e-9, "frame \(frame)")
            XCTAssertEqual(newA.presentationAlpha, progress, accuracy: 1e-9, "frame \(frame)")
        }
        XCTAssertEqual(row5.presentationFrame.minY, 140)
        XCTAssertEqual(overlay.animatingViewCount, 0, "settled")
    }

    func testHitTestingUsesTheNewPlacesAtOnceAndAPlainReloadDoesNotAnimate() throws {
        let (overlay, list, box) = try makeList()
        box.items.remove(at: 0)                          // every row moves up by one
        try list.reloadData(rowCount: box.items.count, animation: .spring(response: 0.4))
        overlay.update()
        XCTAssertGreaterThan(overlay.animatingViewCount, 0)
        // A click at window y 15 (document 5) is on the new row 0, "item 1", while it is still drawn 20 points lower.
        overlay.route(.pointerDown(PointerEvent(pointerID: 0, location: Point(x: 100, y: 15))))
        overlay.route(.pointerUp(PointerEvent(pointerID: 0, location: Point(x: 100, y: 15))))
        XCTAssertEqual(list.selection, [AnyHashable("item 1")])
        for frame in 1...120 { overlay.advanceAnimations(to: Double(frame) / 60) }
        XCTAssertEqual(overlay.animatingViewCount, 0)
        let row3 = try row(list, "item 3")
        box.items.remove(at: 0)
        try list.reloadData(rowCount: box.items.count)
        overlay.update()
        XCTAssertEqual(row3.frame.minY, 20)
        XCTAssertEqual(row3.presentationFrame.minY, 20, "no animation: moved at once")
        XCTAssertEqual(overlay.animatingViewCount, 0)
    }
}
