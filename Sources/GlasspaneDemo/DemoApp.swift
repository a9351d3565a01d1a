// The demo application: the cube engine and the color-picker overlay, talking only over the bus.
import GlasspaneAnimation
import GlasspaneBus
import GlasspaneCore
import GlasspaneHost
import GlasspaneOverlay
import GlasspaneScene

/// The desktop demo. The overlay's picker publishes colors; the demo sends at most one `change-color` per frame;
/// the engine applies it in phase 3 and reports `state-changed`, which the status label shows in phase 5.
/// Events that fall through the overlay reach the engine: a click toggles the spin, a drag orbits, the wheel zooms.
/// Escape that reaches the engine (nothing focused) quits, F1 fades the HUD in or out, F2 collapses or expands the
/// panel. A click on a preset sends `change-color` with a spring (`presetAnimation`): the cube springs to it.
@MainActor
public final class DemoApp: SessionApp {
    /// The message bus between the halves.
    public let bus: MessageBus
    /// The engine: simulation plus message handlers.
    public let engine: EngineService
    /// The overlay's handle on the engine (`setColor`, `setSpinning`, `state()`).
    public let client: EngineClient
    /// The overlay and its renderer.
    public let stage: OverlayStage
    /// The color picker.
    public let picker: ColorPicker
    /// Shows the state the engine reported (`spinning · #rrggbb`).
    public let statusLabel: Label
    /// The panel holding the picker (top-left); collapses with its header button or F2.
    public let panel: CollapsiblePanel
    /// Draws the scene; nil renders nothing (logic tests).
    public let sceneRenderer: (any SceneRenderer)?
    /// Set when the user asked to quit.
    public private(set) var wantsQuit = false
    /// True while a text field (the picker's hex field) has focus: the loop turns text input on.
    public var wantsTextInput: Bool { stage.overlay.wantsTextInput }
    /// The focused text view's caret (the input method's window goes there).
    public var textInputCaretRect: Rect? { stage.overlay.textInputCaretRect }
    /// `change-color` messages sent (at most one per frame).
    public private(set) var colorMessagesSent = 0
    /// The performance HUD (F1 toggles it).
    public let performanceHUD: PerformanceHUD
    /// The HUD, for the session to feed.
    public var hud: PerformanceHUD? { performanceHUD }
    /// The bench's stress field, when enabled.
    public let stress: StressField?
    /// The bench's list screen, when `Content.listRows` asked for one.
    public let listScreen: ListScreen?
    /// The bench's grid screen, when `Content.gridItems` asked for one.
    public let gridScreen: GridScreen?
    /// Menu, about, options and sign, and the toast (DemoScreens.swift).
    public private(set) var navigation: DemoNavigation!

    private var pendingColor: Color?
    /// The color the picker shows, as the demo last saw it (published by the picker or handed to it): an engine
    /// report of that color, such as a drag's `state-changed` echo, is not handed back to the picker.
    private var pickerColor: Color?
    private var pendingAnimation: MessageAnimation?
    /// Whether the HUD is shown or fading in (false: hidden or fading out).
    public private(set) var isHUDShown: Bool

    /// The spring a preset click sends with its `change-color`.
    public static let presetAnimation = MessageAnimation.spring(response: 0.5, dampingFraction: 0.72)
    /// The HUD's fade in and out (F1).
    public static let hudFade = Animation.easeInOut(duration: 0.25)

    /// The simulation, for tests and tools.
    public var simulation: CubeSimulation { engine.simulation }

