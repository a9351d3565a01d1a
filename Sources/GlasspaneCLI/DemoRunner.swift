// Runs the demo: opens the platform, builds the renderers and the app, drives the frame loop.
import GlasspaneCore
import GlasspaneDemo
import GlasspaneEngine
import GlasspaneHost
import GlasspanePlatform
import GlasspaneRender
import Histogram
import Foundation

/// Prints a line to standard error, prefixed with the program name.
func printError(_ message: String) {
    FileHandle.standardError.write(Data("glasspane: \(message)\n".utf8))
}

/// Runs `glasspane demo` with parsed options and returns the exit code.
@MainActor
struct DemoRunner {
    let options: WindowOptions

    func run() async -> Int32 {
        let mainEntered = SystemClock.monotonicNow()
        installInterruptHandlers()
        let platform: SDLPlatform
        do {
            platform = try SDLPlatform(options: PlatformOptions(
                size: options.windowSize, headless: options.headless, vsync: options.vsync == .on))
        } catch {
            printError(error.description)
            return error == .noDisplay ? 2 : 1
        }
        defer { platform.close() }

        let sceneRenderer: GLSceneRenderer
        do { sceneRenderer = try GLSceneRenderer() } catch {
            printError(error.description)
            return 1
        }
        let app = DemoApp(sceneRenderer: sceneRenderer)
        let loop = FrameLoop(platform: platform, app: app, configuration: FrameLoopConfiguration(
            maxFrames: options.frames, fpsCap: options.fpsCap, finishBeforeTiming: options.headless))
        let target = RenderTarget(offscreen: options.headless)
        loop.beginRender = { target.bind(size: $0.drawableSize) }
        loop.finishGPU = { GLContextControl.finish() }
        loop.stopRequested = { interruptRequested.load(ordering: .relaxed) }

        var screenshotError: String?
        if let path = options.screenshot {
            loop.beforePresent = { _, isLast in
                guard isLast else { return }
                let image = FramebufferCapture.readBackBuffer(size: platform.metrics.drawableSize)
                do { try FramebufferCapture.writePNG(image, to: path) } catch { screenshotError = "\(error)" }
            }
        }
        var frameTimes: [Nanoseconds] = []
        if options.stats {
            frameTimes.reserveCapacity(options.frames ?? 10_000)
            loop.onFrame = { report in if report.frameIndex > 0 { frameTimes.append(report.frameTime) } }
        }

        await loop.run()

        if let screenshotError { printError(screenshotError); return 1 }
        if let path = options.screenshot { print("screenshot: \(path)") }
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
