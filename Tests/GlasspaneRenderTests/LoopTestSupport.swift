// Wiring the frame loop by hand in render tests: a surface that binds the headless framebuffer, and an observer
// that runs a closure before each present (where pixels can be read back).
import GlasspaneCore
import GlasspaneHost
import GlasspaneRender

/// Binds a render target at the start of each frame's render phase.
@MainActor
final class TestSurface: RenderSurface {
    let target: RenderTarget
    init(offscreen: Bool = true) { target = RenderTarget(offscreen: offscreen) }
    func beginFrame(metrics: WindowMetrics) { target.bind(size: metrics.drawableSize) }
    /// As the session's surface: the scene first on a GPU, last on a CPU rasterizer (tests may force either).
    var drawsSceneFirst = !GLInfo.current().rasterizesOnCPU
    func submitScene() { GLContextControl.flush() }
    func finishGPU() { GLContextControl.finish() }
}

/// Calls `body` with the frame index before every present.
@MainActor
final class BeforePresent: FrameObserver {
    let body: (Int) -> Void
    init(_ body: @escaping (Int) -> Void) { self.body = body }
    func frameWillPresent(_ loop: FrameLoop, index: Int, isLast: Bool) { body(index) }
}
