// The inspector's socket budget from real clients on loopback (docs/inspector.md, "Budget"): each limit is
// crossed by a client and answered with its HTTP status or close code and a logged reason, and the slot it held is
// free for the next client. The server runs alone here (its hub, no frame loop): these are the server's rules.
import Foundation
@testable import GlasspaneInspector
import XCTest

final class InspectorBudgetTests: XCTestCase {
    private var servers: [InspectorServer] = []
    private let token = "0123456789abcdef0123456789abcdef"

    private func serve(_ change: (inout InspectorLimits) -> Void = { _ in }) async throws -> (port: Int, hub: InspectorHub, log: LockedBox<[String]>) {
        var limits = InspectorLimits()
        change(&limits)
        let log = LockedBox<[String]>([])
        let hub = InspectorHub(limits: limits, token: token, log: { line in log.value.append(line) })
        let server = try InspectorServer(settings: InspectorSettings(port: 0), hub: hub)
        let port = try await server.start()
        servers.append(server)
        return (port, hub, log)
    }

    override func tearDown() async throws {
        for s in servers { await s.stop() }
        servers = []
    }

    /// Waits for `condition` for up to 30 s (generous: the machine is shared), checking every 10 ms.
    private func eventually(_ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            if try condition() { return true }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return false
    }

    private func request(_ port: Int, _ text: String) throws -> (status: Int, body: String) {
        let c = try LoopbackClient(port: port)
        try c.send(Array(text.utf8))
        return try c.readResponse()
    }

    private func webSocket(_ port: Int, receiveBuffer: Int? = nil) throws -> LoopbackClient {
        let c = try LoopbackClient(port: port, receiveBuffer: receiveBuffer)
        XCTAssertEqual(try c.upgrade(path: "/ws?token=\(token)"), 101)
        return c
    }

    // MARK: - HTTP

    func testAnUnknownMethodGets401WithoutTheTokenAnd405WithIt() async throws {
        let (port, _, _) = try await serve()
        for method in ["BREW", "DELETE", "POST", "OPTIONS"] {
            XCTAssertEqual(try request(port, "\(method) /api/status HTTP/1.1\r\nHost: x\r\n\r\n").status, 401, method)
            XCTAssertEqual(try request(port, "\(method) /nowhere HTTP/1.1\r\nHost: x\r\n\r\n").status, 401, method)
            XCTAssertEqual(try request(port, "\(method) /api/status?token=\(token) HTTP/1.1\r\nHost: x\r\n\r\n").status, 405, method)
        }
        XCTAssertEqual(try request(port, "GET /api/status?token=\(token) HTTP/1.1\r\nHost: x\r\n\r\n").status, 200)
    }

    func testALongRequestLineIs414BeforeItEndsAndBeforeTheToken() async throws {
        let (port, _, log) = try await serve()
        let c = try LoopbackClient(port: port)
        // No line end: the refusal comes while the line is still arriving.
        try c.send(Array(("GET /" + String(repeating: "a", count: 5_000)).utf8))
        let answer = try c.readResponse()
        XCTAssertEqual(answer.status, 414)
        XCTAssertTrue(answer.body.contains("request-line-too-long"), answer.body)
        XCTAssertTrue(c.waitForEndOfStream(), "closed after the answer")
        XCTAssertTrue(log.value.contains { $0.contains("(request-line-too-long)") }, "\(log.value)")
    }

