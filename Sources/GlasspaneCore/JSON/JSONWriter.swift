// The one JSON writer: compact, object keys sorted, RFC 8259 escapes, whole numbers without `.0`, and no
// NaN or infinities (JSON cannot carry them: the writer refuses and names the field).

/// Why a value could not be written.
public struct JSONWriteError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The stable identifier of a write failure.
    public enum Code: String, Hashable, Sendable, CaseIterable {
        /// NaN or an infinity.
        case nonFiniteNumber = "non-finite-number"
    }
    /// The stable identifier.
    public var code: Code
    /// The offending field as a path from the written value (`color[1]`, `options.scale`); empty at the top.
    public var path: String
    /// The offending number's text form (`nan`, `inf`).
    public var value: String

    /// Creates an error.
    public init(code: Code, path: String, value: String) { self.code = code; self.path = path; self.value = value }

    /// `non-finite-number at color[1]: nan`.
    public var description: String {
        "\(code.rawValue) at \(path.isEmpty ? "the top level" : path): \(value) is not a JSON number"
    }

    /// The error with a key or index put in front of its path, as the writer unwinds.
    func inside(key: String) -> JSONWriteError {
        var e = self; e.path = path.isEmpty ? key : (path.hasPrefix("[") ? key + path : key + "." + path); return e
    }
    func inside(index: Int) -> JSONWriteError {
        var e = self; e.path = "[\(index)]" + (path.isEmpty || path.hasPrefix("[") ? path : "." + path); return e
    }
}

/// Writes JSON into a byte buffer. Values go through `write(_:)`; log lines and envelopes, whose member order is
/// fixed by their format, are written member by member with `beginObject`/`key`/`endObject`.
public struct JSONWriter: Sendable {
    /// The UTF-8 output so far.
    public private(set) var bytes: [UInt8] = []
    /// False right after `[`, `{` or a key: the next value or key needs no comma.
    private var needsComma = false

    /// Creates an empty writer with room for `capacity` bytes.
    public init(capacity: Int = 256) { bytes.reserveCapacity(capacity) }

    /// The output as a string.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Forgets the output, keeping the buffer's capacity.
    public mutating func reset() { bytes.removeAll(keepingCapacity: true); needsComma = false }

    /// Compact JSON text for a value.
    public static func string(_ value: JSONValue) throws(JSONWriteError) -> String {
        var w = JSONWriter()
        try w.write(value)
        return w.text
    }

    /// Compact JSON bytes for a value.
    public static func bytes(_ value: JSONValue) throws(JSONWriteError) -> [UInt8] {
        var w = JSONWriter()
        try w.write(value)
        return w.bytes
    }

    // MARK: Values

    /// Appends a value (after a comma when one is due).
    public mutating func write(_ value: JSONValue) throws(JSONWriteError) {
        separate()
        try append(value)
        needsComma = true
    }

