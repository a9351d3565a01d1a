// The inspector's HTTP and WebSocket server: one thread of its own (never the main actor, never Swift
// concurrency's pool) running a `poll` loop over non-blocking POSIX sockets, so every socket resource has a budget
// checked before the work it bounds (InspectorLimits; docs/inspector.md, "Budget"). Every request is checked
// against the token before its method or path is looked at.
import Foundation
import GlasspaneBus
import GlasspaneCore
#if canImport(Glibc)
import Glibc
#endif

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
    private let ip: String
    private let running = LoopBox()

    /// Checks the address and prepares the server; nothing is bound until `start()`.
    public init(settings: InspectorSettings, hub: InspectorHub) throws(InspectorError) {
        if !settings.isLoopback && !settings.allowsRemote { throw .remoteNotAllowed(host: settings.host) }
        let ip = settings.host == "localhost" ? "127.0.0.1" : settings.host
        var probe = in_addr()
        guard inet_pton(AF_INET, ip, &probe) == 1 else { throw .badAddress(settings.host) }
        self.settings = settings
        self.hub = hub
        self.ip = ip
    }

    /// Binds, listens and starts the server's thread; returns the port bound, or throws when binding failed.
    public func start() async throws(InspectorError) -> Int {
        let address = "\(settings.host):\(settings.port)"
        func failure(_ what: String) -> InspectorError { .cannotListen(address: address, reason: "\(what): \(String(cString: strerror(errno)))") }
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw failure("socket") }
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = in_port_t(UInt16(settings.port).bigEndian)
        inet_pton(AF_INET, ip, &addr.sin_addr)
        let bound = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else { let e = failure("bind"); close(fd); throw e }
        guard listen(fd, 128) == 0 else { let e = failure("listen"); close(fd); throw e }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        var pipeEnds: [Int32] = [-1, -1]
        guard pipe(&pipeEnds) == 0 else { let e = failure("pipe"); close(fd); throw e }
        for end in pipeEnds { SocketLoop.makeNonBlocking(end) }
        let loop = SocketLoop(listener: fd, wakeRead: pipeEnds[0], wakeWrite: pipeEnds[1], hub: hub)
        running.set(loop)
        loop.start()
        return Int(UInt16(bigEndian: addr.sin_port))
    }

    /// Closes every client and the listening socket. Bounded: clients get `limit` seconds to take their close
    /// frames; then every socket is closed whatever its state.
    public func stop(limit: Double = 1.5) async {
        hub.closeAll()
        guard let loop = running.take() else { return }
        loop.requestStop(within: limit)
        let deadline = Date().addingTimeInterval(limit + 1)
        while !loop.hasEnded && Date() < deadline { try? await Task.sleep(nanoseconds: 10_000_000) }
    }
}

/// The running loop, for `stop()`.
private final class LoopBox: @unchecked Sendable {
    private let lock = NSLock()
    private var loop: SocketLoop?
    func set(_ l: SocketLoop) { lock.lock(); loop = l; lock.unlock() }
    func take() -> SocketLoop? { lock.lock(); defer { loop = nil; lock.unlock() }; return loop }
}
