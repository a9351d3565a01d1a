// What an application plugs into the frame loop. The host is generic: it knows nothing of cubes or pickers.
import GlasspaneBus
import GlasspaneCore
import GlasspaneOverlay

/// An application driven by `FrameLoop`, one callback per frame phase (docs/design.md "One frame, in order").
/// Every method has a default that does nothing, so a small app implements only what it needs.
@MainActor
public protocol HostApp: AnyObject {
    /// Before phase 1: a new frame begins (its index counts from 0).
    func beginFrame(index: Int)
    /// Phase 2: route one input event. Return true when the overlay took it; false sends it to the engine.
    func routeToOverlay(_ event: InputEvent) -> Bool
    /// Phase 2: an input event that fell through to the engine.
    func engineReceive(_ event: InputEvent)
    /// Phase 3: deliver overlay-to-engine messages; engine handlers run and may reply.
    func deliverEngineMessages()
    /// Phase 4: one fixed simulation step of `dt` seconds (called zero or more times per frame).
    func step(dt: Double)
    /// Phase 5: deliver engine-to-overlay messages (replies, state changes).
    func deliverOverlayMessages()
    /// After phase 5, in async runs: let tasks resumed by replies continue within the frame.
    func settle() async
    /// Whether `settle()` has tasks to let run and so may suspend (the loop then lets the GL context go first).
    var settleMaySuspend: Bool { get }
    /// Phase 6: advance animations to the frame clock (`time` in seconds since the loop started).
    func advanceAnimations(time: Double)
    /// Phase 8a: build the performance HUD's layer (timed on its own as `hud`).
    func updateHUD(metrics: WindowMetrics)
    /// Phase 8b: lay out the overlay where something changed (the window size may have changed).
    func layoutOverlay(metrics: WindowMetrics)
    /// Phase 8c: paint the overlay layers that changed into their draw lists.
    func paintOverlay()
    /// Phase 7: render the scene, interpolated `alpha` (0..<1) between the last two simulation steps (the loop then
    /// hands it to the GPU, which draws it while phase 8 runs).
    func renderScene(interpolation alpha: Double, metrics: WindowMetrics)
    /// Phase 8d: render the overlay (not the HUD) on top of the scene.
    func renderOverlay(metrics: WindowMetrics)
    /// Phase 8e: render the performance HUD over everything (its GL commands are timed as `hud`, not `overlay_render`).
    func renderHUD(metrics: WindowMetrics)
    /// The app asks the loop to stop after this frame.
    var wantsQuit: Bool { get }
    /// The bus the loop stamps with the frame index and phase; nil for apps without one.
    var frameBus: MessageBus? { get }
    /// After phase 8c: a text field has focus, so the loop turns the platform's text input on.
    var wantsTextInput: Bool { get }
    /// With `wantsTextInput`: the caret's rectangle in window points, where the input method's window goes.
    var textInputCaretRect: Rect? { get }
    /// After phase 7: the overlay or the HUD has layout, paint or upload work this frame, so the loop hands the
    /// scene to the GPU first and the two overlap (a hand-off costs a few microseconds, wasted on a still frame).
    var overlayHasWork: Bool { get }
}

extension HostApp {
    /// Nothing to prepare.
    public func beginFrame(index: Int) {}
    /// By default nothing is overlay: every event goes to the engine.
    public func routeToOverlay(_ event: InputEvent) -> Bool { false }
    /// Ignores engine input.
    public func engineReceive(_ event: InputEvent) {}
    /// No bus.
    public func deliverEngineMessages() {}
    /// No simulation.
    public func step(dt: Double) {}
    /// No bus.
    public func deliverOverlayMessages() {}
    /// Nothing to wait for.
    public func settle() async {}
    /// Nothing to wait for.
    public var settleMaySuspend: Bool { false }
    /// No animations.
    public func advanceAnimations(time: Double) {}
    /// No HUD.
    public func updateHUD(metrics: WindowMetrics) {}
    /// No overlay.
    public func layoutOverlay(metrics: WindowMetrics) {}
    /// No overlay.
    public func paintOverlay() {}
    /// Nothing to draw.
    public func renderScene(interpolation alpha: Double, metrics: WindowMetrics) {}
    /// No overlay.
    public func renderOverlay(metrics: WindowMetrics) {}
    /// No HUD.
    public func renderHUD(metrics: WindowMetrics) {}
    /// Never asks to quit.
    public var wantsQuit: Bool { false }
    /// No overlay.
    public var overlayHasWork: Bool { false }
    /// No bus.
    public var frameBus: MessageBus? { nil }
    /// No text fields.
    public var wantsTextInput: Bool { false }
    /// No caret.
    public var textInputCaretRect: Rect? { nil }
}

/// What a session (GlasspaneRuntime) needs from an app beyond the frame phases: its bus, its overlay, its HUD,
/// and typed answers for scripts' expectations. The demo implements it; so can any app that wants `record`,
/// `replay` and `bench`.
@MainActor
public protocol SessionApp: HostApp {
    /// The message bus between the halves (scripts post to it, `--bus-log` taps it).
    var bus: MessageBus { get }
    /// The overlay and its renderer (routing trace, view lookup, dumps).
    var stage: OverlayStage { get }
    /// The performance HUD, when the app has one (the session feeds it every frame).
    var hud: PerformanceHUD? { get }
    /// The engine's state as `get-state` reports it, as a JSON object (`expect.state`); nil when unavailable.
    func engineStateForExpectations() -> JSONValue?
    /// An app-specific view property (`text`, `color`, `value`...) in its text form; nil when the view has none.
    /// The session answers the generic ones (`ViewProperty.answeredBySession`) itself.
    func property(_ property: ViewProperty, of view: View) -> String?
}

extension SessionApp {
    /// The app's bus is the one the loop stamps.
    public var frameBus: MessageBus? { bus }
    /// No HUD.
    public var hud: PerformanceHUD? { nil }
    /// Pointer and key events go to the stage's overlay first (tagged-passthrough routing).
    public func routeToOverlay(_ event: InputEvent) -> Bool { stage.route(event) }
    /// The stage's HUD (if it has one) takes this frame's figures.
    public func updateHUD(metrics: WindowMetrics) { stage.updateHUD(metrics: metrics) }
    /// The stage's overlay advances its animations (a list's animated updates, fades, springs) to the frame clock.
    public func advanceAnimations(time: Double) { stage.overlay.advanceAnimations(to: time) }
    /// The stage lays out its overlay.
    public func layoutOverlay(metrics: WindowMetrics) { stage.layout(metrics: metrics) }
    /// The stage paints what changed.
    public func paintOverlay() { stage.paint() }
    /// The stage draws its overlay over the scene.
    public func renderOverlay(metrics: WindowMetrics) { stage.render(metrics: metrics) }
    /// The stage draws its HUD layer last (timed as the `hud` phase).
    public func renderHUD(metrics: WindowMetrics) { stage.renderHUD(metrics: metrics) }
    /// The stage's overlay or HUD changes this frame.
    public var overlayHasWork: Bool { stage.hasWork }
    /// No engine state for expectations.
    public func engineStateForExpectations() -> JSONValue? { nil }
    /// No app-specific view properties.
    public func property(_ property: ViewProperty, of view: View) -> String? { nil }
}
