// The controller-only tour (Examples/Scripts/tour-pad.jsonl, docs/focus.md): every screen the menu reaches, played
// with a controller alone, replayed headless by the built binary with its expectations holding, pixel-identical
// across two runs.
import Foundation
import XCTest

final class ControllerTourTests: XCTestCase {
    private func temporaryPath(_ name: String) -> String { NSTemporaryDirectory() + "glasspane-\(getpid())-\(name)" }

    func testTheControllerTourHoldsItsExpectationsAndReplaysPixelIdentical() throws {
        // Frame 560: the Sign sheet's Type tab with the on-screen keyboard up (the sheet sliding clear of it); frame
        // 1233: the table scrolled by a held D-pad, row 30 selected; last: back on the menu.
        let shots = (0..<2).map { run in
            (temporaryPath("padtour\(run)-keyboard.png"), temporaryPath("padtour\(run)-last.png"), temporaryPath("padtour\(run)-table.png"))
        }
        defer { for (a, b, c) in shots { for p in [a, b, c] { try? FileManager.default.removeItem(atPath: p) } } }
        for (keyboard, last, table) in shots {
            let r = try BinaryRunner.run(["replay", "Examples/Scripts/tour-pad.jsonl", "--headless", "--screenshot-at", "560:\(keyboard)",
                                          "--screenshot-at", "1233:\(table)", "--screenshot-at", "last:\(last)"])
            XCTAssertEqual(r.code, 0, r.stderr)
            XCTAssertTrue(r.stdout.contains("51 expectation(s) held, 0 failed"), r.stdout)
        }
        let data = try shots.map { try (Data(contentsOf: URL(fileURLWithPath: $0.0)), Data(contentsOf: URL(fileURLWithPath: $0.1))) }
        let tables = try shots.map { try Data(contentsOf: URL(fileURLWithPath: $0.2)) }
        XCTAssertEqual(tables[0], tables[1], "the scrolled table differs between two replays")
        XCTAssertGreaterThan(data[0].0.count, 1000)
        XCTAssertEqual(data[0].0, data[1].0, "the keyboard's frame differs between two replays")
        XCTAssertEqual(data[0].1, data[1].1, "the last frame differs between two replays")
        XCTAssertNotEqual(data[0].0, data[0].1, "the keyboard frame and the last frame show different screens")
    }
}
