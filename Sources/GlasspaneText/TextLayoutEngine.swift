// Paragraph layout: split at newlines, analyze each paragraph once (bidi, scripts, fonts, break opportunities),
// break lines greedily at UAX #14 opportunities on shaped widths, shrink toward the minimum scale factor before
// truncating, then shape each line's runs (the line's own trailing whitespace at the base level, rule L1) and order
// them visually (rule L2). Results are cached by (text, style, width): an idle frame shapes nothing.
import CText
import GlasspaneCore
import GlasspaneDraw

/// Lays out and measures text with a font fallback chain; caches what it laid out.
public final class TextLayoutEngine {
    /// Input longer than this many Unicode scalars is cut to it before layout, its last kept scalar replaced by
    /// `cutMark` (`TextLayout.inputWasTooLong`).
    public static let maximumScalars = 32_768
    /// A character (grapheme cluster) keeps at most this many scalars before layout: Unicode's stream-safe format
    /// (UAX #15) allows 30 combining marks in a row, and a cluster of thousands costs HarfBuzz and the layout seconds.
    public static let maximumScalarsPerCharacter = 32
    /// A paragraph shapes at most this many runs (each a HarfBuzz call): text that changes direction, script or font
    /// at every character (a bidi control storm between Hebrew and Latin letters) is cut at the run past it, where
    /// `cutMark` is drawn (`isTruncated`, `wasCutByLimits`). A 10 KB paragraph of real mixed-script text makes about 470.
    public static let maximumRunsPerParagraph = 1_024
    /// Ends the text kept when `maximumScalars` or `maximumRunsPerParagraph` cut it (`TextLayout.wasCutByLimits`).
    public static let cutMark = "\u{2026}"
    /// At most this many layouts stay cached; the least recently used quarter goes when it is full.
    public static let cacheCapacity = 1024
    /// The fonts.
    public let chain: FontFallbackChain
    /// HarfBuzz shaping calls made so far (cached layouts make none).
    public private(set) var shapeCallCount = 0
    /// Layouts answered from the cache so far.
    public private(set) var cacheHitCount = 0

    /// A layout's key. The text compares by its exact UTF-8: Swift's `String` equality is canonical equivalence, under
    /// which "é" and "e" + U+0301 are equal although their scalars, and so their clusters and carets, differ (the
    /// shaping fuzzer found a layout of one returned for the other). Hashing the bytes is also cheaper than hashing
    /// a `String`, which normalizes first.
    private struct CacheKey: Hashable {
        var text: String; var style: ParagraphStyle; var width: Double
        static func == (a: CacheKey, b: CacheKey) -> Bool {
            a.width == b.width && a.style == b.style && a.text.utf8.elementsEqual(b.text.utf8)
        }
        func hash(into hasher: inout Hasher) {
            hasher.combine(width)
            hasher.combine(style)
            var text = text
            text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        }
    }
    private var cache: [CacheKey: (layout: TextLayout, lastUse: UInt64)] = [:]
    private var useClock: UInt64 = 0

    /// Creates an engine over `chain`.
    public init(chain: FontFallbackChain) { self.chain = chain }

    /// Lays out `text` in `width` points (nil: no limit, lines break only at newlines).
    public func layout(_ text: String, style: ParagraphStyle, width: Double? = nil) -> TextLayout {
        let key = CacheKey(text: text, style: style, width: width ?? -1)
        useClock += 1
        if let hit = cache[key] { cache[key] = (hit.layout, useClock); cacheHitCount += 1; return hit.layout }
        let result = makeLayout(text, style: style, width: width.map { max($0, 0) })
        if cache.count >= Self.cacheCapacity {
            let oldest = cache.sorted { $0.value.lastUse < $1.value.lastUse }.prefix(Self.cacheCapacity / 4)
            for (k, _) in oldest { cache.removeValue(forKey: k) }
        }
        cache[key] = (result, useClock)
        return result
    }

