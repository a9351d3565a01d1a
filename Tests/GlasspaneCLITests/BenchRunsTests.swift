// `glasspane bench --runs N`: the children's command lines, the failure of a child (named by run and status), and
// the whole thing as a user runs it.
import Foundation
import GlasspaneBench
@testable import GlasspaneCLI
import XCTest

final class BenchRunsTests: XCTestCase {
    private func temporaryDirectory() throws -> String { try BinaryRunner.makeTemporaryDirectory(prefix: "runs") }

    func testPerRunPathsGoBeforeTheExtension() {
        XCTAssertEqual(BenchRuns.perRunPath("out/demo.csv", run: 2), "out/demo.run2.csv")
        XCTAssertEqual(BenchRuns.perRunPath("out/demo", run: 3), "out/demo.run3")
        XCTAssertEqual(BenchRuns.perRunPath("out.d/demo", run: 1), "out.d/demo.run1", "a dot in a directory is not an extension")
        XCTAssertEqual(BenchRuns.perRunPath(".hidden", run: 1), ".hidden.run1")
    }

    func testChildrenGetTheSameFlagsWithoutTheParentsOnes() {
        let parent = ["bench", "--runs", "5", "--scenario", "cube", "--json", "a.json", "--csv", "o/x.csv", "--svg=o/y.svg",
                      "--baseline", "b.json", "--max-regression=5", "--runs=5", "--headless", "--frames", "300"]
        XCTAssertEqual(BenchRuns.childArguments(parent, run: 2, jsonPath: "/t/run2.json"),
                       ["bench", "--scenario", "cube", "--csv", "o/x.run2.csv", "--svg=o/y.run2.svg", "--headless", "--frames", "300",
                        "--json", "/t/run2.json"])
    }

    /// A launcher that writes a report for every run except `failing`, which ends as `failure` after writing `message`.
    private func fakeLauncher(failing: Int, failure: ChildExit, message: String, launched: UnsafeMutablePointer<[[String]]>)
        -> (String, [String], String, String) throws -> ChildExit {
        { _, arguments, _, stderr in
            launched.pointee.append(arguments)
            let run = launched.pointee.count
            if run == failing {
                try Data(message.utf8).write(to: URL(fileURLWithPath: stderr))
                return failure
            }
            let json = arguments[arguments.count - 1]
            let frames = FrameSample.fromFrameTimes(Array(repeating: Int64(run) * 1_000_000, count: 50))
            try BenchReport(scenario: "cube", statistics: try FrameStatistics(samples: frames), environment: BenchEnvironment()).writeJSON(to: json)
            return .exited(0)
        }
    }

