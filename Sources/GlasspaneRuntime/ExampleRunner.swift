// The command line every program in Examples/ shares: a window, or `--headless [FRAMES]` for the tests,
// `--screenshot PATH` for a picture of the last frame and `--screenshot-at FRAME:PATH` for one of another.
import Foundation
import GlasspaneCore
import GlasspaneHost

/// Runs a small example program on a session and reports its own check.
public enum ExampleRunner {
    /// The most frames `--headless FRAMES` accepts.
    public static let maximumFrames = 100_000
    /// How far the frame clock moves per headless frame: 1/60 s.
    public static let headlessFrameDuration: Nanoseconds = 1_000_000_000 / 60

    /// Opens "Glasspane example: NAME" in a `size` window (or, with `--headless [FRAMES]` in `arguments`, offscreen
    /// for FRAMES frames, `defaultFrames` when absent, each 1/60 s on the frame clock), runs it, prints the line `result` gives for the finished app
    /// and returns the exit code: 0 when it passed, 1 when it did not, 2 for bad arguments or a session that could not
    /// open (the error printed, prefixed with NAME).
    @MainActor
    public static func run<App: SessionApp>(_ name: String, arguments: [String] = CommandLine.arguments,
                                            size: PixelSize = PixelSize(width: 640, height: 360), defaultFrames: Int,
                                            make: @escaping @MainActor (SessionResources) throws -> App,
                                            result: @MainActor (App) -> (line: String, passed: Bool)) async -> Int32 {
        var description = SessionDescription()
        description.title = "Glasspane example: \(name)"
        description.windowSize = size
        if let i = arguments.firstIndex(of: "--headless") {
            description.headless = true
            description.frames = defaultFrames
            // Each frame is a 60 Hz display's: animations end at the same frame however fast the machine draws.
            description.fixedFrameDuration = ExampleRunner.headlessFrameDuration
            if let value = arguments.dropFirst(i + 1).first, !value.hasPrefix("--") {
                guard let frames = Int(value), (1...maximumFrames).contains(frames) else {
                    print("\(name): --headless \(value): FRAMES must be a whole number from 1 to \(maximumFrames)")
                    return 2
                }
                description.frames = frames
            }
        }
        // `--screenshot PATH`: the last frame as a PNG (for the docs' pictures of the examples).
        if let i = arguments.firstIndex(of: "--screenshot") {
            guard let path = arguments.dropFirst(i + 1).first, !path.hasPrefix("--") else {
                print("\(name): --screenshot needs a PATH for the PNG")
                return 2
            }
            description.screenshots = [ScreenshotRequest(frame: nil, path: path)]
        }
        // `--screenshot-at FRAME:PATH` (repeatable): a frame of the run, as `glasspane replay` takes it.
        for (i, argument) in arguments.enumerated() where argument == "--screenshot-at" {
            guard let value = arguments.dropFirst(i + 1).first, let request = ScreenshotRequest(argument: value) else {
                print("\(name): --screenshot-at needs FRAME:PATH (FRAME a frame number or 'last')")
                return 2
            }
            description.screenshots.append(request)
        }
        do {
            let session = try Session.open(description) { resources in try make(resources) }
            _ = await session.run()
            let outcome = result(session.app as! App)
            session.close()
            print(outcome.line)
            return outcome.passed ? 0 : 1
        } catch {
            print("\(name): \(error)")
            return 2
        }
    }
}
