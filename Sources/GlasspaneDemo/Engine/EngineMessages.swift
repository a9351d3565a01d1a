// Message catalog v1 between the overlay and the engine (docs/messages.md has the JSON of each). Each message is
// declared once: an object payload by its member table (`PayloadObject`, Sources/GlasspaneBus/PayloadMembers.swift),
// from which both the bus's payload codec and the `Codable` conformance come, so a new field is one line there.
import GlasspaneBus
import GlasspaneCore

/// Overlay to engine: recolor the cube. Wire form: `{"type": "change-color", "data": [r, g, b]}`, each 0...1, or
/// with an animation `{"type": "change-color", "data": {"color": [r, g, b], "animation": {...}}}` (`MessageAnimation`).
public struct ChangeColor: PayloadCodable, Hashable {
    /// `change-color`.
    public static let type = "change-color"
    /// Red, 0...1.
    public var r: Double { didSet { isPlainObjectForm = false } }
    /// Green, 0...1.
    public var g: Double { didSet { isPlainObjectForm = false } }
    /// Blue, 0...1.
    public var b: Double { didSet { isPlainObjectForm = false } }
    /// How the engine animates to the color; nil applies it at once.
    public var animation: MessageAnimation? { didSet { isPlainObjectForm = false } }

    /// Creates the message from components.
    public init(r: Double, g: Double, b: Double, animation: MessageAnimation? = nil) {
        self.r = r; self.g = g; self.b = b; self.animation = animation
    }
    /// Creates the message from a color (alpha is not sent).
    public init(_ color: Color, animation: MessageAnimation? = nil) { self.init(r: color.r, g: color.g, b: color.b, animation: animation) }
    /// The opaque color.
    public var color: Color { Color(r: r, g: g, b: b) }

    /// The object form's members, `{"color": [r, g, b], "animation"?: {...}}` and nothing else: the one list both
    /// codings read and write (PayloadMembers.swift); the plain form is the array alone.
    static let objectMembers = PayloadMembers<ChangeColor>(rejectsUnknownMembers: true, [
        PayloadMember("color", \.components),
        PayloadMember("animation", \.animation),
    ])
    /// The color as its wire form `[r, g, b]`.
    var components: RGBComponents {
        get { RGBComponents(r: r, g: g, b: b) }
        set { r = newValue.r; g = newValue.g; b = newValue.b }
    }

    /// Encodes as `[r, g, b]`, or `{"color": [r, g, b], "animation": ...}` with an animation.
    public func encode(to encoder: any Encoder) throws {
        guard animation != nil else { return try components.encode(to: encoder) }
        try Self.objectMembers.encode(self, to: encoder)
    }
    /// Decodes exactly three numbers, or an object with `color` and an optional `animation` (nothing else).
    public init(from decoder: any Decoder) throws {
        guard (try? decoder.container(keyedBy: PayloadKey.self)) != nil else {
            let rgb = try RGBComponents(from: decoder)
            self.init(r: rgb.r, g: rgb.g, b: rgb.b)
            return
        }
        self.init(r: 0, g: 0, b: 0)
        try Self.objectMembers.decode(from: decoder, into: &self)
        isPlainObjectForm = animation == nil
    }
    /// Reads `[r, g, b]`, or the object form, as `init(from:)` reads them.
    public init(payload: PayloadReader) throws(PayloadViolation) {
        guard case .object = payload.value else {
            let rgb = try RGBComponents(payload: payload)
            self.init(r: rgb.r, g: rgb.g, b: rgb.b)
            return
        }
        self.init(r: 0, g: 0, b: 0)
        try Self.objectMembers.read(payload, into: &self)
        isPlainObjectForm = animation == nil
    }
    /// Writes `[r, g, b]`, or `{"animation": {...}, "color": [r, g, b]}` (sorted keys) with an animation.
    public func writePayload(to writer: inout JSONWriter) {
        guard animation != nil else { return components.writePayload(to: &writer) }
        Self.objectMembers.write(self, to: &writer)
    }
    /// Three numbers, or the object form's members with the animation's bound.
    public var maxPayloadBytes: Int? {
        animation == nil ? RGBComponents.maxBytes : Self.objectMembers.maxBytes(of: self)
    }
    /// Set when decoded from the object form without an animation (`{"color": [r, g, b]}`), so validation names
    /// `data.color[i]` rather than `data[i]`; with an animation, `animation != nil` says so. Set by both decoders
    /// (`init(from:)` and `init(payload:)`) and cleared by any change, so a value
    /// handed over in process validates as the bytes it would be written as (the array form).
    var isPlainObjectForm = false
    /// Every component finite and within 0...1; the animation within its limits (see `MessageAnimation`).
    public func validate() throws(PayloadViolation) {
        let objectForm = isPlainObjectForm || animation != nil
        try RGBComponents(r: r, g: g, b: b).validate(at: objectForm ? "data.color" : "data")
        if let animation { _ = try animation.validated(at: "data.animation") }
    }
    /// Equal components and animation (the wire form it came in does not matter).
    public static func == (lhs: ChangeColor, rhs: ChangeColor) -> Bool {
        lhs.r == rhs.r && lhs.g == rhs.g && lhs.b == rhs.b && lhs.animation == rhs.animation
    }
    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) { hasher.combine(r); hasher.combine(g); hasher.combine(b); hasher.combine(animation) }
}

