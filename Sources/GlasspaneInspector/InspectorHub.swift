// The one place the frame loop and the server meet: lock-protected, bounded buffers. The main actor appends
// records (frame times, routing decisions, bus lines, the view tree, the latest frame image) and drains the
// inbox of posts; the server's tasks read and fan records out to clients. Neither side ever waits on the other
// for longer than a short critical section.
import Foundation
import GlasspaneCore

/// A post from a client, waiting for the next frame's `frameWillStart`.
public struct InboxPost: Sendable {
    /// The client that sent it.
    public var client: Int
    /// The client's correlation number (`ref`), echoed in the answer.
    public var ref: Int?
    /// The half it goes to.
    public var target: String
    /// The message type, when the text parsed far enough to have one.
    public var type: String?
    /// The envelope as the client sent it, for the bus's own error when it did not parse (`MessageBus.postRaw`).
    public var text: String
    /// The envelope parsed once, on the server's thread, with the bus's limits; nil when it did not parse.
    public var envelope: JSONValue?
    /// Creates a post; `envelope` is the text already parsed, when it parsed.
    public init(client: Int, ref: Int?, target: String, type: String?, text: String, envelope: JSONValue? = nil) {
        self.client = client; self.ref = ref; self.target = target; self.type = type; self.text = text; self.envelope = envelope
    }
}

/// A frame's pixels for the inspector (RGBA8, rows top to bottom); the runtime reads them back and encodes them.
public struct InspectorImage: Sendable {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// Tightly packed RGBA bytes.
    public var rgba: [UInt8]
    /// Creates an image.
    public init(width: Int, height: Int, rgba: [UInt8]) { self.width = width; self.height = height; self.rgba = rgba }
}

/// Why a client was dropped, for `/api/status` and the log.
public struct DroppedClient: Sendable, Equatable {
    /// The client's number.
    public var client: Int
    /// A stable identifier: `queue-full`, `message-too-large`, `binary-message`, `bad-command`.
    public var reason: String
    /// A sentence with the figures.
    public var detail: String
}

/// The shared state between the frame loop (main actor) and the inspector's server.
public final class InspectorHub: @unchecked Sendable {
    /// The limits everything here is bounded by.
    public let limits: InspectorLimits
    /// The access token every request must carry.
    public let token: String
    /// Where dropped clients and other events are reported (standard error by default).
    let log: @Sendable (String) -> Void

    private let lock = NSLock()
    // Guarded by `lock`.
    private var pendingFrames: [String] = []
    private var pendingRoutes: [String] = []
    private var pendingBus: [String] = []
    private var frameRing: Ring
    private var routeRing: Ring
    private var busRing: Ring
    private var overflowed = 0
    private var tree = "null"
    private var treeVersion = 0
    private var image: (png: [UInt8], frame: Int, version: Int)?
    private var encodingImage = false
    private var lastImageRequest: UInt64 = 0
    private var latestFrame = 0
    private var inbox: [InboxPost] = []
    private var inboxByteCount = 0
    private var inboxRejected = 0
    private var clients: [Int: ClientChannel] = [:]
    private var nextClient = 1
    private var dropped: [DroppedClient] = []
    private var postsAccepted = 0
    /// Wakes the server's socket loop when a client's queue got something to write.
    let waker = Waker()

    /// Creates a hub with a token (a random one when empty).
    public init(limits: InspectorLimits = InspectorLimits(), token: String = "",
                log: @escaping @Sendable (String) -> Void = { FileHandle.standardError.write(Data("inspector: \($0)\n".utf8)) }) {
        self.limits = limits
        self.token = token.isEmpty ? Self.makeToken() : token
        self.log = log
        frameRing = Ring(capacity: limits.frameHistory)
        routeRing = Ring(capacity: limits.routingHistory)
        busRing = Ring(capacity: limits.busHistory)
    }

