// The text editor's geometry: each paragraph (text between newlines) laid out on its own through the fonts'
// `ParagraphMetrics` (shaped, bidirectional, wrapped; TextLayoutEngine caches it by text, style and width), or
// measured character by character with plain `FontMetrics`. From the shaped lines come the clusters that caret,
// selection and hit testing use: a cluster's box on screen and the scalars it came from, so a caret before a
// right-to-left cluster sits at its right edge and a selection of mixed runs is one rectangle per visual stretch.
import GlasspaneCore
import GlasspaneDraw

/// A position in a `TextEditor`: the paragraph (text between newlines) and a character offset inside it.
struct EditorPosition: Hashable, Comparable, Sendable {
    /// The paragraph index.
    var paragraph: Int
    /// Characters (grapheme clusters) from the paragraph's start.
    var offset: Int
    static func < (a: EditorPosition, b: EditorPosition) -> Bool {
        a.paragraph != b.paragraph ? a.paragraph < b.paragraph : a.offset < b.offset
    }
}

/// A shaped cluster on a line: the scalars it came from and its box, points from the paragraph's left edge.
struct EditorCluster: Hashable {
    var scalars: Range<Int>
    var x0: Double, x1: Double
    var isRightToLeft: Bool

    /// The x of the caret before scalar `s` inside this cluster (a ligature's inside split evenly).
    func caretX(beforeScalar s: Int) -> Double {
        let fraction = scalars.count > 0 ? Double(s - scalars.lowerBound) / Double(scalars.count) : 0
        return isRightToLeft ? x1 - fraction * (x1 - x0) : x0 + fraction * (x1 - x0)
    }
}

/// One visual line of a paragraph.
struct EditorLine {
    /// Top and height, points from the paragraph's top; the baseline below the top.
    var top: Double, height: Double, baseline: Double
    /// The characters (offsets in the paragraph) and the scalars on the line.
    var characters: Range<Int>, scalars: Range<Int>
    /// Clusters left to right on screen.
    var clusters: [EditorCluster]
    /// The line box's left edge and width, points from the paragraph's left edge.
    var originX: Double, width: Double
    /// Shaped runs to draw (empty when not shaped).
    var runs: [ShapedTextRun]
    /// The text drawn unshaped when the fonts do not shape.
    var plainText: String?
}

/// A laid-out paragraph of the editor.
struct EditorParagraphLayout {
    var lines: [EditorLine]
    var height: Double
    var isRightToLeft: Bool
    /// The scalar offset of each character boundary (count + 1 entries).
    var scalarOffsets: [Int]
    /// Whether the engine laid out only part of it (`TextLayoutEngine.maximumRunsPerParagraph`); the text keeps all.
    var isCut = false
}

/// What every paragraph layout was made for; any change lays all of them out again.
struct EditorLayoutKey: Equatable {
    var width: Double, fontSize: Double, lineSpacing: Double, version: UInt64
    var fonts: ObjectIdentifier
}

extension EditorParagraphLayout {
    /// Lays `text` (no newlines) out in `width` points.
    static func make(_ text: String, width: Double, fontSize: Double, lineSpacing: Double, fonts: any FontMetrics) -> EditorParagraphLayout {
        var scalarOffsets = [0]
        scalarOffsets.reserveCapacity(text.utf8.count / 2 + 2)
        var s = 0
        for c in text { s += c.unicodeScalars.count; scalarOffsets.append(s) }
        if let shaper = fonts as? any ParagraphMetrics {
            let style = ParagraphStyle(fontSize: fontSize, lineSpacing: lineSpacing, alignment: .leading, wraps: true)
            return shaped(text.isEmpty ? " " : text, empty: text.isEmpty, style: style, width: width, shaper: shaper,
                          scalarOffsets: scalarOffsets)
        }
        return measured(text, width: width, fontSize: fontSize, lineSpacing: lineSpacing, fonts: fonts, scalarOffsets: scalarOffsets)
    }

    /// From the fonts' shaped paragraph: each line's scalar range from its glyphs' clusters.
    private static func shaped(_ text: String, empty: Bool, style: ParagraphStyle, width: Double, shaper: any ParagraphMetrics,
                               scalarOffsets: [Int]) -> EditorParagraphLayout {
        make(shaped: shaper.layoutParagraph(text, style: style, width: max(width, 1)), empty: empty, scalarOffsets: scalarOffsets)
    }

