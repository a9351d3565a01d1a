// A view whose presentation frame, alpha or transform moves (an animation advancing) repaints its own subtree in
// place: the rest of the list stays, and the list equals a whole repaint of the same state.
import XCTest
import GlasspaneAnimation
import GlasspaneCore
@testable import GlasspaneOverlay

final class PresentationRepaintTests: XCTestCase {
    private var overlay: Overlay!
    private var layer: OverlayLayer!
    private var panel: View!
    private var body: View!

    override func setUp() {
        overlay = Overlay(windowSize: Size(width: 400, height: 300))
        layer = overlay.addLayer(name: "ui", level: 0)
        let before = View(identifier: "before", frame: Rect(x: 5, y: 5, width: 20, height: 20))
        before.backgroundColor = Color(r: 0, g: 0, b: 1)
        panel = View(identifier: "panel", frame: Rect(x: 40, y: 30, width: 200, height: 160))
        panel.backgroundColor = Color(r: 0.2, g: 0.2, b: 0.2)
        panel.cornerRadius = 8
        panel.clipsToBounds = true
        let header = Label(identifier: "header", text: "Header")
        header.frame = Rect(x: 10, y: 8, width: 120, height: 20)
        body = View(identifier: "body", frame: Rect(x: 10, y: 40, width: 180, height: 110))
        body.backgroundColor = Color(r: 0.9, g: 0.5, b: 0.1)
        let inner = View(identifier: "inner", frame: Rect(x: 10, y: 10, width: 60, height: 60))
        inner.backgroundColor = .white
        body.addSubview(inner)
        panel.addSubview(header)
        panel.addSubview(body)
        let after = View(identifier: "after", frame: Rect(x: 300, y: 200, width: 40, height: 40))
        after.backgroundColor = Color(r: 0, g: 1, b: 0)
        layer.addSubview(before)
        layer.addSubview(panel)
        layer.addSubview(after)
        overlay.advanceAnimations(to: 0)
        overlay.update()
    }

    /// The list a whole repaint of the current presentation state draws (the layer then keeps it).
    private func wholeRepaint() -> [DrawCommand] {
        layer.needsFullRepaint = true
        layer.paintIfNeeded()
        return layer.drawList.commands
    }

    func testASpringingClippingPanelRepaintsOnlyItsSubtree() {
        withAnimation(.spring(response: 0.4, dampingFraction: 0.8)) {
            panel.frame.size.height = 36
            body.alpha = 0.2
        }
        overlay.update() // the model change itself
        let panelRange = panel.paintStart..<panel.paintSubtreeEnd
        XCTAssertEqual(panelRange.count, layer.drawList.commands.count - 2, "everything but the views before and after it")
        for k in 1...8 {
            let fullRepaints = layer.stats.fullRepaints
            overlay.advanceAnimations(to: Double(k) / 60)
            XCTAssertTrue(overlay.update())
            XCTAssertEqual(layer.stats.fullRepaints, fullRepaints, "frame \(k): no whole repaint")
            let damage = try? XCTUnwrap(layer.lastDamage)
            XCTAssertEqual(damage?.commandRanges, [panelRange], "frame \(k): the panel's subtree, nothing else")
            let partial = layer.drawList.commands
            guard case let .rect(r, _, _) = partial[panelRange.lowerBound] else { return XCTFail("the panel's fill first") }
            XCTAssertEqual(r.height, panel.presentationFrame.height, accuracy: 1e-9)
            XCTAssertEqual(partial, wholeRepaint(), "frame \(k): the same list as a whole repaint")
        }
    }

    func testASubtreeThatVanishesOrAppearsRepaintsTheWholeList() {
        withAnimation(.linear(duration: 0.2)) { body.alpha = 0 }
        overlay.update()
        let fullRepaints = layer.stats.fullRepaints
        overlay.advanceAnimations(to: 0.1)
        overlay.update()
        XCTAssertEqual(layer.stats.fullRepaints, fullRepaints, "half faded: in place")
        XCTAssertNotNil(layer.lastDamage)
        overlay.advanceAnimations(to: 0.3)
        overlay.update()
        XCTAssertEqual(layer.stats.fullRepaints, fullRepaints + 1, "at alpha 0 its commands are gone: the whole list")
        XCTAssertNil(layer.lastDamage)
        withAnimation(.linear(duration: 0.2)) { body.alpha = 1 }
        overlay.update()
        overlay.advanceAnimations(to: 0.4)
        overlay.update()
        XCTAssertEqual(layer.drawList.commands, wholeRepaint(), "fading in from nothing")
    }

    func testAMovingViewInsideAMovingViewIsRepaintedOnceWithIt() {
        let inner = body.subviews[0]
        withAnimation(.linear(duration: 0.5)) {
            panel.transform = ViewTransform(translation: Point(x: 30, y: 10), scale: 1)
            inner.frame.origin.x = 80
        }
        overlay.update()
        let painted = layer.stats.viewsPainted
        overlay.advanceAnimations(to: 0.25)
        overlay.update()
        XCTAssertEqual(layer.stats.viewsPainted - painted, 4, "panel, header, body, inner: each once")
        XCTAssertEqual(layer.drawList.commands, wholeRepaint())
    }
}
