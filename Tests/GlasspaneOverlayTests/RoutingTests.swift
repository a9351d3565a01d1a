// Capture, multiple pointers, hover, focus, keys, wheel, window events and trace lines.
import XCTest
import GlasspaneCore
@testable import GlasspaneOverlay

final class RoutingTests: XCTestCase {
    var overlay: Overlay!
    var ui: OverlayLayer!
    var log: EventLog!
    var a: RecordingView!
    var b: RecordingView!

    override func setUp() {
        overlay = Overlay(windowSize: Size(width: 800, height: 600))
        ui = overlay.addLayer(name: "ui", level: 10)
        log = EventLog()
        a = RecordingView("a", Rect(x: 100, y: 100, width: 100, height: 100), log: log)
        b = RecordingView("b", Rect(x: 200, y: 100, width: 100, height: 100), log: log)
        ui.addSubview(a)
        ui.addSubview(b)
    }

    // MARK: - Capture

    func testCaptureKeepsPointerAcrossLeavingTheView() {
        XCTAssertEqual(overlay.route(down(150, 150)).summary, "ui/a")
        let move = overlay.route(drag(250, 150))  // over b now
        XCTAssertEqual(move.summary, "ui/a")
        XCTAssertEqual(move.reason, .captured)
        XCTAssertEqual(overlay.route(up(250, 150)).summary, "ui/a")
        XCTAssertEqual(log.lines, ["a:down#0@50,50", "a:move#0@150,50", "a:up#0@150,50"])
        XCTAssertNil(overlay.router.captureTarget(forPointer: 0), "up ends the capture")
        XCTAssertEqual(overlay.route(down(250, 150)).summary, "ui/b")
    }

    func testCaptureKeepsPointerAcrossTheWindowEdge() {
        overlay.route(down(150, 150))
        XCTAssertEqual(overlay.route(drag(-40, 700)).summary, "ui/a")
        XCTAssertEqual(overlay.route(up(-40, 700)).summary, "ui/a")
        XCTAssertEqual(log.lines, ["a:down#0@50,50", "a:move#0@-140,600", "a:up#0@-140,600"])
    }

    func testEngineCaptureKeepsPointerWhenDraggingOverViews() {
        XCTAssertEqual(overlay.route(down(500, 500)).summary, "engine")
        let move = overlay.route(drag(150, 150))
        XCTAssertEqual(move.summary, "engine")
        XCTAssertEqual(move.traceLine, "move 150,150 -> engine (captured)")
        XCTAssertEqual(overlay.route(up(150, 150)).summary, "engine")
        XCTAssertEqual(log.lines, [], "no overlay view saw any of it")
    }

    func testCancelEndsCaptureAndIsDeliveredToTheHolder() {
        overlay.route(down(150, 150))
        XCTAssertEqual(overlay.route(cancel(600, 600)).summary, "ui/a")
        XCTAssertNil(overlay.router.captureTarget(forPointer: 0))
        XCTAssertEqual(log.lines.last, "a:cancel#0")
    }

    func testChordedButtonsKeepCaptureUntilLastRelease() {
        overlay.route(down(150, 150))
        let right = PointerEvent(pointerID: 0, button: .right, location: Point(x: 600, y: 600))
        XCTAssertEqual(overlay.route(.pointerDown(right)).summary, "ui/a")
        XCTAssertEqual(overlay.route(up(600, 600)).summary, "ui/a")
        XCTAssertNotNil(overlay.router.captureTarget(forPointer: 0), "right button still held")
        XCTAssertEqual(overlay.route(.pointerUp(right)).summary, "ui/a")
        XCTAssertNil(overlay.router.captureTarget(forPointer: 0))
    }

    func testTwoPointersRouteIndependently() {
        XCTAssertEqual(overlay.route(down(150, 150, id: 1)).summary, "ui/a")
        XCTAssertEqual(overlay.route(down(500, 500, id: 2)).summary, "engine")
        XCTAssertEqual(overlay.route(drag(250, 150, id: 2)).summary, "engine", "pointer 2 belongs to the engine")
        XCTAssertEqual(overlay.route(drag(600, 600, id: 1)).summary, "ui/a", "pointer 1 belongs to a")
        XCTAssertEqual(overlay.route(up(250, 150, id: 2)).summary, "engine")
        XCTAssertNotNil(overlay.router.captureTarget(forPointer: 1), "ending pointer 2 leaves pointer 1 captured")
        XCTAssertEqual(overlay.route(up(600, 600, id: 1)).summary, "ui/a")
        XCTAssertEqual(log.lines, ["a:down#1@50,50", "a:move#1@500,500", "a:up#1@500,500"])
    }

