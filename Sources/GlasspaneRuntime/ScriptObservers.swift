// Script replay and recording as frame observers: in-process decorators on a session, testable without spawning
// the binary.
import Foundation
import GlasspaneBus
import GlasspaneCore
import GlasspaneHost
import GlasspaneOverlay
import GlasspanePlatform
import GlasspaneRender
import GlasspaneScripts

/// Feeds a session from a script, frame by frame: events, the recorded frame duration, injected bus messages, and
/// (through `expectations`) the checks at the end of each frame.
@MainActor
public final class ScriptReplay: FrameObserver {
    /// The parsed script.
    public let script: Script
    /// The expectation checks (an observer of their own, at `FrameObserverOrder.expectations`).
    public let expectations: ExpectationObserver
    /// A play-time error that makes the script unusable (exit 2), such as a view missing at its frame.
    public private(set) var fatalError: String?
    /// Where replayed input is re-recorded (`--record-out`), if anywhere.
    public var recording: ScriptRecording?
    private let app: any SessionApp
    private let platform: SDLPlatform
    private let pacing: ReplayPacing
    private var player: ScriptPlayer
    private let scriptEndpoint: BusEndpoint
    private var paceStart: Nanoseconds?
    private var pacedTime: Nanoseconds = 0

    init(script: Script, app: any SessionApp, platform: SDLPlatform, pacing: ReplayPacing) {
        self.script = script
        self.app = app
        self.platform = platform
        self.pacing = pacing
        player = ScriptPlayer(script: script)
        scriptEndpoint = app.bus.attach(.script)
        expectations = ExpectationObserver(app: app, platform: platform)
        scriptEndpoint.onError = { [expectations] error, _ in expectations.busErrors.append(error.code.rawValue) }
    }

    /// Throws `unknown-view` diagnostics when the script names views the app does not have.
    func checkIdentifiers() throws(ScriptErrors) {
        let overlay = app.stage.overlay
        let known = Set(overlay.viewDump().map(\.identifier).filter { !$0.isEmpty }).union(overlay.laterViewIdentifiers)
        try script.validateIdentifiers(known)
    }

    /// Ends the loop once the script failed.
    public var requestsStop: Bool { fatalError != nil }

    /// Supplies the frame's events, duration and bus messages.
    public func frameWillStart(_ loop: FrameLoop, index: Int) {
        do {
            guard let frame = try player.nextFrame(locator: OverlayLocator(overlay: app.stage.overlay)) else {
                expectations.current = nil
                return
            }
            expectations.current = frame
            loop.nextFrameDuration = frame.duration
            for event in frame.events {
                if case .resize(let m) = event {
                    platform.setWindowSize(PixelSize(width: Int(m.windowSize.width), height: Int(m.windowSize.height)))
                }
            }
            for scroll in frame.scrolls {
                try scroll.apply(to: app.stage.overlay, frame: index)
                recording?.recorder.recordScroll(scroll, frame: index)
            }
            loop.inject(frame.events)
            for message in frame.busMessages {
                let to: EndpointID = message.destination == .engine ? .engine : .overlay
                switch message.content {
                case .envelope(let envelope): app.bus.post(envelope: envelope, from: .script, to: to)
                case .verbatim(let text): app.bus.postRaw(text, from: .script, to: to)
                }
                recording?.recorder.recordBus(message, frame: index)
            }
            if pacing == .realtime { pace(frame.duration) }
        } catch {
            fatalError = "\(error)"
            expectations.current = nil
        }
    }

    private func pace(_ duration: Nanoseconds) {
        let now = SystemClock.monotonicNow()
        guard let start = paceStart else { paceStart = now; return }
        pacedTime += duration
        let target = start + pacedTime
        if target > now { SystemClock.sleep(nanoseconds: target - now) }
    }
}

/// Checks a replayed frame's expectations after rendering, before present, against the app's typed answers.
@MainActor
public final class ExpectationObserver: FrameObserver {
    /// Failed expectations, `FILE:LINE: ...`.
    public private(set) var failures: [String] = []
    /// Expectations that held.
    public private(set) var passedCount = 0
    /// Codes of bus errors replied to script-injected messages, oldest first.
    public internal(set) var busErrors: [String] = []
    var current: ScriptFrame?
    /// The script lines of the expectations checked so far.
    private var checkedLines: Set<Int> = []
    private var checker = ExpectationChecker()
    private let app: any SessionApp
    private let platform: SDLPlatform

