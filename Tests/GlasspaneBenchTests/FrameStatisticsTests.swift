// Metric computations against hand-computed series.
import GlasspaneBench
import GlasspaneCore
import XCTest

final class FrameStatisticsTests: XCTestCase {
    /// 990 frames of 10 ms and ten slow frames of 40, 42, ..., 58 ms, scattered through the run.
    func knownSeries() -> [Double] {
        var values = Array(repeating: 10.0, count: 1000)
        for (k, slow) in stride(from: 40.0, through: 58.0, by: 2.0).enumerated() { values[37 + k * 97] = slow }
        return values
    }

    func testAverageFPSIsFramesTimesThousandOverSumOfMilliseconds() throws {
        let s = try stats(ms: knownSeries())
        // Sum = 990 × 10 + (40 + 42 + ... + 58) = 9900 + 490 = 10390 ms.
        XCTAssertEqual(s.frameCount, 1000)
        XCTAssertEqual(s.totalTimeMs, 10390, accuracy: 1e-9)
        XCTAssertEqual(s.fps.average, 1000 * 1000 / 10390, accuracy: 1e-9)
        XCTAssertEqual(s.frameMs.mean, 10.39, accuracy: 1e-9)
        XCTAssertEqual(s.frameMs.min, 10, accuracy: 1e-12)
        XCTAssertEqual(s.frameMs.max, 58, accuracy: 1e-12)
    }

    func testOnePercentLowAveragesTheSlowestOnePercentOfFrames() throws {
        let s = try stats(ms: knownSeries())
        // 1% of 1000 = 10 frames: the ten slow ones, mean 49 ms → 1000 / 49 FPS.
        XCTAssertEqual(s.onePercentLowFrameCount, 10)
        XCTAssertEqual(s.fps.onePercentLow, 1000.0 / 49.0, accuracy: 1e-9)
        // 0.1% of 1000 = 1 frame: the 58 ms one.
        XCTAssertEqual(s.pointOnePercentLowFrameCount, 1)
        XCTAssertEqual(s.fps.pointOnePercentLow, 1000.0 / 58.0, accuracy: 1e-9)
    }

    func testOnePercentLowOnAHundredFramesIsTheSingleSlowestFrame() throws {
        var values = Array(repeating: 5.0, count: 100)
        values[10] = 20
        values[70] = 25
        let s = try stats(ms: values)
        XCTAssertEqual(s.onePercentLowFrameCount, 1)
        XCTAssertEqual(s.fps.onePercentLow, 40, accuracy: 1e-9)
        XCTAssertEqual(s.fps.pointOnePercentLow, 40, accuracy: 1e-9)
    }

    func testLowFrameCountIsFloorWithAMinimumOfOne() {
        XCTAssertEqual(FrameStatistics.lowFrameCount(n: 1, divisor: 100), 1)
        XCTAssertEqual(FrameStatistics.lowFrameCount(n: 199, divisor: 100), 1)
        XCTAssertEqual(FrameStatistics.lowFrameCount(n: 200, divisor: 100), 2)
        XCTAssertEqual(FrameStatistics.lowFrameCount(n: 1999, divisor: 100), 19)
        XCTAssertEqual(FrameStatistics.lowFrameCount(n: 1999, divisor: 1000), 1)
        XCTAssertEqual(FrameStatistics.lowFrameCount(n: 2000, divisor: 1000), 2)
    }

    func testPercentilesMatchNearestRankWithinHistogramPrecision() throws {
        // 1 ms ... 1000 ms in a scrambled order: nearest-rank P50 = 500, P90 = 900, P99 = 990, P99.9 = 999.
        var values = (1...1000).map(Double.init)
        var state: UInt64 = 12345
        for i in stride(from: values.count - 1, to: 0, by: -1) {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            values.swapAt(i, Int(state >> 33) % (i + 1))
        }
        let s = try stats(ms: values)
        XCTAssertWithinHistogramPrecision(s.frameMs.p50, 500)
        XCTAssertWithinHistogramPrecision(s.frameMs.p90, 900)
        XCTAssertWithinHistogramPrecision(s.frameMs.p99, 990)
        XCTAssertWithinHistogramPrecision(s.frameMs.p999, 999)
        XCTAssertEqual(s.frameMs.max, 1000, accuracy: 1e-12)
        XCTAssertEqual(s.frameMs.min, 1, accuracy: 1e-12)
    }

