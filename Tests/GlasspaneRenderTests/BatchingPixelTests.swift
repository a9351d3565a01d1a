// Batching: commands are grouped into as few draw calls as painter's order allows and clips cut the quads
// themselves; the pixels are those of drawing every command on its own, in order, and a cut quad shows exactly the
// uncut quad's pixels inside the clip.
import CGL
import XCTest
import GlasspaneCore
import GlasspaneDemo
import GlasspaneHost
import GlasspaneOverlay
import GlasspanePlatform
@testable import GlasspaneRender

final class BatchingPixelTests: XCTestCase {
    private static let metrics = WindowMetrics(windowSize: Size(width: 320, height: 240), drawableSize: PixelSize(width: 320, height: 240))

    /// Shapes and text interleaved: some shapes can join the first shape batch, one overlaps the text before it,
    /// one crosses its clip, one lies wholly outside its clip.
    private static var interleaved: DrawList {
        DrawList(commands: [
            .rect(Rect(x: 10, y: 10, width: 220, height: 160), color: Color(hex: "#2a3550")!.withAlpha(0.9), cornerRadius: 10),
            .glyphs(GlyphRun(text: "Title", origin: Point(x: 20, y: 16), fontSize: 18, color: .white)),
            .rect(Rect(x: 160, y: 20, width: 50, height: 20), color: Color(hex: "#c03030")!, cornerRadius: 4),
            .rect(Rect(x: 24, y: 20, width: 40, height: 14), color: Color(r: 0, g: 1, b: 0, a: 0.5), cornerRadius: 3),
            .pushClip(Rect(x: 20, y: 60, width: 90, height: 30)),
            .linearGradient(Rect(x: 10, y: 50, width: 200, height: 50), from: .white, to: Color(hex: "#3366ff")!, axis: .horizontal, cornerRadius: 12),
            .glyphs(GlyphRun(text: "Clipped and long", origin: Point(x: 26, y: 66), fontSize: 16, color: Color(hex: "#ffee88")!)),
            .popClip,
            .pushClip(Rect(x: 250, y: 10, width: 50, height: 50)),
            .rect(Rect(x: 250, y: 120, width: 20, height: 20), color: .white, cornerRadius: 0),
            .ring(center: Point(x: 275, y: 35), radius: 30, width: 3, color: Color(hex: "#ff9900")!),
            .popClip,
            .circle(center: Point(x: 120, y: 120), radius: 40, color: Color(r: 1, g: 1, b: 1, a: 0.3)),
            .glyphs(GlyphRun(text: "over", origin: Point(x: 100, y: 112), fontSize: 14, color: .black)),
        ])
    }

    @MainActor
    private static func withTarget(_ body: (GlyphAtlas) throws -> Void) throws {
        try withHeadlessTarget(size: metrics.drawableSize, body)
    }

    /// A frame of the tests' size over the fixed clear color.
    @MainActor
    private static func frame(_ body: () -> Void) -> PixelImage { clearedFrame(size: metrics.drawableSize, body) }

    /// Each drawing command in a list of its own (wrapped in the clips around it), drawn one after another.
    @MainActor
    private static func drawOneByOne(_ list: DrawList, atlas: GlyphAtlas) throws {
        var clips: [Rect] = []
        for command in list.commands {
            switch command {
            case .pushClip(let r): clips.append(r)
            case .popClip: clips.removeLast()
            default:
                let alone = try GLOverlayRenderer(atlas: atlas)
                alone.compositing = .direct
                let wrapped = clips.map { DrawCommand.pushClip($0) } + [command] + clips.map { _ in DrawCommand.popClip }
                alone.render(DrawList(commands: wrapped), generation: 1, metrics: metrics)
            }
        }
    }

    func testMergedBatchesDrawThePixelsOfEachCommandInOrder() throws {
        try MainActor.assumeIsolated {
            try Self.withTarget { atlas in
                let merged = try GLOverlayRenderer(atlas: atlas)
                merged.drawsLargeShapesAlone = false // one program for shapes and text
                merged.compositing = .direct
                let batchedFrame = Self.frame { merged.render(Self.interleaved, generation: 1, metrics: Self.metrics) }
                // One program draws every kind and the atlas is the only texture, so the 11 drawing commands are one
                // draw call, in list order (clips split nothing; a program per kind made 6, batching in list order by
                // texture and clip 8). Two textures split batches: testAMoveThatWouldBreakPaintersOrderRebuildsTheBatches.
                XCTAssertEqual(merged.drawCallCount, 1)
                let reference = Self.frame { try? Self.drawOneByOne(Self.interleaved, atlas: atlas) }
                assertSamePixels(batchedFrame, reference, "merged batches against one command at a time")
                let cached = try GLOverlayRenderer(atlas: atlas)
                cached.compositing = .cached
                let cachedFrame = Self.frame { cached.render(Self.interleaved, generation: 1, metrics: Self.metrics) }
                var maxDifference = 0
                for i in cachedFrame.rgba.indices { maxDifference = max(maxDifference, abs(Int(cachedFrame.rgba[i]) - Int(reference.rgba[i]))) }
                XCTAssertLessThanOrEqual(maxDifference, 2, "through the cache, within the cache's rounding")
            }
        }
    }

