// RFC 6455 for the inspector's server side: the handshake, a frame reader that checks each frame's header
// (reserved bits, opcode, mask, control-frame size and fragmentation, message size) before it waits for the
// payload, and the writer of unmasked server frames. A violation is close 1002, a message over the limit 1009,
// a binary message 1003, text that is not UTF-8 1007.
import Foundation

/// The handshake: `Sec-WebSocket-Accept` for a valid upgrade request.
enum WebSocketHandshake {
    /// The accept value, or why the request is not a WebSocket upgrade (400, or 426 for another version).
    static func accept(_ head: HTTPRequestHead) -> Result<String, HTTPRefusal> {
        func bad(_ what: String) -> Result<String, HTTPRefusal> {
            .failure(HTTPRefusal(status: 400, reason: "not-a-websocket-upgrade", detail: what))
        }
        guard head.header("upgrade")?.lowercased().split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == "websocket" }) == true
        else { return bad("/ws needs Upgrade: websocket") }
        guard head.header("connection")?.lowercased().split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == "upgrade" }) == true
        else { return bad("/ws needs Connection: Upgrade") }
        guard head.header("sec-websocket-version") == "13" else {
            return .failure(HTTPRefusal(status: 426, reason: "websocket-version", detail: "Sec-WebSocket-Version must be 13"))
        }
        guard let key = head.header("sec-websocket-key"), Data(base64Encoded: key)?.count == 16 else {
            return bad("Sec-WebSocket-Key must be 16 bytes in base64")
        }
        return .success(Data(SHA1.digest(Array((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8))).base64EncodedString())
    }
}

/// Why a client's frames closed its connection: the close code, a stable reason and the figures.
struct WebSocketViolation: Error, Equatable {
    /// 1002 protocol error, 1003 binary, 1007 not UTF-8, 1009 too large.
    var closeCode: UInt16
    /// `protocol-error`, `binary-message`, `bad-utf8`, `message-too-large`.
    var reason: String
    /// What was wrong.
    var detail: String

    static func protocolError(_ detail: String) -> WebSocketViolation { .init(closeCode: 1002, reason: "protocol-error", detail: detail) }
}

/// What the reader found in a client's bytes.
enum WebSocketEvent: Equatable {
    /// A complete text message (valid UTF-8; a byte order mark is kept, for the bus to refuse).
    case text(String)
    /// A ping to answer with its payload.
    case ping([UInt8])
    /// A pong (ignored).
    case pong
    /// The client's close (its code, when it sent one).
    case close(code: UInt16?)
}

/// Reads frames out of the bytes a client sent; every bound is checked on the frame header.
struct WebSocketReader {
    let maxMessageBytes: Int
    let maxControlBytes: Int
    private var buffer: [UInt8] = []
    private var start = 0
    private var message: [UInt8] = []
    private var inMessage = false
    /// Frames read so far (the rate limit counts them).
    private(set) var framesRead = 0

    init(maxMessageBytes: Int, maxControlBytes: Int) { self.maxMessageBytes = maxMessageBytes; self.maxControlBytes = maxControlBytes }

    /// Bytes waiting for the rest of their frame.
    var buffered: Int { buffer.count - start }

    /// Adds bytes the client sent.
    mutating func append(_ bytes: ArraySlice<UInt8>) {
        if start > 0 && (start == buffer.count || start > 65_536) { buffer.removeFirst(start); start = 0 }
        buffer.append(contentsOf: bytes)
    }

    /// The next event, nil when more bytes are needed.
    mutating func next() throws(WebSocketViolation) -> WebSocketEvent? {
        while true {
            let available = buffer.count - start
            guard available >= 2 else { return nil }
            let b0 = buffer[start], b1 = buffer[start + 1]
            let fin = b0 & 0x80 != 0, opcode = b0 & 0x0F
            if b0 & 0x70 != 0 { throw .protocolError("reserved bits set (no extension was negotiated)") }
            guard [0, 1, 2, 8, 9, 10].contains(opcode) else { throw .protocolError("unknown opcode \(opcode)") }
            guard b1 & 0x80 != 0 else { throw .protocolError("a client frame without a mask") }
            let isControl = opcode >= 8
            var length = Int(b1 & 0x7F)
            var headerLength = 2
            if isControl {
                guard fin else { throw .protocolError("a fragmented control frame") }
                guard length <= maxControlBytes else {
                    throw .protocolError("a control frame announcing more than \(maxControlBytes) bytes (RFC 6455 allows 125)")
                }
            }
            if length == 126 {
                guard available >= 4 else { return nil }
                length = Int(buffer[start + 2]) << 8 | Int(buffer[start + 3])
                headerLength = 4
            } else if length == 127 {
                guard available >= 10 else { return nil }
                guard buffer[start + 2] & 0x80 == 0 else { throw .protocolError("a 64-bit length with its top bit set") }
                // Over 2^56 is over any limit: compare before shifting the rest in.
                length = buffer[start + 2] != 0 ? Int.max : buffer[(start + 3)..<(start + 10)].reduce(0) { $0 << 8 | Int($1) }
                headerLength = 10
            }
            if !isControl {
                if opcode == 0 && !inMessage { throw .protocolError("a continuation frame with no message to continue") }
                if opcode != 0 && inMessage { throw .protocolError("a new message started inside a fragmented one") }
                if opcode == 2 {
                    throw WebSocketViolation(closeCode: 1003, reason: "binary-message", detail: "messages are JSON text; binary messages are not accepted")
                }
                let sofar = opcode == 0 ? message.count : 0
                if length > maxMessageBytes - sofar {
                    let total = length > maxMessageBytes ? "over \(maxMessageBytes)" : "\(sofar + length)"
                    throw WebSocketViolation(closeCode: 1009, reason: "message-too-large",
                                             detail: "a message of \(total) bytes, over the \(maxMessageBytes)-byte limit")
                }
            }
            headerLength += 4
            guard available >= headerLength + length else { return nil }
            let maskAt = start + headerLength - 4
            let mask = (buffer[maskAt], buffer[maskAt + 1], buffer[maskAt + 2], buffer[maskAt + 3])
            var payload = Array(buffer[(start + headerLength)..<(start + headerLength + length)])
            for i in payload.indices {
                switch i & 3 { case 0: payload[i] ^= mask.0; case 1: payload[i] ^= mask.1; case 2: payload[i] ^= mask.2; default: payload[i] ^= mask.3 }
            }
            start += headerLength + length
            framesRead += 1
            switch opcode {
            case 8: return .close(code: try Self.closeCode(payload))
            case 9: return .ping(payload)
            case 10: return .pong
            default:
                if opcode == 1 { message = payload; inMessage = true } else { message += payload }
                guard fin else { continue }
                inMessage = false
                defer { message = [] }
                guard let text = String(validating: message, as: UTF8.self) else {
                    throw WebSocketViolation(closeCode: 1007, reason: "bad-utf8", detail: "a text message that is not UTF-8")
                }
                return .text(text)
            }
        }
    }

