// Scroll views (issue 29): the wheel with precise deltas, nested hand-over, clipping of drawing and hit testing,
// the keyboard, scroll bar drags, momentum and rubber band from the spring math, focus scrolled into sight, and no
// work while still.
import XCTest
import Foundation
import GlasspaneCore
@testable import GlasspaneOverlay

/// A 300x200 scroll view at (50, 100) over a content view (claiming nothing) of `contentSize`, laid out at frame-clock
/// time 0 (the scroll view tests' and the snapping tests').
func makeScrollFixture(axes: ScrollAxes = .vertical, contentSize: Size = Size(width: 300, height: 1000))
    -> (Overlay, OverlayLayer, ScrollView, View) {
    let overlay = Overlay(windowSize: Size(width: 800, height: 600))
    let ui = overlay.addLayer(name: "ui", level: 0)
    let content = View(identifier: "doc")
    content.preferredWidth = contentSize.width
    content.preferredHeight = contentSize.height
    let scroll = ScrollView(identifier: "scroll", axes: axes, content: content)
    scroll.preferredWidth = 300
    scroll.preferredHeight = 200
    ui.addSubview(scroll, at: Point(x: 50, y: 100))
    overlay.advanceAnimations(to: 0)
    overlay.update()
    return (overlay, ui, scroll, content)
}

final class ScrollViewTests: XCTestCase {
    /// A 300x200 vertical scroll view at (50, 100) over a 300x1000 content view (claiming nothing).
    private func makeScroll(axes: ScrollAxes = .vertical, contentSize: Size = Size(width: 300, height: 1000))
        -> (Overlay, OverlayLayer, ScrollView, View) {
        makeScrollFixture(axes: axes, contentSize: contentSize)
    }

    private func wheel(_ x: Double, _ y: Double, dx: Double = 0, dy: Double) -> InputEvent {
        .wheel(location: Point(x: x, y: y), dx: dx, dy: dy)
    }

    func testWheelScrollsByPreciseLinesAndStopsAtTheEnds() {
        let (overlay, _, scroll, content) = makeScroll()
        XCTAssertEqual(scroll.maximumOffset, Point(x: 0, y: 800))
        overlay.route(wheel(100, 150, dy: -1))
        XCTAssertEqual(scroll.contentOffset, Point(x: 0, y: 40), "one notch down is one 40-point line")
        overlay.route(wheel(100, 150, dy: -0.25))
        XCTAssertEqual(scroll.contentOffset.y, 50, accuracy: 1e-9, "a precise quarter line is 10 points")
        overlay.update()
        XCTAssertEqual(content.windowFrame.minY, 100 - 50, "the content moved up by the offset")
        overlay.route(wheel(100, 150, dy: -100))
        XCTAssertEqual(scroll.contentOffset.y, 800, "clamped at the bottom")
        overlay.route(wheel(100, 150, dy: 3.5))
        XCTAssertEqual(scroll.contentOffset.y, 660, accuracy: 1e-9)
        overlay.route(wheel(100, 150, dx: -2, dy: 100))
        XCTAssertEqual(scroll.contentOffset, .zero, "clamped at the top; a vertical view ignores dx")
    }

    func testHorizontalAndBothAxes() {
        let (overlay, _, scroll, _) = makeScroll(axes: .both, contentSize: Size(width: 900, height: 1000))
        XCTAssertEqual(scroll.maximumOffset, Point(x: 600, y: 800))
        overlay.route(wheel(100, 150, dx: -2, dy: -1))
        XCTAssertEqual(scroll.contentOffset, Point(x: 80, y: 40))
        let (overlay2, _, horizontal, _) = makeScroll(axes: .horizontal, contentSize: Size(width: 900, height: 50))
        overlay2.route(wheel(100, 150, dx: -1, dy: -5))
        XCTAssertEqual(horizontal.contentOffset, Point(x: 40, y: 0))
    }

