// Parsing and validation: every line is checked before any frame runs, and every bad line is reported.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GlasspaneCore

// MARK: - Field access

/// Reads the fields of one JSON object, naming the field in every problem and remembering which were read,
/// so fields nobody asked for (typos such as `frmae`) are reported as `unknown-field`.
struct Fields {
    let object: [String: ScriptValue]
    /// Prefix for field paths in messages (`drag.`).
    let path: String
    private(set) var used: Set<String> = ["comment"]

    init(_ object: [String: ScriptValue], path: String = "") { self.object = object; self.path = path }

    func name(_ key: String) -> String { path + key }

    mutating func value(_ key: String) -> ScriptValue? { used.insert(key); return object[key] }

    func has(_ key: String) -> Bool { object[key] != nil }

    func invalid(_ key: String, _ expected: String, _ got: ScriptValue) -> LineProblem {
        LineProblem(.invalidField, field: name(key), "field '\(name(key))' must be \(expected), got \(got)")
    }

    func missing(_ key: String, _ expected: String) -> LineProblem {
        LineProblem(.missingField, field: name(key), "missing field '\(name(key))' (\(expected))")
    }

    mutating func int(_ key: String, min lower: Int = Int.min, max upper: Int = Int.max) throws(LineProblem) -> Int? {
        guard let v = value(key) else { return nil }
        guard let n = v.number, n == n.rounded(), abs(n) < 9e15, Int(n) >= lower, Int(n) <= upper else {
            throw invalid(key, lower == 0 ? "a whole number >= 0" : lower == 1 ? "a whole number >= 1" : "a whole number", v)
        }
        return Int(n)
    }

    mutating func requiredInt(_ key: String, min lower: Int = Int.min, max upper: Int = Int.max) throws(LineProblem) -> Int {
        guard let n = try int(key, min: lower, max: upper) else { throw missing(key, "a whole number") }
        return n
    }

