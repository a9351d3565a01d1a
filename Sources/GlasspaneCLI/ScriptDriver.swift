// Drives a demo session from an input script: per-frame events and durations from the script's frame clock,
// injected bus messages, expectations checked at the end of their frame, screenshots, and an optional recording
// of what was replayed.
import Foundation
import GlasspaneBus
import GlasspaneCore
import GlasspaneDemo
import GlasspaneEngine
import GlasspaneHost
import GlasspaneOverlay
import GlasspanePlatform
import GlasspaneRender
import GlasspaneScripts

/// Where and when to save a screenshot during a replay (`FRAME:PATH`, FRAME may be `last`).
struct ScreenshotRequest: Sendable, Equatable {
    /// The frame, or nil for the last one.
    var frame: Int?
    /// The PNG file.
    var path: String

    /// Parses `FRAME:PATH`; nil when malformed.
    init?(argument: String) {
        guard let colon = argument.firstIndex(of: ":") else { return nil }
        let f = String(argument[..<colon]), p = String(argument[argument.index(after: colon)...])
        guard !p.isEmpty else { return nil }
        if f == "last" { frame = nil } else if let n = Int(f), n >= 0 { frame = n } else { return nil }
        path = p
    }
}

/// Feeds a session from a script, frame by frame, and collects failed expectations.
@MainActor
final class ScriptDriver {
    /// The script file.
    let path: String
    /// The parsed script.
    let script: Script
    /// Failed expectations and play-time problems, `FILE:LINE: ...`.
    private(set) var failures: [String] = []
    /// Expectations that held.
    private(set) var passedCount = 0
    /// A play-time error that makes the script unusable (exit 2), such as a view missing at its frame.
    private(set) var fatalError: String?
    /// Screenshots to take.
    var screenshots: [ScreenshotRequest] = []
    /// Pace frames to their recorded durations (`--speed realtime`) instead of running as fast as possible.
    var realtime = false
    /// Writes what is replayed (`--record-out`).
    var recorder: ScriptRecorder?
    /// Problems writing screenshots or the recording.
    private(set) var outputErrors: [String] = []

    private var player: ScriptPlayer
    private var checker = ExpectationChecker()
    private var current: ScriptFrame?
    private var busErrors: [String] = []
    private var paceStart: Nanoseconds?
    private var pacedTime: Nanoseconds = 0

    private init(path: String, script: Script) {
        self.path = path
        self.script = script
        player = ScriptPlayer(script: script)
    }

    /// Loads and validates a script; prints every bad line as `FILE:LINE: ...` and returns exit code 2 if any.
    static func load(path: String) -> Result<ScriptDriver, ExitStatus> {
        do {
            let script = try Script.load(path: path)
            for w in script.warnings { printError("warning: \(w.description)") }
            return .success(ScriptDriver(path: path, script: script))
        } catch {
            for d in error.diagnostics { printError(d.description) }
            return .failure(ExitStatus(code: 2))
        }
    }

    /// Applies the script's header to the loop: step rate, catch-up cap, frame count, input from the script only.
    func configure(_ configuration: inout FrameLoopConfiguration, runWholeScript: Bool = true) {
        configuration.stepsPerSecond = script.header.stepsPerSecond
        configuration.maxCatchUpSteps = script.header.maxStepsPerFrame
        if runWholeScript { configuration.maxFrames = script.lastFrameIndex + 1 }
        configuration.fixedFrameDuration = nil
        configuration.ignoresPlatformInput = true
        configuration.fpsCap = nil
    }

