// Message types and helpers shared by the bus tests.
import GlasspaneBus
import GlasspaneCore
import Logging
import Foundation
import XCTest

/// A message with a string and an integer field.
struct Note: BusMessage, Hashable {
    static let type = "note"
    var text: String
    var count: Int
}

/// A message whose single number must be finite and within 0...1.
struct Level: BusMessage, Hashable {
    static let type = "level"
    var value: Double
    func validate() throws(PayloadViolation) {
        guard value.isFinite else { throw PayloadViolation(field: "data.value", reason: "is not finite") }
        guard (0...1).contains(value) else { throw PayloadViolation(field: "data.value", reason: "is outside 0...1") }
    }
}

/// A request answered with `Sum`.
struct AddRequest: BusRequest, Hashable {
    typealias Reply = Sum
    static let type = "add"
    var a: Int
    var b: Int
}

/// The reply to `AddRequest`.
struct Sum: BusMessage, Hashable {
    static let type = "sum"
    var value: Int
}

/// A request nobody answers in these tests' engines unless told to.
struct Silence: BusRequest, Hashable {
    typealias Reply = Sum
    static let type = "silence"
}

/// A logger that stays quiet: the error paths are the point of these tests, not noise on stderr.
func quietLogger() -> Logger {
    var logger = Logger(label: "test.bus")
    logger.logLevel = .critical
    return logger
}

/// A bus, an engine-like receiver that records notes and levels, and an overlay-like sender that records errors.
@MainActor
final class BusFixture {
    let bus: MessageBus
    let clock = ManualClock()
    let engine: BusEndpoint
    let overlay: BusEndpoint
    var notes: [Note] = []
    var levels: [Level] = []
    var errors: [BusError] = []
    var engineErrors: [BusError] = []

    init(configuration: MessageBus.Configuration = .init(), engineReady: Bool = true) {
        bus = MessageBus(configuration: configuration, clock: clock, logger: quietLogger())
        engine = bus.attach(.engine, ready: engineReady)
        overlay = bus.attach(.overlay)
        engine.on(Note.self) { [unowned self] note, _ in notes.append(note) }
        engine.on(Level.self) { [unowned self] level, _ in levels.append(level) }
        engine.onRequest(AddRequest.self) { request, _ in Sum(value: request.a + request.b) }
        overlay.onError = { [unowned self] error, _ in errors.append(error) }
        engine.onError = { [unowned self] error, _ in engineErrors.append(error) }
    }

    /// Phases 3 and 5 of a frame, as the host runs them, then the yield that lets resumed tasks run.
    func deliverFrame() async {
        bus.phase = .busToEngine
        bus.deliver(to: .engine)
        bus.phase = .simulation
        bus.phase = .busToOverlay
        bus.deliver(to: .overlay)
        await bus.settle()
        bus.phase = nil
    }

    /// Starts a new frame in the input phase.
    func beginFrame() {
        bus.frameIndex += 1
        bus.phase = .routing
    }

    /// Posts raw JSON from the overlay to the engine and runs one frame; returns the error codes that came back.
    func rejectCodes(_ json: String) async -> [BusErrorCode] {
        errors.removeAll()
        beginFrame()
        bus.postRaw(json, from: .overlay, to: .engine)
        await deliverFrame()
        return errors.map(\.code)
    }
}

/// Keeps the bus's traffic log lines in memory (the product writes them to a file: `FileLogSink`).
@MainActor
final class MemoryLogSink: BusLogSink {
    private(set) var lines: [String] = []
    func write(line: String) { lines.append(line) }
}
