// Every flag either works or is refused with a clear error, before any window opens where it can be.
import Foundation
import XCTest

final class HonestFlagsTests: XCTestCase {
    private func temporaryDirectory() throws -> String { try BinaryRunner.makeTemporaryDirectory(prefix: "flags") }

    func testRecordHonoursDumpViewsAndStats() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let dump = try BinaryRunner.run(["record", "--out", dir + "/a.jsonl", "--headless", "--dump-views"])
        XCTAssertEqual(dump.code, 0, dump.stderr)
        XCTAssertTrue(dump.stdout.contains("\"picker.sv\""), "the view tree is printed: \(dump.stdout.prefix(300))")
        let stats = try BinaryRunner.run(["record", "--out", dir + "/b.jsonl", "--headless", "--frames", "5", "--stats"])
        XCTAssertEqual(stats.code, 0, stats.stderr)
        XCTAssertTrue(stats.stdout.contains("frame time median"), stats.stdout)
        XCTAssertTrue(stats.stdout.contains("vsync off (headless: no display to sync to)"), stats.stdout)
    }

    func testAStaleDisplayIsAnErrorNotAnInvisibleWindow() throws {
        var environment = BinaryRunner.environmentWithoutDisplay
        environment["DISPLAY"] = ":87"
        environment["SDL_VIDEODRIVER"] = nil
        let r = try BinaryRunner.run(["demo", "--frames", "3"], environment: environment)
        XCTAssertEqual(r.code, 2, r.stderr)
        XCTAssertTrue(r.stderr.contains("the display :87 did not answer"), r.stderr)
        XCTAssertTrue(r.stderr.contains("--headless"), r.stderr)
    }

    func testOutputPathsAreCheckedBeforeAnyFrameAndCreateNothing() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let missing = dir + "/missing"
        for args in [
            ["demo", "--headless", "--frames", "2", "--screenshot", missing + "/shot.png"],
            ["demo", "--headless", "--frames", "2", "--bus-log", missing + "/bus.log"],
            ["record", "--headless", "--frames", "2", "--out", missing + "/rec.jsonl"],
            ["replay", "Examples/Scripts/spin-toggle.jsonl", "--headless", "--screenshot-at", "last:\(missing)/end.png"],
        ] {
            let r = try BinaryRunner.run(args)
            XCTAssertEqual(r.code, 2, "\(args): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains("directory \(missing) does not exist"), "\(args): \(r.stderr)")
            XCTAssertFalse(r.stdout.contains("frames"), "no frame ran: \(r.stdout)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: missing))
    }

    func testAScreenshotPastTheLastFrameIsAnError() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try BinaryRunner.run(["replay", "Examples/Scripts/spin-toggle.jsonl", "--headless", "--screenshot-at", "99999:\(dir)/late.png"])
        XCTAssertEqual(r.code, 2, r.stderr)
        XCTAssertTrue(r.stderr.contains("--screenshot-at 99999"), r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/late.png"))
    }

    func testTraceRoutingWritesOneFlushedLinePerDecisionInTheDocumentedForm() throws {
        let r = try BinaryRunner.run(["replay", "Examples/Scripts/spin-toggle.jsonl", "--headless", "--trace-routing"])
        XCTAssertEqual(r.code, 0, r.stderr)
        let lines = r.stdout.split(separator: "\n").filter { $0.hasPrefix("route: ") }.map { String($0.prefix { $0 != "(" }) }
        // One line per decision, in order: each of the script's three clicks is a down and an up (docs/routing.md).
        XCTAssertEqual(lines, [
            "route: down 900,500 -> engine ", "route: up 900,500 -> engine ",
            "route: down 400,600 -> engine ", "route: up 400,600 -> engine ",
            "route: down 138,125 -> overlay layer=ui view=picker.sv ", "route: up 138,125 -> overlay layer=ui view=picker.sv ",
        ], r.stdout)
        XCTAssertTrue(r.stdout.contains("route: down 900,500 -> engine (") && r.stdout.contains("no layer claimed)"), r.stdout)
        XCTAssertTrue(r.stdout.contains("view=picker.sv (hit)") && r.stdout.contains("view=picker.sv (captured)"), r.stdout)
    }

    func testVersionNamesTheCommitTheBinaryWasBuiltFromWhereverItRuns() throws {
        let r = try BinaryRunner.run(["--version"])
        XCTAssertEqual(r.code, 0, r.stderr)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
        process.arguments = ["-C", BinaryRunner.repository.path, "rev-parse", "--short=12", "HEAD"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        process.waitUntilExit()
        let head = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertTrue(r.stdout.hasPrefix("glasspane 0."), r.stdout)
        // The commit stamped at build time; in a fresh clone it is HEAD (a later commit needs a rebuild).
        XCTAssertTrue(r.stdout.contains("(commit "), r.stdout)
        // Exactly HEAD's 12 digits, `-dirty` allowed only after them (the plugin's form): a stale or another commit fails.
        if !head.isEmpty {
            XCTAssertTrue(r.stdout.contains("(commit \(head))") || r.stdout.contains("(commit \(head)-dirty)"), "\(r.stdout) vs \(head)")
        }
    }

    func testBenchOutputPathsAreCheckedBeforeTheRun() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for option in ["--json", "--csv", "--svg", "--mangohud-csv"] {
            let r = try BinaryRunner.run(["bench", "--headless", "--frames", "5", "--warmup", "1", option, dir + "/missing/out"])
            XCTAssertEqual(r.code, 2, r.stderr)
            XCTAssertTrue(r.stderr.contains("\(option) \(dir)/missing/out: directory \(dir)/missing does not exist"), r.stderr)
            XCTAssertFalse(r.stdout.contains("frame time"), r.stdout)
        }
    }
}
