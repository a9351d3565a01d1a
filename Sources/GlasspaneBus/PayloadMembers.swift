// One table per object payload. A message lists its members once (key, stored property, wire form), and both of
// its codings come from that list: the payload codec the bus uses (`PayloadCodable`, PayloadCoding.swift) and the
// `Codable` conformance that `JSONEncoder`/`JSONDecoder` and other tools use. Adding a member is one line in the
// table. The two codings still run different code (`PayloadReader` against Foundation's containers), so the
// equivalence tests keep comparing them (Tests/GlasspaneDemoTests/PayloadCodecEquivalenceTests.swift).
import GlasspaneCore

/// A value that can be a member of a payload: read and written by the payload codec, and by `Codable` into the
/// same JSON (same bytes, same failures). Numbers that are not finite travel as `"NaN"`, `"Infinity"`, `"-Infinity"`.
public protocol PayloadValue: Codable, Sendable {
    /// Reads the value; throws the violation `Codable` reports for the same JSON (use `PayloadReader`'s accessors).
    init(payload: PayloadReader) throws(PayloadViolation)
    /// Writes the value as one JSON value, object keys sorted.
    func writePayload(to writer: inout JSONWriter)
    /// The most bytes `writePayload` writes for this value; nil when it must be measured.
    var maxPayloadBytes: Int? { get }
    /// The most bytes `writePayload` writes for any value of the type; nil when it depends on the value (a string).
    /// A table adds these up once, so a message of such members states its bound without looking at its values.
    static var maxPayloadBytesOfAnyValue: Int? { get }
}

extension PayloadValue {
    /// Depends on the value.
    public static var maxPayloadBytesOfAnyValue: Int? { nil }
}

/// A wire form for a stored type that is not a `PayloadValue` itself (a `Color` that travels as `[r, g, b]`).
public protocol PayloadWireForm: PayloadValue {
    /// The type the message stores.
    associatedtype Stored
    /// The wire form of `stored`.
    init(_ stored: Stored)
    /// The stored value this wire form stands for.
    var stored: Stored { get }
}

extension Bool: PayloadValue {
    /// Reads `true` or `false` (a `null` is a wrong type, as Foundation reports it).
    public init(payload: PayloadReader) throws(PayloadViolation) { self = try payload.bool() }
    /// Writes `true` or `false`.
    public func writePayload(to writer: inout JSONWriter) { writer.bool(self) }
    /// `false`.
    public var maxPayloadBytes: Int? { 5 }
    /// `false`.
    public static var maxPayloadBytesOfAnyValue: Int? { 5 }
}

extension Double: PayloadValue {
    /// Reads a number, or `"NaN"`, `"Infinity"`, `"-Infinity"` (validation decides whether they are acceptable).
    public init(payload: PayloadReader) throws(PayloadViolation) { self = try payload.number() }
    /// Writes the number (`JSONWriter.payloadNumber`).
    public func writePayload(to writer: inout JSONWriter) { writer.payloadNumber(self) }
    /// `maxPayloadNumberBytes`.
    public var maxPayloadBytes: Int? { maxPayloadNumberBytes }
    /// `maxPayloadNumberBytes`.
    public static var maxPayloadBytesOfAnyValue: Int? { maxPayloadNumberBytes }
}

extension Int: PayloadValue {
    /// Reads a whole number within `Int`'s range.
    public init(payload: PayloadReader) throws(PayloadViolation) { self = try payload.int() }
    /// Writes the integer.
    public func writePayload(to writer: inout JSONWriter) { writer.int(self) }
    /// `-9223372036854775808`.
    public var maxPayloadBytes: Int? { 20 }
    /// `-9223372036854775808`.
    public static var maxPayloadBytesOfAnyValue: Int? { 20 }
}

extension String: PayloadValue {
    /// Reads a string.
    public init(payload: PayloadReader) throws(PayloadViolation) { self = try payload.string() }
    /// Writes the string, escaped.
    public func writePayload(to writer: inout JSONWriter) { writer.string(self) }
    /// `maxPayloadStringBytes(self)`.
    public var maxPayloadBytes: Int? { maxPayloadStringBytes(self) }
}

