// `glasspane bench --scenario grid` through the built binary: it runs, prints the screen's open time as the list
// scenario does, and refuses an item count past the limit before writing anything (exit 64, no report).
import Foundation
import XCTest

final class GridScreenBenchRunTests: XCTestCase {
    private func temporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "glasspane-grid-bench-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    func testTheGridScenarioRunsAndPrintsItsOpenTime() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let json = dir + "/grid.json"
        let r = try BinaryRunner.run(["bench", "--scenario", "grid", "--grid-items", "100000", "--headless", "--frames", "3",
                                      "--warmup", "1", "--msaa", "1", "--json", json])
        XCTAssertEqual(r.code, 0, r.stderr)
        let line = try XCTUnwrap(r.stderr.split(separator: "\n").first { $0.hasPrefix("grid screen: ") }, r.stderr)
        XCTAssertTrue(line.hasPrefix("grid screen: 100000 items, opened (built, laid out, painted) in "), String(line))
        XCTAssertTrue(line.hasSuffix(" ms, 104 cell views"), String(line))
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
        XCTAssertEqual(report["scenario"] as? String, "grid")
        XCTAssertEqual(report["frame_count"] as? Int, 3)
    }

    func testAnItemCountPastTheLimitWritesNothing() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let json = dir + "/grid.json"
        let r = try BinaryRunner.run(["bench", "--scenario", "grid", "--grid-items", "1000001", "--headless", "--json", json])
        XCTAssertEqual(r.code, 64, r.stderr)
        XCTAssertTrue(r.stderr.contains("--grid-items must be 1 to 1000000 (got 1000001)"), r.stderr)
        XCTAssertFalse(r.stderr.contains("grid screen:"), r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: json))
    }
}
