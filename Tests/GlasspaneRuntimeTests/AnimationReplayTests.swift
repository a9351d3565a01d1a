// One clock: a replayed script with animations (a spring preset, a retarget, the panel collapsing; not the HUD, whose
// figures are wall-clock times)
// draws the same frames byte for byte on every run and at every speed, and `--slow-animations` is recorded in the
// script header and honoured on replay.
import Foundation
import GlasspaneAnimation
import GlasspaneCore
import GlasspaneDemo
import GlasspaneHost
import GlasspaneRuntime
import XCTest

@MainActor
final class AnimationReplayTests: XCTestCase {
    private var directory: URL!

    override func setUp() async throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("glasspane-anim-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(at: directory)
        try? AnimationSettings.setSlowDownFactor(1)
    }

    private func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    private func open(_ description: SessionDescription) throws -> Session {
        try Session.open(description) { r in
            DemoApp(sceneRenderer: r.sceneRenderer, overlayRenderer: r.overlayRenderer, fonts: r.fonts,
                    windowSize: r.windowSize, bus: r.bus, content: DemoApp.Content(showsHUD: r.description.showsHUD))
        }
    }

    private static let script = [
        #"{"format":"glasspane-script","version":1,"window":{"width":480,"height":320,"scale":1},"step_hz":120}"#,
        #"{"frame":3,"click":"picker.preset.3"}"#,
        #"{"frame":7,"click":"picker.preset.5"}"#,
        #"{"frame":9,"key":"f2"}"#,
        #"{"wait":10}"#,
    ].joined(separator: "\n")

    /// Replays `script` and returns the PNGs of frames 8 and 12 (mid-animation) and the bus log.
    private func run(_ script: String, name: String, pacing: ReplayPacing = .fast,
                     configure: (inout SessionDescription) -> Void = { _ in }) async throws -> (shots: [Data], log: String, state: EngineState) {
        var d = SessionDescription()
        d.headless = true
        d.replay = ReplayDescription(scriptPath: script, pacing: pacing)
        d.screenshots = [ScreenshotRequest(frame: 8, path: path("\(name)-8.png")), ScreenshotRequest(frame: 12, path: path("\(name)-12.png"))]
        d.busLogPath = path("\(name).log")
        configure(&d)
        let session = try open(d)
        let outcome = await session.run()
        let state = (session.app as! DemoApp).engine.state
        session.close()
        XCTAssertEqual(outcome.outputErrors, [])
        XCTAssertNil(outcome.fatalError)
        return ([try Data(contentsOf: URL(fileURLWithPath: path("\(name)-8.png"))),
                 try Data(contentsOf: URL(fileURLWithPath: path("\(name)-12.png")))],
                try String(contentsOfFile: path("\(name).log"), encoding: .utf8), state)
    }

    func testAnAnimatedReplayIsByteIdenticalAcrossRunsAndSpeeds() async throws {
        let script = path("animated.jsonl")
        try Data(Self.script.utf8).write(to: URL(fileURLWithPath: script))
        let first = try await run(script, name: "a")
        let second = try await run(script, name: "b")
        let realtime = try await run(script, name: "c", pacing: .realtime)
        XCTAssertNotEqual(first.shots[0], first.shots[1], "the frames differ: things move")
        XCTAssertEqual(first.shots, second.shots, "two runs, the same pixels")
        XCTAssertEqual(first.shots, realtime.shots, "fast and realtime, the same pixels")
        XCTAssertEqual(first.log, second.log)
        XCTAssertEqual(first.log, realtime.log)
        XCTAssertTrue(first.log.contains(#""animation":{"spring":{"dampingFraction":0.72,"response":0.5}}"#), "the preset's spring crossed the bus")
        XCTAssertEqual(first.state, realtime.state)
    }

    func testSlowAnimationsIsRecordedInTheHeaderAndHonouredOnReplay() async throws {
        let source = path("source.jsonl")
        try Data(Self.script.utf8).write(to: URL(fileURLWithPath: source))
        let recorded = path("slow.jsonl")
        let slow = try await run(source, name: "slow") { $0.slowAnimations = 4; $0.recordingPath = recorded }
        let header = try String(contentsOfFile: recorded, encoding: .utf8).split(separator: "\n").first.map(String.init) ?? ""
        XCTAssertTrue(header.contains(#""slowAnimations":4"#), header)
        let normal = try await run(source, name: "normal")
        XCTAssertNotEqual(slow.shots[0], normal.shots[0], "a slowed animation is elsewhere at frame 8")
        // The recording replays slowed without the flag, to the same pixels.
        let replayed = try await run(recorded, name: "replayed")
        XCTAssertEqual(replayed.shots, slow.shots)
        XCTAssertEqual(AnimationSettings.slowDownFactor, 4)
    }

    func testAnOutOfRangeSlowDownIsRefusedBeforeAnyWindow() throws {
        for bad in [-1.0, 0.001, 101, .nan] {
            var d = SessionDescription()
            d.headless = true
            d.slowAnimations = bad
            XCTAssertThrowsError(try open(d), "\(bad)") { error in
                XCTAssertEqual((error as? SessionError)?.identifier, "slow-animations")
            }
        }
    }
}
