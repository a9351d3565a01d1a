// A text field's shaped line (`shapesText`): laid out by the fonts' `ParagraphMetrics` (cached there by text and
// size), drawn as runs of glyphs placed by index; the caret before a character sits at the edge of the cluster that
// starts there: its left edge in a left-to-right run, its right edge in a right-to-left one (the editor's cluster
// geometry, TextEditor+Layout.swift, which also gives the selection one rectangle per visual stretch).
import GlasspaneCore
import GlasspaneDraw

extension TextField {
    /// The one-line shaped layout of the text, when shaping is on and the fonts shape.
    func shapedLine(fonts: any FontMetrics) -> ShapedParagraph? {
        guard shapesText, !text.isEmpty, let shaper = fonts as? any ParagraphMetrics else { return nil }
        return shaper.layoutParagraph(text, style: ParagraphStyle(fontSize: fontSize, wraps: false), width: nil)
    }

    /// Glyph runs of the shaped text with its line's top-left at `origin`.
    func shapedRuns(at origin: Point, color: Color, fonts: any FontMetrics) -> [GlyphRun]? {
        shapedLine(fonts: fonts)?.glyphRuns(at: origin, color: color)
    }

    /// The caret's x before character `index` in the shaped line; nil when the text is not shaped.
    func shapedCaretX(_ index: Int, fonts: any FontMetrics) -> Double? {
        guard let geometry = shapedGeometry(fonts: fonts) else { return shapesText && text.isEmpty && fonts is any ParagraphMetrics ? 0 : nil }
        return geometry.caretX(offset: index, lineIndex: 0)
    }

    /// The shaped line's clusters and their boxes, as the editor computes them (TextEditor+Layout.swift), so caret and
    /// selection agree; kept until the measurements are dropped (a new text, font size or metrics).
    func shapedGeometry(fonts: any FontMetrics) -> EditorParagraphLayout? {
        validateMeasurements(fonts: fonts)
        if let cached = shapedGeometryCache { return cached }
        guard let paragraph = shapedLine(fonts: fonts) else { return nil }
        var scalarOffsets = [0]
        scalarOffsets.reserveCapacity(text.count + 1)
        for c in text { scalarOffsets.append(scalarOffsets[scalarOffsets.count - 1] + c.unicodeScalars.count) }
        let geometry = EditorParagraphLayout.make(shaped: paragraph, empty: false, scalarOffsets: scalarOffsets)
        shapedGeometryCache = geometry
        return geometry
    }

    /// The selection as one x range per visual stretch of the shaped line, points from the text's left edge (as
    /// `caretX`): selecting from "c" into "שלום" in "abc שלום" covers "c " and the Hebrew letters at the right end of
    /// their run. Nil when the text is not shaped.
    func shapedSelectionStretches(fonts: any FontMetrics) -> [(x0: Double, x1: Double)]? {
        shapedGeometry(fonts: fonts)?.selectionSpans(characters: selection, includesNewline: false).map { ($0.x0, $0.x1) }
    }
}
