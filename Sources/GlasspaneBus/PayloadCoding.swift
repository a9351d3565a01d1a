// Payload codecs written per message type, without Foundation's generic coders. A message that adopts
// `PayloadCodable` is read from a `JSONValue` and written into a `JSONWriter` by its own code, and between two
// in-process endpoints it travels as the value itself: its JSON is written only where a log, a tool or a Swift
// type other than the sender's needs it (docs/messages.md, "How payloads are coded"). The readers below report
// every decoding failure with exactly the field and words the Codable path reports for the same JSON, so the two
// paths answer bad input identically (Tests/GlasspaneBusTests/PayloadCodecEquivalenceTests.swift).
import GlasspaneCore

/// A message that codes its own payload: read from the envelope's `data` as a `JSONValue`, written straight into
/// the log's or the wire's `JSONWriter`. Adopters keep `Codable` (the reference the tests compare against) and must
/// read back what they write: `init(payload:)` of what `writePayload(to:)` wrote is the same value.
public protocol PayloadCodable: BusMessage {
    /// Reads the payload; `payload.value` is `{}` when the envelope has no `data`. Throws the violation the
    /// `Codable` decoder would report for the same JSON (same field, same words): use `PayloadReader`'s accessors.
    init(payload: PayloadReader) throws(PayloadViolation)
    /// Writes the payload as one JSON value with object keys in sorted order (as the `Codable` path writes them);
    /// numbers that are not finite as the strings `"NaN"`, `"Infinity"`, `"-Infinity"` (`JSONWriter.payloadNumber`).
    func writePayload(to writer: inout JSONWriter)
    /// The most bytes `writePayload` can write for this value, worked out without writing it (a fixed shape of
    /// numbers and booleans, plus what its strings and arrays can take); nil when it must be measured. A posted
    /// value is written and measured against `maxMessageBytes` only when the bound is nil or over the limit.
    var maxPayloadBytes: Int? { get }
}

extension PayloadCodable {
    /// The type itself: it codes its own payload (the witness `BusMessage` finds for these types).
    public static var payloadCodec: (any PayloadCodable.Type)? { Self.self }
    /// The message itself, travelling as the value.
    public var selfCodingPayload: (any PayloadCodable)? { self }

    /// No bound: every post of the type is written once to check its size.
    public var maxPayloadBytes: Int? { nil }

    /// The payload as compact JSON bytes.
    public var payloadBytes: [UInt8] {
        var w = JSONWriter(capacity: 64)
        writePayload(to: &w)
        return w.bytes
    }

    /// The payload as a `JSONValue`, written by the codec and read back (for expectations and tools, not per frame).
    public var payloadValue: JSONValue {
        // The codec writes valid JSON, well within the parser's default limits.
        (try? JSONParser().parse(bytes: payloadBytes)) ?? .null
    }
}

/// The most bytes one number takes as `JSONWriter` writes it (`-2.2250738585072014e-308` is 24; `"-Infinity"` 11).
public let maxPayloadNumberBytes = 24

/// The most bytes `JSONWriter.string` writes for `s`: quotes, and at most six bytes (`\u001f`) per UTF-8 byte.
public func maxPayloadStringBytes(_ s: String) -> Int { 2 + 6 * s.utf8.count }

extension JSONWriter {
    /// Writes a payload number: finite ones as numbers, NaN and infinities as the strings `"NaN"`, `"Infinity"`,
    /// `"-Infinity"`, the bus's convention for numbers JSON cannot carry (the receiver's validation names them).
    public mutating func payloadNumber(_ n: Double) {
        if n.isFinite {
            // Cannot throw: the number is finite.
            try? number(n)
        } else {
            string(n.isNaN ? "NaN" : (n > 0 ? "Infinity" : "-Infinity"))
        }
    }
}

/// One value of a payload being read, with its path for error messages (`data`, `data.color`, `data[1]`). Each
/// accessor fails like Foundation's `JSONDecoder` (as the bus configures it) fails on the same JSON.
public struct PayloadReader: Sendable {
    /// The value at `path`.
    public let value: JSONValue
    /// Where the value is: `data` followed by keys and indices.
    public let path: String

    /// A reader for a payload (`path` is `data`).
    public init(_ value: JSONValue, path: String = "data") { self.value = value; self.path = path }

    /// `has the wrong type (expected X)`: Foundation's `typeMismatch`.
    func wrongType(_ expected: String) -> PayloadViolation {
        PayloadViolation(field: path, reason: "has the wrong type (expected \(expected))")
    }

    /// `is missing or null (expected X)`: Foundation's `valueNotFound`.
    func missingOrNull(_ expected: String) -> PayloadViolation {
        PayloadViolation(field: path, reason: "is missing or null (expected \(expected))")
    }

