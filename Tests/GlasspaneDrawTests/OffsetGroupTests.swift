// Offset groups without GL (issue 29, scrolling without repainting): the commands between `pushOffset` and
// `popOffset` are tessellated in their own pixels and drawn moved by the group's offset under its clip, so a new
// offset is a partial update that rewrites no vertex; the part of an offset below a pixel, and nested offsets, move
// the commands themselves on the CPU.
import GlasspaneCore
import GlasspaneDraw
import XCTest

final class OffsetGroupTests: XCTestCase {
    static let metrics = TessellationFixtures.metrics
    static let hiDPI = WindowMetrics(windowSize: Size(width: 640, height: 360), drawableSize: PixelSize(width: 1280, height: 720))
    static let panel = Color(r: 0.2, g: 0.2, b: 0.2), row = Color(r: 0, g: 0, b: 1), bar = Color(r: 1, g: 1, b: 1)

    /// A panel, a clipped viewport holding a scrolled document of two rows, and a scroll bar drawn over it.
    static func scrolled(by offset: Point, text: String = "row") -> DrawList {
        DrawList(commands: [
            .rect(Rect(x: 0, y: 0, width: 300, height: 300), color: panel, cornerRadius: 0),
            .pushClip(Rect(x: 10, y: 10, width: 220, height: 120)),
            .pushOffset(offset),
            .rect(Rect(x: 0, y: 0, width: 200, height: 30), color: row, cornerRadius: 4),
            .glyphs(GlyphRun(text: text, origin: Point(x: 4, y: 4), fontSize: 14, color: bar)),
            .rect(Rect(x: 0, y: 30, width: 200, height: 30), color: row, cornerRadius: 4),
            .popOffset,
            .popClip,
            .rect(Rect(x: 210, y: 20, width: 6, height: 40), color: bar, cornerRadius: 3),
        ])
    }

    /// Command `index`'s vertices' positions moved by `offset` pixels, without the copies of the last vertex that
    /// pad a run of text in a group (they draw nothing).
    static func positions(of index: Int, in t: DrawListTessellator, movedBy offset: Point = .zero) -> [Float] {
        let s = t.spans[index], n = DrawListTessellator.floatsPerVertex
        var out: [Float] = []
        for v in s.first..<(s.first + s.count) {
            out.append(t.vertices[v * n] + Float(offset.x))
            out.append(t.vertices[v * n + 1] + Float(offset.y))
        }
        while out.count >= 4 && out[out.count - 2] == out[out.count - 4] && out[out.count - 1] == out[out.count - 3] {
            out.removeLast(2)
        }
        return out
    }

    func testAGroupIsTessellatedInItsOwnPixelsAndDrawnMovedUnderItsClip() {
        let t = TessellationFixtures.tessellate(Self.scrolled(by: Point(x: 20, y: 20)))
        XCTAssertEqual(t.groups, [OffsetGroup(offset: Point(x: 20, y: 20), scissor: Rect(x: 10, y: 10, width: 220, height: 120),
                                              command: 2)])
        // The rows are in the group's own pixels: the vertices of the list with the offset resolved, less the offset.
        let flat = TessellationFixtures.tessellate(Self.scrolled(by: Point(x: 20, y: 20)).resolvingOffsets())
        XCTAssertTrue(flat.groups.isEmpty)
        for (grouped, resolved) in [(3, 2), (4, 3), (5, 4)] {
            XCTAssertFalse(Self.positions(of: grouped, in: t).isEmpty)
            XCTAssertEqual(Self.positions(of: grouped, in: t, movedBy: Point(x: 20, y: 20)), Self.positions(of: resolved, in: flat))
        }
        XCTAssertNotEqual(Self.positions(of: 3, in: t), Self.positions(of: 2, in: flat), "not in window pixels")
        XCTAssertEqual(t.spans[3].group, 0)
        XCTAssertEqual(t.spans[0].group, -1)
        XCTAssertEqual(t.spans[8].group, -1)
        // Batches never mix a group's commands with others, and the bar drawn over the viewport stays after the rows.
        for batch in t.batches {
            let members = t.spans.indices.filter { t.spans[$0].batch >= 0 && t.batches[t.spans[$0].batch] == batch }
            XCTAssertEqual(Set(members.map { t.spans[$0].group }).count, 1, "batch \(batch) mixes groups")
        }
        XCTAssertGreaterThan(t.spans[8].batch, t.spans[5].batch, "the scroll bar is drawn after the rows under it")
        XCTAssertLessThan(t.spans[0].batch, t.spans[3].batch, "the panel is drawn before the rows")
        // The composite covers where the group may draw: its scissor, not its own pixels.
        XCTAssertEqual(t.contentBounds, Rect(x: 0, y: 0, width: 300, height: 300))
    }

