// End to end without a display: fake platform, no renderers, the real bus, engine, overlay and picker.
import XCTest
import GlasspaneBus
import GlasspaneCore
import GlasspaneDemo
import GlasspaneScene
import GlasspaneHost
import GlasspaneOverlay
import GlasspaneTesting

@MainActor
final class DemoEndToEndTests: XCTestCase {
    private var platform: FakePlatform!
    private var app: DemoApp!
    private var loop: FrameLoop!

    override func setUp() async throws {
        platform = FakePlatform()
        app = DemoApp(sceneRenderer: RecordingSceneRenderer(), initial: CubeState(color: Color(hex: "#ed7329")!))
        loop = FrameLoop(platform: platform, app: app, configuration: .init(fixedFrameDuration: 16_666_667))
        await loop.runFrameAsync() // lays the overlay out; the engine's ready and first state arrive
    }

    /// The window point at a relative position inside a view.
    private func point(in identifier: String, _ fx: Double, _ fy: Double, file: StaticString = #filePath, line: UInt = #line) throws -> Point {
        let view = try XCTUnwrap(app.stage.overlay.view(withIdentifier: identifier), "no view \(identifier)", file: file, line: line)
        let f = view.windowFrame
        return Point(x: f.minX + f.width * fx, y: f.minY + f.height * fy)
    }

    private func frame(_ events: [InputEvent]) async {
        platform.pendingEvents = events
        await loop.runFrameAsync()
    }

    private func down(_ p: Point) -> InputEvent { .pointerDown(PointerEvent(location: p)) }
    private func move(_ p: Point) -> InputEvent { .pointerMove(PointerEvent(button: .left, location: p)) }
    private func up(_ p: Point) -> InputEvent { .pointerUp(PointerEvent(location: p)) }
    private func key(_ k: Key) -> InputEvent { .key(KeyEvent(key: k)) }

    func testPressInThePickerRecolorsTheCubeInTheSameFrameAndNeverReachesTheEngine() async throws {
        let spinning = app.simulation.current.spinning
        let camera = app.simulation.current.camera
        let p = try point(in: "picker.sv", 0.8, 0.2)
        await frame([down(p)])
        XCTAssertEqual(app.simulation.current.color.hex, app.picker.color.hex, "engine applied the picker color this frame")
        XCTAssertNotEqual(app.picker.color.hex, "#ed7329")
        XCTAssertEqual(app.client.lastReportedState?.color.hex, app.picker.color.hex, "state-changed arrived this frame")
        await frame([up(p)])
        XCTAssertEqual(app.simulation.current.spinning, spinning, "the press was not a scene click")
        XCTAssertEqual(app.simulation.current.camera, camera)
        XCTAssertEqual(app.stage.lastDecision?.target.view?.identifier, "picker.sv")
    }

    func testClickOnTheSceneTogglesTheSpinExactlyOnce() async throws {
        XCTAssertTrue(app.simulation.current.spinning)
        let scene = Point(x: 700, y: 400)
        await frame([down(scene)])
        await frame([up(scene)])
        XCTAssertFalse(app.simulation.current.spinning)
        await frame([])
        XCTAssertFalse(app.simulation.current.spinning)
        await frame([down(scene), up(scene)])
        XCTAssertTrue(app.simulation.current.spinning)
    }

    func testDragOnTheSceneOrbitsWithoutToggling() async throws {
        let yaw = app.simulation.current.camera.yaw
        await frame([down(Point(x: 700, y: 400))])
        for i in 1...5 { await frame([move(Point(x: 700 + Double(i) * 20, y: 400))]) }
        await frame([up(Point(x: 800, y: 400))])
        XCTAssertTrue(app.simulation.current.spinning)
        XCTAssertNotEqual(app.simulation.current.camera.yaw, yaw)
    }

    func testWheelOverTheSceneZoomsAndOverThePanelDoesNot() async throws {
        let d = app.simulation.current.camera.distance
        await frame([.wheel(location: try point(in: "picker.sv", 0.5, 0.5), dx: 0, dy: 1)])
        XCTAssertEqual(app.simulation.current.camera.distance, d)
        await frame([.wheel(location: Point(x: 700, y: 400), dx: 0, dy: 1)])
        XCTAssertLessThan(app.simulation.current.camera.distance, d)
    }

