// Why a session could not open, with a stable identifier, the lines to show and the exit code.
import Foundation
import GlasspaneBus
import GlasspaneInspector
import GlasspanePlatform
import GlasspaneRender

/// A session that could not open. Tests assert on `identifier`; people read `lines`.
public enum SessionError: Error, CustomStringConvertible {
    /// The window or GL context could not be created (no display: exit 2).
    case platform(PlatformError)
    /// A display was asked for but SDL could only open an invisible offscreen window (exit 2).
    case displayUnreachable(display: String, driver: String)
    /// The overlay's font could not be loaded.
    case font(FontError)
    /// A shader failed to compile or link.
    case shader(ShaderError)
    /// The bus log could not be opened.
    case busLog(path: String, reason: String)
    /// The replayed script is unreadable or invalid (exit 2); every diagnostic, `FILE:LINE: ...`.
    case script([String])
    /// A replayed script's header has an option this session does not know, or one of the wrong type (exit 2).
    case scriptOption(path: String, name: String, reason: String)
    /// The script names views the app does not have (exit 2).
    case unknownViews([String])
    /// An output path is unusable (exit 2): `--screenshot`, `--bus-log`, `--out`... checked before the window opens.
    case outputPath(option: String, path: String, reason: String)
    /// A screenshot was asked for at a frame the session never reaches (exit 2).
    case screenshotFrame(frame: Int, lastFrame: Int)
    /// A view dump (`--dump-views-at`) was asked for at a frame the session never reaches (exit 2).
    case viewDumpFrame(frame: Int, lastFrame: Int)
    /// The recording could not be started.
    case recording(String)
    /// The app factory failed.
    case app(String)
    /// The inspector's address was refused or could not be bound (`--inspect`).
    case inspector(InspectorError)
    /// `slowAnimations` is not finite or outside 0.01...100.
    case slowAnimations(Double)

    /// Wraps whatever the renderers, the bus log or the app factory threw.
    init(opening error: any Error) {
        switch error {
        case let e as FontError: self = .font(e)
        case let e as ShaderError: self = .shader(e)
        case let e as BusLogError:
            if case .cannotOpen(let path, let code) = e { self = .busLog(path: path, reason: String(cString: strerror(code))) }
            else { self = .busLog(path: "", reason: "\(e)") }
        default: self = .app("\(error)")
        }
    }

    /// The stable identifier.
    public var identifier: String {
        switch self {
        case .platform(let e): "platform.\(e.identifier)"
        case .displayUnreachable: "display-unreachable"
        case .font: "font"
        case .shader: "shader"
        case .busLog: "bus-log"
        case .script: "script"
        case .scriptOption: "script-option"
        case .unknownViews: "unknown-views"
        case .outputPath: "output-path"
        case .screenshotFrame: "screenshot-frame"
        case .viewDumpFrame: "view-dump-frame"
        case .recording: "recording"
        case .app: "app"
        case .inspector(let e): e.identifier
        case .slowAnimations: "slow-animations"
        }
    }

    /// The process exit code: 2 for bad input (scripts, paths, fonts, no display), 1 otherwise.
    public var exitCode: Int32 {
        switch self {
        case .platform(let e): e == .noDisplay || e.identifier == "invalid-options" ? 2 : 1
        case .script, .scriptOption, .unknownViews, .outputPath, .recording, .screenshotFrame, .viewDumpFrame, .displayUnreachable, .inspector, .slowAnimations, .font: 2
        default: 1
        }
    }

    /// The lines to print, one error each.
    public var lines: [String] {
        switch self {
        case .platform(let e): [e.description]
        case .displayUnreachable(let display, let driver):
            ["the display \(display.isEmpty ? "(unset)" : display) did not answer and SDL fell back to its \(driver) driver, "
                + "where the window would be invisible. Check DISPLAY, run with --headless to render offscreen, "
                + "or under a virtual X server: xvfb-run -a glasspane demo"]
        case .font(let e): [e.description]
        case .shader(let e): [e.description]
        case .busLog(let path, let reason): ["cannot write bus log \(path): \(reason)"]
        case .script(let lines), .unknownViews(let lines): lines
        case .scriptOption(let path, let name, let reason):
            ["\(path):1: header option '\(name)' \(reason) (known: \(ScriptOption.nameList))"]
        case .outputPath(let option, let path, let reason): ["\(option) \(path): \(reason)"]
        case .screenshotFrame(let frame, let last):
            ["--screenshot-at \(frame): the run ends at frame \(last), so this screenshot would never be taken"]
        case .viewDumpFrame(let frame, let last):
            ["--dump-views-at \(frame): the run ends at frame \(last), so this view dump would never be written"]
        case .recording(let reason): [reason]
        case .app(let reason): [reason]
        case .inspector(let e): [e.description]
        case .slowAnimations(let factor):
            ["--slow-animations \(factor): must be a number from 0.01 to 100 (1 is normal speed, 10 ten times slower)"]
        }
    }

    /// The lines joined.
    public var description: String { lines.joined(separator: "\n") }
}

extension SessionDescription {
    /// Checks every output path (and that the baseline exists) as `Session.open` does, creating nothing; for
    /// callers that write files without opening a session (`glasspane bench --runs N`).
    public func checkOutputPaths() throws(SessionError) { try OutputPaths.check(self) }
}

/// Checks output paths before anything opens, creating nothing: the directory must exist and be writable, the
/// path must not be a directory (or, when it exists, must be writable).
enum OutputPaths {
    static func check(_ description: SessionDescription) throws(SessionError) {
        if !description.busLogPath.isEmpty { try check(description.busLogPath, option: "--bus-log") }
        if !description.recordingPath.isEmpty { try check(description.recordingPath, option: "--out") }
        for s in description.screenshots { try check(s.path, option: "--screenshot") }
        for s in description.viewDumps { try check(s.path, option: "--dump-views-at") }
        if let b = description.benchmark {
            for (path, option) in [(b.jsonPath, "--json"), (b.csvPath, "--csv"), (b.svgPath, "--svg"), (b.mangoHudCSVPath, "--mangohud-csv")] where !path.isEmpty {
                try check(path, option: option)
            }
            if !b.baselinePath.isEmpty && !FileManager.default.fileExists(atPath: b.baselinePath) {
                throw .outputPath(option: "--baseline", path: b.baselinePath, reason: "no such file")
            }
        }
    }

    /// Throws `outputPath` naming the option when `path` cannot be written.
    static func check(_ path: String, option: String) throws(SessionError) {
        if let reason = problem(with: path) { throw .outputPath(option: option, path: path, reason: reason) }
    }

    /// Why `path` cannot be written, or nil.
    static func problem(with path: String) -> String? {
        var isDirectory: ObjCBool = false
        let fm = FileManager.default
        if fm.fileExists(atPath: path, isDirectory: &isDirectory) {
            if isDirectory.boolValue { return "is a directory" }
            return access(path, W_OK) == 0 ? nil : "is not writable"
        }
        let directory = (path as NSString).deletingLastPathComponent
        let dir = directory.isEmpty ? "." : directory
        guard fm.fileExists(atPath: dir, isDirectory: &isDirectory) else { return "directory \(dir) does not exist" }
        guard isDirectory.boolValue else { return "\(dir) is not a directory" }
        return access(dir, W_OK) == 0 ? nil : "directory \(dir) is not writable"
    }
}
