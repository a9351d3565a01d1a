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
    /// The menu screen's buttons (`DemoMenuItem.column`: `menu.play` ... `menu.quit`) and the other screens' buttons.
    public let menuButtons: [String: Button]
    /// The signature pad (`sign.pad`).
    public let signaturePad: DrawingPad
    /// The typed signature (`sign.field`); takes focus when its tab appears.
    public let signatureField: TextField
    /// Done (`sign.done`): enabled only when something was drawn or typed; the sheet's primary action.
    public let doneButton: Button
    /// The About screen's version line (`about.version`): hidden until `showVersion` gives it text.
    let aboutVersion: Label
    /// The Sign sheet's Import tab (SignatureImport.swift).
    let signatureImport = SignatureImport()
    /// The Sign sheet's Type tab: the field, the font list `sign.font` and the preview (SignatureType.swift).
    let signatureType: SignatureType
    /// The toast's picture (`toast.image`): the signature after Done, hidden otherwise.
    public let toastImage = Image(identifier: "toast.image", contentMode: .fit)
    /// The Sign sheet's tabs (`sign.tabs`; its bar `sign.tabs.bar`): Draw, Type and Import.
    public let signTabs: TabView
    /// The HUD switch on the options sheet (`options.hud`).
    public let hudToggle: Toggle
    /// The vsync switch (`options.vsync`): applied at once through `setPacing`.
    public let vsyncToggle: Toggle
    /// The fps cap picker (`options.fpscap`, `DemoOptionChoices.fpsCaps`): applied at once through `setPacing`.
    public let fpsCapPicker: Picker
    /// The theme picker (`options.theme`: Dark, Light): the overlay's color scheme and `settings.theme`.
    public let themePicker: Picker
    /// The anti-aliasing picker (`options.msaa`: Off, 2x, 4x, 8x, or those the session supports): applied to the next
    /// frame through `setMSAA` (DemoMSAA.swift).
    public let msaaPicker: Picker
    /// The sample counts `msaaPicker` offers, in its order.
    public internal(set) var msaaChoices = DemoOptionChoices.msaaSamples
    /// Applies a sample count to the running session and returns the count applied; unset, the picker only records.
    public var setMSAA: ((Int) -> Int)?
    /// The transition speed picker (`options.speed`, `DemoOptionChoices.animationSpeeds`).
    public let speedPicker: Picker
    /// New game: the number of players (`newgame.players`, 1...4).
    public let playersStepper: Stepper
    /// New game: the difficulty (`newgame.difficulty`).
    public let difficultyPicker: Picker
    /// New game: the tutorial switch (`newgame.tutorial`).
    public let tutorialToggle: Toggle
    /// Applies vsync and the fps cap (0: uncapped) to the running session; unset, the pickers only record the choice.
    public var setPacing: ((_ vsync: Bool, _ fpsCap: Int) -> Void)?
    /// The toast's layer, at `LayerLevel.toast` (above every sheet).
    public let toastLayer: OverlayLayer
    /// The Stats screen (route `stats`).
    public let stats: StatsScreen
    /// The App icon screen (route `app-icon`).
    public let appIcon: AppIconScreen
    /// The toast (`toast`), its text in `toast.text`.
    public let toast: Panel
    /// The toast's text.
    public let toastLabel: Label
    /// Called when the user picks Quit.
    public var onQuit: (() -> Void)?

    /// The frame clock at the last `tick` (seconds).
    public private(set) var now = 0.0
    private var toastHidesAt: Double?
    private var signTab: String { ["draw", "type", "import"][min(signTabs.selection, 2)] }
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
            let b = id.hasPrefix("menu.") ? MenuColumnButton(identifier: id, title: title) : Button(identifier: id, title: title)
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
        let menuPanel = themedPanel("menu.panel", [themedLabel("menu.title", "Glasspane", size: 18)]
                                    + DemoMenuItem.column.map { button($0.identifier, $0.title) })
        // A column of equal-width buttons (DemoSheets.swift).
        if let column = menuPanel.content as? StackView { column.alignment = .fill; column.preferredWidth = 220 }
        let menu = CenteringContainer(identifier: "menu", content: menuPanel)
        aboutVersion = themedLabel("about.version", "", size: 12)
        aboutVersion.isHidden = true
        let aboutPanel = themedPanel("about.panel", [
            themedLabel("about.title", "About", size: 18),
            themedLabel("about.text", "A 3D scene and a retained-mode overlay, talking over a typed message bus."),
            aboutVersion,
            button("about.back", "Back"),
        ])
        let about = CenteringContainer(identifier: "about", content: aboutPanel)
        let rules = DemoRules.makeScreen(label: { themedLabel($0, $1, size: $2) }, panel: themedPanel, back: button("rules.back", "Back"))
        let layoutScreen = DemoLayoutScreen.make(label: { themedLabel($0, $1, size: $2) }, panel: themedPanel, back: button("layout.back", "Back"))
        let statsScreen = StatsScreen(makeButton: button, makeLabel: themedLabel, makePanel: themedPanel)
        stats = statsScreen
        appIcon = AppIconScreen(makeButton: button, makeLabel: themedLabel, makePanel: themedPanel)
        // Cannot throw: a constant row count within List's limits.
        let tablePanel = try! ListScreen.makeTable(prefix: "table", rows: 10_000).panel
        tablePanel.content?.addSubview(button("table.back", "Back"))
        let table = CenteringContainer(identifier: "table", content: tablePanel)
        // The rules screen is not in the tree until first shown (the presenter adds it): its paragraphs open the Noto
        // fonts, and the first frame should not wait for them.
        for screen in [menu, about, statsScreen.view, table, layoutScreen, appIcon.view] { screen.isHidden = true; screenLayer.addSubview(screen) }
        overlay.expectLater(rules)  // scripts may still name its views (docs/scripts.md)

        // Options sheet: every control takes effect at once; Done (or Enter, Escape) closes it.
        hudToggle = Toggle(identifier: "options.hud", title: "Performance HUD")
        vsyncToggle = Toggle(identifier: "options.vsync", title: "Vsync", isOn: true)
        fpsCapPicker = Picker(identifier: "options.fpscap", options: DemoOptionChoices.fpsCapTitles)
        themePicker = Picker(identifier: "options.theme", options: ["Dark", "Light"])
        speedPicker = Picker(identifier: "options.speed", options: DemoOptionChoices.animationSpeedTitles, selection: 2)
        msaaPicker = DemoNavigation.makeMSAAPicker()
        let options = DemoSheet.make("options", title: "Options", primary: button("options.back", "Done"), cancel: nil, content: [
            DemoSheet.row("options.hud", "HUD", hudToggle), DemoSheet.row("options.vsync", "Sync to display", vsyncToggle),
            DemoSheet.row("options.fpscap", "Frame cap", fpsCapPicker), DemoSheet.row("options.theme", "Theme", themePicker),
            DemoSheet.row("options.speed", "Transitions", speedPicker), DemoSheet.row("options.msaa", "Anti-aliasing", msaaPicker),
        ])
        hudToggle.title = ""
        vsyncToggle.title = ""
        vsyncToggle.tooltip = "Waits for the display's refresh (a headless run has none)"
        fpsCapPicker.tooltip = "Paces frames to at most this many per second"

        // New game sheet.
        playersStepper = Stepper(identifier: "newgame.players", title: "Players", value: 1, range: 1...4)
        difficultyPicker = Picker(identifier: "newgame.difficulty", options: DemoOptionChoices.difficulties, selection: 1)
        tutorialToggle = Toggle(identifier: "newgame.tutorial", title: "", isOn: true)
        let newGame = DemoSheet.make("newgame", title: "New game", primary: button("newgame.start", "Start"),
                                     cancel: button("newgame.cancel", "Cancel"), content: [
            DemoSheet.row("newgame.players", "Players", playersStepper),
            DemoSheet.row("newgame.difficulty", "Difficulty", difficultyPicker),
            DemoSheet.row("newgame.tutorial", "Tutorial", tutorialToggle),
        ])
        playersStepper.title = ""

        // Sign sheet: Draw and Type tabs, Done enabled once something was drawn or typed.
        signaturePad = DrawingPad(identifier: "sign.pad")
        signaturePad.preferredWidth = 360
        signaturePad.preferredHeight = 160
        signatureField = TextField(identifier: "sign.field")
        signatureField.maxLength = 48
        signatureField.commitsOnFocusLoss = true
        signatureField.focusesOnAppear = true
        signatureType = SignatureType(field: signatureField)
        signatureField.shapesText = true  // any script, shaped (docs/text.md)
        DemoNavigation.applyTheme(of: settings, to: signatureField)
        doneButton = button("sign.done", "Done")
        doneButton.isEnabled = false
        signTabs = TabView(identifier: "sign.tabs", tabs: [.init("Draw", content: SignatureTools.makeDrawTab(pad: signaturePad)), .init("Type", content: signatureType.view),
                                                                    .init("Import", content: signatureImport.view)])
        let sign = DemoSheet.make("sign", title: "Sign", primary: doneButton, cancel: button("sign.cancel", "Cancel"),
                                  content: [signTabs])

        // The toast, above any sheet.
        toastLabel = Label(identifier: "toast.text", text: "", fontSize: 14, textColor: .white)
        toastImage.preferredWidth = 96
        toastImage.preferredHeight = 32
        toastImage.isHidden = true
        toastImage.backgroundColor = SignatureImport.paper
        toastImage.cornerRadius = 4
        toast = Panel(identifier: "toast", padding: EdgeInsets(horizontal: 16, vertical: 10),
                      content: HStack(identifier: "toast.row", spacing: 10, alignment: .center, [toastImage, toastLabel]))
        toast.backgroundColor = Color(r: 0.1, g: 0.35, b: 0.2, a: 0.95)
        toast.cornerRadius = 8
        toast.sizesToFit = true
        toast.isHidden = true
        // Hidden while no toast is up, so its window-sized container never stands in front of anything.
        toastLayer = overlay.addLayer(name: "toast", level: LayerLevel.toast, visibility: .hidden)
        toastLayer.addSubview(BottomCenterContainer(identifier: "toast.container", content: toast))
        OnScreenKeyboard.install(in: overlay)  // text fields focused with a controller (docs/focus.md)
        menuButtons = buttons

        let screens: [DemoRoute: View] = [.play: playScreen, .menu: menu, .about: about, .rules: rules, .stats: statsScreen.view,
                                          .table: table, .layout: layoutScreen, .appIcon: appIcon.view]
        let sheets: [DemoRoute: View] = [.options: PromptedSheet("options", panel: options), .sign: PromptedSheet("sign", panel: sign),
                                         .newGame: PromptedSheet("newgame", panel: newGame)]
        presenter = NavigationPresenter(overlay: overlay, coordinator: coordinator, screenLayer: screenLayer,
                                        name: \.rawValue, screen: { screens[$0] ?? playScreen }, sheet: { sheets[$0]! })
        // Make both sheet layers now (present and dismiss, instantly), so their views are in the initial tree.
        let transition = presenter.transition
        presenter.transition = nil
        for route in [DemoRoute.options, .sign, .newGame] { coordinator.present(route); coordinator.dismiss() }
        presenter.transition = transition
        DemoSheet.bindKeys(of: overlay.layer(named: "sheet.sign"), primary: doneButton, cancel: buttons["sign.cancel"])
        DemoSheet.bindKeys(of: overlay.layer(named: "sheet.new-game"), primary: buttons["newgame.start"]!,
                           cancel: buttons["newgame.cancel"])
        DemoSheet.bindKeys(of: overlay.layer(named: "sheet.options"), primary: buttons["options.back"]!, cancel: nil)

        // Actions.
        let nav = coordinator
        let quitAlert = Alert(identifier: "quit", title: "Quit Glasspane?", message: "The scene and your choices are not kept.",
                              actions: [.init("Cancel", role: .cancel), .init("Quit", role: .primary) { [unowned self] in onQuit?() }])
        for item in DemoMenuItem.column {
            switch item.route {
            case .play?: buttons[item.identifier]!.action = { _ = try? nav.perform(.reset(.play)) }
            case let route? where route.isSheet: buttons[item.identifier]!.action = { nav.present(route) }
            case let route?: buttons[item.identifier]!.action = { nav.push(route) }
            case nil: buttons[item.identifier]!.action = { quitAlert.present(in: overlay) }
            }
        }
        buttons["newgame.cancel"]!.action = { nav.back() }
        buttons["newgame.start"]!.action = { [unowned self] in startNewGame() }
        buttons["about.back"]!.action = { nav.back() }
        buttons["rules.back"]!.action = { nav.back() }
        buttons["layout.back"]!.action = { nav.back() }
        buttons["stats.back"]!.action = { nav.back() }
        buttons["appicon.back"]!.action = { nav.back() }
        buttons["table.back"]!.action = { nav.back() }
        buttons["options.back"]!.action = { nav.back() }
        buttons["sign.cancel"]!.action = { nav.back() }
        hudToggle.onChange = { [unowned self] on in setHUDShown(on) }
        themePicker.onChange = { [unowned self] index in
            settings.theme = index == 0 ? .dark : .light
            overlay.setColorScheme(index == 0 ? .dark : .light)
        }
        vsyncToggle.onChange = { [unowned self] _ in applyPacing() }
        msaaPicker.onChange = { [unowned self] index in applyMSAA(index) }
        fpsCapPicker.onChange = { [unowned self] _ in applyPacing() }
        let baseTransition = presenter.transition
        speedPicker.onChange = { [unowned self] index in
            let speed = DemoOptionChoices.animationSpeeds[index]
            presenter.transition = speed > 0 ? baseTransition?.speed(speed) : nil
        }
        signTabs.onChange = { [unowned self] _ in refreshDone() }
        signaturePad.onChange = { [unowned self] _ in refreshDone() }
        signatureField.onEdit = { [unowned self] _ in signatureType.refresh(); refreshDone() }
        signatureImport.onChange = { [unowned self] in refreshDone() }
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

    /// The menu's buttons top to bottom.
    static let menuOrder = DemoMenuItem.column.map(\.identifier)

    /// Down/Up on the menu: focuses the next/previous button (the first/last with none focused), wrapping.
    public func focusMenuButton(step: Int) {
        let order = DemoNavigation.menuOrder.compactMap { menuButtons[$0] }
        guard !order.isEmpty, let overlay = order[0].layer?.overlay else { return }
        let current = order.firstIndex { $0 === overlay.focusedView }
        let next = current.map { ($0 + step + order.count) % order.count } ?? (step > 0 ? 0 : order.count - 1)
        overlay.focus(order[next])
    }

    /// Shows `text` in the toast for `toastDuration` seconds of simulated time.
    public func showToast(_ text: String, image: Image.Source = .none) {
        toastLabel.text = text
        toastImage.source = image
        toastImage.isHidden = image == .none
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

    private func applyPacing() {
        setPacing?(vsyncToggle.isOn, DemoOptionChoices.fpsCaps[fpsCapPicker.selection])
    }

    private func startNewGame() {
        let players = playersStepper.value
        let summary = "New game: \(players) player\(players == 1 ? "" : "s"), \(difficultyPicker.selectedTitle)"
            + (tutorialToggle.isOn ? ", tutorial" : "")
        _ = try? coordinator.perform(.reset(.play))
        showToast(summary)
    }

    private func refreshDone() {
        switch signTab {
        case "draw": doneButton.isEnabled = !signaturePad.isEmpty
        case "type": doneButton.isEnabled = !signatureField.text.isEmpty
        default: doneButton.isEnabled = signatureImport.isReady
        }
    }

    private func refreshOptions() {
        hudToggle.isOn = isHUDShown()
        themePicker.selection = settings.theme == .dark ? 0 : 1
    }

    private func finishSigning() {
        guard doneButton.isEnabled else { return }
        let result: String, picture: Image.Source
        switch signTab {
        case "draw":
            result = "Signed with \(signaturePad.strokeCount) stroke\(signaturePad.strokeCount == 1 ? "" : "s")"
            picture = .pixels(SignatureImport.rasterize(strokes: signaturePad.strokes, size: signaturePad.frame.size,
                                                        lineWidth: signaturePad.lineWidth, color: signaturePad.themeColor(.ink, overriddenBy: signaturePad.inkColor)))
        case "type":
            result = "Signed as \(signatureField.text)" + (signatureType.selectedFont.map { " in \($0.title)" } ?? "")
            picture = signatureType.picture
        default: result = "Signed with an image"; picture = signatureImport.image.source
        }
        coordinator.dismiss()
        signaturePad.clear()
        signatureField.setText("")
        signatureImport.reset()
        signatureType.reset()
        refreshDone()
        showToast(result, image: picture)
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

/// A main-menu button: Down and Up move focus to the next and previous button of its column, wrapping (Enter or Space
/// then picks it).
final class MenuColumnButton: Button {
    override func keyDown(_ event: KeyEvent) {
        guard event.key == .down || event.key == .up, let column = superview, let overlay = layer?.overlay else {
            super.keyDown(event); return
        }
        let order = column.subviews.filter { $0 is MenuColumnButton && !$0.isHidden }
        guard let i = order.firstIndex(where: { $0 === self }) else { return }
        overlay.focus(order[(i + (event.key == .down ? 1 : order.count - 1)) % order.count])
    }
}

extension DemoNavigation {
    /// Shows the build on the About screen (`glasspane 0.3.0 (commit 1a2b3c4d5e6f)`); empty hides the line.
    func showVersion(_ version: String) {
        aboutVersion.text = version
        aboutVersion.isHidden = version.isEmpty
    }
}
