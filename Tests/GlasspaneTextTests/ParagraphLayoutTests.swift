// Bidi visual order, line breaking, wrapping, alignment, truncation, shrink-to-fit, fallback and limits of
// TextLayoutEngine, with the Debian fonts (scripts/install-deps.sh).
import GlasspaneCore
import GlasspaneDraw
import GlasspaneText
import XCTest

final class ParagraphLayoutTests: XCTestCase {
    private func engine() throws -> TextLayoutEngine { TextLayoutEngine(chain: try .debianDefault()) }
    private func visualRuns(_ layout: TextLayout, line: Int = 0) -> [String] { layout.lines[line].runs.map(\.run.text) }

    // MARK: Bidi

    func testAnRTLParagraphWithLatinAndDigitsReadsInVisualOrder() throws {
        let e = try engine()
        let hebrew = e.layout("שלום Hello עולם", style: ParagraphStyle(), width: nil)
        XCTAssertTrue(hebrew.isRightToLeft)
        XCTAssertEqual(visualRuns(hebrew), [" עולם", "Hello", "שלום "])
        let arabic = e.layout("العدد 42 كبير", style: ParagraphStyle(), width: nil)
        XCTAssertEqual(visualRuns(arabic), [" كبير", "42", "العدد "])
        XCTAssertEqual(arabic.lines[0].runs.map(\.run.level), [1, 2, 1])
        // Within a right-to-left run HarfBuzz hands glyphs left to right on screen: clusters fall.
        let clusters = arabic.lines[0].runs[0].run.glyphs.map(\.cluster)
        XCTAssertEqual(clusters, clusters.sorted(by: >))
        let ltr = e.layout("abc אבג def", style: ParagraphStyle(), width: nil)
        XCTAssertFalse(ltr.isRightToLeft)
        XCTAssertEqual(visualRuns(ltr), ["abc ", "אבג", " def"])
        let forced = e.layout("abc אבג def", style: ParagraphStyle(direction: .rightToLeft), width: nil)
        XCTAssertEqual(visualRuns(forced), ["def", " אבג ", "abc"])
    }

    func testRunsAreLaidEdgeToEdgeLeftToRight() throws {
        let layout = try engine().layout("Hello שלום world", style: ParagraphStyle(fontSize: 20), width: nil)
        var x = 0.0
        for run in layout.lines[0].runs {
            XCTAssertEqual(run.x, x, accuracy: 1e-9)
            x += run.width
        }
        XCTAssertEqual(layout.size.width, x, accuracy: 1e-9)
        XCTAssertGreaterThan(x, 100)
    }

    // MARK: Line breaking

    func testLinesBreakAtSpacesWithinTheWidthAndAtNewlines() throws {
        let e = try engine()
        let style = ParagraphStyle(fontSize: 16)
        let width = e.measure("The quick", fontSize: 16).width + 2
        let layout = e.layout("The quick brown fox jumps", style: style, width: width)
        XCTAssertEqual(layout.lines.map(\.text), ["The quick ", "brown fox ", "jumps"])
        for line in layout.lines { XCTAssertLessThanOrEqual(e.measure(line.text.trimmingCharacters(in: .whitespaces), fontSize: 16).width, width) }
        XCTAssertEqual(e.layout("one\ntwo\n\nfour", style: style, width: nil).lines.map(\.text), ["one", "two", "", "four"])
    }

    func testBreakOpportunitiesFollowUAX14ForPunctuationHyphensAndCJK() throws {
        let e = try engine()
        let tiny = ParagraphStyle(fontSize: 16)
        let hyphen = e.layout("well-known words", style: tiny, width: e.measure("well-kno", fontSize: 16).width).lines.map(\.text)
        XCTAssertEqual(hyphen, ["well-", "known ", "words"])                 // LB21: after a hyphen
        let bang = e.layout("(yes) no!", style: tiny, width: e.measure("(yes) no", fontSize: 16).width + 1).lines.map(\.text)
        XCTAssertEqual(bang, ["(yes) ", "no!"], "'!' never starts a line (LB13): the break moves back to the space")
        let open = e.layout("a (b", style: tiny, width: e.measure("a (", fontSize: 16).width + 1).lines.map(\.text)
        XCTAssertEqual(open, ["a ", "(b"], "nothing breaks after an opening parenthesis (LB14)")
        let han = e.layout("你好世界你好世界", style: tiny, width: 16 * 3 + 1).lines.map(\.text)
        XCTAssertEqual(han, ["你好世", "界你好", "世界"])
        let closing = e.layout("你好世。界", style: tiny, width: 16 * 3 + 1).lines.map(\.text)
        XCTAssertEqual(closing, ["你好", "世。界"], "a closing mark never starts a line (LB13): the break moves back")
    }