    /// What the demo shows besides the cube.
    public struct Content: Sendable {
        /// Show the picker panel (the `cube` bench scenario turns it off).
        public var showsPanel = true
        /// Show the HUD from the start (F1 toggles it).
        public var showsHUD = false
        /// Animated overlay views for the `stress` bench scenario (0 for none).
        public var stressViews = 0
        /// The route to open on (`--route`; play by default).
        public var route = DemoRoute.play
        /// Rows of the bench's list screen (`bench --scenario list`; 0 for none).
        public var listRows = 0
        /// Items of the bench's grid screen (`bench --scenario grid`; 0 for none).
        public var gridItems = 0
        /// The build, shown on the About screen (`about.version`); the command line passes `glasspane --version`'s
        /// text. Empty (the default, so tests' pixels never depend on the commit) shows no line.
        public var version = ""
        /// Creates the default content: the panel, no HUD, no stress field, the play route.
        public init(showsPanel: Bool = true, showsHUD: Bool = false, stressViews: Int = 0, route: DemoRoute = .play,
                    listRows: Int = 0, gridItems: Int = 0) {
            self.showsPanel = showsPanel; self.showsHUD = showsHUD; self.stressViews = stressViews; self.route = route
            self.listRows = listRows; self.gridItems = gridItems
        }
    }

    /// Creates the demo: engine, bus, overlay with the picker panel.
    public init(sceneRenderer: (any SceneRenderer)?, overlayRenderer: (any DrawListRenderer)? = nil,
                fonts: any FontMetrics = MonospaceFontMetrics(), windowSize: Size = Size(width: 1280, height: 720),
                initial: CubeState = CubeState(), bus: MessageBus = MessageBus(), content: Content = Content()) {
        self.sceneRenderer = sceneRenderer
        self.bus = bus
        client = EngineClient(bus: bus)
        engine = EngineService(bus: bus, simulation: CubeSimulation(initial: initial), announceReady: false)

        let overlay = Overlay(windowSize: windowSize, fonts: fonts)
        let ui = overlay.addLayer(name: "ui", level: 0)
        picker = ColorPicker(identifier: "picker", color: initial.color)
        statusLabel = Label(identifier: "demo.status", text: "waiting for the engine…", fontSize: 13)
        // As wide as the picker whatever the text: a new color then repaints the label alone, with no layout pass
        // and no rebuild of the panel's draw list (its text is leading-aligned, so nothing moves).
        statusLabel.preferredWidth = picker.saturationValue.preferredWidth
        let title = Label(identifier: "demo.title", text: "Cube color", fontSize: 15)
        let body = VStack(identifier: "demo.body", spacing: 10, [picker, statusLabel])
        panel = CollapsiblePanel(identifier: "demo.panel", columnIdentifier: "demo.column", header: title, body: body)
        panel.cornerRadius = 12
        panel.borderWidth = 1
        panel.sizesToFit = true
        ui.addSubview(panel, at: Point(x: 16, y: 16))
        if !content.showsPanel { ui.visibility = .hidden }
        stress = content.stressViews > 0 ? StressField(overlay: overlay, count: content.stressViews) : nil
        // Cannot throw: the row count is clamped to ListScreen's limit, below List's, and the row height is fixed.
        listScreen = content.listRows > 0 ? try? ListScreen(overlay: overlay, rows: min(content.listRows, ListScreen.maximumRows)) : nil
        // Cannot throw either: the item count is clamped to GridScreen's limit, below LazyGrid's, and the shape is fixed.
        gridScreen = content.gridItems > 0 ? try? GridScreen(overlay: overlay, items: min(content.gridItems, GridScreen.maximumItems)) : nil
        performanceHUD = PerformanceHUD(overlay: overlay, visible: content.showsHUD)
        isHUDShown = content.showsHUD
        stage = OverlayStage(overlay: overlay, renderer: overlayRenderer)
        stage.hud = performanceHUD
        // A modal's cancel of an engine drag reaches the engine at once.
        overlay.engineEventSink = { [unowned self] event in engine.handle(event) }
        // `scroll-to` from the engine, tools and scripts scrolls the overlay's lists (docs/messages.md).
        client.endpoint.handleScrollRequests(for: overlay)
        navigation = DemoNavigation(overlay: overlay, screenLayer: ui, playScreen: panel, hud: performanceHUD,
                                    setSpinning: { [unowned self] in client.setSpinning($0) },
                                    isSpinning: { [unowned self] in engine.simulation.current.spinning })
        navigation.onQuit = { [unowned self] in wantsQuit = true }
        navigation.showVersion(content.version)
        performanceHUD.onFrame = { [unowned self] report in
            navigation.stats.record(report, visible: !navigation.stats.view.isHidden)
        }
        // The options sheet's HUD switch goes through the app's, as F1 does: switching the HUD itself left the app
        // thinking it was off, and the next frame hid it again.
        navigation.isHUDShown = { [unowned self] in isHUDShown }
        navigation.setHUDShown = { [unowned self] in setHUDShown($0) }
        // The play panel follows the theme like every other screen (dark, the default, is how it always looked).
        let settings = navigation.settings
        panel.bind { [unowned panel] in
            panel.backgroundColor = settings.theme.panelColor
            panel.borderColor = settings.theme.panelBorderColor
        }
        title.bind { [unowned title] in title.textColor = settings.theme.textColor }
        statusLabel.bind { [unowned statusLabel] in statusLabel.textColor = settings.theme.secondaryTextColor }
        DemoNavigation.applyTheme(of: settings, to: picker.hexField)
        for swatch in picker.presets { swatch.bind { [unowned swatch] in swatch.borderColor = settings.theme.swatchBorderColor } }
        navigation.open(content.route)

        picker.onColorChange = { [unowned self] color in
            // The last change of the frame wins, with its animation: a preset springs, a drag follows at once.
            pendingColor = color
            pickerColor = color
            pendingAnimation = picker.isSelectingPreset ? Self.presetAnimation : nil
        }
        client.onStateChanged = { [unowned self] state in showEngineState(spinning: state.spinning, color: state.color) }
        client.onReady = { [unowned self] in
            // The first state arrives through a get-state request. The completion form runs in phase 5 in delivery
            // order, so a state-changed delivered after the reply always wins (an awaiting task would resume
            // after the whole phase and could show an older state over a newer one).
            client.requestState { [weak self] result in
                guard let self, case .success(let s) = result else { return }
                showEngineState(spinning: s.spinning, color: s.color)
            }
        }
        engine.announceReady()
    }

