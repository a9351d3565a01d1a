// Runs the demo: opens the platform, builds the renderers and the app, drives the frame loop.
import Foundation
import GlasspaneBus
import GlasspaneCore
import GlasspaneDemo
import GlasspaneEngine
import GlasspaneHost
import GlasspanePlatform
import GlasspaneRender
import Histogram

/// Prints a line to standard error, prefixed with the program name.
func printError(_ message: String) {
    FileHandle.standardError.write(Data("glasspane: \(message)\n".utf8))
}

/// The demo wired to real parts: SDL window, GL renderers, SDL_ttf fonts.
@MainActor
struct DemoSession {
    let platform: SDLPlatform
    let app: DemoApp
    let loop: FrameLoop
    let busLog: FileLogSink?

    /// Opens everything; on failure prints the reason and returns the exit code instead.
    static func open(options: WindowOptions, demo: DemoOptions, configuration: FrameLoopConfiguration,
                     content: DemoApp.Content? = nil) -> Result<DemoSession, ExitStatus> {
        let platform: SDLPlatform
        do {
            platform = try SDLPlatform(options: PlatformOptions(
                size: options.windowSize, headless: options.headless, vsync: options.vsync == .on))
        } catch {
            printError(error.description)
            return .failure(ExitStatus(code: error == .noDisplay ? 2 : 1))
        }
        do {
            let atlas = try GlyphAtlas(fontPath: demo.font ?? GlyphAtlas.defaultFontPath)
            atlas.scale = platform.metrics.scaleY
            let bus = MessageBus()
            var busLog: FileLogSink?
            if let path = demo.busLog {
                let sink = try FileLogSink(path: path)
                bus.logSink = sink
                busLog = sink
            }
            let app = DemoApp(sceneRenderer: try GLSceneRenderer(), overlayRenderer: try GLOverlayRenderer(atlas: atlas),
                              fonts: atlas, windowSize: platform.metrics.windowSize, bus: bus,
                              content: content ?? DemoApp.Content(showsHUD: demo.hud))
            if let clipboard = platform.clipboard { app.stage.overlay.clipboard = clipboard }
            if demo.traceRouting { app.stage.trace = { print("route: \($0)") } }
            let loop = FrameLoop(platform: platform, app: app, configuration: configuration)
            let target = RenderTarget(offscreen: options.headless)
            loop.beginRender = { target.bind(size: $0.drawableSize) }
            loop.finishGPU = { GLContextControl.finish() }
            loop.stopRequested = { interruptRequested.load(ordering: .relaxed) }
            loop.onFrame = { [unowned app] in app.record($0) }
            return .success(DemoSession(platform: platform, app: app, loop: loop, busLog: busLog))
        } catch let error as FontError {
            printError(error.description)
        } catch let error as ShaderError {
            printError(error.description)
        } catch let error as BusLogError {
            if case .cannotOpen(let path, let code) = error { printError("cannot write bus log \(path): \(String(cString: strerror(code)))") }
        } catch {
            printError("\(error)")
        }
        platform.close()
        return .failure(ExitStatus(code: 1))
    }
}

extension DemoSession {
    /// Saves the last frame as a PNG when the loop ends; the returned closure tells the error, if any, afterwards.
    func saveLastFrame(to path: String) -> () -> String? {
        var failure: String?
        let previous = loop.beforePresent
        let platform = self.platform
        loop.beforePresent = { index, isLast in
            previous?(index, isLast)
            guard isLast else { return }
            let image = FramebufferCapture.readBackBuffer(size: platform.metrics.drawableSize)
            do { try FramebufferCapture.writePNG(image, to: path) } catch { failure = "\(error)" }
        }
        return { failure }
    }
}

/// A process exit code as an error value.
struct ExitStatus: Error { let code: Int32 }

/// Runs `glasspane demo` with parsed options and returns the exit code.
@MainActor
struct DemoRunner {
    let options: WindowOptions
    let demo: DemoOptions

    func run() async -> Int32 {
        let mainEntered = SystemClock.monotonicNow()
        installInterruptHandlers()
        let configuration = FrameLoopConfiguration(maxFrames: demo.dumpViews ? 1 : options.frames, fpsCap: options.fpsCap,
                                                   finishBeforeTiming: options.headless)
        let session: DemoSession
        switch DemoSession.open(options: options, demo: demo, configuration: configuration) {
        case .success(let s): session = s
        case .failure(let status): return status.code
        }
        let platform = session.platform, loop = session.loop
        defer { platform.close() }

        let screenshotError = options.screenshot.map { session.saveLastFrame(to: $0) }
        var frameTimes: [Nanoseconds] = []
        if options.stats {
            frameTimes.reserveCapacity(options.frames ?? 10_000)
            let feedHUD = loop.onFrame
            loop.onFrame = { report in
                feedHUD?(report)
                if report.frameIndex > 0 { frameTimes.append(report.frameTime) }
            }
        }

        await loop.run()

        if demo.dumpViews {
            do { print(try session.app.stage.overlay.viewDumpJSON()) } catch {
                printError("could not encode the view tree: \(error)")
                return 1
            }
        }
        if let error = screenshotError?() { printError(error); return 1 }
        if let path = options.screenshot { FileHandle.standardError.write(Data("screenshot: \(path)\n".utf8)) }
        if options.stats {
            printStats(frameTimes: frameTimes, loop: loop, mainEntered: mainEntered, platform: platform)
        }
        return 0
    }

    private func printStats(frameTimes: [Nanoseconds], loop: FrameLoop, mainEntered: Nanoseconds, platform: SDLPlatform) {
        let gl = GLInfo.current()
        print("renderer: \(gl.renderer) | \(gl.version) | driver \(platform.videoDriver) | vsync \(platform.vsyncActive ? "on" : "off")")
        if let first = loop.firstPresentTime {
            print(String(format: "first frame presented %.1f ms after main()", Double(first - mainEntered) / 1e6))
        }
        var histogram = Histogram<UInt64>(highestTrackableValue: 60_000_000, numberOfSignificantValueDigits: .three)
        for t in frameTimes { _ = histogram.record(UInt64(max(1, t / 1000))) }
        if histogram.totalCount > 0 {
            let median = Double(histogram.median) / 1000, p99 = Double(histogram.valueAtPercentile(99)) / 1000
            let worst = Double(histogram.max) / 1000, fps = 1e6 / histogram.mean
            print(String(format: "frames %d | frame time median %.3f ms, p99 %.3f ms, max %.3f ms | %.0f fps average",
                         loop.frameIndex, median, p99, worst, fps))
        }
        if !loop.pacingErrors.isEmpty {
            var pacing = Histogram<UInt64>(highestTrackableValue: 60_000_000, numberOfSignificantValueDigits: .three)
            for e in loop.pacingErrors { _ = pacing.record(UInt64(max(0, e) / 1000)) }
            print("fps-cap pacing error: median \(pacing.median) µs, p99 \(pacing.valueAtPercentile(99)) µs")
        }
    }
}
