import ArgumentParser
import GlasspaneRender
import XCTest
@testable import GlasspaneCLI

/// Parses arguments and returns the error message and exit code, or nil when they parsed (the argument tests').
func parseFailure(_ args: [String]) -> (message: String, code: Int32)? {
    do {
        _ = try GlasspaneCommand.parseAsRoot(args)
        return nil
    } catch {
        return (GlasspaneCommand.message(for: error), GlasspaneCommand.exitCode(for: error).rawValue)
    }
}

final class ArgumentTests: XCTestCase {
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
        let f = try XCTUnwrap(parseFailure(["demo", "--route", "settings"]))
        XCTAssertTrue(f.message.contains("--route") && f.message.contains("settings"), f.message)
        XCTAssertTrue(f.message.contains("play, menu"), "the valid routes are listed: \(f.message)")
        XCTAssertEqual(f.code, 64, "a usage error is EX_USAGE")
    }

    func testBadSizeIsAClearUsageError() throws {
        let f = try XCTUnwrap(parseFailure(["demo", "--size", "banana"]))
        XCTAssertTrue(f.message.contains("--size 'banana'"), f.message)
        XCTAssertTrue(f.message.contains("1280x720"), f.message)
        XCTAssertEqual(f.code, 64, "a usage error is EX_USAGE")
    }

    func testNegativeFramesIsAClearUsageError() throws {
        let f = try XCTUnwrap(parseFailure(["demo", "--frames=-1"]))
        XCTAssertTrue(f.message.contains("--frames"), f.message)
        XCTAssertEqual(f.code, 64, "a usage error is EX_USAGE")
        let g = try XCTUnwrap(parseFailure(["demo", "--frames", "0"]))
        XCTAssertTrue(g.message.contains("at least 1"), g.message)
        XCTAssertEqual(g.code, 64)
    }

    func testScaleIsDescribedAndBadScalesAreRefused() throws {
        let command = try XCTUnwrap(GlasspaneCommand.parseAsRoot(["record", "--out", "s.jsonl", "--scale", "2"]) as? RecordCommand)
        XCTAssertEqual(command.window.describe().pointScale, 2)
        XCTAssertEqual(try XCTUnwrap(GlasspaneCommand.parseAsRoot(["demo"]) as? DemoCommand).window.describe().pointScale, 0,
                       "the display's own scale by default")
        for bad in [["--scale", "0"], ["--scale", "9"], ["--scale", "nan"], ["--size", "9000x100", "--scale", "2"]] {
            let f = try XCTUnwrap(parseFailure(["demo"] + bad), "\(bad)")
            XCTAssertTrue(f.message.contains("--scale"), f.message)
            XCTAssertEqual(f.code, 64, "a usage error is EX_USAGE")
        }
    }

    func testBadVsyncAndFpsCap() throws {
        XCTAssertEqual(parseFailure(["demo", "--vsync", "maybe"])?.code, 64)
        let f = try XCTUnwrap(parseFailure(["demo", "--fps-cap", "0"]))
        XCTAssertTrue(f.message.contains("--fps-cap"), f.message)
        XCTAssertEqual(f.code, 64)
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

    @MainActor func testHeadlessRunWritesAScreenshot() throws {
        guard FileManager.default.isExecutableFile(atPath: binary.path) else { return XCTFail("glasspane binary not built next to the tests: \(binary.path)") }
        let path = NSTemporaryDirectory() + "glasspane-cli-\(getpid()).png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let r = try run(["demo", "--headless", "--frames", "3", "--size", "160x120", "--screenshot", path])
        XCTAssertEqual(r.code, 0, r.stderr)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertEqual(Array(data.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        // The content, not only the signature: the window's size, opaque, and the demo drawn (a blank or cleared
        // frame has one color; at 160x120 the picker's gradient fills most of it, orange for the initial cube).
        let image = try XCTUnwrap(FramebufferCapture.readPNG(at: path), "not a readable PNG")
        XCTAssertEqual([image.size.width, image.size.height], [160, 120])
        let pixels = stride(from: 0, to: image.rgba.count, by: 4).map { Array(image.rgba[$0..<$0 + 4]) }
        XCTAssertTrue(pixels.allSatisfy { $0[3] == 255 }, "a screenshot is opaque")
        XCTAssertGreaterThan(Set(pixels).count, 1000, "distinct colors: the demo drew its panel and gradient")
        let orange = pixels.filter { Int($0[0]) > Int($0[2]) + 80 && $0[0] > $0[1] }.count
        XCTAssertGreaterThan(orange, pixels.count / 10, "the gradient in the cube's initial orange")
    }

    func testBadArgumentExitsNonZeroWithMessage() throws {
        guard FileManager.default.isExecutableFile(atPath: binary.path) else { return XCTFail("glasspane binary not built next to the tests: \(binary.path)") }
        let r = try run(["demo", "--size", "banana"])
        XCTAssertEqual(r.code, 64, "a usage error is EX_USAGE")
        XCTAssertTrue(r.stderr.contains("banana"), r.stderr)
    }
}
