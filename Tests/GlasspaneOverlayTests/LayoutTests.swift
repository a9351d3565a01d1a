// Stack and absolute layout: frames follow spacing, padding, alignment and measured sizes.
import XCTest
import GlasspaneCore
@testable import GlasspaneOverlay

final class LayoutTests: XCTestCase {
    let fonts = MonospaceFontMetrics()

    private func fixed(_ id: String, _ w: Double, _ h: Double) -> View {
        let v = View(identifier: id)
        v.preferredWidth = w
        v.preferredHeight = h
        return v
    }

    private func layOut(_ view: View, at origin: Point = Point(x: 10, y: 20)) -> OverlayLayer {
        let layer = OverlayLayer(name: "t", size: Size(width: 800, height: 600), fonts: fonts)
        layer.addSubview(view, at: origin)
        layer.layoutIfNeeded()
        return layer
    }

    func testVStackPlacesChildrenTopToBottomWithSpacingAndPadding() {
        let stack = VStack(spacing: 4, padding: EdgeInsets(all: 10), [fixed("a", 50, 20), fixed("b", 80, 30)])
        _ = layOut(stack)
        XCTAssertEqual(stack.frame, Rect(x: 10, y: 20, width: 100, height: 74))
        XCTAssertEqual(stack.subviews[0].frame, Rect(x: 10, y: 10, width: 50, height: 20))
        XCTAssertEqual(stack.subviews[1].frame, Rect(x: 10, y: 34, width: 80, height: 30))
    }

    func testVStackAlignmentCenterTrailingFill() {
        let a = fixed("a", 50, 20), b = fixed("b", 80, 30)
        let stack = VStack(spacing: 0, alignment: .center, [a, b])
        let layer = layOut(stack)
        XCTAssertEqual(a.frame, Rect(x: 15, y: 0, width: 50, height: 20))
        stack.alignment = .trailing
        XCTAssertTrue(layer.layoutIfNeeded())
        XCTAssertEqual(a.frame, Rect(x: 30, y: 0, width: 50, height: 20))
        stack.alignment = .fill
        XCTAssertTrue(layer.layoutIfNeeded())
        XCTAssertEqual(a.frame, Rect(x: 0, y: 0, width: 80, height: 20))
    }

    func testHStackPlacesChildrenLeftToRight() {
        let stack = HStack(spacing: 5, padding: EdgeInsets(horizontal: 2, vertical: 3), alignment: .center,
                           [fixed("a", 50, 20), fixed("b", 80, 30)])
        _ = layOut(stack)
        XCTAssertEqual(stack.frame.size, Size(width: 139, height: 36))
        XCTAssertEqual(stack.subviews[0].frame, Rect(x: 2, y: 8, width: 50, height: 20))
        XCTAssertEqual(stack.subviews[1].frame, Rect(x: 57, y: 3, width: 80, height: 30))
    }

    func testHiddenChildTakesNoSpaceAndShowingItRelaysOut() {
        let a = fixed("a", 50, 20), b = fixed("b", 50, 20), c = fixed("c", 50, 20)
        let stack = VStack(spacing: 10, [a, b, c])
        let layer = layOut(stack)
        XCTAssertEqual(c.frame.minY, 60)
        b.isHidden = true
        XCTAssertTrue(layer.layoutIfNeeded())
        XCTAssertEqual(c.frame.minY, 30)
        XCTAssertEqual(stack.frame.height, 50)
    }

    func testLabelsMeasureThroughFontMetrics() {
        let label = Label(text: "Hello", fontSize: 10)
        XCTAssertEqual(label.measure(proposed: Size(width: 1000, height: 1000), fonts: fonts), Size(width: 30, height: 13))
        label.preferredWidth = 100
        XCTAssertEqual(label.measure(proposed: Size(width: 1000, height: 1000), fonts: fonts), Size(width: 100, height: 13))
    }

    func testNestedStacksAndPanelMeasureTheirContent() {
        let row = HStack(spacing: 6, [Label(text: "R", fontSize: 10), fixed("s", 100, 10)])
        let panel = Panel(identifier: "p", padding: EdgeInsets(all: 12), content: VStack(spacing: 8, [row, fixed("x", 40, 40)]))
        _ = layOut(panel)
        // row: 6 + 6 + 100 = 112 wide, 13 high; column: 112 x (13 + 8 + 40); panel adds 24.
        XCTAssertEqual(panel.frame, Rect(x: 10, y: 20, width: 136, height: 85))
        XCTAssertEqual(panel.content?.frame, Rect(x: 12, y: 12, width: 112, height: 61))
        XCTAssertEqual(row.windowFrame, Rect(x: 22, y: 32, width: 112, height: 13))
    }

    func testAbsolutePlacementKeepsFramesUnlessSizesToFit() {
        let layer = OverlayLayer(name: "t", size: Size(width: 800, height: 600), fonts: fonts)
        let manual = Label(identifier: "manual", text: "abc", fontSize: 10)
        manual.frame = Rect(x: 5, y: 5, width: 200, height: 40)
        layer.addSubview(manual)
        let auto = Label(identifier: "auto", text: "abc", fontSize: 10)
        layer.addSubview(auto, at: Point(x: 300, y: 300))
        layer.layoutIfNeeded()
        XCTAssertEqual(manual.frame, Rect(x: 5, y: 5, width: 200, height: 40))
        XCTAssertEqual(auto.frame, Rect(x: 300, y: 300, width: 18, height: 13))
        auto.text = "abcdef"
        layer.layoutIfNeeded()
        XCTAssertEqual(auto.frame.size, Size(width: 36, height: 13))
    }

    func testDemoFixtureLayout() {
        let demo = DemoOverlayFixtures.make()
        XCTAssertEqual(demo.panel.frame, Rect(x: 20, y: 20, width: 204, height: 166))
        XCTAssertEqual(demo.sliders[0].windowFrame, Rect(x: 32, y: 60, width: 180, height: 20))
        XCTAssertEqual(demo.button.windowFrame, Rect(x: 32, y: 144, width: 66, height: 30))
    }
}
