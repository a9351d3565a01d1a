// The overlay's place in the frame: routing (with tracing), the per-frame update, and drawing the result.
import GlasspaneCore
import GlasspaneOverlay

/// Connects an `Overlay` to the frame loop: routes events, lays it out and paints it once per frame (the loop times
/// each of those phases), and draws its layers.
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

    /// Phase 7a: keeps the HUD at its corner and rebuilds its layer.
    public func updateHUD(metrics: WindowMetrics) {
        guard let hud else { return }
        overlay.windowSize = metrics.windowSize
        hud.position(in: metrics.windowSize)
        overlay.update(layer: hud.layer)
        if hud.layer.visibility != .hidden { prepare(hud.layer, metrics: metrics) }
    }

    /// Phase 7b: follows the window size and lays out what changed.
    public func layout(metrics: WindowMetrics) {
        frameMetrics = metrics
        overlay.windowSize = metrics.windowSize
        overlay.layoutIfNeeded()
    }

    /// Phase 7c: paints the layers that changed and lets their renderers do the work that can precede the scene.
    public func paint() { paint(metrics: frameMetrics) }

    /// The metrics the last `layout` saw (the frame's), for `paint`.
    private var frameMetrics: WindowMetrics?

    /// Phase 7c with the frame's metrics: paints, then prepares each visible layer's renderer (not the HUD's: the
    /// `hud` phase did).
    public func paint(metrics: WindowMetrics?) {
        overlay.paintIfNeeded()
        guard let metrics else { return }
        for layer in overlay.layers where layer.visibility != .hidden && layer !== hud?.layer {
            prepare(layer, metrics: metrics)
        }
    }

    private func prepare(_ layer: OverlayLayer, metrics: WindowMetrics) {
        guard let layerRenderer = renderer(creatingFor: layer) else { return }
        let key = ObjectIdentifier(layer)
        // A still layer costs nothing here unless its renderer has work left (idle paint, docs/overlay.md).
        if let last = preparedVersions[key], last.version == layer.contentVersion, last.metrics == metrics,
           !layerRenderer.needsPrepareForUnchangedList {
            return
        }
        layerRenderer.prepare(layer.drawList, generation: layer.contentVersion, damage: layer.lastDamage, metrics: metrics)
        preparedVersions[key] = (layer.contentVersion, metrics)
    }

    /// The content version and metrics each layer's renderer was last prepared with.
    private var preparedVersions: [ObjectIdentifier: (version: UInt64, metrics: WindowMetrics)] = [:]

    /// Phase 7 in one call (tests and tools that do not time the parts): HUD, layout, paint.
    public func update(metrics: WindowMetrics) {
        updateHUD(metrics: metrics)
        layout(metrics: metrics)
        paint(metrics: metrics)
    }

    /// Phase 8: draws the overlay over the scene, layer by layer (back to front), each with its own renderer, so a
    /// layer that changes every frame (the HUD) never forces a still one (the picker panel) to be redrawn. The HUD's
    /// layer is left to `renderHUD`, so its cost is timed as the `hud` phase.
    public func render(metrics: WindowMetrics) {
        for layer in overlay.layers where layer.visibility != .hidden && layer !== hud?.layer {
            guard let layerRenderer = renderer(creatingFor: layer) else { return }
            layerRenderer.render(layer.drawList, generation: layer.contentVersion, damage: layer.lastDamage, metrics: metrics)
        }
    }

    /// Phase 8c: draws the HUD's layer over everything else (nothing when there is no HUD or it is hidden).
    public func renderHUD(metrics: WindowMetrics) {
        guard let layer = hud?.layer, layer.visibility != .hidden, let layerRenderer = renderer(creatingFor: layer) else { return }
        layerRenderer.render(layer.drawList, generation: layer.contentVersion, damage: layer.lastDamage, metrics: metrics)
    }

    /// The layer's renderer, made on first use (the first layer gets the stage's renderer, others companions).
    private func renderer(creatingFor layer: OverlayLayer) -> (any DrawListRenderer)? {
        guard let renderer else { return nil }
        let key = ObjectIdentifier(layer)
        if let r = layerRenderers[key] { return r }
        let made = layerRenderers.isEmpty ? renderer : renderer.makeCompanion()
        layerRenderers[key] = made
        return made
    }

    private var layerRenderers: [ObjectIdentifier: any DrawListRenderer] = [:]

    /// The renderer drawing a layer (after the first render), for tests and tools.
    public func renderer(for layer: OverlayLayer) -> (any DrawListRenderer)? { layerRenderers[ObjectIdentifier(layer)] }
}
