// The engine's side of the bus: owns the simulation, answers the catalog, reports changes, handles the input
// the router gave to the engine (press toggles the spin, drag orbits, wheel zooms).
#if canImport(Glibc)
import Glibc
#endif
import GlasspaneAnimation
import GlasspaneBus
import GlasspaneCore

/// The demo engine on the bus: the cube simulation plus its message handlers and scene input.
@MainActor
public final class EngineService {
    /// The simulation (the host steps it through `step(dt:)` and renders `simulation.interpolated(_:)`).
    public private(set) var simulation: CubeSimulation
    /// The engine's endpoint.
    public let endpoint: BusEndpoint
    /// Endpoints told about `state-changed`.
    public var observers: [EndpointID]
    /// A press that moves farther than this (points) before it is released is a drag, not a tap.
    public var dragThreshold: Double = 4
    /// Camera rotation per point of drag, radians.
    public var orbitRadiansPerPoint: Double = 0.01
    /// Distance factor per wheel line (< 1: scrolling up moves closer).
    public var zoomFactorPerLine: Double = 0.9

    /// Per-frame figures for the HUD, without JSON: written in `.simulation`, read in `.animation`, `.layout`
    /// or `.render` (see `EngineFrameStats`). Keeps only the newest few frames.
    public let statsChannel: FastChannel<Double>

    /// A pointer held down on the scene.
    private struct Press {
        var start: Point
        var last: Point
        var isDrag = false
    }
    private var presses: [Int: Press] = [:]
    private var statsScratch = [Double](repeating: 0, count: 7)
    /// The cube's color: the model is `simulation.current.color`, the presentation what is rendered this frame.
    private var colorAnimation: AnimatedValue<Color>

    /// Attaches `id` to the bus, registers the catalog's handlers and, unless told not to, announces `ready`.
    public init(bus: MessageBus, simulation: CubeSimulation = CubeSimulation(), id: EndpointID = .engine,
                observers: [EndpointID] = [.overlay], announceReady: Bool = true) {
        self.simulation = simulation
        self.observers = observers
        colorAnimation = AnimatedValue(simulation.current.color)
        endpoint = bus.attach(id, ready: false)
        // The name and phases are fixed, and a fresh bus has no other channel of this name: creation cannot fail.
        statsChannel = try! bus.fastChannel(named: EngineFrameStats.channelName, of: Double.self,
                                            writePhases: [.simulation], readPhases: [.animation, .hud, .overlayLayout, .overlayPaint, .sceneRender, .overlayRender],
                                            capacity: 4, overflow: .dropOldest)
        // Weak: the bus keeps the endpoint (and these closures) alive even if the service goes away.
        endpoint.on(ChangeColor.self) { [weak self] message, _ in self?.setColor(message.color, animation: message.animation?.animation) }
        endpoint.on(SetSpin.self) { [weak self] message, _ in self?.setSpinning(message.spinning) }
        endpoint.onRequest(GetState.self) { [weak self] _, _ in
            guard let self else { throw BusError(code: .handlerFailed, message: "get-state: the engine is gone", type: GetState.type) }
            return state
        }
        if announceReady { endpoint.announceReady() }
    }

    /// Announces `ready` (when created with `announceReady: false`); messages queued so far are delivered from now on.
    public func announceReady() { endpoint.announceReady() }

    /// The state as `get-state` reports it (`EngineClient.state()` asks for it over the bus); the whole simulation
    /// state, camera included, is `simulation.current`.
    public var state: EngineState {
        let s = simulation.current
        return EngineState(color: s.color, presentedColor: presentedColor, spinning: s.spinning, angle: s.angle,
                           frame: endpoint.bus.frameIndex)
    }

    /// The color drawn this frame: the model color, or where a color animation has got to.
    public var presentedColor: Color { colorAnimation.presentation }
    /// True while the color animates toward the model color.
    public var isColorAnimating: Bool { !colorAnimation.isSettled }
    /// The presented color's velocity (linear light, premultiplied, per second of the frame clock).
    public var presentedColorVelocity: LinearColor { colorAnimation.velocity }

    /// Moves the presented color to frame-clock time `time` (simulated seconds); the host calls it once per frame
    /// in the animation phase. A color set by a message delivered earlier in the frame starts at the previous
    /// frame's time, so the frame that delivers it already shows movement.
    public func advanceAnimations(to time: Double) { colorAnimation.advance(to: time) }

    /// The state to render: the simulation interpolated by `alpha`, with the presented color.
    public func renderState(interpolation alpha: Double) -> CubeState {
        var s = simulation.interpolated(alpha)
        s.color = presentedColor
        return s
    }

    /// Advances the simulation by one fixed step of `dt` seconds.
    public func step(dt: Double) { simulation.step(dt: dt) }

