// The one front door: a `SessionDescription` in, a running session out. `Session.open` decides what it can before
// any window exists (`SessionPlan`: scripts, output paths, the loop's configuration), then opens the platform, the
// renderers, the bus and the app and attaches the observers the description asks for, closing what it opened on
// any failure; `run()` drives the frame loop; `close()` tears down in order.
import Foundation
import GlasspaneBus
import GlasspaneCore
import GlasspaneHost
import GlasspaneInspector
import GlasspaneOverlay
import GlasspanePlatform
import GlasspaneRender
import GlasspaneScene
import GlasspaneScripts

/// What the session hands an app factory: the real renderers, the font, the bus and the description.
@MainActor
public struct SessionResources {
    /// The description the session was opened with.
    public let description: SessionDescription
    /// Draws the engine's scene (OpenGL).
    public let sceneRenderer: any SceneRenderer
    /// Draws the overlay's draw lists (OpenGL).
    public let overlayRenderer: any DrawListRenderer
    /// Measures text for layout (SDL2_ttf).
    public let fonts: any FontMetrics
    /// The window size in points at start.
    public let windowSize: Size
    /// The bus, with `--bus-log` already attached.
    public let bus: MessageBus
}

/// Builds the app a session runs (the demo's `DemoApp`, or your own).
public typealias SessionAppFactory = @MainActor (SessionResources) throws -> any SessionApp

/// A running session: platform, renderers, bus, app, frame loop and the observers the description asked for.
@MainActor
public final class Session {
    /// The description it was opened with (after a replayed script's header applied).
    public let description: SessionDescription
    /// The window and event source.
    public let platform: SDLPlatform
    /// The app.
    public let app: any SessionApp
    /// The frame loop.
    public let loop: FrameLoop
    /// The script replay, when the description has one.
    public let replay: ScriptReplay?
    /// The recording, when the description has one.
    public let recording: ScriptRecording?
    /// Screenshots, when requested.
    public let screenshots: ScreenshotTaker?
    /// Frame times for `--stats`.
    public let frameTimes: FrameTimeCollector?
    /// Benchmark samples.
    public let benchmark: BenchmarkSampler?
    /// Warnings found while opening (a script's), for the caller to print.
    public let warnings: [String]
    /// The inspector's frame observer, when `--inspect` asked for one (its hub holds the token and the buffers).
    public let inspector: InspectorObserver?
    /// The inspector's server; bound when `run()` starts.
    private let inspectorServer: InspectorServer?
    /// The inspector's port once bound (0 before).
    public private(set) var inspectorPort = 0
    let surface: SessionSurface
    private let busLog: FileLogSink?
    private var isClosed = false

    /// Opens everything the description asks for, or throws naming what failed. Scripts and output paths are
    /// checked before the window opens, so a bad one never costs a window or a GL context.
    public static func open(_ description: SessionDescription, makeApp: SessionAppFactory) throws(SessionError) -> Session {
        // 1. What can be checked without a window, and the loop's configuration (pure: SessionLoopConfigurationTests).
        let plan = try SessionPlan(description)
        let description = plan.description

        // 2. The window and GL context. Every failure after this leaves through the one cleanup below.
        let platform: SDLPlatform
        do { platform = try SDLPlatform(options: description.platformOptions) } catch { throw .platform(error) }
        // The loop's glFinish before each present leaves nothing queued: no fences needed on top.
        platform.finishesBeforePresent = description.resolvedFinish
        var busLog: FileLogSink?
        do throws(SessionError) {
            var warnings = plan.warnings
            try checkDisplay(of: platform, for: description, warnings: &warnings)

            // 3. Font, bus log, renderers, app; the font first, so a missing one leaves no log file behind.
            let atlas: GlyphAtlas
            do {
                atlas = try GlyphAtlas(fontPath: description.fontPath.isEmpty ? GlyphAtlas.defaultFontPath : description.fontPath)
                if !description.busLogPath.isEmpty { busLog = try FileLogSink(path: description.busLogPath) }
            } catch {
                throw SessionError(opening: error)
            }
            atlas.scale = platform.metrics.scaleY
            // One GL state shadow for the scene and the overlay (the contract in GLStateCache.swift). Nothing else in
            // the session changes the state it tracks, so it stays true from frame to frame.
            let glState = GLStateCache()
            let app = try openApp(description, on: platform, atlas: atlas, glState: glState, busLog: busLog, makeApp: makeApp)

            // 4. The loop and its observers.
            let loop = FrameLoop(platform: platform, app: app, configuration: plan.loopConfiguration)
            let surface = SessionSurface(offscreen: description.headless, samples: description.resolvedSamples)
            surface.stateCache = glState
            loop.surface = surface
            let observers = try attachObservers(to: loop, plan: plan, app: app, platform: platform, busLog: busLog)
            return Session(description: description, platform: platform, app: app, loop: loop, observers: observers,
                           warnings: warnings, surface: surface, busLog: busLog, inspectorServer: plan.inspectorServer)
        } catch {
            busLog?.close()
            platform.close()
            throw error
        }
    }

