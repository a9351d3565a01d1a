// A bus, the engine service and an overlay-side client, run frame by frame the way the host does.
import GlasspaneBus
import GlasspaneCore
@testable import GlasspaneDemo
import GlasspaneScene
import Logging
import XCTest

/// The engine, the overlay client and the bus, stepped through the frame phases of docs/design.md.
@MainActor
final class EngineHarness {
    let bus: MessageBus
    let engine: EngineService
    let client: EngineClient
    var changes: [StateChanged] = []
    var errors: [BusError] = []
    /// Where phase 5 found each state-changed: (frame, phase).
    var changeSeenAt: [(Int, FramePhase?)] = []

    init(announceReady: Bool = true) {
        var logger = Logger(label: "test.engine")
        logger.logLevel = .critical
        bus = MessageBus(clock: ManualClock(), logger: logger)
        client = EngineClient(bus: bus)
        engine = EngineService(bus: bus, announceReady: announceReady)
        client.onStateChanged = { [unowned self] change in
            changes.append(change)
            changeSeenAt.append((bus.frameIndex, bus.phase))
        }
        client.onError = { [unowned self] error in errors.append(error) }
    }

    /// One frame: input (the closure), engine delivery, one simulation step, overlay delivery, the host's settle.
    func frame(input: () -> Void = {}) async {
        bus.frameIndex += 1
        bus.phase = .routing
        input()
        bus.phase = .busToEngine
        bus.deliver(to: .engine)
        bus.phase = .simulation
        engine.step(dt: 1.0 / 120)
        bus.phase = .busToOverlay
        bus.deliver(to: .overlay)
        await bus.settle()
        bus.phase = nil
    }
}

/// A pointer event at a point.
func pointer(_ x: Double, _ y: Double, id: Int = 0) -> PointerEvent {
    PointerEvent(pointerID: id, button: .left, location: Point(x: x, y: y))
}

/// Keeps the bus's traffic log lines in memory (the product writes them to a file: `FileLogSink`).
@MainActor
final class MemoryLogSink: BusLogSink {
    private(set) var lines: [String] = []
    func write(line: String) { lines.append(line) }
}
