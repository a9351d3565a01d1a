// The Rules screen scrolls (issue 29): with the real fonts its paragraphs are taller than `rules.scroll`, the wheel
// scrolls them to the end, where the last paragraph is in sight, and the Back button sits below it. Headless replay.
import Foundation
import GlasspaneCore
import GlasspaneDemo
import GlasspaneOverlay
import GlasspaneRuntime
import XCTest

@MainActor
final class RulesScrollTests: XCTestCase {
    func testTheRulesParagraphsScrollToTheLastOneAboveTheBackButton() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("glasspane-rules-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("rules.jsonl").path
        // Ten wheel notches (400 points) over the middle of the screen, where the paragraphs are.
        let lines = [#"{"format":"glasspane-script","version":1,"window":{"width":1280,"height":720,"scale":1}}"#]
            + (0..<10).map { #"{"frame":\#(40 + $0),"event":"wheel","at":[640,330],"dy":-1}"# } + [#"{"wait":5}"#]
        try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: path))
        var d = SessionDescription()
        d.headless = true
        d.replay = ReplayDescription(scriptPath: path)
        let session = try Session.open(d) { r in
            DemoApp(sceneRenderer: r.sceneRenderer, overlayRenderer: r.overlayRenderer, fonts: r.fonts,
                    windowSize: r.windowSize, bus: r.bus, content: DemoApp.Content(route: .rules))
        }
        defer { session.close() }
        let overlay = session.app.stage.overlay
        let scroll = try XCTUnwrap(overlay.view(withIdentifier: "rules.scroll") as? ScrollView)
        let last = try XCTUnwrap(overlay.view(withIdentifier: "rules.truncated"))
        let back = try XCTUnwrap(overlay.view(withIdentifier: "rules.back"))
        let outcome = await session.run()
        XCTAssertNil(outcome.fatalError)
        XCTAssertEqual(scroll.bounds.height, 200)
        XCTAssertGreaterThan(scroll.contentSize.height, scroll.bounds.height + 40, "the paragraphs need more than the viewport")
        XCTAssertEqual(scroll.contentOffset.y, scroll.maximumOffset.y, "400 points of wheel reach the end")
        XCTAssertLessThanOrEqual(last.windowFrame.maxY, scroll.windowFrame.maxY + 0.5, "the last paragraph is in sight")
        XCTAssertGreaterThanOrEqual(last.windowFrame.minY, scroll.windowFrame.minY, "and its top too")
        XCTAssertGreaterThanOrEqual(back.windowFrame.minY, scroll.windowFrame.maxY, "Back is below the scroll view")
    }
}