    /// A bar graph is drawn by its own program (Shaders/bars.frag), so it never shares a batch: text and shapes around
    /// it join the quads' batch where painter's order allows, and a shape over it starts another.
    func testABarGraphIsABatchOfItsOwnAndShapesAroundItStillJoinTheRest() throws {
        try MainActor.assumeIsolated {
            try Self.withTarget { atlas in
                let levels: [UInt8] = (0..<40).map { UInt8(($0 * 3) % 128) | ($0 % 5 == 0 ? BarGraph.flagged : 0) }
                let list = DrawList(commands: [
                    .rect(Rect(x: 10, y: 10, width: 200, height: 150), color: Color(hex: "#20242c")!.withAlpha(0.9), cornerRadius: 8),
                    .glyphs(GlyphRun(text: "Frame", origin: Point(x: 20, y: 16), fontSize: 14, color: .white)),
                    .bars(BarGraph(frame: Rect(x: 20, y: 50, width: 80, height: 60), levels: levels,
                                   color: Color(r: 0, g: 1, b: 0, a: 0.8), flaggedColor: Color(r: 1, g: 0, b: 0, a: 1))),
                    // Beside the graph: joins the first batch (drawn before the graph, touching none of its pixels).
                    .rect(Rect(x: 130, y: 60, width: 40, height: 30), color: Color(hex: "#3366ff")!, cornerRadius: 4),
                    // Over the graph: must be drawn after it, so a third batch.
                    .circle(center: Point(x: 90, y: 100), radius: 16, color: Color(r: 1, g: 1, b: 1, a: 0.5)),
                    .glyphs(GlyphRun(text: "16.7", origin: Point(x: 120, y: 120), fontSize: 12, color: .white)),
                ])
                let merged = try GLOverlayRenderer(atlas: atlas)
                merged.drawsLargeShapesAlone = false // one program for shapes and text
                merged.compositing = .direct
                let batchedFrame = Self.frame { merged.render(list, generation: 1, metrics: Self.metrics) }
                XCTAssertEqual(merged.drawCallCount, 3, "quads, the graph, then the circle over it with the last text")
                let reference = Self.frame { try? Self.drawOneByOne(list, atlas: atlas) }
                assertSamePixels(batchedFrame, reference, "batches around a bar graph against one command at a time")
                // The graph's own pixels: a bar's color below its top, the panel above it (bar 1: 3/127 of 60 rows).
                let bar1 = batchedFrame.pixel(x: 22, y: 109)
                XCTAssertTrue(bar1.g > 200 && bar1.r < 40, "bar 1's bottom row is the graph's green at 0.8 over the panel, got \(bar1)")
                let aboveBar1 = batchedFrame.pixel(x: 22, y: 100)
                XCTAssertLessThan(aboveBar1.g, 60, "above bar 1's top is the panel, got \(aboveBar1)")
            }
        }
    }

    /// A sheet-like list: the window dimmed, a rounded panel with text, and solid rectangles large and small, on whole
    /// pixels and off them.
    private static func dimmedSheet(dimX: Double = 0) -> DrawList {
        DrawList(commands: [
            // Large and on whole pixels: Shaders/solid.frag.
            .rect(Rect(x: dimX, y: 0, width: 320, height: 240), color: Color(r: 0, g: 0, b: 0, a: 0.45), cornerRadius: 0),
            .rect(Rect(x: 40, y: 30, width: 200, height: 150), color: Color(hex: "#2a3550")!.withAlpha(0.9), cornerRadius: 10),
            .glyphs(GlyphRun(text: "Sign", origin: Point(x: 50, y: 40), fontSize: 16, color: .white)),
            // Off whole pixels, and too small: both stay with the shapes.
            .rect(Rect(x: 60, y: 70, width: 160, height: 100.5), color: Color(hex: "#101418")!, cornerRadius: 0),
            .rect(Rect(x: 70, y: 80, width: 20, height: 20), color: .white, cornerRadius: 0),
            // Large, over the panel: drawn after it, so a batch of its own again.
            .rect(Rect(x: 100, y: 60, width: 130, height: 130), color: Color(r: 0.2, g: 0.6, b: 1, a: 0.5), cornerRadius: 0),
        ])
    }

