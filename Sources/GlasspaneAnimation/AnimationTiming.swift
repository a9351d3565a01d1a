// One running animation's clock: when it started, its curve, delay and effective speed, and how long it runs.
// Everything that animates (`AnimatedValue`, `AnimationDriver`) evaluates its runs through this type.

/// A started animation's timing, resolved against the frame clock: evaluating it at a clock time gives the
/// weights of the closed-form solution, value = target + a·(start - target) + b·v0 and
/// velocity = da·(start - target) + db·v0, in clock seconds.
public struct AnimationTiming: Hashable, Sendable {
    /// The resolved curve.
    public enum Kind: Hashable, Sendable {
        /// A spring (its own `initialVelocity` already folded into v0).
        case spring(Spring)
        /// A bezier over a duration in animation seconds.
        case bezier(CubicBezier, duration: Double)
    }

    /// The curve.
    public let kind: Kind
    /// Clock time (seconds) at which the animation was started.
    public let startTime: Double
    /// Clock seconds of stillness before it moves (already divided by the speed).
    public let delay: Double
    /// Animation seconds per clock second: the animation's speed divided by the slow-down factor.
    public let speed: Double
    /// Animation seconds from the end of the delay until the value rests at its target.
    public let duration: Double

    /// The weights at one clock time, and whether the animation has finished.
    public struct Weights: Hashable, Sendable {
        /// Weight of (start - target) in the value.
        public var a: Double
        /// Weight of the start velocity in the value.
        public var b: Double
        /// Weight of (start - target) in the velocity.
        public var da: Double
        /// Weight of the start velocity in the velocity.
        public var db: Double
        /// The animation is over: the value is the target and the velocity zero.
        public var finished: Bool
        /// Creates weights.
        @inlinable public init(a: Double, b: Double, da: Double, db: Double, finished: Bool) {
            self.a = a; self.b = b; self.da = da; self.db = db; self.finished = finished
        }
        /// The start state exactly (a = 1, db = 1).
        public static let start = Weights(a: 1, b: 0, da: 0, db: 1, finished: false)
        /// Holding still during the delay (the start velocity applies once it ends).
        @usableFromInline static let holding = Weights(a: 1, b: 0, da: 0, db: 0, finished: false)
        /// Done.
        @usableFromInline static let done = Weights(a: 0, b: 0, da: 0, db: 0, finished: true)
    }

    /// Resolves `animation` started at `startTime` for a move of `distance` (‖target - start‖) with a start
    /// velocity of magnitude `speedOfValue` (units per clock second). A spring's length is its settling duration
    /// with `epsilon` of max(distance, speedOfValue × 1 s) as the tolerance.
    public init(animation: Animation, startTime: Double, distance: Double, velocityMagnitude speedOfValue: Double,
                slowDown: Double = AnimationSettings.slowDownFactor, epsilon: Double = Spring.defaultSettlingEpsilon) {
        self.startTime = startTime
        let speed = animation.speed / slowDown
        self.speed = speed
        self.delay = animation.delay / speed
        switch animation.curve {
        case let .spring(spring):
            kind = .spring(spring)
            let scale = max(distance, speedOfValue)
            duration = scale > 0
                ? spring.settlingDuration(displacement: distance, velocity: speedOfValue / speed, tolerance: epsilon * scale)
                : 0
        case let .bezier(curve, length):
            kind = .bezier(curve, duration: length)
            duration = distance > 0 ? length : 0
        }
    }

    /// Clock time at which the animation ends.
    public var endTime: Double { startTime + delay + duration / speed }

    /// True for a spring (it carries velocity into the next animation).
    @inlinable public var isSpring: Bool { if case .spring = kind { true } else { false } }

    /// The weights at clock time `time`. At a spring's start instant the weights are exactly the start state, so a
    /// second retarget in the same frame sees the first one's start value and velocity bit for bit.
    @inlinable
    public func weights(at time: Double) -> Weights {
        // The same arithmetic as `clockState(at:)` (rows of an `AnimationStore` and an `AnimatedValue` agree bit for
        // bit), with the end tested before the curve is evaluated: this is the per-row path of `AnimationDriver`.
        let elapsed = time - startTime
        if elapsed <= 0 {
            // A spring's start state is its start velocity; a curve (below) has its own start velocity.
            if isSpring { return .start }
            if delay > 0 { return .holding }
        }
        let local = (elapsed - delay) * speed
        if local >= duration { return .done }
        if elapsed < delay { return .holding }
        switch kind {
        case let .spring(spring):
            let k = spring.coefficients(at: local)
            return Weights(a: k.a, b: k.b / speed, da: k.da * speed, db: k.db, finished: false)
        case let .bezier(curve, length):
            let fraction = local / length
            let progress = curve.value(at: fraction)
            let rate = curve.velocity(at: fraction) / length * speed
            return Weights(a: 1 - progress, b: 0, da: -rate, db: 0, finished: false)
        }
    }

    /// The timing's state at one clock time, for any duration: what rows sharing the clock (started together, each
    /// with its own duration) need. A row has finished when `local >= ` its duration.
    public struct ClockState: Sendable {
        /// The weights, as if the animation never ended.
        public var weights: Weights
        /// Animation seconds since the delay ended; -infinity while the animation cannot end (a spring's start
        /// instant, or a delayed one that has not started).
        public var local: Double
        /// No time has passed since the start: the value is the start value exactly.
        public var isAtStart: Bool
        /// Creates a state.
        @inlinable public init(weights: Weights = .start, local: Double = -.infinity, isAtStart: Bool = true) {
            self.weights = weights; self.local = local; self.isAtStart = isAtStart
        }
    }

    /// The state at clock time `time` (see `ClockState`); `weights(at:)` is this with the duration applied
    /// (`.done` once `local >= duration`).
    @inlinable
    public func clockState(at time: Double) -> ClockState {
        let elapsed = time - startTime
        let atStart = elapsed <= 0
        if atStart {
            // A spring's start state is its start velocity; a curve (below) has its own start velocity.
            if isSpring { return ClockState(weights: .start, local: -.infinity, isAtStart: true) }
            if delay > 0 { return ClockState(weights: .holding, local: -.infinity, isAtStart: true) }
        }
        let local = (elapsed - delay) * speed
        if elapsed < delay { return ClockState(weights: .holding, local: local, isAtStart: atStart) }
        switch kind {
        case let .spring(spring):
            let k = spring.coefficients(at: local)
            return ClockState(weights: Weights(a: k.a, b: k.b / speed, da: k.da * speed, db: k.db, finished: false),
                              local: local, isAtStart: atStart)
        case let .bezier(curve, length):
            let fraction = local / length
            let progress = curve.value(at: fraction)
            let rate = curve.velocity(at: fraction) / length * speed
            return ClockState(weights: Weights(a: 1 - progress, b: 0, da: -rate, db: 0, finished: false),
                              local: local, isAtStart: atStart)
        }
    }

    /// True when both have the same curve, start time, delay and speed: rows with either can share one clock
    /// (their durations may differ).
    public func sharesClock(with other: AnimationTiming) -> Bool {
        kind == other.kind && startTime == other.startTime && delay == other.delay && speed == other.speed
    }

    /// The same timing started at another clock time.
    public func starting(at time: Double) -> AnimationTiming {
        AnimationTiming(kind: kind, startTime: time, delay: delay, speed: speed, duration: duration)
    }

    private init(kind: Kind, startTime: Double, delay: Double, speed: Double, duration: Double) {
        self.kind = kind; self.startTime = startTime; self.delay = delay; self.speed = speed; self.duration = duration
    }
}
