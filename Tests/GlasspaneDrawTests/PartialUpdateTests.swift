// Partial updates and hot commands without GL: only the damaged commands' vertex ranges are rewritten and uploaded,
// the pixels they covered and cover are damaged, painter's order is kept or the update refuses, and a drag's
// commands turn hot and cool back.
import GlasspaneCore
import GlasspaneDemo
import GlasspaneDraw
import GlasspaneHost
import GlasspaneOverlay
import GlasspaneTesting
import XCTest

final class PartialUpdateTests: XCTestCase {
    static let metrics = TessellationFixtures.metrics
    static let red = Color(r: 1, g: 0, b: 0), blue = Color(r: 0, g: 0, b: 1)

    static func rects(_ moved: Rect = Rect(x: 100, y: 10, width: 40, height: 20), color: Color = blue) -> DrawList {
        DrawList(commands: [
            .rect(Rect(x: 10, y: 10, width: 40, height: 20), color: red, cornerRadius: 4),
            .rect(moved, color: color, cornerRadius: 4),
            .rect(Rect(x: 200, y: 10, width: 40, height: 20), color: red, cornerRadius: 4),
        ])
    }

    /// Command `index`'s vertices, as floats.
    static func vertices(of index: Int, in t: DrawListTessellator) -> [Float] {
        let s = t.spans[index], n = DrawListTessellator.floatsPerVertex
        return Array(t.vertices[(s.first * n)..<((s.first + s.count) * n)])
    }

    /// Command `index`'s vertices without the copies of its last vertex that pad a run of text.
    static func drawnVertices(of index: Int, in t: DrawListTessellator) -> [Float] {
        var v = vertices(of: index, in: t)
        let n = DrawListTessellator.floatsPerVertex
        while v.count >= 2 * n && Array(v[(v.count - n)...]) == Array(v[(v.count - 2 * n)..<(v.count - n)]) { v.removeLast(n) }
        return v
    }

    func testARecoloredCommandRewritesAndUploadsOnlyItsRange() {
        let glyphs = TableGlyphSource()
        let t = DrawListTessellator()
        t.tessellate(Self.rects(), metrics: Self.metrics, glyphs: glyphs, images: [:])
        _ = t.takeUploads()
        let before = t.vertices
        let changed = Self.rects(color: Color(r: 0, g: 1, b: 0))
        XCTAssertTrue(t.updateDamaged(changed, DrawListDamage(baseGeneration: 0, commandRanges: [1..<2]), metrics: Self.metrics,
                                      glyphs: glyphs, images: [:]))
        let span = t.spans[1], n = DrawListTessellator.floatsPerVertex
        XCTAssertEqual(t.lastChangedCommands, [1])
        XCTAssertEqual(t.takeUploads(), [(span.first * n)..<((span.first + span.count) * n)])
        XCTAssertEqual(t.damagedPixels, [Rect(x: 99, y: 9, width: 42, height: 22)], "the rounded rect and its pixel of margin")
        // Outside the range nothing moved; inside it, what a whole tessellation of the new list gives.
        XCTAssertEqual(Array(t.vertices[0..<(span.first * n)]), Array(before[0..<(span.first * n)]))
        let fresh = TessellationFixtures.tessellate(changed)
        XCTAssertEqual(Self.vertices(of: 1, in: t), Self.vertices(of: 1, in: fresh))
        XCTAssertEqual(t.vertices, fresh.vertices)
    }

    func testAnUnchangedDamagedCommandIsNotReemitted() {
        let t = DrawListTessellator(), glyphs = TableGlyphSource()
        t.tessellate(Self.rects(), metrics: Self.metrics, glyphs: glyphs, images: [:])
        XCTAssertTrue(t.updateDamaged(Self.rects(), DrawListDamage(baseGeneration: 0, commandRanges: [0..<3]), metrics: Self.metrics,
                                      glyphs: glyphs, images: [:]))
        XCTAssertEqual(t.reemittedCommandCount, 0)
        XCTAssertEqual(t.lastChangedCommands, [])
        XCTAssertEqual(t.takeUploads(), [])
        XCTAssertEqual(t.damagedPixels, [])
    }

