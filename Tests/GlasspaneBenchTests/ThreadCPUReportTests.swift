// `bench --thread-cpu`: the frame thread's CPU time per phase, beside the wall-clock phases (docs/bench.md,
// "Thread CPU time").
import GlasspaneBench
import GlasspaneCore
import XCTest

final class ThreadCPUReportTests: XCTestCase {
    /// Frames whose overlay render took 100 µs of wall time and 10 µs of the thread's CPU (it waited the rest).
    func report(threadCPU: Bool) throws -> BenchReport {
        let list = (0..<100).map { i in
            FrameSample(
                index: i, timestampNs: ms(5) * Nanoseconds(i + 1), frameTimeNs: ms(5),
                cpuNs: [.routing: us(4), .overlayLayout: us(30), .overlayPaint: us(20), .overlayRender: us(100)],
                threadCPUNs: threadCPU ? [.routing: us(3), .overlayLayout: us(28 + Double(i % 5)), .overlayPaint: us(19),
                                          .overlayRender: us(10)] : nil)
        }
        return BenchReport(scenario: "list", statistics: try FrameStatistics(samples: list), environment: BenchEnvironment())
    }

    func testTheStatisticsSummariseEachPhasesThreadCPUTime() throws {
        let s = try report(threadCPU: true).statistics
        XCTAssertEqual(try XCTUnwrap(s.threadCPUPhasesUs[.overlayRender]).p50, 10, accuracy: 0.05)
        XCTAssertEqual(try XCTUnwrap(s.threadCPUPhasesUs[.overlayLayout]).p50, 30, accuracy: 0.05)
        XCTAssertEqual(try XCTUnwrap(s.threadCPUPhasesUs[.overlayLayout]).max, 32, accuracy: 0.05)
        XCTAssertEqual(try XCTUnwrap(s.threadCPUOverlayUs).p50, 30 + 19 + 10, accuracy: 0.1)
        XCTAssertEqual(try XCTUnwrap(s.phasesUs[.overlayRender]).p50, 100, accuracy: 0.1, "the wall-clock phases stay")
    }

    func testJSONTableAndBaselineCarryTheFiguresOnlyWhenMeasured() throws {
        let measured = try report(threadCPU: true)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(measured.jsonString().utf8)) as? [String: Any])
        let phases = try XCTUnwrap(object["phases_thread_cpu_us"] as? [String: Any])
        XCTAssertEqual((phases["overlay_render"] as? [String: Any])?["p50"] as? Double ?? 0, 10, accuracy: 0.05)
        XCTAssertEqual((phases["overlay"] as? [String: Any])?["p50"] as? Double ?? 0, 59, accuracy: 0.1)
        XCTAssertEqual(measured.metrics["phases_thread_cpu_us.overlay_render.p50"] ?? 0, 10, accuracy: 0.05)
        let table = measured.textTable()
        XCTAssertTrue(table.contains("thread CPU (µs)"), table)
        // Written and read back: the same figures, so a baseline can compare them.
        let loaded = try BenchReport.decode(Data(measured.jsonString().utf8), path: "measured.json")
        XCTAssertEqual(loaded.metrics, measured.metrics)
        let comparison = try BaselineComparison(current: loaded, baseline: measured, baselinePath: "measured.json",
                                                metrics: ["phases_thread_cpu_us.overlay.p50"], maxRegressionPercent: 10)
        XCTAssertTrue(comparison.passed)

        let unmeasured = try report(threadCPU: false)
        let plain = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(unmeasured.jsonString().utf8)) as? [String: Any])
        XCTAssertNil(plain["phases_thread_cpu_us"])
        XCTAssertFalse(unmeasured.textTable().contains("thread CPU"))
        XCTAssertNil(unmeasured.metrics["phases_thread_cpu_us.overlay.p50"])
    }

    /// A run that measured some frames and not others (never written by the bench) reports none.
    func testMixedSamplesReportNoThreadCPUFigures() throws {
        let samples = [FrameSample(index: 0, timestampNs: ms(5), frameTimeNs: ms(5), threadCPUNs: [.overlayRender: us(1)]),
                       FrameSample(index: 1, timestampNs: ms(10), frameTimeNs: ms(5))]
        let list = try FrameStatistics(samples: samples)
        XCTAssertTrue(list.threadCPUPhasesUs.isEmpty)
        XCTAssertNil(list.threadCPUOverlayUs)
    }
}
