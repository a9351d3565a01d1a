// The overlay: layers ordered by level, the window size, keyboard focus, the event router, and the per-frame
// update (layout, then paint) that does nothing while nothing changed.
import GlasspaneCore
import GlasspaneAnimation
import GlasspaneDraw

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
    /// Loads the files `Image` views show: the host installs SDL2_image and the GL renderer (ImageLibrary.swift).
    public private(set) lazy var images = ImageLibrary()
    /// True while the focused view takes typed text (a text field): the host turns the platform's text input on
    /// only then (`PlatformBackend.textInputActive`).
    public var wantsTextInput: Bool { focusedView?.acceptsTextInput ?? false }
    /// The focused text view's caret, window points, for the input method's candidate window (nil: none).
    public var textInputCaretRect: Rect? { wantsTextInput ? focusedView?.textInputCaretRect : nil }
    /// The design tokens every control reads; set with `setTheme(_:scheme:)` (Overlay+Theme.swift).
    public internal(set) var theme = Theme.standard
    /// Light or dark; set with `setColorScheme(_:)`.
    public internal(set) var colorScheme = ColorScheme.dark
    /// `theme`'s colors in `colorScheme`, by token raw value: what `View.themeColor(_:)` reads.
    var resolvedColors = Theme.standard.colors.map { $0.resolved(for: .dark) }
    /// How a color scheme or theme switch blends the changed tokens' colors on the frame clock; nil (the default)
    /// switches at once (Theme/ThemeCrossFade.swift).
    public var themeCrossFade: Animation?
    /// The cross-fade running now, nil when none.
    var runningThemeFade: ThemeCrossFade?
    /// Views that change with the frame clock (`startTicking(_:)`: an indeterminate progress bar, a scroll view's
    /// momentum); empty when still.
    var frameTickers: [WeakTicker] = []
    /// Views the app adds later that scripts may name from the start (Overlay+LaterViews.swift).
    var laterViews: [WeakLaterView] = []
    /// Shows controls' tooltips after a hover delay (Controls/Tooltip.swift).
    public private(set) lazy var tooltips = TooltipController(overlay: self)
    /// Opens views' context menus on right press or long press (Controls/ContextMenu.swift).
    public private(set) lazy var contextMenus = ContextMenuController(overlay: self)
    /// Held D-pad directions, the left stick and the shoulder buttons over time (Focus/ControllerNavigator.swift).
    public private(set) lazy var controllerNavigator = ControllerNavigator(overlay: self)
    /// True while the focused view draws its focus ring: after keyboard or controller use; false after pointer use
    /// (Focus/InputModality.swift).
    public internal(set) var showsFocusRing = true {
        didSet { if showsFocusRing != oldValue { focusedView?.setNeedsDisplay() } }
    }
    /// The device the player used last; input prompts show its glyphs (Focus/InputModality.swift).
    public internal(set) var lastInputDevice = InputDevice.keyboard {
        didSet { if lastInputDevice.promptStyle != oldValue.promptStyle { promptStyleDidChange() } }
    }
    /// The on-screen keyboard, once `OnScreenKeyboard.install(in:)` gave the overlay one.
    public internal(set) var onScreenKeyboard: OnScreenKeyboard?
    /// Each connected controller's style, by controller number, from its connection event.
    var controllerStyles: [Int: ControllerStyle] = [:]
    /// The input prompts to repaint when the prompt style changes (weak).
    var inputPrompts: [WeakInputPrompt] = []


    /// The frame clock's time at the last `advanceAnimations(to:)` (seconds, simulated); nil before the first.
    /// Animations set between two calls start at this time.
    public private(set) var animationTime: Double?
    /// The running view property animations, in flat stores (ViewAnimationStore.swift).
    private(set) lazy var animationStore = ViewAnimationStore(overlay: self)

    /// False only when no layer needs layout, an appearance scan or (while visible) paint: the frame's layout and
    /// paint then return at once, reading nothing else (an idle frame's data is cold in the cache after rendering).
    /// Layers set it whenever they are invalidated; `paintIfNeeded` works it out again from the layers.
    var layersMayNeedWork = true

    /// False only when the next `layoutIfNeeded` and `paintIfNeeded` would do nothing: since the last paint no
    /// layer was invalidated, shown, hidden or added, so no layer's `contentVersion` changed (a stage then skips
    /// its per-layer checks, docs/overlay.md "Idle frames").
    package var mayNeedUpdate: Bool { layersMayNeedWork }

    /// Changes whenever which layers are drawn, or their order, may have changed: a layer added or removed, or a
    /// layer's level, visibility or kind changed. A stage keeps its list of drawn layers until it changes.
    package private(set) var layerStructureVersion: UInt64 = 0

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
        layersMayNeedWork = true
        sortLayers()
        if layer.visibility != .hidden { layerVisibilityChanged(layer) }
    }

    /// Creates, adds and returns a layer.
    @discardableResult
    public func addLayer(name: String, level: Int, visibility: LayerVisibility = .visible,
                         kind: LayerKind = .passthrough) -> OverlayLayer {
        let layer = OverlayLayer(name: name, level: level, visibility: visibility, kind: kind, size: windowSize, fonts: fonts)
        addLayer(layer)
        return layer
    }

    /// Removes a layer; focus and hover inside it are dropped.
    public func removeLayer(_ layer: OverlayLayer) {
        guard let i = layers.firstIndex(where: { $0 === layer }) else { return }
        layers.remove(at: i)
        layerStructureVersion &+= 1
        animationStore.treeChanged = true
        router.forget(layer: layer)
        if let f = focusedView, f.layer === layer { clearFocus() }
        layer.overlay = nil
        modalStateMayHaveChanged()
    }

    /// The layer with a name.
    public func layer(named name: String) -> OverlayLayer? { layers.first { $0.name == name } }

    /// Keeps `layers` ordered by level (stable).
    func sortLayers() {
        layerStructureVersion &+= 1
        let indexed = layers.enumerated().map { ($0.offset, $0.element) }
        layers = indexed.sorted { $0.1.level != $1.1.level ? $0.1.level < $1.1.level : $0.0 < $1.0 }.map(\.1)
    }

    /// A layer's visibility or kind changed: a layer that stopped taking events drops its hover and focus; a
    /// modal that came up blocks what is below it; a layer that appeared may hold a view that focuses on appear.
    func layerVisibilityChanged(_ layer: OverlayLayer) {
        layersMayNeedWork = true
        layerStructureVersion &+= 1
        if layer.visibility != .hidden { layer.needsFullRepaint = true; layer.needsAppearanceScan = true }
        if !layer.takesEvents {
            router.forget(layer: layer)
            if let f = focusedView, f.layer === layer { clearFocus() }
        }
        modalStateMayHaveChanged()
    }

    // MARK: - Modality

    /// The frontmost modal layer that is up, if any: it and the layers above it are all that take events.
    public var activeModal: OverlayLayer? { layers.last { $0.isBlockingModal } }
    /// The modal that was up at the last check (so that a modal coming up is acted on once).
    private weak var lastActiveModal: OverlayLayer?

    /// True when `layer` is behind `modal` in the stacking order.
    func isLayer(_ layer: OverlayLayer, below modal: OverlayLayer) -> Bool {
        guard let a = layers.firstIndex(where: { $0 === layer }), let b = layers.firstIndex(where: { $0 === modal }) else {
            return false
        }
        return a < b
    }

    /// When a (new) modal came up: every pointer captured below it is cancelled, hover and focus below it dropped.
    func modalStateMayHaveChanged() {
        let modal = activeModal
        guard modal !== lastActiveModal else { return }
        lastActiveModal = modal
        for layer in layers { layer.needsAppearanceScan = true }
        guard let modal else { return }
        router.modalDidAppear(modal)
        if let f = focusedView, let l = f.layer, isLayer(l, below: modal) { clearFocus() }
    }

    /// Where the router sends events meant for the engine that it makes up itself: the `pointerCancel` of an
    /// engine capture that a modal ended. Unset, they wait in `takePendingEngineEvents()`.
    public var engineEventSink: ((InputEvent) -> Void)?
    /// Engine-bound events made up while no `engineEventSink` was set.
    var pendingEngineEvents: [InputEvent] = []

    /// Returns and forgets the engine-bound events made up while no sink was set.
    package func takePendingEngineEvents() -> [InputEvent] {
        defer { pendingEngineEvents.removeAll() }
        return pendingEngineEvents
    }

    /// Hands a made-up engine event to the sink, or keeps it.
    func sendToEngine(_ event: InputEvent) {
        if let engineEventSink { engineEventSink(event) } else { pendingEngineEvents.append(event) }
    }

    /// A view was hidden or removed: it can no longer be hovered or focused.
    func viewBecameIneligible(_ view: View) {
        animationStore.treeChanged = true
        router.forget(subtree: view)
        if let f = focusedView, f.isDescendant(of: view) { clearFocus() }
    }

    // MARK: - Focus

    /// Gives a view keyboard focus (it must be able to take it, by press or by keyboard); the previous one loses it.
    public func focus(_ view: View) {
        guard view.canBecomeFocused || view.acceptsKeyboardFocus, focusedView !== view else { return }
        focusedView?.isFocused = false
        focusedView = view
        view.isFocused = true
        ScrollView.reveal(view)
        if let keyboard = onScreenKeyboard {
            // A text field focused with a controller in hand gets the on-screen keyboard (Controls/OnScreenKeyboard.swift).
            if view.acceptsTextInput && lastInputDevice.promptStyle != nil { keyboard.present(for: view) } else { keyboard.focusDidMove() }
        }
    }

    /// Removes keyboard focus; keys and text then go to the engine.
    public func clearFocus() {
        guard let f = focusedView else { return }
        focusedView = nil
        f.isFocused = false
        onScreenKeyboard?.focusDidMove()
    }

    /// The layers whose views Tab reaches: the active modal alone while one is up, else every layer that takes
    /// events.
    var focusScope: [OverlayLayer] {
        if let modal = activeModal { return modal.takesEvents ? [modal] : [] }
        return layers.filter { $0.takesEvents }
    }

    /// The views Tab visits, in reading order: views that accept keyboard focus and can receive events, in the
    /// focus scope, sorted top to bottom, then left to right by their window frame's top-left corner (ties keep
    /// tree order, back layer first). At most `maximumFocusOrderCount` views are considered.
    public func focusOrder() -> [View] {
        var found: [(view: View, origin: Point, index: Int)] = []
        for layer in focusScope {
            collectFocusable(layer.root, origin: .zero, into: &found)
        }
        found.sort { a, b in
            if a.origin.y != b.origin.y { return a.origin.y < b.origin.y }
            if a.origin.x != b.origin.x { return a.origin.x < b.origin.x }
            return a.index < b.index
        }
        return found.map(\.view)
    }

    /// The most views `focusOrder` collects (so a huge tree cannot make Tab slow without bound).
    public static let maximumFocusOrderCount = 4096

    private func collectFocusable(_ view: View, origin: Point, into found: inout [(view: View, origin: Point, index: Int)]) {
        guard found.count < Overlay.maximumFocusOrderCount, view.isHitTestable else { return }
        let here = Point(x: origin.x + view.frame.minX, y: origin.y + view.frame.minY)
        if view.acceptsKeyboardFocus { found.append((view, here, found.count)) }
        for child in view.subviews { collectFocusable(child, origin: here, into: &found) }
    }

    /// Tab (forward) or Shift-Tab (backward): focuses the next view in `focusOrder()` after the focused one,
    /// wrapping around; with nothing focused, the first (or last). Returns the newly focused view; nil when the
    /// scope has nothing focusable (the key is then routed as usual).
    @discardableResult
    public func moveFocus(backward: Bool = false) -> View? {
        let order = focusOrder()
        guard !order.isEmpty else { return nil }
        let next: View
        if let current = focusedView, let i = order.firstIndex(where: { $0 === current }) {
            next = order[(i + (backward ? order.count - 1 : 1)) % order.count]
        } else {
            next = backward ? order[order.count - 1] : order[0]
        }
        focus(next)
        return focusedView === next ? next : nil
    }

    /// Focuses views that ask for it when they appear (`View.focusesOnAppear`): after layout, each layer whose tree
    /// or visibility changed is walked; a view that can take focus now and could not at the layer's previous walk
    /// has appeared. The frontmost such view is focused.
    private func focusViewsThatAppeared() {
        var toFocus: View? = nil
        let scope = focusScope
        for layer in layers where layer.needsAppearanceScan {
            layer.needsAppearanceScan = false
            layer.appearanceScan &+= 1
            guard scope.contains(where: { $0 === layer }) else { continue }
            scanForAppearance(layer.root, scan: layer.appearanceScan, layer: layer, into: &toFocus)
        }
        if let toFocus { focus(toFocus) }
    }

    private func scanForAppearance(_ view: View, scan: UInt64, layer: OverlayLayer, into toFocus: inout View?) {
        // A subtree with no `focusesOnAppear` view has nothing to mark (View.focusOnAppearCount).
        guard view.focusOnAppearCount > 0, view.isHitTestable else { return }
        layer.stats.appearanceScanVisits += 1
        if view.focusesOnAppear {
            let appeared = view.appearanceLayer !== layer || view.appearanceScan &+ 1 != scan
            view.appearanceLayer = layer
            view.appearanceScan = scan
            if appeared { toFocus = view }
        }
        for child in view.subviews { scanForAppearance(child, scan: scan, layer: layer, into: &toFocus) }
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
        guard layersMayNeedWork else { return false }
        var did = false
        forEachLayer { if $0.layoutIfNeeded() { did = true } }
        if layers.contains(where: { $0.needsAppearanceScan }) { focusViewsThatAppeared() }
        if did, let keyboard = onScreenKeyboard, keyboard.isShown { keyboard.refreshAvoidance() }
        return did
    }

    /// Calls `body` with each layer as the pass begins (one may add or remove layers), without retaining them: the
    /// copy of `layers` holds them, and a layer is weakly referenced, so each retain would take the slow path.
    private func forEachLayer(_ body: (OverlayLayer) -> Void) {
        let current = layers
        current.withUnsafeBufferPointer { all in
            for i in all.indices {
                unowned(unsafe) let layer = all[i]
                body(layer)
            }
        }
    }

    /// Paints every visible layer that needs it; false when none did anything.
    @discardableResult
    public func paintIfNeeded() -> Bool {
        guard layersMayNeedWork else { return false }
        var did = false
        forEachLayer { if $0.paintIfNeeded() { did = true } }
        layersMayNeedWork = layers.contains { $0.needsLayout || $0.needsAppearanceScan || ($0.visibility != .hidden && $0.needsPaint) }
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
    package var needsUpdate: Bool { layers.contains { $0.needsLayout || ($0.visibility != .hidden && $0.needsPaint) } }

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
    /// this once per frame in its animation phase, before `update()`). Only what moved is invalidated: a frame,
    /// alpha or transform that moved repaints its layer, a color or radius repaints its view; layout is not
    /// invalidated, because layout reads model values. Settled animations are dropped. Returns true when some
    /// presentation value may have changed.
    @discardableResult
    public func advanceAnimations(to time: Double) -> Bool {
        let now = max(time, animationTime ?? time)
        animationTime = now
        let ticked = tickFrameViews(time: now)
        return animationStore.advance(to: now) || ticked
    }

    /// The number of views with a running property animation.
    public var animatingViewCount: Int { animationStore.count }

    // MARK: - Lookup

    /// The view with an identifier, searching layers front to back; a shown one wins over a hidden copy.
    public func view(withIdentifier id: String) -> View? { locate(id).view }
}
