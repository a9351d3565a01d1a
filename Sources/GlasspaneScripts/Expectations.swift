// Checking expectations: the host answers questions through `ExpectationContext`; the checker compares.
import GlasspaneCore

/// What the host can tell the checker at the end of a frame.
public protocol ExpectationContext {
    /// The engine's `get-state` reply as JSON members (`color`, `spinning`, `angle`, `frame`); nil if unavailable.
    func engineState() -> [String: JSONValue]?
    /// A view property's text form (`text` of `picker.hex`); nil when the view or the property does not exist.
    func viewProperty(_ identifier: String, _ name: String) -> String?
    /// The color of the rendered pixel at a point in window points (the host scales to pixels); nil off-screen
    /// or when nothing was read back.
    func pixel(at point: Point) -> Color?
    /// Codes of every bus error replied to script-injected messages so far, oldest first (`invalid-payload`).
    var busErrors: [String] { get }
    /// Why a view's property cannot be checked now (`hidden by 'menu'`, `not laid out yet`), making the expectation
    /// a `view-not-found` failure; nil when it can be checked.
    func whyNotFound(_ identifier: String, property: String) -> String?
}

extension ExpectationContext {
    /// Every view that exists can be checked by default.
    public func whyNotFound(_ identifier: String, property: String) -> String? { nil }
}

/// The outcome of one expectation.
public struct ExpectationResult: Hashable, Sendable, CustomStringConvertible {
    /// The expectation checked.
    public var expectation: ScriptExpectation
    /// True when it held.
    public var passed: Bool
    /// `FILE:LINE: frame N: expected ... got ...` (also set, with `ok`, for a pass).
    public var message: String
    /// The stable identifier of a failure that is not a plain mismatch (`view-not-found`, `not-reached`); nil
    /// otherwise.
    public var error: ScriptErrorKind?
    /// The message.
    public var description: String { message }
}

/// Checks expectations in order, remembering which bus errors earlier `bus_error` expectations consumed.
public struct ExpectationChecker: Sendable {
    /// Indexes into `busErrors` already matched, so each error satisfies one expectation line only.
    private var consumed: Set<Int> = []

    /// Creates a checker.
    public init() {}

    /// Checks one expectation now.
    public mutating func check(_ e: ScriptExpectation, in context: any ExpectationContext) -> ExpectationResult {
        let prefix = "\(e.file):\(e.line): frame \(e.frame): "
        func result(_ ok: Bool, _ text: String) -> ExpectationResult {
            ExpectationResult(expectation: e, passed: ok, message: prefix + (ok ? "ok: " : "") + text)
        }
        switch e.kind {
        case .state(let expected, let tolerance):
            guard let state = context.engineState() else { return result(false, "expected engine state, got no reply to get-state") }
            for key in expected.keys.sorted() {
                let want = expected[key]!
                guard let got = state[key] else { return result(false, "expected state.\(key) = \(want), got nothing (no such member)") }
                if !ExpectationChecker.matches(want, got, tolerance: tolerance) {
                    return result(false, "expected state.\(key) = \(want), got \(got)")
                }
            }
            return result(true, "state matches \(JSONValue.object(expected))")
        case .viewProperty(let view, let property, let equals):
            if let why = context.whyNotFound(view, property: property) {
                var r = result(false, "view-not-found: expected \(view).\(property) = \"\(equals)\", but view '\(view)' is \(why)")
                r.error = .viewNotFound
                return r
            }
            guard let got = context.viewProperty(view, property) else {
                return result(false, "expected \(view).\(property) = \"\(equals)\", got no such view or property")
            }
            return result(got == equals, "expected \(view).\(property) = \"\(equals)\", got \"\(got)\"")
        case .pixel(let at, let color, let tolerance):
            guard let got = context.pixel(at: at) else { return result(false, "expected pixel \(at) = \(color.hex), got no pixel there") }
            let a = color.rgba8, b = got.rgba8
            let diff = max(abs(Int(a.0) - Int(b.0)), abs(Int(a.1) - Int(b.1)), abs(Int(a.2) - Int(b.2)))
            return result(diff <= tolerance, "expected pixel \(at) = \(color.hex) ±\(tolerance), got \(got.hex) (off by \(diff))")
        case .busError(let code):
            let errors = context.busErrors
            if let i = errors.indices.first(where: { !consumed.contains($0) && errors[$0] == code }) {
                consumed.insert(i)
                return result(true, "bus error \(code)")
            }
            let unmatched = errors.indices.filter { !consumed.contains($0) }.map { errors[$0] }
            return result(false, "expected bus error \(code), got " + (unmatched.isEmpty ? "none" : unmatched.joined(separator: ", ")))
        }
    }

    /// The failure of an expectation a replay never checked: it ended (a quit, a frame limit, a fatal error) at
    /// `lastFrame`, before the expectation was checked.
    public static func notReached(_ e: ScriptExpectation, lastFrame: Int) -> ExpectationResult {
        let ended = lastFrame < 0 ? "before its first frame" : "at frame \(lastFrame)"
        return ExpectationResult(expectation: e, passed: false, message: "\(e.file):\(e.line): frame \(e.frame): not-reached: "
                                 + "the replay ended \(ended), so this expectation was never checked", error: .notReached)
    }

    /// Checks a frame's expectations, in line order.
    public mutating func check(_ expectations: [ScriptExpectation], in context: any ExpectationContext) -> [ExpectationResult] {
        expectations.map { check($0, in: context) }
    }

    /// Deep JSON equality with a numeric tolerance; a hex string matches an [r, g, b(, a)] array of 0...1 numbers.
    static func matches(_ want: JSONValue, _ got: JSONValue, tolerance: Double) -> Bool {
        switch (want, got) {
        case (.number(let a), .number(let b)): return abs(a - b) <= tolerance
        case (.string(let hex), .array(let comps)):
            guard let c = Color(hex: hex), comps.count >= 3 else { return false }
            // Half an 8-bit step at least, since hex text is quantized to 1/255.
            let tol = max(tolerance, 0.5 / 255 + 1e-9)
            return zip([c.r, c.g, c.b], comps).allSatisfy { w, g in g.number.map { abs($0 - w) <= tol } ?? false }
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { matches($0, $1, tolerance: tolerance) }
        case (.object(let a), .object(let b)):
            return a.keys.allSatisfy { k in b[k].map { matches(a[k]!, $0, tolerance: tolerance) } ?? false }
        default: return want == got
        }
    }
}
