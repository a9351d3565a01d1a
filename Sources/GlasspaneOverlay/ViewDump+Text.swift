// What a text view shows, for `--dump-views`: each line and run of a shaped paragraph (text, font file, size,
// direction, script, and glyphs with id, cluster, x, y, advance) so a test or a user can compare it with `hb-shape`.
import GlasspaneCore
import GlasspaneDraw

/// One glyph in a dump: the numbers `hb-shape` prints, in points (x from the line's left edge, y down from its
/// baseline) instead of font units.
public struct GlyphDump: Hashable, Sendable, Codable {
    /// Glyph index in the run's font (0: .notdef, no font had the scalar).
    public var id: UInt32
    /// The first scalar of its text, as an offset in its paragraph.
    public var cluster: Int
    /// Position and advance, points.
    public var x: Double, y: Double, advance: Double
}

/// One run in a dump.
public struct TextRunDump: Hashable, Sendable, Codable {
    /// The run's text, logical order.
    public var text: String
    /// The font file that draws it.
    public var font: String
    /// Font size, points.
    public var size: Double
    /// `ltr` or `rtl`.
    public var direction: String
    /// ISO 15924 script tag.
    public var script: String
    /// Glyphs, left to right on screen.
    public var glyphs: [GlyphDump]
}

/// One line in a dump.
public struct TextLineDump: Hashable, Sendable, Codable {
    /// The line box in window points.
    public var frame: DumpRect
    /// Runs, left to right on screen.
    public var runs: [TextRunDump]
}

/// A text view's shaped lines.
public struct TextDump: Hashable, Sendable, Codable {
    /// Lines, top to bottom.
    public var lines: [TextLineDump]
    /// Whether the text was cut to fit.
    public var truncated: Bool
    /// Glyphs no font had.
    public var missingGlyphs: Int
}

extension Label {
    /// The label's shaped lines as drawn in `frame` (window points), when it shows a paragraph and the fonts shape.
    func textDump(frame: Rect, fonts: any FontMetrics) -> TextDump? {
        guard let paragraph = shapedParagraph(width: frame.width, fonts: fonts) else { return nil }
        let top = frame.minY + max(0, ((frame.height - paragraph.size.height) / 2).rounded(.down))
        return TextDump(
            lines: paragraph.lines.map { line in
                let box = Rect(x: frame.minX + line.origin.x, y: top + line.origin.y, width: line.size.width, height: line.size.height)
                return TextLineDump(frame: DumpRect(box), runs: line.runs.map { run in
                    TextRunDump(text: run.text, font: run.fontPath, size: run.fontSize, direction: run.isRightToLeft ? "rtl" : "ltr",
                                script: run.script, glyphs: run.glyphs.map {
                                    GlyphDump(id: $0.id, cluster: $0.cluster, x: $0.x, y: $0.y, advance: $0.advance)
                                })
                })
            },
            truncated: paragraph.isTruncated, missingGlyphs: paragraph.missingGlyphCount)
    }
}

extension TextEditor {
    /// The editor's shaped lines where they are drawn in `frame` (window points, scrolled; lines outside the frame
    /// included), when the fonts shape. Clusters are offsets in each line's paragraph (the text between newlines).
    func textDump(frame: Rect, fonts: any FontMetrics) -> TextDump? {
        guard fonts is any ParagraphMetrics else { return nil }
        ensureLayout(fonts: fonts)
        var lines: [TextLineDump] = []
        for p in paragraphs.indices {
            let paragraph = layout(p)
            for line in paragraph.lines {
                let box = Rect(x: frame.minX + TextEditor.padding + line.originX,
                               y: frame.minY + TextEditor.padding - contentOffsetY + paragraphTops[p] + line.top,
                               width: line.width, height: line.height)
                lines.append(TextLineDump(frame: DumpRect(box), runs: line.runs.map { run in
                    TextRunDump(text: run.text, font: run.fontPath, size: run.fontSize, direction: run.isRightToLeft ? "rtl" : "ltr",
                                script: run.script, glyphs: run.glyphs.map {
                                    GlyphDump(id: $0.id, cluster: $0.cluster, x: $0.x, y: $0.y, advance: $0.advance)
                                })
                }))
            }
        }
        return TextDump(lines: lines, truncated: inputWasCut, missingGlyphs: 0)
    }
}
