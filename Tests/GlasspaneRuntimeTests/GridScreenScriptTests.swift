// Examples/Scripts/bench/grid-scroll.jsonl drives `bench --scenario grid`: it parses, each of its frames holds one
// wheel notch at one point, and that point is on the bench's grid, so 600 notches down scroll it 600 lines and 600 up
// bring it back. The events are routed through the demo's overlay as the bench's frames route them (no window).
import Foundation
import GlasspaneCore
import GlasspaneDemo
import GlasspaneOverlay
import GlasspaneScripts
import XCTest

@MainActor
final class GridScreenScriptTests: XCTestCase {
    private static let scriptPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/Scripts/bench/grid-scroll.jsonl").path

    func testTheGridScriptsWheelNotchesScrollTheBenchGridDownAndBack() async throws {
        let script = try Script.load(path: Self.scriptPath)
        XCTAssertEqual(script.header.windowSize, Size(width: 1280, height: 720))
        XCTAssertEqual(script.lastFrameIndex, 1200)
        let app = DemoApp(sceneRenderer: nil, windowSize: script.header.windowSize, content: DemoApp.Content(gridItems: 10_000))
        let overlay = app.stage.overlay
        let screen = try XCTUnwrap(app.gridScreen)
        let grid = screen.grid
        let window = grid.liveCellCount
        var player = ScriptPlayer(script: script)
        var notches = 0
        while let frame = try player.nextFrame() {
            guard frame.index > 0 else { XCTAssertEqual(frame.events, []); continue }
            guard frame.events.count == 1, case let .wheel(_, dx, dy) = frame.events[0] else {
                return XCTFail("frame \(frame.index): \(frame.events), not one wheel event")
            }
            XCTAssertEqual(dx, 0)
            XCTAssertEqual(dy, frame.index <= 600 ? -1 : 1, "frame \(frame.index): down for 600 frames, then up")
            let decision = overlay.route(frame.events[0])
            guard case let .overlay(layer, view) = decision.target, layer === screen.layer, view === grid || view.isDescendant(of: grid) else {
                return XCTFail("frame \(frame.index): the wheel went to \(decision.target), not the grid")
            }
            _ = overlay.layoutIfNeeded()
            notches += 1
            let down = min(frame.index, 600), up = max(frame.index - 600, 0)
            XCTAssertEqual(grid.contentOffset.y, Double(down - up) * grid.wheelLineHeight, "frame \(frame.index)")
            XCTAssertEqual(grid.liveCellCount, window, "frame \(frame.index): a steady window of cells")
        }
        XCTAssertEqual(notches, 1200)
        XCTAssertEqual(grid.contentOffset, .zero)
    }
}
