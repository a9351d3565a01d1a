// The inspector's socket loop: one thread, `poll` over the listening socket, a wake pipe and every connection.
// Each connection is in one state with its own budget (docs/inspector.md, "Budget"): reading its request head
// (deadline, request-line, header bytes and count), answering (deadline), a WebSocket client (message and
// control-frame size, frames per second, a bounded queue), or closing (deadline). Work for a connection is done
// only after the bound that covers it was checked, and a refused client's slot is free before its socket closes.
import Foundation
import GlasspaneCore
#if canImport(Glibc)
import Glibc
#endif

/// One accepted socket.
final class Connection {
    /// Reading the request head, answering it, a WebSocket client, or closing.
    enum State { case head, answering, webSocket, lingering }

    let fd: Int32
    let number: Int
    var state: State = .head
    /// The request head so far (state `head`).
    var head: HTTPHeadReader
    /// The client's frames and its queue (state `webSocket`, and after, until closed).
    var reader: WebSocketReader?
    var channel: ClientChannel?
    /// Bytes to write, from `written` on.
    var out: [UInt8] = []
    var written = 0
    /// When the current state's time is up (nanoseconds, the loop's clock); 0: none.
    var deadline: UInt64
    /// Frames in the current one-second window.
    var windowStart: UInt64 = 0
    var framesInWindow = 0
    /// Set once the client broke a rule: what else it sends is read and dropped.
    var ignoresInput = false

    init(fd: Int32, number: Int, limits: InspectorLimits, deadline: UInt64) {
        self.fd = fd; self.number = number; self.deadline = deadline; head = HTTPHeadReader(limits: limits)
    }

    var hasOutput: Bool { written < out.count }
    var isPending: Bool { state == .head }
}

/// The loop; everything but `requestStop` and `hasEnded` runs on its own thread.
final class SocketLoop: @unchecked Sendable {
    private let listener: Int32
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let hub: InspectorHub
    private let limits: InspectorLimits
    private var connections: [Connection] = []
    private var nextNumber = 1
    private var scratch = [UInt8](repeating: 0, count: 65_536)
    private var logWindow: UInt64 = 0
    private var logsInWindow = 0
    private var logsSuppressed = 0

    private let lock = NSLock()
    private var stopAt: UInt64?
    private var ended = false

    init(listener: Int32, wakeRead: Int32, wakeWrite: Int32, hub: InspectorHub) {
        self.listener = listener; self.wakeRead = wakeRead; self.wakeWrite = wakeWrite
        self.hub = hub; self.limits = hub.limits
    }

    /// Non-blocking and closed on exec (Glibc's module does not export accept4 and pipe2).
    static func makeNonBlocking(_ fd: Int32) {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }

    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
    static func nanoseconds(_ seconds: Double) -> UInt64 { UInt64(max(0, seconds) * 1e9) }

    func start() {
        hub.waker.attach(wakeWrite)
        let thread = Thread { [self] in run() }
        thread.name = "glasspane-inspector"
        thread.start()
    }

    /// Asks the loop to end: clients have `seconds` to take what is queued for them (their close frames).
    func requestStop(within seconds: Double) {
        lock.lock(); stopAt = Self.now() + Self.nanoseconds(seconds); lock.unlock()
        hub.waker.wake()
    }

    /// True once every socket is closed.
    var hasEnded: Bool { lock.lock(); defer { lock.unlock() }; return ended }

    private var stopDeadline: UInt64? { lock.lock(); defer { lock.unlock() }; return stopAt }

    // MARK: - The loop

