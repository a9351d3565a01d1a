// The catalog's own codecs against the Codable path, on the same inputs: raw text (tables, EngineMessageErrorTests'
// payloads, change-color's animation forms and docs/messages.md's animation error table, seeded random payloads,
// seeded random animations with one member deep inside changed, and text mutations), typed posts (seeded random
// values, NaN and out of range included, animations among them), replies, and values crossing between the two
// Swift forms. Error replies must be equal in code, message, type and field; delivered values equal bit for bit;
// log lines equal byte for byte.
import GlasspaneBus
import GlasspaneCore
@testable import GlasspaneDemo
import Logging
import XCTest
import GlasspaneTesting

/// A message's `Codable` form under its wire name, without its codec: the bus encodes it with `JSONEncoder` and
/// decodes it with `JSONDecoder`, the path every message took before codecs (and the one types without one take).
struct CodableOnly<M: BusMessage>: BusMessage {
    static var type: String { M.type }
    var message: M
    init(_ message: M) { self.message = message }
    init(from decoder: any Decoder) throws { message = try M(from: decoder) }
    func encode(to encoder: any Encoder) throws { try message.encode(to: encoder) }
    func validate() throws(PayloadViolation) { try message.validate() }
}

/// `get-state` on the Codable path, answered by a Codable-path `state`.
struct CodableOnlyGetState: BusRequest {
    typealias Reply = CodableOnly<EngineState>
    static let type = GetState.type
}

/// A value written field by field down to each double's bits (`Color`'s own description rounds to hex).
func exactDescription(_ value: Any) -> String {
    if let d = value as? Double { return "\(d)/\(String(d.bitPattern, radix: 16))" }
    let mirror = Mirror(reflecting: value)
    if mirror.children.isEmpty { return String(reflecting: value) }
    return "\(mirror.subjectType)(" + mirror.children.map { "\($0.label ?? ""): \(exactDescription($0.value))" }
        .joined(separator: ", ") + ")"
}

/// A request's outcome, every member of an error included.
func exactDescription<T>(_ result: Result<T, BusError>) -> String {
    switch result {
    case .success(let value): return "reply " + exactDescription(value)
    case .failure(let e): return "error \(e.code.rawValue) field \(e.field ?? "-") type \(e.type ?? "-"): \(e.message)"
    }
}

/// What one input did at the receiver and back at the sender.
struct Outcome: Equatable, CustomStringConvertible {
    /// `type: value` of each delivered message, doubles written bit-exactly (`-0.0`, `nan`).
    var delivered: [String] = []
    var errors: [BusError] = []
    /// The traffic log's lines as written: the codecs write the same bytes as `JSONEncoder`.
    var log: [String] = []
    var description: String { "delivered \(delivered), errors \(errors.map { "\($0.code.rawValue) \($0.field ?? "-"): \($0.message)" }), log \(log)" }
}

/// A bus with a sender (`overlay`) and a receiver (`engine`) that handles the whole catalog, either with the
/// catalog's types (codecs) or with their `CodableOnly` forms.
@MainActor
final class CatalogReceiver {
    let bus: MessageBus
    let sender: BusEndpoint
    let receiver: BusEndpoint
    let log = MemoryLogSink()
    var outcome = Outcome()
    let codable: Bool

    init(codable: Bool) {
        self.codable = codable
        var logger = Logger(label: "test.codec")
        logger.logLevel = .critical
        bus = MessageBus(clock: ManualClock(), logger: logger)
        bus.logSink = log
        sender = bus.attach(.overlay)
        receiver = bus.attach(.engine)
        sender.onError = { [unowned self] error, _ in outcome.errors.append(error) }
        let answer = EngineState(color: Color(r: 0.25, g: 0.5, b: 1), presentedColor: Color(r: 0.5, g: 0.125, b: 0),
                                 spinning: true, angle: 1.25, frame: 3)
        if codable {
            handle(CodableOnly<ChangeColor>.self) { $0.message }
            handle(CodableOnly<SetSpin>.self) { $0.message }
            handle(CodableOnly<EngineState>.self) { $0.message }
            handle(CodableOnly<StateChanged>.self) { $0.message }
            handle(CodableOnly<Ready>.self) { $0.message }
            receiver.onRequest(CodableOnlyGetState.self) { [unowned self] _, _ in
                outcome.delivered.append("get-state")
                return CodableOnly(answer)
            }
        } else {
            handle(ChangeColor.self) { $0 }
            handle(SetSpin.self) { $0 }
            handle(EngineState.self) { $0 }
            handle(StateChanged.self) { $0 }
            handle(Ready.self) { $0 }
            receiver.onRequest(GetState.self) { [unowned self] _, _ in
                outcome.delivered.append("get-state")
                return answer
            }
        }
    }

    private func handle<M: BusMessage, Shown>(_ type: M.Type, _ show: @escaping (M) -> Shown) {
        receiver.on(M.self) { [unowned self] message, _ in
            outcome.delivered.append("\(M.type): \(exactDescription(show(message)))")
        }
    }

    /// Runs one frame around `post` and returns what happened.
    func run(_ post: () -> Void) -> Outcome {
        outcome = Outcome()
        let before = log.lines.count
        bus.frameIndex += 1
        bus.phase = .routing
        post()
        bus.phase = .busToEngine
        bus.deliver(to: .engine)
        bus.phase = .busToOverlay
        bus.deliver(to: .overlay)
        bus.phase = nil
        outcome.log = Array(log.lines[before...])
        return outcome
    }

