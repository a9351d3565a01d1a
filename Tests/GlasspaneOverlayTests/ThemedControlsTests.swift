// Toggle, Picker, Stepper, ProgressView and TabView driven through the router as the host drives them: pointer,
// keyboard and script tables, disabled and focus behaviour, and golden draw lists of their states in both schemes.
import XCTest
import GlasspaneCore
import GoldenFiles
@testable import GlasspaneOverlay

/// One overlay with one layer; controls placed at fixed frames.
private struct Bench {
    let overlay = Overlay(windowSize: Size(width: 400, height: 300))
    let layer: OverlayLayer
    init() { layer = overlay.addLayer(name: "ui", level: 0) }
    func place(_ view: View, _ frame: Rect) {
        view.frame = frame
        layer.root.addSubview(view)
        overlay.update()
    }
    func click(_ view: View, at local: Point) {
        let f = view.windowFrame
        overlay.route(down(f.minX + local.x, f.minY + local.y))
        overlay.route(up(f.minX + local.x, f.minY + local.y))
    }
    func press(_ k: Key, _ mods: KeyModifiers = []) {
        overlay.route(.key(KeyEvent(key: k, isDown: true, modifiers: mods)))
        overlay.route(.key(KeyEvent(key: k, isDown: false, modifiers: mods)))
    }
}

final class ThemedControlsTests: XCTestCase {
    // MARK: - Toggle

    func testTogglePointerKeyboardAndScriptTable() {
        let bench = Bench()
        let toggle = Toggle(identifier: "hud", title: "HUD")
        var reported: [Bool] = []
        toggle.onChange = { reported.append($0) }
        bench.place(toggle, Rect(x: 20, y: 20, width: 200, height: 26))
        bench.click(toggle, at: Point(x: 180, y: 13))
        XCTAssertEqual(toggle.isOn, true, "a click flips it")
        let f = toggle.windowFrame
        bench.overlay.route(down(f.center.x, f.center.y))
        XCTAssertTrue(toggle.isPressed)
        bench.overlay.route(drag(f.maxX + 40, f.center.y))
        XCTAssertFalse(toggle.isPressed, "dragged out: not pressed")
        bench.overlay.route(up(f.maxX + 40, f.center.y))
        XCTAssertEqual(toggle.isOn, true, "released outside: unchanged")
        bench.press(.tab)
        XCTAssertTrue(toggle.isFocused, "Tab stops on it")
        bench.press(.character(" "))
        XCTAssertEqual(toggle.isOn, false, "Space flips it")
        bench.press(.enter)
        XCTAssertEqual(toggle.isOn, true, "Enter flips it")
        XCTAssertEqual(reported, [true, false, true])
        toggle.isOn = false
        XCTAssertEqual(reported.count, 3, "programmatic changes are not reported")
        XCTAssertEqual(toggle.scriptValue(of: "isOn"), "false")
        XCTAssertEqual(toggle.scriptValue(of: "isEnabled"), "true")
        XCTAssertNil(toggle.scriptValue(of: "selection"))
    }

    func testDisabledToggleIgnoresPointerAndKeysAndLosesFocus() {
        let bench = Bench()
        let toggle = Toggle(identifier: "vsync", title: "Vsync", style: .checkbox)
        bench.place(toggle, Rect(x: 20, y: 20, width: 120, height: 24))
        bench.press(.tab)
        XCTAssertTrue(toggle.isFocused)
        toggle.isEnabled = false
        XCTAssertFalse(toggle.isFocused, "disabling drops focus")
        bench.click(toggle, at: Point(x: 9, y: 12))
        bench.press(.character(" "))
        XCTAssertFalse(toggle.isOn)
        bench.press(.tab)
        XCTAssertFalse(toggle.isFocused, "Tab skips a disabled control")
        XCTAssertEqual(toggle.scriptValue(of: "isEnabled"), "false")
    }

    // MARK: - Picker

