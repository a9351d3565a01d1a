// Bus micro-benchmarks: the typed JSON round trip between the overlay and the engine, request/reply,
// one-way message rate, and the fast channel's bulk throughput. Pure logic: no SDL, no GL.
import Benchmark
import Foundation
import BenchmarkSupport
import GlasspaneBus
import GlasspaneCore
import GlasspaneDemo

/// The overlay and the engine on one bus, as the demo wires them (overlay endpoint first, engine announces ready).
@MainActor
final class BusFixture {
    let bus: MessageBus
    let client: EngineClient
    let engine: EngineService
    /// `state-changed` messages the overlay handled.
    var stateChangesSeen = 0
    /// `get-state` replies the overlay handled.
    var repliesSeen = 0
    /// Two colors to alternate between, so every `change-color` changes the state (and makes a `state-changed`).
    let colors = [Color(r: 0.2, g: 0.4, b: 0.8), Color(r: 0.9, g: 0.3, b: 0.1)]

    init(engineObservers: [EndpointID] = [.overlay]) {
        bus = MessageBus()
        client = EngineClient(bus: bus)
        engine = EngineService(bus: bus, observers: engineObservers, announceReady: false)
        client.onStateChanged = { [unowned self] _ in stateChangesSeen += 1 }
        engine.announceReady()
        frame()
        stateChangesSeen = 0
    }

    /// Runs `iterations` round trips: the overlay sends `change-color` (with `animation` when given) in the
    /// routing phase, then phases 3 and 5, then the log's end-of-frame flush when there is a log (the session
    /// flushes `--bus-log` once per frame; a drag makes one round trip a frame); reports an error unless each made
    /// exactly one `state-changed`.
    @inline(__always)
    func roundTrips(_ benchmark: Benchmark, animation: MessageAnimation? = nil, log: FileLogSink? = nil) {
        let before = stateChangesSeen
        let cpuStart = threadCPUNanoseconds()
        for i in benchmark.scaledIterations {
            bus.phase = .routing
            client.setColor(colors[i & 1], animation: animation)
            frame()
            log?.flush()
        }
        benchmark.measurement(threadCPU, (threadCPUNanoseconds() - cpuStart) / benchmark.scaledIterations.count)
        if stateChangesSeen - before != benchmark.scaledIterations.count {
            benchmark.error("expected one state-changed per change-color, got \(stateChangesSeen - before)")
        }
    }

    /// A fixture whose bus logs to a temporary file as `--bus-log PATH` does (a `FileLogSink`, flushed per frame).
    static func logging(_ name: String) -> (BusFixture, FileLogSink) {
        let f = BusFixture()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("glasspane-bench-\(name)-\(getpid()).jsonl").path
        let sink = try! FileLogSink(path: path)
        f.bus.logSink = sink
        return (f, sink)
    }

    /// Phases 3 and 5 of a frame: the engine's mailbox, then the overlay's.
    @inline(__always)
    func frame() {
        bus.phase = .busToEngine
        bus.deliver(to: .engine)
        bus.phase = .busToOverlay
        bus.deliver(to: .overlay)
    }
}

/// Thread CPU time per iteration, ns: what an iteration costs while this thread runs, so time the scheduler gave to
/// other processes on a shared machine is not counted (wall clock counts it).
let threadCPU = BenchmarkMetric.custom("thread CPU (ns)", polarity: .prefersSmaller, useScalingFactor: false)

/// This thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`), ns.
func threadCPUNanoseconds() -> Int {
    var t = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
    return t.tv_sec * 1_000_000_000 + t.tv_nsec
}

