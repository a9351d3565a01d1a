// A strict RFC 8259 parser with stated limits, checked before the work they bound. Cost is linear in the input:
// one pass, no backtracking, recursion no deeper than `JSONLimits.maxDepth` (itself capped at `depthCeiling`).

/// The limits a parse enforces. Every one is checked before the work it bounds, so no input can make a parse
/// slow, deep or large: an over-limit input fails with the matching `JSONParseError.Code`.
public struct JSONLimits: Hashable, Sendable {
    /// The largest `maxDepth` a caller may ask for (the parser recurses once per level).
    public static let depthCeiling = 512
    /// The most bytes of input (checked first, before anything is read): `size`.
    public var maxBytes: Int
    /// The most nested arrays/objects (`[[1]]` is depth 2): `depth`. Clamped to `depthCeiling`.
    public var maxDepth: Int
    /// The most bytes in one string, after unescaping: `string-length`.
    public var maxStringBytes: Int
    /// The most values in the whole text (every member and element, plus the top value): `value-count`.
    public var maxValues: Int
    /// The most characters in one number literal: `number-length`.
    public var maxNumberBytes: Int

    /// Creates limits; the defaults (1 MiB, depth 64, 64 KiB strings, 100,000 values, 64-character numbers)
    /// are far above anything the bus or scripts carry.
    public init(maxBytes: Int = 1 << 20, maxDepth: Int = 64, maxStringBytes: Int = 64 * 1024, maxValues: Int = 100_000,
                maxNumberBytes: Int = 64) {
        self.maxBytes = maxBytes
        self.maxDepth = min(maxDepth, JSONLimits.depthCeiling)
        self.maxStringBytes = maxStringBytes; self.maxValues = maxValues; self.maxNumberBytes = maxNumberBytes
    }
}

/// Why a JSON text was rejected, where (byte offset, line, column) and inside what (`data.color[2]`).
public struct JSONParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The stable identifier of a parse failure; the raw value is what tools and tests match on.
    public enum Code: String, Hashable, Sendable, CaseIterable {
        /// The input is longer than `JSONLimits.maxBytes`.
        case size = "size"
        /// Arrays/objects nested deeper than `JSONLimits.maxDepth`.
        case depth = "depth"
        /// A string longer than `JSONLimits.maxStringBytes`.
        case stringLength = "string-length"
        /// More values than `JSONLimits.maxValues`.
        case valueCount = "value-count"
        /// A number literal longer than `JSONLimits.maxNumberBytes`.
        case numberLength = "number-length"
        /// Nothing but whitespace.
        case empty = "empty"
        /// The text ends inside a value.
        case unexpectedEnd = "unexpected-end"
        /// A character that cannot start or continue what came before.
        case unexpectedCharacter = "unexpected-character"
        /// The text starts with a UTF-8 byte order mark (RFC 8259 section 8.1: must not be added).
        case byteOrderMark = "bom"
        /// A string holds bytes that are not UTF-8.
        case invalidUTF8 = "invalid-utf8"
        /// A `\u` escape names half of a surrogate pair without the other half.
        case loneSurrogate = "lone-surrogate"
        /// A backslash followed by something other than `"\/bfnrtu`, or a `\u` without four hex digits.
        case invalidEscape = "invalid-escape"
        /// A raw control character (below U+0020) inside a string.
        case controlCharacter = "control-character"
        /// A number with a leading zero (`012`).
        case leadingZero = "leading-zero"
        /// A malformed number (`1.`, `-`, `1e`).
        case invalidNumber = "invalid-number"
        /// `NaN`, `Infinity` or `-Infinity`: not JSON.
        case nonFinite = "non-finite"
        /// A number too large for a double (`1e400`).
        case numberOverflow = "number-overflow"
        /// The same key twice in one object.
        case duplicateKey = "duplicate-key"
        /// A comma right before `]` or `}`.
        case trailingComma = "trailing-comma"
        /// Something after the value.
        case trailingGarbage = "trailing-garbage"
    }

    /// The stable identifier.
    public var code: Code
    /// The byte offset (0-based) where the problem is.
    public var offset: Int
    /// The line (1-based) of `offset`.
    public var line: Int
    /// The column (1-based, in bytes) of `offset`.
    public var column: Int
    /// The value being parsed, as a path (`data.color[2]`); empty at the top level.
    public var path: String
    /// What was wrong, for people.
    public var detail: String

    /// Creates an error.
    public init(code: Code, offset: Int, line: Int, column: Int, path: String, detail: String) {
        self.code = code; self.offset = offset; self.line = line; self.column = column; self.path = path
        self.detail = detail
    }

    /// `line 1, column 12: duplicate key "spinning" (at data.spinning)`.
    public var description: String {
        "line \(line), column \(column): \(detail)" + (path.isEmpty ? "" : " (at \(path))")
    }
}