    /// Where a paragraph over `maximumRunsPerParagraph` runs is cut (a grapheme start, scalars), nil when it is not.
    static func runLimitCut(_ analysis: ParagraphAnalysis) -> Int? {
        let runs = RunShaper.itemize(analysis, levels: analysis.levels, range: 0..<analysis.scalars.count)
        guard runs.count > maximumRunsPerParagraph else { return nil }
        var cut = runs[maximumRunsPerParagraph].lowerBound
        while cut > 0, !analysis.graphemeStarts[cut] { cut -= 1 }
        return cut
    }

    /// Empties the cache (after the chain's fonts changed, say).
    public func removeCachedLayouts() { cache.removeAll() }

    // MARK: - Layout

    private struct Paragraph {
        var analysis: ParagraphAnalysis
        /// Advance of each scalar in ems (a cluster's advance on its first scalar).
        var widths: [Double]
        /// The paragraph's runs shaped whole, by range start: a line that holds a run whole reuses it (same range,
        /// level and context give the same glyphs), so only runs cut by a line break are shaped again.
        var runs: [Int: ShapedRun]
    }

    private func makeLayout(_ original: String, style: ParagraphStyle, width: Double?) -> TextLayout {
        let tooLong = original.unicodeScalars.count > Self.maximumScalars
        var text = original
        // Text dropped by a limit ends in an ellipsis where it was cut, so every view shows that some is missing.
        if tooLong { text = String(String.UnicodeScalarView(original.unicodeScalars.prefix(Self.maximumScalars - 1))) + Self.cutMark }
        let overlong = Self.capCharacters(&text)
        let fontSize = max(style.fontSize, 0.1)
        var tooManyRuns = false
        let paragraphs: [Paragraph] = text.split(omittingEmptySubsequences: false, whereSeparator: { $0.isNewline }).map { piece in
            var analysis = ParagraphAnalysis(piece, direction: style.direction, chain: chain)
            if let cut = Self.runLimitCut(analysis) {
                // Itemizing is cheap; shaping is what the limit bounds. Cut at a grapheme start and analyze again.
                tooManyRuns = true
                let end = piece.unicodeScalars.index(piece.unicodeScalars.startIndex, offsetBy: cut)
                analysis = ParagraphAnalysis(Substring(String(piece.unicodeScalars[..<end]) + Self.cutMark), direction: style.direction, chain: chain)
            }
            let (widths, runs) = emWidths(analysis)
            return Paragraph(analysis: analysis, widths: widths, runs: runs)
        }
        let maxLines = style.maximumLines > 0 ? style.maximumLines : Int.max

        func wrapAll(scale: Double) -> [(paragraph: Int, range: Range<Int>)] {
            let maxEm = width.map { $0 / (fontSize * scale) } ?? .infinity
            var lines: [(Int, Range<Int>)] = []
            for (p, paragraph) in paragraphs.enumerated() {
                for range in wrap(paragraph, maxEm: style.wraps ? maxEm : .infinity) { lines.append((p, range)) }
            }
            return lines
        }
        func overflows(_ lines: [(paragraph: Int, range: Range<Int>)], scale: Double) -> Bool {
            if lines.count > maxLines { return true }
            guard let width else { return false }
            let maxEm = width / (fontSize * scale) + 1e-9
            return lines.contains { emWidth(paragraphs[$0.paragraph], $0.range, trimming: true) > maxEm }
        }

        var scale = 1.0
        var lines = wrapAll(scale: 1)
        if overflows(lines, scale: 1), style.minimumScaleFactor < 1 {
            let lowest = max(style.minimumScaleFactor, 0.05)
            var low = lowest, high = 1.0
            var lowLines = wrapAll(scale: lowest)
            if overflows(lowLines, scale: lowest) { scale = lowest; lines = lowLines } else {
                for _ in 0..<10 {
                    let middle = (low + high) / 2
                    let candidate = wrapAll(scale: middle)
                    if overflows(candidate, scale: middle) { high = middle } else { low = middle; lowLines = candidate }
                }
                scale = low; lines = lowLines
            }
        }

        let size = fontSize * scale
        let primary = chain.face(0)!
        let ascent = Double(primary.ascender) / Double(primary.unitsPerEm) * size
        let natural = Double(primary.ascender - primary.descender) / Double(primary.unitsPerEm) * size
        let lineHeight = natural * max(style.lineSpacing, 0.1)
        let maxEm = width.map { $0 / size + 1e-9 } ?? .infinity
        var truncated = tooLong || overlong || tooManyRuns
        var result: [TextLine] = []
        var levelCopies: [Int: [UInt8]] = [:]
        for (index, line) in lines.prefix(maxLines).enumerated() {
            let paragraph = paragraphs[line.paragraph]
            let isLastAllowed = index == maxLines - 1 && lines.count > maxLines
            let tooWide = emWidth(paragraph, line.range, trimming: true) > maxEm
            var placed: [PlacedRun]
            if (isLastAllowed || tooWide) && style.truncation != .clip {
                let end = isLastAllowed ? paragraph.analysis.scalars.count : line.range.upperBound
                placed = truncatedLine(paragraph, line.range.lowerBound..<end, mode: style.truncation, maxEm: maxEm, size: size)
                truncated = true
            } else {
                if isLastAllowed || tooWide { truncated = true }
                var levels = levelCopies.removeValue(forKey: line.paragraph) ?? paragraph.analysis.levels  // no copy per line
                placed = placeLine(paragraph.analysis, range: line.range, levels: &levels, size: size, shapedWhole: paragraph.runs)
                levelCopies[line.paragraph] = levels
            }
            let lineWidth = placed.reduce(0) { $0 + $1.width }
            result.append(TextLine(runs: placed, origin: Point(x: 0, y: Double(index) * lineHeight),
                                   baseline: ascent + (lineHeight - natural) / 2, size: Size(width: lineWidth, height: lineHeight)))
        }
        let rtl = paragraphs.first?.analysis.baseLevel == 1
        let boxWidth = width ?? result.map(\.size.width).max() ?? 0
        for i in result.indices {
            let slack = boxWidth - result[i].size.width
            let lineRTL = paragraphs[lines[i].paragraph].analysis.baseLevel == 1
            switch style.alignment {
            case .leading: result[i].origin.x = lineRTL ? slack : 0
            case .center: result[i].origin.x = slack / 2
            case .trailing: result[i].origin.x = lineRTL ? 0 : slack
            }
        }
        let missing = result.reduce(0) { $0 + $1.runs.reduce(0) { $0 + $1.run.glyphs.filter { $0.id == 0 }.count } }
        return TextLayout(lines: result, size: Size(width: result.map(\.size.width).max() ?? 0, height: Double(result.count) * lineHeight),
                          scale: scale, isTruncated: truncated, inputWasTooLong: tooLong, wasCutByLimits: tooLong || overlong || tooManyRuns,
                          missingGlyphCount: missing, isRightToLeft: rtl)
    }