/// A member name as a coding key, for the `Codable` half of a member table.
@usableFromInline package struct PayloadKey: CodingKey {
    /// The member name.
    @usableFromInline package var stringValue: String
    /// Always nil: payload members are named.
    @usableFromInline package var intValue: Int? { nil }
    /// A key for the member `name`.
    @inlinable package init(_ name: String) { stringValue = name }
    /// A key for the member `stringValue`.
    @usableFromInline package init?(stringValue: String) { self.stringValue = stringValue }
    /// Never: payload members are named.
    @usableFromInline package init?(intValue: Int) { nil }
}

/// One member of an object payload: its key, the stored property it fills, and how its value travels.
public struct PayloadMember<Message>: Sendable {
    /// The member's name in the JSON object.
    public let key: String
    @usableFromInline let codingKey: PayloadKey
    // How the member is read, written, decoded and encoded: closures made once per table. The initializers are
    // inlinable so that the module declaring the message specialises them for its types (no generic witnesses
    // per member on the log's path).
    @usableFromInline let read: @Sendable (inout Message, PayloadObjectReader) throws(PayloadViolation) -> Void
    @usableFromInline let write: @Sendable (Message, inout JSONWriter) -> Void
    @usableFromInline let decode: @Sendable (inout Message, KeyedDecodingContainer<PayloadKey>) throws -> Void
    @usableFromInline let encode: @Sendable (Message, inout KeyedEncodingContainer<PayloadKey>) throws -> Void
    /// The bytes the member takes with its key, comma included; 0 when it is left out; nil when unbounded.
    @usableFromInline let maxBytes: @Sendable (Message) -> Int?
    /// The most bytes the member takes with its key and comma whatever its value; nil when that depends on the value.
    @usableFromInline let maxBytesOfAnyValue: Int?

    /// A required member stored as its own wire form (`Bool`, `Double`, `Int`, `String`, any `PayloadValue`).
    @inlinable
    public init<Value: PayloadValue>(_ key: String, _ property: WritableKeyPath<Message, Value> & Sendable) {
        self.init(key, property, as: PayloadSelf<Value>.self)
    }

    /// A required member stored as `Wire.Stored` and travelling as `Wire` (a color as `[r, g, b]`).
    @inlinable
    public init<Wire: PayloadWireForm>(_ key: String, _ property: WritableKeyPath<Message, Wire.Stored> & Sendable,
                                       as wire: Wire.Type) {
        let codingKey = PayloadKey(key)
        self.key = key
        self.codingKey = codingKey
        read = { (message: inout Message, object: PayloadObjectReader) throws(PayloadViolation) in
            message[keyPath: property] = try Wire(payload: object.member(key)).stored
        }
        write = { message, writer in
            writer.key(key)
            Wire(message[keyPath: property]).writePayload(to: &writer)
        }
        decode = { message, container in message[keyPath: property] = try container.decode(Wire.self, forKey: codingKey).stored }
        encode = { message, container in try container.encode(Wire(message[keyPath: property]), forKey: codingKey) }
        maxBytes = { message in Wire(message[keyPath: property]).maxPayloadBytes.map { $0 + key.utf8.count + 4 } }
        maxBytesOfAnyValue = Wire.maxPayloadBytesOfAnyValue.map { $0 + key.utf8.count + 4 }
    }

    /// A member stored as `Wire.Stored` that reads as `fallback`'s value when absent or `null` (`fallback` is a
    /// member read earlier in the table); it is always written.
    @inlinable
    public init<Wire: PayloadWireForm>(_ key: String, _ property: WritableKeyPath<Message, Wire.Stored> & Sendable,
                                       as wire: Wire.Type, ifAbsent fallback: KeyPath<Message, Wire.Stored> & Sendable) {
        let codingKey = PayloadKey(key)
        let required = PayloadMember(key, property, as: wire)
        self.key = key
        self.codingKey = codingKey
        read = { (message: inout Message, object: PayloadObjectReader) throws(PayloadViolation) in
            guard let reader = object.memberIfPresent(key) else { return message[keyPath: property] = message[keyPath: fallback] }
            message[keyPath: property] = try Wire(payload: reader).stored
        }
        write = required.write
        decode = { message, container in
            message[keyPath: property] = try container.decodeIfPresent(Wire.self, forKey: codingKey)?.stored
                ?? message[keyPath: fallback]
        }
        encode = required.encode
        maxBytes = required.maxBytes
        maxBytesOfAnyValue = required.maxBytesOfAnyValue
    }

