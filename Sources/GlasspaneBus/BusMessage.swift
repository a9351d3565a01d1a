// Message types: each is a Swift type with a Codable payload and a kebab-case name on the wire; types that also
// adopt `PayloadCodable` (PayloadCoding.swift) code themselves and travel in process as values.
import GlasspaneCore

/// A message type: its `Codable` form is the envelope's `data`, `type` is its kebab-case wire name.
public protocol BusMessage: Codable, Sendable {
    /// The wire name (`change-color`, `set-spin`); unique on a bus.
    static var type: String { get }
    /// Rejects payloads that decode but are not acceptable (NaN, out of range). The default accepts everything.
    func validate() throws(PayloadViolation)
    /// The type as its own codec when it is `PayloadCodable`, else nil. Not for adopters to write: the defaults
    /// below are picked when a type conforms (the `PayloadCodable` one wins for those types), so generic bus code
    /// finds the codec through the witness table instead of a run-time conformance check per message.
    static var payloadCodec: (any PayloadCodable.Type)? { get }
    /// This message as a value that codes itself (`PayloadCodable`), or nil; chosen like `payloadCodec`.
    var selfCodingPayload: (any PayloadCodable)? { get }
}

extension BusMessage {
    /// Accepts every payload that decodes.
    public func validate() throws(PayloadViolation) {}
    /// None: the type is coded by `JSONEncoder`/`JSONDecoder`.
    public static var payloadCodec: (any PayloadCodable.Type)? { nil }
    /// None: the message is encoded by `JSONEncoder` when posted.
    public var selfCodingPayload: (any PayloadCodable)? { nil }
}

/// A message that expects exactly one reply of type `Reply` (the envelope carries an `id`; the reply a `replyTo`).
public protocol BusRequest: BusMessage {
    /// The reply's message type.
    associatedtype Reply: BusMessage
}

/// Announces that an endpoint can take messages; everything posted to it earlier is delivered from now on.
public struct Ready: BusMessage, Hashable {
    /// `ready`.
    public static let type = "ready"
    /// The endpoint that became ready.
    public var endpoint: String
    /// Creates the announcement.
    public init(endpoint: String) { self.endpoint = endpoint }
}

extension Ready: PayloadObject {
    /// `{"endpoint": String}`.
    public static let payloadMembers = PayloadMembers<Ready>([PayloadMember("endpoint", \.endpoint)])
    /// An empty endpoint name, overwritten by the payload's.
    public static var payloadTemplate: Ready { Ready(endpoint: "") }
}

/// The name of a party on the bus: the engine, the overlay, the HUD, a test, a tool.
public struct EndpointID: Hashable, Sendable, Codable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The name as logged.
    public var name: String
    /// Creates an id from a name.
    public init(_ name: String) { self.name = name }
    /// Creates an id from a string literal.
    public init(stringLiteral value: String) { name = value }
    /// The scene engine.
    public static let engine = EndpointID("engine")
    /// The UI overlay.
    public static let overlay = EndpointID("overlay")
    /// The performance HUD.
    public static let hud = EndpointID("hud")
    /// Scripts and tools that inject raw JSON.
    public static let script = EndpointID("script")
    /// The name.
    public var description: String { name }
    /// Encodes as the bare name.
    public func encode(to encoder: any Encoder) throws { var c = encoder.singleValueContainer(); try c.encode(name) }
    /// Decodes from the bare name.
    public init(from decoder: any Decoder) throws { name = try decoder.singleValueContainer().decode(String.self) }
}
