// Parsing and validation: every line is checked before any frame runs, and every bad line is reported.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GlasspaneCore

// MARK: - Field access

/// Reads the fields of one JSON object, naming the field in every problem and remembering which were read,
/// so fields nobody asked for (typos such as `frmae`) are reported as `unknown-field`. Every number is read
/// with a stated range (`ScriptRanges`) and an overflow-safe conversion: 1e308 is `out-of-range`, never a trap.
struct Fields {
    let object: [String: JSONValue]
    /// Prefix for field paths in messages (`drag.`).
    let path: String
    private(set) var used: Set<String> = ["comment"]

    init(_ object: [String: JSONValue], path: String = "") { self.object = object; self.path = path }

    func name(_ key: String) -> String { path + key }

    mutating func value(_ key: String) -> JSONValue? { used.insert(key); return object[key] }

    func has(_ key: String) -> Bool { object[key] != nil }

    func invalid(_ key: String, _ expected: String, _ got: JSONValue) -> LineProblem {
        LineProblem(.invalidField, field: name(key), "field '\(name(key))' must be \(expected), got \(got)")
    }

    func missing(_ key: String, _ expected: String) -> LineProblem {
        LineProblem(.missingField, field: name(key), "missing field '\(name(key))' (\(expected))")
    }

    /// A whole number in `range`: a fraction or a non-number is `invalid-field`, a whole number outside the
    /// range (however large) is `out-of-range`.
    static func whole(_ v: JSONValue, in range: ClosedRange<Int>, field: String) throws(LineProblem) -> Int {
        guard let n = v.number, n == n.rounded(.towardZero) else {
            throw LineProblem(.invalidField, field: field,
                              "field '\(field)' must be a whole number in \(ScriptRanges.text(range)), got \(v)")
        }
        guard let i = v.wholeNumber(in: range) else {
            throw LineProblem(.outOfRange, field: field,
                              "field '\(field)' is \(v), outside its limit \(ScriptRanges.text(range))")
        }
        return i
    }

    /// A number in `range`: a non-number is `invalid-field`, a number outside it `out-of-range`.
    static func number(_ v: JSONValue, in range: ClosedRange<Double>, field: String) throws(LineProblem) -> Double {
        guard v.number != nil else {
            throw LineProblem(.invalidField, field: field,
                              "field '\(field)' must be a number in \(ScriptRanges.text(range)), got \(v)")
        }
        guard let n = v.finiteNumber(in: range) else {
            throw LineProblem(.outOfRange, field: field,
                              "field '\(field)' is \(v), outside its limit \(ScriptRanges.text(range))")
        }
        return n
    }

    mutating func int(_ key: String, in range: ClosedRange<Int>) throws(LineProblem) -> Int? {
        guard let v = value(key) else { return nil }
        return try Fields.whole(v, in: range, field: name(key))
    }

    mutating func requiredInt(_ key: String, in range: ClosedRange<Int>) throws(LineProblem) -> Int {
        guard let n = try int(key, in: range) else { throw missing(key, "a whole number in \(ScriptRanges.text(range))") }
        return n
    }

    mutating func number(_ key: String, in range: ClosedRange<Double>) throws(LineProblem) -> Double? {
        guard let v = value(key) else { return nil }
        return try Fields.number(v, in: range, field: name(key))
    }

    mutating func string(_ key: String) throws(LineProblem) -> String? {
        guard let v = value(key) else { return nil }
        guard let s = v.string else { throw invalid(key, "a string", v) }
        return s
    }

    mutating func requiredString(_ key: String) throws(LineProblem) -> String {
        guard let s = try string(key) else { throw missing(key, "a string") }
        return s
    }

    mutating func object(_ key: String) throws(LineProblem) -> [String: JSONValue]? {
        guard let v = value(key) else { return nil }
        guard case .object(let o) = v else { throw invalid(key, "an object", v) }
        return o
    }

