// Last-text-baseline alignment in stacks and grids, and a flexible frame's alignment of its content
// (`frame(maxWidth:maxHeight:alignment:)`): table-driven cases against expected frames.
import XCTest
import GlasspaneCore
@testable import GlasspaneOverlay

/// Monospace metrics that lay a paragraph out one line per newline: each line 1.25 x the size high (rounded up),
/// its baseline four fifths of that down (rounded), as wide as its characters at 0.6 x the size.
final class LinePerNewlineMetrics: ParagraphMetrics {
    func measure(_ text: String, fontSize: Double) -> Size {
        Size(width: Double(text.count) * fontSize * 0.6, height: (fontSize * 1.25).rounded(.up))
    }
    func layoutParagraph(_ text: String, style: ParagraphStyle, width: Double?) -> ShapedParagraph {
        let height = (style.fontSize * 1.25).rounded(.up)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { i, line in
            ShapedLine(origin: Point(x: 0, y: Double(i) * height), size: Size(width: Double(line.count) * style.fontSize * 0.6, height: height),
                       baseline: (height * 0.8).rounded(), runs: [])
        }
        return ShapedParagraph(lines: lines, size: Size(width: lines.map(\.size.width).max() ?? 0, height: Double(lines.count) * height),
                               isTruncated: false, missingGlyphCount: 0)
    }
}

final class BaselineAndFrameAlignmentTests: XCTestCase {
    struct Case {
        var name: String
        var size: Size?
        var build: () -> View
        var expected: [String: Rect]
    }

    private func run(_ cases: [Case], file: StaticString = #filePath, line: UInt = #line) {
        for c in cases {
            let root = c.build()
            let layer = OverlayLayer(name: "t", size: Size(width: 1000, height: 800), fonts: LinePerNewlineMetrics())
            if let size = c.size {
                root.frame = Rect(origin: .zero, size: size)
                layer.addSubview(root)
            } else {
                layer.addSubview(root, at: .zero)
            }
            layer.layoutIfNeeded()
            for (id, rect) in c.expected.sorted(by: { $0.key < $1.key }) {
                guard let view = id == "root" ? root : root.descendant(withIdentifier: id) else {
                    XCTFail("\(c.name): no view \(id)", file: file, line: line); continue
                }
                XCTAssertEqual(view.frame, rect, "\(c.name): \(id)", file: file, line: line)
            }
        }
    }

    /// Two lines at 10 points: 12 x 26, first baseline 10, last 23.
    private func twoLines(_ id: String) -> Label {
        let label = Label(identifier: id, text: "ab\ncd", fontSize: 10)
        label.paragraphStyle = ParagraphStyle()
        return label
    }

    func testLastTextBaselineInStacksAndGrids() {
        run([
            Case(name: "HStack last baselines: the paragraph's second line, a big label, a box's bottom", size: nil, build: {
                HStack(spacing: 0, alignment: .lastTextBaseline, [self.twoLines("p"), Label(identifier: "big", text: "ab", fontSize: 20), box("b", 10, 10)])
            }, expected: ["root": Rect(x: 0, y: 0, width: 46, height: 28), "p": Rect(x: 0, y: 0, width: 12, height: 26),
                          "big": Rect(x: 12, y: 3, width: 24, height: 25), "b": Rect(x: 36, y: 13, width: 10, height: 10)]),
            Case(name: "the same row on first baselines, for contrast", size: nil, build: {
                HStack(spacing: 0, alignment: .firstTextBaseline, [self.twoLines("p"), Label(identifier: "big", text: "ab", fontSize: 20), box("b", 10, 10)])
            }, expected: ["root": Rect(x: 0, y: 0, width: 46, height: 36), "p": Rect(x: 0, y: 10, width: 12, height: 26),
                          "big": Rect(x: 12, y: 0, width: 24, height: 25), "b": Rect(x: 36, y: 10, width: 10, height: 10)]),
            Case(name: "a VStack's last baseline is its last child's", size: nil, build: {
                HStack(spacing: 0, alignment: .lastTextBaseline, [
                    VStack(identifier: "v", spacing: 0, [Label(text: "ab", fontSize: 10), Label(text: "ab", fontSize: 20)]),
                    Label(identifier: "x", text: "x", fontSize: 10),
                ])
            }, expected: ["v": Rect(x: 0, y: 0, width: 24, height: 38), "x": Rect(x: 24, y: 23, width: 6, height: 13)]),
            Case(name: "a VStack's first baseline is its first child's", size: nil, build: {
                HStack(spacing: 0, alignment: .firstTextBaseline, [
                    VStack(identifier: "v", spacing: 0, [Label(text: "ab", fontSize: 10), Label(text: "ab", fontSize: 20)]),
                    Label(identifier: "x", text: "x", fontSize: 10),
                ])
            }, expected: ["v": Rect(x: 0, y: 0, width: 24, height: 38), "x": Rect(x: 24, y: 0, width: 6, height: 13)]),
            Case(name: "a grid row on last baselines", size: nil, build: {
                Grid(horizontalSpacing: 0, verticalSpacing: 0, alignment: .leadingLastTextBaseline,
                     rows: [[self.twoLines("p"), Label(identifier: "big", text: "ab", fontSize: 20)]])
            }, expected: ["root": Rect(x: 0, y: 0, width: 36, height: 28), "p": Rect(x: 0, y: 0, width: 12, height: 26),
                          "big": Rect(x: 12, y: 3, width: 24, height: 25)]),
        ])
    }

