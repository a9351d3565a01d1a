// The motion of a released scroll along one axis, on the spring engine's closed form (Sources/GlasspaneAnimation/
// Spring.swift): momentum is a critically damped spring whose target is where the fling comes to rest, and the
// rubber band's return is a second spring toward the edge. Positions are computed from the release, never stepped,
// so any frame split gives the same values.
import GlasspaneAnimation

/// One axis of a released scroll: a fling decelerating (momentum) or a return to an edge (rubber band).
public struct ScrollMotion: Hashable, Sendable {
    /// What the motion is doing.
    public enum Phase: String, Hashable, Sendable {
        /// Decelerating after a fling: x(t) = x0 + v0·τ·(1 − e^(−t/τ)).
        case momentum
        /// Springing back to the edge the content was pulled or flung past.
        case bounce
        /// Springing to the page or item a snapping scroll view comes to rest at (ScrollView+Snapping.swift).
        case snap
    }

    /// The phase.
    public let phase: Phase
    /// The spring that moves the offset.
    public let spring: Spring
    /// Where the spring comes to rest (offset, points).
    public let target: Double
    /// The offset minus the target at the start.
    public let startDisplacement: Double
    /// The velocity at the start, points per second (of the offset).
    public let startVelocity: Double
    /// The frame clock's time at the start.
    public let startTime: Double

    /// The deceleration time constant τ of a fling, seconds: a fling at v travels v·τ points in all.
    public static let decelerationTime = 0.325
    /// The response of the spring that brings overscrolled content back to its edge, seconds.
    public static let bounceResponse = 0.4
    /// Below this distance (points) and speed (points/s) a motion counts as settled.
    public static let restDistance = 0.5
    /// See `restDistance`.
    public static let restSpeed = 10.0
    /// The fastest fling taken, points per second (faster releases are clamped).
    public static let maximumFlingSpeed = 8000.0

    /// A fling from `offset` at `velocity`: a critically damped spring with ω = 1/τ and its target v·τ ahead,
    /// which makes the displacement a pure exponential decay (the (v0 + ω·x0)·t term is zero).
    public static func momentum(from offset: Double, velocity: Double, at time: Double) -> ScrollMotion {
        let v = min(max(velocity, -maximumFlingSpeed), maximumFlingSpeed)
        let tau = decelerationTime
        let spring = Spring(response: 2 * Double.pi * tau, dampingFraction: 1)
        return ScrollMotion(phase: .momentum, spring: spring, target: offset + v * tau,
                            startDisplacement: -v * tau, startVelocity: v, startTime: time)
    }

    /// A return from `offset` (past an edge, or flung at one) to `edge`, keeping the current velocity.
    public static func bounce(from offset: Double, velocity: Double, to edge: Double, at time: Double) -> ScrollMotion {
        let spring = Spring(response: bounceResponse, dampingFraction: 1)
        return ScrollMotion(phase: .bounce, spring: spring, target: edge, startDisplacement: offset - edge,
                            startVelocity: velocity, startTime: time)
    }

    /// The response of the spring that carries a snapping scroll to its page or item, seconds.
    public static let snapResponse = 0.45

    /// A release (or a quiet wheel) from `offset` at `velocity` carried to `target`, a page or item: a critically
    /// damped spring that keeps the release's velocity, so the content does not jump when the finger lifts.
    public static func snap(from offset: Double, velocity: Double, to target: Double, at time: Double) -> ScrollMotion {
        let v = min(max(velocity, -maximumFlingSpeed), maximumFlingSpeed)
        let spring = Spring(response: snapResponse, dampingFraction: 1)
        return ScrollMotion(phase: .snap, spring: spring, target: target, startDisplacement: offset - target,
                            startVelocity: v, startTime: time)
    }

    /// The same motion along a course moved by `distance` points (the content under it moved).
    func shifted(by distance: Double) -> ScrollMotion {
        ScrollMotion(phase: phase, spring: spring, target: target + distance, startDisplacement: startDisplacement,
                     startVelocity: startVelocity, startTime: startTime)
    }

    /// The offset at a frame-clock time.
    public func offset(at time: Double) -> Double {
        let c = spring.coefficients(at: time - startTime)
        return target + c.a * startDisplacement + c.b * startVelocity
    }

    /// The velocity (points per second) at a frame-clock time.
    public func velocity(at time: Double) -> Double {
        let c = spring.coefficients(at: time - startTime)
        return c.da * startDisplacement + c.db * startVelocity
    }

    /// True once the motion is within `restDistance` of its target and slower than `restSpeed`.
    public func isSettled(at time: Double) -> Bool {
        abs(offset(at: time) - target) < ScrollMotion.restDistance && abs(velocity(at: time)) < ScrollMotion.restSpeed
    }

    /// The displayed overscroll for a pull `distance` past an edge of a viewport `dimension` long (UIKit's rubber
    /// band: resistance grows with the distance and never reaches the dimension).
    public static func rubberBand(_ distance: Double, dimension: Double) -> Double {
        guard dimension > 0 else { return 0 }
        let c = 0.55
        let sign: Double = distance < 0 ? -1 : 1
        let d = abs(distance)
        return sign * (1 - 1 / (d * c / dimension + 1)) * dimension
    }
}
