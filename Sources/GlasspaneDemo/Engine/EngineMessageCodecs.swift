// The catalog's payload codecs (`PayloadCodable`): each message reads and writes its own JSON, so no message
// between the overlay and the engine goes through Foundation's coders, and in process it travels as the value.
// Each codec reads exactly what the type's `Codable` form reads and fails with the same field and words
// (Tests/GlasspaneDemoTests/PayloadCodecEquivalenceTests.swift runs both on the same inputs). A stored property
// added to a message needs a line here too; that test names the type whose properties changed.
import GlasspaneBus
import GlasspaneCore

// MARK: - change-color

extension ChangeColor: PayloadCodable {
    /// Reads exactly three numbers `[r, g, b]`, or an object with `color` (the three numbers) and an optional
    /// `animation` and nothing else, in the order `init(from:)` reads them.
    public init(payload: PayloadReader) throws(PayloadViolation) {
        guard case .object = payload.value else {
            let c = try RGBComponents(payload: payload)
            self.init(r: c.r, g: c.g, b: c.b)
            return
        }
        let object = try payload.object()
        if let unknown = object.firstUnknownMember(allowed: ["color", "animation"]) {
            throw payload.invalid(Self.unknownMember(unknown))
        }
        let c = try RGBComponents(payload: object.member("color"))
        var animation: MessageAnimation?
        if let reader = object.memberIfPresent("animation") { animation = try MessageAnimation(payload: reader) }
        self.init(r: c.r, g: c.g, b: c.b, animation: animation)
        isPlainObjectForm = animation == nil
    }
    /// Writes `[r, g, b]`, or `{"animation": {...}, "color": [r, g, b]}` (sorted keys) with an animation.
    public func writePayload(to writer: inout JSONWriter) {
        guard let animation else { return RGBComponents(r: r, g: g, b: b).write(to: &writer) }
        writer.beginObject()
        writer.key("animation"); animation.write(to: &writer)
        writer.key("color"); RGBComponents(r: r, g: g, b: b).write(to: &writer)
        writer.endObject()
    }
    /// Three numbers, plus the keys and the animation's bound with one.
    public var maxPayloadBytes: Int? {
        guard let animation else { return RGBComponents.maxBytes }
        return 24 + RGBComponents.maxBytes + animation.maxBytes
    }
}

// MARK: - animation (a member of change-color)

extension MessageAnimation {
    /// Reads the wire form exactly as `init(from:)` reads it: members checked first, then exactly one curve, then
    /// the curve's members, `delay` and `speed`; a member that is `null` counts as present where `init(from:)`
    /// asks `contains` and as absent where it asks `decodeIfPresent`.
    init(payload: PayloadReader) throws(PayloadViolation) {
        let object = try payload.object()
        if let unknown = object.firstUnknownMember(allowed: Self.animationMembers) {
            throw payload.invalid(Self.unknownMember(unknown, of: "an animation", allowed: Self.animationMembers))
        }
        let kinds = Self.curveKinds.filter { object.contains($0) }
        guard kinds.count == 1 else { throw payload.invalid(Self.wrongCurveCount(kinds)) }
        switch kinds[0] {
        case "spring":
            if object.contains("duration") {
                throw PayloadViolation(field: payload.path + ".duration", reason: "is invalid: " + Self.springWithDuration)
            }
            let springReader = try object.member("spring")
            let spring = try springReader.object()
            if let unknown = spring.firstUnknownMember(allowed: Self.springMembers) {
                throw springReader.invalid(Self.unknownMember(unknown, of: "a spring", allowed: Self.springMembers))
            }
            let perceptual = Self.perceptualSpringMembers.contains { spring.contains($0) }
            let physical = Self.physicalSpringMembers.contains { spring.contains($0) }
            if perceptual && physical { throw springReader.invalid(Self.mixedSpringForms) }
            let v0 = try spring.number("initialVelocity", default: 0)
            if !physical {
                let response = try spring.number("response", default: 0.55)
                curve = .spring(response: response, dampingFraction: try spring.number("dampingFraction", default: 1),
                                initialVelocity: v0)
            } else {
                let mass = try spring.number("mass", default: 1)
                let stiffness = try spring.number("stiffness", default: nil)
                curve = .physicalSpring(mass: mass, stiffness: stiffness, damping: try spring.number("damping", default: nil),
                                        initialVelocity: v0)
            }
        case "curve":
            let name = try object.member("curve").string()
            curve = .named(name, duration: try object.number("duration", default: Self.defaultDuration))
        default:
            var elements = try object.member("bezier").array()
            var points: [Double] = []
            while !elements.isAtEnd { points.append(try elements.nextNumber()) }
            curve = .bezier(points, duration: try object.number("duration", default: Self.defaultDuration))
        }
        delay = try object.number("delay", default: 0)
        speed = try object.number("speed", default: 1)
    }

