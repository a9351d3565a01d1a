// `glasspane demo`: the desktop demo.
import ArgumentParser
import GlasspaneCore

/// Opens the demo window: a lit spinning cube (and the overlay on top).
public struct DemoCommand: AsyncParsableCommand {
    /// Name and help.
    public static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Open the demo window: a lit spinning cube with a color picker on top.",
        discussion: """
            Drag in the picker to recolor the cube (over the bus). Click the scene outside the panel to stop or restart the spin; drag the scene to orbit the camera; the wheel zooms. Escape (with nothing focused) or closing the window quits. Without a display use --headless (offscreen, EGL) or run under a virtual X server: xvfb-run -a glasspane demo
            """)

    /// Window, pacing and capture options.
    @OptionGroup public var window: WindowOptions

    /// Overlay, bus and diagnostics options.
    @OptionGroup public var demo: DemoOptions

    /// Creates the command.
    public init() {}

    /// Runs the demo and exits with its status.
    public func run() async throws {
        let mainEntered = SystemClock.monotonicNow()
        var description = window.describe()
        demo.describe(into: &description)
        let stats = window.stats
        let code = await runDemoSession(description) { session, _ in
            if stats { for line in session.statisticsLines(mainEntered: mainEntered) { print(line) } }
            return 0
        }
        if code != 0 { throw ExitCode(code) }
    }
}
