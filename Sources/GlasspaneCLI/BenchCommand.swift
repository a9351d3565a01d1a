// `glasspane bench`: frame-time benchmarks of a scenario, uncapped, with reports other tools load.
import ArgumentParser
import Foundation
import GlasspaneBench
import GlasspaneCore
import GlasspaneDraw
import GlasspaneDemo
import GlasspaneRuntime

/// What the bench renders.
public enum BenchScenario: String, ExpressibleByArgument, CaseIterable, Sendable {
    /// The cube alone (no overlay panel).
    case cube
    /// The cube with the picker panel.
    case demo
    /// The cube with 1,000 animated overlay views.
    case stress
    /// The cube with a 3-column list of `--list-rows` rows (10,000) in a 560x600 panel.
    case list
    /// The cube with an 8-column lazy grid of `--grid-items` items (10,000) in a 560x600 panel.
    case grid
}

extension OverlayCompositing: ExpressibleByArgument {}

/// Runs a scenario for N frames and reports frame-time statistics.
public struct BenchCommand: AsyncParsableCommand, Sendable {
    /// Name and help.
    public static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure frame times of a scenario (uncapped) and write reports.",
        discussion: """
            Metrics follow MangoHud/CapFrameX/PresentMon definitions (docs/bench.md). Exit codes: 0 done (and no regression), 1 a metric regressed beyond --max-regression against --baseline, 2 bad input.
            Examples:
              glasspane bench --scenario demo --headless --json demo.json
              glasspane bench --headless --baseline demo.json --max-regression 10
              glasspane bench --scenario cube --headless --runs 5 --json cube.json
              glasspane bench --scenario grid --headless --script Examples/Scripts/bench/grid-scroll.jsonl --screenshot-at 300:grid.png
            """)

    /// Scenario.
    @Option(name: .long, help: "cube (the cube alone), demo (with the picker panel), stress (1,000 animated overlay views), list (a 3-column list of --list-rows rows) or grid (an 8-column lazy grid of --grid-items items).")
    public var scenario: BenchScenario = .demo

    /// Rows of the list scenario.
    @Option(name: .customLong("list-rows"), help: ArgumentHelp("Rows of the list scenario's list (1 to 1,000,000; default 10,000).", valueName: "N"))
    public var listRows: Int = 10_000

    /// Items of the grid scenario.
    @Option(name: .customLong("grid-items"), help: ArgumentHelp("Items of the grid scenario's grid (1 to 1,000,000; default 10,000).", valueName: "N"))
    public var gridItems: Int = 10_000

    /// Screenshots of the scenario.
    @Option(name: .customLong("screenshot-at"), help: ArgumentHelp("Save a PNG at a frame (warmup frames count; the frame it is read back in is slower); FRAME may be 'last'. Repeatable; not with --runs.", valueName: "FRAME:PATH"))
    public var screenshotAt: [String] = []

    /// Input script driving the scenario.
    @Option(name: .long, help: ArgumentHelp("Drive the scenario with an input script (replayed on the recorded frame clock).", valueName: "FILE"))
    public var script: String?

    /// Measured frames.
    @Option(name: .long, help: ArgumentHelp("Frames to measure.", valueName: "N"))
    public var frames: Int = 1000

    /// Warmup frames.
    @Option(name: .long, help: ArgumentHelp("Frames to run before measuring.", valueName: "N"))
    public var warmup: Int = 60

    /// Window size.
    @Option(name: .long, help: ArgumentHelp("Window size in points, WIDTHxHEIGHT.", valueName: "WxH"))
    public var size: String = "1280x720"

    /// Offscreen.
    @Flag(name: .long, help: "Render offscreen through EGL; no display needed.")
    public var headless = false

    /// glFinish before timing the present.
    @Flag(name: .long, inversion: .prefixedNo, help: "glFinish before timing the present (default: on when headless, where a swap waits for nothing).")
    public var finish: Bool?

    /// MSAA samples.
    @Option(name: .long, help: ArgumentHelp("Multisample anti-aliasing samples per pixel: 1 (off), 2, 4 (default, as the demo), 8 or 16.", valueName: "N"))
    public var msaa: Int = 4

    /// Show the HUD (its cost is reported as the hud phase).
    @Flag(name: .long, help: "Show the performance HUD during the run (its cost is the hud phase).")
    public var hud = false

    /// Overlay compositing strategy.
    @Option(name: .customLong("overlay-compositing"), help: "How the overlay reaches the frame: automatic (default), cached or direct (docs/overlay.md).")
    public var overlayCompositing: OverlayCompositing = .automatic

    /// Issue no GL timer queries (what a user of the demo gets; the reports say GPU timing was off).
    @Flag(name: .customLong("no-gpu-timing"), help: "Issue no GL timer queries, so the run draws exactly what the demo draws; the reports say GPU timing was off (docs/bench.md).")
    public var noGPUTiming = false

    /// Also measure the frame thread's CPU time per phase.
    @Flag(name: .customLong("thread-cpu"), help: "Also read the frame thread's CPU time at every change of phase: the reports add each phase's thread CPU time (phases_thread_cpu_us), which leaves out time the thread waited or was preempted, e.g. by llvmpipe's rasterizer threads (docs/bench.md).")
    public var threadCPU = false

    /// JSON report.
    @Option(name: .long, help: ArgumentHelp("Write the JSON report (schema in docs/bench.md).", valueName: "PATH"))
    public var json: String?

    /// CSV per frame.
    @Option(name: .long, help: ArgumentHelp("Write a per-frame CSV (PresentMon/CapFrameX columns plus phases).", valueName: "PATH"))
    public var csv: String?

    /// SVG chart.
    @Option(name: .long, help: ArgumentHelp("Write an SVG chart of frame times with percentile lines.", valueName: "PATH"))
    public var svg: String?

    /// MangoHud-format CSV.
    @Option(name: .customLong("mangohud-csv"), help: ArgumentHelp("Write the frames in MangoHud's CSV log format (unmeasured sensors as 0; docs/bench.md).", valueName: "PATH"))
    public var mangoHudCSV: String?

    /// Baseline JSON.
    @Option(name: .long, help: ArgumentHelp("Compare with an earlier JSON report and print the deltas.", valueName: "PATH"))
    public var baseline: String?

    /// Allowed regression.
    @Option(name: .customLong("max-regression"), help: ArgumentHelp("Fail (exit 1) when a compared metric is worse by more than PCT percent.", valueName: "PCT"))
    public var maxRegression: Double = 10

    /// Repeat the run in fresh processes.
    @Option(name: .long, help: ArgumentHelp("Run the benchmark N times, each in a fresh process, and report each metric's median and spread (1 to 50; docs/bench.md).", valueName: "N"))
    public var runs: Int?

    /// Creates the command.
    public init() {}

    /// Checks the values, naming the option.
    public func validate() throws {
        guard PixelSize(parsing: size) != nil else {
            throw ValidationError("--size '\(size)' is not WIDTHxHEIGHT with positive whole numbers (for example 1280x720).")
        }
        guard (1...ListScreen.maximumRows).contains(listRows) else {
            throw ValidationError("--list-rows must be 1 to \(ListScreen.maximumRows) (got \(listRows)).")
        }
        guard (1...GridScreen.maximumItems).contains(gridItems) else {
            throw ValidationError("--grid-items must be 1 to \(GridScreen.maximumItems) (got \(gridItems)).")
        }
        guard frames >= 1 else { throw ValidationError("--frames must be at least 1 (got \(frames)).") }
        for s in screenshotAt where ScreenshotRequest(argument: s) == nil {
            throw ValidationError("--screenshot-at '\(s)' is not FRAME:PATH (FRAME a frame number or 'last').")
        }
        if runs != nil && !screenshotAt.isEmpty {
            throw ValidationError("--screenshot-at cannot be used with --runs (each run would write the same files).")
        }
        try validateSamples(msaa)
        guard warmup >= 0 else { throw ValidationError("--warmup must be 0 or more (got \(warmup)).") }
        guard maxRegression >= 0, maxRegression.isFinite else { throw ValidationError("--max-regression must be a percentage of 0 or more (got \(maxRegression)).") }
        if let runs, !RunSeries.allowedRuns.contains(runs) {
            throw ValidationError(BenchError.runCountOutOfRange(runs: runs, allowed: RunSeries.allowedRuns).description + ".")
        }
    }

    /// Runs the benchmark and exits with its status.
    public func run() async throws {
        if let runs {
            let code = runSeries(count: runs)
            if code != 0 { throw ExitCode(code) }
            return
        }
        var d = SessionDescription()
        d.windowSize = PixelSize(parsing: size) ?? d.resolvedWindowSize
        d.headless = headless
        d.vsync = false
        d.finishesBeforePresent = finish
        d.showsHUD = hud
        d.msaaSamples = msaa
        d.compositing = overlayCompositing
        d.stopsOnInterrupt = true
        d.screenshots = screenshotAt.compactMap(ScreenshotRequest.init(argument:))
        var b = BenchmarkDescription(warmupFrames: warmup, measuredFrames: frames, scenario: scenario.rawValue)
        (b.jsonPath, b.csvPath, b.svgPath, b.baselinePath) = (json ?? "", csv ?? "", svg ?? "", baseline ?? "")
        b.mangoHudCSVPath = mangoHudCSV ?? ""
        b.maxRegressionPercent = maxRegression
        b.timesGPUPasses = !noGPUTiming
        b.measuresThreadCPU = threadCPU
        d.benchmark = b
        // The script's step rate and frame clock; the bench decides how many frames run.
        if let script { d.replay = ReplayDescription(scriptPath: script, runsWholeScript: false) }
        let content: DemoApp.Content = switch scenario {
        case .cube: DemoApp.Content(showsPanel: false)
        case .demo: DemoApp.Content()
        case .stress: DemoApp.Content(stressViews: 1000)
        case .list: DemoApp.Content(listRows: listRows)
        case .grid: DemoApp.Content(gridItems: gridItems)
        }
        let headline = "bench: \(scenario.rawValue), \(warmup) warmup + \(frames) frames, \(size), \(headless ? "headless" : "window")"
        let code = await runDemoSession(d, content: content, onStart: { session in
            printNote(headline + ", finish \(session.description.resolvedFinish ? "on" : "off")")
            if let screen = (session.app as? DemoApp)?.listScreen {
                printNote(String(format: "list screen: %d rows, opened (built, laid out, painted) in %.3f ms, %d row views",
                                 screen.list.rowCount, screen.openMilliseconds, screen.list.rowsCreated))
            }
            if let screen = (session.app as? DemoApp)?.gridScreen {
                printNote(String(format: "grid screen: %d items, opened (built, laid out, painted) in %.3f ms, %d cell views",
                                 screen.grid.itemCount, screen.openMilliseconds, screen.grid.cellsCreated))
            }
        }) { session, outcome in
            for failure in outcome.expectationFailures { printError(failure) }
            let result = session.finishBenchmark()
            for line in result.lines { print(line, terminator: "") }
            for error in result.errors { printError(error) }
            return result.exitCode
        }
        if code != 0 { throw ExitCode(code) }
    }

    /// `--runs N`: checks the outputs and the baseline first, runs N children, prints the spread table, writes
    /// the aggregated JSON and compares with the baseline. Returns the exit status.
    func runSeries(count: Int) -> Int32 {
        let arguments = Array(CommandLine.arguments.dropFirst())
        var d = SessionDescription()
        var b = BenchmarkDescription(scenario: scenario.rawValue)
        (b.jsonPath, b.baselinePath) = (json ?? "", baseline ?? "")
        d.benchmark = b
        do {
            try d.checkOutputPaths()
            for run in 1...count {
                var perRun = BenchmarkDescription(scenario: scenario.rawValue)
                func perRunPath(_ path: String?) -> String { path.map { BenchRuns.perRunPath($0, run: run) } ?? "" }
                (perRun.csvPath, perRun.svgPath, perRun.mangoHudCSVPath) = (perRunPath(csv), perRunPath(svg), perRunPath(mangoHudCSV))
                d.benchmark = perRun
                try d.checkOutputPaths()
            }
        } catch {
            printError(error.description)
            return error.exitCode
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("glasspane-bench-runs-\(getpid())-\(UUID().uuidString.prefix(8))").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        do throws(BenchError) {
            var baselineReport: BenchReport?
            if let baseline { baselineReport = try BenchReport.load(path: baseline) }
            do { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) } catch {
                throw BenchError.writeFailed(path: directory, reason: String(describing: error))
            }
            let reports = try BenchRuns.collect(count: count, arguments: arguments, directory: directory, progress: printNote)
            let report = try BenchReport.aggregate(runs: reports)
            print(report.runSpreadTable(), terminator: "")
            if let json { try report.writeJSON(to: json); print("json: \(json) (median of \(count) runs, every run kept)") }
            for (option, path) in [("csv", csv), ("svg", svg), ("mangohud csv", mangoHudCSV)] {
                guard let path else { continue }
                print("\(option): " + (1...count).map { BenchRuns.perRunPath(path, run: $0) }.joined(separator: ", "))
            }
            if let baseline, let baselineReport {
                let comparison = try BaselineComparison(current: report, baseline: baselineReport, baselinePath: baseline,
                                                        maxRegressionPercent: maxRegression)
                print(comparison.textTable(), terminator: "")
                return comparison.exitCode
            }
            return 0
        } catch {
            printError(error.description)
            return error.exitCode
        }
    }
}
