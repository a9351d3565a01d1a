// The inspector's HTTP and WebSocket server (FlyingFox, on Swift concurrency's own threads, never the main
// actor). Every request is checked against the token first: without it the answer is 401 with an empty body.
import FlyingFox
import FlyingSocks
import Foundation
import GlasspaneBus
import GlasspaneCore

/// Why the inspector could not start.
public enum InspectorError: Error, Equatable, CustomStringConvertible {
    /// The address is not loopback and `--inspect-allow-remote` was not given.
    case remoteNotAllowed(host: String)
    /// The host is not an IPv4 address or `localhost`.
    case badAddress(String)
    /// The socket could not be bound (port in use, no permission).
    case cannotListen(address: String, reason: String)

    /// A stable identifier for tests and scripts.
    public var identifier: String {
        switch self {
        case .remoteNotAllowed: "inspect-remote-not-allowed"
        case .badAddress: "inspect-bad-address"
        case .cannotListen: "inspect-cannot-listen"
        }
    }

    /// A sentence naming the address.
    public var description: String {
        switch self {
        case .remoteNotAllowed(let h):
            "--inspect \(h): the inspector listens on loopback only (127.0.0.1); add --inspect-allow-remote to listen on \(h)"
        case .badAddress(let a): "--inspect \(a): not an IPv4 address or localhost"
        case .cannotListen(let a, let r): "--inspect \(a): cannot listen: \(r)"
        }
    }
}

/// The server: static page, JSON endpoints, the latest frame as PNG, the WebSocket.
public final class InspectorServer: Sendable {
    /// The shared buffers.
    public let hub: InspectorHub
    /// What it was started with.
    public let settings: InspectorSettings
    private let server: HTTPServer
    private let tasks = TaskBox()

    /// Checks the address and prepares the server; nothing is bound until `start()`.
    public init(settings: InspectorSettings, hub: InspectorHub) throws(InspectorError) {
        if !settings.isLoopback && !settings.allowsRemote { throw .remoteNotAllowed(host: settings.host) }
        let ip = settings.host == "localhost" ? "127.0.0.1" : settings.host
        let address: sockaddr_in
        do { address = try .inet(ip4: ip, port: UInt16(settings.port)) } catch { throw .badAddress(settings.host) }
        self.settings = settings
        self.hub = hub
        // FlyingFox's level-triggered `poll` pool, not its default `epoll` one: with epoll a second client's request
        // was seen to go unanswered for good while a stuck client's socket waited to be writable (docs/inspector.md,
        // "A client starved while another was dropped"). A 10 ms poll interval is nothing next to the update interval.
        server = HTTPServer(address: address, timeout: 15, pool: SocketPool<Poll>.poll(interval: .seconds(0.01)),
                            logger: .disabled, handler: InspectorHandler(hub: hub))
    }

    /// Binds and starts serving on its own task; returns the port bound, or throws when binding failed.
    public func start() async throws(InspectorError) -> Int {
        let server = self.server
        let run = Task.detached { try await server.run() }
        let pump = Task.detached { [hub] in
            while !Task.isCancelled {
                try? await Task.sleep(nanoseconds: UInt64(hub.limits.updateInterval * 1e9))
                hub.pump()
            }
        }
        tasks.set(run: run, pump: pump)
        do {
            try await server.waitUntilListening(timeout: 5)
        } catch {
            pump.cancel()
            let reason: String
            if case .failure(let e) = await run.result { reason = "\(e)" } else { reason = "\(error)" }
            throw .cannotListen(address: "\(settings.host):\(settings.port)", reason: reason)
        }
        if case .ip4(_, let port)? = await server.listeningAddress { return Int(port) }
        return settings.port
    }

