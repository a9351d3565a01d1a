// Focus scrolled into sight with the spring (issue 29): with `animatesFocusReveal`, Tab and the arrows' spatial
// navigation move the offset frame by frame along the critically damped spring's closed form to the least scroll
// that shows the focused view, and the same frames give the same offsets in any split.
import XCTest
import GlasspaneCore
@testable import GlasspaneOverlay

final class ScrollRevealTests: XCTestCase {
    /// Ten 30-point sliders 10 apart in a 100-point scroll view that animates its focus reveals.
    private func makeScroll() -> (Overlay, ScrollView, [Slider]) {
        let overlay = Overlay(windowSize: Size(width: 800, height: 600))
        let ui = overlay.addLayer(name: "ui", level: 0)
        let sliders = (0..<10).map { i -> Slider in
            let s = Slider(identifier: "s\(i)")
            s.preferredWidth = 200; s.preferredHeight = 30
            return s
        }
        let scroll = ScrollView(identifier: "scroll", content: VStack(identifier: "stack", spacing: 10, sliders))
        scroll.preferredWidth = 300
        scroll.preferredHeight = 100
        scroll.animatesFocusReveal = true
        ui.addSubview(scroll, at: .zero)
        overlay.advanceAnimations(to: 0)
        overlay.update()
        return (overlay, scroll, sliders)
    }

    private func press(_ overlay: Overlay, _ key: Key) {
        overlay.route(.key(KeyEvent(key: key, isDown: true)))
        overlay.route(.key(KeyEvent(key: key, isDown: false)))
    }

    func testARevealFollowsTheSpringFrameByFrameToTheLeastScroll() {
        let (overlay, scroll, sliders) = makeScroll()
        overlay.focus(sliders[0])
        overlay.advanceAnimations(to: 1)
        overlay.focus(sliders[5])
        XCTAssertEqual(scroll.contentOffset.y, 0, "nothing moves before the next frame")
        XCTAssertTrue(scroll.isMoving)
        // Slider 5 spans 200...230: the least scroll is 130, reached on the bounce spring from 0 at rest.
        let spring = ScrollMotion.bounce(from: 0, velocity: 0, to: 130, at: 1)
        var previous = 0.0
        for frame in 1...30 {
            let t = 1 + Double(frame) / 60
            overlay.advanceAnimations(to: t)
            overlay.update()
            let expected = spring.isSettled(at: t) ? 130 : spring.offset(at: t)
            XCTAssertEqual(scroll.contentOffset.y, expected, accuracy: 1e-9, "frame \(frame)")
            XCTAssertGreaterThanOrEqual(scroll.contentOffset.y, previous, "critically damped: no overshoot back")
            XCTAssertLessThanOrEqual(scroll.contentOffset.y, 130)
            previous = scroll.contentOffset.y
        }
        XCTAssertGreaterThan(spring.offset(at: 1 + 1.0 / 60), 0)
        XCTAssertLessThan(spring.offset(at: 1 + 1.0 / 60), 65, "the first frame moves part of the way")
        for frame in 31...120 { overlay.advanceAnimations(to: 1 + Double(frame) / 60) }
        XCTAssertEqual(scroll.contentOffset.y, 130)
        XCTAssertFalse(scroll.isMoving)
    }

    func testArrowNavigationRevealsTheNextViewAndTheOffsetsDoNotDependOnTheFrameSplit() {
        func run(frames: Int) -> Double {
            let (overlay, scroll, sliders) = makeScroll()
            overlay.focus(sliders[2])
            // Slider 2 (80...110) is shown at once by the first focus, which animates from 0 too: let it settle.
            overlay.advanceAnimations(to: 2)
            XCTAssertEqual(scroll.contentOffset.y, 10)
            press(overlay, .down)
            XCTAssertTrue(sliders[3].isFocused, "up and down move focus from a slider")
            for k in 1...frames { overlay.advanceAnimations(to: 2 + 0.25 * Double(k) / Double(frames)) }
            return scroll.contentOffset.y
        }
        let coarse = run(frames: 3), fine = run(frames: 40)
        XCTAssertEqual(coarse, fine, accuracy: 1e-9, "the closed form gives the same offset at 0.25 s")
        XCTAssertEqual(coarse, ScrollMotion.bounce(from: 10, velocity: 0, to: 50, at: 2).offset(at: 2.25), accuracy: 1e-9)
        XCTAssertGreaterThan(coarse, 10)
        XCTAssertLessThan(coarse, 50)
    }
}
