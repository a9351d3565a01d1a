// Frame-time statistics with the definitions of MangoHud, CapFrameX and PresentMon (docs/bench.md).
// Percentiles come from HdrHistogram (3 significant digits, nanosecond values); means, sums, minimum and
// maximum are exact; the 1% / 0.1% lows average the exact slowest frames.
import GlasspaneCore
import Histogram

/// Knobs of the statistics; the defaults are the documented ones.
public struct StatisticsOptions: Sendable, Equatable {
    /// The frame budget for `over_budget_share`, in nanoseconds (default 16.67 ms, 60 Hz).
    public var budgetNs: Nanoseconds
    /// A frame is a stutter when it is longer than this factor times the moving average (default 2.5).
    public var stutterFactor: Double
    /// How many previous frames the moving average spans (default 20).
    public var stutterWindow: Int

    /// The 60 Hz budget: 1/60 s rounded to the nanosecond.
    public static let budget60Hz: Nanoseconds = FrameBudget.at60Hz

    /// Creates options; every argument defaults to the documented value.
    public init(budgetNs: Nanoseconds = StatisticsOptions.budget60Hz, stutterFactor: Double = 2.5, stutterWindow: Int = 20) {
        self.budgetNs = budgetNs
        self.stutterFactor = stutterFactor
        self.stutterWindow = stutterWindow
    }

    /// Throws when an option is out of range.
    public func validate() throws(BenchError) {
        if budgetNs <= 0 { throw .invalidOption(name: "budget", reason: "must be positive") }
        if !(stutterFactor > 1) { throw .invalidOption(name: "stutter factor", reason: "must be greater than 1") }
        if stutterWindow < 1 { throw .invalidOption(name: "stutter window", reason: "must be at least 1 frame") }
    }
}

/// Summary of frame times in milliseconds (`frame_ms.*`).
public struct FrameTimeFigures: Sendable, Equatable, Codable {
    /// Arithmetic mean.
    public var mean: Double
    /// Shortest frame (exact).
    public var min: Double
    /// Median (HdrHistogram).
    public var p50: Double
    /// 90th percentile (HdrHistogram).
    public var p90: Double
    /// 99th percentile (HdrHistogram).
    public var p99: Double
    /// 99.9th percentile (HdrHistogram).
    public var p999: Double
    /// Longest frame (exact).
    public var max: Double

    /// Creates the figures.
    public init(mean: Double, min: Double, p50: Double, p90: Double, p99: Double, p999: Double, max: Double) {
        self.mean = mean
        self.min = min
        self.p50 = p50
        self.p90 = p90
        self.p99 = p99
        self.p999 = p999
        self.max = max
    }
}

/// Frame rates (`fps.*`).
public struct FPSFigures: Sendable, Equatable, Codable {
    /// N × 1000 / sum of frame times in ms.
    public var average: Double
    /// 1000 / mean of the slowest max(1, ⌊N × 0.01⌋) frame times in ms.
    public var onePercentLow: Double
    /// 1000 / mean of the slowest max(1, ⌊N × 0.001⌋) frame times in ms.
    public var pointOnePercentLow: Double
    /// The 1 % percentile FPS (CapFrameX's "P1"): 1000 / the 99th-percentile frame time in ms.
    public var onePercentPercentile: Double
    /// The 0.1 % percentile FPS ("P0.1"): 1000 / the 99.9th-percentile frame time in ms.
    public var pointOnePercentPercentile: Double

    enum CodingKeys: String, CodingKey {
        case average
        case onePercentLow = "one_percent_low"
        case pointOnePercentLow = "point_one_percent_low"
        case onePercentPercentile = "one_percent_percentile"
        case pointOnePercentPercentile = "point_one_percent_percentile"
    }

    /// Creates the figures; the percentile FPS default to 0 (unknown: reports from before they existed).
    public init(average: Double, onePercentLow: Double, pointOnePercentLow: Double,
                onePercentPercentile: Double = 0, pointOnePercentPercentile: Double = 0) {
        self.average = average
        self.onePercentLow = onePercentLow
        self.pointOnePercentLow = pointOnePercentLow
        self.onePercentPercentile = onePercentPercentile
        self.pointOnePercentPercentile = pointOnePercentPercentile
    }

    /// Decodes the figures; the percentile FPS may be absent (older reports), then 0 until derived from `frame_ms`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        average = try c.decode(Double.self, forKey: .average)
        onePercentLow = try c.decode(Double.self, forKey: .onePercentLow)
        pointOnePercentLow = try c.decode(Double.self, forKey: .pointOnePercentLow)
        onePercentPercentile = try c.decodeIfPresent(Double.self, forKey: .onePercentPercentile) ?? 0
        pointOnePercentPercentile = try c.decodeIfPresent(Double.self, forKey: .pointOnePercentPercentile) ?? 0
    }

    /// 1000 / a frame time in ms; 0 for a frame time of 0.
    static func fps(frameMs: Double) -> Double { frameMs > 0 ? 1000 / frameMs : 0 }
}