    func testAWordWiderThanTheLineBreaksBetweenGraphemes() throws {
        let e = try engine()
        let layout = e.layout("Supercalifragilistic", style: ParagraphStyle(fontSize: 16), width: 50)
        XCTAssertGreaterThan(layout.lines.count, 2)
        XCTAssertEqual(layout.lines.map(\.text).joined(), "Supercalifragilistic")
        for line in layout.lines { XCTAssertLessThanOrEqual(line.size.width, 50 + 1e-6) }
        let accents = e.layout("e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}", style: ParagraphStyle(fontSize: 16), width: 20)
        for line in accents.lines { XCTAssertEqual(line.text.unicodeScalars.first, "e", "a mark never starts a line") }
    }

    // MARK: Alignment

    func testAlignmentPlacesLinesAndMirrorsForRTL() throws {
        let e = try engine()
        let width = 300.0
        let lineWidth = e.measure("Hello", fontSize: 16).width
        func x(_ text: String, _ alignment: TextAlignment) -> Double {
            e.layout(text, style: ParagraphStyle(alignment: alignment), width: width).lines[0].origin.x
        }
        XCTAssertEqual(x("Hello", .leading), 0)
        XCTAssertEqual(x("Hello", .center), (width - lineWidth) / 2, accuracy: 1e-9)
        XCTAssertEqual(x("Hello", .trailing), width - lineWidth, accuracy: 1e-9)
        let hebrewWidth = e.measure("שלום", fontSize: 16).width
        XCTAssertEqual(x("שלום", .leading), width - hebrewWidth, accuracy: 1e-9)
        XCTAssertEqual(x("שלום", .trailing), 0)
    }

    func testLineHeightAndSpacingStackLines() throws {
        let e = try engine()
        let single = e.layout("a\nb", style: ParagraphStyle(fontSize: 20), width: nil)
        let double = e.layout("a\nb", style: ParagraphStyle(fontSize: 20, lineSpacing: 2), width: nil)
        // DejaVu Sans: ascender 1901, descender -483 per 2048 units.
        XCTAssertEqual(single.lines[1].origin.y, 20 * 2384 / 2048, accuracy: 1e-9)
        XCTAssertEqual(double.lines[1].origin.y, 2 * single.lines[1].origin.y, accuracy: 1e-9)
        XCTAssertEqual(single.size.height, 2 * single.lines[1].origin.y, accuracy: 1e-9)
    }

    // MARK: Truncation and shrinking

    func testMaximumLinesEndsTheLastLineWithATailEllipsis() throws {
        let e = try engine()
        let text = "The quick brown fox jumps over the lazy dog and keeps running far away"
        let layout = e.layout(text, style: ParagraphStyle(fontSize: 16, maximumLines: 2), width: 120)
        XCTAssertEqual(layout.lines.count, 2)
        XCTAssertTrue(layout.isTruncated)
        XCTAssertTrue(layout.lines[1].text.hasSuffix("…"), layout.lines[1].text)
        XCTAssertLessThanOrEqual(layout.lines[1].size.width, 120 + 1e-6)
        let full = e.layout(text, style: ParagraphStyle(fontSize: 16), width: 120)
        XCTAssertFalse(full.isTruncated)
        XCTAssertGreaterThan(full.lines.count, 2)
        XCTAssertTrue(layout.lines[1].text.hasPrefix(full.lines[1].text.trimmingCharacters(in: .whitespaces).prefix(3)))
    }

    func testMiddleTruncationKeepsBothEnds() throws {
        let e = try engine()
        let layout = e.layout("abcdefghijklmnopqrstuvwxyz", style: ParagraphStyle(fontSize: 16, truncation: .middle, wraps: false), width: 100)
        let text = layout.lines[0].text
        XCTAssertTrue(text.hasPrefix("ab") && text.hasSuffix("yz") && text.contains("…"), text)
        XCTAssertLessThanOrEqual(layout.lines[0].size.width, 100 + 1e-6)
        XCTAssertGreaterThan(layout.lines[0].size.width, 60, "as much text as fits is kept")
    }

