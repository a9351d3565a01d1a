// The demo at two pixel densities, and key repeat against its one-shot engine keys.
import XCTest
import GlasspaneCore
import GlasspaneDemo
import GlasspaneScene
import GlasspaneHost
import GlasspaneOverlay
import GlasspaneTesting

@MainActor
final class ScaleAndRepeatTests: XCTestCase {
    /// Who claims each point of a grid over the demo window, laid out at `scale` pixels per point.
    private func hitGrid(scale: Double) async -> [String] {
        let platform = FakePlatform(size: Size(width: 800, height: 500), scale: scale)
        let app = DemoApp(sceneRenderer: RecordingSceneRenderer(), windowSize: Size(width: 800, height: 500))
        let loop = FrameLoop(platform: platform, app: app, configuration: .init(fixedFrameDuration: 16_666_667))
        platform.resize(to: Size(width: 800, height: 500), scale: scale)
        await loop.runFrameAsync()
        var out: [String] = []
        for y in stride(from: 0.0, to: 500, by: 6) {
            for x in stride(from: 0.0, to: 800, by: 6) {
                var passes: [LayerPass] = []
                let hit = app.stage.overlay.router.hitTest(at: Point(x: x, y: y), passes: &passes)
                out.append(hit.flatMap { $0.isOutsideModal ? nil : $0.view.identifier } ?? "engine")
            }
        }
        return out
    }

    /// A click at a point hits the same view at scale 2 as at scale 1 (events and layout are in points).
    func testHitTestingAtScaleTwoMatchesScaleOne() async throws {
        let one = await hitGrid(scale: 1)
        let two = await hitGrid(scale: 2)
        XCTAssertEqual(one, two)
        XCTAssertTrue(two.contains("picker.sv") && two.contains("picker.hue") && two.contains("engine"),
                      "the grid covers the picker and the scene")
    }

    /// F1 toggles the HUD once per press: auto-repeats of a held F1 do not flicker it.
    func testKeyRepeatDoesNotRetriggerOneShotEngineKeys() async throws {
        let platform = FakePlatform()
        let app = DemoApp(sceneRenderer: RecordingSceneRenderer())
        let loop = FrameLoop(platform: platform, app: app, configuration: .init(fixedFrameDuration: 16_666_667))
        await loop.runFrameAsync()
        let visible = app.performanceHUD.isVisible
        platform.pendingEvents = [.key(KeyEvent(key: .function(1)))]
            + Array(repeating: .key(KeyEvent(key: .function(1), isRepeat: true)), count: 5)
            + [.key(KeyEvent(key: .function(1), isDown: false))]
        await loop.runFrameAsync()
        XCTAssertEqual(app.performanceHUD.isVisible, !visible, "toggled once")
        platform.pendingEvents = [.key(KeyEvent(key: .escape, isRepeat: true))]
        await loop.runFrameAsync()
        XCTAssertFalse(app.wantsQuit, "a repeat is not a fresh Escape press")
    }
}
