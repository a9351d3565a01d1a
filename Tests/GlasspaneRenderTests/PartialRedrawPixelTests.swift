// Partial updates: a list whose changed commands are named re-tessellates only those, redraws the cache only where
// they were and are, and leaves exactly the pixels a full repaint of the same list leaves.
import CGL
import XCTest
import GlasspaneAnimation
import GlasspaneCore
import GlasspaneDemo
import GlasspaneHost
import GlasspaneOverlay
import GlasspanePlatform
@testable import GlasspaneRender

final class PartialRedrawPixelTests: XCTestCase {
    private static let metrics = WindowMetrics(windowSize: Size(width: 320, height: 240), drawableSize: PixelSize(width: 320, height: 240))

    private static func list(knob: Point, label: String) -> DrawList {
        DrawList(commands: [
            .rect(Rect(x: 10, y: 10, width: 220, height: 200), color: Color(hex: "#1e2430")!.withAlpha(0.92), cornerRadius: 10),
            .saturationValueGradient(Rect(x: 20, y: 20, width: 150, height: 150), hue: 0.3, cornerRadius: 4),
            .ring(center: knob, radius: 7, width: 2, color: .white),
            .glyphs(GlyphRun(text: label, origin: Point(x: 20, y: 180), fontSize: 16, color: .white)),
            .pushClip(Rect(x: 180, y: 20, width: 40, height: 150)),
            .hueGradient(Rect(x: 180, y: 10, width: 40, height: 170), axis: .vertical, cornerRadius: 0),
            .popClip,
        ])
    }

    /// A frame of the tests' size over the fixed clear color.
    @MainActor
    private static func frame(_ body: () -> Void) -> PixelImage { clearedFrame(size: metrics.drawableSize, body) }

    func testDamagedCommandsAloneAreRedoneAndThePixelsEqualAFullRepaint() throws {
        try MainActor.assumeIsolated {
            try withHeadlessTarget(size: Self.metrics.drawableSize) { atlas in
                let incremental = try GLOverlayRenderer(atlas: atlas)
                incremental.compositing = .cached // every frame through the cache (.automatic draws a drag directly)
                _ = Self.frame { incremental.render(Self.list(knob: Point(x: 40, y: 150), label: "#102030"), generation: 1, metrics: Self.metrics) }
                let knobAndLabel = [2..<4]
                var knob = Point(x: 40, y: 150)
                for (step, label) in ["#4a8c21", "#77aa10", "#fa6104"].enumerated() {
                    knob = Point(x: knob.x + 30, y: knob.y - 25)
                    let list = Self.list(knob: knob, label: label)
                    let generation = UInt64(step + 2)
                    let drag = Self.frame {
                        incremental.render(list, generation: generation,
                                           damage: DrawListDamage(baseGeneration: generation - 1, commandRanges: knobAndLabel), metrics: Self.metrics)
                    }
                    XCTAssertEqual(incremental.tessellationCount, 1, "no whole tessellation while only the knob and label change")
                    XCTAssertEqual(incremental.partialUpdateCount, step + 1)
                    let regions = incremental.lastCacheRedrawRegions
                    XCTAssertFalse(regions.isEmpty, "the cache is redrawn in regions")
                    XCTAssertLessThan(regions.reduce(0) { $0 + $1.width * $1.height }, 220 * 200 / 4, "only around the knob and the label: \(regions)")

                    let fresh = try GLOverlayRenderer(atlas: atlas)
                    let full = Self.frame { fresh.render(list, generation: 1, metrics: Self.metrics) }
                    assertSamePixels(drag, full, "step \(step): the drag frame's pixels equal a full repaint's")
                }
            }
        }
    }

