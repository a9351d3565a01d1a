// Bus errors: a fixed list of stable codes (tests assert on them) with human-readable messages.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The stable identifier of a bus error; the raw value is what travels in `error.code`.
public enum BusErrorCode: String, Hashable, Sendable, Codable, CaseIterable {
    /// The text was not valid JSON.
    case malformedJSON = "malformed-json"
    /// Valid JSON, but not an envelope (not an object, no string `type`, `id` not an integer...).
    case invalidEnvelope = "invalid-envelope"
    /// The receiver has no handler for the message type.
    case unknownType = "unknown-type"
    /// The payload did not decode (wrong type, missing field) or failed validation (NaN, out of range).
    case invalidPayload = "invalid-payload"
    /// The message is larger than the bus's size limit.
    case tooLarge = "too-large"
    /// A request got no reply in time.
    case timeout = "timeout"
    /// The receiver's handler threw.
    case handlerFailed = "handler-failed"
    /// The request's reply was not of the expected type.
    case unexpectedReply = "unexpected-reply"
    /// The message is nested too deep, or has a string, number or value count over the parser's limits.
    case limitExceeded = "limit-exceeded"
    /// The message names a view (by identifier) that is not on screen (`scroll-to`).
    case viewNotFound = "view-not-found"
    /// The view named cannot do what the message asks: not a scroll view, or a row that is not in its list.
    case notScrollable = "not-scrollable"
}

/// An error as it travels on the bus (the envelope's `error` member) and as requests throw it.
public struct BusError: Error, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The stable identifier.
    public var code: BusErrorCode
    /// A sentence for people: names the message type and the field.
    public var message: String
    /// The message type the error is about, when known.
    public var type: String?
    /// The offending field as a path into the envelope (`data[0]`, `data.spinning`), when known.
    public var field: String?

    /// Creates an error.
    public init(code: BusErrorCode, message: String, type: String? = nil, field: String? = nil) {
        self.code = code; self.message = message; self.type = type; self.field = field
    }

    /// `code: message`.
    public var description: String { "\(code.rawValue): \(message)" }
}

/// A payload that decoded but is not acceptable (a NaN, a component outside its range).
public struct PayloadViolation: Error, Hashable, Sendable {
    /// The path of the offending field, starting at `data` (`data[1]`, `data.spinning`).
    public var field: String
    /// What is wrong with it.
    public var reason: String
    /// Creates a violation.
    public init(field: String, reason: String) { self.field = field; self.reason = reason }
}

extension BusError {
    /// Translates a decoding failure into an `invalid-payload` error naming the type and the field.
    static func invalidPayload(type: String, decodingError error: any Error) -> BusError {
        guard let error = error as? DecodingError else {
            return BusError(code: .invalidPayload, message: "\(type): data does not decode: \(error)", type: type, field: "data")
        }
        switch error {
        case .typeMismatch(let expected, let context):
            let field = fieldPath(context.codingPath)
            return BusError(code: .invalidPayload,
                            message: "\(type): \(field) has the wrong type (expected \(typeName(expected)))",
                            type: type, field: field)
        case .valueNotFound(let expected, let context):
            let field = fieldPath(context.codingPath)
            return BusError(code: .invalidPayload,
                            message: "\(type): \(field) is missing or null (expected \(typeName(expected)))",
                            type: type, field: field)
        case .keyNotFound(let key, let context):
            let field = fieldPath(context.codingPath + [key])
            return BusError(code: .invalidPayload, message: "\(type): \(field) is missing", type: type, field: field)
        case .dataCorrupted(let context):
            let field = fieldPath(context.codingPath)
            return BusError(code: .invalidPayload, message: "\(type): \(field) is invalid: \(context.debugDescription)",
                            type: type, field: field)
        @unknown default:
            return BusError(code: .invalidPayload, message: "\(type): data does not decode", type: type, field: "data")
        }
    }

    /// Translates a validation failure into an `invalid-payload` error.
    static func invalidPayload(type: String, violation: PayloadViolation) -> BusError {
        BusError(code: .invalidPayload, message: "\(type): \(violation.field) \(violation.reason)", type: type,
                 field: violation.field)
    }

    /// `data`, `data.spinning`, `data[0]`: a coding path as a field path.
    static func fieldPath(_ path: [any CodingKey]) -> String {
        var s = "data"
        for key in path {
            if let i = key.intValue { s += "[\(i)]" } else { s += "." + key.stringValue }
        }
        return s
    }

    /// A JSON-ish name for a Swift type in messages (`number` rather than `Double`).
    private static func typeName(_ t: Any.Type) -> String {
        if t is Double.Type || t is Float.Type { return "number" }
        if t is Int.Type { return "integer" }
        if t is Bool.Type { return "boolean" }
        if t is String.Type { return "string" }
        let n = String(describing: t)
        if n.hasPrefix("Array") || n.hasPrefix("[") { return "array" }
        if n.hasPrefix("Dictionary") { return "object" }
        return n
    }
}
