// The scene's multisampling changed while the session runs (the demo's Options MSAA picker): the render target makes
// its storage again at the next frame's bind, and the shared GL state shadow learns whether `GL_MULTISAMPLE` matters.
import GlasspaneRender

extension Session {
    /// The sample counts this context offers (1 is off), increasing (llvmpipe: 1 and 4).
    public var supportedMSAASampleCounts: [Int] { RenderTarget.supportedSampleCounts() }

    /// Samples a pixel the next frame is drawn with.
    public var msaaSamples: Int { surface.target.samples }

    /// Draws from the next frame on with `samples` a pixel, the nearest count the context offers at or below it (1 is
    /// off); returns the count applied. `--msaa` (`SessionDescription.msaaSamples`) stays the starting value.
    @discardableResult
    public func setMSAA(_ samples: Int) -> Int {
        let applied = supportedMSAASampleCounts.last { $0 <= max(samples, 1) } ?? 1
        surface.target.setSamples(applied)
        surface.stateCache?.targetsHaveOneSample = applied == 1
        return applied
    }
}
