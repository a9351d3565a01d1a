// Per-type codecs (`PayloadCodable`) against the Codable path on the bus tests' inputs and on seeded random ones,
// and when a typed value is written as JSON at all (only for a log, a size without a bound, or another type).
import Foundation
import GlasspaneBus
import GlasspaneCore
import XCTest
import GlasspaneTesting

/// `Note` with its own codec (same wire name and form).
struct CodedNote: PayloadCodable, Hashable {
    static let type = "note"
    var text: String
    var count: Int
    init(text: String, count: Int) { self.text = text; self.count = count }
    init(payload: PayloadReader) throws(PayloadViolation) {
        let members = try payload.object()
        text = try members.member("text").string()
        count = try members.member("count").int()
    }
    func writePayload(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("count"); writer.int(count)
        writer.key("text"); writer.string(text)
        writer.endObject()
    }
}

/// `Level` with its own codec and a size bound.
struct CodedLevel: PayloadCodable, Hashable {
    static let type = "level"
    var value: Double
    init(value: Double) { self.value = value }
    init(payload: PayloadReader) throws(PayloadViolation) { value = try payload.object().member("value").number() }
    func writePayload(to writer: inout JSONWriter) {
        CodedLevel.writes += 1
        writer.beginObject(); writer.key("value"); writer.payloadNumber(value); writer.endObject()
    }
    var maxPayloadBytes: Int? { 10 + maxPayloadNumberBytes }
    func validate() throws(PayloadViolation) { try Level(value: value).validate() }
    /// How many times any level was written as JSON.
    nonisolated(unsafe) static var writes = 0
}

/// `AddRequest` with its own codec, answered by `CodedSum`.
struct CodedAdd: PayloadCodable, BusRequest, Hashable {
    typealias Reply = CodedSum
    static let type = "add"
    var a: Int, b: Int
    init(a: Int, b: Int) { self.a = a; self.b = b }
    init(payload: PayloadReader) throws(PayloadViolation) {
        let members = try payload.object()
        a = try members.member("a").int()
        b = try members.member("b").int()
    }
    func writePayload(to writer: inout JSONWriter) {
        writer.beginObject(); writer.key("a"); writer.int(a); writer.key("b"); writer.int(b); writer.endObject()
    }
}

/// `Sum` with its own codec.
struct CodedSum: PayloadCodable, Hashable {
    static let type = "sum"
    var value: Int
    init(value: Int) { self.value = value }
    init(payload: PayloadReader) throws(PayloadViolation) { value = try payload.object().member("value").int() }
    func writePayload(to writer: inout JSONWriter) { writer.beginObject(); writer.key("value"); writer.int(value); writer.endObject() }
}

/// A receiver of notes, levels and additions on the Codable path or with codecs, and what each input did.
@MainActor
final class CodecFixture {
    let bus: MessageBus
    let sender: BusEndpoint
    let receiver: BusEndpoint
    let log = MemoryLogSink()
    var delivered: [String] = []
    var errors: [BusError] = []

    init(codecs: Bool, configuration: MessageBus.Configuration = .init()) {
        bus = MessageBus(configuration: configuration, clock: ManualClock(), logger: quietLogger())
        bus.logSink = log
        sender = bus.attach(.overlay)
        receiver = bus.attach(.engine)
        sender.onError = { [unowned self] error, _ in errors.append(error) }
        if codecs {
            receiver.on(CodedNote.self) { [unowned self] m, _ in delivered.append("note \(m.text.debugDescription) \(m.count)") }
            receiver.on(CodedLevel.self) { [unowned self] m, _ in delivered.append("level \(m.value.bitPattern)") }
            receiver.onRequest(CodedAdd.self) { r, _ in CodedSum(value: r.a &+ r.b) }
        } else {
            receiver.on(Note.self) { [unowned self] m, _ in delivered.append("note \(m.text.debugDescription) \(m.count)") }
            receiver.on(Level.self) { [unowned self] m, _ in delivered.append("level \(m.value.bitPattern)") }
            receiver.onRequest(AddRequest.self) { r, _ in Sum(value: r.a &+ r.b) }
        }
    }

    /// Runs one frame around `post`: what was delivered, the errors back, and the log lines as JSON values.
    func run(_ post: () -> Void) -> [String] {
        delivered.removeAll(); errors.removeAll()
        let before = log.lines.count
        bus.frameIndex += 1
        post()
        bus.deliver(to: .engine)
        bus.deliver(to: .overlay)
        let lines = log.lines[before...].map { (try? JSONValue(parsing: $0))?.description ?? "unparsable \($0)" }
        return delivered + errors.map { "error \($0.code.rawValue) field \($0.field ?? "-") type \($0.type ?? "-"): \($0.message)" } + lines
    }
}

