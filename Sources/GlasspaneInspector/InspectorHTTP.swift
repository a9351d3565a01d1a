// HTTP/1.1 for the inspector: a request head read within its budget (request line, header bytes, header count;
// docs/inspector.md, "Budget"), checked byte by byte as it arrives so a bound is crossed before any work is done
// on the rest, then answered once and closed. No bodies, no keep-alive: the page and tools need neither.
import Foundation
import GlasspaneCore

/// A request head that fit the budget.
struct HTTPRequestHead {
    /// The method as sent (`GET`).
    var method: String
    /// The path before `?`.
    var path: String
    /// The query's items, percent-decoded.
    var query: [(name: String, value: String)]
    /// Header lines, names lowercased.
    var headers: [(name: String, value: String)]

    /// The first header with that (lowercase) name.
    func header(_ name: String) -> String? { headers.first { $0.name == name }?.value }

    /// The token from `?token=`, `X-Glasspane-Token` or `Authorization: Bearer`.
    var presentedToken: String? {
        if let q = query.first(where: { $0.name == "token" }) { return q.value }
        if let h = header("x-glasspane-token") { return h }
        if let a = header("authorization"), a.hasPrefix("Bearer ") { return String(a.dropFirst(7)) }
        return nil
    }
}

/// A request refused before it was answered: the status, a stable reason for the log, and the figures.
struct HTTPRefusal: Error, Equatable {
    /// The HTTP status sent back.
    var status: Int
    /// A stable identifier (`request-line-too-long`, `headers-too-large`, `too-many-headers`, `bad-request`).
    var reason: String
    /// A sentence naming what was over which limit.
    var detail: String
}

/// Collects a request head from the bytes as they arrive; refuses as soon as a bound is crossed.
struct HTTPHeadReader {
    let limits: InspectorLimits
    private(set) var bytes: [UInt8] = []
    private var scanned = 0
    private var lineStart = 0
    private var lines: [Range<Int>] = []

    init(limits: InspectorLimits) { self.limits = limits }

    /// What the client sent after the head (the first WebSocket frames, when it did not wait for the 101).
    var leftover: ArraySlice<UInt8> { bytes[min(lineStart, bytes.count)...] }

    /// How many more bytes the reader takes at most: one past the head bound, so crossing it is seen.
    var room: Int { limits.maxHeaderBytes + 1 - bytes.count }

    /// Adds bytes; returns the head once the blank line arrived, nil while more is needed.
    mutating func append(_ chunk: ArraySlice<UInt8>) throws(HTTPRefusal) -> HTTPRequestHead? {
        bytes.append(contentsOf: chunk)
        while scanned < bytes.count {
            defer { scanned += 1 }
            guard bytes[scanned] == 0x0A else { continue }
            var end = scanned
            if end > lineStart && bytes[end - 1] == 0x0D { end -= 1 }
            let line = lineStart..<end
            lineStart = scanned + 1
            if line.isEmpty {
                if lines.isEmpty { continue }  // RFC 9112 2.2: an empty line before the request line is ignored
                return try parse()
            }
            lines.append(line)
            if lines.count == 1 && line.count > limits.maxRequestLineBytes { throw requestLineTooLong(line.count) }
            if lines.count - 1 > limits.maxHeaderCount {
                throw HTTPRefusal(status: 431, reason: "too-many-headers",
                                  detail: "more than \(limits.maxHeaderCount) header lines (the limit)")
            }
        }
        if lines.isEmpty && bytes.count - lineStart > limits.maxRequestLineBytes { throw requestLineTooLong(bytes.count - lineStart) }
        if bytes.count > limits.maxHeaderBytes {
            throw HTTPRefusal(status: 431, reason: "headers-too-large",
                              detail: "the request head is over \(limits.maxHeaderBytes) bytes (the limit)")
        }
        return nil
    }

    private func requestLineTooLong(_ n: Int) -> HTTPRefusal {
        HTTPRefusal(status: 414, reason: "request-line-too-long",
                    detail: "the request line is at least \(n) bytes, over the \(limits.maxRequestLineBytes)-byte limit")
    }

    private func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

