// The demo as an app: menu, options and sign over the live scene, on the fake platform with the real bus and engine.
import XCTest
import GlasspaneCore
import GlasspaneDemo
import GlasspaneHost
import GlasspaneOverlay
import GlasspaneTesting

@MainActor
final class DemoNavigationTests: XCTestCase {
    private var platform: FakePlatform!
    private var app: DemoApp!
    private var loop: FrameLoop!

    private func start(route: DemoRoute = .play) async {
        platform = FakePlatform()
        app = DemoApp(sceneRenderer: RecordingSceneRenderer(), initial: CubeState(color: Color(hex: "#ed7329")!),
                      content: DemoApp.Content(route: route))
        loop = FrameLoop(platform: platform, app: app, configuration: .init(fixedFrameDuration: 16_666_667))
        await loop.runFrameAsync()
    }

    private func point(in identifier: String, _ fx: Double = 0.5, _ fy: Double = 0.5) throws -> Point {
        let view = try XCTUnwrap(app.stage.overlay.view(withIdentifier: identifier), "no view \(identifier)")
        let f = view.windowFrame
        return Point(x: f.minX + f.width * fx, y: f.minY + f.height * fy)
    }

    private func frame(_ events: [InputEvent] = []) async {
        platform.pendingEvents = events
        await loop.runFrameAsync()
    }

    private func frames(_ n: Int) async { for _ in 0..<n { await frame() } }

    private func click(_ identifier: String) async throws {
        let p = try point(in: identifier)
        await frame([.pointerDown(PointerEvent(location: p)), .pointerUp(PointerEvent(location: p))])
    }

    private func press(_ k: Key) async { await frame([.key(KeyEvent(key: k)), .key(KeyEvent(key: k, isDown: false))]) }

    private func view(_ id: String) -> View? { app.stage.overlay.view(withIdentifier: id) }

    func testMKeyOpensTheMenuPausingTheSpinAndPlayResumesIt() async throws {
        await start()
        XCTAssertTrue(app.simulation.current.spinning)
        await press(.character("m"))
        XCTAssertEqual(app.navigation.currentRoute, .menu)
        XCTAssertFalse(app.simulation.current.spinning, "set-spin false reached the engine in the frame of the change")
        await frames(90)
        XCTAssertTrue(view("demo.panel")?.isHidden ?? false, "the play panel left")
        XCTAssertFalse(view("menu")?.isHidden ?? true)
        try await click("menu.play")
        XCTAssertEqual(app.navigation.currentRoute, .play)
        XCTAssertTrue(app.simulation.current.spinning, "leaving the menu resumes the spin it paused")
        await frames(90)
        XCTAssertTrue(view("menu")?.isHidden ?? false)
        XCTAssertFalse(view("demo.panel")?.isHidden ?? true)
    }

    func testMenuKeepsAStoppedSpinStopped() async throws {
        await start()
        await frame([.pointerDown(PointerEvent(location: Point(x: 900, y: 500))), .pointerUp(PointerEvent(location: Point(x: 900, y: 500)))])
        XCTAssertFalse(app.simulation.current.spinning)
        await press(.character("m"))
        await press(.escape)
        XCTAssertEqual(app.navigation.currentRoute, .play, "Escape went back instead of quitting")
        XCTAssertFalse(app.wantsQuit)
        XCTAssertFalse(app.simulation.current.spinning, "the menu resumes only a spin it paused")
        await press(.escape)
        XCTAssertTrue(app.wantsQuit, "Escape at the root with nothing up quits")
    }

    func testTheOptionsHUDSwitchShowsTheHUDAndKeepsItUpUntilSwitchedOff() async throws {
        await start(route: .menu)
        try await click("menu.options")
        await frames(60)
        let hudToggle = try XCTUnwrap(view("options.hud") as? Toggle)
        XCTAssertEqual(hudToggle.isOn, false)
        try await click("options.hud")
        await frames(60)
        // The switch used to show the HUD's layer behind the app's back, and the next frame hid it again.
        XCTAssertTrue(app.performanceHUD.isVisible, "the HUD stays up")
        XCTAssertTrue(app.isHUDShown)
        XCTAssertEqual(hudToggle.isOn, true)
        try await click("options.hud")
        XCTAssertEqual(hudToggle.isOn, false, "off at once, while it fades")
        await frames(60)
        XCTAssertFalse(app.performanceHUD.isVisible, "faded out and hidden")
        XCTAssertFalse(app.isHUDShown)
    }

    func testRouteMenuOpensThereWithTheSpinPaused() async throws {
        await start(route: .menu)
        XCTAssertEqual(app.navigation.coordinator.state.stack, [.play, .menu])
        XCTAssertFalse(app.simulation.current.spinning)
        XCTAssertThrowsError(try DemoRoute.parse("settings")) { XCTAssertEqual(($0 as? DemoRouteError)?.identifier, "unknown-route") }
    }

