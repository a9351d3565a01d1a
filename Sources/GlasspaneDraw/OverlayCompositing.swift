// How a backend brings an overlay layer's draw list to the frame: one vocabulary for the command line, the session
// description and the renderer.

/// How the overlay reaches the frame (docs/overlay.md, "Drawing: direct, cached, or automatic").
public enum OverlayCompositing: String, Sendable, CaseIterable {
    /// Direct while the list changes frame after frame (a drag, the HUD), cached once it holds still (the default).
    case automatic
    /// Rasterize into a texture when the list changes; composite one quad per frame.
    case cached
    /// Draw every batch every frame.
    case direct
}
