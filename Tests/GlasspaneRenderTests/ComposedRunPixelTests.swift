// Composed runs (GlyphAtlas+Runs.swift): a line of coverage glyphs drawn as one quad of its composed bitmap shows the
// pixels its glyph quads show, in Latin, shaped Arabic, Hebrew and CJK; glyphs copied row by row compose the bytes that
// blending every glyph composes; a run is composed once and then looked up; and a
// list scrolled through more distinct texts than the run pages hold draws every frame as glyph quads would, across
// evictions in the middle of partial updates.
import CGL
import XCTest
import GlasspaneCore
import GlasspaneDemo
import GlasspaneDraw
import GlasspaneOverlay
@testable import GlasspaneRender

final class ComposedRunPixelTests: XCTestCase {
    private static let white = Color(r: 1, g: 1, b: 1, a: 1)

    /// Pixels that differ by more than `tolerance` in any channel.
    private static func differingPixels(_ a: PixelImage, _ b: PixelImage, tolerance: Int = 0) -> Int {
        // Buffer pointers and plain loops: this runs on frames of 640x640 in a debug build.
        a.rgba.withUnsafeBufferPointer { a in
            b.rgba.withUnsafeBufferPointer { b in
                var count = 0, p = 0
                while p + 4 <= min(a.count, b.count) {
                    for k in p..<(p + 4) where abs(Int(a[k]) - Int(b[k])) > tolerance { count += 1; break }
                    p += 4
                }
                return count
            }
        }
    }

    /// Lines in Latin (glyph by glyph, kerning-prone pairs, a fractional origin), shaped Arabic, Hebrew, CJK and
    /// accented Latin, laid out by `fonts`, over a 360x200 dark rectangle.
    @MainActor private static func scripts(_ fonts: GlyphAtlas) -> DrawList {
        var list = DrawList(commands: [.rect(Rect(x: 0, y: 0, width: 360, height: 200), color: Color(r: 0.1, g: 0.1, b: 0.2, a: 1), cornerRadius: 0)])
        list.append(.glyphs(GlyphRun(text: "AVATAR Wolf fijf 0123456789", origin: Point(x: 4.3, y: 2), fontSize: 17, color: Self.white)))
        list.append(.glyphs(GlyphRun(text: "Inventory: 42 items", origin: Point(x: 4, y: 24), fontSize: 13, color: Color(r: 1, g: 0.8, b: 0.2, a: 0.9))))
        var y = 44.0
        for text in ["مرحبا بالعالم", "שלום עולם", "漢字テキスト", "Mixed ÉÇ straße"] {
            let paragraph = fonts.layoutParagraph(text, style: ParagraphStyle(fontSize: 18), width: nil)
            for run in paragraph.glyphRuns(at: Point(x: 6.5, y: y), color: Self.white) { list.append(.glyphs(run)) }
            y += 36
        }
        return list
    }

    /// Runs `body` on the main actor in a headless target of `width` x `height` pixels at scale 1, with its atlas
    /// composing runs.
    private static func withComposingTarget(width: Int, height: Int, _ body: @MainActor (GlyphAtlas, WindowMetrics) throws -> Void) throws {
        try withScaleOneTarget(width: width, height: height) { atlas, metrics in
            atlas.composesRuns = true
            try body(atlas, metrics)
        }
    }

    /// `scripts` drawn directly by a renderer on `atlas` and by one on `reference`, the reference's frame checked for
    /// ink.
    @MainActor private static func drawScripts(_ atlas: GlyphAtlas, against referenceAtlas: GlyphAtlas, metrics: WindowMetrics) throws
        -> (drawn: PixelImage, expected: PixelImage, renderer: GLOverlayRenderer, reference: GLOverlayRenderer) {
        let renderer = try GLOverlayRenderer(atlas: atlas)
        renderer.compositing = .direct
        let reference = try GLOverlayRenderer(atlas: referenceAtlas)
        reference.compositing = .direct
        let size = metrics.drawableSize
        let drawn = clearedFrame(size: size) { renderer.render(scripts(atlas), generation: 1, metrics: metrics) }
        let expected = clearedFrame(size: size) { reference.render(scripts(referenceAtlas), generation: 1, metrics: metrics) }
        let ink = stride(from: 0, to: expected.rgba.count, by: 4).filter { expected.rgba[$0] > 200 }.count
        XCTAssertGreaterThan(ink, 1_000, "the text has ink")
        return (drawn, expected, renderer, reference)
    }

    /// A glyph that lands where no glyph before it reaches has its rows copied; composed so, every line is the same
    /// bitmap, to the byte, as blending every glyph makes it (Latin and Hebrew left to right and right to left,
    /// joined Arabic, whose glyphs overlap and are blended).
    func testGlyphsCopiedWholeComposeWhatBlendingEveryGlyphComposes() throws {
        try Self.withComposingTarget(width: 360, height: 200) { atlas, metrics in
            let blending = try GlyphAtlas()
            blending.composesRuns = true
            blending.blendsEveryComposedGlyph = true
            let (drawn, expected, _, _) = try Self.drawScripts(atlas, against: blending, metrics: metrics)
            XCTAssertEqual(atlas.composedRunCount, blending.composedRunCount)
            XCTAssertGreaterThanOrEqual(atlas.composedRunCount, 6, "each line was composed")
            XCTAssertGreaterThan(atlas.composedGlyphsCopied, 40, "most glyphs land on zeros")
            XCTAssertGreaterThan(atlas.composedGlyphsBlended, 0, "some overlap those before them")
            XCTAssertEqual(blending.composedGlyphsCopied, 0)
            assertSamePixels(drawn, expected, "rows copied against every glyph blended")
        }
    }

