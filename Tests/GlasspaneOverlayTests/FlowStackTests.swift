// FlowStack wraps its children onto new lines when short of width: spacing, line alignment across the width,
// child alignment within a line (baselines included), oversized and hidden children: table-driven cases against
// expected frames (monospace metrics, as FlexibleLayoutTests).
import XCTest
import GlasspaneCore
@testable import GlasspaneOverlay

final class FlowStackTests: XCTestCase {
    struct Case {
        var name: String
        var size: Size?
        var build: () -> View
        var expected: [String: Rect]
    }

    private func run(_ cases: [Case], file: StaticString = #filePath, line: UInt = #line) {
        for c in cases {
            let root = c.build()
            layOutForTest(root, size: c.size)
            for (id, rect) in c.expected.sorted(by: { $0.key < $1.key }) {
                guard let view = id == "root" ? root : root.descendant(withIdentifier: id) else {
                    XCTFail("\(c.name): no view \(id)", file: file, line: line); continue
                }
                XCTAssertEqual(view.frame, rect, "\(c.name): \(id)", file: file, line: line)
            }
        }
    }

    private func five(_ w: Double = 40, _ h: Double = 10) -> [View] { ["a", "b", "c", "d", "e"].map { box($0, w, h) } }

    func testChildrenWrapOntoLines() {
        run([
            Case(name: "two 40-point boxes and a gap fit in 100; the third starts a line", size: Size(width: 100, height: 60), build: {
                FlowStack(horizontalSpacing: 10, lineSpacing: 5, self.five())
            }, expected: ["a": Rect(x: 0, y: 0, width: 40, height: 10), "b": Rect(x: 50, y: 0, width: 40, height: 10),
                          "c": Rect(x: 0, y: 15, width: 40, height: 10), "d": Rect(x: 50, y: 15, width: 40, height: 10),
                          "e": Rect(x: 0, y: 30, width: 40, height: 10)]),
            Case(name: "in a VStack 100 wide it is as wide as its widest line and as tall as its lines", size: Size(width: 100, height: 200), build: {
                VStack(spacing: 0, [FlowStack(identifier: "f", horizontalSpacing: 10, lineSpacing: 5, self.five())])
            }, expected: ["f": Rect(x: 0, y: 0, width: 90, height: 40)]),
            Case(name: "a wider stack fits more on a line", size: Size(width: 150, height: 60), build: {
                FlowStack(horizontalSpacing: 10, lineSpacing: 5, self.five())
            }, expected: ["c": Rect(x: 100, y: 0, width: 40, height: 10), "d": Rect(x: 0, y: 15, width: 40, height: 10),
                          "e": Rect(x: 50, y: 15, width: 40, height: 10)]),
            Case(name: "with the width left open everything is one line", size: nil, build: {
                HStack(spacing: 0, [FlowStack(identifier: "f", horizontalSpacing: 10, lineSpacing: 5, self.five())]).fixedSize()
            }, expected: ["f": Rect(x: 0, y: 0, width: 240, height: 10), "e": Rect(x: 200, y: 0, width: 40, height: 10)]),
            Case(name: "padding is kept around the lines", size: Size(width: 110, height: 60), build: {
                FlowStack(horizontalSpacing: 10, lineSpacing: 5, padding: EdgeInsets(all: 5), self.five())
            }, expected: ["a": Rect(x: 5, y: 5, width: 40, height: 10), "c": Rect(x: 5, y: 20, width: 40, height: 10)]),
            Case(name: "a child wider than a line gets a line of its own, as wide as the line", size: Size(width: 100, height: 60), build: {
                FlowStack(horizontalSpacing: 10, lineSpacing: 5, [
                    box("a", 40, 10), View(identifier: "wide").frame(idealWidth: 300, maxWidth: .infinity, minHeight: 10, maxHeight: 10), box("b", 40, 10),
                ])
            }, expected: ["a": Rect(x: 0, y: 0, width: 40, height: 10), "wide": Rect(x: 0, y: 15, width: 100, height: 10),
                          "b": Rect(x: 0, y: 30, width: 40, height: 10)]),
            Case(name: "a hidden child takes no room", size: Size(width: 100, height: 60), build: {
                let views = self.five()
                views[1].isHidden = true
                return FlowStack(horizontalSpacing: 10, lineSpacing: 5, views)
            }, expected: ["c": Rect(x: 50, y: 0, width: 40, height: 10), "d": Rect(x: 0, y: 15, width: 40, height: 10)]),
        ])
    }