/// Parses JSON text strictly (RFC 8259, nothing more): see `JSONParseError.Code` for what it rejects.
public struct JSONParser: Sendable {
    /// The limits enforced.
    public var limits: JSONLimits
    /// False only to recover what else a rejected text said, for a better error message; true everywhere else.
    public var rejectsDuplicateKeys: Bool

    /// Creates a parser.
    public init(limits: JSONLimits = JSONLimits(), rejectsDuplicateKeys: Bool = true) {
        self.limits = limits; self.rejectsDuplicateKeys = rejectsDuplicateKeys
    }

    /// Parses one JSON text (any value at the top level).
    public func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        var text = text
        let result = text.withUTF8 { buffer in
            Result { () throws(JSONParseError) in try parse(buffer: buffer) }
        }
        return try result.get()
    }

    /// Parses one JSON text given as UTF-8 bytes.
    public func parse(bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        let result = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(JSONParseError) in try parse(buffer: buffer) }
        }
        return try result.get()
    }

    /// The offset of the first byte that is not part of valid UTF-8 (no overlongs, no encoded surrogates, at most
    /// U+10FFFF), or nil when all of `bytes` is UTF-8.
    public static func firstInvalidUTF8(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var scanner = JSONScanner(bytes: bytes, limits: JSONLimits(), rejectsDuplicateKeys: true)
        while scanner.i < bytes.count {
            if bytes[scanner.i] < 0x80 { scanner.i += 1; continue }
            let start = scanner.i
            do { try scanner.utf8Sequence() } catch { return start }
        }
        return nil
    }

    /// Parses one JSON text given as UTF-8 bytes in place.
    public func parse(buffer: UnsafeBufferPointer<UInt8>) throws(JSONParseError) -> JSONValue {
        var scanner = JSONScanner(bytes: buffer, limits: limits, rejectsDuplicateKeys: rejectsDuplicateKeys)
        return try scanner.document()
    }
}

/// One pass over the bytes. Values are built as they are read; the path is kept for error messages only.
private struct JSONScanner {
    enum PathComponent { case key(String), index(Int) }

    let p: UnsafeBufferPointer<UInt8>
    let limits: JSONLimits
    let rejectsDuplicateKeys: Bool
    var i = 0
    var depth = 0
    var values = 0
    var path: [PathComponent] = []

    init(bytes: UnsafeBufferPointer<UInt8>, limits: JSONLimits, rejectsDuplicateKeys: Bool) {
        p = bytes; self.limits = limits; self.rejectsDuplicateKeys = rejectsDuplicateKeys
    }

    // MARK: Errors

    func fail(_ code: JSONParseError.Code, _ detail: String, at offset: Int? = nil) -> JSONParseError {
        let at = min(offset ?? i, p.count)
        var line = 1, lineStart = 0
        for k in 0..<at where p[k] == 0x0A { line += 1; lineStart = k + 1 }
        return JSONParseError(code: code, offset: at, line: line, column: at - lineStart + 1, path: pathText, detail: detail)
    }

