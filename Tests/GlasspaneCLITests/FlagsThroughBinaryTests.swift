// Flags exercised through the binary, each by what it changes: the view tree `--dump-views` prints, the report
// `bench --json` writes, the exit code and the stderr line a user sees.
import Foundation
import GlasspaneRender
import XCTest

final class FlagsThroughBinaryTests: XCTestCase {
    private func temporaryDirectory() throws -> String { try BinaryRunner.makeTemporaryDirectory(prefix: "through") }

    /// The entries `demo --dump-views` prints with `extra` arguments, keyed by identifier.
    private func dumpViews(_ extra: [String]) throws -> [String: [String: Any]] {
        let r = try BinaryRunner.run(["demo", "--headless", "--dump-views"] + extra)
        XCTAssertEqual(r.code, 0, r.stderr)
        let entries = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]], r.stdout)
        var byIdentifier: [String: [String: Any]] = [:]
        for entry in entries { if let id = entry["identifier"] as? String { byIdentifier[id] = entry } }
        return byIdentifier
    }

    func testHUDFlagShowsTheHUDLayerFromTheFirstFrame() throws {
        let plain = try dumpViews([]), withHUD = try dumpViews(["--hud"])
        for id in ["hud.root", "hud.panel"] {
            XCTAssertEqual(plain[id]?["visible"] as? Bool, false, id)
            XCTAssertEqual(withHUD[id]?["visible"] as? Bool, true, id)
        }
    }

    func testFontFlagMeasuresTheOverlaysTextWithThatFont() throws {
        let standard = try dumpViews([])
        let mono = try dumpViews(["--font", "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"])
        let width = { (views: [String: [String: Any]]) in (views["demo.title"]?["frame"] as? [String: Double])?["width"] ?? 0 }
        XCTAssertGreaterThan(width(standard), 0)
        // DejaVu Sans Mono's advances are wider than DejaVu Sans's for the title's letters.
        XCTAssertGreaterThan(width(mono), width(standard), "the title is measured with the font given")
    }

    func testAMissingFontIsBadInputNamingThePath() throws {
        let r = try BinaryRunner.run(["demo", "--headless", "--frames", "2", "--font", "/nonexistent/Font.ttf"])
        XCTAssertEqual(r.code, 2, r.stderr)
        XCTAssertTrue(r.stderr.contains("cannot open font /nonexistent/Font.ttf"), r.stderr)
    }

    func testEveryRouteOpensWhatItNames() throws {
        // The route's own view is shown, and the sheets over the play screen.
        let expected: [(route: String, shown: [String], hidden: [String])] = [
            ("play", ["demo.panel"], ["menu", "sheet.options.container", "sheet.sign.container"]),
            ("menu", ["menu"], ["demo.panel", "about"]),
            ("about", ["about"], ["menu", "demo.panel"]),
            ("options", ["demo.panel", "sheet.options.container"], ["sheet.sign.container"]),
            ("sign", ["demo.panel", "sheet.sign.container"], ["sheet.options.container"]),
            ("new-game", ["demo.panel", "sheet.new-game.container"], ["sheet.sign.container"]),
            ("rules", ["rules"], ["menu", "demo.panel"]),
            ("stats", ["stats"], ["menu", "demo.panel"]),
            ("table", ["table"], ["menu", "demo.panel"]),
        ]
        for (route, shown, hidden) in expected {
            let views = try dumpViews(["--route", route])
            for id in shown { XCTAssertEqual(views[id]?["visible"] as? Bool, true, "--route \(route): \(id)") }
            for id in hidden { XCTAssertNotEqual(views[id]?["visible"] as? Bool, true, "--route \(route): \(id)") }
        }
        let unknown = try BinaryRunner.run(["demo", "--headless", "--frames", "2", "--route", "credits"])
        XCTAssertNotEqual(unknown.code, 0)
        XCTAssertTrue(unknown.stderr.contains("credits"), unknown.stderr)
    }

    func testSlowAnimationsOutOfRangeIsAUsageErrorNamingTheFlag() throws {
        for bad in ["0", "500", "nan"] {
            let r = try BinaryRunner.run(["demo", "--headless", "--frames", "2", "--slow-animations", bad])
            XCTAssertEqual(r.code, 64, "\(bad): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains("--slow-animations"), r.stderr)
        }
    }

    func testAReplayAtAnotherSpeedThanItsRecordingWarns() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let script = dir + "/slow.jsonl"
        let record = try BinaryRunner.run(["record", "--out", script, "--headless", "--frames", "5", "--slow-animations", "4"])
        XCTAssertEqual(record.code, 0, record.stderr)
        let warning = "animated frames will differ"
        let asRecorded = try BinaryRunner.run(["replay", script, "--headless"])
        XCTAssertEqual(asRecorded.code, 0, asRecorded.stderr)
        XCTAssertFalse(asRecorded.stderr.contains(warning), asRecorded.stderr)
        let sameFactor = try BinaryRunner.run(["replay", script, "--headless", "--slow-animations", "4"])
        XCTAssertFalse(sameFactor.stderr.contains(warning), sameFactor.stderr)
        let faster = try BinaryRunner.run(["replay", script, "--headless", "--slow-animations", "1"])
        XCTAssertEqual(faster.code, 0, faster.stderr)
        XCTAssertTrue(faster.stderr.contains("--slow-animations 1 differs from the 4 \(script) was recorded with"), faster.stderr)
    }

    func testBenchRecordsTheOptionsItRanWith() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let json = dir + "/stress.json"
        let r = try BinaryRunner.run(["bench", "--scenario", "stress", "--headless", "--frames", "10", "--warmup", "2",
                                      "--size", "320x200", "--no-finish", "--msaa", "1", "--hud",
                                      "--overlay-compositing", "direct", "--json", json])
        XCTAssertEqual(r.code, 0, r.stderr)
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
        XCTAssertEqual(report["scenario"] as? String, "stress")
        XCTAssertEqual(report["frame_count"] as? Int, 10)
        let options = try XCTUnwrap((report["environment"] as? [String: Any])?["options"] as? [String: Any])
        XCTAssertEqual(options["finish"] as? Bool, false)
        let extra = try XCTUnwrap(options["extra"] as? [String: String])
        XCTAssertEqual(extra["msaa"], "1")
        XCTAssertEqual(extra["hud"], "on")
        XCTAssertEqual(extra["overlay_compositing"], "direct")
        let bad = try BinaryRunner.run(["bench", "--headless", "--frames", "2", "--overlay-compositing", "sometimes"])
        XCTAssertEqual(bad.code, 64, bad.stderr)
        XCTAssertTrue(bad.stderr.contains("sometimes"), bad.stderr)
    }

    func testAboutOpensAndClosesAndQuitEndsTheRunInItsFrame() throws {
        // The script's last line waits 60 frames after the alert's Quit (Enter, frame 152); the run ends in that frame.
        let r = try BinaryRunner.run(["replay", "Examples/Scripts/about-and-quit.jsonl", "--headless"])
        XCTAssertEqual(r.code, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("153 frames, 3 expectation(s) held, 0 failed"), r.stdout)
    }

    func testAboutShowsTheVersionThatVersionPrints() throws {
        let version = try BinaryRunner.run(["--version"])
        XCTAssertEqual(version.code, 0, version.stderr)
        let text = version.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertTrue(text.hasPrefix("glasspane 0.") && text.contains("(commit "), text)
        func quoted(_ s: String) -> String { String(decoding: try! JSONEncoder().encode(s), as: UTF8.self) }
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("about-version-\(getpid()).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: script) }
        for (expected, code) in [(text, Int32(0)), ("glasspane 9.9.9 (commit 000000000000)", 1)] {
            try Data([
                #"{"format":"glasspane-script","version":1,"window":{"width":1280,"height":720,"scale":1},"step_hz":120,"options":{"route":"about"}}"#,
                #"{"frame":10,"expect":{"view":"about.version","property":"text","equals":\#(quoted(expected))}}"#,
            ].joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: script))
            let r = try BinaryRunner.run(["replay", script, "--headless"])
            XCTAssertEqual(r.code, code, "\(expected): \(r.stdout) \(r.stderr)")
        }
    }

    func testFPSCapPacesFramesToTheCap() throws {
        // A cap can only slow frames down: at 30 fps no frame interval's median may be under 1/30 s (a machine too
        // loaded to keep up runs slower, never faster), and the summary reports the pacing.
        let r = try BinaryRunner.run(["demo", "--headless", "--fps-cap", "30", "--frames", "31", "--size", "320x200", "--stats"])
        XCTAssertEqual(r.code, 0, r.stderr)
        let median = try XCTUnwrap(r.stdout.firstMatch(of: /frame time median ([0-9.]+) ms/).flatMap { Double($0.1) }, r.stdout)
        XCTAssertGreaterThanOrEqual(median, 33.0, r.stdout)
        XCTAssertTrue(r.stdout.contains("fps-cap pacing error: median"), r.stdout)
    }

    @MainActor func testMakeDemoWithoutADisplayRunsHeadlessAndSavesTheLastFrame() throws {
        // scripts/run-demo.sh is `make demo`'s runner; GLASSPANE_BIN points it at this build instead of the release one.
        var environment = BinaryRunner.environmentWithoutDisplay
        environment["GLASSPANE_BIN"] = BinaryRunner.binary.path
        environment["SDL_VIDEODRIVER"] = nil
        let shot = BinaryRunner.repository.appendingPathComponent("results/demo-headless.png").path
        try? FileManager.default.removeItem(atPath: shot)
        let run = try BinaryRunner.runProgram(BinaryRunner.repository.appendingPathComponent("scripts/run-demo.sh").path,
                                              ["--frames", "20", "--size", "320x200"], environment: environment)
        XCTAssertEqual(run.code, 0, run.output)
        XCTAssertTrue(run.output.contains("No display found: running the demo headless"), run.output)
        XCTAssertTrue(run.output.contains("Saved the last frame to \(shot)"), run.output)
        // The frame was saved at the size asked for (the later --size wins) and holds the demo, not a cleared frame.
        let image = try XCTUnwrap(FramebufferCapture.readPNG(at: shot), "not a readable PNG")
        XCTAssertEqual([image.size.width, image.size.height], [320, 200])
        let pixels = stride(from: 0, to: image.rgba.count, by: 4).map { Array(image.rgba[$0..<$0 + 4]) }
        XCTAssertGreaterThan(Set(pixels).count, 1000, "distinct colors: the demo drew its panel and gradient")
    }
}
