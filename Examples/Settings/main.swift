// Settings: the smallest "my engine + my UI" program. The engine is a struct with three settings that takes one bus
// message (`apply-settings`); the UI is a themed settings sheet (Toggle, Picker, Stepper) whose every change posts
// that message. On frame 1 the app clicks each control through the overlay as a user would and switches the theme
// to light; the result line says what the engine received and how many views the theme switch repainted.
//
//   swift run Settings                  a window (needs a display); Escape quits
//   swift run Settings --headless 4     4 frames offscreen (at least 3), then one result line; exit 1 if wrong
import GlasspaneBus
import GlasspaneCore
import GlasspaneHost
import GlasspaneOverlay
import GlasspaneRuntime
import GlasspaneScene
#if canImport(Glibc)
import Glibc
#endif

/// The UI's one message to the engine: the whole settings value.
struct ApplySettings: BusMessage, Hashable {
    static let type = "apply-settings"
    var sound: Bool
    var quality: String
    var lives: Int
}

/// My engine: it keeps what it was told.
struct TinyEngine {
    var settings = ApplySettings(sound: false, quality: "Low", lives: 3)
}

@MainActor
final class SettingsApp: SessionApp {
    let bus: MessageBus
    let stage: OverlayStage
    let sceneRenderer: any SceneRenderer
    let ui: BusEndpoint, engineEndpoint: BusEndpoint
    var engine = TinyEngine()
    let sound = Toggle(identifier: "settings.sound", title: "Sound")
    let quality = Picker(identifier: "settings.quality", options: ["Low", "High", "Ultra"])
    let lives = Stepper(identifier: "settings.lives", title: "Lives", value: 3, range: 1...9)
    var received = 0, repainted = 0
    var wantsQuit = false

    init(resources: SessionResources) {
        bus = resources.bus
        sceneRenderer = resources.sceneRenderer
        ui = bus.attach("ui")
        engineEndpoint = bus.attach("engine")
        let overlay = Overlay(windowSize: resources.windowSize, fonts: resources.fonts)
        let column = VStack(identifier: "settings.column", spacing: 12, alignment: .fill,
                            [Label(identifier: "settings.title", text: "Settings", fontSize: 18), sound, quality, lives])
        column.preferredWidth = 280
        let sheet = Panel(identifier: "settings.sheet", padding: EdgeInsets(all: 18), content: column)
        sheet.surface = .sheet
        overlay.addLayer(name: "settings", level: LayerLevel.sheet, kind: .modal)
            .addSubview(CenteringContainer(identifier: "settings.container", content: sheet))
        stage = OverlayStage(overlay: overlay, renderer: resources.overlayRenderer)

        engineEndpoint.on(ApplySettings.self) { [unowned self] message, _ in engine.settings = message; received += 1 }
        sound.onChange = { [unowned self] _ in send() }
        quality.onChange = { [unowned self] _ in send() }
        lives.onChange = { [unowned self] _ in send() }
    }

    /// Every control change sends the whole settings value.
    func send() {
        ui.post(ApplySettings(sound: sound.isOn, quality: quality.selectedTitle, lives: lives.value), to: "engine")
    }

    /// Clicks `view` at a fraction of its size, as a pointer would.
    func click(_ view: View, _ fx: Double = 0.5) {
        let p = view.convertToWindow(Point(x: view.bounds.width * fx, y: view.bounds.height / 2))
        stage.overlay.route(.pointerDown(PointerEvent(location: p)))
        stage.overlay.route(.pointerUp(PointerEvent(location: p)))
    }

    func beginFrame(index: Int) {
        guard index == 1 else { return }  // frame 0 laid everything out
        click(sound)
        click(quality, 0.9)               // Ultra
        click(lives, 0.98)                // +
        repainted = stage.overlay.setColorScheme(.light).viewsRepainted
    }

    func deliverEngineMessages() { bus.deliver(to: "engine") }

    var result: (line: String, passed: Bool) {
        let s = engine.settings
        let line = "Settings: engine received \(received) apply-settings, now sound \(s.sound), quality \(s.quality), "
            + "lives \(s.lives); light theme repainted \(repainted) views"
        return (line, received == 3 && s == ApplySettings(sound: true, quality: "Ultra", lives: 4) && repainted > 0)
    }

    func engineReceive(_ event: InputEvent) {
        if case .key(let k) = event, k.key == .escape { wantsQuit = true }
    }
    func renderScene(interpolation alpha: Double, metrics: WindowMetrics) {
        sceneRenderer.render(RenderScene(eye: Vec3(0, 1, 5), objects: []), viewport: metrics.drawableSize)
    }
}

exit(await ExampleRunner.run("Settings", defaultFrames: 4, make: { SettingsApp(resources: $0) }) { $0.result })
