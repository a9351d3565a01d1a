// Remote posts against the demo on the runtime, headless, in process: each post gets its own answers, only its
// sender gets them, ids up to 2^53 get their reply, and a byte order mark is refused as it is in a script.
import Foundation
import GlasspaneCore
import GlasspaneDemo
import GlasspaneHost
import GlasspaneInspector
import GlasspaneRuntime
import XCTest

@MainActor
final class InspectorPostTests: XCTestCase {
    private func runDemo(limits: InspectorLimits = InspectorLimits(), hold: FrameHold? = nil,
                         client: @escaping @Sendable (Int, String) throws -> Void) async throws {
        var d = SessionDescription()
        d.headless = true
        d.windowSize = PixelSize(width: 480, height: 320)
        d.fpsCap = 120
        d.frames = 6000
        var settings = InspectorSettings(port: 0)
        settings.limits = limits
        d.inspector = settings
        let session = try Session.open(d) { r in
            DemoApp(sceneRenderer: r.sceneRenderer, overlayRenderer: r.overlayRenderer, fonts: r.fonts,
                    windowSize: r.windowSize, bus: r.bus)
        }
        defer { session.close() }
        let driver = ClientDriver(session: session, body: client)
        session.loop.addObserver(driver, order: .input)
        if let hold { session.loop.addObserver(hold, order: .input) }
        let outcome = await session.run()
        XCTAssertNil(outcome.fatalError)
        try XCTUnwrap(driver.result, "the client did not finish within \(outcome.framesRun) frames").get()
    }