    func testStatusLabelShowsTheEngineReportedStateAfterTheRoundTrip() async throws {
        // The first state came through a get-state request answered within the first frames.
        await frame([])
        XCTAssertEqual(app.statusLabel.text, "spinning · #ed7329")
        await frame([down(Point(x: 700, y: 400)), up(Point(x: 700, y: 400))])
        XCTAssertEqual(app.statusLabel.text, "stopped · #ed7329")
    }

    func testDraggingSendsAtMostOneChangeColorPerFrame() async throws {
        let sent = app.colorMessagesSent
        let start = try point(in: "picker.hue", 0.1, 0.5)
        await frame([down(start)])
        for i in 1...10 {
            // Several moves in one frame: only the last color is sent.
            let moves = (0..<4).map { j in move(Point(x: start.x + Double(i * 4 + j) * 3, y: start.y)) }
            await frame(moves)
        }
        await frame([up(start)])
        XCTAssertLessThanOrEqual(app.colorMessagesSent - sent, 12)
        XCTAssertGreaterThanOrEqual(app.colorMessagesSent - sent, 10)
        XCTAssertEqual(app.simulation.current.color.hex, app.picker.color.hex)
    }

    /// The issue's case: click the hex field, type `ff8800`, Enter. The click selects the whole text, so typing
    /// replaces it (it used to append and read `#f3a712ff8800`); the cube turns #ff8800 and text input is on only
    /// while the field has focus.
    func testClickingTheHexFieldAndTypingReplacesTheColorAndRecolors() async throws {
        XCTAssertFalse(platform.textInputActive, "no text field focused: text input off")
        let field = try point(in: "picker.hex", 0.5, 0.5)
        await frame([down(field), up(field)])
        XCTAssertTrue(platform.textInputActive, "the hex field has focus: text input on")
        XCTAssertEqual(app.picker.hexField.selectedText, "#ed7329", "focusing the hex field selects it all")
        // The caret's rectangle reached the platform (SDL_SetTextInputRect in the product), inside the field.
        let hexFrame = app.picker.hexField.windowFrame
        let caretAfterFocus = try XCTUnwrap(platform.textInputRect)
        XCTAssertTrue(hexFrame.contains(Point(x: caretAfterFocus.minX + caretAfterFocus.width / 2, y: caretAfterFocus.minY + caretAfterFocus.height / 2)), "\(caretAfterFocus) in \(hexFrame)")
        for c in "ff8800" { await frame([.text(String(c))]) }
        XCTAssertNotEqual(try XCTUnwrap(platform.textInputRect).minX, caretAfterFocus.minX, "the caret moved with the typing")
        XCTAssertEqual(app.picker.hexField.text, "ff8800")
        await frame([key(.enter)])
        XCTAssertEqual(app.picker.hexField.text, "#ff8800")
        XCTAssertEqual(app.simulation.current.color.hex, "#ff8800")
        XCTAssertEqual(app.statusLabel.text, "spinning · #ff8800")
        let elsewhere = Point(x: 900, y: 500)
        await frame([down(elsewhere), up(elsewhere)])
        XCTAssertFalse(platform.textInputActive, "focus left the field: text input off")
    }

    func testHexFieldEditByKeyboard() async throws {
        let field = try point(in: "picker.hex", 0.5, 0.5)
        await frame([down(field), up(field)])
        XCTAssertTrue(app.picker.hexField.isFocused)
        await frame(Array(repeating: key(.backspace), count: 7) + [.text("#33aa55"), key(.enter)])
        XCTAssertEqual(app.simulation.current.color.hex, "#33aa55")
        XCTAssertEqual(app.statusLabel.text, "spinning · #33aa55")

        // Invalid text is shown as invalid and Enter applies nothing; Escape cancels and clears focus.
        await frame([key(.backspace), .text("z"), key(.enter)])
        XCTAssertTrue(app.picker.hexField.isInvalid)
        XCTAssertEqual(app.simulation.current.color.hex, "#33aa55")
        await frame([key(.escape)])
        XCTAssertFalse(app.picker.hexField.isFocused)
        XCTAssertEqual(app.picker.hexField.text, "#33aa55")
        XCTAssertFalse(loop.isFinished, "Escape that cleared focus must not quit")
        await frame([key(.escape)])
        XCTAssertTrue(loop.isFinished, "Escape with nothing focused reaches the engine and quits")
    }

