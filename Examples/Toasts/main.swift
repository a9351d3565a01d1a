// Toasts: a toast layer stays above a modal sheet and takes clicks while the sheet blocks everything below it.
// Three layers (docs/layers.md): a screen with a button (level panel), a modal sheet (level sheet) and a toast with
// a close button (level toast). On frame 1 the app routes two synthetic clicks through the overlay: one on the
// toast's close button (the toast takes it and hides) and one on the screen's button under the sheet (the sheet's
// root takes it as an outside tap; neither the button nor the engine sees it).
//
//   swift run Toasts                   a window (needs a display); Escape quits
//   swift run Toasts --headless 3      3 frames offscreen, then one result line; exit status 1 if the proof failed
import GlasspaneBus
import GlasspaneCore
import GlasspaneHost
import GlasspaneOverlay
import GlasspaneRuntime
import GlasspaneScene
#if canImport(Glibc)
import Glibc
#endif

/// The example app: a screen, a modal sheet over it and a toast over both.
@MainActor
final class ToastsApp: SessionApp {
    let bus: MessageBus
    let stage: OverlayStage
    let sceneRenderer: any SceneRenderer
    let toastLayer: OverlayLayer
    let sheetLayer: OverlayLayer
    let screenButton: Button
    let toastClose: Button
    var screenButtonClicks = 0, toastCloseClicks = 0, outsideTaps = 0, engineEvents = 0
    var wantsQuit = false
    /// What the synthetic clicks proved, printed when the session ends.
    var result: (line: String, passed: Bool) = ("Toasts: no click was routed (run at least 2 frames)", false)

    init(resources: SessionResources) {
        bus = resources.bus
        sceneRenderer = resources.sceneRenderer
        let overlay = Overlay(windowSize: resources.windowSize, fonts: resources.fonts)

        let screen = overlay.addLayer(name: "screen", level: LayerLevel.panel)
        screenButton = Button(identifier: "screen.button", title: "Below the sheet")
        screen.addSubview(screenButton, at: Point(x: 24, y: 24))

        sheetLayer = overlay.addLayer(name: "sheet", level: LayerLevel.sheet, kind: .modal)
        let sheetPanel = Panel(identifier: "sheet.panel", content: Label(identifier: "sheet.title", text: "A modal sheet"))
        sheetPanel.backgroundColor = Color(r: 0.15, g: 0.16, b: 0.2)
        sheetLayer.addSubview(CenteringContainer(identifier: "sheet.container", content: sheetPanel,
                                                 dimming: Color(r: 0, g: 0, b: 0, a: 0.45)))

        toastLayer = overlay.addLayer(name: "toast", level: LayerLevel.toast)
        toastClose = Button(identifier: "toast.close", title: "Close")
        let toast = Panel(identifier: "toast.panel", content: HStack(spacing: 10, [Label(identifier: "toast.text", text: "Saved"), toastClose]))
        toast.backgroundColor = Color(r: 0.2, g: 0.45, b: 0.3)
        toast.sizesToFit = true
        toastLayer.addSubview(toast, at: Point(x: 24, y: 12))

        stage = OverlayStage(overlay: overlay, renderer: resources.overlayRenderer)
        screenButton.action = { [unowned self] in screenButtonClicks += 1 }
        toastClose.action = { [unowned self] in toastCloseClicks += 1; toastLayer.visibility = .hidden }
        sheetLayer.onOutsideTap = { [unowned self] _ in outsideTaps += 1 }
    }

    /// A press and a release at the center of `view`; returns where the press went, as the trace says it.
    func click(_ view: View) -> RoutingDecision {
        let center = view.convertToWindow(Point(x: view.bounds.width / 2, y: view.bounds.height / 2))
        let down = stage.overlay.route(.pointerDown(PointerEvent(location: center)))
        let up = stage.overlay.route(.pointerUp(PointerEvent(location: center)))
        if down.isForEngine || up.isForEngine { engineEvents += 1 }
        return down
    }

    func beginFrame(index: Int) {
        guard index == 1 else { return }  // frame 0 laid everything out
        let atToast = click(toastClose)
        let atScreen = click(screenButton)
        let passed = atToast.target.view === toastClose && toastCloseClicks == 1 && toastLayer.visibility == .hidden
            && atScreen.target.layer === sheetLayer && atScreen.reason == .modalOutsideTap(layer: "sheet")
            && screenButtonClicks == 0 && outsideTaps == 1 && engineEvents == 0
        result = ("Toasts: toast above modal sheet, click at the toast reached \(atToast.target.view?.identifier ?? "engine"), "
                  + "click at screen.button went to layer \(atScreen.target.layer?.name ?? "engine") (\(atScreen.reason.description)), "
                  + "screen.button clicks \(screenButtonClicks), engine events \(engineEvents)", passed)
    }

    func engineReceive(_ event: InputEvent) {
        engineEvents += 1
        if case .key(let k) = event, k.key == .escape { wantsQuit = true }
    }
    func renderScene(interpolation alpha: Double, metrics: WindowMetrics) {
        sceneRenderer.render(RenderScene(eye: Vec3(0, 1, 5), objects: []), viewport: metrics.drawableSize)
    }
}

exit(await ExampleRunner.run("Toasts", defaultFrames: 3, make: { ToastsApp(resources: $0) }) { $0.result })
