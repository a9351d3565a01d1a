// Controllers over time (docs/focus.md, "Held directions, the stick and tabs"): a held D-pad direction repeats on a
// schedule counted in frames, the left stick navigates with hysteresis or drives a focused slider or stepper with
// acceleration, and the shoulder buttons switch tabs.
import XCTest
import GlasspaneCore
@testable import GlasspaneOverlay

private func pad(_ b: ControllerButton, _ phase: ControllerButtonEvent.Phase = .down, controller: Int = 0) -> InputEvent {
    .controllerButton(ControllerButtonEvent(controller: controller, button: b, phase: phase))
}

private func stick(_ axis: ControllerAxis, _ value: Double, controller: Int = 0) -> InputEvent {
    .controllerAxis(ControllerAxisEvent(controller: controller, axis: axis, value: value))
}

final class ControllerNavigatorTests: XCTestCase {
    /// A column of `count` buttons (ids col.0 ...), 40 points apart.
    private func makeColumn(_ count: Int = 20) -> (Overlay, OverlayLayer, [Button]) {
        let overlay = Overlay(windowSize: Size(width: 800, height: 1000))
        let ui = overlay.addLayer(name: "ui", level: LayerLevel.panel)
        var buttons: [Button] = []
        for i in 0..<count {
            let b = Button(identifier: "col.\(i)", title: "Item \(i)")
            b.frame = Rect(x: 20, y: 10 + Double(i) * 40, width: 120, height: 30)
            ui.root.addSubview(b)
            buttons.append(b)
        }
        overlay.update()
        return (overlay, ui, buttons)
    }

    /// Runs `frames` frames: each one ticks the overlay once (as the frame loop's animation phase does).
    private func runFrames(_ overlay: Overlay, _ frames: Int, from start: inout Int, record: ((Int) -> Void)? = nil) {
        for _ in 0..<frames {
            start += 1
            overlay.advanceAnimations(to: Double(start) / 60)
            record?(start)
        }
    }

    private func focusedIndex(_ overlay: Overlay) -> Int? {
        overlay.focusedView.flatMap { Int($0.identifier.split(separator: ".").last ?? "") }
    }

    func testAHeldDPadRepeatsAfterTheInitialDelayThenAtTheRate() {
        let (overlay, _, _) = makeColumn()
        var frame = 0
        overlay.route(pad(.dpadDown))
        overlay.route(pad(.dpadDown, .up))
        XCTAssertEqual(focusedIndex(overlay), 0, "the first press focuses the first view")
        overlay.route(pad(.dpadDown))
        XCTAssertEqual(focusedIndex(overlay), 1, "a press moves at once")
        var moves: [(frame: Int, index: Int)] = []
        var last = 1
        runFrames(overlay, 60, from: &frame) { f in
            if let i = self.focusedIndex(overlay), i != last { moves.append((f, i)); last = i }
        }
        // Default timing: the first repeat 24 frames after the press, then one every 6 frames.
        XCTAssertEqual(moves.map(\.frame), [24, 30, 36, 42, 48, 54, 60])
        XCTAssertEqual(moves.map(\.index), [2, 3, 4, 5, 6, 7, 8])
        overlay.route(pad(.dpadDown, .up))
        runFrames(overlay, 60, from: &frame)
        XCTAssertEqual(focusedIndex(overlay), 8, "a released direction stops repeating")
        XCTAssertFalse(overlay.controllerNavigator.isHoldingDirection)
    }

    func testRepeatTimingIsSettableAndACancelStopsIt() {
        let (overlay, _, _) = makeColumn()
        overlay.controllerNavigator.repeatTiming = DirectionRepeat(initialDelayFrames: 10, intervalFrames: 2)
        var frame = 0
        overlay.focus(overlay.view(withIdentifier: "col.0")!)
        overlay.route(pad(.dpadDown))
        runFrames(overlay, 9, from: &frame)
        XCTAssertEqual(focusedIndex(overlay), 1, "no repeat before the initial delay")
        runFrames(overlay, 1, from: &frame)
        XCTAssertEqual(focusedIndex(overlay), 2, "the first repeat on frame 10")
        runFrames(overlay, 4, from: &frame)
        XCTAssertEqual(focusedIndex(overlay), 4, "then every 2 frames")
        // The controller is unplugged while the direction is held: its cancel ends the repeat.
        overlay.route(pad(.dpadDown, .cancel))
        runFrames(overlay, 20, from: &frame)
        XCTAssertEqual(focusedIndex(overlay), 4)
    }