/// Summary of a per-frame duration in microseconds (`phases_us.<phase>.*`, `gpu_us.<pass>.*`).
public struct DurationFigures: Sendable, Equatable, Codable {
    /// Arithmetic mean (exact).
    public var mean: Double
    /// Median (HdrHistogram).
    public var p50: Double
    /// 90th percentile (HdrHistogram).
    public var p90: Double
    /// 99th percentile (HdrHistogram).
    public var p99: Double
    /// Largest value (exact).
    public var max: Double

    /// Creates the figures.
    public init(mean: Double, p50: Double, p90: Double, p99: Double, max: Double) {
        self.mean = mean
        self.p50 = p50
        self.p90 = p90
        self.p99 = p99
        self.max = max
    }
}

/// Every figure of a run, computed from its samples.
public struct FrameStatistics: Sendable, Equatable {
    /// Number of measured frames (N).
    public var frameCount: Int
    /// Sum of all frame times, in milliseconds.
    public var totalTimeMs: Double
    /// The budget used for `overBudgetShare`, in milliseconds.
    public var budgetMs: Double
    /// Frame-time summary.
    public var frameMs: FrameTimeFigures
    /// Frame rates.
    public var fps: FPSFigures
    /// Number of frames averaged for the 1% low: max(1, ⌊N × 0.01⌋).
    public var onePercentLowFrameCount: Int
    /// Number of frames averaged for the 0.1% low: max(1, ⌊N × 0.001⌋).
    public var pointOnePercentLowFrameCount: Int
    /// Share (0...1) of total time spent in stutter frames.
    public var stutterShare: Double
    /// Number of stutter frames.
    public var stutterFrameCount: Int
    /// Share (0...1) of frames strictly longer than the budget.
    public var overBudgetShare: Double
    /// Number of frames strictly longer than the budget.
    public var overBudgetFrameCount: Int
    /// CPU time per phase, in microseconds.
    public var phasesUs: [FramePhase: DurationFigures]
    /// The overlay's own CPU cost (layout + paint + render, summed per frame), in microseconds.
    public var overlayUs: DurationFigures
    /// GPU time per pass, in microseconds, over the frames where the pass was measured; absent passes are missing.
    public var gpuUs: [GPUPass: DurationFigures]
    /// The frame thread's CPU time per phase, in microseconds (`bench --thread-cpu`); empty when not measured.
    public var threadCPUPhasesUs: [FramePhase: DurationFigures] = [:]
    /// The overlay's thread CPU time (layout + paint + render, summed per frame); nil when not measured.
    public var threadCPUOverlayUs: DurationFigures? = nil

    /// Creates statistics from figures already computed (used when decoding a report).
    public init(
        frameCount: Int, totalTimeMs: Double, budgetMs: Double, frameMs: FrameTimeFigures, fps: FPSFigures,
        onePercentLowFrameCount: Int, pointOnePercentLowFrameCount: Int,
        stutterShare: Double, stutterFrameCount: Int, overBudgetShare: Double, overBudgetFrameCount: Int,
        phasesUs: [FramePhase: DurationFigures], overlayUs: DurationFigures, gpuUs: [GPUPass: DurationFigures]
    ) {
        self.frameCount = frameCount
        self.totalTimeMs = totalTimeMs
        self.budgetMs = budgetMs
        self.frameMs = frameMs
        self.fps = fps
        self.onePercentLowFrameCount = onePercentLowFrameCount
        self.pointOnePercentLowFrameCount = pointOnePercentLowFrameCount
        self.stutterShare = stutterShare
        self.stutterFrameCount = stutterFrameCount
        self.overBudgetShare = overBudgetShare
        self.overBudgetFrameCount = overBudgetFrameCount
        self.phasesUs = phasesUs
        self.overlayUs = overlayUs
        self.gpuUs = gpuUs
    }

