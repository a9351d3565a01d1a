// A popover grows from its arrow's tip and fades in on the frame clock, and shrinks and fades out when dismissed,
// taking no events while it leaves (Popover+Transition.swift).
import XCTest
import GlasspaneCore
import GlasspaneAnimation
@testable import GlasspaneOverlay

final class PopoverTransitionTests: XCTestCase {
    private let window = Size(width: 800, height: 600)
    private let step = 1.0 / 60

    /// An overlay whose frame clock runs, a button `anchor` and a button `under` where the bubble will be.
    private func makeScene() -> (Overlay, Button, Button, Popover) {
        let overlay = Overlay(windowSize: window)
        let ui = overlay.addLayer(name: "ui", level: 0)
        let anchor = Button(identifier: "anchor", title: "Fonts")
        ui.addSubview(anchor, at: Point(x: 300, y: 100))
        let under = Button(identifier: "under", title: "Under the bubble, wide enough")
        ui.addSubview(under, at: Point(x: 260, y: 150))
        overlay.update()
        overlay.advanceAnimations(to: 1)
        let content = Label(identifier: "fonts.text", text: "Noto Sans, Noto Serif, DejaVu Sans")
        return (overlay, anchor, under, Popover(identifier: "fonts", content: content))
    }

    /// The bubble's fill: the first command of the layer's draw list (the container draws nothing).
    private func fill(in layer: OverlayLayer?) throws -> (rect: Rect, color: Color) {
        guard case let .rect(r, color, _)? = layer?.drawList.commands.first else { throw XCTSkip("no fill drawn") }
        return (r, color)
    }

    func testOpeningGrowsFromTheArrowTipAndFadesInUntilItRestsAtTheModel() throws {
        let (overlay, _, _, popover) = makeScene()
        popover.present(from: overlay.view(withIdentifier: "anchor")!, in: overlay)
        overlay.update()
        let placement = try XCTUnwrap(popover.placement)
        XCTAssertEqual(placement.edge, .bottom)
        let model = placement.frame, tip = placement.arrowTip
        let opaque = Theme.standard[.sheet].dark
        var time = 1.0, alphas: [Double] = [], scales: [Double] = []
        for _ in 0..<30 {
            time += step
            overlay.advanceAnimations(to: time)
            overlay.update()
            let (r, color) = try fill(in: overlay.layer(named: "popover.fonts"))
            alphas.append(color.a / opaque.a)
            scales.append(r.width / model.width)
            if r.width < model.width {
                // Scaled about the tip: each edge's distance to the tip shrinks by the same factor.
                let s = r.width / model.width
                XCTAssertEqual((r.minX - tip.x) / (model.minX - tip.x), s, accuracy: 1e-9)
                XCTAssertEqual((r.maxY - tip.y) / (model.maxY - tip.y), s, accuracy: 1e-9)
                XCTAssertEqual((r.minY - tip.y) / (model.minY - tip.y), s, accuracy: 1e-9)
            }
        }
        XCTAssertGreaterThan(alphas[0], 0); XCTAssertLessThan(alphas[0], 1, "the first frame is part way in")
        XCTAssertGreaterThan(scales[0], Popover.collapsedScale); XCTAssertLessThan(scales[0], 1)
        let partWay = zip(alphas, scales).filter { $0.0 > 0 && $0.0 < 1 && $0.1 > Popover.collapsedScale && $0.1 < 1 }
        XCTAssertGreaterThanOrEqual(partWay.count, 8, "about 0.2 s of 60 Hz frames in between: \(alphas)")
        XCTAssertEqual(alphas, alphas.sorted(), "the fade only rises"); XCTAssertEqual(scales, scales.sorted())
        // At rest: exactly the model.
        XCTAssertEqual(alphas.last, 1); XCTAssertEqual(scales.last, 1)
        XCTAssertEqual(try fill(in: overlay.layer(named: "popover.fonts")).rect, model)
        XCTAssertFalse(overlay.view(withIdentifier: "fonts")!.isAnimating)
        // The content took events from the first frame: a press inside kept it open all along.
        XCTAssertTrue(popover.isPresented)
    }

    func testAClickDuringTheCloseGoesToWhatIsUnderTheBubbleAndTheBubbleLeavesWhenDone() throws {
        let (overlay, anchor, under, popover) = makeScene()
        var underClicks = 0
        under.action = { underClicks += 1 }
        var dismissed = 0
        popover.onDismiss = { dismissed += 1 }
        popover.present(from: anchor, in: overlay)
        overlay.update()
        var time = 1.0
        for _ in 0..<30 { time += step; overlay.advanceAnimations(to: time); overlay.update() }
        let bubble = try XCTUnwrap(overlay.view(withIdentifier: "fonts")).windowFrame
        let target = under.windowFrame.intersection(bubble)
        XCTAssertTrue(target.width > 0 && target.height > 0, "the bubble covers part of the button")
        // Escape closes it: its layer stops being modal and taking events at once, the bubble fades out in it.
        overlay.route(key(.escape)); overlay.route(key(.escape, down: false))
        XCTAssertFalse(popover.isPresented)
        XCTAssertEqual(dismissed, 1, "onDismiss runs at once")
        XCTAssertNil(overlay.activeModal)
        time += step; overlay.advanceAnimations(to: time); overlay.update()
        let closing = try XCTUnwrap(overlay.layer(named: "popover.fonts"))
        XCTAssertEqual(closing.kind, .nonInteractive)
        XCTAssertTrue(popover.isClosing)
        let (r, color) = try fill(in: closing)
        XCTAssertGreaterThan(color.a, 0); XCTAssertLessThan(color.a, Theme.standard[.sheet].dark.a, "part way out")
        XCTAssertLessThan(r.width, bubble.width); XCTAssertGreaterThan(r.width, bubble.width * Popover.collapsedScale)
        // A click where the bubble is still drawn reaches the button under it.
        overlay.route(down(target.center.x, target.center.y)); overlay.route(up(target.center.x, target.center.y))
        XCTAssertEqual(underClicks, 1, "the closing popover took no click")
        for _ in 0..<20 { time += step; overlay.advanceAnimations(to: time); overlay.update() }
        XCTAssertNil(overlay.layer(named: "popover.fonts"), "gone once the exit ended")
        XCTAssertFalse(popover.isClosing)
        XCTAssertNil(overlay.view(withIdentifier: "fonts"))
        XCTAssertEqual(dismissed, 1)
    }

