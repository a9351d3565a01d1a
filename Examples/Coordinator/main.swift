// Coordinator: routes as an enum, a navigation stack with push and pop, a sheet over it, and back (docs/navigation.md).
// A `NavigationCoordinator<Route>` owns the state; a `NavigationPresenter` shows the top screen in a layer and each
// sheet in a modal layer. One step runs per frame from frame 1, and the stack is printed after each. Step 4 is a
// synthetic Escape routed through the overlay: with the sheet up it reaches the sheet, which calls `back()`, so
// the sheet closes before any screen is popped.
//
//   swift run Coordinator                  a window (needs a display); the steps run, then Escape quits
//   swift run Coordinator --headless 8     8 frames offscreen (at least 7), a line per step, then one result line;
//                                          exit status 1 if a stack differed from the expected one
import GlasspaneBus
import GlasspaneCore
import GlasspaneHost
import GlasspaneOverlay
import GlasspaneRuntime
import GlasspaneScene
#if canImport(Glibc)
import Glibc
#endif

/// The app's places: screens go on the stack, `options` is shown as a sheet.
enum Route: String, Hashable {
    case menu, play, about, options
}

/// The example app: a coordinator, its presenter, and a scripted walk through the routes.
@MainActor
final class CoordinatorApp: SessionApp {
    let bus: MessageBus
    let stage: OverlayStage
    let sceneRenderer: any SceneRenderer
    let coordinator = NavigationCoordinator<Route>(root: .menu)
    let presenter: NavigationPresenter<Route>
    var wantsQuit = false
    /// Each step, what it does and the stack it must leave (`menu > play | sheet options`).
    lazy var steps: [(name: String, run: () -> Void, expected: String)] = [
        ("push(.play)", { [unowned self] in coordinator.push(.play) }, "menu > play"),
        ("push(.about)", { [unowned self] in coordinator.push(.about) }, "menu > play > about"),
        ("present(.options)", { [unowned self] in coordinator.present(.options) }, "menu > play > about | sheet options"),
        ("Escape (routed)", { [unowned self] in
            escapeDecision = stage.overlay.route(.key(KeyEvent(key: .escape)))
            _ = stage.overlay.route(.key(KeyEvent(key: .escape, isDown: false)))
        }, "menu > play > about"),
        ("back()", { [unowned self] in coordinator.back() }, "menu > play"),
        ("pop()", { [unowned self] in coordinator.pop() }, "menu"),
    ]
    var escapeDecision: RoutingDecision?
    var mismatches: [String] = []
    var stepsRun = 0

    init(resources: SessionResources) {
        bus = resources.bus
        sceneRenderer = resources.sceneRenderer
        let overlay = Overlay(windowSize: resources.windowSize, fonts: resources.fonts)
        let screens = overlay.addLayer(name: "screens", level: LayerLevel.panel)
        stage = OverlayStage(overlay: overlay, renderer: resources.overlayRenderer)
        let coordinator = coordinator
        presenter = NavigationPresenter(
            overlay: overlay, coordinator: coordinator, screenLayer: screens, name: { $0.rawValue },
            screen: { route in
                let back = Button(identifier: "\(route.rawValue).back", title: "Back") { coordinator.back() }
                let panel = Panel(identifier: "\(route.rawValue).screen",
                                  content: VStack(spacing: 8, [Label(identifier: "\(route.rawValue).title", text: "Screen: \(route.rawValue)"), back]))
                panel.backgroundColor = Color(r: 0.12, g: 0.13, b: 0.16)
                panel.sizesToFit = true
                panel.frame.origin = Point(x: 24, y: 24)
                return panel
            },
            sheet: { route in
                let panel = Panel(identifier: "\(route.rawValue).sheet", content: Label(identifier: "\(route.rawValue).title", text: "Sheet: \(route.rawValue)"))
                panel.backgroundColor = Color(r: 0.18, g: 0.2, b: 0.26)
                return panel
            })
        presenter.transition = nil  // instant: every frame shows exactly the state the step left
    }

    /// `menu > play | sheet options`: the stack bottom to top, then the sheets.
    var stackText: String {
        let s = coordinator.state
        return s.stack.map(\.rawValue).joined(separator: " > ") + (s.sheets.isEmpty ? "" : " | sheet " + s.sheets.map(\.rawValue).joined(separator: ", "))
    }

    func beginFrame(index: Int) {
        guard index >= 1, index <= steps.count else { return }
        let step = steps[index - 1]
        step.run()
        stepsRun += 1
        // The presenter must show what the coordinator says: the top screen visible, the sheet's layer up or down.
        let shown = presenter.screen(for: coordinator.state.topScreen).map { !$0.isHidden } ?? false
        let sheetUp = presenter.sheetLayer(for: .options).map { $0.visibility != .hidden } ?? false
        print("step \(index) \(step.name): \(stackText)")
        if stackText != step.expected { mismatches.append("step \(index): \(stackText), expected \(step.expected)") }
        if !shown || sheetUp != coordinator.state.sheets.contains(.options) {
            mismatches.append("step \(index): the presenter does not show the coordinator's state")
        }
    }

    /// The line that says what the walk proved.
    var result: (line: String, passed: Bool) {
        guard stepsRun == steps.count else {
            return ("Coordinator: ran \(stepsRun) of \(steps.count) steps (run at least \(steps.count + 1) frames)", false)
        }
        let escapeWent = escapeDecision.map { "\($0.target.layer?.name ?? "engine") (\($0.reason.description))" } ?? "nowhere"
        let escapeOK = escapeDecision?.target.layer?.name == "sheet.options"
        return ("Coordinator: \(steps.count) steps, final stack \(stackText), Escape went to \(escapeWent) and closed the sheet "
                + "before back popped about" + (mismatches.isEmpty ? "" : "; MISMATCH \(mismatches.joined(separator: "; "))"),
                mismatches.isEmpty && escapeOK)
    }

    func engineReceive(_ event: InputEvent) {
        if case .key(let k) = event, k.key == .escape { wantsQuit = true }
    }
    func advanceAnimations(time: Double) { _ = stage.overlay.advanceAnimations(to: time); presenter.settle() }
    func renderScene(interpolation alpha: Double, metrics: WindowMetrics) {
        sceneRenderer.render(RenderScene(eye: Vec3(0, 1, 5), objects: []), viewport: metrics.drawableSize)
    }
}

exit(await ExampleRunner.run("Coordinator", defaultFrames: 8, make: { CoordinatorApp(resources: $0) }) { $0.result })