    init(app: any SessionApp, platform: SDLPlatform) { self.app = app; self.platform = platform }

    /// Delivers bus errors to the script endpoint, then checks this frame's expectations.
    public func frameWillPresent(_ loop: FrameLoop, index: Int, isLast: Bool) {
        app.bus.deliver(to: .script)
        guard let frame = current, !frame.expectations.isEmpty else { return }
        let context = SessionExpectationContext(app: app, metrics: platform.metrics, busErrors: busErrors)
        for result in checker.check(frame.expectations, in: context) {
            checkedLines.insert(result.expectation.line)
            if result.passed { passedCount += 1 } else { failures.append(result.message) }
        }
    }

    /// Every expectation of `script` that was never checked is a `not-reached` failure (call once the loop ended
    /// after `framesRun` frames): an early quit must not make a replay pass.
    func failUnreached(in script: Script, framesRun: Int) {
        for e in script.expectations where !checkedLines.contains(e.line) {
            failures.append(ExpectationChecker.notReached(e, lastFrame: framesRun - 1).message)
        }
    }
}

/// Writes every input event (and injected bus message) to a script as the session runs.
@MainActor
public final class ScriptRecording: FrameObserver {
    /// The recorder.
    public let recorder: ScriptRecorder
    /// Write failures, in order (reported at the end; the recorder keeps the file valid).
    public private(set) var errors: [String] = []
    /// Frames recorded.
    public var framesRecorded: Int { recorder.framesRecorded }
    /// Events recorded.
    public var eventsRecorded: Int { recorder.eventsRecorded }

    init(path: String, header: ScriptHeader, bufferedFrames: Int) throws(ScriptErrors) {
        recorder = try ScriptRecorder(path: path, header: header, maxBufferedFrames: bufferedFrames)
    }

    /// Records every event but `.quit`.
    public func frame(_ index: Int, received event: InputEvent) {
        if event != .quit { recorder.record(event, frame: index) }
    }

    /// Closes the frame's line with its simulated duration. A failed write is reported by `onWriteFailure` as it
    /// happens; the recorder keeps the file valid and retries, so only a failure still outstanding at the end counts.
    public func frameDidEnd(_ loop: FrameLoop, report: FrameReport) {
        try? recorder.endFrame(report.frameIndex, duration: report.simulatedDuration)
    }

    /// Shows write failures at once (standard error and the window title) and their recovery.
    func reportFailures(on platform: SDLPlatform) {
        let title = platform.title
        recorder.onWriteFailure = { error in
            FileHandle.standardError.write(Data("glasspane: recording: \(error.description) (retrying every frame; the file stays a valid script)\n".utf8))
            platform.setTitle("\(title) · recording failed: \(error.description)")
        }
        recorder.onWriteRecovered = {
            FileHandle.standardError.write(Data("glasspane: recording: writing again, nothing was lost\n".utf8))
            platform.setTitle(title)
        }
    }

    /// Writes the rest (call once the loop has ended); a failure still outstanding is an error.
    func finish() {
        do { try recorder.finish() } catch { errors.append(error.description) }
        if recorder.isAbandoned, errors.isEmpty { errors.append("recording abandoned: the disk stayed full past the retry buffer") }
    }
}

/// Saves PNGs of requested frames (and of the last one), and the overlay's view tree as JSON (`--dump-views-at`).
@MainActor
public final class ScreenshotTaker: FrameObserver {
    /// The requests.
    public let requests: [ScreenshotRequest]
    /// The view dumps asked for (the same JSON as `--dump-views`, text views' lines and runs included).
    public let viewDumps: [ScreenshotRequest]
    /// Files written.
    public private(set) var written: [String] = []
    /// Write failures.
    public private(set) var errors: [String] = []
    private let platform: SDLPlatform
    private let overlay: Overlay?

    init(requests: [ScreenshotRequest], viewDumps: [ScreenshotRequest] = [], platform: SDLPlatform, overlay: Overlay? = nil) {
        self.requests = requests; self.viewDumps = viewDumps; self.platform = platform; self.overlay = overlay
    }