    /// `[x, y]`, each coordinate in `range`.
    mutating func point(_ key: String, in range: ClosedRange<Double> = ScriptRanges.coordinate) throws(LineProblem) -> Point? {
        guard let v = value(key) else { return nil }
        return try Fields.pair(v, in: range, field: name(key))
    }

    mutating func requiredPoint(_ key: String, in range: ClosedRange<Double> = ScriptRanges.coordinate) throws(LineProblem) -> Point {
        guard let p = try point(key, in: range) else { throw missing(key, "an array [x, y]") }
        return p
    }

    /// True when `v` has the shape of a point (two numbers), whatever their values.
    static func isPair(_ v: JSONValue) -> Bool {
        guard case .array(let a) = v, a.count == 2 else { return false }
        return a[0].number != nil && a[1].number != nil
    }

    static func pair(_ v: JSONValue, in range: ClosedRange<Double>, field: String) throws(LineProblem) -> Point {
        guard isPair(v), case .array(let a) = v else {
            throw LineProblem(.invalidField, field: field, "field '\(field)' must be an array [x, y] of two numbers, got \(v)")
        }
        guard let x = a[0].finiteNumber(in: range), let y = a[1].finiteNumber(in: range) else {
            throw LineProblem(.outOfRange, field: field,
                              "field '\(field)' is \(v), a coordinate outside its limit \(ScriptRanges.text(range))")
        }
        return Point(x: x, y: y)
    }

    /// `"mods": ["shift", "control", "alt", "command"]`.
    mutating func modifiers(_ key: String = "mods") throws(LineProblem) -> KeyModifiers {
        guard let v = value(key) else { return [] }
        guard case .array(let a) = v else { throw invalid(key, "an array of modifier names", v) }
        var mods: KeyModifiers = []
        for e in a {
            guard let s = e.string, let m = ScriptModifier(rawValue: s) else {
                throw invalid(key, "an array of \(ScriptModifier.allCases.map(\.rawValue).joined(separator: ", "))", v)
            }
            mods.insert(m.flag)
        }
        return mods
    }

    mutating func button(_ key: String = "button", default d: PointerButton) throws(LineProblem) -> PointerButton {
        guard let v = value(key) else { return d }
        guard let s = v.string, let b = PointerButton(rawValue: s) else {
            throw invalid(key, "one of none, left, middle, right", v)
        }
        return b
    }

    mutating func pointerOptions(defaultButton: PointerButton = .left) throws(LineProblem) -> ScriptPointerOptions {
        ScriptPointerOptions(pointerID: try int("pointer", in: ScriptRanges.pointer) ?? 0, button: try button(default: defaultButton),
                             modifiers: try modifiers())
    }

    /// Throws `unknown-field` for the first (alphabetically) field that was never read.
    func rejectUnknown() throws(LineProblem) {
        if let extra = object.keys.sorted().first(where: { !used.contains($0) }) {
            throw LineProblem(.unknownField, field: name(extra), "unknown field '\(name(extra))'")
        }
    }
}

/// The modifier names of a `mods` array: the one table the parser reads and the recorder writes, in the recorder's
/// order.
enum ScriptModifier: String, CaseIterable {
    /// The names, in the order the recorder writes them.
    case shift, control, alt, command

    /// The modifier key this name stands for.
    var flag: KeyModifiers {
        switch self {
        case .shift: .shift
        case .control: .control
        case .alt: .alt
        case .command: .command
        }
    }

    /// The names of the modifiers held, in table order.
    static func names(of modifiers: KeyModifiers) -> [String] {
        allCases.filter { modifiers.contains($0.flag) }.map(\.rawValue)
    }
}

/// A key event line's `action` (absent: `press`): the one table the parser reads and the recorder writes.
enum ScriptKeyAction: String, CaseIterable {
    /// Pressed (or the first press), released, auto-repeated.
    case press, release, `repeat`

    /// The action a key event records as.
    init(_ event: KeyEvent) { self = !event.isDown ? .release : event.isRepeat ? .repeat : .press }
}