    func postRaw(_ text: String) -> Outcome { run { bus.postRaw(text, from: .overlay, to: .engine) } }
}

/// Both receivers, fed the same inputs.
@MainActor
final class CatalogPair {
    let withCodecs = CatalogReceiver(codable: false)
    let codableOnly = CatalogReceiver(codable: true)

    func assertSameOutcome(raw text: String, _ note: String = "", file: StaticString = #filePath, line: UInt = #line) {
        let a = withCodecs.postRaw(text), b = codableOnly.postRaw(text)
        XCTAssertEqual(a, b, "\(note) input: \(text)", file: file, line: line)
    }

    /// Posts `message` typed on the codec path and `CodableOnly(message)` on the Codable path.
    func assertSameOutcome<M: BusMessage>(typed message: M, _ note: String = "", file: StaticString = #filePath, line: UInt = #line) {
        let a = withCodecs.run { withCodecs.sender.post(message, to: .engine) }
        let b = codableOnly.run { codableOnly.sender.post(CodableOnly(message), to: .engine) }
        XCTAssertEqual(a, b, "\(note) typed: \(exactDescription(message))", file: file, line: line)
    }
}

@MainActor
final class PayloadCodecEquivalenceTests: XCTestCase {
    // MARK: - Tables

    /// Payloads that must decode, fail to decode, or fail validation, for every catalog type.
    static let payloads: [String] = [
        // change-color and colors in general
        "[0.2,0.4,1]", "[0,0,0]", "[1,1,1]", "[-0.0,0,0]", "[0.2,1.5,0]", "[-0.1,0,0]", "[0.2,0.3]", "[]",
        "[0.2,0.3,0.4,0.5]", #"{"r":1,"g":0,"b":0}"#, #"[0.2,"red",0.4]"#, #"[0.2,0.3,"NaN"]"#, #"["Infinity",0,0]"#,
        #"["-Infinity",0,0]"#, #"[0.2,0.3,"0.5"]"#, "[0.2,null,0.4]", "[0.2,true,0.4]", "[[0.2],0.3,0.4]", "null",
        "5", #""x""#, "true", "[1e-7,5e-324,1e300]", "[0.30000000000000004,0.1,0.7]",
        // set-spin
        #"{"spinning":false}"#, #"{"spinning":true}"#, "{}", #"{"spinning":"no"}"#, #"{"spinning":null}"#,
        #"{"spinning":1}"#, #"{"spinning":true,"extra":[1,2]}"#, "[true]",
        // state and state-changed
        #"{"color":[0.2,0.4,1],"spinning":true,"angle":1.5,"frame":12}"#,
        #"{"color":[0.2,0.4,1],"spinning":true,"angle":1.5,"frame":1.5}"#,
        #"{"color":[0.2,0.4,1],"spinning":true,"angle":1.5,"frame":1e20}"#,
        #"{"color":[0.2,0.4,1],"spinning":true,"angle":1.5,"frame":-9007199254740992}"#,
        #"{"color":[0.2,0.4,1],"spinning":true,"angle":1.5,"frame":9007199254740994}"#,
        #"{"color":[0.2,0.4,1],"spinning":true,"angle":1.5,"frame":"3"}"#,
        #"{"color":[0.2,0.4,1],"spinning":true,"angle":1.5,"frame":null}"#,
        #"{"color":[0.2,0.4,1],"spinning":true,"angle":"NaN","frame":2}"#,
        #"{"color":[0.2,0.4,1],"spinning":true,"angle":null,"frame":2}"#,
        #"{"color":[0.2,0.4,1],"spinning":true,"frame":2}"#,
        #"{"color":[0.2,0.4,1],"spinning":true,"angle":1}"#,
        #"{"color":[0.2,0.4,1],"spinning":null,"angle":1,"frame":2}"#,
        #"{"color":[0.2,1.4,1],"spinning":true,"angle":1,"frame":2}"#,
        #"{"color":[0.2,0.4],"spinning":true,"angle":1,"frame":2}"#,
        #"{"color":[0.2,0.4,1,1],"spinning":true,"angle":1,"frame":2}"#,
        #"{"color":null,"spinning":true}"#, #"{"color":5,"spinning":true}"#, #"{"color":{},"spinning":true}"#,
        #"{"spinning":true,"color":[0.2,0.4,1]}"#, #"{"spinning":true}"#, #"{"color":[0.2,0.4,1]}"#,
        #"{"spinning":"yes","color":[0.2,0.4,"NaN"]}"#,
        // ready
        #"{"endpoint":"engine"}"#, #"{"endpoint":5}"#, #"{"endpoint":null}"#, #"{"endpoint":"a/b\u0001\"é"}"#,
        // state's presentedColor
        #"{"color":[0.2,0.4,1],"presentedColor":[0.5,0.5,0.5],"spinning":true,"angle":1.5,"frame":12}"#,
        #"{"color":[0.2,0.4,1],"presentedColor":null,"spinning":true,"angle":1.5,"frame":12}"#,
        #"{"color":[0.2,0.4,1],"presentedColor":[0.5,1.5,0.5],"spinning":true,"angle":1.5,"frame":12}"#,
        #"{"color":[0.2,0.4,1],"presentedColor":[0.5,0.5],"spinning":true,"angle":1.5,"frame":12}"#,
        #"{"color":[0.2,0.4,1],"presentedColor":"red","spinning":true,"angle":1.5,"frame":12}"#,
        #"{"color":[0.2,0.4,1],"presentedColor":[0.5,0.5,"NaN"],"spinning":null,"angle":1.5,"frame":12}"#,
        #"{"presentedColor":[0.5,0.5,0.5],"spinning":true,"angle":1.5,"frame":12}"#,
    ] + animationPayloads