    func testLinesAlignAcrossTheWidthAndChildrenWithinTheirLine() {
        run([
            Case(name: "trailing lines", size: Size(width: 100, height: 60), build: {
                FlowStack(horizontalSpacing: 10, lineSpacing: 5, alignment: .trailing, self.five())
            }, expected: ["a": Rect(x: 10, y: 0, width: 40, height: 10), "e": Rect(x: 60, y: 30, width: 40, height: 10)]),
            Case(name: "centred lines", size: Size(width: 100, height: 60), build: {
                FlowStack(horizontalSpacing: 10, lineSpacing: 5, alignment: .center, self.five())
            }, expected: ["a": Rect(x: 5, y: 0, width: 40, height: 10), "e": Rect(x: 30, y: 30, width: 40, height: 10)]),
            Case(name: "children at the bottom of a taller line", size: Size(width: 100, height: 60), build: {
                FlowStack(horizontalSpacing: 10, lineSpacing: 5, lineAlignment: .bottom, [box("a", 40, 10), box("b", 40, 20), box("c", 40, 10)])
            }, expected: ["a": Rect(x: 0, y: 10, width: 40, height: 10), "b": Rect(x: 50, y: 0, width: 40, height: 20),
                          "c": Rect(x: 0, y: 25, width: 40, height: 10)]),
            Case(name: "children centred in their line (the default)", size: Size(width: 100, height: 60), build: {
                FlowStack(horizontalSpacing: 10, lineSpacing: 5, [box("a", 40, 10), box("b", 40, 20)])
            }, expected: ["a": Rect(x: 0, y: 5, width: 40, height: 10)]),
            Case(name: "children filling their line's height", size: Size(width: 100, height: 60), build: {
                FlowStack(horizontalSpacing: 10, lineSpacing: 5, lineAlignment: .fill, [View(identifier: "a").frame(minWidth: 40, maxWidth: 40), box("b", 40, 20)])
            }, expected: ["a": Rect(x: 0, y: 0, width: 40, height: 20)]),
            Case(name: "labels of two sizes on the line's first baseline", size: Size(width: 100, height: 60), build: {
                FlowStack(horizontalSpacing: 0, lineSpacing: 0, lineAlignment: .firstTextBaseline, [
                    Label(identifier: "s", text: "ab", fontSize: 10), Label(identifier: "l", text: "ab", fontSize: 20), box("b", 10, 10),
                ])
            }, expected: ["s": Rect(x: 0, y: 10, width: 12, height: 13), "l": Rect(x: 12, y: 0, width: 24, height: 25),
                          "b": Rect(x: 36, y: 10, width: 10, height: 10)]),
        ])
    }

    func testBaselinesOfTheFirstAndLastLines() {
        let fonts = MonospaceFontMetrics()
        let flow = FlowStack(horizontalSpacing: 0, lineSpacing: 4, lineAlignment: .firstTextBaseline,
                             [Label(text: "abcdef", fontSize: 10), Label(text: "ab", fontSize: 20)])
        // 36 + 24 points do not fit in 50: two lines; the second (25 high, baseline 20) starts at 13 + 4.
        XCTAssertEqual(flow.firstBaseline(in: Size(width: 50, height: 100), fonts: fonts), 10)
        XCTAssertEqual(flow.lastBaseline(in: Size(width: 50, height: 100), fonts: fonts), 37)
        XCTAssertEqual(flow.lastBaseline(in: Size(width: 100, height: 100), fonts: fonts), 20, "one line at 100")
    }

    func testAChangedChildRewrapsAtTheNextLayout() {
        let a = box("a", 40, 10), b = box("b", 40, 10)
        let flow = FlowStack(horizontalSpacing: 10, lineSpacing: 5, [a, b])
        let layer = layOutForTest(flow, size: Size(width: 100, height: 60))
        XCTAssertEqual(b.frame.origin, Point(x: 50, y: 0))
        a.preferredWidth = 60
        layer.layoutIfNeeded()
        XCTAssertEqual(b.frame.origin, Point(x: 0, y: 15), "60 + 10 + 40 > 100: b moves to the next line")
    }
}