    /// Large solid rectangles on whole pixels are drawn by their own program, with exactly the shape program's pixels.
    func testALargeWholePixelSolidRectDrawsAloneWithTheShapeProgramsPixels() throws {
        try MainActor.assumeIsolated {
            try Self.withTarget { atlas in
                let solid = try GLOverlayRenderer(atlas: atlas)
                solid.drawsLargeShapesAlone = false // one program for shapes and text
                solid.compositing = .direct
                let solidFrame = Self.frame { solid.render(Self.dimmedSheet(), generation: 1, metrics: Self.metrics) }
                XCTAssertEqual(solid.drawCallCount, 3, "the dimming, the panel's shapes and text, the rectangle over them")
                let reference = try GLOverlayRenderer(atlas: atlas)
                reference.drawsLargeShapesAlone = false // one program for shapes and text
                reference.compositing = .direct
                reference.drawsLargeSolidRectsAlone = false
                let referenceFrame = Self.frame { reference.render(Self.dimmedSheet(), generation: 1, metrics: Self.metrics) }
                XCTAssertEqual(reference.drawCallCount, 1)
                // Within one step: the shape program's quad grows by a pixel, and its coverage on the rectangle's edge
                // pixels comes out a hair under 1 from the interpolated local coordinates (111 pixels of this frame
                // round 1 lower); Shaders/solid.frag's is exactly 1.
                assertSamePixels(solidFrame, referenceFrame, tolerance: 1, "solid rectangles against the shape program")
                // Through the cache the same program fills it.
                let cached = try GLOverlayRenderer(atlas: atlas)
                cached.drawsLargeShapesAlone = false // one program for shapes and text
                cached.compositing = .cached
                let cachedFrame = Self.frame { cached.render(Self.dimmedSheet(), generation: 1, metrics: Self.metrics) }
                assertSamePixels(cachedFrame, referenceFrame, tolerance: 2, "through the cache, within the cache's rounding")
            }
        }
    }

    /// A list's rows: backgrounds of 300x28 pixels (8,400, over `solidRectMinimumPixels`) with a label on each. The
    /// backgrounds touch no label of another row, so they all join one batch of the solid program and the labels one
    /// of the shape program: two draw calls, where the shape program would shade every background pixel.
    func testAListsRowBackgroundsShareOneSolidBatch() throws {
        let rows = DrawList(commands: (0..<8).flatMap { i -> [DrawCommand] in
            let y = 4 + Double(i) * 28
            return [.rect(Rect(x: 10, y: y, width: 300, height: 28), color: i % 2 == 0 ? Color(hex: "#24262b")! : Color(hex: "#2b2e33")!,
                          cornerRadius: 0),
                    .glyphs(GlyphRun(text: "row \(i)", origin: Point(x: 18, y: y + 6), fontSize: 13, color: .white))]
        })
        try MainActor.assumeIsolated {
            try Self.withTarget { atlas in
                let solid = try GLOverlayRenderer(atlas: atlas)
                solid.compositing = .direct
                let solidFrame = Self.frame { solid.render(rows, generation: 1, metrics: Self.metrics) }
                XCTAssertEqual(solid.drawCallCount, 2, "the backgrounds, then the labels")
                let reference = try GLOverlayRenderer(atlas: atlas)
                reference.compositing = .direct
                reference.drawsLargeSolidRectsAlone = false
                reference.drawsLargeShapesAlone = false // the one program: rows and labels in one batch
                let referenceFrame = Self.frame { reference.render(rows, generation: 1, metrics: Self.metrics) }
                XCTAssertEqual(reference.drawCallCount, 1)
                assertSamePixels(solidFrame, referenceFrame, tolerance: 1, "row backgrounds against the shape program")
            }
        }
    }