    func testTooManyHeaderLinesOrBytesAre431() async throws {
        let (port, _, log) = try await serve { $0.maxHeaderCount = 10; $0.maxHeaderBytes = 2_000 }
        let lines = (0..<11).map { "X-H\($0): 1\r\n" }.joined()
        let many = try request(port, "GET /?token=\(token) HTTP/1.1\r\n" + lines + "\r\n")
        XCTAssertEqual(many.status, 431)
        XCTAssertTrue(many.body.contains("too-many-headers"), many.body)
        let ten = (0..<10).map { "X-H\($0): 1\r\n" }.joined()
        XCTAssertEqual(try request(port, "GET /api/status?token=\(token) HTTP/1.1\r\n" + ten + "\r\n").status, 200, "10 lines are within the limit")
        // One long header, never finished: refused once the head passes 2,000 bytes.
        let c = try LoopbackClient(port: port)
        try c.send(Array(("GET / HTTP/1.1\r\nX-Long: " + String(repeating: "b", count: 3_000)).utf8))
        let big = try c.readResponse()
        XCTAssertEqual(big.status, 431)
        XCTAssertTrue(big.body.contains("headers-too-large"), big.body)
        XCTAssertEqual(log.value.filter { $0.contains("(too-many-headers)") || $0.contains("(headers-too-large)") }.count, 2, "\(log.value)")
    }

    func testARequestHeadNotCompleteWithinItsDeadlineIs408() async throws {
        let (port, _, log) = try await serve { $0.requestHeadDeadline = 0.3 }
        let c = try LoopbackClient(port: port)
        try c.send(Array("GET /?token=\(token) HTTP/1.1\r\nHost: x\r\n".utf8))
        let answer = try c.readResponse()
        XCTAssertEqual(answer.status, 408)
        XCTAssertTrue(answer.body.contains("request-timeout"), answer.body)
        XCTAssertTrue(log.value.contains { $0.contains("(request-timeout)") }, "\(log.value)")
    }

    func testPendingRequestsAndAllConnectionsAreBoundedWith503() async throws {
        let (port, _, log) = try await serve { $0.maxPendingRequests = 2; $0.maxConnections = 4 }
        // Two connections that send nothing hold both pending slots; the third is refused at accept.
        let idle1 = try LoopbackClient(port: port), idle2 = try LoopbackClient(port: port)
        let third = try LoopbackClient(port: port).readResponse()
        XCTAssertEqual(third.status, 503)
        XCTAssertTrue(third.body.contains("too-many-pending-requests"), third.body)
        // A pending one finishing its request is answered.
        try idle1.send(Array("GET /api/status?token=\(token) HTTP/1.1\r\n\r\n".utf8))
        XCTAssertEqual(try idle1.readResponse().status, 200)
        // WebSockets are not pending: two of them and idle2 (and idle1 until it is closed) make the total.
        let ws1 = try webSocket(port), ws2 = try webSocket(port)
        XCTAssertTrue(idle1.waitForEndOfStream())
        let idle3 = try LoopbackClient(port: port)
        let over = try LoopbackClient(port: port).readResponse()
        XCTAssertEqual(over.status, 503)
        XCTAssertTrue(over.body.contains("too-many-connections"), over.body)
        XCTAssertTrue(log.value.contains { $0.contains("(too-many-connections)") }, "\(log.value)")
        _ = (idle2, idle3, ws1, ws2)
    }

    func testAGetOfTheWebSocketPathThatDoesNotUpgradeHoldsNoSlotAndACloseFreesOneAtOnce() async throws {
        let (port, hub, _) = try await serve { $0.maxClients = 1 }
        for _ in 0..<3 {
            let r = try request(port, "GET /ws?token=\(token) HTTP/1.1\r\nHost: x\r\n\r\n")
            XCTAssertEqual(r.status, 400)
            XCTAssertTrue(r.body.contains("not-a-websocket-upgrade"), r.body)
        }
        XCTAssertEqual(hub.clientCount, 0)
        let first = try webSocket(port)
        XCTAssertEqual(try LoopbackClient(port: port).upgrade(path: "/ws?token=\(token)"), 503, "the one slot is taken")
        try first.sendFrame(opcode: 0x8, payload: [0x0F, 0xA0])  // close 4000
        XCTAssertEqual(try first.receiveClose().code, 4000, "a valid close code is answered with itself")
        // The slot was freed when the close was read, before the socket closes.
        _ = try webSocket(port)
    }