    func testTwoPointersOnTwoViewsAtOnce() {
        overlay.route(down(150, 150, id: 1))
        overlay.route(down(250, 150, id: 2))
        XCTAssertEqual(overlay.route(drag(260, 160, id: 1)).summary, "ui/a")
        XCTAssertEqual(overlay.route(drag(160, 160, id: 2)).summary, "ui/b")
        XCTAssertEqual(overlay.route(down(500, 500, id: 3)).traceLine,
                       "down#3 500,500 -> engine (ui: passthrough at ui.root; no layer claimed)")
    }

    // MARK: - Hover

    func testHoverExitsOldViewBeforeEnteringNewOneAndUnclaimedMovesGoToEngine() {
        XCTAssertEqual(overlay.route(hover(150, 150)).summary, "ui/a")
        XCTAssertEqual(overlay.route(hover(160, 150)).summary, "ui/a")
        let cross = overlay.route(hover(250, 150))
        XCTAssertEqual(cross.summary, "ui/b")
        XCTAssertTrue(cross.exited === a && cross.entered === b)
        XCTAssertEqual(cross.traceLine, "move 250,150 -> overlay layer=ui view=b (hover; exit a; enter b)")
        let out = overlay.route(hover(500, 500))
        XCTAssertEqual(out.summary, "engine")
        XCTAssertTrue(out.exited === b)
        XCTAssertEqual(log.lines, ["a:enter", "a:move#0@50,50", "a:move#0@60,50",
                                   "a:exit", "b:enter", "b:move#0@50,50", "b:exit"])
        XCTAssertNil(overlay.router.hoveredView(forPointer: 0))
    }

    func testHoveredViewThatIsHiddenGetsExit() {
        overlay.route(hover(150, 150))
        a.isHidden = true
        XCTAssertEqual(log.lines, ["a:enter", "a:move#0@50,50", "a:exit"])
        XCTAssertNil(overlay.router.hoveredView(forPointer: 0))
    }

    func testNoHoverChangesWhileCaptured() {
        overlay.route(down(150, 150))
        overlay.route(drag(250, 150))
        XCTAssertFalse(log.lines.contains("b:enter"))
    }

    // MARK: - Focus and keys

    func testKeysGoToFocusedViewAndEscapeClearsFocus() {
        let field = RecordingView("field", Rect(x: 400, y: 100, width: 100, height: 30), log: log, focusable: true)
        ui.addSubview(field)
        XCTAssertEqual(overlay.route(key(.character("w"))).summary, "engine", "no focus: keys go to the engine")
        overlay.route(key(.character("w"), down: false))
        overlay.route(down(410, 110))
        overlay.route(up(410, 110))
        XCTAssertTrue(overlay.focusedView === field)
        XCTAssertTrue(field.isFocused)
        XCTAssertEqual(overlay.route(key(.character("a"))).summary, "ui/field")
        XCTAssertEqual(overlay.route(key(.character("a"), down: false)).reason, .followsKeyPress)
        XCTAssertEqual(overlay.route(.text("hi")).summary, "ui/field")
        let esc = overlay.route(key(.escape))
        XCTAssertEqual(esc.summary, "ui/field")
        XCTAssertEqual(esc.reason, .escapeClearedFocus)
        XCTAssertEqual(esc.traceLine, "key escape down -> overlay layer=ui view=field (escape cleared focus)")
        XCTAssertNil(overlay.focusedView)
        XCTAssertFalse(field.isFocused)
        XCTAssertEqual(overlay.route(key(.escape, down: false)).summary, "ui/field", "the release follows its press")
        XCTAssertEqual(overlay.route(key(.character("a"))).summary, "engine")
        XCTAssertEqual(overlay.route(.text("x")).traceLine, "text \"x\" -> engine (no focus)")
        XCTAssertEqual(log.lines.filter { $0.hasPrefix("field:") && !$0.contains("down#") && !$0.contains("up#") },
                       ["field:keydown:a", "field:keyup:a", "field:text:hi", "field:keydown:escape", "field:keyup:escape"])
    }

    func testKeyReleaseFollowsPressEvenWhenFocusChangedBetween() {
        let field = RecordingView("field", Rect(x: 400, y: 100, width: 100, height: 30), log: log, focusable: true)
        ui.addSubview(field)
        XCTAssertEqual(overlay.route(key(.character("w"))).summary, "engine")
        overlay.route(down(410, 110))
        XCTAssertEqual(overlay.route(key(.character("w"), down: false)).summary, "engine", "the engine saw the press")
    }

    func testPressOutsideFocusedViewClearsFocus() {
        let field = RecordingView("field", Rect(x: 400, y: 100, width: 100, height: 100), log: log, focusable: true)
        let inner = RecordingView("field.inner", Rect(x: 10, y: 10, width: 20, height: 20), log: log)
        field.addSubview(inner)
        ui.addSubview(field)
        overlay.route(down(450, 150)); overlay.route(up(450, 150))
        XCTAssertTrue(overlay.focusedView === field)
        overlay.route(down(415, 115)); overlay.route(up(415, 115))
        XCTAssertTrue(overlay.focusedView === field, "a press inside the focused view keeps focus")
        overlay.route(down(150, 150)); overlay.route(up(150, 150))
        XCTAssertNil(overlay.focusedView, "a press on another (unfocusable) view clears focus")
        overlay.route(down(450, 150)); overlay.route(up(450, 150))
        XCTAssertTrue(overlay.focusedView === field)
        overlay.route(down(700, 500)); overlay.route(up(700, 500))
        XCTAssertNil(overlay.focusedView, "a press on the engine clears focus")
    }

