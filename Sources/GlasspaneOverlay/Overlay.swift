// The overlay: layers ordered by level, the window size, keyboard focus, the event router, and the per-frame
// update (layout, then paint) that does nothing while nothing changed.
import GlasspaneCore

/// Every overlay layer of one window, the router that decides who gets each input event, and keyboard focus.
///
/// Per frame the host calls `route(_:)` for each event (delivering the engine-bound ones itself), then
/// `update()`, then draws each visible layer's `drawList` over the scene (each layer has its own renderer and cache).
public final class Overlay {
    /// Layers back to front (ascending level; equal levels keep insertion order).
    public private(set) var layers: [OverlayLayer] = []
    /// The window size in points; setting it resizes every layer's root.
    public var windowSize: Size {
        didSet { if windowSize != oldValue { for layer in layers { layer.setWindowSize(windowSize) } } }
    }
    /// Text measurement handed to every layer added from now on.
    public let fonts: any FontMetrics
    /// Routes input events (see docs/routing.md).
    public private(set) lazy var router = EventRouter(overlay: self)
    /// The view with keyboard focus, if any.
    public private(set) weak var focusedView: View?
    /// Where text fields copy to and paste from: the host sets the system clipboard (`SDLClipboard`); in memory by default.
    public var clipboard: any TextClipboard = InMemoryClipboard()
    /// True while the focused view takes typed text (a text field): the host turns the platform's text input on
    /// only then (`PlatformBackend.textInputActive`).
    public var wantsTextInput: Bool { focusedView?.acceptsTextInput ?? false }


    /// The frame clock's time at the last `advanceAnimations(to:)` (seconds, simulated); nil before the first.
    /// Animations set between two calls start at this time.
    public private(set) var animationTime: Double?
    /// Views with a running property animation (each once; see `View.isInAnimationList`).
    private var animatingViews: [View] = []

    /// Creates an overlay for a window size, measuring text with `fonts`.
    public init(windowSize: Size, fonts: any FontMetrics = MonospaceFontMetrics()) {
        self.windowSize = windowSize
        self.fonts = fonts
    }

    // MARK: - Layers

    /// Adds a layer (sized to the window, using the overlay's fonts) at its level.
    public func addLayer(_ layer: OverlayLayer) {
        precondition(layer.overlay == nil, "layer '\(layer.name)' already belongs to an overlay")
        layer.overlay = self
        layer.fonts = fonts
        layer.setWindowSize(windowSize)
        layers.append(layer)
        sortLayers()
    }

    /// Creates, adds and returns a layer.
    @discardableResult
    public func addLayer(name: String, level: Int, visibility: LayerVisibility = .interactive) -> OverlayLayer {
        let layer = OverlayLayer(name: name, level: level, visibility: visibility, size: windowSize, fonts: fonts)
        addLayer(layer)
        return layer
    }

    /// Removes a layer; focus and hover inside it are dropped.
    public func removeLayer(_ layer: OverlayLayer) {
        guard let i = layers.firstIndex(where: { $0 === layer }) else { return }
        layers.remove(at: i)
        router.forget(layer: layer)
        if let f = focusedView, f.layer === layer { clearFocus() }
        layer.overlay = nil
    }

    /// The layer with a name.
    public func layer(named name: String) -> OverlayLayer? { layers.first { $0.name == name } }

    /// Keeps `layers` ordered by level (stable).
    func sortLayers() {
        let indexed = layers.enumerated().map { ($0.offset, $0.element) }
        layers = indexed.sorted { $0.1.level != $1.1.level ? $0.1.level < $1.1.level : $0.0 < $1.0 }.map(\.1)
    }

    /// A layer stopped taking events (or stopped being drawn): drop its hover and focus.
    func layerVisibilityChanged(_ layer: OverlayLayer) {
        if layer.visibility != .hidden { layer.needsFullRepaint = true }
        if layer.visibility != .interactive {
            router.forget(layer: layer)
            if let f = focusedView, f.layer === layer { clearFocus() }
        }
    }