    // MARK: - WebSocket frames

    func testProtocolViolationsCloseWith1002AndTheRestWithTheirCodes() async throws {
        let (port, hub, _) = try await serve { $0.maxClients = 1; $0.maxClientMessageBytes = 1_000 }
        let cases: [(name: String, code: Int, reason: String, frames: [[UInt8]])] = [
            ("unmasked", 1002, "protocol-error", [LoopbackClient.frame(opcode: 0x1, payload: Array("{}".utf8), masked: false)]),
            ("reserved bits", 1002, "protocol-error", [LoopbackClient.frame(opcode: 0x1, payload: Array("{}".utf8), rsv: 4)]),
            ("unknown opcode", 1002, "protocol-error", [LoopbackClient.frame(opcode: 0x3)]),
            ("fragmented ping", 1002, "protocol-error", [LoopbackClient.frame(opcode: 0x9, fin: false)]),
            ("126-byte ping", 1002, "protocol-error", [LoopbackClient.frame(opcode: 0x9, payload: [UInt8](repeating: 7, count: 126))]),
            ("continuation without a start", 1002, "protocol-error", [LoopbackClient.frame(opcode: 0x0, payload: [0x20])]),
            ("new message inside a fragmented one", 1002, "protocol-error",
             [LoopbackClient.frame(opcode: 0x1, payload: [0x7B], fin: false), LoopbackClient.frame(opcode: 0x1, payload: [0x7D])]),
            ("close code 999", 1002, "protocol-error", [LoopbackClient.frame(opcode: 0x8, payload: [0x03, 0xE7])]),
            ("close code 1005", 1002, "protocol-error", [LoopbackClient.frame(opcode: 0x8, payload: [0x03, 0xED])]),
            ("1-byte close", 1002, "protocol-error", [LoopbackClient.frame(opcode: 0x8, payload: [0x03])]),
            // Only the header: the size is refused before any of the payload arrives.
            ("announced 1 MiB", 1009, "message-too-large", [LoopbackClient.frame(opcode: 0x1, announcedLength: 1 << 20)]),
            ("fragments over the limit", 1009, "message-too-large",
             [LoopbackClient.frame(opcode: 0x1, payload: [UInt8](repeating: 0x20, count: 600), fin: false),
              LoopbackClient.frame(opcode: 0x0, announcedLength: 600)]),
            ("binary", 1003, "binary-message", [LoopbackClient.frame(opcode: 0x2, payload: [1, 2])]),
            ("not UTF-8", 1007, "bad-utf8", [LoopbackClient.frame(opcode: 0x1, payload: [0xFF, 0xFE])]),
        ]
        for (i, c) in cases.enumerated() {
            // One slot: each case's client gets it only if the previous one's was freed.
            let client = try webSocket(port)
            XCTAssertEqual(try client.receive().map { $0.contains("\"kind\":\"hello\"") }, true)
            for f in c.frames { try client.send(f) }
            let close = try client.receiveClose()
            XCTAssertEqual(close.code, c.code, c.name)
            XCTAssertEqual(close.reason, c.reason, c.name)
            XCTAssertTrue(close.texts.last?.contains("\"code\":\"\(c.reason)\"") ?? false, "\(c.name): \(close.texts)")
            XCTAssertEqual(hub.droppedClients.count, i + 1, c.name)
        }
        XCTAssertEqual(hub.droppedClients.map(\.reason), cases.map(\.reason))
    }

    func testAPingOf125BytesIsAnsweredWithItsPayload() async throws {
        let (port, _, _) = try await serve()
        let client = try webSocket(port)
        let payload = (0..<125).map { UInt8($0) }
        try client.sendFrame(opcode: 0x9, payload: payload)
        var frame = try client.receiveFrame()
        while frame.opcode != 0xA { frame = try client.receiveFrame() }
        XCTAssertEqual(frame.payload, payload)
    }