    func testPercentilesOfASkewedSeries() throws {
        // 900 frames of 8 ms, 90 of 12 ms, 10 of 30 ms: P50 = 8, P90 = 8 (the 900th value), P99 = 12, P99.9 = 30.
        let values = Array(repeating: 8.0, count: 900) + Array(repeating: 12.0, count: 90) + Array(repeating: 30.0, count: 10)
        let s = try stats(ms: values)
        XCTAssertWithinHistogramPrecision(s.frameMs.p50, 8)
        XCTAssertWithinHistogramPrecision(s.frameMs.p90, 8)
        XCTAssertWithinHistogramPrecision(s.frameMs.p99, 12)
        XCTAssertWithinHistogramPrecision(s.frameMs.p999, 30)
    }

    func testStutterShareOnACraftedSeries() throws {
        // All 10 ms except: frame 0 = 100 ms (first frame: no history, never a stutter), frame 30 = 30 ms
        // (> 2.5 × 10: stutter), frame 60 = 25 ms (exactly 2.5 × 10: not a stutter), frame 90 = 26 ms (stutter).
        var values = Array(repeating: 10.0, count: 100)
        values[0] = 100
        values[30] = 30
        values[60] = 25
        values[90] = 26
        let s = try stats(ms: values)
        XCTAssertEqual(s.stutterFrameCount, 2)
        // Stutter time 30 + 26 = 56 ms of 100 + 30 + 25 + 26 + 96 × 10 = 1141 ms.
        XCTAssertEqual(s.stutterShare, 56.0 / 1141.0, accuracy: 1e-12)
        XCTAssertEqual(
            FrameStatistics.stutterFrames(samples(ms: values).map(\.frameTimeNs), factor: 2.5, window: 20), [30, 90])
    }

    func testStutterMovingAverageSpansExactlyThePreviousTwentyFrames() throws {
        // 20 frames of 40 ms, 20 of 10 ms, then 26 ms: the previous 20 frames average 10 ms, so it is a stutter;
        // a window of 21 would include a 40 ms frame (average 11.43 ms, threshold 28.6 ms) and miss it.
        let values = Array(repeating: 40.0, count: 20) + Array(repeating: 10.0, count: 20) + [26.0]
        let s = try stats(ms: values)
        XCTAssertEqual(s.stutterFrameCount, 1)
        XCTAssertEqual(s.stutterShare, 26.0 / (800 + 200 + 26), accuracy: 1e-12)
        let ns = samples(ms: values).map(\.frameTimeNs)
        XCTAssertEqual(FrameStatistics.stutterFrames(ns, factor: 2.5, window: 20), [40])
        XCTAssertEqual(FrameStatistics.stutterFrames(ns, factor: 2.5, window: 21), [])
    }

    func testStutterAtTheStartUsesTheFramesSoFar() throws {
        // Frame 1's average is frame 0 alone (10 ms): 30 ms > 25 ms is a stutter.
        let s = try stats(ms: [10, 30])
        XCTAssertEqual(s.stutterFrameCount, 1)
        XCTAssertEqual(s.stutterShare, 0.75, accuracy: 1e-12)
        XCTAssertEqual(try stats(ms: [10, 25]).stutterFrameCount, 0)
    }

    func testOverBudgetShareCountsFramesStrictlyLongerThanTheBudget() throws {
        // The 60 Hz budget is 16 666 667 ns; a frame of exactly that is within budget.
        let list = FrameSample.fromFrameTimes([ms(10), 16_666_667, 16_666_668, ms(20), ms(33)])
        let s = try FrameStatistics(samples: list)
        XCTAssertEqual(s.overBudgetFrameCount, 3)
        XCTAssertEqual(s.overBudgetShare, 0.6, accuracy: 1e-12)
        XCTAssertEqual(s.budgetMs, 16.666667, accuracy: 1e-9)

        let custom = try stats(ms: [5, 7, 9, 11], options: StatisticsOptions(budgetNs: ms(8)))
        XCTAssertEqual(custom.overBudgetShare, 0.5, accuracy: 1e-12)
    }

