// Animatable view properties: model set at once, presentation moved by advanceAnimations on the frame clock,
// only animating views invalidated, hit testing on the model.
import XCTest
import GlasspaneCore
import GlasspaneAnimation
@testable import GlasspaneOverlay

private struct MissingRect: Error {}

final class ViewAnimationTests: XCTestCase {
    private var overlay: Overlay!
    private var layer: OverlayLayer!
    private var box: View!

    override func setUp() {
        overlay = Overlay(windowSize: Size(width: 400, height: 300))
        layer = overlay.addLayer(name: "ui", level: 0)
        box = View(identifier: "box", frame: Rect(x: 0, y: 20, width: 50, height: 40))
        box.backgroundColor = Color(r: 1, g: 0, b: 0)
        layer.addSubview(box)
        overlay.advanceAnimations(to: 0)
        overlay.update()
    }

    /// The fill rectangle the box painted (its first command).
    private func boxRect() throws -> (Rect, Color, Double) {
        overlay.update()
        guard case let .rect(r, color, radius)? = layer.drawList.commands.first else { throw MissingRect() }
        return (r, color, radius)
    }

    func testAlphaFadesOverFramesWithTheCurvesValues() throws {
        withAnimation(.linear(duration: 0.5)) { box.alpha = 0 }
        XCTAssertEqual(box.alpha, 0, "the model is set at once")
        XCTAssertEqual(box.presentationAlpha, 1, "the presentation has not moved yet")
        XCTAssertEqual(overlay.animatingViewCount, 1)
        for k in 1...5 {
            overlay.advanceAnimations(to: Double(k) * 0.1)
            let expected = 1 - Double(k) * 0.2
            if k < 5 {
                XCTAssertEqual(box.presentationAlpha, expected, accuracy: 1e-12, "frame \(k)")
                XCTAssertEqual(try boxRect().1.a, expected, accuracy: 1e-12, "the painted fill fades, frame \(k)")
            }
        }
        XCTAssertEqual(box.presentationAlpha, 0)
        XCTAssertEqual(overlay.animatingViewCount, 0, "a settled view leaves the list")
        overlay.update()
        XCTAssertTrue(layer.drawList.commands.isEmpty, "alpha 0 is not drawn")
    }

    func testFrameSpringsOverFramesAndOnlyRepaints() throws {
        let spring = Spring(response: 0.55, dampingFraction: 1)
        let start = box.frame, target = Rect(x: 200, y: 100, width: 120, height: 60)
        withAnimation { box.frame = target }
        XCTAssertEqual(box.frame, target)
        XCTAssertEqual(box.presentationFrame, start)
        overlay.update()
        let layoutsBefore = layer.stats.layoutPasses, paintsBefore = layer.stats.paintPasses
        for k in 1...6 {
            let t = Double(k) / 60
            overlay.advanceAnimations(to: t)
            let expected = spring.value(from: start, to: target, initialVelocity: .zero, at: t)
            XCTAssertEqual(box.presentationFrame.minX, expected.minX, accuracy: 1e-9, "frame \(k)")
            XCTAssertEqual(box.presentationFrame.width, expected.width, accuracy: 1e-9, "frame \(k)")
            let (painted, _, _) = try boxRect()
            XCTAssertEqual(painted.minX, expected.minX, accuracy: 1e-9, "painted at the presentation, frame \(k)")
            XCTAssertEqual(painted.height, expected.height, accuracy: 1e-9)
        }
        XCTAssertEqual(layer.stats.layoutPasses, layoutsBefore, "presentation changes do not lay out (layout reads the model)")
        XCTAssertEqual(layer.stats.paintPasses, paintsBefore + 6, "one repaint per animated frame")
        overlay.advanceAnimations(to: 2)
        XCTAssertEqual(box.presentationFrame, target)
        XCTAssertFalse(box.isAnimating)
        overlay.update()
        XCTAssertFalse(overlay.advanceAnimations(to: 2.1), "nothing animates")
        XCTAssertFalse(overlay.update(), "and nothing is left to do")
    }

    func testChangesOutsideATransactionApplyAtOnce() throws {
        box.frame.origin.x = 77
        box.alpha = 0.5
        XCTAssertEqual(overlay.animatingViewCount, 0)
        XCTAssertEqual(box.presentationFrame.minX, 77)
        XCTAssertEqual(try boxRect().0.minX, 77)
        // A change without animation cuts a running animation off.
        withAnimation(.linear(duration: 1)) { box.frame.origin.x = 300 }
        overlay.advanceAnimations(to: 0.5)
        XCTAssertTrue(box.isAnimating)
        box.frame.origin.x = 10
        XCTAssertFalse(box.isAnimating)
        XCTAssertEqual(try boxRect().0.minX, 10)
    }

    func testAViewOutsideAnOverlayDoesNotAnimate() {
        let loose = View(identifier: "loose", frame: .zero)
        withAnimation { loose.alpha = 0.2 }
        XCTAssertEqual(loose.presentationAlpha, 0.2)
        XCTAssertFalse(loose.isAnimating)
    }

