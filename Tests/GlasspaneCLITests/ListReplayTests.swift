// The table route replayed as a user runs it (issue 29): a script that scrolls with the wheel, selects with a click
// and Shift-Down, and flings gives the same pixels in two runs, and its scroll offsets hold.
import Foundation
import XCTest

final class ListReplayTests: XCTestCase {
    private func temporaryPath(_ name: String) -> String {
        NSTemporaryDirectory() + "glasspane-\(getpid())-list-\(name)"
    }

    func testAScriptThatScrollsAndSelectsReplaysPixelIdentical() throws {
        let shots = (0..<2).map { run in (temporaryPath("\(run)-selected.png"), temporaryPath("\(run)-last.png")) }
        defer { for (a, b) in shots { try? FileManager.default.removeItem(atPath: a); try? FileManager.default.removeItem(atPath: b) } }
        for (selected, last) in shots {
            let r = try BinaryRunner.run(["replay", "Examples/Scripts/table-scroll-select.jsonl", "--headless",
                                          "--screenshot-at", "55:\(selected)", "--screenshot-at", "last:\(last)"])
            XCTAssertEqual(r.code, 0, r.stderr)
            XCTAssertTrue(r.stdout.contains("2 expectation(s) held, 0 failed"), r.stdout)
        }
        let data = try shots.map { try (Data(contentsOf: URL(fileURLWithPath: $0.0)), Data(contentsOf: URL(fileURLWithPath: $0.1))) }
        XCTAssertGreaterThan(data[0].0.count, 1000)
        XCTAssertEqual(data[0].0, data[1].0, "the frame with the selection differs between two replays")
        XCTAssertEqual(data[0].1, data[1].1, "the frame after the fling differs between two replays")
        XCTAssertNotEqual(data[0].0, data[0].1, "the selected rows and the flung list show different rows")
    }
}
