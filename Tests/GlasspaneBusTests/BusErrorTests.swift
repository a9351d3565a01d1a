// Every error path: the sender gets an `error` with a stable code naming type and field; the receiver is untouched.
import Foundation
import GlasspaneBus
import GlasspaneCore
import XCTest

@MainActor
final class BusErrorTests: XCTestCase {
    func testMalformedJSON() async {
        let f = BusFixture()
        for text in ["", "{", "{\"type\": \"note\"", "not json", "{'type': 'note'}", "{\"type\": note}", "{\"type\":\"level\",\"data\":{\"value\":NaN}}"] {
            let codes = await f.rejectCodes(text)
            XCTAssertEqual(codes, [.malformedJSON], "for \(text.debugDescription)")
        }
        XCTAssertEqual(f.notes, [])
        XCTAssertEqual(f.levels, [])
    }

    func testInvalidEnvelope() async {
        let f = BusFixture()
        let cases: [(String, String)] = [
            ("[1, 2, 3]", "envelope"),
            ("\"change-color\"", "envelope"),
            ("{\"data\": {\"text\": \"x\", \"count\": 1}}", "type"),
            ("{\"type\": 5}", "type"),
            ("{\"type\": \"note\", \"id\": \"seven\"}", "id"),
            ("{\"type\": \"note\", \"id\": 1.5}", "id"),
            ("{\"type\": \"note\", \"replyTo\": true}", "replyTo"),
            ("{\"type\": \"error\", \"error\": {\"code\": \"bogus\"}}", "error.code"),
        ]
        for (text, field) in cases {
            let codes = await f.rejectCodes(text)
            XCTAssertEqual(codes, [.invalidEnvelope], "for \(text)")
            XCTAssertEqual(f.errors.first?.field, field, "for \(text)")
        }
        XCTAssertEqual(f.notes, [])
    }

