// Covered interiors on llvmpipe (DrawListTessellator+Covers.swift): a translucent rounded panel under a scrolled list
// of opaque rows leaves out the list's viewport while the rows cover it. Scrolled a step a frame, past the list's end
// and back, drawn as the overlay stage draws (prepare, then render: directly while it moves, from the cache once
// still), every frame equals a renderer's that draws the panel whole, and a fresh renderer's that cuts it: the hole
// depends on the list, not on the frames before.
import XCTest
import GlasspaneCore
import GlasspaneDraw
@testable import GlasspaneRender

final class CoveredInteriorPixelTests: XCTestCase {
    private static let size = PixelSize(width: 480, height: 400)
    private static let metrics = WindowMetrics(windowSize: Size(width: 480, height: 400), drawableSize: size)
    private static let viewport = Rect(x: 40, y: 60, width: 400, height: 300)

    /// The panel (its edges off whole pixels), its title, the viewport's 20 rows of 40 points (alternating opaque colors, with text) moved by
    /// `offset`, a scroll bar's thumb over them.
    private static func list(offset: Double) -> DrawList {
        var commands: [DrawCommand] = [
            .rect(Rect(x: 20.5, y: 19.5, width: 439.25, height: 360.5), color: Color(r: 0.12, g: 0.13, b: 0.16, a: 0.95), cornerRadius: 12),
            .glyphs(GlyphRun(text: "20 rows", origin: Point(x: 40, y: 30), fontSize: 15, color: .white)),
            .pushClip(viewport),
            .pushOffset(Point(x: 40, y: 60 + offset)),
        ]
        for r in 0..<20 {
            let color = r % 2 == 0 ? Color(r: 0.14, g: 0.15, b: 0.17) : Color(r: 0.3, g: 0.18, b: 0.2)
            commands.append(.rect(Rect(x: 0, y: Double(r) * 40, width: 400, height: 40), color: color, cornerRadius: 0))
            commands.append(.glyphs(GlyphRun(text: "row \(r)", origin: Point(x: 8, y: Double(r) * 40 + 12), fontSize: 13, color: .white)))
        }
        commands += [.popOffset, .popClip,
                     .rect(Rect(x: 430, y: 70 - offset / 3, width: 6, height: 60), color: .white, cornerRadius: 3)]
        return DrawList(commands: commands)
    }

    func testEveryFrameOfAScrollPastTheEndAndBackEqualsTheWholePanels() throws {
        try scrollPastTheEndAndBack(asOnAGPU: false)
    }

    /// A GPU's renderer draws the rounded panel with the quads' program (`drawsLargeShapesAlone` off) and cuts it too.
    func testAsOnAGPUEveryFrameEqualsTheWholePanels() throws {
        try scrollPastTheEndAndBack(asOnAGPU: true)
    }

    func testEveryRasterizerCutsCoveredInteriors() {
        XCTAssertTrue(GLOverlayRenderer.tessellationChoices(rasterizesOnCPU: false).cutsCoveredInteriors)
        XCTAssertTrue(GLOverlayRenderer.tessellationChoices(rasterizesOnCPU: true).cutsCoveredInteriors)
        XCTAssertFalse(GLOverlayRenderer.tessellationChoices(rasterizesOnCPU: false).drawsLargeShapesAlone)
        XCTAssertTrue(GLOverlayRenderer.tessellationChoices(rasterizesOnCPU: true).drawsLargeShapesAlone)
    }

    /// Scrolls the list a step a frame past its end and back; every frame must equal the whole panel's and a fresh
    /// renderer's. `asOnAGPU` gives every renderer a GPU's choices (`tessellationChoices(rasterizesOnCPU: false)`).
    private func scrollPastTheEndAndBack(asOnAGPU: Bool) throws {
        try MainActor.assumeIsolated {
            try withHeadlessTarget(size: Self.size) { atlas in
                let choices = GLOverlayRenderer.tessellationChoices(rasterizesOnCPU: !asOnAGPU)
                @MainActor func configured(_ r: GLOverlayRenderer) -> GLOverlayRenderer {
                    r.drawsLargeShapesAlone = choices.drawsLargeShapesAlone
                    return r
                }
                let renderer = configured(try GLOverlayRenderer(atlas: atlas))
                XCTAssertTrue(renderer.cutsCoveredInteriors, "every rasterizer cuts")
                // Down to the end (the document is 800 points, the viewport 300), 40 points past it, back, and still.
                let offsets: [Double] = [0, -20, -40, -300, -480, -500, -520, -540, -500, -460, -420, -420, -420]
                var holes: [Bool] = []
                var generation: UInt64 = 0
                let thumb = 4 + 40 + 2
                for offset in offsets {
                    generation += 1
                    let list = Self.list(offset: offset)
                    let damage = DrawListDamage(baseGeneration: generation - 1, commandRanges: [3..<4, thumb..<(thumb + 1)])
                    let drawn = clearedFrame(size: Self.size) {
                        renderer.prepare(list, generation: generation, damage: generation > 1 ? damage : nil, metrics: Self.metrics)
                        renderer.render(list, generation: generation, damage: generation > 1 ? damage : nil, metrics: Self.metrics)
                    }
                    holes.append(renderer.tessellator.spans[0].hole != nil)
                    let panelBatch = renderer.tessellator.batches[renderer.tessellator.spans[0].batch]
                    XCTAssertEqual(panelBatch.program, asOnAGPU ? .quads : .shapes, "offset \(offset)")
                    let whole = configured(try GLOverlayRenderer(atlas: atlas))
                    whole.cutsCoveredInteriors = false
                    whole.compositing = renderer.drawsFromCache ? .cached : .direct
                    let expected = clearedFrame(size: Self.size) { whole.render(list, generation: 1, metrics: Self.metrics) }
                    XCTAssertNil(whole.tessellator.spans[0].hole)
                    assertSamePixels(drawn, expected, "offset \(offset), \(renderer.drawsFromCache ? "cached" : "direct")")
                    let fresh = configured(try GLOverlayRenderer(atlas: atlas))
                    fresh.compositing = whole.compositing
                    let freshFrame = clearedFrame(size: Self.size) { fresh.render(list, generation: 1, metrics: Self.metrics) }
                    XCTAssertEqual(fresh.tessellator.spans[0].hole, renderer.tessellator.spans[0].hole, "offset \(offset)")
                    assertSamePixels(drawn, freshFrame, "offset \(offset): a fresh renderer's")
                    // The panel shows around the viewport and the rows inside it.
                    XCTAssertNotEqual(drawn.pixel(x: 30, y: 200).r, drawn.pixel(x: 100, y: 200).r, "offset \(offset)")
                }
                // Covered down to the end; past it the panel is whole (a tessellation), and back over the rows cut
                // again (another).
                XCTAssertEqual(holes, [true, true, true, true, true, true, false, false, true, true, true, true, true])
                XCTAssertEqual(renderer.tessellationCount, 3)
                XCTAssertTrue(renderer.drawsFromCache, "the last frames were still")
            }
        }
    }
}