/// Overlay to engine: start or stop the spin. Wire form: `{"type": "set-spin", "data": {"spinning": true}}`.
public struct SetSpin: PayloadObject, Hashable {
    /// `set-spin`.
    public static let type = "set-spin"
    /// Whether the cube should spin.
    public var spinning: Bool
    /// Creates the message.
    public init(spinning: Bool) { self.spinning = spinning }

    /// `{"spinning": Bool}`: the one list both codings read and write.
    public static let payloadMembers = PayloadMembers<SetSpin>([PayloadMember("spinning", \.spinning)])
    /// Stopped, until the payload says.
    public static var payloadTemplate: SetSpin { SetSpin(spinning: false) }
}

/// Overlay to engine, a request: the engine answers with `state`. Wire form: `{"type": "get-state", "id": 7}`.
public struct GetState: BusRequest, Hashable {
    /// `get-state`.
    public static let type = "get-state"
    /// The reply type.
    public typealias Reply = EngineState
    /// Creates the request.
    public init() {}
}

extension GetState: PayloadCodable {
    /// Reads nothing: any `data` (or none) is accepted, as the empty `Codable` struct accepts it.
    public init(payload: PayloadReader) throws(PayloadViolation) { self.init() }
    /// Writes `{}`.
    public func writePayload(to writer: inout JSONWriter) { writer.beginObject(); writer.endObject() }
    /// `{}`.
    public var maxPayloadBytes: Int? { 2 }
}

/// Engine to overlay, the reply to `get-state`:
/// `{"color": [r, g, b], "presentedColor": [r, g, b], "spinning", "angle", "frame"}`.
public struct EngineState: PayloadObject, Hashable {
    /// `state`.
    public static let type = "state"
    /// The cube's color (opaque): the model value, what the last `change-color` set.
    public var color: Color
    /// The color drawn this frame: equal to `color` unless a color animation is running.
    public var presentedColor: Color
    /// Whether the cube spins.
    public var spinning: Bool
    /// The spin angle in radians, 0..<2π.
    public var angle: Double
    /// The bus frame in which the engine answered.
    public var frame: Int

    /// Creates the state (`presentedColor` nil: the same as `color`).
    public init(color: Color, presentedColor: Color? = nil, spinning: Bool, angle: Double, frame: Int) {
        self.color = color; self.presentedColor = presentedColor ?? color
        self.spinning = spinning; self.angle = angle; self.frame = frame
    }

