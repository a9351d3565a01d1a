// Covered interiors without GL (DrawListTessellator+Covers.swift): a panel under a scrolled list's opaque rows leaves
// out the list's viewport while the rows cover it, and only then; a scroll that keeps it covered stays a partial
// update, one that uncovers it (or a translucent row) tessellates anew without the hole, and the hole comes back as
// soon as the rows cover the viewport again: whether the panel has its hole depends on the list alone.
import GlasspaneCore
import GlasspaneDraw
import XCTest

final class CoveredInteriorTests: XCTestCase {
    static let metrics = TessellationFixtures.metrics
    static let panel = Color(r: 0.12, g: 0.13, b: 0.16, a: 0.95), row = Color(r: 0.14, g: 0.15, b: 0.17)
    static let viewport = Rect(x: 40, y: 60, width: 400, height: 300)

    /// A panel, a title, a clipped viewport holding `rows` rows of 40 points (solid, opaque unless `translucentRow`)
    /// with text, a scroll bar over them, and a translucent sheet over everything.
    static func list(offset: Double, rows: Int = 20, translucentRow: Int? = nil) -> DrawList {
        var commands: [DrawCommand] = [
            .rect(Rect(x: 20, y: 20, width: 440, height: 360), color: panel, cornerRadius: 12),
            .glyphs(GlyphRun(text: "Title", origin: Point(x: 40, y: 30), fontSize: 15, color: .white)),
            .pushClip(viewport),
            .pushOffset(Point(x: 40, y: 60 + offset)),
        ]
        for r in 0..<rows {
            let color = r == translucentRow ? row.withAlpha(0.5) : row
            commands.append(.rect(Rect(x: 0, y: Double(r) * 40, width: 400, height: 40), color: color, cornerRadius: 0))
            commands.append(.glyphs(GlyphRun(text: "row \(r)", origin: Point(x: 8, y: Double(r) * 40 + 10), fontSize: 13, color: .white)))
        }
        commands += [
            .popOffset,
            .popClip,
            .rect(Rect(x: 430, y: 70, width: 6, height: 60), color: .white, cornerRadius: 3),
            .rect(Rect(x: 0, y: 0, width: 1280, height: 720), color: Color(r: 0, g: 0, b: 0, a: 0.3), cornerRadius: 0),
        ]
        return DrawList(commands: commands)
    }

    static func tessellator(_ list: DrawList, cuts: Bool = true) -> DrawListTessellator {
        let t = DrawListTessellator()
        t.drawsLargeShapesAlone = true
        t.cutsCoveredInteriors = cuts
        t.tessellate(list, metrics: metrics, glyphs: TableGlyphSource(), images: [:])
        return t
    }

    /// The damage of a scroll: the group's offset only.
    static let scroll = DrawListDamage(baseGeneration: 0, commandRanges: [3..<4])

    func testAPanelUnderOpaqueRowsLeavesOutTheViewport() {
        let t = Self.tessellator(Self.list(offset: 0))
        XCTAssertEqual(t.spans[0].coverGroup, 0)
        XCTAssertEqual(t.spans[0].hole, Self.viewport, "the viewport's pixels")
        XCTAssertEqual(t.largestCoveredPixels, Self.viewport, "what the scene may leave out")
        XCTAssertEqual(t.spans[0].count, 24, "four bands")
        XCTAssertEqual(t.spans[0].bounds, Rect(x: 19, y: 19, width: 442, height: 362), "the bands cover what the quad did")
        // The bands cover every pixel of the quad outside the hole, and none inside.
        let n = DrawListTessellator.floatsPerVertex, s = t.spans[0]
        var area = 0.0
        for q in 0..<(s.count / 6) {
            let v = (s.first + q * 6) * n
            let x0 = Double(t.vertices[v]), y0 = Double(t.vertices[v + 1])
            let x1 = Double(t.vertices[v + 2 * n]), y1 = Double(t.vertices[v + 2 * n + 1])
            let band = Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
            XCTAssertFalse(band.intersects(Self.viewport), "band \(q) \(band)")
            area += band.width * band.height
        }
        XCTAssertEqual(area, 442 * 362 - 400 * 300)
        // Later commands over the viewport are drawn whole: the scroll bar and the sheet.
        let last = t.spans.count - 1
        XCTAssertNil(t.spans[last].hole)
        XCTAssertNil(t.spans[last - 1].hole)
        XCTAssertTrue(t.spans[4].isOpaque, "a row")
        XCTAssertFalse(t.spans[0].isOpaque)
        // Off (a GPU), or without a group, the panel is one quad.
        XCTAssertEqual(Self.tessellator(Self.list(offset: 0), cuts: false).spans[0].count, 6)
        XCTAssertEqual(Self.tessellator(Self.list(offset: 0).resolvingOffsets()).spans[0].count, 6)
    }

