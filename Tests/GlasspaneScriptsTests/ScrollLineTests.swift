// Scroll lines (docs/scripts.md, "Scrolling"): `{"scroll":ID,"to":[x,y]}` and `{"scroll":ID,"row":N}` parse into
// scrolls the player hands out on their frame, name their view for `validateIdentifiers`, and every bad field is
// an error naming it.
import XCTest
import GlasspaneCore
@testable import GlasspaneScripts

final class ScrollLineTests: XCTestCase {
    func testScrollLinesReachThePlayerOnTheirFrameInLineOrder() throws {
        let s = try parseBody([
            #"{"frame":2,"scroll":"stats.list","to":[0,480]}"#,
            #"{"frame":2,"scroll":"rules.scroll","row":3}"#,
            #"{"frame":5,"scroll":"stats.list","row":120,"anchor":"nearest"}"#,
        ])
        let frames = try playAll(s)
        XCTAssertEqual(frames.count, 6)
        XCTAssertEqual(frames[2].scrolls, [
            ScriptScroll(view: "stats.list", target: .offset(Point(x: 0, y: 480)), file: "t.jsonl", line: 2),
            ScriptScroll(view: "rules.scroll", target: .row(3, nearest: false), file: "t.jsonl", line: 3),
        ])
        XCTAssertEqual(frames[5].scrolls, [ScriptScroll(view: "stats.list", target: .row(120, nearest: true), file: "t.jsonl", line: 4)])
        XCTAssertEqual(frames.filter { !$0.scrolls.isEmpty }.map(\.index), [2, 5])
        XCTAssertTrue(frames[2].events.isEmpty, "a scroll is no input event")
    }

    func testAScrollLinesViewMustExist() throws {
        let s = try parseBody([#"{"frame":1,"scroll":"stats.lsit","to":[0,10]}"#])
        XCTAssertThrowsError(try s.validateIdentifiers(["stats.list"])) { error in
            let d = (error as! ScriptErrors).diagnostics
            XCTAssertEqual(d.map(\.kind), [.unknownView])
            XCTAssertEqual(d.map(\.line), [2])
            XCTAssertTrue(d[0].message.contains("'stats.lsit'"), d[0].message)
        }
        XCTAssertNoThrow(try parseBody([#"{"frame":1,"scroll":"stats.list","to":[0,10]}"#]).validateIdentifiers(["stats.list"]))
    }

    func testBadScrollLinesNameTheirField() {
        let cases: [(String, ScriptErrorKind, String)] = [
            (#"{"scroll":"l"}"#, .missingField, "to"),
            (#"{"scroll":"l","to":[0,1],"row":2}"#, .invalidField, "row"),
            (#"{"scroll":"l","row":-1}"#, .outOfRange, "row"),
            (#"{"scroll":"l","row":10000000}"#, .outOfRange, "row"),
            (#"{"scroll":"l","row":1.5}"#, .invalidField, "row"),
            (#"{"scroll":"l","to":[0,-5]}"#, .outOfRange, "to"),
            (#"{"scroll":"l","to":[0,1e300]}"#, .outOfRange, "to"),
            (#"{"scroll":"l","to":"top"}"#, .invalidField, "to"),
            (#"{"scroll":"l","row":2,"anchor":"middle"}"#, .invalidField, "anchor"),
            (#"{"scroll":"l","to":[0,2],"anchor":"top"}"#, .invalidField, "anchor"),
            (#"{"scroll":"","to":[0,2]}"#, .invalidField, "scroll"),
            (#"{"scroll":7,"to":[0,2]}"#, .invalidField, "scroll"),
            (#"{"scroll":"l","row":2,"rwo":3}"#, .unknownField, "rwo"),
            (#"{"scroll":"l","row":2,"click":[1,1]}"#, .ambiguousKind, ""),
        ]
        for (line, kind, field) in cases {
            let found = errors(headerLine + "\n" + line + "\n")
            XCTAssertEqual(found.map(\.kind), [kind], line)
            XCTAssertEqual(found.first?.line, 2, line)
            if !field.isEmpty { XCTAssertTrue(found.first?.field?.hasSuffix(field) ?? false, "\(line): \(String(describing: found.first))") }
        }
    }
}
