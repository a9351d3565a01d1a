// The Stats screen (issue 29): every frame the HUD observes lands in its list, newest first, at most 10,000 of them,
// and the list only reloads while the screen is shown.
import XCTest
import GlasspaneCore
import GlasspaneDemo
@testable import GlasspaneHost
import GlasspaneOverlay
import GlasspaneTesting

@MainActor
final class StatsScreenTests: XCTestCase {
    private func report(_ index: Int, ms: Double) -> FrameReport {
        var phases = [Nanoseconds](repeating: 0, count: FramePhase.allCases.count)
        phases[FramePhase.overlayPaint.ordinal] = Nanoseconds(index * 1000)
        return FrameReport(frameIndex: index, frameTime: Nanoseconds(ms * 1e6), phaseTimes: phases, simulationSteps: 1,
                           eventCount: 0, presentedAt: 0, simulatedDuration: 0)
    }

    func testTheStatsScreenListsTheNewestFramesFirstAndKeepsTenThousand() async throws {
        let platform = FakePlatform()
        let app = DemoApp(sceneRenderer: RecordingSceneRenderer(), content: DemoApp.Content(route: .stats))
        let loop = FrameLoop(platform: platform, app: app, configuration: .init(fixedFrameDuration: 16_666_667))
        await loop.runFrameAsync()
        let stats = app.navigation.stats
        XCTAssertFalse(stats.view.isHidden, "the stats route shows the screen")
        for i in 0..<10_050 { app.performanceHUD.frameDidEnd(loop, report: report(i, ms: Double(i % 7) + 0.5)) }
        // 10,000 frames (50...10,049) under 101 section headers: 50...99, then a hundred full hundreds.
        XCTAssertEqual(stats.list.rowCount, StatsScreen.capacity + 101, "capped at 10,000 frames")
        app.stage.overlay.update()
        let first = try XCTUnwrap(stats.list.rowView(at: 1)?.content as? View)
        let texts = first.subviews.compactMap { ($0 as? Label)?.text }
        // Frame 10,049: 10049 % 7 = 4, so 4.50 ms; overlay paint 10,049 µs.
        XCTAssertEqual(texts, ["10049", "4.50", "0", "0", "10049", "0", "0", "0"])
        XCTAssertEqual(stats.list.rowID(at: stats.list.rowCount - 1), AnyHashable(50), "the oldest kept frame is 50")
        XCTAssertLessThan(stats.list.liveRowCount, 40, "only the window's rows exist")
    }
}
