// Options shared by every command that opens a window.
import ArgumentParser
import GlasspaneCore
import GlasspaneRuntime

/// Vertical sync setting.
public enum VsyncMode: String, ExpressibleByArgument, CaseIterable, Sendable {
    /// Present on the display's refresh.
    case on
    /// Present as soon as a frame is ready.
    case off
}

/// Window, pacing and capture options.
public struct WindowOptions: ParsableArguments, Sendable {
    /// Window size in points.
    @Option(name: .long, help: ArgumentHelp("Window size in points, WIDTHxHEIGHT.", valueName: "WxH"))
    public var size: String = "1280x720"

    /// Forced pixels per point.
    @Option(name: .long, help: ArgumentHelp("Pixels per point, e.g. 2 for a high-DPI frame on any display, headless too (default: the display's). Recorded in the script header; replay uses it.", valueName: "S"))
    public var scale: Double?

    /// Quit after this many frames.
    @Option(name: .long, help: ArgumentHelp("Quit after N frames (default: run until the window closes).", valueName: "N"))
    public var frames: Int?

    /// Render offscreen with SDL's offscreen driver (EGL); no display needed.
    @Flag(name: .long, help: "Render offscreen through EGL; no display needed.")
    public var headless = false

    /// Write a PNG of the last frame.
    @Option(name: .long, help: ArgumentHelp("Save the last frame as a PNG file.", valueName: "PATH"))
    public var screenshot: String?

    /// Vsync on or off.
    @Option(name: .long, help: "Vertical sync: on (default) or off (uncapped).")
    public var vsync: VsyncMode = .on

    /// Frame-rate cap.
    @Option(name: .customLong("fps-cap"), help: ArgumentHelp("Pace frames to at most N per second.", valueName: "N"))
    public var fpsCap: Int?

    /// MSAA samples.
    @Option(name: .long, help: ArgumentHelp("Multisample anti-aliasing samples per pixel for the scene: 1 (off), 2, 4 (default), 8 or 16.", valueName: "N"))
    public var msaa: Int = 4

    /// Print frame-time statistics at exit.
    @Flag(name: .long, help: "Print frame-time statistics and time to first frame at exit.")
    public var stats = false

    /// Creates default options.
    public init() {}

    /// The parsed window size.
    public var windowSize: PixelSize { PixelSize(parsing: size) ?? PixelSize(width: 1280, height: 720) }

    /// Checks every value, naming the option and the expected form.
    public func validate() throws {
        guard let parsed = PixelSize(parsing: size) else {
            throw ValidationError("--size '\(size)' is not WIDTHxHEIGHT with positive whole numbers (for example 1280x720).")
        }
        guard parsed.width <= 16384 && parsed.height <= 16384 else {
            throw ValidationError("--size '\(size)' is too large (at most 16384x16384).")
        }
        if let scale {
            let range = SessionDescription.pointScaleRange
            guard scale.isFinite, range.contains(scale) else {
                throw ValidationError("--scale must be between \(range.lowerBound) and \(range.upperBound) pixels per point (got \(scale)).")
            }
            var d = SessionDescription()
            d.windowSize = parsed
            d.pointScale = scale
            if let problem = d.windowProblem { throw ValidationError("--size \(size) --scale \(scale): \(problem).") }
        }
        if let frames, frames < 1 { throw ValidationError("--frames must be at least 1 (got \(frames)).") }
        if let fpsCap, fpsCap < 1 || fpsCap > 10_000 { throw ValidationError("--fps-cap must be between 1 and 10000 (got \(fpsCap)).") }
        try validateSamples(msaa)
    }

    /// The session these options describe (interrupts stop the loop cleanly).
    func describe() -> SessionDescription {
        var d = SessionDescription()
        d.windowSize = windowSize
        d.pointScale = scale ?? 0
        d.frames = frames ?? 0
        d.headless = headless
        d.vsync = vsync == .on
        d.fpsCap = fpsCap ?? 0
        d.collectsFrameTimes = stats
        d.msaaSamples = msaa
        if let screenshot { d.screenshots = [ScreenshotRequest(frame: nil, path: screenshot)] }
        d.stopsOnInterrupt = true
        return d
    }
}

/// Refuses sample counts other than 1, 2, 4, 8 and 16, naming the option.
func validateSamples(_ samples: Int) throws {
    guard [1, 2, 4, 8, 16].contains(samples) else {
        throw ValidationError("--msaa must be 1 (off), 2, 4, 8 or 16 (got \(samples)).")
    }
}
