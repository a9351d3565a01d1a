// Itemizing a range of a paragraph into runs (same level, script and font) and shaping each run with HarfBuzz.
// Runs are shaped with the whole paragraph as context, so joining at a run's edge sees its neighbours.
import CText

/// One glyph as HarfBuzz placed it, in the font's design units (the numbers `hb-shape` prints).
public struct ShapedGlyph: Hashable, Sendable {
    /// The glyph index in its font (0 is .notdef: no font had it).
    public var id: UInt32
    /// The first scalar of the text it came from, as an offset in the paragraph.
    public var cluster: Int
    /// Horizontal advance, design units.
    public var xAdvance: Int32
    /// Offsets from the pen position, design units (y up, as HarfBuzz reports).
    public var xOffset: Int32, yOffset: Int32
}

/// A run of text in one font, script and direction, shaped.
public struct ShapedRun: Hashable, Sendable {
    /// The scalars it covers, as offsets in the paragraph.
    public var range: Range<Int>
    /// Its text.
    public var text: String
    /// The font that drew it.
    public var font: FontSource
    /// Design units per em of that font.
    public var unitsPerEm: Int
    /// ISO 15924 script tag ("Latn", "Arab").
    public var script: String
    /// Bidi embedding level (odd reads right to left).
    public var level: UInt8
    /// The glyphs in visual order (left to right on screen, as HarfBuzz returns them for either direction).
    public var glyphs: [ShapedGlyph]
    /// Whether the run reads right to left.
    public var isRightToLeft: Bool { level % 2 == 1 }
    /// The run's advance width, design units.
    public var widthUnits: Int { glyphs.reduce(0) { $0 + Int($1.xAdvance) } }
}

/// Shapes runs with HarfBuzz and counts the calls (an idle frame must make none).
package struct RunShaper {
    /// Splits `range` of `paragraph` into runs with equal level, script and font, in logical order.
    package static func itemize(_ paragraph: ParagraphAnalysis, levels: [UInt8], range: Range<Int>) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var start = range.lowerBound
        for i in range where i > start {
            if levels[i] != levels[start] || !sameRun(paragraph.scripts[i], paragraph.scripts[start]) || paragraph.fonts[i] != paragraph.fonts[start] {
                runs.append(start..<i); start = i
            }
        }
        if start < range.upperBound { runs.append(start..<range.upperBound) }
        return runs
    }

    /// Japanese mixes Han, Hiragana and Katakana in one word: one run (shaped with the first scalar's script).
    static func sameRun(_ a: String, _ b: String) -> Bool {
        a == b || (japanese.contains(a) && japanese.contains(b))
    }
    private static let japanese: Set<String> = ["Hani", "Hira", "Kana"]

    /// Shapes one run of the paragraph.
    package static func shape(_ paragraph: ParagraphAnalysis, levels: [UInt8], run: Range<Int>, chain: FontFallbackChain) -> ShapedRun {
        let fontIndex = paragraph.fonts[run.lowerBound]
        let face = chain.face(fontIndex) ?? chain.face(0)!
        let level = levels[run.lowerBound]
        let buffer = hb_buffer_create()
        defer { hb_buffer_destroy(buffer) }
        paragraph.scalars.withUnsafeBufferPointer { text in
            hb_buffer_add_utf32(buffer, text.baseAddress, Int32(text.count), UInt32(run.lowerBound), Int32(run.count))
        }
        hb_buffer_set_direction(buffer, level % 2 == 1 ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, hb_script_from_iso15924_tag(ParagraphAnalysis.tag(paragraph.scripts[run.lowerBound])))
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(face.font, buffer, nil, 0)
        var count: UInt32 = 0
        let infos = hb_buffer_get_glyph_infos(buffer, &count)
        let positions = hb_buffer_get_glyph_positions(buffer, &count)
        var glyphs: [ShapedGlyph] = []
        glyphs.reserveCapacity(Int(count))
        if let infos, let positions {
            for i in 0..<Int(count) {
                glyphs.append(ShapedGlyph(id: infos[i].codepoint, cluster: Int(infos[i].cluster), xAdvance: positions[i].x_advance,
                                          xOffset: positions[i].x_offset, yOffset: positions[i].y_offset))
            }
        }
        let text = String(String.UnicodeScalarView(paragraph.scalars[run].compactMap(Unicode.Scalar.init)))
        return ShapedRun(range: run, text: text, font: face.source, unitsPerEm: face.unitsPerEm,
                         script: paragraph.scripts[run.lowerBound], level: level, glyphs: glyphs)
    }

    /// Visual order of runs on one line (UAX #9 rule L2): from the highest level down to the lowest odd level,
    /// reverse every maximal sequence of runs at that level or higher.
    package static func visualOrder(levels: [UInt8]) -> [Int] {
        var order = Array(levels.indices)
        guard let highest = levels.max(), let lowestOdd = levels.filter({ $0 % 2 == 1 }).min() else { return order }
        var level = highest
        while level >= lowestOdd {
            var i = 0
            while i < order.count {
                guard levels[order[i]] >= level else { i += 1; continue }
                var j = i
                while j < order.count, levels[order[j]] >= level { j += 1 }
                order[i..<j].reverse()
                i = j
            }
            if level == 0 { break }
            level -= 1
        }
        return order
    }
}
