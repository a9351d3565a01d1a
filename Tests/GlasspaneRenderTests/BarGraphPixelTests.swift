// A bar graph is one quad whose shader reads each bar's level from a row of the glyph atlas: every column shows its
// bar's exact height and color, in direct, cached and hot drawing alike, and a changed graph is one re-emitted quad.
import CGL
import XCTest
import GlasspaneCore
import GlasspaneOverlay
import GlasspanePlatform
@testable import GlasspaneRender

final class BarGraphPixelTests: XCTestCase {
    private static let metrics = WindowMetrics(windowSize: Size(width: 320, height: 240), drawableSize: PixelSize(width: 320, height: 240))
    private static let graphFrame = Rect(x: 20, y: 30, width: 60, height: 127) // one pixel per bar and per level
    private static let green = Color(r: 0, g: 1, b: 0, a: 1), red = Color(r: 1, g: 0, b: 0, a: 1)

    /// 60 bars: bar i is i * 2 127ths high, every seventh flagged.
    private static func levels(shift: Int = 0) -> [UInt8] {
        (0..<60).map { i in
            let height = UInt8(((i + shift) * 2) % 128)
            return (i + shift) % 7 == 0 ? height | BarGraph.flagged : height
        }
    }

    private static func list(_ levels: [UInt8]) -> DrawList {
        DrawList(commands: [
            .rect(Rect(x: 10, y: 20, width: 100, height: 150), color: Color(r: 0.1, g: 0.1, b: 0.1, a: 1), cornerRadius: 0),
            .bars(BarGraph(frame: graphFrame, levels: levels, color: green, flaggedColor: red)),
        ])
    }

    /// Checks every column: the bottom `level` pixels in the bar's color, the rest the panel's.
    private static func assertBars(_ image: PixelImage, _ levels: [UInt8], _ message: String, line: UInt = #line) {
        let left = Int(graphFrame.minX), bottom = Int(graphFrame.maxY) - 1
        for (i, byte) in levels.enumerated() {
            let height = Int(byte & 127), flagged = byte & BarGraph.flagged != 0
            for row in 0..<127 {
                let p = image.pixel(x: left + i, y: bottom - row)
                if row < height {
                    let want: (UInt8, UInt8, UInt8) = flagged ? (255, 0, 0) : (0, 255, 0)
                    guard (p.r, p.g, p.b) == want else {
                        return XCTFail("\(message): bar \(i) row \(row) is \(p), want \(want)", line: line)
                    }
                } else {
                    guard p.r < 40, p.g < 40 else { return XCTFail("\(message): bar \(i) row \(row) above its top is \(p)", line: line) }
                }
            }
        }
    }

    func testEveryColumnShowsItsBarsHeightAndColorDirectCachedAndHot() throws {
        try MainActor.assumeIsolated {
            try withHeadlessTarget(size: Self.metrics.drawableSize) { atlas in
                for mode in [OverlayCompositing.direct, .cached] {
                    let renderer = try GLOverlayRenderer(atlas: atlas)
                    renderer.compositing = mode
                    let first = Self.levels()
                    let image = clearedFrame(size: Self.metrics.drawableSize) {
                        renderer.render(Self.list(first), generation: 1, metrics: Self.metrics)
                    }
                    Self.assertBars(image, first, "\(mode)")
                }
                // Automatic: the graph changes every frame (a HUD), so it turns hot, one quad re-emitted per frame.
                let renderer = try GLOverlayRenderer(atlas: atlas)
                var previous = Self.levels()
                _ = clearedFrame(size: Self.metrics.drawableSize) { renderer.render(Self.list(previous), generation: 1, metrics: Self.metrics) }
                for g in 2...6 {
                    let next = Self.levels(shift: g)
                    let damage = DrawListDamage(baseGeneration: UInt64(g - 1), commandRanges: [1..<2])
                    let image = clearedFrame(size: Self.metrics.drawableSize) {
                        renderer.prepare(Self.list(next), generation: UInt64(g), damage: damage, metrics: Self.metrics)
                        renderer.render(Self.list(next), generation: UInt64(g), damage: damage, metrics: Self.metrics)
                    }
                    Self.assertBars(image, next, "automatic, generation \(g)")
                    previous = next
                }
                XCTAssertEqual(renderer.hotCommandCount, 1, "the graph alone is hot")
                XCTAssertEqual(renderer.tessellationCount, 1, "a changed graph is a partial update")
                XCTAssertEqual(renderer.reemittedCommandCount, 5)
                XCTAssertEqual(previous, Self.levels(shift: 6))
            }
        }
    }

    func testAGraphPastTheLimitOrWithoutBarsDrawsNothing() throws {
        try MainActor.assumeIsolated {
            try withHeadlessTarget(size: Self.metrics.drawableSize) { atlas in
                @MainActor func draw(_ levels: [UInt8]) throws -> PixelImage {
                    let renderer = try GLOverlayRenderer(atlas: atlas)
                    renderer.compositing = .direct
                    return clearedFrame(size: Self.metrics.drawableSize) { renderer.render(Self.list(levels), generation: 1, metrics: Self.metrics) }
                }
                let panelOnly = try draw([])
                let tooMany = [UInt8](repeating: 100, count: BarGraph.maximumBars + 1)
                assertSamePixels(try draw(tooMany), panelOnly, "\(tooMany.count) bars: past the limit, nothing drawn")
                let atTheLimit = [UInt8](repeating: 100, count: BarGraph.maximumBars)
                XCTAssertNotEqual(try draw(atTheLimit), panelOnly, "\(atTheLimit.count) bars are drawn")
            }
        }
    }

    func testTheLevelHelperRoundsClampsAndFlags() {
        XCTAssertEqual(BarGraph.level(0.5, flagged: false), 64)
        XCTAssertEqual(BarGraph.level(2, flagged: false), 127)
        XCTAssertEqual(BarGraph.level(-1, flagged: true), 128)
        XCTAssertEqual(BarGraph.level(1, flagged: true), 255)
    }
}
