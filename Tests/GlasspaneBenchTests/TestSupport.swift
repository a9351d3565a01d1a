// Shared builders for the bench tests: series are written in milliseconds and microseconds, stored in ns.
import GlasspaneBench
import GlasspaneCore
import XCTest

/// Milliseconds (possibly fractional) as integer nanoseconds.
func ms(_ v: Double) -> Nanoseconds { Nanoseconds((v * 1_000_000).rounded()) }

/// Microseconds as integer nanoseconds.
func us(_ v: Double) -> Nanoseconds { Nanoseconds((v * 1_000).rounded()) }

/// Samples from frame times in milliseconds.
func samples(ms values: [Double]) -> [FrameSample] { FrameSample.fromFrameTimes(values.map(ms)) }

/// Statistics of frame times in milliseconds (throws on an empty series).
func stats(ms values: [Double], options: StatisticsOptions = StatisticsOptions()) throws -> FrameStatistics {
    try FrameStatistics(samples: samples(ms: values), options: options)
}

/// Asserts `actual` is within HdrHistogram's 3-significant-digit precision (0.1%) of `expected`.
func XCTAssertWithinHistogramPrecision(
    _ actual: Double, _ expected: Double, _ message: String = "", file: StaticString = #filePath, line: UInt = #line
) {
    XCTAssertEqual(actual, expected, accuracy: abs(expected) * 0.001 + 1e-9, message, file: file, line: line)
}

/// A report of a run whose frames all take `frameMs`, with phases and an environment filled in.
func uniformReport(frameMs: Double, frames: Int = 200, scenario: String = "cube", gpu: Bool = false) throws -> BenchReport {
    let list = (0..<frames).map { i in
        FrameSample(
            index: i, timestampNs: ms(frameMs) * Nanoseconds(i + 1), frameTimeNs: ms(frameMs),
            cpuNs: [.events: us(5), .overlayLayout: us(2), .overlayPaint: us(3), .overlayRender: us(4), .present: us(100)],
            gpuNs: gpu ? GPUTimes(scene: us(300), overlay: us(40)) : GPUTimes())
    }
    let environment = BenchEnvironment(
        glRenderer: "llvmpipe (LLVM 15.0.6, 256 bits)", glVersion: "3.3 (Core Profile) Mesa 22.3.6",
        cpuModel: "Test CPU", cpuCores: 2, buildConfiguration: "release", gitCommit: "0123abcd", os: "Debian GNU/Linux 12",
        options: BenchRunOptions(scenario: scenario, frames: frames, warmup: 10, width: 1280, height: 720, headless: true, finish: true))
    return BenchReport(scenario: scenario, statistics: try FrameStatistics(samples: list), environment: environment)
}

/// A fresh temporary directory for files written by a test.
func temporaryDirectory() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("glasspane-bench-tests-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// Runs `body` and returns the BenchError it throws, failing when it throws nothing or something else.
func benchError<T>(_ body: () throws -> T, file: StaticString = #filePath, line: UInt = #line) -> BenchError? {
    do {
        _ = try body()
        XCTFail("expected a BenchError, nothing was thrown", file: file, line: line)
    } catch let error as BenchError {
        return error
    } catch {
        XCTFail("expected a BenchError, got \(error)", file: file, line: line)
    }
    return nil
}
