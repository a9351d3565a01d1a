// Options of the demo app itself (overlay, bus, diagnostics), shared by `demo` and `record`.
import ArgumentParser
import GlasspaneDemo
import GlasspaneInspector
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

    /// Serve the inspector page and the bus on this address.
    @Option(name: .long, help: ArgumentHelp("Serve the inspector (web page, bus over WebSocket) on [HOST:]PORT, 127.0.0.1 unless HOST is given; PORT 0 picks a free one. The URL with its access token is printed to standard error.", valueName: "[HOST:]PORT"))
    public var inspect: String?

    /// Allow a non-loopback inspector address.
    @Flag(name: .customLong("inspect-allow-remote"), help: "Allow --inspect on an address other than loopback (prints a warning: anyone with the token can drive the bus).")
    public var inspectAllowRemote = false

    /// The route to open on.
    @Option(name: .long, help: ArgumentHelp("Open on this route: play (default), menu, about, app-icon, rules, stats, table, layout, options, sign or new-game; recorded in a script's header and honoured on replay.", valueName: "ROUTE"))
    public var route: String?

    /// Slow every animation down.
    @Option(name: .customLong("slow-animations"), help: ArgumentHelp("Run every animation FACTOR times slower (0.01 to 100; 1 is normal). Recorded in a script's header and used by its replay.", valueName: "FACTOR"))
    public var slowAnimations: Double?

    /// Creates default options.
    public init() {}

    /// Checks `--inspect`'s syntax.
    public mutating func validate() throws {
        if let inspect, InspectorSettings(address: inspect) == nil {
            throw ValidationError("--inspect \(inspect): expected [HOST:]PORT with PORT from 0 to 65535, e.g. 9000 or 127.0.0.1:9000")
        }
        if let route { do { _ = try DemoRoute.parse(route) } catch { throw ValidationError("--route: \(error.description)") } }
        if inspectAllowRemote && inspect == nil { throw ValidationError("--inspect-allow-remote needs --inspect [HOST:]PORT") }
        if let slowAnimations, !(slowAnimations.isFinite && slowAnimations >= 0.01 && slowAnimations <= 100) {
            throw ValidationError("--slow-animations must be a number from 0.01 to 100 (got \(slowAnimations)); 1 is normal speed.")
        }
    }

    /// Adds these options to a session description.
    func describe(into d: inout SessionDescription) {
        if let inspect, var settings = InspectorSettings(address: inspect) {
            settings.allowsRemote = inspectAllowRemote
            d.inspector = settings
        }
        d.fontPath = font ?? ""
        d.tracesRouting = traceRouting
        d.dumpsViews = dumpViews
        d.showsHUD = hud
        d.busLogPath = busLog ?? ""
        d.initialRoute = route ?? ""
        d.routeNames = DemoRoute.allCases.map(\.rawValue)
        d.slowAnimations = slowAnimations ?? 0
    }
}