    /// From a paragraph already shaped (a text field's one line): clusters and their boxes per line.
    static func make(shaped paragraph: ShapedParagraph, empty: Bool, scalarOffsets: [Int]) -> EditorParagraphLayout {
        let scalarCount = scalarOffsets.last ?? 0
        if empty || paragraph.lines.isEmpty {
            // An empty paragraph: one line as tall as a line of text, the caret at its start.
            let line = paragraph.lines.first
            let height = line?.size.height ?? paragraph.size.height
            return EditorParagraphLayout(
                lines: [EditorLine(top: 0, height: height, baseline: line?.baseline ?? height * 0.8, characters: 0..<0, scalars: 0..<0,
                                   clusters: [], originX: 0, width: 0, runs: [], plainText: nil)],
                height: height, isRightToLeft: false, scalarOffsets: scalarOffsets)
        }
        let starts = paragraph.lines.map { line in line.runs.flatMap(\.glyphs).map(\.cluster).min() ?? Int.max }
        var lines: [EditorLine] = []
        var previousEnd = 0
        for (index, line) in paragraph.lines.enumerated() {
            let start = min(starts[index] == Int.max ? previousEnd : starts[index], scalarCount)
            var end = scalarCount
            if let next = starts[(index + 1)...].first(where: { $0 != Int.max }) { end = max(start, min(next, scalarCount)) }
            previousEnd = end
            // Cluster boxes from pen positions (advances summed along the line, so offsets such as kerning by
            // placement do not open gaps): the glyphs that share a cluster (marks ride on their base).
            var boxes: [Int: (x0: Double, x1: Double, rtl: Bool)] = [:]
            var pen = line.origin.x
            for run in line.runs {
                for glyph in run.glyphs {
                    let x0 = pen, x1 = pen + max(glyph.advance, 0)
                    pen = x1
                    guard glyph.cluster >= start && glyph.cluster < max(end, start + 1) else { continue }
                    if let box = boxes[glyph.cluster] {
                        boxes[glyph.cluster] = glyph.advance > 0 ? (min(box.x0, x0), max(box.x1, x1), box.rtl) : box
                    } else {
                        boxes[glyph.cluster] = (x0, x1, run.isRightToLeft)
                    }
                }
            }
            let clusterStarts = boxes.keys.sorted()
            var clusters: [EditorCluster] = []
            for (i, clusterStart) in clusterStarts.enumerated() {
                let box = boxes[clusterStart]!
                let clusterEnd = i + 1 < clusterStarts.count ? clusterStarts[i + 1] : end
                clusters.append(EditorCluster(scalars: clusterStart..<max(clusterEnd, clusterStart), x0: box.x0, x1: box.x1,
                                              isRightToLeft: box.rtl))
            }
            clusters.sort { $0.x0 < $1.x0 }
            lines.append(EditorLine(top: line.origin.y, height: line.size.height, baseline: line.baseline,
                                    characters: character(atScalar: start, scalarOffsets)..<character(atScalar: end, scalarOffsets),
                                    scalars: start..<end, clusters: clusters, originX: line.origin.x, width: line.size.width,
                                    runs: line.runs, plainText: nil))
        }
        let height = lines.last.map { $0.top + $0.height } ?? 0
        return EditorParagraphLayout(lines: lines, height: height, isRightToLeft: paragraph.isRightToLeft, scalarOffsets: scalarOffsets,
                                     isCut: paragraph.isTruncated)
    }

    /// With plain metrics: characters measured one by one, wrapped after the last space that fits (or anywhere).
    private static func measured(_ text: String, width: Double, fontSize: Double, lineSpacing: Double, fonts: any FontMetrics,
                                 scalarOffsets: [Int]) -> EditorParagraphLayout {
        let characters = Array(text)
        let natural = fonts.measure(" ", fontSize: fontSize).height
        let height = natural * max(lineSpacing, 0.1)
        var widths: [Double] = []
        widths.reserveCapacity(characters.count)
        for c in characters { widths.append(fonts.measure(String(c), fontSize: fontSize).width) }
        var lines: [EditorLine] = []
        func addLine(_ range: Range<Int>) {
            var x = 0.0
            var clusters: [EditorCluster] = []
            for i in range {
                clusters.append(EditorCluster(scalars: scalarOffsets[i]..<scalarOffsets[i + 1], x0: x, x1: x + widths[i], isRightToLeft: false))
                x += widths[i]
            }
            lines.append(EditorLine(top: Double(lines.count) * height, height: height, baseline: natural * 0.8, characters: range,
                                    scalars: scalarOffsets[range.lowerBound]..<scalarOffsets[range.upperBound], clusters: clusters,
                                    originX: 0, width: x, runs: [], plainText: String(characters[range])))
        }
        var start = 0, lineWidth = 0.0, lastSpace: Int?
        for i in characters.indices {
            if lineWidth + widths[i] > width, i > start, !characters[i].isWhitespace {
                let cut = lastSpace.map { $0 + 1 } ?? i
                addLine(start..<cut)
                start = cut; lastSpace = nil
                lineWidth = widths[start..<i].reduce(0, +)
            }
            lineWidth += widths[i]
            if characters[i].isWhitespace { lastSpace = i }
        }
        addLine(start..<characters.count)
        return EditorParagraphLayout(lines: lines, height: Double(lines.count) * height, isRightToLeft: false, scalarOffsets: scalarOffsets)
    }

