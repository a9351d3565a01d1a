// `glasspane replay` and `glasspane record`: input scripts (docs/scripts.md).
import ArgumentParser
import GlasspaneCore
import GlasspaneRuntime

extension ReplayPacing: ExpressibleByArgument {}

/// Plays a script back and checks its expectations.
public struct ReplayCommand: AsyncParsableCommand, Sendable {
    /// Name and help.
    public static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Play an input script back (window or headless) and check its expectations.",
        discussion: """
            The simulation runs on the script's recorded frame clock, never the wall clock, so a replay gives the same state and the same pixels at any speed and under any load. Exit codes: 0 every expectation held, 1 an expectation failed (each printed with its FILE:LINE), 2 the script cannot be read or names a view the demo does not have.
            Examples:
              glasspane replay Examples/Scripts/picker-drag.jsonl --headless
              glasspane replay session.jsonl --speed realtime
              glasspane replay s.jsonl --headless --screenshot-at last:end.png
              glasspane replay s.jsonl --headless --dump-views-at 40:views.json
            """)

    /// The script.
    @Argument(help: ArgumentHelp("The input script (JSON Lines).", valueName: "FILE"))
    public var file: String

    /// Offscreen.
    @Flag(name: .long, help: "Render offscreen through EGL; no display needed.")
    public var headless = false

    /// Speed.
    @Option(name: .long, help: "realtime (paced to the recorded frame times) or fast (default).")
    public var speed: ReplayPacing = .fast

    /// Screenshots.
    @Option(name: .customLong("screenshot-at"), help: ArgumentHelp("Save a PNG at a frame; FRAME may be 'last'. Repeatable.", valueName: "FRAME:PATH"))
    public var screenshotAt: [String] = []

    /// View dumps.
    @Option(name: .customLong("dump-views-at"), help: ArgumentHelp("Write the view tree as JSON (as --dump-views, text runs included) at a frame; FRAME may be 'last'. Repeatable.", valueName: "FRAME:PATH"))
    public var dumpViewsAt: [String] = []

    /// Record what is replayed.
    @Option(name: .customLong("record-out"), help: ArgumentHelp("Write the replayed events as a new script (record and replay round-trip).", valueName: "FILE"))
    public var recordOut: String?

    /// Overlay, bus and diagnostics options (font, trace routing, view dump, HUD, bus log).
    @OptionGroup public var demo: DemoOptions

    /// Creates the command.
    public init() {}

    /// Checks `--screenshot-at` values.
    public func validate() throws {
        for s in screenshotAt where ScreenshotRequest(argument: s) == nil {
            throw ValidationError("--screenshot-at '\(s)' is not FRAME:PATH (FRAME a frame number or 'last').")
        }
        for s in dumpViewsAt where ScreenshotRequest(argument: s) == nil {
            throw ValidationError("--dump-views-at '\(s)' is not FRAME:PATH (FRAME a frame number or 'last').")
        }
    }

    /// Replays and exits with the outcome.
    public func run() async throws {
        var d = SessionDescription()
        d.replay = ReplayDescription(scriptPath: file, pacing: speed)
        d.headless = headless
        d.screenshots = screenshotAt.compactMap(ScreenshotRequest.init(argument:))
        d.viewDumps = dumpViewsAt.compactMap(ScreenshotRequest.init(argument:))
        demo.describe(into: &d)
        d.recordingPath = recordOut ?? ""
        d.stopsOnInterrupt = true
        let file = self.file
        let code = await runDemoSession(d) { _, outcome in
            for failure in outcome.expectationFailures { printError(failure) }
            print("replay: \(file): \(outcome.framesRun) frames, \(outcome.expectationsPassed) expectation(s) held, \(outcome.expectationFailures.count) failed")
            return 0
        }
        if code != 0 { throw ExitCode(code) }
    }
}

/// Runs the demo and writes every input event to a script.
public struct RecordCommand: AsyncParsableCommand, Sendable {
    /// Name and help.
    public static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Run the demo and record every input event to a script.",
        discussion: """
            The file is written as you go: Ctrl-C, kill (SIGTERM) or closing the window leave a complete, valid script up to the last frame. Replay it with: glasspane replay FILE
            """)

    /// Output.
    @Option(name: .long, help: ArgumentHelp("The script to write.", valueName: "FILE"))
    public var out: String

    /// Window, pacing and capture options.
    @OptionGroup public var window: WindowOptions

    /// Overlay, bus and diagnostics options.
    @OptionGroup public var demo: DemoOptions

    /// Creates the command.
    public init() {}

    /// Records and exits.
    public func run() async throws {
        let mainEntered = SystemClock.monotonicNow()
        var d = window.describe()
        demo.describe(into: &d)
        d.recordingPath = out
        let (out, stats) = (self.out, window.stats)
        let code = await runDemoSession(d, onStart: { _ in
            printNote("record: writing \(out) (Escape, Ctrl-C or closing the window stops)")
        }) { session, outcome in
            if stats { for line in session.statisticsLines(mainEntered: mainEntered) { print(line) } }
            if let recorded = outcome.recorded, outcome.outputErrors.isEmpty {
                print("record: \(out): \(recorded.frames) frames, \(recorded.events) events")
            }
            return 0
        }
        if code != 0 { throw ExitCode(code) }
    }
}
