// The `glasspane` command line.
import ArgumentParser
import GlasspaneRuntime

/// `glasspane`: run the demo, record and replay input scripts, benchmark frame times.
public struct GlasspaneCommand: AsyncParsableCommand {
    /// Command name, abstract and subcommands.
    public static let configuration = CommandConfiguration(
        commandName: "glasspane",
        abstract: "A 3D engine and a retained-mode UI overlay in one SDL2 window.",
        discussion: """
            Examples:
              glasspane demo                          open the demo window
              glasspane demo --headless --screenshot shot.png --frames 120
              xvfb-run -a glasspane demo              a window on a virtual X server
              glasspane record --out session.jsonl    record what you do
              glasspane replay session.jsonl          play it back
              glasspane bench --scenario demo --headless
            """,
        version: GlasspaneVersion.description,
        subcommands: [DemoCommand.self, RecordCommand.self, ReplayCommand.self, BenchCommand.self],
        defaultSubcommand: DemoCommand.self)

    /// Creates the command (argument parser requirement).
    public init() {}
}

extension GlasspaneCommand {
    /// Parses the process arguments and runs the chosen command, exiting with its status.
    /// (Called from the executable's top level; spelled out so the async path is always taken.)
    public static func runFromCommandLine(_ arguments: [String]? = nil) async -> Never {
        do {
            var command = try parseAsRoot(arguments)
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            exit(withError: nil)
        } catch {
            exit(withError: error)
        }
    }
}

/// The release number `--version` prints with the commit.
public enum GlasspaneVersion {
    /// Semantic version of this release.
    public static let number = "0.3.0"
    /// What `--version` prints and the demo's About screen shows: the number and the commit it was built from.
    public static var description: String { "glasspane \(number) (commit \(BuildInfo.commit))" }
}
