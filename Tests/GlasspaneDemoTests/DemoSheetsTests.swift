// The demo's finished sheets: Options with controls that act at once, New game, title bars whose primary answers
// Enter and cancellation Escape, the menu's equal-width column.
import XCTest
import GlasspaneCore
import GlasspaneDemo
import GlasspaneHost
import GlasspaneOverlay
import GlasspaneTesting

@MainActor
final class DemoSheetsTests: XCTestCase {
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
    private func frame(_ events: [InputEvent] = []) async {
        platform.pendingEvents = events
        await loop.runFrameAsync()
    }
    private func frames(_ n: Int) async { for _ in 0..<n { await frame() } }
    private func view(_ id: String) -> View? { app.stage.overlay.view(withIdentifier: id) }
    private func click(_ id: String, _ fx: Double = 0.5, _ fy: Double = 0.5) async throws {
        let f = try XCTUnwrap(view(id), "no view \(id)").windowFrame
        let p = Point(x: f.minX + f.width * fx, y: f.minY + f.height * fy)
        await frame([.pointerDown(PointerEvent(location: p)), .pointerUp(PointerEvent(location: p))])
    }
    private func press(_ k: Key) async { await frame([.key(KeyEvent(key: k)), .key(KeyEvent(key: k, isDown: false))]) }

    func testMenuButtonsFormAnEqualWidthColumn() async throws {
        await start(route: .menu)
        await frames(30)
        let ids = ["menu.play", "menu.newgame", "menu.options", "menu.sign", "menu.about", "menu.quit"]
        let frames = try ids.map { try XCTUnwrap(view($0)).windowFrame }
        XCTAssertEqual(Set(frames.map(\.width)), [220], "every button as wide as the column")
        XCTAssertEqual(Set(frames.map(\.minX)).count, 1, "one left edge")
    }

    func testDownAndUpWalkTheMenuColumnAndEnterPicks() async throws {
        await start(route: .menu)
        await frames(30)
        let focused = { self.app.stage.overlay.focusedView?.identifier }
        await press(.down)
        XCTAssertEqual(focused(), "menu.play", "Down with nothing focused: the first button")
        await press(.down)
        XCTAssertEqual(focused(), "menu.newgame")
        await press(.up); await press(.up)
        XCTAssertEqual(focused(), "menu.quit", "Up wraps to the last")
        await press(.down); await press(.down); await press(.down)
        XCTAssertEqual(focused(), "menu.options")
        await press(.enter)
        XCTAssertEqual(app.navigation.currentRoute, .options, "Enter picked the focused button")
    }

    func testQuitAsksFirstAndEnterConfirms() async throws {
        await start(route: .menu)
        await frames(30)
        try await click("menu.quit")
        XCTAssertFalse(app.wantsQuit, "an alert asks first")
        XCTAssertEqual(app.stage.overlay.activeModal?.name, "alert.quit")
        await press(.escape)
        XCTAssertFalse(app.wantsQuit, "Escape cancels")
        XCTAssertNil(app.stage.overlay.activeModal)
        try await click("menu.quit")
        await press(.enter)
        XCTAssertTrue(app.wantsQuit, "Enter runs Quit, the primary action")
    }

    func testOptionsControlsTakeEffectAtOnce() async throws {
        await start()
        var pacing: [String] = []
        app.navigation.setPacing = { pacing.append("vsync \($0) cap \($1)") }
        app.navigation.open(.options)
        await frames(40)
        let theme = try XCTUnwrap(view("options.theme") as? Picker)
        XCTAssertEqual(theme.selectedTitle, "Dark")
        try await click("options.theme", 0.75)
        XCTAssertEqual(app.stage.overlay.colorScheme, .light, "the overlay's scheme switched in the frame of the click")
        XCTAssertEqual(app.navigation.settings.theme, .light)
        let sheet = try XCTUnwrap(view("options.panel") as? Panel)
        XCTAssertEqual(sheet.surface, .sheet)
        XCTAssertEqual(Theme.standard[.sheet].light.a, 1, "the sheet is opaque")
        try await click("options.fpscap", 0.6)   // the third of four segments: 60
        XCTAssertEqual(app.navigation.fpsCapPicker.selectedTitle, "60")
        try await click("options.vsync")
        XCTAssertEqual(pacing, ["vsync true cap 60", "vsync false cap 60"])
        try await click("options.hud")
        XCTAssertTrue(app.isHUDShown)
        try await click("options.speed", 0.1)   // Off: transitions become instant
        XCTAssertNil(app.navigation.presenter.transition)
        await press(.enter)
        XCTAssertEqual(app.navigation.currentRoute, .play, "Enter ran Done")
    }

    func testNewGameSheetStartsWithItsChoicesAndEscapeCancels() async throws {
        await start(route: .menu)
        await frames(30)
        try await click("menu.newgame")
        XCTAssertEqual(app.navigation.currentRoute, .newGame)
        await frames(40)
        try await click("newgame.players", 0.97)          // +
        try await click("newgame.difficulty", 0.9)        // Hard
        try await click("newgame.tutorial")               // off
        XCTAssertEqual(app.navigation.playersStepper.value, 2)
        XCTAssertEqual(app.navigation.difficultyPicker.selectedTitle, "Hard")
        XCTAssertFalse(app.navigation.tutorialToggle.isOn)
        await press(.escape)
        XCTAssertEqual(app.navigation.currentRoute, .menu, "Escape ran Cancel")
        app.navigation.coordinator.present(.newGame)
        await frames(40)
        let start = try XCTUnwrap(view("newgame.start") as? Button)
        XCTAssertEqual(start.role, .primary, "the primary action looks distinct")
        await press(.enter)
        XCTAssertEqual(app.navigation.currentRoute, .play)
        XCTAssertEqual(app.navigation.toastLabel.text, "New game: 2 players, Hard")
        XCTAssertEqual(try DemoRoute.parse("new-game"), .newGame)
    }

    /// At the demo's scale: a scheme switch marks exactly the views whose last paint read a token that changed, and
    /// repaints them in place.
    func testThemeSwitchRepaintsExactlyTheDemoViewsThatReadChangedTokens() async throws {
        await start()
        app.navigation.open(.options)
        await frames(40)
        let overlay = app.stage.overlay
        let changed = Theme.standard.changedTokens(.light, from: Theme.standard, .dark)
        var expected = 0, total = 0
        func walk(_ v: View) {
            total += 1
            if !v.themeTokensRead.isDisjoint(with: changed) { expected += 1 }
            v.subviews.forEach(walk)
        }
        overlay.layers.forEach { walk($0.root) }
        let change = overlay.setColorScheme(.light)
        XCTAssertEqual(change.viewsRepainted, expected)
        XCTAssertGreaterThan(expected, 10, "the sheet's controls and labels read tokens")
        XCTAssertLessThan(expected, total, "views that read no changed token are left alone")
        let before = overlay.stats
        await frame()
        XCTAssertEqual(overlay.stats.fullRepaints, before.fullRepaints, "repainted in place")
    }
}
