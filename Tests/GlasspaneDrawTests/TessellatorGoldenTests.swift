// The tessellator's output for real overlays (the demo's picker panel, the Options sheet, the HUD) and for text, as
// golden files, without GL: batches, spans and every vertex. GLASSPANE_RECORD_GOLDEN=1 re-records them on purpose.
import GlasspaneCore
import GlasspaneDemo
import GlasspaneDraw
import GoldenFiles
@testable import GlasspaneHost
import GlasspaneOverlay
import GlasspaneTesting
import XCTest

final class TessellatorGoldenTests: XCTestCase {
    static let metrics = TessellationFixtures.metrics

    /// The demo on the fake platform, opened on a route and run until its transitions have settled.
    @MainActor static func demo(route: DemoRoute, frames: Int) async -> DemoApp {
        let platform = FakePlatform()
        let app = DemoApp(sceneRenderer: RecordingSceneRenderer(), initial: CubeState(color: Color(hex: "#ed7329")!),
                          content: DemoApp.Content(route: route))
        let loop = FrameLoop(platform: platform, app: app, configuration: .init(fixedFrameDuration: 16_666_667))
        for _ in 0..<frames { await loop.runFrameAsync() }
        return app
    }

    static func tessellate(_ list: DrawList, glyphs: TableGlyphSource = TableGlyphSource()) -> DrawListTessellator {
        TessellationFixtures.tessellate(list, glyphs: glyphs)
    }

    @MainActor func testPickerPanelTessellatesIntoThreeBatches() async throws {
        let app = await Self.demo(route: .play, frames: 2)
        let ui = try XCTUnwrap(app.stage.overlay.layer(named: "ui"))
        let tessellator = Self.tessellate(ui.drawList)
        // Shapes share the glyph batch; the picker's gradients have a program of their own.
        XCTAssertEqual(tessellator.batches.count, 3, "the demo panel is three draw calls: \(tessellator.batches)")
        assertGolden(tessellator.dumpText, named: "picker-panel.txt")
    }

    @MainActor func testOptionsSheetGolden() async throws {
        let app = await Self.demo(route: .options, frames: 90)
        let sheet = try XCTUnwrap(app.stage.overlay.layers.first { $0.name.hasPrefix("sheet.") && !$0.drawList.isEmpty },
                                  "layers: \(app.stage.overlay.layers.map(\.name))")
        let tessellator = Self.tessellate(sheet.drawList)
        XCTAssertGreaterThan(tessellator.vertexCount, 6, "the sheet draws more than its composite quad")
        assertGolden("layer \(sheet.name)\n" + tessellator.dumpText, named: "options-sheet.txt")
    }

    @MainActor func testHUDGoldenWritesItsBarsIntoTheGlyphTexture() async throws {
        let overlay = Overlay(windowSize: Size(width: 1280, height: 720), fonts: MonospaceFontMetrics())
        let hud = PerformanceHUD(overlay: overlay, visible: true)
        for (i, ms) in [16.7, 25, 16.7, 33.4, 18.5, 16.6, 16.8].enumerated() {
            var phases = [Nanoseconds](repeating: 0, count: FramePhase.allCases.count)
            phases[FramePhase.overlayPaint.ordinal] = 40_000
            hud.record(FrameReport(frameIndex: i, frameTime: Nanoseconds(ms * 1e6), phaseTimes: phases, simulationSteps: 2,
                                   eventCount: 0, presentedAt: 0, simulatedDuration: 0))
        }
        overlay.update(layer: hud.layer)
        let glyphs = TableGlyphSource()
        let tessellator = Self.tessellate(hud.layer.drawList, glyphs: glyphs)
        let graph = try XCTUnwrap(hud.layer.drawList.commands.lazy.compactMap { if case .bars(let g) = $0 { g } else { nil } }.first)
        XCTAssertEqual(glyphs.writtenRows.map(\.bytes), [graph.levels], "the levels go to the texture, not the vertices")
        XCTAssertTrue(tessellator.batches.contains { $0.program == .bars && $0.texture == glyphs.texture })
        assertGolden(tessellator.dumpText, named: "hud.txt")
    }

    func testTextGoldenCutsGlyphsToTheirClipAndSkipsMissingOnes() {
        let glyphs = TableGlyphSource()
        glyphs.missing = ["\u{1F600}"]
        let clip = Rect(x: 20, y: 10, width: 40, height: 30)
        let list = DrawList(commands: [
            .glyphs(GlyphRun(text: "Hi fi", origin: Point(x: 10, y: 12), fontSize: 14, color: Color(hex: "#ffffff")!)),
            .pushClip(clip),
            .glyphs(GlyphRun(text: "Clipped é\u{1F600}→", origin: Point(x: 10.4, y: 20.6), fontSize: 20, color: Color(r: 1, g: 0.5, b: 0, a: 0.5))),
            .popClip,
        ])
        let tessellator = Self.tessellate(list, glyphs: glyphs)
        // Every vertex of the clipped run lies inside the clip's pixels.
        let span = tessellator.spans[2]
        let n = DrawListTessellator.floatsPerVertex
        for v in span.first..<(span.first + span.count) {
            let x = Double(tessellator.vertices[v * n]), y = Double(tessellator.vertices[v * n + 1])
            XCTAssertTrue(x >= clip.minX && x <= clip.maxX && y >= clip.minY && y <= clip.maxY, "vertex \(v) at \(x),\(y)")
        }
        // Five scalars but one space: four quads; the clipped run: 11 scalars, a space and one missing: 9 quads (those
        // wholly outside the clip collapse to a point, keeping the count).
        XCTAssertEqual(tessellator.spans[0].count, 4 * 6)
        XCTAssertEqual(tessellator.spans[2].count, 9 * 6)
        XCTAssertTrue(glyphs.requested.contains("\u{1F600}"))
        assertGolden(tessellator.dumpText, named: "text.txt")
    }
}