    func testRunsAreCollectedInOrderWithProgress() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var launched: [[String]] = []
        var progress: [String] = []
        let reports = try withUnsafeMutablePointer(to: &launched) { pointer in
            try BenchRuns.collect(count: 3, arguments: ["bench", "--runs", "3"], directory: dir, executable: "/bin/glasspane",
                                  progress: { progress.append($0) },
                                  launch: fakeLauncher(failing: 0, failure: .exited(0), message: "", launched: pointer))
        }
        XCTAssertEqual(reports.map(\.statistics.frameMs.mean), [1, 2, 3])
        XCTAssertEqual(launched.map { $0.last }, ["\(dir)/run1.json", "\(dir)/run2.json", "\(dir)/run3.json"])
        XCTAssertEqual(progress.filter { $0.hasSuffix("…") }, ["bench: run 1/3 …", "bench: run 2/3 …", "bench: run 3/3 …"])
        XCTAssertTrue(progress.contains { $0.hasPrefix("bench: run 2/3 done in ") && $0.contains("frame p50 2.") }, "\(progress)")
    }

    func testAFailingChildIsNamedByRunAndStatus() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for (exit, status) in [(ChildExit.exited(3), "it exited with status 3"), (.signaled(9), "it was killed by signal 9")] {
            var launched: [[String]] = []
            do {
                _ = try withUnsafeMutablePointer(to: &launched) { pointer in
                    try BenchRuns.collect(count: 4, arguments: ["bench"], directory: dir, executable: "/bin/glasspane", progress: { _ in },
                                          launch: fakeLauncher(failing: 2, failure: exit, message: "line 1\nglasspane: boom\n", launched: pointer))
                }
                XCTFail("expected a failure")
            } catch let error as BenchError {
                XCTAssertEqual(error.identifier, "bench.run-failed")
                guard case .runFailed(let run, let count, let detail) = error else { return XCTFail("\(error)") }
                XCTAssertEqual(run, 2)
                XCTAssertEqual(count, 4)
                XCTAssertTrue(detail.hasPrefix(status), detail)
                XCTAssertTrue(detail.hasSuffix("glasspane: boom"), "the child's last error lines: \(detail)")
            }
            XCTAssertEqual(launched.count, 2, "the series stops at the failed run")
        }
        // Exit 0 without a report is a failure too.
        var error: BenchError?
        do {
            _ = try BenchRuns.collect(count: 1, arguments: ["bench"], directory: dir, executable: "/bin/glasspane", progress: { _ in },
                                      launch: { _, _, _, _ in .exited(0) })
        } catch let e { error = e }
        guard case .runFailed(1, 1, let detail)? = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertTrue(detail.contains("run1.json is unusable"), detail)
    }

    func testRunsAsAUserRunsThem() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let common = ["bench", "--scenario", "cube", "--headless", "--frames", "20", "--warmup", "2", "--size", "160x120"]
        let r = try BinaryRunner.run(common + ["--runs", "2", "--json", dir + "/cube.json", "--csv", dir + "/cube.csv"])
        XCTAssertEqual(r.code, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("bench: run 2/2 …"), r.stderr)
        XCTAssertTrue(r.stdout.contains("2 runs of 20 frames") && r.stdout.contains("frame_ms.p50"), r.stdout)
        let report = try BenchReport.load(path: dir + "/cube.json")
        XCTAssertEqual(report.runs.count, 2)
        XCTAssertEqual(report.runs.map(\.statistics.frameCount), [20, 20])
        for run in 1...2 { XCTAssertTrue(FileManager.default.fileExists(atPath: "\(dir)/cube.run\(run).csv")) }
        // Against itself: no regression. 20 frames make p99 the slowest frame, and beside two busy loops a preempted
        // frame went past the 1,000 % once allowed here (exit 1, 1 run in 20): a hundredfold is allowed; the doctored
        // baseline below shows the comparison still fails a real regression.
        let again = try BinaryRunner.run(common + ["--runs", "2", "--baseline", dir + "/cube.json", "--max-regression", "10000"])
        XCTAssertEqual(again.code, 0, again.stdout + again.stderr)
        XCTAssertTrue(again.stdout.contains("vs worst"), again.stdout)
        // A baseline whose frames took a thousandth of the time: the same binary now regresses (exit 1, named), so
        // the comparison above passed on its figures, not because it compares nothing.
        let faster = dir + "/faster.json"
        try Self.scaleFrameTimes(of: dir + "/cube.json", by: 0.001, to: faster)
        let regressed = try BinaryRunner.run(common + ["--runs", "2", "--baseline", faster, "--max-regression", "50"])
        XCTAssertEqual(regressed.code, 1, regressed.stdout + regressed.stderr)
        XCTAssertTrue((regressed.stdout + regressed.stderr).contains("frame_ms.p50"), regressed.stdout + regressed.stderr)
        // Out of range, and an unwritable output: refused before any run.
        let tooMany = try BinaryRunner.run(common + ["--runs", "51"])
        XCTAssertNotEqual(tooMany.code, 0)
        XCTAssertTrue(tooMany.stderr.contains("--runs must be from 1 to 50, got 51"), tooMany.stderr)
        let unwritable = try BinaryRunner.run(common + ["--runs", "2", "--json", dir + "/missing/cube.json"])
        XCTAssertEqual(unwritable.code, 2)
        XCTAssertTrue(unwritable.stderr.contains("--json \(dir)/missing/cube.json: directory \(dir)/missing does not exist"), unwritable.stderr)
        XCTAssertFalse(unwritable.stderr.contains("run 1/2"), unwritable.stderr)
        // A child that fails (here: its script does not exist) stops the series, naming the run and the status.
        let failing = try BinaryRunner.run(common + ["--runs", "2", "--script", dir + "/nope.jsonl"])
        XCTAssertEqual(failing.code, 2)
        XCTAssertTrue(failing.stderr.contains("run 1 of 2 failed: it exited with status 2"), failing.stderr)
        XCTAssertTrue(failing.stderr.contains("nope.jsonl"), failing.stderr)
    }

    func testNoGPUTimingIsSaidInEveryReportInsteadOfFigures() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for timed in [false, true] {
            let name = timed ? "timed" : "untimed"
            let r = try BinaryRunner.run(["bench", "--scenario", "cube", "--headless", "--frames", "6", "--warmup", "2", "--size", "160x120",
                                          "--json", "\(dir)/\(name).json", "--csv", "\(dir)/\(name).csv"] + (timed ? [] : ["--no-gpu-timing"]))
            XCTAssertEqual(r.code, 0, r.stderr)
            XCTAssertEqual(r.stdout.contains("GPU timing: off"), !timed, r.stdout)
            let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(dir)/\(name).json"))) as? [String: Any])
            let options = try XCTUnwrap((report["environment"] as? [String: Any])?["options"] as? [String: Any])
            XCTAssertEqual((options["extra"] as? [String: String])?["gpu_timing"], timed ? "on" : "off")
            let rows = try String(contentsOfFile: "\(dir)/\(name).csv", encoding: .utf8).split(separator: "\n").dropFirst()
            XCTAssertEqual(rows.count, 6)
            let gpuCells = rows.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false).suffix(2) }
            if timed {
                XCTAssertNotEqual(report["gpu_timing"] as? String, "off")
                XCTAssertFalse(gpuCells.contains("off"), "\(gpuCells)")
            } else {
                XCTAssertEqual(report["gpu_timing"] as? String, "off")
                XCTAssertNil(report["gpu_us"], "nothing measured, no figures")
                XCTAssertEqual(Set(gpuCells), ["off"])
            }
        }
    }

    /// `--thread-cpu` adds every phase's thread CPU time to the JSON and the table, and says so in the options.
    func testThreadCPUAddsEachPhasesThreadCPUTime() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try BinaryRunner.run(["bench", "--scenario", "demo", "--headless", "--frames", "6", "--warmup", "2",
                                      "--size", "160x120", "--thread-cpu", "--json", "\(dir)/demo.json"])
        XCTAssertEqual(r.code, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("thread CPU (µs)"), r.stdout)
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(dir)/demo.json"))) as? [String: Any])
        let phases = try XCTUnwrap(report["phases_thread_cpu_us"] as? [String: [String: Double]])
        XCTAssertEqual(Set(phases.keys), Set((report["phases_us"] as? [String: Any] ?? [:]).keys))
        // Rendering the scene and painting the overlay are work on the frame thread, whatever the driver.
        XCTAssertGreaterThan(phases["scene_render"]?["max"] ?? 0, 0)
        XCTAssertGreaterThan(phases["overlay"]?["max"] ?? 0, 0)
        let options = try XCTUnwrap((report["environment"] as? [String: Any])?["options"] as? [String: Any])
        XCTAssertEqual((options["extra"] as? [String: String])?["thread_cpu"], "on")
    }

    func testMangoHudCSVAsAUserWritesIt() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try BinaryRunner.run(["bench", "--scenario", "cube", "--headless", "--frames", "12", "--warmup", "2", "--size", "160x120",
                                      "--mangohud-csv", dir + "/mango.csv", "--json", dir + "/report.json"])
        XCTAssertEqual(r.code, 0, r.stderr)
        let lines = try String(contentsOfFile: dir + "/mango.csv", encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(lines.count, 3 + 12)
        XCTAssertEqual(String(lines[0]), "os,cpu,gpu,ram,kernel,driver,cpuscheduler")
        // The gpu column names the renderer the run drew with, whichever it is (llvmpipe here, a GPU elsewhere).
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/report.json"))) as? [String: Any])
        let renderer = try XCTUnwrap((report["environment"] as? [String: Any])?["gl_renderer"] as? String)
        XCTAssertFalse(renderer.isEmpty)
        // (a comma inside a field is written as a semicolon: the CSV has no quoting)
        XCTAssertEqual(String(lines[1].split(separator: ",", omittingEmptySubsequences: false)[2]),
                       renderer.replacingOccurrences(of: ",", with: ";"), String(lines[1]))
        XCTAssertTrue(lines[2].hasPrefix("fps,frametime,"))
        let elapsed = lines.dropFirst(3).map { Int64($0.split(separator: ",").last!)! }
        XCTAssertEqual(elapsed, elapsed.sorted(), "elapsed grows frame by frame")
    }

    /// Writes the report at `path` to `output` with every `frame_ms` figure (the whole report's and each run's)
    /// multiplied by `factor`.
    static func scaleFrameTimes(of path: String, by factor: Double, to output: String) throws {
        var report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        func scaled(_ section: [String: Any]) -> [String: Any] {
            var section = section
            if let frames = section["frame_ms"] as? [String: Double] { section["frame_ms"] = frames.mapValues { $0 * factor } }
            return section
        }
        report = scaled(report)
        if let runs = report["runs"] as? [[String: Any]] { report["runs"] = runs.map(scaled) }
        try JSONSerialization.data(withJSONObject: report).write(to: URL(fileURLWithPath: output))
    }
}