    /// Opaque row backgrounds on whole pixels are drawn without blending (the same pixels; llvmpipe then does not
    /// read what is under them). A row made translucent by a partial update is blended from then on: drawn
    /// unblended, it would hide the panel under it instead of showing it through. Directly and from the cache.
    func testOpaqueRowsAreDrawnUnblendedUntilOneTurnsTranslucent() throws {
        func rows(translucentRow: Int?) -> DrawList {
            DrawList(commands: [.rect(Rect(x: 5, y: 2, width: 310, height: 234), color: Color(r: 0.9, g: 0.3, b: 0.1, a: 0.8),
                                      cornerRadius: 8)]
                + (0..<8).flatMap { i -> [DrawCommand] in
                    let y = 4 + Double(i) * 28
                    let color = i % 2 == 0 ? Color(hex: "#24262b")! : Color(hex: "#2b2e33")!
                    return [.rect(Rect(x: 10, y: y, width: 300, height: 28), color: i == translucentRow ? color.withAlpha(0.5) : color,
                                  cornerRadius: 0),
                            .glyphs(GlyphRun(text: "row \(i)", origin: Point(x: 18, y: y + 6), fontSize: 13, color: .white))]
                })
        }
        try MainActor.assumeIsolated {
            try Self.withTarget { atlas in
                @MainActor func reference(_ list: DrawList) throws -> PixelImage {
                    let reference = try GLOverlayRenderer(atlas: atlas)
                    reference.compositing = .direct
                    reference.drawsLargeSolidRectsAlone = false // every command in the one blended program
                    reference.drawsLargeShapesAlone = false
                    return Self.frame { reference.render(list, generation: 1, metrics: Self.metrics) }
                }
                for mode in [OverlayCompositing.direct, .cached] {
                    let renderer = try GLOverlayRenderer(atlas: atlas)
                    renderer.compositing = mode
                    let opaque = Self.frame { renderer.render(rows(translucentRow: nil), generation: 1, metrics: Self.metrics) }
                    let solid = try XCTUnwrap(renderer.tessellator.batches.first { $0.program == .solid })
                    XCTAssertTrue(solid.isOpaque, "\(mode): the rows' batch")
                    XCTAssertFalse(renderer.tessellator.batches.contains { $0.program != .solid && $0.isOpaque })
                    assertSamePixels(opaque, try reference(rows(translucentRow: nil)), tolerance: 1, "\(mode): opaque rows")
                    // Row 3's background is command 7.
                    let translucent = Self.frame {
                        renderer.render(rows(translucentRow: 3), generation: 2,
                                        damage: DrawListDamage(baseGeneration: 1, commandRanges: [7..<8]), metrics: Self.metrics)
                    }
                    XCTAssertEqual(renderer.tessellationCount, 1, "\(mode): a partial update")
                    XCTAssertEqual(renderer.tessellator.batches.first { $0.program == .solid }?.isOpaque, false, "\(mode)")
                    assertSamePixels(translucent, try reference(rows(translucentRow: 3)), tolerance: 1, "\(mode): a translucent row")
                    // The panel shows through the translucent row: redder than the opaque row above it.
                    XCTAssertGreaterThan(Int(translucent.pixel(x: 200, y: 4 + 3 * 28 + 14).r), Int(translucent.pixel(x: 200, y: 4 + 2 * 28 + 14).r) + 40)
                }
            }
        }
    }

    /// A row whose alpha changes frame after frame is drawn hot (`.automatic`); when it holds still it goes back
    /// into the cache's batch, which is blended from then on.
    func testARowThatTurnedTranslucentWhileHotIsBlendedOnceItCools() throws {
        func rows(gray: Double, alpha: Double) -> DrawList {
            DrawList(commands: [.rect(Rect(x: 5, y: 2, width: 310, height: 234), color: Color(r: 0.9, g: 0.3, b: 0.1, a: 0.8),
                                      cornerRadius: 8)]
                + (0..<8).map { i -> DrawCommand in
                    .rect(Rect(x: 10, y: 4 + Double(i) * 28, width: 300, height: 28),
                          color: i == 3 ? Color(r: gray, g: gray, b: gray, a: alpha) : Color(hex: "#24262b")!, cornerRadius: 0)
                })
        }
        try MainActor.assumeIsolated {
            try Self.withTarget { atlas in
                let renderer = try GLOverlayRenderer(atlas: atlas)
                renderer.compositing = .automatic
                renderer.prepare(rows(gray: 0.2, alpha: 1), generation: 1, damage: nil, metrics: Self.metrics)
                _ = Self.frame { renderer.render(rows(gray: 0.2, alpha: 1), generation: 1, damage: nil, metrics: Self.metrics) }
                var last = PixelImage(size: PixelSize(width: 1, height: 1), rgba: [0, 0, 0, 0])
                // Row 3 (command 4) changes while opaque until it is hot, turns translucent while hot, then holds
                // still until it cools.
                let steps: [(gray: Double, alpha: Double)] = [(0.25, 1), (0.3, 1), (0.3, 0.5), (0.3, 0.4)]
                    + Array(repeating: (0.3, 0.4), count: DrawListTessellator.framesBeforeCooling + 2)
                for (k, step) in steps.enumerated() {
                    let generation = UInt64(k + 2)
                    let damage = DrawListDamage(baseGeneration: generation - 1, commandRanges: k < 4 ? [4..<5] : [])
                    let list = rows(gray: step.gray, alpha: step.alpha)
                    last = Self.frame {
                        renderer.prepare(list, generation: generation, damage: damage, metrics: Self.metrics)
                        renderer.render(list, generation: generation, damage: damage, metrics: Self.metrics)
                    }
                    if k == 1 {
                        XCTAssertGreaterThan(renderer.hotCommandCount, 0, "the changing row is hot")
                        XCTAssertEqual(renderer.tessellator.batches.first { $0.program == .solid }?.isOpaque, true)
                    }
                }
                XCTAssertEqual(renderer.hotCommandCount, 0, "cooled")
                XCTAssertEqual(renderer.tessellationCount, 1, "partial updates only")
                XCTAssertEqual(renderer.tessellator.batches.first { $0.program == .solid }?.isOpaque, false)
                let reference = try GLOverlayRenderer(atlas: atlas)
                reference.compositing = .cached
                let expected = Self.frame { reference.render(rows(gray: 0.3, alpha: 0.4), generation: 1, metrics: Self.metrics) }
                assertSamePixels(last, expected, "the cooled row blends over the panel")
            }
        }
    }

