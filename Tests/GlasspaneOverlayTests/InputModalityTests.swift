// The focus ring only in keyboard or controller mode, and input prompts that follow the device used last
// (docs/focus.md, "Focus ring and input prompts"), checked over the layer's draw list.
import XCTest
import GlasspaneCore
@testable import GlasspaneOverlay

private func pad(_ b: ControllerButton, _ phase: ControllerButtonEvent.Phase = .down, controller: Int = 0) -> InputEvent {
    .controllerButton(ControllerButtonEvent(controller: controller, button: b, phase: phase))
}

private func connect(_ controller: Int, _ style: ControllerStyle) -> InputEvent {
    .controllerDevice(ControllerDeviceEvent(controller: controller, isConnected: true, name: "pad \(controller)", style: style))
}

final class InputModalityTests: XCTestCase {
    /// The slider's focus ring: a `.ring` in the theme's focus color around the thumb.
    private func ringCount(_ layer: OverlayLayer, _ overlay: Overlay) -> Int {
        let focusColor = overlay.resolvedColors[ColorToken.focusRing.rawValue]
        return layer.drawList.commands.filter {
            if case .ring(_, _, _, let color) = $0 { return color == focusColor }
            return false
        }.count
    }

    func testTheFocusRingShowsAfterControllerOrKeyboardNavigationAndHidesOnPointerUse() {
        let overlay = Overlay(windowSize: Size(width: 800, height: 600))
        let ui = overlay.addLayer(name: "ui", level: LayerLevel.panel)
        let button = Button(identifier: "b", title: "Above")
        button.frame = Rect(x: 20, y: 20, width: 120, height: 30)
        let slider = Slider(identifier: "s", value: 0.5)
        slider.frame = Rect(x: 20, y: 100, width: 300, height: 24)
        ui.root.addSubview(button)
        ui.root.addSubview(slider)
        overlay.update()

        // A click focuses the slider (it takes focus on press): the pointer is in hand, so no ring.
        overlay.route(down(170, 112)); overlay.route(up(170, 112))
        overlay.update()
        XCTAssertTrue(slider.isFocused)
        XCTAssertFalse(overlay.showsFocusRing)
        XCTAssertEqual(ringCount(ui, overlay), 0, "no ring after a click")

        // The D-pad moves focus up and back down: the ring shows.
        overlay.route(pad(.dpadUp)); overlay.route(pad(.dpadUp, .up))
        overlay.route(pad(.dpadDown)); overlay.route(pad(.dpadDown, .up))
        overlay.update()
        XCTAssertTrue(slider.isFocused)
        XCTAssertEqual(ringCount(ui, overlay), 1, "the ring shows in controller mode")

        // A wheel over the slider is pointer use: the ring hides although the slider keeps focus.
        overlay.route(.wheel(location: Point(x: 170, y: 112), dx: 0, dy: 1))
        overlay.update()
        XCTAssertTrue(slider.isFocused)
        XCTAssertEqual(ringCount(ui, overlay), 0)

        // An arrow key is keyboard navigation: the ring is back.
        overlay.route(key(.right)); overlay.route(key(.right, down: false))
        overlay.update()
        XCTAssertEqual(ringCount(ui, overlay), 1)
    }

    func testTypingInATextFieldKeepsTheRingModeButTabShowsIt() {
        let overlay = Overlay(windowSize: Size(width: 800, height: 600))
        let ui = overlay.addLayer(name: "ui", level: LayerLevel.panel)
        let field = TextField(identifier: "f")
        field.frame = Rect(x: 20, y: 20, width: 200, height: 28)
        ui.root.addSubview(field)
        overlay.update()
        overlay.route(down(30, 30)); overlay.route(up(30, 30))
        XCTAssertTrue(field.isFocused)
        XCTAssertFalse(overlay.showsFocusRing)
        overlay.route(key(.character("a")))
        XCTAssertFalse(overlay.showsFocusRing, "a key typed into a field is not navigation")
        overlay.route(key(.tab))
        XCTAssertTrue(overlay.showsFocusRing)
    }

    func testPromptsFollowTheDeviceUsedLastWithOneRepaintPerSwitch() {
        let overlay = Overlay(windowSize: Size(width: 800, height: 600))
        let ui = overlay.addLayer(name: "ui", level: LayerLevel.panel)
        let select = InputPrompt(identifier: "p.select", action: .select)
        let back = InputPrompt(identifier: "p.back", action: .back)
        select.frame = Rect(x: 20, y: 20, width: 120, height: 20)
        back.frame = Rect(x: 160, y: 20, width: 120, height: 20)
        ui.root.addSubview(select)
        ui.root.addSubview(back)
        overlay.update()
        XCTAssertEqual([select.glyph, back.glyph], ["Enter", "Esc"], "the keyboard before anything is used")
        let painted = select.drawCount

        overlay.route(connect(0, .playstation))
        overlay.route(connect(1, .xbox))
        overlay.update()
        XCTAssertEqual(select.drawCount, painted, "plugging a controller in is not using it")

        overlay.route(pad(.x, controller: 0))
        overlay.update()
        XCTAssertEqual([select.glyph, back.glyph], ["\u{2715}", "\u{25CB}"], "PlayStation: Cross and Circle")
        XCTAssertEqual(select.drawCount, painted + 1, "one repaint for the switch")
        XCTAssertTrue(ui.drawList.commands.contains { if case .glyphs(let run) = $0 { run.text == "\u{2715}" } else { false } })

        overlay.route(pad(.y, controller: 0))
        overlay.update()
        XCTAssertEqual(select.drawCount, painted + 1, "more presses on the same controller repaint nothing")

        overlay.route(pad(.x, controller: 1))
        overlay.update()
        XCTAssertEqual([select.glyph, back.glyph], ["A", "B"], "an Xbox controller: A and B")
        XCTAssertEqual(select.drawCount, painted + 2)

        overlay.route(key(.character("q")))
        overlay.update()
        XCTAssertEqual(select.glyph, "Enter")
        XCTAssertEqual(select.drawCount, painted + 3)
        overlay.route(down(600, 500)); overlay.route(up(600, 500))
        overlay.update()
        XCTAssertEqual(select.drawCount, painted + 3, "the pointer shows keyboard keys too: no switch")

        // An unplugged controller's number, reused by another type, takes that type's glyphs.
        overlay.route(.controllerDevice(ControllerDeviceEvent(controller: 0, isConnected: false)))
        overlay.route(connect(0, .nintendo))
        overlay.route(pad(.leftShoulder, controller: 0))
        XCTAssertEqual(PromptAction.previousTab.glyph(for: overlay.promptStyle), "L")
        XCTAssertEqual(overlay.lastInputDevice, .controller(.nintendo))
    }

    func testGlyphTables() {
        XCTAssertEqual(PromptAction.allCases.map { $0.glyph(for: .playstation) }, ["\u{2715}", "\u{25CB}", "R1", "L1", "\u{25A1}", "\u{25B3}"])
        XCTAssertEqual(PromptAction.allCases.map { $0.glyph(for: .xbox) }, ["A", "B", "RB", "LB", "X", "Y"])
        XCTAssertEqual(PromptAction.allCases.map { $0.glyph(for: nil) }, ["Enter", "Esc", "Ctrl+Tab", "Ctrl+Shift+Tab", "Backspace", "Shift"])
        XCTAssertEqual(InputPrompt.glyph(of: .start, style: .playstation), "Options")
    }
}
