import ArgumentParser
import XCTest
@testable import GlasspaneCLI

final class ArgumentTests: XCTestCase {
    /// Parses arguments and returns the error message and exit code, or nil when they parsed.
    private func failure(_ args: [String]) -> (message: String, code: Int32)? {
        do {
            _ = try GlasspaneCommand.parseAsRoot(args)
            return nil
        } catch {
            return (GlasspaneCommand.message(for: error), GlasspaneCommand.exitCode(for: error).rawValue)
        }
    }

    func testDefaults() throws {
        let command = try XCTUnwrap(GlasspaneCommand.parseAsRoot(["demo"]) as? DemoCommand)
        XCTAssertEqual(command.window.windowSize.description, "1280x720")
        XCTAssertEqual(command.window.vsync, .on)
        XCTAssertNil(command.window.frames)
        XCTAssertFalse(command.window.headless)
    }

    func testGoodOptionsParse() throws {
        let command = try XCTUnwrap(GlasspaneCommand.parseAsRoot(
            ["demo", "--size", "800x600", "--frames", "10", "--headless", "--vsync", "off", "--fps-cap", "30"]) as? DemoCommand)
        XCTAssertEqual(command.window.windowSize.width, 800)
        XCTAssertEqual(command.window.frames, 10)
        XCTAssertEqual(command.window.fpsCap, 30)
        XCTAssertEqual(command.window.vsync, .off)
    }

    func testRouteIsCheckedAndReachesTheSessionDescription() throws {
        let command = try XCTUnwrap(GlasspaneCommand.parseAsRoot(["demo", "--route", "menu"]) as? DemoCommand)
        XCTAssertEqual(command.demo.route, "menu")
        let f = try XCTUnwrap(failure(["demo", "--route", "settings"]))
        XCTAssertTrue(f.message.contains("--route") && f.message.contains("settings"), f.message)
        XCTAssertTrue(f.message.contains("play, menu"), "the valid routes are listed: \(f.message)")
        XCTAssertNotEqual(f.code, 0)
    }

    func testBadSizeIsAClearUsageError() throws {
        let f = try XCTUnwrap(failure(["demo", "--size", "banana"]))
        XCTAssertTrue(f.message.contains("--size 'banana'"), f.message)
        XCTAssertTrue(f.message.contains("1280x720"), f.message)
        XCTAssertNotEqual(f.code, 0)
    }

    func testNegativeFramesIsAClearUsageError() throws {
        let f = try XCTUnwrap(failure(["demo", "--frames=-1"]))
        XCTAssertTrue(f.message.contains("--frames"), f.message)
        XCTAssertNotEqual(f.code, 0)
        let g = try XCTUnwrap(failure(["demo", "--frames", "0"]))
        XCTAssertTrue(g.message.contains("at least 1"), g.message)
    }

    func testScaleIsDescribedAndBadScalesAreRefused() throws {
        let command = try XCTUnwrap(GlasspaneCommand.parseAsRoot(["record", "--out", "s.jsonl", "--scale", "2"]) as? RecordCommand)
        XCTAssertEqual(command.window.describe().pointScale, 2)
        XCTAssertEqual(try XCTUnwrap(GlasspaneCommand.parseAsRoot(["demo"]) as? DemoCommand).window.describe().pointScale, 0,
                       "the display's own scale by default")
        for bad in [["--scale", "0"], ["--scale", "9"], ["--scale", "nan"], ["--size", "9000x100", "--scale", "2"]] {
            let f = try XCTUnwrap(failure(["demo"] + bad), "\(bad)")
            XCTAssertTrue(f.message.contains("--scale"), f.message)
            XCTAssertNotEqual(f.code, 0)
        }
    }

    func testBadVsyncAndFpsCap() throws {
        XCTAssertNotNil(failure(["demo", "--vsync", "maybe"]))
        let f = try XCTUnwrap(failure(["demo", "--fps-cap", "0"]))
        XCTAssertTrue(f.message.contains("--fps-cap"), f.message)
    }
}

/// Runs the built `glasspane` binary as a user would.
final class ExecutableTests: XCTestCase {
    private var binary: URL { BinaryRunner.binary }

    private func run(_ args: [String]) throws -> (code: Int32, stdout: String, stderr: String) {
        try BinaryRunner.run(args)
    }

    func testNoDisplaySuggestsHeadlessAndXvfb() throws {
        guard FileManager.default.isExecutableFile(atPath: binary.path) else { return XCTFail("glasspane binary not built next to the tests: \(binary.path)") }
        let r = try run(["demo", "--frames", "1"])
        XCTAssertEqual(r.code, 2)
        XCTAssertTrue(r.stderr.contains("--headless"), r.stderr)
        XCTAssertTrue(r.stderr.contains("xvfb-run"), r.stderr)
    }

    func testHeadlessRunWritesAScreenshot() throws {
        guard FileManager.default.isExecutableFile(atPath: binary.path) else { return XCTFail("glasspane binary not built next to the tests: \(binary.path)") }
        let path = NSTemporaryDirectory() + "glasspane-cli-\(getpid()).png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let r = try run(["demo", "--headless", "--frames", "3", "--size", "160x120", "--screenshot", path])
        XCTAssertEqual(r.code, 0, r.stderr)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertEqual(Array(data.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    }

    func testBadArgumentExitsNonZeroWithMessage() throws {
        guard FileManager.default.isExecutableFile(atPath: binary.path) else { return XCTFail("glasspane binary not built next to the tests: \(binary.path)") }
        let r = try run(["demo", "--size", "banana"])
        XCTAssertNotEqual(r.code, 0)
        XCTAssertTrue(r.stderr.contains("banana"), r.stderr)
    }
}
