// Which device the player is using (docs/focus.md, "Focus ring and input prompts"): the focus ring shows after
// keyboard or controller use and hides on pointer use; input prompts show the glyphs of the device used last. The
// router notes every event that says which device is in hand (`noteInputDevice(of:)`), before routing it.
import GlasspaneCore

/// The kind of device an input event came from.
public enum InputDevice: Hashable, Sendable {
    /// A keyboard.
    case keyboard
    /// A mouse, touchpad or touch screen.
    case pointer
    /// A game controller of a style (its face-button labels).
    case controller(ControllerStyle)

    /// The glyph family prompts show for it: the controller's style, or nil for keyboard keys (the pointer has no
    /// buttons worth prompting, so its prompts are the keyboard's).
    public var promptStyle: ControllerStyle? {
        if case .controller(let style) = self { return style }
        return nil
    }
}

extension InputEvent {
    /// True for the events that say which device is in hand: pointer presses and wheels, key presses, controller
    /// presses, stick deflections past the navigation threshold, and controller connections.
    var changesInputDevice: Bool {
        switch self {
        case .pointerDown, .wheel, .controllerDevice: true
        case .key(let k): k.isDown
        case .controllerButton(let b): b.isDown
        case .controllerAxis(let a): abs(a.value) >= InputDevice.axisUseThreshold
        default: false
        }
    }
}

extension InputDevice {
    /// An axis counts as use of its controller from this deflection (a stick drifting near its dead zone does not).
    static let axisUseThreshold = 0.5
}

extension EventRouter {
    /// Notes the device an event came from: the focus ring hides on pointer use and shows on controller use and on
    /// keyboard use outside text (a key typed into a text field changes nothing); prompts follow `lastInputDevice`.
    func noteInputDevice(of event: InputEvent) {
        switch event {
        case .pointerDown, .wheel:
            // Set only when it changes: every wheel notch comes here, and the observers compare anyway.
            if overlay.lastInputDevice != .pointer { overlay.lastInputDevice = .pointer }
            if overlay.showsFocusRing { overlay.showsFocusRing = false }
        case .key(let k):
            overlay.lastInputDevice = .keyboard
            if k.key == .tab || !(overlay.focusedView?.acceptsTextInput ?? false) { overlay.showsFocusRing = true }
        case .controllerButton(let b):
            overlay.lastInputDevice = .controller(overlay.controllerStyles[b.controller] ?? .generic)
            overlay.showsFocusRing = true
        case .controllerAxis(let a):
            overlay.lastInputDevice = .controller(overlay.controllerStyles[a.controller] ?? .generic)
            overlay.showsFocusRing = true
        case .controllerDevice(let d):
            if d.isConnected {
                // Numbers outside the platform's 0...15 are not remembered (their prompts show generic letters).
                if ControllerNavigator.trackedControllers.contains(d.controller) { overlay.controllerStyles[d.controller] = d.style }
            } else {
                overlay.controllerStyles[d.controller] = nil
                overlay.controllerNavigator.forget(controller: d.controller)
            }
        default: break
        }
    }
}

extension View {
    /// True when this view should draw its focus ring now: it has focus and the overlay shows rings (keyboard or
    /// controller in use; a view outside any overlay draws it whenever focused).
    public var drawsFocusRing: Bool { isFocused && (layer?.overlay?.showsFocusRing ?? true) }
}

/// A weak reference to an input prompt (the overlay never keeps a removed prompt alive).
struct WeakInputPrompt {
    weak var prompt: InputPrompt?
}

extension Overlay {
    /// The glyph family prompts show now: the last used controller's style, or nil for keyboard keys.
    public var promptStyle: ControllerStyle? { lastInputDevice.promptStyle }

    /// Keeps a prompt to repaint when the prompt style changes.
    func register(_ prompt: InputPrompt) {
        if inputPrompts.contains(where: { $0.prompt === prompt }) { return }
        inputPrompts.removeAll { $0.prompt == nil }
        inputPrompts.append(WeakInputPrompt(prompt: prompt))
    }

    /// The style changed: every registered prompt measures and paints again (once).
    func promptStyleDidChange() {
        inputPrompts.removeAll { $0.prompt == nil }
        for entry in inputPrompts { entry.prompt?.styleDidChange() }
    }

    /// Selects the next (or previous) tab of the focused view's tab view, else of the first visible tab view in the
    /// focus scope (front layer first, tree order): what the shoulder buttons do. Returns the tab view; nil when
    /// none switched. Focus left inside a tab that was hidden moves to the tab bar.
    @discardableResult
    public func switchTab(backward: Bool) -> TabView? {
        var tabs: TabView? = nil
        var v = focusedView
        while let c = v, tabs == nil { tabs = c as? TabView; v = c.superview }
        if tabs == nil {
            for layer in focusScope.reversed() {
                if let found = Self.firstVisibleTabView(in: layer.root) { tabs = found; break }
            }
        }
        guard let tabs else { return nil }
        let focusWasInside = focusedView?.isDescendant(of: tabs) ?? false
        guard tabs.performKeyCommand(KeyEvent(key: .tab, modifiers: backward ? [.control, .shift] : [.control])) else {
            return nil
        }
        // The old tab's content is hidden now, which cleared a focus inside it: the bar keeps the player in place.
        if focusWasInside && (focusedView == nil || !(focusedView?.isEligibleForEvents ?? false)) { focus(tabs.bar) }
        return tabs
    }

    private static func firstVisibleTabView(in view: View) -> TabView? {
        guard view.isHitTestable else { return nil }
        if let tabs = view as? TabView { return tabs }
        for child in view.subviews {
            if let found = firstVisibleTabView(in: child) { return found }
        }
        return nil
    }
}
