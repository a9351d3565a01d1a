// What the inspector listens on and the limits it keeps (docs/inspector.md). Every buffer between the frame loop
// and the server is bounded by one of these numbers, checked before anything is queued.

/// Where the inspector listens and who may connect.
public struct InspectorSettings: Sendable, Equatable {
    /// The address to bind (`127.0.0.1` unless `allowsRemote`).
    public var host = "127.0.0.1"
    /// The TCP port (0: any free port; the one chosen is printed).
    public var port = 0
    /// Allows an address other than loopback (`--inspect-allow-remote`).
    public var allowsRemote = false
    /// The access token ("": a random one, 128 bits, made at start).
    public var token = ""
    /// The buffer sizes and rates.
    public var limits = InspectorLimits()

    /// Creates settings for a host and port.
    public init(host: String = "127.0.0.1", port: Int = 0, allowsRemote: Bool = false, token: String = "") {
        self.host = host; self.port = port; self.allowsRemote = allowsRemote; self.token = token
    }

    /// Parses `[HOST:]PORT` (`9000`, `127.0.0.1:9000`, `0.0.0.0:0`); nil when malformed (no port, a port over
    /// 65535, an empty host).
    public init?(address: String) {
        let hostPart: Substring, portPart: Substring
        if let colon = address.lastIndex(of: ":") {
            hostPart = address[..<colon]; portPart = address[address.index(after: colon)...]
            guard !hostPart.isEmpty else { return nil }
        } else {
            hostPart = "127.0.0.1"; portPart = Substring(address)
        }
        guard let port = Int(portPart), (0...65_535).contains(port) else { return nil }
        self.init(host: String(hostPart), port: port)
    }

    /// True for the loopback addresses (`127.x.x.x`, `localhost`, `::1`), the only ones allowed by default.
    public var isLoopback: Bool { Self.isLoopback(host) }

    /// True for the loopback addresses (`127.x.x.x`, `localhost`, `::1`).
    public static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }
}

/// The inspector's bounds: queue sizes, history lengths, rates. Each is checked before work is done.
public struct InspectorLimits: Sendable, Equatable {
    /// Clients connected at once (WebSocket); one more gets `too-many-clients` and is closed.
    public var maxClients = 8
    /// Messages (updates and answers to posts) queued for one client before it is dropped as too slow. Answers
    /// are small and a fast poster gets one per post, so the count is generous and the byte bound does most work.
    public var clientQueueMessages = 1024
    /// Bytes queued for one client before it is dropped as too slow.
    public var clientQueueBytes = 8 * 1024 * 1024
    /// The largest WebSocket message a client may send, in bytes (the bus's own limit is 64 KiB of JSON).
    public var maxClientMessageBytes = 64 * 1024
    /// Posts waiting for the next frame, all clients together; a post beyond this gets `inbox-full`. Each costs the
    /// frame loop a post, a delivery and an answer: 64 a frame is 3,840 a second at 60 fps, and bounds what a
    /// flood of posts adds to one frame (docs/inspector.md, "What hostile clients cost").
    public var inboxCapacity = 64
    /// Routing decisions kept for new clients and the routing panel.
    public var routingHistory = 200
    /// Bus log lines kept.
    public var busHistory = 500
    /// Frame-time records kept.
    public var frameHistory = 600
    /// Records waiting between two updates (frames, routing, bus, each); older ones are dropped and counted.
    public var pendingRecords = 4_000
    /// Frame images captured per second at most, and only while a client is connected.
    public var imagesPerSecond = 2.0
    /// How often clients get an update, in seconds.
    public var updateInterval = 0.1
    /// View-tree snapshots per second at most (taken only when the overlay changed).
    public var treesPerSecond = 5.0
    /// Sockets open at once in any state (reading a request, answering one, WebSocket, closing); one more is
    /// answered `503` and closed at accept.
    public var maxConnections = 32
    /// Connections still sending their request head; one more is answered `503` at accept.
    public var maxPendingRequests = 16
    /// Seconds from accept until the request head (the WebSocket handshake included) is complete: `408`, closed.
    public var requestHeadDeadline = 5.0
    /// Seconds an HTTP answer, or a WebSocket close, may take to be read by the client before the socket is closed.
    public var responseDeadline = 15.0
    /// Bytes of the request line (method, target with the token, version): `414`.
    public var maxRequestLineBytes = 4_096
    /// Bytes of the whole request head (request line and headers): `431`.
    public var maxHeaderBytes = 16_384
    /// Header lines in one request: `431`.
    public var maxHeaderCount = 48
    /// The largest control frame payload (ping, pong, close): RFC 6455 allows 125 bytes; more is close 1002.
    public var maxControlFrameBytes = 125
    /// WebSocket frames one client may send per second (data and control alike); one more is close 1008.
    public var maxMessagesPerSecond = 2_000
    /// Bytes of posts waiting for the next frame, all clients together; a post beyond this gets `inbox-full`.
    public var inboxBytes = 1 << 20
    /// Creates the defaults.
    public init() {}
}
