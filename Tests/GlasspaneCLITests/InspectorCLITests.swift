// `--inspect` through the binary: the URL and token on stderr, remote addresses refused without the flag, the
// Python example (Examples/Remote) recoloring a headless demo, and the page itself in headless Chromium.
import Foundation
import XCTest

final class InspectorCLITests: XCTestCase {
    /// Starts `glasspane ARGS` and returns it with the inspector URL it printed.
    private func startDemo(_ args: [String]) throws -> (Process, String) {
        let process = Process()
        process.executableURL = BinaryRunner.binary
        process.arguments = args
        process.currentDirectoryURL = BinaryRunner.repository
        process.environment = BinaryRunner.environmentWithoutDisplay
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        var text = ""
        while let line = try err.fileHandleForReading.read(upToCount: 1).map({ String(decoding: $0, as: UTF8.self) }), !line.isEmpty {
            text += line
            if text.hasSuffix("\n"), let r = text.range(of: #"inspector: (http://\S+)"#, options: .regularExpression) {
                return (process, String(text[r].dropFirst("inspector: ".count)))
            }
        }
        process.terminate()
        throw XCTSkip("the demo printed no inspector URL: \(text)")
    }

    func testInspectPrintsAURLWithATokenAndRefusesRemoteAddressesWithoutTheFlag() throws {
        let ok = try BinaryRunner.run(["demo", "--headless", "--frames", "5", "--inspect", "127.0.0.1:0"])
        XCTAssertEqual(ok.code, 0, ok.stderr)
        XCTAssertNotNil(ok.stderr.range(of: #"inspector: http://127\.0\.0\.1:[0-9]+/\?token=[0-9a-f]{32}"#, options: .regularExpression), ok.stderr)
        let refused = try BinaryRunner.run(["demo", "--headless", "--frames", "5", "--inspect", "0.0.0.0:0"])
        XCTAssertEqual(refused.code, 2)
        XCTAssertTrue(refused.stderr.contains("--inspect-allow-remote"), refused.stderr)
        XCTAssertFalse(refused.stderr.contains("token="), "nothing was opened")
        let allowed = try BinaryRunner.run(["demo", "--headless", "--frames", "5", "--inspect", "0.0.0.0:0", "--inspect-allow-remote"])
        XCTAssertEqual(allowed.code, 0, allowed.stderr)
        XCTAssertTrue(allowed.stderr.contains("warning: the inspector listens on 0.0.0.0"), allowed.stderr)
        let bad = try BinaryRunner.run(["demo", "--headless", "--inspect", "localhost:99999"])
        XCTAssertEqual(bad.code, 64)
        XCTAssertTrue(bad.stderr.contains("--inspect localhost:99999"), bad.stderr)
        let quiet = try BinaryRunner.run(["demo", "--headless", "--frames", "5"])
        XCTAssertFalse(quiet.stderr.contains("inspector"), "without --inspect nothing listens")
    }

    func testThePythonExampleRecolorsAHeadlessDemo() throws {
        // The module comes from the deps step (Debian's python3-websocket, for /usr/bin/python3); the test never
        // installs anything, so a missing module is a failure that says what to install, not a skip.
        let candidates = ["/usr/bin/python3", "python3"]
        guard let python = candidates.first(where: { (try? BinaryRunner.runProgram("/usr/bin/env", [$0, "-c", "import websocket"]).0) == 0 }) else {
            return XCTFail("no python3 here imports websocket (tried \(candidates.joined(separator: ", "))): install Debian's python3-websocket (scripts/install-deps.sh does)")
        }
        let (demo, url) = try startDemo(["demo", "--headless", "--fps-cap", "60", "--inspect", "127.0.0.1:0"])
        defer { demo.terminate(); demo.waitUntilExit() }
        let (code, out) = try BinaryRunner.runProgram("/usr/bin/env", [python, "Examples/Remote/recolor.py", url, "#3366ff"])
        XCTAssertEqual(code, 0, out)
        XCTAssertTrue(out.contains("state-changed at frame"), out)
        XCTAssertTrue(out.contains("[0.2, 0.4, 1"), out)
    }

    func testTheInspectorPageInHeadlessChromium() throws {
        for tool in ["chromium", "chromedriver"] where !FileManager.default.isExecutableFile(atPath: "/usr/bin/\(tool)") {
            throw XCTSkip("/usr/bin/\(tool) is missing: install Debian's chromium and chromium-driver (scripts/install-deps.sh does)")
        }
        let out = BinaryRunner.repository.appendingPathComponent("results/inspector-browser").path
        let (code, text) = try BinaryRunner.runProgram("/usr/bin/env", ["python3", "Tests/Browser/inspector_page_check.py", BinaryRunner.binary.path, out])
        XCTAssertEqual(code, 0, text)
        XCTAssertTrue(text.contains("-> engine"), text)
        XCTAssertTrue(FileManager.default.fileExists(atPath: out + "/inspector-routing.png"))
    }
}
