// The `animated` option of scroll lines, and the recorder writing the scroll lines a replay carried out
// (`replay --record-out`), so the recorded script scrolls the same view to the same place in the same frame.
import XCTest
import GlasspaneCore
@testable import GlasspaneScripts

final class ScrollLineAnimatedTests: XCTestCase {
    func testAnimatedIsReadAndDefaultsToFalse() throws {
        let s = try parseBody([
            #"{"frame":1,"scroll":"l","to":[0,40],"animated":true}"#,
            #"{"frame":1,"scroll":"l","row":3,"anchor":"nearest","animated":false}"#,
            #"{"frame":1,"scroll":"l","row":4}"#,
        ])
        let frames = try playAll(s)
        XCTAssertEqual(frames[1].scrolls.map(\.animated), [true, false, false])
        XCTAssertEqual(frames[1].scrolls[0], ScriptScroll(view: "l", target: .offset(Point(x: 0, y: 40)), animated: true, file: "t.jsonl", line: 2))
    }

    func testAnAnimatedThatIsNotABooleanNamesItsField() {
        for line in [#"{"scroll":"l","row":2,"animated":"yes"}"#, #"{"scroll":"l","to":[0,1],"animated":1}"#] {
            let found = errors(headerLine + "\n" + line + "\n")
            XCTAssertEqual(found.map(\.kind), [.invalidField], line)
            XCTAssertTrue(found.first?.field?.hasSuffix("animated") ?? false, "\(line): \(String(describing: found.first))")
        }
    }

    func testTheRecorderWritesScrollLinesThatParseBackToTheSameScrolls() throws {
        let sink = MemoryScriptSink()
        let recorder = try ScriptRecorder(sink: sink, header: ScriptHeader())
        let scrolls = [
            ScriptScroll(view: "table.list", target: .row(5000, nearest: false), file: "in.jsonl", line: 2),
            ScriptScroll(view: "table.list", target: .row(40, nearest: true), animated: true, file: "in.jsonl", line: 3),
            ScriptScroll(view: "rules.scroll", target: .offset(Point(x: 0, y: 52.5)), animated: true, file: "in.jsonl", line: 4),
        ]
        try recorder.endFrame(0, duration: 0)
        recorder.recordScroll(scrolls[0], frame: 1)
        try recorder.endFrame(1, duration: 8_333_333)
        recorder.recordScroll(scrolls[1], frame: 2)
        recorder.recordScroll(scrolls[2], frame: 2)
        try recorder.endFrame(2, duration: 8_333_333)
        try recorder.finish()
        XCTAssertTrue(sink.text.contains(#""scroll":"table.list","row":40,"anchor":"nearest","animated":true}"#), sink.text)
        let parsed = try Script.parse(sink.text, file: "out.jsonl")
        let frames = try playAll(parsed)
        XCTAssertEqual(frames[1].scrolls.map { [$0.view, $0.target.description, "\($0.animated)"] }, [["table.list", "row 5000", "false"]])
        XCTAssertEqual(frames[2].scrolls.map { [$0.view, $0.target.description, "\($0.animated)"] },
                       [["table.list", "row 40 (nearest)", "true"], ["rules.scroll", "to \(Point(x: 0, y: 52.5))", "true"]])
    }
}
