// The catalog's error paths against the real engine, and a randomized stream of mutated messages.
import GlasspaneBus
import GlasspaneCore
@testable import GlasspaneDemo
import GlasspaneScene
import XCTest
import GlasspaneTesting

@MainActor
final class EngineMessageErrorTests: XCTestCase {
    /// Posts raw JSON from the overlay, runs a frame, returns the errors that came back and whether the state changed.
    private func send(_ h: EngineHarness, _ json: String) async -> (codes: [BusErrorCode], fields: [String?], changed: Bool) {
        h.errors.removeAll()
        let before = h.engine.simulation.current
        h.bus.frameIndex += 1
        h.bus.postRaw(json, from: .overlay, to: .engine)
        h.bus.phase = .busToEngine
        h.bus.deliver(to: .engine)
        let after = h.engine.simulation.current
        h.bus.phase = .busToOverlay
        h.bus.deliver(to: .overlay)
        h.bus.phase = nil
        return (h.errors.map(\.code), h.errors.map(\.field), before != after)
    }

    func testValidRawMessagesApply() async {
        let h = EngineHarness()
        var r = await send(h, #"{"type":"change-color","data":[0.2,0.4,1]}"#)
        XCTAssertEqual(r.codes, [])
        XCTAssertEqual(h.engine.simulation.current.color, Color(r: 0.2, g: 0.4, b: 1))
        r = await send(h, #"{"type":"set-spin","data":{"spinning":false}}"#)
        XCTAssertEqual(r.codes, [])
        XCTAssertFalse(h.engine.simulation.current.spinning)
    }

    func testColorComponentOutsideRangeNamesTheComponent() async {
        let h = EngineHarness()
        let r = await send(h, #"{"type":"change-color","data":[0.2,1.5,0]}"#)
        XCTAssertEqual(r.codes, [.invalidPayload])
        XCTAssertEqual(r.fields, ["data[1]"])
        XCTAssertFalse(r.changed)
        XCTAssertTrue(h.errors.first?.message.contains("change-color") ?? false)
    }

    func testNaNColorComponentIsRejected() async {
        let h = EngineHarness()
        let r = await send(h, #"{"type":"change-color","data":[0.2,0.3,"NaN"]}"#)
        XCTAssertEqual(r.codes, [.invalidPayload])
        XCTAssertEqual(r.fields, ["data[2]"])
        XCTAssertFalse(r.changed)
        // The typed façade sends NaN the same way and gets the same answer.
        h.errors.removeAll()
        await h.frame { h.client.setColor(Color(r: .nan, g: 0, b: 0)) }
        XCTAssertEqual(h.errors.map(\.code), [.invalidPayload])
        XCTAssertEqual(h.errors.first?.field, "data[0]")
    }

    func testWrongShapesOfColor() async {
        let h = EngineHarness()
        let cases: [(String, String)] = [
            (#"{"type":"change-color","data":[0.2,0.3]}"#, "data[2]"),
            (#"{"type":"change-color","data":[0.2,0.3,0.4,0.5]}"#, "data"),
            (#"{"type":"change-color","data":{"r":1,"g":0,"b":0}}"#, "data"),
            (#"{"type":"change-color","data":[0.2,"red",0.4]}"#, "data[1]"),
            (#"{"type":"change-color"}"#, "data"),
        ]
        for (json, field) in cases {
            let r = await send(h, json)
            XCTAssertEqual(r.codes, [.invalidPayload], json)
            XCTAssertEqual(r.fields, [field], json)
            XCTAssertFalse(r.changed, json)
        }
    }

    func testSetSpinWithoutOrWithWrongField() async {
        let h = EngineHarness()
        var r = await send(h, #"{"type":"set-spin","data":{}}"#)
        XCTAssertEqual(r.codes, [.invalidPayload])
        XCTAssertEqual(r.fields, ["data.spinning"])
        r = await send(h, #"{"type":"set-spin","data":{"spinning":"no"}}"#)
        XCTAssertEqual(r.codes, [.invalidPayload])
        XCTAssertEqual(r.fields, ["data.spinning"])
        XCTAssertTrue(h.engine.simulation.current.spinning)
    }

    func testUnknownTypeMalformedAndTooLargeLeaveTheEngineUntouched() async {
        let h = EngineHarness()
        var r = await send(h, #"{"type":"change-colour","data":[0,0,0]}"#)
        XCTAssertEqual(r.codes, [.unknownType])
        r = await send(h, #"{"type":"change-color","data":[0,0,0]"#)
        XCTAssertEqual(r.codes, [.malformedJSON])
        let padding = String(repeating: " ", count: 70_000)
        r = await send(h, #"{"type":"change-color","data":[0,0,0]}"# + padding)
        XCTAssertEqual(r.codes, [.tooLarge])
        XCTAssertEqual(h.engine.simulation.current, CubeState())
    }

    func testGetStateRawRequestIsAnswered() async {
        let h = EngineHarness()
        let sink = MemoryLogSink()
        h.bus.logSink = sink
        _ = await send(h, #"{"type":"get-state","id":900}"#)
        let reply = sink.lines.first { $0.contains(#""type":"state""#) && $0.contains(#""event":"post""#) }
        XCTAssertNotNil(reply)
        XCTAssertTrue(reply?.contains(#""replyTo":900"#) ?? false, reply ?? "")
        XCTAssertTrue(reply?.contains(#""spinning":true"#) ?? false, reply ?? "")
    }

    // MARK: - Randomized

    private static let templates = [
        #"{"type":"change-color","data":[0.25,0.5,0.75]}"#,
        #"{"type":"set-spin","data":{"spinning":false}}"#,
        #"{"type":"set-spin","data":{"spinning":true}}"#,
        #"{"type":"get-state","id":5}"#,
        #"{"type":"change-color","data":[1,0,0],"id":6}"#,
    ]
    private static let fragments = ["{", "}", "[", "]", ",", ":", "\"", "0", "1", "-", ".", "e9", "1.5", "-0.2", "\"NaN\"",
                                    "null", "true", "false", "\"change-color\"", "\"set-spin\"", "\"get-state\"",
                                    "\"type\"", "\"data\"", "\"id\"", "\"replyTo\"", "\"error\"", "\\", "\\u0000", "é", " ",
                                    "1e400", "99999999999999999999", "[[[[", "\"spinning\""]

    private static func mutate(_ text: String, _ rng: inout SplitMix64) -> String {
        var chars = Array(text)
        for _ in 0..<Int.random(in: 1...4, using: &rng) {
            let at = chars.isEmpty ? 0 : Int.random(in: 0..<chars.count, using: &rng)
            switch Int.random(in: 0..<5, using: &rng) {
            case 0 where !chars.isEmpty: chars.remove(at: at)
            case 1: chars.insert(contentsOf: fragments.randomElement(using: &rng)!, at: at)
            case 2 where !chars.isEmpty: chars.replaceSubrange(at...at, with: fragments.randomElement(using: &rng)!)
            case 3 where chars.count > 2:
                let end = Int.random(in: at..<chars.count, using: &rng)
                chars.insert(contentsOf: Array(chars[at...end]), at: end)
            default:
                // Swap a number for another (valid or not) without breaking the syntax.
                let numbers = ["0", "1", "0.5", "-1", "2", "1e-3", "\"NaN\"", "\"Infinity\"", "true", "\"0.5\""]
                if let i = chars.firstIndex(where: { $0.isNumber }) {
                    chars.replaceSubrange(i...i, with: numbers.randomElement(using: &rng)!)
                }
            }
        }
        return String(chars)
    }

    func testThousandsOfMutatedMessagesNeverCrashAndRejectedOnesChangeNothing() async {
        let h = EngineHarness()
        var rng = SplitMix64(state: 0x6C61_7373_7061_6E65)
        var rejected = 0, accepted = 0
        var seenCodes: Set<BusErrorCode> = []
        for i in 0..<4000 {
            let json = Self.mutate(Self.templates[i % Self.templates.count], &rng)
            let r = await send(h, json)
            if r.codes.isEmpty {
                accepted += 1
            } else {
                rejected += 1
                seenCodes.formUnion(r.codes)
                XCTAssertFalse(r.changed, "rejected but changed the engine: \(json)")
                XCTAssertEqual(r.codes.count, 1, "exactly one error per rejected message: \(json)")
            }
            // Whatever got through, the engine's state stays valid.
            let c = h.engine.simulation.current.color
            XCTAssertTrue([c.r, c.g, c.b].allSatisfy { $0.isFinite && (0...1).contains($0) }, "invalid color after \(json)")
        }
        XCTAssertGreaterThan(rejected, 1000)
        XCTAssertGreaterThan(accepted, 100)
        XCTAssertTrue(seenCodes.isSuperset(of: [.malformedJSON, .invalidPayload, .unknownType, .invalidEnvelope]), "\(seenCodes)")
        XCTAssertEqual(h.bus.queuedCount(for: .engine), 0)
    }
}