    /// Cuts every character to `maximumScalarsPerCharacter` scalars; true when one was cut. Only text with a run of
    /// marks that long is rebuilt (a scan of the scalars finds it first).
    static func capCharacters(_ text: inout String) -> Bool {
        var run = 0, needed = false
        for scalar in text.unicodeScalars {
            run = scalar.properties.isGraphemeExtend || scalar.value == 0x200D ? run + 1 : 0
            if run >= maximumScalarsPerCharacter { needed = true; break }
        }
        guard needed else { return false }
        var out = String.UnicodeScalarView(), cut = false
        for character in text {
            let scalars = character.unicodeScalars
            if scalars.count > maximumScalarsPerCharacter { out.append(contentsOf: scalars.prefix(maximumScalarsPerCharacter)); cut = true } else {
                out.append(contentsOf: scalars)
            }
        }
        text = String(out)
        return cut
    }

    /// Each scalar's advance in ems, from shaping the paragraph's runs once.
    private func emWidths(_ analysis: ParagraphAnalysis) -> ([Double], [Int: ShapedRun]) {
        var widths = [Double](repeating: 0, count: analysis.scalars.count)
        var runs: [Int: ShapedRun] = [:]
        for run in RunShaper.itemize(analysis, levels: analysis.levels, range: 0..<analysis.scalars.count) {
            let shaped = RunShaper.shape(analysis, levels: analysis.levels, run: run, chain: chain)
            shapeCallCount += 1
            runs[run.lowerBound] = shaped
            for glyph in shaped.glyphs where glyph.cluster < widths.count {
                widths[glyph.cluster] += Double(glyph.xAdvance) / Double(shaped.unitsPerEm)
            }
        }
        return (widths, runs)
    }