    func testMinimumScaleFactorShrinksBeforeTruncating() throws {
        let e = try engine()
        let natural = e.measure("Shrink this label", fontSize: 20).width
        let fits = e.layout("Shrink this label", style: ParagraphStyle(fontSize: 20, minimumScaleFactor: 0.5, wraps: false),
                            width: natural * 0.75)
        XCTAssertFalse(fits.isTruncated)
        XCTAssertEqual(fits.scale, 0.75, accuracy: 0.01)
        XCTAssertLessThanOrEqual(fits.size.width, natural * 0.75 + 1e-6)
        let tooSmall = e.layout("Shrink this label", style: ParagraphStyle(fontSize: 20, minimumScaleFactor: 0.5, wraps: false),
                                width: natural * 0.3)
        XCTAssertEqual(tooSmall.scale, 0.5, accuracy: 1e-9)
        XCTAssertTrue(tooSmall.isTruncated)
        XCTAssertTrue(tooSmall.lines[0].text.hasSuffix("…"))
    }

    // MARK: Fallback, missing glyphs, caching, limits

    func testFontsOpenOnlyWhenARunNeedsThem() throws {
        let e = try engine()
        _ = e.layout("Plain Latin text", style: ParagraphStyle(), width: nil)
        XCTAssertEqual(e.chain.openFaceCount, 1)
        let mixed = e.layout("Plain سلام 😀", style: ParagraphStyle(), width: nil)
        XCTAssertEqual(Set(mixed.lines[0].runs.map(\.run.font.fileName)), ["DejaVuSans.ttf", "NotoSansArabic-Regular.ttf", "NotoColorEmoji.ttf"])
        XCTAssertLessThanOrEqual(e.chain.openFaceCount, 4, "CJK is not opened for text without CJK")
    }

    func testAScalarNoFontHasIsANotdefBoxAndCounted() throws {
        let e = try engine()
        let layout = e.layout("a\u{10FFFD}b\u{E000}", style: ParagraphStyle(), width: nil)
        XCTAssertEqual(layout.missingGlyphCount, 2)
        let glyphs = layout.lines[0].runs.flatMap(\.run.glyphs)
        XCTAssertEqual(glyphs.filter { $0.id == 0 }.count, 2)
        XCTAssertGreaterThan(layout.size.width, e.measure("ab", fontSize: 16).width, "the boxes take space")
    }

    func testACachedLayoutShapesNothing() throws {
        let e = try engine()
        let first = e.layout("Cache me: שלום", style: ParagraphStyle(), width: 200)
        let calls = e.shapeCallCount
        XCTAssertGreaterThan(calls, 0)
        let again = e.layout("Cache me: שלום", style: ParagraphStyle(), width: 200)
        XCTAssertEqual(e.shapeCallCount, calls)
        XCTAssertEqual(e.cacheHitCount, 1)
        XCTAssertEqual(first, again)
        _ = e.layout("Cache me: שלום", style: ParagraphStyle(), width: 100)
        XCTAssertGreaterThan(e.shapeCallCount, calls, "another width is another layout")
    }

    func testHostileInputIsBounded() throws {
        let e = try engine()
        let long = String(repeating: "abc ", count: 10_000)
        let cut = e.layout(long, style: ParagraphStyle(maximumLines: 3), width: 400)
        XCTAssertTrue(cut.inputWasTooLong)
        XCTAssertTrue(cut.isTruncated)
        XCTAssertEqual(cut.lines.count, 3)
        let marks = "a" + String(repeating: "\u{301}", count: 10_000)
        let stacked = e.layout(marks, style: ParagraphStyle(), width: 100)
        XCTAssertEqual(stacked.lines.count, 1)
        let controls = String(repeating: "\u{202E}a\u{202D}ب\u{2067}", count: 2_000)
        XCTAssertFalse(e.layout(controls, style: ParagraphStyle(), width: 300).lines.isEmpty)
    }

    func testMeasureIsTheUnwrappedSize() throws {
        let e = try engine()
        let size = e.measure("office", fontSize: 20)
        // DejaVu Sans at 2048 units: o 1253, ffi ligature 1980, c 1126, e 1260 (hb-shape, the corpus fixture).
        XCTAssertEqual(size.width, Double(1253 + 1980 + 1126 + 1260) * 20 / 2048, accuracy: 1e-9)
    }
}
