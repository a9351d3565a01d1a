// The Stats screen groups its frames by hundreds under sticky section headers (issue 29): each header row says the
// group ("99xx"), its frames' average and worst time; the header of the section at the list's top is pinned there
// while its frames scroll under it.
import XCTest
import GlasspaneCore
import GlasspaneDemo
@testable import GlasspaneHost
import GlasspaneOverlay
import GlasspaneTesting

/// A frame of `ms` milliseconds with no phase times.
private func report(_ index: Int, ms: Double) -> FrameReport {
    FrameReport(frameIndex: index, frameTime: Nanoseconds(ms * 1e6),
                phaseTimes: [Nanoseconds](repeating: 0, count: FramePhase.allCases.count), simulationSteps: 1,
                eventCount: 0, presentedAt: 0, simulatedDuration: 0)
}

/// The label texts of a row's content.
private func texts(_ view: View?) -> [String] { (view?.subviews ?? []).compactMap { ($0 as? Label)?.text } }

@MainActor
final class StatsSectionsTests: XCTestCase {
    func testFramesAreGroupedByHundredsUnderStickyHeaders() async throws {
        let platform = FakePlatform()
        let app = DemoApp(sceneRenderer: RecordingSceneRenderer(), content: DemoApp.Content(route: .stats))
        let loop = FrameLoop(platform: platform, app: app, configuration: .init(fixedFrameDuration: 16_666_667))
        await loop.runFrameAsync()
        // Frames 0...349: frame i takes (i % 10) + 1 ms.
        for i in 0..<350 { app.performanceHUD.frameDidEnd(loop, report: report(i, ms: Double(i % 10) + 1)) }
        let list = app.navigation.stats.list
        XCTAssertEqual(list.rowCount, 350 + 4)
        XCTAssertEqual(list.sectionHeaderRows, [0, 51, 152, 253], "3xx has 50 frames, then 2xx, 1xx and 0xx 100 each")
        app.stage.overlay.update()
        // 300...349: the times 1...10 five times, average 5.5 ms, worst 10.
        XCTAssertEqual(Array(texts(list.rowView(at: 0)?.content).prefix(3)), ["3xx", "avg 5.50", "max 10.00"])
        XCTAssertEqual(texts(list.rowView(at: 1)?.content).first, "349", "the newest frame right under its header")
        XCTAssertEqual(list.rowID(at: 52), AnyHashable(299), "2xx's newest frame under its header")
        XCTAssertEqual(list.rowID(at: 51), AnyHashable("section 2"))
        XCTAssertEqual(list.rowID(at: 353), AnyHashable(0), "the oldest frame last")
        XCTAssertEqual(list.rowView(at: 1)?.content.backgroundColor, .clear)
        XCTAssertNotEqual(list.rowView(at: 0)?.content.backgroundColor, .clear, "headers stand out from frames")
        // Row 60 (frame 291, in 2xx) at the top: 2xx's header is pinned there over the rows.
        list.scrollToRowAtTop(60)
        app.stage.overlay.update()
        let pinned = try XCTUnwrap(list.pinnedHeader)
        XCTAssertFalse(pinned.isHidden)
        XCTAssertEqual(texts(pinned.content).first, "2xx")
        XCTAssertEqual(pinned.frame.minY, 0, "at the viewport's top")
    }
}

