// `MessageAnimation`'s payload codec (`PayloadValue`): the animation is a choice of curves with rules between its
// members, not a flat list, so unlike the catalog's messages (EngineMessages.swift, one member table each) it keeps a
// hand codec beside its `Codable` form (MessageAnimation.swift). The codec reads exactly what `init(from:)` reads
// and fails with the same field and words (Tests/GlasspaneDemoTests/PayloadCodecEquivalenceTests.swift runs both
// on the same inputs); a stored property added to it needs a line in both, and that test names the type.
import GlasspaneBus
import GlasspaneCore

extension MessageAnimation: PayloadValue {
    /// Reads the wire form exactly as `init(from:)` reads it: members checked first, then exactly one curve, then
    /// the curve's members, `delay` and `speed`; a member that is `null` counts as present where `init(from:)`
    /// asks `contains` and as absent where it asks `decodeIfPresent`.
    public init(payload: PayloadReader) throws(PayloadViolation) {
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
    public func writePayload(to w: inout JSONWriter) {
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

    /// The most bytes `writePayload(to:)` writes for this value: keys and six numbers, plus the curve's name or points.
    public var maxPayloadBytes: Int? {
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