    func testAChangeOfVertexCountRefusesThePartialUpdate() {
        let t = DrawListTessellator(), glyphs = TableGlyphSource()
        t.tessellate(Self.rects(), metrics: Self.metrics, glyphs: glyphs, images: [:])
        var list = Self.rects()
        // A large border is four bands around its interior: four quads where the rect was one.
        list.commands[1] = .border(Rect(x: 100, y: 10, width: 200, height: 200), color: Self.blue, width: 2, cornerRadius: 4)
        XCTAssertFalse(t.updateDamaged(list, DrawListDamage(baseGeneration: 0, commandRanges: [1..<2]), metrics: Self.metrics,
                                       glyphs: glyphs, images: [:]))
    }

    func testAMoveThatWouldBreakPaintersOrderRefusesThePartialUpdate() {
        // The hue bar joins the gradient batch, drawn before the rect's batch: moving it onto the rect would draw it
        // under the rect it follows in the list.
        let list: (Rect) -> DrawList = { hue in
            DrawList(commands: [
                .saturationValueGradient(Rect(x: 10, y: 10, width: 50, height: 50), hue: 0.5, cornerRadius: 0),
                .rect(Rect(x: 100, y: 10, width: 50, height: 50), color: Self.red, cornerRadius: 2),
                .hueGradient(hue, axis: .horizontal, cornerRadius: 0),
            ])
        }
        let t = DrawListTessellator(), glyphs = TableGlyphSource()
        t.tessellate(list(Rect(x: 10, y: 100, width: 50, height: 10)), metrics: Self.metrics, glyphs: glyphs, images: [:])
        XCTAssertEqual(t.batches.count, 2)
        XCTAssertEqual(t.spans[2].batch, t.spans[0].batch)
        let damage = DrawListDamage(baseGeneration: 0, commandRanges: [2..<3])
        XCTAssertTrue(t.updateDamaged(list(Rect(x: 10, y: 120, width: 50, height: 10)), damage, metrics: Self.metrics,
                                      glyphs: glyphs, images: [:]), "a move that overlaps nothing stays partial")
        XCTAssertFalse(t.updateDamaged(list(Rect(x: 110, y: 20, width: 50, height: 10)), damage, metrics: Self.metrics,
                                       glyphs: glyphs, images: [:]))
    }

    func testADraggedCommandTurnsHotLeavesTheCacheAndCoolsBack() {
        let t = DrawListTessellator(), glyphs = TableGlyphSource()
        t.tessellate(Self.rects(), metrics: Self.metrics, glyphs: glyphs, images: [:])
        let cold = t.vertices
        let damage = DrawListDamage(baseGeneration: 0, commandRanges: [1..<2])
        for x in [102.0, 104] {
            XCTAssertTrue(t.updateDamaged(Self.rects(Rect(x: x, y: 10, width: 40, height: 20)), damage, metrics: Self.metrics,
                                          glyphs: glyphs, images: [:]))
            t.notePartialUpdate()
        }
        t.damagedPixels.removeAll()
        _ = t.takeUploads()
        t.updateHotCommands()
        XCTAssertEqual(t.hot.commands, [1])
        let n = DrawListTessellator.floatsPerVertex, span = t.spans[1]
        let collapsed = Self.vertices(of: 1, in: t)
        for v in 1..<span.count { XCTAssertEqual(Array(collapsed[(v * n)..<(v * n + n)]), Array(collapsed[0..<n]), "one point: no pixels") }
        XCTAssertEqual(t.takeUploads(), [(span.first * n)..<((span.first + span.count) * n)])
        XCTAssertEqual(t.damagedPixels, [Rect(x: 103, y: 9, width: 42, height: 22)], "its pixels leave the cache")
        XCTAssertEqual(t.takeChangedHotVertices()?.count, span.count * n)
        XCTAssertNil(t.takeChangedHotVertices(), "taken once")
        // Moving on while hot rewrites the hot vertices only.
        XCTAssertTrue(t.updateDamaged(Self.rects(Rect(x: 106, y: 10, width: 40, height: 20)), damage, metrics: Self.metrics,
                                      glyphs: glyphs, images: [:]))
        XCTAssertEqual(t.takeUploads(), [], "the cache's buffer is untouched while the command is hot")
        XCTAssertNotNil(t.takeChangedHotVertices())
        t.coolHotCommands()
        XCTAssertEqual(t.hot.commands, [])
        let fresh = TessellationFixtures.tessellate(Self.rects(Rect(x: 106, y: 10, width: 40, height: 20)))
        XCTAssertEqual(t.vertices, fresh.vertices, "cooled, the vertices are a whole tessellation's")
        XCTAssertNotEqual(t.vertices, cold)
    }

