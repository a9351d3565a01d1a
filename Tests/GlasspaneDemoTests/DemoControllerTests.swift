// The demo with a controller (docs/focus.md): its sheets prompt "A Select · B Back" in the glyphs of the device used
// last, the prompts hang under the sheet without moving it, and the Sign sheet's pad draws with the stick and A.
import XCTest
import GlasspaneCore
import GlasspaneDemo
import GlasspaneHost
import GlasspaneOverlay
import GlasspaneTesting

@MainActor
final class DemoControllerTests: XCTestCase {
    private var demo: DemoHarness!
    private var app: DemoApp { demo.app }

    private func start(route: DemoRoute) async { demo = await DemoHarness(route: route) }
    private func frame(_ events: [InputEvent] = []) async { await demo.frame(events) }
    private func frames(_ n: Int) async { await demo.frames(n) }
    private func view(_ id: String) -> View? { demo.view(id) }
    private func pad(_ b: ControllerButton, _ phase: ControllerButtonEvent.Phase = .down) -> InputEvent {
        .controllerButton(ControllerButtonEvent(button: b, phase: phase))
    }

    func testSheetsPromptInTheGlyphsOfTheDeviceUsedLast() async throws {
        await start(route: .options)
        await frames(40)
        let select = try XCTUnwrap(view("options.prompt.select") as? InputPrompt)
        let back = try XCTUnwrap(view("options.prompt.back") as? InputPrompt)
        XCTAssertEqual([select.glyph, back.glyph], ["Enter", "Esc"])
        let panel = try XCTUnwrap(view("options.panel")).windowFrame
        let strip = try XCTUnwrap(view("options.prompts")).windowFrame
        XCTAssertEqual(strip.minY, panel.maxY + 8, "under the sheet")
        XCTAssertEqual(strip.maxX, panel.maxX, "right-aligned with it")

        await frame([.controllerDevice(ControllerDeviceEvent(controller: 0, isConnected: true, name: "DualSense", style: .playstation)),
                     pad(.dpadDown), pad(.dpadDown, .up)])
        XCTAssertEqual([select.glyph, back.glyph], ["\u{2715}", "\u{25CB}"])
        XCTAssertEqual(try XCTUnwrap(view("options.panel")).windowFrame, panel, "the sheet did not move")
        await frame([.key(KeyEvent(key: .down)), .key(KeyEvent(key: .down, isDown: false))])
        XCTAssertEqual(select.glyph, "Enter")
    }

    func testTheSignSheetsPadDrawsWithTheStickWhileAIsHeld() async throws {
        await start(route: .sign)
        await frames(40)
        let signPad = try XCTUnwrap(view("sign.pad") as? DrawingPad)
        // Down from the title bar: the tab bar, the Pen menu (`sign.tools`), then the pad.
        for _ in 0..<6 where !signPad.isFocused { await frame([pad(.dpadDown), pad(.dpadDown, .up)]) }
        XCTAssertTrue(signPad.isFocused, "\(app.stage.overlay.focusedView?.identifier ?? "none")")
        await frame([pad(.a), .controllerAxis(ControllerAxisEvent(axis: .leftX, value: 1))])
        await frames(20)
        await frame([pad(.a, .up), .controllerAxis(ControllerAxisEvent(axis: .leftX, value: 0))])
        XCTAssertEqual(signPad.strokeCount, 1)
        XCTAssertTrue(try XCTUnwrap(view("sign.done") as? Button).isEnabled, "a stroke enables Done, as with the mouse")
    }

    func testClosingASheetGivesFocusBackToTheButtonThatOpenedIt() async throws {
        await start(route: .menu)
        await frames(5)
        let overlay = app.stage.overlay
        let options = try XCTUnwrap(view("menu.options"))
        overlay.focus(options)
        await frame([pad(.a), pad(.a, .up)])
        await frames(40)
        XCTAssertEqual(view("options.theme")?.layer?.visibility, .visible, "the Options sheet is up")
        XCTAssertFalse(options.isFocused, "the menu behind the sheet has no focus")
        await frame([pad(.b), pad(.b, .up)])
        await frames(40)
        XCTAssertTrue(overlay.focusedView === options, "focus: \(overlay.focusedView?.identifier ?? "none")")
        // One D-pad step from there is the next button, not the first one.
        await frame([pad(.dpadDown), pad(.dpadDown, .up)])
        XCTAssertEqual(overlay.focusedView?.identifier, "menu.sign")

        // A sheet opened with nothing focused leaves nothing focused when it closes.
        overlay.clearFocus()
        await frame([.pointerDown(PointerEvent(location: options.windowFrame.center)), .pointerUp(PointerEvent(location: options.windowFrame.center))])
        await frames(40)
        overlay.clearFocus()
        await frame([.key(KeyEvent(key: .escape)), .key(KeyEvent(key: .escape, isDown: false))])
        await frames(40)
        XCTAssertEqual(view("options.theme")?.layer?.visibility, .hidden, "the sheet went away")
        XCTAssertNil(overlay.focusedView?.identifier)
    }
}