    /// A panel: a large rounded background (302x202 quad pixels) with a large stroked border, text, a small button
    /// (42x26 quad pixels, under `largeShapeMinimumPixels`) and a large circle over the button and its text, off whole
    /// pixels.
    private static func roundedPanel(width: Double = 300, height: Double = 200) -> DrawList {
        DrawList(commands: [
            .rect(Rect(x: 10.5, y: 8.25, width: width, height: height), color: Color(hex: "#1f2128")!.withAlpha(0.95), cornerRadius: 12),
            .border(Rect(x: 10.5, y: 8.25, width: width, height: height), color: Color(hex: "#8899bb")!, width: 2, cornerRadius: 12),
            .glyphs(GlyphRun(text: "Settings", origin: Point(x: 24, y: 20), fontSize: 18, color: .white)),
            .rect(Rect(x: 24, y: 60, width: 40, height: 24), color: Color(hex: "#3366ff")!, cornerRadius: 6),
            .glyphs(GlyphRun(text: "OK", origin: Point(x: 34, y: 64), fontSize: 14, color: .white)),
            .circle(center: Point(x: 110, y: 120), radius: 70, color: Color(r: 1, g: 0.8, b: 0.2, a: 0.4)),
        ])
    }

    /// On a CPU rasterizer a rounded shape whose quad covers at least `largeShapeMinimumPixels` is drawn by
    /// Shaders/shape.frag (the distance math of Shaders/overlay.frag without its texture read): the panel's
    /// background and border join one batch, the text and the button another, the circle over the text a third,
    /// and every pixel is the one-program drawing's.
    func testALargeRoundedPanelDrawsAloneWithTheQuadProgramsPixels() throws {
        try MainActor.assumeIsolated {
            try Self.withTarget { atlas in
                let shapes = try GLOverlayRenderer(atlas: atlas)
                XCTAssertTrue(shapes.drawsLargeShapesAlone, "llvmpipe rasterizes on the CPU")
                shapes.compositing = .direct
                let shapesFrame = Self.frame { shapes.render(Self.roundedPanel(), generation: 1, metrics: Self.metrics) }
                XCTAssertEqual(shapes.tessellator.batches.map(\.program), [.shapes, .quads, .shapes],
                               "background and border, text and button, the circle over the text")
                let reference = try GLOverlayRenderer(atlas: atlas)
                reference.compositing = .direct
                reference.drawsLargeShapesAlone = false
                let referenceFrame = Self.frame { reference.render(Self.roundedPanel(), generation: 1, metrics: Self.metrics) }
                XCTAssertEqual(reference.tessellator.batches.map(\.program), [.quads])
                assertSamePixels(shapesFrame, referenceFrame, "large shapes against the one program")
                let background = Self.frame {}
                XCTAssertNotEqual(shapesFrame.pixel(x: 150, y: 100).b, background.pixel(x: 150, y: 100).b, "the panel is drawn")
                // Through the cache the same programs fill it.
                let cached = try GLOverlayRenderer(atlas: atlas)
                cached.compositing = .cached
                let cachedFrame = Self.frame { cached.render(Self.roundedPanel(), generation: 1, metrics: Self.metrics) }
                assertSamePixels(cachedFrame, referenceFrame, tolerance: 2, "through the cache, within the cache's rounding")
            }
        }
    }

