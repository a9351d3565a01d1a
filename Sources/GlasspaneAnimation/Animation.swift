// What an animated change uses: a timing curve (a spring, or a cubic-bezier with a duration), a delay and a speed;
// and the process-wide slow-down factor (`--slow-animations FACTOR`).
import Synchronization

/// How a change animates: a curve plus a delay and a speed. `Animation.default` is a critically damped spring with
/// a response of 0.55 s.
public struct Animation: Hashable, Sendable, CustomStringConvertible {
    /// The timing curve.
    public enum Curve: Hashable, Sendable {
        /// A spring: runs until it settles (see `Spring.settlingDuration`), carries velocity across interruptions.
        case spring(Spring)
        /// A cubic-bezier curve over a fixed duration in seconds.
        case bezier(CubicBezier, duration: Double)
    }

    /// The timing curve.
    public var curve: Curve
    /// Seconds to wait before moving (the value holds still meanwhile).
    public var delay: Double
    /// A multiplier on the animation's own clock: 2 runs twice as fast.
    public var speed: Double

    /// Limits on a bezier duration, a delay and a speed.
    public static let durationRange: ClosedRange<Double> = 0...60
    /// See `durationRange`.
    public static let delayRange: ClosedRange<Double> = 0...60
    /// See `durationRange`.
    public static let speedRange: ClosedRange<Double> = 0.01...100

    /// Creates an animation; out-of-range values are clamped to the limits above (use `validated` for untrusted input).
    public init(curve: Curve, delay: Double = 0, speed: Double = 1) {
        if case let .bezier(bezier, duration) = curve {
            self.curve = .bezier(bezier, duration: Animation.clamp(duration, Animation.durationRange, fallback: 0.35))
        } else {
            self.curve = curve
        }
        self.delay = Animation.clamp(delay, Animation.delayRange, fallback: 0)
        self.speed = Animation.clamp(speed, Animation.speedRange, fallback: 1)
    }

    /// Creates an animation, checked: throws naming the first of duration, delay or speed outside its limits.
    public static func validated(curve: Curve, delay: Double = 0, speed: Double = 1) throws(AnimationError) -> Animation {
        if case let .bezier(_, duration) = curve { try AnimationError.check("duration", duration, in: durationRange) }
        try AnimationError.check("delay", delay, in: delayRange)
        try AnimationError.check("speed", speed, in: speedRange)
        return Animation(curve: curve, delay: delay, speed: speed)
    }

    private static func clamp(_ v: Double, _ range: ClosedRange<Double>, fallback: Double) -> Double {
        v.isFinite ? min(max(v, range.lowerBound), range.upperBound) : fallback
    }

    /// A critically damped spring with a response of 0.55 s.
    public static let `default` = Animation.spring(response: 0.55, dampingFraction: 1)

    /// A spring in its perceptual form.
    public static func spring(response: Double = 0.55, dampingFraction: Double = 1) -> Animation {
        Animation(curve: .spring(Spring(response: response, dampingFraction: dampingFraction)))
    }

    /// A spring in its physical form.
    public static func interpolatingSpring(mass: Double = 1, stiffness: Double, damping: Double, initialVelocity: Double = 0) -> Animation {
        Animation(curve: .spring(Spring(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity)))
    }

    /// Any spring.
    public static func spring(_ spring: Spring) -> Animation { Animation(curve: .spring(spring)) }

    /// A cubic-bezier curve over `duration` seconds.
    public static func timingCurve(_ curve: CubicBezier, duration: Double) -> Animation {
        Animation(curve: .bezier(curve, duration: duration))
    }

    /// CSS `linear` over `duration` seconds.
    public static func linear(duration: Double = 0.35) -> Animation { timingCurve(.linear, duration: duration) }
    /// CSS `ease-in` over `duration` seconds.
    public static func easeIn(duration: Double = 0.35) -> Animation { timingCurve(.easeIn, duration: duration) }
    /// CSS `ease-out` over `duration` seconds.
    public static func easeOut(duration: Double = 0.35) -> Animation { timingCurve(.easeOut, duration: duration) }
    /// CSS `ease-in-out` over `duration` seconds.
    public static func easeInOut(duration: Double = 0.35) -> Animation { timingCurve(.easeInOut, duration: duration) }

    /// The same animation starting `seconds` later.
    public func delay(_ seconds: Double) -> Animation { Animation(curve: curve, delay: seconds, speed: speed) }
    /// The same animation with its clock multiplied by `factor`.
    public func speed(_ factor: Double) -> Animation { Animation(curve: curve, delay: delay, speed: factor) }

    /// The curve, delay and speed, for logs.
    public var description: String {
        let base: String = switch curve {
        case let .spring(s): s.description
        case let .bezier(b, d): "\(b.description) over \(d) s"
        }
        return base + (delay != 0 ? " delay \(delay) s" : "") + (speed != 1 ? " speed \(speed)x" : "")
    }
}

/// Process-wide animation settings.
public enum AnimationSettings {
    /// Allowed slow-down factors: 0.01 (100 times faster) to 100 (100 times slower).
    public static let slowDownRange: ClosedRange<Double> = 0.01...100

    private static let slowDownBits = Atomic<UInt64>(1.0.bitPattern)

    /// Every animation started from now on runs this many times slower (1 = normal). Read once when an animation
    /// starts, so a change never makes a running one jump. A replay must use the factor the recording used.
    public static var slowDownFactor: Double {
        Double(bitPattern: slowDownBits.load(ordering: .relaxed))
    }

    /// Sets `slowDownFactor`; throws when `factor` is not finite or outside `slowDownRange`.
    public static func setSlowDownFactor(_ factor: Double) throws(AnimationError) {
        try AnimationError.check("slow-animations", factor, in: slowDownRange)
        slowDownBits.store(factor.bitPattern, ordering: .relaxed)
    }
}