    private func showEngineState(spinning: Bool, color: Color) {
        statusLabel.text = "\(spinning ? "spinning" : "stopped") · \(color.hex)"
        // The echo would only be converted and dropped by `ColorPicker.setColor`'s guard. A stale report (a get-state
        // reply answered before this frame's change-color) still moves the picker, and the echo after it moves it back.
        guard color != pickerColor else { return }
        pickerColor = color
        picker.setColor(color)
    }

    // Phase 2 (the overlay's router decides), 8a-c (HUD, layout, paint) and the HUD's drawing are `SessionApp`'s stage
    // defaults.

    /// Events that fell through: Escape quits, F1 toggles the HUD, the rest is scene input.
    public func engineReceive(_ event: InputEvent) {
        if case .key(let k) = event, k.isDown, !k.isRepeat {
            switch k.key {
            case .escape: if !navigation.coordinator.back() { wantsQuit = true }; return
            case .character("m"): navigation.toggleMenu(); return
            case .function(1): setHUDShown(!isHUDShown); return
            case .function(2): panel.setCollapsed(!panel.isCollapsed); return
            case .down, .up where navigation.currentRoute == .menu:
                navigation.focusMenuButton(step: k.key == .down ? 1 : -1); return
            default: break
            }
        }
        if case .controllerButton(let b) = event, b.isDown, b.button == .b {
            // B with nothing in the overlay taking it goes back as Escape does, but never quits (docs/focus.md).
            _ = navigation.coordinator.back()
            return
        }
        if case .controllerButton(let b) = event, b.isDown, b.button == .start { navigation.toggleMenu(); return } // M
        engine.handle(event)
    }

    /// Fades the HUD in or out (`hudFade`); its layer stays non-interactive throughout and is hidden once faded out.
    public func setHUDShown(_ shown: Bool, animation: Animation? = DemoApp.hudFade) {
        guard shown != isHUDShown else { return }
        isHUDShown = shown
        let view = performanceHUD.view
        if shown && !performanceHUD.isVisible {
            view.alpha = 0 // outside any transaction: the fade starts from transparent
            performanceHUD.isVisible = true
        }
        withAnimation(animation) { view.alpha = shown ? 1 : 0 }
        if !shown && !view.isAnimating { performanceHUD.isVisible = false }
    }

