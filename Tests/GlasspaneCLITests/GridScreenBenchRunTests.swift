// `glasspane bench --scenario grid` through the built binary: it runs, prints the screen's open time as the list
// scenario does, and refuses an item count past the limit before writing anything (exit 64, no report); and
// `--screenshot-at` saves what the scenario shows at the frames asked for.
import Foundation
import GlasspaneCore
import GlasspaneDraw
import GlasspaneRender
import XCTest

final class GridScreenBenchRunTests: XCTestCase {
    private func temporaryDirectory() throws -> String { try BinaryRunner.makeTemporaryDirectory(prefix: "grid-bench") }

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

    /// Frames of the grid scrolled by grid-scroll.jsonl: the first before any notch, the next after 300 notches of 40
    /// points (12,000 points: cell rows 60 points apart, so row 200 is at the top). The panel's pixels are the panel's
    /// dark background and differ where the cells' texts moved.
    func testScreenshotsAtFramesShowTheScrolledGrid() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (first, scrolled) = (dir + "/first.png", dir + "/scrolled.png")
        let r = try BinaryRunner.run(["bench", "--scenario", "grid", "--headless", "--warmup", "0", "--frames", "302", "--msaa", "1",
                                      "--script", "Examples/Scripts/bench/grid-scroll.jsonl",
                                      "--screenshot-at", "1:\(first)", "--screenshot-at", "last:\(scrolled)"])
        XCTAssertEqual(r.code, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("screenshot: \(scrolled)"), r.stderr)
        func load(_ path: String) throws -> PixelImage {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            return try SDLImageDecoder().decode(bytes, header: try ImageHeader.read(bytes))
        }
        let (a, b) = (try load(first), try load(scrolled))
        XCTAssertEqual(a.size, PixelSize(width: 1280, height: 720))
        // The panel (x 680-1240 at 1280 wide) between two cells' columns: its background, dark and opaque, both times.
        for image in [a, b] {
            let p = image.pixel(x: 756, y: 600)
            XCTAssertTrue(p.r < 60 && p.g < 60 && p.b < 70, "the panel's background, got \(p)")
        }
        // Inside the cells: the texts moved, so many pixels differ; left of the panel only the scene and the demo panel.
        var differing = 0
        for y in 100..<640 { for x in 690..<1230 where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) { differing += 1 } }
        XCTAssertGreaterThan(differing, 2_000, "the scrolled grid shows other cells")
    }

    func testScreenshotArgumentsAreChecked() throws {
        let bad = try BinaryRunner.run(["bench", "--scenario", "grid", "--headless", "--screenshot-at", "grid.png"])
        XCTAssertEqual(bad.code, 64, bad.stderr)
        XCTAssertTrue(bad.stderr.contains("--screenshot-at 'grid.png' is not FRAME:PATH"), bad.stderr)
        let runs = try BinaryRunner.run(["bench", "--headless", "--runs", "2", "--screenshot-at", "last:x.png"])
        XCTAssertEqual(runs.code, 64, runs.stderr)
        XCTAssertTrue(runs.stderr.contains("--screenshot-at cannot be used with --runs"), runs.stderr)
    }
}
