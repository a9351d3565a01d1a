// A real `record` session, driven by real SDL events pushed onto SDL's own queue (offscreen driver) before each
// frame polls, replays to the same engine state, the same last frame and the same bus traffic, byte for byte.
import CSDL2
import Foundation
import GlasspaneCore
import GlasspaneDemo
import GlasspaneHost
import GlasspaneRuntime
import SDLTestEvents
import XCTest

/// Pushes SDL events onto SDL's queue at the start of chosen frames (before the loop polls), as a user would.
@MainActor
final class SDLInputFeeder: FrameObserver {
    /// The events for a frame, built when the frame starts (so view frames are the live ones).
    var frames: [Int: @MainActor () -> [SDL_Event]] = [:]
    private(set) var pushFailures: [String] = []

    func frameWillStart(_ loop: FrameLoop, index: Int) {
        for var event in frames[index]?() ?? [] where SDL_PushEvent(&event) != 1 {
            pushFailures.append("frame \(index): \(String(cString: SDL_GetError()))")
        }
    }
}

@MainActor
final class RecordingEqualsSessionTests: DemoSessionTestCase {
    /// Records a session at `scale` with real SDL input, replays the recording, and compares the two.
    private func recordThenReplay(scale: Double) async throws {
        let recorded = try file("session.jsonl")
        let (shotA, shotB) = (try file("a.png"), try file("b.png"))
        let (logA, logB) = (try file("a.log"), try file("b.log"))
        var d = SessionDescription()
        d.headless = true
        d.pointScale = scale
        d.windowSize = PixelSize(width: 480, height: 320)
        d.frames = 40
        d.recordingPath = recorded
        d.recordingBufferFrames = 1
        d.busLogPath = logA
        d.screenshots = [ScreenshotRequest(frame: nil, path: shotA)]
        let session = try open(d)
        let app = try XCTUnwrap(session.app as? DemoApp)

        // SDL's units: pixels on the offscreen driver, so points x scale.
        func units(_ p: Point) -> (Int32, Int32) { (Int32((p.x * scale).rounded()), Int32((p.y * scale).rounded())) }
        func at(_ identifier: String, _ rx: Double, _ ry: Double) -> (Int32, Int32) {
            let f = app.stage.overlay.view(withIdentifier: identifier)!.windowFrame
            return units(Point(x: f.minX + f.width * rx, y: f.minY + f.height * ry))
        }
        func click(_ p: (Int32, Int32)) -> [SDL_Event] { [SDLEvents.button(down: true, at: p), SDLEvents.button(down: false, at: p)] }
        let feeder = SDLInputFeeder()
        feeder.frames = [
            3: { click(at("picker.preset.3", 0.5, 0.5)) },
            6: { [SDLEvents.motion(at: at("picker.sv", 0.1, 0.9), held: []), SDLEvents.button(down: true, at: at("picker.sv", 0.1, 0.9))] },
            7: { [SDLEvents.motion(at: at("picker.sv", 0.4, 0.6), held: [SDL_BUTTON_LEFT])] },
            8: { [SDLEvents.motion(at: at("picker.sv", 0.7, 0.3), held: [SDL_BUTTON_LEFT])] },
            9: { [SDLEvents.motion(at: at("picker.sv", 0.8, 0.25), held: [SDL_BUTTON_LEFT]), SDLEvents.button(down: false, at: at("picker.sv", 0.8, 0.25))] },
            13: { click(units(Point(x: 400, y: 250))) },
            15: { [SDLEvents.wheel(y: 2, at: units(Point(x: 380, y: 200)))] },
            18: { click(at("picker.hex", 0.5, 0.5)) },
            19: { [SDLEvents.key(SDLK_END, down: true), SDLEvents.key(SDLK_END, down: false)]
                + (0..<7).flatMap { _ in [SDLEvents.key(SDLK_BACKSPACE, down: true), SDLEvents.key(SDLK_BACKSPACE, down: false)] } },
            20: { [SDLEvents.text("#33aa55")] },
            21: { [SDLEvents.key(SDLK_RETURN, down: true), SDLEvents.key(SDLK_RETURN, down: false)] },
        ]
        session.loop.addObserver(feeder, order: .input)
        var colorAfterPreset = "", colorAfterDrag = "", spinningAfterClick = true, zoomBefore = 0.0, zoomAfter = 0.0
        session.loop.addObserver(FrameProbe(frame: 3) { colorAfterPreset = app.simulation.current.color.hex }, order: .screenshots)
        session.loop.addObserver(FrameProbe(frame: 9) { colorAfterDrag = app.simulation.current.color.hex }, order: .screenshots)
        session.loop.addObserver(FrameProbe(frame: 13) { spinningAfterClick = app.simulation.current.spinning }, order: .screenshots)
        session.loop.addObserver(FrameProbe(frame: 14) { zoomBefore = app.simulation.current.camera.distance }, order: .screenshots)
        session.loop.addObserver(FrameProbe(frame: 15) { zoomAfter = app.simulation.current.camera.distance }, order: .screenshots)
        let outcome = await session.run()
        let recordedState = app.engine.state
        session.close()
        XCTAssertEqual(feeder.pushFailures, [])
        XCTAssertEqual(outcome.outputErrors, [])
        XCTAssertEqual(outcome.recorded?.frames, 40)

        // The input did what a user would see: each step changed the engine.
        XCTAssertEqual(colorAfterPreset, "#2e86de", "the click on preset 3")
        XCTAssertNotEqual(colorAfterDrag, colorAfterPreset, "the drag in the saturation/value square")
        XCTAssertFalse(spinningAfterClick, "the click on the scene")
        XCTAssertLessThan(zoomAfter, zoomBefore, "the wheel zoomed in")
        XCTAssertEqual(recordedState.color.hex, "#33aa55", "the hex field took the keys and the text")
        let header = try XCTUnwrap(String(contentsOfFile: recorded, encoding: .utf8).split(separator: "\n").first)
        XCTAssertTrue(header.contains(#""scale":\#(scale == 1 ? "1" : "2")}"#), String(header))

        // The replay of the recording: same state, same last frame, same bus traffic.
        let replayed = try open(replay(recorded) {
            $0.busLogPath = logB
            $0.screenshots = [ScreenshotRequest(frame: nil, path: shotB)]
        })
        let replayOutcome = await replayed.run()
        let replayedState = (replayed.app as! DemoApp).engine.state
        replayed.close()
        XCTAssertNil(replayOutcome.fatalError)
        XCTAssertEqual(replayOutcome.framesRun, outcome.framesRun)
        XCTAssertEqual(replayedState, recordedState)
        let pngA = try Data(contentsOf: URL(fileURLWithPath: shotA)), pngB = try Data(contentsOf: URL(fileURLWithPath: shotB))
        XCTAssertEqual(try png(shotA).size, PixelSize(width: Int(480 * scale), height: Int(320 * scale)))
        XCTAssertTrue(pngA == pngB, "the same last frame, byte for byte")
        let busA = try String(contentsOfFile: logA, encoding: .utf8), busB = try String(contentsOfFile: logB, encoding: .utf8)
        XCTAssertTrue(busA.contains(#""type":"change-color""#), "the log has the session's traffic")
        XCTAssertEqual(busA, busB, "the same bus traffic, byte for byte")
    }

    func testARecordedSessionReplaysToTheSameStateFrameAndBusLog() async throws {
        try await recordThenReplay(scale: 1)
    }

    func testARecordedSessionAtScaleTwoReplaysToTheSameStateFrameAndBusLog() async throws {
        try await recordThenReplay(scale: 2)
    }
}