    var pathText: String {
        var s = ""
        for c in path {
            switch c {
            case .key(let k): s += s.isEmpty ? k : "." + k
            case .index(let n): s += "[\(n)]"
            }
        }
        return s
    }

    func describe(_ b: UInt8) -> String {
        if b >= 0x21 && b < 0x7F { return "'\(Character(Unicode.Scalar(b)))'" }
        return "byte 0x" + String(b, radix: 16, uppercase: true)
    }

    func unexpected(_ expected: String) -> JSONParseError {
        if i >= p.count { return fail(.unexpectedEnd, "the text ends where \(expected) should be") }
        return fail(.unexpectedCharacter, "expected \(expected), got \(describe(p[i]))")
    }

    // MARK: Structure

    mutating func skipWhitespace() {
        while i < p.count {
            let b = p[i]
            guard b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 else { return }
            i += 1
        }
    }

    mutating func document() throws(JSONParseError) -> JSONValue {
        if p.count > limits.maxBytes {
            throw fail(.size, "the text is \(p.count) bytes, over the \(limits.maxBytes)-byte limit", at: 0)
        }
        if p.count >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF {
            throw fail(.byteOrderMark, "the text starts with a byte order mark (not allowed in JSON)", at: 0)
        }
        skipWhitespace()
        if i == p.count { throw fail(.empty, "no JSON value (empty or only whitespace)") }
        try countValue()
        let value = try self.value()
        skipWhitespace()
        if i < p.count { throw fail(.trailingGarbage, "unexpected \(describe(p[i])) after the JSON value") }
        return value
    }

    mutating func countValue() throws(JSONParseError) {
        values += 1
        if values > limits.maxValues {
            throw fail(.valueCount, "more than \(limits.maxValues) values (the limit)")
        }
    }

