// Frame-time observers: `--stats` figures and benchmark samples, both summarised by GlasspaneBench's
// `FrameStatistics` (one definition of every figure).
import Foundation
import GlasspaneBench
import GlasspaneCore
import GlasspaneHost
import GlasspaneRender

/// Collects frame times (the first frame excluded: it has no predecessor) for the `--stats` summary.
@MainActor
public final class FrameTimeCollector: FrameObserver {
    /// Frame times in nanoseconds.
    public private(set) var frameTimes: [Nanoseconds] = []

    init(expectedFrames: Int) { frameTimes.reserveCapacity(expectedFrames > 0 ? expectedFrames : 10_000) }

    /// Keeps the frame's time.
    public func frameDidEnd(_ loop: FrameLoop, report: FrameReport) {
        if report.frameIndex > 0 { frameTimes.append(report.frameTime) }
    }

    /// The statistics of what was collected; nil before two frames ran.
    public func statistics() -> FrameStatistics? {
        try? FrameStatistics(samples: FrameSample.fromFrameTimes(frameTimes))
    }
}

/// Samples every measured frame (after the warm-up) with its per-phase CPU times and GPU pass times.
@MainActor
public final class BenchmarkSampler: FrameObserver {
    /// The benchmark's settings.
    public let description: BenchmarkDescription
    /// The measured frames.
    public private(set) var samples: [FrameSample] = []
    /// nil with `timesGPUPasses` off: no query object exists and no GL call is made for timing.
    private let gpu: GPUPassTimer?
    private var lastPresent: Nanoseconds?
    private var runStart: Nanoseconds = 0
    private let progressEvery: Int

    init(description: BenchmarkDescription) {
        self.description = description
        gpu = description.timesGPUPasses ? GPUPassTimer(passCount: RenderPass.allCases.count) : nil
        samples.reserveCapacity(description.resolvedMeasuredFrames)
        progressEvery = max(1, description.resolvedMeasuredFrames / 10)
    }

    /// False when the benchmark was asked not to time GPU passes (`--no-gpu-timing`).
    public var timesGPUPasses: Bool { gpu != nil }

    /// GPU timer queries around each pass (nothing with GPU timing off).
    public func renderPass(_ pass: RenderPass, begins: Bool) {
        guard let gpu else { return }
        begins ? gpu.begin(pass.index) : gpu.end(pass.index)
    }

    /// Turns the frame's report into a sample once the warm-up is over.
    public func frameDidEnd(_ loop: FrameLoop, report: FrameReport) {
        defer { lastPresent = report.presentedAt }
        guard report.frameIndex >= description.warmupFrames, let previous = lastPresent else { return }
        if samples.isEmpty { runStart = previous }
        var cpu = PhaseTimes()
        for phase in FramePhase.allCases { cpu[phase] = report[phase] }
        var gpuTimes = GPUTimes() // an `if let`, not a closure: main-actor closures are checked at run time per call
        if let gpu { gpuTimes = GPUTimes(scene: gpu.result(RenderPass.scene.index), overlay: gpu.result(RenderPass.overlay.index)) }
        var threadCPU: PhaseTimes?
        if let times = report.phaseThreadCPUTimes {
            var t = PhaseTimes()
            for phase in FramePhase.allCases { t[phase] = times[phase.ordinal] }
            threadCPU = t
        }
        samples.append(FrameSample(index: samples.count, timestampNs: report.presentedAt - runStart,
                                   frameTimeNs: report.presentedAt - previous, cpuNs: cpu, gpuNs: gpuTimes,
                                   threadCPUNs: threadCPU))
        let total = description.resolvedMeasuredFrames
        if description.reportsProgress && (samples.count % progressEvery == 0 || samples.count == total) {
            FileHandle.standardError.write(Data("bench: \(description.scenario) \(samples.count)/\(total) frames\n".utf8))
        }
    }
}