@MainActor
final class PayloadCodecTests: XCTestCase {
    /// The payloads the other bus tests send, and more of the same kinds.
    static let inputs: [String] = [
        #"{"type": "note", "data": {"text": "x", "count": "three"}}"#, #"{"type": "note", "data": {"text": "x"}}"#,
        #"{"type": "note"}"#, #"{"type": "note", "data": null}"#, #"{"type":"level","data":{"value":"NaN"}}"#,
        #"{"type":"level","data":{"value":"Infinity"}}"#, #"{"type":"level","data":{"value":1.5}}"#,
        #"{"type":"level","data":{"value":-0.01}}"#, #"{"type":"level","data":{"value":0.5}}"#,
        #"{"type":"note","data":{"text":"hi","count":2}}"#, #"{"type":"note","data":{"text":"a\"b\\c\u0001é/","count":-3}}"#,
        #"{"type":"note","data":{"text":5,"count":2}}"#, #"{"type":"note","data":{"text":null,"count":2}}"#,
        #"{"type":"note","data":{"text":"x","count":2.5}}"#, #"{"type":"note","data":{"text":"x","count":1e300}}"#,
        #"{"type":"note","data":{"text":"x","count":null}}"#, #"{"type":"note","data":{"text":"x","count":9007199254740992}}"#,
        #"{"type":"note","data":[1,2]}"#, #"{"type":"note","data":"note"}"#, #"{"type":"level","data":{"value":null}}"#,
        #"{"type":"level","data":{"value":true}}"#, #"{"type":"level","data":{}}"#, #"{"type":"level","data":[0.5]}"#,
        #"{"type":"add","id":3,"data":{"a":1,"b":2}}"#, #"{"type":"add","id":4,"data":{"a":1}}"#,
        #"{"type":"add","id":5,"data":{"a":"1","b":2}}"#, #"{"type":"add","data":{"a":1,"b":2}}"#,
        #"{"type":"add","id":6,"data":{"a":-9007199254740992,"b":9007199254740992}}"#,
    ]

    func testBusTestInputsGetTheSameAnswerWithAndWithoutCodecs() async {
        let coded = CodecFixture(codecs: true), codable = CodecFixture(codecs: false)
        for text in Self.inputs {
            let a = coded.run { coded.bus.postRaw(text, from: .overlay, to: .engine) }
            let b = codable.run { codable.bus.postRaw(text, from: .overlay, to: .engine) }
            XCTAssertEqual(a, b, text)
        }
    }

    func testSeededRandomNotesLevelsAndSumsGetTheSameAnswer() async throws {
        let coded = CodecFixture(codecs: true), codable = CodecFixture(codecs: false)
        let seed: UInt64 = 0x6E6F_7465
        var rng = SplitMix64(state: seed)
        let values: [JSONValue] = [.null, true, 0, -0.0, 1, 0.5, 1.5, -1, 2.5, 1e20, 9.3e18, .number(.leastNonzeroMagnitude), "NaN", "Infinity", "x", "",
                                   "é\"\\", [], [1], [:]]
        var accepted = 0
        for i in 0..<3_000 {
            var members: [String: JSONValue] = [:]
            for key in ["text", "count", "value", "a", "b"] where Int.random(in: 0..<3, using: &rng) > 0 {
                members[key] = values.randomElement(using: &rng)!
            }
            if i % 3 == 0 { members["text"] = .string("t\(i)"); members["count"] = .number(Double(i)) }
            let type = ["note", "level", "add"][i % 3]
            let data: JSONValue = Int.random(in: 0..<10, using: &rng) == 0 ? values.randomElement(using: &rng)! : .object(members)
            let text = #"{"type":"\#(type)","id":\#(i + 1),"data":\#(try JSONWriter.string(data))}"#
            let a = coded.run { coded.bus.postRaw(text, from: .overlay, to: .engine) }
            let b = codable.run { codable.bus.postRaw(text, from: .overlay, to: .engine) }
            XCTAssertEqual(a, b, "seed \(seed), input \(i): \(text)")
            if coded.errors.isEmpty { accepted += 1 }
        }
        XCTAssertGreaterThan(accepted, 100)

        for i in 0..<1_000 {
            let value = [Double.nan, .infinity, -0.0, 1.5, 0.25, -1e-300, Double.leastNonzeroMagnitude].randomElement(using: &rng)!
            let text = String((0..<Int.random(in: 0...8, using: &rng)).map { _ in "aé\"\\/\u{1}\n ".randomElement(using: &rng)! })
            let count = Int.random(in: Int.min...Int.max, using: &rng) >> Int.random(in: 0...63, using: &rng)
            for (a, b) in [
                (coded.run { coded.sender.post(CodedLevel(value: value), to: .engine) },
                 codable.run { codable.sender.post(Level(value: value), to: .engine) }),
                (coded.run { coded.sender.post(CodedNote(text: text, count: count), to: .engine) },
                 codable.run { codable.sender.post(Note(text: text, count: count), to: .engine) }),
            ] {
                XCTAssertEqual(a, b, "seed \(seed), typed \(i): \(value) \(text.debugDescription) \(count)")
            }
        }
    }

