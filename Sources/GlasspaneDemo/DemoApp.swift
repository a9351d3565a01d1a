// The demo application: the spinning cube scene (and, layered on top, the overlay).
import GlasspaneCore
import GlasspaneEngine
import GlasspaneHost

/// The desktop demo: a lit spinning cube; Escape (when nothing in the overlay has focus) quits.
@MainActor
public final class DemoApp: HostApp {
    /// The engine's simulation.
    public private(set) var simulation: CubeSimulation
    /// Draws the scene; nil renders nothing (logic tests).
    public let sceneRenderer: (any SceneRenderer)?
    /// Set when the user asked to quit.
    public private(set) var wantsQuit = false

    /// Creates the demo with a scene renderer (the GL one in the product).
    public init(sceneRenderer: (any SceneRenderer)?, initial: CubeState = CubeState()) {
        self.sceneRenderer = sceneRenderer
        simulation = CubeSimulation(initial: initial)
    }

    /// Engine input: Escape quits.
    public func engineReceive(_ event: InputEvent) {
        if case .key(let k) = event, k.isDown, k.key == .escape { wantsQuit = true }
    }

    /// One fixed simulation step.
    public func step(dt: Double) { simulation.step(dt: dt) }

    /// Draws the interpolated scene.
    public func renderScene(interpolation alpha: Double, metrics: WindowMetrics) {
        sceneRenderer?.render(simulation.interpolated(alpha).renderScene, viewport: metrics.drawableSize)
    }
}
