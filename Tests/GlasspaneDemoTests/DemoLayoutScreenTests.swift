// The demo's Layout screen (route `layout`) and the sheets' title bars and rows, laid out by flexible frames, a grid
// and baselines: edges and baselines line up as docs/layout.md says.
import XCTest
import GlasspaneCore
import GlasspaneDemo
import GlasspaneHost
import GlasspaneOverlay
import GlasspaneTesting

@MainActor
final class DemoLayoutScreenTests: XCTestCase {
    private var demo: DemoHarness!
    private var app: DemoApp { demo.app }

    /// The route after 30 frames, its transitions over.
    private func start(route: DemoRoute) async {
        demo = await DemoHarness(route: route)
        await demo.frames(29)
    }
    private func frame(_ id: String) throws -> Rect {
        try XCTUnwrap(app.stage.overlay.view(withIdentifier: id), "no view \(id)").windowFrame
    }
    /// The view's first baseline in window points.
    private func baseline(_ id: String) throws -> Double {
        let v = try XCTUnwrap(app.stage.overlay.view(withIdentifier: id))
        let fonts = try XCTUnwrap(v.layer?.fonts)
        return v.windowFrame.minY + (try XCTUnwrap(v.firstBaseline(in: v.frame.size, fonts: fonts), "\(id) has no baseline"))
    }

    func testTheLayoutScreensFormToolbarRowAndBarLineUp() async throws {
        await start(route: .layout)
        let column = try frame("layout.panel.column")
        XCTAssertEqual(column.width, 520)
        // Toolbar: the title at the left edge, Back at the right edge, the spacer between.
        XCTAssertEqual(try frame("layout.title").minX, column.minX)
        XCTAssertEqual(try frame("layout.back").maxX, column.maxX)
        // Form: titles end on one edge (trailing column), 12 points before the fields, which fill to the right edge.
        let ids = ["name", "server", "team"]
        let titles = try ids.map { try frame("layout.form.\($0)") }, fields = try ids.map { try frame("layout.form.\($0).value") }
        XCTAssertEqual(Set(titles.map(\.maxX)).count, 1, "right-aligned titles")
        XCTAssertEqual(Set(fields.map(\.minX)), [titles[0].maxX + 12])
        XCTAssertEqual(Set(fields.map(\.maxX)), [column.maxX])
        XCTAssertEqual(Set(fields.map(\.height)), [26], "minHeight")
        // The note spans both columns, centered in them.
        let note = try frame("layout.form.note")
        XCTAssertEqual(note.midXForTest, column.midXForTest, accuracy: 1)
        // The score row: three sizes of text and a button on one baseline; Claim at the right edge.
        let b = try ["layout.score.value", "layout.score.unit", "layout.score.claim"].map(baseline)
        XCTAssertEqual(b[0], b[1]); XCTAssertEqual(b[0], b[2])
        XCTAssertEqual(try frame("layout.score.claim").maxX, column.maxX)
        XCTAssertGreaterThan(try frame("layout.score.value").height, try frame("layout.score.unit").height)
        // Swatches keep their ratios at 56 points high.
        XCTAssertEqual(try frame("layout.wide").width, 56 * 16 / 9, accuracy: 0.001)
        XCTAssertEqual(try frame("layout.square").width, 56)
        // The bar: the priority-1 part takes its 300 points, the other the rest.
        XCTAssertEqual(try frame("layout.bar.second").width, 300)
        XCTAssertEqual(try frame("layout.bar.first").width, column.width - 300 - 4)
        // A badge overhangs its tile's top-right corner by 6 points.
        let tile = try frame("layout.tile.sword"), badge = try frame("layout.tile.sword.badge")
        XCTAssertEqual(badge.maxX, tile.maxX + 6); XCTAssertEqual(badge.minY, tile.minY - 6)
    }

    func testSheetTitleBarsAndRowsFillTheirColumnWithFlexibleFrames() async throws {
        await start(route: .options)
        let column = try frame("options.column")
        XCTAssertEqual(column.width, 380)
        // The title takes what the bar leaves between two 96-point buttons and two 8-point gaps.
        XCTAssertEqual(try frame("options.title").width, 380 - 2 * 96 - 16)
        for id in ["options.hud", "options.vsync", "options.fpscap", "options.theme", "options.speed"] {
            let control = try frame(id)
            XCTAssertEqual(control.width, 380 - 150 - 8, id)
            XCTAssertEqual(control.maxX, column.maxX, id)
        }
    }
}

private extension Rect {
    var midXForTest: Double { minX + width / 2 }
}
