// The inspector's parts that need no socket: address parsing, the token comparison, the bounded client queue.
@testable import GlasspaneInspector
import XCTest

final class InspectorUnitTests: XCTestCase {
    func testAddressesParseAsHostAndPortWithLoopbackByDefault() throws {
        XCTAssertEqual(InspectorSettings(address: "9000"), InspectorSettings(host: "127.0.0.1", port: 9000))
        XCTAssertEqual(InspectorSettings(address: "0.0.0.0:0"), InspectorSettings(host: "0.0.0.0", port: 0))
        for bad in ["", "x", "70000", ":9000", "127.0.0.1:", "127.0.0.1:-1"] { XCTAssertNil(InspectorSettings(address: bad), bad) }
        XCTAssertTrue(InspectorSettings(host: "127.0.0.2").isLoopback)
        XCTAssertFalse(InspectorSettings(host: "192.168.1.2").isLoopback)
        XCTAssertThrowsError(try InspectorServer(settings: InspectorSettings(host: "192.168.1.2"), hub: InspectorHub())) {
            XCTAssertEqual(($0 as? InspectorError)?.identifier, "inspect-remote-not-allowed")
        }
    }

    func testTheTokenIsRandomAndComparedWholly() {
        let a = InspectorHub(), b = InspectorHub()
        XCTAssertNotEqual(a.token, b.token)
        XCTAssertEqual(a.token.count, 32)
        XCTAssertTrue(a.accepts(token: a.token))
        XCTAssertFalse(a.accepts(token: nil))
        XCTAssertFalse(a.accepts(token: ""))
        XCTAssertFalse(a.accepts(token: String(a.token.dropLast())))
        XCTAssertFalse(a.accepts(token: a.token + "0"))
        XCTAssertFalse(a.accepts(token: b.token))
    }

    func testAClientQueuePastItsBoundDropsTheClientWithAReason() {
        var limits = InspectorLimits()
        limits.clientQueueMessages = 3
        let logged = LockedLines()
        let hub = InspectorHub(limits: limits, log: { logged.append($0) })
        let channel = hub.register()!
        XCTAssertEqual(hub.clientCount, 1)
        for i in 0..<3 { XCTAssertTrue(hub.send("{\"n\":\(i)}", to: channel.id)) }
        XCTAssertFalse(hub.send("{\"n\":3}", to: channel.id), "the fourth does not fit")
        XCTAssertEqual(hub.droppedClients.map(\.reason), ["queue-full"])
        XCTAssertEqual(hub.clientCount, 0)
        XCTAssertFalse(hub.send("{}", to: channel.id), "a dropped client gets nothing more")
        XCTAssertEqual(logged.lines.count, 1)
        XCTAssertTrue(logged.lines[0].contains("queue-full"))
    }

    func testTheInboxIsBounded() {
        var limits = InspectorLimits()
        limits.inboxCapacity = 2
        let hub = InspectorHub(limits: limits)
        let post = InboxPost(client: 1, ref: nil, target: "engine", type: "x", text: "{}")
        XCTAssertTrue(hub.enqueue(post))
        XCTAssertTrue(hub.enqueue(post))
        XCTAssertFalse(hub.enqueue(post))
        XCTAssertEqual(hub.drainInbox().count, 2)
        XCTAssertTrue(hub.enqueue(post))
    }
}

final class LockedLines: @unchecked Sendable {
    private let lock = NSLock()
    private var _lines: [String] = []
    func append(_ s: String) { lock.lock(); _lines.append(s); lock.unlock() }
    var lines: [String] { lock.lock(); defer { lock.unlock() }; return _lines }
}