    /// 128 random bits as 32 hex digits (the system's cryptographic generator).
    static func makeToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in String(format: "%08x", UInt32.random(in: .min ... .max, using: &generator)) }.joined()
    }

    /// Compares a presented token with the hub's in time that depends only on the presented length.
    public func accepts(token presented: String?) -> Bool {
        guard let presented else { return false }
        return Self.constantTimeEquals(Array(presented.utf8), Array(token.utf8))
    }

    /// Byte-wise comparison without an early exit: every byte of the longer input is visited.
    static func constantTimeEquals(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        var difference: UInt8 = a.count == b.count ? 0 : 1
        for i in 0..<max(a.count, b.count) {
            difference |= (i < a.count ? a[i] : 0) ^ (i < b.count ? b[i] : 0)
        }
        return difference == 0
    }

    private func withLock<T>(_ body: () -> T) -> T {
        lock.lock(); defer { lock.unlock() }
        return body()
    }

    // MARK: - Main actor side

    /// Appends a frame-time record (a JSON array) of frame `index`.
    public func record(frame json: String, index: Int) {
        withLock {
            latestFrame = index
            append(json, to: &pendingFrames)
        }
    }

    /// Appends a routing decision (a JSON object).
    public func record(route json: String) { withLock { append(json, to: &pendingRoutes) } }

    /// Appends a bus log line (a JSON object, as `--bus-log` writes it).
    public func record(busLine json: String) { withLock { append(json, to: &pendingBus) } }

    private func append(_ json: String, to pending: inout [String]) {
        if pending.count >= limits.pendingRecords {
            pending.removeFirst(pending.count - limits.pendingRecords + 1)
            overflowed += 1
        }
        pending.append(json)
    }

    /// Replaces the view tree (a JSON object).
    public func publish(tree json: String) {
        withLock { tree = json; treeVersion += 1 }
    }

    /// True when a client is connected, no image is being encoded and the image interval has passed; marks the
    /// request so the next one waits for the interval.
    public func shouldCaptureImage(now: UInt64) -> Bool {
        withLock {
            guard !clients.isEmpty, !encodingImage, limits.imagesPerSecond > 0 else { return false }
            let interval = UInt64(1e9 / limits.imagesPerSecond)
            guard lastImageRequest == 0 || now &- lastImageRequest >= interval else { return false }
            lastImageRequest = now
            encodingImage = true
            return true
        }
    }

    /// Stores an encoded frame image (nil: encoding failed; the next interval tries again).
    public func finishImage(png: [UInt8]?, frame: Int) {
        withLock {
            encodingImage = false
            if let png { image = (png, frame, (image?.version ?? 0) + 1) }
        }
    }

    /// Takes every waiting post, oldest first.
    public func drainInbox() -> [InboxPost] {
        withLock {
            guard !inbox.isEmpty else { return [] }
            defer { inbox.removeAll(keepingCapacity: true); inboxByteCount = 0 }
            postsAccepted += inbox.count
            return inbox
        }
    }

    /// Sends one message to one client (answers to its posts); false when the client is gone or was dropped.
    @discardableResult
    public func send(_ json: String, to client: Int) -> Bool {
        guard let channel = withLock({ clients[client] }) else { return false }
        return push(json, to: channel)
    }

    /// The clients connected now.
    public var clientCount: Int { withLock { clients.count } }

    // MARK: - Server side

    /// Queues a post for the next frame; false when the inbox is full (the client gets `inbox-full`).
    func enqueue(_ post: InboxPost) -> Bool {
        withLock {
            let size = post.text.utf8.count
            guard inbox.count < limits.inboxCapacity, inboxByteCount + size <= limits.inboxBytes else {
                inboxRejected += 1
                return false
            }
            inbox.append(post)
            inboxByteCount += size
            return true
        }
    }

    /// Registers a new WebSocket client; nil when `maxClients` are connected.
    func register() -> ClientChannel? {
        withLock {
            guard clients.count < limits.maxClients else { return nil }
            let channel = ClientChannel(id: nextClient, wake: waker)
            nextClient += 1
            clients[channel.id] = channel
            return channel
        }
    }

    /// Forgets a client that closed.
    func unregister(_ channel: ClientChannel) {
        withLock { _ = clients.removeValue(forKey: channel.id) }
        channel.outbox.finish(with: [])
    }

    /// Drops a client with a reason: it is told why (when its queue has room), closed, and logged.
    func drop(_ channel: ClientChannel, reason: String, detail: String, closeCode: UInt16, farewell: String? = nil) {
        let first: Bool = withLock {
            guard clients.removeValue(forKey: channel.id) != nil else { return false }
            dropped.append(DroppedClient(client: channel.id, reason: reason, detail: detail))
            if dropped.count > 100 { dropped.removeFirst() }
            return true
        }
        guard first else { return }
        log("dropped client \(channel.id) (\(reason)): \(detail)")
        channel.outbox.finish(with: (farewell.map { [Outbox.Item.text($0)] } ?? []) + [.close(code: closeCode, reason: reason)])
    }

    /// Pushes to a client's queue, dropping the client when the queue is over its bounds.
    @discardableResult
    func push(_ json: String, to channel: ClientChannel) -> Bool { push(.text(json), to: channel) }

    /// A client closed: its close is answered with the same code and its slot is free at once.
    func closedByClient(_ channel: ClientChannel, code: UInt16) {
        channel.outbox.finish(with: [.close(code: code, reason: "")])
        withLock { _ = clients.removeValue(forKey: channel.id) }
    }

    /// Pushes a frame (text or pong) to a client's queue, within the same bounds.
    @discardableResult
    func push(_ item: Outbox.Item, to channel: ClientChannel) -> Bool {
        switch channel.outbox.push(item, maxMessages: limits.clientQueueMessages, maxBytes: limits.clientQueueBytes) {
        case .queued: return true
        case .closed: return false
        case .full(let count, let bytes):
            drop(channel, reason: "queue-full",
                 detail: "it did not read its messages: \(count) queued (\(bytes) bytes), limits \(limits.clientQueueMessages) messages, \(limits.clientQueueBytes) bytes",
                 closeCode: 1008)
            return false
        }
    }

    /// Moves pending records into the histories and sends each subscribed client one update. Called by the
    /// server's pump every `updateInterval`.
    func pump() {
        let (frames, routes, bus, treeV, imageV, imageFrame, frame, targets): ([String], [String], [String], Int, Int, Int, Int, [ClientChannel]) = withLock {
            let f = pendingFrames, r = pendingRoutes, b = pendingBus
            pendingFrames.removeAll(keepingCapacity: true)
            pendingRoutes.removeAll(keepingCapacity: true)
            pendingBus.removeAll(keepingCapacity: true)
            for x in f { frameRing.append(x) }
            for x in r { routeRing.append(x) }
            for x in b { busRing.append(x) }
            return (f, r, b, treeVersion, image?.version ?? 0, image?.frame ?? -1, latestFrame, Array(clients.values))
        }
        for channel in targets {
            let topics = channel.topics
            guard !topics.isEmpty else { continue }
            var parts: [String] = []
            if topics.contains(.frames), !frames.isEmpty { parts.append("\"frames\":[" + frames.joined(separator: ",") + "]") }
            if topics.contains(.routes), !routes.isEmpty { parts.append("\"routes\":[" + routes.joined(separator: ",") + "]") }
            if topics.contains(.bus), !bus.isEmpty { parts.append("\"bus\":[" + bus.joined(separator: ",") + "]") }
            if topics.contains(.tree), channel.seenTree != treeV {
                channel.seenTree = treeV
                parts.append("\"tree\":" + withLock { tree })
            }
            if topics.contains(.image), channel.seenImage != imageV {
                channel.seenImage = imageV
                parts.append("\"image\":{\"version\":\(imageV),\"frame\":\(imageFrame)}")
            }
            guard !parts.isEmpty else { continue }
            push("{\"kind\":\"update\",\"frame\":\(frame)," + parts.joined(separator: ",") + "}", to: channel)
        }
    }

    /// The histories for a new subscriber (`snapshot` message and `/api/snapshot`).
    func snapshot() -> String {
        withLock {
            "{\"kind\":\"snapshot\",\"frame\":\(latestFrame),\"frames\":[" + frameRing.joined() + "],\"routes\":["
                + routeRing.joined() + "],\"bus\":[" + busRing.joined() + "],\"tree\":" + tree
                + ",\"image\":{\"version\":\(image?.version ?? 0),\"frame\":\(image?.frame ?? -1)}}"
        }
    }

    /// The view tree JSON.
    func treeJSON() -> String { withLock { tree } }

    /// The latest frame image, PNG bytes.
    func latestImage() -> [UInt8]? { withLock { image?.png } }

    /// `/api/status`: frame, clients, drops, inbox figures.
    func status() -> String {
        withLock {
            let drops = dropped.map { "{\"client\":\($0.client),\"reason\":\(JSONText.quoted($0.reason)),\"detail\":\(JSONText.quoted($0.detail))}" }
            return "{\"frame\":\(latestFrame),\"clients\":\(clients.count),\"dropped\":[" + drops.joined(separator: ",")
                + "],\"inbox\":{\"capacity\":\(limits.inboxCapacity),\"waiting\":\(inbox.count),\"accepted\":\(postsAccepted),\"rejected\":\(inboxRejected)}"
                + ",\"recordsOverflowed\":\(overflowed)}"
        }
    }

    /// Clients dropped so far (tests).
    public var droppedClients: [DroppedClient] { withLock { dropped } }

    /// Closes every client (the session is ending).
    func closeAll() {
        let all = withLock { () -> [ClientChannel] in defer { clients.removeAll() }; return Array(clients.values) }
        for c in all { c.outbox.finish(with: [.close(code: 1001, reason: "session ended")]) }
    }
}

