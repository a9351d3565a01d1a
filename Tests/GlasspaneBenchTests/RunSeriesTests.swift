// Several runs of one scenario: medians and spreads, the aggregated report (and its JSON), and the noise-aware
// baseline rule on synthetic noisy runs: the same binary re-run passes, a real slowdown fails.
import GlasspaneBench
import GlasspaneCore
import XCTest
import GlasspaneTesting

/// A run of `frames` frames around 5 ms × `factor` (the run-to-run noise: a machine busier in one run than in the
/// next), each frame jittered by ±8 %, every 200th frame a 3× spike; the phases scale with the frame.
func noisyRun(factor: Double, seed: UInt64, frames: Int = 1000) throws -> BenchReport {
    var random = SplitMix64(state: seed)
    var t: Nanoseconds = 0
    let list = (0..<frames).map { i -> FrameSample in
        var frameMs = 5 * factor * (0.92 + 0.16 * random.unit())
        if i % 200 == 199 { frameMs *= 3 }
        let ft = ms(frameMs)
        t += ft
        return FrameSample(index: i, timestampNs: t, frameTimeNs: ft,
                           cpuNs: [.overlayRender: us(40 * factor), .present: ft - us(200)])
    }
    let environment = BenchEnvironment(
        glRenderer: "llvmpipe (LLVM 15.0.6, 256 bits)", gitCommit: "0123abcd",
        options: BenchRunOptions(scenario: "cube", frames: frames, warmup: 10, width: 1280, height: 720, headless: true, finish: true))
    return BenchReport(scenario: "cube", statistics: try FrameStatistics(samples: list), environment: environment)
}

final class RunSeriesTests: XCTestCase {
    func testMedianAndMedianAbsoluteDeviation() {
        XCTAssertEqual(RobustStatistics.median([5, 1, 100, 3, 2]), 3)
        XCTAssertEqual(RobustStatistics.medianAbsoluteDeviation([5, 1, 100, 3, 2]), 2, "deviations 2, 2, 97, 0, 1")
        XCTAssertEqual(RobustStatistics.median([4, 1, 3, 2]), 2.5, "even count: the mean of the middle two")
        XCTAssertEqual(RobustStatistics.medianAbsoluteDeviation([1, 2, 3, 4]), 1, "deviations 1.5, 0.5, 0.5, 1.5")
        let s = RunSpread(values: [6, 4, 5])
        XCTAssertEqual([s.median, s.min, s.max, s.mad], [5, 4, 6, 1])
        XCTAssertEqual(s.rangePercent, 40)
        XCTAssertEqual(s.worst(.higherIsWorse), 6)
        XCTAssertEqual(s.worst(.lowerIsWorse), 4)
    }

    func testAggregateTakesTheMedianOfEveryFigureAndKeepsTheRuns() throws {
        let runs = try [4.0, 6.0, 5.0].map { try uniformReport(frameMs: $0) }
        let report = try BenchReport.aggregate(runs: runs)
        XCTAssertEqual(report.runs.count, 3)
        XCTAssertEqual(report.runCount, 3)
        XCTAssertEqual(report.statistics.frameMs.p50, runs[2].statistics.frameMs.p50, "the middle run's p50")
        XCTAssertEqual(report.statistics.fps.average, 200, accuracy: 1e-9)
        XCTAssertEqual(report.environment.options?.extra["runs"], "3")
        let spread = try XCTUnwrap(report.spread(of: "frame_ms.mean"))
        XCTAssertEqual(spread.values, [4, 6, 5])
        XCTAssertEqual([spread.min, spread.max, spread.median], [4, 6, 5])
        XCTAssertEqual(report.runValues("fps.average"), [250, 166.667, 200])
        XCTAssertNil(report.runValues("frame_ms.p42"))
        XCTAssertTrue(report.runSpreadTable().contains("frame_ms.mean"), report.runSpreadTable())
        XCTAssertTrue(report.runSpreadTable().contains("3 runs of 200 frames"), report.runSpreadTable())
    }

