// A damped spring, solved in closed form: the displacement from the target for any time is computed directly
// from the start displacement and velocity, never by stepping, so any frame split gives the same values.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The damped harmonic oscillator m·x'' + c·x' + k·x = 0, where x is the displacement from the target.
///
/// Two equivalent forms: `response`/`dampingFraction` (the perceptual one) and `mass`/`stiffness`/`damping`
/// (the physical one), related by ωn = 2π / response, stiffness = ωn²·mass,
/// damping = dampingFraction · 2 · √(stiffness · mass). A damping ratio ζ below 1 oscillates (under-damped),
/// exactly 1 is critically damped (fastest without overshoot), above 1 creeps in (over-damped).
public struct Spring: Hashable, Sendable, CustomStringConvertible {
    /// The moving mass (kg-like units; only ratios matter).
    public let mass: Double
    /// The spring constant k.
    public let stiffness: Double
    /// The damping coefficient c.
    public let damping: Double
    /// The start velocity as a fraction of the distance per second (1 = the whole distance per second, toward the
    /// target). An interrupted animation replaces it with the velocity it had.
    public let initialVelocity: Double
    /// ωn = √(stiffness / mass), radians per second.
    public let naturalFrequency: Double
    /// ζ = damping / (2·√(stiffness·mass)).
    public let dampingRatio: Double

    /// Limits of the perceptual form: a response of 10 ms to 60 s and a damping fraction of 0.01 to 20
    /// (0 would oscillate forever).
    public static let responseRange: ClosedRange<Double> = 0.01...60
    /// See `responseRange`.
    public static let dampingFractionRange: ClosedRange<Double> = 0.01...20
    /// Limits of the physical form's mass.
    public static let massRange: ClosedRange<Double> = 0.001...1_000
    /// Limits of the physical form's stiffness.
    public static let stiffnessRange: ClosedRange<Double> = 0.001...1_000_000
    /// Limits of the physical form's damping (0 would oscillate forever).
    public static let dampingRange: ClosedRange<Double> = 0.001...1_000_000
    /// Limits of the initial velocity, in distances per second.
    public static let initialVelocityRange: ClosedRange<Double> = -1_000...1_000
    /// The default settling epsilon: the motion counts as settled once it can no longer leave a band of
    /// 0.1 % of the distance around the target.
    public static let defaultSettlingEpsilon = 0.001
    /// A spring never runs longer than this (seconds of animation time); one that would is snapped to its target.
    public static let maximumSettlingDuration = 120.0

    /// How close to 1 the damping ratio must be to use the critically damped solution (the other two lose
    /// precision there: their roots coincide).
    @usableFromInline static let criticalTolerance = 1e-6

    /// A spring from its perceptual form; out-of-range values are clamped to `responseRange` and
    /// `dampingFractionRange` (use `validated` for untrusted input).
    public init(response: Double = 0.55, dampingFraction: Double = 1, initialVelocity: Double = 0) {
        let response = Spring.clamp(response, Spring.responseRange, fallback: 0.55)
        let zeta = Spring.clamp(dampingFraction, Spring.dampingFractionRange, fallback: 1)
        let omega = 2 * Double.pi / response
        mass = 1
        stiffness = omega * omega
        damping = zeta * 2 * sqrt(stiffness * mass)
        self.initialVelocity = Spring.clamp(initialVelocity, Spring.initialVelocityRange, fallback: 0)
        naturalFrequency = omega
        dampingRatio = zeta
    }

    /// A spring from its physical form; out-of-range values are clamped to the `*Range` limits.
    public init(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double = 0) {
        self.mass = Spring.clamp(mass, Spring.massRange, fallback: 1)
        self.stiffness = Spring.clamp(stiffness, Spring.stiffnessRange, fallback: 100)
        self.damping = Spring.clamp(damping, Spring.dampingRange, fallback: 20)
        self.initialVelocity = Spring.clamp(initialVelocity, Spring.initialVelocityRange, fallback: 0)
        naturalFrequency = sqrt(self.stiffness / self.mass)
        dampingRatio = self.damping / (2 * sqrt(self.stiffness * self.mass))
    }

    /// The perceptual form, checked: throws naming the first parameter outside its limits.
    public static func validated(response: Double, dampingFraction: Double, initialVelocity: Double = 0) throws(AnimationError) -> Spring {
        try AnimationError.check("response", response, in: responseRange)
        try AnimationError.check("dampingFraction", dampingFraction, in: dampingFractionRange)
        try AnimationError.check("initialVelocity", initialVelocity, in: initialVelocityRange)
        return Spring(response: response, dampingFraction: dampingFraction, initialVelocity: initialVelocity)
    }

