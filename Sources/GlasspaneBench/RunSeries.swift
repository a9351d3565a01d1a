// Several runs of one scenario (`glasspane bench --runs N`): each run is a whole report from a fresh process; the
// series reports every metric's median and spread across the runs, and an aggregated report whose figures are the
// per-field medians, so it reads (and serves as a baseline) like a single run while keeping every run's values.
import GlasspaneCore

/// Robust summaries of a handful of values (one per run).
public enum RobustStatistics {
    /// The median: the middle value of the sorted values, or the mean of the two middle ones for an even count.
    /// 0 for no values.
    public static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let mid = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
    }

    /// The median absolute deviation: median(|xᵢ − median(x)|), unscaled. 0 for no values.
    public static func medianAbsoluteDeviation(_ values: [Double]) -> Double {
        let m = median(values)
        return median(values.map { abs($0 - m) })
    }
}

/// One metric across runs: its value in each run and their median, range and median absolute deviation.
public struct RunSpread: Sendable, Equatable {
    /// The value of each run, in run order.
    public var values: [Double]
    /// Median of `values`.
    public var median: Double
    /// Smallest value.
    public var min: Double
    /// Largest value.
    public var max: Double
    /// Median absolute deviation of `values`.
    public var mad: Double

    /// The summary of `values` (one per run; at least one).
    public init(values: [Double]) {
        precondition(!values.isEmpty, "a spread needs at least one run")
        self.values = values
        median = RobustStatistics.median(values)
        min = values.min()!
        max = values.max()!
        mad = RobustStatistics.medianAbsoluteDeviation(values)
    }

    /// (max − min) / |median| in percent: how far apart the runs were (0 when the median is 0).
    public var rangePercent: Double { median == 0 ? 0 : (max - min) / abs(median) * 100 }

    /// The worst run in `direction`: the largest value when higher is worse, the smallest when lower is worse.
    public func worst(_ direction: MetricDirection) -> Double { direction == .higherIsWorse ? max : min }
}

/// The limits and the aggregation of a series of runs.
public enum RunSeries {
    /// The allowed number of runs of `--runs N`: 1 to 50 (each run is a fresh process of a few seconds; more
    /// rarely narrows the median further and only makes the report long).
    public static let allowedRuns = 1...50

    /// The metrics the spread table shows, in order: frame times, frame rates, and the phases that usually
    /// dominate (overlay total, scene, present, HUD).
    public static let tableMetrics = [
        "frame_ms.mean", "frame_ms.p50", "frame_ms.p90", "frame_ms.p99", "frame_ms.p999", "frame_ms.max",
        "fps.average", "fps.one_percent_low", "fps.point_one_percent_low",
        "phases_us.overlay.p50", "phases_us.scene_render.p50", "phases_us.present.p50", "phases_us.hud.p50",
    ]

    /// Checks a run count against `allowedRuns`.
    public static func validate(runs: Int) throws(BenchError) {
        guard allowedRuns.contains(runs) else { throw .runCountOutOfRange(runs: runs, allowed: allowedRuns) }
    }
}