    func testFocusedViewThatBecameHiddenNoLongerGetsKeys() {
        let field = RecordingView("field", Rect(x: 400, y: 100, width: 100, height: 30), log: log, focusable: true)
        ui.addSubview(field)
        overlay.focus(field)
        field.isHidden = true
        XCTAssertEqual(overlay.route(key(.character("a"))).summary, "engine")
        XCTAssertNil(overlay.focusedView)
    }

    func testFocusIsDroppedWhenItsLayerStopsBeingInteractive() {
        let field = RecordingView("field", Rect(x: 400, y: 100, width: 100, height: 30), log: log, focusable: true)
        ui.addSubview(field)
        overlay.focus(field)
        ui.kind = .nonInteractive
        XCTAssertNil(overlay.focusedView)
        XCTAssertEqual(overlay.route(key(.character("a"))).summary, "engine")
    }

    // MARK: - Wheel and window events

    func testWheelGoesToViewUnderPointerElseEngine() {
        XCTAssertEqual(overlay.route(.wheel(location: Point(x: 150, y: 150), dx: 0, dy: 1)).summary, "ui/a")
        XCTAssertEqual(overlay.route(.wheel(location: Point(x: 500, y: 500), dx: 0, dy: 1)).summary, "engine")
        XCTAssertEqual(log.lines, ["a:wheel"])
    }

    func testResizeGoesToEngineAndResizesLayerRoots() {
        let metrics = WindowMetrics(windowSize: Size(width: 1280, height: 720), drawableSize: PixelSize(width: 2560, height: 1440))
        let d = overlay.route(.resize(metrics))
        XCTAssertTrue(d.isForEngine)
        XCTAssertEqual(d.traceLine, "resize 1280x720 -> engine (window event)")
        XCTAssertEqual(ui.root.frame, Rect(x: 0, y: 0, width: 1280, height: 720))
        XCTAssertEqual(overlay.route(down(1000, 700)).summary, "engine")
        XCTAssertTrue(overlay.route(.quit).isForEngine)
    }

    func testOverlayTraceLineNamesLayerAndView() {
        let d = overlay.route(down(120, 140))
        XCTAssertEqual(d.traceLine, "down 120,140 -> overlay layer=ui view=a (hit)")
        XCTAssertEqual(overlay.route(drag(121.5, 140)).traceLine, "move 121.5,140 -> overlay layer=ui view=a (captured)")
    }

    func testRemovedCapturedViewStillReceivesItsPointerUntilUp() {
        overlay.route(down(150, 150))
        a.removeFromSuperview()
        XCTAssertEqual(overlay.route(up(150, 150)).summary, "ui/a")
        XCTAssertEqual(overlay.route(down(150, 150)).summary, "engine")
    }

    func testEveryEventReachesExactlyOneTargetOverARandomSession() {
        let field = RecordingView("field", Rect(x: 400, y: 100, width: 100, height: 30), log: log, focusable: true)
        ui.addSubview(field)
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ n: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(n))
        }
        var held: Set<Int> = []
        var overlayCount = 0
        for _ in 0..<2000 {
            let id = next(3)
            let p = Point(x: Double(next(900)) - 50, y: Double(next(700)) - 50)
            let event: InputEvent
            switch next(6) {
            case 0 where !held.contains(id): event = .pointerDown(PointerEvent(pointerID: id, location: p)); held.insert(id)
            case 1 where held.contains(id): event = .pointerUp(PointerEvent(pointerID: id, location: p)); held.remove(id)
            case 2: event = .pointerMove(PointerEvent(pointerID: id, button: held.contains(id) ? .left : .none, location: p))
            case 3: event = key([Key.character("a"), .escape, .left][next(3)], down: next(2) == 0)
            case 4: event = .wheel(location: p, dx: 0, dy: 1)
            default: event = .text("t")
            }
            log.clear()
            let d = overlay.route(event)
            let deliveries = log.lines.filter { !$0.hasSuffix(":enter") && !$0.hasSuffix(":exit") }
            if let view = d.target.view {
                overlayCount += 1
                XCTAssertEqual(deliveries.count, 1, "\(d.traceLine): \(deliveries)")
                XCTAssertTrue(deliveries.first?.hasPrefix(view.identifier + ":") ?? false, d.traceLine)
            } else {
                XCTAssertEqual(deliveries, [], d.traceLine)
            }
        }
        XCTAssertGreaterThan(overlayCount, 20, "the session exercised the overlay")
    }
}
