// The glyph atlas's pages: 5,000 distinct CJK glyphs stay within the page budget, the least recently used page goes
// first (a glyph kept in use is never rasterized again), and a glyph evicted and asked for again draws the same
// pixels as before; a scale change starts the pages over.
import CGL
import XCTest
import GlasspaneCore
import GlasspaneDraw
import GlasspaneOverlay
@testable import GlasspaneRender

final class GlyphAtlasPagesTests: XCTestCase {
    private static let cjkFont = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
    private static let points = Size(width: 160, height: 80)

    /// Glyph ids of Noto Sans CJK's ideographs (well past its Latin and kana), one per call.
    private static func cjkGlyph(_ atlas: GlyphAtlas, _ n: Int, pixelSize: Int = 16) -> AtlasGlyph? {
        atlas.glyph(fontPath: cjkFont, faceIndex: 0, id: UInt32(20_000 + n), pixelSize: pixelSize)
    }

    func testFiveThousandDistinctCJKGlyphsStayWithinThePageBudgetAndEvictLeastRecentlyUsedPages() throws {
        try MainActor.assumeIsolated {
            let size = PixelSize(width: 64, height: 64)
            try withHeadlessTarget(size: size) { atlas in
                guard FileManager.default.fileExists(atPath: Self.cjkFont) else { throw XCTSkip("fonts-noto-cjk is not installed") }
                XCTAssertEqual(atlas.pageCount, 0, "no page before the first glyph")
                let kept = try XCTUnwrap(Self.cjkGlyph(atlas, -1))
                XCTAssertEqual(atlas.pageCount, 1, "pages open on demand")
                var maxPages = 0, maxBytes = 0
                for n in 0..<5_000 {
                    XCTAssertNotNil(Self.cjkGlyph(atlas, n))
                    // One glyph stays in use (a label on screen): every hundred glyphs it is looked up again.
                    if n % 100 == 0 { XCTAssertEqual(Self.cjkGlyph(atlas, -1), kept) }
                    maxPages = max(maxPages, atlas.pageCount); maxBytes = max(maxBytes, atlas.pageBytes)
                }
                XCTAssertEqual(maxPages, atlas.pageBudget)
                XCTAssertEqual(atlas.pageBudget, 4)
                XCTAssertLessThanOrEqual(maxBytes, 1 << 20, "1 MiB at most")
                XCTAssertGreaterThanOrEqual(atlas.evictionCount, 1, "pages were evicted")
                XCTAssertLessThan(atlas.shapedGlyphCount, 5_000, "the evicted glyphs left the cache")
                XCTAssertEqual(atlas.resetCount, atlas.evictionCount, "no full start-over: only pages went")
                // The glyph in use was never evicted: asking again rasterizes nothing.
                let rasterized = atlas.rasterizedCount
                XCTAssertEqual(Self.cjkGlyph(atlas, -1), kept)
                XCTAssertEqual(atlas.rasterizedCount, rasterized)
                // A glyph of the second page (the first holds the one in use), never looked at again, was evicted.
                XCTAssertNotNil(Self.cjkGlyph(atlas, 1_000))
                XCTAssertEqual(atlas.rasterizedCount, rasterized + 1)
                // A new scale starts over: no page open until the next glyph.
                atlas.scale = 2
                XCTAssertEqual(atlas.pageCount, 0)
                XCTAssertNotNil(Self.cjkGlyph(atlas, 1, pixelSize: 32))
                XCTAssertEqual(atlas.pageCount, 1)
            }
        }
    }