    /// A panel that shrinks under `largeShapeMinimumPixels` (a collapsing panel) keeps its batch: either program
    /// draws its pixels, so the partial updates go on in place. A whole tessellation then puts it with the quads.
    func testAPanelResizedAcrossTheLargeShapeSizeIsUpdatedInPlace() throws {
        try MainActor.assumeIsolated {
            try Self.withTarget { atlas in
                let renderer = try GLOverlayRenderer(atlas: atlas)
                renderer.compositing = .direct
                renderer.render(Self.roundedPanel(), generation: 1, metrics: Self.metrics)
                @MainActor func reference(_ width: Double, _ height: Double) throws -> PixelImage {
                    let reference = try GLOverlayRenderer(atlas: atlas)
                    reference.compositing = .direct
                    reference.drawsLargeShapesAlone = false
                    return Self.frame {
                        reference.render(Self.roundedPanel(width: width, height: height), generation: 1, metrics: Self.metrics)
                    }
                }
                // 40 x 40: 42 x 42 = 1,764 quad pixels, under 2,048 (the border still in bands); then large again.
                for (generation, width, height) in [(2, 280.0, 200.0), (3, 40, 40), (4, 140, 120), (5, 300, 200)] as [(UInt64, Double, Double)] {
                    let frame = Self.frame {
                        renderer.render(Self.roundedPanel(width: width, height: height), generation: generation,
                                        damage: DrawListDamage(baseGeneration: generation - 1, commandRanges: [0..<2]), metrics: Self.metrics)
                    }
                    XCTAssertEqual(renderer.tessellationCount, 1, "\(width) x \(height): updated in place")
                    XCTAssertEqual(renderer.tessellator.batches.first?.program, .shapes, "\(width) x \(height)")
                    assertSamePixels(frame, try reference(width, height), "\(width) x \(height)")
                }
                let small = Self.frame { renderer.render(Self.roundedPanel(width: 40, height: 40), generation: 6, metrics: Self.metrics) }
                XCTAssertEqual(renderer.tessellationCount, 2)
                XCTAssertEqual(renderer.tessellator.batches.first?.program, .quads, "tessellated small: with the text")
                assertSamePixels(small, try reference(40, 40), "tessellated at 40 x 40")
            }
        }
    }

    /// A list's panel: its background, its title, its rows' backgrounds (solid) and a small thumb over the rows. The
    /// title is emitted before the rows and the thumb after them; the rows do not touch the title, so the title joins
    /// the thumb's batch: three draw calls, not four. A row under the title keeps it where it was. Both draw each
    /// command's pixels in order.
    func testATextJoinsALaterBatchWhenNothingBetweenTouchesIt() throws {
        func list(rowUnderTitle: Bool) -> DrawList {
            var commands: [DrawCommand] = [
                .rect(Rect(x: 10, y: 10, width: 300, height: 220), color: Color(hex: "#1f2128")!.withAlpha(0.95), cornerRadius: 12),
                .glyphs(GlyphRun(text: "Inventory", origin: Point(x: 20, y: 16), fontSize: 16, color: .white)),
            ]
            for i in 0..<6 {
                commands.append(.rect(Rect(x: 20, y: 44 + Double(i) * 30, width: 280, height: 30),
                                      color: i % 2 == 0 ? Color(hex: "#24262b")! : Color(hex: "#2b2e33")!, cornerRadius: 0))
            }
            if rowUnderTitle {
                commands.append(.rect(Rect(x: 20, y: 14, width: 280, height: 30), color: Color(hex: "#3a3f4a")!.withAlpha(0.6), cornerRadius: 0))
            }
            commands.append(.rect(Rect(x: 284, y: 50, width: 6, height: 40), color: Color(r: 1, g: 1, b: 1, a: 0.5), cornerRadius: 3))
            return DrawList(commands: commands)
        }
        try MainActor.assumeIsolated {
            try Self.withTarget { atlas in
                for (rowUnderTitle, calls) in [(false, 3), (true, 4)] {
                    let renderer = try GLOverlayRenderer(atlas: atlas)
                    renderer.compositing = .direct
                    let frame = Self.frame { renderer.render(list(rowUnderTitle: rowUnderTitle), generation: 1, metrics: Self.metrics) }
                    XCTAssertEqual(renderer.drawCallCount, calls, "a row under the title: \(rowUnderTitle)")
                    let programs: [BatchProgram] = rowUnderTitle ? [.shapes, .quads, .solid, .quads] : [.shapes, .solid, .quads]
                    XCTAssertEqual(renderer.tessellator.batches.map(\.program), programs)
                    let reference = Self.frame { try? Self.drawOneByOne(list(rowUnderTitle: rowUnderTitle), atlas: atlas) }
                    assertSamePixels(frame, reference, tolerance: 1, "a row under the title: \(rowUnderTitle)")
                }
            }
        }
    }

