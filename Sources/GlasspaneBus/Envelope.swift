// The envelope: {"type", "data", "id"?, "replyTo"?, "error"?}. In process, `data` stays as JSON bytes so a
// typed message is encoded once by the sender and decoded once by the receiver, and nothing else is re-encoded.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GlasspaneCore

/// One message on the bus, as queued for its receiver.
public struct Envelope: Hashable, Sendable {
    /// The wire name of the message type (`error` for error messages).
    public var type: String
    /// The payload as JSON text (UTF-8); nil when the envelope has no `data`.
    public var data: Data?
    /// Present on requests: the receiver answers with `replyTo` set to it.
    public var id: Int?
    /// Present on replies (and on errors answering a message that had an id).
    public var replyTo: Int?
    /// Present on `error` messages.
    public var error: BusError?
    /// The sending endpoint.
    public var from: EndpointID
    /// The receiving endpoint.
    public var to: EndpointID

    /// Creates an envelope.
    public init(type: String, data: Data?, id: Int? = nil, replyTo: Int? = nil, error: BusError? = nil,
                from: EndpointID, to: EndpointID) {
        self.type = type; self.data = data; self.id = id; self.replyTo = replyTo; self.error = error
        self.from = from; self.to = to
    }

    /// The payload as a JSON value (for inspection and tests); nil when absent or not JSON.
    public var dataValue: JSONValue? {
        guard let data else { return nil }
        return try? JSONParser(limits: JSONLimits(maxBytes: data.count, maxStringBytes: data.count, maxValues: data.count))
            .parse(bytes: Array(data))
    }

    /// The envelope as compact JSON text: `{"type":...,"data":...,"id":...,"replyTo":...,"error":...}`.
    public var json: String {
        var w = JSONWriter()
        w.beginObject()
        writeMembers(into: &w)
        w.endObject()
        return w.text
    }

    /// Appends the envelope's members (without braces) to a writer.
    func writeMembers(into w: inout JSONWriter) {
        w.member("type", string: type)
        if let data { w.member("data", raw: data) }
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
