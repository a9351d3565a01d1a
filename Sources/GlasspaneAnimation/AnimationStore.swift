// Running animations of one value type, each belonging to an owner (an index the caller chooses, such as a view's
// animation slot): rows in parallel arrays, clocks shared between rows started together, no allocation per frame
// once the arrays have grown, finished rows swap-removed. The overlay keeps one store per animatable view property.

/// Runs many animations of one value type, at most one per owner, on one clock.
///
/// An owner is a small non-negative integer chosen by the caller (the overlay uses a slot per animating view); the
/// store maps owners to rows, so rows move freely (a finished row is replaced by the last one) while owners keep
/// their number. Each row holds its target, start displacement and velocity, its current presentation and
/// velocity, its duration, and the index of its **clock**: the curve, start time, delay and speed it shares with the
/// rows started by the same transaction. `advance(to:_:)` evaluates each clock's closed-form weights once, then every
/// row with a multiply-add per component; a row finishes when its clock's local time reaches the row's own duration
/// (a spring's settling time depends on its distance). No per-row dispatch, no allocation once the arrays have grown.
///
/// Interruption follows `AnimatedValue`: `animate` on an owner that already runs starts from the row's current
/// presentation value and, for a spring, its current velocity (position and velocity continuous); a bezier curve
/// starts its whole duration from there with its own start velocity. Values are the same as `AnimatedValue`'s for
/// the same calls, bit for bit (the same closed forms, evaluated with the same arithmetic).
///
/// Limits: `maximumCount` rows and owners below `maximumOwner`; `animate` refuses (returns false) beyond them.
public struct AnimationStore<Value: Animatable> {
    /// The most rows (running animations) one store holds.
    public static var maximumCount: Int { 1 << 20 }
    /// Owners are below this number (the owner-to-row table is indexed by owner).
    public static var maximumOwner: Int { 1 << 20 }

    // MARK: Rows (one per running animation), in parallel arrays

    @usableFromInline var rowClock: [Int32] = []
    @usableFromInline var rowOwner: [Int32] = []
    /// Animation seconds from the end of the delay until the row rests at its target.
    @usableFromInline var durations: [Double] = []
    @usableFromInline var targets: [Value.AnimatableData] = []
    /// Start value minus target.
    @usableFromInline var displacements: [Value.AnimatableData] = []
    @usableFromInline var initialVelocities: [Value.AnimatableData] = []
    /// The presentation as a vector (unclamped: a color may overshoot), as of the last `advance` or `animate`.
    @usableFromInline var presented: [Value.AnimatableData] = []
    @usableFromInline var velocities: [Value.AnimatableData] = []
    /// Row of each owner, -1 when the owner has none.
    @usableFromInline var ownerRows: [Int32] = []

    // MARK: Clocks (shared by the rows one transaction started)

    /// Curve, start time, delay and speed (the `duration` field is not used: each row has its own).
    @usableFromInline var clocks: [AnimationTiming] = []
    /// Rows using each clock; 0 for a free clock.
    @usableFromInline var clockUsers: [Int32] = []
    /// True for a clock whose start time is the next `advance` (started before the first one).
    @usableFromInline var clockPending: [Bool] = []
    /// Each clock's state at the current `advance` (scratch, reused).
    @usableFromInline var clockStates: [AnimationTiming.ClockState] = []
    @usableFromInline var freeClocks: [Int32] = []
    /// The clock the last `animate` used: rows started one after another by one transaction share it.
    @usableFromInline var lastClock: Int32 = -1
    @usableFromInline var pendingClockCount = 0
    /// Rows that finished in the current `advance` (scratch, reused).
    @usableFromInline var finishedRows: [Int32] = []

    /// An empty store.
    public init() {}

    /// The number of running animations.
    @inlinable public var count: Int { rowOwner.count }
    /// The number of clocks in use (distinct start times and curves among the running animations).
    public var clockCount: Int { clocks.count - freeClocks.count }

    /// Reserves room for `capacity` animations and owners so that adding them does not allocate.
    public mutating func reserveCapacity(_ capacity: Int) {
        rowClock.reserveCapacity(capacity); rowOwner.reserveCapacity(capacity); durations.reserveCapacity(capacity)
        targets.reserveCapacity(capacity); displacements.reserveCapacity(capacity)
        initialVelocities.reserveCapacity(capacity); presented.reserveCapacity(capacity)
        velocities.reserveCapacity(capacity); ownerRows.reserveCapacity(capacity); finishedRows.reserveCapacity(capacity)
    }