    private func run() {
        var nextPump = Self.now() + Self.nanoseconds(limits.updateInterval)
        while true {
            let now = Self.now()
            if let stop = stopDeadline {
                let flushing = connections.contains { c in
                    c.state == .webSocket && (c.hasOutput || !(c.channel?.outbox.isDone ?? true))
                }
                if now >= stop || !flushing { break }
            }
            var fds = [pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
            fds.append(pollfd(fd: stopDeadline == nil ? listener : -1, events: Int16(POLLIN), revents: 0))
            var wake = nextPump
            for c in connections {
                var events = Int16(0)
                switch c.state {
                case .answering: events = Int16(POLLOUT)
                case .head, .lingering: events = Int16(POLLIN)
                case .webSocket: events = Int16(POLLIN) | (c.hasOutput ? Int16(POLLOUT) : 0)
                }
                fds.append(pollfd(fd: c.fd, events: events, revents: 0))
                if c.deadline != 0 { wake = min(wake, c.deadline) }
            }
            let timeout = wake > now ? Int32(min(100, (wake - now) / 1_000_000 + 1)) : 0
            _ = poll(&fds, nfds_t(fds.count), timeout)
            if fds[0].revents != 0 {
                hub.waker.drained()
                while read(wakeRead, &scratch, scratch.count) > 0 {}
            }
            // The connections polled, in the order of `fds`, before new ones are accepted.
            let polled = connections
            if fds[1].revents & Int16(POLLIN) != 0 { acceptAll() }
            for (i, c) in polled.enumerated() where fds[i + 2].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
                readable(c)
            }
            for c in connections { service(c, now: Self.now()) }
            if Self.now() >= nextPump {
                hub.pump()
                nextPump = Self.now() + Self.nanoseconds(limits.updateInterval)
            }
        }
        for c in connections {
            if let channel = c.channel { hub.unregister(channel) }
            close(c.fd)
        }
        connections.removeAll()
        hub.waker.attach(-1)
        close(listener); close(wakeRead); close(wakeWrite)
        lock.lock(); ended = true; lock.unlock()
    }

    // MARK: - Accepting

    private func acceptAll() {
        for _ in 0..<64 {
            let fd = accept(listener, nil, nil)
            guard fd >= 0 else { return }
            Self.makeNonBlocking(fd)
            let number = nextNumber
            nextNumber += 1
            let pending = connections.lazy.filter(\.isPending).count
            if connections.count >= limits.maxConnections {
                refuseAtAccept(fd, number: number, reason: "too-many-connections",
                               detail: "\(limits.maxConnections) connections are open (the limit)")
            } else if pending >= limits.maxPendingRequests {
                refuseAtAccept(fd, number: number, reason: "too-many-pending-requests",
                               detail: "\(limits.maxPendingRequests) connections are still sending their request (the limit)")
            } else {
                let deadline = Self.now() + Self.nanoseconds(limits.requestHeadDeadline)
                connections.append(Connection(fd: fd, number: number, limits: limits, deadline: deadline))
            }
        }
    }

    /// A connection over the budget: one `503` written as far as the socket takes it, then closed. It never held
    /// a slot.
    private func refuseAtAccept(_ fd: Int32, number: Int, reason: String, detail: String) {
        let answer = HTTPAnswer.refusal(HTTPRefusal(status: 503, reason: reason, detail: detail))
        _ = answer.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        shutdown(fd, Int32(SHUT_WR))
        // What the client already sent is read, so closing does not reset the connection under the answer.
        _ = recv(fd, &scratch, scratch.count, Int32(MSG_DONTWAIT))
        close(fd)
        log("refused connection \(number) (\(reason)): \(detail)")
    }

    // MARK: - Reading

