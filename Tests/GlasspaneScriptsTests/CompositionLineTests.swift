// The `composition` event line (input-method text in progress): parsed, checked, and written back by the recorder.
import XCTest
import GlasspaneCore
@testable import GlasspaneScripts

final class CompositionLineTests: XCTestCase {
    func testCompositionLinesParseWithTheirCursorDefaultingToTheEnd() throws {
        let s = try parseBody([
            #"{"frame":1,"event":"composition","text":"ka","cursor":1}"#,
            #"{"frame":2,"event":"composition","text":"かな"}"#,
            #"{"frame":3,"event":"composition","text":""}"#,
        ])
        let events = s.lines.compactMap { l -> InputEvent? in if case .event(let e) = l.action { return e }; return nil }
        XCTAssertEqual(events, [.composition(text: "ka", cursor: 1), .composition(text: "かな", cursor: 2),
                                .composition(text: "", cursor: 0)])
    }

    func testACursorPastTheTextIsOutOfRange() {
        let found = errors(headerLine + "\n" + #"{"frame":1,"event":"composition","text":"ka","cursor":3}"# + "\n")
        XCTAssertEqual(found.map(\.kind), [.outOfRange])
        XCTAssertEqual(found.first?.field, "cursor")
    }
}