    /// An optional member: absent or `null` reads as nil, and nil is left out when written.
    @inlinable
    public init<Value: PayloadValue>(_ key: String, _ property: WritableKeyPath<Message, Value?> & Sendable) {
        let codingKey = PayloadKey(key)
        self.key = key
        self.codingKey = codingKey
        read = { (message: inout Message, object: PayloadObjectReader) throws(PayloadViolation) in
            guard let reader = object.memberIfPresent(key) else { return message[keyPath: property] = nil }
            message[keyPath: property] = try Value(payload: reader)
        }
        write = { message, writer in
            guard let value = message[keyPath: property] else { return }
            writer.key(key)
            value.writePayload(to: &writer)
        }
        decode = { message, container in message[keyPath: property] = try container.decodeIfPresent(Value.self, forKey: codingKey) }
        encode = { message, container in try container.encodeIfPresent(message[keyPath: property], forKey: codingKey) }
        maxBytes = { message in
            guard let value = message[keyPath: property] else { return 0 }
            return value.maxPayloadBytes.map { $0 + key.utf8.count + 4 }
        }
        maxBytesOfAnyValue = Value.maxPayloadBytesOfAnyValue.map { $0 + key.utf8.count + 4 }
    }
}

/// A `PayloadValue` as its own wire form (what `PayloadMember`'s plain initializer uses).
@usableFromInline struct PayloadSelf<Value: PayloadValue>: PayloadWireForm {
    @usableFromInline var stored: Value
    @inlinable init(_ stored: Value) { self.stored = stored }
    @inlinable init(payload: PayloadReader) throws(PayloadViolation) { stored = try Value(payload: payload) }
    @inlinable init(from decoder: any Decoder) throws { stored = try Value(from: decoder) }
    @inlinable func encode(to encoder: any Encoder) throws { try stored.encode(to: encoder) }
    @inlinable func writePayload(to writer: inout JSONWriter) { stored.writePayload(to: &writer) }
    @inlinable var maxPayloadBytes: Int? { stored.maxPayloadBytes }
    @inlinable static var maxPayloadBytesOfAnyValue: Int? { Value.maxPayloadBytesOfAnyValue }
}

/// The members of an object payload, in the order they are read: the first member that fails is the one named,
/// on both codings, so the order is the one `Codable` reads in. Written with keys sorted, as `JSONEncoder` writes.
public struct PayloadMembers<Message>: Sendable {
    /// The members, in reading order.
    public let members: [PayloadMember<Message>]
    /// Whether a member not in the table is an error (`unknown member "x" (expected a, b)`), checked before any
    /// member is read; otherwise unknown members are ignored, as by `Codable`.
    public let rejectsUnknownMembers: Bool
    /// `members`' indices in sorted key order.
    @usableFromInline let writeOrder: [Int]
    /// The keys, for the unknown-member check.
    @usableFromInline let keys: Set<String>
    /// Braces plus the members whose bound does not depend on their value, added up once.
    @usableFromInline let fixedMaxBytes: Int
    /// The members whose bound depends on their value (a string), looked at per message.
    @usableFromInline let valueBoundMembers: [Int]

    /// A table of `members` in reading order.
    public init(rejectsUnknownMembers: Bool = false, _ members: [PayloadMember<Message>]) {
        self.members = members
        self.rejectsUnknownMembers = rejectsUnknownMembers
        writeOrder = members.indices.sorted { members[$0].key < members[$1].key }
        keys = Set(members.map(\.key))
        fixedMaxBytes = 2 + members.reduce(0) { $0 + ($1.maxBytesOfAnyValue ?? 0) }
        valueBoundMembers = members.indices.filter { members[$0].maxBytesOfAnyValue == nil }
    }

