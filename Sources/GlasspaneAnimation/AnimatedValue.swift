// One animatable property: the model value (what was last set, at once) and the presentation value (what is drawn
// this frame), advanced on the frame clock, with interruption that keeps position and velocity.

/// Called once when an animated change is over: `true` when the value came to rest at the model value it was
/// heading for (retargets included), `false` when a change without animation cut it off.
public typealias AnimationCompletion = (_ finished: Bool) -> Void

/// A property with a model value and a presentation value.
///
/// `set(_:animation:)` changes the model at once; with an animation the presentation then moves toward it as
/// `advance(to:)` is called with the frame clock's time (seconds, simulated: the same times give the same values
/// bit for bit). An animation starts at the last time the value was advanced to (the frame being prepared), or at
/// the first `advance` when it never was.
///
/// Interruption: a new target while an animation runs starts from the current presentation value. A spring keeps
/// the current velocity (position and velocity are continuous); a bezier curve starts its full duration from the
/// current value with its own start velocity (position is continuous, velocity is not). Setting the model value it
/// already has changes nothing.
public struct AnimatedValue<Value: Animatable> {
    /// The value last set: what layout, hit testing and logic read.
    @inlinable public var model: Value { _model }
    /// The value to draw this frame.
    @inlinable public var presentation: Value { _presentation }
    /// The presentation's velocity, in animatable units per clock second (zero when settled).
    @inlinable public var velocity: Value.AnimatableData { _velocity }
    /// The last clock time this value was advanced to; nil before the first `advance`.
    @inlinable public var time: Double? { _time }

    // Storage, visible to the inlinable `set` and `advance` so that clients get them specialized for their value type.
    @usableFromInline var _model: Value
    @usableFromInline var _presentation: Value
    @usableFromInline var _velocity: Value.AnimatableData = .zero
    @usableFromInline var _time: Double?

    /// The running animation: where it started (displacement from the target and velocity) and its clock.
    @usableFromInline struct Run {
        @usableFromInline var timing: AnimationTiming?
        @usableFromInline var pending: Animation?
        @usableFromInline var start: Value.AnimatableData
        @usableFromInline var displacement: Value.AnimatableData
        @usableFromInline var initialVelocity: Value.AnimatableData
        @usableFromInline var target: Value.AnimatableData
        @usableFromInline init(timing: AnimationTiming?, pending: Animation?, start: Value.AnimatableData,
                               displacement: Value.AnimatableData, initialVelocity: Value.AnimatableData, target: Value.AnimatableData) {
            self.timing = timing; self.pending = pending; self.start = start; self.displacement = displacement
            self.initialVelocity = initialVelocity; self.target = target
        }
    }
    @usableFromInline var run: Run?
    /// Completions waiting for the running animation.
    @usableFromInline var completions: [AnimationCompletion] = []
    /// Completions to run at the next `advance`, with what they report.
    @usableFromInline var due: [(completion: AnimationCompletion, finished: Bool)] = []

    /// A settled value; `time` is the clock's current time when known (an animation set before the first
    /// `advance` then starts at `time` rather than at that advance).
    public init(_ value: Value, time: Double? = nil) {
        _model = value
        _presentation = value
        _time = time
    }

    /// True when no animation runs: the presentation equals the model.
    @inlinable public var isSettled: Bool { run == nil }

    /// The running animation's timing, nil when settled or not started yet.
    public var timing: AnimationTiming? { run?.timing }

    /// Sets the model value with the current transaction's animation (`withAnimation`), or at once outside one.
    @inlinable
    public mutating func set(_ newValue: Value, completion: AnimationCompletion? = nil) {
        set(newValue, animation: Transaction.currentAnimation, completion: completion)
    }

    /// Sets the model value; `animation` nil applies it to the presentation at once (cutting off a running animation).
    /// `completion` runs inside a later `advance` (see `AnimationCompletion`). Inlinable like `advance`: compiled
    /// once generically, each call looked up the value type's metadata (a dragged frame sets the cube's color).
    @inlinable
    public mutating func set(_ newValue: Value, animation: Animation?, completion: AnimationCompletion? = nil) {
        if newValue == model {
            // Nothing changes: the completion waits for the running animation, or reports at the next advance.
            if let completion { if run != nil { completions.append(completion) } else { due.append((completion, true)) } }
            return
        }
        _model = newValue
        guard let animation else {
            _presentation = newValue
            _velocity = .zero
            if run != nil {
                run = nil
                for c in completions { due.append((c, false)) }
                completions.removeAll()
            }
            if let completion { due.append((completion, true)) }
            return
        }
        let target = newValue.animatableData
        let start = currentState()
        let carried = run != nil
        // A spring starts with the carried velocity (or its own initial velocity from rest); a curve with its own.
        var startVelocity = Value.AnimatableData.zero
        if case let .spring(spring) = animation.curve {
            startVelocity = carried ? start.velocity : (target - start.value).scaled(by: spring.initialVelocity)
        }
        var next = Run(timing: nil, pending: animation, start: start.value, displacement: start.value - target,
                       initialVelocity: startVelocity, target: target)
        if let time { next.timing = Self.timing(animation, at: time, displacement: next.displacement, velocity: startVelocity); next.pending = nil }
        run = next
        if let completion { completions.append(completion) }
    }

    @usableFromInline static func timing(_ animation: Animation, at time: Double, displacement: Value.AnimatableData,
                               velocity: Value.AnimatableData) -> AnimationTiming {
        AnimationTiming(animation: animation, startTime: time, distance: displacement.magnitude,
                        velocityMagnitude: velocity.magnitude)
    }

    /// The presentation state at the last advanced time, unclamped (a color's vector may overshoot 0...1).
    @inlinable func currentState() -> (value: Value.AnimatableData, velocity: Value.AnimatableData) {
        guard let run else { return (presentation.animatableData, .zero) }
        // Not started, or no time has passed since: the start state exactly (so two retargets in one frame equal one).
        guard let timing = run.timing, let time = _time else { return (run.start, run.initialVelocity) }
        let w = timing.weights(at: time)
        if time <= timing.startTime {
            return (run.start, Value.AnimatableData.combine(w.da, run.displacement, w.db, run.initialVelocity))
        }
        if w.finished { return (run.target, .zero) }
        return (run.target + Value.AnimatableData.combine(w.a, run.displacement, w.b, run.initialVelocity),
                Value.AnimatableData.combine(w.da, run.displacement, w.db, run.initialVelocity))
    }

    /// Moves the presentation to clock time `time` (seconds; a time earlier than the last one is treated as the
    /// last one). Runs completions that became due. Returns true when the presentation value changed.
    @inlinable @discardableResult
    public mutating func advance(to time: Double) -> Bool {
        let now = max(time, _time ?? time)
        self._time = now
        defer { runDueCompletions() }
        guard var current = run else { return false }
        if current.timing == nil, let pending = current.pending {
            current.timing = Self.timing(pending, at: now, displacement: current.displacement, velocity: current.initialVelocity)
            current.pending = nil
            run = current
        }
        let old = presentation
        let state = currentState()
        if let timing = current.timing, timing.weights(at: now).finished {
            _presentation = model
            _velocity = .zero
            run = nil
            for c in completions { due.append((c, true)) }
            completions.removeAll()
        } else {
            _presentation = Value(animatableData: state.value)
            _velocity = state.velocity
        }
        return presentation != old
    }

    @usableFromInline mutating func runDueCompletions() {
        guard !due.isEmpty else { return }
        let ready = due
        due.removeAll()
        for entry in ready { entry.completion(entry.finished) }
    }
}
