// The HUD's graph: a steady 60 fps stays green, real overruns are red, the scale is labelled, phase names are the bench's.
import GlasspaneCore
@testable import GlasspaneHost
import GlasspaneOverlay
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
                case .rect(_, let color, _) where color.r > 0.9 && color.g < 0.4: red += 1
                case .rect(_, let color, _) where color.g > 0.75 && color.r < 0.4: green += 1
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

    func testTheGraphHasAScaleAndPhaseNamesAreTheBenchKeys() {
        let painted = Self.paint([16.7, 41])
        XCTAssertTrue(painted.texts.contains("50 ms"), "\(painted.texts)")
        XCTAssertTrue(painted.texts.contains("16.7"), "budget line labelled: \(painted.texts)")
        XCTAssertTrue(painted.texts.contains { $0.hasPrefix("\(FramePhase.overlayPaint.key)  ") }, "\(painted.texts)")
    }
}