    func testRepliesDecodeAlike() async throws {
        let coded = BusFixture(), codable = BusFixture()
        coded.engine.onRequest(CodedAdd.self) { r, _ in CodedSum(value: r.a + r.b) }
        coded.beginFrame()
        let codedSum = Task.immediate { try await coded.overlay.request(CodedAdd(a: 2, b: 40), to: .engine) }
        await coded.deliverFrame()
        codable.beginFrame()
        let codableSum = Task.immediate { try await codable.overlay.request(AddRequest(a: 2, b: 40), to: .engine) }
        await codable.deliverFrame()
        let a = try await codedSum.value, b = try await codableSum.value
        XCTAssertEqual(a.value, 42)
        XCTAssertEqual(a.value, b.value)
    }

    // MARK: - Finding the codec without a run-time check

    func testGenericCodeFindsTheCodecThroughTheWitnessTable() {
        // What `request` and generic posts see, where the type is only known to be a `BusMessage`.
        func codec<M: BusMessage>(_: M.Type) -> (any PayloadCodable.Type)? { M.payloadCodec }
        func selfCoding<M: BusMessage>(_ message: M) -> (any PayloadCodable)? { message.selfCodingPayload }
        XCTAssertTrue(codec(CodedAdd.self) == CodedAdd.self)
        XCTAssertTrue(codec(CodedAdd.Reply.self) == CodedSum.self)
        // `Ready` adopts `PayloadCodable` in an extension apart from its `BusMessage` conformance: still found.
        XCTAssertTrue(codec(Ready.self) == Ready.self)
        XCTAssertNil(codec(AddRequest.self))
        XCTAssertNil(codec(AddRequest.Reply.self))
        XCTAssertEqual(selfCoding(CodedAdd(a: 2, b: 40)) as? CodedAdd, CodedAdd(a: 2, b: 40))
        XCTAssertNil(selfCoding(AddRequest(a: 2, b: 40)))
    }

    // MARK: - When JSON is written

    func testATypedValueInProcessIsNeverWrittenAsJSONWithoutALog() async {
        let f = CodecFixture(codecs: true)
        f.bus.logSink = nil
        CodedLevel.writes = 0
        _ = f.run { for v in [0.25, 0.5, 0.75] { f.sender.post(CodedLevel(value: v), to: .engine) } }
        XCTAssertEqual(f.delivered, [0.25, 0.5, 0.75].map { "level \($0.bitPattern)" })
        XCTAssertEqual(CodedLevel.writes, 0)
        // With a log, each message is written once, for its post line; the deliver line reuses those bytes.
        f.bus.logSink = f.log
        let before = f.log.lines.count
        _ = f.run { f.sender.post(CodedLevel(value: 0.5), to: .engine) }
        XCTAssertEqual(CodedLevel.writes, 1)
        let lines = f.log.lines[before...].filter { $0.contains(#""type":"level""#) }
        XCTAssertEqual(lines.count, 2)
        XCTAssertEqual(lines.map { $0.contains(#""data":{"value":0.5}"#) }, [true, true], "\(lines)")
    }

    func testASizeBoundOverTheLimitMakesTheBusMeasure() async {
        // A 16-byte limit is under CodedLevel's bound, so the bus writes each level once to measure it.
        let f = CodecFixture(codecs: true, configuration: .init(maxMessageBytes: 16))
        f.bus.logSink = nil
        CodedLevel.writes = 0
        _ = f.run { f.sender.post(CodedLevel(value: 0.5), to: .engine) }
        XCTAssertEqual(f.delivered, ["level \(0.5.bitPattern)"])
        XCTAssertEqual(CodedLevel.writes, 1)
        _ = f.run { f.sender.post(CodedLevel(value: 0.30000000000000004), to: .engine) }
        XCTAssertEqual(f.errors.map(\.code), [.tooLarge])
        XCTAssertEqual(f.delivered, [])
    }

    func testOversizeTypedValuesAreRejectedLikeCodableOnes() async {
        let coded = CodecFixture(codecs: true, configuration: .init(maxMessageBytes: 64))
        let codable = CodecFixture(codecs: false, configuration: .init(maxMessageBytes: 64))
        let text = String(repeating: "x", count: 60)
        let a = coded.run { coded.sender.post(CodedNote(text: text, count: 1), to: .engine) }
        let b = codable.run { codable.sender.post(Note(text: text, count: 1), to: .engine) }
        XCTAssertEqual(a, b)
        XCTAssertEqual(coded.errors.map(\.code), [.tooLarge])
    }
}

