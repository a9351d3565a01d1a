// Delivery at fixed phases, ordering, ready queueing, raw injection and the traffic log.
import GlasspaneBus
import GlasspaneCore
import Foundation
import XCTest

@MainActor
final class BusDeliveryTests: XCTestCase {
    func testTypedMessageIsDeliveredOnlyWhenTheReceiverIsDelivered() async {
        let f = BusFixture()
        f.beginFrame()
        f.overlay.post(Note(text: "hi", count: 1), to: .engine)
        XCTAssertEqual(f.notes, [], "posting must not run the handler")
        XCTAssertEqual(f.bus.queuedCount(for: .engine), 1)
        f.bus.deliver(to: .overlay)
        XCTAssertEqual(f.notes, [], "delivering another endpoint must not run the handler")
        f.bus.deliver(to: .engine)
        XCTAssertEqual(f.notes, [Note(text: "hi", count: 1)])
        XCTAssertEqual(f.bus.queuedCount(for: .engine), 0)
        XCTAssertEqual(f.errors, [])
    }

    func testEachTypeReachesItsOwnHandlerAReRegistrationReplacesItAndAnUnknownTypeIsAnError() async {
        let f = BusFixture()
        f.beginFrame()
        f.overlay.post(Level(value: 0.2), to: .engine)
        f.overlay.post(Note(text: "a", count: 1), to: .engine)
        await f.deliverFrame()
        XCTAssertEqual(f.notes, [Note(text: "a", count: 1)])
        XCTAssertEqual(f.levels, [Level(value: 0.2)])
        // A second handler for `note` replaces the first; `level` keeps its own.
        var replaced: [Int] = []
        f.engine.on(Note.self) { note, _ in replaced.append(note.count) }
        f.beginFrame()
        f.overlay.post(Note(text: "b", count: 2), to: .engine)
        f.overlay.post(Level(value: 0.3), to: .engine)
        f.bus.postRaw(#"{"type":"no-such-type","data":{}}"#, from: .overlay, to: .engine)
        await f.deliverFrame()
        XCTAssertEqual(replaced, [2])
        XCTAssertEqual(f.notes, [Note(text: "a", count: 1)], "the replaced handler runs no more")
        XCTAssertEqual(f.levels, [Level(value: 0.2), Level(value: 0.3)])
        XCTAssertEqual(f.errors.map(\.code), [.unknownType])
        XCTAssertEqual(f.errors.first?.type, "no-such-type")
    }

    func testOrderIsPreservedAcrossTypedAndRawPosts() async {
        let f = BusFixture()
        f.beginFrame()
        for i in 0..<200 {
            if i % 3 == 0 {
                f.bus.postRaw(#"{"type":"note","data":{"text":"raw","count":\#(i)}}"#, from: .overlay, to: .engine)
            } else {
                f.overlay.post(Note(text: "typed", count: i), to: .engine)
            }
        }
        await f.deliverFrame()
        XCTAssertEqual(f.notes.map(\.count), Array(0..<200))
        XCTAssertEqual(f.notes.filter { $0.text == "raw" }.count, 67)
    }

    func testMessagesPostedWhileHandlingWaitForTheNextDelivery() async {
        let f = BusFixture()
        var seen: [Int] = []
        f.engine.on(Note.self) { [unowned f] note, _ in
            seen.append(note.count)
            if note.count < 3 { f.engine.post(Note(text: "again", count: note.count + 1), to: .engine) }
        }
        f.overlay.post(Note(text: "start", count: 0), to: .engine)
        f.bus.deliver(to: .engine)
        XCTAssertEqual(seen, [0])
        f.bus.deliver(to: .engine)
        f.bus.deliver(to: .engine)
        f.bus.deliver(to: .engine)
        XCTAssertEqual(seen, [0, 1, 2, 3])
    }

    func testMessagesBeforeAttachAndBeforeReadyAreQueuedInOrderAndDeliveredAfterReady() async {
        let bus = MessageBus(clock: ManualClock(), logger: quietLogger())
        let overlay = bus.attach(.overlay)
        var readyFrom: [String] = []
        overlay.on(Ready.self) { ready, _ in readyFrom.append(ready.endpoint) }
        overlay.post(Note(text: "before attach", count: 0), to: .engine)
        bus.postRaw(#"{"type":"note","data":{"text":"raw before attach","count":1}}"#, from: .overlay, to: .engine)

        let engine = bus.attach(.engine, ready: false)
        var got: [Int] = []
        engine.on(Note.self) { note, _ in got.append(note.count) }
        overlay.post(Note(text: "before ready", count: 2), to: .engine)
        for _ in 0..<3 { bus.deliver(to: .engine) }
        XCTAssertEqual(got, [], "nothing is delivered before ready")
        XCTAssertEqual(bus.queuedCount(for: .engine), 3, "nothing is dropped before ready")
        XCTAssertFalse(bus.isReady(.engine))

        engine.announceReady()
        engine.announceReady() // idempotent: one announcement only
        XCTAssertTrue(bus.isReady(.engine))
        overlay.post(Note(text: "after ready", count: 3), to: .engine)
        bus.deliver(to: .engine)
        XCTAssertEqual(got, [0, 1, 2, 3])
        bus.deliver(to: .overlay)
        XCTAssertEqual(readyFrom, ["engine"])
    }

    func testRawPostWithValidEnvelopeReachesTheTypedHandler() async {
        let f = BusFixture()
        let codes = await f.rejectCodes(#"  {"type": "level", "data": {"value": 0.25}}  "#)
        XCTAssertEqual(codes, [])
        XCTAssertEqual(f.levels, [Level(value: 0.25)])
    }

    func testMessagesWithoutHandlersForReadyAreIgnoredSilently() async {
        let f = BusFixture()
        f.bus.postRaw(#"{"type":"ready","data":{"endpoint":"tool"}}"#, from: .overlay, to: .engine)
        await f.deliverFrame()
        XCTAssertEqual(f.errors, [])
    }

    func testTrafficLogRecordsBothDirectionsWithFrameAndPhase() async throws {
        let f = BusFixture()
        let sink = MemoryLogSink()
        f.bus.logSink = sink
        f.bus.frameIndex = 41
        f.bus.phase = .routing
        f.overlay.request(AddRequest(a: 2, b: 3), to: .engine) { _ in }
        f.bus.frameIndex = 42
        await f.deliverFrame()
        let records = try sink.lines.map { try JSONValue(parsing: $0) }
        XCTAssertEqual(records.count, 4, "post + deliver for the request and for the reply")
        XCTAssertEqual(records[0]["event"], .string("post"))
        XCTAssertEqual(records[0]["frame"], .number(41))
        XCTAssertEqual(records[0]["phase"], .string("routing"))
        XCTAssertEqual(records[0]["from"], .string("overlay"))
        XCTAssertEqual(records[0]["to"], .string("engine"))
        XCTAssertEqual(records[0]["type"], .string("add"))
        XCTAssertEqual(records[0]["data"], .object(["a": .number(2), "b": .number(3)]))
        XCTAssertNotNil(records[0]["id"])
        XCTAssertEqual(records[1]["event"], .string("deliver"))
        XCTAssertEqual(records[1]["phase"], .string("bus_to_engine"))
        XCTAssertEqual(records[2]["from"], .string("engine"))
        XCTAssertEqual(records[2]["type"], .string("sum"))
        XCTAssertEqual(records[2]["replyTo"], records[0]["id"])
        XCTAssertEqual(records[3]["phase"], .string("bus_to_overlay"))
    }

    func testTrafficLogRecordsRejectedTextAndErrors() async throws {
        let f = BusFixture()
        let sink = MemoryLogSink()
        f.bus.logSink = sink
        _ = await f.rejectCodes("{nope")
        let records = try sink.lines.map { try JSONValue(parsing: $0) }
        XCTAssertEqual(records.first?["event"], .string("reject"))
        XCTAssertEqual(records.first?["raw"], .string("{nope"))
        XCTAssertTrue(records.contains { $0["error"]?["code"] == .string("malformed-json") })
    }

    private func logPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("bus-log-\(name)-\(getpid()).jsonl").path
    }

    private func fileLines(_ path: String) throws -> [String] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    func testFileLogSinkBatchesLinesUntilFlushAndWritesThemInOneCall() async throws {
        let path = logPath("batch")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let sink = try FileLogSink(path: path)
        let f = BusFixture()
        f.bus.logSink = sink
        f.overlay.post(Note(text: "a\"b\n", count: 1), to: .engine)
        f.overlay.post(Note(text: "second", count: 2), to: .engine)
        XCTAssertEqual(try fileLines(path), [""], "buffered: nothing written before the flush")
        XCTAssertEqual(sink.writeCount, 0)
        sink.flush()
        let lines = try fileLines(path)
        XCTAssertEqual(lines.count, 3, "two lines and the final newline")
        XCTAssertEqual(lines.last, "")
        XCTAssertEqual(try JSONValue(parsing: lines[0])["data"]?["text"], .string("a\"b\n"))
        XCTAssertEqual(try JSONValue(parsing: lines[1])["data"]?["count"], .number(2))
        XCTAssertEqual(sink.writeCount, 1, "both lines in one write")
        sink.flush()
        XCTAssertEqual(sink.writeCount, 1, "nothing buffered: no write")
        sink.close()
    }

    func testFileLogSinkWritesTheBufferWhenTheNextLineWouldNotFit() throws {
        let path = logPath("full")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let sink = try FileLogSink(path: path, bufferCapacity: 256)
        let line = String(repeating: "x", count: 100)
        for _ in 0..<3 { sink.write(line: line) }
        // 101 + 101 bytes fit in 256; the third line would not, so the first two were written.
        XCTAssertEqual(try fileLines(path), [line, line, ""])
        XCTAssertEqual(sink.writeCount, 1)
        let long = String(repeating: "y", count: 300)
        sink.write(line: long)
        XCTAssertEqual(try fileLines(path), [line, line, line, long, ""], "the buffer first, then the long line alone")
        XCTAssertEqual(sink.writeCount, 3)
        sink.close()
    }

    func testFileLogSinkLosesNothingOnCloseOrWhenReleased() throws {
        let closed = logPath("closed"), released = logPath("released")
        defer { for p in [closed, released] { try? FileManager.default.removeItem(atPath: p) } }
        let sink = try FileLogSink(path: closed)
        for i in 0..<50 { sink.write(line: "{\"n\":\(i)}") }
        sink.close()
        sink.write(line: "after close")
        XCTAssertEqual(try fileLines(closed), (0..<50).map { "{\"n\":\($0)}" } + [""])
        // An error path that never reaches `close()` (a session that fails to open drops its sink): deinit writes.
        do {
            let dropped = try FileLogSink(path: released)
            for i in 0..<50 { dropped.write(line: "{\"n\":\(i)}") }
        }
        XCTAssertEqual(try fileLines(released), (0..<50).map { "{\"n\":\($0)}" } + [""])
    }

    func testFileLogSinkKeepsWhatAFailedWriteCouldNotStore() throws {
        // /dev/full fails every write with ENOSPC, as a full disk does.
        let sink = try FileLogSink(path: "/dev/full")
        sink.write(line: "{\"n\":1}")
        sink.flush()
        XCTAssertEqual(sink.lastWriteErrno, ENOSPC)
        XCTAssertEqual(sink.writeCount, 0)
        XCTAssertEqual(sink.droppedLineCount, 0, "kept for the next flush")
        // Past the retention limit the oldest whole lines go, counted.
        let line = String(repeating: "z", count: 1023)  // 1 KiB with its newline
        for _ in 0..<(FileLogSink.maxRetainedBytes / 1024 + 10) { sink.write(line: line) }
        sink.flush()
        XCTAssertGreaterThanOrEqual(sink.droppedLineCount, 10)
        XCTAssertLessThanOrEqual(sink.droppedLineCount, 12)
        sink.close()
    }

    func testFileLogSinkReportsAnUnwritablePath() async {
        XCTAssertThrowsError(try FileLogSink(path: "/nonexistent-dir/x/bus.jsonl")) { error in
            guard case BusLogError.cannotOpen = error else { return XCTFail("unexpected \(error)") }
        }
    }

    func testEnvelopesAreLoggedInTheDocumentedShape() async throws {
        // Members in the documented order, the payload as posted, the error object with all its members.
        let f = BusFixture()
        let sink = MemoryLogSink()
        f.bus.logSink = sink
        f.beginFrame()
        f.bus.postRaw(#"{"id":7,"data":{"value":0.5},"type":"level"}"#, from: .overlay, to: .engine)
        f.bus.postRaw(#"{"type":"level","data":{"value":1.5},"id":8}"#, from: .overlay, to: .engine)
        await f.deliverFrame()
        XCTAssertTrue(sink.lines[0].hasSuffix(#""from":"overlay","to":"engine","type":"level","data":{"value":0.5},"id":7}"#), sink.lines[0])
        let error = try XCTUnwrap(sink.lines.first { $0.contains(#""event":"post""#) && $0.contains(#""type":"error""#) })
        XCTAssertTrue(error.hasSuffix(#""from":"engine","to":"overlay","type":"error","replyTo":8,"error":{"code":"invalid-payload","message":"level: data.value is outside 0...1","type":"level","field":"data.value"}}"#), error)
    }

    func testStatisticsCountTraffic() async {
        let f = BusFixture()
        f.overlay.post(Note(text: "x", count: 1), to: .engine)
        _ = await f.rejectCodes("[")
        XCTAssertEqual(f.bus.statistics.errors, 1)
        XCTAssertEqual(f.bus.statistics.posted, 2)
        XCTAssertEqual(f.bus.statistics.delivered, 2)
    }
}
