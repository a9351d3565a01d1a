// Script errors: a fixed list of stable identifiers (tests assert on them) plus `FILE:LINE: message` for people.
import GlasspaneCore

/// The stable identifier of a script problem; the raw value is what tools and tests match on.
public enum ScriptErrorKind: String, Hashable, Sendable, CaseIterable {
    /// The file could not be read.
    case unreadableFile = "unreadable-file"
    /// The line is not valid JSON.
    case notJSON = "not-json"
    /// The line is JSON but not an object.
    case notObject = "not-object"
    /// The first line is not a header.
    case missingHeader = "missing-header"
    /// A header line somewhere other than line 1.
    case misplacedHeader = "misplaced-header"
    /// The header's `format` is not `glasspane-script`.
    case unknownFormat = "unknown-format"
    /// The header's `version` is not one this reader knows.
    case unknownVersion = "unknown-version"
    /// The line has none of the known kind keys (`event`, `click`, `drag`, ...).
    case unknownKind = "unknown-kind"
    /// The line has more than one kind key.
    case ambiguousKind = "ambiguous-kind"
    /// A required field is missing.
    case missingField = "missing-field"
    /// A field has the wrong type or a value out of range.
    case invalidField = "invalid-field"
    /// A field this kind of line does not have (usually a typo).
    case unknownField = "unknown-field"
    /// A line's frame is before the previous line's frame.
    case frameBackwards = "frame-backwards"
    /// A `frames` timing line starts at or before the end of the previous one.
    case timingOverlap = "timing-overlap"
    /// A view identifier the initial view tree does not have (from `validateIdentifiers`).
    case unknownView = "unknown-view"
    /// A view identifier that the live tree could not resolve at the frame it ran.
    case viewNotFound = "view-not-found"
    /// An expectation whose frame the replay never reached (it quit or stopped early): a failure, never a skip.
    case notReached = "not-reached"
    /// The recorder could not write its file.
    case writeFailed = "write-failed"
    /// A final line without a newline that is not complete JSON: an interrupted recorder. A warning, not an error.
    case partialLine = "partial-line"
    /// A number outside its stated range (`window.width` 1e308, `wait` 9e15): the message names the range.
    case outOfRange = "out-of-range"
    /// A size or count over its limit: the file, a line, the number of lines, the JSON nesting of a line, or the
    /// last frame the script reaches (waits and drags added up).
    case limitExceeded = "limit-exceeded"
    /// A line that is not UTF-8 (never silently replaced).
    case invalidUTF8 = "invalid-utf8"
    /// The file starts with a UTF-8 byte order mark.
    case byteOrderMark = "byte-order-mark"
    /// The last entry when more problems were found than are listed: says how many more.
    case moreErrors = "more-errors"
    /// While playing: a `scroll` line's view is not a scroll view (or, for `row`, not a list), or the row is not in
    /// the list at that frame.
    case notScrollable = "not-scrollable"
}

/// One problem (or warning) at a line of a script file.
public struct ScriptDiagnostic: Hashable, Sendable, CustomStringConvertible {
    /// The stable identifier.
    public var kind: ScriptErrorKind
    /// The file name as given to the reader.
    public var file: String
    /// The 1-based line number (0 when the problem is about the whole file).
    public var line: Int
    /// The offending field as a path (`drag.frames`, `window.width`), when there is one.
    public var field: String?
    /// What was wrong, for people.
    public var message: String
    /// For `not-json` and JSON `limit-exceeded` problems: the parser's stable code (`duplicate-key`, `depth`...).
    public var jsonError: JSONParseError.Code?

    /// Creates a diagnostic.
    public init(kind: ScriptErrorKind, file: String, line: Int, field: String? = nil, message: String,
                jsonError: JSONParseError.Code? = nil) {
        self.kind = kind; self.file = file; self.line = line; self.field = field; self.message = message
        self.jsonError = jsonError
    }

    /// `FILE:LINE: message`.
    public var description: String { line > 0 ? "\(file):\(line): \(message)" : "\(file): \(message)" }
}

/// Every problem found in a script; thrown before any frame runs (or, for `view-not-found`, at the frame).
public struct ScriptErrors: Error, Hashable, Sendable, CustomStringConvertible {
    /// The problems, in line order.
    public var diagnostics: [ScriptDiagnostic]
    /// Creates the error from its problems.
    public init(_ diagnostics: [ScriptDiagnostic]) { self.diagnostics = diagnostics }
    /// The stable identifiers of the problems, in order (what tests assert on).
    public var kinds: [ScriptErrorKind] { diagnostics.map(\.kind) }
    /// One `FILE:LINE: message` per line.
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}

/// A problem inside one line, before the file and line number are attached.
struct LineProblem: Error {
    var kind: ScriptErrorKind
    var field: String?
    var message: String
    var jsonError: JSONParseError.Code?
    init(_ kind: ScriptErrorKind, field: String? = nil, _ message: String, jsonError: JSONParseError.Code? = nil) {
        self.kind = kind; self.field = field; self.message = message; self.jsonError = jsonError
    }
}