    /// A view repaints all its commands; the renderer emits again only those that differ from what it emitted last.
    func testDamagedButUnchangedCommandsAreNotEmittedAgain() throws {
        try MainActor.assumeIsolated {
            try withHeadlessTarget(size: Self.metrics.drawableSize) { atlas in
                let incremental = try GLOverlayRenderer(atlas: atlas)
                incremental.compositing = .direct
                var list = Self.list(knob: Point(x: 40, y: 150), label: "#102030")
                _ = Self.frame { incremental.render(list, generation: 1, metrics: Self.metrics) }
                let everything = [0..<list.commands.count]
                for (step, label) in ["#4a8c21", "#77aa10"].enumerated() {
                    list = Self.list(knob: Point(x: 40, y: 150), label: label) // only the label changes
                    let generation = UInt64(step + 2)
                    let before = incremental.reemittedCommandCount
                    let drawn = Self.frame {
                        incremental.render(list, generation: generation,
                                           damage: DrawListDamage(baseGeneration: generation - 1, commandRanges: everything), metrics: Self.metrics)
                    }
                    XCTAssertEqual(incremental.reemittedCommandCount - before, 1, "only the label is emitted again")
                    XCTAssertEqual(incremental.lastChangedCommands, [3])
                    let fresh = try GLOverlayRenderer(atlas: atlas)
                    fresh.compositing = .direct
                    assertSamePixels(drawn, Self.frame { fresh.render(list, generation: 1, metrics: Self.metrics) }, "step \(step)")
                }
                // The same command under a clip that moved is emitted again (its quads are cut anew).
                var moved = list
                moved.commands[4] = .pushClip(Rect(x: 190, y: 30, width: 40, height: 150))
                let before = incremental.reemittedCommandCount
                let drawn = Self.frame {
                    incremental.render(moved, generation: 9, damage: DrawListDamage(baseGeneration: 3, commandRanges: everything), metrics: Self.metrics)
                }
                XCTAssertEqual(incremental.reemittedCommandCount - before, 1, "the hue gradient under the moved clip")
                let fresh = try GLOverlayRenderer(atlas: atlas)
                fresh.compositing = .direct
                assertSamePixels(drawn, Self.frame { fresh.render(moved, generation: 1, metrics: Self.metrics) }, "after the clip moved")
            }
        }
    }

    func testDamageAgainstAnotherVersionOrAChangedVertexCountRepaintsEverything() throws {
        try MainActor.assumeIsolated {
            try withHeadlessTarget(size: Self.metrics.drawableSize) { atlas in
                atlas.composesRuns = false // glyph by glyph: a label's space changes its vertex count (a run is one quad)
                let renderer = try GLOverlayRenderer(atlas: atlas)
                renderer.compositing = .cached // three whole repaints in a row would switch .automatic to direct drawing
                renderer.render(Self.list(knob: Point(x: 40, y: 150), label: "#102030"), generation: 1, metrics: Self.metrics)
                // Damage relative to version 5, but version 1 was drawn: the whole list again.
                renderer.render(Self.list(knob: Point(x: 60, y: 150), label: "#102030"), generation: 6,
                                damage: DrawListDamage(baseGeneration: 5, commandRanges: [2..<3]), metrics: Self.metrics)
                XCTAssertEqual(renderer.tessellationCount, 2)
                XCTAssertEqual(renderer.partialUpdateCount, 0)
                // A label with a space has a glyph fewer to draw: another vertex count, the whole list again, same pixels.
                let shorter = Self.list(knob: Point(x: 60, y: 150), label: "#10 030")
                let drawn = Self.frame {
                    renderer.render(shorter, generation: 7, damage: DrawListDamage(baseGeneration: 6, commandRanges: [3..<4]), metrics: Self.metrics)
                }
                XCTAssertEqual(renderer.tessellationCount, 3)
                XCTAssertEqual(renderer.partialUpdateCount, 0)
                let fresh = try GLOverlayRenderer(atlas: atlas)
                fresh.compositing = .cached
                assertSamePixels(drawn, Self.frame { fresh.render(shorter, generation: 1, metrics: Self.metrics) }, "after a whole repaint")
            }
        }
    }

