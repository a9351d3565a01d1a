// A replay cannot pass by accident: a pointer line or expectation on a view that is not on screen is
// `view-not-found` (never a click at its stale frame), and expectations the replay never reached are failures.
// Headless, in process, against the demo.
import Foundation
import GlasspaneCore
import GlasspaneDemo
import GlasspaneHost
import GlasspaneRuntime
import XCTest

@MainActor
final class ReplayFailsWhenItShouldTests: XCTestCase {
    private var directory: URL!

    override func setUp() async throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("glasspane-fails-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDown() async throws { try? FileManager.default.removeItem(at: directory) }

    private static let header = #"{"format":"glasspane-script","version":1,"window":{"width":480,"height":320,"scale":1},"step_hz":120}"#

    /// Replays the body lines on the demo (play route) and returns the outcome and the app.
    private func replay(_ name: String, _ body: [String]) async throws -> (SessionOutcome, DemoApp, String) {
        let path = directory.appendingPathComponent(name).path
        try Data(([Self.header] + body).joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: path))
        var d = SessionDescription()
        d.headless = true
        d.replay = ReplayDescription(scriptPath: path)
        let session = try Session.open(d) { r in
            DemoApp(sceneRenderer: r.sceneRenderer, overlayRenderer: r.overlayRenderer, fonts: r.fonts,
                    windowSize: r.windowSize, bus: r.bus, content: DemoApp.Content(showsHUD: r.description.showsHUD))
        }
        defer { session.close() }
        let outcome = await session.run()
        return (outcome, try XCTUnwrap(session.app as? DemoApp), path)
    }

    func testAClickOnAViewHiddenOnTheCurrentRouteIsViewNotFoundAndNeverReachesTheEngine() async throws {
        // The menu screen is built but hidden on the play route: its Play button keeps the frame it was laid out
        // with, over the scene, where a click would toggle the spin.
        let (outcome, app, path) = try await replay("hidden.jsonl", [
            #"{"frame":3,"click":"menu.play"}"#,
            #"{"frame":6,"expect":{"state":{"spinning":true}}}"#,
        ])
        let fatal = try XCTUnwrap(outcome.fatalError, "the click must fail")
        XCTAssertEqual(fatal, "\(path):2: view 'menu.play' not found in the view tree at frame 3 (hidden by 'menu')")
        XCTAssertEqual(outcome.exitCode, 2)
        XCTAssertTrue(app.simulation.current.spinning, "nothing clicked the engine")
        XCTAssertEqual(outcome.framesRun, 4, "the replay stops at the failing frame")
        XCTAssertEqual(outcome.expectationFailures.count, 1)
        XCTAssertTrue(outcome.expectationFailures[0].hasPrefix("\(path):3: frame 6: not-reached:"), outcome.expectationFailures[0])
    }

    func testADragFromAViewInAHiddenLayerIsViewNotFound() async throws {
        let (outcome, app, path) = try await replay("sheet.jsonl", [
            #"{"frame":2,"drag":{"from":{"view":"options.hud","at":[0.5,0.5]},"to":[300,200],"frames":3}}"#,
        ])
        XCTAssertEqual(outcome.fatalError?.hasPrefix("\(path):2: view 'options.hud' not found in the view tree at frame 2 ("), true,
                       outcome.fatalError ?? "no error")
        XCTAssertEqual(outcome.exitCode, 2)
        XCTAssertEqual(app.simulation.current.color.hex, "#ed7329", "no drag reached the engine")
    }

    func testAnExpectationOnAViewNotOnScreenIsViewNotFoundButItsHiddenPropertyIsAnswered() async throws {
        let (outcome, _, path) = try await replay("expect.jsonl", [
            #"{"frame":2,"expect":{"view":"menu.play","property":"text","equals":"Play"}}"#,
            #"{"expect":{"view":"menu","property":"hidden","equals":"true"}}"#,
            #"{"expect":{"view":"demo.title","property":"text","equals":"Cube color"}}"#,
        ])
        XCTAssertNil(outcome.fatalError)
        XCTAssertEqual(outcome.expectationFailures,
                       [#"\#(path):2: frame 2: view-not-found: expected menu.play.text = "Play", but view 'menu.play' is hidden by 'menu'"#])
        XCTAssertEqual(outcome.expectationsPassed, 2)
        XCTAssertEqual(outcome.exitCode, 1)
    }

    func testExpectationsAfterAnEarlyQuitFailAndTheReplayExitsNonZero() async throws {
        let (outcome, _, path) = try await replay("quit.jsonl", [
            #"{"frame":2,"expect":{"state":{"spinning":true}}}"#,
            #"{"frame":3,"t":0,"event":"quit"}"#,
            #"{"frame":20,"expect":{"state":{"spinning":false}}}"#,
            #"{"frame":21,"expect":{"view":"demo.title","property":"text","equals":"Cube color"}}"#,
        ])
        XCTAssertNil(outcome.fatalError)
        XCTAssertEqual(outcome.expectationsPassed, 1)
        XCTAssertEqual(outcome.expectationFailures.map { $0.components(separatedBy: ": the replay").first! },
                       ["\(path):4: frame 20: not-reached", "\(path):5: frame 21: not-reached"])
        XCTAssertLessThan(outcome.framesRun, 20)
        XCTAssertEqual(outcome.exitCode, 1)
    }
}