    func testNestedScrollViewsHandOverAtTheEdges() {
        let overlay = Overlay(windowSize: Size(width: 800, height: 600))
        let ui = overlay.addLayer(name: "ui", level: 0)
        let innerContent = View(identifier: "inner.doc")
        innerContent.preferredHeight = 400
        let inner = ScrollView(identifier: "inner", content: innerContent)
        inner.preferredHeight = 200
        let filler = View(identifier: "filler")
        filler.preferredHeight = 600
        let outerContent = VStack(identifier: "outer.stack", spacing: 0, [inner, filler])
        let outer = ScrollView(identifier: "outer", content: outerContent)
        outer.preferredWidth = 300
        outer.preferredHeight = 300
        ui.addSubview(outer, at: .zero)
        overlay.update()
        XCTAssertEqual(outer.maximumOffset.y, 500)
        XCTAssertEqual(inner.maximumOffset.y, 200)
        overlay.route(wheel(100, 100, dy: -3))
        XCTAssertEqual(inner.contentOffset.y, 120)
        XCTAssertEqual(outer.contentOffset.y, 0, "the inner view uses the whole notch while it can")
        overlay.route(wheel(100, 100, dy: -3))
        XCTAssertEqual(inner.contentOffset.y, 200, "the inner view reaches its end...")
        XCTAssertEqual(outer.contentOffset.y, 40, accuracy: 1e-9, "...and hands the rest to the outer view")
        overlay.update()
        overlay.route(wheel(100, 100, dy: 10))
        XCTAssertEqual(inner.contentOffset.y, 0)
        XCTAssertEqual(outer.contentOffset.y, 0, accuracy: 1e-9, "upward too")
    }

    func testANewPreferredSizeOfTheScrollViewItselfLaysOutItsContainer() {
        // A change inside a scroll view stops at it (its size does not follow its content); its own size does not.
        let overlay = Overlay(windowSize: Size(width: 800, height: 600))
        let ui = overlay.addLayer(name: "ui", level: 0)
        let content = View(identifier: "doc")
        content.preferredWidth = 300
        content.preferredHeight = 1000
        let scroll = ScrollView(identifier: "scroll", content: content)
        scroll.preferredWidth = 300
        scroll.preferredHeight = 200
        let below = Label(identifier: "below", text: "below")
        ui.addSubview(VStack(identifier: "stack", spacing: 0, [scroll, below]), at: .zero)
        overlay.update()
        XCTAssertEqual(below.frame.minY, 200)
        scroll.preferredHeight = 120
        overlay.update()
        XCTAssertEqual(scroll.frame.height, 120)
        XCTAssertEqual(below.frame.minY, 120, "the stack laid out again")
        scroll.preferredWidth = 400
        overlay.update()
        XCTAssertEqual(scroll.frame.width, 400)
        XCTAssertEqual(ui.root.subviews[0].frame.width, 400, "the stack took the new width")
        // A change inside still stops at the scroll view.
        let stackLayouts = ui.root.subviews[0].layoutCount
        content.preferredHeight = 2000
        overlay.update()
        XCTAssertEqual(scroll.contentSize.height, 2000)
        XCTAssertEqual(ui.root.subviews[0].layoutCount, stackLayouts, "the stack is not laid out for the document")
    }

    func testHitTestingAndDrawingAreClippedToTheViewport() {
        let overlay = Overlay(windowSize: Size(width: 800, height: 600))
        let ui = overlay.addLayer(name: "ui", level: 0)
        let log = EventLog()
        let rows = (0..<20).map { RecordingView("row\($0)", Rect(x: 0, y: Double($0) * 40, width: 300, height: 40), log: log) }
        let content = View(identifier: "doc")
        content.preferredHeight = 800
        for r in rows { content.addSubview(r) }
        let scroll = ScrollView(identifier: "scroll", content: content)
        scroll.preferredWidth = 300
        scroll.preferredHeight = 200
        ui.addSubview(scroll, at: Point(x: 50, y: 100))
        overlay.update()
        scroll.contentOffset = Point(x: 0, y: 80)  // row0 and row1 are above the viewport
        overlay.update()
        XCTAssertEqual(rows[1].windowFrame.minY, 100 - 80 + 40)
        // Row 1 is drawn (clipped away) at y 60...100 in the window: a press there reaches the engine, not the row.
        let hidden = overlay.route(down(60, 80))
        XCTAssertEqual(hidden.summary, "engine")
        overlay.route(up(60, 80))
        // Row 7 sits at y 380 - 80 + 100 = 400 in the window, below the 300 bottom edge: hidden too.
        XCTAssertEqual(overlay.route(down(60, 310)).summary, "engine")
        overlay.route(up(60, 310))
        XCTAssertEqual(overlay.route(down(60, 110)).summary, "ui/row2", "inside the viewport rows take presses")
        overlay.route(up(60, 110))
        XCTAssertFalse(log.lines.contains { $0.hasPrefix("row1:") || $0.hasPrefix("row7:") })
        // Drawing: the rows come between a clip to the viewport and its pop.
        let commands = ui.drawList.commands
        guard let push = commands.firstIndex(of: .pushClip(Rect(x: 50, y: 100, width: 300, height: 200))),
              let pop = commands.lastIndex(of: .popClip) else { return XCTFail("no clip to the viewport in \(commands)") }
        XCTAssertLessThan(push, pop)
    }

