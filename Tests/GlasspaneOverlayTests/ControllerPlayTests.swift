// The demo's two freeform controls played with a controller (docs/focus.md): the color picker's square follows the
// left stick and the triggers turn its hue; the drawing pad's pen follows the stick and draws while A is held.
import XCTest
import GlasspaneCore
@testable import GlasspaneOverlay

private func pad(_ b: ControllerButton, _ phase: ControllerButtonEvent.Phase = .down) -> InputEvent {
    .controllerButton(ControllerButtonEvent(button: b, phase: phase))
}

private func axis(_ axis: ControllerAxis, _ value: Double) -> InputEvent {
    .controllerAxis(ControllerAxisEvent(axis: axis, value: value))
}

final class ControllerPlayTests: XCTestCase {
    private func frames(_ overlay: Overlay, _ n: Int, _ frame: inout Int) {
        for _ in 0..<n { frame += 1; overlay.advanceAnimations(to: Double(frame) / 60) }
    }

    func testTheStickMovesThePickersSquareAndTheTriggersTurnTheHue() {
        let overlay = Overlay(windowSize: Size(width: 800, height: 600))
        let ui = overlay.addLayer(name: "ui", level: LayerLevel.panel)
        let picker = ColorPicker(color: Color(hue: 0.5, saturation: 0.5, value: 0.5))
        picker.frame = Rect(x: 20, y: 20, width: 216, height: 320)
        ui.root.addSubview(picker)
        overlay.update()
        overlay.focus(picker.saturationValue)
        var frame = 0
        let start = picker.hsv
        XCTAssertFalse(overlay.route(axis(.leftX, 1)).isForEngine)
        frames(overlay, 30, &frame)
        XCTAssertGreaterThan(picker.hsv.s, start.s + 0.05, "right: more saturation")
        XCTAssertEqual(picker.hsv.v, start.v, accuracy: 1e-9, "value untouched by a horizontal push")
        overlay.route(axis(.leftX, 0))
        overlay.route(axis(.leftY, -1))
        frames(overlay, 30, &frame)
        XCTAssertGreaterThan(picker.hsv.v, start.v + 0.05, "up: more value")
        XCTAssertTrue(picker.saturationValue.isFocused, "the stick drives the square, it does not leave it")
        overlay.route(axis(.leftY, 0))

        let hue = picker.hsv.h
        XCTAssertFalse(overlay.route(axis(.rightTrigger, 1)).isForEngine)
        frames(overlay, 60, &frame)
        XCTAssertEqual(picker.hsv.h, hue + 60.0 / 240, accuracy: 1e-6, "a full trigger turns a quarter in a second")
        overlay.route(axis(.rightTrigger, 0))
        overlay.route(axis(.leftTrigger, 0.5))
        frames(overlay, 240, &frame)
        XCTAssertEqual(picker.hsv.h, (hue + 0.25 - 0.5 + 1).truncatingRemainder(dividingBy: 1), accuracy: 1e-6,
                       "the left trigger turns back, by how far it is pulled, wrapping")
        overlay.route(axis(.leftTrigger, 0))
        let settled = picker.hsv.h
        frames(overlay, 10, &frame)
        XCTAssertEqual(picker.hsv.h, settled, "released triggers stop")
        // The triggers do nothing once focus leaves the picker's square and bar.
        overlay.clearFocus()
        XCTAssertTrue(overlay.route(axis(.rightTrigger, 1)).isForEngine)
        frames(overlay, 10, &frame)
        XCTAssertEqual(picker.hsv.h, settled)
    }

    func testThePadsPenDrawsWhileAIsHeld() {
        let overlay = Overlay(windowSize: Size(width: 800, height: 600))
        let ui = overlay.addLayer(name: "ui", level: LayerLevel.panel)
        let drawing = DrawingPad(identifier: "pad", frame: Rect(x: 20, y: 20, width: 200, height: 100))
        ui.root.addSubview(drawing)
        overlay.update()
        overlay.route(pad(.dpadDown))
        XCTAssertTrue(drawing.isFocused, "the pad is a stop for the D-pad")
        var frame = 0
        // The stick alone moves the cursor: no ink.
        overlay.route(axis(.leftX, 1))
        frames(overlay, 10, &frame)
        XCTAssertEqual(drawing.stickPen.cursor, Point(x: 140, y: 50), "4 points a frame from the center")
        XCTAssertEqual(drawing.strokeCount, 0)
        // A down, stick down-left for 10 frames, A up: one stroke along the way.
        overlay.route(pad(.a))
        overlay.route(axis(.leftX, -1))
        overlay.route(axis(.leftY, 1))
        frames(overlay, 10, &frame)
        overlay.route(pad(.a, .up))
        XCTAssertEqual(drawing.strokeCount, 1)
        XCTAssertEqual(drawing.strokes.first?.first, Point(x: 140, y: 50))
        XCTAssertEqual(drawing.strokes.first?.last, Point(x: 100, y: 90))
        XCTAssertEqual(drawing.strokes.first?.count, 11)
        // The cursor stops at the pad's edge.
        frames(overlay, 100, &frame)
        XCTAssertEqual(drawing.stickPen.cursor, Point(x: 0, y: 100))
        // A controller unplugged mid-stroke: its cancel drops the stroke.
        overlay.route(pad(.a))
        frames(overlay, 3, &frame)
        overlay.route(pad(.a, .cancel))
        XCTAssertEqual(drawing.strokeCount, 1)
        // The D-pad still leaves the pad (the stick is the pen's).
        XCTAssertEqual(overlay.route(axis(.leftX, 0)).target.view?.identifier, "pad")
    }
}