    mutating func number(_ key: String, min lower: Double = -.infinity) throws(LineProblem) -> Double? {
        guard let v = value(key) else { return nil }
        guard let n = v.number, n.isFinite, n >= lower else {
            throw invalid(key, lower == 0 ? "a number >= 0" : lower > 0 ? "a number > 0" : "a number", v)
        }
        return n
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

    mutating func object(_ key: String) throws(LineProblem) -> [String: ScriptValue]? {
        guard let v = value(key) else { return nil }
        guard case .object(let o) = v else { throw invalid(key, "an object", v) }
        return o
    }

    /// `[x, y]`.
    mutating func point(_ key: String) throws(LineProblem) -> Point? {
        guard let v = value(key) else { return nil }
        guard let p = Fields.pair(v) else { throw invalid(key, "an array [x, y] of two numbers", v) }
        return p
    }

    mutating func requiredPoint(_ key: String) throws(LineProblem) -> Point {
        guard let p = try point(key) else { throw missing(key, "an array [x, y]") }
        return p
    }

    static func pair(_ v: ScriptValue) -> Point? {
        guard case .array(let a) = v, a.count == 2, let x = a[0].number, let y = a[1].number, x.isFinite, y.isFinite
        else { return nil }
        return Point(x: x, y: y)
    }

    /// `"mods": ["shift", "control", "alt", "command"]`.
    mutating func modifiers(_ key: String = "mods") throws(LineProblem) -> KeyModifiers {
        guard let v = value(key) else { return [] }
        guard case .array(let a) = v else { throw invalid(key, "an array of modifier names", v) }
        var mods: KeyModifiers = []
        for e in a {
            guard let s = e.string, let m = ScriptNames.modifiers[s] else {
                throw invalid(key, "an array of \(ScriptNames.modifierList)", v)
            }
            mods.insert(m)
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
        ScriptPointerOptions(pointerID: try int("pointer", min: 0) ?? 0, button: try button(default: defaultButton),
                             modifiers: try modifiers())
    }

    /// Throws `unknown-field` for the first (alphabetically) field that was never read.
    func rejectUnknown() throws(LineProblem) {
        if let extra = object.keys.sorted().first(where: { !used.contains($0) }) {
            throw LineProblem(.unknownField, field: name(extra), "unknown field '\(name(extra))'")
        }
    }
}

/// Names shared by the parser and the recorder.
enum ScriptNames {
    static let modifiers: [String: KeyModifiers] = ["shift": .shift, "control": .control, "alt": .alt, "command": .command]
    static let modifierList = "shift, control, alt, command"
    static func modifierNames(_ m: KeyModifiers) -> [String] {
        [("shift", KeyModifiers.shift), ("control", .control), ("alt", .alt), ("command", .command)]
            .filter { m.contains($0.1) }.map(\.0)
    }
    /// Keys that decide what a line is. `event` wins over `key` (a recorded key event has both).
    static let kindKeys = ["click", "drag", "type_text", "key", "wait", "bus", "expect", "frames"]
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

    init(file: String) { self.file = file }

    mutating func report(_ p: LineProblem, line: Int) {
        problems.append(ScriptDiagnostic(kind: p.kind, file: file, line: line, field: p.field, message: p.message))
    }

    mutating func parse(_ text: String) throws(ScriptErrors) -> Script {
        // Split on the byte, not the Character: "\r\n" is a single Character in Swift and would hide line breaks.
        var rawLines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
        // A file that ends with a newline yields an empty last element; one that does not has an unterminated line.
        let unterminated = !text.isEmpty && text.utf8.last != UInt8(ascii: "\n")
        if !unterminated, rawLines.last == "" { rawLines.removeLast() }

        var sawHeader = false
        for (i, raw) in rawLines.enumerated() {
            let number = i + 1
            var s = raw
            if s.utf8.last == UInt8(ascii: "\r") { s = String(decoding: s.utf8.dropLast(), as: UTF8.self) }
            if s.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
            guard let value = ScriptValue(jsonText: s) else {
                if unterminated && i == rawLines.count - 1 {
                    // The recorder ends every line with a newline: an unterminated broken tail is a killed write.
                    warnings.append(ScriptDiagnostic(kind: .partialLine, file: file, line: number,
                                                     message: "partial last line dropped (interrupted recording?)"))
                } else {
                    report(LineProblem(.notJSON, "not valid JSON"), line: number)
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
                        if error.kind == .unknownFormat || error.kind == .unknownVersion { throw ScriptErrors(problems) }
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
        if !problems.isEmpty { throw ScriptErrors(problems) }
        let lastTimed = runs.last.map(\.last) ?? 0
        return Script(file: file, header: header, lines: lines, timing: runs, warnings: warnings,
                      lastFrameIndex: max(furthest, lastTimed))
    }

    // MARK: Header

    mutating func parseHeader(_ object: [String: ScriptValue]) throws(LineProblem) {
        var f = Fields(object)
        guard let format = try f.string("format") else { throw f.missing("format", "\"\(ScriptHeader.formatName)\"") }
        guard format == ScriptHeader.formatName else {
            throw LineProblem(.unknownFormat, field: "format",
                              "unknown format '\(format)' (expected '\(ScriptHeader.formatName)')")
        }
        guard let vv = f.value("version") else { throw f.missing("version", "a whole number") }
        guard let version = vv.number, version == version.rounded(), version >= 1 else {
            throw f.invalid("version", "a whole number >= 1", vv)
        }
        guard Int(version) == ScriptHeader.currentVersion else {
            throw LineProblem(.unknownVersion, field: "version",
                              "unknown script version \(Int(version)) (this reader knows version \(ScriptHeader.currentVersion))")
        }
        guard let window = try f.object("window") else { throw f.missing("window", "{\"width\":..,\"height\":..,\"scale\":..}") }
        var w = Fields(window, path: "window.")
        guard let width = try w.number("width", min: 1) else { throw w.missing("width", "a number > 0") }
        guard let height = try w.number("height", min: 1) else { throw w.missing("height", "a number > 0") }
        let scale = try w.number("scale", min: 0.01) ?? 1
        try w.rejectUnknown()
        header.windowSize = Size(width: width, height: height)
        header.scale = scale
        header.stepsPerSecond = try f.int("step_hz", min: 1) ?? 120
        header.maxStepsPerFrame = try f.int("max_steps_per_frame", min: 1) ?? 8
        header.defaultFrameDuration = Nanoseconds(try f.int("frame_ns", min: 0) ?? Int(ScriptHeader.defaultFrameNanoseconds))
        header.options = try f.object("options") ?? [:]
        try f.rejectUnknown()
    }

    // MARK: Body

    mutating func parseBody(_ object: [String: ScriptValue], line: Int) throws(LineProblem) {
        if object["format"] != nil || object["version"] != nil {
            throw LineProblem(.misplacedHeader, field: "format", "a header line may only be the first line")
        }
        var f = Fields(object)
        let kind: String
        if object["event"] != nil {
            kind = "event"
        } else {
            let present = ScriptNames.kindKeys.filter { object[$0] != nil }
            if present.count > 1 {
                throw LineProblem(.ambiguousKind, "a line does one thing, but this one has \(present.joined(separator: " and "))")
            }
            guard let k = present.first else {
                if object.keys.allSatisfy({ $0 == "comment" }) { return }  // a comment line
                let keys = object.keys.sorted().joined(separator: ", ")
                throw LineProblem(.unknownKind, "unknown kind of line (fields: \(keys)); expected one of event, "
                                  + ScriptNames.kindKeys.joined(separator: ", "))
            }
            kind = k
        }

        if kind == "frames" { try parseTiming(&f); return }
        if kind == "wait" {
            if f.has("frame") { throw LineProblem(.invalidField, field: "frame", "a wait line has no 'frame': it counts from the previous line") }
            let n = try f.requiredInt("wait", min: 0)
            try f.rejectUnknown()
            cursor += n; start = cursor; furthest = max(furthest, cursor)
            return
        }

        let explicit = try f.int("frame", min: 0)
        if let explicit, explicit < start {
            throw LineProblem(.frameBackwards, field: "frame", "frame \(explicit) goes backwards (the previous line is at frame \(start))")
        }
        let frame = explicit ?? cursor
        let time = try f.int("t", min: 0).map { Nanoseconds($0) }
        let action: ScriptAction
        switch kind {
        case "event": action = .event(try parseEvent(&f))
        case "click": action = try parseClick(&f)
        case "drag": action = try parseDrag(&f)
        case "type_text": action = .typeText(try f.requiredString("type_text"))
        case "key":
            let name = try f.requiredString("key")
            guard let key = Key(name: name) else { throw f.invalid("key", "a key name (enter, escape, a, f1...)", .string(name)) }
            action = .keyPress(key, try f.modifiers())
        case "bus": action = .bus(try parseBus(&f))
        default: action = .expect(try parseExpectation(&f))
        }
        try f.rejectUnknown()
        let parsed = ScriptLine(line: line, frame: frame, time: time, action: action)
        lines.append(parsed)
        start = frame
        cursor = parsed.lastFrame
        furthest = max(furthest, cursor)
    }

    mutating func parseTiming(_ f: inout Fields) throws(LineProblem) {
        guard let fv = f.value("frames") else { throw f.missing("frames", "[first, last]") }
        let first: Int, last: Int
        if let n = fv.number, n == n.rounded(), n >= 0, n < 9e15 {
            first = Int(n); last = first
        } else if case .array(let a) = fv, a.count == 2, let x = a[0].number, let y = a[1].number,
                  x == x.rounded(), y == y.rounded(), x >= 0, y >= x, y < 9e15 {
            first = Int(x); last = Int(y)
        } else {
            throw f.invalid("frames", "[first, last] with 0 <= first <= last", fv)
        }
        guard let nv = f.value("ns") else { throw f.missing("ns", "nanoseconds per frame: a whole number or an array") }
        let durations: FrameDurationRun.Durations
        func ns(_ v: ScriptValue) -> Nanoseconds? {
            guard let n = v.number, n == n.rounded(), n >= 0, n < 9e15 else { return nil }
            return Nanoseconds(n)
        }
        if let d = ns(nv) {
            durations = .constant(d, count: last - first + 1)
        } else if case .array(let a) = nv {
            let list = a.compactMap(ns)
            guard list.count == a.count else { throw f.invalid("ns", "whole numbers of nanoseconds >= 0", nv) }
            guard list.count == last - first + 1 else {
                throw LineProblem(.invalidField, field: "ns",
                                  "field 'ns' has \(list.count) durations for \(last - first + 1) frames (\(first)...\(last))")
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
        let kind = try f.requiredString("event")
        switch kind {
        case "down", "move", "up", "cancel":
            let at = try f.requiredPoint("at")
            let o = try f.pointerOptions(defaultButton: kind == "move" ? .none : .left)
            let p = PointerEvent(pointerID: o.pointerID, button: o.button, location: at, modifiers: o.modifiers)
            switch kind {
            case "down": return .pointerDown(p)
            case "move": return .pointerMove(p)
            case "up": return .pointerUp(p)
            default: return .pointerCancel(p)
            }
        case "wheel":
            return .wheel(location: try f.requiredPoint("at"), dx: try f.number("dx") ?? 0, dy: try f.number("dy") ?? 0)
        case "key":
            let name = try f.requiredString("key")
            guard let key = Key(name: name) else { throw f.invalid("key", "a key name (enter, escape, a, f1...)", .string(name)) }
            let action = try f.string("action") ?? "press"
            guard ["press", "release", "repeat"].contains(action) else {
                throw f.invalid("action", "one of press, release, repeat", .string(action))
            }
            return .key(KeyEvent(key: key, isDown: action != "release", isRepeat: action == "repeat", modifiers: try f.modifiers()))
        case "text":
            return .text(try f.requiredString("text"))
        case "resize":
            let size = try f.requiredPoint("size")
            guard size.x > 0, size.y > 0 else { throw f.invalid("size", "[width, height] > 0", .array([.number(size.x), .number(size.y)])) }
            let pixels = try f.point("pixels") ?? Point(x: size.x * header.scale, y: size.y * header.scale)
            guard pixels.x == pixels.x.rounded(), pixels.y == pixels.y.rounded(), pixels.x > 0, pixels.y > 0 else {
                throw f.invalid("pixels", "[width, height] in whole pixels > 0", .array([.number(pixels.x), .number(pixels.y)]))
            }
            return .resize(WindowMetrics(windowSize: Size(width: size.x, height: size.y),
                                         drawableSize: PixelSize(width: Int(pixels.x), height: Int(pixels.y))))
        case "quit":
            return .quit
        default:
            throw f.invalid("event", "one of down, move, up, cancel, wheel, key, text, resize, quit", .string(kind))
        }
    }

    /// `[x, y]`, or `{"view": id, "at": [rx, ry]}` (at defaults to the center).
    static func target(_ v: ScriptValue, _ f: Fields, key: String) throws(LineProblem) -> ScriptTarget {
        if let p = Fields.pair(v) { return .point(p) }
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
        let frames = try d.int("frames", min: 1) ?? 10
        let options = try d.pointerOptions()
        try d.rejectUnknown()
        return .drag(from: from, to: to, frames: frames, options)
    }

    func parseBus(_ f: inout Fields) throws(LineProblem) -> ScriptBusMessage {
        let v = f.value("bus")!
        let raw: String
        switch v {
        case .string(let s): raw = s  // verbatim, so tests can send malformed JSON
        case .object: raw = v.description
        default: throw f.invalid("bus", "an envelope object or a raw string", v)
        }
        let to = try f.string("to") ?? "engine"
        guard let destination = ScriptBusDestination(rawValue: to) else { throw f.invalid("to", "engine or overlay", .string(to)) }
        return ScriptBusMessage(raw: raw, destination: destination)
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
            kind = .state(s, tolerance: try e.number("tolerance", min: 0) ?? 1e-6)
        case "view":
            let view = try e.requiredString("view")
            let property = try e.requiredString("property")
            let equals = try e.requiredString("equals")
            kind = .viewProperty(view: view, property: property, equals: equals)
        case "pixel":
            let at = try e.requiredPoint("pixel")
            let hex = try e.requiredString("color")
            guard let color = Color(hex: hex) else { throw e.invalid("color", "a hex color (#rrggbb)", .string(hex)) }
            kind = .pixel(at: at, color: color, tolerance: try e.int("tolerance", min: 0, max: 255) ?? 2)
        default:
            kind = .busError(code: try e.requiredString("bus_error"))
        }
        try e.rejectUnknown()
        return kind
    }
}