    /// A view was hidden or removed: it can no longer be hovered or focused.
    func viewBecameIneligible(_ view: View) {
        router.forget(subtree: view)
        if let f = focusedView, f.isDescendant(of: view) { clearFocus() }
    }

    // MARK: - Focus

    /// Gives a view keyboard focus (it must be able to take it); the previous one loses it.
    public func focus(_ view: View) {
        guard view.canBecomeFocused, focusedView !== view else { return }
        focusedView?.isFocused = false
        focusedView = view
        view.isFocused = true
    }

    /// Removes keyboard focus; keys and text then go to the engine.
    public func clearFocus() {
        guard let f = focusedView else { return }
        focusedView = nil
        f.isFocused = false
    }

    // MARK: - Routing

    /// Routes one event: delivers it to an overlay view now, or returns a decision whose target is the engine for
    /// the host to deliver. See docs/routing.md.
    @discardableResult
    public func route(_ event: InputEvent) -> RoutingDecision { router.route(event) }

    // MARK: - Frame update

    /// Lays out every layer that needs it; false when none did anything.
    @discardableResult
    public func layoutIfNeeded() -> Bool {
        var did = false
        for layer in layers where layer.layoutIfNeeded() { did = true }
        return did
    }

    /// Paints every visible layer that needs it; false when none did anything.
    @discardableResult
    public func paintIfNeeded() -> Bool {
        var did = false
        for layer in layers where layer.paintIfNeeded() { did = true }
        return did
    }

    /// Layout, then paint: the overlay's whole per-frame work (none when nothing changed).
    @discardableResult
    public func update() -> Bool {
        let laidOut = layoutIfNeeded()
        let painted = paintIfNeeded()
        return laidOut || painted
    }

    /// True when `update()` would do work.
    public var needsUpdate: Bool { layers.contains { $0.needsLayout || ($0.visibility != .hidden && $0.needsPaint) } }

    /// Lays out and paints one layer now (a HUD times its own cost this way).
    @discardableResult
    public func update(layer: OverlayLayer) -> Bool {
        let laidOut = layer.layoutIfNeeded()
        let painted = layer.paintIfNeeded()
        return laidOut || painted
    }

    /// The sum of every layer's work counters.
    public var stats: OverlayStats { layers.reduce(OverlayStats()) { $0 + $1.stats } }

    // MARK: - Animations

    /// Advances every running view property animation to `time` (the frame clock, simulated seconds; the host calls
    /// this once per frame in its animation phase, before `update()`). Only animating views are touched: a frame,
    /// alpha or transform that moved repaints its layer, a color or radius repaints its view; layout is not
    /// invalidated, because layout reads model values. Settled animations are dropped. Returns true when some
    /// presentation value may have changed.
    @discardableResult
    public func advanceAnimations(to time: Double) -> Bool {
        let now = max(time, animationTime ?? time)
        animationTime = now
        guard !animatingViews.isEmpty else { return false }
        var i = 0
        while i < animatingViews.count {
            let view = animatingViews[i]
            let stillRunning: Bool
            if let layer = view.layer, layer.overlay === self {
                stillRunning = view.advanceAnimations(to: now, in: layer)
            } else {
                // The view left this overlay: it shows its model values from now on.
                view.removeAllAnimations()
                stillRunning = false
            }
            if stillRunning {
                i += 1
            } else {
                view.isInAnimationList = false
                animatingViews.swapAt(i, animatingViews.count - 1)
                animatingViews.removeLast()
            }
        }
        return true
    }

    /// The number of views with a running property animation.
    public var animatingViewCount: Int { animatingViews.count }

    /// Puts a view on the list `advanceAnimations` walks (once).
    func startAnimating(_ view: View) {
        guard !view.isInAnimationList else { return }
        view.isInAnimationList = true
        animatingViews.append(view)
    }

    // MARK: - Lookup

    /// The first view with an identifier, searching layers front to back.
    public func view(withIdentifier id: String) -> View? {
        for layer in layers.reversed() {
            if let v = layer.root.descendant(withIdentifier: id) { return v }
        }
        return nil
    }
}
