// record / replay / bench as a user runs them: the built binary, headless, with the repository's example scripts.
import Foundation
import XCTest

final class ScriptCommandTests: XCTestCase {
    private static var repository: URL { BinaryRunner.repository }
    private var binary: URL { BinaryRunner.binary }

    private func temporaryPath(_ name: String) -> String {
        NSTemporaryDirectory() + "glasspane-\(getpid())-\(name)"
    }

    @discardableResult
    private func run(_ args: [String]) throws -> (code: Int32, stdout: String, stderr: String) {
        try BinaryRunner.run(args)
    }

    /// Scripts that a test of their own replays twice with their expectations counted; replaying them a third time
    /// here cost about 45 s of the suite. Each maps to the test file that replays it.
    private static let replayedTwiceElsewhere = [
        "menu-tour.jsonl": "ScriptCommandTests.swift",
        "table-scroll-select.jsonl": "ListReplayTests.swift",
        "tour.jsonl": "ControlsTourTests.swift",
        "tour-pad.jsonl": "ControllerTourTests.swift",
    ]

    func testEveryExampleScriptReplaysHeadlessWithItsExpectationsHolding() throws {
        let folder = Self.repository.appendingPathComponent("Examples/Scripts")
        let scripts = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".jsonl") }.sorted()
        XCTAssertGreaterThanOrEqual(scripts.count, 5)
        for (name, testFile) in Self.replayedTwiceElsewhere {
            XCTAssertTrue(scripts.contains(name), "\(name) is no longer in Examples/Scripts")
            let source = try String(contentsOf: Self.repository.appendingPathComponent("Tests/GlasspaneCLITests/\(testFile)"), encoding: .utf8)
            XCTAssertTrue(source.contains("\"replay\", \"Examples/Scripts/\(name)\""), "\(testFile) no longer replays \(name)")
        }
        for name in scripts where Self.replayedTwiceElsewhere[name] == nil {
            let r = try run(["replay", "Examples/Scripts/\(name)", "--headless"])
            XCTAssertEqual(r.code, 0, "\(name): \(r.stderr)")
            XCTAssertTrue(r.stdout.contains(", 0 failed"), "\(name): \(r.stdout)")
            XCTAssertFalse(r.stdout.contains(" 0 expectation(s) held"), "\(name) checked nothing")
        }
    }

    func testReplayIsPixelIdenticalAcrossRunsAndSpeeds() throws {
        let a = temporaryPath("a.png"), b = temporaryPath("b.png"), mid = temporaryPath("mid.png")
        defer { for p in [a, b, mid] { try? FileManager.default.removeItem(atPath: p) } }
        try run(["replay", "Examples/Scripts/picker-drag.jsonl", "--headless", "--screenshot-at", "last:\(a)", "--screenshot-at", "40:\(mid)"])
        try run(["replay", "Examples/Scripts/picker-drag.jsonl", "--headless", "--speed", "realtime", "--screenshot-at", "last:\(b)"])
        let first = try Data(contentsOf: URL(fileURLWithPath: a)), second = try Data(contentsOf: URL(fileURLWithPath: b))
        XCTAssertGreaterThan(first.count, 1000)
        XCTAssertEqual(first, second, "the same script gave different pixels")
        XCTAssertNotEqual(try Data(contentsOf: URL(fileURLWithPath: mid)), first, "frame 40 differs from the last frame")
    }

    func testTheMenuTourReplaysPixelIdenticalAcrossRuns() throws {
        // Frame 300: the sign sheet over the menu (light theme by then); last: the play-less menu after the toast.
        let shots = (0..<2).map { run in (temporaryPath("tour\(run)-sheet.png"), temporaryPath("tour\(run)-last.png")) }
        defer { for (a, b) in shots { try? FileManager.default.removeItem(atPath: a); try? FileManager.default.removeItem(atPath: b) } }
        for (sheet, last) in shots {
            let r = try run(["replay", "Examples/Scripts/menu-tour.jsonl", "--headless", "--screenshot-at", "300:\(sheet)", "--screenshot-at", "last:\(last)"])
            XCTAssertEqual(r.code, 0, r.stderr)
            XCTAssertTrue(r.stdout.contains(" expectation(s) held, 0 failed"), r.stdout)
            XCTAssertFalse(r.stdout.contains(" 0 expectation(s) held"), "menu-tour.jsonl checked nothing")
        }
        let data = try shots.map { try (Data(contentsOf: URL(fileURLWithPath: $0.0)), Data(contentsOf: URL(fileURLWithPath: $0.1))) }
        XCTAssertEqual(data[0].0, data[1].0, "the sign sheet's frame differs between two replays")
        XCTAssertEqual(data[0].1, data[1].1, "the last frame differs between two replays")
        XCTAssertNotEqual(data[0].0, data[0].1, "the sheet frame and the last frame show different screens")
    }

    func testFailedExpectationExitsOneNamingFileAndLine() throws {
        let path = temporaryPath("fail.jsonl")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try """
        {"format":"glasspane-script","version":1,"window":{"width":640,"height":400}}
        {"frame":2,"expect":{"state":{"spinning":false}}}
        {"frame":3,"expect":{"state":{"spinning":true}}}

        """.write(toFile: path, atomically: true, encoding: .utf8)
        let r = try run(["replay", path, "--headless"])
        XCTAssertEqual(r.code, 1)
        XCTAssertTrue(r.stderr.contains("\(path):2: frame 2: expected state.spinning = false, got true"), r.stderr)
        XCTAssertTrue(r.stdout.contains("1 expectation(s) held, 1 failed"), r.stdout)
    }

    func testBadScriptExitsTwoBeforeAnyFrameWithEveryLine() throws {
        let path = temporaryPath("bad.jsonl")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try """
        {"format":"glasspane-script","version":1,"window":{"width":640,"height":400}}
        {"frame":10,"click":[1,2]}
        not json
        {"frame":4,"click":"picker.sv"}
        {"frame":12,"click":"picker.nope"}

        """.write(toFile: path, atomically: true, encoding: .utf8)
        let r = try run(["replay", path, "--headless"])
        XCTAssertEqual(r.code, 2)
        XCTAssertTrue(r.stderr.contains("\(path):3:"), r.stderr)
        XCTAssertTrue(r.stderr.contains("\(path):4:"), r.stderr)
        XCTAssertFalse(r.stdout.contains("replay:"), "no frame may run: \(r.stdout)")

        let unknownView = temporaryPath("unknown.jsonl")
        defer { try? FileManager.default.removeItem(atPath: unknownView) }
        try """
        {"format":"glasspane-script","version":1,"window":{"width":640,"height":400}}
        {"frame":12,"click":"picker.nope"}

        """.write(toFile: unknownView, atomically: true, encoding: .utf8)
        let u = try run(["replay", unknownView, "--headless"])
        XCTAssertEqual(u.code, 2)
        XCTAssertTrue(u.stderr.contains("\(unknownView):2:") && u.stderr.contains("picker.nope"), u.stderr)

        let version = temporaryPath("version.jsonl")
        defer { try? FileManager.default.removeItem(atPath: version) }
        try #"{"format":"glasspane-script","version":9,"window":{"width":640,"height":400}}"#.write(toFile: version, atomically: true, encoding: .utf8)
        let v = try run(["replay", version, "--headless"])
        XCTAssertEqual(v.code, 2)
        XCTAssertTrue(v.stderr.contains("version 9"), v.stderr)
    }

    func testReplayRecordOutRoundTrips() throws {
        let out = temporaryPath("roundtrip.jsonl"), a = temporaryPath("rt-a.png"), b = temporaryPath("rt-b.png")
        defer { for p in [out, a, b] { try? FileManager.default.removeItem(atPath: p) } }
        let first = try run(["replay", "Examples/Scripts/hex-edit.jsonl", "--headless", "--record-out", out, "--screenshot-at", "last:\(a)"])
        XCTAssertEqual(first.code, 0, first.stderr)
        let second = try run(["replay", out, "--headless", "--screenshot-at", "last:\(b)"])
        XCTAssertEqual(second.code, 0, second.stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: a)), try Data(contentsOf: URL(fileURLWithPath: b)))
    }

    func testDumpViewsPrintsTheLiveTreeAsJSON() throws {
        let r = try run(["demo", "--headless", "--dump-views"])
        XCTAssertEqual(r.code, 0, r.stderr)
        let entries = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]])
        let sv = try XCTUnwrap(entries.first { $0["identifier"] as? String == "picker.sv" })
        let frame = try XCTUnwrap(sv["frame"] as? [String: Double])
        XCTAssertEqual(frame["x"], 30)
        XCTAssertGreaterThan(frame["width"] ?? 0, 100)
        XCTAssertTrue(entries.contains { $0["identifier"] as? String == "picker.hex" })
    }

    func testBusLogRecordsBothDirectionsWithFrameIndices() throws {
        let log = temporaryPath("bus.jsonl")
        defer { try? FileManager.default.removeItem(atPath: log) }
        let r = try run(["replay", "Examples/Scripts/malformed-bus.jsonl", "--headless", "--bus-log", log])
        XCTAssertEqual(r.code, 0, r.stderr)
        let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        XCTAssertGreaterThan(lines.count, 5)
        let records = try lines.map { try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        XCTAssertTrue(records.allSatisfy { $0["frame"] is Int }, "every line carries its frame")
        func find(_ event: String, _ from: String, _ to: String, _ type: String?) -> [[String: Any]] {
            records.filter { $0["event"] as? String == event && $0["from"] as? String == from && $0["to"] as? String == to
                && (type == nil || $0["type"] as? String == type) }
        }
        // Each direction the script exercises, posted and then delivered no earlier than it was posted.
        for (from, to, type) in [("engine", "overlay", "ready"), ("overlay", "engine", "get-state"),
                                 ("engine", "overlay", "state"), ("script", "engine", "change-color"),
                                 ("engine", "script", "error")] {
            let posts = find("post", from, to, type), deliveries = find("deliver", from, to, type)
            XCTAssertFalse(posts.isEmpty, "\(from) → \(to) \(type) posted")
            XCTAssertEqual(posts.count, deliveries.count, "\(from) → \(to) \(type): each post delivered once")
            for (post, delivery) in zip(posts, deliveries) {
                XCTAssertLessThanOrEqual(post["frame"] as? Int ?? .max, delivery["frame"] as? Int ?? .min, "\(type)")
            }
        }
        // The overlay's request and the engine's reply name each other; the malformed line is rejected from the
        // script and answered to the script, never to the overlay.
        let request = try XCTUnwrap(find("post", "overlay", "engine", "get-state").first)
        let reply = try XCTUnwrap(find("post", "engine", "overlay", "state").first)
        XCTAssertEqual(reply["replyTo"] as? Int, try XCTUnwrap(request["id"] as? Int))
        XCTAssertEqual(find("reject", "script", "engine", nil).count, 2, "the two lines that are not JSON")
        let errorCodes = find("post", "engine", "script", "error").compactMap { ($0["error"] as? [String: Any])?["code"] as? String }
        XCTAssertTrue(errorCodes.contains("malformed-json"), "\(errorCodes)")
        XCTAssertTrue(errorCodes.contains("invalid-payload"), "\(errorCodes)")
        XCTAssertTrue(find("post", "engine", "overlay", "error").isEmpty, "errors go to the script that posted")
    }

    /// Waits until the file at `path` holds at least `bytes`, checking every 25 ms for up to 60 s (a loaded machine
    /// starts the binary slowly); false when it never does.
    static func waitUntil(fileAt path: String, holds bytes: Int) -> Bool {
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            if size >= bytes { return true }
            usleep(25_000)
        }
        return false
    }

    func testAnInterruptedRunKeepsItsWholeBusLog() throws {
        // The log is batched per frame; SIGINT and SIGTERM end the loop after the frame and the session writes the
        // rest, so the log runs to the last frame the run counted (`--stats`), every line whole.
        for signal in [SIGINT, SIGTERM] {
            let log = temporaryPath("interrupted-\(signal).jsonl")
            defer { try? FileManager.default.removeItem(atPath: log) }
            let process = Process()
            process.executableURL = binary
            // Paced to 60 fps against 120 steps a second: every frame steps and logs an `engine.stats` send.
            process.arguments = ["demo", "--headless", "--fps-cap", "60", "--frames", "1000000", "--size", "320x200",
                                 "--stats", "--bus-log", log]
            process.currentDirectoryURL = BinaryRunner.repository
            process.environment = BinaryRunner.environmentWithoutDisplay
            let out = Pipe()
            process.standardOutput = out
            process.standardError = FileHandle.nullDevice
            try process.run()
            // Ready when frames are being logged: the interrupt handlers are installed before the first frame.
            guard Self.waitUntil(fileAt: log, holds: 2_000) else {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                return XCTFail("signal \(signal): the run logged nothing within 60 s")
            }
            kill(process.processIdentifier, signal)
            let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0, "signal \(signal) stops the run cleanly: \(stdout)")
            let frames = try XCTUnwrap(stdout.range(of: #"frames [0-9]+"#, options: .regularExpression).map { Int(stdout[$0].dropFirst(7))! },
                                       stdout)
            let text = try String(contentsOfFile: log, encoding: .utf8)
            XCTAssertTrue(text.hasSuffix("\n"), "signal \(signal): the last line is whole")
            let records = try text.split(separator: "\n").map {
                try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any], String($0))
            }
            let lastLogged = records.compactMap { $0["frame"] as? Int }.max()
            XCTAssertEqual(lastLogged, frames - 1, "signal \(signal): the last frame's lines are in the log")
        }
    }

    func testKilledRecorderLeavesAValidScript() throws {
        for signal in [SIGTERM, SIGKILL] {
            let out = temporaryPath("killed-\(signal).jsonl")
            defer { try? FileManager.default.removeItem(atPath: out) }
            let process = Process()
            process.executableURL = binary
            process.arguments = ["record", "--out", out, "--headless", "--frames", "1000000", "--size", "320x200"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            // Ready once the recorder has written a header and a batch of frames (its handlers are installed first).
            guard Self.waitUntil(fileAt: out, holds: 200) else {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                return XCTFail("signal \(signal): the recorder wrote nothing within 60 s")
            }
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            let replay = try run(["replay", out, "--headless"])
            XCTAssertEqual(replay.code, 0, "signal \(signal): \(replay.stderr)")
            let text = try String(contentsOfFile: out, encoding: .utf8)
            XCTAssertTrue(text.hasPrefix(#"{"format":"glasspane-script""#))
            if signal == SIGTERM { XCTAssertEqual(process.terminationStatus, 0, "SIGTERM stops the recording cleanly") }
        }
    }

    func testBenchWritesReportsAndComparesWithABaseline() throws {
        let json = temporaryPath("bench.json"), csv = temporaryPath("bench.csv"), svg = temporaryPath("bench.svg")
        defer { for p in [json, csv, svg] { try? FileManager.default.removeItem(atPath: p) } }
        let r = try run(["bench", "--scenario", "demo", "--headless", "--frames", "30", "--warmup", "5", "--size", "320x200",
                         "--json", json, "--csv", csv, "--svg", svg, "--script", "Examples/Scripts/spin-toggle.jsonl"])
        XCTAssertEqual(r.code, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("frame time (ms)"), r.stdout)
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any]
        XCTAssertEqual(report?["frame_count"] as? Int, 30, "the measured frames, not the warm-up")
        XCTAssertEqual(report?["scenario"] as? String, "demo")
        let header = try String(contentsOfFile: csv, encoding: .utf8).split(separator: "\n").first.map(String.init) ?? ""
        for column in ["Application", "TimeInSeconds", "MsBetweenPresents", "Dropped"] { XCTAssertTrue(header.contains(column), header) }
        XCTAssertTrue(try String(contentsOfFile: svg, encoding: .utf8).contains("<svg"))
        // Comparing with itself passes; a missing baseline is a clear error (exit 2).
        let same = try run(["bench", "--scenario", "demo", "--headless", "--frames", "30", "--warmup", "5", "--size", "320x200",
                            "--baseline", json, "--max-regression", "1000"])
        XCTAssertEqual(same.code, 0, same.stderr)
        // A baseline ten thousand times faster than anything real: the run regressed, exit 1.
        var fast = try XCTUnwrap(report)
        var frameMs = try XCTUnwrap(fast["frame_ms"] as? [String: Any])
        frameMs["p50"] = 0.0001
        fast["frame_ms"] = frameMs
        try JSONSerialization.data(withJSONObject: fast).write(to: URL(fileURLWithPath: json))
        let regressed = try run(["bench", "--scenario", "demo", "--headless", "--frames", "30", "--warmup", "5", "--size", "320x200",
                                 "--baseline", json, "--max-regression", "10"])
        XCTAssertEqual(regressed.code, 1, regressed.stdout + regressed.stderr)
        XCTAssertTrue(regressed.stdout.contains("frame_ms.p50"), regressed.stdout)
        let missing = try run(["bench", "--headless", "--frames", "5", "--baseline", "/nonexistent/base.json"])
        XCTAssertEqual(missing.code, 2)
        XCTAssertTrue(missing.stderr.contains("/nonexistent/base.json"), missing.stderr)
    }
}
