// The one vocabulary for the phases of a frame: the frame loop runs them, stamps them on the bus, times them,
// and the bench and the HUD report them under the same names.

/// The phases of one frame (docs/design.md "One frame, in order"). The cases keep their first order, which the
/// reports' columns follow; on a GPU the loop runs `sceneRender` (7) before `hud` and the overlay's phases (8a-f).
/// Outside the loop (setup, teardown) there is no phase: `FramePhase?` is nil.
public enum FramePhase: String, CaseIterable, Codable, Sendable, Hashable {
    /// 1. Polling platform events (or taking them from a script) and translating them.
    case events
    /// 2. Routing input events and delivering them; overlay handlers run here.
    case routing
    /// 3. Delivering overlay-to-engine messages; engine handlers run and may reply.
    case busToEngine = "bus_to_engine"
    /// 4. Fixed-step engine simulation.
    case simulation
    /// 5. Delivering engine-to-overlay messages; awaiting requests resume.
    case busToOverlay = "bus_to_overlay"
    /// 6. Advancing animations on the frame clock.
    case animation
    /// 8a. Building the performance HUD's layer, and later drawing it (its own cost, reported separately).
    case hud
    /// 8b. Overlay layout (zero when nothing changed).
    case overlayLayout = "overlay_layout"
    /// 8c. Overlay paint into draw lists, and the renderers' uploads (zero when the cached draw data was reused).
    case overlayPaint = "overlay_paint"
    /// 7. Issuing the scene's GL commands and handing them to the GPU (which then draws while phase 8 runs).
    case sceneRender = "scene_render"
    /// 8d. Issuing the overlay's GL commands.
    case overlayRender = "overlay_render"
    /// 8f. The swap (and, when timing honestly, the glFinish before it).
    case present

    /// The stable snake_case key used in logs, JSON (`phases_us.<key>`), CSV (`phase_<key>_us`) and the HUD.
    public var key: String { rawValue }

    /// A human-readable name for tables: `overlay_layout` becomes `overlay layout`.
    public var displayName: String { String(rawValue.map { $0 == "_" ? " " : $0 }) }

    /// Dense position of the phase (0 for `events`), for fixed-size per-phase storage.
    public var ordinal: Int {
        switch self {
        case .events: 0
        case .routing: 1
        case .busToEngine: 2
        case .simulation: 3
        case .busToOverlay: 4
        case .animation: 5
        case .hud: 6
        case .overlayLayout: 7
        case .overlayPaint: 8
        case .sceneRender: 9
        case .overlayRender: 10
        case .present: 11
        }
    }

    /// The phases whose sum is the overlay's own cost (layout, paint and render).
    public static let overlayPhases: [FramePhase] = [.overlayLayout, .overlayPaint, .overlayRender]
}

/// Frame budgets shared by the bench (over-budget share), the HUD (its budget line) and scripts (default frame).
public enum FrameBudget {
    /// One frame at 60 Hz: 16,666,667 ns.
    public static let at60Hz: Nanoseconds = 16_666_667
}
