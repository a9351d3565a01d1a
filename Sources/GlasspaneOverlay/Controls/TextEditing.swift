// Editing pieces shared by TextField (one line) and TextEditor (many): the input filter that keeps what fits in a
// field's limits, and the undo history. Both count in grapheme clusters, Unicode scalars and UTF-8 bytes, since one
// character can hold any number of combining marks.
import GlasspaneCore
import GlasspaneDraw

/// What typed or pasted text keeps: printable characters (and, for a multi-line editor, newlines) up to the limits.
enum TextInputFilter {
    /// The most Unicode scalars one character keeps: Unicode's stream-safe format (UAX #15) allows 30 combining marks
    /// in a row; a character with more (10,000 accents on one letter) keeps its first 32 scalars and counts as cut.
    static let maximumScalarsPerCharacter = 32

    /// Whether `c` is dropped: control characters (Unicode Cc, including tab) and, unless `keepingNewlines`, newlines
    /// and line or paragraph separators.
    /// Whether `joined` (the text up to the caret after an insertion) ends in a character over
    /// `maximumScalarsPerCharacter`: marks typed one at a time merge into the character before them.
    static func endsInOverlongCharacter(_ joined: String) -> Bool {
        guard let last = joined.unicodeScalars.last, last.properties.generalCategory == .nonspacingMark
                || last.properties.generalCategory == .spacingMark || last.properties.generalCategory == .enclosingMark
                || last.properties.isGraphemeExtend else { return false }
        return (joined.last?.unicodeScalars.count ?? 0) > maximumScalarsPerCharacter
    }

    static func drops(_ c: Character, keepingNewlines: Bool) -> Bool {
        if c.isNewline { return !keepingNewlines }
        return c.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }

    /// The kept characters at the start of `input` that fit in `characters` characters, `scalars` Unicode scalars and
    /// `utf8` bytes; newlines (CR, LF, CRLF, U+2028...) become "\n" when kept. It stops at the first character that does
    /// not fit, reading nothing after it (a pasted megabyte costs what fits and one character more). A character over
    /// `maximumScalarsPerCharacter` keeps its first scalars. `wasCut` says whether anything was left out.
    static func prefix(_ input: String, keepingNewlines: Bool, characters: Int, scalars: Int, utf8: Int)
        -> (text: String, wasCut: Bool) {
        var out = "", count = 0, scalarCount = 0, byteCount = 0, cut = false
        for c in input {
            if drops(c, keepingNewlines: keepingNewlines) { continue }
            var kept: Character = c.isNewline ? "\n" : c
            if kept.unicodeScalars.count > maximumScalarsPerCharacter {
                kept = Character(String(String.UnicodeScalarView(kept.unicodeScalars.prefix(maximumScalarsPerCharacter))))
                cut = true
            }
            let cScalars = kept.unicodeScalars.count, cBytes = kept.utf8.count
            guard count < characters, scalarCount + cScalars <= scalars, byteCount + cBytes <= utf8 else { return (out, true) }
            out.append(kept)
            count += 1; scalarCount += cScalars; byteCount += cBytes
        }
        return (out, cut)
    }
}

/// Undo and redo of edits, each a pair of snapshots (before, after). Typing coalesces: an edit marked `coalescing`
/// right after another one keeps the first one's `before`, so Ctrl+Z takes back a typed word, not a letter.
struct TextUndoHistory<Snapshot> {
    /// One step: the state before and after it.
    struct Step { var before: Snapshot; var after: Snapshot; var coalesces: Bool }
    /// At most this many steps are kept (the oldest go first).
    static var maximumSteps: Int { 200 }
    private(set) var undoSteps: [Step] = []
    private(set) var redoSteps: [Step] = []
    /// Cleared by a caret move or anything that is not typing, so the next typing starts a new step.
    var canCoalesce = false

