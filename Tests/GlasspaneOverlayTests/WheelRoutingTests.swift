// Wheel routing as issue 29's round 9 left it (docs/bench.md): the router locates layers and views without retaining
// them and records each layer's pass in a reused buffer, made `LayerPass`es only for an event to the engine. These
// prove the decisions did not change: every pass in order, an earlier decision untouched by later events, a route
// during a delivery, a target that leaves the tree while it handles the wheel, and rows scrolled out of sight.
import XCTest
import GlasspaneCore
@testable import GlasspaneOverlay

final class WheelRoutingTests: XCTestCase {
    private var overlay: Overlay!
    private var ui: OverlayLayer!
    private var log: EventLog!

    /// Front to back: a hidden `toast` layer, a non-interactive `stats` layer, the passthrough `ui` layer with a
    /// panel at (100, 100, 300x300) that has a passthrough hole at its (100, 100, 50x50), and a passthrough `back`
    /// layer with nothing in it.
    override func setUp() {
        overlay = Overlay(windowSize: Size(width: 800, height: 700))
        overlay.addLayer(name: "back", level: 0)
        ui = overlay.addLayer(name: "ui", level: 10)
        overlay.addLayer(name: "stats", level: 20, kind: .nonInteractive)
        overlay.addLayer(name: "toast", level: 30, visibility: .hidden)
        log = EventLog()
        let panel = RecordingView("panel", Rect(x: 100, y: 100, width: 300, height: 300), log: log)
        let hole = RecordingView("hole", Rect(x: 100, y: 100, width: 50, height: 50), log: log)
        hole.tags = [.passthrough]
        panel.addSubview(hole)
        ui.addSubview(panel)
    }

    private func wheel(_ x: Double, _ y: Double) -> InputEvent { .wheel(location: Point(x: x, y: y), dx: 0, dy: -1) }

    /// The passes of a point that no view takes, with `ui`'s as given.
    private func passes(ui cause: LayerPass.Cause) -> RoutingReason {
        .passedThrough([LayerPass(layerName: "toast", cause: .hidden), LayerPass(layerName: "stats", cause: .nonInteractive),
                        LayerPass(layerName: "ui", cause: cause),
                        LayerPass(layerName: "back", cause: .passthrough(viewIdentifier: "back.root"))])
    }

    func testAWheelNoViewTakesListsEveryLayersPassInOrder() {
        let outside = overlay.route(wheel(600, 500))
        XCTAssertEqual(outside.summary, "engine")
        XCTAssertEqual(outside.reason, passes(ui: .passthrough(viewIdentifier: "ui.root")))
        let hole = overlay.route(wheel(220, 220))
        XCTAssertEqual(hole.summary, "engine")
        XCTAssertEqual(hole.reason, passes(ui: .passthrough(viewIdentifier: "hole")))
        XCTAssertEqual(hole.traceLine, "wheel 220,220 d=0,-1 -> engine (toast: hidden; stats: non-interactive; "
                       + "ui: passthrough at hole; back: passthrough at back.root; no layer claimed)")
        // The same through the public hit test, which also lists the passes in front of a hit.
        var listed: [LayerPass] = []
        XCTAssertEqual(overlay.router.hitTest(at: Point(x: 150, y: 150), passes: &listed)?.view.identifier, "panel")
        XCTAssertEqual(listed, [LayerPass(layerName: "toast", cause: .hidden), LayerPass(layerName: "stats", cause: .nonInteractive)])
    }

    func testAnEarlierDecisionKeepsItsPassesWhateverComesAfter() {
        let first = overlay.route(wheel(600, 500))
        XCTAssertEqual(overlay.route(wheel(150, 150)).summary, "ui/panel")
        XCTAssertEqual(overlay.route(wheel(220, 220)).reason, passes(ui: .passthrough(viewIdentifier: "hole")))
        XCTAssertEqual(overlay.route(hover(610, 510)).reason, passes(ui: .passthrough(viewIdentifier: "ui.root")))
        XCTAssertEqual(overlay.route(down(620, 520)).reason, passes(ui: .passthrough(viewIdentifier: "ui.root")))
        overlay.route(up(620, 520))
        XCTAssertEqual(overlay.route(up(230, 230)).reason, passes(ui: .passthrough(viewIdentifier: "hole")))
        XCTAssertEqual(first.reason, passes(ui: .passthrough(viewIdentifier: "ui.root")))
        XCTAssertEqual(log.lines, ["panel:wheel"])
    }

