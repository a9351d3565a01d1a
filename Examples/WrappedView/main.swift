// WrappedView: your own self-drawing view in the declarative layout (docs/layers.md, "Wrapped views").
// `Oscilloscope` draws a sine trace with its own draw commands, gets its frame from a VStack (between a title and a
// readout), takes routed pointer events (a vertical drag sets the amplitude; the drag is captured by the view) and
// publishes its changes into an `@Observable` model; the readout label binds to that model, so it shows the new
// amplitude in the frame after the drag. On frame 1 the app routes a synthetic drag through the overlay.
//
//   swift run WrappedView                  a window (needs a display); drag on the scope, Escape quits
//   swift run WrappedView --headless 4     4 frames offscreen (at least 3), then one result line; exit status 1 if
//                                          the drag did not reach the scope or the readout did not follow
import GlasspaneBus
import GlasspaneCore
import GlasspaneHost
import GlasspaneOverlay
import GlasspaneRuntime
import GlasspaneScene
import Observation
#if canImport(Glibc)
import Glibc
#endif

/// What the scope publishes: views anywhere `bind` to it.
@Observable
final class ScopeModel {
    /// The trace's amplitude, 0...1 of the half height.
    var amplitude = 0.5
}

/// A small oscilloscope: a sine trace drawn as dots; a vertical drag changes the amplitude.
final class Oscilloscope: View {
    let model: ScopeModel
    /// The trace's phase in radians (advanced by the app every simulation step).
    var phase = 0.0 { didSet { setNeedsDisplay() } }
    private var dragStart: (y: Double, amplitude: Double)?
    /// How many dots the trace has (a stated limit on the commands one paint adds).
    static let samples = 96

    init(identifier: String, model: ScopeModel) {
        self.model = model
        super.init(identifier: identifier)
        backgroundColor = Color(r: 0.03, g: 0.08, b: 0.05)
        borderColor = Color(r: 0.2, g: 0.5, b: 0.3)
        borderWidth = 1
        cornerRadius = 4
    }

    /// A control: it claims its whole frame.
    override var claimsBoundsByDefault: Bool { true }
    /// 280 x 120 unless layout proposes less width.
    override func sizeThatFits(_ proposed: Size, fonts: any FontMetrics) -> Size {
        Size(width: min(280, proposed.width), height: 120)
    }

    override func pointerDown(_ event: PointerEvent) { dragStart = (event.location.y, model.amplitude) }
    /// Up is louder: every point dragged up adds 1/100 of the amplitude range.
    override func pointerMoved(_ event: PointerEvent) {
        guard let start = dragStart else { return }
        model.amplitude = min(1, max(0, start.amplitude + (start.y - event.location.y) / 100))
        setNeedsDisplay()
    }
    override func pointerUp(_ event: PointerEvent) { dragStart = nil }
    override func pointerCancelled(_ event: PointerEvent) {
        if let start = dragStart { model.amplitude = start.amplitude }
        dragStart = nil
    }

    /// Background and border, then the trace, in window points (`rect` is where layout put the view).
    override func draw(in rect: Rect, context: inout PaintContext) {
        super.draw(in: rect, context: &context)
        let mid = rect.minY + rect.height / 2, half = rect.height / 2 - 4
        for i in 0..<Self.samples {
            let t = Double(i) / Double(Self.samples - 1)
            let y = mid - sin(t * 4 * .pi + phase) * model.amplitude * half
            context.add(.circle(center: Point(x: rect.minX + 4 + t * (rect.width - 8), y: y), radius: 1.5,
                                color: Color(r: 0.3, g: 1, b: 0.5)))
        }
    }
}

/// The example app: a panel with a VStack of title, scope and readout.
@MainActor
final class WrappedViewApp: SessionApp {
    let bus: MessageBus
    let stage: OverlayStage
    let sceneRenderer: any SceneRenderer
    let model = ScopeModel()
    let scope: Oscilloscope
    let readout: Label
    var wantsQuit = false
    var dragTarget: String?
    var readoutAfterDrag: String?

    init(resources: SessionResources) {
        bus = resources.bus
        sceneRenderer = resources.sceneRenderer
        let overlay = Overlay(windowSize: resources.windowSize, fonts: resources.fonts)
        let ui = overlay.addLayer(name: "ui", level: LayerLevel.panel)
        scope = Oscilloscope(identifier: "scope", model: model)
        readout = Label(identifier: "scope.readout", text: "")
        let title = Label(identifier: "scope.title", text: "Drag up or down on the trace")
        let panel = Panel(identifier: "scope.panel", content: VStack(spacing: 8, [title, scope, readout]))
        panel.backgroundColor = Color(r: 0.12, g: 0.13, b: 0.16)
        panel.sizesToFit = true
        ui.addSubview(panel, at: Point(x: 24, y: 24))
        readout.bind { [unowned readout, model] in readout.text = "amplitude \(Int((model.amplitude * 100).rounded()))%" }
        stage = OverlayStage(overlay: overlay, renderer: resources.overlayRenderer)
    }

    func beginFrame(index: Int) {
        if index == 1 {
            // A drag from the scope's center 30 points up (the last move leaves the view: it stays captured).
            let center = scope.convertToWindow(Point(x: scope.bounds.width / 2, y: scope.bounds.height / 2))
            let down = stage.overlay.route(.pointerDown(PointerEvent(location: center)))
            dragTarget = down.target.view?.identifier
            for dy in stride(from: 10.0, through: 30.0, by: 10.0) {
                _ = stage.overlay.route(.pointerMove(PointerEvent(location: Point(x: center.x, y: center.y - dy))))
            }
            _ = stage.overlay.route(.pointerUp(PointerEvent(location: Point(x: center.x, y: center.y - 30))))
        } else if index == 2 {
            readoutAfterDrag = readout.text  // the binding ran in frame 1's layout pass
        }
    }

    /// The line that says what the drag proved.
    var result: (line: String, passed: Bool) {
        guard let readoutAfterDrag else { return ("WrappedView: the drag was not routed (run at least 3 frames)", false) }
        let frame = scope.windowFrame
        let line = "WrappedView: scope laid out in the VStack at \(Int(frame.minX)),\(Int(frame.minY)) \(Int(frame.width))x\(Int(frame.height)), "
            + "drag reached \(dragTarget ?? "engine"), readout bound to the model shows \"\(readoutAfterDrag)\""
        return (line, dragTarget == "scope" && readoutAfterDrag == "amplitude 80%" && frame.minY > 24 && frame.width == 280)
    }

    func step(dt: Double) { scope.phase = (scope.phase + dt * 4).truncatingRemainder(dividingBy: 2 * .pi) }
    func engineReceive(_ event: InputEvent) {
        if case .key(let k) = event, k.key == .escape { wantsQuit = true }
    }
    func renderScene(interpolation alpha: Double, metrics: WindowMetrics) {
        sceneRenderer.render(RenderScene(eye: Vec3(0, 1, 5), objects: []), viewport: metrics.drawableSize)
    }
    func property(_ property: ViewProperty, of view: View) -> String? { property == .text ? (view as? Label)?.text : nil }
}

exit(await ExampleRunner.run("WrappedView", defaultFrames: 4, make: { WrappedViewApp(resources: $0) }) { $0.result })