    mutating func value() throws(JSONParseError) -> JSONValue {
        guard i < p.count else { throw unexpected("a value") }
        switch p[i] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        case UInt8(ascii: "N"), UInt8(ascii: "I"):
            if matches("NaN") || matches("Infinity") {
                throw fail(.nonFinite, "NaN and Infinity are not JSON numbers")
            }
            throw unexpected("a value")
        default: throw unexpected("a value")
        }
    }

    func matches(_ word: StaticString, at offset: Int? = nil) -> Bool {
        let start = offset ?? i
        let n = word.utf8CodeUnitCount
        guard start + n <= p.count else { return false }
        let w = word.utf8Start
        for k in 0..<n where p[start + k] != w[k] { return false }
        return true
    }

    mutating func literal(_ word: StaticString) throws(JSONParseError) {
        guard matches(word) else { throw fail(.unexpectedCharacter, "expected \(word)") }
        i += word.utf8CodeUnitCount
    }

    mutating func enter() throws(JSONParseError) {
        depth += 1
        if depth > limits.maxDepth {
            throw fail(.depth, "nested deeper than \(limits.maxDepth) levels (the limit)")
        }
    }

    mutating func object() throws(JSONParseError) -> JSONValue {
        try enter()
        i += 1
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if i < p.count && p[i] == UInt8(ascii: "}") { i += 1; depth -= 1; return .object(members) }
        while true {
            skipWhitespace()
            guard i < p.count else { throw unexpected("a key") }
            if p[i] == UInt8(ascii: "}") { throw fail(.trailingComma, "a comma before '}' (trailing commas are not JSON)") }
            guard p[i] == UInt8(ascii: "\"") else { throw unexpected("a string key") }
            let keyOffset = i
            let key = try string()
            skipWhitespace()
            guard i < p.count, p[i] == UInt8(ascii: ":") else { throw unexpected("':' after the key") }
            i += 1
            try countValue()
            path.append(.key(key))
            if rejectsDuplicateKeys && members[key] != nil {
                throw fail(.duplicateKey, "duplicate key \"\(key)\"", at: keyOffset)
            }
            skipWhitespace()
            let member = try value()
            path.removeLast()
            if members[key] == nil { members[key] = member }
            skipWhitespace()
            guard i < p.count else { throw unexpected("',' or '}'") }
            if p[i] == UInt8(ascii: ",") { i += 1; continue }
            if p[i] == UInt8(ascii: "}") { i += 1; break }
            throw unexpected("',' or '}'")
        }
        depth -= 1
        return .object(members)
    }

    mutating func array() throws(JSONParseError) -> JSONValue {
        try enter()
        i += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if i < p.count && p[i] == UInt8(ascii: "]") { i += 1; depth -= 1; return .array(elements) }
        while true {
            skipWhitespace()
            if i < p.count && p[i] == UInt8(ascii: "]") {
                throw fail(.trailingComma, "a comma before ']' (trailing commas are not JSON)")
            }
            try countValue()
            path.append(.index(elements.count))
            elements.append(try value())
            path.removeLast()
            skipWhitespace()
            guard i < p.count else { throw unexpected("',' or ']'") }
            if p[i] == UInt8(ascii: ",") { i += 1; continue }
            if p[i] == UInt8(ascii: "]") { i += 1; break }
            throw unexpected("',' or ']'")
        }
        depth -= 1
        return .array(elements)
    }

    // MARK: Strings

    /// Reads a string starting at its opening quote. Unescaped text is validated and copied once.
    mutating func string() throws(JSONParseError) -> String {
        let open = i
        i += 1
        let start = i
        while true {
            guard i < p.count else { throw fail(.unexpectedEnd, "the text ends inside a string", at: open) }
            let b = p[i]
            if b == UInt8(ascii: "\"") { break }
            if b == UInt8(ascii: "\\") { return try escapedString(open: open, start: start) }
            if b < 0x20 { throw fail(.controlCharacter, "a raw control character (\(describe(b))) in a string: write it as an escape") }
            if b < 0x80 { i += 1 } else { try utf8Sequence() }
            if i - start > limits.maxStringBytes {
                throw fail(.stringLength, "a string longer than \(limits.maxStringBytes) bytes (the limit)", at: open)
            }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: p[start..<i]), as: UTF8.self)
        i += 1
        return text
    }

    /// The slow path: the string has escapes, so it is rebuilt byte by byte.
    mutating func escapedString(open: Int, start: Int) throws(JSONParseError) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(i - start + 16)
        out.append(contentsOf: UnsafeBufferPointer(rebasing: p[start..<i]))
        while true {
            guard i < p.count else { throw fail(.unexpectedEnd, "the text ends inside a string", at: open) }
            let b = p[i]
            if b == UInt8(ascii: "\"") { i += 1; break }
            if b == UInt8(ascii: "\\") {
                try escape(into: &out)
            } else if b < 0x20 {
                throw fail(.controlCharacter, "a raw control character (\(describe(b))) in a string: write it as an escape")
            } else if b < 0x80 {
                out.append(b); i += 1
            } else {
                let s = i
                try utf8Sequence()
                out.append(contentsOf: UnsafeBufferPointer(rebasing: p[s..<i]))
            }
            if out.count > limits.maxStringBytes {
                throw fail(.stringLength, "a string longer than \(limits.maxStringBytes) bytes (the limit)", at: open)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    mutating func escape(into out: inout [UInt8]) throws(JSONParseError) {
        let at = i
        i += 1
        guard i < p.count else { throw fail(.unexpectedEnd, "the text ends inside an escape", at: at) }
        let c = p[i]
        i += 1
        switch c {
        case UInt8(ascii: "\""): out.append(0x22)
        case UInt8(ascii: "\\"): out.append(0x5C)
        case UInt8(ascii: "/"): out.append(0x2F)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "u"):
            let unit = try hex4(escapeAt: at)
            var scalar: UInt32 = UInt32(unit)
            if unit >= 0xD800 && unit <= 0xDBFF {
                guard matches("\\u") else {
                    throw fail(.loneSurrogate, "\\u\(hexText(unit)) is a high surrogate without a low surrogate after it", at: at)
                }
                let lowAt = i
                i += 2
                let low = try hex4(escapeAt: lowAt)
                guard low >= 0xDC00 && low <= 0xDFFF else {
                    throw fail(.loneSurrogate, "\\u\(hexText(unit)) is followed by \\u\(hexText(low)), not a low surrogate", at: at)
                }
                scalar = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            } else if unit >= 0xDC00 && unit <= 0xDFFF {
                throw fail(.loneSurrogate, "\\u\(hexText(unit)) is a low surrogate without a high surrogate before it", at: at)
            }
            appendUTF8(scalar, to: &out)
        default:
            throw fail(.invalidEscape, "\\\(describe(c)) is not a JSON escape", at: at)
        }
    }

    func hexText(_ v: UInt16) -> String {
        let h = String(v, radix: 16, uppercase: true)
        return String(repeating: "0", count: 4 - h.count) + h
    }

    mutating func hex4(escapeAt: Int) throws(JSONParseError) -> UInt16 {
        guard i + 4 <= p.count else { throw fail(.invalidEscape, "\\u needs four hex digits", at: escapeAt) }
        var v: UInt16 = 0
        for _ in 0..<4 {
            let b = p[i]
            let d: UInt8
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = b - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = b - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = b - UInt8(ascii: "A") + 10
            default: throw fail(.invalidEscape, "\\u needs four hex digits", at: escapeAt)
            }
            v = v << 4 | UInt16(d)
            i += 1
        }
        return v
    }

    func appendUTF8(_ s: UInt32, to out: inout [UInt8]) {
        switch s {
        case 0..<0x80: out.append(UInt8(s))
        case 0x80..<0x800:
            out.append(UInt8(0xC0 | (s >> 6))); out.append(UInt8(0x80 | (s & 0x3F)))
        case 0x800..<0x10000:
            out.append(UInt8(0xE0 | (s >> 12))); out.append(UInt8(0x80 | ((s >> 6) & 0x3F)))
            out.append(UInt8(0x80 | (s & 0x3F)))
        default:
            out.append(UInt8(0xF0 | (s >> 18))); out.append(UInt8(0x80 | ((s >> 12) & 0x3F)))
            out.append(UInt8(0x80 | ((s >> 6) & 0x3F))); out.append(UInt8(0x80 | (s & 0x3F)))
        }
    }

    /// Checks one multi-byte UTF-8 sequence at `i` (Unicode 15, table 3-7: no overlongs, no surrogates, at most
    /// U+10FFFF) and steps over it.
    mutating func utf8Sequence() throws(JSONParseError) {
        let lead = p[i]
        var count = 0
        var secondLow: UInt8 = 0x80, secondHigh: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: count = 1
        case 0xE0: count = 2; secondLow = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: count = 2
        case 0xED: count = 2; secondHigh = 0x9F
        case 0xF0: count = 3; secondLow = 0x90
        case 0xF1...0xF3: count = 3
        case 0xF4: count = 3; secondHigh = 0x8F
        default: throw fail(.invalidUTF8, "\(describe(lead)) cannot start a UTF-8 character")
        }
        guard i + count < p.count else { throw fail(.invalidUTF8, "a UTF-8 character cut short") }
        let second = p[i + 1]
        guard second >= secondLow && second <= secondHigh else {
            throw fail(.invalidUTF8, "invalid UTF-8 sequence starting with \(describe(lead))")
        }
        for k in stride(from: 2, through: count, by: 1) where p[i + k] & 0xC0 != 0x80 {
            throw fail(.invalidUTF8, "invalid UTF-8 sequence starting with \(describe(lead))")
        }
        i += count + 1
    }

    // MARK: Numbers

    func isDigit(_ k: Int) -> Bool { k < p.count && p[k] >= UInt8(ascii: "0") && p[k] <= UInt8(ascii: "9") }

    /// Powers of ten that a double holds exactly.
    static let exactPowersOfTen: [Double] = (0...22).map { e in (0..<e).reduce(1.0) { r, _ in r * 10 } }

    /// The value of an already validated unsigned literal in `p[start..<end]` when it can be computed exactly
    /// without text conversion (Clinger's fast path: at most 2^53 as digits, a power of ten up to 10^22): one
    /// multiplication or division of two exact doubles is correctly rounded. Nil sends it to `Double(String)`.
    func exactDouble(start: Int, end: Int) -> Double? {
        var mantissa: UInt64 = 0
        var exponent = 0
        var k = start
        var significant = 0
        while k < end, p[k] >= UInt8(ascii: "0"), p[k] <= UInt8(ascii: "9") {
            mantissa = mantissa &* 10 &+ UInt64(p[k] &- UInt8(ascii: "0"))
            if mantissa != 0 { significant += 1 }
            k += 1
        }
        if k < end, p[k] == UInt8(ascii: ".") {
            k += 1
            while k < end, p[k] >= UInt8(ascii: "0"), p[k] <= UInt8(ascii: "9") {
                mantissa = mantissa &* 10 &+ UInt64(p[k] &- UInt8(ascii: "0"))
                if mantissa != 0 { significant += 1 }
                exponent -= 1
                k += 1
            }
        }
        // At most 16 significant digits never overflow UInt64; the 2^53 check below then decides exactness.
        guard significant <= 16 else { return nil }
        if k < end {  // an exponent: e, sign, digits (validated already)
            k += 1
            var sign = 1
            if p[k] == UInt8(ascii: "-") { sign = -1; k += 1 } else if p[k] == UInt8(ascii: "+") { k += 1 }
            guard end - k <= 4 else { return nil }
            var e = 0
            while k < end { e = e * 10 + Int(p[k] - UInt8(ascii: "0")); k += 1 }
            exponent += sign * e
        }
        if mantissa == 0 { return 0 }
        guard mantissa <= 1 << 53, exponent >= -22, exponent <= 22 else { return nil }
        let m = Double(mantissa)
        return exponent < 0 ? m / Self.exactPowersOfTen[-exponent] : m * Self.exactPowersOfTen[exponent]
    }

    mutating func number() throws(JSONParseError) -> JSONValue {
        let start = i
        var negative = false
        if p[i] == UInt8(ascii: "-") {
            negative = true
            i += 1
            if matches("Infinity") { throw fail(.nonFinite, "-Infinity is not a JSON number", at: start) }
        }
        guard isDigit(i) else { throw fail(.invalidNumber, "expected a digit", at: i) }
        if p[i] == UInt8(ascii: "0") {
            i += 1
            if isDigit(i) { throw fail(.leadingZero, "a number with a leading zero", at: start) }
        } else {
            while isDigit(i) { i += 1; if i - start > limits.maxNumberBytes { break } }
        }
        if i < p.count && p[i] == UInt8(ascii: ".") {
            i += 1
            guard isDigit(i) else { throw fail(.invalidNumber, "expected a digit after '.'", at: i) }
            while isDigit(i) { i += 1; if i - start > limits.maxNumberBytes { break } }
        }
        if i < p.count && (p[i] == UInt8(ascii: "e") || p[i] == UInt8(ascii: "E")) {
            i += 1
            if i < p.count && (p[i] == UInt8(ascii: "+") || p[i] == UInt8(ascii: "-")) { i += 1 }
            guard isDigit(i) else { throw fail(.invalidNumber, "expected a digit in the exponent", at: i) }
            while isDigit(i) { i += 1; if i - start > limits.maxNumberBytes { break } }
        }
        let length = i - start
        if length > limits.maxNumberBytes {
            throw fail(.numberLength, "a number longer than \(limits.maxNumberBytes) characters (the limit)", at: start)
        }
        if let exact = exactDouble(start: negative ? start + 1 : start, end: i) {
            return .number(negative ? -exact : exact)
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: p[start..<i]), as: UTF8.self)
        guard let d = Double(text), d.isFinite else {
            throw fail(.numberOverflow, "\(text) is too large for a 64-bit floating-point number", at: start)
        }
        return .number(d)
    }
}
