// The overlay's place in the frame: routing (with tracing), the per-frame update, and drawing the result.
import GlasspaneCore
import GlasspaneOverlay

/// Connects an `Overlay` to the frame loop: routes events, updates it once per frame, draws its list, and
/// measures its own phases (layout, paint, HUD) for the bench.
@MainActor
public final class OverlayStage {
    /// The overlay (layers, views, router, focus).
    public let overlay: Overlay
    /// Draws the overlay's list; nil draws nothing (logic tests, benchmarks).
    public let renderer: (any DrawListRenderer)?
    /// The performance HUD, when the app has one.
    public var hud: PerformanceHUD?
    /// Receives one line per routing decision (`--trace-routing`).
    public var trace: ((String) -> Void)?
    /// The last routing decision (tests and tools).
    public private(set) var lastDecision: RoutingDecision?
    /// CPU time of the last update's layout, paint and HUD work, in nanoseconds.
    public private(set) var lastLayoutTime: Nanoseconds = 0
    /// See `lastLayoutTime`.
    public private(set) var lastPaintTime: Nanoseconds = 0
    /// See `lastLayoutTime`.
    public private(set) var lastHUDTime: Nanoseconds = 0
    private let clock = SystemClock()

    /// Creates a stage for an overlay and its renderer.
    public init(overlay: Overlay, renderer: (any DrawListRenderer)?) {
        self.overlay = overlay
        self.renderer = renderer
    }

    /// Changes whenever any layer repainted (the sum of the layers' content versions).
    public var generation: UInt64 { overlay.layers.reduce(0) { $0 &+ $1.contentVersion } }

    /// Routes an event; true when the overlay took it (false: the engine gets it).
    public func route(_ event: InputEvent) -> Bool {
        let decision = overlay.route(event)
        lastDecision = decision
        trace?(decision.traceLine)
        return !decision.target.isEngine
    }

    /// Phase 7: follows the window size, lays out and paints what changed (the HUD first, timed on its own).
    public func update(metrics: WindowMetrics) {
        overlay.windowSize = metrics.windowSize
        var t = clock.now()
        if let hud {
            hud.position(in: metrics.windowSize)
            overlay.update(layer: hud.layer)
            let now = clock.now()
            lastHUDTime = now - t
            t = now
        }
        overlay.layoutIfNeeded()
        var now = clock.now()
        lastLayoutTime = now - t
        t = now
        overlay.paintIfNeeded()
        now = clock.now()
        lastPaintTime = now - t
    }

    /// Phase 8: draws the overlay over the scene, layer by layer (back to front), each with its own renderer, so a
    /// layer that changes every frame (the HUD) never forces a still one (the picker panel) to be redrawn.
    public func render(metrics: WindowMetrics) {
        guard let renderer else { return }
        for layer in overlay.layers where layer.visibility != .hidden {
            let key = ObjectIdentifier(layer)
            let layerRenderer: any DrawListRenderer
            if let r = layerRenderers[key] { layerRenderer = r } else {
                layerRenderer = layerRenderers.isEmpty ? renderer : renderer.makeCompanion()
                layerRenderers[key] = layerRenderer
            }
            layerRenderer.render(layer.drawList, generation: layer.contentVersion, metrics: metrics)
        }
    }

    private var layerRenderers: [ObjectIdentifier: any DrawListRenderer] = [:]

    /// The renderer drawing a layer (after the first render), for tests and tools.
    public func renderer(for layer: OverlayLayer) -> (any DrawListRenderer)? { layerRenderers[ObjectIdentifier(layer)] }
}