    func testHitTestingUsesTheModelValue() {
        withAnimation(.linear(duration: 1)) { box.frame.origin.x = 200 }
        overlay.advanceAnimations(to: 0.5)
        XCTAssertEqual(box.presentationFrame.minX, 100, accuracy: 1e-9)
        // Where it will rest (the model) hits it; where it is drawn now does not.
        XCTAssertTrue(layer.root.hitTest(Point(x: 210, y: 30))?.view === box)
        XCTAssertFalse(layer.root.hitTest(Point(x: 110, y: 30))?.view === box)
        XCTAssertEqual(overlay.route(down(210, 30)).summary, "ui/box")
        XCTAssertEqual(overlay.route(up(210, 30)).summary, "ui/box")

        // Fading out: not hit from the moment it is set, though still drawn nearly opaque.
        withAnimation(.linear(duration: 1)) { box.alpha = 0 }
        overlay.advanceAnimations(to: 0.6)
        XCTAssertGreaterThan(box.presentationAlpha, 0.8)
        XCTAssertFalse(layer.root.hitTest(Point(x: 210, y: 30))?.view === box)
        // Fading in: hit at once, though still drawn almost transparent.
        withAnimation(.linear(duration: 10)) { box.alpha = 1 }
        overlay.advanceAnimations(to: 0.7)
        XCTAssertTrue(layer.root.hitTest(Point(x: 210, y: 30))?.view === box)
    }

    func testColorAndRadiusRepaintOnlyTheView() throws {
        overlay.update()
        let fullBefore = layer.stats.fullRepaints
        withAnimation(.linear(duration: 1)) {
            box.backgroundColor = Color(r: 0, g: 0, b: 1)
            box.cornerRadius = 20
        }
        overlay.advanceAnimations(to: 0.5)
        let (_, color, radius) = try boxRect()
        XCTAssertEqual(radius, 10, accuracy: 1e-12)
        // Red to blue in linear light: half of each, encoded.
        XCTAssertEqual(color.r, LinearColor.encode(0.5), accuracy: 1e-9)
        XCTAssertEqual(color.b, LinearColor.encode(0.5), accuracy: 1e-9)
        XCTAssertEqual(layer.stats.fullRepaints, fullBefore, "a color or radius change repaints the view in place")
    }

    func testTransformScalesAboutTheCenterAndMovesTheSubtree() throws {
        let child = View(identifier: "child", frame: Rect(x: 10, y: 10, width: 10, height: 10))
        child.backgroundColor = .white
        box.addSubview(child)
        withAnimation(.linear(duration: 1)) { box.transform = ViewTransform(translation: Point(x: 100, y: 0), scale: 2) }
        overlay.advanceAnimations(to: 0.5)
        XCTAssertEqual(box.presentationTransform, ViewTransform(translation: Point(x: 50, y: 0), scale: 1.5))
        overlay.update()
        // Box 0,20 50x40 has center 25,40; scale 1.5 about it then move 50 right.
        guard case let .rect(boxRect, _, _) = layer.drawList.commands[0],
              case let .rect(childRect, _, _) = layer.drawList.commands[1] else { return XCTFail("two rects expected") }
        XCTAssertEqual(boxRect, Rect(x: 25 - 37.5 + 50, y: 40 - 30, width: 75, height: 60))
        XCTAssertEqual(childRect, Rect(x: 25 + (10 - 25) * 1.5 + 50, y: 40 + (30 - 40) * 1.5, width: 15, height: 15))
        // Hit testing ignores the transform (the model frame decides).
        XCTAssertTrue(layer.root.hitTest(Point(x: 5, y: 25))?.view === box)
    }

    func testAViewRemovedWhileAnimatingStopsAtItsModel() {
        withAnimation(.linear(duration: 1)) { box.alpha = 0.2 }
        overlay.advanceAnimations(to: 0.3)
        box.removeFromSuperview()
        overlay.advanceAnimations(to: 0.4)
        XCTAssertEqual(overlay.animatingViewCount, 0)
        XCTAssertEqual(box.presentationAlpha, 0.2)
    }

    func testRetargetStartsFromThePresentationValue() {
        withAnimation(.spring(response: 0.5, dampingFraction: 0.8)) { box.frame.origin.x = 300 }
        for k in 1...8 { overlay.advanceAnimations(to: Double(k) / 60) }
        let drawn = box.presentationFrame.minX
        withAnimation(.spring(response: 0.5, dampingFraction: 0.8)) { box.frame.origin.x = 0 }
        XCTAssertEqual(box.presentationFrame.minX, drawn, "no jump at the retarget")
        overlay.advanceAnimations(to: 9 / 60)
        XCTAssertGreaterThan(box.presentationFrame.minX, drawn, "still moving right: the velocity was kept")
    }
}
