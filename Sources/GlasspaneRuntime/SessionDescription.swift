// A session, described as one plain value (sokol's `sapp_desc` style): zero or empty means "the default".
// `demo`, `record`, `replay` and `bench` are four descriptions of one `Session`; tests and examples build the same
// value and call the same runner.
import GlasspaneCore
import GlasspaneDraw
import GlasspaneHost
import GlasspaneInspector
import GlasspanePlatform
import GlasspaneScripts

/// Where and when to save a screenshot: a frame index, or the last frame.
public struct ScreenshotRequest: Sendable, Equatable {
    /// The frame, or nil for the last one.
    public var frame: Int?
    /// The PNG file.
    public var path: String

    /// Creates a request.
    public init(frame: Int?, path: String) { self.frame = frame; self.path = path }

    /// Parses `FRAME:PATH` (FRAME a frame number or `last`); nil when malformed.
    public init?(argument: String) {
        guard let colon = argument.firstIndex(of: ":") else { return nil }
        let f = String(argument[..<colon]), p = String(argument[argument.index(after: colon)...])
        guard !p.isEmpty else { return nil }
        if f == "last" { frame = nil } else if let n = Int(f), n >= 0 { frame = n } else { return nil }
        path = p
    }
}

/// How fast a replayed script runs.
public enum ReplayPacing: String, Sendable, CaseIterable {
    /// As fast as possible (the outcome is identical: the simulation runs on the script's frame clock).
    case fast
    /// Frames paced to their recorded durations.
    case realtime
}

/// Replaying a script: its input replaces the platform's, its frame clock replaces the wall clock.
public struct ReplayDescription: Sendable {
    /// The script file.
    public var scriptPath: String
    /// Pacing (default `fast`).
    public var pacing: ReplayPacing = .fast
    /// Play the whole script and stop after its last frame (false: the session's `frames` decides, as in `bench`).
    public var runsWholeScript = true
    /// Creates a replay of a script file.
    public init(scriptPath: String, pacing: ReplayPacing = .fast, runsWholeScript: Bool = true) {
        self.scriptPath = scriptPath; self.pacing = pacing; self.runsWholeScript = runsWholeScript
    }
}

/// Benchmarking: frames are measured after a warm-up and summarised (docs/bench.md).
public struct BenchmarkDescription: Sendable {
    /// Frames run before measuring (0: none).
    public var warmupFrames = 0
    /// Frames measured (0: 1,000).
    public var measuredFrames = 0
    /// A name for the report (the scenario).
    public var scenario = ""
    /// Print progress to standard error every tenth of the run.
    public var reportsProgress = true
    /// Write the JSON report here ("": none).
    public var jsonPath = ""
    /// Write the per-frame CSV (PresentMon/CapFrameX columns) here ("": none).
    public var csvPath = ""
    /// Write the SVG chart here ("": none).
    public var svgPath = ""
    /// Write the frames in MangoHud's CSV log format here ("": none).
    public var mangoHudCSVPath = ""
    /// Compare with this earlier JSON report ("": no comparison).
    public var baselinePath = ""
    /// A compared metric worse by more than this percentage is a regression (exit 1).
    public var maxRegressionPercent = 10.0
    /// Wrap the scene and overlay passes in GL timer queries (false: `--no-gpu-timing`, no query is issued, so
    /// the run draws what the demo draws; the reports say GPU timing was off).
    public var timesGPUPasses = true
    /// Also read the frame thread's CPU time at every change of phase (`--thread-cpu`): the reports gain
    /// `phases_thread_cpu_us`, which leaves out the time the thread waited or was preempted.
    public var measuresThreadCPU = false
    /// Creates a benchmark description.
    public init(warmupFrames: Int = 0, measuredFrames: Int = 0, scenario: String = "", reportsProgress: Bool = true) {
        self.warmupFrames = warmupFrames; self.measuredFrames = measuredFrames; self.scenario = scenario
        self.reportsProgress = reportsProgress
    }
    /// Measured frames with the default applied.
    public var resolvedMeasuredFrames: Int { measuredFrames > 0 ? measuredFrames : 1000 }
}

