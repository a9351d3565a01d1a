// JSON pieces for records assembled as text (the recorder's lines, the inspector's records), written by the one
// writer, `JSONWriter`, so every module escapes strings and formats numbers the same way.

/// One JSON string or number as text, for sibling modules that build a record field by field.
package enum JSONText {
    /// A JSON string literal: quoted, with the escapes RFC 8259 requires.
    package static func quoted(_ t: String) -> String {
        var w = JSONWriter(capacity: t.utf8.count + 2)
        w.string(t)
        return w.text
    }

    /// A number as JSON (whole numbers without `.0`). NaN or an infinity, which JSON cannot carry, is written as
    /// `null`, so a reader (the script replay) rejects that field by name instead of reading a wrong number.
    package static func number(_ n: Double) -> String {
        var w = JSONWriter(capacity: 24)
        do { try w.number(n) } catch { return "null" }
        return w.text
    }
}