    /// "漢字テキスト" drawn, then thousands of other glyphs push its page out, then drawn again: the same pixels.
    func testAGlyphEvictedAndDrawnAgainHasTheSamePixels() throws {
        try MainActor.assumeIsolated {
            let drawable = PixelSize(width: Int(Self.points.width), height: Int(Self.points.height))
            let metrics = WindowMetrics(windowSize: Self.points, drawableSize: drawable)
            try withHeadlessTarget(size: drawable) { atlas in
                guard FileManager.default.fileExists(atPath: Self.cjkFont) else { throw XCTSkip("fonts-noto-cjk is not installed") }
                let renderer = try GLOverlayRenderer(atlas: atlas)
                let paragraph = atlas.layoutParagraph("漢字テキスト", style: ParagraphStyle(fontSize: 20), width: nil)
                var list = DrawList(commands: [.rect(Rect(origin: .zero, size: Self.points), color: Color(r: 0, g: 0, b: 0, a: 1), cornerRadius: 0)])
                for run in paragraph.glyphRuns(at: Point(x: 10, y: 20), color: Color(r: 1, g: 1, b: 1, a: 1)) { list.append(.glyphs(run)) }
                let before = clearedFrame(size: drawable) { renderer.render(list, generation: 1, metrics: metrics) }
                let ink = stride(from: 0, to: before.rgba.count, by: 4).filter { before.rgba[$0] > 128 }.count
                XCTAssertGreaterThan(ink, 100, "the text has ink")
                let glyphsBefore = atlas.shapedGlyphCount
                for n in 0..<6_000 { _ = Self.cjkGlyph(atlas, n, pixelSize: 20) }
                XCTAssertGreaterThanOrEqual(atlas.evictionCount, 4, "every page went at least once")
                XCTAssertLessThan(atlas.shapedGlyphCount, glyphsBefore + 6_000)
                let rasterized = atlas.rasterizedCount
                let after = clearedFrame(size: drawable) { renderer.render(list, generation: 1, metrics: metrics) }
                XCTAssertGreaterThan(atlas.rasterizedCount, rasterized, "the text's glyphs were rasterized again")
                assertSamePixels(before, after, "the text after its glyphs were evicted")
            }
        }
    }

    /// Emoji fill the color texture's pages: the least recently used page goes, the emoji in use stays, and the
    /// coverage glyphs are untouched (the color texture used to start the whole atlas over).
    func testDistinctEmojiStayWithinTheColorPagesAndTheOneInUseIsNeverDrawnAgain() throws {
        try MainActor.assumeIsolated {
            try withHeadlessTarget(size: PixelSize(width: 64, height: 64)) { atlas in
                let emoji = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"
                guard FileManager.default.fileExists(atPath: emoji) else { throw XCTSkip("fonts-noto-color-emoji is not installed") }
                func color(_ id: Int) -> AtlasGlyph? { atlas.colorGlyph(fontPath: emoji, faceIndex: 0, id: UInt32(id), pixelSize: 64) }
                let cjk = try XCTUnwrap(Self.cjkGlyph(atlas, 0))
                XCTAssertEqual(atlas.colorPageCount, 0, "no color page before the first emoji")
                let kept = try XCTUnwrap(color(100))
                XCTAssertGreaterThan(kept.height, 0)
                XCTAssertEqual(atlas.colorPageCount, 1)
                var maxPages = 0
                for id in 101..<701 {
                    XCTAssertNotNil(color(id), "glyph \(id)")
                    if id % 20 == 0 { XCTAssertEqual(color(100), kept, "the emoji in use keeps its place") }
                    maxPages = max(maxPages, atlas.colorPageCount)
                }
                XCTAssertEqual(maxPages, atlas.colorPageBudget)
                XCTAssertEqual(atlas.colorPageBudget, 4)
                XCTAssertGreaterThanOrEqual(atlas.evictionCount, 1, "color pages were evicted")
                XCTAssertEqual(atlas.resetCount, atlas.evictionCount, "no full start-over: only pages went")
                let rasterized = atlas.rasterizedCount
                XCTAssertEqual(color(100), kept)
                XCTAssertEqual(atlas.rasterizedCount, rasterized, "the emoji in use was never evicted")
                XCTAssertNotNil(color(150))
                XCTAssertEqual(atlas.rasterizedCount, rasterized + 1, "an emoji of an old page was, and comes back")
                XCTAssertEqual(Self.cjkGlyph(atlas, 0), cjk)
                XCTAssertEqual(atlas.rasterizedCount, rasterized + 1, "the coverage glyph stayed in its texture")
            }
        }
    }
}