    private func readable(_ c: Connection) {
        let room = c.state == .head ? min(scratch.count, max(1, c.head.room)) : scratch.count
        let n = recv(c.fd, &scratch, room, 0)
        if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) { return }
        guard n > 0 else { closeNow(c); return }
        let chunk = scratch[0..<n]
        switch c.state {
        case .head:
            do {
                if let head = try c.head.append(chunk) { answer(c, head: head, leftover: Array(c.head.leftover)) }
            } catch {
                refuse(c, error)
            }
        case .webSocket:
            guard !c.ignoresInput, let channel = c.channel else { return }
            c.reader?.append(chunk)
            frames(c, channel: channel)
        case .answering, .lingering:
            return  // a closing connection's input is read and dropped
        }
    }

    private func answer(_ c: Connection, head: HTTPRequestHead, leftover: [UInt8]) {
        switch route(head, hub: hub) {
        case .answer(let bytes, let refusal):
            if let refusal { log("refused request on connection \(c.number) (\(refusal.reason)): \(refusal.detail)") }
            c.out = bytes; c.written = 0
            c.state = .answering
            c.deadline = Self.now() + Self.nanoseconds(limits.responseDeadline)
        case .upgrade(let bytes, let channel):
            c.out = bytes; c.written = 0
            c.deadline = 0
            c.windowStart = Self.now()
            c.state = .webSocket
            c.channel = channel
            c.reader = WebSocketReader(maxMessageBytes: limits.maxClientMessageBytes, maxControlBytes: limits.maxControlFrameBytes)
            hub.push(InspectorCommands.hello(hub: hub, client: channel.id), to: channel)
            c.reader?.append(leftover[...])
            frames(c, channel: channel)
        }
    }

    /// A head over its budget or malformed: the refusal's status, logged, then closed.
    private func refuse(_ c: Connection, _ error: HTTPRefusal) {
        log("refused request on connection \(c.number) (\(error.reason)): \(error.detail)")
        c.out = HTTPAnswer.refusal(error); c.written = 0
        c.state = .answering
        c.deadline = Self.now() + Self.nanoseconds(limits.responseDeadline)
    }

    /// Handles every complete frame the client sent; the reader keeps what is left of a partial one.
    private func frames(_ c: Connection, channel: ClientChannel) {
        while true {
            let event: WebSocketEvent?
            do { event = try c.reader?.next() } catch {
                violation(c, channel: channel, code: error.closeCode, reason: error.reason, detail: error.detail)
                return
            }
            guard let event else { return }
            let now = Self.now()
            if now &- c.windowStart >= 1_000_000_000 { c.windowStart = now; c.framesInWindow = 0 }
            c.framesInWindow += 1
            if c.framesInWindow > limits.maxMessagesPerSecond {
                violation(c, channel: channel, code: 1008, reason: "rate-limit",
                          detail: "sent more than \(limits.maxMessagesPerSecond) frames in one second (the limit)")
                return
            }
            switch event {
            case .text(let text): InspectorCommands.handle(text, hub: hub, channel: channel)
            case .ping(let payload): hub.push(.pong(payload), to: channel)
            case .pong: break
            case .close(let code):
                hub.closedByClient(channel, code: code ?? 1000)
                c.ignoresInput = true
                return
            }
            if channel.outbox.isFinished { c.ignoresInput = true; return }
        }
    }

    private func violation(_ c: Connection, channel: ClientChannel, code: UInt16, reason: String, detail: String) {
        c.ignoresInput = true
        hub.drop(channel, reason: reason, detail: detail, closeCode: code,
                 farewell: InspectorCommands.error(reason, detail))
    }

    // MARK: - Writing and deadlines

    private func service(_ c: Connection, now: UInt64) {
        if c.state == .webSocket, let channel = c.channel {
            if !c.hasOutput, let item = channel.outbox.pop() {
                c.out = WebSocketWriter.frame(item); c.written = 0
            }
            if channel.outbox.isFinished && c.deadline == 0 {
                c.deadline = now + Self.nanoseconds(limits.responseDeadline)
            }
        }
        if c.hasOutput && !flush(c) { return }
        switch c.state {
        case .answering:
            if !c.hasOutput { linger(c, now: now) }
        case .webSocket:
            if !c.hasOutput && (c.channel?.outbox.isDone ?? true) { linger(c, now: now) }
        case .head:
            if now >= c.deadline {
                refuse(c, HTTPRefusal(status: 408, reason: "request-timeout",
                                      detail: "the request head was not complete within \(limits.requestHeadDeadline) s (the limit)"))
                return
            }
        case .lingering: break
        }
        if c.deadline != 0 && now >= c.deadline {
            if c.state == .webSocket, let channel = c.channel {
                log("closed connection \(c.number): client \(channel.id) did not take its close frame within \(limits.responseDeadline) s")
            }
            closeNow(c)
        }
    }

    /// Writes what the socket takes; false when the connection was closed.
    private func flush(_ c: Connection) -> Bool {
        while c.hasOutput {
            let n = c.out[c.written...].withUnsafeBytes { send(c.fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
            if n > 0 { c.written += n; continue }
            if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) { return true }
            closeNow(c)
            return false
        }
        c.out = []; c.written = 0
        return true
    }

    /// Everything was sent: the write side closes and the client's last bytes are read until it closes too (so
    /// the close does not reset the connection under the answer), for a second at most.
    private func linger(_ c: Connection, now: UInt64) {
        shutdown(c.fd, Int32(SHUT_WR))
        c.state = .lingering
        c.deadline = now + Self.nanoseconds(min(1, limits.responseDeadline))
    }

    private func closeNow(_ c: Connection) {
        if let channel = c.channel { hub.unregister(channel) }
        close(c.fd)
        connections.removeAll { $0 === c }
    }

    /// Logs at most 20 lines a second; the rest are counted in the next line.
    private func log(_ line: String) {
        let now = Self.now()
        if now &- logWindow >= 1_000_000_000 { logWindow = now; logsInWindow = 0 }
        logsInWindow += 1
        guard logsInWindow <= 20 else { logsSuppressed += 1; return }
        if logsSuppressed > 0 { hub.log("(\(logsSuppressed) more lines not logged)"); logsSuppressed = 0 }
        hub.log(line)
    }
}
