// The demo's screens and sheets (menu, about, options, sign) and its toast, shown by a NavigationPresenter.
// The play screen is the picker panel, where it always was; everything else is made here, at start, so scripts
// can name every view from frame 0 (identifiers are checked against the initial tree).
import GlasspaneCore
import GlasspaneHost
import GlasspaneOverlay

/// Puts its content at the bottom center of the space it is given (the toast's place), never claiming a point.
final class BottomCenterContainer: CenteringContainer {
    /// Distance from the bottom edge, in points.
    let margin = 32.0
    override func layoutSubviews(fonts: any FontMetrics) {
        let s = content.measure(proposed: bounds.size, fonts: fonts)
        content.frame = Rect(x: ((bounds.width - s.width) / 2).rounded(.down), y: max(0, bounds.height - s.height - margin),
                             width: min(s.width, bounds.width), height: min(s.height, bounds.height))
    }
}

/// The demo's navigation: the coordinator, its presenter, the views of every route, and the toast.
@MainActor
public final class DemoNavigation {
    /// How long a toast stays up, in seconds of simulated (frame clock) time.
    public static let toastDuration = 3.0

    /// The navigation state (play is the root).
    public let coordinator = NavigationCoordinator<DemoRoute>(root: .play)
    /// Shows the state in the overlay.
    public let presenter: NavigationPresenter<DemoRoute>
    /// Theme and other shared settings.
    public let settings = DemoSettings()
    /// The menu screen's buttons, by route (`menu.play`, `menu.options`, `menu.sign`, `menu.about`) and `menu.quit`.
    public let menuButtons: [String: Button]
    /// The signature pad (`sign.pad`).
    public let signaturePad: DrawingPad
    /// The typed signature (`sign.field`); takes focus when its tab appears.
    public let signatureField: TextField
    /// Done (`sign.done`): enabled only when something was drawn or typed.
    public let doneButton: Button
    /// The HUD toggle on the options sheet (`options.hud`).
    public let hudButton: Button
    /// The theme toggle on the options sheet (`options.theme`).
    public let themeButton: Button
    /// The toast's layer, at `LayerLevel.toast` (above every sheet).
    public let toastLayer: OverlayLayer
    /// The toast (`toast`), its text in `toast.text`.
    public let toast: Panel
    /// The toast's text.
    public let toastLabel: Label
    /// Called when the user picks Quit.
    public var onQuit: (() -> Void)?

    /// The frame clock at the last `tick` (seconds).
    public private(set) var now = 0.0
    private var toastHidesAt: Double?
    private var signTab = "draw"
    /// Whether the HUD is switched on: the app's switch (a HUD fading out is already off); by default its visibility.
    public var isHUDShown: () -> Bool
    /// Switches the HUD on or off (the app fades it, F1's path); by default its visibility at once.
    public var setHUDShown: (Bool) -> Void

