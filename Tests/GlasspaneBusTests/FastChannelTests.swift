// The fast channel: typed arrays without JSON, allowed only in its phases.
import GlasspaneBus
import GlasspaneCore
import XCTest

@MainActor
final class FastChannelTests: XCTestCase {
    private func makeMeshChannel(_ bus: MessageBus) throws -> FastChannel<Float> {
        try bus.fastChannel(named: "mesh", of: Float.self, writePhases: [.routing, .animation], readPhases: [.busToEngine, .simulation])
    }

    func testSendAndReceiveInAllowedPhasesKeepsOrderAndContent() async throws {
        let bus = MessageBus(clock: ManualClock(), logger: quietLogger())
        let channel = try makeMeshChannel(bus)
        bus.phase = .routing
        try channel.send([1, 2, 3])
        let source: [Float] = [4, 5]
        try source.withUnsafeBufferPointer { try channel.send(copying: $0) }
        XCTAssertEqual(channel.count, 2)
        bus.phase = .busToEngine
        XCTAssertEqual(try channel.receive(), [1, 2, 3])
        XCTAssertEqual(try channel.receive(), [4, 5])
        XCTAssertNil(try channel.receive())
        XCTAssertEqual(channel.sentElements, 5)
    }

    func testSendInAForbiddenPhaseThrowsWrongPhase() async throws {
        let bus = MessageBus(clock: ManualClock(), logger: quietLogger())
        let channel = try makeMeshChannel(bus)
        for phase in [FramePhase?.none, .busToEngine, .simulation, .busToOverlay, .sceneRender] {
            bus.phase = phase
            XCTAssertThrowsError(try channel.send([1])) { error in
                XCTAssertEqual((error as? FastChannelError)?.code, .wrongPhase, "\(String(describing: phase))")
                XCTAssertEqual((error as? FastChannelError)?.phase, phase)
            }
        }
        XCTAssertEqual(channel.count, 0)
    }

    func testReceiveInAForbiddenPhaseThrowsWrongPhaseAndKeepsTheData() async throws {
        let bus = MessageBus(clock: ManualClock(), logger: quietLogger())
        let channel = try makeMeshChannel(bus)
        bus.phase = .routing
        try channel.send([9])
        XCTAssertThrowsError(try channel.receive()) { error in
            XCTAssertEqual((error as? FastChannelError)?.code, .wrongPhase)
        }
        bus.phase = .simulation
        XCTAssertEqual(try channel.receive(), [9])
    }

    func testEveryPhaseIsAllowedExactlyWhenItsSetNamesIt() async throws {
        // The channel checks phases as bits by ordinal: each phase, the first and the last included, must give the
        // answer the sets give, for sends (plain and copying) and receives alike.
        let bus = MessageBus(clock: ManualClock(), logger: quietLogger())
        let writes: Set<FramePhase> = [.events, .simulation, .present], reads: Set<FramePhase> = [.busToEngine, .overlayRender]
        let channel = try bus.fastChannel(named: "edges", of: Int.self, writePhases: writes, readPhases: reads, capacity: 64,
                                          overflow: .dropOldest)
        for phase in [FramePhase?.none] + FramePhase.allCases.map(Optional.some) {
            bus.phase = phase
            let allowedToWrite = phase.map { writes.contains($0) } ?? false
            let allowedToRead = phase.map { reads.contains($0) } ?? false
            XCTAssertEqual((try? channel.send([1])) != nil, allowedToWrite, "send in \(String(describing: phase))")
            let one = [2]
            XCTAssertEqual((try? one.withUnsafeBufferPointer { try channel.send(copying: $0) }) != nil, allowedToWrite,
                           "copying send in \(String(describing: phase))")
            XCTAssertEqual((try? channel.receive()) != nil, allowedToRead, "receive in \(String(describing: phase))")
            XCTAssertEqual((try? channel.receiveLatest()) != nil, allowedToRead, "receiveLatest in \(String(describing: phase))")
        }
    }

    func testWrongPhaseMessagesNameTheOperationAndItsOwnPhases() async throws {
        let bus = MessageBus(clock: ManualClock(), logger: quietLogger())
        let channel = try makeMeshChannel(bus)
        bus.phase = .hud
        XCTAssertThrowsError(try channel.send([1])) { error in
            XCTAssertEqual((error as? FastChannelError)?.message,
                           "fast channel mesh: send is not allowed in phase hud (allowed: animation, routing)")
        }
        XCTAssertThrowsError(try channel.receive()) { error in
            XCTAssertEqual((error as? FastChannelError)?.message,
                           "fast channel mesh: receive is not allowed in phase hud (allowed: bus_to_engine, simulation)")
        }
    }

    func testFullChannelThrowsFull() async throws {
        let bus = MessageBus(clock: ManualClock(), logger: quietLogger())
        let channel = try bus.fastChannel(named: "stats", of: Double.self, writePhases: [.sceneRender], readPhases: [.overlayLayout], capacity: 2)
        bus.phase = .sceneRender
        try channel.send([1])
        try channel.send([2])
        XCTAssertThrowsError(try channel.send([3])) { error in
            XCTAssertEqual((error as? FastChannelError)?.code, .full)
        }
        bus.phase = .overlayLayout
        XCTAssertEqual(try channel.receiveLatest(), [2])
        XCTAssertEqual(channel.count, 0)
    }

