// A minimal Glasspane host from a user's side: its own scene (three cubes in a row, bobbing),
// the library's window, renderer and frame loop.
//
//   swift run MinimalHost                      a window (needs a display)
//   swift run MinimalHost --headless 120       120 frames offscreen, prints the frame count
import GlasspaneCore
import GlasspaneScene
import GlasspaneHost
import GlasspanePlatform
import GlasspaneRender
import GlasspaneRuntime
#if canImport(Glibc)
import Glibc
#endif

/// The app: a fixed-step phase, three cubes whose heights follow it, Escape to quit.
@MainActor
final class BobbingCubes: HostApp {
    let renderer: GLSceneRenderer
    var phase = 0.0, previousPhase = 0.0
    var wantsQuit = false

    init(renderer: GLSceneRenderer) { self.renderer = renderer }

    func engineReceive(_ event: InputEvent) {
        if case .key(let k) = event, k.key == .escape { wantsQuit = true }
    }

    func step(dt: Double) { previousPhase = phase; phase += dt * 2 }

    func renderScene(interpolation alpha: Double, metrics: WindowMetrics) {
        let p = previousPhase + (phase - previousPhase) * alpha
        let colors = [Color(hex: "#e4572e")!, Color(hex: "#29335c")!, Color(hex: "#f3a712")!]
        let cubes = (0..<3).map { i -> SceneObject in
            let x = Float(i - 1) * 1.6, y = Float(sin(p + Double(i))) * 0.5
            let model = Mat4(columnMajor: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, x, y, 0, 1]) * Mat4.rotation(angle: Float(p), axis: Vec3(0, 1, 0))
            return SceneObject(mesh: .cube, model: model, color: colors[i])
        }
        renderer.render(RenderScene(eye: Vec3(0, 1.5, 6), objects: cubes), viewport: metrics.drawableSize)
    }
}

let arguments = CommandLine.arguments
let headless = arguments.contains("--headless")
let frames = arguments.compactMap { Int($0) }.first
do {
    let platform = try SDLPlatform(options: PlatformOptions(title: "Minimal Glasspane host", size: PixelSize(width: 800, height: 450), headless: headless))
    let app = BobbingCubes(renderer: try GLSceneRenderer())
    let loop = FrameLoop(platform: platform, app: app, configuration: FrameLoopConfiguration(maxFrames: frames))
    loop.surface = SessionSurface(offscreen: headless)
    await loop.run()
    print("MinimalHost: \(loop.frameIndex) frames")
    platform.close()
} catch {
    print("MinimalHost: \(error)")
    exit(1)
}