    func testANewOffsetRewritesNoVertexAndDamagesTheViewport() {
        let glyphs = TableGlyphSource()
        let t = DrawListTessellator()
        t.tessellate(Self.scrolled(by: Point(x: 20, y: 20)), metrics: Self.metrics, glyphs: glyphs, images: [:])
        _ = t.takeUploads()
        let vertices = t.vertices
        XCTAssertTrue(t.updateDamaged(Self.scrolled(by: Point(x: 20, y: 10)), DrawListDamage(baseGeneration: 0, commandRanges: [2..<3]),
                                      metrics: Self.metrics, glyphs: glyphs, images: [:]))
        XCTAssertEqual(t.vertices, vertices, "a scroll moves the group, not its vertices")
        XCTAssertTrue(t.takeUploads().isEmpty)
        XCTAssertEqual(t.groups[0].offset, Point(x: 20, y: 10))
        XCTAssertEqual(t.lastChangedCommands, [2], "the offset is a change (a cache must redraw)")
        XCTAssertEqual(t.damagedPixels, [Rect(x: 10, y: 10, width: 220, height: 120)])
        // A row repainted inside the group is damaged where it shows now: moved by the offset, cut to the viewport.
        t.damagedPixels.removeAll()
        var recolored = Self.scrolled(by: Point(x: 20, y: 10))
        recolored.commands[5] = .rect(Rect(x: 0, y: 30, width: 200, height: 30), color: Self.bar, cornerRadius: 4)
        XCTAssertTrue(t.updateDamaged(recolored, DrawListDamage(baseGeneration: 0, commandRanges: [5..<6]),
                                      metrics: Self.metrics, glyphs: glyphs, images: [:]))
        XCTAssertEqual(t.lastChangedCommands, [5])
        // Its quad covers x -1...201, y 29...61 (a pixel of anti-aliasing around it), moved by (20, 10).
        XCTAssertEqual(t.damagedPixels, [Rect(x: 19, y: 39, width: 202, height: 32)])
        // The same offset again changes nothing.
        XCTAssertTrue(t.updateDamaged(recolored, DrawListDamage(baseGeneration: 0, commandRanges: [2..<3]),
                                      metrics: Self.metrics, glyphs: glyphs, images: [:]))
        XCTAssertEqual(t.lastChangedCommands, [])
    }