    /// Closes every client and the listening socket. Bounded: a client that never finishes its connection cannot
    /// keep the session (and so the process) from ending; after `limit` seconds the stop carries on in the background.
    public func stop(limit: Double = 1.5) async {
        hub.closeAll()
        tasks.cancelPump()
        let server = self.server
        let done = StopFlag()
        Task.detached { await server.stop(timeout: 1); done.set() }
        let deadline = Date().addingTimeInterval(limit)
        while !done.isSet && Date() < deadline { try? await Task.sleep(nanoseconds: 20_000_000) }
        tasks.cancelRun()
    }
}

/// The server's tasks, for `stop()`.
private final class TaskBox: @unchecked Sendable {
    private let lock = NSLock()
    private var pump: Task<Void, Never>?
    private var run: Task<Void, any Error>?
    func set(run: Task<Void, any Error>, pump: Task<Void, Never>) { lock.lock(); self.run = run; self.pump = pump; lock.unlock() }
    func cancelPump() { lock.lock(); pump?.cancel(); lock.unlock() }
    func cancelRun() { lock.lock(); run?.cancel(); lock.unlock() }
}

/// Set once the server's stop returned.
private final class StopFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.lock(); value = true; lock.unlock() }
    var isSet: Bool { lock.lock(); defer { lock.unlock() }; return value }
}

