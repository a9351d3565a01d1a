// The engine's scene simulation: plain Swift, fixed-step, testable without GL.
#if canImport(Glibc)
import Glibc
#endif
import GlasspaneCore
import GlasspaneScene

/// The state of the demo scene at one simulation step. Plain values, so two of them interpolate.
public struct CubeState: Hashable, Sendable {
    /// Spin angle around the spin axis, radians, kept in 0..<2π.
    public var angle: Double
    /// Whether the cube spins.
    public var spinning: Bool
    /// The cube's base color.
    public var color: Color
    /// The camera's orbit around the cube.
    public var camera: OrbitCamera
    /// Creates a state.
    public init(angle: Double = 0.6, spinning: Bool = true, color: Color = Color(r: 0.93, g: 0.45, b: 0.16),
                camera: OrbitCamera = OrbitCamera()) {
        self.angle = angle; self.spinning = spinning; self.color = color; self.camera = camera
    }
}

/// A camera orbiting a target: yaw and pitch in radians, distance in scene units.
public struct OrbitCamera: Hashable, Sendable {
    /// Rotation around the vertical axis.
    public var yaw: Double
    /// Elevation, clamped to avoid flipping over the poles.
    public var pitch: Double
    /// Distance from the target, clamped to `distanceRange`.
    public var distance: Double
    /// The distance limits for zooming.
    public static let distanceRange: ClosedRange<Double> = 2.5...12
    /// The pitch limits.
    public static let pitchRange: ClosedRange<Double> = -1.4...1.4
    /// Creates a camera.
    public init(yaw: Double = 0, pitch: Double = 0.35, distance: Double = 5) {
        self.yaw = yaw; self.pitch = pitch; self.distance = distance
    }
    /// Orbits by a yaw and pitch delta (pitch is clamped).
    public mutating func orbit(dYaw: Double, dPitch: Double) {
        yaw += dYaw
        pitch = min(max(pitch + dPitch, Self.pitchRange.lowerBound), Self.pitchRange.upperBound)
    }
    /// Zooms by a factor (< 1 moves closer), within the distance limits.
    public mutating func zoom(by factor: Double) {
        distance = min(max(distance * factor, Self.distanceRange.lowerBound), Self.distanceRange.upperBound)
    }
    /// The eye position in scene coordinates.
    public var eye: Vec3 {
        let cp = cos(pitch)
        return Vec3(Float(distance * cp * sin(yaw)), Float(distance * sin(pitch)), Float(distance * cp * cos(yaw)))
    }
}

/// The fixed-step simulation of the demo scene: a cube spinning at a constant angular speed.
public struct CubeSimulation: Sendable {
    /// The state after the latest step.
    public private(set) var current: CubeState
    /// The state before the latest step (the render interpolates between the two).
    public private(set) var previous: CubeState
    /// Angular speed in radians per second.
    public var spinSpeed: Double
    /// Steps taken so far.
    public private(set) var stepCount: Int64 = 0

    /// Creates a simulation from an initial state.
    public init(initial: CubeState = CubeState(), spinSpeed: Double = 0.9) {
        current = initial; previous = initial; self.spinSpeed = spinSpeed
    }

    /// Advances by one fixed step of `dt` seconds.
    public mutating func step(dt: Double) {
        previous = current
        if current.spinning {
            var a = current.angle + spinSpeed * dt
            let twoPi = 2 * Double.pi
            if a >= twoPi { a -= twoPi }
            current.angle = a
        }
        stepCount += 1
    }

    /// Changes that take effect immediately (both states), so an input never interpolates from stale values.
    public mutating func mutate(_ change: (inout CubeState) -> Void) {
        change(&current)
        let angle = previous.angle
        previous = current
        previous.angle = angle
    }

    /// The state to render: angle interpolated between the last two steps by `alpha` (0...1).
    public func interpolated(_ alpha: Double) -> CubeState {
        var s = current
        var a0 = previous.angle, a1 = current.angle
        if a1 < a0 { a1 += 2 * Double.pi } // wrapped during the last step
        a0 = a0 + (a1 - a0) * min(max(alpha, 0), 1)
        s.angle = a0
        return s
    }
}

extension CubeState {
    /// The scene that shows this state: one cube spinning around a tilted axis.
    public var renderScene: RenderScene {
        let model = Mat4.rotation(angle: Float(angle), axis: Vec3(0.3, 1, 0.15)) * Mat4.scale(1.6)
        return RenderScene(eye: camera.eye, objects: [SceneObject(mesh: .cube, model: model, color: color)])
    }
}
