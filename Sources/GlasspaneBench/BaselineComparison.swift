// Comparing a run with an earlier report (`--baseline PATH --max-regression PCT`). Every comparable figure has
// a dotted name (`frame_ms.p99`) and a direction; a metric regresses when it moved in its worse direction by
// more than the allowed percentage of the baseline value.

import GlasspaneCore
/// Which way a metric gets worse.
public enum MetricDirection: String, Sendable, Equatable, Codable {
    /// Frame times, phase times, shares: a larger value is worse.
    case higherIsWorse = "higher_is_worse"
    /// Frame rates: a smaller value is worse.
    case lowerIsWorse = "lower_is_worse"
}

extension BenchReport {
    /// Every comparable figure under its dotted JSON name (`frame_ms.p50`, `fps.one_percent_low`,
    /// `phases_us.overlay.p50`, `gpu_us.scene.p99`, `stutter_share`, ...), with the values as written to JSON.
    public var metrics: [String: Double] {
        let s = statistics
        var m: [String: Double] = [:]
        let f = Rounding.ms(s.frameMs)
        for (k, v) in [("mean", f.mean), ("min", f.min), ("p50", f.p50), ("p90", f.p90), ("p99", f.p99), ("p999", f.p999), ("max", f.max)] {
            m["frame_ms.\(k)"] = v
        }
        let fps = Rounding.fps(s.fps)
        m["fps.average"] = fps.average
        m["fps.one_percent_low"] = fps.onePercentLow
        m["fps.point_one_percent_low"] = fps.pointOnePercentLow
        m["fps.one_percent_percentile"] = fps.onePercentPercentile
        m["fps.point_one_percent_percentile"] = fps.pointOnePercentPercentile
        m["stutter_share"] = Rounding.share(s.stutterShare)
        m["over_budget_share"] = Rounding.share(s.overBudgetShare)
        func add(_ prefix: String, _ d: DurationFigures) {
            let r = Rounding.us(d)
            for (k, v) in [("mean", r.mean), ("p50", r.p50), ("p90", r.p90), ("p99", r.p99), ("max", r.max)] { m["\(prefix).\(k)"] = v }
        }
        for (phase, figures) in s.phasesUs { add("phases_us.\(phase.key)", figures) }
        add("phases_us.\(Self.overlayKey)", s.overlayUs)
        for (pass, figures) in s.gpuUs { add("gpu_us.\(pass.key)", figures) }
        for (phase, figures) in s.threadCPUPhasesUs { add("phases_thread_cpu_us.\(phase.key)", figures) }
        if let overlay = s.threadCPUOverlayUs { add("phases_thread_cpu_us.\(Self.overlayKey)", overlay) }
        return m
    }
}

/// One compared metric. With one run on each side it is the plain rule: the regression is the change from the
/// baseline value. With several runs on either side it is the noise-aware rule (docs/bench.md): the regression is
/// how far the current runs' median is beyond the baseline's worst run, so a re-run of the same binary that stays
/// within the baseline's own spread never regresses.
public struct MetricDelta: Sendable, Equatable {
    /// Dotted metric name.
    public var key: String
    /// Which way is worse.
    public var direction: MetricDirection
    /// The baseline's value (the median of its runs).
    public var baseline: Double
    /// This run's value (the median of its runs).
    public var current: Double
    /// The baseline's value in each of its runs (one value for a single-run report).
    public var baselineRuns: [Double]
    /// This report's value in each of its runs (one value for a single run).
    public var currentRuns: [Double]
    /// (current − baseline) / baseline × 100, medians; ±infinity when the baseline is 0 and the value moved, 0
    /// when both are 0.
    public var changePercent: Double
    /// How much worse, in percent: the current median against the baseline's worst run (`baselineWorst`), positive
    /// when worse, negative when better. With one run on each side this is `changePercent` for higher-is-worse
    /// metrics and its negation for lower-is-worse ones.
    public var regressionPercent: Double
    /// Whether `regressionPercent` exceeds the threshold.
    public var regressed: Bool

    /// The baseline's worst run: its largest value for a higher-is-worse metric, its smallest for a lower-is-worse one.
    public var baselineWorst: Double { direction == .higherIsWorse ? baselineRuns.max()! : baselineRuns.min()! }
    /// Whether either side holds more than one run (the noise-aware rule; the plain rule is its one-run case).
    public var isMultiRun: Bool { baselineRuns.count > 1 || currentRuns.count > 1 }

