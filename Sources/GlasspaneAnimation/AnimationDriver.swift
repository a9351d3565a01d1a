// Many running animations of one value type, advanced together: flat arrays (struct of arrays), no allocation
// per frame once the arrays have grown, settled animations removed in the same pass.

/// A handle to an animation in an `AnimationDriver`; stays valid until the animation settles or is removed.
public struct AnimationHandle: Hashable, Sendable {
    /// Index into the driver's slot table.
    @usableFromInline let slot: Int32
    /// Distinguishes reuses of a slot, so a stale handle finds nothing.
    @usableFromInline let generation: UInt32
    @usableFromInline init(slot: Int32, generation: UInt32) { self.slot = slot; self.generation = generation }
}

/// Runs many animations of one value type on one clock.
///
/// Each animation is a row in parallel arrays (timing, target, start displacement, start velocity, presentation,
/// velocity). `advance(to:)` evaluates every row's closed-form weights (computed once for consecutive rows that
/// share a timing, as a group started by one transaction does), writes the presentations, and removes the rows
/// that settled by moving the last row into their place. Limit: `maximumCount` animations.
public struct AnimationDriver<Value: Animatable> {
    /// The most animations one driver holds; `add` refuses more.
    public static var maximumCount: Int { 1 << 20 }

    @usableFromInline var timings: [AnimationTiming] = []
    @usableFromInline var targets: [Value.AnimatableData] = []
    @usableFromInline var displacements: [Value.AnimatableData] = []
    @usableFromInline var initialVelocities: [Value.AnimatableData] = []
    @usableFromInline var presented: [Value.AnimatableData] = []
    @usableFromInline var velocities: [Value.AnimatableData] = []
    @usableFromInline var rowSlots: [Int32] = []
    /// Rows with the same key share a timing (added one after another with equal timings): comparing keys is
    /// cheaper than comparing timings.
    @usableFromInline var groupKeys: [UInt64] = []
    @usableFromInline var nextGroupKey: UInt64 = 0
    /// Row of each slot, -1 when free.
    @usableFromInline var slotRows: [Int32] = []
    @usableFromInline var slotGenerations: [UInt32] = []
    @usableFromInline var freeSlots: [Int32] = []
    /// Rows that finished in the current `advance`, ascending (reused, so advancing does not allocate).
    @usableFromInline var finishedRows: [Int32] = []
    /// Handles of the animations the last `advance` finished, in the order it found them.
    public var settled: [AnimationHandle] { _settled }
    @usableFromInline var _settled: [AnimationHandle] = []
    /// The clock time of the last `advance`.
    public var time: Double { _time }
    @usableFromInline var _time: Double

    /// An empty driver whose clock starts at `time`.
    public init(time: Double = 0) { _time = time }

    /// The number of running animations.
    public var count: Int { timings.count }

    /// Reserves room for `capacity` animations so that adding them does not allocate.
    public mutating func reserveCapacity(_ capacity: Int) {
        timings.reserveCapacity(capacity); targets.reserveCapacity(capacity); displacements.reserveCapacity(capacity)
        initialVelocities.reserveCapacity(capacity); presented.reserveCapacity(capacity); velocities.reserveCapacity(capacity)
        rowSlots.reserveCapacity(capacity); groupKeys.reserveCapacity(capacity); slotRows.reserveCapacity(capacity); slotGenerations.reserveCapacity(capacity)
        freeSlots.reserveCapacity(capacity); _settled.reserveCapacity(capacity); finishedRows.reserveCapacity(capacity)
    }

    /// Starts an animation from `start` (moving at `velocity`, units per second) to `target` at the driver's current
    /// time. A spring adds its own `initialVelocity` (a fraction of the distance per second). Returns nil when the
    /// driver is full or there is nothing to move.
    @discardableResult
    public mutating func add(from start: Value, to target: Value, animation: Animation,
                             velocity: Value.AnimatableData = .zero) -> AnimationHandle? {
        guard count < Self.maximumCount else { return nil }
        let s = start.animatableData, t = target.animatableData
        // A spring starts with the given velocity plus its own; a curve with its own (the argument is ignored).
        var v = Value.AnimatableData.zero
        if case let .spring(spring) = animation.curve { v = velocity + (t - s).scaled(by: spring.initialVelocity) }
        let displacement = s - t
        let timing = AnimationTiming(animation: animation, startTime: time, distance: displacement.magnitude,
                                     velocityMagnitude: v.magnitude)
        guard timing.duration > 0 else { return nil }
        let slot: Int32
        if let free = freeSlots.popLast() {
            slot = free
        } else {
            slot = Int32(slotRows.count)
            slotRows.append(-1)
            slotGenerations.append(0)
        }
        slotRows[Int(slot)] = Int32(timings.count)
        if timings.last != timing { nextGroupKey &+= 1 }
        groupKeys.append(nextGroupKey)
        timings.append(timing); targets.append(t); displacements.append(displacement); initialVelocities.append(v)
        presented.append(s); velocities.append(v); rowSlots.append(slot)
        return AnimationHandle(slot: slot, generation: slotGenerations[Int(slot)])
    }