/// A bounded history of JSON texts, oldest first.
struct Ring {
    private var items: [String] = []
    private var start = 0
    let capacity: Int
    init(capacity: Int) { self.capacity = max(1, capacity) }
    mutating func append(_ s: String) {
        if items.count < capacity { items.append(s) } else { items[start] = s; start = (start + 1) % capacity }
    }
    func joined() -> String { (Array(items[start...]) + Array(items[..<start])).joined(separator: ",") }
}

/// What a client asked to receive.
enum Topic: String, CaseIterable, Sendable {
    case frames, routes, bus, tree, image
}

/// One WebSocket client: its number, its subscriptions and its bounded outgoing queue.
final class ClientChannel: @unchecked Sendable {
    let id: Int
    let outbox: Outbox
    private let lock = NSLock()
    private var _topics: Set<Topic> = []
    // Touched only by the pump (one task).
    var seenTree = 0
    var seenImage = 0
    init(id: Int, wake: Waker = Waker()) { self.id = id; outbox = Outbox(wake: wake) }
    var topics: Set<Topic> {
        get { lock.lock(); defer { lock.unlock() }; return _topics }
        set { lock.lock(); _topics = newValue; lock.unlock() }
    }
}

/// An outgoing message queue with bounds on messages and bytes, control frames included. The socket loop takes
/// the next item only once the previous one was written, so a client that stops reading fills its own queue.
final class Outbox: @unchecked Sendable {
    /// One WebSocket frame to send.
    enum Item: Sendable { case text(String), pong([UInt8]), close(code: UInt16, reason: String) }
    /// What a push did.
    enum PushResult { case queued, closed, full(count: Int, bytes: Int) }