    func testAPressOfAnotherDirectionTakesOverTheRepeat() {
        let (overlay, _, _) = makeColumn()
        var frame = 0
        overlay.focus(overlay.view(withIdentifier: "col.5")!)
        overlay.route(pad(.dpadDown))
        overlay.route(pad(.dpadUp))             // both held: the newer one repeats
        XCTAssertEqual(focusedIndex(overlay), 5)
        overlay.route(pad(.dpadDown, .up))      // releasing the older one leaves the newer one repeating
        runFrames(overlay, 30, from: &frame)
        XCTAssertEqual(focusedIndex(overlay), 3, "two repeats up (frames 24 and 30)")
    }

    /// A 3x2 grid of buttons, 100 points apart (ids grid.0 ... grid.5).
    private func makeGrid() -> (Overlay, OverlayLayer) {
        let overlay = Overlay(windowSize: Size(width: 800, height: 600))
        let ui = overlay.addLayer(name: "ui", level: LayerLevel.panel)
        for i in 0..<6 {
            let b = Button(identifier: "grid.\(i)", title: "\(i)")
            b.frame = Rect(x: 20 + Double(i % 3) * 100, y: 20 + Double(i / 3) * 100, width: 80, height: 30)
            ui.root.addSubview(b)
        }
        overlay.update()
        return (overlay, ui)
    }

    func testTheLeftStickNavigatesWithHysteresis() {
        let (overlay, _) = makeGrid()
        overlay.focus(overlay.view(withIdentifier: "grid.0")!)
        XCTAssertEqual(overlay.route(stick(.leftX, 0.45)).reason, .focused, "below the engage threshold: nothing")
        XCTAssertEqual(focusedIndex(overlay), 0)
        XCTAssertEqual(overlay.route(stick(.leftX, 0.6)).reason, .focusMoved)
        XCTAssertEqual(focusedIndex(overlay), 1, "past 0.5 the stick moves focus at once")
        overlay.route(stick(.leftX, 0.4))
        overlay.route(stick(.leftX, 0.7))
        XCTAssertEqual(focusedIndex(overlay), 1, "dipping to 0.4 (above the release threshold) does not let go")
        overlay.route(stick(.leftX, 0.2))
        overlay.route(stick(.leftX, 0.7))
        XCTAssertEqual(focusedIndex(overlay), 2, "below 0.3 lets go; pushing again moves again")
        overlay.route(stick(.leftX, 0))
        overlay.route(stick(.leftY, 0.8))
        XCTAssertEqual(focusedIndex(overlay), 5, "down")
        overlay.route(stick(.leftY, 0))
        XCTAssertEqual(overlay.route(stick(.leftX, -0.9)).reason, .focusMoved)
        XCTAssertEqual(focusedIndex(overlay), 4, "left")
        // Held, the stick repeats like the D-pad.
        var frame = 0
        runFrames(overlay, 24, from: &frame)
        XCTAssertEqual(focusedIndex(overlay), 3)
        overlay.route(stick(.leftX, 0))
        XCTAssertFalse(overlay.controllerNavigator.isHoldingDirection)
    }

    func testWithNothingFocusedTheStickIsTheEngines() {
        let (overlay, _) = makeGrid()
        XCTAssertTrue(overlay.route(stick(.leftX, 0.9)).isForEngine)
        XCTAssertNil(overlay.focusedView)
        var frame = 0
        runFrames(overlay, 40, from: &frame)
        XCTAssertNil(overlay.focusedView, "the engine's stick never moves overlay focus")
        XCTAssertTrue(overlay.route(stick(.rightX, 0.9)).isForEngine)
    }