    /// The character whose boundary is at or before scalar `s`.
    static func character(atScalar s: Int, _ scalarOffsets: [Int]) -> Int {
        var low = 0, high = scalarOffsets.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if scalarOffsets[middle] <= s { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The line that shows the caret at `offset`; `upstream` picks the line that ends there over the one that starts
    /// there (the caret after End on a wrapped line).
    func lineIndex(forOffset offset: Int, upstream: Bool) -> Int {
        for (i, line) in lines.enumerated() {
            if upstream, line.characters.upperBound == offset, line.characters.lowerBound < offset { return i }
            if offset < line.characters.upperBound || i == lines.count - 1 { return i }
        }
        return max(lines.count - 1, 0)
    }

    /// Where the caret before character `offset` on line `lineIndex` is drawn, points from the paragraph's left edge.
    func caretX(offset: Int, lineIndex: Int) -> Double {
        let line = lines[lineIndex]
        let s = scalarOffsets[min(max(offset, 0), scalarOffsets.count - 1)]
        if let cluster = line.clusters.first(where: { $0.scalars.contains(s) }) { return cluster.caretX(beforeScalar: s) }
        // At the line's end: after its logically last cluster (its left edge when that reads right to left).
        if let last = line.clusters.max(by: { $0.scalars.lowerBound < $1.scalars.lowerBound }) {
            return last.isRightToLeft ? last.x0 : last.x1
        }
        return isRightToLeft ? line.originX + line.width : line.originX
    }

    /// The character boundary on line `lineIndex` nearest to `x`; a wrapped line's end belongs to the next line.
    func offset(nearestX x: Double, lineIndex: Int) -> Int {
        let line = lines[lineIndex]
        let last = lineIndex == lines.count - 1 ? line.characters.upperBound : max(line.characters.lowerBound, line.characters.upperBound - 1)
        var best = line.characters.lowerBound, bestDistance = Double.infinity
        for offset in line.characters.lowerBound...last {
            let d = abs(caretX(offset: offset, lineIndex: lineIndex) - x)
            if d < bestDistance { best = offset; bestDistance = d }
        }
        return best
    }

    /// Rectangles (x ranges on each line, points from the paragraph's left edge) covering characters `range`:
    /// one per visual stretch, so a selection across a direction change highlights exactly the selected glyphs.
    func selectionSpans(characters range: Range<Int>, includesNewline: Bool) -> [(line: Int, x0: Double, x1: Double)] {
        let s0 = scalarOffsets[min(range.lowerBound, scalarOffsets.count - 1)]
        let s1 = scalarOffsets[min(range.upperBound, scalarOffsets.count - 1)]
        var spans: [(line: Int, x0: Double, x1: Double)] = []
        for (index, line) in lines.enumerated() where line.scalars.upperBound > s0 && line.scalars.lowerBound < s1 {
            var pieces: [(Double, Double)] = []
            for cluster in line.clusters {
                let lo = max(cluster.scalars.lowerBound, s0), hi = min(cluster.scalars.upperBound, s1)
                guard lo < hi else { continue }
                let a = cluster.caretX(beforeScalar: lo)
                let b = hi == cluster.scalars.upperBound ? (cluster.isRightToLeft ? cluster.x0 : cluster.x1) : cluster.caretX(beforeScalar: hi)
                let piece = (min(a, b), max(a, b))
                if let last = pieces.last, abs(last.1 - piece.0) < 0.01 { pieces[pieces.count - 1].1 = piece.1 } else { pieces.append(piece) }
            }
            for piece in pieces { spans.append((index, piece.0, piece.1)) }
        }
        // The newline at the paragraph's end, when selected: a narrow box after the last line's text.
        if includesNewline, let lastIndex = lines.indices.last {
            let line = lines[lastIndex]
            let x = isRightToLeft ? line.originX - 6 : line.originX + line.width
            spans.append((lastIndex, x, x + 6))
        }
        return spans
    }
}
