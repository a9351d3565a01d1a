// The inspector's protocol from a real client on loopback, against the demo app on the runtime, headless, in
// process: the token, the bus's own error replies, a remote change-color confirmed by state-changed, and a client
// that stops reading dropped while the frame loop keeps going.
import Foundation
import GlasspaneCore
import GlasspaneDemo
import GlasspaneHost
import GlasspaneInspector
import GlasspaneRuntime
import XCTest

/// Runs a client on its own thread once the session's server is listening, and stops the loop when it returns.
@MainActor
final class ClientDriver: FrameObserver {
    private let session: Session
    private let body: @Sendable (_ port: Int, _ token: String) throws -> Void
    private let done = LockedBox<Result<Void, any Error>?>(nil)
    private var started = false
    /// Frames run when the client finished.
    private(set) var framesAtEnd = 0

    init(session: Session, body: @escaping @Sendable (Int, String) throws -> Void) {
        self.session = session; self.body = body
    }

    func frameWillStart(_ loop: FrameLoop, index: Int) {
        guard !started, let hub = session.inspector?.hub else { return }
        started = true
        let port = session.inspectorPort, token = hub.token, body = self.body, done = self.done
        Thread.detachNewThread { done.value = Result { try body(port, token) } }
    }

    var requestsStop: Bool { done.value != nil }
    var result: Result<Void, any Error>? { done.value }
}

/// A value shared between a client thread and the main actor.
final class LockedBox<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var _value: T
    init(_ value: T) { _value = value }
    var value: T {
        get { lock.lock(); defer { lock.unlock() }; return _value }
        set { lock.lock(); _value = newValue; lock.unlock() }
    }
}

@MainActor
final class InspectorProtocolTests: XCTestCase {
    private func open(limits: InspectorLimits = InspectorLimits(), busLog: String = "", maxFrames: Int = 3000) throws -> Session {
        var d = SessionDescription()
        d.headless = true
        d.windowSize = PixelSize(width: 480, height: 320)
        d.fpsCap = 120
        d.frames = maxFrames
        d.busLogPath = busLog
        var settings = InspectorSettings(port: 0)
        settings.limits = limits
        d.inspector = settings
        return try Session.open(d) { r in
            DemoApp(sceneRenderer: r.sceneRenderer, overlayRenderer: r.overlayRenderer, fonts: r.fonts,
                    windowSize: r.windowSize, bus: r.bus)
        }
    }

    /// Runs the session until the client returns (or the frame limit, which fails the test).
    private func run(_ session: Session, client: @escaping @Sendable (Int, String) throws -> Void) async throws -> (SessionOutcome, ClientDriver) {
        let driver = ClientDriver(session: session, body: client)
        session.loop.addObserver(driver, order: .input)
        let outcome = await session.run()
        XCTAssertNil(outcome.fatalError)
        let result = try XCTUnwrap(driver.result, "the client did not finish within \(outcome.framesRun) frames")
        try result.get()
        return (outcome, driver)
    }

    func testEveryRequestWithoutTheRightTokenGets401AndNothingElse() async throws {
        let session = try open()
        defer { session.close() }
        let seen = LockedBox<[String: (Int, Int)]>([:])
        _ = try await run(session) { port, token in
            func probe(_ name: String, _ path: String, _ headers: [String: String] = [:]) throws {
                let r = try LoopbackClient(port: port).get(path, headers: headers)
                seen.value[name] = (r.status, r.body.count)
            }
            try probe("none", "/")
            try probe("bad", "/?token=\(String(token.reversed()))")
            try probe("prefix", "/api/status?token=\(token.prefix(31))")
            // One character off (the token is random: make sure the replacement differs from the original).
            try probe("badHeader", "/api/status", ["X-Glasspane-Token": (token.first == "0" ? "1" : "0") + token.dropFirst()])
            try probe("wsNone", "/ws")
            try probe("good", "/?token=\(token)")
            try probe("goodHeader", "/api/status", ["Authorization": "Bearer \(token)"])
            seen.value["wsBad"] = (try LoopbackClient(port: port).upgrade(path: "/ws?token=x"), 0)
            seen.value["wsGood"] = (try LoopbackClient(port: port).upgrade(path: "/ws?token=\(token)"), 0)
        }
        let s = seen.value
        for name in ["none", "bad", "prefix", "badHeader", "wsNone", "wsBad"] {
            XCTAssertEqual(s[name]?.0, 401, name)
        }
        for name in ["none", "bad", "prefix", "badHeader", "wsNone"] { XCTAssertEqual(s[name]?.1, 0, "\(name): no body") }
        XCTAssertEqual(s["good"]?.0, 200)
        XCTAssertGreaterThan(s["good"]?.1 ?? 0, 1000, "the page")
        XCTAssertEqual(s["goodHeader"]?.0, 200)
        XCTAssertEqual(s["wsGood"]?.0, 101)
    }

