// The controls tour (Examples/Scripts/tour.jsonl: new game, options toggles, sign with the pen menu, typing and an
// imported image, Done with the image in the toast) as a user replays it: the built binary, headless, twice.
import Foundation
import XCTest

final class ControlsTourTests: XCTestCase {
    func testTheControlsTourHoldsEveryExpectationAndReplaysPixelIdentical() throws {
        // Frame 430: the Import tab showing Examples/Images/signature.png; last: the toast with the signature image.
        let shots = (0..<2).map { run in
            (NSTemporaryDirectory() + "glasspane-\(getpid())-controls\(run)-import.png", NSTemporaryDirectory() + "glasspane-\(getpid())-controls\(run)-last.png")
        }
        defer { for (a, b) in shots { try? FileManager.default.removeItem(atPath: a); try? FileManager.default.removeItem(atPath: b) } }
        for (imported, last) in shots {
            let r = try BinaryRunner.run(["replay", "Examples/Scripts/tour.jsonl", "--headless",
                                          "--screenshot-at", "430:\(imported)", "--screenshot-at", "last:\(last)"])
            XCTAssertEqual(r.code, 0, r.stderr)
            XCTAssertTrue(r.stdout.contains("35 expectation(s) held, 0 failed"), r.stdout)
            // The missing file on the way is reported once, naming it.
            XCTAssertEqual(r.stderr.components(separatedBy: "image-missing: Examples/Images/missing.png: no such file").count, 2, r.stderr)
        }
        let data = try shots.map { try (Data(contentsOf: URL(fileURLWithPath: $0.0)), Data(contentsOf: URL(fileURLWithPath: $0.1))) }
        XCTAssertGreaterThan(data[0].0.count, 1000)
        XCTAssertEqual(data[0].0, data[1].0, "the Import tab's frame differs between two replays")
        XCTAssertEqual(data[0].1, data[1].1, "the last frame differs between two replays")
        XCTAssertNotEqual(data[0].0, data[0].1)
    }
}
