// `make bench-compare` (scripts/bench-compare.sh) refuses a bad setting before it installs, builds or runs
// anything, naming the variable and the value.
import Foundation
import XCTest

final class BenchCompareScriptTests: XCTestCase {
    /// Runs the script with extra environment; returns its exit code and everything it printed.
    private func runScript(_ environment: [String: String]) throws -> (code: Int32, output: String) {
        try BinaryRunner.runProgram("/bin/bash", ["scripts/bench-compare.sh"],
                                    environment: ProcessInfo.processInfo.environment.merging(environment) { $1 })
    }

    func testEachBadSettingIsRefusedByNameBeforeAnyRun() throws {
        let cases: [(String, String, String)] = [
            ("ROUNDS", "five", "ROUNDS must be a whole number"),
            ("MSAA", "3", "MSAA must be 1, 2, 4, 8 or 16 (got '3')"),
            ("SIZE", "1280", "SIZE must be WxH (got '1280')"),
            ("GPU_TIMING", "yes", "GPU_TIMING must be 0 or 1 (got 'yes')"),
            ("XVFB", "2", "XVFB must be 0 or 1 (got '2')"),
            ("FLOOR_FBO", "on", "FLOOR_FBO must be 0 or 1 (got 'on')"),
            ("FLOOR_PLAIN", "true", "FLOOR_PLAIN must be 0 or 1 (got 'true')"),
        ]
        for (name, value, message) in cases {
            let result = try runScript([name: value])
            XCTAssertEqual(result.code, 2, "\(name)=\(value): \(result.output)")
            XCTAssertTrue(result.output.contains(message), "\(name)=\(value): \(result.output)")
            XCTAssertFalse(result.output.contains("== round"), "\(name)=\(value) ran rounds: \(result.output)")
        }
    }
}
