// The envelope: {"type", "data", "id"?, "replyTo"?, "error"?}. In process, `data` stays as JSON bytes so a
// typed message is encoded once by the sender and decoded once by the receiver, and nothing else is re-encoded.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
        return try? JSONDecoder().decode(JSONValue.self, from: data)
    }

    /// The envelope as compact JSON text: `{"type":...,"data":...,"id":...,"replyTo":...,"error":...}`.
    public var json: String {
        var w = JSONLineWriter()
        w.begin()
        writeMembers(into: &w)
        w.end()
        return w.text
    }

    /// Appends the envelope's members (without braces) to a writer.
    func writeMembers(into w: inout JSONLineWriter) {
        w.member("type", string: type)
        if let data { w.member("data", raw: data) }
        if let id { w.member("id", int: id) }
        if let replyTo { w.member("replyTo", int: replyTo) }
        if let error {
            w.key("error")
            w.bytes.append(UInt8(ascii: "{"))
            w.first = true
            w.member("code", string: error.code.rawValue)
            w.member("message", string: error.message)
            if let t = error.type { w.member("type", string: t) }
            if let f = error.field { w.member("field", string: f) }
            w.bytes.append(UInt8(ascii: "}"))
            w.first = false
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
            case .number(let n)? where n == n.rounded() && abs(n) < 9.0e15: raw[keyPath: target] = Int(n)
            default: return invalid(key, "\"\(key)\" of a \(type) message must be an integer")
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

/// A minimal JSON object writer for log lines and envelope text: no intermediate values, no key sorting.
struct JSONLineWriter {
    /// The UTF-8 output so far.
    var bytes: [UInt8] = []
    /// True until the first member of the current object is written.
    var first = true

    init() { bytes.reserveCapacity(256) }

    /// The output as a string.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    mutating func begin() { bytes.append(UInt8(ascii: "{")); first = true }
    mutating func end() { bytes.append(UInt8(ascii: "}")) }

    mutating func key(_ k: String) {
        if !first { bytes.append(UInt8(ascii: ",")) }
        first = false
        appendString(k)
        bytes.append(UInt8(ascii: ":"))
    }

    mutating func member(_ k: String, string v: String) { key(k); appendString(v) }
    mutating func member(_ k: String, int v: Int) { key(k); bytes.append(contentsOf: String(v).utf8) }
    mutating func member(_ k: String, raw v: Data) { key(k); bytes.append(contentsOf: v) }

    /// Appends a JSON string literal with the escapes RFC 8259 requires.
    mutating func appendString(_ s: String) {
        bytes.append(UInt8(ascii: "\""))
        for b in s.utf8 {
            switch b {
            case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\\")); bytes.append(b)
            case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\")); bytes.append(b)
            case 0x0A: bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "n"))
            case 0x0D: bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "r"))
            case 0x09: bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "t"))
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: Array("\\u00".utf8))
                bytes.append(hex[Int(b >> 4)]); bytes.append(hex[Int(b & 0xF)])
            default: bytes.append(b)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