    /// The physical form, checked: throws naming the first parameter outside its limits.
    public static func validated(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double = 0) throws(AnimationError) -> Spring {
        try AnimationError.check("mass", mass, in: massRange)
        try AnimationError.check("stiffness", stiffness, in: stiffnessRange)
        try AnimationError.check("damping", damping, in: dampingRange)
        try AnimationError.check("initialVelocity", initialVelocity, in: initialVelocityRange)
        return Spring(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity)
    }

    private static func clamp(_ v: Double, _ range: ClosedRange<Double>, fallback: Double) -> Double {
        v.isFinite ? min(max(v, range.lowerBound), range.upperBound) : fallback
    }

    /// The perceptual form's response, 2π / ωn, in seconds.
    public var response: Double { 2 * Double.pi / naturalFrequency }

    /// Which solution the spring uses.
    public enum Regime: String, Sendable {
        /// ζ < 1: oscillates around the target with a decaying amplitude.
        case underDamped
        /// ζ = 1 (within 1e-6): the fastest approach without overshoot (from rest).
        case criticallyDamped
        /// ζ > 1: approaches without oscillating, more slowly.
        case overDamped
    }

    /// The regime for this spring's damping ratio.
    @inlinable public var regime: Regime {
        if abs(dampingRatio - 1) <= Spring.criticalTolerance { return .criticallyDamped }
        return dampingRatio < 1 ? .underDamped : .overDamped
    }

    /// `mass/stiffness/damping/v0` with the perceptual form, for logs.
    public var description: String {
        "spring(response: \(response), dampingFraction: \(dampingRatio), initialVelocity: \(initialVelocity))"
    }

    // MARK: - The closed-form solution

    /// The solution is linear in the start state: x(t) = a(t)·x0 + b(t)·v0 and x'(t) = da(t)·x0 + db(t)·v0.
    @frozen public struct Coefficients: Hashable, Sendable {
        /// Weight of the start displacement in the displacement.
        public var a: Double
        /// Weight of the start velocity in the displacement.
        public var b: Double
        /// Weight of the start displacement in the velocity.
        public var da: Double
        /// Weight of the start velocity in the velocity.
        public var db: Double
        /// Creates weights.
        @inlinable public init(a: Double, b: Double, da: Double, db: Double) { self.a = a; self.b = b; self.da = da; self.db = db }
    }

    /// The solution's weights at `t` seconds (t ≤ 0 gives the start state exactly: a = 1, db = 1).
    @inlinable public func coefficients(at t: Double) -> Coefficients {
        guard t > 0 else { return Coefficients(a: 1, b: 0, da: 0, db: 1) }
        let w = naturalFrequency, zeta = dampingRatio
        switch regime {
        case .underDamped:
            // x = e^(-ζωt)·(x0·cos ωd t + (v0 + ζω·x0)/ωd · sin ωd t)
            let wd = w * sqrt(1 - zeta * zeta)
            let decay = exp(-zeta * w * t), c = cos(wd * t), s = sin(wd * t)
            return Coefficients(
                a: decay * (c + zeta * w / wd * s),
                b: decay * s / wd,
                da: -decay * w * w / wd * s,
                db: decay * (c - zeta * w / wd * s))
        case .criticallyDamped:
            // x = (x0 + (v0 + ω·x0)·t)·e^(-ωt)
            let decay = exp(-w * t)
            return Coefficients(a: (1 + w * t) * decay, b: t * decay, da: -w * w * t * decay, db: (1 - w * t) * decay)
        case .overDamped:
            // x = c1·e^(r1 t) + c2·e^(r2 t), r1,2 = -ω(ζ ∓ √(ζ²-1))
            let root = sqrt(zeta * zeta - 1)
            let r1 = -w * (zeta - root), r2 = -w * (zeta + root)
            let e1 = exp(r1 * t), e2 = exp(r2 * t), d = r1 - r2
            return Coefficients(
                a: (r1 * e2 - r2 * e1) / d,
                b: (e1 - e2) / d,
                da: r1 * r2 * (e2 - e1) / d,
                db: (r1 * e1 - r2 * e2) / d)
        }
    }