    func testSameNameWithAnotherElementTypeThrows() async throws {
        let bus = MessageBus(clock: ManualClock(), logger: quietLogger())
        let floats = try makeMeshChannel(bus)
        XCTAssertTrue(try makeMeshChannel(bus) === floats, "the same name and type give the same channel")
        XCTAssertThrowsError(try bus.fastChannel(named: "mesh", of: UInt8.self, writePhases: [.routing], readPhases: [.busToEngine])) { error in
            XCTAssertEqual((error as? FastChannelError)?.code, .elementTypeMismatch)
        }
    }

    func testLargeArraysAreNotCopiedOnSend() async throws {
        let bus = MessageBus(clock: ManualClock(), logger: quietLogger())
        let channel = try bus.fastChannel(named: "pixels", of: UInt8.self, writePhases: [.sceneRender], readPhases: [.sceneRender])
        bus.phase = .sceneRender
        let megabyte = [UInt8](repeating: 7, count: 1 << 20)
        let sentAddress = megabyte.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        try channel.send(megabyte)
        let received = try XCTUnwrap(try channel.receive())
        XCTAssertEqual(received.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }, sentAddress)
    }

    func testRecycledStorageIsReusedByCopyingSends() async throws {
        let bus = MessageBus(clock: ManualClock(), logger: quietLogger())
        let channel = try bus.fastChannel(named: "verts", of: Float.self, writePhases: [.sceneRender], readPhases: [.sceneRender])
        bus.phase = .sceneRender
        let source = [Float](repeating: 1, count: 4096)
        try source.withUnsafeBufferPointer { try channel.send(copying: $0) }
        let first = try XCTUnwrap(try channel.receive())
        let address = first.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        channel.recycle(consume first) // the test must not keep a reference, or the storage is shared
        try source.withUnsafeBufferPointer { try channel.send(copying: $0) }
        let second = try XCTUnwrap(try channel.receive())
        XCTAssertEqual(second.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }, address)
        XCTAssertEqual(second, source)
    }

    func testCopyingAnArrayUsesRecycledStorageAndNeverSharesTheCallersArray() async throws {
        let bus = MessageBus(clock: ManualClock(), logger: quietLogger())
        let channel = try bus.fastChannel(named: "stats", of: Double.self, writePhases: [.simulation], readPhases: [.animation])
        bus.phase = .simulation
        var scratch: [Double] = [1, 2, 3, 4, 5, 6, 7]
        try channel.send(copying: scratch)
        bus.phase = .animation
        let first = try XCTUnwrap(try channel.receiveLatest())
        XCTAssertEqual(first, [1, 2, 3, 4, 5, 6, 7])
        XCTAssertNotEqual(first.withUnsafeBufferPointer { $0.baseAddress }, scratch.withUnsafeBufferPointer { $0.baseAddress },
                          "a copy, not the caller's storage")
        let address = first.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        channel.recycle(consume first)
        scratch[0] = 42 // the caller reuses its array, as the engine does every step
        bus.phase = .simulation
        try channel.send(copying: scratch)
        bus.phase = .animation
        let second = try XCTUnwrap(try channel.receiveLatest())
        XCTAssertEqual(second, [42, 2, 3, 4, 5, 6, 7])
        XCTAssertEqual(second.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }, address, "the recycled storage")
        bus.phase = .hud
        XCTAssertThrowsError(try channel.send(copying: scratch)) { error in
            XCTAssertEqual((error as? FastChannelError)?.code, .wrongPhase)
        }
    }

    func testSendsAreLoggedWithSizesOnly() async throws {
        let bus = MessageBus(clock: ManualClock(), logger: quietLogger())
        let sink = MemoryLogSink()
        bus.logSink = sink
        let channel = try makeMeshChannel(bus)
        bus.phase = .routing
        try channel.send([1, 2, 3, 4])
        XCTAssertEqual(sink.lines.count, 1)
        XCTAssertTrue(sink.lines[0].contains(#""channel":"mesh","count":4,"bytes":16"#), sink.lines[0])
    }
}

@MainActor
final class FastChannelOverflowTests: XCTestCase {
    func testDropOldestKeepsTheNewestBatches() async throws {
        let bus = MessageBus(clock: ManualClock(), logger: quietLogger())
        let channel = try bus.fastChannel(named: "stats", of: Int.self, writePhases: [.simulation], readPhases: [.overlayLayout],
                                          capacity: 2, overflow: .dropOldest)
        bus.phase = .simulation
        for i in 0..<5 { try channel.send([i]) }
        XCTAssertEqual(channel.droppedBatches, 3)
        bus.phase = .overlayLayout
        XCTAssertEqual(try channel.receive(), [3])
        XCTAssertEqual(try channel.receive(), [4])
    }
}