    /// The members in the order they are read (an absent or `null` `presentedColor` presents `color`): the one
    /// list both codings read and write.
    public static let payloadMembers = PayloadMembers<EngineState>([
        PayloadMember("color", \.color, as: RGBComponents.self),
        PayloadMember("presentedColor", \.presentedColor, as: RGBComponents.self, ifAbsent: \.color),
        PayloadMember("spinning", \.spinning),
        PayloadMember("angle", \.angle),
        PayloadMember("frame", \.frame),
    ])
    /// Black, stopped, at 0, until the payload says.
    public static var payloadTemplate: EngineState { EngineState(color: .black, spinning: false, angle: 0, frame: 0) }

    /// Color components within 0...1 and a finite angle.
    public func validate() throws(PayloadViolation) {
        try RGBComponents(color).validate(at: "data.color")
        try RGBComponents(presentedColor).validate(at: "data.presentedColor")
        guard angle.isFinite else { throw PayloadViolation(field: "data.angle", reason: "is not a finite number") }
    }
}

/// Engine to overlay, whenever the spin or the color changes: `{"spinning": Bool, "color": [r, g, b]}`.
public struct StateChanged: PayloadObject, Hashable {
    /// `state-changed`.
    public static let type = "state-changed"
    /// Whether the cube spins now.
    public var spinning: Bool
    /// The cube's color now.
    public var color: Color

    /// Creates the notification.
    public init(spinning: Bool, color: Color) { self.spinning = spinning; self.color = color }

    /// `{"spinning": Bool, "color": [r, g, b]}`, read in that order: the one list both codings read and write.
    public static let payloadMembers = PayloadMembers<StateChanged>([
        PayloadMember("spinning", \.spinning),
        PayloadMember("color", \.color, as: RGBComponents.self),
    ])
    /// Stopped and black, until the payload says.
    public static var payloadTemplate: StateChanged { StateChanged(spinning: false, color: .black) }

    /// Color components within 0...1.
    public func validate() throws(PayloadViolation) { try RGBComponents(color).validate(at: "data.color") }
}

/// `[r, g, b]` on the wire: exactly three numbers.
struct RGBComponents: PayloadWireForm, Hashable {
    var r: Double, g: Double, b: Double

    init(r: Double, g: Double, b: Double) { self.r = r; self.g = g; self.b = b }
    init(_ color: Color) { self.init(r: color.r, g: color.g, b: color.b) }
    var color: Color { Color(r: r, g: g, b: b) }
    var stored: Color { color }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.unkeyedContainer()
        try c.encode(r); try c.encode(g); try c.encode(b)
    }

    init(from decoder: any Decoder) throws {
        var c = try decoder.unkeyedContainer()
        r = try c.decode(Double.self)
        g = try c.decode(Double.self)
        b = try c.decode(Double.self)
        guard c.isAtEnd else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "expected exactly 3 components [r, g, b]"))
        }
    }

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
    func writePayload(to writer: inout JSONWriter) {
        writer.beginArray()
        writer.payloadNumber(r); writer.payloadNumber(g); writer.payloadNumber(b)
        writer.endArray()
    }

    /// `[` + three numbers + two commas + `]`.
    static let maxBytes = 4 + 3 * maxPayloadNumberBytes
    /// `maxBytes`.
    var maxPayloadBytes: Int? { Self.maxBytes }
    /// `maxBytes`.
    static var maxPayloadBytesOfAnyValue: Int? { maxBytes }

    /// Each component finite and within 0...1; the field is `path[i]`.
    func validate(at path: String) throws(PayloadViolation) {
        for (i, v) in [r, g, b].enumerated() {
            guard v.isFinite else { throw PayloadViolation(field: "\(path)[\(i)]", reason: "is not a finite number (\(v))") }
            guard (0...1).contains(v) else { throw PayloadViolation(field: "\(path)[\(i)]", reason: "= \(v) is outside 0...1") }
        }
    }
}