    func testMalformedEnvelopesGetTheBusErrorsAndAChangeColorIsConfirmedWithinTwoFrames() async throws {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("inspector-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: log) }
        let session = try open(busLog: log)
        defer { session.close() }
        let answers = LockedBox<[String: [String: Any]]>([:])
        _ = try await run(session) { port, token in
            let ws = try LoopbackClient(port: port)
            XCTAssertEqual(try ws.upgrade(path: "/ws?token=\(token)"), 101)
            try ws.sendText(#"{"op":"subscribe","topics":["bus"],"history":false,"ref":0}"#)
            _ = try ws.receive(until: { $0["kind"] as? String == "subscribed" })
            // Not JSON at all: the bus's malformed-json, as for an in-process postRaw.
            try ws.sendText("{not json")
            answers.value["notJSON"] = try ws.receive(until: { $0["kind"] as? String == "bus-error" })
            // JSON without a type: invalid-envelope naming the field.
            try ws.sendText(#"{"data":[1,0,0],"ref":1}"#)
            answers.value["noType"] = try ws.receive(until: { $0["ref"] as? Int == 1 })
            // A payload the engine's handler refuses (in phase 3): invalid-payload naming data.
            try ws.sendText(#"{"type":"change-color","data":"red","ref":2}"#)
            answers.value["badData"] = try ws.receive(until: { $0["ref"] as? Int == 2 && $0["kind"] as? String == "bus-error" })
            // Not a half of the app.
            try ws.sendText(#"{"type":"change-color","data":[1,0,0],"to":"hud","ref":3}"#)
            answers.value["badTarget"] = try ws.receive(until: { $0["ref"] as? Int == 3 })
            // A valid one.
            try ws.sendText(#"{"type":"change-color","data":[0.25,0.5,1],"ref":4}"#)
            answers.value["posted"] = try ws.receive(until: { $0["ref"] as? Int == 4 })
            answers.value["changed"] = try ws.receive(until: { m in
                (m["bus"] as? [[String: Any]])?.contains { $0["type"] as? String == "state-changed" && $0["event"] as? String == "post"
                    && ($0["data"] as? [String: Any])?["color"] as? [Double] == [0.25, 0.5, 1] } ?? false
            })
        }
        let a = answers.value
        func code(_ name: String) -> String? { (a[name]?["error"] as? [String: Any])?["code"] as? String }
        func field(_ name: String) -> String? { (a[name]?["error"] as? [String: Any])?["field"] as? String }
        XCTAssertEqual(code("notJSON"), "malformed-json")
        XCTAssertEqual(code("noType"), "invalid-envelope")
        XCTAssertEqual(field("noType"), "type")
        XCTAssertEqual(code("badData"), "invalid-payload")
        XCTAssertEqual(field("badData"), "data")
        XCTAssertEqual(a["badTarget"]?["kind"] as? String, "error")
        XCTAssertEqual(code("badTarget"), "bad-target")
        XCTAssertEqual(a["posted"]?["kind"] as? String, "posted")
        let postedFrame = try XCTUnwrap(a["posted"]?["frame"] as? Int)
        let line = try XCTUnwrap((a["changed"]?["bus"] as? [[String: Any]])?.first { $0["type"] as? String == "state-changed" })
        let changedFrame = try XCTUnwrap(line["frame"] as? Int)
        XCTAssertLessThanOrEqual(changedFrame - postedFrame, 1, "state-changed within two frames of the post")
        XCTAssertGreaterThanOrEqual(changedFrame, postedFrame)
        let app = try XCTUnwrap(session.app as? DemoApp)
        XCTAssertEqual(app.simulation.current.color.hex, Color(r: 0.25, g: 0.5, b: 1).hex)
        // --bus-log shows the remote origin of the post and of the refused one.
        let logText = try String(contentsOfFile: log, encoding: .utf8)
        XCTAssertTrue(logText.contains(#""event":"post","from":"remote","to":"engine","type":"change-color","data":[0.25,0.5,1]"#), logText.suffix(2000).description)
        XCTAssertTrue(logText.contains(#""event":"reject","from":"remote","to":"engine""#))
    }

    func testAClientThatStopsReadingIsDroppedWhileFramesKeepComing() async throws {
        var limits = InspectorLimits()
        limits.clientQueueMessages = 8
        limits.updateInterval = 0.01
        // The watcher below asks for status as fast as it can; that is not what this test is about.
        limits.maxMessagesPerSecond = 1_000_000
        let session = try open(limits: limits, maxFrames: 6000)
        defer { session.close() }
        let figures = LockedBox<(dropFrame: Int, laterFrame: Int, reason: String)>((0, 0, ""))
        _ = try await run(session) { port, token in
            let stuck = try LoopbackClient(port: port, receiveBuffer: 2048)
            XCTAssertEqual(try stuck.upgrade(path: "/ws?token=\(token)"), 101)
            // `stuck` never reads. Each subscribe queues the whole history for it (about 100 KB), so the kernel's
            // socket buffers fill in a moment instead of after a minute of live updates.
            // Sending stops early when the server has already dropped it (connection reset).
            for _ in 0..<100 {
                do { try stuck.sendText(#"{"op":"subscribe","topics":["frames","routes","bus","tree","image"]}"#) } catch { break }
            }
            // A second client watches the status. Its socket often takes the descriptor number the server's side of
            // `stuck` had: until the reader of a dropped client stopped before its socket closed, that reader took
            // the watcher's replies (docs/inspector.md, "Replies taken by a dropped client's reader"). So every reply
            // must come, and promptly: no second try.
            let watcher = try LoopbackClient(port: port, timeoutSeconds: 10)
            XCTAssertEqual(try watcher.upgrade(path: "/ws?token=\(token)"), 101)
            // The watcher only asks for status: no live topics, so its own small queue never fills on a slow machine.
            try watcher.sendText(#"{"op":"subscribe","topics":[],"history":false}"#)
            var dropFrame: Int?
            for _ in 0..<100_000 {
                try watcher.sendText(#"{"op":"status"}"#)
                let m = try watcher.receive(until: { $0["kind"] as? String == "status" })
                let status = try XCTUnwrap(m["status"] as? [String: Any])
                let frame = try XCTUnwrap(status["frame"] as? Int)
                let dropped = status["dropped"] as? [[String: Any]] ?? []
                if dropFrame == nil, let d = dropped.first {
                    dropFrame = frame
                    figures.value.reason = d["reason"] as? String ?? ""
                } else if let f = dropFrame, frame >= f + 30 {
                    figures.value.dropFrame = f
                    figures.value.laterFrame = frame
                    return
                }
            }
            throw ClientError("the stuck client was never dropped")
        }
        XCTAssertEqual(figures.value.reason, "queue-full")
        XCTAssertGreaterThanOrEqual(figures.value.laterFrame, figures.value.dropFrame + 30)
        XCTAssertEqual(session.inspector?.hub.droppedClients.map(\.reason), ["queue-full"])
    }

    func testControllerEventsAppearInTheRoutingPanelWithTheirTarget() async throws {
        let session = try open()
        defer { session.close() }
        let routes = LockedBox<[[String: Any]]>([])
        // With nothing focused and no sheet up the D-pad goes to the engine; the stick too.
        session.loop.addObserver(EventInjector(frame: 3, [
            .controllerButton(ControllerButtonEvent(button: .dpadDown, phase: .down)),
            .controllerAxis(ControllerAxisEvent(axis: .rightX, value: 0.5)),
        ]), order: .input)
        _ = try await run(session) { port, token in
            let ws = try LoopbackClient(port: port)
            XCTAssertEqual(try ws.upgrade(path: "/ws?token=\(token)"), 101)
            for _ in 0..<10_000 {
                try ws.sendText(#"{"op":"subscribe","topics":["routes"]}"#)
                let m = try ws.receive(until: { $0["kind"] as? String == "snapshot" })
                let seen = m["routes"] as? [[String: Any]] ?? []
                if seen.contains(where: { $0["event"] as? String == "pad-axis" }) { routes.value = seen; return }
            }
        }
        let button = try XCTUnwrap(routes.value.first { $0["event"] as? String == "pad-button" }, "\(routes.value)")
        XCTAssertEqual(button["frame"] as? Int, 3)
        XCTAssertNotNil(button["target"] as? String)
        XCTAssertTrue((button["line"] as? String ?? "").contains("dpad-down"), "\(button)")
        let axis = try XCTUnwrap(routes.value.first { $0["event"] as? String == "pad-axis" })
        XCTAssertEqual(axis["target"] as? String, "engine", "\(axis)")
        XCTAssertNil(axis["point"], "a controller event has no point to hit-test")
    }

    func testTheViewTreeAndARoutingDecisionArePublished() async throws {
        let session = try open()
        defer { session.close() }
        let snapshot = LockedBox<[String: Any]>([:])
        let clickAt = Point(x: 400, y: 250)
        session.loop.addObserver(ClickInjector(frame: 3, at: clickAt), order: .input)
        _ = try await run(session) { port, token in
            let ws = try LoopbackClient(port: port)
            XCTAssertEqual(try ws.upgrade(path: "/ws?token=\(token)"), 101)
            // Wait until the click's decision is in the history, then take the snapshot that holds it.
            for _ in 0..<10_000 {
                try ws.sendText(#"{"op":"subscribe","topics":["tree","routes"]}"#)
                let m = try ws.receive(until: { $0["kind"] as? String == "snapshot" })
                if let routes = m["routes"] as? [[String: Any]], routes.contains(where: { $0["event"] as? String == "down" }) {
                    snapshot.value = m
                    return
                }
            }
        }
        let layers = try XCTUnwrap((snapshot.value["tree"] as? [String: Any])?["layers"] as? [[String: Any]])
        let ids = layers.flatMap { ($0["views"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String } }
        XCTAssertTrue(ids.contains("picker.sv"), "\(ids)")
        let root = try XCTUnwrap(layers.first?["views"] as? [[String: Any]]).first
        XCTAssertEqual(root?["passthrough"] as? Bool, true)
        // A layer's visibility and kind are two fields, each with its own vocabulary (LayerVisibility, LayerKind).
        let hud = try XCTUnwrap(layers.first { $0["name"] as? String == "hud" })
        XCTAssertEqual(hud["visibility"] as? String, "hidden")
        XCTAssertEqual(hud["kind"] as? String, "nonInteractive")
        let ui = try XCTUnwrap(layers.first { $0["name"] as? String == "ui" })
        XCTAssertEqual(ui["visibility"] as? String, "visible")
        XCTAssertEqual(ui["kind"] as? String, "passthrough")
        let down = try XCTUnwrap((snapshot.value["routes"] as? [[String: Any]])?.first { $0["event"] as? String == "down" })
        XCTAssertEqual(down["target"] as? String, "engine")
        XCTAssertEqual(down["frame"] as? Int, 3)
        XCTAssertTrue((down["reason"] as? String ?? "").contains("no layer claimed"), "\(down)")
        let path = try XCTUnwrap(down["path"] as? [[String: Any]])
        XCTAssertEqual(path.last?["layer"] as? String, "engine")
        XCTAssertTrue(path.contains { ($0["result"] as? String ?? "").contains("passthrough at ui.root") }, "\(path)")
    }

    func testANonLoopbackAddressIsRefusedBeforeAnyWindowUnlessAllowed() throws {
        var d = SessionDescription()
        d.headless = true
        d.inspector = InspectorSettings(host: "0.0.0.0", port: 0)
        XCTAssertThrowsError(try Session.open(d) { _ in fatalError("no app may be built") }) { error in
            XCTAssertEqual((error as? SessionError)?.identifier, "inspect-remote-not-allowed")
            XCTAssertEqual((error as? SessionError)?.exitCode, 2)
        }
    }
}

/// Clicks a point at one frame (a scripted click on the scene).
@MainActor
/// Injects events on one frame.
final class EventInjector: FrameObserver {
    let frame: Int
    let events: [InputEvent]
    init(frame: Int, _ events: [InputEvent]) { self.frame = frame; self.events = events }
    func frameWillStart(_ loop: FrameLoop, index: Int) {
        guard index == frame else { return }
        loop.inject(events)
    }
}

final class ClickInjector: FrameObserver {
    let frame: Int
    let point: Point
    init(frame: Int, at point: Point) { self.frame = frame; self.point = point }
    func frameWillStart(_ loop: FrameLoop, index: Int) {
        guard index == frame else { return }
        loop.inject([.pointerDown(PointerEvent(location: point)), .pointerUp(PointerEvent(location: point))])
    }
}