    func testTheStickDrivesAFocusedSliderWithAcceleration() {
        let overlay = Overlay(windowSize: Size(width: 800, height: 600))
        let ui = overlay.addLayer(name: "ui", level: LayerLevel.panel)
        let slider = Slider(identifier: "s", value: 0, range: 0...1000)
        slider.step = 1
        slider.frame = Rect(x: 20, y: 20, width: 300, height: 24)
        ui.root.addSubview(slider)
        overlay.update()
        overlay.focus(slider)
        XCTAssertEqual(overlay.route(stick(.leftX, 1)).reason, .focused)
        XCTAssertEqual(slider.value, 1, "one step at once")
        var frame = 0
        runFrames(overlay, 60, from: &frame)
        let firstSecond = slider.value - 1
        runFrames(overlay, 60, from: &frame)
        let secondSecond = slider.value - 1 - firstSecond
        // Steps per frame at full deflection: 0.125 + frames/60 (at most 4): 38 steps in the first second, 98 in
        // the second.
        XCTAssertEqual(firstSecond, 38, accuracy: 1)
        XCTAssertEqual(secondSecond, 98, accuracy: 1)
        // Half deflection: half the speed.
        overlay.route(stick(.leftX, 0))
        let before = slider.value
        overlay.route(stick(.leftX, -0.5))
        runFrames(overlay, 60, from: &frame)
        XCTAssertEqual(before - slider.value, 1 + 19, accuracy: 1, "one step, then half of 38")
        // Up and down still move focus away from a slider.
        overlay.route(stick(.leftX, 0))
        XCTAssertEqual(overlay.controllerNavigator.driveStepCount, Int(1 + firstSecond + secondSecond + before - slider.value))
    }

    func testTheStickDrivesAFocusedStepper() {
        let overlay = Overlay(windowSize: Size(width: 800, height: 600))
        let ui = overlay.addLayer(name: "ui", level: LayerLevel.panel)
        let stepper = Stepper(identifier: "st", title: "Players", value: 50, range: 0...100)
        stepper.frame = Rect(x: 20, y: 20, width: 300, height: 30)
        ui.root.addSubview(stepper)
        overlay.update()
        overlay.focus(stepper)
        overlay.route(stick(.leftX, -1))
        XCTAssertEqual(stepper.value, 49)
        var frame = 0
        runFrames(overlay, 60, from: &frame)
        XCTAssertEqual(Double(stepper.value), 49 - 38, accuracy: 1)
        runFrames(overlay, 60, from: &frame)
        XCTAssertEqual(stepper.value, 0, "clamped at the range's end")
    }

    func testShoulderButtonsSwitchTabs() {
        let overlay = Overlay(windowSize: Size(width: 800, height: 600))
        let ui = overlay.addLayer(name: "ui", level: LayerLevel.panel)
        let buttons = (0..<3).map { Button(identifier: "tab\($0).button", title: "In tab \($0)") }
        let tabs = TabView(identifier: "tabs", tabs: buttons.enumerated().map { TabView.Tab("Tab \($0.offset)", content: $0.element) })
        tabs.frame = Rect(x: 20, y: 20, width: 400, height: 200)
        ui.root.addSubview(tabs)
        overlay.update()
        // Nothing focused: the visible tab view switches.
        let d = overlay.route(pad(.rightShoulder))
        XCTAssertEqual(d.reason, .keyCommand)
        XCTAssertTrue(d.target.view === tabs)
        XCTAssertEqual(tabs.selection, 1)
        overlay.route(pad(.rightShoulder, .up))
        overlay.update()
        // Focus inside the selected tab: the next tab hides it, and focus goes to the bar.
        overlay.focus(buttons[1])
        overlay.route(pad(.rightShoulder))
        XCTAssertEqual(tabs.selection, 2)
        XCTAssertTrue(overlay.focusedView === tabs.bar, "\(overlay.focusedView?.identifier ?? "none")")
        overlay.route(pad(.leftShoulder))
        overlay.route(pad(.leftShoulder))
        overlay.route(pad(.leftShoulder))
        XCTAssertEqual(tabs.selection, 2, "left goes back, wrapping")
        XCTAssertFalse(overlay.route(pad(.leftShoulder)).isForEngine)
    }