    /// The row of a live handle.
    @inlinable func row(of handle: AnimationHandle) -> Int? {
        let slot = Int(handle.slot)
        guard slot < slotRows.count, slotGenerations[slot] == handle.generation, slotRows[slot] >= 0 else { return nil }
        return Int(slotRows[slot])
    }

    /// The presentation value of a running animation (as of the last `advance`); nil when it settled or was removed.
    @inlinable public func presentation(of handle: AnimationHandle) -> Value? {
        row(of: handle).map { Value(animatableData: presented[$0]) }
    }

    /// The velocity of a running animation (units per second); nil when it settled or was removed.
    @inlinable public func velocity(of handle: AnimationHandle) -> Value.AnimatableData? {
        row(of: handle).map { velocities[$0] }
    }

    /// Sends a running animation to a new target from its current presentation value and velocity (see
    /// `AnimatedValue` for the interruption rule). Returns the new handle, or nil when the handle is stale
    /// (the old handle becomes stale either way).
    public mutating func retarget(_ handle: AnimationHandle, to target: Value, animation: Animation) -> AnimationHandle? {
        guard let r = row(of: handle) else { return nil }
        let from = Value(animatableData: presented[r]), velocity = velocities[r]
        remove(row: r)
        // A spring carries the velocity; a bezier starts with its own (the `velocity` argument is ignored by it).
        return add(from: from, to: target, animation: animation, velocity: velocity)
    }

    /// Stops an animation where it is.
    public mutating func remove(_ handle: AnimationHandle) {
        if let r = row(of: handle) { remove(row: r) }
    }

    @usableFromInline mutating func remove(row r: Int) {
        let slot = Int(rowSlots[r])
        slotRows[slot] = -1
        slotGenerations[slot] &+= 1
        freeSlots.append(Int32(slot))
        let last = timings.count - 1
        if r != last {
            timings[r] = timings[last]; targets[r] = targets[last]; displacements[r] = displacements[last]
            initialVelocities[r] = initialVelocities[last]; presented[r] = presented[last]; velocities[r] = velocities[last]
            rowSlots[r] = rowSlots[last]; groupKeys[r] = groupKeys[last]
            slotRows[Int(rowSlots[r])] = Int32(r)
        }
        timings.removeLast(); targets.removeLast(); displacements.removeLast(); initialVelocities.removeLast()
        presented.removeLast(); velocities.removeLast(); rowSlots.removeLast(); groupKeys.removeLast()
    }

    /// Advances every animation to clock time `time` (an earlier time than the last is treated as the last) and
    /// removes the ones that finished (listed in `settled`, last row first; their handles are then stale). Returns how many still run.
    @inlinable @discardableResult
    public mutating func advance(to time: Double) -> Int {
        let now = max(time, _time)
        _time = now
        _settled.removeAll(keepingCapacity: true)
        let n = timings.count
        guard n > 0 else { return 0 }
        finishedRows.removeAll(keepingCapacity: true)
        var finished = finishedRows
        finishedRows = []
        groupKeys.withUnsafeBufferPointer { key in
            timings.withUnsafeBufferPointer { timing in
                targets.withUnsafeBufferPointer { target in
                    displacements.withUnsafeBufferPointer { displacement in
                        initialVelocities.withUnsafeBufferPointer { v0 in
                            presented.withUnsafeMutableBufferPointer { value in
                                velocities.withUnsafeMutableBufferPointer { velocity in
                                    var previous = key[0]
                                    var w = timing[0].weights(at: now)
                                    for i in 0..<n {
                                        if key[i] != previous {
                                            previous = key[i]
                                            w = timing[i].weights(at: now)
                                        }
                                        if w.finished {
                                            value[i] = target[i]
                                            velocity[i] = .zero
                                            finished.append(Int32(i))
                                        } else {
                                            value[i] = target[i] + Value.AnimatableData.combine(w.a, displacement[i], w.b, v0[i])
                                            velocity[i] = Value.AnimatableData.combine(w.da, displacement[i], w.db, v0[i])
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
        for r in finished.reversed() {
            let i = Int(r)
            _settled.append(AnimationHandle(slot: rowSlots[i], generation: slotGenerations[Int(rowSlots[i])]))
            remove(row: i)
        }
        finishedRows = finished
        return timings.count
    }
}