    /// Builds every route's views into `overlay`: screens in `screenLayer` (the play screen is `playScreen`), sheets
    /// in modal layers, the toast in its own layer. `setSpinning` sends `set-spin` (the menu pauses the spin);
    /// `isSpinning` says whether the engine last reported spinning.
    public init(overlay: Overlay, screenLayer: OverlayLayer, playScreen: View, hud: PerformanceHUD,
                setSpinning: @escaping (Bool) -> Void, isSpinning: @escaping () -> Bool) {
        isHUDShown = { hud.isVisible }
        setHUDShown = { hud.isVisible = $0 }
        let settings = settings
        var buttons: [String: Button] = [:]
        func button(_ id: String, _ title: String) -> Button {
            let b = Button(identifier: id, title: title)
            buttons[id] = b
            return b
        }
        func themedPanel(_ id: String, _ children: [View]) -> Panel {
            let p = Panel(identifier: id, padding: EdgeInsets(all: 18), content: VStack(identifier: "\(id).column", spacing: 10, children))
            p.cornerRadius = 12
            p.sizesToFit = true
            p.bind { [unowned p] in
                p.backgroundColor = settings.theme.panelColor
                p.borderColor = settings.theme.panelBorderColor
            }
            return p
        }
        func themedLabel(_ id: String, _ text: String, size: Double = 14) -> Label {
            let l = Label(identifier: id, text: text, fontSize: size)
            l.bind { [unowned l] in l.textColor = settings.theme.textColor }
            return l
        }

        // Menu and about: screens over the live scene.
        let menuPanel = themedPanel("menu.panel", [
            themedLabel("menu.title", "Glasspane", size: 18),
            button("menu.play", "Play"), button("menu.options", "Options"), button("menu.sign", "Sign"),
            button("menu.about", "About"), button("menu.quit", "Quit"),
        ])
        let menu = CenteringContainer(identifier: "menu", content: menuPanel)
        let aboutPanel = themedPanel("about.panel", [
            themedLabel("about.title", "About", size: 18),
            themedLabel("about.text", "A 3D scene and a retained-mode overlay, talking over a typed message bus."),
            button("about.back", "Back"),
        ])
        let about = CenteringContainer(identifier: "about", content: aboutPanel)
        let rules = DemoRules.makeScreen(label: { themedLabel($0, $1, size: $2) }, panel: themedPanel, back: button("rules.back", "Back"))
        // Not in the tree until first shown (the presenter adds it): its paragraphs open the Noto fonts, and the
        // first frame should not wait for them.
        for screen in [menu, about] { screen.isHidden = true; screenLayer.addSubview(screen) }

        // Options sheet.
        hudButton = button("options.hud", "HUD: off")
        themeButton = button("options.theme", "Theme: dark")
        let options = themedPanel("options.panel", [
            themedLabel("options.title", "Options", size: 18), hudButton, themeButton,
            themedLabel("options.pacing", "vsync and fps cap: set on the command line", size: 12),
            button("options.back", "Back"),
        ])

        // Sign sheet: Draw and Type tabs, Done enabled once something was drawn or typed.
        signaturePad = DrawingPad(identifier: "sign.pad")
        signaturePad.preferredWidth = 360
        signaturePad.preferredHeight = 160
        signaturePad.backgroundColor = Color(r: 0.05, g: 0.06, b: 0.08, a: 0.9)
        signatureField = TextField(identifier: "sign.field")
        signatureField.preferredWidth = 360
        signatureField.maxLength = 48
        signatureField.commitsOnFocusLoss = true
        signatureField.focusesOnAppear = true
        signatureField.isHidden = true
        signatureField.shapesText = true  // any script, shaped (docs/text.md)
        DemoNavigation.applyTheme(of: settings, to: signatureField)
        doneButton = button("sign.done", "Done")
        doneButton.isEnabled = false
        let tabs = HStack(identifier: "sign.tabs", spacing: 8, [button("sign.tab.draw", "Draw"), button("sign.tab.type", "Type")])
        let actions = HStack(identifier: "sign.actions", spacing: 8, [doneButton, button("sign.cancel", "Cancel")])
        let sign = themedPanel("sign.panel", [themedLabel("sign.title", "Sign", size: 18), tabs, signaturePad, signatureField, actions])

        // The toast, above any sheet.
        toastLabel = Label(identifier: "toast.text", text: "", fontSize: 14, textColor: .white)
        toast = Panel(identifier: "toast", padding: EdgeInsets(horizontal: 16, vertical: 10), content: toastLabel)
        toast.backgroundColor = Color(r: 0.1, g: 0.35, b: 0.2, a: 0.95)
        toast.cornerRadius = 8
        toast.sizesToFit = true
        toast.isHidden = true
        // Hidden while no toast is up, so its window-sized container never stands in front of anything.
        toastLayer = overlay.addLayer(name: "toast", level: LayerLevel.toast, visibility: .hidden)
        toastLayer.addSubview(BottomCenterContainer(identifier: "toast.container", content: toast))
        menuButtons = buttons

        let screens: [DemoRoute: View] = [.play: playScreen, .menu: menu, .about: about, .rules: rules]
        let sheets: [DemoRoute: View] = [.options: options, .sign: sign]
        presenter = NavigationPresenter(overlay: overlay, coordinator: coordinator, screenLayer: screenLayer,
                                        name: \.rawValue, screen: { screens[$0] ?? playScreen }, sheet: { sheets[$0]! })
        // Make both sheet layers now (present and dismiss, instantly), so their views are in the initial tree.
        let transition = presenter.transition
        presenter.transition = nil
        for route in [DemoRoute.options, .sign] { coordinator.present(route); coordinator.dismiss() }
        presenter.transition = transition

        // Actions.
        let nav = coordinator
        buttons["menu.play"]!.action = { _ = try? nav.perform(.reset(.play)) }
        buttons["menu.options"]!.action = { nav.present(.options) }
        buttons["menu.sign"]!.action = { nav.present(.sign) }
        buttons["menu.about"]!.action = { nav.push(.about) }
        buttons["menu.quit"]!.action = { [unowned self] in onQuit?() }
        buttons["about.back"]!.action = { nav.back() }
        buttons["rules.back"]!.action = { nav.back() }
        buttons["options.back"]!.action = { nav.back() }
        buttons["sign.cancel"]!.action = { nav.back() }
        hudButton.action = { [unowned self] in setHUDShown(!isHUDShown()); refreshOptions() }
        themeButton.action = { [unowned self] in
            settings.theme = settings.theme == .dark ? .light : .dark
            refreshOptions()
        }
        buttons["sign.tab.draw"]!.action = { [unowned self] in showSignTab("draw") }
        buttons["sign.tab.type"]!.action = { [unowned self] in showSignTab("type") }
        signaturePad.onChange = { [unowned self] _ in refreshDone() }
        signatureField.onEdit = { [unowned self] _ in refreshDone() }
        doneButton.action = { [unowned self] in finishSigning() }

        // The engine hears about the menu only through the message chosen here.
        var resumesSpin = false
        coordinator.observe { [unowned self] change in
            let wasMenu = change.from.topScreen == .menu, isMenu = change.to.topScreen == .menu
            if isMenu && !wasMenu {
                resumesSpin = isSpinning()
                if resumesSpin { setSpinning(false) }
            } else if wasMenu && !isMenu && resumesSpin {
                resumesSpin = false
                setSpinning(true)
            }
            if change.to.sheets.last == .options { refreshOptions() }
        }
    }