    /// Creates a single-run delta, computing the percentages and the verdict.
    public init(key: String, direction: MetricDirection, baseline: Double, current: Double, maxRegressionPercent: Double) {
        self.init(key: key, direction: direction, baselineRuns: [baseline], currentRuns: [current],
                  maxRegressionPercent: maxRegressionPercent)
    }

    /// Creates a delta from each side's per-run values (at least one each): the current median is compared with
    /// the baseline's worst run.
    public init(key: String, direction: MetricDirection, baselineRuns: [Double], currentRuns: [Double], maxRegressionPercent: Double) {
        precondition(!baselineRuns.isEmpty && !currentRuns.isEmpty, "a delta needs at least one run on each side")
        self.key = key
        self.direction = direction
        self.baselineRuns = baselineRuns
        self.currentRuns = currentRuns
        baseline = RobustStatistics.median(baselineRuns)
        current = RobustStatistics.median(currentRuns)
        changePercent = Self.percentChange(from: baseline, to: current)
        let worst = direction == .higherIsWorse ? baselineRuns.max()! : baselineRuns.min()!
        let beyondWorst = Self.percentChange(from: worst, to: current)
        regressionPercent = direction == .higherIsWorse ? beyondWorst : -beyondWorst
        regressed = regressionPercent > maxRegressionPercent
    }

    /// (to − from) / |from| × 100; ±infinity when `from` is 0 and the value moved, 0 when both are equal.
    static func percentChange(from: Double, to: Double) -> Double {
        if from == to { return 0 }
        if from == 0 { return to > 0 ? .infinity : -.infinity }
        return (to - from) / abs(from) * 100
    }
}

/// The result of comparing a run with a baseline: the deltas and the pass/fail verdict.
public struct BaselineComparison: Sendable, Equatable {
    /// The metrics compared when the caller names none: median and P99 frame time, average FPS and 1% low.
    public static let defaultMetrics = ["frame_ms.p50", "frame_ms.p99", "fps.average", "fps.one_percent_low"]
    /// The exit status for a run that regressed.
    public static let regressionExitCode: Int32 = 1

    /// The baseline file's path (for messages).
    public var baselinePath: String
    /// The allowed regression in percent.
    public var maxRegressionPercent: Double
    /// One row per compared metric, in the order asked.
    public var deltas: [MetricDelta]
    /// Notes for people, e.g. a scenario or frame-size mismatch between the two runs.
    public var warnings: [String]

    /// Whether no compared metric regressed beyond the threshold.
    public var passed: Bool { !deltas.contains { $0.regressed } }
    /// The metrics that regressed.
    public var regressions: [MetricDelta] { deltas.filter(\.regressed) }
    /// The process exit status: 0 when passed, `regressionExitCode` otherwise.
    public var exitCode: Int32 { passed ? 0 : Self.regressionExitCode }

    /// The direction of a comparable metric, or nil when `key` is not one (see docs/bench.md).
    public static func direction(of key: String) -> MetricDirection? {
        let parts = key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        switch parts.first {
        case "fps":
            return parts.count == 2 && ["average", "one_percent_low", "point_one_percent_low", "one_percent_percentile", "point_one_percent_percentile"].contains(parts[1]) ? .lowerIsWorse : nil
        case "frame_ms":
            return parts.count == 2 && ["mean", "min", "p50", "p90", "p99", "p999", "max"].contains(parts[1]) ? .higherIsWorse : nil
        case "stutter_share", "over_budget_share":
            return parts.count == 1 ? .higherIsWorse : nil
        case "phases_us", "phases_thread_cpu_us":
            let names = FramePhase.allCases.map(\.key) + [BenchReport.overlayKey]
            return parts.count == 3 && names.contains(parts[1]) && Self.durationFields.contains(parts[2]) ? .higherIsWorse : nil
        case "gpu_us":
            return parts.count == 3 && GPUPass(rawValue: parts[1]) != nil && Self.durationFields.contains(parts[2]) ? .higherIsWorse : nil
        default:
            return nil
        }
    }

    /// The fields of a duration summary.
    static let durationFields = ["mean", "p50", "p90", "p99", "max"]

