// Drives a demo session from an input script (filled in with the scripts module).
import GlasspaneCore

/// Feeds a session from a script, frame by frame, and collects failed expectations.
@MainActor
final class ScriptDriver {
    /// Failed expectations, `FILE:LINE: ...`.
    private(set) var failures: [String] = []

    /// Loads and validates a script; prints errors and returns exit code 2 for a script that cannot be read.
    static func load(path: String) -> Result<ScriptDriver, ExitStatus> {
        printError("\(path): input scripts are not supported by this build yet")
        return .failure(ExitStatus(code: 2))
    }

    /// Takes over the session's input.
    func attach(to session: DemoSession) {}
}