    /// A drag keeps changing the same few commands (the knob, the swatch, the hex text, the status line): from the
    /// second changed frame they are drawn directly over the composite ("hot", with the commands that overlap them
    /// later in the list), the cache keeps the rest and is not redrawn while the drag goes on; half a second after the
    /// drag stops they go back into the cache, which is redrawn only where they are.
    func testDraggingTheDemoPickerDrawsTheChangingCommandsHotAndMatchesAFullRepaint() throws {
        try MainActor.assumeIsolated {
            let platform = try SDLPlatform(options: PlatformOptions(size: PixelSize(width: 640, height: 400), headless: true, vsync: false))
            defer { platform.close() }
            let atlas = try GlyphAtlas()
            let (app, loop) = try headlessDemo(on: platform, atlas: atlas)
            loop.runFrame()
            loop.runFrame()
            let ui = try XCTUnwrap(app.stage.overlay.layer(named: "ui"))
            let panelRenderer = try XCTUnwrap(app.stage.renderer(for: ui) as? GLOverlayRenderer)
            let square = try XCTUnwrap(app.stage.overlay.view(withIdentifier: "picker.sv")).windowFrame
            loop.inject([.pointerDown(PointerEvent(location: Point(x: square.minX + 5, y: square.maxY - 5)))])
            loop.runFrame()
            loop.runFrame()
            let tessellations = panelRenderer.tessellationCount
            let partials = panelRenderer.partialUpdateCount
            var redrawsWhileHot: Int?
            for step in 1...6 {
                let at = Point(x: square.minX + 5 + Double(step) * 17, y: square.maxY - 5 - Double(step) * 13)
                loop.inject([.pointerMove(PointerEvent(location: at))])
                loop.runFrame()
                if step == 2 { redrawsWhileHot = panelRenderer.cacheRedrawCount }
            }
            XCTAssertEqual(panelRenderer.tessellationCount, tessellations, "a drag never re-tessellates the whole panel")
            XCTAssertGreaterThanOrEqual(panelRenderer.partialUpdateCount, partials + 6, "one partial update per drag frame")
            // The knob's two rings, the swatch and its border, the hex text, the status. The square's focus border
            // follows the knob in the list, but the knob lies inside its transparent interior: it stays in the cache.
            XCTAssertEqual(panelRenderer.hotCommandCount, 6)
            XCTAssertEqual(panelRenderer.cacheRedrawCount, redrawsWhileHot, "the cache is not redrawn while the drag goes on")
            XCTAssertEqual(panelRenderer.drawCallCount, 2, "the composite, then the hot shapes and text in one batch")
            let metrics = platform.metrics
            let list = ui.drawList
            let fresh = try GLOverlayRenderer(atlas: atlas)
            let full = Self.frame { fresh.render(list, generation: 1, metrics: metrics) }
            let hot = Self.frame { panelRenderer.render(list, generation: ui.contentVersion, metrics: metrics) }
            // Blending a hot command over the composite instead of into the 8-bit cache rounds once differently.
            assertSamePixels(hot, full, tolerance: 1, "the dragged panel, hot")

            // Still frames: after half a second the hot commands go back into the cache, redrawn where they are.
            let redraws = panelRenderer.cacheRedrawCount
            for _ in 0..<31 { loop.runFrame() }
            XCTAssertEqual(panelRenderer.hotCommandCount, 0)
            XCTAssertEqual(panelRenderer.cacheRedrawCount, redraws + 1)
            let regions = panelRenderer.lastCacheRedrawRegions
            let panel = try XCTUnwrap(app.stage.overlay.view(withIdentifier: "demo.panel")).windowFrame
            XCTAssertFalse(regions.isEmpty, "the hot commands' rectangles, not the whole cache")
            XCTAssertLessThan(regions.reduce(0) { $0 + $1.width * $1.height }, panel.width * panel.height * 0.6, "\(regions) inside \(panel)")
            let cooled = Self.frame { panelRenderer.render(list, generation: ui.contentVersion, metrics: metrics) }
            assertSamePixels(cooled, full, "the dragged panel, back in the cache")
        }
    }

