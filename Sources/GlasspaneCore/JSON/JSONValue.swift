// One JSON value for the whole project: bus envelopes, script lines, header options, state expectations.
// Parsed by `JSONParser` (strict, limited) and written by `JSONWriter` (compact, sorted keys).

/// One JSON value (RFC 8259). Numbers are `Double`: integers up to 2^53 round-trip exactly.
public enum JSONValue: Hashable, Sendable, Codable, CustomStringConvertible {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number; the parser never produces NaN or an infinity, and the writer rejects them.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object; the parser rejects duplicate keys, so no member was silently dropped.
    case object([String: JSONValue])

    // MARK: Access

    /// The member of an object, nil for anything else or a missing key.
    public subscript(key: String) -> JSONValue? {
        if case .object(let o) = self { return o[key] }
        return nil
    }

    /// The element of an array, nil for anything else or an index out of range.
    public subscript(index: Int) -> JSONValue? {
        if case .array(let a) = self, a.indices.contains(index) { return a[index] }
        return nil
    }

    /// The boolean, nil for anything else.
    public var bool: Bool? { if case .bool(let b) = self { return b }; return nil }
    /// The number, nil for anything else.
    public var number: Double? { if case .number(let n) = self { return n }; return nil }
    /// The string, nil for anything else.
    public var string: String? { if case .string(let s) = self { return s }; return nil }
    /// The elements, nil for anything else.
    public var array: [JSONValue]? { if case .array(let a) = self { return a }; return nil }
    /// The members, nil for anything else.
    public var object: [String: JSONValue]? { if case .object(let o) = self { return o }; return nil }
    /// True for `null`.
    public var isNull: Bool { self == .null }

    /// The JSON type name used in error messages: `null`, `boolean`, `number`, `string`, `array`, `object`.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    // MARK: Overflow-safe conversions

    /// The number as an `Int` when it is a whole number inside `range`; nil for anything else (a fraction, NaN,
    /// an infinity, 1e19, 1e308, a non-number). Never traps: the range check happens on the `Double`.
    public func wholeNumber(in range: ClosedRange<Int>) -> Int? {
        guard case .number(let n) = self else { return nil }
        return JSONValue.wholeNumber(n, in: range)
    }

    /// `n` as an `Int` when it is whole and inside `range`; nil otherwise. Never traps.
    public static func wholeNumber(_ n: Double, in range: ClosedRange<Int>) -> Int? {
        guard n.isFinite, n == n.rounded(.towardZero) else { return nil }
        // Compare as Double first: Int(n) traps outside Int's range. Double(Int.max) rounds up to 2^63, so
        // a strict `<` on the upper bound keeps Int(n) in range.
        guard n >= Double(range.lowerBound), n <= Double(range.upperBound), n < 9.223372036854775807e18,
              n >= -9.223372036854775808e18 else { return nil }
        let i = Int(n)
        return range.contains(i) ? i : nil
    }

    /// The number when it is finite and inside `range`; nil otherwise.
    public func finiteNumber(in range: ClosedRange<Double>) -> Double? {
        guard case .number(let n) = self, n.isFinite, range.contains(n) else { return nil }
        return n
    }

    // MARK: Text

    /// Parses one JSON text strictly with the default limits (see `JSONParser`).
    public init(parsing text: String, limits: JSONLimits = JSONLimits()) throws(JSONParseError) {
        self = try JSONParser(limits: limits).parse(text)
    }

    /// Compact JSON with sorted keys (`JSONWriter`); a value holding NaN or an infinity (never parsed, only built
    /// by hand) shows as `<invalid: ...>` naming the path, since JSON cannot carry it.
    public var description: String {
        do { return try JSONWriter.string(self) } catch { return "<invalid: \(error)>" }
    }

    // MARK: Codable (for types that embed a free-form JSON member)

    /// Decodes any JSON value.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null }
        else if let b = try? c.decode(Bool.self) { self = .bool(b) }
        else if let n = try? c.decode(Double.self) { self = .number(n) }
        else if let s = try? c.decode(String.self) { self = .string(s) }
        else if let a = try? c.decode([JSONValue].self) { self = .array(a) }
        else if let o = try? c.decode([String: JSONValue].self) { self = .object(o) }
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
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
                     ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
                     ExpressibleByDictionaryLiteral {
    /// `null`.
    public init(nilLiteral: ()) { self = .null }
    /// A boolean.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// A whole number.
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    /// A number.
    public init(floatLiteral value: Double) { self = .number(value) }
    /// A string.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An array.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// An object (a repeated key keeps the last value; literals are written by people in code, not parsed).
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