    private func parse() throws(HTTPRefusal) -> HTTPRequestHead {
        func bad(_ what: String) -> HTTPRefusal { HTTPRefusal(status: 400, reason: "bad-request", detail: what) }
        let requestLine = text(lines[0]).split(separator: " ", omittingEmptySubsequences: false)
        guard requestLine.count == 3 else { throw bad("the request line is not METHOD TARGET VERSION") }
        let method = String(requestLine[0]), target = requestLine[1], version = requestLine[2]
        guard !method.isEmpty, method.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else { throw bad("the method is not a token") }
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else { throw bad("the version is not HTTP/1.1 or HTTP/1.0") }
        guard target.hasPrefix("/") else { throw bad("the target does not start with /") }
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        var query: [(String, String)] = []
        if parts.count == 2 {
            for item in parts[1].split(separator: "&") {
                let kv = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let name = String(kv[0]).removingPercentEncoding ?? String(kv[0])
                let value = kv.count > 1 ? (String(kv[1]).removingPercentEncoding ?? String(kv[1])) : ""
                query.append((name, value))
            }
        }
        var headers: [(String, String)] = []
        for range in lines.dropFirst() {
            let line = text(range)
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex,
                  !line[..<colon].contains(where: { $0 == " " || $0 == "\t" }) else {
                throw bad("a header line is not NAME: VALUE")
            }
            headers.append((line[..<colon].lowercased(), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        return HTTPRequestHead(method: method, path: String(parts[0]), query: query, headers: headers)
    }
}

/// Writing answers.
enum HTTPAnswer {
    /// A whole response with `Connection: close` (the socket closes after it).
    static func response(status: Int, type: String? = nil, body: [UInt8] = [], extra: [String] = []) -> [UInt8] {
        var head = "HTTP/1.1 \(status) \(phrase(status))\r\n"
        if let type { head += "Content-Type: \(type)\r\n" }
        head += "Content-Length: \(body.count)\r\nCache-Control: no-store\r\nConnection: close\r\n"
        for line in extra { head += line + "\r\n" }
        return Array((head + "\r\n").utf8) + body
    }

    /// A JSON answer.
    static func json(_ text: String, status: Int = 200) -> [UInt8] {
        response(status: status, type: "application/json", body: Array(text.utf8))
    }

    /// A refusal: its status and `{"error":REASON,"detail":...}`.
    static func refusal(_ r: HTTPRefusal) -> [UInt8] {
        json("{\"error\":\(JSONText.quoted(r.reason)),\"detail\":\(JSONText.quoted(r.detail))}", status: r.status)
    }

    static func phrase(_ status: Int) -> String {
        switch status {
        case 101: "Switching Protocols"
        case 200: "OK"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        case 426: "Upgrade Required"
        case 431: "Request Header Fields Too Large"
        case 503: "Service Unavailable"
        default: "Status"
        }
    }
}

/// What a complete request head gets.
enum HTTPOutcome {
    /// An answer, then the socket closes.
    case answer([UInt8], refusal: HTTPRefusal?)
    /// The `101` answer; the connection becomes this WebSocket client.
    case upgrade([UInt8], ClientChannel)
}

/// Routes a request: the token first (every method, known or not), then the method, then the path.
func route(_ head: HTTPRequestHead, hub: InspectorHub) -> HTTPOutcome {
    guard hub.accepts(token: head.presentedToken) else { return .answer(HTTPAnswer.response(status: 401), refusal: nil) }
    guard head.method == "GET" else {
        return .answer(HTTPAnswer.json(#"{"error":"method-not-allowed"}"#, status: 405), refusal: nil)
    }
    if head.header("transfer-encoding") != nil || (head.header("content-length").map { $0 != "0" } ?? false) {
        let r = HTTPRefusal(status: 413, reason: "request-body", detail: "a GET with a body; the inspector reads none")
        return .answer(HTTPAnswer.refusal(r), refusal: r)
    }
    switch head.path {
    case "/", "/index.html":
        return .answer(HTTPAnswer.response(status: 200, type: "text/html; charset=utf-8", body: Array(InspectorPage.html.utf8)), refusal: nil)
    case "/api/snapshot": return .answer(HTTPAnswer.json(hub.snapshot()), refusal: nil)
    case "/api/tree": return .answer(HTTPAnswer.json(hub.treeJSON()), refusal: nil)
    case "/api/status": return .answer(HTTPAnswer.json(hub.status()), refusal: nil)
    case "/api/frame.png":
        guard let png = hub.latestImage() else { return .answer(HTTPAnswer.json(#"{"error":"no-frame-yet"}"#, status: 404), refusal: nil) }
        return .answer(HTTPAnswer.response(status: 200, type: "image/png", body: png), refusal: nil)
    case "/ws":
        switch WebSocketHandshake.accept(head) {
        case .failure(let r):
            // RFC 6455 4.4: a version refusal names the version spoken.
            let body = Array("{\"error\":\(JSONText.quoted(r.reason)),\"detail\":\(JSONText.quoted(r.detail))}".utf8)
            let extra = r.status == 426 ? ["Sec-WebSocket-Version: 13"] : []
            return .answer(HTTPAnswer.response(status: r.status, type: "application/json", body: body, extra: extra), refusal: r)
        case .success(let accept):
            guard let channel = hub.register() else {
                let r = HTTPRefusal(status: 503, reason: "too-many-clients", detail: "\(hub.limits.maxClients) WebSocket clients are connected (the limit)")
                return .answer(HTTPAnswer.json(#"{"error":"too-many-clients"}"#, status: 503), refusal: r)
            }
            let answer = "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: \(accept)\r\n\r\n"
            return .upgrade(Array(answer.utf8), channel)
        }
    default: return .answer(HTTPAnswer.json(#"{"error":"not-found"}"#, status: 404), refusal: nil)
    }
}