    func testPickerPointerKeyboardAndScriptTable() {
        let bench = Bench()
        let picker = Picker(identifier: "fps", options: ["30", "60", "120", "Off"], selection: 1)
        var reported: [Int] = []
        picker.onChange = { reported.append($0) }
        bench.place(picker, Rect(x: 20, y: 20, width: 200, height: 28))
        bench.click(picker, at: Point(x: 125, y: 14))
        XCTAssertEqual(picker.selection, 2, "the third 50-point segment")
        bench.click(picker, at: Point(x: 5, y: 14))
        XCTAssertEqual(picker.selection, 0)
        bench.press(.tab)
        bench.press(.right)
        XCTAssertEqual(picker.selection, 1)
        bench.press(.end)
        XCTAssertEqual(picker.selection, 3)
        bench.press(.right)
        XCTAssertEqual(picker.selection, 3, "stops at the last")
        bench.press(.home)
        XCTAssertEqual(picker.selection, 0)
        XCTAssertEqual(reported, [2, 0, 1, 3, 0])
        XCTAssertEqual(picker.scriptValue(of: "selection"), "0")
        XCTAssertEqual(picker.scriptValue(of: "value"), "30")
        picker.selection = 9
        XCTAssertEqual(picker.selection, 3, "clamped")
        picker.isEnabled = false
        bench.click(picker, at: Point(x: 5, y: 14))
        XCTAssertEqual(picker.selection, 3, "disabled: clicks do nothing")
    }

    func testPickerKeepsAtMostItsLimitOfOptions() {
        let picker = Picker(options: (0..<40).map(String.init))
        XCTAssertEqual(picker.options.count, Picker.maximumOptions)
        XCTAssertEqual(picker.droppedOptionCount, 40 - Picker.maximumOptions)
    }

    // MARK: - Stepper

    func testStepperPointerKeyboardAndLimits() {
        let bench = Bench()
        let stepper = Stepper(identifier: "players", title: "Players", value: 2, range: 1...4)
        var reported: [Int] = []
        stepper.onChange = { reported.append($0) }
        bench.place(stepper, Rect(x: 20, y: 20, width: 220, height: 28))
        bench.click(stepper, at: Point(x: 220 - 14, y: 14))   // +
        XCTAssertEqual(stepper.value, 3)
        bench.click(stepper, at: Point(x: 220 - 28 - 2 - 14, y: 14))   // −
        XCTAssertEqual(stepper.value, 2)
        bench.click(stepper, at: Point(x: 10, y: 14))   // the title
        XCTAssertEqual(stepper.value, 2, "a click on the title does nothing")
        bench.press(.tab)
        bench.press(.up); bench.press(.up); bench.press(.up)
        XCTAssertEqual(stepper.value, 4, "clamped at the top")
        bench.press(.home)
        XCTAssertEqual(stepper.value, 1)
        bench.press(.down)
        XCTAssertEqual(stepper.value, 1, "clamped at the bottom")
        XCTAssertEqual(reported, [3, 2, 3, 4, 1])
        XCTAssertEqual(stepper.scriptValue(of: "value"), "1")
    }

    // MARK: - ProgressView

    func testProgressViewFillsItsFractionAndSweepsOnTheFrameClock() {
        let bench = Bench()
        let bar = ProgressView(identifier: "load", value: 0.25)
        bench.place(bar, Rect(x: 0, y: 0, width: 200, height: 6))
        let fills = { bench.layer.drawList.commands.compactMap { c -> Rect? in
            if case .rect(let r, let color, _) = c, color == Theme.standard[.accent].dark { return r } else { return nil } } }
        XCTAssertEqual(fills().map(\.width), [50])
        bar.value = nil
        bench.overlay.update()
        bench.overlay.advanceAnimations(to: 0.6)
        bench.overlay.update()
        let first = fills()
        bench.overlay.advanceAnimations(to: 0.9)
        XCTAssertTrue(bench.overlay.mayNeedUpdate, "the sweep asks for a paint")
        bench.overlay.update()
        XCTAssertEqual(bar.phase, 0.75, accuracy: 1e-9)
        XCTAssertNotEqual(fills(), first, "the segment moved")
        XCTAssertEqual(bar.scriptValue(of: "value"), "indeterminate")
        bar.value = 1
        bench.overlay.advanceAnimations(to: 1.0)
        XCTAssertEqual(bench.overlay.frameTickers.count, 0, "determinate again: no longer ticked")
    }