    func testCommandsScrolledOutOfTheScissorAreCollapsedAndComeBackWhole() {
        let glyphs = TableGlyphSource()
        let t = DrawListTessellator()
        t.tessellate(Self.scrolled(by: Point(x: 20, y: 20)), metrics: Self.metrics, glyphs: glyphs, images: [:])
        let shown = (3...5).map { OffsetGroupTests.positions(of: $0, in: t) }
        _ = t.takeUploads()
        // Up 75 points: the first row (y -55...-25 on screen) and its text leave the viewport (y 10...130); the second
        // (y -25...5, with its anti-aliasing pixel) too. Each is collapsed to one point: it draws nothing.
        XCTAssertTrue(t.updateDamaged(Self.scrolled(by: Point(x: 20, y: -55)), DrawListDamage(baseGeneration: 0, commandRanges: [2..<3]),
                                      metrics: Self.metrics, glyphs: glyphs, images: [:]))
        XCTAssertEqual(t.culled[3...5], [true, true, true])
        XCTAssertEqual(t.culled[0], false, "outside the group: never culled")
        for index in 3...5 {
            let s = t.spans[index], n = DrawListTessellator.floatsPerVertex
            let first = Array(t.vertices[(s.first * n)..<(s.first * n + n)])
            for v in s.first..<(s.first + s.count) { XCTAssertEqual(Array(t.vertices[(v * n)..<(v * n + n)]), first) }
        }
        XCTAssertFalse(t.takeUploads().isEmpty, "the collapsed ranges are uploaded")
        // Back: emitted again into their own ranges, the vertices they had.
        XCTAssertTrue(t.updateDamaged(Self.scrolled(by: Point(x: 20, y: 20)), DrawListDamage(baseGeneration: 0, commandRanges: [2..<3]),
                                      metrics: Self.metrics, glyphs: glyphs, images: [:]))
        XCTAssertEqual(t.culled[3...5], [false, false, false])
        XCTAssertEqual((3...5).map { OffsetGroupTests.positions(of: $0, in: t) }, shown)
        // A whole tessellation at an offset that hides them starts them collapsed.
        t.tessellate(Self.scrolled(by: Point(x: 20, y: -55)), metrics: Self.metrics, glyphs: glyphs, images: [:])
        XCTAssertEqual(t.culled[3...5], [true, true, true])
    }

    /// Every float of command `index`'s vertices.
    static func floats(of index: Int, in t: DrawListTessellator) -> [Float] {
        let s = t.spans[index], n = DrawListTessellator.floatsPerVertex
        return Array(t.vertices[(s.first * n)..<((s.first + s.count) * n)])
    }

    func testACommandThatComesBackGetsTheVerticesItHadWithoutBeingEmittedAgain() {
        let glyphs = TableGlyphSource()
        let t = DrawListTessellator()
        t.tessellate(Self.scrolled(by: Point(x: 20, y: 20)), metrics: Self.metrics, glyphs: glyphs, images: [:])
        let shown = (3...5).map { Self.floats(of: $0, in: t) }
        let away = DrawListDamage(baseGeneration: 0, commandRanges: [2..<3])
        XCTAssertTrue(t.updateDamaged(Self.scrolled(by: Point(x: 20, y: -55)), away, metrics: Self.metrics, glyphs: glyphs, images: [:]))
        XCTAssertEqual(t.culled[3...5], [true, true, true])
        let emittedBefore = t.reemittedCommandCount
        XCTAssertTrue(t.updateDamaged(Self.scrolled(by: Point(x: 20, y: 20)), away, metrics: Self.metrics, glyphs: glyphs, images: [:]))
        XCTAssertEqual(t.culled[3...5], [false, false, false])
        XCTAssertEqual(t.restoredCulledCommandCount, 3, "put back, not emitted")
        XCTAssertEqual(t.reemittedCommandCount, emittedBefore)
        XCTAssertEqual((3...5).map { Self.floats(of: $0, in: t) }, shown, "every float as before")
        let fresh = DrawListTessellator()
        fresh.tessellate(Self.scrolled(by: Point(x: 20, y: 20)), metrics: Self.metrics, glyphs: glyphs, images: [:])
        XCTAssertEqual((3...5).map { Self.floats(of: $0, in: t) }, (3...5).map { Self.floats(of: $0, in: fresh) })
    }

