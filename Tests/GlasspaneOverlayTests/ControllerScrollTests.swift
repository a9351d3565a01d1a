// The right stick scrolls (Focus/ControllerNavigator.swift, docs/focus.md): the scroll view around the focused view,
// or a sheet's, moves `StickScroll.points(for:)` a frame while the stick leans; nested views hand over at their ends;
// a snapping view settles once the stick rests; with nothing to scroll the stick stays the engine's.
import XCTest
import GlasspaneCore
@testable import GlasspaneOverlay

private func rightStick(_ axis: ControllerAxis, _ value: Double, controller: Int = 0) -> InputEvent {
    .controllerAxis(ControllerAxisEvent(controller: controller, axis: axis, value: value))
}

final class ControllerScrollTests: XCTestCase {
    /// A 300x200 vertical scroll view at (50, 100) over a column of 20 buttons 50 points apart (1,000 points).
    private func makeScroll(snapping: ScrollSnapping = .none) -> (Overlay, OverlayLayer, ScrollView, [Button]) {
        let overlay = Overlay(windowSize: Size(width: 800, height: 600))
        let ui = overlay.addLayer(name: "ui", level: 0)
        let buttons = (0..<20).map { i -> Button in
            let b = Button(identifier: "b\(i)", title: "Item \(i)")
            b.preferredWidth = 200; b.preferredHeight = 40
            return b
        }
        let scroll = ScrollView(identifier: "scroll", content: VStack(identifier: "column", spacing: 10, buttons))
        scroll.preferredWidth = 300
        scroll.preferredHeight = 200
        scroll.snapping = snapping
        ui.addSubview(scroll, at: Point(x: 50, y: 100))
        overlay.advanceAnimations(to: 0)
        overlay.update()
        return (overlay, ui, scroll, buttons)
    }

    /// Runs frames `from + 1` through `from + count` (the frame loop's animation phase ticks once a frame).
    private func run(_ overlay: Overlay, frames count: Int, from: Int) {
        for f in (from + 1)...(from + count) { overlay.advanceAnimations(to: Double(f) / 60); overlay.update() }
    }

    func testTheRightStickScrollsTheFocusedViewsScrollViewByItsLeanEachFrame() {
        let (overlay, _, scroll, buttons) = makeScroll()
        overlay.focus(buttons[0])
        let decision = overlay.route(rightStick(.rightY, 1))
        XCTAssertEqual(decision.summary, "ui/scroll", "the overlay takes the stick for the scroll view")
        XCTAssertEqual(scroll.contentOffset.y, 0, "nothing moves before the next frame")
        run(overlay, frames: 1, from: 0)
        XCTAssertEqual(scroll.contentOffset.y, 20, "full lean: 20 points a frame")
        run(overlay, frames: 4, from: 1)
        XCTAssertEqual(scroll.contentOffset.y, 100)
        // Half a lean: a quarter of the speed (the response is squared); up scrolls back.
        overlay.route(rightStick(.rightY, -0.5))
        run(overlay, frames: 4, from: 5)
        XCTAssertEqual(scroll.contentOffset.y, 80)
        overlay.route(rightStick(.rightY, 0))
        run(overlay, frames: 10, from: 9)
        XCTAssertEqual(scroll.contentOffset.y, 80, "at rest the stick scrolls nothing")
        XCTAssertTrue(overlay.focusedView === buttons[0], "scrolling leaves focus where it is")
        XCTAssertFalse(overlay.controllerNavigator.isHoldingDirection)
        XCTAssertEqual(overlay.controllerNavigator.stickScrollFrames, 9)
    }

    func testAtAnEndTheStickHandsOverToTheScrollViewAround() {
        let overlay = Overlay(windowSize: Size(width: 800, height: 600))
        let ui = overlay.addLayer(name: "ui", level: 0)
        let button = Button(identifier: "inner.button", title: "Inner")
        button.preferredWidth = 200; button.preferredHeight = 40
        let below = View(identifier: "inner.below")
        below.preferredWidth = 200; below.preferredHeight = 260
        let inner = ScrollView(identifier: "inner", content: VStack(identifier: "inner.stack", spacing: 0, [button, below]))
        inner.preferredWidth = 280; inner.preferredHeight = 200
        let filler = View(identifier: "filler")
        filler.preferredWidth = 280; filler.preferredHeight = 600
        let outer = ScrollView(identifier: "outer", content: VStack(identifier: "stack", spacing: 0, [inner, filler]))
        outer.preferredWidth = 300; outer.preferredHeight = 300
        ui.addSubview(outer, at: .zero)
        overlay.advanceAnimations(to: 0)
        overlay.update()
        overlay.focus(button)
        overlay.route(rightStick(.rightY, 1))
        run(overlay, frames: 5, from: 0)
        XCTAssertEqual(inner.contentOffset.y, 100, "the inner view reaches its end (100 points) in five frames")
        XCTAssertEqual(outer.contentOffset.y, 0)
        run(overlay, frames: 3, from: 5)
        XCTAssertEqual(inner.contentOffset.y, 100)
        XCTAssertEqual(outer.contentOffset.y, 60, "then the outer view takes the rest")
        overlay.route(rightStick(.rightY, 0))
    }

