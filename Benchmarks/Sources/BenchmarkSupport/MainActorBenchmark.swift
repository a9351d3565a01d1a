// Running Glasspane code under ordo-one/benchmark.
//
// The bus, the engine, the demo and the frame loop are `@MainActor`, but the benchmark runner calls synchronous
// closures on a thread of the cooperative pool, where `MainActor.assumeIsolated` traps. The pattern that works:
// register an async closure that hops to the main actor (`MainActor.run`), build the fixture there once, and
// measure only the inner loop with `startMeasurement()`/`stopMeasurement()`, so the hop itself (a task, a queue
// hop and a semaphore per call, tens of microseconds) never shows in the figures.
import Benchmark

/// Holds a benchmark's fixture between calls; filled and read on the main actor only.
@MainActor
final class FixtureBox<Fixture> {
    var fixture: Fixture?
    nonisolated init() {}
}

/// Registers a benchmark whose fixture and body run on the main actor.
///
/// - `fixture` runs once, on the first call (a warmup call), outside the measured region.
/// - `body` receives the fixture and the benchmark and loops `for _ in benchmark.scaledIterations`; only the
///   body is measured (wall clock, throughput, mallocs).
public func mainActorBenchmark<Fixture>(
    _ name: String,
    configuration: Benchmark.Configuration = Benchmark.defaultConfiguration,
    fixture makeFixture: @escaping @MainActor @Sendable () -> Fixture,
    body: @escaping @MainActor @Sendable (Fixture, Benchmark) -> Void
) {
    let box = FixtureBox<Fixture>()
    Benchmark(name, configuration: configuration) { (benchmark: Benchmark) async -> Void in
        // The runner blocks its own thread until this closure returns: nothing else touches `benchmark` meanwhile.
        nonisolated(unsafe) let benchmark = benchmark
        await MainActor.run {
            let fixture: Fixture
            if let existing = box.fixture {
                fixture = existing
            } else {
                fixture = makeFixture()
                box.fixture = fixture
            }
            benchmark.startMeasurement()
            body(fixture, benchmark)
            benchmark.stopMeasurement()
        }
    }
}

/// A custom metric: bytes moved per second (larger is better), computed by the benchmark itself.
public let bytesPerSecond = BenchmarkMetric.custom("bytes/s", polarity: .prefersLarger, useScalingFactor: false)