    func testCommandsCollapsedByAWholeTessellationAreEmittedAgainWhenTheyShow() {
        let glyphs = TableGlyphSource()
        let t = DrawListTessellator()
        t.tessellate(Self.scrolled(by: Point(x: 20, y: -55)), metrics: Self.metrics, glyphs: glyphs, images: [:])
        XCTAssertEqual(t.culled[3...5], [true, true, true])
        XCTAssertEqual(t.keptCollapsedCommandCount, 0, "a whole tessellation keeps none")
        XCTAssertTrue(t.updateDamaged(Self.scrolled(by: Point(x: 20, y: 20)), DrawListDamage(baseGeneration: 0, commandRanges: [2..<3]),
                                      metrics: Self.metrics, glyphs: glyphs, images: [:]))
        XCTAssertEqual(t.restoredCulledCommandCount, 0)
        let fresh = DrawListTessellator()
        fresh.tessellate(Self.scrolled(by: Point(x: 20, y: 20)), metrics: Self.metrics, glyphs: glyphs, images: [:])
        XCTAssertEqual((3...5).map { Self.floats(of: $0, in: t) }, (3...5).map { Self.floats(of: $0, in: fresh) })
    }

    /// A document of 1,100 small squares, all in sight at `y` 0, scrolled out of sight and back: at most
    /// `maximumCommandsKeptCollapsed` keep their vertices, and every square comes back as a fresh tessellation has it.
    func testAtMostTheLimitOfCollapsedCommandsKeepTheirVertices() {
        func document(_ y: Double) -> DrawList {
            var commands: [DrawCommand] = [.pushClip(Rect(x: 10, y: 10, width: 220, height: 120)), .pushOffset(Point(x: 10, y: 10 + y))]
            for i in 0..<1_100 {
                commands.append(.rect(Rect(x: Double(i % 100) * 2, y: Double(i / 100) * 2, width: 2, height: 2), color: Self.row, cornerRadius: 0))
            }
            return DrawList(commands: commands + [.popOffset, .popClip])
        }
        let glyphs = TableGlyphSource()
        let t = DrawListTessellator()
        t.tessellate(document(0), metrics: Self.metrics, glyphs: glyphs, images: [:])
        let scroll = DrawListDamage(baseGeneration: 0, commandRanges: [1..<2])
        XCTAssertTrue(t.updateDamaged(document(-500), scroll, metrics: Self.metrics, glyphs: glyphs, images: [:]))
        XCTAssertEqual(t.culled.filter { $0 }.count, 1_100)
        let kept = t.keptCollapsedCommandCount
        XCTAssertLessThanOrEqual(kept, DrawListTessellator.maximumCommandsKeptCollapsed)
        XCTAssertGreaterThan(kept, 0)
        XCTAssertTrue(t.updateDamaged(document(0), scroll, metrics: Self.metrics, glyphs: glyphs, images: [:]))
        XCTAssertEqual(t.culled.filter { $0 }.count, 0)
        XCTAssertEqual(t.restoredCulledCommandCount, kept, "those kept put back, the others emitted again")
        let fresh = DrawListTessellator()
        fresh.tessellate(document(0), metrics: Self.metrics, glyphs: glyphs, images: [:])
        XCTAssertEqual((2..<1_102).map { Self.floats(of: $0, in: t) }, (2..<1_102).map { Self.floats(of: $0, in: fresh) })
    }

