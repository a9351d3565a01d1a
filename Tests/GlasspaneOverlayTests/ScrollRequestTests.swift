// Scrolling by identifier from outside the tree (`Overlay.scroll(viewWithIdentifier:to:animated:)`, behind the
// script's `scroll` line and the `scroll-to` bus message): offsets and rows at once, animated moves frame by frame
// on the reveal spring's closed form, and the errors (view-not-found, not-scrollable) that change nothing.
import XCTest
import GlasspaneCore
@testable import GlasspaneOverlay

final class ScrollRequestTests: XCTestCase {
    /// 1,000 rows of 20 points in a 200-point list `list`, a 100-point scroll view `scroll` over a 1,000-point column,
    /// and a label `title`.
    private func make() throws -> (Overlay, List, ScrollView) {
        let overlay = Overlay(windowSize: Size(width: 800, height: 600))
        let ui = overlay.addLayer(name: "ui", level: 0)
        let list = try List(identifier: "list", rowCount: 1_000, rowHeight: .fixed(20), makeRow: { Label(text: "") },
                            configureRow: { view, i in (view as! Label).text = "row \(i)" })
        list.preferredWidth = 300; list.preferredHeight = 200
        ui.addSubview(list, at: .zero)
        let column = View(identifier: "column")
        column.preferredWidth = 100; column.preferredHeight = 1_000
        let scroll = ScrollView(identifier: "scroll", content: column)
        scroll.preferredWidth = 100; scroll.preferredHeight = 100
        ui.addSubview(scroll, at: Point(x: 400, y: 0))
        ui.addSubview(Label(identifier: "title", text: "Title"), at: Point(x: 400, y: 300))
        overlay.advanceAnimations(to: 0)
        overlay.update()
        return (overlay, list, scroll)
    }

    func testOffsetsAndRowsAtOnce() throws {
        let (overlay, list, scroll) = try make()
        try overlay.scroll(viewWithIdentifier: "scroll", to: .offset(Point(x: 0, y: 250)))
        XCTAssertEqual(scroll.contentOffset, Point(x: 0, y: 250))
        try overlay.scroll(viewWithIdentifier: "scroll", to: .offset(Point(x: 0, y: 5_000)))
        XCTAssertEqual(scroll.contentOffset, Point(x: 0, y: 900), "clamped to the end")
        try overlay.scroll(viewWithIdentifier: "list", to: .row(500, nearest: false))
        XCTAssertEqual(list.contentOffset.y, 10_000, "row 500 at the top")
        try overlay.scroll(viewWithIdentifier: "list", to: .row(520, nearest: true))
        XCTAssertEqual(list.contentOffset.y, 520 * 20 + 20 - 200, "the least scroll that shows row 520 whole")
    }

    func testAnAnimatedRowFollowsTheRevealSpringFrameByFrame() throws {
        let (overlay, list, _) = try make()
        overlay.advanceAnimations(to: 1)
        try overlay.scroll(viewWithIdentifier: "list", to: .row(30, nearest: false), animated: true)
        XCTAssertEqual(list.contentOffset.y, 0, "nothing moves before the next frame")
        let spring = ScrollMotion.bounce(from: 0, velocity: 0, to: 600, at: 1)
        for frame in 1...30 {
            let t = 1 + Double(frame) / 60
            overlay.advanceAnimations(to: t)
            overlay.update()
            XCTAssertEqual(list.contentOffset.y, spring.isSettled(at: t) ? 600 : spring.offset(at: t), accuracy: 1e-9, "frame \(frame)")
        }
        XCTAssertGreaterThan(list.contentOffset.y, 0)
        for frame in 31...120 { overlay.advanceAnimations(to: 1 + Double(frame) / 60) }
        XCTAssertEqual(list.contentOffset.y, 600)
        overlay.update()
        XCTAssertNotNil(list.rowView(at: 30), "the row reached is live")
    }

    func testAnAnimatedOffsetEndsClampedAtTheEnd() throws {
        let (overlay, _, scroll) = try make()
        try overlay.scroll(viewWithIdentifier: "scroll", to: .offset(Point(x: 0, y: 50_000)), animated: true)
        for frame in 1...120 { overlay.advanceAnimations(to: Double(frame) / 60) }
        XCTAssertEqual(scroll.contentOffset.y, 900)
    }

    func testRefusedRequestsNameTheViewAndChangeNothing() throws {
        let (overlay, list, scroll) = try make()
        scroll.isHidden = true
        let cases: [(String, ScrollRequestTarget, String, String)] = [
            ("missing", .offset(.zero), "view-not-found", "view 'missing' is "),
            ("scroll", .offset(Point(x: 0, y: 10)), "view-not-found", "view 'scroll' is "),
            ("title", .offset(Point(x: 0, y: 10)), "not-scrollable", "view 'title' is a Label, not a scroll view or list"),
            ("list", .row(1_000, nearest: false), "not-scrollable", "row 1000 is not in the list, which has 1000 rows"),
            ("list", .row(-1, nearest: true), "not-scrollable", "row -1 is not in the list, which has 1000 rows"),
        ]
        for (view, target, identifier, reason) in cases {
            XCTAssertThrowsError(try overlay.scroll(viewWithIdentifier: view, to: target, animated: true)) { error in
                let e = error as? ScrollRequestError
                XCTAssertEqual(e?.identifier, identifier, "\(view) \(target)")
                XCTAssertTrue(e?.reason.hasPrefix(reason) == true, "\(e?.reason ?? "nil")")
            }
        }
        scroll.isHidden = false
        XCTAssertThrowsError(try overlay.scroll(viewWithIdentifier: "scroll", to: .row(3, nearest: false))) { error in
            XCTAssertEqual((error as? ScrollRequestError)?.reason, "view 'scroll' is a ScrollView, not a list: scroll it 'to' an offset")
        }
        XCTAssertEqual(list.contentOffset, .zero)
        XCTAssertEqual(scroll.contentOffset, .zero)
        XCTAssertFalse(list.isMoving)
    }
}
