// The demo on a fake platform with fixed 60 Hz frames, for tests that drive it frame by frame.
import GlasspaneCore
import GlasspaneDemo
import GlasspaneHost
import GlasspaneOverlay
import GlasspaneTesting

/// The demo app, its fake platform and its frame loop, started on a route with one frame run.
@MainActor
final class DemoHarness {
    let platform = FakePlatform()
    let app: DemoApp
    let loop: FrameLoop

    init(route: DemoRoute) async {
        app = DemoApp(sceneRenderer: RecordingSceneRenderer(), initial: CubeState(color: Color(hex: "#ed7329")!),
                      content: DemoApp.Content(route: route))
        loop = FrameLoop(platform: platform, app: app, configuration: .init(fixedFrameDuration: 16_666_667))
        await loop.runFrameAsync()
    }

    /// Runs one frame with `events` as the platform's input.
    func frame(_ events: [InputEvent] = []) async {
        platform.pendingEvents = events
        await loop.runFrameAsync()
    }

    /// Runs `n` frames without input.
    func frames(_ n: Int) async { for _ in 0..<n { await frame() } }

    /// The view with an identifier, if the overlay has one.
    func view(_ id: String) -> View? { app.stage.overlay.view(withIdentifier: id) }
}