    func testAnAggregatedReportRoundTripsThroughJSONWithEveryRun() throws {
        let report = try BenchReport.aggregate(runs: [4.0, 6.0, 5.0].map { try uniformReport(frameMs: $0) })
        let json = report.jsonString()
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        XCTAssertEqual((object["runs"] as? [Any])?.count, 3)
        let spread = try XCTUnwrap((object["run_spread"] as? [String: Any])?["frame_ms.mean"] as? [String: Any])
        XCTAssertEqual(spread["values"] as? [Double], [4, 6, 5])
        XCTAssertEqual(spread["mad"] as? Double, 1)
        let loaded = try BenchReport.decode(Data(json.utf8), path: "aggregated.json")
        XCTAssertEqual(loaded.runs.count, 3)
        XCTAssertEqual(loaded.runValues("frame_ms.mean"), [4, 6, 5])
        XCTAssertEqual(loaded.statistics.frameMs, report.statistics.frameMs)
        // A single-run report has neither key.
        let single = try uniformReport(frameMs: 5).jsonString()
        XCTAssertFalse(single.contains("\"runs\""))
        XCTAssertFalse(single.contains("run_spread"))
    }

    func testAggregateRefusesNoRunsAndTooManyRuns() throws {
        XCTAssertEqual(benchError { try BenchReport.aggregate(runs: []) }?.identifier, "bench.no-samples")
        let one = try uniformReport(frameMs: 5)
        let error = benchError { try BenchReport.aggregate(runs: Array(repeating: one, count: 51)) }
        XCTAssertEqual(error?.identifier, "bench.run-count-out-of-range")
        XCTAssertNoThrow(try BenchReport.aggregate(runs: Array(repeating: one, count: 50)))
        XCTAssertEqual(benchError { try RunSeries.validate(runs: 0) }?.identifier, "bench.run-count-out-of-range")
    }

    /// Run-to-run factors of a busy 2-core machine: up to ±13 % between runs of the same binary.
    static let baselineFactors = [0.92, 1.0, 1.12, 0.97, 1.05]
    static let rerunFactors = [1.10, 0.95, 1.03, 1.13, 0.90]

    func testReRunningTheSameBinaryDoesNotRegressButTheSingleRunRuleWould() throws {
        let baseline = try BenchReport.aggregate(runs: Self.baselineFactors.enumerated().map { try noisyRun(factor: $1, seed: UInt64($0)) })
        let rerun = try BenchReport.aggregate(runs: Self.rerunFactors.enumerated().map { try noisyRun(factor: $1, seed: UInt64(100 + $0)) })
        let metrics = BaselineComparison.defaultMetrics + ["frame_ms.mean", "frame_ms.p90", "fps.point_one_percent_low", "phases_us.overlay.p50"]
        let comparison = try BaselineComparison(current: rerun, baseline: baseline, baselinePath: "base.json", metrics: metrics,
                                                maxRegressionPercent: 10)
        XCTAssertTrue(comparison.passed, comparison.textTable())
        XCTAssertTrue(comparison.deltas.allSatisfy(\.isMultiRun))
        // The same runs compared one against one, as before: the slowest re-run against the fastest baseline run fails.
        let plain = try BaselineComparison(current: rerun.runs[3], baseline: baseline.runs[0], baselinePath: "base.json",
                                           metrics: metrics, maxRegressionPercent: 10)
        XCTAssertFalse(plain.passed, "the noise alone exceeds 10 % run to run: \(plain.textTable())")
    }