    /// Hot commands are drawn after every cold one, so a hot command moving under a cold command that follows it in
    /// the list cannot stay hot: the list is tessellated anew and drawn directly, with the pixels of a full repaint.
    func testAHotCommandMovingUnderALaterCommandIsDrawnInListOrderAgain() throws {
        try MainActor.assumeIsolated {
            try withHeadlessTarget(size: Self.metrics.drawableSize) { atlas in
                func list(_ knob: Point) -> DrawList {
                    DrawList(commands: [
                        .rect(Rect(x: 10, y: 10, width: 280, height: 200), color: Color(hex: "#1e2430")!, cornerRadius: 10),
                        .ring(center: knob, radius: 7, width: 2, color: .white),
                        .rect(Rect(x: 200, y: 40, width: 60, height: 60), color: Color(hex: "#c03030")!, cornerRadius: 4),
                    ])
                }
                let renderer = try GLOverlayRenderer(atlas: atlas)
                var generation: UInt64 = 1
                _ = Self.frame { renderer.prepare(list(Point(x: 40, y: 150)), generation: 1, damage: nil, metrics: Self.metrics) }
                var knob = Point(x: 40, y: 150)
                for _ in 0..<3 {
                    knob.x += 20
                    generation += 1
                    let damage = DrawListDamage(baseGeneration: generation - 1, commandRanges: [1..<2])
                    _ = Self.frame {
                        renderer.prepare(list(knob), generation: generation, damage: damage, metrics: Self.metrics)
                        renderer.render(list(knob), generation: generation, damage: damage, metrics: Self.metrics)
                    }
                }
                XCTAssertEqual(renderer.hotCommandCount, 1, "the knob is drawn over the composite")
                let tessellations = renderer.tessellationCount
                knob = Point(x: 210, y: 70) // under the red square, which follows it in the list
                generation += 1
                let damage = DrawListDamage(baseGeneration: generation - 1, commandRanges: [1..<2])
                let drawn = Self.frame {
                    renderer.prepare(list(knob), generation: generation, damage: damage, metrics: Self.metrics)
                    renderer.render(list(knob), generation: generation, damage: damage, metrics: Self.metrics)
                }
                XCTAssertEqual(renderer.hotCommandCount, 0)
                XCTAssertEqual(renderer.tessellationCount, tessellations + 1, "tessellated anew in list order")
                let fresh = try GLOverlayRenderer(atlas: atlas)
                assertSamePixels(drawn, Self.frame { fresh.render(list(knob), generation: 1, metrics: Self.metrics) }, "the knob under the square")
                XCTAssertEqual(drawn.pixel(x: 210, y: 70).r, 0xc0, "the square covers the knob")
            }
        }
    }

