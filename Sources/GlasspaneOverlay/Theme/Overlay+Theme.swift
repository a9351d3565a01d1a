// Setting the theme and the color scheme on an overlay, and how views read tokens: a view records the color tokens it
// read while drawing, so a switch repaints exactly the views that read a token whose value changed.
import GlasspaneCore
import GlasspaneDraw
import GlasspaneAnimation

/// What a theme or scheme switch did (returned for tests and the bench).
public struct ThemeChange: Hashable, Sendable {
    /// The tokens whose resolved color changed.
    public var changedTokens: ColorTokenSet
    /// Views asked to repaint: those whose last paint read a changed token.
    public var viewsRepainted: Int
    /// True when sizes changed (type scale, spacing, radii or strokes), so every view laid out and painted again.
    public var relaidOut: Bool
}

extension Overlay {
    /// Switches light/dark. Only views whose last paint read a token with another value in `scheme` repaint.
    @discardableResult
    public func setColorScheme(_ scheme: ColorScheme) -> ThemeChange {
        setTheme(theme, scheme: scheme)
    }

    /// Sets the design tokens (and optionally the scheme). Color-only changes repaint the views that read a changed
    /// token; a change of sizes (type, spacing, radii, strokes) lays out and repaints every view. With
    /// `themeCrossFade` set and the frame clock running, a color-only change blends the changed tokens from their
    /// drawn colors to the new ones over that animation, repainting the same views each frame (ThemeCrossFade.swift).
    @discardableResult
    public func setTheme(_ newTheme: Theme, scheme: ColorScheme? = nil) -> ThemeChange {
        let newScheme = scheme ?? colorScheme
        let target = newTheme.colors.map { $0.resolved(for: newScheme) }
        // Mid-fade the drawn colors are neither scheme's: compare against what is drawn.
        let changed = runningThemeFade == nil ? newTheme.changedTokens(newScheme, from: theme, colorScheme)
            : ThemeCrossFade.differingTokens(resolvedColors, target)
        let relayout = !newTheme.hasSameMetrics(as: theme)
        theme = newTheme
        colorScheme = newScheme
        if let animation = themeCrossFade, !relayout, !changed.isEmpty, let time = animationTime {
            // The colors stay as drawn until the next frame's tick moves them; it marks the views then.
            let fade = ThemeCrossFade(overlay: self, from: resolvedColors, to: target, tokens: changed, animation: animation, time: time)
            runningThemeFade = fade
            startTicking(fade)
            return ThemeChange(changedTokens: changed, viewsRepainted: markThemedViews(changed: changed, mark: false), relaidOut: false)
        }
        runningThemeFade = nil
        resolvedColors = target
        return ThemeChange(changedTokens: changed, viewsRepainted: markThemedViews(changed: changed, relayout: relayout), relaidOut: relayout)
    }

    /// True while a theme cross-fade runs.
    public var isCrossFadingTheme: Bool { runningThemeFade != nil }

    /// Marks (when `mark`) and counts the views whose last paint read a token in `changed` (every view on `relayout`).
    func markThemedViews(changed: ColorTokenSet, relayout: Bool = false, mark: Bool = true) -> Int {
        var count = 0
        for layer in layers {
            Overlay.markThemedViews(layer.root, changed: changed, relayout: relayout, mark: mark, count: &count)
        }
        return count
    }

    private static func markThemedViews(_ view: View, changed: ColorTokenSet, relayout: Bool, mark: Bool, count: inout Int) {
        if relayout {
            view.invalidateMeasurement()
            view.setNeedsDisplay()
            count += 1
        } else if !view.themeTokensRead.isDisjoint(with: changed) {
            if mark { view.setNeedsDisplay() }
            count += 1
        }
        for child in view.subviews { markThemedViews(child, changed: changed, relayout: relayout, mark: mark, count: &count) }
    }
}

extension View {
    /// The theme of the overlay this view is in (`Theme.standard` while detached).
    public var theme: Theme { layer?.overlay?.theme ?? .standard }

    /// A token's color in the overlay's scheme (dark `Theme.standard` while detached). Call it from
    /// `draw(in:context:)`: the view is then repainted when the token's value changes.
    public func themeColor(_ token: ColorToken) -> Color {
        themeTokensRead.insert(ColorTokenSet(token))
        if let overlay = layer?.overlay { return overlay.resolvedColors[token.rawValue] }
        return Theme.standard[token].dark
    }