    // MARK: Reading

    /// The owner's row, nil when it runs nothing here.
    @inlinable func row(of owner: Int32) -> Int? {
        let o = Int(owner)
        guard o >= 0, o < ownerRows.count else { return nil }
        let r = ownerRows[o]
        return r >= 0 ? Int(r) : nil
    }

    /// True while the owner has a running animation.
    @inlinable public func isRunning(_ owner: Int32) -> Bool { row(of: owner) != nil }

    /// The owner's presentation value as a vector (unclamped), nil when it runs nothing.
    @inlinable public func presentation(of owner: Int32) -> Value.AnimatableData? {
        row(of: owner).map { presented[$0] }
    }

    /// The owner's velocity (units per clock second), nil when it runs nothing.
    @inlinable public func velocity(of owner: Int32) -> Value.AnimatableData? {
        row(of: owner).map { velocities[$0] }
    }

    // MARK: Starting, retargeting, stopping

    /// Animates `owner` to `target`. When the owner runs nothing, the move starts from `current` (the value shown
    /// now); when it runs, from its presentation and (a spring) its velocity. `time` is the clock's current time, or
    /// nil before the first `advance` (the animation then starts at that advance). Returns true when the owner runs
    /// afterwards: false when there is nothing to move (the presentation already equals the target, so the
    /// owner's row is dropped), or when the store is full or the owner out of range (apply the change at once).
    @discardableResult
    public mutating func animate(_ owner: Int32, from current: Value, to target: Value, animation: Animation,
                                 at time: Double?) -> Bool {
        guard owner >= 0, Int(owner) < Self.maximumOwner else { return false }
        let existing = row(of: owner)
        guard existing != nil || count < Self.maximumCount else { return false }
        let t = target.animatableData
        let start = existing.map { presented[$0] } ?? current.animatableData
        // A spring starts with the carried velocity (or its own initial velocity from rest); a curve with its own.
        var v0 = Value.AnimatableData.zero
        if case let .spring(spring) = animation.curve {
            v0 = existing.map { velocities[$0] } ?? (t - start).scaled(by: spring.initialVelocity)
        }
        let displacement = start - t
        let timing = AnimationTiming(animation: animation, startTime: time ?? 0, distance: displacement.magnitude,
                                     velocityMagnitude: v0.magnitude)
        guard timing.duration > 0 else {
            if let existing { removeRow(existing) }
            return false
        }
        // The state at the start instant: the start value exactly, and the curve's start velocity (a spring's v0).
        let velocityNow = time.map { now -> Value.AnimatableData in
            let w = timing.weights(at: now)
            return Value.AnimatableData.combine(w.da, displacement, w.db, v0)
        } ?? v0
        let clock = acquireClock(timing, pending: time == nil)
        if let r = existing {
            releaseClock(rowClock[r])
            rowClock[r] = clock; durations[r] = timing.duration; targets[r] = t; displacements[r] = displacement
            initialVelocities[r] = v0; presented[r] = start; velocities[r] = velocityNow
        } else {
            let o = Int(owner)
            if o >= ownerRows.count { ownerRows.append(contentsOf: repeatElement(-1, count: o + 1 - ownerRows.count)) }
            ownerRows[o] = Int32(count)
            rowClock.append(clock); rowOwner.append(owner); durations.append(timing.duration); targets.append(t)
            displacements.append(displacement); initialVelocities.append(v0); presented.append(start)
            velocities.append(velocityNow)
        }
        return true
    }

    /// Stops the owner's animation where it is (the caller shows its model value). Returns true when one ran.
    @discardableResult
    public mutating func remove(_ owner: Int32) -> Bool {
        guard let r = row(of: owner) else { return false }
        removeRow(r)
        return true
    }

    /// Removes a row by moving the last row into its place (and fixing that row's owner entry).
    @usableFromInline mutating func removeRow(_ r: Int) {
        releaseClock(rowClock[r])
        ownerRows[Int(rowOwner[r])] = -1
        let last = count - 1
        if r != last {
            rowClock[r] = rowClock[last]; rowOwner[r] = rowOwner[last]; durations[r] = durations[last]
            targets[r] = targets[last]; displacements[r] = displacements[last]
            initialVelocities[r] = initialVelocities[last]; presented[r] = presented[last]
            velocities[r] = velocities[last]
            ownerRows[Int(rowOwner[r])] = Int32(r)
        }
        rowClock.removeLast(); rowOwner.removeLast(); durations.removeLast(); targets.removeLast()
        displacements.removeLast(); initialVelocities.removeLast(); presented.removeLast(); velocities.removeLast()
    }