    /// A border that follows a hot knob in the list but leaves the knob's pixels alone (the knob lies inside its
    /// transparent interior, `GLOverlayRenderer.strokeInterior`) stays cold, in the cache; once the knob reaches the
    /// border's band it is drawn over the knob again. Every frame has the pixels of a full repaint.
    func testABorderAroundAHotKnobStaysColdUntilTheKnobReachesItsBand() throws {
        try MainActor.assumeIsolated {
            try withHeadlessTarget(size: Self.metrics.drawableSize) { atlas in
                let knobs = try KnobInBorder(atlas: atlas, knob: Point(x: 80, y: 100))
                let square = KnobInBorder.square, renderer = knobs.renderer
                @MainActor func move(to point: Point, _ message: String, line: UInt = #line) throws { try knobs.move(to: point, message, line: line) }
                for step in 1...4 { try move(to: Point(x: 80 + Double(step) * 15, y: 100), "inside, step \(step)") }
                XCTAssertEqual(renderer.hotCommandCount, 1, "the knob alone is hot")
                // Onto the border's left band: the border must cover the knob again.
                try move(to: Point(x: square.minX + 2, y: 100), "on the band")
                XCTAssertEqual(knobs.knob.x, 32)
                for step in 1...3 { try move(to: Point(x: square.minX + 2, y: 100 + Double(step) * 5), "along the band, step \(step)") }
                XCTAssertEqual(renderer.hotCommandCount, 2, "the knob and the border over it")
            }
        }
    }

    /// A drag that starts on the border's band makes the border hot with the knob; once the knob has left the band and
    /// the border has not changed for `framesBeforeCooling` partial updates, the border goes back into the cache alone
    /// while the knob stays hot, and turns hot again when the knob comes back. Every frame equals a full repaint.
    func testABorderMadeHotByAKnobOnItsBandCoolsAloneOnceTheKnobLeaves() throws {
        try MainActor.assumeIsolated {
            try withHeadlessTarget(size: Self.metrics.drawableSize) { atlas in
                let square = KnobInBorder.square
                let knobs = try KnobInBorder(atlas: atlas, knob: Point(x: square.minX + 2, y: 60))
                let renderer = knobs.renderer
                @MainActor func move(to point: Point, _ message: String, line: UInt = #line) throws { try knobs.move(to: point, message, line: line) }
                for step in 1...3 { try move(to: Point(x: square.minX + 2, y: 60 + Double(step) * 5), "along the band, step \(step)") }
                XCTAssertEqual(renderer.hotCommandCount, 2, "the knob and the border over it")
                let tessellations = renderer.tessellationCount
                // Into the interior and on through it, one point a frame.
                var step = 0
                while renderer.hotCommandCount == 2 && step < 60 {
                    step += 1
                    try move(to: Point(x: square.minX + 20 + Double(step), y: 80 + Double(step) / 2), "inside, step \(step)")
                }
                XCTAssertEqual(renderer.hotCommandCount, 1, "the border cooled, the knob is still hot")
                XCTAssertEqual(renderer.staleHotCommandsCooled, 1)
                XCTAssertGreaterThanOrEqual(step, 25, "not before the border had been unchanged for a while")
                XCTAssertEqual(renderer.tessellationCount, tessellations, "cooled by a partial update, not a new tessellation")
                for more in 1...3 { try move(to: Point(x: knobs.knob.x + 1, y: knobs.knob.y), "after cooling, step \(more)") }
                XCTAssertEqual(renderer.hotCommandCount, 1)
                // Back onto the band: the border must be drawn over the knob again.
                try move(to: Point(x: square.minX + 2, y: 100), "back on the band")
                for more in 1...3 { try move(to: Point(x: square.minX + 2, y: 100 + Double(more) * 5), "along the band again, step \(more)") }
                XCTAssertEqual(renderer.hotCommandCount, 2, "the knob and the border over it again")
            }
        }
    }

    /// The Sign sheet slides in from below the window over the menu (the Options sheet, with its controls, has more
    /// commands than `maxHotCommands` and is drawn directly instead): its commands turn hot while partly off
    /// screen (their old pixels are redrawn away only where they lie inside the cache texture), then cool. Every frame
    /// each layer's pixels equal a fresh renderer's, and no layer makes more commands hot than the limit. (Found by
    /// hand: the damage of a command partly below the window made the cache copy fail, and the sheet froze mid-slide.)
    func testASheetSlidingInFromBelowTheWindowIsDrawnRightThroughoutAndAfter() throws {
        try MainActor.assumeIsolated {
            let platform = try SDLPlatform(options: PlatformOptions(size: PixelSize(width: 1280, height: 720), headless: true, vsync: false))
            defer { platform.close() }
            let atlas = try GlyphAtlas()
            let shared = GLStateCache()
            let (app, loop) = try headlessDemo(on: platform, atlas: atlas, sharedState: shared, content: DemoApp.Content(route: .menu))
            for _ in 0..<5 { loop.runFrame() }
            let button = try XCTUnwrap(app.stage.overlay.view(withIdentifier: "menu.sign")).windowFrame
            loop.inject([.pointerDown(PointerEvent(location: button.center)), .pointerUp(PointerEvent(location: button.center))])
            let metrics = platform.metrics
            let target = RenderTarget(offscreen: true)
            var sheetWasHot = false
            for frame in 0..<90 {
                loop.runFrame()
                guard frame % 6 == 0 || frame > 84 else { continue }
                for layer in app.stage.overlay.layers where layer.visibility != .hidden {
                    let renderer = try XCTUnwrap(app.stage.renderer(for: layer) as? GLOverlayRenderer)
                    XCTAssertLessThanOrEqual(renderer.hotCommandCount, 32, "\(layer.name) frame \(frame)")
                    if layer.name.hasPrefix("sheet") && renderer.hotCommandCount > 0 { sheetWasHot = true }
                    target.bind(size: metrics.drawableSize)
                    let drawn = Self.frame { renderer.render(layer.drawList, generation: layer.contentVersion, metrics: metrics) }
                    let fresh = try GLOverlayRenderer(atlas: atlas)
                    let full = Self.frame { fresh.render(layer.drawList, generation: 1, metrics: metrics) }
                    assertSamePixels(drawn, full, tolerance: 1, "\(layer.name), frame \(frame)")
                }
                shared.invalidate() // the fresh renderers and the read-backs above changed state behind the cache
            }
            XCTAssertTrue(sheetWasHot, "the sliding sheet was drawn hot")
        }
    }

    /// F2 springs the demo panel closed and open (its height and its body's alpha move every frame), then it slides:
    /// the panel's subtree is repainted in place, the renderer re-emits it (clips cut anew) without a whole
    /// tessellation, and each frame's pixels, through the cache and drawn directly, equal a fresh renderer's.
    func testTheSpringingPanelUpdatesInPlaceAndMatchesAFullRepaintEveryFrame() throws {
        try MainActor.assumeIsolated {
            let platform = try SDLPlatform(options: PlatformOptions(size: PixelSize(width: 640, height: 400), headless: true, vsync: false))
            defer { platform.close() }
            let atlas = try GlyphAtlas()
            let (app, loop) = try headlessDemo(on: platform, atlas: atlas)
            loop.runFrame()
            loop.runFrame()
            let ui = try XCTUnwrap(app.stage.overlay.layer(named: "ui"))
            let panelRenderer = try XCTUnwrap(app.stage.renderer(for: ui) as? GLOverlayRenderer)
            let metrics = platform.metrics
            var inPlace = 0
            // Collapses (through the cache), expands (drawn directly), then slides (a transform, through the cache).
            for (mode, slides) in [(OverlayCompositing.cached, false), (.direct, false), (.cached, true)] {
                panelRenderer.compositing = mode
                if slides {
                    withAnimation(.spring(response: 0.3, dampingFraction: 0.9)) {
                        app.panel.transform = ViewTransform(translation: Point(x: 90, y: 35), scale: 1)
                    }
                } else {
                    loop.inject([.key(KeyEvent(key: .function(2)))])
                }
                loop.runFrame()
                loop.runFrame()
                for frame in 1...12 {
                    let fullRepaints = ui.stats.fullRepaints, tessellations = panelRenderer.tessellationCount
                    loop.runFrame()
                    let list = ui.drawList
                    guard ui.lastDamage != nil else { continue } // the frame the body's alpha reaches 0 or leaves it
                    XCTAssertEqual(ui.stats.fullRepaints, fullRepaints, "\(mode) frame \(frame)")
                    XCTAssertEqual(panelRenderer.tessellationCount, tessellations, "\(mode) frame \(frame): updated in place")
                    inPlace += 1
                    let drawn = Self.frame { panelRenderer.render(list, generation: ui.contentVersion, metrics: metrics) }
                    let fresh = try GLOverlayRenderer(atlas: atlas)
                    fresh.compositing = mode
                    assertSamePixels(drawn, Self.frame { fresh.render(list, generation: 1, metrics: metrics) }, "\(mode) frame \(frame)")
                }
            }
            XCTAssertGreaterThanOrEqual(inPlace, 30, "most springing and sliding frames are updated in place")
        }
    }
}

/// A knob (a ring, clipped to a square) moved by partial updates under the square's focus border, which follows it in
/// the list; each move is drawn and compared with a fresh renderer's full repaint.
@MainActor
private final class KnobInBorder {
    static let square = Rect(x: 30, y: 30, width: 200, height: 150)
    private static let metrics = WindowMetrics(windowSize: Size(width: 320, height: 240), drawableSize: PixelSize(width: 320, height: 240))
    let renderer: GLOverlayRenderer
    private let atlas: GlyphAtlas
    private var generation: UInt64 = 1
    private(set) var knob: Point

    static func list(_ knob: Point) -> DrawList {
        DrawList(commands: [
            .rect(Rect(x: 10, y: 10, width: 280, height: 200), color: Color(hex: "#1e2430")!, cornerRadius: 10),
            .pushClip(square),
            .ring(center: knob, radius: 7, width: 2, color: .white),
            .popClip,
            .border(square, color: Color(hex: "#66b3ff")!, width: 2, cornerRadius: 6),
        ])
    }

    init(atlas: GlyphAtlas, knob: Point) throws {
        self.atlas = atlas
        self.knob = knob
        renderer = try GLOverlayRenderer(atlas: atlas)
        let first = Self.list(knob)
        _ = clearedFrame(size: Self.metrics.drawableSize) { renderer.prepare(first, generation: 1, damage: nil, metrics: Self.metrics) }
    }

    /// Moves the knob with a partial update of its command and checks the frame against a full repaint.
    func move(to point: Point, _ message: String, line: UInt = #line) throws {
        knob = point
        generation += 1
        let list = Self.list(point), generation = self.generation, metrics = Self.metrics
        let damage = DrawListDamage(baseGeneration: generation - 1, commandRanges: [2..<3])
        let drawn = clearedFrame(size: metrics.drawableSize) {
            renderer.prepare(list, generation: generation, damage: damage, metrics: metrics)
            renderer.render(list, generation: generation, damage: damage, metrics: metrics)
        }
        let fresh = try GLOverlayRenderer(atlas: atlas)
        let full = clearedFrame(size: metrics.drawableSize) { fresh.render(list, generation: 1, metrics: metrics) }
        assertSamePixels(drawn, full, tolerance: 1, message, line: line)
    }
}
