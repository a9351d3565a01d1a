// The Layout screen's tags (route `layout`): a FlowStack wraps thirteen tags onto more than one line inside the
// panel's 520-point column, each line centred in it, and every tag keeps its own width.
import XCTest
import GlasspaneCore
import GlasspaneDemo
import GlasspaneHost
import GlasspaneOverlay
import GlasspaneTesting

@MainActor
final class DemoLayoutTagsTests: XCTestCase {
    func testTheTagsWrapOntoCentredLinesInsideThePanel() async throws {
        let demo = await DemoHarness(route: .layout)
        await demo.frames(29)
        let overlay = demo.app.stage.overlay
        let column = try XCTUnwrap(overlay.view(withIdentifier: "layout.panel.column")).windowFrame
        let flow = try XCTUnwrap(overlay.view(withIdentifier: "layout.tags"))
        let tags = flow.subviews.map(\.windowFrame)
        XCTAssertEqual(tags.count, 13)
        let lines = Dictionary(grouping: tags, by: \.minY).sorted { $0.key < $1.key }.map(\.value)
        XCTAssertGreaterThan(lines.count, 1, "more than one line")
        for line in lines {
            XCTAssertGreaterThanOrEqual(line.map(\.minX).min()!, column.minX)
            XCTAssertLessThanOrEqual(line.map(\.maxX).max()!, column.maxX)
            let left = line.map(\.minX).min()! - column.minX, right = column.maxX - line.map(\.maxX).max()!
            XCTAssertEqual(left, right, accuracy: 2, "centred (the left gap is rounded down to a whole point)")
        }
        // The first line is full: the first tag of the second line would not have fitted after its last one.
        XCTAssertEqual(flow.frame.width, column.width, "the column fills its width")
        let firstWidth = lines[0].map(\.maxX).max()! - lines[0].map(\.minX).min()!
        let nextTag = lines[1].min { $0.minX < $1.minX }!
        XCTAssertGreaterThan(firstWidth + 6 + nextTag.width, flow.frame.width, "the next tag did not fit on the first line")
        XCTAssertTrue(tags.allSatisfy { $0.height == 22 })
    }
}