    func testPresetSwatchAndArrowKeysNudge() async throws {
        let swatch = try point(in: "picker.preset.2", 0.5, 0.5)
        await frame([down(swatch), up(swatch)])
        XCTAssertEqual(app.simulation.current.color.hex, "#33aa55")
        let sv = try point(in: "picker.sv", 0.5, 0.5)
        await frame([down(sv), up(sv)])
        let before = app.picker.hsv
        await frame([key(.right), key(.up)])
        XCTAssertEqual(app.picker.hsv.s, before.s + 0.01, accuracy: 1e-9)
        XCTAssertEqual(app.picker.hsv.v, before.v + 0.01, accuracy: 1e-9)
        XCTAssertEqual(app.simulation.current.color.hex, app.picker.color.hex)
    }

    func testMalformedBusMessagesLeaveTheEngineUntouchedAndTheLoopRunning() async throws {
        let state = app.simulation.current
        var errors: [String] = []
        app.client.onError = { errors.append($0.code.rawValue) }
        app.bus.postRaw("{not json", from: .overlay, to: .engine)
        app.bus.postRaw(#"{"type":"change-color","data":[1.5,0,0]}"#, from: .overlay, to: .engine)
        app.bus.postRaw(#"{"type":"explode","data":{}}"#, from: .overlay, to: .engine)
        await frame([])
        await frame([])
        XCTAssertEqual(app.simulation.current.color, state.color)
        XCTAssertEqual(Set(errors), ["malformed-json", "invalid-payload", "unknown-type"])
        XCTAssertFalse(loop.isFinished)
    }

    func testCleanFramesDoNoOverlayWork() async throws {
        await frame([])
        let stats = app.stage.overlay.stats
        let generation = app.stage.generation
        for _ in 0..<10 { await frame([]) }
        XCTAssertEqual(app.stage.overlay.stats, stats)
        XCTAssertEqual(app.stage.generation, generation)
    }
}

@MainActor
final class DemoAsyncRequestTests: XCTestCase {
    func testAwaitedStateResumesWithinTheFrameOfTheReply() async throws {
        let platform = FakePlatform()
        let app = DemoApp(sceneRenderer: nil)
        let loop = FrameLoop(platform: platform, app: app, configuration: .init(fixedFrameDuration: 16_666_667))
        await loop.runFrameAsync()
        var received: EngineState?
        var resumedInFrame: Int?
        Task.immediate {
            received = try? await app.client.state()
            resumedInFrame = loop.frameIndex
        }
        XCTAssertNil(received)
        await loop.runFrameAsync() // phase 3 answers, phase 5 delivers, settle resumes the task: all in frame 1
        XCTAssertEqual(received?.spinning, true)
        XCTAssertEqual(received?.frame, 1)
        XCTAssertEqual(resumedInFrame, 1, "resumed before the frame ended")
    }
}

@MainActor
final class HUDTests: XCTestCase {
    func testHUDIsNonInteractiveTogglesWithF1AndShowsFastChannelFigures() async throws {
        let platform = FakePlatform()
        let app = DemoApp(sceneRenderer: nil, content: DemoApp.Content(showsHUD: true))
        let loop = FrameLoop(platform: platform, app: app, configuration: .init(fixedFrameDuration: 16_666_667))
        loop.addObserver(app.performanceHUD, order: .hud)
        await loop.runFrameAsync()
        await loop.runFrameAsync()
        XCTAssertTrue(app.performanceHUD.isVisible)
        // A click on the HUD panel passes through to the engine: the spin toggles.
        let hud = app.performanceHUD.view.windowFrame
        XCTAssertGreaterThan(hud.width, 0)
        platform.pendingEvents = [.pointerDown(PointerEvent(location: hud.center)), .pointerUp(PointerEvent(location: hud.center))]
        await loop.runFrameAsync()
        XCTAssertFalse(app.simulation.current.spinning, "the HUD must not take events")
        XCTAssertTrue(app.stage.lastDecision?.target.isEngine ?? false)
        // The engine's per-step figures arrived over the fast channel, without JSON.
        XCTAssertEqual(app.latestEngineStats?.stepCount, app.simulation.stepCount)
        XCTAssertTrue(app.performanceHUD.view.engineLine.hasPrefix("engine step "), app.performanceHUD.view.engineLine)
        // F1 toggles it (it reaches the engine side because nothing has focus); it fades out, then hides.
        platform.pendingEvents = [.key(KeyEvent(key: .function(1)))]
        await loop.runFrameAsync()
        for _ in 0..<16 { await loop.runFrameAsync() }
        XCTAssertFalse(app.performanceHUD.isVisible)
        platform.pendingEvents = [.key(KeyEvent(key: .function(1)))]
        await loop.runFrameAsync()
        XCTAssertTrue(app.performanceHUD.isVisible)
    }
}
