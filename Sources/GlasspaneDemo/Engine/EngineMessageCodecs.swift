// The catalog's payload codecs (`PayloadCodable`): each message reads and writes its own JSON, so no message
// between the overlay and the engine goes through Foundation's coders, and in process it travels as the value.
// Each codec reads exactly what the type's `Codable` form reads and fails with the same field and words
// (Tests/GlasspaneDemoTests/PayloadCodecEquivalenceTests.swift runs both on the same inputs). A stored property
// added to a message needs a line here too; that test names the type whose properties changed.
import GlasspaneBus
import GlasspaneCore

// MARK: - change-color

extension ChangeColor: PayloadCodable {
    /// Reads exactly three numbers `[r, g, b]`.
    public init(payload: PayloadReader) throws(PayloadViolation) {
        let c = try RGBComponents(payload: payload)
        self.init(r: c.r, g: c.g, b: c.b)
    }
    /// Writes `[r, g, b]`.
    public func writePayload(to writer: inout JSONWriter) { RGBComponents(r: r, g: g, b: b).write(to: &writer) }
    /// Three numbers.
    public static var maxPayloadBytes: Int? { RGBComponents.maxBytes }
}

// MARK: - set-spin

extension SetSpin: PayloadCodable {
    /// Reads `{"spinning": Bool}`.
    public init(payload: PayloadReader) throws(PayloadViolation) {
        self.init(spinning: try payload.object().member("spinning").bool())
    }
    /// Writes `{"spinning": Bool}`.
    public func writePayload(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("spinning"); writer.bool(spinning)
        writer.endObject()
    }
    /// `{"spinning":false}`.
    public static var maxPayloadBytes: Int? { 18 }
}

// MARK: - get-state

extension GetState: PayloadCodable {
    /// Reads nothing: any `data` (or none) is accepted, as the empty `Codable` struct accepts it.
    public init(payload: PayloadReader) throws(PayloadViolation) { self.init() }
    /// Writes `{}`.
    public func writePayload(to writer: inout JSONWriter) { writer.beginObject(); writer.endObject() }
    /// `{}`.
    public static var maxPayloadBytes: Int? { 2 }
}

// MARK: - state

extension EngineState: PayloadCodable {
    /// Reads `{"color": [r, g, b], "spinning", "angle", "frame"}` in the order `Codable` reads it.
    public init(payload: PayloadReader) throws(PayloadViolation) {
        let members = try payload.object()
        let color = try RGBComponents(payload: members.member("color")).color
        let spinning = try members.member("spinning").bool()
        let angle = try members.member("angle").number()
        let frame = try members.member("frame").int()
        self.init(color: color, spinning: spinning, angle: angle, frame: frame)
    }
    /// Writes the members with sorted keys: `angle`, `color`, `frame`, `spinning`.
    public func writePayload(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("angle"); writer.payloadNumber(angle)
        writer.key("color"); RGBComponents(color).write(to: &writer)
        writer.key("frame"); writer.int(frame)
        writer.key("spinning"); writer.bool(spinning)
        writer.endObject()
    }
    /// Keys, one number, three numbers, a 20-digit integer and a boolean.
    public static var maxPayloadBytes: Int? { 48 + maxPayloadNumberBytes + RGBComponents.maxBytes + 20 }
}

// MARK: - state-changed

extension StateChanged: PayloadCodable {
    /// Reads `{"spinning": Bool, "color": [r, g, b]}` in the order `Codable` reads it.
    public init(payload: PayloadReader) throws(PayloadViolation) {
        let members = try payload.object()
        let spinning = try members.member("spinning").bool()
        let color = try RGBComponents(payload: members.member("color")).color
        self.init(spinning: spinning, color: color)
    }
    /// Writes `{"color": [r, g, b], "spinning": Bool}` (sorted keys).
    public func writePayload(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("color"); RGBComponents(color).write(to: &writer)
        writer.key("spinning"); writer.bool(spinning)
        writer.endObject()
    }
    /// Keys, three numbers and a boolean.
    public static var maxPayloadBytes: Int? { 32 + RGBComponents.maxBytes }
}

// MARK: - [r, g, b]

extension RGBComponents {
    /// `[` + three numbers + two commas + `]`.
    static let maxBytes = 4 + 3 * maxPayloadNumberBytes

    /// Reads exactly three numbers; a fourth is `is invalid: expected exactly 3 components [r, g, b]`.
    init(payload: PayloadReader) throws(PayloadViolation) {
        var elements = try payload.array()
        let r = try elements.nextNumber()
        let g = try elements.nextNumber()
        let b = try elements.nextNumber()
        guard elements.isAtEnd else { throw payload.invalid("expected exactly 3 components [r, g, b]") }
        self.init(r: r, g: g, b: b)
    }

    /// Writes `[r, g, b]`.
    func write(to writer: inout JSONWriter) {
        writer.beginArray()
        writer.payloadNumber(r); writer.payloadNumber(g); writer.payloadNumber(b)
        writer.endArray()
    }
}
