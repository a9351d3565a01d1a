// The entry for shaped text (Fuzz/TextLayout, `make fuzz`): arbitrary bytes laid out as a paragraph by GlasspaneText
// with the Debian font chain, through itemization, FriBidi, HarfBuzz, UAX #14 breaking, truncation and shrinking.
import GlasspaneDraw
import GlasspaneText

/// Lays bytes out as text (the first two bytes choose the style and width, the rest is UTF-8 whose bad sequences
/// become U+FFFD, as SDLPlatform decodes typed text) and checks: every glyph's cluster lies in its run; a line's runs
/// sit edge to edge from x = 0; a line limit holds; laying the same text out again is a cache hit that shapes
/// nothing; without a width each paragraph is one line whose runs hold exactly its text.
@MainActor
public func fuzzTextLayout(_ bytes: [UInt8]) {
    guard let engine = TextFuzzHarness.engine else { return }
    let style = TextFuzzHarness.style(bytes)
    let text = String(decoding: bytes.dropFirst(2), as: UTF8.self)
    let width: Double? = bytes.count > 1 && bytes[1] > 0 ? Double(bytes[1]) * 4 : nil
    let layout = engine.layout(text, style: style, width: width)
    check(layout, style: style)
    let shaped = engine.shapeCallCount
    guard engine.layout(text, style: style, width: width) == layout, engine.shapeCallCount == shaped else {
        preconditionFailure("laying the same text out again shaped again or gave another layout")
    }
    // Unlimited: one line per paragraph, and the runs of each line hold its text exactly once.
    let whole = engine.layout(text, style: ParagraphStyle(fontSize: style.fontSize, direction: style.direction), width: nil)
    check(whole, style: ParagraphStyle())
    guard !whole.isTruncated else { return }
    let paragraphs = text.split(omittingEmptySubsequences: false, whereSeparator: { $0.isNewline })
    guard whole.lines.count == paragraphs.count else {
        preconditionFailure("\(paragraphs.count) paragraphs laid out as \(whole.lines.count) lines without a width")
    }
    for (line, paragraph) in zip(whole.lines, paragraphs) where line.text.unicodeScalars.elementsEqual(paragraph.unicodeScalars) == false {
        preconditionFailure("a line's runs hold \(Array(line.text.unicodeScalars)) for \(Array(paragraph.unicodeScalars))")
    }
}

/// The invariants of any layout.
private func check(_ layout: TextLayout, style: ParagraphStyle) {
    if style.maximumLines > 0, layout.lines.count > style.maximumLines {
        preconditionFailure("\(layout.lines.count) lines with a limit of \(style.maximumLines)")
    }
    for line in layout.lines {
        var x = 0.0
        for placed in line.runs {
            guard abs(placed.x - x) <= 1e-6 * max(1, x) else {
                preconditionFailure("a run at x \(placed.x) where the previous one ended at \(x)")
            }
            x += placed.width
            for glyph in placed.run.glyphs where !placed.run.range.contains(glyph.cluster) {
                preconditionFailure("glyph cluster \(glyph.cluster) outside its run \(placed.run.range)")
            }
        }
    }
}

/// One engine for every input (opening the fonts per input would dominate the run); nil without the Debian fonts.
@MainActor
enum TextFuzzHarness {
    static let engine: TextLayoutEngine? = (try? FontFallbackChain.debianDefault()).map(TextLayoutEngine.init)

    /// Byte 0: direction (bits 0-1), truncation (2-3), maximum lines (4-5), shrinking to half (6), no wrapping (7).
    static func style(_ bytes: [UInt8]) -> ParagraphStyle {
        let b = bytes.first ?? 0
        let directions: [BaseDirection] = [.automatic, .leftToRight, .rightToLeft, .automatic]
        let truncations: [TruncationMode] = [.tail, .middle, .clip, .tail]
        return ParagraphStyle(fontSize: 16, maximumLines: Int((b >> 4) & 3), truncation: truncations[Int((b >> 2) & 3)],
                              minimumScaleFactor: b & 0x40 != 0 ? 0.5 : 1, direction: directions[Int(b & 3)],
                              wraps: b & 0x80 == 0)
    }
}