    /// The route on top: the top sheet, else the top screen.
    public var currentRoute: DemoRoute { coordinator.state.sheets.last ?? coordinator.state.topScreen }

    /// Opens `route` from the root: a screen is pushed over play, a sheet presented over it.
    public func open(_ route: DemoRoute) {
        if route.isSheet { coordinator.present(route) } else if route != .play { coordinator.push(route) }
    }

    /// M: the menu when it is not up, else back to where it was opened from.
    public func toggleMenu() {
        if coordinator.state.sheets.isEmpty && coordinator.state.topScreen == .menu { coordinator.back() }
        else if coordinator.state.sheets.isEmpty { coordinator.push(.menu) }
    }

    /// Shows `text` in the toast for `toastDuration` seconds of simulated time.
    public func showToast(_ text: String) {
        toastLabel.text = text
        toast.isHidden = false
        toastLayer.visibility = .visible
        toastHidesAt = now + DemoNavigation.toastDuration
    }

    /// Once per frame, after the overlay's animations advanced: settles the presenter, hides an expired toast.
    public func tick(time: Double) {
        now = time
        presenter.settle()
        if let t = toastHidesAt, time >= t {
            toast.isHidden = true
            toastLayer.visibility = .hidden
            toastHidesAt = nil
        }
    }

    private func showSignTab(_ tab: String) {
        signTab = tab
        signaturePad.isHidden = tab != "draw"
        signatureField.isHidden = tab != "type"
        refreshDone()
    }

    private func refreshDone() {
        doneButton.isEnabled = signTab == "draw" ? !signaturePad.isEmpty : !signatureField.text.isEmpty
    }

    private func refreshOptions() {
        hudButton.title = "HUD: \(isHUDShown() ? "on" : "off")"
        themeButton.title = "Theme: \(settings.theme.rawValue)"
    }

    private func finishSigning() {
        guard doneButton.isEnabled else { return }
        let result = signTab == "draw"
            ? "Signed with \(signaturePad.strokeCount) stroke\(signaturePad.strokeCount == 1 ? "" : "s")"
            : "Signed as \(signatureField.text)"
        coordinator.dismiss()
        signaturePad.clear()
        signatureField.setText("")
        refreshDone()
        showToast(result)
    }

    /// Keeps a text field's colors on the theme (background, border, text).
    static func applyTheme(of settings: DemoSettings, to field: TextField) {
        field.bind { [unowned field] in
            field.backgroundColor = settings.theme.fieldColor
            field.borderColor = settings.theme.fieldBorderColor
            field.textColor = settings.theme.textColor
        }
    }
}