    /// Why an object with the member `unknown` is refused (both codings say it).
    @inlinable
    public func unknownMemberReason(_ unknown: String) -> String {
        "unknown member \"\(unknown)\" (expected " + members.map(\.key).joined(separator: ", ") + ")"
    }

    // MARK: - Payload codec

    /// Reads the object at `payload` into `message`: unknown members first (when refused), then each member.
    @inlinable
    public func read(_ payload: PayloadReader, into message: inout Message) throws(PayloadViolation) {
        let object = try payload.object()
        if rejectsUnknownMembers, let unknown = object.firstUnknownMember(allowed: keys) {
            throw payload.invalid(unknownMemberReason(unknown))
        }
        for member in members { try member.read(&message, object) }
    }

    /// Writes `message` as an object with sorted keys.
    @inlinable
    public func write(_ message: Message, to writer: inout JSONWriter) {
        writer.beginObject()
        for index in writeOrder { members[index].write(message, &writer) }
        writer.endObject()
    }

    /// The most bytes `write` writes for `message`: braces, and each member's key and value; nil when unbounded.
    /// Checked on every post (MessageBus.swift), so members of a fixed bound are not looked at.
    @inlinable
    public func maxBytes(of message: Message) -> Int? {
        var total = fixedMaxBytes
        for index in valueBoundMembers {
            guard let bytes = members[index].maxBytes(message) else { return nil }
            total += bytes
        }
        return total
    }

    // MARK: - Codable

    /// Decodes the object `decoder` holds into `message`, in the same order and with the same checks as `read`.
    @inlinable
    public func decode(from decoder: any Decoder, into message: inout Message) throws {
        let container = try decoder.container(keyedBy: PayloadKey.self)
        if rejectsUnknownMembers,
           let unknown = container.allKeys.map(\.stringValue).sorted().first(where: { !keys.contains($0) }) {
            throw DecodingError.dataCorrupted(.init(codingPath: container.codingPath,
                                                    debugDescription: unknownMemberReason(unknown)))
        }
        for member in members { try member.decode(&message, container) }
    }

    /// Encodes `message` as an object (`JSONEncoder` sorts the keys when told to, as the bus tells it).
    @inlinable
    public func encode(_ message: Message, to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: PayloadKey.self)
        for member in members { try member.encode(message, &container) }
    }
}

/// A message whose payload is one JSON object described by `payloadMembers`: its payload codec and its `Codable`
/// conformance both come from that table, so a member added to the table is added to both.
public protocol PayloadObject: PayloadCodable {
    /// The payload's members, in the order `Codable` reads them.
    static var payloadMembers: PayloadMembers<Self> { get }
    /// The value a payload is read into; each member read overwrites its property.
    static var payloadTemplate: Self { get }
}

extension PayloadObject {
    /// Reads the object's members (see `PayloadMembers.read`).
    @inlinable public init(payload: PayloadReader) throws(PayloadViolation) {
        var message = Self.payloadTemplate
        try Self.payloadMembers.read(payload, into: &message)
        self = message
    }
    /// Writes the object's members with sorted keys.
    @inlinable public func writePayload(to writer: inout JSONWriter) { Self.payloadMembers.write(self, to: &writer) }
    /// The bound the table works out from the members' values.
    @inlinable public var maxPayloadBytes: Int? { Self.payloadMembers.maxBytes(of: self) }
    /// Decodes the object's members with Foundation's keyed container.
    @inlinable public init(from decoder: any Decoder) throws {
        var message = Self.payloadTemplate
        try Self.payloadMembers.decode(from: decoder, into: &message)
        self = message
    }
    /// Encodes the object's members.
    @inlinable public func encode(to encoder: any Encoder) throws { try Self.payloadMembers.encode(self, to: encoder) }
}