extension Session {
    /// The benchmark's report: statistics of the measured frames, the environment (GL renderer and version, CPU,
    /// build, commit) and the run's options. Throws `noSamples` when nothing was measured (interrupted in warm-up).
    public func benchmarkReport(extraOptions: [String: String] = [:]) throws(BenchError) -> BenchReport {
        guard let sampler = benchmark else { throw .noSamples }
        let statistics = try FrameStatistics(samples: sampler.samples)
        var environment = BenchEnvironment.detect()
        environment.gitCommit = BuildInfo.commit   // stamped at build time, whatever the working directory
        platform.makeContextCurrent() // the caller may run on another thread than the frames did
        let gl = GLInfo.current()
        environment.glRenderer = gl.renderer
        environment.glVersion = gl.version
        let size = description.resolvedWindowSize
        var extra = extraOptions
        extra["driver"] = platform.videoDriver
        extra["overlay_compositing"] = description.compositing.rawValue
        extra["hud"] = description.showsHUD ? "on" : "off"
        extra["msaa"] = String(description.resolvedSamples)
        extra["gpu_timing"] = sampler.timesGPUPasses ? "on" : "off"
        extra["thread_cpu"] = sampler.description.measuresThreadCPU ? "on" : "off"
        environment.options = BenchRunOptions(
            scenario: sampler.description.scenario, frames: sampler.description.resolvedMeasuredFrames,
            warmup: sampler.description.warmupFrames, width: size.width, height: size.height,
            headless: description.headless, finish: description.resolvedFinish,
            script: description.replay?.scriptPath, extra: extra)
        var report = BenchReport(scenario: sampler.description.scenario, statistics: statistics, environment: environment)
        if !sampler.timesGPUPasses { report.gpuTiming = BenchReport.gpuTimingOff }
        return report
    }
}

/// What a finished benchmark printed and how it ended.
public struct BenchmarkResult: Sendable {
    /// The lines to print: the table, the files written, the baseline comparison.
    public var lines: [String]
    /// Errors to show on standard error (nothing measured, a file that could not be written).
    public var errors: [String] = []
    /// 0 done, 1 a regression against the baseline, 2 nothing measured, or the report error's code.
    public var exitCode: Int32
}

extension Session {
    /// Builds the report, writes the requested files and compares with the baseline.
    public func finishBenchmark() -> BenchmarkResult {
        guard let b = description.benchmark else { return BenchmarkResult(lines: [], exitCode: 0) }
        var lines: [String] = []
        do {
            let report = try benchmarkReport()
            lines.append(report.textTable())
            if !b.jsonPath.isEmpty { try report.writeJSON(to: b.jsonPath); lines.append("json: \(b.jsonPath)\n") }
            let samples = benchmark?.samples ?? []
            if !b.csvPath.isEmpty { try FrameCSV(processID: getpid(), gpuTimingOff: !b.timesGPUPasses).write(samples, to: b.csvPath); lines.append("csv: \(b.csvPath)\n") }
            if !b.svgPath.isEmpty {
                try FrameTimeChart(title: "glasspane bench: \(b.scenario)").write(samples: samples, statistics: report.statistics,
                                                                                   environment: report.environment, to: b.svgPath)
                lines.append("svg: \(b.svgPath)\n")
            }
            if !b.mangoHudCSVPath.isEmpty {
                try MangoHudCSV(environment: report.environment).write(samples, to: b.mangoHudCSVPath)
                lines.append("mangohud csv: \(b.mangoHudCSVPath)\n")
            }
            if !b.baselinePath.isEmpty {
                let comparison = try BaselineComparison.compare(current: report, baselinePath: b.baselinePath,
                                                                maxRegressionPercent: b.maxRegressionPercent)
                lines.append(comparison.textTable())
                return BenchmarkResult(lines: lines, exitCode: comparison.exitCode)
            }
            return BenchmarkResult(lines: lines, exitCode: 0)
        } catch .noSamples {
            return BenchmarkResult(lines: lines, errors: ["no frames were measured (interrupted during warmup?)"], exitCode: 2)
        } catch {
            return BenchmarkResult(lines: lines, errors: [error.description], exitCode: error.exitCode)
        }
    }

    /// The `--stats` summary: renderer, time to first frame (from `mainEntered`), frame-time figures, pacing error.
    public func statisticsLines(mainEntered: Nanoseconds) -> [String] {
        var lines = [rendererSummary]
        if let first = loop.firstPresentTime {
            lines.append(String(format: "first frame presented %.1f ms after main()", Double(first - mainEntered) / 1e6))
        }
        if let s = frameTimes?.statistics() {
            lines.append(String(format: "frames %d | frame time median %.3f ms, p99 %.3f ms, max %.3f ms | %.0f fps average",
                                loop.frameIndex, s.frameMs.p50, s.frameMs.p99, s.frameMs.max, s.fps.average))
        }
        let pacing = loop.pacingErrors.map { max(0, $0) / 1000 }.sorted()
        if !pacing.isEmpty {
            lines.append("fps-cap pacing error: median \(pacing[pacing.count / 2]) µs, p99 \(pacing[min(pacing.count - 1, pacing.count * 99 / 100)]) µs")
        }
        return lines
    }
}
