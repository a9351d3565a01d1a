// A scroll step that moves only an offset group (a touchpad's 2-point steps over a list, issue 29): culling looks at
// the group's commands only when one may cross its scissor, and the scroll bar's thumb, moved a little, is compared
// for painter's order only with batches that could be drawn on its wrong side (DrawListTessellator+Culling.swift,
// `movesKeepPaintersOrder`). Every step's vertices and culled commands equal a fresh tessellation's.
import GlasspaneCore
@testable import GlasspaneDraw
import XCTest

final class ScrollStepCullingTests: XCTestCase {
    static let metrics = TessellationFixtures.metrics
    static let rowColor = Color(r: 0, g: 0, b: 1), text = Color(r: 1, g: 1, b: 1)
    /// Where the document's `pushOffset` and the thumb are in `scrolled`.
    static let offsetCommand = 3, rows = 12

    /// A panel with a rounded label below the viewport (drawn by the program of the rows and the thumb), a 220x120
    /// viewport at (10, 10) holding a document of 12 rows (a rectangle and a text each, 30 points apart) scrolled
    /// down by `y`, and a scroll bar's thumb beside the viewport that moves a tenth as much.
    static func scrolled(by y: Double, thumbX: Double = 234) -> DrawList {
        var commands: [DrawCommand] = [
            .rect(Rect(x: 0, y: 0, width: 300, height: 300), color: Color(r: 0.2, g: 0.2, b: 0.2), cornerRadius: 0),
            .rect(Rect(x: 10, y: 140, width: 100, height: 20), color: rowColor, cornerRadius: 4),
            .pushClip(Rect(x: 10, y: 10, width: 220, height: 120)),
            .pushOffset(Point(x: 10, y: 10 - y)),
        ]
        for row in 0..<rows {
            commands.append(.rect(Rect(x: 0, y: Double(row) * 30, width: 200, height: 28), color: rowColor, cornerRadius: 3))
            commands.append(.glyphs(GlyphRun(text: "row \(row)", origin: Point(x: 4, y: Double(row) * 30 + 6), fontSize: 14,
                                             color: text)))
        }
        commands += [.popOffset, .popClip,
                     .rect(Rect(x: thumbX, y: 10 + y / 10, width: 6, height: 40), color: text, cornerRadius: 3)]
        return DrawList(commands: commands)
    }

    static var thumbCommand: Int { scrolled(by: 0).commands.count - 1 }

    /// A step's damage, as the overlay reports it: the rewritten `pushOffset` and the repainted thumb.
    static let stepDamage = DrawListDamage(baseGeneration: 0, commandRanges: [offsetCommand..<(offsetCommand + 1),
                                                                              thumbCommand..<(thumbCommand + 1)])

    func testScrollStepsScanForCullingOnlyWhenACommandMayCrossTheScissor() {
        let glyphs = TableGlyphSource()
        let t = DrawListTessellator()
        t.tessellate(Self.scrolled(by: 0), metrics: Self.metrics, glyphs: glyphs, images: [:])
        var scans = 0, flips = 0
        // Down 90 points in steps of 2, then back: rows leave at the top and come in at the bottom.
        let path = Array(stride(from: 2.0, through: 90, by: 2)) + Array(stride(from: 88.0, through: 0, by: -2))
        for y in path {
            let list = Self.scrolled(by: y)
            let culledBefore = t.culled, scansBefore = t.cullScanCount, orderScans = t.paintersOrderBatchScans
            XCTAssertTrue(t.updateDamaged(list, Self.stepDamage, metrics: Self.metrics, glyphs: glyphs, images: [:]), "at \(y)")
            // What a whole tessellation at this offset gives: the same commands collapsed, the same vertices.
            let fresh = TessellationFixtures.tessellate(list, glyphs: glyphs)
            XCTAssertEqual(t.culled, fresh.culled, "at \(y): culled")
            XCTAssertEqual(t.vertices, fresh.vertices, "at \(y): vertices")
            if t.culled != culledBefore { flips += 1 }
            if t.cullScanCount > scansBefore { scans += 1 }
            // The thumb moved beside the viewport: no batch drawn before it holds a command it may overlap.
            XCTAssertEqual(t.paintersOrderBatchScans, orderScans, "at \(y): the thumb compared with no batch")
        }
        // A row's rectangle or text crosses an edge of the viewport on these steps; between them none is scanned.
        print("ScrollStepCullingTests: \(path.count) steps, \(flips) flipped a command, \(scans) scanned")
        XCTAssertGreaterThan(flips, 0)
        XCTAssertGreaterThanOrEqual(scans, flips)
        XCTAssertLessThan(scans, path.count / 2, "most steps keep every command on its side of the scissor")
    }

    func testARowRepaintedAtTheSameOffsetIsCulledWhereItNowIs() {
        let glyphs = TableGlyphSource()
        let t = DrawListTessellator()
        t.tessellate(Self.scrolled(by: 4), metrics: Self.metrics, glyphs: glyphs, images: [:])
        // A step that crosses nothing: no scan.
        XCTAssertTrue(t.updateDamaged(Self.scrolled(by: 5), Self.stepDamage, metrics: Self.metrics, glyphs: glyphs, images: [:]))
        let scans = t.cullScanCount
        // Row 1 repainted far below the viewport (a recycled row): the offset has not moved, yet its command must be
        // collapsed, so the group's commands are scanned again.
        var moved = Self.scrolled(by: 5)
        let row1 = Self.offsetCommand + 3
        moved.commands[row1] = .rect(Rect(x: 0, y: 600, width: 200, height: 28), color: Self.rowColor, cornerRadius: 3)
        XCTAssertTrue(t.updateDamaged(moved, DrawListDamage(baseGeneration: 0, commandRanges: [row1..<(row1 + 1)]),
                                      metrics: Self.metrics, glyphs: glyphs, images: [:]))
        XCTAssertEqual(t.cullScanCount, scans + 1)
        XCTAssertTrue(t.culled[row1])
        XCTAssertEqual(t.culled, TessellationFixtures.tessellate(moved, glyphs: glyphs).culled)
    }

    func testAMovedCommandIsStillComparedWithABatchItMayBeDrawnUnder() {
        let glyphs = TableGlyphSource()
        let t = DrawListTessellator()
        // The thumb joins the label's batch, drawn before the document's; beside the viewport that is right.
        t.tessellate(Self.scrolled(by: 0), metrics: Self.metrics, glyphs: glyphs, images: [:])
        XCTAssertLessThan(t.spans[Self.thumbCommand].batch, t.spans[Self.offsetCommand + 1].batch)
        // Moved over the viewport it would be drawn under the rows: the whole list must be tessellated again.
        XCTAssertFalse(t.updateDamaged(Self.scrolled(by: 0, thumbX: 200), Self.stepDamage, metrics: Self.metrics,
                                       glyphs: glyphs, images: [:]))
        XCTAssertEqual(t.paintersOrderBatchScans, 1, "the document's batch was looked at")
    }
}