    func testPresentingAgainWhileClosingBringsTheBubbleBackInTheModalLayer() throws {
        let (overlay, anchor, _, popover) = makeScene()
        popover.present(from: anchor, in: overlay)
        overlay.update()
        var time = 1.0
        for _ in 0..<30 { time += step; overlay.advanceAnimations(to: time); overlay.update() }
        popover.dismiss()
        time += step; overlay.advanceAnimations(to: time); overlay.update()
        let closing = try XCTUnwrap(overlay.layer(named: "popover.fonts"))
        XCTAssertTrue(popover.isClosing)
        popover.present(from: anchor, in: overlay)
        overlay.update()
        XCTAssertFalse(overlay.layers.contains { $0 === closing }, "the exit ended at once")
        XCTAssertEqual(overlay.layers.filter { $0.name == "popover.fonts" }.count, 1)
        XCTAssertTrue(popover.isPresented); XCTAssertFalse(popover.isClosing)
        XCTAssertTrue(overlay.view(withIdentifier: "fonts")?.layer === overlay.layer(named: "popover.fonts"))
        for _ in 0..<30 { time += step; overlay.advanceAnimations(to: time); overlay.update() }
        XCTAssertEqual(try fill(in: overlay.layer(named: "popover.fonts")).rect, popover.placement?.frame)
        XCTAssertEqual(overlay.view(withIdentifier: "fonts")?.alpha, 1)
    }

    /// What a bubble presented again during its exit goes through: painted in one layer, moved to a new one where its
    /// fade-in starts transparent (left out of that layer's first paint, whose generation number equals the one it
    /// was painted at in the old layer), then shown. Without `paintGeneration = -1` for views left out
    /// (OverlayLayer.swift) the fade repainted it "in place" over the command range it had in the old layer.
    func testAViewMovedToAnotherLayerWhileTransparentIsDrawnWhenItFadesIn() throws {
        let overlay = Overlay(windowSize: window)
        let first = overlay.addLayer(name: "first", level: 0)
        let moving = View(identifier: "moving", frame: Rect(x: 100, y: 100, width: 50, height: 20))
        moving.backgroundColor = Color(r: 0.2, g: 0.4, b: 0.8)
        first.addSubview(moving)
        overlay.update()
        overlay.advanceAnimations(to: 1)
        // In its new layer, another view's commands sit where the moving view's were in the old one.
        let second = overlay.addLayer(name: "second", level: 1)
        let resident = View(identifier: "resident", frame: Rect(x: 300, y: 300, width: 40, height: 40))
        resident.backgroundColor = Color(r: 0.9, g: 0.5, b: 0.1)
        second.addSubview(resident)
        second.addSubview(moving)
        withAnimation(nil) { moving.alpha = 0 }
        withAnimation(.easeOut(duration: 0.2)) { moving.alpha = 1 }
        overlay.update()   // the new layer's first paint: the view is still transparent, so left out
        XCTAssertEqual(second.drawList.commands.count, 1)
        overlay.advanceAnimations(to: 1.1)   // it starts to show: repainted where it is
        overlay.update()
        let fills = second.drawList.commands.compactMap { c -> Rect? in if case let .rect(r, _, _) = c { return r } else { return nil } }
        XCTAssertEqual(fills, [Rect(x: 300, y: 300, width: 40, height: 40), Rect(x: 100, y: 100, width: 50, height: 20)],
                       "both drawn: the fade did not write over the resident's commands")
    }

    func testCollapsedTransformKeepsTheArrowTipInPlace() {
        for edge in PopoverEdge.allCases {
            let p = PopoverPlacement.place(anchor: Rect(x: 350, y: 250, width: 100, height: 40), size: Size(width: 200, height: 100),
                                           in: window, preferred: edge)
            let t = Popover.collapsedTransform(for: p), c = p.frame.center
            let mapped = Point(x: c.x + t.scale * (p.arrowTip.x - c.x) + t.translation.x, y: c.y + t.scale * (p.arrowTip.y - c.y) + t.translation.y)
            XCTAssertEqual(mapped.x, p.arrowTip.x, accuracy: 1e-9, "\(edge)")
            XCTAssertEqual(mapped.y, p.arrowTip.y, accuracy: 1e-9, "\(edge)")
            XCTAssertEqual(t.scale, Popover.collapsedScale)
        }
    }
}
