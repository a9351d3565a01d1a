// The `animation` member a catalog message may carry (`change-color` for now): a spring in either form, a named
// curve or a cubic-bezier, with an optional delay and speed. Decoded strictly (unknown members are errors), then
// validated against GlasspaneAnimation's limits with the failing field named (docs/messages.md).
import GlasspaneAnimation
import GlasspaneBus

/// An animation as it travels on the bus. Wire forms (exactly one of `spring`, `curve`, `bezier`):
/// `{"spring": {"response": 0.4, "dampingFraction": 0.8}}`,
/// `{"spring": {"mass": 1, "stiffness": 170, "damping": 26, "initialVelocity": 0}}`,
/// `{"curve": "easeInOut", "duration": 0.3}`, `{"bezier": [x1, y1, x2, y2], "duration": 0.3}`;
/// each may add `"delay"` (seconds) and `"speed"` (a multiplier).
public struct MessageAnimation: Codable, Hashable, Sendable {
    /// The timing curve as written.
    public enum Curve: Hashable, Sendable {
        /// The perceptual spring (defaults: response 0.55 s, dampingFraction 1, initialVelocity 0).
        case spring(response: Double, dampingFraction: Double, initialVelocity: Double)
        /// The physical spring (defaults: mass 1, initialVelocity 0; stiffness and damping required).
        case physicalSpring(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double)
        /// A named curve: `linear`, `easeIn`, `easeOut` or `easeInOut`, over `duration` seconds.
        case named(String, duration: Double)
        /// Cubic-bezier control points `[x1, y1, x2, y2]` over `duration` seconds (the count is checked by `validate`).
        case bezier([Double], duration: Double)
    }

    /// The curve.
    public var curve: Curve
    /// Seconds before the value moves (0...60).
    public var delay: Double
    /// A multiplier on the animation's clock (0.01...100).
    public var speed: Double

    /// The named curves the wire accepts.
    public static let curveNames: [(name: String, curve: CubicBezier)] = [
        ("linear", .linear), ("easeIn", .easeIn), ("easeOut", .easeOut), ("easeInOut", .easeInOut),
    ]
    /// The duration of a curve that gives none, seconds.
    public static let defaultDuration = 0.35

    /// Creates a wire animation.
    public init(_ curve: Curve, delay: Double = 0, speed: Double = 1) { self.curve = curve; self.delay = delay; self.speed = speed }

    /// A perceptual spring.
    public static func spring(response: Double = 0.55, dampingFraction: Double = 1) -> MessageAnimation {
        MessageAnimation(.spring(response: response, dampingFraction: dampingFraction, initialVelocity: 0))
    }

    /// The wire form of a library animation: springs in the physical form (exact), curves as bezier control points.
    public init(_ animation: Animation) {
        switch animation.curve {
        case let .spring(s):
            curve = .physicalSpring(mass: s.mass, stiffness: s.stiffness, damping: s.damping, initialVelocity: s.initialVelocity)
        case let .bezier(b, duration):
            curve = .bezier([b.x1, b.y1, b.x2, b.y2], duration: duration)
        }
        delay = animation.delay
        speed = animation.speed
    }

    // MARK: - Validation

    /// The library animation, checked against its limits; the violation names the field under `path`
    /// (`data.animation.spring.response`, `data.animation.bezier[2]`, `data.animation.curve`).
    public func validated(at path: String) throws(PayloadViolation) -> Animation {
        // The checks that are not numeric limits first, so the numeric ones below throw only `AnimationError`.
        switch curve {
        case let .named(name, _) where !Self.curveNames.contains(where: { $0.name == name }):
            throw PayloadViolation(field: "\(path).curve", reason: "\"\(name)\" is not a curve name (expected "
                                   + Self.curveNames.map(\.name).joined(separator: ", ") + ")")
        case let .bezier(points, _) where points.count != 4:
            throw PayloadViolation(field: "\(path).bezier", reason: "has \(points.count) numbers; expected exactly 4 [x1, y1, x2, y2]")
        default: break
        }
        do throws(AnimationError) {
            let animationCurve: Animation.Curve
            switch curve {
            case let .spring(response, dampingFraction, initialVelocity):
                animationCurve = .spring(try Spring.validated(response: response, dampingFraction: dampingFraction,
                                                              initialVelocity: initialVelocity))
            case let .physicalSpring(mass, stiffness, damping, initialVelocity):
                animationCurve = .spring(try Spring.validated(mass: mass, stiffness: stiffness, damping: damping,
                                                              initialVelocity: initialVelocity))
            case let .named(name, duration):
                animationCurve = .bezier(Self.curveNames.first { $0.name == name }!.curve, duration: duration)
            case let .bezier(points, duration):
                animationCurve = .bezier(try CubicBezier.validated(x1: points[0], y1: points[1], x2: points[2], y2: points[3]),
                                         duration: duration)
            }
            return try Animation.validated(curve: animationCurve, delay: delay, speed: speed)
        } catch {
            throw violation(error, at: path)
        }
    }

