// The HUD: a steady 60 fps stays green, real overruns are red, the scale is labelled, phase names are the bench's; its drawing is the hud phase.
import GlasspaneCore
import GlasspaneDemo
@testable import GlasspaneHost
import GlasspaneOverlay
import GlasspaneTesting
import XCTest

final class HUDGraphTests: XCTestCase {
    private static func report(_ ms: Double, index: Int) -> FrameReport {
        var phases = [Nanoseconds](repeating: 0, count: FramePhase.allCases.count)
        phases[FramePhase.overlayPaint.ordinal] = 40_000
        return FrameReport(frameIndex: index, frameTime: Nanoseconds(ms * 1e6), phaseTimes: phases, simulationSteps: 2,
                           eventCount: 0, presentedAt: 0, simulatedDuration: 0)
    }

    /// The bar colors the HUD paints for a run of frame times, and every text it draws.
    private static func paint(_ frames: [Double]) -> (red: Int, green: Int, texts: [String]) {
        MainActor.assumeIsolated {
            let overlay = Overlay(windowSize: Size(width: 1280, height: 720), fonts: MonospaceFontMetrics())
            let hud = PerformanceHUD(overlay: overlay, visible: true)
            for (i, ms) in frames.enumerated() { hud.record(Self.report(ms, index: i)) }
            overlay.update(layer: hud.layer)
            var red = 0, green = 0, texts: [String] = []
            for command in hud.layer.drawList.commands {
                switch command {
                case .bars(let graph):
                    XCTAssertEqual(graph.flaggedColor, HUDView.overBudgetBarColor)
                    XCTAssertEqual(graph.color, HUDView.barColor)
                    for level in graph.levels where level & 127 > 0 {
                        if level & BarGraph.flagged != 0 { red += 1 } else { green += 1 }
                    }
                case .glyphs(let run): texts.append(run.text)
                default: break
                }
            }
            return (red, green, texts)
        }
    }

    func testASteady60FpsWithVsyncJitterStaysGreen() {
        let frames = (0..<120).map { 16.67 + ($0.isMultiple(of: 2) ? 0.35 : -0.3) }
        let painted = Self.paint(frames)
        XCTAssertEqual(painted.red, 0)
        XCTAssertEqual(painted.green, 120)
    }

    func testRealOverrunsArePaintedRed() {
        let painted = Self.paint([16.7, 25, 16.7, 33.4, 18.5])
        XCTAssertEqual(painted.red, 3)
        XCTAssertEqual(painted.green, 2)
    }

    func testAHiddenHUDFormatsNoTextAndShowsFreshTextWhenShown() {
        MainActor.assumeIsolated {
            let overlay = Overlay(windowSize: Size(width: 1280, height: 720), fonts: MonospaceFontMetrics())
            let hud = PerformanceHUD(overlay: overlay, visible: false)
            for i in 0..<100 { hud.record(Self.report(50, index: i)) }
            XCTAssertEqual(hud.view.textRefreshCount, 0, "100 hidden frames format nothing")
            for i in 100..<160 { hud.record(Self.report(10, index: i)) }
            hud.isVisible = true
            overlay.update(layer: hud.layer)
            XCTAssertEqual(hud.view.textRefreshCount, 1)
            let texts = hud.layer.drawList.commands.compactMap { command -> String? in
                if case .glyphs(let run) = command { return run.text } else { return nil }
            }
            XCTAssertTrue(texts.contains("100 FPS  10.0 ms"), "the last 60 frames, recorded while hidden: \(texts)")
        }
    }

    func testTheGraphHasAScaleAndPhaseNamesAreTheBenchKeys() {
        let painted = Self.paint([16.7, 41])
        XCTAssertTrue(painted.texts.contains("50 ms"), "\(painted.texts)")
        XCTAssertTrue(painted.texts.contains("16.7"), "budget line labelled: \(painted.texts)")
        XCTAssertTrue(painted.texts.contains { $0.hasPrefix("\(FramePhase.overlayPaint.key)  ") }, "\(painted.texts)")
    }
}

/// A renderer whose drawing costs 1 µs of the fake platform's clock per draw command, so phase times tell which
/// layers a phase drew.
@MainActor
private final class ClockCostRenderer: DrawListRenderer {
    let clock: ManualClock
    init(clock: ManualClock) { self.clock = clock }
    func render(_ list: DrawList, generation: UInt64?, metrics: WindowMetrics) {
        clock.advance(by: Nanoseconds(list.commands.count) * 1_000)
    }
    func makeCompanion() -> any DrawListRenderer { ClockCostRenderer(clock: clock) }
}

/// Captures the last frame's report.
@MainActor
private final class LastReport: FrameObserver {
    var report: FrameReport?
    func frameDidEnd(_ loop: FrameLoop, report: FrameReport) { self.report = report }
}

final class HUDPhaseTests: XCTestCase {
    /// Runs the demo a few frames with the HUD on or off; the last frame's report and the command counts drawn.
    private static func lastFrame(hud: Bool) -> (report: FrameReport, hudCommands: Int, otherCommands: Int) {
        MainActor.assumeIsolated {
            let platform = FakePlatform()
            let app = DemoApp(sceneRenderer: RecordingSceneRenderer(), overlayRenderer: ClockCostRenderer(clock: platform.manualClock),
                              content: DemoApp.Content(showsHUD: hud))
            let loop = FrameLoop(platform: platform, app: app)
            let last = LastReport()
            loop.addObserver(last, order: .statistics)
            loop.addObserver(app.performanceHUD, order: .hud)   // as the session does: it records every frame
            for _ in 0..<20 { loop.runFrame() }
            let hudLayer = app.performanceHUD.layer
            let others = app.stage.overlay.layers.filter { $0.visibility != .hidden && $0 !== hudLayer }
            return (last.report!, hud ? hudLayer.drawList.commands.count : 0, others.reduce(0) { $0 + $1.drawList.commands.count })
        }
    }

    func testTheHUDsDrawingIsTheHudPhaseNotTheOverlays() {
        let on = Self.lastFrame(hud: true)
        XCTAssertGreaterThan(on.hudCommands, 5, "the HUD draws its panel, text and its graph")
        XCTAssertEqual(on.report[.hud], Nanoseconds(on.hudCommands) * 1_000, "the HUD's drawing, and only it, in the hud phase")
        XCTAssertEqual(on.report[.overlayRender], Nanoseconds(on.otherCommands) * 1_000, "the overlay's render excludes the HUD")
        let off = Self.lastFrame(hud: false)
        XCTAssertEqual(off.report[.hud], 0)
        XCTAssertEqual(off.report[.overlayRender], on.report[.overlayRender], "the panel costs the same with the HUD on")
    }
}
