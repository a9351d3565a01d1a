// What a laid-out paragraph is: lines of positioned runs, in points. Produced by `TextLayoutEngine`; the style
// types (`ParagraphStyle`, `TextAlignment`, `TruncationMode`, `BaseDirection`) are GlasspaneDraw's contract.
import GlasspaneCore
import GlasspaneDraw

/// A shaped run placed on a line.
public struct PlacedRun: Hashable, Sendable {
    /// The shaped run (glyphs in design units, clusters as offsets in its paragraph).
    public var run: ShapedRun
    /// The run's left edge, points from the line's left edge.
    public var x: Double
    /// Font size in points (the style's size times the layout's scale).
    public var fontSize: Double
    /// Points per design unit.
    public var scale: Double { fontSize / Double(run.unitsPerEm) }
    /// The run's width in points.
    public var width: Double { Double(run.widthUnits) * scale }

    /// Each glyph's pen position (x from the line's left edge, y down from the baseline) and advance, in points.
    public var placedGlyphs: [(glyph: ShapedGlyph, x: Double, y: Double, advance: Double)] {
        var pen = x
        return run.glyphs.map { glyph in
            defer { pen += Double(glyph.xAdvance) * scale }
            return (glyph, pen + Double(glyph.xOffset) * scale, -Double(glyph.yOffset) * scale, Double(glyph.xAdvance) * scale)
        }
    }
}

/// One line: runs in visual order (left to right on screen).
public struct TextLine: Hashable, Sendable {
    /// Runs, left to right on screen.
    public var runs: [PlacedRun]
    /// The line's left edge (alignment applied) and top, points from the layout's origin.
    public var origin: Point
    /// The baseline, points down from the line's top.
    public var baseline: Double
    /// The line's width (trailing whitespace included) and height, points.
    public var size: Size
    /// The line's text, logical order.
    public var text: String { runs.sorted { $0.run.range.lowerBound < $1.run.range.lowerBound }.map(\.run.text).joined() }
}

/// A laid-out text: one or more paragraphs' lines, top to bottom.
public struct TextLayout: Hashable, Sendable {
    /// The lines.
    public var lines: [TextLine]
    /// The bounding size: the widest line and the lines' total height.
    public var size: Size
    /// The scale applied to the style's font size to fit (1 unless `minimumScaleFactor` shrank it).
    public var scale: Double
    /// Whether text was cut (lines past the maximum, a line too wide, or input past the length limit).
    public var isTruncated: Bool
    /// Whether the input was longer than `TextLayoutEngine.maximumScalars` and its end was dropped before layout.
    public var inputWasTooLong: Bool
    /// Whether the engine's limits dropped text (past `maximumScalars`, past `maximumRunsPerParagraph` runs, where
    /// `cutMark` ends it, or marks past `maximumScalarsPerCharacter`), as opposed to the style's truncation.
    public var wasCutByLimits: Bool = false
    /// Glyphs no font in the chain had (drawn as the primary font's .notdef box).
    public var missingGlyphCount: Int
    /// Whether the first paragraph reads right to left.
    public var isRightToLeft: Bool
}