    /// change-color's object form: every accepted animation form, every bad animation of ColorAnimationTests and
    /// docs/messages.md's error table, nulls where `contains` and `decodeIfPresent` disagree, and bad colors.
    static let animationPayloads: [String] = {
        let animations = [
            // accepted
            #"{"spring":{"response":0.4,"dampingFraction":0.8}}"#, #"{"spring":{}}"#, #"{"spring":{"initialVelocity":-3}}"#,
            #"{"spring":{"mass":1,"stiffness":170,"damping":26,"initialVelocity":0}}"#, #"{"spring":{"stiffness":170,"damping":26}}"#,
            #"{"curve":"easeInOut","duration":0.3}"#, #"{"curve":"linear"}"#, #"{"curve":"easeOut","delay":0.5,"speed":2}"#,
            #"{"bezier":[0.17,0.67,0.83,0.67],"duration":0.5,"delay":0.1}"#, #"{"bezier":[0,-100,1,100],"speed":0.01}"#,
            #"{"curve":"easeIn","duration":null,"delay":null,"speed":null}"#, #"{"spring":{"response":null,"dampingFraction":null}}"#,
            #"{"curve":"easeIn","duration":"Infinity"}"#, #"{"curve":"easeIn","delay":-0.0}"#,
            // refused while decoding
            #"{"spring":{"mass":1,"damping":10}}"#, #"{"spring":{"mass":1,"stiffness":null,"damping":10}}"#,
            #"{"spring":{"response":0.4,"stiffness":100}}"#, #"{"spring":{"response":0.4,"stiffness":null}}"#,
            #"{"spring":{"response":0.4,"bounce":1}}"#, #"{"spring":{"zeta":1,"bounce":1}}"#, #"{"spring":{"response":0.4},"duration":1}"#,
            #"{"spring":{"response":0.4},"duration":null}"#, #"{"spring":null}"#, #"{"spring":[0.4]}"#, #"{"spring":{"response":"fast"}}"#,
            #"{"spring":{"response":true}}"#, #"{"spring":{"response":[1]}}"#, #"{"spring":{"initialVelocity":"x","response":"y"}}"#,
            #"{"curve":null}"#, #"{"curve":5}"#, #"{"curve":"easeIn","duration":"slow"}"#, #"{"curve":"easeIn","delay":{}}"#,
            #"{"curve":"easeIn","speed":false}"#, #"{"bezier":null}"#, #"{"bezier":{"x1":0}}"#, #"{"bezier":[0.25,"x",0.25,1]}"#,
            #"{"bezier":[0.25,null,0.25,1]}"#, #"{"bezier":[0.25,0.1,0.25,1],"duration":[]}"#,
            #"{"curve":"linear","bezier":[0,0,1,1]}"#, #"{"spring":{},"curve":"linear","bezier":[0,0,1,1]}"#,
            #"{"spring":null,"curve":null}"#, #"{"duration":0.3}"#, #"{}"#, #"{"sprung":{}}"#, #"{"Spring":{},"zz":1,"b":2}"#,
            #""spring""#, "5", "[1,2]", "true",
            // refused by validation
            #"{"spring":{"response":-0.4,"dampingFraction":0.8}}"#, #"{"spring":{"response":0,"dampingFraction":0.8}}"#,
            #"{"spring":{"response":0.4,"dampingFraction":"NaN"}}"#, #"{"spring":{"mass":1,"stiffness":-5,"damping":10}}"#,
            #"{"spring":{"mass":0,"stiffness":5,"damping":10}}"#, #"{"spring":{"stiffness":5,"damping":1e7}}"#,
            #"{"spring":{"initialVelocity":"-Infinity"}}"#, #"{"curve":"bouncy","duration":0.3}"#, #"{"curve":"","duration":-1}"#,
            #"{"curve":"easeIn","duration":-1}"#, #"{"curve":"easeIn","duration":61}"#, #"{"curve":"easeIn","duration":0.3,"delay":61}"#,
            #"{"curve":"easeIn","duration":0.3,"speed":0}"#, #"{"curve":"easeIn","speed":"NaN"}"#,
            #"{"bezier":[0.25,0.1,1.5,1],"duration":0.3}"#, #"{"bezier":[0.25,0.1,0.25],"duration":0.3}"#, #"{"bezier":[]}"#,
            #"{"bezier":[0.25,0.1,0.25,1,0.5]}"#, #"{"bezier":[-0.1,0,1,1]}"#, #"{"bezier":[0,101,1,1]}"#, #"{"bezier":[0,0,1,"NaN"]}"#,
        ]
        var payloads = animations.map { #"{"color":[0.18,0.525,0.871],"animation":\#($0)}"# }
        payloads += [
            #"{"color":[0.2,0.4,1]}"#, #"{"color":[0.2,0.4,1],"animation":null}"#, #"{"color":[0.2,1.4,1],"animation":null}"#,
            #"{"color":[0.2,1.4,1],"animation":{"curve":"linear"}}"#, #"{"color":[0.2,0.4],"animation":{"curve":"linear"}}"#,
            #"{"color":[0.2,0.4,1],"animation":{"curve":"nope"},"spinning":true}"#, #"{"animation":{"curve":"linear"}}"#,
            #"{"color":null,"animation":{"curve":"linear"}}"#, ##"{"color":"#33aa55","animation":{"curve":"linear"}}"##,
            #"{"color":[0.2,0.4,"NaN"],"animation":{"curve":"bouncy"}}"#, #"{"color":[0.2,0.4,1],"Animation":{}}"#,
        ]
        return payloads
    }()

    static let types = ["change-color", "set-spin", "get-state", "state", "state-changed", "ready"]

    func testTablePayloadsGetTheSameAnswerOnBothPaths() async {
        let pair = CatalogPair()
        for type in Self.types {
            pair.assertSameOutcome(raw: #"{"type":"\#(type)"}"#)
            pair.assertSameOutcome(raw: #"{"type":"\#(type)","id":41}"#)
            for payload in Self.payloads {
                pair.assertSameOutcome(raw: #"{"type":"\#(type)","data":\#(payload)}"#)
                pair.assertSameOutcome(raw: #"{"type":"\#(type)","data":\#(payload),"id":42}"#)
            }
        }
    }

    func testTheTableReachesEveryKindOfAnswer() async {
        // Guards the table itself: without these, "same answer" could mean "both accepted everything".
        let pair = CatalogPair()
        var fields: Set<String> = [], accepted = 0
        for type in Self.types {
            for payload in Self.payloads {
                let outcome = pair.withCodecs.postRaw(#"{"type":"\#(type)","data":\#(payload)}"#)
                fields.formUnion(outcome.errors.compactMap(\.field))
                if outcome.errors.isEmpty { accepted += 1 }
            }
        }
        XCTAssertGreaterThan(accepted, 20)
        XCTAssertTrue(fields.isSuperset(of: ["data", "data[1]", "data[2]", "data.spinning", "data.color", "data.color[1]",
                                             "data.angle", "data.frame", "data.endpoint", "data.presentedColor[1]",
                                             "data.animation", "data.animation.spring", "data.animation.spring.response",
                                             "data.animation.spring.stiffness", "data.animation.spring.mass",
                                             "data.animation.curve", "data.animation.duration", "data.animation.delay",
                                             "data.animation.speed", "data.animation.bezier", "data.animation.bezier[1]",
                                             "data.animation.bezier[2]"]), "\(fields.sorted())")
    }

    /// EngineMessageErrorTests' inputs, through both paths.
    func testEngineErrorTestInputsGetTheSameAnswer() async {
        let pair = CatalogPair()
        for text in [
            #"{"type":"change-color","data":[0.2,0.4,1]}"#, #"{"type":"set-spin","data":{"spinning":false}}"#,
            #"{"type":"change-color","data":[0.2,1.5,0]}"#, #"{"type":"change-color","data":[0.2,0.3,"NaN"]}"#,
            #"{"type":"change-color","data":[0.2,0.3]}"#, #"{"type":"change-color","data":[0.2,0.3,0.4,0.5]}"#,
            #"{"type":"change-color","data":{"r":1,"g":0,"b":0}}"#, #"{"type":"change-color","data":[0.2,"red",0.4]}"#,
            #"{"type":"change-color"}"#, #"{"type":"set-spin","data":{}}"#, #"{"type":"set-spin","data":{"spinning":"no"}}"#,
            #"{"type":"change-colour","data":[0,0,0]}"#, #"{"type":"change-color","data":[0,0,0]"#,
            #"{"type":"get-state","id":900}"#,
            #"{"type":"change-color","data":[0,0,0]}"# + String(repeating: " ", count: 70_000),
        ] {
            pair.assertSameOutcome(raw: text)
        }
    }

    // MARK: - Randomized

    /// Numbers that sit on every edge the codecs and validation care about.
    static let edgeNumbers: [Double] = [0, -0.0, 1, 0.5, 0.1, 1.5, -1, 1e-7, Double.leastNonzeroMagnitude, 1e300, -1e300, 1e20, 9_007_199_254_740_992,
                                        9_007_199_254_740_994, -9_007_199_254_740_992, 9.2e18, 9.3e18, -9.3e18,
                                        0.30000000000000004, 123.456, 2.5, 6.283185307179586]

    static func randomNumber(_ rng: inout SplitMix64) -> Double {
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: return edgeNumbers.randomElement(using: &rng)!
        case 1: return Double.random(in: 0...1, using: &rng)
        case 2: return Double.random(in: -2...2, using: &rng)
        default: return Double(Int.random(in: -5...5, using: &rng))
        }
    }

    static let keys = ["color", "spinning", "angle", "frame", "endpoint", "r", "x", "animation", "presentedColor"]

    /// A random JSON value, biased towards the catalog's shapes.
    static func randomValue(_ rng: inout SplitMix64, depth: Int = 0) -> JSONValue {
        let pick = Int.random(in: 0..<(depth >= 3 ? 6 : 10), using: &rng)
        switch pick {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &rng))
        case 2, 3: return .number(randomNumber(&rng))
        case 4: return .string(["NaN", "Infinity", "-Infinity", "0.5", "x", "", "engine"].randomElement(using: &rng)!)
        case 5: return .number(Double(Int.random(in: 0...3, using: &rng)))
        case 6, 7:
            let count = Int.random(in: 0...4, using: &rng)
            return .array((0..<count).map { _ in
                Bool.random(using: &rng) ? .number(randomNumber(&rng)) : randomValue(&rng, depth: depth + 1)
            })
        default:
            var members: [String: JSONValue] = [:]
            for key in keys where Int.random(in: 0..<3, using: &rng) == 0 {
                members[key] = randomValue(&rng, depth: depth + 1)
            }
            return .object(members)
        }
    }

    /// A valid payload of `type` with one member or element replaced by a random value.
    static func nearlyValidPayload(_ type: String, _ rng: inout SplitMix64) -> JSONValue {
        let color: JSONValue = .array((0..<3).map { _ in .number(Double.random(in: 0...1, using: &rng)) })
        var value: JSONValue
        switch type {
        case "change-color":
            value = Bool.random(using: &rng) ? color : ["color": color, "animation": randomAnimation(&rng)]
        case "set-spin": value = ["spinning": .bool(Bool.random(using: &rng))]
        case "state":
            var members: [String: JSONValue] = ["color": color, "spinning": true, "angle": .number(randomNumber(&rng)), "frame": 7]
            if Bool.random(using: &rng) { members["presentedColor"] = color }
            value = .object(members)
        case "state-changed": value = ["color": color, "spinning": false]
        case "ready": value = ["endpoint": "engine"]
        default: value = [:]
        }
        guard Int.random(in: 0..<4, using: &rng) > 0 else { return value }
        switch value {
        case .array(var elements):
            let i = Int.random(in: 0...elements.count, using: &rng)
            if i == elements.count { elements.append(randomValue(&rng)) } else { elements[i] = randomValue(&rng) }
            return .array(elements)
        case .object(var members):
            let key = (Array(members.keys) + ["x"]).randomElement(using: &rng)!
            if Int.random(in: 0..<5, using: &rng) == 0 { members[key] = nil } else {
                members[key] = key == "color" ? .array([randomValue(&rng), .number(0.5), randomValue(&rng)]) : randomValue(&rng)
            }
            return .object(members)
        default: return value
        }
    }

    /// A random animation in one of the wire forms, its members each present or not, its numbers anywhere from
    /// valid to out of range or not finite.
    static func randomAnimation(_ rng: inout SplitMix64) -> JSONValue {
        func number() -> JSONValue {
            switch Int.random(in: 0..<6, using: &rng) {
            case 0: return .number(randomNumber(&rng) * 100)
            case 1: return .string(["NaN", "Infinity", "-Infinity"].randomElement(using: &rng)!)
            default: return .number(Double.random(in: 0.05...2, using: &rng))
            }
        }
        func some(_ keys: [String]) -> [String: JSONValue] {
            var members: [String: JSONValue] = [:]
            for key in keys where Int.random(in: 0..<3, using: &rng) > 0 { members[key] = number() }
            return members
        }
        var members: [String: JSONValue]
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: members = ["spring": .object(some(["response", "dampingFraction", "initialVelocity"]))]
        case 1: members = ["spring": .object(some(["mass", "stiffness", "damping", "initialVelocity"]))]
        case 2:
            members = some(["duration"])
            members["curve"] = .string((MessageAnimation.curveNames.map(\.name) + ["bouncy", "", "a\"/\u{1}é"]).randomElement(using: &rng)!)
        default:
            members = some(["duration"])
            members["bezier"] = .array((0..<Int.random(in: 3...5, using: &rng)).map { _ in number() })
        }
        for (key, value) in some(["delay", "speed"]) where Int.random(in: 0..<2, using: &rng) == 0 { members[key] = value }
        return .object(members)
    }

    /// `value` with one node anywhere inside it (the root excluded) replaced by a random value or `null`,
    /// removed, or given an unknown sibling.
    static func mutatedDeep(_ value: JSONValue, _ rng: inout SplitMix64) -> JSONValue {
        switch value {
        case .object(var members) where !members.isEmpty:
            let key = members.keys.sorted().randomElement(using: &rng)!
            switch Int.random(in: 0..<6, using: &rng) {
            case 0: members[key] = nil
            case 1: members[key] = .null
            case 2: members[key] = randomValue(&rng, depth: 2)
            case 3: members[["x", "bounce", "duration", "spring", "curve", "mass", "response"].randomElement(using: &rng)!] = randomValue(&rng, depth: 3)
            default: members[key] = mutatedDeep(members[key]!, &rng)
            }
            return .object(members)
        case .array(var elements) where !elements.isEmpty:
            let i = Int.random(in: 0..<elements.count, using: &rng)
            switch Int.random(in: 0..<4, using: &rng) {
            case 0: elements.remove(at: i)
            case 1: elements[i] = .null
            case 2: elements[i] = randomValue(&rng, depth: 3)
            default: elements.append(.number(randomNumber(&rng)))
            }
            return .array(elements)
        default: return randomValue(&rng, depth: 3)
        }
    }

    func testSeededRandomAnimationsGetTheSameAnswer() async throws {
        let pair = CatalogPair()
        let seed: UInt64 = 0x616E_696D_6174
        var rng = SplitMix64(state: seed)
        var accepted = 0, fields: Set<String> = []
        for i in 0..<3_000 {
            let color: JSONValue = .array((0..<3).map { _ in .number(Double.random(in: 0...1, using: &rng)) })
            var data: JSONValue = ["color": color, "animation": Self.randomAnimation(&rng)]
            if Int.random(in: 0..<3, using: &rng) > 0 { data = Self.mutatedDeep(data, &rng) }
            let text = #"{"type":"change-color","data":\#(try JSONWriter.string(data))}"#
            let outcome = pair.withCodecs.postRaw(text)
            XCTAssertEqual(outcome, pair.codableOnly.postRaw(text), "seed \(seed), input \(i): \(text)")
            if outcome.errors.isEmpty { accepted += 1 }
            fields.formUnion(outcome.errors.compactMap(\.field))
        }
        XCTAssertGreaterThan(accepted, 500)
        XCTAssertGreaterThan(3_000 - accepted, 1_000)
        XCTAssertGreaterThan(fields.filter { $0.hasPrefix("data.animation.") }.count, 10, "\(fields.sorted())")
    }

    func testSeededRandomPayloadsGetTheSameAnswer() async throws {
        let pair = CatalogPair()
        let seed: UInt64 = 0x636F_6465_6373
        var rng = SplitMix64(state: seed)
        var rejected = 0, accepted = 0
        for i in 0..<3_000 {
            let type = Self.types[i % Self.types.count]
            let data = Bool.random(using: &rng) ? Self.nearlyValidPayload(type, &rng) : Self.randomValue(&rng)
            let text = #"{"type":"\#(type)","data":\#(try JSONWriter.string(data))}"#
            let outcome = pair.withCodecs.postRaw(text)
            let reference = pair.codableOnly.postRaw(text)
            XCTAssertEqual(outcome, reference, "seed \(seed), input \(i): \(text)")
            if outcome.errors.isEmpty { accepted += 1 } else { rejected += 1 }
        }
        XCTAssertGreaterThan(accepted, 300)
        XCTAssertGreaterThan(rejected, 1_000)
    }

    func testSeededMutatedTextGetsTheSameAnswer() async {
        // Text-level mutations: most fail in the shared parser, the rest reach the two decoders.
        let pair = CatalogPair()
        let seed: UInt64 = 0x6D75_7461_7465
        var rng = SplitMix64(state: seed)
        let templates = [
            #"{"type":"change-color","data":[0.25,0.5,0.75]}"#, #"{"type":"set-spin","data":{"spinning":false}}"#,
            #"{"type":"get-state","id":5}"#, #"{"type":"state","data":{"angle":1.5,"color":[0.2,0.4,1],"frame":12,"spinning":true}}"#,
            #"{"type":"state-changed","data":{"color":[1,0,0.5],"spinning":true}}"#, #"{"type":"ready","data":{"endpoint":"engine"}}"#,
        ]
        let fragments = ["{", "}", "[", "]", ",", ":", "\"", "0", "1", "-", ".", "e9", "1.5", "-0.2", "\"NaN\"", "null", "true",
                         "false", "\"color\"", "\"spinning\"", "\"frame\"", "\"angle\"", "1e400", "99999999999999999999", "2.5"]
        for i in 0..<3_000 {
            var chars = Array(templates[i % templates.count])
            for _ in 0..<Int.random(in: 1...3, using: &rng) {
                let at = Int.random(in: 0..<chars.count, using: &rng)
                switch Int.random(in: 0..<3, using: &rng) {
                case 0: chars.remove(at: at)
                case 1: chars.insert(contentsOf: fragments.randomElement(using: &rng)!, at: at)
                default: chars.replaceSubrange(at...at, with: fragments.randomElement(using: &rng)!)
                }
                if chars.isEmpty { chars = ["{"] }
            }
            pair.assertSameOutcome(raw: String(chars), "seed \(seed), input \(i)")
        }
    }

    func testSeededRandomTypedValuesGetTheSameAnswer() async {
        let pair = CatalogPair()
        let seed: UInt64 = 0x7479_7065_64
        var rng = SplitMix64(state: seed)
        func component() -> Double {
            Int.random(in: 0..<4, using: &rng) == 0
                ? [Double.nan, .infinity, -.infinity, 1.5, -0.0, Double.leastNonzeroMagnitude].randomElement(using: &rng)!
                : Double.random(in: 0...1, using: &rng)
        }
        for i in 0..<1_000 {
            let color = Color(r: component(), g: component(), b: component())
            let note = "seed \(seed), value \(i)"
            pair.assertSameOutcome(typed: ChangeColor(color), note)
            pair.assertSameOutcome(typed: ChangeColor(color, animation: Self.randomTypedAnimation(&rng)), note)
            pair.assertSameOutcome(typed: SetSpin(spinning: Bool.random(using: &rng)), note)
            pair.assertSameOutcome(typed: StateChanged(spinning: Bool.random(using: &rng), color: color), note)
            pair.assertSameOutcome(typed: EngineState(color: color, spinning: true, angle: component() * 7,
                                                      frame: Int.random(in: -1_000_000...1_000_000, using: &rng)), note)
            pair.assertSameOutcome(typed: EngineState(color: color, presentedColor: Color(r: component(), g: component(), b: component()),
                                                      spinning: false, angle: component(), frame: i), note)
            pair.assertSameOutcome(typed: Ready(endpoint: ["engine", "a\"b", "é/\u{1}", ""].randomElement(using: &rng)!), note)
        }
        pair.assertSameOutcome(typed: GetState())
    }

    /// A random `MessageAnimation` value in every case, valid or not (NaN, out of range, three bezier numbers,
    /// unknown curve names with characters that need escaping, delay and speed at and off their defaults).
    static func randomTypedAnimation(_ rng: inout SplitMix64) -> MessageAnimation {
        func number() -> Double {
            Int.random(in: 0..<4, using: &rng) == 0
                ? [Double.nan, .infinity, -.infinity, -0.0, 0, 1, 1e7, -5, 1e-7, 9_007_199_254_740_992].randomElement(using: &rng)!
                : Double.random(in: 0.01...3, using: &rng)
        }
        let curve: MessageAnimation.Curve
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: curve = .spring(response: number(), dampingFraction: number(), initialVelocity: Bool.random(using: &rng) ? 0 : number())
        case 1: curve = .physicalSpring(mass: number(), stiffness: number(), damping: number(), initialVelocity: Bool.random(using: &rng) ? 0 : number())
        case 2: curve = .named((MessageAnimation.curveNames.map(\.name) + ["bouncy", "a\"b/\u{1}\té\u{7f}"]).randomElement(using: &rng)!,
                               duration: number())
        default: curve = .bezier((0..<Int.random(in: 3...5, using: &rng)).map { _ in number() }, duration: number())
        }
        return MessageAnimation(curve, delay: Bool.random(using: &rng) ? 0 : number(), speed: Bool.random(using: &rng) ? 1 : number())
    }

    // MARK: - Crossing between the two Swift forms

    func testAValuePostedAsOneFormIsDecodedByTheOtherAsByItself() async {
        // The codec's writer feeds JSONDecoder, and JSONEncoder's bytes feed the codec's reader.
        let codecToCodable = CatalogReceiver(codable: true)
        let codableToCodec = CatalogReceiver(codable: false)
        let pair = CatalogPair()
        let colors = [Color(r: 0.2, g: 0.4, b: 1), Color(r: -0.0, g: 1, b: Double.leastNonzeroMagnitude), Color(r: .nan, g: 0, b: 0), Color(r: 0, g: 1.5, b: 0)]
        for color in colors {
            let message = StateChanged(spinning: true, color: color)
            let viaCodec = codecToCodable.run { codecToCodable.sender.post(message, to: .engine) }
            let viaCodable = codableToCodec.run { codableToCodec.sender.post(CodableOnly(message), to: .engine) }
            let reference = pair.codableOnly.run { pair.codableOnly.sender.post(CodableOnly(message), to: .engine) }
            XCTAssertEqual(viaCodec, reference, "\(color)")
            XCTAssertEqual(viaCodable, reference, "\(color)")
        }
        var rng = SplitMix64(state: 0x6372_6F73_73)
        for i in 0..<300 {
            let message = ChangeColor(Color(r: 0.2, g: 0.4, b: i % 7 == 0 ? 1.5 : 1), animation: Self.randomTypedAnimation(&rng))
            let viaCodec = codecToCodable.run { codecToCodable.sender.post(message, to: .engine) }
            let viaCodable = codableToCodec.run { codableToCodec.sender.post(CodableOnly(message), to: .engine) }
            let reference = pair.codableOnly.run { pair.codableOnly.sender.post(CodableOnly(message), to: .engine) }
            XCTAssertEqual(viaCodec, reference, exactDescription(message))
            XCTAssertEqual(viaCodable, reference, exactDescription(message))
        }
    }

    // MARK: - Replies

    /// A requester that sends `get-state` to an endpoint that never answers by itself; the test posts the raw reply.
    @MainActor
    final class ReplyHarness {
        let bus: MessageBus
        let requester: BusEndpoint
        let answerer: BusEndpoint
        var lastRequestID: Int?
        var result: String?

        init() {
            var logger = Logger(label: "test.reply")
            logger.logLevel = .critical
            bus = MessageBus(clock: ManualClock(), logger: logger)
            requester = bus.attach(.overlay)
            answerer = bus.attach(.engine)
            answerer.onAnyMessage = { [unowned self] context, _, _ in lastRequestID = context.id }
        }

        func reply(_ data: String?, codable: Bool) -> String? {
            result = nil
            if codable {
                requester.request(CodableOnlyGetState(), to: .engine) { [unowned self] r in
                    result = exactDescription(r.map(\.message))
                }
            } else {
                requester.request(GetState(), to: .engine) { [unowned self] r in result = exactDescription(r) }
            }
            bus.deliver(to: .engine)
            let id = lastRequestID ?? -1
            bus.postRaw(#"{"type":"state","replyTo":\#(id)"# + (data.map { #","data":\#($0)}"# } ?? "}"), from: .engine, to: .overlay)
            bus.deliver(to: .overlay)
            return result
        }
    }

    func testRepliesDecodeAndFailAlikeOnBothPaths() async throws {
        let withCodecs = ReplyHarness(), codableOnly = ReplyHarness()
        var rng = SplitMix64(state: 0x7265_706C_79)
        var inputs: [String?] = [nil] + Self.payloads
        for _ in 0..<500 { inputs.append(try JSONWriter.string(Self.nearlyValidPayload("state", &rng))) }
        var failures = 0
        for data in inputs {
            let a = withCodecs.reply(data, codable: false), b = codableOnly.reply(data, codable: true)
            XCTAssertNotNil(a, data ?? "no data")
            XCTAssertEqual(a, b, data ?? "no data")
            if a?.hasPrefix("error") ?? false { failures += 1 }
        }
        XCTAssertGreaterThan(failures, 50)
    }

    // MARK: - The codecs' own contract

    func testWrittenPayloadsStayWithinTheirBoundAndReadBack() async throws {
        var rng = SplitMix64(state: 0x626F_756E_64)
        let extremes: [Double] = [-2.2250738585072014e-308, -1.7976931348623157e308, -1.2345678901234567e-300, .nan,
                                  -.infinity, -0.00012345678901234567, -1234567890123456.8, -9_007_199_254_740_991]
        for i in 0..<2_000 {
            let pick = { i < 64 ? extremes.randomElement(using: &rng)! : Self.randomNumber(&rng) }
            let color = Color(r: pick(), g: pick(), b: pick())
            let state = EngineState(color: color, spinning: false, angle: pick(), frame: i < 64 ? Int.min : i)
            try assertCodec(ChangeColor(color))
            try assertCodec(ChangeColor(color, animation: Self.randomTypedAnimation(&rng)))
            try assertCodec(StateChanged(spinning: false, color: color))
            try assertCodec(state)
            try assertCodec(EngineState(color: color, presentedColor: Color(r: pick(), g: pick(), b: pick()), spinning: true,
                                        angle: pick(), frame: i < 64 ? 1 << 53 : -i))
            try assertCodec(SetSpin(spinning: false))
            try assertCodec(GetState())
        }
    }

    /// Written within the value's bound, readable back as the same value (bit for bit), and the same bytes as
    /// `JSONEncoder` writes (configured as the bus configured it).
    private func assertCodec<M: PayloadCodable>(_ message: M, file: StaticString = #filePath, line: UInt = #line) throws {
        let bytes = message.payloadBytes
        let bound = try XCTUnwrap(message.maxPayloadBytes)
        XCTAssertLessThanOrEqual(bytes.count, bound, "\(M.type) \(String(decoding: bytes, as: UTF8.self))", file: file, line: line)
        let value = try JSONParser().parse(bytes: bytes)
        let back = try M(payload: PayloadReader(value))
        XCTAssertEqual(exactDescription(back), exactDescription(message), file: file, line: line)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        let reference = try encoder.encode(message)
        XCTAssertEqual(String(decoding: bytes, as: UTF8.self), String(decoding: reference, as: UTF8.self), "\(M.type)",
                       file: file, line: line)
    }

    func testCatalogTypesStillHaveTheStoredPropertiesTheirCodecsKnow() async {
        // A property added to a message type (say an animation on change-color) needs its member table (or, for
        // MessageAnimation, its hand codec in MessageAnimation+PayloadCoding.swift) updated; this fails until the list
        // below and the type agree again.
        func labels(_ value: Any) -> [String] { Mirror(reflecting: value).children.compactMap(\.label) }
        XCTAssertEqual(labels(ChangeColor(r: 0, g: 0, b: 0)), ["r", "g", "b", "animation", "isPlainObjectForm"])
        XCTAssertEqual(labels(MessageAnimation.spring()), ["curve", "delay", "speed"])
        XCTAssertEqual(labels(SetSpin(spinning: true)), ["spinning"])
        XCTAssertEqual(labels(GetState()), [])
        XCTAssertEqual(labels(EngineState(color: .white, spinning: true, angle: 0, frame: 0)),
                       ["color", "presentedColor", "spinning", "angle", "frame"])
        XCTAssertEqual(labels(StateChanged(spinning: true, color: .white)), ["spinning", "color"])
        XCTAssertEqual(labels(Ready(endpoint: "x")), ["endpoint"])
    }

    func testEveryStoredPropertyOfATabledMessageIsInItsTable() async {
        // The table is the message's one declaration: a stored property it does not list would travel on neither path.
        func assertTabled<M: PayloadObject>(_ type: M.Type, file: StaticString = #filePath, line: UInt = #line) {
            let stored = Mirror(reflecting: M.payloadTemplate).children.compactMap(\.label)
            XCTAssertEqual(Set(M.payloadMembers.members.map(\.key)), Set(stored), "\(M.type)", file: file, line: line)
        }
        assertTabled(SetSpin.self)
        assertTabled(EngineState.self)
        assertTabled(StateChanged.self)
        assertTabled(Ready.self)
        XCTAssertEqual(ChangeColor.objectMembers.members.map(\.key), ["color", "animation"])
    }

    func testTheExpectationsStateIsTheStatesJSON() async throws {
        // DemoApp.engineStateForExpectations is the state's codec output, so it is what JSONEncoder writes.
        let app = DemoApp(sceneRenderer: nil)
        let state = app.engine.state
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let reference = try JSONParser().parse(bytes: Array(try encoder.encode(state)))
        XCTAssertEqual(app.engineStateForExpectations(), reference)
        guard case .object(let members)? = app.engineStateForExpectations() else { return XCTFail("not an object") }
        XCTAssertEqual(members.keys.sorted(), ["angle", "color", "frame", "presentedColor", "spinning"])
        XCTAssertEqual(members["color"], .array([.number(state.color.r), .number(state.color.g), .number(state.color.b)]))
        XCTAssertEqual(members["frame"], .number(Double(state.frame)))
    }
}