    func testShouldersWithNoTabViewGoToTheEngine() {
        let (overlay, _) = makeGrid()
        overlay.focus(overlay.view(withIdentifier: "grid.0")!)
        XCTAssertTrue(overlay.route(pad(.rightShoulder)).isForEngine)
    }

    func testTheStickThresholdsAndDriveFormula() {
        XCTAssertEqual(StickThresholds(engage: 0.5, release: 0.8).release, 0.5, "release is clamped to engage")
        XCTAssertEqual(DirectionRepeat(initialDelayFrames: 0, intervalFrames: -3), DirectionRepeat(initialDelayFrames: 1, intervalFrames: 1))
        let drive = StickDrive()
        XCTAssertEqual(drive.stepsPerFrame(deflection: 1, frames: 0), 0.125)
        XCTAssertEqual(drive.stepsPerFrame(deflection: 0.5, frames: 60), 0.5625)
        XCTAssertEqual(drive.stepsPerFrame(deflection: 1, frames: 10_000), 4, "capped")
        XCTAssertEqual(drive.stepsPerFrame(deflection: 7, frames: 0), 0.125, "an out-of-range deflection is clamped")
    }
}

/// Bad input (docs/focus.md, "Bad input"): axis values out of range or not numbers, a thousand hot-plug events at
/// once, controller numbers nobody has, an unplug mid-press.
final class ControllerBadInputTests: XCTestCase {
    func testOutOfRangeAndNonFiniteAxisValuesAreClampedBeforeAnyViewSeesThem() {
        let overlay = Overlay(windowSize: Size(width: 800, height: 600))
        let ui = overlay.addLayer(name: "ui", level: LayerLevel.panel)
        let picker = ColorPicker(color: Color(hue: 0.5, saturation: 0.5, value: 0.5))
        picker.frame = Rect(x: 20, y: 20, width: 216, height: 320)
        ui.root.addSubview(picker)
        overlay.update()
        overlay.focus(picker.hueBar)
        let d = overlay.route(.controllerAxis(ControllerAxisEvent(axis: .rightTrigger, value: 250)))
        guard case .controllerAxis(let delivered) = d.event else { return XCTFail("\(d.event)") }
        XCTAssertEqual(delivered.value, 1, "a trigger's 250 is its full pull")
        let nan = overlay.route(.controllerAxis(ControllerAxisEvent(axis: .rightTrigger, value: .nan)))
        guard case .controllerAxis(let released) = nan.event else { return XCTFail("\(nan.event)") }
        XCTAssertEqual(released.value, 0, "not a number: at rest")
        let hue = picker.hsv.h
        for f in 1...10 { overlay.advanceAnimations(to: Double(f) / 60) }
        XCTAssertEqual(picker.hsv.h, hue, "the NaN released the trigger: the hue stays")
        XCTAssertEqual(ControllerAxis.leftX.clamped(-.infinity), 0)
        XCTAssertEqual(ControllerAxis.leftY.clamped(-3), -1)
    }