let benchmarks: @Sendable () -> Void = {
    // The suite's metrics plus thread CPU time, for the round trips.
    let roundTripConfiguration = Benchmark.Configuration(
        metrics: [.wallClock, .throughput, .mallocCountTotal, threadCPU], scalingFactor: .kilo)

    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        timeUnits: .nanoseconds,
        warmupIterations: 3,
        maxDuration: .seconds(2),
        maxIterations: 1_000
    )

    // Overlay posts `change-color` (encode), the bus routes it to the engine's mailbox, the engine decodes,
    // validates and handles it in phase 3 and posts `state-changed`, which the overlay decodes and handles in
    // phase 5. One scaled iteration = one full round trip.
    mainActorBenchmark(
        "Bus.roundTrip.changeColor",
        configuration: roundTripConfiguration,
        fixture: { BusFixture() },
        body: { f, benchmark in f.roundTrips(benchmark) })

    // The same round trip with an animation on every `change-color` (a perceptual spring, the demo's preset): the
    // engine validates it and retargets its color animation; `state-changed` still reports the model color.
    let spring = MessageAnimation.spring(response: 0.4, dampingFraction: 0.8)
    mainActorBenchmark(
        "Bus.roundTrip.changeColor.animated",
        configuration: roundTripConfiguration,
        fixture: { BusFixture() },
        body: { f, benchmark in f.roundTrips(benchmark, animation: spring) })

    // The same round trip with the traffic log on, as `--bus-log PATH` sets it: a `FileLogSink` on a temporary
    // file, four lines per iteration (post and deliver of both messages), written in one `write` at the iteration's
    // end as the session does at a frame's end.
    mainActorBenchmark(
        "Bus.roundTrip.changeColor.busLog",
        configuration: roundTripConfiguration,
        fixture: { BusFixture.logging("bus-log") },
        body: { fixture, benchmark in fixture.0.roundTrips(benchmark, log: fixture.1) })

    // The log on, written only when its 64 KiB buffer fills (about every 150 round trips, as in a frame that makes
    // many): the log's formatting and copying without a system call per iteration, to price the `write`.
    mainActorBenchmark(
        "Bus.roundTrip.changeColor.busLog.bufferOnly",
        configuration: roundTripConfiguration,
        fixture: { BusFixture.logging("bus-log-buffer-only") },
        body: { fixture, benchmark in fixture.0.roundTrips(benchmark) })

    // Both: the log on and an animation on every `change-color` (its lines carry the animation's JSON).
    mainActorBenchmark(
        "Bus.roundTrip.changeColor.animated.busLog",
        configuration: roundTripConfiguration,
        fixture: { BusFixture.logging("bus-log-animated") },
        body: { fixture, benchmark in fixture.0.roundTrips(benchmark, animation: spring, log: fixture.1) })

    // `get-state` with the completion API: request (encode, id, pending entry), the engine's handler encodes the
    // `state` reply, the overlay matches `replyTo`, decodes and runs the completion. One iteration = one reply.
    mainActorBenchmark(
        "Bus.roundTrip.getState",
        configuration: roundTripConfiguration,
        fixture: { BusFixture() },
        body: { f, benchmark in
            let before = f.repliesSeen
            let cpuStart = threadCPUNanoseconds()
            for _ in benchmark.scaledIterations {
                f.bus.phase = .routing
                f.client.requestState { result in
                    if case .success(let state) = result { blackHole(state); f.repliesSeen += 1 }
                }
                f.frame()
            }
            benchmark.measurement(threadCPU, (threadCPUNanoseconds() - cpuStart) / benchmark.scaledIterations.count)
            if f.repliesSeen - before != benchmark.scaledIterations.count {
                benchmark.error("expected one reply per get-state, got \(f.repliesSeen - before)")
            }
        })

    // Message rate, one way: 1,000 `change-color` posted in a frame, then one delivery to the engine (no
    // observers, so no `state-changed` traffic back). Throughput = messages per second.
    mainActorBenchmark(
        "Bus.messages.changeColor.oneWay",
        configuration: .init(scalingFactor: .kilo),
        fixture: { BusFixture(engineObservers: []) },
        body: { f, benchmark in
            let before = f.bus.statistics.delivered
            f.bus.phase = .routing
            for i in benchmark.scaledIterations { f.client.setColor(f.colors[i & 1]) }
            f.frame()
            let delivered = f.bus.statistics.delivered - before
            if delivered != benchmark.scaledIterations.count {
                benchmark.error("expected \(benchmark.scaledIterations.count) deliveries, got \(delivered)")
            }
        })

    // Fast channel: a 1 MiB `[Float]` (262,144 floats) copied into recycled storage in the input phase
    // (`send(copying:)`: one memcpy) and received in the engine phase; the receiver hands the storage back.
    // One iteration = 1 MiB moved, so throughput (#/s) = MiB/s; bytes/s is reported as its own metric.
    let floatCount = (1 << 20) / MemoryLayout<Float>.stride
    mainActorBenchmark(
        "Bus.fastChannel.sendCopying.1MiB",
        configuration: .init(metrics: [.wallClock, .throughput, .mallocCountTotal, bytesPerSecond], timeUnits: .microseconds),
        fixture: { () -> (MessageBus, FastChannel<Float>, [Float]) in
            let bus = MessageBus()
            let channel = try! bus.fastChannel(named: "bench.floats", of: Float.self, writePhases: [.routing],
                                               readPhases: [.busToEngine], capacity: 4, overflow: .throwFull)
            let source = (0..<floatCount).map { Float($0) }
            return (bus, channel, source)
        },
        body: { f, benchmark in
            let (bus, channel, source) = f
            let clock = ContinuousClock()
            let start = clock.now
            var checksum: Float = 0
            for _ in benchmark.scaledIterations {
                bus.phase = .routing
                source.withUnsafeBufferPointer { try! channel.send(copying: $0) }
                bus.phase = .busToEngine
                guard let batch = try! channel.receive() else { benchmark.error("nothing received"); return }
                checksum += batch[batch.count - 1]
                channel.recycle(batch)
            }
            let elapsed = clock.now - start
            blackHole(checksum)
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
            let bytes = Double(benchmark.scaledIterations.count * floatCount * MemoryLayout<Float>.stride)
            benchmark.measurement(bytesPerSecond, Int(bytes / seconds))
        })

    // Fast channel at the demo's per-frame size: 7 doubles copied in (`send(copying:)`), the latest taken out and
    // recycled, as `EngineService.publishFrameStats` and the HUD do every frame. Compiled here, in a client module,
    // it measures the specialized path (docs/bench.md, "What the bench itself costs").
    mainActorBenchmark(
        "Bus.fastChannel.frameStats.7doubles",
        configuration: .init(metrics: [.wallClock, .throughput, .mallocCountTotal], scalingFactor: .kilo),
        fixture: { () -> (MessageBus, FastChannel<Double>, [Double]) in
            let bus = MessageBus()
            let channel = try! bus.fastChannel(named: "bench.stats", of: Double.self, writePhases: [.simulation],
                                               readPhases: [.animation], capacity: 4, overflow: .dropOldest)
            return (bus, channel, [1, 2, 3, 4, 5, 6, 7])
        },
        body: { f, benchmark in
            let (bus, channel, stats) = f
            var checksum = 0.0
            for _ in benchmark.scaledIterations {
                bus.phase = .simulation
                stats.withUnsafeBufferPointer { try! channel.send(copying: $0) }
                bus.phase = .animation
                guard let latest = try! channel.receiveLatest() else { benchmark.error("nothing received"); return }
                checksum += latest[6]
                channel.recycle(latest)
            }
            blackHole(checksum)
        })

    // Fast channel without the copy: `send(_:)` shares the array's storage (a retain), `receive()` hands it over.
    mainActorBenchmark(
        "Bus.fastChannel.sendShared.1MiB",
        configuration: .init(metrics: [.wallClock, .throughput, .mallocCountTotal, bytesPerSecond], scalingFactor: .kilo),
        fixture: { () -> (MessageBus, FastChannel<Float>, [Float]) in
            let bus = MessageBus()
            let channel = try! bus.fastChannel(named: "bench.floats.shared", of: Float.self, writePhases: [.routing],
                                               readPhases: [.busToEngine], capacity: 4, overflow: .throwFull)
            let source = (0..<floatCount).map { Float($0) }
            return (bus, channel, source)
        },
        body: { f, benchmark in
            let (bus, channel, source) = f
            let clock = ContinuousClock()
            let start = clock.now
            var checksum: Float = 0
            for _ in benchmark.scaledIterations {
                bus.phase = .routing
                try! channel.send(source)
                bus.phase = .busToEngine
                guard let batch = try! channel.receive() else { benchmark.error("nothing received"); return }
                checksum += batch[batch.count - 1]
            }
            let elapsed = clock.now - start
            blackHole(checksum)
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
            let bytes = Double(benchmark.scaledIterations.count * floatCount * MemoryLayout<Float>.stride)
            benchmark.measurement(bytesPerSecond, Int(bytes / seconds))
        })
}
