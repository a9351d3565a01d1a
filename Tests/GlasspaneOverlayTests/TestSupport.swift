// Shared helpers: a view that records what it receives, event builders, a golden-file assertion, fixtures.
import Foundation
import XCTest
import GlasspaneCore
@testable import GlasspaneOverlay

/// `view` made `width` x `height` points at (20, 40) in a layer "ui" of a new overlay, laid out once (the lists' and
/// grids' tests).
func placedInOverlay(_ view: View, width: Double, height: Double,
                     windowSize: Size = Size(width: 800, height: 700)) -> (Overlay, OverlayLayer) {
    let overlay = Overlay(windowSize: windowSize)
    let ui = overlay.addLayer(name: "ui", level: 0)
    view.preferredWidth = width
    view.preferredHeight = height
    ui.addSubview(view, at: Point(x: 20, y: 40))
    overlay.advanceAnimations(to: 0)
    overlay.update()
    return (overlay, ui)
}

/// Collects `identifier:event` lines from recording views, in delivery order.
final class EventLog {
    var lines: [String] = []
    func clear() { lines.removeAll() }
}

/// A view that claims its bounds (unless told otherwise) and logs every hook the router calls.
final class RecordingView: View {
    let log: EventLog
    var focusable = false
    init(_ identifier: String, _ frame: Rect, log: EventLog, focusable: Bool = false) {
        self.log = log
        self.focusable = focusable
        super.init(identifier: identifier, frame: frame)
        hitTestBehavior = .opaque
    }
    override var canBecomeFocused: Bool { focusable }
    override func pointerDown(_ e: PointerEvent) { log.lines.append("\(identifier):down#\(e.pointerID)@\(e.location)") }
    override func pointerMoved(_ e: PointerEvent) { log.lines.append("\(identifier):move#\(e.pointerID)@\(e.location)") }
    override func pointerUp(_ e: PointerEvent) { log.lines.append("\(identifier):up#\(e.pointerID)@\(e.location)") }
    override func pointerCancelled(_ e: PointerEvent) { log.lines.append("\(identifier):cancel#\(e.pointerID)") }
    override func pointerEntered(_ e: PointerEvent) { log.lines.append("\(identifier):enter") }
    override func pointerExited(_ e: PointerEvent) { log.lines.append("\(identifier):exit") }
    override func scrollWheel(at location: Point, dx: Double, dy: Double) { log.lines.append("\(identifier):wheel") }
    override func keyDown(_ e: KeyEvent) { log.lines.append("\(identifier):keydown:\(e.key.name)") }
    override func keyUp(_ e: KeyEvent) { log.lines.append("\(identifier):keyup:\(e.key.name)") }
    override func textInput(_ text: String) { log.lines.append("\(identifier):text:\(text)") }
}

func down(_ x: Double, _ y: Double, id: Int = 0) -> InputEvent {
    .pointerDown(PointerEvent(pointerID: id, button: .left, location: Point(x: x, y: y)))
}
func drag(_ x: Double, _ y: Double, id: Int = 0) -> InputEvent {
    .pointerMove(PointerEvent(pointerID: id, button: .left, location: Point(x: x, y: y)))
}
func hover(_ x: Double, _ y: Double, id: Int = 0) -> InputEvent {
    .pointerMove(PointerEvent(pointerID: id, button: .none, location: Point(x: x, y: y)))
}
func up(_ x: Double, _ y: Double, id: Int = 0) -> InputEvent {
    .pointerUp(PointerEvent(pointerID: id, button: .left, location: Point(x: x, y: y)))
}
func cancel(_ x: Double, _ y: Double, id: Int = 0) -> InputEvent {
    .pointerCancel(PointerEvent(pointerID: id, button: .left, location: Point(x: x, y: y)))
}
func key(_ k: Key, down isDown: Bool = true) -> InputEvent { .key(KeyEvent(key: k, isDown: isDown)) }

extension RoutingDecision {
    /// The target as a short string: `engine` or `layer/view`.
    var summary: String {
        switch target {
        case .engine: "engine"
        case let .overlay(layer, view): "\(layer.name)/\(view.identifier)"
        }
    }
}

/// A demo-shaped overlay: a `ui` layer with a picker-like panel (title, three sliders, a button) and a `hud` layer.
enum DemoOverlayFixtures {
    struct Demo {
        let overlay: Overlay
        let ui: OverlayLayer
        let hud: OverlayLayer
        let panel: Panel
        let sliders: [Slider]
        let button: Button
        let fps: Label
    }

    static func make(size: Size = Size(width: 800, height: 600)) -> Demo {
        let overlay = Overlay(windowSize: size)
        let ui = overlay.addLayer(name: "ui", level: 10)
        let hud = overlay.addLayer(name: "hud", level: 20, kind: .nonInteractive)
        let sliders = ["r", "g", "b"].map { Slider(identifier: "picker.\($0)", value: 0.5) }
        for s in sliders { s.preferredWidth = 180 }
        let button = Button(identifier: "picker.reset", title: "Reset")
        let stack = VStack(identifier: "picker.stack", spacing: 8, alignment: .leading,
                           [Label(identifier: "picker.title", text: "Color", fontSize: 16)] + sliders + [button])
        let panel = Panel(identifier: "picker", content: stack)
        ui.addSubview(panel, at: Point(x: 20, y: 20))
        let fps = Label(identifier: "hud.fps", text: "60.0 fps", fontSize: 12, textColor: Color(r: 0.6, g: 1, b: 0.6))
        hud.addSubview(fps, at: Point(x: 700, y: 8))
        overlay.update()
        return Demo(overlay: overlay, ui: ui, hud: hud, panel: panel, sliders: sliders, button: button, fps: fps)
    }
}

extension Overlay {
    /// Every visible layer's commands, back to front: the whole overlay of a frame, for comparisons and golden dumps.
    /// (The product draws layer by layer, each from its own cache.)
    var drawList: DrawList {
        var combined = DrawList()
        for layer in layers where layer.visibility != .hidden { combined.append(contentsOf: layer.drawList) }
        return combined
    }
}