    /// Width of a range in ems; `trimming` leaves out trailing whitespace (it hangs past the edge).
    private func emWidth(_ paragraph: Paragraph, _ range: Range<Int>, trimming: Bool) -> Double {
        var end = range.upperBound
        if trimming { while end > range.lowerBound, paragraph.analysis.isWhitespace[end - 1] { end -= 1 } }
        return paragraph.widths[range.lowerBound..<end].reduce(0, +)
    }

    /// Greedy line breaking at UAX #14 opportunities; a line with no opportunity breaks between graphemes.
    private func wrap(_ paragraph: Paragraph, maxEm: Double) -> [Range<Int>] {
        let a = paragraph.analysis
        let count = a.scalars.count
        var lines: [Range<Int>] = []
        var start = 0, lastBreak: Int? = nil
        var lineWidth = 0.0, visible = 0.0
        var i = 0
        while i < count {
            lineWidth += paragraph.widths[i]
            if !a.isWhitespace[i] { visible = lineWidth }
            if visible > maxEm + 1e-9, i > start {
                let cut: Int? = lastBreak.flatMap { $0 > start ? $0 : nil } ?? (a.graphemeStarts[i] ? i : nil)
                if let cut {
                    lines.append(start..<cut); start = cut; lastBreak = nil
                    lineWidth = 0; visible = 0
                    for j in cut...i { lineWidth += paragraph.widths[j]; if !a.isWhitespace[j] { visible = lineWidth } }
                }
            }
            if a.breaks[i] == .allowed { lastBreak = i + 1 }
            if a.breaks[i] == .mandatory, i + 1 < count {
                lines.append(start..<(i + 1)); start = i + 1; lastBreak = nil; lineWidth = 0; visible = 0
            }
            i += 1
        }
        lines.append(start..<count)
        return lines
    }

    /// Shapes one line's runs and places them left to right in visual order.
    private func placeLine(_ analysis: ParagraphAnalysis, range: Range<Int>, levels: inout [UInt8], size: Double,
                           shapedWhole: [Int: ShapedRun] = [:]) -> [PlacedRun] {
        guard !range.isEmpty else { return [] }
        // Rule L1: trailing whitespace goes back to the paragraph level (restored after, the copy is shared).
        var saved: [(Int, UInt8)] = []
        for i in analysis.trailingWhitespaceStart(range)..<range.upperBound {
            saved.append((i, levels[i])); levels[i] = analysis.baseLevel
        }
        defer { for (i, level) in saved { levels[i] = level } }
        let runs = RunShaper.itemize(analysis, levels: levels, range: range).map { run -> ShapedRun in
            if let whole = shapedWhole[run.lowerBound], whole.range == run, whole.level == levels[run.lowerBound] { return whole }
            shapeCallCount += 1
            return RunShaper.shape(analysis, levels: levels, run: run, chain: chain)
        }
        var x = 0.0
        return RunShaper.visualOrder(levels: runs.map(\.level)).map { index in
            let placed = PlacedRun(run: runs[index], x: x, fontSize: size)
            x += placed.width
            return placed
        }
    }