    /// Progress from 0 (start) to 1 (target) after `t` seconds, starting with `initialVelocity`; overshoots past 1
    /// when under-damped.
    public func value(at t: Double) -> Double {
        let k = coefficients(at: t)
        return 1 - k.a + k.b * initialVelocity
    }

    /// The derivative of `value(at:)`: distances per second.
    public func velocity(at t: Double) -> Double {
        let k = coefficients(at: t)
        return -k.da + k.db * initialVelocity
    }

    /// The value after `t` seconds for a move from `start` to `target` that begins with `velocity` (units per second).
    public func value<V: VectorArithmetic>(from start: V, to target: V, initialVelocity velocity: V, at t: Double) -> V {
        let k = coefficients(at: t)
        return target + V.combine(k.a, start - target, k.b, velocity)
    }

    /// The velocity after `t` seconds for the move of `value(from:to:initialVelocity:at:)`.
    public func velocity<V: VectorArithmetic>(from start: V, to target: V, initialVelocity velocity: V, at t: Double) -> V {
        let k = coefficients(at: t)
        return V.combine(k.da, start - target, k.db, velocity)
    }

    // MARK: - Settling

    /// Seconds after which the unit move (0 to 1 with `initialVelocity`) stays within `epsilon` of the target
    /// for good: the solution's envelope, not a sample, so nothing is cut off early. Capped at
    /// `maximumSettlingDuration`.
    public func settlingDuration(epsilon: Double = Spring.defaultSettlingEpsilon) -> Double {
        settlingDuration(displacement: 1, velocity: abs(initialVelocity), tolerance: epsilon)
    }

    /// Seconds after which a move that starts `displacement` away from the target at `velocity` (both magnitudes,
    /// in any units) stays within `tolerance` of it: the first time the envelope of |x(t)| drops to `tolerance`.
    public func settlingDuration(displacement x0: Double, velocity v0: Double, tolerance: Double) -> Double {
        let x0 = abs(x0), v0 = abs(v0)
        guard tolerance > 0, tolerance.isFinite else { return Spring.maximumSettlingDuration }
        let w = naturalFrequency, zeta = dampingRatio
        let duration: Double
        switch regime {
        case .underDamped:
            // |x| ≤ e^(-ζωt)·√(x0² + c²), c = (|v0| + ζω|x0|)/ωd.
            let wd = w * sqrt(1 - zeta * zeta)
            let c = (v0 + zeta * w * x0) / wd
            let amplitude = sqrt(x0 * x0 + c * c)
            duration = amplitude <= tolerance ? 0 : log(amplitude / tolerance) / (zeta * w)
        case .criticallyDamped:
            // |x| ≤ (|x0| + (|v0| + ω|x0|)·t)·e^(-ωt), which falls after its peak.
            let c = v0 + w * x0
            let peak = c > 0 ? max(0, 1 / w - x0 / c) : 0
            duration = Spring.firstTimeBelow(tolerance, from: peak) { t in (x0 + c * t) * exp(-w * t) }
        case .overDamped:
            // |x| ≤ |c1|·e^(r1 t) + |c2|·e^(r2 t), both terms falling.
            let root = sqrt(zeta * zeta - 1)
            let r1 = -w * (zeta - root), r2 = -w * (zeta + root), d = r1 - r2
            let c1 = (v0 + abs(r2) * x0) / d, c2 = (abs(r1) * x0 + v0) / d
            duration = Spring.firstTimeBelow(tolerance, from: 0) { t in c1 * exp(r1 * t) + c2 * exp(r2 * t) }
        }
        // A relative margin of 1e-9 so that rounding in evaluating the motion cannot put the settling instant a hair
        // outside the band.
        return min(duration * (1 + 1e-9), Spring.maximumSettlingDuration)
    }

    /// The first time at or after `start` where a function that falls from `start` on is at most `tolerance`
    /// (doubling to bracket it, then 64 bisections: the result errs late by at most 2⁻⁶⁴ of the bracket).
    private static func firstTimeBelow(_ tolerance: Double, from start: Double, _ f: (Double) -> Double) -> Double {
        if f(start) <= tolerance { return start }
        var lo = start, step = 0.01, hi = start + step
        while f(hi) > tolerance {
            lo = hi
            step *= 2
            hi = start + step
            if hi > maximumSettlingDuration { return maximumSettlingDuration }
        }
        for _ in 0..<64 {
            let mid = (lo + hi) / 2
            if f(mid) > tolerance { lo = mid } else { hi = mid }
        }
        return hi
    }
}