    /// Checks identifiers against the session's views and takes over its input. False (with the errors printed)
    /// when the script names views the demo does not have.
    func attach(to session: DemoSession) -> Bool {
        let app = session.app, loop = session.loop, platform = session.platform
        let known = Set(app.stage.overlay.viewDump().map(\.identifier).filter { !$0.isEmpty })
        do { try script.validateIdentifiers(known) } catch {
            for d in error.diagnostics { printError(d.description) }
            return false
        }
        let scriptEndpoint = app.bus.attach(.script)
        scriptEndpoint.onError = { [weak self] error, _ in self?.busErrors.append(error.code.rawValue) }
        let locator = OverlayLocator(overlay: app.stage.overlay)

        let previousStop = loop.stopRequested
        loop.stopRequested = { [weak self] in (self?.fatalError != nil) || (previousStop?() ?? false) }
        loop.willStartFrame = { [weak self, unowned loop] index in
            guard let self else { return }
            do {
                guard let frame = try player.nextFrame(locator: locator) else { current = nil; return }
                current = frame
                loop.nextFrameDuration = frame.duration
                for event in frame.events {
                    if case .resize(let m) = event {
                        platform.setWindowSize(PixelSize(width: Int(m.windowSize.width), height: Int(m.windowSize.height)))
                    }
                }
                loop.injectedEvents = frame.events
                for message in frame.busMessages {
                    app.bus.postRaw(message.raw, from: .script, to: message.destination == .engine ? .engine : .overlay)
                    recorder?.recordBus(message, frame: index)
                }
                if realtime { pace(frame.duration) }
            } catch {
                fatalError = "\(error)"
                current = nil
            }
        }
        let previousBeforePresent = loop.beforePresent
        loop.beforePresent = { [weak self] index, isLast in
            previousBeforePresent?(index, isLast)
            guard let self else { return }
            app.bus.deliver(to: .script)
            endOfFrame(index: index, isLast: isLast, app: app, platform: platform)
        }
        if let recorder {
            let previousInput = loop.onInput
            loop.onInput = { index, event in
                previousInput?(index, event)
                if event != .quit { recorder.record(event, frame: index) }
            }
            let previousFrame = loop.onFrame
            loop.onFrame = { [weak self] report in
                previousFrame?(report)
                do { try recorder.endFrame(report.frameIndex, duration: report.simulatedDuration) } catch {
                    self?.outputErrors.append("\(error)")
                }
            }
        }
        return true
    }

    /// Writes the rest of the recording (call once the loop has ended).
    func finish() {
        do { try recorder?.finish() } catch { outputErrors.append(error.description) }
    }

    private func pace(_ duration: Nanoseconds) {
        let now = SystemClock.monotonicNow()
        guard let start = paceStart else { paceStart = now; return }
        pacedTime += duration
        let target = start + pacedTime
        if target > now { SystemClock.sleep(nanoseconds: target - now) }
    }

    private func endOfFrame(index: Int, isLast: Bool, app: DemoApp, platform: SDLPlatform) {
        var image: PixelImage?
        func readBack() -> PixelImage {
            if let image { return image }
            let i = FramebufferCapture.readBackBuffer(size: platform.metrics.drawableSize)
            image = i
            return i
        }
        if let frame = current, !frame.expectations.isEmpty {
            let context = DemoExpectationContext(app: app, metrics: platform.metrics, busErrors: busErrors, readBack: readBack)
            for result in checker.check(frame.expectations, in: context) {
                if result.passed { passedCount += 1 } else { failures.append(result.message) }
            }
        }
        for request in screenshots where request.frame == index || (request.frame == nil && isLast) {
            do { try FramebufferCapture.writePNG(readBack(), to: request.path) } catch { outputErrors.append("\(error)") }
        }
    }
}

/// Finds views in the live overlay by identifier, in window points.
struct OverlayLocator: ViewLocator {
    let overlay: Overlay
    func frame(ofView identifier: String) -> Rect? {
        guard let v = overlay.view(withIdentifier: identifier), !v.isHidden else { return nil }
        return v.windowFrame
    }
}

/// Answers expectation questions from the demo: engine state as `get-state` reports it, view properties,
/// pixels read back from the frame about to be presented.
@MainActor
struct DemoExpectationContext: @MainActor ExpectationContext {
    let app: DemoApp
    let metrics: WindowMetrics
    let busErrors: [String]
    let readBack: () -> PixelImage

    func engineState() -> [String: JSONValue]? {
        guard case .object(let members)? = JSONValue(encoding: app.engine.currentState) else { return nil }
        return members
    }

    func viewProperty(_ identifier: String, _ name: String) -> String? {
        guard let view = app.stage.overlay.view(withIdentifier: identifier) else { return nil }
        switch name {
        case "text":
            if let f = view as? TextField { return f.text }
            if let l = view as? Label { return l.text }
            return nil
        case "hidden": return String(view.isHidden)
        case "focused": return String(view.isFocused)
        case "invalid": return (view as? TextField).map { String($0.isInvalid) }
        case "color":
            if let p = view as? ColorPicker { return p.color.hex }
            return view.backgroundColor.hex
        case "value": return (view as? Slider).map { String($0.value) }
        case "frame": return view.windowFrame.description
        default: return nil
        }
    }

    func pixel(at point: Point) -> Color? {
        let p = metrics.pixels(from: point)
        let x = Int(p.x), y = Int(p.y)
        guard x >= 0, y >= 0, x < metrics.drawableSize.width, y < metrics.drawableSize.height else { return nil }
        let c = readBack().pixel(x: x, y: y)
        return Color(r: Double(c.r) / 255, g: Double(c.g) / 255, b: Double(c.b) / 255, a: Double(c.a) / 255)
    }
}