extension BenchReport {
    /// An aggregated report of several runs of one scenario: every figure is the median of that figure over the
    /// runs (counts rounded to the nearest whole frame), the environment is the first run's (with `runs` in its
    /// options' `extra`), and `runs` keeps the runs themselves. Throws `noSamples` for no runs and
    /// `runCountOutOfRange` beyond `RunSeries.allowedRuns`.
    public static func aggregate(runs: [BenchReport]) throws(BenchError) -> BenchReport {
        guard let first = runs.first else { throw .noSamples }
        try RunSeries.validate(runs: runs.count)
        let all = runs.map(\.statistics)
        func med(_ field: (FrameStatistics) -> Double) -> Double { RobustStatistics.median(all.map(field)) }
        func medInt(_ field: (FrameStatistics) -> Int) -> Int { Int(med { Double(field($0)) }.rounded()) }
        func medDuration(_ list: [DurationFigures]) -> DurationFigures {
            func m(_ field: (DurationFigures) -> Double) -> Double { RobustStatistics.median(list.map(field)) }
            return DurationFigures(mean: m(\.mean), p50: m(\.p50), p90: m(\.p90), p99: m(\.p99), max: m(\.max))
        }
        var phases: [FramePhase: DurationFigures] = [:]
        for phase in FramePhase.allCases {
            let list = all.compactMap { $0.phasesUs[phase] }
            if !list.isEmpty { phases[phase] = medDuration(list) }
        }
        var gpu: [GPUPass: DurationFigures] = [:]
        for pass in GPUPass.allCases {
            let list = all.compactMap { $0.gpuUs[pass] }
            if !list.isEmpty { gpu[pass] = medDuration(list) }
        }
        let statistics = FrameStatistics(
            frameCount: medInt(\.frameCount), totalTimeMs: med(\.totalTimeMs), budgetMs: med(\.budgetMs),
            frameMs: FrameTimeFigures(
                mean: med(\.frameMs.mean), min: med(\.frameMs.min), p50: med(\.frameMs.p50), p90: med(\.frameMs.p90),
                p99: med(\.frameMs.p99), p999: med(\.frameMs.p999), max: med(\.frameMs.max)),
            fps: FPSFigures(
                average: med(\.fps.average), onePercentLow: med(\.fps.onePercentLow),
                pointOnePercentLow: med(\.fps.pointOnePercentLow), onePercentPercentile: med(\.fps.onePercentPercentile),
                pointOnePercentPercentile: med(\.fps.pointOnePercentPercentile)),
            onePercentLowFrameCount: medInt(\.onePercentLowFrameCount),
            pointOnePercentLowFrameCount: medInt(\.pointOnePercentLowFrameCount),
            stutterShare: med(\.stutterShare), stutterFrameCount: medInt(\.stutterFrameCount),
            overBudgetShare: med(\.overBudgetShare), overBudgetFrameCount: medInt(\.overBudgetFrameCount),
            phasesUs: phases, overlayUs: medDuration(all.map(\.overlayUs)), gpuUs: gpu)
        var environment = first.environment
        environment.options?.extra["runs"] = String(runs.count)
        var report = BenchReport(scenario: first.scenario, statistics: statistics, environment: environment)
        report.gpuTiming = first.gpuTiming ?? report.gpuTiming
        report.runs = runs.map { var run = $0; run.runs = []; return run }
        return report
    }

    /// The number of runs behind the figures: `runs.count`, or 1 for a single-run report.
    public var runCount: Int { max(1, runs.count) }

    /// A metric's value in each run (the report's own value for a single-run report); nil when the metric is not
    /// a key of this report or of one of its runs.
    public func runValues(_ key: String) -> [Double]? {
        guard !runs.isEmpty else { return metrics[key].map { [$0] } }
        var values: [Double] = []
        for run in runs {
            guard let v = run.metrics[key] else { return nil }
            values.append(v)
        }
        return values
    }

    /// A metric's spread across the runs; nil when it is missing from a run.
    public func spread(of key: String) -> RunSpread? { runValues(key).map(RunSpread.init(values:)) }

    /// The spread of every metric present in all runs, by dotted name (the JSON's `run_spread`).
    public var runSpreads: [String: RunSpread] {
        var out: [String: RunSpread] = [:]
        for key in metrics.keys { if let s = spread(of: key) { out[key] = s } }
        return out
    }

    /// The terminal table of a multi-run report: per metric of `RunSeries.tableMetrics` (those present), the
    /// median, minimum, maximum, median absolute deviation and the range in percent of the median. Ends with a
    /// newline.
    public func runSpreadTable() -> String {
        var rows: [[String]] = []
        for key in RunSeries.tableMetrics {
            guard let s = spread(of: key) else { continue }
            let decimals = key.hasPrefix("frame_ms") ? 3 : 1
            rows.append([key] + [s.median, s.min, s.max, s.mad].map { FixedPoint.format($0, decimals: decimals) }
                        + [FixedPoint.format(s.rangePercent, decimals: 1) + " %"])
        }
        var out = "glasspane bench: \(scenario), \(runCount) runs of \(environment.options?.frames ?? statistics.frameCount) frames"
        if let o = environment.options { out += ", \(o.width)x\(o.height)\(o.headless ? ", headless" : "")" }
        out += "\n"
        if let renderer = environment.glRenderer { out += "GL: \(renderer)\n" }
        out += "\n"
        out += TextTable(header: ["metric (across runs)", "median", "min", "max", "MAD", "range"], rows: rows).render()
        return out + "\n"
    }
}