    /// Reads the frame back (once) when a request names it, and writes each PNG; writes the view dumps of the frame.
    public func frameWillPresent(_ loop: FrameLoop, index: Int, isLast: Bool) {
        for request in viewDumps where request.frame == index || (request.frame == nil && isLast) {
            do {
                guard let overlay else { break }
                try Data(try overlay.viewDumpJSON().utf8).write(to: URL(fileURLWithPath: request.path))
                written.append(request.path)
            } catch {
                errors.append("--dump-views-at \(request.path): \(error)")
            }
        }
        var image: PixelImage?
        for request in requests where request.frame == index || (request.frame == nil && isLast) {
            let pixels = image ?? FramebufferCapture.readBackBuffer(size: platform.metrics.drawableSize)
            image = pixels
            do {
                try FramebufferCapture.writePNG(pixels, to: request.path)
                written.append(request.path)
            } catch {
                errors.append("\(error)")
            }
        }
    }
}

/// Finds views in the live overlay by identifier, in window points: only views on screen now, so a pointer line
/// never aims at the stale frame of a view on a hidden route, in a hidden layer, not laid out, or of zero size.
struct OverlayLocator: ViewLocator {
    let overlay: Overlay
    func frame(ofView identifier: String) -> Rect? {
        guard case .shown(let frame) = overlay.presence(ofView: identifier), frame.width > 0, frame.height > 0 else { return nil }
        return frame
    }

    func whyNotFound(_ identifier: String) -> String? {
        let presence = overlay.presence(ofView: identifier)
        if case .shown(let frame) = presence { return "its frame \(frame) has no area" }
        return presence.description
    }
}

/// Answers expectation questions from the app's typed answers: engine state, view properties (generic ones here,
/// app-specific ones from `SessionApp.property`), pixels read back from the frame about to be presented.
@MainActor
struct SessionExpectationContext: @MainActor ExpectationContext {
    let app: any SessionApp
    let metrics: WindowMetrics
    let busErrors: [String]
    private let image: PixelImageCache

    init(app: any SessionApp, metrics: WindowMetrics, busErrors: [String]) {
        self.app = app; self.metrics = metrics; self.busErrors = busErrors
        image = PixelImageCache(size: metrics.drawableSize)
    }

    func engineState() -> [String: JSONValue]? {
        guard case .object(let members)? = app.engineStateForExpectations() else { return nil }
        return members
    }

    /// Only `hidden` and `shown` are answered for a view that is not on screen (they are how a script checks that it
    /// is not).
    func whyNotFound(_ identifier: String, property: String) -> String? {
        guard property != ViewProperty.hidden.rawValue, property != ViewProperty.shown.rawValue else { return nil }
        let presence = app.stage.overlay.presence(ofView: identifier)
        if case .shown = presence { return nil }
        return presence.description
    }

    func viewProperty(_ identifier: String, _ name: String) -> String? {
        guard let property = ViewProperty(rawValue: name),
              let view = app.stage.overlay.view(withIdentifier: identifier) else { return nil }
        switch property {
        case .hidden: return String(view.isHidden)
        case .focused: return String(view.isFocused)
        case .frame: return view.windowFrame.description
        case .isEnabled:
            if let control = view as? Control { return String(control.isEnabled) }
            if let button = view as? Button { return String(button.isEnabled) }
            return (view as? any ScriptableControl)?.scriptValue(of: name)
        case .isOn, .selection: return (view as? any ScriptableControl)?.scriptValue(of: name)
        case .scrollOffset: return (view as? ScrollView)?.contentOffset.description
        case .shown:
            if case .shown = app.stage.overlay.presence(ofView: identifier) { return "true" }
            return "false"
        default:
            // The themed controls answer their own properties (Controls/Control.swift).
            if let answer = (view as? any ScriptableControl)?.scriptValue(of: name) { return answer }
            return app.property(property, of: view)
        }
    }

    func pixel(at point: Point) -> Color? {
        let p = metrics.pixels(from: point)
        let x = Int(p.x), y = Int(p.y)
        guard x >= 0, y >= 0, x < metrics.drawableSize.width, y < metrics.drawableSize.height else { return nil }
        let c = image.image.pixel(x: x, y: y)
        return Color(r: Double(c.r) / 255, g: Double(c.g) / 255, b: Double(c.b) / 255, a: Double(c.a) / 255)
    }
}

/// Reads the frame back at most once per expectation batch.
@MainActor
final class PixelImageCache {
    let size: PixelSize
    init(size: PixelSize) { self.size = size }
    lazy var image: PixelImage = FramebufferCapture.readBackBuffer(size: size)
}
