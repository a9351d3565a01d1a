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
        return m
    }
}

/// One compared metric.
public struct MetricDelta: Sendable, Equatable {
    /// Dotted metric name.
    public var key: String
    /// Which way is worse.
    public var direction: MetricDirection
    /// The baseline's value.
    public var baseline: Double
    /// This run's value.
    public var current: Double
    /// (current − baseline) / baseline × 100; ±infinity when the baseline is 0 and the value moved, 0 when both are 0.
    public var changePercent: Double
    /// How much worse, in percent of the baseline: `changePercent` for higher-is-worse metrics, its negation for
    /// lower-is-worse ones (negative means better).
    public var regressionPercent: Double
    /// Whether `regressionPercent` exceeds the threshold.
    public var regressed: Bool

    /// Creates a delta, computing the percentages and the verdict.
    public init(key: String, direction: MetricDirection, baseline: Double, current: Double, maxRegressionPercent: Double) {
        self.key = key
        self.direction = direction
        self.baseline = baseline
        self.current = current
        if baseline == current {
            changePercent = 0
        } else if baseline == 0 {
            changePercent = current > 0 ? .infinity : -.infinity
        } else {
            changePercent = (current - baseline) / abs(baseline) * 100
        }
        regressionPercent = direction == .higherIsWorse ? changePercent : -changePercent
        regressed = regressionPercent > maxRegressionPercent
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
        case "phases_us":
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
        let now = current.metrics, then = baseline.metrics
        var deltas: [MetricDelta] = []
        for key in keys {
            guard let direction = Self.direction(of: key) else { throw .unknownMetric(key: key) }
            guard let c = now[key] else { throw .metricUnavailable(key: key) }
            guard let b = then[key] else { throw .baselineMissingKey(path: baselinePath, key: key) }
            deltas.append(MetricDelta(key: key, direction: direction, baseline: b, current: c, maxRegressionPercent: maxRegressionPercent))
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

    /// The delta table and verdict for the terminal. Ends with a newline.
    public func textTable() -> String {
        let rows = deltas.map { d -> [String] in
            let change = d.changePercent.isFinite
                ? (d.changePercent > 0 ? "+" : "") + FixedPoint.format(d.changePercent, decimals: 2) + " %"
                : (d.changePercent > 0 ? "+inf" : "-inf")
            let verdict = d.regressed ? "REGRESSED" : (d.regressionPercent < 0 ? "better" : "ok")
            return [d.key, FixedPoint.format(d.baseline, decimals: 3), FixedPoint.format(d.current, decimals: 3), change,
                    d.direction == .higherIsWorse ? "lower" : "higher", verdict]
        }
        var out = ["baseline: \(baselinePath)"]
        out += warnings.map { "warning: \($0)" }
        out.append(TextTable(header: ["metric", "baseline", "current", "change", "better", "verdict"], rows: rows).render())
        let limit = FixedPoint.format(maxRegressionPercent, decimals: 2)
        out.append(passed
            ? "PASS: no metric regressed by more than \(limit) %"
            : "FAIL: \(regressions.map(\.key).joined(separator: ", ")) regressed by more than \(limit) %")
        return out.joined(separator: "\n") + "\n"
    }
}
