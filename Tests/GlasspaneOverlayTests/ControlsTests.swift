// Controls driven through the router, as the host drives them.
import XCTest
import GlasspaneCore
@testable import GlasspaneOverlay

final class ControlsTests: XCTestCase {
    func testButtonActsOnReleaseInsideAndHighlightsOnlyWhilePressedInside() {
        let demo = DemoOverlayFixtures.make()
        var taps = 0
        demo.button.action = { taps += 1 }
        let f = demo.button.windowFrame
        demo.overlay.route(down(f.center.x, f.center.y))
        XCTAssertTrue(demo.button.isHighlighted)
        demo.overlay.route(drag(f.maxX + 50, f.center.y))
        XCTAssertFalse(demo.button.isHighlighted, "dragged outside: not highlighted")
        demo.overlay.route(drag(f.center.x, f.center.y))
        XCTAssertTrue(demo.button.isHighlighted)
        demo.overlay.route(up(f.center.x, f.center.y))
        XCTAssertFalse(demo.button.isHighlighted)
        XCTAssertEqual(taps, 1)
        demo.overlay.route(down(f.center.x, f.center.y))
        demo.overlay.route(up(f.maxX + 50, f.center.y))
        XCTAssertEqual(taps, 1, "released outside: no action")
        demo.overlay.route(down(f.center.x, f.center.y))
        demo.overlay.route(cancel(f.center.x, f.center.y))
        XCTAssertEqual(taps, 1, "cancelled: no action")
        XCTAssertFalse(demo.button.isHighlighted)
    }

    func testButtonHoverStateFollowsEnterAndExit() {
        let demo = DemoOverlayFixtures.make()
        let f = demo.button.windowFrame
        demo.overlay.route(hover(f.center.x, f.center.y))
        XCTAssertTrue(demo.button.isHovered)
        demo.overlay.route(hover(700, 500))
        XCTAssertFalse(demo.button.isHovered)
    }

    func testSliderDragClampsOutsideTheWindowAndReportsChanges() {
        let demo = DemoOverlayFixtures.make()
        let slider = demo.sliders[0]
        var reported: [Double] = []
        slider.onChange = { reported.append($0) }
        let f = slider.windowFrame
        demo.overlay.route(down(f.center.x, f.center.y))
        XCTAssertEqual(slider.value, 0.5, accuracy: 1e-9)
        XCTAssertTrue(slider.isDragging)
        demo.overlay.route(drag(2000, -300))
        XCTAssertEqual(slider.value, 1)
        demo.overlay.route(drag(-50, f.center.y))
        XCTAssertEqual(slider.value, 0)
        demo.overlay.route(up(-50, f.center.y))
        XCTAssertFalse(slider.isDragging)
        XCTAssertEqual(reported, [1, 0], "the press at the current value reported nothing")
        slider.value = 0.25
        XCTAssertEqual(reported, [1, 0], "programmatic changes are not reported")
        slider.value = 7
        XCTAssertEqual(slider.value, 1, "values are clamped")
    }

    func testFocusedSliderStepsWithArrowKeys() {
        let demo = DemoOverlayFixtures.make()
        let slider = demo.sliders[2]
        slider.step = 0.1
        let f = slider.windowFrame
        demo.overlay.route(down(f.center.x, f.center.y))
        demo.overlay.route(up(f.center.x, f.center.y))
        XCTAssertTrue(slider.isFocused)
        XCTAssertEqual(demo.overlay.route(key(.right)).summary, "ui/picker.b")
        XCTAssertEqual(slider.value, 0.6, accuracy: 1e-9)
        demo.overlay.route(key(.left)); demo.overlay.route(key(.left))
        XCTAssertEqual(slider.value, 0.4, accuracy: 1e-9)
        demo.overlay.route(key(.end))
        XCTAssertEqual(slider.value, 1)
        demo.overlay.route(key(.escape))
        XCTAssertEqual(demo.overlay.route(key(.left)).summary, "engine")
        XCTAssertEqual(slider.value, 1)
    }

    func testSliderOverCustomRange() {
        let slider = Slider(value: 50, range: 0...200)
        XCTAssertEqual(slider.fraction, 0.25)
        slider.range = 0...40
        XCTAssertEqual(slider.value, 40)
    }

    func testLabelPlacesGlyphsByAlignment() {
        let layer = OverlayLayer(name: "t", size: Size(width: 400, height: 100))
        let label = Label(identifier: "l", text: "abcd", fontSize: 10, alignment: .center)
        label.frame = Rect(x: 0, y: 0, width: 100, height: 33)
        layer.addSubview(label)
        layer.layoutIfNeeded(); layer.paintIfNeeded()
        XCTAssertEqual(layer.drawList.commands, [.glyphs(GlyphRun(text: "abcd", origin: Point(x: 38, y: 10), fontSize: 10, color: .white))])
        label.alignment = .trailing
        layer.paintIfNeeded()
        XCTAssertEqual(layer.drawList.commands, [.glyphs(GlyphRun(text: "abcd", origin: Point(x: 76, y: 10), fontSize: 10, color: .white))])
    }

    func testPanelClaimsItsBoundsSoPointsOnItDoNotReachTheEngine() {
        let demo = DemoOverlayFixtures.make()
        XCTAssertEqual(demo.overlay.route(down(25, 25)).summary, "ui/picker")
    }
}