    /// The clock for a new row: the last one used when it has the same curve, start time, delay and speed (rows
    /// started by one transaction), else a new one.
    mutating func acquireClock(_ timing: AnimationTiming, pending: Bool) -> Int32 {
        if lastClock >= 0 {
            let c = Int(lastClock)
            if clockUsers[c] > 0, clockPending[c] == pending, clocks[c].sharesClock(with: timing) {
                clockUsers[c] += 1
                return lastClock
            }
        }
        let c: Int
        if let free = freeClocks.popLast() {
            c = Int(free)
            clocks[c] = timing; clockUsers[c] = 1; clockPending[c] = pending
        } else {
            c = clocks.count
            clocks.append(timing); clockUsers.append(1); clockPending.append(pending); clockStates.append(.init())
        }
        if pending { pendingClockCount += 1 }
        lastClock = Int32(c)
        return Int32(c)
    }

    @usableFromInline mutating func releaseClock(_ clock: Int32) {
        let c = Int(clock)
        clockUsers[c] -= 1
        guard clockUsers[c] == 0 else { return }
        if clockPending[c] { clockPending[c] = false; pendingClockCount -= 1 }
        freeClocks.append(clock)
    }

    /// Gives the clocks started before the first `advance` their start time.
    @usableFromInline mutating func startPendingClocks(at time: Double) {
        for c in clocks.indices where clockPending[c] {
            clocks[c] = clocks[c].starting(at: time)
            clockPending[c] = false
        }
        pendingClockCount = 0
    }

    // MARK: Advancing

    /// Moves every row to clock time `time` and removes the rows that finished. For each row whose presentation
    /// changed or that finished, calls `report(owner, changed, finished)` (a finished row's owner runs nothing
    /// here afterwards; the callback must not use this store). Time is the caller's: pass a time no earlier than
    /// the last one.
    @inlinable
    public mutating func advance(to time: Double, _ report: (_ owner: Int32, _ changed: Bool, _ finished: Bool) -> Void) {
        if pendingClockCount > 0 { startPendingClocks(at: time) }
        let n = count
        guard n > 0 else { return }
        clocks.withUnsafeBufferPointer { clock in
            clockUsers.withUnsafeBufferPointer { users in
                clockStates.withUnsafeMutableBufferPointer { state in
                    for c in 0..<clock.count where users[c] > 0 { state[c] = clock[c].clockState(at: time) }
                }
            }
        }
        var finished = finishedRows
        finishedRows = []
        finished.removeAll(keepingCapacity: true)
        clockStates.withUnsafeBufferPointer { state in
            rowClock.withUnsafeBufferPointer { rowClock in
                rowOwner.withUnsafeBufferPointer { owner in
                    durations.withUnsafeBufferPointer { duration in
                        targets.withUnsafeBufferPointer { target in
                            displacements.withUnsafeBufferPointer { displacement in
                                initialVelocities.withUnsafeBufferPointer { v0 in
                                    presented.withUnsafeMutableBufferPointer { value in
                                        velocities.withUnsafeMutableBufferPointer { velocity in
                                            for i in 0..<n {
                                                let s = state[Int(rowClock[i])]
                                                if s.local >= duration[i] {
                                                    let changed = value[i] != target[i]
                                                    value[i] = target[i]
                                                    velocity[i] = .zero
                                                    finished.append(Int32(i))
                                                    report(owner[i], changed, true)
                                                    continue
                                                }
                                                let w = s.weights
                                                velocity[i] = Value.AnimatableData.combine(w.da, displacement[i], w.db, v0[i])
                                                // At the start instant the value is the start value exactly.
                                                if s.isAtStart { continue }
                                                let next = target[i] + Value.AnimatableData.combine(w.a, displacement[i], w.b, v0[i])
                                                if next != value[i] {
                                                    value[i] = next
                                                    report(owner[i], true, false)
                                                }
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        // Last row first: the row moved into a removed one's place is always one already kept.
        for r in finished.reversed() { removeRow(Int(r)) }
        finishedRows = finished
    }
}
