// Message catalog v1 between the overlay and the engine (docs/messages.md has the JSON of each).
import GlasspaneBus
import GlasspaneCore

/// Overlay to engine: recolor the cube. Wire form: `{"type": "change-color", "data": [r, g, b]}`, each 0...1, or
/// with an animation `{"type": "change-color", "data": {"color": [r, g, b], "animation": {...}}}` (`MessageAnimation`).
public struct ChangeColor: BusMessage, Hashable {
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

    // The animated form is an object; the plain form stays the array, so messages without an animation keep their bytes.
    private enum CodingKeys: String, CodingKey, CaseIterable { case color, animation }
    /// Encodes as `[r, g, b]`, or `{"color": [r, g, b], "animation": ...}` with an animation.
    public func encode(to encoder: any Encoder) throws {
        guard let animation else { return try RGBComponents(r: r, g: g, b: b).encode(to: encoder) }
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(RGBComponents(r: r, g: g, b: b), forKey: .color)
        try c.encode(animation, forKey: .animation)
    }
    /// Decodes exactly three numbers, or an object with `color` and an optional `animation` (nothing else).
    public init(from decoder: any Decoder) throws {
        guard let c = try? decoder.container(keyedBy: AnyKey.self) else {
            let rgb = try RGBComponents(from: decoder)
            self.init(r: rgb.r, g: rgb.g, b: rgb.b)
            return
        }
        if let unknown = c.allKeys.map(\.stringValue).sorted().first(where: { CodingKeys(rawValue: $0) == nil }) {
            throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath, debugDescription: Self.unknownMember(unknown)))
        }
        let rgb = try c.decode(RGBComponents.self, forKey: AnyKey(CodingKeys.color.rawValue))
        self.init(r: rgb.r, g: rgb.g, b: rgb.b,
                  animation: try c.decodeIfPresent(MessageAnimation.self, forKey: AnyKey(CodingKeys.animation.rawValue)))
        isPlainObjectForm = animation == nil
    }
    /// Why an object form with a member other than `color` and `animation` is refused (both decoders say it).
    static func unknownMember(_ unknown: String) -> String { "unknown member \"\(unknown)\" (expected color, animation)" }
    /// Set when decoded from the object form without an animation (`{"color": [r, g, b]}`), so validation names
    /// `data.color[i]` rather than `data[i]`; with an animation, `animation != nil` says so. Set by both decoders
    /// (`init(from:)` here, `init(payload:)` in EngineMessageCodecs.swift) and cleared by any change, so a value
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

/// Any member name, so a decoder can list the members it did not expect.
struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ s: String) { stringValue = s }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// Overlay to engine: start or stop the spin. Wire form: `{"type": "set-spin", "data": {"spinning": true}}`.
public struct SetSpin: BusMessage, Hashable {
    /// `set-spin`.
    public static let type = "set-spin"
    /// Whether the cube should spin.
    public var spinning: Bool
    /// Creates the message.
    public init(spinning: Bool) { self.spinning = spinning }
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

/// Engine to overlay, the reply to `get-state`:
/// `{"color": [r, g, b], "presentedColor": [r, g, b], "spinning", "angle", "frame"}`.
public struct EngineState: BusMessage, Hashable {
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

    private enum CodingKeys: String, CodingKey { case color, presentedColor, spinning, angle, frame }
    /// Encodes with the colors as `[r, g, b]`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(RGBComponents(color), forKey: .color)
        try c.encode(RGBComponents(presentedColor), forKey: .presentedColor)
        try c.encode(spinning, forKey: .spinning)
        try c.encode(angle, forKey: .angle)
        try c.encode(frame, forKey: .frame)
    }
    /// Decodes with the colors as `[r, g, b]`; a reply without `presentedColor` presents `color`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        color = try c.decode(RGBComponents.self, forKey: .color).color
        presentedColor = try c.decodeIfPresent(RGBComponents.self, forKey: .presentedColor)?.color ?? color
        spinning = try c.decode(Bool.self, forKey: .spinning)
        angle = try c.decode(Double.self, forKey: .angle)
        frame = try c.decode(Int.self, forKey: .frame)
    }
    /// Color components within 0...1 and a finite angle.
    public func validate() throws(PayloadViolation) {
        try RGBComponents(color).validate(at: "data.color")
        try RGBComponents(presentedColor).validate(at: "data.presentedColor")
        guard angle.isFinite else { throw PayloadViolation(field: "data.angle", reason: "is not a finite number") }
    }
}

/// Engine to overlay, whenever the spin or the color changes: `{"spinning": Bool, "color": [r, g, b]}`.
public struct StateChanged: BusMessage, Hashable {
    /// `state-changed`.
    public static let type = "state-changed"
    /// Whether the cube spins now.
    public var spinning: Bool
    /// The cube's color now.
    public var color: Color

    /// Creates the notification.
    public init(spinning: Bool, color: Color) { self.spinning = spinning; self.color = color }

    private enum CodingKeys: String, CodingKey { case spinning, color }
    /// Encodes with the color as `[r, g, b]`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(spinning, forKey: .spinning)
        try c.encode(RGBComponents(color), forKey: .color)
    }
    /// Decodes with the color as `[r, g, b]`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        spinning = try c.decode(Bool.self, forKey: .spinning)
        color = try c.decode(RGBComponents.self, forKey: .color).color
    }
    /// Color components within 0...1.
    public func validate() throws(PayloadViolation) { try RGBComponents(color).validate(at: "data.color") }
}

/// `[r, g, b]` on the wire: exactly three numbers.
struct RGBComponents: Codable, Hashable {
    var r: Double, g: Double, b: Double

    init(r: Double, g: Double, b: Double) { self.r = r; self.g = g; self.b = b }
    init(_ color: Color) { self.init(r: color.r, g: color.g, b: color.b) }
    var color: Color { Color(r: r, g: g, b: b) }

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

    /// Each component finite and within 0...1; the field is `path[i]`.
    func validate(at path: String) throws(PayloadViolation) {
        for (i, v) in [r, g, b].enumerated() {
            guard v.isFinite else { throw PayloadViolation(field: "\(path)[\(i)]", reason: "is not a finite number (\(v))") }
            guard (0...1).contains(v) else { throw PayloadViolation(field: "\(path)[\(i)]", reason: "= \(v) is outside 0...1") }
        }
    }
}
