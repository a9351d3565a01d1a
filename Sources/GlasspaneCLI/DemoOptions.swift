// Options of the demo app itself (overlay, bus, diagnostics), shared by `demo` and `record`.
import ArgumentParser
import GlasspaneRuntime

/// Overlay, bus and diagnostics options.
public struct DemoOptions: ParsableArguments, Sendable {
    /// Font file for the overlay.
    @Option(name: .long, help: ArgumentHelp("TrueType font for the overlay (default: DejaVu Sans from fonts-dejavu-core).", valueName: "PATH"))
    public var font: String?

    /// Log every routing decision.
    @Flag(name: .customLong("trace-routing"), help: "Print one line per input event: who got it, or why it passed through.")
    public var traceRouting = false

    /// Print the view tree as JSON after the first frame and exit.
    @Flag(name: .customLong("dump-views"), help: "Print the overlay's view tree as JSON (window points) after the first frame, then exit.")
    public var dumpViews = false

    /// Show the performance HUD from the start.
    @Flag(name: .long, help: "Show the performance HUD (FPS, frame-time graph, per-phase split) from the start; F1 toggles it.")
    public var hud = false

    /// Bus traffic log.
    @Option(name: .customLong("bus-log"), help: ArgumentHelp("Write every bus message (both directions, with frame index) as JSON Lines.", valueName: "PATH"))
    public var busLog: String?

    /// Creates default options.
    public init() {}

    /// Adds these options to a session description.
    func describe(into d: inout SessionDescription) {
        d.fontPath = font ?? ""
        d.tracesRouting = traceRouting
        d.dumpsViews = dumpViews
        d.showsHUD = hud
        d.busLogPath = busLog ?? ""
    }
}
