// Baseline verdicts, directions, exit codes, and the errors for bad baseline files.
import GlasspaneBench
import GlasspaneCore
import XCTest

final class BaselineComparisonTests: XCTestCase {
    var directory = ""

    override func setUpWithError() throws {
        directory = try temporaryDirectory()
    }

    /// Writes a 10 ms/frame baseline report and returns its path.
    func writeBaseline(frameMs: Double = 10) throws -> String {
        let path = directory + "/baseline.json"
        try uniformReport(frameMs: frameMs).writeJSON(to: path)
        return path
    }

    /// Writes raw text as a baseline file.
    func writeFile(_ text: String, name: String = "bad.json") throws -> String {
        let path = directory + "/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The baseline's JSON as a mutable object.
    func baselineObject() throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(uniformReport(frameMs: 10).jsonString().utf8)) as? [String: Any])
    }

    func writeObject(_ object: [String: Any]) throws -> String {
        try writeFile(String(decoding: JSONSerialization.data(withJSONObject: object), as: UTF8.self))
    }

    // MARK: Verdicts

    func testRegressionBeyondThresholdFails() throws {
        let path = try writeBaseline()
        // 10 → 10.6 ms: frame times +6 %, average FPS −5.66 %; both beyond 5 %.
        let result = try BaselineComparison.compare(current: uniformReport(frameMs: 10.6), baselinePath: path, maxRegressionPercent: 5)
        XCTAssertFalse(result.passed)
        XCTAssertEqual(result.exitCode, 1)
        XCTAssertEqual(Set(result.regressions.map(\.key)), Set(BaselineComparison.defaultMetrics))
        let p50 = try XCTUnwrap(result.deltas.first { $0.key == "frame_ms.p50" })
        XCTAssertEqual(p50.changePercent, 6, accuracy: 0.1)
        let fps = try XCTUnwrap(result.deltas.first { $0.key == "fps.average" })
        XCTAssertEqual(fps.changePercent, (100 / 10.6 * 10 - 100), accuracy: 0.01)
        XCTAssertEqual(fps.regressionPercent, -fps.changePercent, accuracy: 1e-12)
        XCTAssertTrue(result.textTable().contains("FAIL"))
        XCTAssertTrue(result.textTable().contains("REGRESSED"))
    }

    func testRegressionWithinThresholdPasses() throws {
        let path = try writeBaseline()
        // +4 % frame time, −3.85 % FPS: within 5 %.
        let result = try BaselineComparison.compare(current: uniformReport(frameMs: 10.4), baselinePath: path, maxRegressionPercent: 5)
        XCTAssertTrue(result.passed)
        XCTAssertEqual(result.exitCode, 0)
        XCTAssertTrue(result.deltas.allSatisfy { $0.regressionPercent > 0 })
        XCTAssertTrue(result.textTable().contains("PASS"))
    }

    func testImprovementPasses() throws {
        let path = try writeBaseline()
        let result = try BaselineComparison.compare(current: uniformReport(frameMs: 8), baselinePath: path, maxRegressionPercent: 0)
        XCTAssertTrue(result.passed)
        XCTAssertTrue(result.deltas.allSatisfy { $0.regressionPercent < 0 })
        XCTAssertTrue(result.textTable().contains("better"))
    }

    func testLowerFPSIsWorseAndHigherFrameTimeIsWorse() {
        let fps = MetricDelta(key: "fps.average", direction: .lowerIsWorse, baseline: 100, current: 90, maxRegressionPercent: 5)
        XCTAssertEqual(fps.regressionPercent, 10, accuracy: 1e-9)
        XCTAssertTrue(fps.regressed)
        let faster = MetricDelta(key: "fps.average", direction: .lowerIsWorse, baseline: 100, current: 120, maxRegressionPercent: 5)
        XCTAssertFalse(faster.regressed)
        let slower = MetricDelta(key: "frame_ms.p99", direction: .higherIsWorse, baseline: 10, current: 10.5, maxRegressionPercent: 5)
        XCTAssertEqual(slower.regressionPercent, 5, accuracy: 1e-9)
        XCTAssertFalse(slower.regressed, "exactly at the threshold passes")
        let fromZero = MetricDelta(key: "stutter_share", direction: .higherIsWorse, baseline: 0, current: 0.01, maxRegressionPercent: 50)
        XCTAssertTrue(fromZero.regressed)
        XCTAssertEqual(BaselineComparison.direction(of: "fps.one_percent_low"), .lowerIsWorse)
        XCTAssertEqual(BaselineComparison.direction(of: "frame_ms.p999"), .higherIsWorse)
        XCTAssertEqual(BaselineComparison.direction(of: "phases_us.overlay.p50"), .higherIsWorse)
        XCTAssertEqual(BaselineComparison.direction(of: "gpu_us.scene.p99"), .higherIsWorse)
        XCTAssertEqual(BaselineComparison.direction(of: "over_budget_share"), .higherIsWorse)
        XCTAssertNil(BaselineComparison.direction(of: "frame_count"))
        XCTAssertNil(BaselineComparison.direction(of: "phases_us.nonsense.p50"))
    }

    func testChosenMetricsAndTheirErrors() throws {
        let baselineReport = try uniformReport(frameMs: 10)
        let current = try uniformReport(frameMs: 10, gpu: true)
        let result = try BaselineComparison(
            current: current, baseline: baselineReport, baselinePath: "b.json",
            metrics: ["phases_us.overlay.p50", "stutter_share"], maxRegressionPercent: 1)
        XCTAssertEqual(result.deltas.map(\.key), ["phases_us.overlay.p50", "stutter_share"])
        XCTAssertTrue(result.passed)

        XCTAssertEqual(benchError {
            try BaselineComparison(current: current, baseline: baselineReport, baselinePath: "b.json", metrics: ["frame_ms.p42"], maxRegressionPercent: 1)
        }?.identifier, "bench.unknown-metric")
        XCTAssertEqual(benchError {
            try BaselineComparison(current: current, baseline: baselineReport, baselinePath: "b.json", metrics: ["gpu_us.scene.p50"], maxRegressionPercent: 1)
        }, .baselineMissingKey(path: "b.json", key: "gpu_us.scene.p50"))
        XCTAssertEqual(benchError {
            try BaselineComparison(current: baselineReport, baseline: current, baselinePath: "b.json", metrics: ["gpu_us.scene.p50"], maxRegressionPercent: 1)
        }?.identifier, "bench.metric-unavailable")
        XCTAssertEqual(benchError {
            try BaselineComparison(current: current, baseline: baselineReport, baselinePath: "b.json", maxRegressionPercent: -1)
        }?.identifier, "bench.invalid-threshold")
    }

    func testMismatchedScenarioIsAWarningNotAFailure() throws {
        let result = try BaselineComparison(
            current: uniformReport(frameMs: 10, scenario: "demo"), baseline: uniformReport(frameMs: 10, scenario: "cube"),
            baselinePath: "b.json", maxRegressionPercent: 5)
        XCTAssertTrue(result.passed)
        XCTAssertEqual(result.warnings, ["scenario differs: baseline cube, this run demo"])
    }

    // MARK: Bad baseline files

    func testMissingBaselineFile() {
        let path = directory + "/nope.json"
        let error = benchError { try BenchReport.load(path: path) }
        XCTAssertEqual(error, .baselineNotFound(path: path))
        XCTAssertTrue(error?.description.contains(path) ?? false)
        XCTAssertEqual(error?.exitCode, 2)
    }

    func testUnreadableBaselineFile() {
        // A directory exists but cannot be read as a file.
        XCTAssertEqual(benchError { try BenchReport.load(path: self.directory) }?.identifier, "bench.baseline-unreadable")
    }

    func testBaselineThatIsNotJSON() throws {
        let path = try writeFile("frame_ms,p50\n10,11\n")
        XCTAssertEqual(benchError { try BenchReport.load(path: path) }?.identifier, "bench.baseline-not-json")
        let array = try writeFile("[1, 2, 3]", name: "array.json")
        XCTAssertEqual(benchError { try BenchReport.load(path: array) }?.identifier, "bench.baseline-not-json")
    }

    func testBaselineWithWrongOrMissingSchemaVersion() throws {
        var object = try baselineObject()
        object["schema_version"] = 1
        let wrong = try writeObject(object)
        XCTAssertEqual(benchError { try BenchReport.load(path: wrong) }, .baselineWrongSchema(path: wrong, found: 1, expected: 2))

        object["schema_version"] = "one"
        let text = try writeObject(object)
        XCTAssertEqual(benchError { try BenchReport.load(path: text) }?.identifier, "bench.baseline-bad-value")

        object.removeValue(forKey: "schema_version")
        let missing = try writeObject(object)
        XCTAssertEqual(benchError { try BenchReport.load(path: missing) }, .baselineMissingKey(path: missing, key: "schema_version"))
    }

    func testBaselineMissingAKeyNamesTheKey() throws {
        var object = try baselineObject()
        var frame = try XCTUnwrap(object["frame_ms"] as? [String: Any])
        frame.removeValue(forKey: "p99")
        object["frame_ms"] = frame
        let path = try writeObject(object)
        let error = benchError { try BenchReport.load(path: path) }
        XCTAssertEqual(error, .baselineMissingKey(path: path, key: "frame_ms.p99"))
        XCTAssertTrue(error?.description.contains("frame_ms.p99") ?? false)

        var phases = try XCTUnwrap(object["phases_us"] as? [String: Any])
        phases.removeValue(forKey: "overlay")
        object = try baselineObject()
        object["phases_us"] = phases
        let noOverlay = try writeObject(object)
        XCTAssertEqual(benchError { try BenchReport.load(path: noOverlay) }, .baselineMissingKey(path: noOverlay, key: "phases_us.overlay"))
    }

    func testBaselineWithAValueOfTheWrongType() throws {
        var object = try baselineObject()
        var fps = try XCTUnwrap(object["fps"] as? [String: Any])
        fps["average"] = "fast"
        object["fps"] = fps
        let path = try writeObject(object)
        let error = benchError { try BenchReport.load(path: path) }
        XCTAssertEqual(error?.identifier, "bench.baseline-bad-value")
        if case .baselineBadValue(let file, let key, _) = error {
            XCTAssertEqual(file, path)
            XCTAssertEqual(key, "fps.average")
        } else {
            XCTFail("expected baselineBadValue, got \(String(describing: error))")
        }
    }

    func testCompareThroughTheLoaderReportsTheBaselineErrors() throws {
        let path = try writeFile("{}")
        XCTAssertEqual(
            benchError { try BaselineComparison.compare(current: uniformReport(frameMs: 10), baselinePath: path, maxRegressionPercent: 5) },
            .baselineMissingKey(path: path, key: "schema_version"))
    }
}
