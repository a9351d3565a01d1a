// A WebSocket connection's reading task stops before FlyingFox may close its socket: FlyingFox closes the socket
// when the outgoing stream ends, and a read still waiting then took the bytes of whatever socket reused the
// descriptor number (docs/inspector.md, "Replies taken by a dropped client's reader").
import FlyingFox
@testable import GlasspaneInspector
import XCTest

final class ClientSessionLifetimeTests: XCTestCase {
    /// An incoming frame stream that never delivers, as a client that stopped sending: `waiting` is set once the
    /// reader waits on it and, as a read waiting in FlyingFox's socket pool does, a cancelled wait throws and sets
    /// `stopped`.
    private func silentClient() -> (frames: AsyncThrowingStream<WSFrame, any Error>, waiting: LockedBox<Bool>, stopped: LockedBox<Bool>) {
        let waiting = LockedBox(false), stopped = LockedBox(false)
        let frames = AsyncThrowingStream<WSFrame, any Error>(unfolding: {
            waiting.value = true
            do { try await Task.sleep(nanoseconds: 3_600_000_000_000) } catch { stopped.value = true; throw error }
            return nil
        })
        return (frames, waiting, stopped)
    }

    private func untilTrue(_ flag: @escaping @Sendable () -> Bool, _ description: String) async {
        let done = expectation(description: description)
        Task {
            while !flag() { await Task.yield() }
            done.fulfill()
        }
        await fulfillment(of: [done], timeout: 10)
    }

    func testTheOutgoingStreamOfADroppedClientEndsOnlyAfterItsReaderStopped() async throws {
        let hub = InspectorHub(log: { _ in })
        let channel = try XCTUnwrap(hub.register())
        let (incoming, readerWaits, readerStopped) = silentClient()
        let outgoing = try await ClientSession(hub: hub, channel: channel).makeFrames(for: incoming)
        var frames = outgoing.makeAsyncIterator()
        let hello = await frames.next()
        XCTAssertEqual(hello?.opcode, .text)
        await untilTrue({ readerWaits.value }, "the reader waits for the client")
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
        let (incoming, readerWaits, readerStopped) = silentClient()
        // FlyingFox lets go of the stream without reaching its end when a write fails: here, at the end of the scope.
        do {
            let outgoing = try await ClientSession(hub: hub, channel: channel).makeFrames(for: incoming)
            await untilTrue({ readerWaits.value }, "the reader waits for the client")
            withExtendedLifetime(outgoing) {} // held until the reader waits, then let go
        }
        // The reader's last act is to let go of the client: once it has, its wait was cancelled and nothing
        // counted that as an unreadable frame.
        await untilTrue({ hub.clientCount == 0 }, "the reader stopped and let go of the client")
        XCTAssertTrue(readerStopped.value)
        XCTAssertTrue(hub.droppedClients.isEmpty, "a stopped reader is not a bad-frame drop: \(hub.droppedClients)")
    }
}