    // MARK: - TabView

    func testTabViewShowsTheSelectedTabAndAnswersCtrlTabAndCtrlPage() {
        let bench = Bench()
        let draw = View(identifier: "draw"), type = TextField(identifier: "type.field")
        draw.preferredHeight = 40
        let tabs = TabView(identifier: "sign", tabs: [.init("Draw", content: draw), .init("Type", content: type),
                                                       .init("Import", content: Label(identifier: "import", text: "path"))])
        var reported: [Int] = []
        tabs.onChange = { reported.append($0) }
        bench.place(tabs, Rect(x: 10, y: 10, width: 300, height: 150))
        XCTAssertFalse(draw.isHidden); XCTAssertTrue(type.isHidden)
        let bar = tabs.bar.frame
        bench.click(tabs.bar, at: Point(x: bar.width / 2, y: 5))
        XCTAssertEqual(tabs.selection, 1)
        XCTAssertTrue(draw.isHidden); XCTAssertFalse(type.isHidden)
        bench.overlay.update()
        bench.overlay.focus(type)
        bench.press(.tab, [.control])
        XCTAssertEqual(tabs.selection, 2, "Ctrl+Tab from inside the text field")
        bench.press(.tab, [.control])
        XCTAssertEqual(tabs.selection, 0, "wraps")
        bench.overlay.clearFocus()
        bench.press(.pageUp, [.control])
        XCTAssertEqual(tabs.selection, 2, "Ctrl+Page Up with no focus: previous, wrapping")
        bench.press(.tab, [.control, .shift])
        XCTAssertEqual(tabs.selection, 1)
        bench.press(.pageDown, [.control])
        XCTAssertEqual(tabs.selection, 2)
        XCTAssertEqual(reported, [1, 2, 0, 2, 1, 2])
        bench.press(.tab)
        XCTAssertTrue(tabs.bar.isFocused, "plain Tab still moves focus")
        XCTAssertEqual(tabs.selection, 2)
        XCTAssertEqual(tabs.scriptValue(of: "value"), "Import")
    }

    // MARK: - Looks

    /// Every control in its states, in both schemes, as draw-list text (re-record with GLASSPANE_RECORD_GOLDEN=1).
    func testControlStatesInBothSchemesMatchTheGoldenDrawList() {
        var out = ""
        for scheme in ColorScheme.allCases {
            let bench = Bench()
            bench.overlay.setColorScheme(scheme)
            let off = Toggle(identifier: "off", title: "Off")
            let on = Toggle(identifier: "on", title: "On", isOn: true)
            let box = Toggle(identifier: "box", title: "Box", isOn: true, style: .checkbox)
            let boxOff = Toggle(identifier: "boxOff", title: "Box", style: .checkbox)
            let disabled = Toggle(identifier: "disabled", title: "Disabled", isOn: true)
            disabled.isEnabled = false
            let picker = Picker(identifier: "picker", options: ["A", "B", "C"], selection: 1)
            let stepper = Stepper(identifier: "stepper", title: "N", value: 0, range: 0...3)
            let bar = ProgressView(identifier: "bar", value: 0.5)
            let primary = Button(identifier: "done", title: "Done")
            primary.role = .primary
            let views: [View] = [off, on, box, boxOff, disabled, picker, stepper, bar, primary]
            for (i, v) in views.enumerated() {
                bench.place(v, Rect(x: 10, y: 10 + Double(i) * 30, width: 150, height: 26))
            }
            bench.overlay.route(hover(10 + 75, 10 + 5 * 30 + 13))   // hover the picker's middle segment
            bench.press(.tab)                                          // focus the first toggle
            bench.overlay.update()
            out += "# \(scheme.rawValue)\n" + bench.layer.drawList.dumpText + "\n"
        }
        assertGolden(out, named: "controls-states.txt")
    }
}
