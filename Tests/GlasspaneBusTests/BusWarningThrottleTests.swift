// A flood of bad posts logs at most `maxWarningsPerFrame` lines a frame, then one line with the count.
@testable import GlasspaneBus
import GlasspaneCore
import Logging
import XCTest

/// Keeps every message logged through it.
private final class CapturingLogHandler: LogHandler, @unchecked Sendable {
    final class Store: @unchecked Sendable { var messages: [String] = [] }
    let store: Store
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace
    init(store: Store) { self.store = store }
    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] } set { metadata[key] = newValue }
    }
    func log(level: Logger.Level, message: Logger.Message, metadata: Logger.Metadata?, source: String,
             file: String, function: String, line: UInt) {
        store.messages.append(message.description)
    }
}

@MainActor
final class BusWarningThrottleTests: XCTestCase {
    func testAFloodOfBadPostsLogsTheLimitThenOneSummaryLine() async {
        let store = CapturingLogHandler.Store()
        let bus = MessageBus(configuration: .init(maxWarningsPerFrame: 4), clock: ManualClock(),
                             logger: Logger(label: "test.throttle", factory: { _ in CapturingLogHandler(store: store) }))
        let engine = bus.attach(.engine)
        engine.onError = { _, _ in }
        bus.attach(.overlay).onError = { _, _ in }
        bus.frameIndex = 1
        for _ in 0..<1000 { bus.postRaw("{not json", from: .overlay, to: .engine) }
        XCTAssertEqual(bus.statistics.errors, 1000, "every bad post is still answered")
        XCTAssertEqual(store.messages.count, 4)
        XCTAssertTrue(store.messages.allSatisfy { $0.hasPrefix("bus: malformed-json") }, "\(store.messages)")
        bus.frameIndex = 2
        XCTAssertEqual(store.messages.count, 5)
        XCTAssertEqual(store.messages.last, "bus: 996 more warnings in frame 1 were not logged (at most 4 a frame)")
        XCTAssertEqual(bus.statistics.suppressedWarnings, 996)
        // A new frame logs again, and a quiet frame change adds no line.
        bus.postRaw("{not json", from: .overlay, to: .engine)
        XCTAssertEqual(store.messages.count, 6)
        bus.frameIndex = 3
        XCTAssertEqual(store.messages.count, 6)
    }
}