    /// The code of a close frame, checked as RFC 6455 7.4 asks.
    static func closeCode(_ payload: [UInt8]) throws(WebSocketViolation) -> UInt16? {
        if payload.isEmpty { return nil }
        guard payload.count >= 2 else { throw .protocolError("a close frame with a 1-byte payload") }
        let code = UInt16(payload[0]) << 8 | UInt16(payload[1])
        guard (1000...1003).contains(code) || (1007...1014).contains(code) || (3000...4999).contains(code) else {
            throw .protocolError("close code \(code) is not one a client may send")
        }
        guard String(validating: payload[2...], as: UTF8.self) != nil else {
            throw WebSocketViolation(closeCode: 1007, reason: "bad-utf8", detail: "a close reason that is not UTF-8")
        }
        return code
    }
}

/// Server frames (never masked).
enum WebSocketWriter {
    /// One frame with FIN set.
    static func frame(opcode: UInt8, payload: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x80 | opcode]
        out.reserveCapacity(payload.count + 10)
        if payload.count < 126 { out.append(UInt8(payload.count)) }
        else if payload.count < 65_536 { out += [126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)] }
        else { out.append(127); out += (0..<8).reversed().map { UInt8((payload.count >> ($0 * 8)) & 0xFF) } }
        return out + payload
    }

    /// The frame for a queued item.
    static func frame(_ item: Outbox.Item) -> [UInt8] {
        switch item {
        case .text(let t): frame(opcode: 1, payload: Array(t.utf8))
        case .pong(let p): frame(opcode: 10, payload: p)
        case .close(let code, let reason): frame(opcode: 8, payload: [UInt8(code >> 8), UInt8(code & 0xFF)] + Array(reason.utf8.prefix(123)))
        }
    }
}

/// SHA-1, for `Sec-WebSocket-Accept` only (RFC 6455 4.2.2); not used for anything secret.
enum SHA1 {
    static func digest(_ input: [UInt8]) -> [UInt8] {
        var h: [UInt32] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0]
        var message = input
        message.append(0x80)
        while message.count % 64 != 56 { message.append(0) }
        let bits = UInt64(input.count) * 8
        message += (0..<8).reversed().map { UInt8((bits >> (UInt64($0) * 8)) & 0xFF) }
        var w = [UInt32](repeating: 0, count: 80)
        for chunk in stride(from: 0, to: message.count, by: 64) {
            for i in 0..<16 {
                let j = chunk + i * 4
                w[i] = UInt32(message[j]) << 24 | UInt32(message[j + 1]) << 16 | UInt32(message[j + 2]) << 8 | UInt32(message[j + 3])
            }
            for i in 16..<80 { let x = w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16]; w[i] = x << 1 | x >> 31 }
            var a = h[0], b = h[1], c = h[2], d = h[3], e = h[4]
            for i in 0..<80 {
                let f: UInt32, k: UInt32
                switch i {
                case 0..<20: f = (b & c) | (~b & d); k = 0x5A82_7999
                case 20..<40: f = b ^ c ^ d; k = 0x6ED9_EBA1
                case 40..<60: f = (b & c) | (b & d) | (c & d); k = 0x8F1B_BCDC
                default: f = b ^ c ^ d; k = 0xCA62_C1D6
                }
                let t = (a << 5 | a >> 27) &+ f &+ e &+ k &+ w[i]
                e = d; d = c; c = b << 30 | b >> 2; b = a; a = t
            }
            h[0] &+= a; h[1] &+= b; h[2] &+= c; h[3] &+= d; h[4] &+= e
        }
        return h.flatMap { v in (0..<4).reversed().map { UInt8((v >> (UInt32($0) * 8)) & 0xFF) } }
    }
}