    func testUnknownTypeNamesTheType() async {
        let f = BusFixture()
        let codes = await f.rejectCodes(#"{"type": "warp-drive", "data": [1]}"#)
        XCTAssertEqual(codes, [.unknownType])
        XCTAssertEqual(f.errors.first?.type, "warp-drive")
        XCTAssertTrue(f.errors.first?.message.contains("warp-drive") ?? false)
    }

    func testWrongTypeNamesTheField() async {
        let f = BusFixture()
        let codes = await f.rejectCodes(#"{"type": "note", "data": {"text": "x", "count": "three"}}"#)
        XCTAssertEqual(codes, [.invalidPayload])
        XCTAssertEqual(f.errors.first?.type, "note")
        XCTAssertEqual(f.errors.first?.field, "data.count")
        XCTAssertTrue(f.errors.first?.message.contains("note") ?? false)
        XCTAssertTrue(f.errors.first?.message.contains("data.count") ?? false)
        XCTAssertEqual(f.notes, [])
    }

    func testMissingFieldNamesTheField() async {
        let f = BusFixture()
        let codes = await f.rejectCodes(#"{"type": "note", "data": {"text": "x"}}"#)
        XCTAssertEqual(codes, [.invalidPayload])
        XCTAssertEqual(f.errors.first?.field, "data.count")
    }

    func testMissingDataIsInvalidPayload() async {
        let f = BusFixture()
        let codes = await f.rejectCodes(#"{"type": "note"}"#)
        XCTAssertEqual(codes, [.invalidPayload])
        XCTAssertEqual(f.errors.first?.field, "data")
        let nullCodes = await f.rejectCodes(#"{"type": "note", "data": null}"#)
        XCTAssertEqual(nullCodes, [.invalidPayload])
    }

    func testNaNAndOutOfRangeAreRejectedByValidation() async {
        let f = BusFixture()
        for text in [#"{"type":"level","data":{"value":"NaN"}}"#, #"{"type":"level","data":{"value":"Infinity"}}"#,
                     #"{"type":"level","data":{"value":1.5}}"#, #"{"type":"level","data":{"value":-0.01}}"#] {
            let codes = await f.rejectCodes(text)
            XCTAssertEqual(codes, [.invalidPayload], text)
            XCTAssertEqual(f.errors.first?.field, "data.value", text)
        }
        XCTAssertEqual(f.levels, [])
    }

    func testTypedPostOfAnInvalidValueIsRejectedTheSameWay() async {
        let f = BusFixture()
        f.beginFrame()
        f.overlay.post(Level(value: .nan), to: .engine)
        f.overlay.post(Level(value: 2), to: .engine)
        f.overlay.post(Level(value: 0.5), to: .engine)
        await f.deliverFrame()
        XCTAssertEqual(f.errors.map(\.code), [.invalidPayload, .invalidPayload])
        XCTAssertEqual(f.levels, [Level(value: 0.5)])
    }

    func testTooLargeRawAndTyped() async {
        let f = BusFixture(configuration: .init(maxMessageBytes: 256))
        let big = String(repeating: "x", count: 300)
        let codes = await f.rejectCodes(#"{"type":"note","data":{"text":"\#(big)","count":1}}"#)
        XCTAssertEqual(codes, [.tooLarge])
        f.errors.removeAll()
        f.beginFrame()
        f.overlay.post(Note(text: big, count: 2), to: .engine)
        await f.deliverFrame()
        XCTAssertEqual(f.errors.map(\.code), [.tooLarge])
        XCTAssertEqual(f.errors.first?.type, "note")
        XCTAssertEqual(f.notes, [])
        XCTAssertEqual(f.bus.queuedCount(for: .engine), 0)
    }

    func testHandlerErrorsGoBackToTheSender() async {
        struct Refusal: Error {}
        let f = BusFixture()
        f.engine.on(Note.self) { note, _ in
            if note.count == 1 { throw Refusal() }
            throw BusError(code: .invalidPayload, message: "note: data.text is rude", type: "note", field: "data.text")
        }
        f.overlay.post(Note(text: "a", count: 1), to: .engine)
        f.overlay.post(Note(text: "b", count: 2), to: .engine)
        await f.deliverFrame()
        XCTAssertEqual(f.errors.map(\.code), [.handlerFailed, .invalidPayload])
        XCTAssertEqual(f.errors.last?.field, "data.text")
    }

    func testErrorsDoNotBounceBetweenEndpoints() async {
        let f = BusFixture()
        // An error sent to an endpoint is handed to onError, never answered with another error.
        f.bus.postRaw(#"{"type":"error","error":{"code":"timeout","message":"m"}}"#, from: .overlay, to: .engine)
        await f.deliverFrame()
        await f.deliverFrame()
        XCTAssertEqual(f.engineErrors.map(\.code), [.timeout])
        XCTAssertEqual(f.errors, [])
    }

    func testEveryCodeHasAStableKebabCaseIdentifier() async {
        XCTAssertEqual(BusErrorCode.allCases.map(\.rawValue),
                       ["malformed-json", "invalid-envelope", "unknown-type", "invalid-payload", "too-large", "timeout",
                        "handler-failed", "unexpected-reply", "limit-exceeded", "view-not-found", "not-scrollable"])
    }
}

/// Envelopes posted as values (script lines parsed once) are checked exactly as text is.
@MainActor
final class EnvelopeValueTests: XCTestCase {
    func testAValueEnvelopeIsDeliveredAndABadOneGetsTheSameErrorAsItsText() async throws {
        let viaValue = BusFixture(), viaText = BusFixture()
        for (value, text) in [
            (JSONValue.object(["type": .string("add"), "data": .object(["a": .number(1), "b": .number(2)])]), #"{"type":"add","data":{"a":1,"b":2}}"#),
            (.object(["data": .number(1)]), #"{"data":1}"#),
            (.object(["type": .string("add"), "data": .string("x")]), #"{"type":"add","data":"x"}"#),
        ] {
            viaValue.beginFrame()
            viaValue.bus.post(envelope: value, from: .overlay, to: .engine)
            await viaValue.deliverFrame()
            viaText.beginFrame()
            viaText.bus.postRaw(text, from: .overlay, to: .engine)
            await viaText.deliverFrame()
        }
        XCTAssertEqual(viaValue.errors.map(\.code), viaText.errors.map(\.code))
        XCTAssertEqual(viaValue.errors.map(\.field), viaText.errors.map(\.field))
        XCTAssertEqual(viaValue.errors.count, 2)
        XCTAssertEqual(viaValue.bus.statistics.delivered, viaText.bus.statistics.delivered)
    }

    func testAnOversizedValueEnvelopeIsRejected() async {
        let f = BusFixture()
        f.beginFrame()
        let big = JSONValue.object(["type": .string("add"), "data": .string(String(repeating: "x", count: 70_000))])
        f.bus.post(envelope: big, from: .overlay, to: .engine)
        await f.deliverFrame()
        XCTAssertEqual(f.errors.map(\.code), [.tooLarge])
    }
}