    /// Compares `current` with `baseline` on `metrics` (dotted names; `defaultMetrics` when empty).
    /// Throws for a name that is not a comparable metric, one missing from this run, or one missing from the
    /// baseline (naming `baselinePath` and the key).
    public init(
        current: BenchReport, baseline: BenchReport, baselinePath: String,
        metrics keys: [String] = BaselineComparison.defaultMetrics, maxRegressionPercent: Double
    ) throws(BenchError) {
        guard maxRegressionPercent.isFinite, maxRegressionPercent >= 0 else { throw .invalidThreshold(percent: maxRegressionPercent) }
        let keys = keys.isEmpty ? Self.defaultMetrics : keys
        var deltas: [MetricDelta] = []
        for key in keys {
            guard let direction = Self.direction(of: key) else { throw .unknownMetric(key: key) }
            guard let c = current.runValues(key) else { throw .metricUnavailable(key: key) }
            guard let b = baseline.runValues(key) else {
                let run = baseline.runs.firstIndex { $0.metrics[key] == nil }
                throw .baselineMissingKey(path: baselinePath, key: run.map { "runs.\($0).\(key)" } ?? key)
            }
            deltas.append(MetricDelta(key: key, direction: direction, baselineRuns: b, currentRuns: c,
                                      maxRegressionPercent: maxRegressionPercent))
        }
        var warnings: [String] = []
        if current.scenario != baseline.scenario {
            warnings.append("scenario differs: baseline \(baseline.scenario), this run \(current.scenario)")
        }
        if let a = baseline.environment.options, let b = current.environment.options, (a.width, a.height) != (b.width, b.height) {
            warnings.append("size differs: baseline \(a.width)x\(a.height), this run \(b.width)x\(b.height)")
        }
        if let a = baseline.environment.glRenderer, let b = current.environment.glRenderer, a != b {
            warnings.append("GL renderer differs: baseline \(a), this run \(b)")
        }
        self.baselinePath = baselinePath
        self.maxRegressionPercent = maxRegressionPercent
        self.deltas = deltas
        self.warnings = warnings
    }

    /// Loads the baseline file and compares; the one call the CLI needs for `--baseline`.
    public static func compare(
        current: BenchReport, baselinePath: String, metrics: [String] = BaselineComparison.defaultMetrics,
        maxRegressionPercent: Double
    ) throws(BenchError) -> BaselineComparison {
        let baseline = try BenchReport.load(path: baselinePath)
        return try BaselineComparison(
            current: current, baseline: baseline, baselinePath: baselinePath, metrics: metrics,
            maxRegressionPercent: maxRegressionPercent)
    }

    /// The delta table and verdict for the terminal. Ends with a newline. When either side holds several runs the
    /// table shows each side's median and range and the current median's distance from the baseline's worst run.
    public func textTable() -> String {
        let multi = deltas.contains(where: \.isMultiRun)
        func percent(_ p: Double) -> String {
            p.isFinite ? (p > 0 ? "+" : "") + FixedPoint.format(p, decimals: 2) + " %" : (p > 0 ? "+inf" : "-inf")
        }
        func range(_ values: [Double]) -> String {
            values.count > 1 ? FixedPoint.format(values.min()!, decimals: 3) + "–" + FixedPoint.format(values.max()!, decimals: 3) : "–"
        }
        let rows = deltas.map { d -> [String] in
            // "better" only when the medians moved the right way; a worse median within the spread is "ok".
            let improved = (d.direction == .higherIsWorse ? -d.changePercent : d.changePercent) > 0
            let verdict = d.regressed ? "REGRESSED" : (improved ? "better" : "ok")
            let better = d.direction == .higherIsWorse ? "lower" : "higher"
            guard multi else {
                return [d.key, FixedPoint.format(d.baseline, decimals: 3), FixedPoint.format(d.current, decimals: 3),
                        percent(d.changePercent), better, verdict]
            }
            return [d.key, FixedPoint.format(d.baseline, decimals: 3), range(d.baselineRuns), FixedPoint.format(d.current, decimals: 3),
                    range(d.currentRuns), percent(d.changePercent), percent(d.regressionPercent), better, verdict]
        }
        var out = ["baseline: \(baselinePath)"]
        out += warnings.map { "warning: \($0)" }
        if multi {
            let b = deltas.first?.baselineRuns.count ?? 1, c = deltas.first?.currentRuns.count ?? 1
            out.append("runs: baseline \(b), current \(c); a metric regresses when the current median is worse than the "
                       + "baseline's worst run by more than the threshold")
            out.append(TextTable(header: ["metric", "baseline median", "baseline range", "current median", "current range",
                                          "change", "vs worst", "better", "verdict"], rows: rows).render())
        } else {
            out.append(TextTable(header: ["metric", "baseline", "current", "change", "better", "verdict"], rows: rows).render())
        }
        let limit = FixedPoint.format(maxRegressionPercent, decimals: 2)
        out.append(passed
            ? "PASS: no metric regressed by more than \(limit) %"
            : "FAIL: \(regressions.map(\.key).joined(separator: ", ")) regressed by more than \(limit) %")
        return out.joined(separator: "\n") + "\n"
    }
}