    func testPhaseStatisticsAndOverlayTotal() throws {
        let list = (0..<100).map { i in
            FrameSample(
                index: i, timestampNs: ms(10) * Nanoseconds(i + 1), frameTimeNs: ms(10),
                cpuNs: [.events: us(Double(i + 1)), .overlayLayout: us(1), .overlayPaint: us(2), .overlayRender: us(3),
                        .sceneRender: us(200)])
        }
        let s = try FrameStatistics(samples: list)
        let events = try XCTUnwrap(s.phasesUs[.events])
        // events = 1 ... 100 µs: P50 = 50, P90 = 90, P99 = 99, mean 50.5, max 100.
        XCTAssertWithinHistogramPrecision(events.p50, 50)
        XCTAssertWithinHistogramPrecision(events.p90, 90)
        XCTAssertWithinHistogramPrecision(events.p99, 99)
        XCTAssertEqual(events.mean, 50.5, accuracy: 1e-9)
        XCTAssertEqual(events.max, 100, accuracy: 1e-9)
        XCTAssertWithinHistogramPrecision(try XCTUnwrap(s.phasesUs[.sceneRender]).p99, 200)
        // Overlay = layout + paint + render = 6 µs every frame; phases that never ran read 0.
        XCTAssertWithinHistogramPrecision(s.overlayUs.p50, 6)
        XCTAssertEqual(s.overlayUs.mean, 6, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(s.phasesUs[.hud]).max, 0)
        XCTAssertEqual(Set(s.phasesUs.keys), Set(FramePhase.allCases))
        XCTAssertTrue(s.gpuUs.isEmpty)
    }

    func testGPUFiguresUseOnlyFramesWhereThePassWasMeasured() throws {
        let list = (0..<10).map { i in
            FrameSample(
                index: i, timestampNs: ms(10) * Nanoseconds(i + 1), frameTimeNs: ms(10),
                gpuNs: GPUTimes(scene: i.isMultiple(of: 2) ? us(100) : nil))
        }
        let s = try FrameStatistics(samples: list)
        XCTAssertEqual(try XCTUnwrap(s.gpuUs[.scene]).mean, 100, accuracy: 1e-9)
        XCTAssertNil(s.gpuUs[.overlay])
    }

    func testEmptyRunAndBadOptionsAreErrors() {
        XCTAssertEqual(benchError { try FrameStatistics(samples: []) }?.identifier, "bench.no-samples")
        XCTAssertEqual(
            benchError { try stats(ms: [10], options: StatisticsOptions(budgetNs: 0)) }?.identifier, "bench.invalid-option")
        XCTAssertEqual(
            benchError { try stats(ms: [10], options: StatisticsOptions(stutterWindow: 0)) }?.identifier, "bench.invalid-option")
    }

    func testPhaseTimesOverlayTotalAndDictionaryInit() {
        var times: PhaseTimes = [.overlayLayout: 1, .overlayPaint: 20, .overlayRender: 300, .events: 4000]
        XCTAssertEqual(times.overlayTotal, 321)
        XCTAssertEqual(times.total, 4321)
        times[.present] = 5
        XCTAssertEqual(PhaseTimes([.present: 5, .events: 4000, .overlayLayout: 1, .overlayPaint: 20, .overlayRender: 300]), times)
        XCTAssertEqual(FramePhase.allCases.count, 12)
    }

    func testPhaseTimesKeepEveryPhaseApart() {
        // Inline storage with one slot per ordinal: the slots must cover every phase, each its own.
        XCTAssertEqual(PhaseTimes.phaseCount, FramePhase.allCases.count)
        XCTAssertEqual(Set(FramePhase.allCases.map(\.ordinal)), Set(0..<PhaseTimes.phaseCount))
        var times = PhaseTimes()
        for phase in FramePhase.allCases { times[phase] = Nanoseconds(1 << (4 * phase.ordinal)) }
        for phase in FramePhase.allCases { XCTAssertEqual(times[phase], Nanoseconds(1 << (4 * phase.ordinal)), "\(phase)") }
        XCTAssertEqual(times.total, 0x1111_1111_1111)
        for phase in FramePhase.allCases {
            var other = times
            other[phase] += 1
            XCTAssertNotEqual(other, times, "\(phase)")
            XCTAssertEqual(Set([times, other, times]).count, 2, "\(phase)")
        }
    }
}
