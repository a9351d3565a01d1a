// Any JSON value, as scripts carry it (header options, state expectations, bus envelopes). Named `ScriptValue`
// rather than `JSONValue` so it never clashes with the bus's type in a module that imports both.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One JSON value as it appears in a script.
public enum ScriptValue: Hashable, Sendable, Codable, CustomStringConvertible {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number (integers up to 2^53 are exact).
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([ScriptValue])
    /// An object.
    case object([String: ScriptValue])

    /// Decodes any JSON value.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null }
        else if let b = try? c.decode(Bool.self) { self = .bool(b) }
        else if let n = try? c.decode(Double.self) { self = .number(n) }
        else if let s = try? c.decode(String.self) { self = .string(s) }
        else if let a = try? c.decode([ScriptValue].self) { self = .array(a) }
        else if let o = try? c.decode([String: ScriptValue].self) { self = .object(o) }
        else { throw DecodingError.dataCorruptedError(in: c, debugDescription: "not a JSON value") }
    }

    /// Encodes the value as itself.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .null: try c.encodeNil()
        case .bool(let b): try c.encode(b)
        case .number(let n): try c.encode(n)
        case .string(let s): try c.encode(s)
        case .array(let a): try c.encode(a)
        case .object(let o): try c.encode(o)
        }
    }

    /// Parses one JSON text (any value at the top level); nil when it is not JSON.
    public init?(jsonText: String) {
        guard let value = try? JSONDecoder().decode(ScriptValue.self, from: Data(jsonText.utf8)) else { return nil }
        self = value
    }

    /// Converts any `Encodable` (an engine state reply, a bus `JSONValue`) into a script value; nil if it fails.
    public init?<T: Encodable>(encoding value: T) {
        guard let data = try? JSONEncoder().encode(value),
              let v = try? JSONDecoder().decode(ScriptValue.self, from: data) else { return nil }
        self = v
    }

    /// Compact JSON text with sorted keys (deterministic, so recordings diff cleanly).
    public var description: String { var s = ""; JSONText.append(self, to: &s); return s }

    /// The member of an object, nil for anything else or a missing key.
    public subscript(key: String) -> ScriptValue? {
        if case .object(let o) = self { return o[key] }
        return nil
    }

    /// The number, nil for anything else.
    public var number: Double? { if case .number(let n) = self { return n }; return nil }
    /// The string, nil for anything else.
    public var string: String? { if case .string(let s) = self { return s }; return nil }

    /// The JSON type name used in error messages (`number`, `string`, `object`...).
    var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}

/// Hand-rolled JSON text output: fixed key order for readability, integral numbers without `.0`.
enum JSONText {
    /// Appends a value (objects with sorted keys).
    static func append(_ v: ScriptValue, to s: inout String) {
        switch v {
        case .null: s += "null"
        case .bool(let b): s += b ? "true" : "false"
        case .number(let n): s += number(n)
        case .string(let t): s += quoted(t)
        case .array(let a):
            s += "["
            for (i, e) in a.enumerated() { if i > 0 { s += "," }; append(e, to: &s) }
            s += "]"
        case .object(let o):
            s += "{"
            for (i, k) in o.keys.sorted().enumerated() {
                if i > 0 { s += "," }
                s += quoted(k); s += ":"; append(o[k]!, to: &s)
            }
            s += "}"
        }
    }

    /// A number as JSON: integral values without a fraction, others in Swift's shortest round-trip form.
    static func number(_ n: Double) -> String {
        guard n.isFinite else { return "0" }  // JSON has no NaN/Infinity; events never carry them
        if n == n.rounded(), abs(n) < 1e15 { return String(Int64(n)) }
        return String(n)  // e.g. "412.5", "1e-05": valid JSON and exact on the way back
    }

    /// A JSON string literal.
    static func quoted(_ t: String) -> String {
        var s = "\""
        for u in t.unicodeScalars {
            switch u {
            case "\"": s += "\\\""
            case "\\": s += "\\\\"
            case "\n": s += "\\n"
            case "\r": s += "\\r"
            case "\t": s += "\\t"
            default:
                if u.value < 0x20 {
                    let h = String(u.value, radix: 16)
                    s += "\\u" + String(repeating: "0", count: 4 - h.count) + h
                } else {
                    s.unicodeScalars.append(u)
                }
            }
        }
        return s + "\""
    }
}