    func testACommandChangedWhileCollapsedComesBackAsItIsNow() {
        let glyphs = TableGlyphSource()
        let t = DrawListTessellator()
        t.tessellate(Self.scrolled(by: Point(x: 20, y: 20)), metrics: Self.metrics, glyphs: glyphs, images: [:])
        let scroll = DrawListDamage(baseGeneration: 0, commandRanges: [2..<3])
        XCTAssertTrue(t.updateDamaged(Self.scrolled(by: Point(x: 20, y: -55)), scroll, metrics: Self.metrics, glyphs: glyphs, images: [:]))
        // Out of sight, the row's text changes (as a recycled row's does): emitted, then collapsed again.
        XCTAssertTrue(t.updateDamaged(Self.scrolled(by: Point(x: 20, y: -55), text: "now"), DrawListDamage(baseGeneration: 0, commandRanges: [4..<5]),
                                      metrics: Self.metrics, glyphs: glyphs, images: [:]))
        XCTAssertTrue(t.culled[4])
        XCTAssertTrue(t.updateDamaged(Self.scrolled(by: Point(x: 20, y: 20), text: "now"), scroll, metrics: Self.metrics, glyphs: glyphs, images: [:]))
        let fresh = DrawListTessellator()
        fresh.tessellate(Self.scrolled(by: Point(x: 20, y: 20), text: "now"), metrics: Self.metrics, glyphs: glyphs, images: [:])
        XCTAssertEqual((3...5).map { Self.floats(of: $0, in: t) }, (3...5).map { Self.floats(of: $0, in: fresh) }, "the new text")
        XCTAssertEqual(t.restoredCulledCommandCount, 3, "its vertices as collapsed after the change")
    }

    func testOffsetsInPointsBecomePixelsAndWhatIsNotWholeMovesTheCommands() {
        let glyphs = TableGlyphSource()
        let t = DrawListTessellator()
        t.tessellate(Self.scrolled(by: Point(x: 3, y: -7)), metrics: Self.hiDPI, glyphs: glyphs, images: [:])
        XCTAssertEqual(t.groups.first?.offset, Point(x: 6, y: -14), "points times the scale")
        XCTAssertEqual(t.groups.first?.cpuShift, .zero)
        XCTAssertEqual(t.groups.first?.scissor, Rect(x: 20, y: 20, width: 440, height: 240))
        // Half a point at 1x is half a pixel: the group moves by the whole pixels (none), its commands by the half.
        let half = Self.scrolled(by: Point(x: 0, y: 0.5))
        t.tessellate(half, metrics: Self.metrics, glyphs: glyphs, images: [:])
        XCTAssertEqual(t.groups.first?.offset, .zero)
        XCTAssertEqual(t.groups.first?.cpuShift, Point(x: 0, y: 0.5))
        var movedRow = Self.scrolled(by: .zero)
        movedRow.commands[3] = .rect(Rect(x: 0, y: 0.5, width: 200, height: 30), color: Self.row, cornerRadius: 4)
        let reference = DrawListTessellator()
        reference.tessellate(movedRow, metrics: Self.metrics, glyphs: glyphs, images: [:])
        XCTAssertEqual(Self.positions(of: 3, in: t), Self.positions(of: 3, in: reference), "the row half a pixel down")
        // A scroll by whole pixels keeps the half: a partial update that changes no vertex.
        let before = t.vertices
        XCTAssertTrue(t.updateDamaged(Self.scrolled(by: Point(x: 0, y: -2.5)), DrawListDamage(baseGeneration: 0, commandRanges: [2..<3]),
                                      metrics: Self.metrics, glyphs: glyphs, images: [:]))
        XCTAssertEqual(t.groups.first?.offset, Point(x: 0, y: -3))
        XCTAssertEqual(t.vertices, before)
        // Another fraction moves every command of the group: the whole list is redone.
        XCTAssertFalse(t.updateDamaged(Self.scrolled(by: Point(x: 0, y: 1)), DrawListDamage(baseGeneration: 0, commandRanges: [2..<3]),
                                       metrics: Self.metrics, glyphs: glyphs, images: [:]))
        // At 1.5x a point is a pixel and a half: a notch of 40 points (60 pixels) keeps the fraction too.
        let oneAndAHalf = WindowMetrics(windowSize: Size(width: 640, height: 360), drawableSize: PixelSize(width: 960, height: 540))
        t.tessellate(Self.scrolled(by: Point(x: 0, y: 1)), metrics: oneAndAHalf, glyphs: glyphs, images: [:])
        XCTAssertEqual(t.groups.first?.offset, Point(x: 0, y: 1))
        XCTAssertEqual(t.groups.first?.cpuShift.y ?? 0, 1.0 / 3, accuracy: 1e-12)
        XCTAssertTrue(t.updateDamaged(Self.scrolled(by: Point(x: 0, y: -39)), DrawListDamage(baseGeneration: 0, commandRanges: [2..<3]),
                                      metrics: oneAndAHalf, glyphs: glyphs, images: [:]))
        XCTAssertEqual(t.groups.first?.offset, Point(x: 0, y: -59))
        // A whole-pixel group whose clip moved cannot keep its scissor: the whole list is redone.
        t.tessellate(Self.scrolled(by: .zero), metrics: Self.metrics, glyphs: glyphs, images: [:])
        var moved = Self.scrolled(by: .zero)
        moved.commands[1] = .pushClip(Rect(x: 10, y: 15, width: 220, height: 120))
        XCTAssertFalse(t.updateDamaged(moved, DrawListDamage(baseGeneration: 0, commandRanges: [1..<3]),
                                       metrics: Self.metrics, glyphs: glyphs, images: [:]))
    }

