// An opt-in cross-fade of a color scheme (or color-only theme) switch: the changed tokens' colors blend from what
// was drawn to the new scheme's values on the frame clock, so a replay shows the same colors at the same frames.
// Each frame of the fade repaints exactly the views that read a changed token (the count a plain switch reports);
// the last frame sets the new scheme's colors themselves, so the end is bit for bit a plain switch.
import GlasspaneCore
import GlasspaneAnimation

/// A running blend of the overlay's resolved token colors toward a new scheme (`Overlay.themeCrossFade`).
final class ThemeCrossFade: FrameTicking {
    private unowned let overlay: Overlay
    /// The colors drawn when the switch came (by token raw value).
    private let from: [Color]
    /// The new scheme's colors.
    private let to: [Color]
    /// The tokens whose color differs between the two.
    let tokens: ColorTokenSet
    private let indices: [Int]
    /// 0 at the switch, 1 at the end, along the animation's curve.
    private var progress: AnimatedValue<Double>

    init(overlay: Overlay, from: [Color], to: [Color], tokens: ColorTokenSet, animation: Animation, time: Double) {
        self.overlay = overlay; self.from = from; self.to = to; self.tokens = tokens
        indices = tokens.tokens.map(\.rawValue)
        progress = AnimatedValue(0.0, time: time)
        progress.set(1, animation: animation)
    }

    /// The tokens whose colors differ between two resolved color tables.
    static func differingTokens(_ a: [Color], _ b: [Color]) -> ColorTokenSet {
        var set = ColorTokenSet()
        for token in ColorToken.allCases where a[token.rawValue] != b[token.rawValue] { set.insert(ColorTokenSet(token)) }
        return set
    }

    /// Moves the blend to `time` and repaints the views that read a fading token; false once done (or replaced).
    func frameTick(time: Double) -> Bool {
        guard overlay.runningThemeFade === self else { return false }
        progress.advance(to: time)
        let done = progress.isSettled
        let f = progress.presentation
        for i in indices { overlay.resolvedColors[i] = done ? to[i] : from[i].mixed(with: to[i], by: f) }
        _ = overlay.markThemedViews(changed: tokens)
        if done { overlay.runningThemeFade = nil }
        return !done
    }
}
