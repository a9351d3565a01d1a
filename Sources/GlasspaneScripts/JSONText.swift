// The recorder's line pieces, written by the one JSON writer (GlasspaneCore's `JSONWriter`).
import GlasspaneCore

/// Small helpers over `JSONWriter` for lines the recorder assembles field by field.
enum JSONText {
    /// A number as JSON (whole numbers without `.0`). NaN or an infinity, which JSON cannot carry, is written
    /// as `null`, so the replay rejects that line naming the field instead of reading a wrong number.
    static func number(_ n: Double) -> String {
        var w = JSONWriter(capacity: 24)
        do { try w.number(n) } catch { return "null" }
        return w.text
    }

    /// A JSON string literal.
    static func quoted(_ t: String) -> String {
        var w = JSONWriter(capacity: t.utf8.count + 2)
        w.string(t)
        return w.text
    }
}
