// A small blocking HTTP and WebSocket client over POSIX sockets, for protocol tests from a real client on
// loopback. Every read has a timeout, so a broken server fails a test instead of hanging it.
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What went wrong talking to the server.
struct ClientError: Error, CustomStringConvertible {
    var description: String
    init(_ d: String) { description = d }
}

/// One TCP connection to 127.0.0.1.
final class LoopbackClient {
    private let fd: Int32
    private var buffer: [UInt8] = []

    /// Connects; `receiveBuffer` shrinks the socket's receive buffer (a client that will stop reading).
    init(port: Int, timeoutSeconds: Int = 30, receiveBuffer: Int? = nil) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ClientError("socket: \(errno)") }
        var tv = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        if var size = receiveBuffer.map(Int32.init) {
            setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = in_port_t(UInt16(port).bigEndian)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else { close(fd); throw ClientError("connect to port \(port): errno \(errno)") }
    }

    deinit { close(fd) }

    func send(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { throw ClientError("send: errno \(errno)") }
            sent += n
        }
    }

    private func fill() throws {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        guard n > 0 else { throw ClientError(n == 0 ? "connection closed" : "recv: errno \(errno) (timeout?)") }
        buffer.append(contentsOf: chunk[..<n])
    }

    private func take(_ count: Int) throws -> [UInt8] {
        while buffer.count < count { try fill() }
        defer { buffer.removeFirst(count) }
        return Array(buffer[..<count])
    }

    /// Sends a GET and reads the status, headers and body (Content-Length bodies only).
    /// `sending: false` only reads the answer to a request already sent.
    func get(_ path: String, headers: [String: String] = [:], sending: Bool = true) throws -> (status: Int, headers: [String: String], body: [UInt8]) {
        var request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        for (k, v) in headers { request += "\(k): \(v)\r\n" }
        if sending { try send(Array((request + "\r\n").utf8)) }
        let (status, head) = try readHead()
        let length = Int(head["content-length"] ?? "0") ?? 0
        return (status, head, try take(length))
    }

    func readHead() throws -> (Int, [String: String]) {
        let end: [UInt8] = Array("\r\n\r\n".utf8)
        while true {
            if let r = buffer.firstRange(of: end) {
                let text = String(decoding: buffer[..<r.lowerBound], as: UTF8.self)
                buffer.removeFirst(r.upperBound)
                let lines = text.components(separatedBy: "\r\n")
                let status = Int(lines[0].split(separator: " ").dropFirst().first ?? "") ?? 0
                var headers: [String: String] = [:]
                for line in lines.dropFirst() {
                    guard let colon = line.firstIndex(of: ":") else { continue }
                    headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                }
                return (status, headers)
            }
            try fill()
        }
    }

    /// Upgrades to a WebSocket; returns the HTTP status (101 on success).
    func upgrade(path: String) throws -> Int {
        let request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        try send(Array(request.utf8))
        return try readHead().0
    }

    /// Sends one masked text frame.
    func sendText(_ text: String) throws {
        let payload = Array(text.utf8)
        var frame: [UInt8] = [0x81]
        if payload.count < 126 { frame.append(0x80 | UInt8(payload.count)) }
        else if payload.count < 65_536 { frame.append(0x80 | 126); frame += [UInt8(payload.count >> 8), UInt8(payload.count & 0xff)] }
        else { frame.append(0x80 | 127); frame += (0..<8).reversed().map { UInt8((payload.count >> ($0 * 8)) & 0xff) } }
        let mask: [UInt8] = [0x12, 0x34, 0x56, 0x78]
        frame += mask
        frame += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
        try send(frame)
    }

    /// Reads the next message: text as a string; a close frame as nil.
    func receive() throws -> String? {
        var message: [UInt8] = []
        while true {
            let head = try take(2)
            let opcode = head[0] & 0x0f, fin = head[0] & 0x80 != 0
            var length = Int(head[1] & 0x7f)
            if length == 126 { let b = try take(2); length = Int(b[0]) << 8 | Int(b[1]) }
            else if length == 127 { length = try take(8).reduce(0) { $0 << 8 | Int($1) } }
            let payload = try take(length)
            switch opcode {
            case 0x8: return nil
            case 0x9, 0xA: continue
            default:
                message += payload
                if fin { return String(decoding: message, as: UTF8.self) }
            }
        }
    }

    /// Reads messages until one parses to a JSON object `accept` takes; fails after `limit` messages.
    func receive(until accept: ([String: Any]) -> Bool, limit: Int = 500) throws -> [String: Any] {
        for _ in 0..<limit {
            guard let text = try receive() else { throw ClientError("closed while waiting") }
            if let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], accept(object) { return object }
        }
        throw ClientError("no matching message in \(limit)")
    }

    /// Reads one HTTP answer (status and Content-Length body) without sending anything first.
    func readResponse() throws -> (status: Int, body: String) {
        let (status, head) = try readHead()
        let body = try take(Int(head["content-length"] ?? "0") ?? 0)
        return (status, String(decoding: body, as: UTF8.self))
    }

    /// Sends one frame as built here: any opcode, reserved bits, with or without a mask, any announced length.
    func sendFrame(opcode: UInt8, payload: [UInt8] = [], fin: Bool = true, masked: Bool = true, rsv: UInt8 = 0,
                   announcedLength: Int? = nil) throws {
        try send(Self.frame(opcode: opcode, payload: payload, fin: fin, masked: masked, rsv: rsv, announcedLength: announcedLength))
    }

    /// The bytes of one client frame (see `sendFrame`).
    static func frame(opcode: UInt8, payload: [UInt8] = [], fin: Bool = true, masked: Bool = true, rsv: UInt8 = 0,
                      announcedLength: Int? = nil) -> [UInt8] {
        let length = announcedLength ?? payload.count
        var frame: [UInt8] = [(fin ? 0x80 : 0) | (rsv << 4) | opcode]
        let maskBit: UInt8 = masked ? 0x80 : 0
        if length < 126 { frame.append(maskBit | UInt8(length)) }
        else if length < 65_536 { frame.append(maskBit | 126); frame += [UInt8(length >> 8), UInt8(length & 0xff)] }
        else { frame.append(maskBit | 127); frame += (0..<8).reversed().map { UInt8((length >> ($0 * 8)) & 0xff) } }
        let mask: [UInt8] = [0x0f, 0xa5, 0x3c, 0x96]
        if masked { frame += mask; frame += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] } } else { frame += payload }
        return frame
    }

    /// Reads frames until the server's close frame; returns its code and reason, and the text messages before it.
    func receiveClose() throws -> (code: Int, reason: String, texts: [String]) {
        var texts: [String] = []
        while true {
            let head = try take(2)
            let opcode = head[0] & 0x0f
            var length = Int(head[1] & 0x7f)
            if length == 126 { let b = try take(2); length = Int(b[0]) << 8 | Int(b[1]) }
            else if length == 127 { length = try take(8).reduce(0) { $0 << 8 | Int($1) } }
            let payload = try take(length)
            if opcode == 0x8 {
                guard payload.count >= 2 else { return (0, "", texts) }
                return (Int(payload[0]) << 8 | Int(payload[1]), String(decoding: payload[2...], as: UTF8.self), texts)
            }
            if opcode == 0x1 { texts.append(String(decoding: payload, as: UTF8.self)) }
        }
    }

    /// Reads the next frame's opcode and payload (pongs included).
    func receiveFrame() throws -> (opcode: UInt8, payload: [UInt8]) {
        let head = try take(2)
        var length = Int(head[1] & 0x7f)
        if length == 126 { let b = try take(2); length = Int(b[0]) << 8 | Int(b[1]) }
        else if length == 127 { length = try take(8).reduce(0) { $0 << 8 | Int($1) } }
        return (head[0] & 0x0f, try take(length))
    }

    /// True when the server closed the connection (end of stream) before `timeoutSeconds`, reading and dropping
    /// anything before it.
    func waitForEndOfStream() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n == 0 { return true }
            if n < 0 { return errno == ECONNRESET }
        }
    }
}