    private let lock = NSLock()
    private let wake: Waker
    private var queue: [Item] = []
    private var head = 0
    private var bytes = 0
    private var finished = false

    init(wake: Waker = Waker()) { self.wake = wake }

    /// The bytes an item counts against the queue's bound: its payload and a frame header.
    static func size(of item: Item) -> Int {
        switch item {
        case .text(let t): t.utf8.count + 10
        case .pong(let p): p.count + 2
        case .close(_, let r): r.utf8.count + 4
        }
    }

    /// Queues an item unless that would cross a bound.
    func push(_ item: Item, maxMessages: Int, maxBytes: Int) -> PushResult {
        let size = Self.size(of: item)
        lock.lock()
        if finished { lock.unlock(); return .closed }
        let count = queue.count - head
        if count + 1 > maxMessages || bytes + size > maxBytes {
            lock.unlock()
            return .full(count: count, bytes: bytes)
        }
        queue.append(item)
        bytes += size
        lock.unlock()
        wake.wake()
        return .queued
    }

    /// Ends the queue: `last` (a farewell, a close frame) are the final items; nothing more is accepted.
    func finish(with last: [Item]) {
        lock.lock()
        if finished { lock.unlock(); return }
        finished = true
        // A dropped client is not owed its backlog: the close goes out next.
        queue = last; head = 0; bytes = 0
        lock.unlock()
        wake.wake()
    }

    /// The next item, without waiting; nil when none is queued.
    func pop() -> Item? {
        lock.lock(); defer { lock.unlock() }
        guard head < queue.count else { return nil }
        let item = queue[head]
        head += 1
        if !finished { bytes -= Self.size(of: item) }
        if head > 64 && head * 2 > queue.count { queue.removeFirst(head); head = 0 }
        return item
    }

    /// True once finished (dropped or closed), whatever is left to send.
    var isFinished: Bool { lock.lock(); defer { lock.unlock() }; return finished }

    /// True once finished and every final item was taken: the socket can close.
    var isDone: Bool { lock.lock(); defer { lock.unlock() }; return finished && head >= queue.count }

    /// Items waiting (tests).
    var count: Int { lock.lock(); defer { lock.unlock() }; return queue.count - head }
}

/// Wakes the socket loop's `poll` from another thread: one byte on a pipe, written at most once between two
/// drains. Without a loop attached it does nothing.
final class Waker: @unchecked Sendable {
    private let lock = NSLock()
    private var fd: Int32 = -1
    private var pending = false

    /// Attaches the write end of the loop's pipe (-1 detaches).
    func attach(_ fd: Int32) { lock.lock(); self.fd = fd; pending = false; lock.unlock() }

    /// Makes the loop's next `poll` return.
    func wake() {
        lock.lock()
        guard fd >= 0, !pending else { lock.unlock(); return }
        pending = true
        let target = fd
        lock.unlock()
        var one: UInt8 = 1
        _ = write(target, &one, 1)
    }

    /// Called by the loop after it drained the pipe.
    func drained() { lock.lock(); pending = false; lock.unlock() }
}