    func testASlowdownBeyondTheSpreadRegresses() throws {
        let baseline = try BenchReport.aggregate(runs: Self.baselineFactors.enumerated().map { try noisyRun(factor: $1, seed: UInt64($0)) })
        let slower = try BenchReport.aggregate(runs: Self.rerunFactors.enumerated().map { try noisyRun(factor: $1 * 1.35, seed: UInt64(200 + $0)) })
        let comparison = try BaselineComparison(current: slower, baseline: baseline, baselinePath: "base.json", maxRegressionPercent: 10)
        XCTAssertEqual(comparison.regressions.map(\.key), BaselineComparison.defaultMetrics, comparison.textTable())
        let p50 = try XCTUnwrap(comparison.deltas.first { $0.key == "frame_ms.p50" })
        // The rule: the current median against the baseline's worst (largest) run.
        XCTAssertEqual(p50.baselineWorst, p50.baselineRuns.max())
        XCTAssertEqual(p50.regressionPercent, (p50.current - p50.baselineWorst) / p50.baselineWorst * 100, accuracy: 1e-9)
        XCTAssertLessThan(p50.regressionPercent, p50.changePercent, "measured from the worst run, not the median")
        let fps = try XCTUnwrap(comparison.deltas.first { $0.key == "fps.average" })
        XCTAssertEqual(fps.baselineWorst, fps.baselineRuns.min(), "lower is worse: the slowest run")
        let table = comparison.textTable()
        XCTAssertTrue(table.contains("vs worst") && table.contains("baseline range") && table.contains("FAIL"), table)
    }

    func testOneRunAgainstSeveralUsesTheSameRule() throws {
        let baseline = try BenchReport.aggregate(runs: [4.0, 5.0, 6.0].map { try uniformReport(frameMs: $0) })
        // 6.5 ms is 8.3 % beyond the worst baseline run (6 ms) but 30 % beyond its median.
        let ok = try BaselineComparison(current: try uniformReport(frameMs: 6.5), baseline: baseline, baselinePath: "b",
                                        metrics: ["frame_ms.mean"], maxRegressionPercent: 10)
        XCTAssertTrue(ok.passed, ok.textTable())
        XCTAssertEqual(ok.deltas[0].changePercent, 30, accuracy: 1e-9)
        XCTAssertLessThan(ok.deltas[0].regressionPercent, 10)
        // 5.5 ms: better than the worst baseline run, worse than its median: "ok", not "better".
        let within = try BaselineComparison(current: try uniformReport(frameMs: 5.5), baseline: baseline, baselinePath: "b",
                                            metrics: ["frame_ms.mean"], maxRegressionPercent: 10)
        XCTAssertLessThan(within.deltas[0].regressionPercent, 0)
        let row = within.textTable().split(separator: "\n").first { $0.hasPrefix("frame_ms.mean") }
        XCTAssertEqual(row?.split(separator: " ").last, "ok", within.textTable())
        let bad = try BaselineComparison(current: try uniformReport(frameMs: 6.7), baseline: baseline, baselinePath: "b",
                                         metrics: ["frame_ms.mean"], maxRegressionPercent: 10)
        XCTAssertFalse(bad.passed, bad.textTable())
        // And a multi-run current against a single baseline: the current median against the one value.
        let current = try BenchReport.aggregate(runs: [5.0, 5.4, 9.0].map { try uniformReport(frameMs: $0) })
        let single = try BaselineComparison(current: current, baseline: try uniformReport(frameMs: 5), baselinePath: "b",
                                            metrics: ["frame_ms.mean"], maxRegressionPercent: 10)
        XCTAssertTrue(single.passed, "median 5.4 ms is 8 % over 5 ms: \(single.textTable())")
    }

    func testABaselineRunWithoutAComparedKeyIsNamed() throws {
        let aggregated = try BenchReport.aggregate(runs: [4.0, 5.0].map { try uniformReport(frameMs: $0) })
        var object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(aggregated.jsonString().utf8)) as? [String: Any])
        var runs = try XCTUnwrap(object["runs"] as? [[String: Any]])
        var frameMs = try XCTUnwrap(runs[1]["frame_ms"] as? [String: Any])
        frameMs["p99"] = nil
        runs[1]["frame_ms"] = frameMs
        object["runs"] = runs
        let data = try JSONSerialization.data(withJSONObject: object)
        XCTAssertEqual(benchError { try BenchReport.decode(data, path: "b.json") },
                       .baselineMissingKey(path: "b.json", key: "runs.1.frame_ms.p99"))
    }
}