    func testKeyboardScrollsWhileFocused() {
        let (overlay, _, scroll, _) = makeScroll()
        overlay.route(key(.down))
        XCTAssertEqual(scroll.contentOffset.y, 0, "keys go nowhere near an unfocused scroll view")
        overlay.route(down(100, 150)); overlay.route(up(100, 150))
        XCTAssertTrue(scroll.isFocused, "a press focuses it")
        var seen: [Double] = []
        for k: Key in [.down, .down, .pageDown, .up, .end, .pageUp, .home, .character(" ")] {
            overlay.route(key(k)); overlay.route(key(k, down: false))
            seen.append(scroll.contentOffset.y)
        }
        overlay.route(.key(KeyEvent(key: .character(" "), modifiers: .shift)))
        seen.append(scroll.contentOffset.y)
        // A page is the viewport less one line: 200 - 40.
        XCTAssertEqual(seen, [40, 80, 240, 200, 800, 640, 0, 160, 0])
    }

    func testScrollBarAppearsWhileScrollingCanBeDraggedAndFades() throws {
        let (overlay, _, scroll, _) = makeScroll()
        let bar = scroll.verticalScrollBar
        XCTAssertEqual(bar.alpha, 0, "no bar while still")
        overlay.route(wheel(100, 150, dy: -1))
        XCTAssertEqual(bar.alpha, 1, "the bar shows while scrolling")
        overlay.update()
        // Track: 196 long at x 340...348 in the window; thumb 196·200/1000 = 39.2 long at 156.8·40/800 = 7.84.
        let span = bar.thumbSpan
        XCTAssertEqual(span.length, 39.2, accuracy: 1e-9)
        XCTAssertEqual(span.start, 7.84, accuracy: 1e-9)
        let x = 50 + 300 - 2 - ScrollBar.thickness / 2, y0 = 100 + 2 + 7.84 + 10
        XCTAssertEqual(overlay.route(down(x, y0)).summary, "ui/scroll.vbar")
        overlay.route(drag(x, y0 + 20))
        XCTAssertEqual(scroll.contentOffset.y, 40 + 20 * 800 / 156.8, accuracy: 1e-9, "offset follows the thumb")
        overlay.route(drag(x + 200, y0 + 1000))
        XCTAssertEqual(scroll.contentOffset.y, 800, "captured: past the track end it stays at the bottom")
        overlay.route(up(x + 200, y0 + 1000))
        // Still for longer than the linger time: the bar fades out and the view stops ticking.
        for frame in 1...120 { overlay.advanceAnimations(to: Double(frame) / 60); overlay.update() }
        XCTAssertEqual(bar.alpha, 0)
        XCTAssertTrue(overlay.frameTickers.isEmpty)
    }

    /// Drags at 60 fps frame times: down at y 400, then 10 and 30 points up, released with the last move.
    private func fling(_ overlay: Overlay, from y: Double, moves: [Double]) -> Double {
        var t = 0.0
        overlay.advanceAnimations(to: t)
        overlay.route(down(100, y))
        for dy in moves {
            t += 1.0 / 60
            overlay.advanceAnimations(to: t)
            overlay.route(drag(100, y + dy))
        }
        overlay.route(up(100, y + (moves.last ?? 0)))
        return t
    }

