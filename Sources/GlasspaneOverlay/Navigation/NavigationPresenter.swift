// Shows a NavigationCoordinator's state in an overlay: the top screen of the stack in a screen layer, each sheet
// in its own modal layer at the sheet level, with spring transitions (slide + fade) or instantly.
import GlasspaneCore
import GlasspaneDraw
import GlasspaneAnimation

/// A container that fills the space its superview offers (the window, in a layer root) and centers its one content
/// view at its measured size, optionally over a dimming fill. It never claims a point itself, so in a modal layer a
/// press beside the content is an outside tap.
open class CenteringContainer: View {
    /// The centered view.
    public let content: View

    /// Creates a container around `content`, with an optional dimming fill behind it.
    public init(identifier: String = "", content: View, dimming: Color = .clear) {
        self.content = content
        super.init(identifier: identifier)
        backgroundColor = dimming
        hitTestBehavior = .deferToChildren
        sizesToFit = true
        addSubview(content)
    }

    /// The whole proposal (the space left in the superview).
    open override func sizeThatFits(_ proposed: Size, fonts: any FontMetrics) -> Size {
        proposed.width.isFinite && proposed.height.isFinite ? proposed
            : content.measure(proposed: proposed, fonts: fonts)
    }

    /// The content at its measured size, centered (whole points).
    open override func layoutSubviews(fonts: any FontMetrics) {
        let s = content.measure(proposed: bounds.size, fonts: fonts)
        content.frame = Rect(x: ((bounds.width - s.width) / 2).rounded(.down), y: ((bounds.height - s.height) / 2).rounded(.down),
                             width: min(s.width, bounds.width), height: min(s.height, bounds.height))
    }
}

/// Presents a coordinator's state: the top screen shown (the others hidden), each sheet in a modal layer named
/// `sheet.<name>` at `LayerLevel.sheet` (one level up per sheet), its content centered over a dimming fill.
///
/// Transitions: with `transition` set (a spring by default), a push slides the new screen in from the right while
/// it fades in and the old one slides left and fades out (a pop mirrors it); a sheet rises and fades in, and falls
/// and fades out when dismissed. Model values change at once (layout, hit testing and scripts see the new state
/// in the same frame); call `settle()` once per frame after the overlay's animations advance, to hide what has
/// finished leaving. With `transition` nil every change is instant.
///
/// Sheets route Escape (with nothing focused in them) to `coordinator.back()` and an outside tap to
/// `onOutsideTap` (dismiss by default).
public final class NavigationPresenter<Route: Hashable> {
    /// The overlay the layers live in.
    public let overlay: Overlay
    /// The coordinator whose state is shown.
    public let coordinator: NavigationCoordinator<Route>
    /// Where screens go when their factory returns a view with no superview.
    public let screenLayer: OverlayLayer
    /// The transition for every change; nil: instant.
    public var transition: Animation? = .spring(response: 0.35, dampingFraction: 0.9)
    /// How far screens and sheets slide, in points.
    public var slideDistance = 40.0
    /// The fill behind a sheet's content.
    public var dimming = Color(r: 0, g: 0, b: 0, a: 0.45)
    /// A press outside a sheet's content; dismisses the top sheet unless replaced.
    public var onOutsideTap: ((Route) -> Void)?

    private let makeScreen: (Route) -> View
    private let makeSheet: (Route) -> View
    private let name: (Route) -> String
    private var screens: [Route: View] = [:]
    private var sheets: [Route: (layer: OverlayLayer, container: CenteringContainer)] = [:]
    /// Views fading out: hidden (a screen) or their layer hidden (a sheet) once their animations are done.
    private var leaving: [(view: View, layer: OverlayLayer?)] = []
    /// The view that had focus when each sheet came up: focus goes back to it when the sheet leaves, so a keyboard
    /// or controller player keeps their place (the menu button that opened it) instead of starting over.
    private var openers: [Route: WeakFocusOpener] = [:]
    /// The view that had focus when each screen was pushed: focus goes back to it when that screen pops, so a
    /// controller player who opened Stats from the menu is on the Stats button again after Back.
    private var screenOpeners: [Route: WeakFocusOpener] = [:]

    /// Creates a presenter and shows the coordinator's current state at once. `screen` and `sheet` make each
    /// route's view the first time it is shown (then it is kept); `name` names sheet layers (`sheet.<name>`).
    public init(overlay: Overlay, coordinator: NavigationCoordinator<Route>, screenLayer: OverlayLayer,
                name: @escaping (Route) -> String = { String(describing: $0) },
                screen: @escaping (Route) -> View, sheet: @escaping (Route) -> View) {
        self.overlay = overlay
        self.coordinator = coordinator
        self.screenLayer = screenLayer
        self.name = name
        makeScreen = screen
        makeSheet = sheet
        onOutsideTap = { [unowned coordinator] _ in coordinator.dismiss() }
        let state = coordinator.state
        let top = screenView(for: state.topScreen)
        top.isHidden = false
        for route in state.sheets { showSheet(route, index: sheets.count, animated: false) }
        coordinator.observe { [unowned self] change in apply(change) }
    }

    /// The view shown for a screen route, if it was made.
    public func screen(for route: Route) -> View? { screens[route] }
    /// The modal layer of a sheet route, if it was made.
    public func sheetLayer(for route: Route) -> OverlayLayer? { sheets[route]?.layer }