    /// Phase 3: one coalesced `change-color` per frame, then the engine's mailbox.
    public func deliverEngineMessages() {
        if let color = pendingColor {
            client.setColor(color, animation: pendingAnimation)
            pendingColor = nil
            pendingAnimation = nil
            colorMessagesSent += 1
        }
        bus.deliver(to: .engine)
    }

    /// Phase 4: one fixed simulation step.
    public func step(dt: Double) {
        engine.step(dt: dt)
        // The fast channel's real use: per-step engine figures for the HUD, no JSON (the channel keeps the latest 4).
        try? engine.publishFrameStats()
    }

    /// The latest engine figures the HUD received over the fast channel.
    public private(set) var latestEngineStats: EngineFrameStats?

    /// Phase 5: replies and state changes reach the overlay.
    public func deliverOverlayMessages() {
        bus.deliver(to: .overlay)
    }

    /// After phase 5: requests answered this frame continue now.
    public func settle() async { await bus.settle() }
    /// Tasks resumed by this frame's replies have yet to run.
    public var settleMaySuspend: Bool { !bus.isSettled }

    /// Phase 6: every animation on the frame clock (simulated seconds): the overlay's views, the engine's color,
    /// the stress field. A HUD that finished fading out is hidden (it stops repainting).
    public func advanceAnimations(time: Double) {
        stage.overlay.advanceAnimations(to: time)
        engine.advanceAnimations(to: time)
        if !isHUDShown && performanceHUD.isVisible && !performanceHUD.view.isAnimating { performanceHUD.isVisible = false }
        stress?.animate(time: time, in: stage.overlay.windowSize)
        navigation.tick(time: time)
        if let values = try? engine.statsChannel.receiveLatest(), let stats = EngineFrameStats(values: values) {
            latestEngineStats = stats
            engine.statsChannel.recycle(values)
            if performanceHUD.isVisible {
                performanceHUD.setEngineLine("engine step \(stats.stepCount) · \(stats.spinning ? "spinning" : "stopped") · zoom \(Int(stats.camera.distance * 10) / 10)")
            }
        }
    }

    /// Phase 7: the interpolated scene.
    public func renderScene(interpolation alpha: Double, metrics: WindowMetrics) {
        // On a CPU rasterizer the overlay is painted first, and its opaque rows hide part of the background.
        sceneRenderer?.render(engine.renderState(interpolation: alpha).renderScene, viewport: metrics.drawableSize,
                              leavingOut: stage.pixelsHiddenFromScene)
    }

    /// Phase 8d: the overlay over the scene.
    public func renderOverlay(metrics: WindowMetrics) {
        stage.render(metrics: metrics)
    }


    // MARK: - Expectations (scripts)

    /// The engine's `get-state` reply as a JSON object, written by its codec (the state's one member table).
    public func engineStateForExpectations() -> JSONValue? { engine.state.payloadValue }

    /// The demo's view properties: `text` of labels, text fields and buttons, `enabled` of buttons, `color` of the picker (or a view's
    /// background), `value` of sliders, `invalid` of text fields.
    public func property(_ property: ViewProperty, of view: View) -> String? {
        switch property {
        case .text:
            if let f = view as? TextField { return f.text }
            if let l = view as? Label { return l.text }
            if let b = view as? Button { return b.title }
            return nil
        case .enabled: return (view as? Button).map { String($0.isEnabled) }
        case .invalid: return (view as? TextField).map { String($0.isInvalid) }
        case .color:
            if let p = view as? ColorPicker { return p.color.hex }
            return view.backgroundColor.hex
        case .value: return (view as? Slider).map { String($0.value) }
        case .hidden, .focused, .frame, .isOn, .selection, .isEnabled, .scrollOffset, .shown,
             .isOpen, .isExpanded, .highlighted, .lastChoice, .state, .error, .size: return nil  // the session answers these
        }
    }
}