    func testTheThemeRecoloursEveryPanelIncludingThePlayPanelWhileItIsAway() async throws {
        await start()
        let panel = try XCTUnwrap(view("demo.panel")), status = try XCTUnwrap(view("demo.status") as? Label)
        let title = try XCTUnwrap(view("demo.title") as? Label), hex = try XCTUnwrap(view("picker.hex") as? TextField)
        let menuPanel = try XCTUnwrap(view("menu.panel"))
        XCTAssertEqual(panel.backgroundColor, DemoTheme.dark.panelColor)
        XCTAssertEqual(status.textColor, DemoTheme.dark.secondaryTextColor)
        await press(.character("m"))
        await frames(60)
        try await click("menu.options")
        await frames(60)
        try await click("options.theme")
        await frame()
        XCTAssertEqual(app.navigation.settings.theme, .light)
        XCTAssertEqual(menuPanel.backgroundColor, DemoTheme.light.panelColor, "a panel under the sheet follows at once")
        try await click("options.back")
        try await click("menu.play")
        await frames(60)
        XCTAssertFalse(panel.isHidden)
        XCTAssertEqual(panel.backgroundColor, DemoTheme.light.panelColor, "the play panel, made before the theme existed, follows")
        XCTAssertEqual(panel.borderColor, DemoTheme.light.panelBorderColor)
        XCTAssertEqual(title.textColor, DemoTheme.light.textColor)
        XCTAssertEqual(status.textColor, DemoTheme.light.secondaryTextColor)
        XCTAssertEqual(hex.backgroundColor, DemoTheme.light.fieldColor)
        XCTAssertEqual(hex.textColor, DemoTheme.light.textColor)
        XCTAssertEqual(app.picker.presets.last?.borderColor, DemoTheme.light.swatchBorderColor, "the white swatch stays visible")
        XCTAssertNotEqual(DemoTheme.light.panelColor, DemoTheme.dark.panelColor)
    }

    func testOptionsSheetBlocksThePanelAndTheEngineAndEscapeClosesIt() async throws {
        await start()
        let sv = try point(in: "picker.sv", 0.1, 0.9)
        app.navigation.coordinator.present(.options)
        await frame()
        XCTAssertNotNil(app.stage.overlay.activeModal)
        let color = app.picker.color.hex, spinning = app.simulation.current.spinning, camera = app.simulation.current.camera
        await frame([.pointerDown(PointerEvent(location: sv)), .pointerUp(PointerEvent(location: sv))])
        XCTAssertEqual(app.picker.color.hex, color, "the picker under the sheet saw nothing")
        XCTAssertEqual(app.navigation.currentRoute, .play, "an outside tap dismisses the sheet")
        app.navigation.coordinator.present(.options)
        await frame()
        let scene = Point(x: 900, y: 600)
        await frame([.pointerDown(PointerEvent(location: scene)), .pointerMove(PointerEvent(button: .left, location: Point(x: 700, y: 500)))])
        XCTAssertEqual(app.simulation.current.spinning, spinning)
        XCTAssertEqual(app.simulation.current.camera, camera, "no drag reached the engine")
        app.navigation.coordinator.present(.options)
        await frame()
        await press(.escape)
        XCTAssertEqual(app.navigation.currentRoute, .play, "Escape closed the sheet")
        XCTAssertFalse(app.wantsQuit)
    }

    func testAModalEndsAnEngineDragWithACancelTheEngineHears() async throws {
        await start()
        let camera = app.simulation.current.camera
        await frame([.pointerDown(PointerEvent(location: Point(x: 900, y: 500)))])
        await frame([.pointerMove(PointerEvent(button: .left, location: Point(x: 880, y: 500)))])
        XCTAssertNotEqual(app.simulation.current.camera, camera, "the drag orbits")
        app.navigation.coordinator.present(.options)
        await frame()
        XCTAssertTrue(app.stage.overlay.takePendingEngineEvents().isEmpty, "the cancel went to the sink, not the queue")
        let spinning = app.simulation.current.spinning
        app.navigation.coordinator.dismiss()
        await frame([.pointerUp(PointerEvent(location: Point(x: 880, y: 500)))])
        XCTAssertEqual(app.simulation.current.spinning, spinning, "the cancelled drag's up is no scene click")
    }

    func testDoneIsEnabledOnlyOnceSomethingWasDrawnOrTypedAndItsToastStaysAboveSheets() async throws {
        await start()
        app.navigation.coordinator.present(.sign)
        await frame()
        XCTAssertFalse(app.navigation.doneButton.isEnabled)
        await frame([.pointerDown(PointerEvent(location: try point(in: "sign.pad", 0.2, 0.5)))])
        await frame([.pointerMove(PointerEvent(button: .left, location: try point(in: "sign.pad", 0.6, 0.4)))])
        await frame([.pointerUp(PointerEvent(location: try point(in: "sign.pad", 0.6, 0.4)))])
        XCTAssertTrue(app.navigation.doneButton.isEnabled, "a stroke enables Done")
        let typeTab = try point(in: "sign.tabs.bar", 0.5, 0.5)  // the middle of Draw, Type, Import
        await frame([.pointerDown(PointerEvent(location: typeTab)), .pointerUp(PointerEvent(location: typeTab))])
        XCTAssertFalse(app.navigation.doneButton.isEnabled, "the Type tab's field is empty")
        XCTAssertTrue(view("sign.field")?.isFocused ?? false, "the field took focus when its tab appeared")
        await frame([.text("Ada")])
        XCTAssertTrue(app.navigation.doneButton.isEnabled)
        try await click("sign.done")
        XCTAssertEqual(app.navigation.currentRoute, .play)
        XCTAssertEqual(app.navigation.toastLabel.text, "Signed as Ada in DejaVu Sans")
        XCTAssertFalse(view("toast")?.isHidden ?? true)
        app.navigation.coordinator.present(.options)
        await frame()
        let t = try point(in: "toast")
        XCTAssertTrue(app.stage.overlay.layers.first { $0.name == "toast" }!.level > app.navigation.presenter.sheetLayer(for: .options)!.level)
        await frame([.pointerDown(PointerEvent(location: t)), .pointerUp(PointerEvent(location: t))])
        XCTAssertEqual(app.stage.lastDecision?.target.view?.identifier.hasPrefix("toast"), true, "the toast is hit above the sheet")
        await frames(Int(DemoNavigation.toastDuration * 60) + 2)
        XCTAssertTrue(view("toast")?.isHidden ?? false, "the toast went away after its simulated seconds")
    }
}