    /// Hides what finished leaving (call once per frame, after the overlay's animations advanced).
    public func settle() {
        // Called every frame, and nothing leaving is the common case: `removeAll(where:)` on the empty array still
        // took about 0.9 µs a frame (perf, `bench --scenario cube`).
        guard !leaving.isEmpty else { return }
        leaving.removeAll { entry in
            guard !entry.view.isAnimating else { return false }
            if let layer = entry.layer {
                layer.visibility = .hidden
                layer.kind = .modal
            } else {
                entry.view.isHidden = true
            }
            entry.view.alpha = 1
            entry.view.transform = .identity
            return true
        }
    }

    /// True while some screen or sheet is still leaving.
    package var isTransitioning: Bool { !leaving.isEmpty }

    private func screenView(for route: Route) -> View {
        if let v = screens[route] { return v }
        let v = makeScreen(route)
        v.isHidden = true
        if v.superview == nil { screenLayer.addSubview(v) }
        screens[route] = v
        return v
    }

    private func apply(_ change: NavigationChange<Route>) {
        let from = change.from, to = change.to
        if from.topScreen != to.topScreen {
            let forward: Bool
            switch change.operation {
            case .pop, .popToRoot, .back: forward = false
            default: forward = true
            }
            let old = screenView(for: from.topScreen)
            let new = screenView(for: to.topScreen)
            let pushed = to.stack.count > from.stack.count && to.stack.starts(with: from.stack)
            let popped = from.stack.count > to.stack.count && from.stack.starts(with: to.stack)
            if pushed { screenOpeners[to.topScreen] = WeakFocusOpener(view: overlay.focusedView) }
            let opener = popped ? screenOpeners.removeValue(forKey: from.topScreen)?.view : nil
            if popped { for route in from.stack.dropFirst(to.stack.count) { screenOpeners[route] = nil } }
            leave(old, layer: nil, to: ViewTransform(translation: Point(x: forward ? -slideDistance : slideDistance, y: 0)))
            enter(new, from: ViewTransform(translation: Point(x: forward ? slideDistance : -slideDistance, y: 0)))
            // Back on the screen below: its opener gets focus again, unless focus went elsewhere meanwhile.
            if let opener, opener.isDescendant(of: new), to.sheets.isEmpty,
               overlay.focusedView.map({ $0.isDescendant(of: old) }) ?? true, !opener.isHidden {
                overlay.focus(opener)
            }
        }
        var common = 0
        while common < min(from.sheets.count, to.sheets.count) && from.sheets[common] == to.sheets[common] { common += 1 }
        var opener: View?
        for route in from.sheets[common...].reversed() {
            opener = openers.removeValue(forKey: route)?.view
            guard let entry = sheets[route] else { continue }
            // It stops blocking at once; it only fades out.
            entry.layer.kind = .nonInteractive
            leave(entry.container, layer: entry.layer, to: ViewTransform(translation: Point(x: 0, y: slideDistance)))
        }
        for (offset, route) in to.sheets[common...].enumerated() {
            openers[route] = WeakFocusOpener(view: overlay.focusedView)
            showSheet(route, index: common + offset, animated: true)
        }
        if to.sheets.count <= common, let opener { restoreFocus(to: opener) }
    }

    /// Focuses the view that opened a sheet that left, when nothing outside that sheet took focus and it is still shown
    /// on a layer that takes events (a navigation that replaced its screen leaves focus alone).
    private func restoreFocus(to opener: View) {
        guard overlay.focusedView?.layer?.takesEvents != true, let layer = opener.layer, layer.takesEvents,
              overlay.activeModal == nil || overlay.activeModal === layer else { return }
        var view: View? = opener
        while let v = view {
            if v.isHidden { return }
            view = v.superview
        }
        overlay.focus(opener)
    }

    private func showSheet(_ route: Route, index: Int, animated: Bool) {
        let entry: (layer: OverlayLayer, container: CenteringContainer)
        if let e = sheets[route] { entry = e } else {
            let layer = overlay.addLayer(name: "sheet.\(name(route))", level: LayerLevel.sheet + index, visibility: .hidden, kind: .modal)
            let container = CenteringContainer(identifier: "sheet.\(name(route)).container", content: makeSheet(route), dimming: dimming)
            layer.addSubview(container)
            layer.onOutsideTap = { [unowned self] _ in onOutsideTap?(route) }
            layer.onUnfocusedKey = { [unowned self] key in if key.key == .escape { coordinator.back() } }
            entry = (layer, container)
            sheets[route] = entry
        }
        entry.layer.level = LayerLevel.sheet + index
        entry.layer.kind = .modal
        entry.layer.visibility = .visible
        if animated {
            enter(entry.container, from: ViewTransform(translation: Point(x: 0, y: slideDistance)))
        } else {
            entry.container.alpha = 1
            entry.container.transform = .identity
        }
    }

    private func enter(_ view: View, from start: ViewTransform) {
        leaving.removeAll { $0.view === view }
        view.isHidden = false
        guard let transition else { view.alpha = 1; view.transform = .identity; return }
        withAnimation(nil) {
            view.alpha = 0
            view.transform = start
        }
        withAnimation(transition) {
            view.alpha = 1
            view.transform = .identity
        }
    }

    private func leave(_ view: View, layer: OverlayLayer?, to end: ViewTransform) {
        guard let transition else {
            if let layer { layer.visibility = .hidden; layer.kind = .modal } else { view.isHidden = true }
            return
        }
        withAnimation(transition) {
            view.alpha = 0
            view.transform = end
        }
        leaving.append((view, layer))
    }
}

/// A weak reference to the view focused when a sheet came up.
private struct WeakFocusOpener {
    weak var view: View?
}