    /// A solid rectangle that moves on whole pixels is a partial update like any other; one that moves off them needs
    /// the shape program, so the partial update gives way to a whole tessellation. The pixels follow both.
    func testASolidRectMovingOffWholePixelsChangesBatch() throws {
        try MainActor.assumeIsolated {
            try Self.withTarget { atlas in
                let renderer = try GLOverlayRenderer(atlas: atlas)
                renderer.drawsLargeShapesAlone = false // one program for shapes and text
                renderer.compositing = .direct
                renderer.render(Self.dimmedSheet(), generation: 1, metrics: Self.metrics)
                XCTAssertEqual(renderer.tessellationCount, 1)
                @MainActor func reference(dimX: Double) throws -> PixelImage {
                    let reference = try GLOverlayRenderer(atlas: atlas)
                    reference.drawsLargeShapesAlone = false // one program for shapes and text
                    reference.compositing = .direct
                    reference.drawsLargeSolidRectsAlone = false
                    return Self.frame { reference.render(Self.dimmedSheet(dimX: dimX), generation: 1, metrics: Self.metrics) }
                }
                let onePixel = Self.frame {
                    renderer.render(Self.dimmedSheet(dimX: 1), generation: 2,
                                    damage: DrawListDamage(baseGeneration: 1, commandRanges: [0..<1]), metrics: Self.metrics)
                }
                XCTAssertEqual(renderer.tessellationCount, 1, "a whole-pixel move keeps the solid batch")
                XCTAssertEqual(renderer.drawCallCount, 3)
                assertSamePixels(onePixel, try reference(dimX: 1), tolerance: 1, "after a whole-pixel move")
                let halfPixel = Self.frame {
                    renderer.render(Self.dimmedSheet(dimX: 0.5), generation: 3,
                                    damage: DrawListDamage(baseGeneration: 2, commandRanges: [0..<1]), metrics: Self.metrics)
                }
                XCTAssertEqual(renderer.tessellationCount, 2, "off whole pixels the dimming changed program: tessellated anew")
                XCTAssertEqual(renderer.drawCallCount, 2, "the dimming joined the shapes; the rectangle over the panel is alone")
                assertSamePixels(halfPixel, try reference(dimX: 0.5), tolerance: 1, "after a half-pixel move")
            }
        }
    }

    /// The demo panel's 30-odd commands are three draw calls: its background (a large shape), the picker's gradients
    /// (their own program), and the shapes and text under and over them (those under touch no gradient, so they join
    /// the batch after it: `DrawListTessellator.joinBatchesForward`).
    func testTheDemoPanelIsThreeDrawCalls() throws {
        try MainActor.assumeIsolated {
            let platform = try SDLPlatform(options: PlatformOptions(size: PixelSize(width: 640, height: 400), headless: true, vsync: false))
            defer { platform.close() }
            let atlas = try GlyphAtlas()
            let renderer = try GLOverlayRenderer(atlas: atlas)
            renderer.compositing = .direct
            let (app, loop) = try headlessDemo(on: platform, atlas: atlas, overlay: renderer)
            loop.runFrame()
            let ui = try XCTUnwrap(app.stage.overlay.layer(named: "ui"))
            XCTAssertIdentical(app.stage.renderer(for: ui), renderer)
            XCTAssertGreaterThan(ui.drawList.commands.count, 30)
            // On llvmpipe the panel's background is a large shape, drawn alone (Shaders/shape.frag).
            XCTAssertEqual(renderer.drawCallCount, 3, "the background, the gradients, the rest")
        }
    }

    /// Inside its clip a cut quad shows the uncut quad's pixels (positions, shape coordinates, gradient colors
    /// and glyph coordinates interpolated to the cut); outside, nothing.
    func testACutQuadShowsTheUncutPixelsInsideTheClip() throws {
        try MainActor.assumeIsolated {
            try Self.withTarget { atlas in
                let clip = Rect(x: 40.4, y: 52.6, width: 101.3, height: 61.7)
                let keptX = 40..<141, keptY = 52..<114 // what a scissor to `clip` keeps (ScissorBox rounding)
                let shapes: [DrawCommand] = [
                    .linearGradient(Rect(x: 20, y: 40, width: 180, height: 90), from: .white, to: Color(hex: "#3366ff")!, axis: .horizontal, cornerRadius: 30),
                    .linearGradient(Rect(x: 20, y: 40, width: 180, height: 90), from: Color(hex: "#ff0000")!.withAlpha(0.8), to: .clear, axis: .vertical, cornerRadius: 30),
                    .saturationValueGradient(Rect(x: 30, y: 45, width: 150, height: 80), hue: 0.6, cornerRadius: 8),
                    .ring(center: Point(x: 60, y: 60), radius: 25, width: 4, color: .white),
                    .glyphs(GlyphRun(text: "Wide glyphs MW", origin: Point(x: 30, y: 95), fontSize: 24, color: .white)),
                ]
                for command in shapes {
                    let renderer = try GLOverlayRenderer(atlas: atlas)
                    renderer.compositing = .direct
                    let whole = Self.frame { renderer.render(DrawList(commands: [command]), generation: 1, metrics: Self.metrics) }
                    let cut = Self.frame {
                        renderer.render(DrawList(commands: [.pushClip(clip), command, .popClip]), generation: 2, metrics: Self.metrics)
                    }
                    let background = Self.frame {}
                    var inside = 0, worst = 0
                    for y in 0..<240 {
                        for x in 0..<320 {
                            let expected = keptX.contains(x) && keptY.contains(y) ? whole.pixel(x: x, y: y) : background.pixel(x: x, y: y)
                            let got = cut.pixel(x: x, y: y)
                            let d = max(abs(Int(got.r) - Int(expected.r)), abs(Int(got.g) - Int(expected.g)), abs(Int(got.b) - Int(expected.b)))
                            worst = max(worst, d)
                            if keptX.contains(x) && keptY.contains(y) && whole.pixel(x: x, y: y) != background.pixel(x: x, y: y) { inside += 1 }
                        }
                    }
                    XCTAssertGreaterThan(inside, 50, "\(command) draws inside the clip")
                    // Interpolating from the cut edge instead of the corner may round once more.
                    XCTAssertLessThanOrEqual(worst, 1, "\(command): cut against uncut")
                }
            }
        }
    }

