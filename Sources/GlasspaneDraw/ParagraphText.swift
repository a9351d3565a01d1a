// The paragraph contract between the overlay and a text engine: how a paragraph is set (`ParagraphStyle`) and what
// comes back (`ShapedParagraph`: lines of runs of glyphs placed by glyph index). The overlay sees shaped text only
// through `ParagraphMetrics`; GlasspaneText implements it with HarfBuzz, FriBidi and a font fallback chain.
import GlasspaneCore

/// Where lines sit in the width they are given. Leading and trailing follow the paragraph's direction.
public enum TextAlignment: String, Hashable, Sendable, Codable {
    /// Left for a left-to-right paragraph, right for a right-to-left one.
    case leading
    /// Centered.
    case center
    /// Right for a left-to-right paragraph, left for a right-to-left one.
    case trailing
}

/// How text that does not fit is cut.
public enum TruncationMode: String, Hashable, Sendable, Codable {
    /// Keep the start, end the last line with "…".
    case tail
    /// Keep the start and the end, "…" in between (on the last line).
    case middle
    /// Cut lines past the maximum without a mark.
    case clip
}

/// Which way a paragraph reads when it starts.
public enum BaseDirection: String, Hashable, Sendable, Codable {
    /// From the first strong character (UAX #9 rules P2, P3); left to right when there is none.
    case automatic
    /// Left to right whatever the text.
    case leftToRight
    /// Right to left whatever the text.
    case rightToLeft
}

/// How a paragraph is set: size, spacing, alignment, limits.
public struct ParagraphStyle: Hashable, Sendable, Codable {
    /// Font size in points.
    public var fontSize: Double
    /// Line height as a multiple of the primary font's natural height (ascender to descender).
    public var lineSpacing: Double
    /// Horizontal alignment of each line.
    public var alignment: TextAlignment
    /// At most this many lines; 0 for no limit.
    public var maximumLines: Int
    /// What happens to text past the last allowed line (or past the width of a line that does not wrap).
    public var truncation: TruncationMode
    /// Before truncating, text may shrink to this fraction of `fontSize` (1: never shrink).
    public var minimumScaleFactor: Double
    /// The paragraph's base direction.
    public var direction: BaseDirection
    /// Whether lines wrap at the width; false keeps each paragraph on one line (truncated when too wide).
    public var wraps: Bool

    /// Creates a style; the defaults are one wrapping paragraph at 16 points, leading, no limit.
    public init(fontSize: Double = 16, lineSpacing: Double = 1, alignment: TextAlignment = .leading, maximumLines: Int = 0,
                truncation: TruncationMode = .tail, minimumScaleFactor: Double = 1, direction: BaseDirection = .automatic,
                wraps: Bool = true) {
        self.fontSize = fontSize; self.lineSpacing = lineSpacing; self.alignment = alignment; self.maximumLines = maximumLines
        self.truncation = truncation; self.minimumScaleFactor = minimumScaleFactor; self.direction = direction; self.wraps = wraps
    }
}

/// One glyph placed by index in a font file: what `hb-shape` would print, in points.
public struct PlacedGlyph: Hashable, Sendable, Codable {
    /// The font file and the face inside it.
    public var fontPath: String, faceIndex: Int
    /// The glyph index in that font (0: .notdef, drawn as its box).
    public var id: UInt32
    /// The first scalar of the text it came from, as an offset in its paragraph.
    public var cluster: Int
    /// Pen position plus offset, points: x from the run's line origin, y down from the baseline.
    public var x: Double, y: Double
    /// How far the pen moves, points.
    public var advance: Double
    /// Creates a placed glyph.
    public init(fontPath: String, faceIndex: Int, id: UInt32, cluster: Int, x: Double, y: Double, advance: Double) {
        self.fontPath = fontPath; self.faceIndex = faceIndex; self.id = id; self.cluster = cluster; self.x = x; self.y = y
        self.advance = advance
    }
}

