// The runtime in process: replay, recording and expectations against the real renderer, headless (SDL's offscreen
// driver), without spawning the binary. Each test opens and closes its own session on the main actor.
import Foundation
import GlasspaneCore
import GlasspaneDemo
import GlasspaneHost
import GlasspaneRuntime
import XCTest

@MainActor
final class SessionTests: XCTestCase {
    private var directory: URL!

    override func setUp() async throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("glasspane-runtime-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDown() async throws { try? FileManager.default.removeItem(at: directory) }

    private func file(_ name: String, _ text: String? = nil) throws -> String {
        let path = directory.appendingPathComponent(name).path
        if let text { try Data(text.utf8).write(to: URL(fileURLWithPath: path)) }
        return path
    }

    private static let header = #"{"format":"glasspane-script","version":1,"window":{"width":480,"height":320,"scale":1},"step_hz":120}"#

    /// Opens the demo app on the runtime.
    private func open(_ description: SessionDescription) throws -> Session {
        try Session.open(description) { r in
            DemoApp(sceneRenderer: r.sceneRenderer, overlayRenderer: r.overlayRenderer, fonts: r.fonts,
                    windowSize: r.windowSize, bus: r.bus, content: DemoApp.Content(showsHUD: r.description.showsHUD))
        }
    }

    private func replay(_ script: String, configure: (inout SessionDescription) -> Void = { _ in }) throws -> SessionDescription {
        var d = SessionDescription()
        d.headless = true
        d.replay = ReplayDescription(scriptPath: script)
        configure(&d)
        return d
    }

    func testAHeadlessSessionFencesItsPresentsOnlyWhenItDoesNotFinishFirst() throws {
        // The loop's glFinish leaves nothing queued at the swap; without it, fences keep the queue bounded.
        for finish in [nil, true, false] as [Bool?] {
            var d = SessionDescription()
            d.headless = true
            d.finishesBeforePresent = finish
            let session = try open(d)
            defer { session.close() }
            XCTAssertEqual(session.platform.finishesBeforePresent, finish ?? true, "finish \(String(describing: finish))")
            XCTAssertEqual(session.platform.boundsQueueWithFences, finish == false, "finish \(String(describing: finish))")
        }
    }

    func testReplayDrivesTheDemoAndChecksExpectationsInProcess() async throws {
        let script = try file("spin.jsonl", [
            Self.header,
            #"{"frame":5,"expect":{"state":{"spinning":true}}}"#,
            #"{"frame":10,"click":[400,250]}"#,
            #"{"expect":{"state":{"spinning":false}}}"#,
            #"{"frame":12,"click":"picker.preset.3"}"#,
            ##"{"expect":{"view":"picker","property":"color","equals":"#2e86de"}}"##,
            #"{"wait":60}"#,
            // The lit face under (300, 170) once the color's animation is over: #2e86de shaded, where it was orange
            // (#753b1b) before the click.
            ##"{"expect":{"pixel":[300,170],"color":"#17436e","tolerance":16}}"##,
        ].joined(separator: "\n"))
        let session = try open(try replay(script))
        defer { session.close() }
        let outcome = await session.run()
        XCTAssertNil(outcome.fatalError)
        XCTAssertEqual(outcome.expectationFailures, [])
        XCTAssertEqual(outcome.expectationsPassed, 4)
        XCTAssertEqual(outcome.framesRun, 73, "the script's last frame is 12 + 60")
        XCTAssertEqual(outcome.exitCode, 0)
        let app = try XCTUnwrap(session.app as? DemoApp)
        XCTAssertFalse(app.simulation.current.spinning)
        XCTAssertEqual(app.simulation.current.color.hex, "#2e86de")
    }

    func testAScriptedReplyToAnUnknownIdIsRefusedWithUnexpectedReplyAndChangesNothing() async throws {
        let script = try file("reply.jsonl", [
            Self.header,
            #"{"frame":3,"bus":{"type":"change-color","data":[1,0,0],"replyTo":424242}}"#,
            #"{"frame":5,"expect":{"bus_error":"unexpected-reply"}}"#,
        ].joined(separator: "\n"))
        let session = try open(try replay(script))
        defer { session.close() }
        let outcome = await session.run()
        XCTAssertNil(outcome.fatalError)
        XCTAssertEqual(outcome.expectationFailures, [])
        XCTAssertEqual(outcome.expectationsPassed, 1)
        let app = try XCTUnwrap(session.app as? DemoApp)
        XCTAssertNotEqual(app.simulation.current.color.hex, "#ff0000", "a reply is never handled as a message")
    }

    func testAFailedExpectationNamesFileLineAndWhatWasSeen() async throws {
        let script = try file("fail.jsonl", [
            Self.header,
            #"{"frame":3,"expect":{"state":{"spinning":false}}}"#,
        ].joined(separator: "\n"))
        let session = try open(try replay(script))
        defer { session.close() }
        let outcome = await session.run()
        XCTAssertEqual(outcome.expectationFailures.count, 1)
        XCTAssertTrue(outcome.expectationFailures[0].hasPrefix("\(script):2: frame 3: expected state.spinning = false"),
                      outcome.expectationFailures[0])
        XCTAssertEqual(outcome.exitCode, 1)
    }

    func testARecordingOfAReplayReplaysToTheSameStatePixelsAndBusLog() async throws {
        let script = try file("source.jsonl", [
            Self.header,
            #"{"frame":4,"drag":{"from":{"view":"picker.sv","at":[0.1,0.9]},"to":{"view":"picker.sv","at":[0.9,0.2]},"frames":6}}"#,
            #"{"frame":14,"click":[400,250]}"#,
            #"{"frame":16,"bus":{"type":"set-spin","data":{"spinning":true}}}"#,
            #"{"wait":8}"#,
        ].joined(separator: "\n"))
        let recorded = try file("recorded.jsonl")
        let first = try open(try replay(script) {
            $0.recordingPath = recorded
            $0.screenshots = [ScreenshotRequest(frame: nil, path: try! self.file("a.png"))]
            $0.busLogPath = try! self.file("a.log")
        })
        let firstOutcome = await first.run()
        let firstState = (first.app as! DemoApp).engine.state
        first.close()
        XCTAssertEqual(firstOutcome.outputErrors, [])
        XCTAssertEqual(firstOutcome.recorded?.frames, 25)

        let second = try open(try replay(recorded) {
            $0.screenshots = [ScreenshotRequest(frame: nil, path: try! self.file("b.png"))]
            $0.busLogPath = try! self.file("b.log")
        })
        let secondOutcome = await second.run()
        let secondState = (second.app as! DemoApp).engine.state
        second.close()
        XCTAssertEqual(secondOutcome.framesRun, firstOutcome.framesRun)
        XCTAssertEqual(secondState, firstState)
        XCTAssertNotEqual(firstState.color.hex, "#ed7329", "the drag recolored the cube")
        let a = try Data(contentsOf: URL(fileURLWithPath: try file("a.png"))), b = try Data(contentsOf: URL(fileURLWithPath: try file("b.png")))
        XCTAssertEqual(a, b, "the same last frame, byte for byte")
        let logA = try String(contentsOfFile: try file("a.log"), encoding: .utf8)
        let logB = try String(contentsOfFile: try file("b.log"), encoding: .utf8)
        XCTAssertFalse(logA.isEmpty)
        XCTAssertEqual(logA, logB, "the same bus traffic, byte for byte")
    }

    func testABadScriptIsRefusedBeforeAnyWindowWithEveryBadLine() async throws {
        let script = try file("bad.jsonl", [Self.header, #"{"frmae":3}"#, #"{"click":[1]}"#, #"{"wait":-1}"#].joined(separator: "\n"))
        XCTAssertThrowsError(try open(try replay(script))) { error in
            guard let e = error as? SessionError else { return XCTFail("\(error)") }
            XCTAssertEqual(e.identifier, "script")
            XCTAssertEqual(e.exitCode, 2)
            XCTAssertEqual(e.lines.filter { $0.hasPrefix("\(script):") }.count, 3, e.description)
        }
    }

    func testAScriptNamingAViewTheAppLacksListsIt() async throws {
        let script = try file("views.jsonl", [Self.header, #"{"frame":2,"click":"picker.nothing"}"#].joined(separator: "\n"))
        XCTAssertThrowsError(try open(try replay(script))) { error in
            XCTAssertEqual((error as? SessionError)?.identifier, "unknown-views")
            XCTAssertTrue((error as? SessionError)?.description.contains("picker.nothing") ?? false)
        }
    }

    func testUnusableOutputPathsAreRefusedBeforeTheWindowOpensAndCreateNothing() async throws {
        let missing = directory.appendingPathComponent("no/such/dir").path
        for configure in [
            { (d: inout SessionDescription) in d.busLogPath = missing + "/bus.log" },
            { (d: inout SessionDescription) in d.recordingPath = missing + "/out.jsonl" },
            { (d: inout SessionDescription) in d.screenshots = [ScreenshotRequest(frame: nil, path: missing + "/shot.png")] },
            { (d: inout SessionDescription) in d.recordingPath = self.directory.path },
        ] {
            var d = SessionDescription()
            d.headless = true
            configure(&d)
            XCTAssertThrowsError(try open(d)) { error in
                XCTAssertEqual((error as? SessionError)?.identifier, "output-path", "\(error)")
                XCTAssertEqual((error as? SessionError)?.exitCode, 2)
            }
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("no").path))
    }

    func testAScreenshotPastTheLastFrameIsRefused() async throws {
        var d = SessionDescription()
        d.headless = true
        d.frames = 5
        d.screenshots = [ScreenshotRequest(frame: 9, path: try file("late.png"))]
        XCTAssertThrowsError(try open(d)) { error in
            XCTAssertEqual((error as? SessionError)?.identifier, "screenshot-frame")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: try file("late.png")))
    }

    func testBusMessagesAreLoggedInThePhaseThatPostedThem() async throws {
        let script = try file("phases.jsonl", [
            Self.header,
            #"{"frame":2,"click":"picker.preset.1"}"#,
            #"{"frame":3,"bus":{"type":"set-spin","data":{"spinning":false}}}"#,
        ].joined(separator: "\n"))
        let log = try file("phases.log")
        let session = try open(try replay(script) { $0.busLogPath = log })
        _ = await session.run()
        session.close()
        let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map(String.init)
        func phase(of event: String, type: String, frame: Int) -> String? {
            lines.first { $0.contains("\"event\":\"\(event)\"") && $0.contains("\"type\":\"\(type)\"") && $0.contains("\"frame\":\(frame),") }
                .flatMap { line in line.range(of: #""phase":"[a-z_]+""#, options: .regularExpression).map { String(line[$0].dropFirst(9).dropLast()) } }
        }
        XCTAssertEqual(phase(of: "post", type: "set-spin", frame: 3), "events", "a script line is input: phase 1")
        XCTAssertEqual(phase(of: "deliver", type: "set-spin", frame: 3), "bus_to_engine")
        XCTAssertEqual(phase(of: "post", type: "change-color", frame: 2), "bus_to_engine", "the coalesced color is sent in phase 3")
        XCTAssertEqual(phase(of: "deliver", type: "state-changed", frame: 2), "bus_to_overlay")
    }

    func testTheBusLogHoldsEveryFinishedFrameAndAllOfItAfterClose() async throws {
        // Lines are batched per frame (docs/messages.md): after each frame the file must hold every line of that
        // frame and the ones before, so a stop or a crash after it loses none of them.
        let script = try file("frames.jsonl", [
            Self.header,
            #"{"frame":2,"click":"picker.preset.1"}"#,
            #"{"frame":4,"bus":{"type":"set-spin","data":{"spinning":false}}}"#,
        ].joined(separator: "\n"))
        let log = try file("frames.log")
        let session = try open(try replay(script) { $0.busLogPath = log })
        var snapshots: [[String]] = []
        while !session.loop.isFinished {
            session.loop.runFrame()
            snapshots.append(try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map(String.init))
        }
        session.close()
        let all = try String(contentsOfFile: log, encoding: .utf8)
        XCTAssertTrue(all.hasSuffix("\n"))
        let lines = all.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.contains { $0.contains("\"type\":\"set-spin\"") }, "traffic was logged")
        for (frame, snapshot) in snapshots.enumerated() {
            let upToFrame = lines.filter { line in
                let value = Int(line.dropFirst(9).prefix { $0.isNumber }) ?? -1  // {"frame":N,...
                return value <= frame
            }
            XCTAssertEqual(snapshot, upToFrame, "after frame \(frame)")
        }
        XCTAssertEqual(snapshots.count, session.loop.frameIndex)
    }

    func testMSAAIsHonouredAndRecordedInTheScriptHeader() async throws {
        func edgeShot(samples: Int, name: String) async throws -> (png: Data, script: String) {
            var d = SessionDescription()
            d.headless = true
            d.windowSize = PixelSize(width: 320, height: 200)
            d.frames = 3
            d.msaaSamples = samples
            d.recordingPath = try file(name + ".jsonl")
            d.screenshots = [ScreenshotRequest(frame: nil, path: try file(name + ".png"))]
            let session = try open(d)
            _ = await session.run()
            session.close()
            return (try Data(contentsOf: URL(fileURLWithPath: try file(name + ".png"))),
                    try String(contentsOfFile: try file(name + ".jsonl"), encoding: .utf8))
        }
        let off = try await edgeShot(samples: 1, name: "off"), on = try await edgeShot(samples: 4, name: "on")
        XCTAssertNotEqual(off.png, on.png, "anti-aliased edges differ")
        XCTAssertTrue(off.script.hasPrefix("{") && off.script.contains(#""msaa":1"#), off.script)
        XCTAssertTrue(on.script.contains(#""msaa":4"#), on.script)
    }
}
