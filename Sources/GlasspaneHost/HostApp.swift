// What an application plugs into the frame loop. The host is generic: it knows nothing of cubes or pickers.
import GlasspaneCore

/// An application driven by `FrameLoop`, one callback per frame phase (DESIGN.md "One frame, in order").
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
    /// Phase 6: advance animations to the frame clock (`time` in seconds since the loop started).
    func advanceAnimations(time: Double)
    /// Phase 7: lay out and paint the overlay where something changed.
    func updateOverlay(metrics: WindowMetrics)
    /// Phase 8a: render the scene, interpolated `alpha` (0..<1) between the last two simulation steps.
    func renderScene(interpolation alpha: Double, metrics: WindowMetrics)
    /// Phase 8b: render the overlay (and HUD) on top of the scene.
    func renderOverlay(metrics: WindowMetrics)
    /// The app asks the loop to stop after this frame.
    var wantsQuit: Bool { get }
    /// After phase 7: a text field has focus, so the loop turns the platform's text input on.
    var wantsTextInput: Bool { get }
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
    /// No animations.
    public func advanceAnimations(time: Double) {}
    /// No overlay.
    public func updateOverlay(metrics: WindowMetrics) {}
    /// Nothing to draw.
    public func renderScene(interpolation alpha: Double, metrics: WindowMetrics) {}
    /// No overlay.
    public func renderOverlay(metrics: WindowMetrics) {}
    /// Never asks to quit.
    public var wantsQuit: Bool { false }
    /// No text fields.
    public var wantsTextInput: Bool { false }
}
