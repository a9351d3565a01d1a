// A popover's entrance and exit: the bubble grows from the arrow's tip while it fades in, and shrinks back toward it
// while it fades out, on the view animation engine (View+Animation.swift), so the frame clock drives it and replays
// stay pixel-identical. Durations come from the theme's motion tokens. Layout and hit testing read model values, so
// the content takes events from the first frame; a closing bubble's layer is non-interactive and takes none.
import GlasspaneCore
import GlasspaneAnimation

extension Popover {
    /// The bubble's scale at the start of its entrance and the end of its exit (1 is its full size).
    public static let collapsedScale = 0.9

    /// The transform that draws a bubble placed at `placement` at `collapsedScale`, scaled about the arrow's tip
    /// (the anchor) instead of the bubble's center. Linear in the scale, so every in-between frame of an
    /// animation toward the identity keeps the tip fixed too.
    public static func collapsedTransform(for placement: PopoverPlacement) -> ViewTransform {
        let s = collapsedScale, center = placement.frame.center, tip = placement.arrowTip
        // A view scales about its center and then translates: the tip stays put when the translation is
        // (tip - center)(1 - s).
        return ViewTransform(translation: Point(x: (tip.x - center.x) * (1 - s), y: (tip.y - center.y) * (1 - s)), scale: s)
    }

    /// The entrance: an ease-out over the theme's `motion.standard`.
    static func appearAnimation(_ theme: Theme) -> Animation { .easeOut(duration: theme.motion.standard) }
    /// The exit: an ease-in over the theme's `motion.fast` (leaving is quicker than arriving).
    static func disappearAnimation(_ theme: Theme) -> Animation { .easeIn(duration: theme.motion.fast) }
}

extension PopoverContainer: FrameTicking {
    /// Starts the entrance from the collapsed, transparent bubble (called at the first layout after `present`).
    func beginAppearing(placement: PopoverPlacement) {
        withAnimation(nil) {
            bubble.alpha = 0
            bubble.transform = Popover.collapsedTransform(for: placement)
        }
        withAnimation(Popover.appearAnimation(theme)) {
            bubble.alpha = 1
            bubble.transform = .identity
        }
    }

    /// Makes the popover's layer non-interactive (no longer modal: focus in it is dropped, events go past it) and
    /// animates the bubble out; `frameTick` removes the layer once the bubble stopped moving.
    func beginClosing(in overlay: Overlay, layer: OverlayLayer, placement: PopoverPlacement) {
        layer.kind = .nonInteractive
        layer.onOutsideTap = nil
        layer.onUnfocusedKey = nil
        closingLayer = layer
        withAnimation(Popover.disappearAnimation(theme)) {
            bubble.alpha = 0
            bubble.transform = Popover.collapsedTransform(for: placement)
        }
        overlay.startTicking(self)
    }

    /// Removes the closing layer once the bubble's animation ended (the overlay ticks before it advances the
    /// animations, so the last frame, at alpha 0, is drawn first).
    func frameTick(time: Double) -> Bool {
        guard isClosing else { return false }
        if bubble.isAnimating { return true }
        finishClosing()
        return false
    }

    /// Ends the exit now: the closing layer leaves and the bubble gets its model values back for the next present.
    func finishClosing() {
        guard let layer = closingLayer else { return }
        closingLayer = nil
        bubble.removeFromSuperview()
        withAnimation(nil) {
            bubble.alpha = 1
            bubble.transform = .identity
        }
        layer.overlay?.removeLayer(layer)
    }
}
