// The overlay's place in the frame: routing (with tracing), the per-frame update, and drawing the result.
import GlasspaneCore
import GlasspaneOverlay

/// Connects an `Overlay` to the frame loop: routes events, updates it once per frame, draws its list.
@MainActor
public final class OverlayStage {
    /// The overlay (layers, views, router, focus).
    public let overlay: Overlay
    /// Draws the overlay's list; nil draws nothing (logic tests, benchmarks).
    public let renderer: (any DrawListRenderer)?
    /// Receives one line per routing decision (`--trace-routing`).
    public var trace: ((String) -> Void)?
    /// Changes whenever the draw list changed, so the renderer can reuse its cached vertices otherwise.
    public private(set) var generation: UInt64 = 0
    /// The last routing decision (tests and tools).
    public private(set) var lastDecision: RoutingDecision?

    /// Creates a stage for an overlay and its renderer.
    public init(overlay: Overlay, renderer: (any DrawListRenderer)?) {
        self.overlay = overlay
        self.renderer = renderer
    }

    /// Routes an event; true when the overlay took it (false: the engine gets it).
    public func route(_ event: InputEvent) -> Bool {
        let decision = overlay.route(event)
        lastDecision = decision
        trace?(decision.traceLine)
        return !decision.target.isEngine
    }

    /// Phase 7: follows the window size, lays out and paints what changed.
    public func update(metrics: WindowMetrics) {
        overlay.windowSize = metrics.windowSize
        if overlay.update() { generation &+= 1 }
    }

    /// Marks the list as changed without a repaint (for example when a layer was hidden).
    public func invalidateDrawList() { generation &+= 1 }

    /// Phase 8: draws the overlay over the scene.
    public func render(metrics: WindowMetrics) {
        renderer?.render(overlay.drawList, generation: generation, metrics: metrics)
    }
}