    /// Streams this frame's figures to `statsChannel`; the host calls it in `.simulation` after stepping.
    public func publishFrameStats() throws(FastChannelError) {
        let s = simulation.current
        // Written into reused storage and copied into the channel's recycled arrays: no allocation per step.
        statsScratch[0] = Double(endpoint.bus.frameIndex); statsScratch[1] = Double(simulation.stepCount)
        statsScratch[2] = s.angle; statsScratch[3] = s.spinning ? 1 : 0
        statsScratch[4] = s.camera.yaw; statsScratch[5] = s.camera.pitch; statsScratch[6] = s.camera.distance
        try statsChannel.send(copying: statsScratch)
    }

    /// Sets the cube's color (alpha ignored); posts `state-changed` (the model color) when it differs. With an
    /// animation the presented color moves there on the frame clock, from where it is drawn now and, for a spring,
    /// with the velocity it has (an interrupted spring does not kink); without one it jumps.
    public func setColor(_ color: Color, animation: Animation? = nil) {
        let opaque = color.withAlpha(1)
        guard simulation.current.color != opaque else { return }
        simulation.mutate { $0.color = opaque }
        colorAnimation.set(opaque, animation: animation)
        notifyObservers()
    }

    /// Starts or stops the spin; posts `state-changed` when it differs.
    public func setSpinning(_ spinning: Bool) {
        guard simulation.current.spinning != spinning else { return }
        simulation.mutate { $0.spinning = spinning }
        notifyObservers()
    }

    /// Handles an input event the router gave to the engine.
    public func handle(_ event: InputEvent) {
        switch event {
        case .pointerDown(let p):
            presses[p.pointerID] = Press(start: p.location, last: p.location)
        case .pointerMove(let p):
            guard var press = presses[p.pointerID] else { return } // hover
            track(&press, to: p.location)
            presses[p.pointerID] = press
        case .pointerUp(let p):
            guard var press = presses.removeValue(forKey: p.pointerID) else { return }
            track(&press, to: p.location)
            if !press.isDrag { setSpinning(!simulation.current.spinning) }
        case .pointerCancel(let p):
            presses[p.pointerID] = nil
        case .wheel(_, _, let dy):
            guard dy.isFinite, dy != 0 else { return }
            let factor = pow(zoomFactorPerLine, dy)
            simulation.mutate { $0.camera.zoom(by: factor) }
        case .key, .text, .composition, .controllerButton, .controllerAxis, .controllerDevice, .resize, .quit:
            break
        }
    }

    /// Follows a held pointer: once it has moved past the threshold it is a drag and orbits the camera.
    private func track(_ press: inout Press, to location: Point) {
        if !press.isDrag {
            let d = location - press.start
            guard (d.x * d.x + d.y * d.y).squareRoot() > dragThreshold else { return }
            press.isDrag = true
        }
        let delta = location - press.last
        press.last = location
        guard delta.x != 0 || delta.y != 0 else { return }
        let k = orbitRadiansPerPoint
        simulation.mutate { $0.camera.orbit(dYaw: -delta.x * k, dPitch: delta.y * k) }
    }

    private func notifyObservers() {
        let s = simulation.current
        let message = StateChanged(spinning: s.spinning, color: s.color)
        for observer in observers { endpoint.post(message, to: observer) }
    }
}

/// The engine's per-frame figures as they travel on the fast channel: a flat `[Double]`, no JSON.
public struct EngineFrameStats: Hashable, Sendable {
    /// The fast channel's name.
    public static let channelName = "engine.stats"
    /// The bus frame.
    public var frame: Int
    /// Simulation steps so far.
    public var stepCount: Int64
    /// The spin angle, radians.
    public var angle: Double
    /// Whether the cube spins.
    public var spinning: Bool
    /// The camera.
    public var camera: OrbitCamera

    /// Creates the figures.
    public init(frame: Int, stepCount: Int64, angle: Double, spinning: Bool, camera: OrbitCamera) {
        self.frame = frame; self.stepCount = stepCount; self.angle = angle; self.spinning = spinning; self.camera = camera
    }

    /// The wire form: frame, steps, angle, spinning (0/1), yaw, pitch, distance.
    public var values: [Double] {
        [Double(frame), Double(stepCount), angle, spinning ? 1 : 0, camera.yaw, camera.pitch, camera.distance]
    }

    /// Reads the wire form; nil when it has the wrong length.
    public init?(values v: [Double]) {
        guard v.count == 7, v[0].isFinite, v[1].isFinite else { return nil }
        self.init(frame: Int(v[0]), stepCount: Int64(v[1]), angle: v[2], spinning: v[3] != 0,
                  camera: OrbitCamera(yaw: v[4], pitch: v[5], distance: v[6]))
    }
}