    func testAThousandHotPlugEventsAndUnknownControllerNumbersLeaveNoState() {
        let overlay = Overlay(windowSize: Size(width: 800, height: 600))
        let ui = overlay.addLayer(name: "ui", level: LayerLevel.panel)
        let b = Button(identifier: "b", title: "B")
        b.frame = Rect(x: 20, y: 20, width: 100, height: 30)
        ui.root.addSubview(b)
        overlay.update()
        for i in 0..<1000 {
            let connected = i % 2 == 0
            let d = overlay.route(.controllerDevice(ControllerDeviceEvent(controller: i / 2 % 16, isConnected: connected,
                                                                          style: .playstation)))
            XCTAssertTrue(d.isForEngine)
        }
        XCTAssertTrue(overlay.controllerStyles.isEmpty, "every controller plugged was unplugged")
        // A number no platform gives: routed like any press, remembered nowhere.
        overlay.route(.controllerDevice(ControllerDeviceEvent(controller: 1_000_000, isConnected: true, style: .playstation)))
        overlay.route(.controllerButton(ControllerButtonEvent(controller: 1_000_000, button: .dpadDown)))
        XCTAssertTrue(b.isFocused)
        XCTAssertEqual(overlay.lastInputDevice, .controller(.generic))
        XCTAssertTrue(overlay.controllerStyles.isEmpty)
        XCTAssertFalse(overlay.controllerNavigator.isHoldingDirection, "no repeat is kept for it")
    }

    func testAnUnplugMidHoldEndsTheRepeatWithExactlyOneCancel() {
        let overlay = Overlay(windowSize: Size(width: 800, height: 1000))
        let ui = overlay.addLayer(name: "ui", level: LayerLevel.panel)
        for i in 0..<10 {
            let b = Button(identifier: "col.\(i)", title: "\(i)")
            b.frame = Rect(x: 20, y: 10 + Double(i) * 40, width: 100, height: 30)
            ui.root.addSubview(b)
        }
        overlay.update()
        overlay.focus(overlay.view(withIdentifier: "col.0")!)
        overlay.route(.controllerButton(ControllerButtonEvent(controller: 3, button: .dpadDown)))
        // What the platform sends for an unplug mid-press: the cancel, then the disconnection.
        let cancel = overlay.route(.controllerButton(ControllerButtonEvent(controller: 3, button: .dpadDown, phase: .cancel)))
        XCTAssertEqual(cancel.reason, .followsKeyPress)
        overlay.route(.controllerDevice(ControllerDeviceEvent(controller: 3, isConnected: false)))
        let second = overlay.route(.controllerButton(ControllerButtonEvent(controller: 3, button: .dpadDown, phase: .cancel)))
        XCTAssertEqual(second.reason, .noFocus, "a second end finds no press: it is not delivered again")
        for f in 1...60 { overlay.advanceAnimations(to: Double(f) / 60) }
        XCTAssertEqual(overlay.focusedView?.identifier, "col.1", "one move for the press, no repeat after the unplug")
    }

    /// A held D-pad's repeat on a list that must scroll: the repeat runs in a frame tick and the scroll starts
    /// another ticking view (its offset animation) during that pass; that used to be an exclusivity crash.
    func testAHeldDPadScrollsAFocusedListFromItsRepeat() throws {
        let overlay = Overlay(windowSize: Size(width: 400, height: 300))
        let layer = overlay.addLayer(name: "ui", level: LayerLevel.panel)
        let list = try List(identifier: "list", rowCount: 100, rowHeight: .fixed(26), makeRow: { View() }, configureRow: { _, _ in })
        list.frame = Rect(x: 20, y: 20, width: 200, height: 200)
        layer.addSubview(list)
        overlay.update()
        overlay.advanceAnimations(to: 0)
        let press = ControllerButtonEvent(button: .dpadDown, phase: .down)
        overlay.route(.controllerButton(press))   // nothing focused: the first press focuses the list
        XCTAssertTrue(list.isFocused)
        overlay.route(.controllerButton(ControllerButtonEvent(button: .dpadDown, phase: .up)))
        overlay.route(.controllerButton(press))   // held: one step, then the repeat
        for frame in 1...150 {
            overlay.advanceAnimations(to: Double(frame) / 60)
            overlay.update()
        }
        // The held press lands on row 0, then a repeat at frame 24 and every 6 frames to 150: 22 more rows.
        XCTAssertEqual(list.cursorIndex, 22)
        XCTAssertGreaterThan(list.contentOffset.y, 0, "scrolled to keep the cursor in sight")
        XCTAssertLessThanOrEqual(list.contentOffset.y, 21 * 26)
    }
}
