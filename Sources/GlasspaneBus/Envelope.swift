// The envelope: {"type", "data", "id"?, "replyTo"?, "error"?}. In process, `data` stays in the form it was posted
// in: a `PayloadCodable` value as the value (no JSON unless a log or another Swift type asks), raw text as the
// `JSONValue` it was parsed into, other typed messages as their `Codable` bytes. Nothing is re-encoded.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GlasspaneCore

/// The payload of a queued envelope, in the form it was posted in.
enum Payload: Sendable {
    /// No `data` member.
    case none
    /// A typed message that codes itself, carried as the value.
    case value(any PayloadCodable)
    /// A payload from raw text or a script line, as parsed.
    case json(JSONValue)
    /// A `Codable` message's bytes (JSONEncoder), or bytes handed to `Envelope.init`.
    case bytes(Data)

    /// Writes the payload as one JSON value.
    func write(to w: inout JSONWriter) {
        switch self {
        case .none: w.raw([0x6E, 0x75, 0x6C, 0x6C])
        case .value(let message): message.writePayload(to: &w)
        case .json(let value):
            // A queued value was written once before it was queued (size check) or parsed from text: it writes.
            if (try? w.write(value)) == nil { w.raw([0x6E, 0x75, 0x6C, 0x6C]) }
        case .bytes(let data): w.raw(data)
        }
    }
}

/// One message on the bus, as queued for its receiver.
struct Envelope: Sendable {
    /// The wire name of the message type (`error` for error messages).
    var type: String
    /// The payload as posted (a value, parsed JSON or bytes).
    var payload: Payload
    /// Present on requests: the receiver answers with `replyTo` set to it.
    var id: Int?
    /// Present on replies (and on errors answering a message that had an id).
    var replyTo: Int?
    /// Present on `error` messages.
    var error: BusError?
    /// The sending endpoint.
    var from: EndpointID
    /// The receiving endpoint.
    var to: EndpointID
    /// The payload's JSON as the traffic log wrote it in the `post` line, kept for the `deliver` line so a logged
    /// message is written once; nil when the log is off.
    var loggedPayload: [UInt8]?

    init(type: String, payload: Payload, id: Int? = nil, replyTo: Int? = nil, error: BusError? = nil,
         from: EndpointID, to: EndpointID) {
        self.type = type; self.payload = payload; self.id = id; self.replyTo = replyTo; self.error = error
        self.from = from; self.to = to
    }

    /// The payload as JSON text (UTF-8), written on demand when it was posted as a value; nil without `data`.
    var data: Data? {
        if case .none = payload { return nil }
        if case .bytes(let data) = payload { return data }
        var w = JSONWriter(capacity: 64)
        payload.write(to: &w)
        return Data(w.bytes)
    }

    /// Appends the envelope's members (without braces) to a writer; returns where the payload's JSON is in the
    /// writer's bytes (nil without `data`).
    @discardableResult
    func writeMembers(into w: inout JSONWriter) -> Range<Int>? {
        w.member("type", string: type)
        var data: Range<Int>?
        if case .none = payload {} else {
            w.key("data")
            let start = w.bytes.count
            if let loggedPayload { w.raw(loggedPayload) } else { payload.write(to: &w) }
            data = start..<w.bytes.count
        }
        if let id { w.member("id", int: id) }
        if let replyTo { w.member("replyTo", int: replyTo) }
        if let error {
            w.key("error")
            w.beginObject()
            w.member("code", string: error.code.rawValue)
            w.member("message", string: error.message)
            if let t = error.type { w.member("type", string: t) }
            if let f = error.field { w.member("field", string: f) }
            w.endObject()
        }
        return data
    }
}

/// The envelope as written by hand or by tools: what `postRaw` parses.
struct RawEnvelope {
    var type: String
    var data: JSONValue?
    var id: Int?
    var replyTo: Int?
    var error: BusError?

    /// The largest message id: ids stay exact in a JSON double (2^53) and never overflow when incremented.
    static let maxID = 1 << 53

    /// Checks the envelope's shape; failures are `invalid-envelope` naming the member.
    static func parse(_ value: JSONValue) -> Result<RawEnvelope, BusError> {
        func invalid(_ field: String, _ what: String) -> Result<RawEnvelope, BusError> {
            .failure(BusError(code: .invalidEnvelope, message: "invalid envelope: \(what)", field: field))
        }
        guard case .object(let members) = value else { return invalid("envelope", "not a JSON object") }
        guard case .string(let type)? = members["type"] else { return invalid("type", "\"type\" must be a string") }
        var raw = RawEnvelope(type: type, data: members["data"])
        for (key, target) in [("id", \RawEnvelope.id), ("replyTo", \RawEnvelope.replyTo)] {
            switch members[key] {
            case nil, .null?: break
            case .number? where members[key]?.wholeNumber(in: 0...maxID) != nil:
                raw[keyPath: target] = members[key]?.wholeNumber(in: 0...maxID)
            default: return invalid(key, "\"\(key)\" of a \(type) message must be a whole number in 0...2^53")
            }
        }
        switch members["error"] {
        case nil, .null?: break
        case .object(let e)?:
            guard case .string(let codeText)? = e["code"], let code = BusErrorCode(rawValue: codeText) else {
                return invalid("error.code", "\"error.code\" must be one of the bus error codes")
            }
            var message = ""
            if case .string(let m)? = e["message"] { message = m }
            var error = BusError(code: code, message: message)
            if case .string(let t)? = e["type"] { error.type = t }
            if case .string(let f)? = e["field"] { error.field = f }
            raw.error = error
        default: return invalid("error", "\"error\" must be an object")
        }
        return .success(raw)
    }
}
