// CustomMessages: your own message types over the bus, and the fast channel, with `MessageBus`/`BusEndpoint`
// directly (docs/messages.md). Two endpoints: `sensor` (the engine's side, delivered in phase 3) and `panel` (the
// overlay's side, delivered in phase 5). On frame 1 the panel sends a `calibrate` request (answered with a
// `calibrated` reply) and two `threshold-changed` notifications, one valid and one out of range: the bus rejects the
// second before the sensor's handler runs and sends the panel an `invalid-payload` error naming the field. Every
// frame the sensor writes a batch of 64 `Float` samples to the fast channel `samples` in phase 3 and the panel
// reads it in phase 5; a write in the wrong phase is refused with `wrong-phase`.
//
//   swift run CustomMessages                  a window (needs a display); Escape quits
//   swift run CustomMessages --headless 4     4 frames offscreen (at least 2), then one result line; exit status 1
//                                             if a reply, an error or a batch was not what this comment says
import GlasspaneBus
import GlasspaneCore
import GlasspaneHost
import GlasspaneOverlay
import GlasspaneRuntime
import GlasspaneScene
#if canImport(Glibc)
import Glibc
#endif

/// Asks the sensor to calibrate with a gain; answered by `Calibrated`.
struct Calibrate: BusRequest, Hashable {
    typealias Reply = Calibrated
    static let type = "calibrate"
    /// Multiplies the raw samples; 0 < gain <= 10.
    var gain: Double
    func validate() throws(PayloadViolation) {
        guard gain.isFinite, gain > 0, gain <= 10 else { throw PayloadViolation(field: "gain", reason: "must be in (0, 10]") }
    }
}

/// The reply to `calibrate`: the offset the sensor measured at that gain.
struct Calibrated: BusMessage, Hashable {
    static let type = "calibrated"
    var gain: Double
    var offset: Double
}

/// A notification (no reply): the panel's alarm threshold changed; 0...1.
struct ThresholdChanged: BusMessage, Hashable {
    static let type = "threshold-changed"
    var threshold: Double
    func validate() throws(PayloadViolation) {
        guard threshold.isFinite, (0...1).contains(threshold) else { throw PayloadViolation(field: "threshold", reason: "must be in 0...1") }
    }
}

/// The example app: the two endpoints, the fast channel, and a label showing what arrived.
@MainActor
final class CustomMessagesApp: SessionApp {
    let bus: MessageBus
    let stage: OverlayStage
    let sceneRenderer: any SceneRenderer
    let sensor: BusEndpoint
    let panel: BusEndpoint
    /// Written by the sensor in phase 3, read by the panel in phase 5.
    let samples: FastChannel<Float>
    let status: Label
    var wantsQuit = false

    // What arrived, for the result line.
    var sensorThresholds: [Double] = []
    var reply: Calibrated?
    var errors: [BusError] = []
    var batchesSent = 0, batchesReceived = 0, elementsReceived = 0
    var wrongPhase: FastChannelErrorCode?
    var frame = 0

    init(resources: SessionResources) throws {
        bus = resources.bus
        sceneRenderer = resources.sceneRenderer
        sensor = bus.attach("sensor")
        panel = bus.attach("panel")
        samples = try bus.fastChannel(named: "samples", of: Float.self, writePhases: [.busToEngine], readPhases: [.busToOverlay])
        let overlay = Overlay(windowSize: resources.windowSize, fonts: resources.fonts)
        status = Label(identifier: "status", text: "waiting for the sensor")
        overlay.addLayer(name: "ui", level: LayerLevel.panel).addSubview(status, at: Point(x: 24, y: 24))
        stage = OverlayStage(overlay: overlay, renderer: resources.overlayRenderer)

        sensor.onRequest(Calibrate.self) { request, _ in Calibrated(gain: request.gain, offset: 0.25 * request.gain) }
        sensor.on(ThresholdChanged.self) { [unowned self] message, _ in sensorThresholds.append(message.threshold) }
        panel.onError = { [unowned self] error, _ in errors.append(error) }
    }

    func beginFrame(index: Int) {
        frame = index
        guard index == 1 else { return }
        panel.request(Calibrate(gain: 2), to: "sensor") { [unowned self] result in
            if case .success(let r) = result { reply = r; status.text = "calibrated: offset \(r.offset)" }
        }
        panel.post(ThresholdChanged(threshold: 0.4), to: "sensor")
        panel.post(ThresholdChanged(threshold: 2.5), to: "sensor")  // out of range: rejected, the sender is told
    }

    /// Phase 3: the sensor answers its mailbox, then publishes this frame's samples.
    func deliverEngineMessages() {
        bus.deliver(to: "sensor")
        let batch = (0..<64).map { i in Float(sin(Double(frame * 64 + i) * 0.1)) }
        do { try samples.send(batch); batchesSent += 1 } catch { print("CustomMessages: \(error)") }
    }

    /// Phase 5: the panel gets replies and errors, then reads the samples (and shows the misuse being refused).
    func deliverOverlayMessages() {
        bus.deliver(to: "panel")
        do {
            while let batch = try samples.receive() { batchesReceived += 1; elementsReceived += batch.count; samples.recycle(batch) }
            try samples.send([0])
        } catch {
            wrongPhase = error.code
        }
    }

    /// The line that says what arrived.
    var result: (line: String, passed: Bool) {
        guard let reply else { return ("CustomMessages: no reply to calibrate (run at least 2 frames)", false) }
        let rejected = errors.first.map { "\($0.type ?? "?") \($0.field ?? "?") rejected \($0.code.rawValue)" } ?? "nothing rejected"
        let line = "CustomMessages: calibrate replied offset \(reply.offset) at gain \(reply.gain); "
            + "sensor accepted threshold-changed \(sensorThresholds.map { "\($0)" }.joined(separator: ", ")); \(rejected); "
            + "fast channel samples: \(batchesReceived) of \(batchesSent) batches (\(elementsReceived) floats) from bus_to_engine "
            + "to bus_to_overlay, a send in bus_to_overlay refused \(wrongPhase?.rawValue ?? "not at all")"
        let passed = reply == Calibrated(gain: 2, offset: 0.5) && sensorThresholds == [0.4]
            && errors.count == 1 && errors[0].code == .invalidPayload && errors[0].field == "threshold"
            && batchesSent == batchesReceived && elementsReceived == 64 * batchesSent && wrongPhase == .wrongPhase
        return (line, passed)
    }

    func engineReceive(_ event: InputEvent) {
        if case .key(let k) = event, k.key == .escape { wantsQuit = true }
    }
    func renderScene(interpolation alpha: Double, metrics: WindowMetrics) {
        sceneRenderer.render(RenderScene(eye: Vec3(0, 1, 5), objects: []), viewport: metrics.drawableSize)
    }
}

exit(await ExampleRunner.run("CustomMessages", defaultFrames: 4, make: { try CustomMessagesApp(resources: $0) }) { $0.result })