@MainActor
final class StatsSectionsEvictionTests: XCTestCase {
    func testSectionsFollowTheFramesKeptWhenOldOnesLeave() async throws {
        let platform = FakePlatform()
        let app = DemoApp(sceneRenderer: RecordingSceneRenderer(), content: DemoApp.Content(route: .stats))
        let loop = FrameLoop(platform: platform, app: app, configuration: .init(fixedFrameDuration: 16_666_667))
        await loop.runFrameAsync()
        // Frames 0...10,149; frame 120 is the slowest (90 ms), the others 1 ms. The oldest kept is 150.
        for i in 0..<10_150 {
            let ms = i == 120 ? 90.0 : 1.0
            app.performanceHUD.frameDidEnd(loop, report: FrameReport(
                frameIndex: i, frameTime: Nanoseconds(ms * 1e6), phaseTimes: [Nanoseconds](repeating: 0, count: FramePhase.allCases.count),
                simulationSteps: 1, eventCount: 0, presentedAt: 0, simulatedDuration: 0))
        }
        let list = app.navigation.stats.list
        // 1xx keeps 150...199 (50 frames) after frame 120 left: its worst is back to 1 ms.
        XCTAssertEqual(list.rowCount, StatsScreen.capacity + 101)
        XCTAssertEqual(list.sectionHeaderRows.last, list.rowCount - 51)
        app.stage.overlay.update()  // the document takes its new length at layout; a scroll is clamped to it
        list.scrollToRowAtTop(list.rowCount - 51)
        app.stage.overlay.update()
        let header = try XCTUnwrap(list.rowView(at: list.rowCount - 51)?.content)
        XCTAssertEqual(Array(header.subviews.compactMap { ($0 as? Label)?.text }.prefix(3)), ["1xx", "avg 1.00", "max 1.00"])
    }
}

/// New frames arrive at the top of the Stats list every frame: they are inserted (List+Updates.swift), so a reader
/// scrolled down to older frames keeps them in place, and the headers whose figures changed show the new ones.
@MainActor
final class StatsLiveUpdateTests: XCTestCase {
    func testAReaderScrolledDownKeepsTheFramesInPlaceWhileNewOnesArrive() async throws {
        let platform = FakePlatform()
        let app = DemoApp(sceneRenderer: RecordingSceneRenderer(), content: DemoApp.Content(route: .stats))
        let loop = FrameLoop(platform: platform, app: app, configuration: .init(fixedFrameDuration: 16_666_667))
        await loop.runFrameAsync()
        for i in 0..<350 { app.performanceHUD.frameDidEnd(loop, report: report(i, ms: Double(i % 10) + 1)) }
        let list = app.navigation.stats.list
        let overlay = app.stage.overlay
        overlay.update()
        // At the top, the newest section's header shows its figures as frames arrive.
        app.performanceHUD.frameDidEnd(loop, report: report(350, ms: 50))
        overlay.update()
        XCTAssertEqual(Array(texts(list.rowView(at: 0)?.content).prefix(3)), ["3xx", "avg 6.37", "max 50.00"],
                       "51 frames: 275 + 50 ms over 51")
        XCTAssertEqual(texts(list.rowView(at: 1)?.content).first, "350", "the new frame under its header")
        // Scrolled down to frame 291 (row 61), 30 more frames arrive: frame 291 stays where it is on screen.
        list.scrollToRowAtTop(61)
        overlay.update()
        let row = try XCTUnwrap(list.rowView(at: 61))
        XCTAssertEqual(row.rowID, AnyHashable(291))
        let y = row.windowFrame.minY, offset = list.contentOffset.y
        let stripe = try XCTUnwrap(row.backgroundColor), next = try XCTUnwrap(list.rowView(at: 62)?.backgroundColor)
        XCTAssertNotEqual(stripe, next, "frames 291 and 290 are striped apart")
        for i in 351..<381 {
            app.performanceHUD.frameDidEnd(loop, report: report(i, ms: 1))
            overlay.update()
            XCTAssertEqual(row.windowFrame.minY, y, "frame \(i): frame 291 stays put")
            XCTAssertEqual(row.backgroundColor, stripe, "frame \(i): its stripe goes with it, not with the row index")
            XCTAssertTrue(list.rowView(at: 61 + i - 350) === row, "frame \(i): the same view")
        }
        XCTAssertEqual(list.contentOffset.y, offset + 30 * 24, "the offset moved by the 30 rows inserted above")
        XCTAssertEqual(texts(list.pinnedHeader?.content).first, "2xx", "its section's header pinned above it")
    }
}