    private mutating func append(_ value: JSONValue) throws(JSONWriteError) {
        switch value {
        case .null: bytes.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C])
        case .bool(let b): appendLiteral(b ? "true" : "false")
        case .number(let n): try appendNumber(n)
        case .string(let s): appendString(s)
        case .array(let a):
            bytes.append(UInt8(ascii: "["))
            for (index, element) in a.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                do { try append(element) } catch { throw error.inside(index: index) }
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let o):
            bytes.append(UInt8(ascii: "{"))
            var first = true
            for (key, member) in o.sorted(by: { $0.key < $1.key }) {
                if !first { bytes.append(UInt8(ascii: ",")) }
                first = false
                appendString(key)
                bytes.append(UInt8(ascii: ":"))
                do { try append(member) } catch { throw error.inside(key: key) }
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    // MARK: Member by member

    /// Opens an object (`{`).
    public mutating func beginObject() { separate(); bytes.append(UInt8(ascii: "{")); needsComma = false }
    /// Closes an object (`}`).
    public mutating func endObject() { bytes.append(UInt8(ascii: "}")); needsComma = true }
    /// Opens an array (`[`).
    public mutating func beginArray() { separate(); bytes.append(UInt8(ascii: "[")); needsComma = false }
    /// Closes an array (`]`).
    public mutating func endArray() { bytes.append(UInt8(ascii: "]")); needsComma = true }

    /// Writes a key and its colon; the member's value comes next.
    public mutating func key(_ key: String) {
        separate()
        appendString(key)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// Writes a string value.
    public mutating func string(_ s: String) { separate(); appendString(s); needsComma = true }
    /// Writes a whole-number value.
    public mutating func int(_ n: Int) { separate(); appendInt(Int64(n)); needsComma = true }
    /// Writes a number value; NaN and infinities throw (with an empty path: the caller knows the field).
    public mutating func number(_ n: Double) throws(JSONWriteError) { separate(); try appendNumber(n); needsComma = true }
    /// Writes a boolean value.
    public mutating func bool(_ b: Bool) { separate(); appendLiteral(b ? "true" : "false"); needsComma = true }
    /// Writes bytes that already are one JSON value (a payload encoded elsewhere), unchecked.
    public mutating func raw<Bytes: Sequence>(_ json: Bytes) where Bytes.Element == UInt8 {
        separate(); bytes.append(contentsOf: json); needsComma = true
    }

    /// Writes bytes that already are one JSON value, unchecked (the concrete form of `raw(_:)`: a copy of the
    /// whole array rather than a generic walk element by element).
    public mutating func raw(_ json: [UInt8]) { separate(); bytes.append(contentsOf: json); needsComma = true }

    /// `"key":"value"`.
    public mutating func member(_ k: String, string v: String) { key(k); string(v) }
    /// `"key":123`.
    public mutating func member(_ k: String, int v: Int) { key(k); int(v) }
    /// `"key":<json>` for bytes that already are one JSON value.
    public mutating func member<Bytes: Sequence>(_ k: String, raw v: Bytes) where Bytes.Element == UInt8 { key(k); raw(v) }
    /// `"key":<value>`; a non-finite number throws with the path starting at `k`.
    public mutating func member(_ k: String, value v: JSONValue) throws(JSONWriteError) {
        key(k)
        do { try write(v) } catch { throw error.inside(key: k) }
    }

    // MARK: Scalars

    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }

    private mutating func appendLiteral(_ s: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
    }

    /// Whole numbers within ±2^53 as integers (`3`, not `3.0`; `-0` for negative zero); others in Swift's shortest
    /// round-trip form (`0.1`, `1e+300`, `5e-324`), which is valid JSON and reads back to the same double.
    private mutating func appendNumber(_ n: Double) throws(JSONWriteError) {
        guard n.isFinite else { throw JSONWriteError(code: .nonFiniteNumber, path: "", value: "\(n)") }
        if n == 0 && n.sign == .minus {
            // Negative zero keeps its sign (`-0`), so it reads back as the same double, as JSONEncoder writes it.
            bytes.append(contentsOf: [UInt8(ascii: "-"), UInt8(ascii: "0")])
        } else if n == n.rounded(.towardZero) && abs(n) <= 9_007_199_254_740_992 {
            appendInt(Int64(n))
        } else {
            bytes.append(contentsOf: n.description.utf8)
        }
    }

    private mutating func appendInt(_ n: Int64) {
        if n == 0 { bytes.append(UInt8(ascii: "0")); return }
        var magnitude = n.magnitude
        if n < 0 { bytes.append(UInt8(ascii: "-")) }
        let start = bytes.count
        while magnitude > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        }
        bytes[start...].reverse()
    }

    /// A string literal with the escapes RFC 8259 requires (quote, backslash, control characters); runs of plain
    /// bytes are copied whole.
    public mutating func appendString(_ s: String) {
        bytes.append(UInt8(ascii: "\""))
        var s = s
        s.withUTF8 { utf8 in
            var run = 0
            for k in 0..<utf8.count {
                let b = utf8[k]
                guard b == 0x22 || b == 0x5C || b < 0x20 else { continue }
                if run < k { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run..<k])) }
                run = k + 1
                bytes.append(UInt8(ascii: "\\"))
                switch b {
                case 0x22: bytes.append(0x22)
                case 0x5C: bytes.append(0x5C)
                case 0x0A: bytes.append(UInt8(ascii: "n"))
                case 0x0D: bytes.append(UInt8(ascii: "r"))
                case 0x09: bytes.append(UInt8(ascii: "t"))
                case 0x08: bytes.append(UInt8(ascii: "b"))
                case 0x0C: bytes.append(UInt8(ascii: "f"))
                default:
                    let hex: [UInt8] = Array("0123456789abcdef".utf8)
                    bytes.append(contentsOf: [UInt8(ascii: "u"), 0x30, 0x30, hex[Int(b >> 4)], hex[Int(b & 0xF)]])
                }
            }
            if run < utf8.count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run..<utf8.count])) }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
