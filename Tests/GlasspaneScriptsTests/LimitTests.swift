// Issue 13's reproducers, generated here: huge numbers in every numeric field, deep lines, duplicate keys,
// trailing commas, a BOM, invalid UTF-8, frame sums past the limit. Each is a named error with FILE:LINE and
// the field, never a trap, a hang or a silent acceptance.
import XCTest
import GlasspaneCore
@testable import GlasspaneScripts

final class LimitTests: XCTestCase {
    static let huge = ["1e308", "1e19", "9e15", "-1e308"]

    /// Header lines with one field replaced by `N`, and the field the error must name.
    let headerCases: [(String, String)] = [
        (#"{"format":"glasspane-script","version":N,"window":{"width":800,"height":600}}"#, "version"),
        (#"{"format":"glasspane-script","version":1,"window":{"width":N,"height":600}}"#, "window.width"),
        (#"{"format":"glasspane-script","version":1,"window":{"width":800,"height":N}}"#, "window.height"),
        (#"{"format":"glasspane-script","version":1,"window":{"width":800,"height":600,"scale":N}}"#, "window.scale"),
        (#"{"format":"glasspane-script","version":1,"window":{"width":800,"height":600},"step_hz":N}"#, "step_hz"),
        (#"{"format":"glasspane-script","version":1,"window":{"width":800,"height":600},"max_steps_per_frame":N}"#, "max_steps_per_frame"),
        (#"{"format":"glasspane-script","version":1,"window":{"width":800,"height":600},"frame_ns":N}"#, "frame_ns"),
    ]

    /// Body lines with one number replaced by `N`, and the field the error must name.
    let bodyCases: [(String, String)] = [
        (#"{"frame":N,"click":[1,2]}"#, "frame"),
        (#"{"frame":3,"t":N,"click":[1,2]}"#, "t"),
        (#"{"wait":N}"#, "wait"),
        (#"{"frames":N,"ns":1}"#, "frames"),
        (#"{"frames":[0,N],"ns":1}"#, "frames"),
        (#"{"frames":[0,1],"ns":N}"#, "ns"),
        (#"{"frames":[0,1],"ns":[1,N]}"#, "ns[1]"),
        (#"{"drag":{"from":[1,2],"to":[3,4],"frames":N}}"#, "drag.frames"),
        (#"{"click":[1,2],"pointer":N}"#, "pointer"),
        (#"{"click":[N,2]}"#, "click"),
        (#"{"click":{"view":"a.b","at":[0.5,N]}}"#, "click.at"),
        (#"{"drag":{"from":[1,2],"to":[N,4]}}"#, "drag.to"),
        (#"{"frame":3,"event":"down","at":[N,1]}"#, "at"),
        (#"{"frame":3,"event":"wheel","at":[1,1],"dy":N}"#, "dy"),
        (#"{"frame":3,"event":"resize","size":[N,100]}"#, "size"),
        (#"{"frame":3,"event":"resize","size":[100,100],"pixels":[N,100]}"#, "pixels"),
        (##"{"expect":{"pixel":[N,1],"color":"#ffffff"}}"##, "expect.pixel"),
        (##"{"expect":{"pixel":[1,1],"color":"#ffffff","tolerance":N}}"##, "expect.tolerance"),
        (#"{"expect":{"state":{"spinning":true},"tolerance":N}}"#, "expect.tolerance"),
    ]

    func testHugeNumbersInEveryHeaderFieldAreOutOfRange() {
        for (template, field) in headerCases {
            for n in Self.huge {
                let line = template.replacingOccurrences(of: "N", with: n)
                let found = errors(line + "\n")
                XCTAssertEqual(found.map(\.kind), [.outOfRange], line)
                XCTAssertEqual(found.first?.field, field, line)
                XCTAssertEqual(found.first?.line, 1, line)
                XCTAssertTrue(found.first?.description.hasPrefix("t.jsonl:1: ") ?? false, line)
                XCTAssertTrue(found.first?.message.contains("limit") ?? false, found.first?.message ?? line)
            }
        }
    }

    func testHugeNumbersInEveryBodyFieldAreOutOfRange() {
        for (template, field) in bodyCases {
            for n in Self.huge {
                let line = template.replacingOccurrences(of: "N", with: n)
                let found = errors(headerLine + "\n" + line + "\n")
                XCTAssertEqual(found.map(\.kind), [.outOfRange], line)
                XCTAssertEqual(found.first?.field, field, line)
                XCTAssertEqual(found.first?.line, 2, line)
            }
        }
    }

    func testWindowAndResizePixelsAreBounded() {
        let big = #"{"format":"glasspane-script","version":1,"window":{"width":16384,"height":600,"scale":2}}"#
        XCTAssertEqual(errors(big + "\n").map(\.field), ["window.scale"])
        let resize = headerLine + "\n" + #"{"frame":3,"event":"resize","size":[100000,100000]}"# + "\n"
        XCTAssertEqual(errors(resize).map(\.kind), [.outOfRange])
        // 9000 points at the header's scale 2 is 18,000 pixels: over the 16,384-pixel limit.
        let scaled = headerLine + "\n" + #"{"frame":3,"event":"resize","size":[9000,100]}"# + "\n"
        XCTAssertEqual(errors(scaled).map(\.kind), [.outOfRange])
        XCTAssertEqual(errors(scaled).first?.field, "size")
    }

    func testRunningFrameSumIsChecked() {
        let limits = ScriptLimits(maxFrameIndex: 1000)
        func kinds(_ body: [String]) -> [ScriptDiagnostic] {
            do { _ = try Script.parse(([headerLine] + body).joined(separator: "\n") + "\n", file: "t.jsonl", limits: limits); return [] }
            catch { return error.diagnostics }
        }
        XCTAssertEqual(kinds([#"{"wait":600}"#, #"{"wait":400}"#]), [])
        let waits = kinds([#"{"wait":600}"#, #"{"wait":401}"#])
        XCTAssertEqual(waits.map(\.kind), [.limitExceeded])
        XCTAssertEqual(waits.first?.line, 3)
        XCTAssertEqual(waits.first?.field, "wait")
        XCTAssertTrue(waits.first?.message.contains("1000") ?? false)
        let drag = kinds([#"{"frame":995,"drag":{"from":[1,2],"to":[3,4],"frames":10}}"#])
        XCTAssertEqual(drag.map(\.kind), [.limitExceeded])
        XCTAssertEqual(drag.first?.field, "drag.frames")
        // The default: 9e15 frames of waiting (the replay that never ends) is refused, in any split.
        let split = errors(headerLine + "\n" + String(repeating: #"{"wait":9000000}"# + "\n", count: 3))
        XCTAssertEqual(split.map(\.kind), [.limitExceeded, .limitExceeded])
        XCTAssertEqual(split.map(\.line), [3, 4])
    }

    func testDeepLinesAreRejectedWithTheirLine() {
        for depth in [65, 513, 10_000] {
            let deep = #"{"comment":"# + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}"
            let found = errors(headerLine + "\n" + deep + "\n")
            XCTAssertEqual(found.map(\.kind), [.limitExceeded], "depth \(depth)")
            XCTAssertEqual(found.first?.jsonError, .depth)
            XCTAssertEqual(found.first?.line, 2)
        }
    }

    func testStrictJSONPerLine() {
        let cases: [(String, JSONParseError.Code, String?)] = [
            (#"{"expect":{"state":{"spinning":false,"spinning":"x"}}}"#, .duplicateKey, "expect.state.spinning"),
            (#"{"frame":1,"click":[1,2],}"#, .trailingComma, nil),
            (#"{"frame":1,"click":[1,2,]}"#, .trailingComma, "click"),
            (#"{"frame":NaN,"click":[1,2]}"#, .nonFinite, "frame"),
            (#"{"frame":1e999,"click":[1,2]}"#, .numberOverflow, "frame"),
        ]
        for (line, code, field) in cases {
            let found = errors(headerLine + "\n" + line + "\n")
            XCTAssertEqual(found.map(\.kind), [.notJSON], line)
            XCTAssertEqual(found.first?.jsonError, code, line)
            XCTAssertEqual(found.first?.field, field, line)
            XCTAssertEqual(found.first?.line, 2, line)
        }
    }

    func testByteOrderMarkIsRejectedOnce() {
        let found = errors("\u{FEFF}" + headerLine + "\n" + #"{"frame":1,"key":"a"}"# + "\n")
        XCTAssertEqual(found.map(\.kind), [.byteOrderMark])
        XCTAssertEqual(found.first?.line, 1)
    }

    func testInvalidUTF8IsAnErrorAtItsLine() throws {
        var bytes = Array((headerLine + "\n" + #"{"frame":1,"type_text":"a"#).utf8)
        bytes += [0xC3, 0x28]  // a lead byte followed by a non-continuation byte
        bytes += Array(#""}"#.utf8) + [0x0A]
        bytes += Array((#"{"frame":2,"type_text":"é"}"# + "\n").utf8)
        XCTAssertThrowsError(try Script.parse(bytes: bytes, file: "u.jsonl")) { error in
            let d = (error as! ScriptErrors).diagnostics
            XCTAssertEqual(d.map(\.kind), [.invalidUTF8])
            XCTAssertEqual(d.first?.line, 2)
            XCTAssertTrue(d.first?.description.hasPrefix("u.jsonl:2: invalid UTF-8 at column 26") ?? false, d.first?.description ?? "")
        }
        // The same file through `load`: read as bytes, never decoded with replacement characters.
        let path = temporaryPath("invalid-utf8.jsonl")
        FileManager.default.createFile(atPath: path, contents: Data(bytes))
        XCTAssertThrowsError(try Script.load(path: path)) { XCTAssertEqual(($0 as! ScriptErrors).kinds, [.invalidUTF8]) }
    }

    func testLineFileAndLineCountLimits() {
        let limits = ScriptLimits(maxScriptBytes: 400, maxLineBytes: 120, maxLines: 3)
        func diagnostics(_ text: String) -> [ScriptDiagnostic] {
            do { _ = try Script.parse(text, file: "t.jsonl", limits: limits); return [] } catch { return error.diagnostics }
        }
        let long = #"{"frame":1,"type_text":""# + String(repeating: "x", count: 200) + #""}"#
        XCTAssertEqual(diagnostics(headerLine + "\n" + long + "\n").map(\.kind), [.limitExceeded])
        XCTAssertEqual(diagnostics(String(repeating: " ", count: 401)).map(\.kind), [.limitExceeded])
        let many = headerLine + "\n" + String(repeating: #"{"wait":1}"# + "\n", count: 5)
        let found = diagnostics(many)
        XCTAssertEqual(found.map(\.kind), [.limitExceeded])
        XCTAssertEqual(found.first?.line, 4)
    }

    func testEveryErrorIsReportedUpToTheCapThenCounted() {
        let body = (0..<250).map { _ in #"{"tap":1}"# }
        let found = errors(([headerLine] + body).joined(separator: "\n") + "\n")
        XCTAssertEqual(found.count, 101)
        XCTAssertEqual(Array(found.prefix(100)).map(\.line), Array(2...101))
        XCTAssertEqual(found.last?.kind, .moreErrors)
        XCTAssertTrue(found.last?.message.hasPrefix("150 more errors") ?? false, found.last?.message ?? "")
    }

    func testUnknownViewListsEveryKnownIdentifier() throws {
        let script = try parseBody([#"{"frame":1,"click":"picker.nope"}"#])
        let known: Set<String> = ["picker", "picker.sv", "picker.hue", "picker.hex", "toolbar.spin", "toolbar.reset", "a", "b"]
        XCTAssertThrowsError(try script.validateIdentifiers(known)) { error in
            let d = (error as! ScriptErrors).diagnostics
            XCTAssertEqual(d.map(\.kind), [.unknownView])
            XCTAssertTrue(d[0].message.hasSuffix("(known: a, b, picker, picker.hex, picker.hue, picker.sv, toolbar.reset, toolbar.spin)"),
                          d[0].message)
        }
    }

    /// The examples in docs/scripts.md "Errors", word for word.
    func testDocumentedMessages() {
        let deep = #"{"comment":"# + String(repeating: "[", count: 513) + String(repeating: "]", count: 513) + "}"
        let text = [headerLine, #"{"drag":{"from":[1,2],"to":[3,4],"frames":0}}"#, #"{"wait":9e15}"#,
                    #"{"expect":{"state":{"spinning":false,"spinning":"x"}}}"#, deep].joined(separator: "\n") + "\n"
        let shortPath = "comment" + String(repeating: "[0]", count: 63)
        XCTAssertEqual(errors(text).map(\.description).map { $0.replacingOccurrences(of: shortPath, with: "comment[0]...[0]") }, [
            "t.jsonl:2: field 'drag.frames' is 0, outside its limit 1...10000",
            "t.jsonl:3: field 'wait' is 9000000000000000, outside its limit 0...10000000",
            #"t.jsonl:4: not valid JSON at column 38 (in expect.state.spinning): duplicate key "spinning""#,
            "t.jsonl:5: over a limit at column 75 (in comment[0]...[0]): nested deeper than 64 levels (the limit)",
        ])
    }
}
