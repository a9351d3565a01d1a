// Clocks and the fixed simulation step. Time is integer nanoseconds so that step counts never depend on
// how a span of time was split into frames (bit-for-bit determinism).
#if canImport(Glibc)
import Glibc
#endif

/// A monotonic time or duration in nanoseconds.
public typealias Nanoseconds = Int64

/// A source of monotonic time: the real clock in the product, a manual one in tests and replays.
public protocol MonotonicClock: AnyObject {
    /// The current time in nanoseconds since an arbitrary fixed origin.
    func now() -> Nanoseconds
}

/// The system's monotonic clock (`CLOCK_MONOTONIC`).
public final class SystemClock: MonotonicClock, @unchecked Sendable {
    /// Creates the clock.
    public init() {}
    /// Nanoseconds since boot, monotonic.
    public func now() -> Nanoseconds { SystemClock.monotonicNow() }
    /// The current `CLOCK_MONOTONIC` time in nanoseconds.
    public static func monotonicNow() -> Nanoseconds {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Nanoseconds(ts.tv_sec) * 1_000_000_000 + Nanoseconds(ts.tv_nsec)
    }
    /// The calling thread's CPU time in nanoseconds (`CLOCK_THREAD_CPUTIME_ID`): it does not advance while the thread
    /// sleeps, waits on a lock or is preempted, so a phase's share of it is the work the thread itself did.
    public static func threadCPUNow() -> Nanoseconds {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Nanoseconds(ts.tv_sec) * 1_000_000_000 + Nanoseconds(ts.tv_nsec)
    }
    /// Sleeps the calling thread for a duration (no-op for non-positive durations).
    public static func sleep(nanoseconds: Nanoseconds) {
        guard nanoseconds > 0 else { return }
        var request = timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    }
}

/// A clock that only moves when told to: tests, replays and benchmarks of logic.
public final class ManualClock: MonotonicClock {
    /// The current time.
    public var time: Nanoseconds
    /// Creates a manual clock at `start`.
    public init(start: Nanoseconds = 0) { time = start }
    /// The current time.
    public func now() -> Nanoseconds { time }
    /// Moves the clock forward.
    public func advance(by d: Nanoseconds) { time += d }
}

/// A fixed-step accumulator: turns variable frame times into a whole number of fixed simulation steps,
/// with a cap on catch-up so a long stall does not spiral, and the leftover fraction for interpolation.
public struct FixedTimestep: Sendable, Equatable {
    /// Simulation steps per second (for example 120).
    public let stepsPerSecond: Int64
    /// The most steps one frame may run; time beyond that is dropped (and counted).
    public let maxStepsPerFrame: Int
    /// Accumulated time scaled by `stepsPerSecond` (units of 1 / (1e9 * stepsPerSecond) s), so a step is exactly 1e9.
    private var scaledAccumulator: Int64 = 0
    /// Total steps taken.
    public private(set) var totalSteps: Int64 = 0
    /// Frames that hit the catch-up cap and dropped time.
    public private(set) var droppedFrames: Int = 0

    /// Creates an accumulator.
    public init(stepsPerSecond: Int = 120, maxStepsPerFrame: Int = 8) {
        precondition(stepsPerSecond > 0 && maxStepsPerFrame > 0)
        self.stepsPerSecond = Int64(stepsPerSecond)
        self.maxStepsPerFrame = maxStepsPerFrame
    }

    /// The step length in seconds, as the simulation sees it.
    public var stepSeconds: Double { 1 / Double(stepsPerSecond) }

    /// Adds a frame's elapsed time and returns how many fixed steps to run now.
    public mutating func advance(by elapsed: Nanoseconds) -> Int {
        scaledAccumulator += max(0, elapsed) * stepsPerSecond
        var steps = Int(scaledAccumulator / 1_000_000_000)
        if steps > maxStepsPerFrame {
            steps = maxStepsPerFrame
            scaledAccumulator = 0
            droppedFrames += 1
        } else {
            scaledAccumulator -= Int64(steps) * 1_000_000_000
        }
        totalSteps += Int64(steps)
        return steps
    }

    /// How far the leftover time reaches into the next step, 0..<1: the render interpolation factor.
    public var interpolation: Double { Double(scaledAccumulator) / 1_000_000_000 }
}