    /// Records an edit; `coalescing` merges it into the previous step when that one was typing too.
    mutating func record(before: Snapshot, after: Snapshot, coalescing: Bool, merge: (Step, Snapshot) -> Step?) {
        redoSteps.removeAll()
        if coalescing, canCoalesce, let last = undoSteps.last, last.coalesces, let merged = merge(last, after) {
            undoSteps[undoSteps.count - 1] = merged
        } else {
            undoSteps.append(Step(before: before, after: after, coalesces: coalescing))
            if undoSteps.count > Self.maximumSteps { undoSteps.removeFirst(undoSteps.count - Self.maximumSteps) }
        }
        canCoalesce = coalescing
    }

    /// The step to take back (moved to the redo list), nil when there is none.
    mutating func undo() -> Step? {
        canCoalesce = false
        guard let step = undoSteps.popLast() else { return nil }
        redoSteps.append(step)
        return step
    }

    /// The step to do again (moved back to the undo list), nil when there is none.
    mutating func redo() -> Step? {
        canCoalesce = false
        guard let step = redoSteps.popLast() else { return nil }
        undoSteps.append(step)
        return step
    }

    /// Forgets every step (a programmatic `setText`).
    mutating func removeAll() { undoSteps.removeAll(); redoSteps.removeAll(); canCoalesce = false }
}

/// An input method's uncommitted text drawn at the caret: over a backing in the field's color, underlined, in the
/// text color, shaped when the fonts shape. Shared by TextField and TextEditor.
enum TextComposition {
    /// The composition a field or editor shows: its printable prefix within the field's limits, and the cursor
    /// clamped into it.
    static func shown(_ composition: String, cursor: Int) -> (text: String, cursor: Int) {
        let limit = TextField.maxLengthLimit
        let text = TextField.printablePrefix(composition, characters: limit, scalars: limit * TextField.scalarsPerCharacter,
                                             utf8: limit * TextField.utf8BytesPerCharacter)
        return (text, min(max(cursor, 0), text.count))
    }

    /// Draws `text` with its top-left at `origin` and returns the x of its cursor (`cursor` characters in). With
    /// shaping fonts (`ParagraphMetrics`) it is shaped like committed text: an Arabic composition joins, its runs are
    /// in bidi order, and the cursor sits at a cluster edge (the left edge of a right-to-left word's end).
    static func draw(_ text: String, cursor: Int, at origin: Point, lineHeight: Double, fontSize: Double, fill: Color, color: Color,
                     fonts: any FontMetrics, context: inout PaintContext) -> Double {
        if let shaper = fonts as? any ParagraphMetrics, !text.isEmpty {
            let paragraph = shaper.layoutParagraph(text, style: ParagraphStyle(fontSize: fontSize, wraps: false), width: nil)
            let width = paragraph.size.width
            context.add(.rect(Rect(x: origin.x, y: origin.y, width: width, height: lineHeight), color: fill, cornerRadius: 0))
            for run in paragraph.glyphRuns(at: origin, color: color) { context.add(.glyphs(run)) }
            context.add(.rect(Rect(x: origin.x, y: origin.y + lineHeight - 2, width: width, height: 1), color: color, cornerRadius: 0))
            var scalarOffsets = [0]
            for c in text { scalarOffsets.append(scalarOffsets[scalarOffsets.count - 1] + c.unicodeScalars.count) }
            let layout = EditorParagraphLayout.make(shaped: paragraph, empty: false, scalarOffsets: scalarOffsets)
            return origin.x + layout.caretX(offset: cursor, lineIndex: 0)
        }
        let width = fonts.measure(text, fontSize: fontSize).width
        context.add(.rect(Rect(x: origin.x, y: origin.y, width: width, height: lineHeight), color: fill, cornerRadius: 0))
        context.add(.glyphs(GlyphRun(text: text, origin: origin, fontSize: fontSize, color: color)))
        context.add(.rect(Rect(x: origin.x, y: origin.y + lineHeight - 2, width: width, height: 1), color: color, cornerRadius: 0))
        let cursorPrefix = String(text.prefix(cursor))
        return origin.x + (cursorPrefix.isEmpty ? 0 : fonts.measure(cursorPrefix, fontSize: fontSize).width)
    }
}