    func testContainersAnswerTheirLastBaseline() {
        let fonts = LinePerNewlineMetrics()
        let layer = OverlayLayer(name: "t", size: Size(width: 1000, height: 800), fonts: fonts)
        let grid = Grid(horizontalSpacing: 0, verticalSpacing: 4, rows: [[Label(text: "ab", fontSize: 10)], [twoLines("p"), box("b", 5, 40)]])
        layer.addSubview(grid, at: .zero)
        layer.layoutIfNeeded()
        // Row 1 starts at 17 and is 40 high; the paragraph is centered in it (7 down) and its last line sits 23 below its top.
        XCTAssertEqual(grid.lastBaseline(in: grid.frame.size, fonts: fonts), 17 + 7 + 23)
        XCTAssertEqual(grid.descendant(withIdentifier: "p")?.frame.minY, 24)
        XCTAssertEqual(twoLines("q").lastBaseline(in: Size(width: 12, height: 26), fonts: fonts), 23)
        XCTAssertEqual(Label(text: "ab", fontSize: 20).lastBaseline(in: Size(width: 24, height: 25), fonts: fonts), 20, "one line: its only baseline")
        XCTAssertNil(box("b", 5, 5).lastBaseline(in: Size(width: 5, height: 5), fonts: fonts))
    }

    func testAFlexibleFramePlacesItsContentByItsAlignment() {
        run([
            Case(name: "no alignment: the label is the whole frame, as before", size: Size(width: 200, height: 100), build: {
                VStack(spacing: 0, [Label(identifier: "l", text: "Hi", fontSize: 10).frame(maxWidth: .infinity)])
            }, expected: ["l": Rect(x: 0, y: 0, width: 200, height: 13)]),
            Case(name: "centred in a row that fills the stack", size: Size(width: 200, height: 100), build: {
                VStack(spacing: 0, [Label(identifier: "l", text: "Hi", fontSize: 10).frame(maxWidth: .infinity, alignment: .center)])
            }, expected: ["l": Rect(x: 94, y: 0, width: 12, height: 13)]),
            Case(name: "trailing", size: Size(width: 200, height: 100), build: {
                VStack(spacing: 0, [Label(identifier: "l", text: "Hi", fontSize: 10).frame(maxWidth: .infinity, alignment: .trailing)])
            }, expected: ["l": Rect(x: 188, y: 0, width: 12, height: 13)]),
            Case(name: "bottom trailing in a frame filling both ways", size: Size(width: 100, height: 40), build: {
                HStack(spacing: 0, alignment: .fill, [
                    Label(identifier: "l", text: "Hi", fontSize: 10).frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .bottomTrailing),
                ])
            }, expected: ["l": Rect(x: 88, y: 27, width: 12, height: 13)]),
            Case(name: "a minimum height with the text at the bottom keeps the row's baseline", size: nil, build: {
                HStack(spacing: 0, alignment: .firstTextBaseline, [
                    Label(identifier: "l", text: "Hi", fontSize: 10).frame(minHeight: 40, alignment: .bottom),
                    Label(identifier: "big", text: "ab", fontSize: 20),
                ])
            }, expected: ["root": Rect(x: 0, y: 0, width: 36, height: 42), "l": Rect(x: 0, y: 27, width: 12, height: 13),
                          "big": Rect(x: 12, y: 17, width: 24, height: 25)]),
            Case(name: "in a z-stack cell that fills it", size: Size(width: 100, height: 50), build: {
                ZStack(identifier: "z", alignment: .topLeading, [
                    box("bg", 100, 50),
                    Label(identifier: "l", text: "Hi", fontSize: 10).frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .center)
                        .cellAlignment(.fill),
                ])
            }, expected: ["l": Rect(x: 44, y: 18, width: 12, height: 13)]),
        ])
    }
}