    /// `color` when given, else the token's color: how a control honours a per-instance override.
    public func themeColor(_ token: ColorToken, overriddenBy color: Color?) -> Color {
        color ?? themeColor(token)
    }

    /// The background to draw: the view's own `backgroundColor` when visible (its presentation value, so animations
    /// show), else the token's color.
    public func themedBackground(_ token: ColorToken) -> Color {
        backgroundColor.a > 0 ? presentationBackgroundColor : themeColor(token)
    }

    /// The border to draw: the view's own `borderColor` when visible, else the token's color.
    public func themedBorder(_ token: ColorToken) -> Color {
        borderColor.a > 0 ? borderColor : themeColor(token)
    }

    /// A focus ring just outside `rect` in the theme's focus color, width and offset.
    public func addFocusRing(around rect: Rect, cornerRadius: Double, context: inout PaintContext) {
        let strokes = theme.strokes
        context.add(.border(rect.insetBy(-strokes.focusRingOffset), color: themeColor(.focusRing),
                            width: strokes.focusRing, cornerRadius: cornerRadius + strokes.focusRingOffset))
    }
}

extension Color {
    /// This color moved `fraction` (0...1) of the way toward `other`, alpha included.
    public func mixed(with other: Color, by fraction: Double) -> Color {
        Color(r: r + (other.r - r) * fraction, g: g + (other.g - g) * fraction,
              b: b + (other.b - b) * fraction, a: a + (other.a - a) * fraction)
    }
}

extension Overlay {
    /// Offers a Ctrl key command to the focused view and its ancestors; with no focus, to the visible views of the
    /// layers that take keys (the active modal alone while one is up), front layer first, in tree order. Returns the
    /// view that performed it.
    func performKeyCommand(_ event: KeyEvent) -> View? {
        if let focused = focusedView {
            var v: View? = focused
            while let c = v {
                if c.performKeyCommand(event) { return c }
                v = c.superview
            }
            return nil
        }
        let scope = activeModal.map { [$0] } ?? layers.filter { $0.takesEvents }.reversed()
        for layer in scope {
            if let found = Overlay.firstPerforming(event, in: layer.root) { return found }
        }
        return nil
    }

    private static func firstPerforming(_ event: KeyEvent, in view: View) -> View? {
        guard view.isHitTestable else { return nil }
        if view.performKeyCommand(event) { return view }
        for child in view.subviews {
            if let found = firstPerforming(event, in: child) { return found }
        }
        return nil
    }
}

/// A view that changes with the frame clock while visible (an indeterminate progress bar, a scroll view's momentum):
/// the overlay calls it once per `advanceAnimations(to:)` after it asked with `Overlay.startTicking(_:)`, until it
/// returns false.
public protocol FrameTicking: AnyObject {
    /// Moves to the frame clock's `time` (seconds); false to stop being called.
    func frameTick(time: Double) -> Bool
}

/// A weak reference to a ticking view (the overlay never keeps a removed view alive).
struct WeakTicker {
    weak var view: (any FrameTicking)?
}

extension Overlay {
    /// Calls `view.frameTick(time:)` every frame from now on, until it returns false or is freed.
    public func startTicking(_ view: any FrameTicking) {
        if frameTickers.contains(where: { $0.view === view }) { return }
        frameTickers.append(WeakTicker(view: view))
        layersMayNeedWork = true
    }

    /// Ticks every registered view, dropping those done or freed; true when some ticked (they repaint themselves).
    func tickFrameViews(time: Double) -> Bool {
        guard !frameTickers.isEmpty else { return false }
        // A tick may start another view ticking (a held D-pad's repeat scrolls a list, which animates its offset):
        // the pass runs on its own copy, and views that started meanwhile join after it (next frame's first tick).
        var ticking = frameTickers
        frameTickers = []
        ticking.removeAll { $0.view?.frameTick(time: time) != true }
        let started = frameTickers
        frameTickers = ticking
        for ticker in started where !ticking.contains(where: { $0.view === ticker.view }) { frameTickers.append(ticker) }
        return true
    }
}