    /// Writes what `encode(to:)` writes, keys sorted: the curve's members, `delay` unless +0, `speed` unless 1.
    func write(to w: inout JSONWriter) {
        w.beginObject()
        switch curve {
        case let .spring(response, dampingFraction, initialVelocity):
            writeDelayAndSpeed(to: &w)
            w.key("spring")
            w.beginObject()
            w.key("dampingFraction"); w.payloadNumber(dampingFraction)
            if !Self.isOmittedZero(initialVelocity) { w.key("initialVelocity"); w.payloadNumber(initialVelocity) }
            w.key("response"); w.payloadNumber(response)
            w.endObject()
        case let .physicalSpring(mass, stiffness, damping, initialVelocity):
            writeDelayAndSpeed(to: &w)
            w.key("spring")
            w.beginObject()
            w.key("damping"); w.payloadNumber(damping)
            if !Self.isOmittedZero(initialVelocity) { w.key("initialVelocity"); w.payloadNumber(initialVelocity) }
            w.key("mass"); w.payloadNumber(mass)
            w.key("stiffness"); w.payloadNumber(stiffness)
            w.endObject()
        case let .named(name, duration):
            w.key("curve"); w.string(name)
            if !Self.isOmittedZero(delay) { w.key("delay"); w.payloadNumber(delay) }
            w.key("duration"); w.payloadNumber(duration)
            if speed != 1 { w.key("speed"); w.payloadNumber(speed) }
        case let .bezier(points, duration):
            w.key("bezier")
            w.beginArray()
            for p in points { w.payloadNumber(p) }
            w.endArray()
            if !Self.isOmittedZero(delay) { w.key("delay"); w.payloadNumber(delay) }
            w.key("duration"); w.payloadNumber(duration)
            if speed != 1 { w.key("speed"); w.payloadNumber(speed) }
        }
        w.endObject()
    }

    /// `delay` and `speed` when not their defaults: before `spring` in sorted order.
    private func writeDelayAndSpeed(to w: inout JSONWriter) {
        if !Self.isOmittedZero(delay) { w.key("delay"); w.payloadNumber(delay) }
        if speed != 1 { w.key("speed"); w.payloadNumber(speed) }
    }

    /// The most bytes `write(to:)` writes for this value: keys and six numbers, plus the curve's name or points.
    var maxBytes: Int {
        let fixed = 96 + 6 * maxPayloadNumberBytes
        switch curve {
        case .spring, .physicalSpring: return fixed
        case let .named(name, _): return fixed + maxPayloadStringBytes(name)
        case let .bezier(points, _): return fixed + points.count * (maxPayloadNumberBytes + 1)
        }
    }
}

extension PayloadObjectReader {
    /// The number `key`, or `fallback` when it is absent or `null`; with no fallback that is `is missing` (what
    /// `MessageAnimation.init(from:)`'s `decodeIfPresent` with a default reports).
    fileprivate func number(_ key: String, default fallback: Double?) throws(PayloadViolation) -> Double {
        if let reader = memberIfPresent(key) { return try reader.number() }
        guard let fallback else { throw PayloadViolation(field: path + "." + key, reason: "is missing") }
        return fallback
    }
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
    public var maxPayloadBytes: Int? { 18 }
}

// MARK: - get-state

extension GetState: PayloadCodable {
    /// Reads nothing: any `data` (or none) is accepted, as the empty `Codable` struct accepts it.
    public init(payload: PayloadReader) throws(PayloadViolation) { self.init() }
    /// Writes `{}`.
    public func writePayload(to writer: inout JSONWriter) { writer.beginObject(); writer.endObject() }
    /// `{}`.
    public var maxPayloadBytes: Int? { 2 }
}

// MARK: - state

extension EngineState: PayloadCodable {
    /// Reads `{"color": [r, g, b], "presentedColor"?: [r, g, b], "spinning", "angle", "frame"}` in the order
    /// `Codable` reads it; an absent or `null` `presentedColor` presents `color`.
    public init(payload: PayloadReader) throws(PayloadViolation) {
        let members = try payload.object()
        let color = try RGBComponents(payload: members.member("color")).color
        var presentedColor = color
        if let reader = members.memberIfPresent("presentedColor") { presentedColor = try RGBComponents(payload: reader).color }
        let spinning = try members.member("spinning").bool()
        let angle = try members.member("angle").number()
        let frame = try members.member("frame").int()
        self.init(color: color, presentedColor: presentedColor, spinning: spinning, angle: angle, frame: frame)
    }
    /// Writes the members with sorted keys: `angle`, `color`, `frame`, `presentedColor`, `spinning`.
    public func writePayload(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("angle"); writer.payloadNumber(angle)
        writer.key("color"); RGBComponents(color).write(to: &writer)
        writer.key("frame"); writer.int(frame)
        writer.key("presentedColor"); RGBComponents(presentedColor).write(to: &writer)
        writer.key("spinning"); writer.bool(spinning)
        writer.endObject()
    }
    /// Keys, one number, two colors, a 20-digit integer and a boolean.
    public var maxPayloadBytes: Int? { 66 + maxPayloadNumberBytes + 2 * RGBComponents.maxBytes + 20 }
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
    public var maxPayloadBytes: Int? { 32 + RGBComponents.maxBytes }
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
