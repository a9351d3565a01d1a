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
    public var hud: PerformanceHUD? { didSet { drawnStructureVersion = nil } }
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
        // Straight to the router: `Overlay.route` only forwards (one hop fewer on every dragged frame's events).
        let decision = overlay.router.route(event)
        let taken = !decision.target.isEngine
        // Moved, not copied, into `lastDecision`: a copy retains its view and layer again (slow-path retains). Set
        // before the trace, whose observers read it (InspectorObserver).
        lastDecision = consume decision
        if let trace, let last = lastDecision { trace(last.traceLine) }
        return taken
    }

    /// Phase 8a: keeps the HUD at its corner and rebuilds its layer (nothing while it is hidden: it is placed
    /// and laid out on the first frame it shows).
    public func updateHUD(metrics: WindowMetrics) {
        guard let hud else { return }
        overlay.windowSize = metrics.windowSize
        guard hud.layer.visibility != .hidden else { return }
        hud.position(in: metrics.windowSize)
        overlay.update(layer: hud.layer)
        guard let slot = slot(creatingFor: hud.layer) else { return }
        prepare(slot, metrics: metrics)
    }

    /// Phase 8b: follows the window size and lays out what changed.
    public func layout(metrics: WindowMetrics) {
        frameMetrics = metrics
        overlay.windowSize = metrics.windowSize
        overlay.layoutIfNeeded()
    }

    /// Phase 8c: paints the layers that changed and lets their renderers prepare (re-tessellate, upload, redraw the
    /// cache); on a GPU, while it draws the scene queued in phase 7.
    public func paint() { paint(metrics: frameMetrics) }

    /// The metrics the last `layout` saw (the frame's), for `paint`.
    private var frameMetrics: WindowMetrics?

    /// Phase 8c with the frame's metrics: paints, then prepares each visible layer's renderer (not the HUD's: the
    /// `hud` phase did). An idle frame (no layer invalidated, the same metrics, no renderer with work left) reads
    /// no layer at all: after rendering, their data is cold in the cache (docs/overlay.md, "Idle frames").
    public func paint(metrics: WindowMetrics?) {
        let layersMayHaveChanged = overlay.mayNeedUpdate // read first: painting clears it
        overlay.paintIfNeeded()
        guard let metrics else { return }
        paintedSinceRender = true
        if !layersMayHaveChanged && !renderersMayHaveWork && metrics == preparedMetrics { return }
        preparedMetrics = metrics
        let slots = drawnSlots()
        for slot in slots { prepare(slot, metrics: metrics) }
        renderersMayHaveWork = false // a loop, not `contains(where:)`: main-actor closures are checked per call
        for slot in slots where slot.renderer.needsPrepareForUnchangedList { renderersMayHaveWork = true; break }
    }

    private func prepare(_ slot: LayerSlot, metrics: WindowMetrics) {
        let layer = slot.layer, version = layer.contentVersion
        // A still layer costs nothing here unless its renderer has work left (idle paint, docs/overlay.md).
        if slot.preparedVersion == version, slot.preparedMetrics == metrics, !slot.renderer.needsPrepareForUnchangedList {
            return
        }
        slot.renderer.prepare(layer.drawList, generation: version, damage: layer.lastDamage, metrics: metrics)
        slot.preparedVersion = version
        slot.preparedMetrics = metrics
    }

    /// Whether the next HUD update, layout and paint may do work: a layer changed, a renderer has work left, or
    /// the HUD is shown (it changes every frame). False on an idle frame (docs/overlay.md, "Idle frames").
    public var hasWork: Bool {
        if overlay.mayNeedUpdate || renderersMayHaveWork { return true }
        guard let hud else { return false }
        return hud.layer.visibility != .hidden
    }

    /// Pixels (top-left origin) that this frame's overlay will cover with opaque color, for the scene to leave out
    /// (`SceneRenderer.render(_:viewport:leavingOut:)`): the largest that a drawn layer's renderer reports. Known
    /// only between this frame's `paint` and `render`, the frame's order on a CPU rasterizer; nil otherwise (a GPU
    /// draws the scene before the overlay is painted).
    public var pixelsHiddenFromScene: Rect? {
        guard paintedSinceRender, let metrics = preparedMetrics else { return nil }
        var best: Rect?
        for slot in drawnSlots() where slot.preparedVersion == slot.layer.contentVersion && slot.preparedMetrics == metrics {
            guard let pixels = slot.renderer.pixelsCoveredOpaquely else { continue }
            if let b = best, b.width * b.height >= pixels.width * pixels.height { continue }
            best = pixels
        }
        return best
    }

    /// True from a `paint` until the next `render`: the drawn layers' renderers hold this frame's lists.
    private var paintedSinceRender = false

    /// The metrics of the last `paint` that looked at the layers.
    private var preparedMetrics: WindowMetrics?
    /// False only when, at the end of the last paint or render, no drawn layer's renderer had work left for an
    /// unchanged list; anything that may change that (a new HUD, a new list of drawn layers) sets it.
    private var renderersMayHaveWork = true

    /// Phases 8a-c in one call (tests and tools that do not time the parts): HUD, layout, paint.
    public func update(metrics: WindowMetrics) {
        updateHUD(metrics: metrics)
        layout(metrics: metrics)
        paint(metrics: metrics)
    }

    /// Phase 8d: draws the overlay over the scene, layer by layer (back to front), each with its own renderer, so a
    /// layer that changes every frame (the HUD) never forces a still one (the picker panel) to be redrawn. The HUD's
    /// layer is left to `renderHUD`, so its cost is timed as the `hud` phase.
    public func render(metrics: WindowMetrics) {
        paintedSinceRender = false
        var needWork = false
        for slot in drawnSlots() {
            let layer = slot.layer
            slot.renderer.render(layer.drawList, generation: layer.contentVersion, damage: layer.lastDamage, metrics: metrics)
            if slot.renderer.needsPrepareForUnchangedList { needWork = true }
        }
        renderersMayHaveWork = needWork
    }

    /// Phase 8e: draws the HUD's layer over everything else (nothing when there is no HUD or it is hidden).
    public func renderHUD(metrics: WindowMetrics) {
        guard let layer = hud?.layer, layer.visibility != .hidden, let slot = slot(creatingFor: layer) else { return }
        slot.renderer.render(layer.drawList, generation: layer.contentVersion, damage: layer.lastDamage, metrics: metrics)
    }

    /// One layer's renderer and what it was last prepared with.
    private final class LayerSlot {
        let layer: OverlayLayer
        let renderer: any DrawListRenderer
        var preparedVersion: UInt64?
        var preparedMetrics: WindowMetrics?
        init(layer: OverlayLayer, renderer: any DrawListRenderer) {
            self.layer = layer
            self.renderer = renderer
        }
    }

    /// The visible layers other than the HUD's, back to front, with their renderers: rebuilt only when the
    /// overlay's layer structure (or the HUD) changed, so a frame walks no hidden layer.
    private func drawnSlots() -> [LayerSlot] {
        if drawnStructureVersion == overlay.layerStructureVersion { return drawn }
        drawn.removeAll(keepingCapacity: true)
        // Layers that left the overlay take their renderers (and cached GL work) with them.
        let present = Set(overlay.layers.map(ObjectIdentifier.init))
        slots = slots.filter { present.contains($0.key) }
        for layer in overlay.layers where layer.visibility != .hidden && layer !== hud?.layer {
            guard let slot = slot(creatingFor: layer) else { break }
            drawn.append(slot)
        }
        drawnStructureVersion = overlay.layerStructureVersion
        renderersMayHaveWork = true
        return drawn
    }

    private var drawn: [LayerSlot] = []
    /// The structure version `drawn` was built for; nil: build it again (the HUD changed).
    private var drawnStructureVersion: UInt64?

    /// The layer's slot, its renderer made on first use (the first layer gets the stage's renderer, others
    /// companions).
    private func slot(creatingFor layer: OverlayLayer) -> LayerSlot? {
        guard let renderer else { return nil }
        let key = ObjectIdentifier(layer)
        if let slot = slots[key] { return slot }
        let made = LayerSlot(layer: layer, renderer: slots.isEmpty ? renderer : renderer.makeCompanion())
        slots[key] = made
        return made
    }

    private var slots: [ObjectIdentifier: LayerSlot] = [:]

    /// The renderer drawing a layer (after the first render), for tests and tools.
    public func renderer(for layer: OverlayLayer) -> (any DrawListRenderer)? { slots[ObjectIdentifier(layer)]?.renderer }
}