    func testAMoveThatWouldBreakPaintersOrderRebuildsTheBatches() throws {
        try MainActor.assumeIsolated {
            try Self.withTarget { atlas in
                let renderer = try GLOverlayRenderer(atlas: atlas)
                renderer.drawsLargeShapesAlone = false // one program for shapes and text
                renderer.compositing = .direct
                let checker = PixelImage(size: PixelSize(width: 2, height: 2), rgba: [255, 0, 0, 255, 0, 0, 255, 255, 0, 0, 255, 255, 255, 0, 0, 255])
                let image = renderer.registerImage(checker)
                // Two textures (the atlas, the image) cannot share a batch; shapes join any.
                func list(label: Point) -> DrawList {
                    DrawList(commands: [
                        .rect(Rect(x: 10, y: 10, width: 220, height: 160), color: Color(hex: "#2a3550")!, cornerRadius: 10),
                        .glyphs(GlyphRun(text: "Title", origin: Point(x: 20, y: 20), fontSize: 20, color: .white)),
                        .image(Rect(x: 120, y: 60, width: 60, height: 60), image: image, tint: .white),
                        .glyphs(GlyphRun(text: "Moving", origin: label, fontSize: 16, color: Color(hex: "#ffcc00")!)),
                    ])
                }
                renderer.render(list(label: Point(x: 20, y: 130)), generation: 1, metrics: Self.metrics)
                XCTAssertEqual(renderer.drawCallCount, 2, "background and both texts, then the image")
                // Away from the image: a partial update in place.
                renderer.render(list(label: Point(x: 30, y: 135)), generation: 2,
                                damage: DrawListDamage(baseGeneration: 1, commandRanges: [3..<4]), metrics: Self.metrics)
                XCTAssertEqual(renderer.tessellationCount, 1)
                XCTAssertEqual(renderer.partialUpdateCount, 1)
                // Onto the image, which precedes it in the list but is drawn after its batch: the batches must change.
                let onText = list(label: Point(x: 125, y: 80))
                let moved = Self.frame {
                    renderer.render(onText, generation: 3, damage: DrawListDamage(baseGeneration: 2, commandRanges: [3..<4]), metrics: Self.metrics)
                }
                XCTAssertEqual(renderer.tessellationCount, 2, "the batches are rebuilt")
                XCTAssertEqual(renderer.drawCallCount, 3)
                let fresh = try GLOverlayRenderer(atlas: atlas)
                fresh.drawsLargeShapesAlone = false // one program for shapes and text
                fresh.compositing = .direct
                _ = fresh.registerImage(checker)
                assertSamePixels(moved, Self.frame { fresh.render(onText, generation: 1, metrics: Self.metrics) }, "the text over the image")
            }
        }
    }

    func testACommandCutAwayByItsClipKeepsItsVerticesAndStaysPartial() throws {
        try MainActor.assumeIsolated {
            try Self.withTarget { atlas in
                func list(_ y: Double) -> DrawList {
                    DrawList(commands: [
                        .rect(Rect(x: 10, y: 10, width: 200, height: 200), color: Color(hex: "#333333")!, cornerRadius: 0),
                        .pushClip(Rect(x: 20, y: 20, width: 100, height: 60)),
                        .rect(Rect(x: 40, y: y, width: 30, height: 30), color: Color(hex: "#00aaff")!, cornerRadius: 6),
                        .popClip,
                    ])
                }
                let renderer = try GLOverlayRenderer(atlas: atlas)
                renderer.compositing = .cached
                renderer.render(list(30), generation: 1, metrics: Self.metrics)
                var generation: UInt64 = 1
                for y in [70.0, 120, 150, 40] { // partly out, wholly out (twice), back in
                    generation += 1
                    let drawn = Self.frame {
                        renderer.render(list(y), generation: generation,
                                        damage: DrawListDamage(baseGeneration: generation - 1, commandRanges: [2..<3]), metrics: Self.metrics)
                    }
                    let fresh = try GLOverlayRenderer(atlas: atlas)
                    fresh.compositing = .cached
                    assertSamePixels(drawn, Self.frame { fresh.render(list(y), generation: 1, metrics: Self.metrics) }, "y \(y)")
                }
                XCTAssertEqual(renderer.tessellationCount, 1, "no whole tessellation")
                XCTAssertEqual(renderer.partialUpdateCount, 4)
            }
        }
    }
}