    func testAClientOverItsFramesPerSecondIsClosedWith1008() async throws {
        let (port, hub, log) = try await serve { $0.maxMessagesPerSecond = 5 }
        let client = try webSocket(port)
        // Ten pings in one write: they arrive together, so all fall in one second.
        try client.send(Array((0..<10).map { _ in LoopbackClient.frame(opcode: 0x9, payload: [1]) }.joined()))
        let close = try client.receiveClose()
        XCTAssertEqual(close.code, 1008)
        XCTAssertEqual(close.reason, "rate-limit")
        XCTAssertEqual(hub.droppedClients.map(\.reason), ["rate-limit"])
        XCTAssertTrue(log.value.contains { $0.contains("dropped client 1 (rate-limit)") }, "\(log.value)")
    }

    func testPongsForAClientThatNeverReadsCountAgainstItsQueue() async throws {
        let (port, hub, _) = try await serve { $0.maxMessagesPerSecond = 10_000_000; $0.clientQueueBytes = 4_096 }
        let client = try webSocket(port, receiveBuffer: 2_048)
        let ping = LoopbackClient.frame(opcode: 0x9, payload: [UInt8](repeating: 9, count: 125))
        let batch = Array(Array(repeating: ping, count: 64).joined())
        // The client never reads: once the sockets' buffers are full, pongs queue up to the bound and it is dropped.
        for _ in 0..<100_000 {
            if !hub.droppedClients.isEmpty { break }
            do { try client.send(batch) } catch { break }
        }
        XCTAssertTrue(eventually { !hub.droppedClients.isEmpty })
        XCTAssertEqual(hub.droppedClients.map(\.reason), ["queue-full"])
    }

    // MARK: - Queues (no socket needed)

    func testPongsAndPostBytesAreBoundedLikeEverythingElse() {
        var limits = InspectorLimits()
        limits.clientQueueBytes = 600
        limits.inboxBytes = 100
        let hub = InspectorHub(limits: limits, log: { _ in })
        let channel = hub.register()!
        var pushed = 0
        while hub.push(.pong([UInt8](repeating: 0, count: 125)), to: channel) { pushed += 1 }
        XCTAssertEqual(pushed, 4, "4 pongs of 127 counted bytes fit in 600, the fifth does not")
        XCTAssertEqual(hub.droppedClients.map(\.reason), ["queue-full"])
        let post = InboxPost(client: 1, ref: nil, target: "engine", type: nil, text: String(repeating: " ", count: 60))
        XCTAssertTrue(hub.enqueue(post))
        XCTAssertFalse(hub.enqueue(post), "120 bytes of posts are over the 100-byte budget")
        _ = hub.drainInbox()
        XCTAssertTrue(hub.enqueue(post), "the budget is per frame")
    }

    func testTheHandshakeAnswersRFC6455sExampleKeyWithItsAcceptValue() async throws {
        let (port, _, _) = try await serve()
        let c = try LoopbackClient(port: port)
        // RFC 6455 section 1.3: this key's accept value is s3pPLMBiTxaQ9kYGzzhZRbK+xOo=.
        try c.send(Array(("GET /ws?token=\(token) HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: keep-alive, Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n").utf8))
        let (status, headers) = try c.readHead()
        XCTAssertEqual(status, 101)
        XCTAssertEqual(headers["sec-websocket-accept"], "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
        // Another version is 426, naming the one spoken.
        let v8 = try LoopbackClient(port: port)
        try v8.send(Array(("GET /ws?token=\(token) HTTP/1.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 8\r\n\r\n").utf8))
        let old = try v8.get("", headers: [:], sending: false)
        XCTAssertEqual(old.status, 426)
        XCTAssertEqual(old.headers["sec-websocket-version"], "13")
        XCTAssertTrue(String(decoding: old.body, as: UTF8.self).contains("websocket-version"))
    }
}
