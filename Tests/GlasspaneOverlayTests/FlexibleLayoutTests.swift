// Flexible frames, expanding spacers, priorities, padding, aspect ratio, fixed size and baseline alignment in
// stacks: table-driven cases against expected frames (monospace metrics: a character is 0.6 x the font size wide,
// a line 1.25 x high, its baseline 4/5 of the line down).
import XCTest
import GlasspaneCore
@testable import GlasspaneOverlay

/// A view of a fixed size (what an image or a swatch is to layout).
func box(_ id: String, _ w: Double, _ h: Double) -> View {
    let v = View(identifier: id)
    v.preferredWidth = w
    v.preferredHeight = h
    return v
}

/// Lays `view` out in a layer at (0, 0), `size` big when given (else at its measured size); returns the layer.
@discardableResult
func layOutForTest(_ view: View, size: Size? = nil) -> OverlayLayer {
    let layer = OverlayLayer(name: "t", size: Size(width: 1000, height: 800), fonts: MonospaceFontMetrics())
    if let size {
        view.frame = Rect(origin: .zero, size: size)
        layer.addSubview(view)
    } else {
        layer.addSubview(view, at: .zero)
    }
    layer.layoutIfNeeded()
    return layer
}

final class FlexibleLayoutTests: XCTestCase {
    /// One case: a container built from views, laid out at a size (nil: its own), and the frames expected by identifier.
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
                guard let view = root.descendant(withIdentifier: id) else { XCTFail("\(c.name): no view \(id)", file: file, line: line); continue }
                XCTAssertEqual(view.frame, rect, "\(c.name): \(id)", file: file, line: line)
            }
        }
    }

    func testFlexibleFramesAndSpacersInStacks() {
        run([
            Case(name: "an expanding spacer takes the room over", size: Size(width: 200, height: 20), build: {
                HStack(identifier: "s", spacing: 0, [box("a", 50, 20), Spacer(identifier: "gap"), box("b", 30, 20)])
            }, expected: ["a": Rect(x: 0, y: 0, width: 50, height: 20), "gap": Rect(x: 50, y: 0, width: 120, height: 0),
                          "b": Rect(x: 170, y: 0, width: 30, height: 20)]),
            Case(name: "two spacers share it evenly", size: Size(width: 200, height: 20), build: {
                HStack(spacing: 0, [Spacer(identifier: "l"), box("a", 50, 20), Spacer(identifier: "r")])
            }, expected: ["a": Rect(x: 75, y: 0, width: 50, height: 20), "r": Rect(x: 125, y: 0, width: 75, height: 0)]),
            Case(name: "a spacer's minimum length holds in a stack at its ideal size (fixedSize: measured with the width open)", size: nil, build: {
                HStack(identifier: "s", spacing: 0, [box("a", 50, 20), Spacer(identifier: "gap", minLength: 12), box("b", 30, 20)]).fixedSize()
            }, expected: ["s": Rect(x: 0, y: 0, width: 92, height: 20), "b": Rect(x: 62, y: 0, width: 30, height: 20)]),
            Case(name: "maxWidth infinity fills along the axis", size: Size(width: 200, height: 20), build: {
                HStack(spacing: 10, [box("a", 50, 20), View(identifier: "fill").frame(maxWidth: .infinity, minHeight: 8)])
            }, expected: ["fill": Rect(x: 60, y: 0, width: 140, height: 8)]),
            Case(name: "a bounded maxWidth stops growing at its bound", size: Size(width: 200, height: 20), build: {
                HStack(spacing: 0, [View(identifier: "a").frame(maxWidth: 60), View(identifier: "b").frame(maxWidth: .infinity)])
            }, expected: ["a": Rect(x: 0, y: 0, width: 60, height: 0), "b": Rect(x: 60, y: 0, width: 140, height: 0)]),
            Case(name: "maxWidth infinity across a vertical stack fills its width", size: Size(width: 300, height: 100), build: {
                VStack(spacing: 0, [Label(identifier: "l", text: "Hello", fontSize: 10).frame(maxWidth: .infinity)])
            }, expected: ["l": Rect(x: 0, y: 0, width: 300, height: 13)]),
            Case(name: "maxWidth 200 across a vertical stack stops at 200", size: Size(width: 300, height: 100), build: {
                VStack(spacing: 0, alignment: .center, [Label(identifier: "l", text: "Hello", fontSize: 10).frame(maxWidth: 200)])
            }, expected: ["l": Rect(x: 50, y: 0, width: 200, height: 13)]),
            Case(name: "minWidth widens a short label", size: nil, build: {
                HStack(spacing: 0, [Label(identifier: "l", text: "Hi", fontSize: 10).frame(minWidth: 40), box("b", 5, 5)])
            }, expected: ["l": Rect(x: 0, y: 0, width: 40, height: 13), "b": Rect(x: 40, y: 0, width: 5, height: 5)]),
            Case(name: "idealWidth is the size when the width is left open", size: nil, build: {
                HStack(identifier: "s", spacing: 0, [View(identifier: "v").frame(idealWidth: 70, maxWidth: .infinity, minHeight: 4)]).fixedSize()
            }, expected: ["s": Rect(x: 0, y: 0, width: 70, height: 4), "v": Rect(x: 0, y: 0, width: 70, height: 4)]),
            Case(name: "frame calls add up: a minimum height, then a maximum width", size: Size(width: 100, height: 40), build: {
                HStack(spacing: 0, alignment: .center, [View(identifier: "v").frame(minHeight: 26).frame(maxWidth: .infinity)])
            }, expected: ["v": Rect(x: 0, y: 7, width: 100, height: 26)]),
            Case(name: "bad bounds: an infinite minimum and a NaN ideal are ignored, a negative maximum is 0", size: Size(width: 100, height: 10), build: {
                HStack(spacing: 0, [View(identifier: "v").frame(minWidth: .infinity, idealWidth: .nan, maxWidth: -5, minHeight: 4),
                                    View(identifier: "w").frame(maxWidth: .infinity, minHeight: .infinity)])
            }, expected: ["v": Rect(x: 0, y: 0, width: 0, height: 4), "w": Rect(x: 0, y: 0, width: 100, height: 0)]),
            Case(name: "maxHeight infinity fills across a horizontal stack", size: Size(width: 100, height: 50), build: {
                HStack(spacing: 0, [box("a", 10, 20), View(identifier: "tall").frame(minWidth: 5, maxHeight: .infinity)])
            }, expected: ["tall": Rect(x: 10, y: 0, width: 5, height: 50)]),
        ])
    }

    func testPrioritiesDecideWhoGrowsAndWhoShrinks() {
        run([
            Case(name: "the higher priority grows first", size: Size(width: 200, height: 10), build: {
                HStack(spacing: 0, [View(identifier: "low").frame(maxWidth: .infinity),
                                    View(identifier: "high").frame(maxWidth: 120).layoutPriority(1)])
            }, expected: ["high": Rect(x: 80, y: 0, width: 120, height: 0), "low": Rect(x: 0, y: 0, width: 80, height: 0)]),
            Case(name: "equal priorities shrink evenly", size: Size(width: 100, height: 10), build: {
                HStack(spacing: 0, [View(identifier: "a").frame(minWidth: 20, idealWidth: 80, maxWidth: 80),
                                    View(identifier: "b").frame(minWidth: 20, idealWidth: 80, maxWidth: 80)])
            }, expected: ["a": Rect(x: 0, y: 0, width: 50, height: 0), "b": Rect(x: 50, y: 0, width: 50, height: 0)]),
            Case(name: "the lower priority shrinks first, down to its minimum", size: Size(width: 100, height: 10), build: {
                HStack(spacing: 0, [View(identifier: "keep").frame(minWidth: 20, idealWidth: 80, maxWidth: 80).layoutPriority(1),
                                    View(identifier: "give").frame(minWidth: 20, idealWidth: 80, maxWidth: 80)])
            }, expected: ["keep": Rect(x: 0, y: 0, width: 80, height: 0), "give": Rect(x: 80, y: 0, width: 20, height: 0)]),
            Case(name: "then the higher priority shrinks too", size: Size(width: 60, height: 10), build: {
                HStack(spacing: 0, [View(identifier: "keep").frame(minWidth: 20, idealWidth: 80, maxWidth: 80).layoutPriority(1),
                                    View(identifier: "give").frame(minWidth: 20, idealWidth: 80, maxWidth: 80)])
            }, expected: ["keep": Rect(x: 0, y: 0, width: 40, height: 0), "give": Rect(x: 40, y: 0, width: 20, height: 0)]),
            Case(name: "a priority between spacers picks the spacer that takes the room", size: Size(width: 100, height: 10), build: {
                HStack(spacing: 0, [Spacer(identifier: "first"), box("a", 20, 10), Spacer(identifier: "second").layoutPriority(1)])
            }, expected: ["first": Rect(x: 0, y: 0, width: 0, height: 0), "a": Rect(x: 0, y: 0, width: 20, height: 10),
                          "second": Rect(x: 20, y: 0, width: 80, height: 0)]),
        ])
    }

    func testPaddingAspectRatioAndFixedSize() {
        run([
            Case(name: "padding keeps space around the frame", size: nil, build: {
                VStack(identifier: "s", spacing: 0, [box("a", 50, 20).padding(5), box("b", 10, 10)])
            }, expected: ["s": Rect(x: 0, y: 0, width: 60, height: 40), "a": Rect(x: 5, y: 5, width: 50, height: 20),
                          "b": Rect(x: 0, y: 30, width: 10, height: 10)]),
            Case(name: "padding on one edge", size: nil, build: {
                HStack(spacing: 0, [box("a", 10, 10).padding(EdgeInsets(top: 0, leading: 7, bottom: 0, trailing: 0)), box("b", 10, 10)])
            }, expected: ["a": Rect(x: 7, y: 0, width: 10, height: 10), "b": Rect(x: 17, y: 0, width: 10, height: 10)]),
            Case(name: "an aspect ratio takes the width across a vertical stack", size: Size(width: 300, height: 400), build: {
                VStack(spacing: 0, [View(identifier: "r").aspectRatio(2)])
            }, expected: ["r": Rect(x: 0, y: 0, width: 300, height: 150)]),
            Case(name: "fit stays inside a z-stack's room", size: Size(width: 300, height: 100), build: {
                ZStack([View(identifier: "r").aspectRatio(2, contentMode: .fit)])
            }, expected: ["r": Rect(x: 50, y: 0, width: 200, height: 100)]),
            Case(name: "fill covers it (centered overflow)", size: Size(width: 300, height: 100), build: {
                ZStack([View(identifier: "r").aspectRatio(2, contentMode: .fill)])
            }, expected: ["r": Rect(x: 0, y: -25, width: 300, height: 150)]),
            Case(name: "a nil ratio keeps the content's", size: Size(width: 60, height: 100), build: {
                VStack(spacing: 0, [Label(identifier: "l", text: "Hello", fontSize: 20).aspectRatio()])
            }, expected: ["l": Rect(x: 0, y: 0, width: 60, height: 25)]),
            Case(name: "a slider fills a vertical stack's width", size: Size(width: 300, height: 100), build: {
                VStack(spacing: 0, [Slider(identifier: "s")])
            }, expected: ["s": Rect(x: 0, y: 0, width: 300, height: 20)]),
            Case(name: "fixedSize keeps it at its ideal width", size: Size(width: 300, height: 100), build: {
                VStack(spacing: 0, [Slider(identifier: "s").fixedSize()])
            }, expected: ["s": Rect(x: 0, y: 0, width: 160, height: 20)]),
        ])
    }

    func testStackJustificationAndBaselines() {
        run([
            Case(name: "centered along the axis", size: Size(width: 200, height: 20), build: {
                let s = HStack(spacing: 0, [box("a", 50, 20)]); s.justification = .center; return s
            }, expected: ["a": Rect(x: 75, y: 0, width: 50, height: 20)]),
            Case(name: "space between", size: Size(width: 200, height: 20), build: {
                let s = HStack(spacing: 0, [box("a", 50, 20), box("b", 50, 20), box("c", 50, 20)]); s.justification = .spaceBetween; return s
            }, expected: ["b": Rect(x: 75, y: 0, width: 50, height: 20), "c": Rect(x: 150, y: 0, width: 50, height: 20)]),
            // 10 pt: 13 high, baseline 10 down; 20 pt: 25 high, baseline 20 down; a box sits on it with its bottom.
            Case(name: "first text baselines on one line", size: nil, build: {
                HStack(identifier: "row", spacing: 0, alignment: .firstTextBaseline,
                       [Label(identifier: "small", text: "ab", fontSize: 10), Label(identifier: "big", text: "ab", fontSize: 20), box("box", 10, 10)])
            }, expected: ["small": Rect(x: 0, y: 10, width: 12, height: 13), "big": Rect(x: 12, y: 0, width: 24, height: 25),
                          "box": Rect(x: 36, y: 10, width: 10, height: 10), "row": Rect(x: 0, y: 0, width: 46, height: 25)]),
            Case(name: "a label below its baseline deepens the row", size: nil, build: {
                HStack(identifier: "row", spacing: 0, alignment: .firstTextBaseline,
                       [box("box", 10, 30), Label(identifier: "l", text: "ab", fontSize: 10)])
            }, expected: ["l": Rect(x: 10, y: 20, width: 12, height: 13), "row": Rect(x: 0, y: 0, width: 22, height: 33)]),
            Case(name: "a nested row lines up by its own first baseline", size: nil, build: {
                HStack(identifier: "row", spacing: 0, alignment: .firstTextBaseline, [
                    Label(identifier: "big", text: "ab", fontSize: 20),
                    VStack(identifier: "col", spacing: 0, [Label(identifier: "inner", text: "ab", fontSize: 10), box("under", 5, 5)]),
                ])
            }, expected: ["col": Rect(x: 24, y: 10, width: 12, height: 18), "inner": Rect(x: 0, y: 0, width: 12, height: 13)]),
            Case(name: "a button's title baseline meets a label's", size: nil, build: {
                HStack(identifier: "row", spacing: 0, alignment: .firstTextBaseline,
                       [Label(identifier: "l", text: "Name", fontSize: 10), Button(identifier: "b", title: "OK")])
            }, expected: ["l": Rect(x: 0, y: 10, width: 24, height: 13), "b": Rect(x: 24, y: 0, width: 40.8, height: 30)]),
        ])
    }

    func testLabelsAndTextControlsShareOneBaselineInARow() {
        let fonts = MonospaceFontMetrics()
        let views: [View] = [Label(identifier: "title", text: "Volume", fontSize: 22), TextField(identifier: "field"),
                             Picker(identifier: "picker", options: ["Low", "High"]), Stepper(identifier: "stepper", title: "Players", value: 1, range: 1...4),
                             Toggle(identifier: "toggle", title: "Mute"), Button(identifier: "button", title: "Apply")]
        let row = HStack(spacing: 4, alignment: .firstTextBaseline, views)
        layOutForTest(row)
        let baselines = views.map { v in v.frame.minY + (v.firstBaseline(in: v.frame.size, fonts: fonts) ?? .nan) }
        XCTAssertEqual(Set(baselines).count, 1, "one baseline: \(zip(views.map(\.identifier), baselines).map { "\($0)=\($1)" })")
        XCTAssertEqual(views[0].frame.minY, 0, "the tallest text sets the line")
    }

    func testExistingStacksKeepTheirLayoutWithoutModifiers() {
        // Without flexible children a stack given more room than it needs places them as before: at their ideal
        // lengths from the leading edge; a slider keeps its default width along a horizontal stack.
        run([
            Case(name: "rigid children", size: Size(width: 400, height: 50), build: {
                HStack(spacing: 4, alignment: .center, [Slider(identifier: "s"), Label(identifier: "l", text: "x", fontSize: 10)])
            }, expected: ["s": Rect(x: 0, y: 15, width: 160, height: 20), "l": Rect(x: 164, y: 18, width: 6, height: 13)]),
        ])
    }
}