    /// SDL falls back to its offscreen driver when the display it was given does not answer (a stale DISPLAY): the
    /// window would be invisible, so that is an error rather than rendering into nothing. A refused vsync is a warning.
    private static func checkDisplay(of platform: SDLPlatform, for description: SessionDescription,
                                     warnings: inout [String]) throws(SessionError) {
        if !description.headless, ["offscreen", "dummy"].contains(platform.videoDriver),
           ProcessInfo.processInfo.environment["SDL_VIDEODRIVER"] != platform.videoDriver {
            throw .displayUnreachable(display: ProcessInfo.processInfo.environment["DISPLAY"] ?? "", driver: platform.videoDriver)
        }
        if description.vsync && !description.headless && !platform.vsyncActive {
            warnings.append("warning: vsync was requested but the \(platform.videoDriver) driver refused it (\(SDLPlatform.lastError)); "
                            + "frames run uncapped. Use --fps-cap N to pace them.")
        }
    }

    /// The renderers, the bus (logging to `busLog`) and the app the factory builds on them, wired to the platform.
    private static func openApp(_ description: SessionDescription, on platform: SDLPlatform, atlas: GlyphAtlas, glState: GLStateCache,
                                busLog: FileLogSink?, makeApp: SessionAppFactory) throws(SessionError) -> any SessionApp {
        let app: any SessionApp
        // One sample per pixel in the target (`--msaa 1`): multisampling is left as it is (GLStateCache.swift).
        glState.targetsHaveOneSample = description.resolvedSamples == 1
        do {
            let bus = MessageBus()
            bus.logSink = busLog
            let overlayRenderer = try GLOverlayRenderer(atlas: atlas, sharedState: glState)
            overlayRenderer.compositing = description.compositing
            let resources = SessionResources(description: description, sceneRenderer: try GLSceneRenderer(sharedState: glState),
                                             overlayRenderer: overlayRenderer, fonts: atlas,
                                             windowSize: platform.metrics.windowSize, bus: bus)
            app = try makeApp(resources)
            // Image views decode through SDL2_image and upload to the overlay renderer (its companions share images).
            app.stage.overlay.images.install(decoder: SDLImageDecoder(), registry: GLImageRegistry(overlayRenderer))
            app.stage.overlay.images.textRasterizer = ShapedTextRasterizer()
        } catch {
            throw SessionError(opening: error)
        }
        if let clipboard = platform.clipboard { app.stage.overlay.clipboard = clipboard }
        if description.tracesRouting {
            app.stage.trace = { line in
                // One line at a time, flushed, so a pipe sees each decision as it happens.
                FileHandle.standardOutput.write(Data("route: \(line)\n".utf8))
            }
        }
        return app
    }

    /// The frame observers a session attaches, each nil when the description does not ask for it.
    private struct Observers {
        var recording: ScriptRecording?
        var replay: ScriptReplay?
        var screenshots: ScreenshotTaker?
        var frameTimes: FrameTimeCollector?
        var benchmark: BenchmarkSampler?
        var inspector: InspectorObserver?
    }