    /// A view that routes another wheel (to the engine) while it handles its own.
    private final class Rerouting: View {
        var inner: RoutingDecision?
        override func scrollWheel(at location: Point, dx: Double, dy: Double) {
            inner = layer?.overlay?.route(.wheel(location: Point(x: 700, y: 600), dx: dx, dy: dy))
        }
    }

    func testARouteDuringADeliveryGetsItsOwnPasses() {
        let rerouting = Rerouting(identifier: "rerouting", frame: Rect(x: 500, y: 100, width: 100, height: 100))
        rerouting.hitTestBehavior = .opaque
        ui.addSubview(rerouting)
        overlay.route(wheel(600, 500))  // the buffer holds four passes
        let outer = overlay.route(wheel(550, 150))
        XCTAssertEqual(outer.summary, "ui/rerouting")
        XCTAssertEqual(outer.reason, .hit)
        XCTAssertEqual(rerouting.inner?.summary, "engine")
        XCTAssertEqual(rerouting.inner?.reason, passes(ui: .passthrough(viewIdentifier: "ui.root")))
        XCTAssertEqual(overlay.route(wheel(220, 220)).reason, passes(ui: .passthrough(viewIdentifier: "hole")))
    }

    /// A view that leaves the tree when the wheel reaches it.
    private final class Leaving: View {
        override func scrollWheel(at location: Point, dx: Double, dy: Double) { removeFromSuperview() }
    }

    func testATargetThatLeavesTheTreeWhileHandlingTheWheelIsKeptByTheDecision() {
        weak var leaving: View?
        do {
            let view = Leaving(identifier: "leaving", frame: Rect(x: 500, y: 100, width: 100, height: 100))
            view.hitTestBehavior = .opaque
            ui.addSubview(view)
            leaving = view
        }
        XCTAssertNotNil(leaving, "the tree holds it")
        var decision: RoutingDecision? = overlay.route(wheel(550, 150))
        XCTAssertNotNil(leaving, "the decision holds it")
        XCTAssertNil(leaving?.superview)
        XCTAssertTrue(decision?.target.view === leaving)
        XCTAssertTrue(decision?.target.layer === ui)
        XCTAssertEqual(decision?.summary, "ui/leaving")
        decision = nil
        XCTAssertNil(leaving, "nothing else kept it")
    }

    /// A 560x600 list at (20, 40) of 1,000 24-point rows that claim their bounds, over a view under it that is
    /// 800x700 (so everything around the list lands there), scrolled 100 rows down: its window reaches 64 points of
    /// overscan above and below the viewport.
    private func makeScrolledList() throws -> List {
        let under = RecordingView("under", Rect(x: 0, y: 0, width: 800, height: 700), log: log)
        ui.addSubview(under)
        let list = try List(identifier: "list", rowCount: 1000, rowHeight: .fixed(24),
                            makeRow: { RecordingView("row", .zero, log: self.log) }, configureRow: { _, _ in })
        list.preferredWidth = 560
        list.preferredHeight = 600
        ui.addSubview(list, at: Point(x: 20, y: 40))
        overlay.advanceAnimations(to: 0)
        overlay.update()
        list.contentOffset = Point(x: 0, y: 2400)
        overlay.update()
        return list
    }

    func testRowsScrolledOutOfSightTakeNoWheelAndNoPress() throws {
        let list = try makeScrolledList()
        for y in [30.0, 650.0] {  // above and below the viewport (40..<640)
            let point = Point(x: 100, y: y)
            // Shown rows of the window lie under the point, clipped away by the viewport.
            let rows = list.liveRowViews.filter { !$0.isHidden && $0.windowFrame.contains(point) }
            XCTAssertEqual(rows.count, 1, "a row of the window is under \(point)")
            log.clear()
            XCTAssertEqual(overlay.route(wheel(100, y)).summary, "ui/under")
            XCTAssertEqual(overlay.route(down(100, y)).summary, "ui/under")
            overlay.route(up(100, y))
            XCTAssertEqual(log.lines.filter { $0.hasPrefix("row") }, [])
        }
        // Inside the viewport the row there takes the wheel (a RecordingView does not pass it on: the list stays).
        let offset = list.contentOffset
        let inside = overlay.route(wheel(100, 630))
        XCTAssertEqual(inside.summary, "ui/row")
        XCTAssertTrue(inside.target.view?.isDescendant(of: list.documentView) ?? false)
        XCTAssertEqual(list.contentOffset, offset)
    }
}
