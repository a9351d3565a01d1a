// Runs the built `glasspane` executable as a user would, from the repository root, with no display.
import Foundation

/// Finds and runs the `glasspane` binary built next to the test bundle.
enum BinaryRunner {
    /// The repository root (tests run scripts from `Examples/` by relative path).
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized

    /// The binary: the test bundle sits next to the products in `.build/<config>/`.
    static var binary: URL {
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while dir.path != "/" && !FileManager.default.fileExists(atPath: dir.appendingPathComponent("glasspane").path) {
            dir.deleteLastPathComponent()
        }
        return dir.appendingPathComponent("glasspane")
    }

    /// A new empty directory under the system's temporary directory, named `glasspane-PREFIX-UUID` (the caller removes
    /// it).
    static func makeTemporaryDirectory(prefix: String) throws -> String {
        let path = NSTemporaryDirectory() + "glasspane-\(prefix)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// The environment without any display, so the product behaves as on a headless CI machine.
    static var environmentWithoutDisplay: [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = nil
        env["WAYLAND_DISPLAY"] = nil
        return env
    }

    /// Runs another program from the repository root (the environment given, else this process's) and returns its
    /// exit status and its stdout and stderr together.
    static func runProgram(_ path: String, _ args: [String], environment: [String: String]? = nil) throws -> (code: Int32, output: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: path)
        p.arguments = args
        p.currentDirectoryURL = repository
        if let environment { p.environment = environment }
        let out = Pipe()
        p.standardOutput = out
        p.standardError = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// A program of Examples/ that was not built next to the test bundle.
    struct MissingExample: Error, CustomStringConvertible {
        let path: String
        var description: String { "\(path) is missing: build the examples with `swift build` before the tests" }
    }

    /// Runs the built `Examples/<name>` program with `arguments` from the repository root with no display, and
    /// returns its exit status and standard output (standard error is dropped); throws `MissingExample` if unbuilt.
    static func runExample(_ name: String, arguments: [String]) throws -> (code: Int32, stdout: String) {
        let program = binary.deletingLastPathComponent().appendingPathComponent(name)
        guard FileManager.default.isExecutableFile(atPath: program.path) else { throw MissingExample(path: program.path) }
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        process.currentDirectoryURL = repository
        process.environment = environmentWithoutDisplay
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// Runs `glasspane args` and returns its exit status and both outputs.
    static func run(_ args: [String], environment: [String: String] = environmentWithoutDisplay) throws -> (code: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = binary
        process.arguments = args
        process.currentDirectoryURL = repository
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let o = out.fileHandleForReading.readDataToEndOfFile(), e = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self))
    }
}
