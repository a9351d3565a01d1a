// The one front door: a `SessionDescription` in, a running session out. `Session.open` checks what it can before
// any window exists (scripts, output paths), then opens the platform, the renderers, the bus and the app, attaches
// the observers the description asks for, and `run()` drives the frame loop; `close()` tears down in order.
import Foundation
import GlasspaneAnimation
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
    private let surface: SessionSurface
    private let busLog: FileLogSink?
    private var isClosed = false

    /// Opens everything the description asks for, or throws naming what failed. Scripts and output paths are
    /// checked before the window opens, so a bad one never costs a window or a GL context.
    public static func open(_ description: SessionDescription, makeApp: SessionAppFactory) throws(SessionError) -> Session {
        var description = description
        var warnings: [String] = []

        // 1. What can be checked without a window.
        var script: Script?
        if let replay = description.replay {
            do { script = try Script.load(path: replay.scriptPath) } catch {
                throw .script(error.diagnostics.map(\.description))
            }
            warnings += script!.warnings.map { "warning: \($0.description)" }
            try description.apply(script!.header, path: replay.scriptPath)
        }
        try OutputPaths.check(description)
        // Read by every animation when it starts (engine and overlay alike), so it is set before the app exists.
        do { try AnimationSettings.setSlowDownFactor(description.resolvedSlowAnimations) } catch {
            throw .slowAnimations(description.slowAnimations)
        }
        // The inspector's address is checked before any window; nothing is bound until `run()`.
        var inspectorServer: InspectorServer?
        if let settings = description.inspector {
            do { inspectorServer = try InspectorServer(settings: settings, hub: InspectorHub(limits: settings.limits, token: settings.token)) }
            catch { throw .inspector(error) }
        }
        let platformOptions = description.platformOptions
        if let problem = platformOptions.problem { throw .platform(.invalidOptions(problem)) }

        // 2. The window and GL context.
        let platform: SDLPlatform
        do {
            platform = try SDLPlatform(options: platformOptions)
        } catch {
            throw .platform(error)
        }
        // The loop's glFinish before each present leaves nothing queued: no fences needed on top.
        platform.finishesBeforePresent = description.resolvedFinish

        // SDL falls back to its offscreen driver when the display it was given does not answer (a stale DISPLAY):
        // the window would be invisible, so say so instead of rendering into nothing.
        if !description.headless, ["offscreen", "dummy"].contains(platform.videoDriver),
           ProcessInfo.processInfo.environment["SDL_VIDEODRIVER"] != platform.videoDriver {
            platform.close()
            throw .displayUnreachable(display: ProcessInfo.processInfo.environment["DISPLAY"] ?? "", driver: platform.videoDriver)
        }
        if description.vsync && !description.headless && !platform.vsyncActive {
            warnings.append("warning: vsync was requested but the \(platform.videoDriver) driver refused it (\(SDLPlatform.lastError)); "
                            + "frames run uncapped. Use --fps-cap N to pace them.")
        }

        // 3. Renderers, bus, app.
        let app: any SessionApp
        let busLog: FileLogSink?
        // One GL state shadow for the scene and the overlay (the contract in GLStateCache.swift). Nothing else in the
        // session changes the state it tracks, so it stays true from frame to frame.
        let glState = GLStateCache()
        // One sample per pixel in the target (`--msaa 1`): multisampling is left as it is (GLStateCache.swift).
        glState.targetsHaveOneSample = description.resolvedSamples == 1
        do {
            let atlas = try GlyphAtlas(fontPath: description.fontPath.isEmpty ? GlyphAtlas.defaultFontPath : description.fontPath)
            atlas.scale = platform.metrics.scaleY
            let bus = MessageBus()
            if !description.busLogPath.isEmpty {
                let sink = try FileLogSink(path: description.busLogPath)
                bus.logSink = sink
                busLog = sink
            } else {
                busLog = nil
            }
            let overlayRenderer = try GLOverlayRenderer(atlas: atlas, sharedState: glState)
            overlayRenderer.compositing = description.compositing
            let resources = SessionResources(description: description, sceneRenderer: try GLSceneRenderer(sharedState: glState),
                                             overlayRenderer: overlayRenderer, fonts: atlas,
                                             windowSize: platform.metrics.windowSize, bus: bus)
            app = try makeApp(resources)
        } catch {
            platform.close()
            throw SessionError(opening: error)
        }
        if let clipboard = platform.clipboard { app.stage.overlay.clipboard = clipboard }
        if description.tracesRouting {
            app.stage.trace = { line in
                // One line at a time, flushed, so a pipe sees each decision as it happens.
                FileHandle.standardOutput.write(Data("route: \(line)\n".utf8))
            }
        }

        // 4. The loop and its observers.
        var configuration = FrameLoopConfiguration(
            maxFrames: description.frames > 0 ? description.frames : nil,
            fpsCap: description.fpsCap > 0 ? description.fpsCap : nil,
            finishBeforeTiming: description.resolvedFinish)
        if let benchmark = description.benchmark {
            configuration.maxFrames = benchmark.warmupFrames + benchmark.resolvedMeasuredFrames
            configuration.fpsCap = nil
        }
        if description.dumpsViews { configuration.maxFrames = 1 }
        if let script, let replay = description.replay {
            configuration.stepsPerSecond = script.header.stepsPerSecond
            configuration.maxCatchUpSteps = script.header.maxStepsPerFrame
            configuration.ignoresPlatformInput = true
            configuration.fpsCap = nil
            if replay.runsWholeScript && description.benchmark == nil && !description.dumpsViews {
                configuration.maxFrames = script.lastFrameIndex + 1
            }
        }
        if let last = configuration.maxFrames.map({ $0 - 1 }),
           let late = description.screenshots.first(where: { ($0.frame ?? 0) > last }) {
            platform.close()
            throw .screenshotFrame(frame: late.frame ?? 0, lastFrame: last)
        }
        let loop = FrameLoop(platform: platform, app: app, configuration: configuration)
        let surface = SessionSurface(offscreen: description.headless, samples: description.resolvedSamples)
        loop.surface = surface

        let recording: ScriptRecording?
        if !description.recordingPath.isEmpty {
            let metrics = platform.metrics
            var header = script?.header ?? ScriptHeader(windowSize: metrics.windowSize, scale: metrics.scaleY,
                                                        options: description.scriptOptions)
            // A recording of a replay keeps the slow-down it ran with (absent means 1).
            if description.resolvedSlowAnimations != 1 { header.options["slowAnimations"] = .number(description.resolvedSlowAnimations) }
            do {
                recording = try ScriptRecording(path: description.recordingPath, header: header,
                                                bufferedFrames: description.recordingBufferFrames > 0 ? description.recordingBufferFrames : 30)
            } catch {
                platform.close()
                throw .recording(error.description)
            }
            recording!.reportFailures(on: platform)
            loop.addObserver(recording!, order: .recorder)
        } else {
            recording = nil
        }
        let replay: ScriptReplay?
        if let script, let replayDescription = description.replay {
            let r = ScriptReplay(script: script, app: app, platform: platform, pacing: replayDescription.pacing)
            do throws(ScriptErrors) { try r.checkIdentifiers() } catch {
                platform.close()
                throw .unknownViews(error.diagnostics.map(\.description))
            }
            r.recording = recording
            loop.addObserver(r, order: .input)
            loop.addObserver(r.expectations, order: .expectations)
            replay = r
        } else {
            replay = nil
        }
        let screenshots = description.screenshots.isEmpty ? nil : ScreenshotTaker(requests: description.screenshots, platform: platform)
        if let screenshots { loop.addObserver(screenshots, order: .screenshots) }
        let frameTimes = description.collectsFrameTimes ? FrameTimeCollector(expectedFrames: description.frames) : nil
        if let frameTimes { loop.addObserver(frameTimes, order: .statistics) }
        let benchmark = description.benchmark.map { BenchmarkSampler(description: $0) }
        if let benchmark { loop.addObserver(benchmark, order: .statistics) }
        if let hud = app.hud { loop.addObserver(hud, order: .hud) }
        var inspector: InspectorObserver?
        if let inspectorServer {
            let platformRef = platform
            inspector = InspectorObserver(
                hub: inspectorServer.hub, stage: app.stage, bus: app.bus,
                captureFrame: {
                    let image = FramebufferCapture.readBackBuffer(size: platformRef.metrics.drawableSize)
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
            loop.addObserver(inspector!, order: .inspector)
        }
        // The log's lines go to the kernel once per frame (one write), after everything that could log in it.
        if let busLog { loop.addObserver(BusLogFlusher(sink: busLog), order: .busLog) }
        if description.stopsOnInterrupt {
            installInterruptHandlers()
            loop.addObserver(InterruptObserver(), order: .input)
        }
        return Session(description: description, platform: platform, app: app, loop: loop, replay: replay,
                       recording: recording, screenshots: screenshots, frameTimes: frameTimes, benchmark: benchmark,
                       warnings: warnings, surface: surface, busLog: busLog, inspectorServer: inspectorServer,
                       inspector: inspector)
    }

    private init(description: SessionDescription, platform: SDLPlatform, app: any SessionApp, loop: FrameLoop,
                 replay: ScriptReplay?, recording: ScriptRecording?, screenshots: ScreenshotTaker?,
                 frameTimes: FrameTimeCollector?, benchmark: BenchmarkSampler?, warnings: [String],
                 surface: SessionSurface, busLog: FileLogSink?, inspectorServer: InspectorServer?, inspector: InspectorObserver?) {
        self.description = description; self.platform = platform; self.app = app; self.loop = loop
        self.replay = replay; self.recording = recording; self.screenshots = screenshots
        self.frameTimes = frameTimes; self.benchmark = benchmark; self.warnings = warnings
        self.surface = surface; self.busLog = busLog
        self.inspectorServer = inspectorServer; self.inspector = inspector
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

/// Binds the window or the headless framebuffer each frame, draws the scene first and hands it off early on a GPU,
/// and waits for the GPU on request.
@MainActor
final class SessionSurface: RenderSurface {
    let target: RenderTarget
    /// False on a CPU rasterizer: once the scene is flushed its threads preempt the loop's overlay work on a
    /// 2-core machine (the frame took as long, and the wait showed up in whichever phase was preempted: `hud` read
    /// 4.5 ms with the HUD shown on llvmpipe).
    let drawsSceneFirst: Bool
    /// Needs the GL context current (it reads `GL_RENDERER`).
    init(offscreen: Bool, samples: Int) {
        target = RenderTarget(offscreen: offscreen, samples: samples)
        drawsSceneFirst = !GLInfo.current().rasterizesOnCPU
    }
    func beginFrame(metrics: WindowMetrics) { target.bind(size: metrics.drawableSize) }
    func submitScene() { GLContextControl.flush() }
    func finishGPU() { GLContextControl.finish() }
}
