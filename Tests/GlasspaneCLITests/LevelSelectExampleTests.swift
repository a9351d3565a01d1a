// Examples/LevelSelect run headless as its header says: two wheel notches over the shelf settle with the second card
// at its left edge, a quick drag turns the pager one page, and the right stick leant for ten frames scrolls the
// story 200 points (docs/scrolling.md, "Snapping"; docs/focus.md).
import Foundation
import GlasspaneRender
import XCTest

final class LevelSelectExampleTests: XCTestCase {
    func testTheShelfAndThePagerSnapAndTheStoryScrollsUnderTheRightStick() throws {
        let shot = FileManager.default.temporaryDirectory.appendingPathComponent("levels-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: shot) }
        let run = try BinaryRunner.runExample("LevelSelect", arguments: ["--headless", "--screenshot", shot])
        let line = run.stdout.split(separator: "\n").last.map(String.init) ?? ""
        XCTAssertEqual(line, "LevelSelect: shelf at 220.0 with 5 live cards, pager at 360.0, story at 200.0")
        XCTAssertEqual(run.code, 0)
        // The shelf (window x 16...744, y 46...186) shows level 2's card from its left edge exactly: x 15 is the
        // background, x 16 the card's color (index 1: red 0.23), its right edge at 216, level 3's card from 236.
        let image = try XCTUnwrap(MainActor.assumeIsolated { FramebufferCapture.readPNG(at: shot) }, "no PNG written")
        XCTAssertEqual([image.size.width, image.size.height], [760, 380])
        func rgb(_ x: Int, _ y: Int) -> [UInt8] { let p = image.pixel(x: x, y: y); return [p.r, p.g, p.b] }
        XCTAssertEqual(rgb(16, 100), [59, 56, 87], "level 2's card starts at the shelf's left edge")
        XCTAssertEqual(rgb(215, 100), [59, 56, 87])
        XCTAssertNotEqual(rgb(15, 100), [59, 56, 87], "nothing of it left of the edge")
        XCTAssertEqual(rgb(236, 100), [71, 56, 87], "level 3's card 20 points on")
        // The pager (x 16...376) shows its second page whole: its color at both edges.
        XCTAssertEqual(rgb(17, 300), rgb(374, 300), "one page fills the pager")
        XCTAssertEqual(rgb(17, 300), [41, 92, 66], "the second page's color (green 0.36)")
    }
}