    func testMomentumPositionsFrameByFrameFollowTheSpringMath() {
        let (overlay, _, scroll, _) = makeScroll()
        let t0 = fling(overlay, from: 280, moves: [-10, -30])
        XCTAssertEqual(scroll.contentOffset.y, 30)
        // Release velocity: 30 points over the 2/60 s since the press.
        let v = 30 / (2.0 / 60), tau = ScrollMotion.decelerationTime
        XCTAssertEqual(scroll.motionY?.phase, .momentum)
        for frame in 1...30 {
            let t = t0 + Double(frame) / 60
            overlay.advanceAnimations(to: t)
            // The critically damped spring with ω = 1/τ is exactly an exponential decay of the fling.
            let expected = 30 + v * tau * (1 - exp(-(t - t0) / tau))
            XCTAssertEqual(scroll.contentOffset.y, expected, accuracy: 1e-6, "frame \(frame)")
        }
        for frame in 31...400 { overlay.advanceAnimations(to: t0 + Double(frame) / 60) }
        XCTAssertEqual(scroll.contentOffset.y, 30 + v * tau, accuracy: 0.5, "comes to rest v·τ beyond the release")
        XCTAssertNil(scroll.motionY)
    }

    func testRubberBandResistsAPullPastTheTopAndSpringsBack() {
        let (overlay, _, scroll, _) = makeScroll()
        _ = fling(overlay, from: 120, moves: [50, 100])
        // Pulled 100 points past the top of a 200-point viewport: shown (1 − 1/(100·0.55/200 + 1))·200 down.
        let pulled = -(1 - 1 / (100 * 0.55 / 200 + 1)) * 200
        XCTAssertEqual(scroll.contentOffset.y, pulled, accuracy: 1e-9)
        XCTAssertEqual(scroll.motionY?.phase, .bounce)
        let start = scroll.motionY!.startTime, v = scroll.motionY!.startVelocity
        let w: Double = 2 * Double.pi / ScrollMotion.bounceResponse
        for frame in 1...20 {
            let t = start + Double(frame) / 60
            overlay.advanceAnimations(to: t)
            let dt = t - start
            // Critically damped: x(t) = (x0 + (v0 + ω·x0)·t)·e^(−ωt), toward the edge at 0.
            let linear: Double = pulled + (v + w * pulled) * dt
            let expected: Double = linear * exp(-w * dt)
            XCTAssertEqual(scroll.contentOffset.y, expected, accuracy: 1e-6, "frame \(frame)")
        }
        for frame in 21...200 { overlay.advanceAnimations(to: start + Double(frame) / 60); overlay.update() }
        XCTAssertEqual(scroll.contentOffset.y, 0, "back at the edge exactly")
        XCTAssertTrue(overlay.frameTickers.isEmpty)
        overlay.update()
        let before = overlay.stats
        overlay.advanceAnimations(to: 10)
        XCTAssertFalse(overlay.update(), "a still scroll view does no work")
        XCTAssertEqual(overlay.stats, before)
    }

    func testAFlingIntoTheBottomEdgeBouncesBack() {
        let (overlay, _, scroll, _) = makeScroll()
        scroll.contentOffset = Point(x: 0, y: 700)
        let t0 = fling(overlay, from: 280, moves: [-10, -30])
        var maximum = 0.0
        for frame in 1...300 {
            overlay.advanceAnimations(to: t0 + Double(frame) / 60)
            maximum = max(maximum, scroll.contentOffset.y)
        }
        XCTAssertGreaterThan(maximum, 800, "the fling carries past the end")
        XCTAssertEqual(scroll.contentOffset.y, 800, "and springs back to it")
    }

    func testTabScrollsTheFocusedViewIntoSight() {
        let overlay = Overlay(windowSize: Size(width: 800, height: 600))
        let ui = overlay.addLayer(name: "ui", level: 0)
        let sliders = (0..<10).map { i -> Slider in
            let s = Slider(identifier: "s\(i)")
            s.preferredWidth = 200; s.preferredHeight = 30
            return s
        }
        let stack = VStack(identifier: "stack", spacing: 10, sliders)
        let scroll = ScrollView(identifier: "scroll", content: stack)
        scroll.preferredWidth = 300
        scroll.preferredHeight = 100
        ui.addSubview(scroll, at: .zero)
        overlay.update()
        overlay.focus(sliders[0])
        XCTAssertEqual(scroll.contentOffset.y, 0)
        for _ in 0..<5 { overlay.route(key(.tab)); overlay.route(key(.tab, down: false)) }
        XCTAssertTrue(sliders[5].isFocused)
        // Slider 5 spans 200...230 in the document: the least scroll shows its bottom at the viewport's bottom.
        XCTAssertEqual(scroll.contentOffset.y, 130)
        overlay.focus(sliders[1])
        XCTAssertEqual(scroll.contentOffset.y, 40, "and back up to its top")
    }
}
