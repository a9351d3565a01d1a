// `glasspane demo`: the desktop demo.
import ArgumentParser
import GlasspaneCore

/// Opens the demo window: a lit spinning cube (and the overlay on top).
public struct DemoCommand: AsyncParsableCommand {
    /// Name and help.
    public static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Open the demo window: a lit spinning cube with the overlay on top.",
        discussion: """
            Escape or closing the window quits. Without a display use --headless (offscreen, EGL) or run
            under a virtual X server: xvfb-run -a glasspane demo
            """)

    /// Window, pacing and capture options.
    @OptionGroup public var window: WindowOptions

    /// Creates the command.
    public init() {}

    /// Runs the demo and exits with its status.
    public func run() async throws {
        let code = await DemoRunner(options: window).run()
        if code != 0 { throw ExitCode(code) }
    }
}