/// Everything a session needs to know, as one value. Zero, empty and nil mean the default.
public struct SessionDescription: Sendable {
    /// Window title ("": `Glasspane`).
    public var title = ""
    /// Window size in points (zero: 1280x720).
    public var windowSize = PixelSize(width: 0, height: 0)
    /// Pixels per point, forced (0: the display's own). A replay takes the script header's `window.scale`.
    public var pointScale = 0.0
    /// Render offscreen through EGL (SDL's offscreen driver); no display needed.
    public var headless = false
    /// Ask for vertical sync (ignored headless, where there is no display to sync to).
    public var vsync = true
    /// Multisample anti-aliasing samples per pixel for the scene (0: 4; 1 turns it off; at most 16).
    public var msaaSamples = 0
    /// Pace frames to at most this many per second (0: no cap).
    public var fpsCap = 0
    /// Stop after this many frames (0: until quit; a replay or benchmark sets its own count).
    public var frames = 0
    /// When set, every frame advances the frame clock (animations, the simulation) by exactly this much, whatever
    /// the wall clock says: runs whose pictures must not depend on the machine's speed (a replay uses its script's
    /// clock instead).
    public var fixedFrameDuration: Nanoseconds?
    /// TrueType font for the overlay ("": DejaVu Sans).
    public var fontPath = ""
    /// The app's route to open on ("": its default); a recording keeps it as the header's `route` option, a replay
    /// takes it from there.
    public var initialRoute = ""
    /// The route names the app knows; a script header's `route` outside them is refused before the window opens
    /// (empty: any name passes here and the app checks it when it starts).
    public var routeNames: [String] = []
    /// Show the performance HUD from the start (F1 toggles it).
    public var showsHUD = false
    /// Print one line per routing decision to standard output (`route: ...`).
    public var tracesRouting = false
    /// Write every bus message as JSON Lines to this file ("": no log).
    public var busLogPath = ""
    /// Overlay compositing strategy.
    public var compositing = OverlayCompositing.automatic
    /// glFinish before timing the present (nil: on when headless, where a swap waits for nothing).
    public var finishesBeforePresent: Bool?
    /// Replay a script (nil: the platform's input).
    public var replay: ReplayDescription?
    /// Record every input event to this script ("": no recording).
    public var recordingPath = ""
    /// Frames to buffer before the recorder writes (0: 30; a record run flushes often so little is lost).
    public var recordingBufferFrames = 0
    /// Screenshots to save.
    public var screenshots: [ScreenshotRequest] = []
    /// Write the overlay's view tree as JSON at these frames (`--dump-views-at FRAME:PATH`; the same JSON as
    /// `--dump-views`, without stopping the run).
    public var viewDumps: [ScreenshotRequest] = []
    /// Collect frame times for a summary at the end (`--stats`).
    public var collectsFrameTimes = false
    /// Benchmark the run (nil: not a benchmark).
    public var benchmark: BenchmarkDescription?
    /// Stop after the first frame and keep the overlay's view tree for a dump (`--dump-views`).
    public var dumpsViews = false
    /// Stop at SIGINT/SIGTERM after the current frame (the CLI's default; tests leave it off).
    public var stopsOnInterrupt = false
    /// Serve the inspector page and the bus over HTTP/WebSocket (`--inspect`; nil: no socket at all).
    public var inspector: InspectorSettings?
    /// Every animation runs this many times slower (`--slow-animations`; 0: normal speed, 1). Allowed: 0.01...100.
    /// Recorded in a script's header (`slowAnimations`) and used by its replay unless set here.
    public var slowAnimations = 0.0

    /// Creates the default description: a 1280x720 window with vsync, running until closed.
    public init() {}

    /// The window size with the default applied.
    public var resolvedWindowSize: PixelSize {
        windowSize.width > 0 && windowSize.height > 0 ? windowSize : PixelSize(width: 1280, height: 720)
    }
    /// The header options a recording of this session writes (`ScriptOption`): what changes the outcome.
    public var scriptOptions: [String: JSONValue] {
        var options: [String: JSONValue] = [:]
        for option in ScriptOption.allCases { options[option.rawValue] = option.recordedValue(of: self) }
        return options
    }

    /// Applies a replayed script's header: its window size and scale, its options (`ScriptOption.apply`), and no
    /// pacing. Throws `scriptOption` for an option it does not know or a value it refuses.
    mutating func apply(_ header: ScriptHeader, path: String) throws(SessionError) {
        for (name, value) in header.options.sorted(by: { $0.key < $1.key }) {
            guard let option = ScriptOption(rawValue: name) else {
                throw .scriptOption(path: path, name: name, reason: "is not an option this replayer knows")
            }
            if let refusal = option.apply(value, to: &self) { throw .scriptOption(path: path, name: name, reason: refusal) }
        }
        windowSize = PixelSize(width: Int(header.windowSize.width.rounded()), height: Int(header.windowSize.height.rounded()))
        pointScale = header.scale
        vsync = false
        fpsCap = 0
    }

    /// The forced scales a session accepts (`pointScale`), in pixels per point.
    public static let pointScaleRange = PlatformOptions.pointScaleRange

    /// The platform options this description opens the window with.
    var platformOptions: PlatformOptions {
        PlatformOptions(title: resolvedTitle, size: resolvedWindowSize, headless: headless, vsync: vsync && !headless,
                        samples: resolvedSamples, pointScale: pointScale)
    }

    /// Why the window cannot open at this size and scale (a scale out of range, a drawable over 16384 pixels on a
    /// side), or nil.
    public var windowProblem: String? { platformOptions.problem }

    /// The title with the default applied.
    public var resolvedTitle: String { title.isEmpty ? "Glasspane" : title }
    /// MSAA samples with the default applied.
    public var resolvedSamples: Int { msaaSamples > 0 ? min(msaaSamples, 16) : 4 }
    /// The slow-down factor with the default applied.
    public var resolvedSlowAnimations: Double { slowAnimations == 0 ? 1 : slowAnimations }
    /// Whether the present is preceded by glFinish.
    public var resolvedFinish: Bool { finishesBeforePresent ?? headless }
}