    /// A drag across the demo's picker, frame by frame: each partial update leaves every command's vertices as a whole
    /// tessellation of that frame's list has them, drawn in an order that keeps every overlapping pair in list order.
    @MainActor
    func testAPickerDragKeepsEveryCommandAsAWholeTessellationDrawsIt() async throws {
        let platform = FakePlatform()
        let app = DemoApp(sceneRenderer: RecordingSceneRenderer(), initial: CubeState(color: Color(hex: "#ed7329")!))
        let loop = FrameLoop(platform: platform, app: app, configuration: .init(fixedFrameDuration: 16_666_667))
        await loop.runFrameAsync()
        let ui = try XCTUnwrap(app.stage.overlay.layer(named: "ui"))
        let square = try XCTUnwrap(app.stage.overlay.view(withIdentifier: "picker.sv")).windowFrame
        let t = DrawListTessellator(), glyphs = TableGlyphSource()
        t.tessellate(ui.drawList, metrics: Self.metrics, glyphs: glyphs, images: [:])
        var version = ui.contentVersion, partial = 0
        var events: [InputEvent] = [.pointerDown(PointerEvent(location: Point(x: square.minX + 5, y: square.minY + 5)))]
        for step in 0..<40 {
            let p = Point(x: square.minX + 5 + Double(step) * 4.3, y: square.minY + 5 + Double(step * 7 % 50))
            events.append(.pointerMove(PointerEvent(location: p)))
            platform.pendingEvents = events
            events = []
            await loop.runFrameAsync()
            guard ui.contentVersion != version else { continue }
            if let damage = ui.lastDamage, damage.baseGeneration == version,
               t.updateDamaged(ui.drawList, damage, metrics: Self.metrics, glyphs: glyphs, images: [:]) {
                partial += 1
            } else {
                t.tessellate(ui.drawList, metrics: Self.metrics, glyphs: glyphs, images: [:])
            }
            version = ui.contentVersion
            let fresh = TessellationFixtures.tessellate(ui.drawList, glyphs: glyphs)
            for index in t.spans.indices {
                // A run of text keeps room for a few more glyphs (copies of its last vertex, which draw nothing).
                XCTAssertEqual(Self.drawnVertices(of: index, in: t), Self.drawnVertices(of: index, in: fresh), "step \(step), command \(index)")
            }
            // Drawing position: batch, then place in the buffer.
            for i in t.spans.indices where t.spans[i].count > 0 {
                for j in (i + 1)..<t.spans.count where t.spans[j].count > 0 && t.spans[i].bounds != nil && t.spans[j].bounds != nil {
                    guard t.spans[i].bounds!.intersects(t.spans[j].bounds!) else { continue }
                    let before = (t.spans[i].batch, t.spans[i].first) < (t.spans[j].batch, t.spans[j].first)
                    XCTAssertTrue(before, "step \(step): command \(i) must be drawn before \(j), which overlaps it")
                }
            }
        }
        XCTAssertGreaterThan(partial, 30, "the drag is drawn by partial updates")
    }
}