    /// The library animation without checks (out-of-range values clamped): for a message that passed `validated`.
    public var animation: Animation? { try? validated(at: "data.animation") }

    /// An `AnimationError` as a violation of the field it names.
    private func violation(_ error: AnimationError, at path: String) -> PayloadViolation {
        let field: String
        switch error.parameter {
        case "response", "dampingFraction", "mass", "stiffness", "damping", "initialVelocity": field = "\(path).spring.\(error.parameter)"
        case "x1": field = "\(path).bezier[0]"
        case "y1": field = "\(path).bezier[1]"
        case "x2": field = "\(path).bezier[2]"
        case "y2": field = "\(path).bezier[3]"
        default: field = "\(path).\(error.parameter)" // duration, delay, speed
        }
        switch error {
        case let .parameterOutOfRange(_, value, allowed):
            return PayloadViolation(field: field, reason: value.isFinite
                                    ? "= \(value) is outside \(allowed.lowerBound)...\(allowed.upperBound)"
                                    : "is not a finite number (\(value))")
        case let .bezierControlXOutOfRange(_, value):
            return PayloadViolation(field: field, reason: value.isFinite
                                    ? "= \(value) is outside 0...1 (a control point's x)"
                                    : "is not a finite number (\(value))")
        }
    }

    // MARK: - Decoding (the words both decoders use: `init(from:)` below and `init(payload:)` in MessageAnimation+PayloadCoding.swift)

    /// The members an animation may have.
    static let animationMembers: Set = ["spring", "curve", "bezier", "duration", "delay", "speed"]
    /// The members a spring may have: the perceptual ones, the physical ones, and `initialVelocity`.
    static let perceptualSpringMembers: Set = ["response", "dampingFraction"], physicalSpringMembers: Set = ["mass", "stiffness", "damping"]
    /// Every member a spring may have.
    static let springMembers = perceptualSpringMembers.union(physicalSpringMembers).union(["initialVelocity"])
    /// The curve members, in the order a message names them when it has several.
    static let curveKinds = ["spring", "curve", "bezier"]

    /// `unknown member "x" of WHAT (expected ...)`.
    static func unknownMember(_ unknown: String, of what: String, allowed: Set<String>) -> String {
        "unknown member \"\(unknown)\" of \(what) (expected " + allowed.sorted().joined(separator: ", ") + ")"
    }
    /// Why an animation with `kinds` (not exactly one) is refused.
    static func wrongCurveCount(_ kinds: [String]) -> String {
        kinds.isEmpty ? "an animation needs one of spring, curve or bezier"
            : "an animation has exactly one of spring, curve or bezier (got \(kinds.joined(separator: " and ")))"
    }
    /// Why a spring with a duration is refused.
    static let springWithDuration = "a spring has no duration: it runs until it settles (see response or stiffness)"
    /// Why a spring with members of both forms is refused.
    static let mixedSpringForms = "use either response/dampingFraction or mass/stiffness/damping, not both"

    // MARK: - Codable

