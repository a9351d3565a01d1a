// postRaw parses with the strict, limited parser: the reproducers of issue 13 (deep nesting, duplicate keys,
// trailing commas, a BOM, huge ids) come back as errors naming the type and field; nothing reaches the receiver.
import Foundation
import GlasspaneBus
import GlasspaneCore
import XCTest

@MainActor
final class StrictDecodingTests: XCTestCase {
    func testDuplicateKeysAreRejectedNamingTypeAndField() async {
        let f = BusFixture()
        let codes = await f.rejectCodes(#"{"type":"level","data":{"value":0.5,"value":"x"}}"#)
        XCTAssertEqual(codes, [.malformedJSON])
        XCTAssertEqual(f.errors.first?.type, "level")
        XCTAssertEqual(f.errors.first?.field, "data.value")
        XCTAssertTrue(f.errors.first?.message.contains("duplicate key \"value\"") ?? false, f.errors.first?.message ?? "")
        XCTAssertEqual(f.levels, [])
    }

    func testDuplicateTypeKeyIsRejected() async {
        let f = BusFixture()
        let codes = await f.rejectCodes(#"{"type":"level","type":"note","data":{"text":"a","count":1}}"#)
        XCTAssertEqual(codes, [.malformedJSON])
        XCTAssertEqual(f.errors.first?.field, "type")
        XCTAssertEqual(f.notes, [])
    }

    func testStrictnessCases() async {
        let bom = "\u{FEFF}" + #"{"type":"note","data":{"text":"a","count":1}}"#
        for (text, field) in [(#"{"type":"note","data":{"text":"a","count":1,}}"#, "data"),
                              (#"{"type":"note","data":{"text":"a","count":01}}"#, "data.count"),
                              (#"{"type":"level","data":{"value":Infinity}}"#, "data.value"),
                              (#"{"type":"level","data":{"value":1e400}}"#, "data.value"),
                              (#"{"type":"note","data":{"text":"\uD800","count":1}}"#, "data.text"),
                              (bom, nil)] {
            let f = BusFixture()
            let codes = await f.rejectCodes(text)
            XCTAssertEqual(codes, [.malformedJSON], text)
            XCTAssertEqual(f.errors.first?.field, field, text)
            XCTAssertEqual(f.notes, [], text)
        }
    }

    func testDeepNestingIsALimitErrorNamingThePath() async {
        for depth in [65, 513, 15_000] {  // 15,000 levels: the 30 KB message of issue 13
            let f = BusFixture()
            let text = #"{"type":"note","data":"# + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}"
            let codes = await f.rejectCodes(text)
            XCTAssertEqual(codes, [.limitExceeded], "depth \(depth)")
            XCTAssertTrue(f.errors.first?.field?.hasPrefix("data[0][0]") ?? false, f.errors.first?.field ?? "no field")
        }
        // 63 levels inside the envelope is depth 64: allowed, and the payload then fails on its type.
        let f = BusFixture()
        let ok = #"{"type":"note","data":"# + String(repeating: "[", count: 63) + String(repeating: "]", count: 63) + "}"
        let codes = await f.rejectCodes(ok)
        XCTAssertEqual(codes, [.invalidPayload])
    }

    func testSizeIsCheckedBeforeParsing() async {
        let f = BusFixture(configuration: .init(maxMessageBytes: 100))
        let codes = await f.rejectCodes(String(repeating: "[", count: 101))
        XCTAssertEqual(codes, [.tooLarge])
    }

    func testHugeIdsAreInvalidEnvelopesNotTraps() async {
        for id in ["1e308", "1e19", "9007199254740994", "-1"] {
            let f = BusFixture()
            let codes = await f.rejectCodes(#"{"type":"note","id":"# + id + #","data":{"text":"a","count":1}}"#)
            XCTAssertEqual(codes, [.invalidEnvelope], id)
            XCTAssertEqual(f.errors.first?.field, "id", id)
        }
    }

    func testEnvelopeTextAndLogUseSortedPayloadKeys() async throws {
        let f = BusFixture()
        let sink = MemoryLogSink()
        f.bus.logSink = sink
        f.overlay.post(Note(text: "t", count: 2), to: .engine)
        f.bus.postRaw(#"{"type":"note","data":{"text":"r","count":3}}"#, from: .overlay, to: .engine)
        XCTAssertEqual(sink.lines.count, 2)
        XCTAssertTrue(sink.lines[0].hasSuffix(#","type":"note","data":{"count":2,"text":"t"}}"#), sink.lines[0])
        XCTAssertTrue(sink.lines[1].hasSuffix(#","type":"note","data":{"count":3,"text":"r"}}"#), sink.lines[1])
        for line in sink.lines { XCTAssertNoThrow(try JSONValue(parsing: line), line) }
        await f.deliverFrame()
        XCTAssertEqual(f.notes, [Note(text: "t", count: 2), Note(text: "r", count: 3)])
    }

    /// The examples in docs/messages.md "Errors", word for word.
    func testDocumentedMessages() async {
        let f = BusFixture()
        _ = await f.rejectCodes(#"{"type": "change-color", "data": [1, 0, 0]"#)
        XCTAssertEqual(f.errors.first?.message, "not valid JSON: line 1, column 43: the text ends where ',' or '}' should be")
        _ = await f.rejectCodes(#"{"type":"set-spin","data":{"spinning":false,"spinning":"x"}}"#)
        XCTAssertEqual(f.errors.first?.message,
                       #"set-spin: not valid JSON: line 1, column 45: duplicate key "spinning" (at data.spinning)"#)
        _ = await f.rejectCodes(#"{"type":"change-color","data":"# + String(repeating: "[", count: 513))
        let path = "data" + String(repeating: "[0]", count: 63)
        XCTAssertEqual(f.errors.first?.field, path)
        XCTAssertEqual(f.errors.first?.message,
                       "over a limit: line 1, column 94: nested deeper than 64 levels (the limit) (at \(path))")
    }
}