    /// Attaches every observer the description asks for, each at its `FrameObserverOrder`. Throws when the recording
    /// cannot start or the replayed script names views the app does not have.
    private static func attachObservers(to loop: FrameLoop, plan: SessionPlan, app: any SessionApp, platform: SDLPlatform,
                                        busLog: FileLogSink?) throws(SessionError) -> Observers {
        let description = plan.description
        var observers = Observers()
        if !description.recordingPath.isEmpty {
            let metrics = platform.metrics
            var header = plan.script?.header ?? ScriptHeader(windowSize: metrics.windowSize, scale: metrics.scaleY,
                                                             options: description.scriptOptions)
            // A recording of a replay keeps the slow-down it ran with (absent means 1).
            if let slowDown = ScriptOption.slowAnimations.recordedValue(of: description) {
                header.options[ScriptOption.slowAnimations.rawValue] = slowDown
            }
            let recording: ScriptRecording
            do {
                recording = try ScriptRecording(path: description.recordingPath, header: header,
                                                bufferedFrames: description.recordingBufferFrames > 0 ? description.recordingBufferFrames : 30)
            } catch {
                throw .recording(error.description)
            }
            recording.reportFailures(on: platform)
            loop.addObserver(recording, order: .recorder)
            observers.recording = recording
        }
        if let script = plan.script, let replayDescription = description.replay {
            let replay = ScriptReplay(script: script, app: app, platform: platform, pacing: replayDescription.pacing)
            do throws(ScriptErrors) { try replay.checkIdentifiers() } catch {
                throw .unknownViews(error.diagnostics.map(\.description))
            }
            replay.recording = observers.recording
            loop.addObserver(replay, order: .input)
            loop.addObserver(replay.expectations, order: .expectations)
            observers.replay = replay
        }
        if !description.screenshots.isEmpty || !description.viewDumps.isEmpty {
            let screenshots = ScreenshotTaker(requests: description.screenshots, viewDumps: description.viewDumps, platform: platform,
                                              overlay: app.stage.overlay)
            loop.addObserver(screenshots, order: .screenshots)
            observers.screenshots = screenshots
        }
        if description.collectsFrameTimes {
            let frameTimes = FrameTimeCollector(expectedFrames: description.frames)
            loop.addObserver(frameTimes, order: .statistics)
            observers.frameTimes = frameTimes
        }
        if let benchmarkDescription = description.benchmark {
            let benchmark = BenchmarkSampler(description: benchmarkDescription)
            loop.addObserver(benchmark, order: .statistics)
            observers.benchmark = benchmark
        }
        if let hud = app.hud { loop.addObserver(hud, order: .hud) }
        if let inspectorServer = plan.inspectorServer {
            let inspector = inspectorObserver(hub: inspectorServer.hub, app: app, platform: platform)
            loop.addObserver(inspector, order: .inspector)
            observers.inspector = inspector
        }
        // The log's lines go to the kernel once per frame (one write), after everything that could log in it.
        if let busLog { loop.addObserver(BusLogFlusher(sink: busLog), order: .busLog) }
        if description.stopsOnInterrupt {
            installInterruptHandlers()
            loop.addObserver(InterruptObserver(), order: .input)
        }
        return observers
    }

    /// The inspector's frame observer: it reads the window's pixels back and encodes them as PNG.
    private static func inspectorObserver(hub: InspectorHub, app: any SessionApp, platform: SDLPlatform) -> InspectorObserver {
        InspectorObserver(
            hub: hub, stage: app.stage, bus: app.bus,
            captureFrame: {
                let image = FramebufferCapture.readBackBuffer(size: platform.metrics.drawableSize)
                return InspectorImage(width: image.size.width, height: image.size.height, rgba: image.rgba)
            },
            encodePNG: { image in
                // The framebuffer's alpha is whatever the passes left (often 0): a page would show it as
                // transparent, so the inspector's copy is made opaque, off the main actor.
                var rgba = image.rgba
                var i = 3
                while i < rgba.count { rgba[i] = 255; i += 4 }
                return FramebufferCapture.encodePNG(width: image.width, height: image.height, rgba: rgba)
            })
    }

    private init(description: SessionDescription, platform: SDLPlatform, app: any SessionApp, loop: FrameLoop,
                 observers: Observers, warnings: [String], surface: SessionSurface, busLog: FileLogSink?,
                 inspectorServer: InspectorServer?) {
        self.description = description; self.platform = platform; self.app = app; self.loop = loop
        self.replay = observers.replay; self.recording = observers.recording; self.screenshots = observers.screenshots
        self.frameTimes = observers.frameTimes; self.benchmark = observers.benchmark; self.inspector = observers.inspector
        self.warnings = warnings; self.surface = surface; self.busLog = busLog; self.inspectorServer = inspectorServer
    }

