// Scrolling from the bus and animated scroll lines on the demo's table route (docs/messages.md, "scroll-to";
// docs/scripts.md, "Scrolling"): a `scroll-to` message moves the list in the frame it is delivered, with the scroll
// line's errors as bus errors; an animated line moves over the following frames; `--record-out` writes the scroll
// lines a replay carried out, and the recording reaches the same offset. Headless, in process.
import Foundation
import GlasspaneCore
import GlasspaneDemo
import GlasspaneOverlay
import GlasspaneRuntime
import XCTest

@MainActor
final class ScrollMessageTests: XCTestCase {
    private var directory: URL!

    override func setUp() async throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("glasspane-scroll-msg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDown() async throws { try? FileManager.default.removeItem(at: directory) }

    private static let header = #"{"format":"glasspane-script","version":1,"window":{"width":1280,"height":720,"scale":1},"step_hz":120}"#

    /// Replays the body lines (or a whole script) on the demo's table route (10,000 rows of 26 points, `table.list`).
    private func replay(_ body: [String], whole: String? = nil, recordTo recording: String? = nil) async throws -> (SessionOutcome, List, String) {
        let path = directory.appendingPathComponent("script-\(UUID().uuidString).jsonl").path
        try Data((whole ?? ([Self.header] + body).joined(separator: "\n")).utf8).write(to: URL(fileURLWithPath: path))
        var d = SessionDescription()
        d.headless = true
        d.replay = ReplayDescription(scriptPath: path)
        if let recording { d.recordingPath = recording }
        let session = try Session.open(d) { r in
            DemoApp(sceneRenderer: r.sceneRenderer, overlayRenderer: r.overlayRenderer, fonts: r.fonts,
                    windowSize: r.windowSize, bus: r.bus, content: DemoApp.Content(route: .table))
        }
        defer { session.close() }
        let outcome = await session.run()
        let list = try XCTUnwrap(session.app.stage.overlay.view(withIdentifier: "table.list") as? List)
        return (outcome, list, path)
    }

    func testScrollToMessagesMoveTheListInTheirFrameAndBadOnesAreBusErrors() async throws {
        let (outcome, list, _) = try await replay([
            #"{"frame":3,"bus":{"type":"scroll-to","data":{"view":"table.list","row":5000}},"to":"overlay"}"#,
            #"{"frame":3,"expect":{"view":"table.list","property":"scrollOffset","equals":"0,130000"}}"#,
            #"{"frame":5,"bus":{"type":"scroll-to","data":{"view":"table.list","to":[0,52.5]}},"to":"overlay"}"#,
            #"{"frame":5,"expect":{"view":"table.list","property":"scrollOffset","equals":"0,52.5"}}"#,
            #"{"frame":6,"bus":{"type":"scroll-to","data":{"view":"table.title","to":[0,10]}},"to":"overlay"}"#,
            #"{"frame":6,"expect":{"bus_error":"not-scrollable"}}"#,
            #"{"frame":7,"bus":{"type":"scroll-to","data":{"view":"table.list","row":10000}},"to":"overlay"}"#,
            #"{"frame":7,"expect":{"bus_error":"not-scrollable"}}"#,
            #"{"frame":8,"bus":{"type":"scroll-to","data":{"view":"no.such.view","row":1}},"to":"overlay"}"#,
            #"{"frame":8,"expect":{"bus_error":"view-not-found"}}"#,
            #"{"frame":9,"bus":{"type":"scroll-to","data":{"view":"table.list","row":1,"to":[0,1]}},"to":"overlay"}"#,
            #"{"frame":9,"expect":{"bus_error":"invalid-payload"}}"#,
            #"{"frame":10,"expect":{"view":"table.list","property":"scrollOffset","equals":"0,52.5"}}"#,
        ])
        XCTAssertNil(outcome.fatalError)
        XCTAssertEqual(outcome.expectationFailures, [])
        XCTAssertEqual(list.contentOffset.y, 52.5, "refused messages changed nothing")
    }

    func testAnAnimatedScrollLineMovesOverTheNextFrames() async throws {
        let (early, earlyList, _) = try await replay([#"{"frame":3,"scroll":"table.list","row":100,"animated":true}"#,
                                                      #"{"frame":6,"expect":{"view":"table.list","property":"hidden","equals":"false"}}"#])
        XCTAssertNil(early.fatalError)
        XCTAssertGreaterThan(earlyList.contentOffset.y, 0, "under way three frames later")
        XCTAssertLessThan(earlyList.contentOffset.y, 2600, "not there yet")
        let (late, _, _) = try await replay([
            #"{"frame":3,"bus":{"type":"scroll-to","data":{"view":"table.list","row":100,"animated":true}},"to":"overlay"}"#,
            #"{"frame":60,"expect":{"view":"table.list","property":"scrollOffset","equals":"0,2600"}}"#,
        ])
        XCTAssertEqual(late.expectationFailures, [])
    }

    func testRecordOutWritesTheScrollLinesAndTheRecordingReachesTheSameOffset() async throws {
        let recorded = directory.appendingPathComponent("recorded.jsonl").path
        let (first, list, _) = try await replay([
            #"{"frame":3,"scroll":"table.list","row":5000}"#,
            #"{"frame":5,"scroll":"table.list","to":[0,780],"animated":true}"#,
            #"{"frame":20,"expect":{"view":"table.list","property":"hidden","equals":"false"}}"#,
        ], recordTo: recorded)
        XCTAssertNil(first.fatalError)
        let reached = list.contentOffset
        let text = try String(contentsOfFile: recorded, encoding: .utf8)
        XCTAssertTrue(text.contains(#""scroll":"table.list","row":5000}"#), text)
        XCTAssertTrue(text.contains(#""scroll":"table.list","to":[0,780],"animated":true}"#), text)
        let (again, replayedList, _) = try await replay([], whole: text)
        XCTAssertNil(again.fatalError)
        XCTAssertEqual(replayedList.contentOffset, reached)
    }
}