    func testComposedRunsDrawWhatTheirGlyphQuadsDraw() throws {
        try Self.withComposingTarget(width: 360, height: 200) { atlas, metrics in
            let quads = try GlyphAtlas()
            quads.composesRuns = false
            let (drawn, expected, composed, reference) = try Self.drawScripts(atlas, against: quads, metrics: metrics)
            XCTAssertGreaterThanOrEqual(atlas.composedRunCount, 6, "each line was composed")
            XCTAssertEqual(quads.composedRunCount, 0)
            // Where two glyphs' ink overlaps, blending the glyphs one by one rounds at each step, the composed
            // coverage once: a step of one or two in a channel, at a few pixels.
            XCTAssertEqual(Self.differingPixels(drawn, expected, tolerance: 2), 0, "no pixel differs by more than 2")
            XCTAssertLessThan(Self.differingPixels(drawn, expected), 40, "pixels off by a rounding step")
            // One quad a line instead of one a glyph.
            XCTAssertLessThan(composed.vertexCount * 4, reference.vertexCount, "vertices: composed \(composed.vertexCount), glyph quads \(reference.vertexCount)")
        }
    }

    func testARunIsComposedOnceAndLookedUpAfter() throws {
        try Self.withComposingTarget(width: 200, height: 60) { atlas, metrics in
            let size = metrics.drawableSize
            let renderer = try GLOverlayRenderer(atlas: atlas)
            @MainActor func draw(_ text: String, at x: Double, _ generation: UInt64) -> PixelImage {
                let list = DrawList(commands: [.glyphs(GlyphRun(text: text, origin: Point(x: x, y: 10), fontSize: 16, color: Self.white))])
                return clearedFrame(size: size) { renderer.render(list, generation: generation, metrics: metrics) }
            }
            let first = draw("Row 4821", at: 10, 1)
            XCTAssertEqual(atlas.composedRunCount, 1)
            // Moved by whole pixels and by a fraction that rounds the same way: the same run, moved.
            let moved = draw("Row 4821", at: 30.2, 2)
            XCTAssertEqual(atlas.composedRunCount, 1, "looked up, not composed again")
            XCTAssertEqual(Self.differingPixels(first, moved), Self.differingPixels(first, draw("Row 4821", at: 30, 3)))
            XCTAssertEqual(atlas.composedRunCount, 1)
            _ = draw("Row 4822", at: 10, 4)
            XCTAssertEqual(atlas.composedRunCount, 2, "another text is another run")
            // One glyph is one quad already: nothing to compose.
            _ = draw("R", at: 10, 5)
            XCTAssertEqual(atlas.composedRunCount, 2)
        }
    }

    /// The bench's list scrolled 64 notches (about 100 rows, 290 labels, and the first screen's 60) with room for one
    /// page of runs (the first eviction comes at the 58th notch): the page is evicted while a notch's partial update
    /// emits the rows that came in, and the frames around it (and every eighth before) equal the same list drawn
    /// glyph by glyph.
    func testAListScrolledThroughEvictedRunPagesDrawsEveryFrameAsGlyphQuads() throws {
        try Self.withComposingTarget(width: 640, height: 640) { atlas, metrics in
            let size = metrics.drawableSize
            let quads = try GlyphAtlas()
            quads.composesRuns = false
            let (overlay, screen) = try openBenchList(windowSize: metrics.windowSize, fonts: atlas)
            let renderer = try GLOverlayRenderer(atlas: atlas)
            renderer.compositing = .direct
            let reference = try GLOverlayRenderer(atlas: quads)
            reference.compositing = .direct
            atlas.ensureTexture()
            atlas.limitRunPages(to: 1)
            let evictionsBefore = atlas.evictionCount
            var compared = 0
            for step in 0..<64 {
                overlay.route(.wheel(location: screen.list.windowFrame.center, dx: 0, dy: -1))
                overlay.advanceAnimations(to: Double(step + 1) / 60)
                overlay.update()
                let list = screen.layer.drawList, version = screen.layer.contentVersion, damage = screen.layer.lastDamage
                // `render` alone (no `prepare` whose eviction the render's update would see and start over from):
                // the update that evicts is the one that draws.
                let drawn = clearedFrame(size: size) {
                    renderer.render(list, generation: version, damage: damage, metrics: metrics)
                }
                guard step >= 50 || step % 8 == 0 else { continue }
                let expected = clearedFrame(size: size) { reference.render(list, generation: version, metrics: metrics) }
                XCTAssertLessThan(Self.differingPixels(drawn, expected), 40, "frame \(step), offset \(screen.list.contentOffset.y)")
                compared += 1
            }
            XCTAssertEqual(compared, 21)
            XCTAssertGreaterThanOrEqual(atlas.evictionCount - evictionsBefore, 1, "run pages were evicted")
            XCTAssertGreaterThan(renderer.partialUpdateCount, 55, "notches stayed partial updates")
            XCTAssertGreaterThan(atlas.composedRunCount, 300)
        }
    }
}