    func testNestedOffsetsAddUpAndUnbalancedOnesAreHarmless() {
        let inner = DrawList(commands: [
            .pushOffset(Point(x: 10, y: 10)),
            .pushOffset(Point(x: 5, y: 0)),
            .rect(Rect(x: 0, y: 0, width: 20, height: 20), color: Self.row, cornerRadius: 0),
            .popOffset,
            .rect(Rect(x: 0, y: 30, width: 20, height: 20), color: Self.row, cornerRadius: 0),
            .popOffset,
            .popOffset, // one too many
            .rect(Rect(x: 100, y: 100, width: 20, height: 20), color: Self.row, cornerRadius: 0),
        ])
        XCTAssertEqual(inner.resolvingOffsets().commands, [
            .rect(Rect(x: 15, y: 10, width: 20, height: 20), color: Self.row, cornerRadius: 0),
            .rect(Rect(x: 10, y: 40, width: 20, height: 20), color: Self.row, cornerRadius: 0),
            .rect(Rect(x: 100, y: 100, width: 20, height: 20), color: Self.row, cornerRadius: 0),
        ])
        let t = TessellationFixtures.tessellate(inner)
        let flat = TessellationFixtures.tessellate(inner.resolvingOffsets())
        XCTAssertEqual(t.groups.count, 1, "the outer offset is the group; the inner one is drawn on the CPU")
        XCTAssertEqual(Self.positions(of: 2, in: t, movedBy: Point(x: 10, y: 10)), Self.positions(of: 0, in: flat))
        XCTAssertEqual(Self.positions(of: 4, in: t, movedBy: Point(x: 10, y: 10)), Self.positions(of: 1, in: flat))
        XCTAssertEqual(Self.positions(of: 7, in: t), Self.positions(of: 2, in: flat))
        // A group left open ends with the list; a pop of a clip pushed outside the group is left out inside it.
        let open = DrawList(commands: [
            .pushClip(Rect(x: 0, y: 0, width: 50, height: 50)),
            .pushOffset(Point(x: 1, y: 1)),
            .popClip,
            .rect(Rect(x: 0, y: 0, width: 100, height: 100), color: Self.row, cornerRadius: 0),
        ])
        let o = TessellationFixtures.tessellate(open)
        XCTAssertEqual(o.groups.first?.scissor, Rect(x: 0, y: 0, width: 50, height: 50))
        XCTAssertEqual(o.contentBounds, Rect(x: 0, y: 0, width: 50, height: 50), "still scissored to the clip")
    }

    func testTheDumpShowsOffsets() {
        XCTAssertEqual(DrawList(commands: [.pushOffset(Point(x: 0, y: -40)), .rect(Rect(x: 0, y: 0, width: 1, height: 1),
                                                                                     color: Self.row, cornerRadius: 0), .popOffset]).dumpText,
                       "pushOffset 0,-40\n  rect 0,0 1x1 #0000ff\npopOffset\n")
    }
}
