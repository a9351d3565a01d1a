// Every kind of bad line: the right stable identifier, the right line number, the field named, all reported at once.
import XCTest
@testable import GlasspaneScripts

final class BadLineTests: XCTestCase {
    /// One bad body line (it becomes line 3, after the header and a good line) and what it must produce.
    struct Case {
        let line: String
        let kind: ScriptErrorKind
        let field: String?
        let contains: String
    }

    let cases: [Case] = [
        Case(line: #"{"frame":1,"click":[1,2]"#, kind: .notJSON, field: nil, contains: "not valid JSON"),
        Case(line: #"[1,2]"#, kind: .notObject, field: nil, contains: "got array"),
        Case(line: #"{"frame":1,"tap":[1,2]}"#, kind: .unknownKind, field: nil, contains: "fields: frame, tap"),
        Case(line: #"{"frame":1,"click":[1,2],"key":"a"}"#, kind: .ambiguousKind, field: nil, contains: "click and key"),
        Case(line: #"{"frame":2,"event":"down"}"#, kind: .missingField, field: "at", contains: "missing field 'at'"),
        Case(line: #"{"frame":2,"event":"down","at":[1]}"#, kind: .invalidField, field: "at", contains: "field 'at'"),
        Case(line: #"{"frame":2,"event":"hover","at":[1,2]}"#, kind: .invalidField, field: "event", contains: "one of down"),
        Case(line: #"{"frame":2,"event":"down","at":[1,2],"button":"thumb"}"#, kind: .invalidField, field: "button", contains: "left"),
        Case(line: #"{"frame":2,"event":"down","at":[1,2],"mods":["hyper"]}"#, kind: .invalidField, field: "mods", contains: "shift"),
        Case(line: #"{"frame":2,"event":"key","key":"a","action":"tap"}"#, kind: .invalidField, field: "action", contains: "press"),
        Case(line: #"{"frame":2,"event":"key"}"#, kind: .missingField, field: "key", contains: "missing field 'key'"),
        Case(line: #"{"frame":2,"event":"resize","size":[0,10]}"#, kind: .outOfRange, field: "size", contains: "outside its limit 1...16384"),
        Case(line: #"{"frame":-1,"click":[1,2]}"#, kind: .outOfRange, field: "frame", contains: "outside its limit 0...10000000"),
        Case(line: #"{"frame":1.5,"click":[1,2]}"#, kind: .invalidField, field: "frame", contains: "whole number"),
        Case(line: #"{"frame":"2","click":[1,2]}"#, kind: .invalidField, field: "frame", contains: "whole number"),
        Case(line: #"{"frmae":1,"click":[1,2]}"#, kind: .unknownField, field: "frmae", contains: "unknown field 'frmae'"),
        Case(line: #"{"click":true}"#, kind: .invalidField, field: "click", contains: "a point"),
        Case(line: #"{"click":{"at":[0,0]}}"#, kind: .missingField, field: "click.view", contains: "'click.view'"),
        Case(line: #"{"drag":{"from":[1,2]}}"#, kind: .missingField, field: "drag.to", contains: "'drag.to'"),
        Case(line: #"{"drag":{"from":[1,2],"to":[3,4],"frames":0}}"#, kind: .outOfRange, field: "drag.frames", contains: "outside its limit 1...10000"),
        Case(line: #"{"drag":{"from":[1,2],"to":[3,4],"speed":2}}"#, kind: .unknownField, field: "drag.speed", contains: "'drag.speed'"),
        Case(line: #"{"type_text":5}"#, kind: .invalidField, field: "type_text", contains: "a string"),
        Case(line: #"{"key":"hyperspace"}"#, kind: .invalidField, field: "key", contains: "key name"),
        Case(line: #"{"wait":-3}"#, kind: .outOfRange, field: "wait", contains: "outside its limit 0...10000000"),
        Case(line: #"{"frame":9,"wait":3}"#, kind: .invalidField, field: "frame", contains: "wait line"),
        Case(line: #"{"bus":42}"#, kind: .invalidField, field: "bus", contains: "raw string"),
        Case(line: #"{"bus":"x","to":"gpu"}"#, kind: .invalidField, field: "to", contains: "engine or overlay"),
        Case(line: #"{"expect":{}}"#, kind: .missingField, field: "expect", contains: "exactly one"),
        Case(line: #"{"expect":{"state":{"a":1},"pixel":[1,1]}}"#, kind: .ambiguousKind, field: "expect", contains: "state and pixel"),
        Case(line: #"{"expect":{"state":{}}}"#, kind: .invalidField, field: "expect.state", contains: "non-empty"),
        Case(line: #"{"expect":{"view":"picker.hex","property":"text"}}"#, kind: .missingField, field: "expect.equals", contains: "'expect.equals'"),
        Case(line: #"{"expect":{"pixel":[1,1],"color":"red"}}"#, kind: .invalidField, field: "expect.color", contains: "hex"),
        Case(line: ##"{"expect":{"pixel":[1,1],"color":"#fff","tolerance":300}}"##, kind: .outOfRange, field: "expect.tolerance", contains: "outside its limit 0...255"),
        Case(line: #"{"expect":{"bus_error":"invalid-payload","within":3}}"#, kind: .unknownField, field: "expect.within", contains: "unknown field"),
        Case(line: #"{"frames":[5,3],"ns":1}"#, kind: .invalidField, field: "frames", contains: "first <= last"),
        Case(line: #"{"frames":[5,6],"ns":[1]}"#, kind: .invalidField, field: "ns", contains: "1 durations for 2 frames"),
        Case(line: #"{"frames":[5,6]}"#, kind: .missingField, field: "ns", contains: "missing field 'ns'"),
        Case(line: #"{"frames":[5,6],"ns":-1}"#, kind: .outOfRange, field: "ns", contains: "outside its limit 0...10000000000"),
        Case(line: #"{"frames":[5,6],"ns":1,"frame":5}"#, kind: .unknownField, field: "frame", contains: "unknown field 'frame'"),
        Case(line: #"{"format":"glasspane-script","version":1}"#, kind: .misplacedHeader, field: "format", contains: "first line"),
        Case(line: #"{"frame":0,"click":[1,2]}"#, kind: .frameBackwards, field: "frame", contains: "frame 0 goes backwards (the previous line is at frame 2)"),
    ]

    func testEachBadLineHasItsIdentifierLineAndField() {
        for c in cases {
            let text = [headerLine, #"{"frame":2,"click":[0,0]}"#, c.line, #"{"frame":50,"key":"a"}"#].joined(separator: "\n") + "\n"
            let found = errors(text)
            XCTAssertEqual(found.count, 1, "\(c.line): \(found)")
            guard let d = found.first else { continue }
            XCTAssertEqual(d.kind, c.kind, c.line)
            XCTAssertEqual(d.line, 3, c.line)
            XCTAssertEqual(d.field, c.field, c.line)
            XCTAssertTrue(d.description.hasPrefix("t.jsonl:3: "), d.description)
            XCTAssertTrue(d.message.contains(c.contains), "\(c.line): '\(d.message)' lacks '\(c.contains)'")
        }
    }

    func testEveryBadLineIsReportedInOneRun() {
        let text = [
            headerLine,
            #"{"frame":5,"click":[0,0]}"#,
            "not json",
            #"{"frame":6,"tap":1}"#,
            #"{"frame":7,"click":[0,0]}"#,
            #"{"frame":4,"key":"a"}"#,
            #"{"frame":8,"event":"down"}"#,
        ].joined(separator: "\n") + "\n"
        let found = errors(text)
        XCTAssertEqual(found.map(\.kind), [.notJSON, .unknownKind, .frameBackwards, .missingField])
        XCTAssertEqual(found.map(\.line), [3, 4, 6, 7])
        XCTAssertEqual(found[2].description, "t.jsonl:6: frame 4 goes backwards (the previous line is at frame 7)")
    }

    func testBackwardsFramesAfterWaitAndTimingOverlap() {
        let afterWait = [headerLine, #"{"frame":5,"click":[0,0]}"#, #"{"wait":10}"#, #"{"frame":14,"key":"a"}"#].joined(separator: "\n")
        XCTAssertEqual(errors(afterWait).map(\.kind), [.frameBackwards])
        XCTAssertEqual(errors(afterWait).map(\.line), [4])

        let overlap = [headerLine, #"{"frames":[0,9],"ns":1}"#, #"{"frames":[9,12],"ns":1}"#].joined(separator: "\n")
        XCTAssertEqual(errors(overlap).map(\.kind), [.timingOverlap])
        XCTAssertEqual(errors(overlap).map(\.line), [3])
    }

    func testHeaderProblems() {
        let v2 = #"{"format":"glasspane-script","version":2,"window":{"width":8,"height":6}}"# + "\n" + "garbage\n"
        let e = errors(v2)
        XCTAssertEqual(e.map(\.kind), [.unknownVersion])  // the body of an unknown version is not judged
        XCTAssertEqual(e.first?.description, "t.jsonl:1: unknown script version 2 (this reader knows version 1)")

        XCTAssertEqual(errors(#"{"format":"other","version":1}"# + "\n").map(\.kind), [.unknownFormat])
        XCTAssertEqual(errors(#"{"format":"glasspane-script"}"# + "\n").map(\.field), ["version"])
        XCTAssertEqual(errors(#"{"format":"glasspane-script","version":1}"# + "\n").map(\.kind), [.missingField])
        XCTAssertEqual(errors(#"{"format":"glasspane-script","version":1,"window":{"width":8}}"# + "\n").map(\.field), ["window.height"])
        XCTAssertEqual(errors(#"{"format":"glasspane-script","version":1,"window":{"width":8,"height":6},"stephz":1}"# + "\n").map(\.kind), [.unknownField])

        // No header: reported on line 1, and the body is still checked.
        let noHeader = errors(#"{"frame":1,"click":[0,0]}"# + "\n" + #"{"frame":0,"click":[0,0]}"# + "\n")
        XCTAssertEqual(noHeader.map(\.kind), [.missingHeader, .frameBackwards])
        XCTAssertEqual(noHeader.map(\.line), [1, 2])
        XCTAssertEqual(errors("").map(\.kind), [.missingHeader])
    }

    func testErrorIdentifiersAreStable() {
        // Tools match on these strings: changing one is a breaking change.
        XCTAssertEqual(ScriptErrorKind.allCases.map(\.rawValue), [
            "unreadable-file", "not-json", "not-object", "missing-header", "misplaced-header", "unknown-format",
            "unknown-version", "unknown-kind", "ambiguous-kind", "missing-field", "invalid-field", "unknown-field",
            "frame-backwards", "timing-overlap", "unknown-view", "view-not-found", "not-reached", "write-failed",
            "partial-line", "out-of-range", "limit-exceeded", "invalid-utf8", "byte-order-mark", "more-errors",
            "not-scrollable",
        ])
    }
}