/// What a body line is, named by the key that decides it: the one table the parser reads and its errors list.
enum ScriptLineKind: String, CaseIterable {
    /// A recorded input event (`"event":"down"`...).
    case event
    /// A click on a point or a view.
    case click
    /// A drag between two points or views.
    case drag
    /// Text typed, one event per character.
    case typeText = "type_text"
    /// A key pressed and released.
    case key
    /// Frames to wait before the next line.
    case wait
    /// A bus message to post.
    case bus
    /// An expectation to check.
    case expect
    /// A controller button pressed and released, or held (`{"pad":"a","frames":30}`).
    case pad
    /// A scroll view scrolled to an offset or a row (`{"scroll":"stats.list","row":120}`).
    case scroll
    /// Frame durations.
    case frames

    /// The kinds found by looking for their key. `event` is looked for first and wins over `key` (a recorded key
    /// event has both).
    static let decidedByKey = allCases.filter { $0 != .event }
}

// MARK: - Parser

/// Turns script text into a `Script`, collecting every bad line.
struct ScriptParser {
    let file: String
    var header = ScriptHeader()
    var lines: [ScriptLine] = []
    var runs: [FrameDurationRun] = []
    var problems: [ScriptDiagnostic] = []
    var warnings: [ScriptDiagnostic] = []
    /// Frame of the previous line (explicit frames may not go below it).
    var start = 0
    /// Frame where the previous line finished (lines without `frame` run here).
    var cursor = 0
    /// The furthest frame any line reaches (waits included).
    var furthest = 0

    /// The limits in force.
    let limits: ScriptLimits
    /// Problems found beyond `limits.maxReportedErrors`: counted, not listed.
    var unlisted = 0

    init(file: String, limits: ScriptLimits = ScriptLimits()) { self.file = file; self.limits = limits }

    mutating func report(_ p: LineProblem, line: Int) {
        guard problems.count < limits.maxReportedErrors else { unlisted += 1; return }
        problems.append(ScriptDiagnostic(kind: p.kind, file: file, line: line, field: p.field, message: p.message,
                                         jsonError: p.jsonError))
    }

    /// Every problem so far, with a last `more-errors` entry when some were only counted.
    var allProblems: ScriptErrors {
        var list = problems
        if unlisted > 0 {
            list.append(ScriptDiagnostic(kind: .moreErrors, file: file, line: 0,
                                         message: "\(unlisted) more errors not listed (the report stops at \(limits.maxReportedErrors))"))
        }
        return ScriptErrors(list)
    }

    mutating func parse(_ text: String) throws(ScriptErrors) -> Script {
        var text = text
        let result = text.withUTF8 { buffer in
            Result { () throws(ScriptErrors) in try parse(bytes: buffer) }
        }
        return try result.get()
    }

