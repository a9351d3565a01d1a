// A text field's shaped line (`shapesText`): laid out by the fonts' `ParagraphMetrics` (cached there by text and
// size), drawn as runs of glyphs placed by index; the caret before a character sits at the edge of the glyph whose
// cluster starts there: its left edge in a left-to-right run, its right edge in a right-to-left one.
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
        guard let line = shapedLine(fonts: fonts)?.lines.first else { return shapesText && text.isEmpty && fonts is any ParagraphMetrics ? 0 : nil }
        let glyphs = line.runs.flatMap { run in run.glyphs.map { (glyph: $0, rtl: run.isRightToLeft) } }
        let rtlBase = line.runs.first.map { _ in isRightToLeftBase(line) } ?? false
        if index >= text.count { return line.origin.x + (rtlBase ? 0 : line.size.width) }
        let scalar = text.characters(in: 0..<index).unicodeScalars.count
        // The glyph of the cluster that holds the scalar: the largest cluster start at or before it.
        var best: (glyph: PlacedGlyph, rtl: Bool)?
        for candidate in glyphs where candidate.glyph.cluster <= scalar {
            if best == nil || candidate.glyph.cluster > best!.glyph.cluster { best = candidate }
        }
        guard let best else { return line.origin.x + (rtlBase ? line.size.width : 0) }
        return line.origin.x + (best.rtl ? best.glyph.x + best.glyph.advance : best.glyph.x)
    }

    /// Whether the line's paragraph reads right to left: its logically first run is right to left.
    private func isRightToLeftBase(_ line: ShapedLine) -> Bool {
        let first = line.runs.min { ($0.glyphs.map(\.cluster).min() ?? 0) < ($1.glyphs.map(\.cluster).min() ?? 0) }
        return first?.isRightToLeft ?? false
    }
}