/// Routes every request after the token check.
struct InspectorHandler: HTTPHandler {
    let hub: InspectorHub

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard hub.accepts(token: Self.presentedToken(request)) else {
            return HTTPResponse(statusCode: .unauthorized)
        }
        guard request.method == .GET else { return Self.json(#"{"error":"method-not-allowed"}"#, status: .methodNotAllowed) }
        switch request.path {
        case "/", "/index.html": return Self.text(InspectorPage.html, type: "text/html; charset=utf-8")
        case "/api/snapshot": return Self.json(hub.snapshot())
        case "/api/tree": return Self.json(hub.treeJSON())
        case "/api/status": return Self.json(hub.status())
        case "/api/frame.png":
            guard let png = hub.latestImage() else { return Self.json(#"{"error":"no-frame-yet"}"#, status: .notFound) }
            return HTTPResponse(statusCode: .ok, headers: [.contentType: "image/png", .cacheControl: "no-store"], body: Data(png))
        case "/ws":
            guard let channel = hub.register() else {
                return Self.json(#"{"error":"too-many-clients"}"#, status: .serviceUnavailable)
            }
            return try await WebSocketHTTPHandler(handler: ClientSession(hub: hub, channel: channel)).handleRequest(request)
        default: return Self.json(#"{"error":"not-found"}"#, status: .notFound)
        }
    }

    /// The token from `?token=`, `X-Glasspane-Token` or `Authorization: Bearer`.
    static func presentedToken(_ request: HTTPRequest) -> String? {
        if let q = request.query.first(where: { $0.name == "token" }) { return q.value }
        if let h = request.headers[HTTPHeader("X-Glasspane-Token")] { return h }
        if let a = request.headers[.authorization], a.hasPrefix("Bearer ") { return String(a.dropFirst(7)) }
        return nil
    }

    static func text(_ body: String, type: String) -> HTTPResponse {
        HTTPResponse(statusCode: .ok, headers: [.contentType: type, .cacheControl: "no-store"], body: Data(body.utf8))
    }

    static func json(_ body: String, status: HTTPStatusCode = .ok) -> HTTPResponse {
        HTTPResponse(statusCode: status, headers: [.contentType: "application/json", .cacheControl: "no-store"], body: Data(body.utf8))
    }
}

/// One WebSocket connection on raw frames: commands and posts in, the client's outbox out. The socket writer
/// pulls the next frame from the outbox only after the previous one was written, so a client that stops reading
/// stalls its own queue, which is bounded: past the bound the client is dropped (FlyingFox's message-level
/// handler buffers without bound between the two, which is why this one works on frames).
///
/// FlyingFox closes the socket as soon as the outgoing stream ends. A read still waiting on it then waits on a
/// bare descriptor number, which the next socket or file opened takes over: the stale read woke with that
/// socket's bytes and consumed them (docs/inspector.md, "Replies taken by a dropped client's reader"). So the
/// outgoing stream ends only after the reading task has stopped, and letting go of the stream stops it too.
struct ClientSession: WSHandler {
    let hub: InspectorHub
    let channel: ClientChannel

    func makeFrames(for client: AsyncThrowingStream<WSFrame, any Error>) async throws -> AsyncStream<WSFrame> {
        let hub = self.hub, channel = self.channel
        hub.push(Self.hello(hub: hub, client: channel.id), to: channel)
        let reader = Task {
            var message = Data()
            var opcode = WSFrame.Opcode.text
            do {
                for try await frame in client {
                    switch frame.opcode {
                    case .ping:
                        channel.outbox.pushControl(.pong(frame.payload))
                        continue
                    case .pong: continue
                    case .close:
                        channel.outbox.finish(with: .close(code: 1000, reason: ""))
                        hub.unregister(channel)
                        return
                    case .continuation: break
                    default: opcode = frame.opcode; message.removeAll(keepingCapacity: true)
                    }
                    // Checked per frame, before the rest of a fragmented message is read.
                    if message.count + frame.payload.count > hub.limits.maxClientMessageBytes {
                        let size = message.count + frame.payload.count
                        hub.push(Self.error("message-too-large", "message is at least \(size) bytes, over the \(hub.limits.maxClientMessageBytes)-byte limit"), to: channel)
                        hub.drop(channel, reason: "message-too-large", detail: "sent at least \(size) bytes", closeCode: 1009)
                        return
                    }
                    message.append(frame.payload)
                    guard frame.fin else { continue }
                    let item: WSMessage
                    if opcode == .text {
                        guard let text = String(data: message, encoding: .utf8) else {
                            hub.push(Self.error("bad-utf8", "a text message was not UTF-8"), to: channel)
                            hub.drop(channel, reason: "bad-utf8", detail: "sent a text message that is not UTF-8", closeCode: 1007)
                            return
                        }
                        item = .text(text)
                    } else {
                        item = .data(message)
                    }
                    guard Self.handle(item, hub: hub, channel: channel) else { return }
                }
            } catch {
                // Stopped by the outgoing side (below): the connection is closing, nothing was unreadable.
                if Task.isCancelled { hub.unregister(channel); return }
                hub.drop(channel, reason: "bad-frame", detail: "unreadable WebSocket frame: \(error)", closeCode: 1002)
                return
            }
            hub.unregister(channel)
        }
        let outbox = channel.outbox
        let lifetime = ReadingLifetime(reader)
        return AsyncStream(unfolding: {
            switch await outbox.next() {
            case .text(let t)?: return WSFrame(fin: true, opcode: .text, mask: nil, payload: Data(t.utf8))
            case .pong(let p)?: return WSFrame(fin: true, opcode: .pong, mask: nil, payload: p)
            case .close(let code, let reason)?: return WSFrame.close(code: WSCloseCode(code, reason: reason))
            case nil:
                // The socket closes when this returns: no read may still be waiting on it.
                await lifetime.stopReading()
                return nil
            }
        }, onCancel: { lifetime.cancel() })
    }

    static func hello(hub: InspectorHub, client: Int) -> String {
        let l = hub.limits
        return "{\"kind\":\"hello\",\"protocol\":1,\"client\":\(client),\"topics\":[\"frames\",\"routes\",\"bus\",\"tree\",\"image\"],"
            + "\"limits\":{\"maxClientMessageBytes\":\(l.maxClientMessageBytes),\"clientQueueMessages\":\(l.clientQueueMessages),"
            + "\"clientQueueBytes\":\(l.clientQueueBytes),\"inboxCapacity\":\(l.inboxCapacity),\"imagesPerSecond\":\(l.imagesPerSecond),"
            + "\"updateInterval\":\(l.updateInterval)}}"
    }

    static func error(_ code: String, _ message: String, ref: Int? = nil) -> String {
        "{\"kind\":\"error\"" + (ref.map { ",\"ref\":\($0)" } ?? "") + ",\"error\":{\"code\":\(JSONText.quoted(code)),\"message\":\(JSONText.quoted(message))}}"
    }

    /// Handles one client message; false closes the connection.
    static func handle(_ message: WSMessage, hub: InspectorHub, channel: ClientChannel) -> Bool {
        let text: String
        switch message {
        case .text(let t): text = t
        case .data:
            hub.push(error("binary-message", "messages are JSON text; binary messages are not accepted"), to: channel)
            hub.drop(channel, reason: "binary-message", detail: "sent a binary message", closeCode: 1003)
            return false
        case .close: return false
        }
        let size = text.utf8.count
        if size > hub.limits.maxClientMessageBytes {
            hub.push(error("message-too-large", "message is \(size) bytes, over the \(hub.limits.maxClientMessageBytes)-byte limit"), to: channel)
            hub.drop(channel, reason: "message-too-large", detail: "sent \(size) bytes", closeCode: 1009)
            return false
        }
        // Peek at the members the inspector itself reads; the bus parses the envelope again, as it would in process.
        let object = try? JSONParser(limits: JSONLimits(maxBytes: hub.limits.maxClientMessageBytes)).parse(text)
        var ref: Int?
        if case .number(let n)? = object?["ref"], n == n.rounded(), abs(n) < 9e15 { ref = Int(n) }
        if let op = object?["op"] {
            switch op {
            case .string("subscribe"):
                var topics = Set<Topic>()
                guard case .array(let names)? = object?["topics"] else {
                    hub.push(error("bad-command", "subscribe needs \"topics\": an array of frames, routes, bus, tree, image", ref: ref), to: channel)
                    return true
                }
                for item in names {
                    guard case .string(let name) = item, let t = Topic(rawValue: name) else {
                        hub.push(error("unknown-topic", "topics are frames, routes, bus, tree, image; got \(item)", ref: ref), to: channel)
                        return true
                    }
                    topics.insert(t)
                }
                channel.topics = topics
                let subscribed = topics.map(\.rawValue).sorted().map { "\"\($0)\"" }.joined(separator: ",")
                hub.push("{\"kind\":\"subscribed\"" + (ref.map { ",\"ref\":\($0)" } ?? "") + ",\"topics\":[\(subscribed)]}", to: channel)
                if object?["history"] != .bool(false) { hub.push(hub.snapshot(), to: channel) }
                return true
            case .string("status"):
                hub.push("{\"kind\":\"status\"" + (ref.map { ",\"ref\":\($0)" } ?? "") + ",\"status\":" + hub.status() + "}", to: channel)
                return true
            default:
                hub.push(error("unknown-op", "op must be subscribe or status; anything without op is a bus envelope", ref: ref), to: channel)
                return true
            }
        }
        var target = "engine"
        if let to = object?["to"] {
            guard case .string(let t) = to, t == "engine" || t == "overlay" else {
                hub.push(error("bad-target", "\"to\" must be \"engine\" or \"overlay\"", ref: ref), to: channel)
                return true
            }
            target = t
        }
        let post = InboxPost(client: channel.id, ref: ref, target: target, type: { if case .string(let t)? = object?["type"] { t } else { nil } }(), text: text)
        if !hub.enqueue(post) {
            hub.push(error("inbox-full", "\(hub.limits.inboxCapacity) posts already wait for the next frame; try again after it", ref: ref), to: channel)
        }
        return true
    }
}

/// The reading task of one WebSocket connection, stopped before its socket can close: explicitly when the outgoing
/// stream ends, and when FlyingFox lets go of that stream (a failed write), from `deinit`.
final class ReadingLifetime: Sendable {
    private let reader: Task<Void, Never>

    init(_ reader: Task<Void, Never>) { self.reader = reader }

    /// Cancels the reader (its wait on the socket ends with an error) and returns once it has finished.
    func stopReading() async {
        reader.cancel()
        await reader.value
    }

    /// Cancels the reader without waiting.
    func cancel() { reader.cancel() }

    deinit { reader.cancel() }
}