    func testWithNothingFocusedTheStickStaysTheEngines() {
        let (overlay, _, scroll, buttons) = makeScroll()
        let decision = overlay.route(rightStick(.rightY, 1))
        XCTAssertEqual(decision.summary, "engine")
        run(overlay, frames: 5, from: 0)
        XCTAssertEqual(scroll.contentOffset.y, 0)
        // Focus moves away from the scroll view while the stick leans: the next stick event stops it.
        overlay.focus(buttons[1])
        overlay.route(rightStick(.rightY, 1))
        run(overlay, frames: 2, from: 5)
        XCTAssertEqual(scroll.contentOffset.y, 40)
        overlay.clearFocus()
        XCTAssertEqual(overlay.route(rightStick(.rightY, 0.9)).summary, "engine")
        run(overlay, frames: 3, from: 7)
        XCTAssertEqual(scroll.contentOffset.y, 40, "stopped: nothing it scrolls is focused")
        XCTAssertFalse(overlay.controllerNavigator.isHoldingDirection)
    }

    /// Focuses `view`, leans the right stick fully down for three frames (60 points), lets it rest and runs two
    /// seconds of frames, so a snapping view settles.
    private func leanThreeFramesThenRest(_ overlay: Overlay, _ scroll: ScrollView, focusing view: View,
                                         file: StaticString = #filePath, line: UInt = #line) {
        overlay.focus(view)
        overlay.route(rightStick(.rightY, 1))
        run(overlay, frames: 3, from: 0)
        XCTAssertEqual(scroll.contentOffset.y, 60, file: file, line: line)
        overlay.route(rightStick(.rightY, 0))
        run(overlay, frames: 120, from: 3)
    }

    func testASnappingViewSettlesOnceTheStickRests() {
        let (overlay, _, scroll, buttons) = makeScroll(snapping: .paging)
        leanThreeFramesThenRest(overlay, scroll, focusing: buttons[0])
        XCTAssertEqual(scroll.contentOffset.y, 200, "on to the next page, the way the stick leaned")
    }

    func testATrailingSnappingViewSettlesWithAnItemAtItsBottom() {
        let (overlay, _, scroll, buttons) = makeScroll(snapping: .items)
        scroll.snapAlignment = .trailing
        leanThreeFramesThenRest(overlay, scroll, focusing: buttons[0])
        // Button k's bottom (50k + 40) at the viewport's (200): 60 lies between button 4's rest (40) and 5's (90).
        let rests = buttons.map { $0.frame.maxY - scroll.bounds.height }
        let nearest = rests.min { abs($0 - 60) < abs($1 - 60) }!
        XCTAssertEqual(scroll.contentOffset.y, nearest)
        let k = rests.firstIndex(of: nearest)!
        XCTAssertEqual(buttons[k].windowFrame.maxY, scroll.windowFrame.maxY, "a button's bottom at the viewport's")
    }

    func testTheSpeedCurve() {
        let speed = StickScroll()
        XCTAssertEqual(speed.points(for: 1), 20)
        XCTAssertEqual(speed.points(for: -1), -20)
        XCTAssertEqual(speed.points(for: 0.5), 5)
        XCTAssertEqual(speed.points(for: 3), 20, "clamped to a full lean")
        XCTAssertEqual(StickScroll(pointsPerFrame: 10, exponent: 1).points(for: -0.5), -5)
        XCTAssertEqual(StickScroll(pointsPerFrame: .infinity).pointsPerFrame, 1_000, "limits")
        XCTAssertEqual(StickScroll(pointsPerFrame: .nan, exponent: .nan), StickScroll(), "not a number: the defaults")
        XCTAssertEqual(StickScroll(exponent: -3).exponent, 1)
    }
}
