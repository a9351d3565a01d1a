// Bad controller input at the session level: 1,000 hot-plug events in one frame through SDL's real queue (500
// virtual controllers plugged and unplugged before the frame polls), under the demo's frame loop on a headless
// SDLPlatform. The loop goes on, nothing stays connected, and a controller plugged afterwards still navigates.
// Every SDL call stays on the main thread. The storm frame's cost is printed for docs/focus.md, never asserted.
import XCTest
import CSDL2
import GlasspaneCore
import GlasspaneDemo
import GlasspaneHost
import GlasspaneOverlay
import GlasspanePlatform
import SDLTestEvents

/// Runs `body` at the start of one frame (before the loop polls), and keeps every frame's report.
@MainActor
private final class StormObserver: FrameObserver {
    var atFrame: Int
    let body: () -> Void
    var reports: [FrameReport] = []
    init(atFrame: Int, _ body: @escaping () -> Void) { self.atFrame = atFrame; self.body = body }
    func frameWillStart(_ loop: FrameLoop, index: Int) { if index == atFrame { body() } }
    func frameDidEnd(_ loop: FrameLoop, report: FrameReport) { reports.append(report) }
}

final class ControllerStormTests: XCTestCase {
    func testAThousandHotPlugEventsInOneFrameLeaveTheLoopRunningAndTheStateClean() throws {
        try MainActor.assumeIsolated {
            let platform = try SDLPlatform(options: PlatformOptions(size: PixelSize(width: 800, height: 600), headless: true, vsync: false))
            defer { platform.close() }
            var notices: [String] = []
            platform.onNotice = { notices.append($0) }
            let app = DemoApp(sceneRenderer: nil, windowSize: platform.metrics.windowSize, content: DemoApp.Content(route: .menu))
            let loop = FrameLoop(platform: platform, app: app, configuration: .init(fixedFrameDuration: 16_666_667))
            let storm = StormObserver(atFrame: 5) {
                for _ in 0..<500 {
                    guard let pad = VirtualController() else { XCTFail(SDLPlatform.lastError); return }
                    pad.detach()
                }
            }
            loop.addObserver(storm, order: .screenshots)
            for _ in 0..<10 { loop.runFrame() }
            XCTAssertEqual(loop.frameIndex, 10, "every frame ran, the storm's included")
            XCTAssertFalse(loop.isFinished)
            XCTAssertEqual(platform.connectedControllers, [])
            XCTAssertEqual(notices, [], "controllers that came and went are no unmapped joysticks")
            let overlay = app.stage.overlay
            XCTAssertNil(overlay.focusedView, "no made-up press moved focus")

            // A controller plugged afterwards gets number 0 and walks the menu with the D-pad.
            let pad = try XCTUnwrap(VirtualController(name: "After The Storm"))
            defer { pad.detach() }
            let deadline = SDL_GetTicks64() + 10_000
            while platform.connectedControllers.isEmpty && SDL_GetTicks64() < deadline { loop.runFrame(); SDL_Delay(1) }
            XCTAssertEqual(platform.connectedControllers, [0])
            pad.set(button: SDL_CONTROLLER_BUTTON_DPAD_DOWN, down: true)
            while overlay.focusedView == nil && SDL_GetTicks64() < deadline { loop.runFrame(); SDL_Delay(1) }
            XCTAssertEqual(overlay.focusedView?.identifier, "menu.play", "the first D-pad press focuses the menu's first button")
            XCTAssertTrue(overlay.showsFocusRing)

            // For the note (docs/focus.md): the storm frame's input phases against the median quiet frame's.
            let quiet = storm.reports.filter { $0.frameIndex > 5 && $0.frameIndex < 10 }.map { $0[.events] + $0[.routing] }.sorted()
            if let stormFrame = storm.reports.first(where: { $0.frameIndex == 5 }), !quiet.isEmpty {
                print("controller storm: frame 5 took \(stormFrame.eventCount) events, events+routing "
                      + "\(Double(stormFrame[.events] + stormFrame[.routing]) / 1000) µs; quiet frames median \(Double(quiet[quiet.count / 2]) / 1000) µs")
            }
        }
    }
}