    /// The line made of `range` cut to fit `maxEm` with an ellipsis: the start kept (tail) or the start and the end
    /// (middle), whole graphemes only, checked by shaping the result.
    private func truncatedLine(_ paragraph: Paragraph, _ range: Range<Int>, mode: TruncationMode, maxEm: Double, size: Double) -> [PlacedRun] {
        let a = paragraph.analysis
        let starts = range.filter { a.graphemeStarts[$0] } + [range.upperBound]
        let direction: BaseDirection = a.baseLevel == 1 ? .rightToLeft : .leftToRight
        func build(head: Int, tail: Int) -> (runs: [PlacedRun], em: Double) {
            var scalars = a.scalars[range.lowerBound..<starts[head]].map { $0 }
            while let last = scalars.last, last == 0x20 { scalars.removeLast() }
            scalars.append(0x2026)
            scalars += a.scalars[starts[starts.count - 1 - tail]..<range.upperBound]
            let text = String(String.UnicodeScalarView(scalars.compactMap(Unicode.Scalar.init)))
            let analysis = ParagraphAnalysis(Substring(text), direction: direction, chain: chain)
            var levels = analysis.levels
            let runs = placeLine(analysis, range: 0..<analysis.scalars.count, levels: &levels, size: size)
            return (runs, runs.reduce(0) { $0 + $1.width } / size)
        }
        let graphemes = starts.count - 1
        // Grow the kept text one grapheme at a time while it fits (the estimate from cached widths skips most of it).
        var head = 0, tail = 0
        var best = build(head: 0, tail: 0)
        let ellipsisEm = best.em
        var keptEm = ellipsisEm
        while head + tail < graphemes {
            let takeTail = mode == .middle && tail < head
            let index = takeTail ? graphemes - 1 - tail : head
            let piece = paragraph.widths[starts[index]..<starts[index + 1]].reduce(0, +)
            if keptEm + piece > maxEm { break }
            keptEm += piece
            if takeTail { tail += 1 } else { head += 1 }
        }
        while head + tail > 0 {
            let candidate = build(head: head, tail: tail)
            if candidate.em <= maxEm { best = candidate; break }
            if tail > 0 && tail >= head { tail -= 1 } else { head -= 1 }
        }
        return best.runs
    }
}

extension TextLayoutEngine: FontMetrics {
    /// One line of `text` at `fontSize` points (newlines start new lines), shaped with the fallback chain.
    public func measure(_ text: String, fontSize: Double) -> Size {
        layout(text, style: ParagraphStyle(fontSize: fontSize, wraps: false), width: nil).size
    }
}

extension TextLayoutEngine: ParagraphMetrics {
    /// The layout as the draw module's contract: runs with glyphs placed in points (x from the line's origin).
    public func layoutParagraph(_ text: String, style: ParagraphStyle, width: Double?) -> ShapedParagraph {
        let layout = layout(text, style: style, width: width)
        return ShapedParagraph(
            lines: layout.lines.map { line in
                ShapedLine(origin: line.origin, size: line.size, baseline: line.baseline, runs: line.runs.map { placed in
                    ShapedTextRun(text: placed.run.text, fontPath: placed.run.font.path, fontSize: placed.fontSize,
                                  isRightToLeft: placed.run.isRightToLeft, script: placed.run.script,
                                  glyphs: placed.placedGlyphs.map {
                                      PlacedGlyph(fontPath: placed.run.font.path, faceIndex: placed.run.font.faceIndex, id: $0.glyph.id,
                                                  cluster: $0.glyph.cluster, x: $0.x, y: $0.y, advance: $0.advance)
                                  })
                })
            },
            size: layout.size, isTruncated: layout.isTruncated, missingGlyphCount: layout.missingGlyphCount,
            isRightToLeft: layout.isRightToLeft, wasCutByLimits: layout.wasCutByLimits)
    }
}