    func testRowsThatDoNotFillTheViewportOrATranslucentRowLeaveThePanelWhole() {
        // Five rows (200 points) in a 300-point viewport.
        XCTAssertNil(Self.tessellator(Self.list(offset: 0, rows: 5)).spans[0].hole)
        XCTAssertNil(Self.tessellator(Self.list(offset: 0, rows: 5)).largestCoveredPixels)
        XCTAssertNil(Self.tessellator(Self.list(offset: 0, translucentRow: 3)).largestCoveredPixels)
        // Pulled down past the top (a rubber band): a gap above the first row.
        XCTAssertNil(Self.tessellator(Self.list(offset: 10)).spans[0].hole)
        // Translucent rows show what is under them.
        XCTAssertNil(Self.tessellator(Self.list(offset: 0, translucentRow: 3)).spans[0].hole)
        // Out of sight, a translucent row does not matter.
        XCTAssertEqual(Self.tessellator(Self.list(offset: 0, translucentRow: 15)).spans[0].hole, Self.viewport)
    }

    func testScrollsThatKeepTheViewportCoveredArePartialUpdates() {
        let t = Self.tessellator(Self.list(offset: 0))
        let glyphs = TableGlyphSource()
        t.tessellate(Self.list(offset: 0), metrics: Self.metrics, glyphs: glyphs, images: [:])
        let n = DrawListTessellator.floatsPerVertex
        func panelVertices() -> [Float] { Array(t.vertices[(t.spans[0].first * n)..<((t.spans[0].first + t.spans[0].count) * n)]) }
        let bands = panelVertices()
        for offset in stride(from: -20.0, through: -500, by: -20) {
            XCTAssertTrue(t.updateDamaged(Self.list(offset: offset), Self.scroll, metrics: Self.metrics, glyphs: glyphs, images: [:]),
                          "offset \(offset): still covered")
        }
        XCTAssertEqual(panelVertices(), bands, "the panel's bands are not emitted again")
        XCTAssertEqual(t.spans[0].hole, Self.viewport)
        // At -200 the viewport shows 200...500 of the document: row 6 (240...280), made translucent, uncovers it.
        XCTAssertTrue(t.updateDamaged(Self.list(offset: -200), Self.scroll, metrics: Self.metrics, glyphs: glyphs, images: [:]))
        XCTAssertFalse(t.updateDamaged(Self.list(offset: -200, translucentRow: 6),
                                       DrawListDamage(baseGeneration: 0, commandRanges: [16..<17]),
                                       metrics: Self.metrics, glyphs: glyphs, images: [:]), "a translucent row over the hole")
    }

    func testAScrollPastTheEndTessellatesAnewAndTheHoleComesBackWhenCoveredAgain() {
        let glyphs = TableGlyphSource()
        let t = DrawListTessellator()
        t.drawsLargeShapesAlone = true
        t.cutsCoveredInteriors = true
        t.tessellate(Self.list(offset: 0), metrics: Self.metrics, glyphs: glyphs, images: [:])
        XCTAssertNotNil(t.spans[0].hole)
        // The document is 800 points: at -520 its end is at 280 of the 300-point viewport.
        XCTAssertTrue(t.updateDamaged(Self.list(offset: -500), Self.scroll, metrics: Self.metrics, glyphs: glyphs, images: [:]))
        XCTAssertFalse(t.updateDamaged(Self.list(offset: -520), Self.scroll, metrics: Self.metrics, glyphs: glyphs, images: [:]),
                       "the rows no longer cover the hole")
        t.tessellate(Self.list(offset: -520), metrics: Self.metrics, glyphs: glyphs, images: [:])
        XCTAssertNil(t.spans[0].hole, "tessellated with the gap: the panel is whole")
        XCTAssertNil(t.largestCoveredPixels, "nothing hides the scene")
        XCTAssertEqual(t.spans[0].count, 6)
        // Still past the end: partial updates, the panel whole.
        XCTAssertTrue(t.updateDamaged(Self.list(offset: -540), Self.scroll, metrics: Self.metrics, glyphs: glyphs, images: [:]))
        XCTAssertNil(t.spans[0].hole)
        // Back over the rows: the next update asks for a tessellation, which cuts the hole again.
        XCTAssertFalse(t.updateDamaged(Self.list(offset: -400), Self.scroll, metrics: Self.metrics, glyphs: glyphs, images: [:]),
                       "covered again")
        t.tessellate(Self.list(offset: -400), metrics: Self.metrics, glyphs: glyphs, images: [:])
        XCTAssertEqual(t.spans[0].hole, Self.viewport)
        XCTAssertEqual(t.largestCoveredPixels, Self.viewport)
        XCTAssertTrue(t.updateDamaged(Self.list(offset: -440), Self.scroll, metrics: Self.metrics, glyphs: glyphs, images: [:]))
    }

    func testThePanelsOwnRepaintKeepsItsHole() {
        let glyphs = TableGlyphSource()
        let t = Self.tessellator(Self.list(offset: 0))
        t.tessellate(Self.list(offset: 0), metrics: Self.metrics, glyphs: glyphs, images: [:])
        var recolored = Self.list(offset: 0)
        recolored.commands[0] = .rect(Rect(x: 20, y: 20, width: 440, height: 360), color: .white, cornerRadius: 12)
        XCTAssertTrue(t.updateDamaged(recolored, DrawListDamage(baseGeneration: 0, commandRanges: [0..<1]),
                                      metrics: Self.metrics, glyphs: glyphs, images: [:]))
        XCTAssertEqual(t.spans[0].hole, Self.viewport)
        XCTAssertEqual(t.lastChangedCommands, [0])
        // Damage: the panel's bounds, in one rectangle.
        XCTAssertEqual(t.damagedPixels, [Rect(x: 19, y: 19, width: 442, height: 362)])
    }
}