    /// A number. The strings `"NaN"`, `"Infinity"` and `"-Infinity"` read as those numbers (validation decides).
    public func number() throws(PayloadViolation) -> Double {
        switch value {
        case .number(let n): return n
        case .string("NaN"): return .nan
        case .string("Infinity"): return .infinity
        case .string("-Infinity"): return -.infinity
        case .null: throw missingOrNull("number")
        default: throw wrongType("number")
        }
    }

    /// A boolean. A `null` is a wrong type here (Foundation reports `typeMismatch` for a null boolean).
    public func bool() throws(PayloadViolation) -> Bool {
        guard case .bool(let b) = value else { throw wrongType("boolean") }
        return b
    }

    /// A whole number within `Int`'s range. Any other number fails as Foundation fails it: at `data`, not valid JSON.
    public func int() throws(PayloadViolation) -> Int {
        switch value {
        case .number(let n):
            guard let i = JSONValue.wholeNumber(n, in: Int.min...Int.max) else {
                throw PayloadViolation(field: "data", reason: "is invalid: The given data was not valid JSON.")
            }
            return i
        case .null: throw missingOrNull("integer")
        default: throw wrongType("integer")
        }
    }

    /// A string.
    public func string() throws(PayloadViolation) -> String {
        switch value {
        case .string(let s): return s
        case .null: throw missingOrNull("string")
        default: throw wrongType("string")
        }
    }

    /// The value as an object whose members are read by key.
    public func object() throws(PayloadViolation) -> PayloadObjectReader {
        switch value {
        case .object(let members): return PayloadObjectReader(members: members, path: path)
        case .null: throw missingOrNull("object")
        default: throw wrongType("object")
        }
    }

    /// The value as an array whose elements are read in order.
    public func array() throws(PayloadViolation) -> PayloadArrayReader {
        switch value {
        case .array(let elements): return PayloadArrayReader(elements: elements, path: path)
        case .null: throw missingOrNull("array")
        default: throw wrongType("array")
        }
    }

    /// The value is invalid for a reason the type states (`is invalid: REASON`): Foundation's `dataCorrupted`.
    public func invalid(_ reason: String) -> PayloadViolation {
        PayloadViolation(field: path, reason: "is invalid: \(reason)")
    }
}

/// The members of an object payload, read by key; unknown keys are ignored (as by `Codable`).
public struct PayloadObjectReader: Sendable {
    /// The members.
    public let members: [String: JSONValue]
    /// The object's path.
    public let path: String

    /// The member `key`; a missing one fails with `is missing` (Foundation's `keyNotFound`).
    public func member(_ key: String) throws(PayloadViolation) -> PayloadReader {
        guard let value = members[key] else { throw PayloadViolation(field: path + "." + key, reason: "is missing") }
        return PayloadReader(value, path: path + "." + key)
    }

    /// The member `key`, or nil when it is absent or `null` (what `decodeIfPresent` treats as absent).
    public func memberIfPresent(_ key: String) -> PayloadReader? {
        guard let value = members[key], value != .null else { return nil }
        return PayloadReader(value, path: path + "." + key)
    }

    /// True when the object has the member `key`, `null` included (Foundation's `contains`).
    public func contains(_ key: String) -> Bool { members[key] != nil }

    /// The first member, in sorted order, that is not in `allowed`; nil when there is none.
    public func firstUnknownMember(allowed: Set<String>) -> String? {
        var first: String?
        for key in members.keys where !allowed.contains(key) {
            if let f = first, f <= key { continue }
            first = key
        }
        return first
    }
}

/// The elements of an array payload, read front to back (Foundation's unkeyed container).
public struct PayloadArrayReader: Sendable {
    /// The elements.
    public let elements: [JSONValue]
    /// The array's path.
    public let path: String
    /// The index of the next element to read.
    public private(set) var index = 0

    /// True when every element has been read.
    public var isAtEnd: Bool { index >= elements.count }

    /// The next element as a number; past the end it is `missing or null (expected number)` at `path[index]`.
    public mutating func nextNumber() throws(PayloadViolation) -> Double {
        let reader = try next("number")
        return try reader.number()
    }

    /// The next element, or the `valueNotFound` violation naming `expected` when there is none.
    public mutating func next(_ expected: String) throws(PayloadViolation) -> PayloadReader {
        let at = path + "[\(index)]"
        guard index < elements.count else {
            throw PayloadViolation(field: at, reason: "is missing or null (expected \(expected))")
        }
        defer { index += 1 }
        return PayloadReader(elements[index], path: at)
    }
}
