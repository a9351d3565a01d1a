// A WebSocket connection's reading task stops before FlyingFox may close its socket: FlyingFox closes the socket
// when the outgoing stream ends, and a read still waiting then took the bytes of whatever socket reused the
// descriptor number (docs/inspector.md, "Replies taken by a dropped client's reader").
import FlyingFox
@testable import GlasspaneInspector
import XCTest

final class ClientSessionLifetimeTests: XCTestCase {
    /// An incoming frame stream that never delivers, as a client that stopped sending; `stopped` is set when its
    /// reader lets go of it.
    private func silentClient() -> (AsyncThrowingStream<WSFrame, any Error>, LockedBox<Bool>) {
        let stopped = LockedBox(false)
        let (frames, continuation) = AsyncThrowingStream.makeStream(of: WSFrame.self, throwing: (any Error).self)
        continuation.onTermination = { _ in stopped.value = true }
        return (frames, stopped)
    }

    func testTheOutgoingStreamOfADroppedClientEndsOnlyAfterItsReaderStopped() async throws {
        let hub = InspectorHub(log: { _ in })
        let channel = try XCTUnwrap(hub.register())
        let (incoming, readerStopped) = silentClient()
        let outgoing = try await ClientSession(hub: hub, channel: channel).makeFrames(for: incoming)
        var frames = outgoing.makeAsyncIterator()
        let hello = await frames.next()
        XCTAssertEqual(hello?.opcode, .text)
        hub.drop(channel, reason: "queue-full", detail: "a test", closeCode: 1008)
        let close = await frames.next()
        XCTAssertEqual(close?.opcode, .close)
        XCTAssertFalse(readerStopped.value, "nothing stops the reader before the stream's end")
        let end = await frames.next()
        XCTAssertNil(end)
        XCTAssertTrue(readerStopped.value, "the stream ended (the socket may close) while the reader still waited on it")
        XCTAssertEqual(hub.droppedClients.map(\.reason), ["queue-full"], "stopping the reader is not another drop")
    }

    func testLettingGoOfTheOutgoingStreamStopsTheReader() async throws {
        let hub = InspectorHub(log: { _ in })
        let channel = try XCTUnwrap(hub.register())
        let (incoming, readerStopped) = silentClient()
        // FlyingFox lets go of the stream without reaching its end when a write fails: here, at the end of the scope.
        do { _ = try await ClientSession(hub: hub, channel: channel).makeFrames(for: incoming) }
        let stopped = expectation(description: "the reader stopped")
        Task {
            while !readerStopped.value { await Task.yield() }
            stopped.fulfill()
        }
        await fulfillment(of: [stopped], timeout: 10)
        XCTAssertTrue(hub.droppedClients.isEmpty, "\(hub.droppedClients)")
    }
}
