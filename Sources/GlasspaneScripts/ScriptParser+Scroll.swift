// Scroll lines (docs/scripts.md, "Scrolling"): `{"scroll":"stats.list","to":[0,480]}` puts the viewport's top-left
// corner at that document point; `{"scroll":"stats.list","row":120}` puts a list's row at the top (`"anchor":
// "nearest"`: the least scroll that shows it whole). The view is found when the frame starts (ScriptObservers.swift).
import GlasspaneCore

extension ScriptParser {
    /// `{"scroll":"ID","to":[x,y]}` or `{"scroll":"ID","row":N,"anchor":"top"|"nearest"}`, each with an optional
    /// `"animated": true`.
    func parseScroll(_ f: inout Fields) throws(LineProblem) -> ScriptAction {
        let view = try f.requiredString("scroll")
        guard !view.isEmpty else { throw f.invalid("scroll", "a view identifier", .string(view)) }
        let animated = try f.flag("animated")
        let hasOffset = f.has("to"), hasRow = f.has("row")
        guard hasOffset != hasRow else {
            throw LineProblem(hasOffset ? .invalidField : .missingField, field: hasOffset ? "row" : "to",
                              "a scroll line needs exactly one of 'to' [x, y] or 'row' N")
        }
        if hasOffset {
            if f.has("anchor") { throw LineProblem(.invalidField, field: "anchor", "'anchor' goes with 'row', not 'to'") }
            return .scroll(view: view, to: .offset(try f.requiredPoint("to", in: ScriptRanges.scrollOffset)), animated: animated)
        }
        let row = try f.requiredInt("row", in: ScriptRanges.scrollRow)
        let anchor = try f.string("anchor") ?? "top"
        guard anchor == "top" || anchor == "nearest" else { throw f.invalid("anchor", "top or nearest", .string(anchor)) }
        return .scroll(view: view, to: .row(row, nearest: anchor == "nearest"), animated: animated)
    }
}

extension Fields {
    /// A boolean member (absent: false); anything but `true` or `false` is an invalid field.
    mutating func flag(_ key: String) throws(LineProblem) -> Bool {
        guard let v = value(key) else { return false }
        guard case .bool(let b) = v else { throw invalid(key, "true or false", v) }
        return b
    }
}