    /// Runs the frame loop to its end, then finishes the recording and collects the outcome.
    public func run() async -> SessionOutcome {
        if let inspectorServer {
            // Starting the server suspends, and the frames may then run on another thread: the GL context, current
            // on this one since the window opened, must be free to follow (it rendered nothing when it was not).
            platform.releaseContext()
            defer { platform.makeContextCurrent() }
            do {
                inspectorPort = try await inspectorServer.start()
            } catch {
                var outcome = SessionOutcome(framesRun: 0)
                outcome.fatalError = error.description
                return outcome
            }
            let settings = inspectorServer.settings
            if !settings.isLoopback {
                FileHandle.standardError.write(Data(("warning: the inspector listens on \(settings.host):\(inspectorPort), reachable from other "
                    + "machines; anyone with the token can read the app and post to its bus\n").utf8))
            }
            let host = settings.host.contains(":") ? "[\(settings.host)]" : settings.host
            FileHandle.standardError.write(Data(("inspector: http://\(host):\(inspectorPort)/?token=\(inspectorServer.hub.token)\n").utf8))
        }
        await loop.run()
        if let inspectorServer {
            platform.releaseContext()
            await inspectorServer.stop()
            platform.makeContextCurrent() // for what reads GL after the run (reports, screenshots)
        }
        var outcome = SessionOutcome(framesRun: loop.frameIndex)
        if let recording {
            recording.finish()
            outcome.outputErrors += recording.errors
            outcome.recorded = (recording.framesRecorded, recording.eventsRecorded)
        }
        if let replay {
            // A bench or a dump decides how many frames run: only a replay of the whole script owes every check.
            if description.playsWholeScript { replay.expectations.failUnreached(in: replay.script, framesRun: loop.frameIndex) }
            outcome.fatalError = replay.fatalError
            outcome.expectationsPassed = replay.expectations.passedCount
            outcome.expectationFailures = replay.expectations.failures
        }
        if let screenshots { outcome.outputErrors += screenshots.errors; outcome.screenshotsWritten = screenshots.written }
        if description.dumpsViews {
            do { outcome.viewDumpJSON = try app.stage.overlay.viewDumpJSON() } catch {
                outcome.outputErrors.append("could not encode the view tree: \(error)")
            }
        }
        return outcome
    }

    /// One line naming the GL renderer, its version, SDL's video driver and the vsync in effect.
    public var rendererSummary: String {
        platform.makeContextCurrent()
        let gl = GLInfo.current()
        let vsync = platform.vsyncActive ? "on" : description.vsync ? (description.headless ? "off (headless: no display to sync to)" : "off (refused by the driver)") : "off"
        return "renderer: \(gl.renderer) | \(gl.version) | driver \(platform.videoDriver) | vsync \(vsync)"
    }

    /// Closes the bus log, the GL context and the window. Idempotent.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        busLog?.close()
        platform.close()
    }
}

/// What a session produced, for the caller to print and turn into an exit code.
public struct SessionOutcome: Sendable {
    /// Frames that ran.
    public var framesRun: Int
    /// Expectations that held (replays).
    public var expectationsPassed = 0
    /// Failed expectations, each `FILE:LINE: ...`.
    public var expectationFailures: [String] = []
    /// A play-time error that made the script unusable (exit 2), such as a view missing at its frame.
    public var fatalError: String?
    /// Problems writing screenshots or the recording (exit 1).
    public var outputErrors: [String] = []
    /// Screenshot files written.
    public var screenshotsWritten: [String] = []
    /// Frames and events recorded.
    public var recorded: (frames: Int, events: Int)?
    /// The overlay's view tree as JSON (`dumpsViews`).
    public var viewDumpJSON: String?

    /// Creates an outcome for a number of frames.
    public init(framesRun: Int) { self.framesRun = framesRun }

    /// 2 for a fatal script error, 1 for failed expectations or output errors, 0 otherwise.
    public var exitCode: Int32 {
        if fatalError != nil { return 2 }
        return expectationFailures.isEmpty && outputErrors.isEmpty ? 0 : 1
    }
}

/// The frame loop's surface for an app on the library's loop: binds the window or the headless framebuffer each
/// frame, draws the scene first and hands it to the GPU early on a GPU, and waits for the GPU on request. Sessions
/// use it; a host that builds its own loop (Examples/MinimalHost) sets it as `FrameLoop.surface`.
@MainActor
public final class SessionSurface: RenderSurface {
    /// The window's framebuffer, or the headless one.
    public let target: RenderTarget
    /// False on a CPU rasterizer: once the scene is flushed its threads preempt the loop's overlay work on a
    /// 2-core machine (the frame took as long, and the wait showed up in whichever phase was preempted: `hud` read
    /// 4.5 ms with the HUD shown on llvmpipe).
    public let drawsSceneFirst: Bool
    /// A surface drawing into the window, or headless into a framebuffer of `samples` samples a pixel. Needs the GL
    /// context current (it reads `GL_RENDERER`).
    public init(offscreen: Bool, samples: Int = 4) {
        target = RenderTarget(offscreen: offscreen, samples: samples)
        drawsSceneFirst = !GLInfo.current().rasterizesOnCPU
    }
    /// Binds the target at the drawable's size.
    public func beginFrame(metrics: WindowMetrics) { target.bind(size: metrics.drawableSize) }
    /// Hands the queued scene to the GPU.
    public func submitScene() { GLContextControl.flush() }
    /// Waits until the GPU has drawn the frame.
    public func finishGPU() { GLContextControl.finish() }
    /// Copies a windowed target's framebuffer object to the window (after a run-time MSAA change).
    public func finishFrame() { target.finishFrame() }
    /// The state shadow both renderers share: told when the target's sample count changes (`Session.setMSAA`).
    var stateCache: GLStateCache?
}