/// A shaped run: one font, script and direction.
public struct ShapedTextRun: Hashable, Sendable, Codable {
    /// Its text, logical order.
    public var text: String
    /// The font file that draws it.
    public var fontPath: String
    /// Font size, points (the style's, times the paragraph's scale).
    public var fontSize: Double
    /// Whether it reads right to left.
    public var isRightToLeft: Bool
    /// ISO 15924 script tag ("Latn", "Arab").
    public var script: String
    /// Its glyphs, left to right on screen.
    public var glyphs: [PlacedGlyph]
    /// Creates a run.
    public init(text: String, fontPath: String, fontSize: Double, isRightToLeft: Bool, script: String, glyphs: [PlacedGlyph]) {
        self.text = text; self.fontPath = fontPath; self.fontSize = fontSize; self.isRightToLeft = isRightToLeft
        self.script = script; self.glyphs = glyphs
    }
}

/// A line of shaped runs in visual order.
public struct ShapedLine: Hashable, Sendable, Codable {
    /// Top-left of the line box (alignment applied), points from the paragraph's origin.
    public var origin: Point
    /// The line's width and height, points.
    public var size: Size
    /// The baseline, points below the line's top.
    public var baseline: Double
    /// Runs, left to right on screen.
    public var runs: [ShapedTextRun]
    /// Creates a line.
    public init(origin: Point, size: Size, baseline: Double, runs: [ShapedTextRun]) {
        self.origin = origin; self.size = size; self.baseline = baseline; self.runs = runs
    }
}

/// A laid-out paragraph (or several, split at newlines).
public struct ShapedParagraph: Hashable, Sendable, Codable {
    /// Lines, top to bottom.
    public var lines: [ShapedLine]
    /// The widest line and the lines' total height, points.
    public var size: Size
    /// Whether text was cut to fit (ellipsis, clipping, or input past the engine's length limit).
    public var isTruncated: Bool
    /// Glyphs no font had (drawn as boxes).
    public var missingGlyphCount: Int
    /// Whether the (first) paragraph reads right to left: its base direction (UAX #9 P2, P3, or the style's).
    public var isRightToLeft: Bool
    /// Whether the layout engine's limits (length, runs, marks per character) dropped text; a length or run cut
    /// ends in the engine's ellipsis where it was cut, which the style's truncation does not say.
    public var wasCutByLimits: Bool
    /// Creates a paragraph.
    public init(lines: [ShapedLine], size: Size, isTruncated: Bool, missingGlyphCount: Int, isRightToLeft: Bool = false,
                wasCutByLimits: Bool = false) {
        self.lines = lines; self.size = size; self.isTruncated = isTruncated; self.missingGlyphCount = missingGlyphCount
        self.isRightToLeft = isRightToLeft; self.wasCutByLimits = wasCutByLimits
    }

    /// Glyph runs to draw the paragraph with its top-left at `origin`.
    public func glyphRuns(at origin: Point, color: Color) -> [GlyphRun] {
        lines.flatMap { line in
            line.runs.map { run in
                GlyphRun(text: run.text, origin: Point(x: origin.x + line.origin.x, y: origin.y + line.origin.y), fontSize: run.fontSize,
                         color: color, shaped: ShapedGlyphs(baseline: line.baseline, glyphs: run.glyphs))
            }
        }
    }
}

/// Glyphs placed by index for a `GlyphRun`: drawn instead of rasterizing the run's text scalar by scalar.
public struct ShapedGlyphs: Hashable, Sendable, Codable {
    /// The baseline, points below the run's origin.
    public var baseline: Double
    /// The glyphs; x from the run's origin.
    public var glyphs: [PlacedGlyph]
    /// Creates shaped glyphs.
    public init(baseline: Double, glyphs: [PlacedGlyph]) { self.baseline = baseline; self.glyphs = glyphs }
}

/// Font metrics that also shape and lay out paragraphs (GlasspaneText's `TextLayoutEngine`, or the GL atlas that
/// holds one). Views that show paragraphs ask for it with `fonts as? ParagraphMetrics` and fall back to one line.
public protocol ParagraphMetrics: FontMetrics {
    /// `text` laid out in `width` points (nil: lines break only at newlines), cached by (text, style, width).
    func layoutParagraph(_ text: String, style: ParagraphStyle, width: Double?) -> ShapedParagraph
}