    /// Refuses members other than `allowed`, naming the first unknown one.
    private static func checkMembers(_ c: KeyedDecodingContainer<PayloadKey>, allowed: Set<String>, what: String) throws {
        if let unknown = c.allKeys.map(\.stringValue).sorted().first(where: { !allowed.contains($0) }) {
            throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath, debugDescription:
                unknownMember(unknown, of: what, allowed: allowed)))
        }
    }

    /// Decodes strictly: exactly one curve member, no unknown members.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: PayloadKey.self)
        try Self.checkMembers(c, allowed: Self.animationMembers, what: "an animation")
        let kinds = Self.curveKinds.filter { c.contains(PayloadKey($0)) }
        guard kinds.count == 1 else {
            throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath, debugDescription: Self.wrongCurveCount(kinds)))
        }
        func number(_ key: String, in container: KeyedDecodingContainer<PayloadKey>, default value: Double?) throws -> Double {
            if let v = try container.decodeIfPresent(Double.self, forKey: PayloadKey(key)) { return v }
            guard let value else {
                throw DecodingError.keyNotFound(PayloadKey(key), .init(codingPath: container.codingPath, debugDescription: "required"))
            }
            return value
        }
        switch kinds[0] {
        case "spring":
            if c.contains(PayloadKey("duration")) {
                throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath + [PayloadKey("duration")], debugDescription:
                    Self.springWithDuration))
            }
            let s = try c.nestedContainer(keyedBy: PayloadKey.self, forKey: PayloadKey("spring"))
            let perceptual = Self.perceptualSpringMembers, physical = Self.physicalSpringMembers
            try Self.checkMembers(s, allowed: Self.springMembers, what: "a spring")
            let keys = Set(s.allKeys.map(\.stringValue))
            if !keys.isDisjoint(with: perceptual) && !keys.isDisjoint(with: physical) {
                throw DecodingError.dataCorrupted(.init(codingPath: s.codingPath, debugDescription: Self.mixedSpringForms))
            }
            let v0 = try number("initialVelocity", in: s, default: 0)
            if keys.isDisjoint(with: physical) {
                curve = .spring(response: try number("response", in: s, default: 0.55),
                                dampingFraction: try number("dampingFraction", in: s, default: 1), initialVelocity: v0)
            } else {
                curve = .physicalSpring(mass: try number("mass", in: s, default: 1), stiffness: try number("stiffness", in: s, default: nil),
                                        damping: try number("damping", in: s, default: nil), initialVelocity: v0)
            }
        case "curve":
            curve = .named(try c.decode(String.self, forKey: PayloadKey("curve")),
                           duration: try number("duration", in: c, default: Self.defaultDuration))
        default:
            curve = .bezier(try c.decode([Double].self, forKey: PayloadKey("bezier")),
                            duration: try number("duration", in: c, default: Self.defaultDuration))
        }
        delay = try number("delay", in: c, default: 0)
        speed = try number("speed", in: c, default: 1)
    }

    /// True for the default 0 of `delay` and `initialVelocity`, which the wire form leaves out; `-0` is written
    /// (`-0`), so a value reads back with its sign and one handed over in process equals its JSON.
    static func isOmittedZero(_ x: Double) -> Bool { x == 0 && x.sign == .plus }

    /// Encodes the wire form (defaults for delay and speed left out).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: PayloadKey.self)
        switch curve {
        case let .spring(response, dampingFraction, initialVelocity):
            var s = c.nestedContainer(keyedBy: PayloadKey.self, forKey: PayloadKey("spring"))
            try s.encode(response, forKey: PayloadKey("response"))
            try s.encode(dampingFraction, forKey: PayloadKey("dampingFraction"))
            if !Self.isOmittedZero(initialVelocity) { try s.encode(initialVelocity, forKey: PayloadKey("initialVelocity")) }
        case let .physicalSpring(mass, stiffness, damping, initialVelocity):
            var s = c.nestedContainer(keyedBy: PayloadKey.self, forKey: PayloadKey("spring"))
            try s.encode(mass, forKey: PayloadKey("mass"))
            try s.encode(stiffness, forKey: PayloadKey("stiffness"))
            try s.encode(damping, forKey: PayloadKey("damping"))
            if !Self.isOmittedZero(initialVelocity) { try s.encode(initialVelocity, forKey: PayloadKey("initialVelocity")) }
        case let .named(name, duration):
            try c.encode(name, forKey: PayloadKey("curve"))
            try c.encode(duration, forKey: PayloadKey("duration"))
        case let .bezier(points, duration):
            try c.encode(points, forKey: PayloadKey("bezier"))
            try c.encode(duration, forKey: PayloadKey("duration"))
        }
        if !Self.isOmittedZero(delay) { try c.encode(delay, forKey: PayloadKey("delay")) }
        if speed != 1 { try c.encode(speed, forKey: PayloadKey("speed")) }
    }
}