    nonisolated private static func object(_ text: String) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:]
    }

    /// Messages until `accept` takes one (that one included), failing after 2,000.
    nonisolated private static func collect(_ ws: LoopbackClient, until accept: ([String: Any]) -> Bool) throws -> [[String: Any]] {
        var seen: [[String: Any]] = []
        for _ in 0..<2_000 {
            guard let text = try ws.receive() else { throw ClientError("closed while waiting") }
            let m = object(text)
            seen.append(m)
            if accept(m) { return seen }
        }
        throw ClientError("no matching message in 2,000")
    }

    func testInvalidPostsInOneFrameGetOneAnswerEachAndOnlyTheirSenderGetsThem() async throws {
        let seen = LockedBox<(a: [[String: Any]], b: [[String: Any]])>(([], []))
        try await runDemo { port, token in
            let a = try LoopbackClient(port: port), b = try LoopbackClient(port: port)
            XCTAssertEqual(try a.upgrade(path: "/ws?token=\(token)"), 101)
            XCTAssertEqual(try b.upgrade(path: "/ws?token=\(token)"), 101)
            // Five posts the engine's handler refuses, then a request: its reply comes after their errors.
            var batch: [UInt8] = []
            for ref in 1...5 { batch += LoopbackClient.frame(opcode: 0x1, payload: Array(#"{"type":"change-color","data":"red","ref":\#(ref)}"#.utf8)) }
            batch += LoopbackClient.frame(opcode: 0x1, payload: Array(#"{"type":"get-state","id":77,"ref":99}"#.utf8))
            try a.send(batch)
            try b.sendText(#"{"type":"change-color","data":[0.1,0.2,0.3],"ref":1}"#)
            try b.sendText(#"{"type":"get-state","id":78,"ref":98}"#)
            let fromA = try Self.collect(a) { $0["kind"] as? String == "reply" }
            let fromB = try Self.collect(b) { $0["kind"] as? String == "reply" }
            seen.value = (fromA, fromB)
        }
        let (a, b) = seen.value
        let errorsA = a.filter { $0["kind"] as? String == "bus-error" }
        XCTAssertEqual(errorsA.compactMap { $0["ref"] as? Int }.sorted(), [1, 2, 3, 4, 5], "one error per post: \(errorsA)")
        XCTAssertEqual(Set(errorsA.compactMap { ($0["error"] as? [String: Any])?["code"] as? String }), ["invalid-payload"])
        XCTAssertEqual(a.filter { $0["kind"] as? String == "posted" }.count, 6)
        XCTAssertEqual(b.filter { $0["kind"] as? String == "bus-error" }.count, 0, "another client's errors: \(b)")
        XCTAssertEqual(a.last?["ref"] as? Int, 99)
        XCTAssertEqual(a.last?["replyTo"] as? Int, 77, "the reply names the id the client sent")
        XCTAssertEqual(b.last?["replyTo"] as? Int, 78)
    }

    func testIdsUpTo2Pow53GetTheirReplyAndLargerOnesTheBusError() async throws {
        let seen = LockedBox<[String: [String: Any]]>([:])
        try await runDemo { port, token in
            let ws = try LoopbackClient(port: port)
            XCTAssertEqual(try ws.upgrade(path: "/ws?token=\(token)"), 101)
            try ws.sendText(#"{"type":"get-state","id":9007199254740992,"ref":1}"#)
            seen.value["max"] = try ws.receive(until: { $0["ref"] as? Int == 1 && $0["kind"] as? String == "reply" })
            try ws.sendText(#"{"type":"get-state","id":9007199254740000,"ref":2}"#)
            seen.value["large"] = try ws.receive(until: { $0["ref"] as? Int == 2 && $0["kind"] as? String == "reply" })
            try ws.sendText(#"{"type":"get-state","id":9007199254740994,"ref":3}"#)
            seen.value["over"] = try ws.receive(until: { $0["ref"] as? Int == 3 && $0["kind"] as? String != "posted" })
        }
        let s = seen.value
        XCTAssertEqual(s["max"]?["replyTo"] as? Int, 9_007_199_254_740_992)
        XCTAssertEqual(s["large"]?["replyTo"] as? Int, 9_007_199_254_740_000)
        XCTAssertEqual(s["over"]?["kind"] as? String, "bus-error")
        let error = s["over"]?["error"] as? [String: Any]
        XCTAssertEqual(error?["code"] as? String, "invalid-envelope")
        XCTAssertEqual(error?["field"] as? String, "id")
    }

    func testAPostStartingWithAByteOrderMarkIsRefusedAsAScriptLineIs() async throws {
        let seen = LockedBox<[String: Any]>([:])
        try await runDemo { port, token in
            let ws = try LoopbackClient(port: port)
            XCTAssertEqual(try ws.upgrade(path: "/ws?token=\(token)"), 101)
            try ws.sendFrame(opcode: 0x1, payload: [0xEF, 0xBB, 0xBF] + Array(#"{"type":"change-color","data":[1,0,0]}"#.utf8))
            seen.value = try ws.receive(until: { ["bus-error", "posted"].contains($0["kind"] as? String ?? "") })
        }
        XCTAssertEqual(seen.value["kind"] as? String, "bus-error")
        let error = seen.value["error"] as? [String: Any]
        XCTAssertEqual(error?["code"] as? String, "malformed-json")
        XCTAssertTrue((error?["message"] as? String ?? "").contains("byte order mark"), "\(seen.value)")
    }

    func testAReplyToFromAClientIsRefusedAsUnexpectedAndNotPosted() async throws {
        let seen = LockedBox<[String: [String: Any]]>([:])
        try await runDemo { port, token in
            let ws = try LoopbackClient(port: port)
            XCTAssertEqual(try ws.upgrade(path: "/ws?token=\(token)"), 101)
            try ws.sendText(#"{"type":"state","replyTo":12345,"data":{},"ref":1}"#)
            seen.value["reply"] = try ws.receive(until: { $0["ref"] as? Int == 1 })
            // A malformed replyTo is the bus's own invalid-envelope, as for any post.
            try ws.sendText(#"{"type":"state","replyTo":"x","ref":2}"#)
            seen.value["malformed"] = try ws.receive(until: { $0["ref"] as? Int == 2 })
        }
        func error(_ name: String) -> [String: Any]? { seen.value[name]?["error"] as? [String: Any] }
        XCTAssertEqual(seen.value["reply"]?["kind"] as? String, "bus-error")
        XCTAssertEqual(error("reply")?["code"] as? String, "unexpected-reply")
        XCTAssertEqual(error("reply")?["field"] as? String, "replyTo")
        XCTAssertEqual(error("malformed")?["code"] as? String, "invalid-envelope")
        XCTAssertEqual(error("malformed")?["field"] as? String, "replyTo")
    }

    /// Twelve posts sent while the frame loop is held in one frame: the inbox takes what its budget allows (8 posts,
    /// or 8 posts' bytes), the rest get `inbox-full` at once, and the 8 are posted when the next frame starts.
    func testPostsOverTheFramesBudgetInCountOrBytesGetInboxFullAndTheRestArePosted() async throws {
        let post: @Sendable (Int) -> String = { ref in #"{"type":"change-color","data":[0.5,0.5,0.5],"ref":\#(ref)}"# }
        XCTAssertEqual(post(10).utf8.count, post(99).utf8.count)
        var byCount = InspectorLimits(), byBytes = InspectorLimits()
        byCount.inboxCapacity = 8
        byBytes.inboxBytes = 8 * post(10).utf8.count
        for (name, limits) in [("count", byCount), ("bytes", byBytes)] {
            let hold = FrameHold()
            let seen = LockedBox<[[String: Any]]>([])
            try await runDemo(limits: limits, hold: hold) { port, token in
                let ws = try LoopbackClient(port: port)
                XCTAssertEqual(try ws.upgrade(path: "/ws?token=\(token)"), 101)
                try hold.hold()
                var batch: [UInt8] = []
                for ref in 10..<22 { batch += LoopbackClient.frame(opcode: 0x1, payload: Array(post(ref).utf8)) }
                try ws.send(batch)
                var answers = try Self.collect(ws) { _ in false } limit: { seen in
                    seen.filter { ($0["error"] as? [String: Any])?["code"] as? String == "inbox-full" }.count == 4
                }
                hold.release.value = true
                answers += try Self.collect(ws) { _ in false } limit: { seen in
                    seen.filter { $0["kind"] as? String == "posted" }.count == 8
                }
                seen.value = answers
            }
            let answers = seen.value
            let full = answers.filter { ($0["error"] as? [String: Any])?["code"] as? String == "inbox-full" }
            XCTAssertEqual(full.compactMap { $0["ref"] as? Int }, [18, 19, 20, 21], "\(name): the last four are refused")
            XCTAssertEqual(answers.filter { $0["kind"] as? String == "posted" }.compactMap { $0["ref"] as? Int }, Array(10..<18),
                           "\(name): the first eight are posted")
        }
    }

    /// Messages until `done` holds for all seen so far (`accept` ends early on one message), failing after 2,000.
    nonisolated private static func collect(_ ws: LoopbackClient, accept: ([String: Any]) -> Bool,
                                            limit done: ([[String: Any]]) -> Bool) throws -> [[String: Any]] {
        var seen: [[String: Any]] = []
        for _ in 0..<2_000 {
            guard let text = try ws.receive() else { throw ClientError("closed while waiting") }
            seen.append(object(text))
            if accept(seen[seen.count - 1]) || done(seen) { return seen }
        }
        throw ClientError("no matching messages in 2,000")
    }
}

/// Holds the frame loop inside one frame while a client asks it to, as a long frame would, so posts pile up in the
/// inbox. The client thread calls `hold()` and sets `release`; every wait has a deadline.
final class FrameHold: FrameObserver, @unchecked Sendable {
    nonisolated let wanted = LockedBox(false), holding = LockedBox(false), release = LockedBox(false)

    /// Called by the client thread: returns once the loop is held.
    nonisolated func hold() throws {
        wanted.value = true
        let deadline = Date().addingTimeInterval(120)
        while !holding.value {
            guard Date() < deadline else { throw ClientError("the frame loop was not held within 120 s") }
            usleep(1_000)
        }
    }

    func frameWillStart(_ loop: FrameLoop, index: Int) {
        guard wanted.value, !holding.value else { return }
        holding.value = true
        let deadline = Date().addingTimeInterval(120)
        while !release.value && Date() < deadline { usleep(1_000) }
    }
}
