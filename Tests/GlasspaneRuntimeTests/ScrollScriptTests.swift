// Scroll lines replayed on the demo's table route (docs/scripts.md, "Scrolling"): a line scrolls the list at the
// start of its frame, a `scrollOffset` expectation sees it at the end, and a line on a view that is not a scroll view
// or a row outside the list stops the replay naming FILE:LINE, the frame and the view. Headless, in process.
import Foundation
import GlasspaneCore
import GlasspaneDemo
import GlasspaneOverlay
import GlasspaneRuntime
import XCTest

@MainActor
final class ScrollScriptTests: XCTestCase {
    private var directory: URL!

    override func setUp() async throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("glasspane-scroll-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDown() async throws { try? FileManager.default.removeItem(at: directory) }

    private static let header = #"{"format":"glasspane-script","version":1,"window":{"width":1280,"height":720,"scale":1},"step_hz":120}"#

    /// Replays the body lines on the demo's table route (a 10,000-row list of 26-point rows, `table.list`).
    private func replay(_ body: [String]) async throws -> (SessionOutcome, List, String) {
        let path = directory.appendingPathComponent("scroll.jsonl").path
        try Data(([Self.header] + body).joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: path))
        var d = SessionDescription()
        d.headless = true
        d.replay = ReplayDescription(scriptPath: path)
        let session = try Session.open(d) { r in
            DemoApp(sceneRenderer: r.sceneRenderer, overlayRenderer: r.overlayRenderer, fonts: r.fonts,
                    windowSize: r.windowSize, bus: r.bus, content: DemoApp.Content(route: .table))
        }
        defer { session.close() }
        let outcome = await session.run()
        let list = try XCTUnwrap(session.app.stage.overlay.view(withIdentifier: "table.list") as? List)
        return (outcome, list, path)
    }

    func testScrollLinesMoveTheListInTheirFrameAndExpectationsSeeTheOffset() async throws {
        let (outcome, list, _) = try await replay([
            #"{"frame":2,"expect":{"view":"table.list","property":"scrollOffset","equals":"0,0"}}"#,
            #"{"frame":3,"scroll":"table.list","row":5000}"#,
            #"{"frame":3,"expect":{"view":"table.list","property":"scrollOffset","equals":"0,130000"}}"#,
            #"{"frame":5,"scroll":"table.list","to":[0,52.5]}"#,
            #"{"frame":5,"expect":{"view":"table.list","property":"scrollOffset","equals":"0,52.5"}}"#,
            #"{"frame":7,"scroll":"table.list","row":9999}"#,
            #"{"frame":8,"scroll":"table.list","row":40,"anchor":"nearest"}"#,
            #"{"frame":9,"expect":{"view":"table.list","property":"scrollOffset","equals":"0,1040"}}"#,
        ])
        XCTAssertNil(outcome.fatalError)
        XCTAssertEqual(outcome.expectationFailures, [])
        XCTAssertEqual(outcome.exitCode, 0)
        // From the end, the least scroll that shows row 40 puts its top (40 x 26) at the viewport's top.
        XCTAssertEqual(list.contentOffset.y, 40 * 26)
        XCTAssertNotNil(list.rowView(at: 40), "the row scrolled to is live")
    }

    func testAScrollLineOnAViewThatIsNotAScrollViewStopsTheReplayNamingIt() async throws {
        let (outcome, list, path) = try await replay([
            #"{"frame":2,"scroll":"table.title","to":[0,10]}"#,
            #"{"frame":4,"expect":{"view":"table.list","property":"scrollOffset","equals":"0,0"}}"#,
        ])
        let fatal = try XCTUnwrap(outcome.fatalError)
        XCTAssertTrue(fatal.hasPrefix("\(path):2: frame 2: not-scrollable: scroll 'table.title' to "), fatal)
        XCTAssertTrue(fatal.contains("is a Label, not a scroll view or list"), fatal)
        XCTAssertEqual(outcome.exitCode, 2)
        XCTAssertEqual(list.contentOffset, .zero)
    }

    func testARowPastTheListsEndStopsTheReplayNamingTheRowCount() async throws {
        let (outcome, list, path) = try await replay([#"{"frame":1,"scroll":"table.list","row":10000}"#])
        let fatal = try XCTUnwrap(outcome.fatalError)
        XCTAssertEqual(fatal, "\(path):2: frame 1: not-scrollable: scroll 'table.list' row 10000: row 10000 is not in the list, which has 10000 rows")
        XCTAssertEqual(list.contentOffset, .zero)
    }
}