    /// Parses the script's bytes line by line; nothing is decoded before its limit is checked.
    mutating func parse(bytes: UnsafeBufferPointer<UInt8>) throws(ScriptErrors) -> Script {
        if bytes.count > limits.maxScriptBytes {
            throw ScriptErrors([ScriptDiagnostic(kind: .limitExceeded, file: file, line: 0,
                                                 message: "the script is \(bytes.count) bytes, over the \(limits.maxScriptBytes)-byte limit")])
        }
        let parser = JSONParser(limits: limits.lineJSON)
        var lineStart = 0
        var number = 0
        var nonBlank = 0
        var sawHeader = false
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
            report(LineProblem(.byteOrderMark, "the file starts with a UTF-8 byte order mark; scripts are plain UTF-8 without one"),
                   line: 1)
            lineStart = 3  // read the rest of line 1 as if the mark were not there, so it gets no second error
        }
        while lineStart < bytes.count {
            number += 1
            var end = lineStart
            while end < bytes.count && bytes[end] != UInt8(ascii: "\n") { end += 1 }
            let terminated = end < bytes.count
            let next = end + 1
            if end > lineStart && bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            defer { lineStart = next }
            let line = UnsafeBufferPointer(rebasing: bytes[lineStart..<end])
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            nonBlank += 1
            if nonBlank > limits.maxLines {
                report(LineProblem(.limitExceeded, "more than \(limits.maxLines) lines (the limit); the rest is not read"), line: number)
                break
            }
            if line.count > limits.maxLineBytes {
                report(LineProblem(.limitExceeded, "the line is \(line.count) bytes, over the \(limits.maxLineBytes)-byte limit"),
                       line: number)
                continue
            }
            if let bad = JSONParser.firstInvalidUTF8(in: line) {
                if !terminated {
                    warnings.append(ScriptDiagnostic(kind: .partialLine, file: file, line: number,
                                                     message: "partial last line dropped (interrupted recording?)"))
                } else {
                    report(LineProblem(.invalidUTF8, "invalid UTF-8 at column \(bad + 1) (byte 0x\(String(line[bad], radix: 16, uppercase: true)))"),
                           line: number)
                }
                continue
            }
            let value: JSONValue
            do {
                value = try parser.parse(buffer: line)
            } catch {
                if !terminated && !Self.isLimit(error.code) {
                    // The recorder ends every line with a newline: an unterminated broken tail is a killed write.
                    warnings.append(ScriptDiagnostic(kind: .partialLine, file: file, line: number,
                                                     message: "partial last line dropped (interrupted recording?)"))
                } else {
                    report(Self.problem(for: error), line: number)
                }
                continue
            }
            guard case .object(let object) = value else {
                report(LineProblem(.notObject, "expected a JSON object, got \(value.typeName)"), line: number)
                continue
            }
            if !sawHeader {
                sawHeader = true
                if object["format"] != nil || object["version"] != nil {
                    do throws(LineProblem) { try parseHeader(object) } catch {
                        report(error, line: number)
                        // A foreign format or version: the body may mean anything, so stop at this one error.
                        if error.kind == .unknownFormat || error.kind == .unknownVersion { throw allProblems }
                    }
                    continue
                }
                report(LineProblem(.missingHeader, field: "format",
                                   "the first line must be the header {\"format\":\"glasspane-script\",\"version\":1,...}"),
                       line: number)
            }
            do throws(LineProblem) { try parseBody(object, line: number) } catch { report(error, line: number) }
        }
        if !sawHeader {
            report(LineProblem(.missingHeader, field: "format", "empty script: the header line is missing"), line: 1)
        }
        if !problems.isEmpty { throw allProblems }
        let lastTimed = runs.last.map(\.last) ?? 0
        return Script(file: file, header: header, lines: lines, timing: runs, warnings: warnings,
                      lastFrameIndex: max(furthest, lastTimed))
    }

    static func isLimit(_ code: JSONParseError.Code) -> Bool {
        [.size, .depth, .stringLength, .valueCount, .numberLength].contains(code)
    }

    /// A JSON failure as a line problem: `limit-exceeded` for the parser's limits, `not-json` for the rest, with
    /// the parser's code, column and path.
    static func problem(for error: JSONParseError) -> LineProblem {
        let at = " at column \(error.column)" + (error.path.isEmpty ? "" : " (in \(error.path))")
        if isLimit(error.code) {
            return LineProblem(.limitExceeded, field: error.path.isEmpty ? nil : error.path,
                               "over a limit\(at): \(error.detail)", jsonError: error.code)
        }
        return LineProblem(.notJSON, field: error.path.isEmpty ? nil : error.path, "not valid JSON\(at): \(error.detail)",
                           jsonError: error.code)
    }

    /// Moves the running frame to `frame`, refusing to pass the last frame a script may reach.
    func checkFrame(_ frame: Int, field: String, what: String) throws(LineProblem) {
        if frame > limits.maxFrameIndex {
            throw LineProblem(.limitExceeded, field: field,
                              "\(what) reaches frame \(frame), past the last frame a script may reach (\(limits.maxFrameIndex))")
        }
    }

    // MARK: Header

    mutating func parseHeader(_ object: [String: JSONValue]) throws(LineProblem) {
        var f = Fields(object)
        guard let format = try f.string("format") else { throw f.missing("format", "\"\(ScriptHeader.formatName)\"") }
        guard format == ScriptHeader.formatName else {
            throw LineProblem(.unknownFormat, field: "format",
                              "unknown format '\(format)' (expected '\(ScriptHeader.formatName)')")
        }
        guard let vv = f.value("version") else { throw f.missing("version", "a whole number") }
        let version = try Fields.whole(vv, in: ScriptRanges.version, field: "version")
        guard version == ScriptHeader.currentVersion else {
            throw LineProblem(.unknownVersion, field: "version",
                              "unknown script version \(version) (this reader knows version \(ScriptHeader.currentVersion))")
        }
        guard let window = try f.object("window") else { throw f.missing("window", "{\"width\":..,\"height\":..,\"scale\":..}") }
        var w = Fields(window, path: "window.")
        let side = ScriptRanges.windowSide
        guard let width = try w.number("width", in: side) else { throw w.missing("width", "a number in \(ScriptRanges.text(side))") }
        guard let height = try w.number("height", in: side) else { throw w.missing("height", "a number in \(ScriptRanges.text(side))") }
        let scale = try w.number("scale", in: ScriptRanges.scale) ?? 1
        try w.rejectUnknown()
        let pixels = max(width, height) * scale
        if pixels.rounded() > Double(ScriptRanges.pixelSide.upperBound) {
            throw LineProblem(.outOfRange, field: "window.scale",
                              "window \(ScriptRanges.number(width))x\(ScriptRanges.number(height)) at scale \(ScriptRanges.number(scale)) "
                              + "is \(ScriptRanges.number(pixels.rounded())) pixels wide, over the \(ScriptRanges.pixelSide.upperBound)-pixel limit")
        }
        header.windowSize = Size(width: width, height: height)
        header.scale = scale
        header.stepsPerSecond = try f.int("step_hz", in: ScriptRanges.stepHz) ?? 120
        header.maxStepsPerFrame = try f.int("max_steps_per_frame", in: ScriptRanges.maxStepsPerFrame) ?? 8
        header.defaultFrameDuration = Nanoseconds(try f.int("frame_ns", in: ScriptRanges.frameNanoseconds)
                                                  ?? Int(ScriptHeader.defaultFrameNanoseconds))
        header.options = try f.object("options") ?? [:]
        try f.rejectUnknown()
    }

    // MARK: Body

    mutating func parseBody(_ object: [String: JSONValue], line: Int) throws(LineProblem) {
        if object["format"] != nil || object["version"] != nil {
            throw LineProblem(.misplacedHeader, field: "format", "a header line may only be the first line")
        }
        var f = Fields(object)
        let kind: ScriptLineKind
        if object[ScriptLineKind.event.rawValue] != nil {
            kind = .event
        } else {
            var present = ScriptLineKind.decidedByKey.filter { object[$0.rawValue] != nil }
            if present.contains(.pad) { present.removeAll { $0 == .frames } }  // a pad line's "frames" is its hold
            if present.count > 1 {
                throw LineProblem(.ambiguousKind, "a line does one thing, but this one has \(present.map(\.rawValue).joined(separator: " and "))")
            }
            guard let k = present.first else {
                if object.keys.allSatisfy({ $0 == "comment" }) { return }  // a comment line
                let keys = object.keys.sorted().joined(separator: ", ")
                throw LineProblem(.unknownKind, "unknown kind of line (fields: \(keys)); expected one of "
                                  + ScriptLineKind.allCases.map(\.rawValue).joined(separator: ", "))
            }
            kind = k
        }

        if kind == .frames { try parseTiming(&f); return }
        if kind == .wait {
            if f.has("frame") { throw LineProblem(.invalidField, field: "frame", "a wait line has no 'frame': it counts from the previous line") }
            let n = try f.requiredInt("wait", in: 0...limits.maxFrameIndex)
            try f.rejectUnknown()
            // Both are at most maxFrameIndex, so the sum cannot overflow; it is checked before it is kept.
            try checkFrame(cursor + n, field: "wait", what: "this wait")
            cursor += n; start = cursor; furthest = max(furthest, cursor)
            return
        }

        let explicit = try f.int("frame", in: 0...limits.maxFrameIndex)
        if let explicit, explicit < start {
            throw LineProblem(.frameBackwards, field: "frame", "frame \(explicit) goes backwards (the previous line is at frame \(start))")
        }
        let frame = explicit ?? cursor
        let time = try f.int("t", in: ScriptRanges.time).map { Nanoseconds($0) }
        let action: ScriptAction
        switch kind {
        case .event: action = .event(try parseEvent(&f))
        case .click: action = try parseClick(&f)
        case .drag: action = try parseDrag(&f)
        case .typeText: action = .typeText(try f.requiredString("type_text"))
        case .key:
            let name = try f.requiredString("key")
            guard let key = Key(name: name) else { throw f.invalid("key", "a key name (enter, escape, a, f1...)", .string(name)) }
            action = .keyPress(key, try f.modifiers())
        case .bus: action = .bus(try parseBus(&f))
        case .expect: action = .expect(try parseExpectation(&f))
        case .pad: action = try parsePad(&f)
        case .scroll: action = try parseScroll(&f)
        case .frames, .wait: return  // parsed above
        }
        try f.rejectUnknown()
        let parsed = ScriptLine(line: line, frame: frame, time: time, action: action)
        try checkFrame(parsed.lastFrame, field: kind == .drag ? "drag.frames" : kind == .pad ? "frames" : "frame", what: "this line")
        lines.append(parsed)
        start = frame
        cursor = parsed.lastFrame
        furthest = max(furthest, cursor)
    }

    mutating func parseTiming(_ f: inout Fields) throws(LineProblem) {
        guard let fv = f.value("frames") else { throw f.missing("frames", "[first, last]") }
        let frameRange = 0...limits.maxFrameIndex
        let first: Int, last: Int
        if case .number = fv {
            first = try Fields.whole(fv, in: frameRange, field: "frames"); last = first
        } else if case .array(let a) = fv, a.count == 2, a[0].number != nil, a[1].number != nil {
            first = try Fields.whole(a[0], in: frameRange, field: "frames")
            last = try Fields.whole(a[1], in: frameRange, field: "frames")
            guard last >= first else { throw f.invalid("frames", "[first, last] with 0 <= first <= last", fv) }
        } else {
            throw f.invalid("frames", "[first, last] with 0 <= first <= last", fv)
        }
        guard let nv = f.value("ns") else { throw f.missing("ns", "nanoseconds per frame: a whole number or an array") }
        let durations: FrameDurationRun.Durations
        let nsRange = ScriptRanges.frameNanoseconds
        if case .number = nv {
            durations = .constant(Nanoseconds(try Fields.whole(nv, in: nsRange, field: "ns")), count: last - first + 1)
        } else if case .array(let a) = nv {
            guard a.allSatisfy({ $0.number != nil }) else { throw f.invalid("ns", "whole numbers of nanoseconds >= 0", nv) }
            guard a.count == last - first + 1 else {
                throw LineProblem(.invalidField, field: "ns",
                                  "field 'ns' has \(a.count) durations for \(last - first + 1) frames (\(first)...\(last))")
            }
            var list: [Nanoseconds] = []
            list.reserveCapacity(a.count)
            for (index, d) in a.enumerated() {
                list.append(Nanoseconds(try Fields.whole(d, in: nsRange, field: "ns[\(index)]")))
            }
            durations = .list(list)
        } else {
            throw f.invalid("ns", "a whole number of nanoseconds >= 0 or an array of them", nv)
        }
        try f.rejectUnknown()
        if let previous = runs.last, first <= previous.last {
            throw LineProblem(.timingOverlap, field: "frames",
                              "frames \(first)...\(last) overlap or precede frames up to \(previous.last)")
        }
        runs.append(FrameDurationRun(first: first, durations: durations))
    }

    func parseEvent(_ f: inout Fields) throws(LineProblem) -> InputEvent {
        let name = try f.requiredString("event")
        guard let kind = InputEventKind(rawValue: name) else {
            throw f.invalid("event", "one of " + InputEventKind.allCases.map(\.rawValue).joined(separator: ", "), .string(name))
        }
        switch kind {
        case .down, .move, .up, .cancel:
            let at = try f.requiredPoint("at")
            let o = try f.pointerOptions(defaultButton: kind == .move ? .none : .left)
            let p = PointerEvent(pointerID: o.pointerID, button: o.button, location: at, modifiers: o.modifiers)
            switch kind {
            case .down: return .pointerDown(p)
            case .move: return .pointerMove(p)
            case .up: return .pointerUp(p)
            default: return .pointerCancel(p)
            }
        case .wheel:
            return .wheel(location: try f.requiredPoint("at"), dx: try f.number("dx", in: ScriptRanges.coordinate) ?? 0,
                          dy: try f.number("dy", in: ScriptRanges.coordinate) ?? 0)
        case .key:
            let name = try f.requiredString("key")
            guard let key = Key(name: name) else { throw f.invalid("key", "a key name (enter, escape, a, f1...)", .string(name)) }
            let actionName = try f.string("action") ?? ScriptKeyAction.press.rawValue
            guard let action = ScriptKeyAction(rawValue: actionName) else {
                throw f.invalid("action", "one of " + ScriptKeyAction.allCases.map(\.rawValue).joined(separator: ", "), .string(actionName))
            }
            return .key(KeyEvent(key: key, isDown: action != .release, isRepeat: action == .repeat, modifiers: try f.modifiers()))
        case .text:
            return .text(try f.requiredString("text"))
        case .padButton, .padAxis, .padDevice:
            return try parseControllerEvent(kind, &f)
        case .composition:
            let text = try f.requiredString("text")
            let cursor = try f.int("cursor", in: 0...text.count) ?? text.count
            return .composition(text: text, cursor: cursor)
        case .resize:
            let size = try f.requiredPoint("size", in: ScriptRanges.windowSide)
            let maxPixels = ScriptRanges.pixelSide.upperBound
            let pixels: PixelSize
            if let given = f.has("pixels") ? f.value("pixels") : nil {
                guard Fields.isPair(given), case .array(let a) = given else {
                    throw f.invalid("pixels", "[width, height] in whole pixels", given)
                }
                pixels = PixelSize(width: try Fields.whole(a[0], in: ScriptRanges.pixelSide, field: "pixels"),
                                   height: try Fields.whole(a[1], in: ScriptRanges.pixelSide, field: "pixels"))
            } else {
                let w = size.x * header.scale, h = size.y * header.scale
                guard w == w.rounded(), h == h.rounded() else {
                    throw f.invalid("pixels", "[width, height] in whole pixels (size x scale is not whole)",
                                    .array([.number(w), .number(h)]))
                }
                guard w <= Double(maxPixels), h <= Double(maxPixels) else {
                    throw LineProblem(.outOfRange, field: "size",
                                      "field 'size' at scale \(ScriptRanges.number(header.scale)) is \(ScriptRanges.number(w))x"
                                      + "\(ScriptRanges.number(h)) pixels, over the \(maxPixels)-pixel limit")
                }
                pixels = PixelSize(width: Int(w), height: Int(h))
            }
            return .resize(WindowMetrics(windowSize: Size(width: size.x, height: size.y), drawableSize: pixels))
        case .quit:
            return .quit
        }
    }

    /// `[x, y]`, or `{"view": id, "at": [rx, ry]}` (at defaults to the center).
    static func target(_ v: JSONValue, _ f: Fields, key: String) throws(LineProblem) -> ScriptTarget {
        if Fields.isPair(v) { return .point(try Fields.pair(v, in: ScriptRanges.coordinate, field: f.name(key))) }
        guard case .object(let o) = v else {
            throw f.invalid(key, "a point [x, y] or {\"view\": id, \"at\": [rx, ry]}", v)
        }
        var t = Fields(o, path: f.name(key) + ".")
        let id = try t.requiredString("view")
        let rel = try t.point("at") ?? Point(x: 0.5, y: 0.5)
        try t.rejectUnknown()
        return .view(id, relative: rel)
    }

    func parseClick(_ f: inout Fields) throws(LineProblem) -> ScriptAction {
        let v = f.value("click")!
        let target: ScriptTarget
        if let id = v.string {
            target = .view(id, relative: try f.point("at") ?? Point(x: 0.5, y: 0.5))
        } else {
            target = try ScriptParser.target(v, f, key: "click")
        }
        return .click(target, try f.pointerOptions())
    }

    func parseDrag(_ f: inout Fields) throws(LineProblem) -> ScriptAction {
        guard let o = try f.object("drag") else { throw f.missing("drag", "an object") }
        var d = Fields(o, path: "drag.")
        guard let fromV = d.value("from") else { throw d.missing("from", "a point or a view") }
        let from = try ScriptParser.target(fromV, d, key: "from")
        guard let toV = d.value("to") else { throw d.missing("to", "a point or a view") }
        let to = try ScriptParser.target(toV, d, key: "to")
        let frames = try d.int("frames", in: ScriptRanges.dragFrames) ?? 10
        let options = try d.pointerOptions()
        try d.rejectUnknown()
        return .drag(from: from, to: to, frames: frames, options)
    }

    func parseBus(_ f: inout Fields) throws(LineProblem) -> ScriptBusMessage {
        let v = f.value("bus")!
        let to = try f.string("to") ?? "engine"
        guard let destination = ScriptBusDestination(rawValue: to) else { throw f.invalid("to", "engine or overlay", .string(to)) }
        switch v {
        case .string(let s): return ScriptBusMessage(raw: s, destination: destination)  // verbatim: may be malformed on purpose
        case .object: return ScriptBusMessage(envelope: v, destination: destination)    // parsed once, posted as a value
        default: throw f.invalid("bus", "an envelope object or a raw string", v)
        }
    }

    func parseExpectation(_ f: inout Fields) throws(LineProblem) -> ScriptExpectationKind {
        guard let o = try f.object("expect") else { throw f.missing("expect", "an object") }
        var e = Fields(o, path: "expect.")
        let which = ["state", "view", "pixel", "bus_error"].filter { o[$0] != nil }
        guard which.count == 1 else {
            throw LineProblem(which.isEmpty ? .missingField : .ambiguousKind, field: "expect",
                              "an expectation needs exactly one of expect.state, expect.view, expect.pixel, expect.bus_error"
                              + (which.isEmpty ? "" : " (got \(which.joined(separator: " and ")))"))
        }
        let kind: ScriptExpectationKind
        switch which[0] {
        case "state":
            guard let s = try e.object("state"), !s.isEmpty else {
                throw e.invalid("state", "a non-empty object of state members", o["state"]!)
            }
            kind = .state(s, tolerance: try e.number("tolerance", in: ScriptRanges.stateTolerance) ?? 1e-6)
        case "view":
            let view = try e.requiredString("view")
            let property = try e.requiredString("property")
            let equals = try e.requiredString("equals")
            kind = .viewProperty(view: view, property: property, equals: equals)
        case "pixel":
            let at = try e.requiredPoint("pixel", in: ScriptRanges.pixelCoordinate)
            let hex = try e.requiredString("color")
            guard let color = Color(hex: hex) else { throw e.invalid("color", "a hex color (#rrggbb)", .string(hex)) }
            kind = .pixel(at: at, color: color, tolerance: try e.int("tolerance", in: ScriptRanges.pixelTolerance) ?? 2)
        default:
            kind = .busError(code: try e.requiredString("bus_error"))
        }
        try e.rejectUnknown()
        return kind
    }
}