    /// Computes every figure from the measured samples (warmup frames must already be excluded).
    public init(samples: [FrameSample], options: StatisticsOptions = StatisticsOptions()) throws(BenchError) {
        try options.validate()
        guard !samples.isEmpty else { throw .noSamples }
        let frameTimes = samples.map { Swift.max(0, $0.frameTimeNs) }
        let n = frameTimes.count
        let totalNs = frameTimes.reduce(0, +)

        frameCount = n
        totalTimeMs = Double(totalNs) / 1e6
        budgetMs = Double(options.budgetNs) / 1e6

        let histogram = Self.histogram(of: frameTimes)
        frameMs = FrameTimeFigures(
            mean: Double(totalNs) / Double(n) / 1e6,
            min: Double(frameTimes.min()!) / 1e6,
            p50: Double(histogram.valueAtPercentile(50)) / 1e6,
            p90: Double(histogram.valueAtPercentile(90)) / 1e6,
            p99: Double(histogram.valueAtPercentile(99)) / 1e6,
            p999: Double(histogram.valueAtPercentile(99.9)) / 1e6,
            max: Double(frameTimes.max()!) / 1e6)

        // Slowest frames first; the lows average exact values, so a sort (not the histogram) is right here.
        let slowestFirst = frameTimes.sorted(by: >)
        onePercentLowFrameCount = Self.lowFrameCount(n: n, divisor: 100)
        pointOnePercentLowFrameCount = Self.lowFrameCount(n: n, divisor: 1000)
        fps = FPSFigures(
            average: Self.fps(totalNs: totalNs, frames: n),
            onePercentLow: Self.fps(totalNs: slowestFirst.prefix(onePercentLowFrameCount).reduce(0, +), frames: onePercentLowFrameCount),
            pointOnePercentLow: Self.fps(
                totalNs: slowestFirst.prefix(pointOnePercentLowFrameCount).reduce(0, +), frames: pointOnePercentLowFrameCount),
            onePercentPercentile: FPSFigures.fps(frameMs: frameMs.p99),
            pointOnePercentPercentile: FPSFigures.fps(frameMs: frameMs.p999))

        let stutter = Self.stutterFrames(frameTimes, factor: options.stutterFactor, window: options.stutterWindow)
        let stutterNs = stutter.reduce(0) { $0 + frameTimes[$1] }
        stutterFrameCount = stutter.count
        stutterShare = totalNs > 0 ? Double(stutterNs) / Double(totalNs) : 0

        overBudgetFrameCount = frameTimes.reduce(0) { $0 + ($1 > options.budgetNs ? 1 : 0) }
        overBudgetShare = Double(overBudgetFrameCount) / Double(n)

        var phases: [FramePhase: DurationFigures] = [:]
        for phase in FramePhase.allCases {
            phases[phase] = Self.durationFigures(samples.map { $0.cpuNs[phase] })!
        }
        phasesUs = phases
        overlayUs = Self.durationFigures(samples.map { $0.cpuNs.overlayTotal })!

        var gpu: [GPUPass: DurationFigures] = [:]
        for pass in GPUPass.allCases {
            if let figures = Self.durationFigures(samples.compactMap { $0.gpuNs[pass] }) { gpu[pass] = figures }
        }
        gpuUs = gpu

        // Measured on every sample or on none (one run's setting).
        let threadCPU = samples.compactMap(\.threadCPUNs)
        if threadCPU.count == samples.count {
            for phase in FramePhase.allCases {
                threadCPUPhasesUs[phase] = Self.durationFigures(threadCPU.map { $0[phase] })!
            }
            threadCPUOverlayUs = Self.durationFigures(threadCPU.map(\.overlayTotal))
        }
    }

    /// The number of slowest frames averaged for a "low" figure: max(1, ⌊n / divisor⌋), i.e. divisor 100 for
    /// the 1% low and 1000 for the 0.1% low (integer division, so no floating-point edge cases).
    public static func lowFrameCount(n: Int, divisor: Int) -> Int {
        Swift.max(1, n / divisor)
    }

    /// Indices of the stutter frames: frame i (i ≥ 1) is a stutter when its time is strictly greater than
    /// `factor` × the mean of the previous `window` frames (fewer at the start of the run; all of them raw,
    /// stutters included). The first frame has no history and is never a stutter.
    public static func stutterFrames(_ frameTimesNs: [Nanoseconds], factor: Double, window: Int) -> [Int] {
        var result: [Int] = []
        var windowSum: Nanoseconds = 0
        for i in frameTimesNs.indices {
            let count = Swift.min(i, window)
            if count > 0, Double(frameTimesNs[i]) > factor * Double(windowSum) / Double(count) {
                result.append(i)
            }
            windowSum += frameTimesNs[i]
            if i >= window { windowSum -= frameTimesNs[i - window] }
        }
        return result
    }

    /// 1000 / mean frame ms = frames × 1e9 / total ns; 0 when no time passed.
    static func fps(totalNs: Nanoseconds, frames: Int) -> Double {
        totalNs > 0 ? Double(frames) * 1e9 / Double(totalNs) : 0
    }

    /// A 3-significant-digit, auto-resizing histogram of nanosecond values (negative values clamp to 0).
    static func histogram(of valuesNs: [Nanoseconds]) -> Histogram<UInt64> {
        var histogram = Histogram<UInt64>(numberOfSignificantValueDigits: .three)
        for v in valuesNs { histogram.record(UInt64(Swift.max(0, v))) }
        return histogram
    }

    /// Mean, percentiles and max in µs of nanosecond values; nil when there are none.
    static func durationFigures(_ valuesNs: [Nanoseconds]) -> DurationFigures? {
        guard !valuesNs.isEmpty else { return nil }
        let clamped = valuesNs.map { Swift.max(0, $0) }
        let histogram = histogram(of: clamped)
        return DurationFigures(
            mean: Double(clamped.reduce(0, +)) / Double(clamped.count) / 1e3,
            p50: Double(histogram.valueAtPercentile(50)) / 1e3,
            p90: Double(histogram.valueAtPercentile(90)) / 1e3,
            p99: Double(histogram.valueAtPercentile(99)) / 1e3,
            max: Double(clamped.max()!) / 1e3)
    }
}
