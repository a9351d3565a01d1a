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

    /// The draw list's generation: it changes exactly when the list changed.
    public var generation: UInt64 { overlay.drawListGeneration }

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
        _ = overlay.drawList // rebuild the combined list here, so its cost counts as paint
        now = clock.now()
        lastPaintTime = now - t
    }

    /// Phase 8: draws the overlay over the scene.
    public func render(metrics: WindowMetrics) {
        renderer?.render(overlay.drawList, generation: overlay.drawListGeneration, metrics: metrics)
    }
}
