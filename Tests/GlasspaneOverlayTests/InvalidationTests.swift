// Invalidation: clean frames do no layout and no paint; a change repaints only what it touched.
import XCTest
import GlasspaneCore
import GlasspaneAnimation
@testable import GlasspaneOverlay

final class InvalidationTests: XCTestCase {
    func testCleanFramesDoNoLayoutOrPaintWork() {
        let demo = DemoOverlayFixtures.make()
        let before = demo.overlay.stats
        XCTAssertGreaterThan(before.layoutPasses, 0)
        XCTAssertGreaterThan(before.viewsPainted, 0)
        XCTAssertFalse(demo.overlay.needsUpdate)
        for _ in 0..<10 { XCTAssertFalse(demo.overlay.update()) }
        _ = demo.overlay.drawList
        XCTAssertEqual(demo.overlay.stats, before)
    }

    func testAViewsLayerFollowsEveryMoveOfItOrItsAncestors() {
        // `layer` is cached; each move below must still be seen, from a view three levels down.
        let overlay = Overlay(windowSize: Size(width: 200, height: 100))
        let ui = overlay.addLayer(name: "ui", level: 0)
        let sheet = overlay.addLayer(name: "sheet", level: 10)
        let panel = View(identifier: "panel"), group = View(identifier: "group"), leaf = View(identifier: "leaf")
        panel.addSubview(group)
        group.addSubview(leaf)
        XCTAssertNil(leaf.layer, "detached")
        ui.addSubview(panel)
        XCTAssertTrue(leaf.layer === ui, "its top ancestor joined ui")
        XCTAssertTrue(leaf.layer === ui, "asked again: the cached answer")
        sheet.addSubview(panel)
        XCTAssertTrue(leaf.layer === sheet, "the ancestor moved to another layer")
        group.removeFromSuperview()
        XCTAssertNil(leaf.layer, "its parent left the tree")
        XCTAssertTrue(panel.layer === sheet, "the old ancestor stays")
        ui.root.addSubview(group)
        XCTAssertTrue(leaf.layer === ui)
        leaf.removeFromSuperview()
        XCTAssertNil(leaf.layer, "removed itself")
        var doomed: OverlayLayer? = OverlayLayer(name: "doomed", level: 0)
        doomed?.addSubview(leaf)
        XCTAssertTrue(leaf.layer === doomed)
        doomed = nil
        XCTAssertNil(leaf.layer, "a released layer is no one's layer")
        // A repaint request reaches the view's current layer only.
        overlay.update()
        sheet.addSubview(leaf)
        overlay.update()
        let before = overlay.stats.viewsPainted
        leaf.setNeedsDisplay()
        XCTAssertTrue(overlay.update(), "the sheet repaints the leaf that moved into it")
        XCTAssertEqual(overlay.stats.viewsPainted - before, 1)
    }

    func testAfterAnIdleFrameEveryKindOfChangeIsStillLaidOutOrPainted() {
        // An idle frame returns on one flag; each way a layer gets work must raise it again.
        let demo = DemoOverlayFixtures.make()
        XCTAssertFalse(demo.overlay.layersMayNeedWork, "a clean frame leaves nothing to check")
        func expectWork(_ name: String, layouts: Int = 0, _ change: () -> Void) {
            XCTAssertFalse(demo.overlay.update(), name)
            let before = demo.overlay.stats
            change()
            XCTAssertTrue(demo.overlay.update(), name)
            XCTAssertGreaterThan(demo.overlay.stats.paintPasses, before.paintPasses, name)
            XCTAssertEqual(demo.overlay.stats.layoutPasses - before.layoutPasses, layouts, name)
            XCTAssertFalse(demo.overlay.layersMayNeedWork, name)
        }
        expectWork("a view's display") { demo.panel.backgroundColor = .white }
        expectWork("a measurement", layouts: 1) { demo.button.title = "Reset all" }
        expectWork("a frame") { demo.fps.frame.origin.x = 600 }
        expectWork("a presentation moving") {
            withAnimation(.linear(duration: 1)) { demo.fps.frame.origin.x = 500 }
            demo.overlay.advanceAnimations(to: 10)
            demo.overlay.advanceAnimations(to: 10.5)
        }
        // A hidden layer's change waits without keeping the flag up, and is painted when the layer shows.
        demo.ui.visibility = .hidden
        demo.overlay.update()
        demo.panel.backgroundColor = .black
        demo.overlay.update()
        XCTAssertFalse(demo.overlay.layersMayNeedWork)
        expectWork("a layer shown") { demo.ui.visibility = .visible }
        XCTAssertTrue(demo.ui.drawList.commands.contains { if case .rect(_, .black, _) = $0 { true } else { false } })
        expectWork("a layer added", layouts: 1) {
            let toast = OverlayLayer(name: "toast", level: 30)
            toast.addSubview(Label(identifier: "toast.text", text: "Saved"), at: Point(x: 10, y: 10))
            demo.overlay.addLayer(toast)
        }
    }

    func testSettingAnUnchangedValueInvalidatesNothing() {
        let demo = DemoOverlayFixtures.make()
        let before = demo.overlay.stats
        demo.sliders[0].value = demo.sliders[0].value
        demo.panel.backgroundColor = demo.panel.backgroundColor
        demo.panel.frame = demo.panel.frame
        demo.fps.text = demo.fps.text
        XCTAssertFalse(demo.overlay.update())
        XCTAssertEqual(demo.overlay.stats, before)
    }

    func testColorChangeRepaintsOnlyThatViewWithoutLayout() {
        let demo = DemoOverlayFixtures.make()
        let before = demo.overlay.stats
        demo.panel.backgroundColor = Color(r: 1, g: 0, b: 0)
        XCTAssertTrue(demo.overlay.update())
        let after = demo.overlay.stats
        XCTAssertEqual(after.layoutPasses, before.layoutPasses)
        XCTAssertEqual(after.fullRepaints, before.fullRepaints)
        XCTAssertEqual(after.paintPasses, before.paintPasses + 1)
        XCTAssertEqual(after.viewsPainted, before.viewsPainted + 1)
        XCTAssertEqual(demo.overlay.drawList.commands.first, .rect(Rect(x: 20, y: 20, width: 204, height: 166),
                                                                    color: Color(r: 1, g: 0, b: 0), cornerRadius: 10))
    }

    func testSliderDragRepaintsOnlyTheSliderAndNeverLaysOut() {
        let demo = DemoOverlayFixtures.make()
        let slider = demo.sliders[1]
        let frame = slider.windowFrame
        demo.overlay.route(down(frame.minX + 8, frame.center.y))
        demo.overlay.update()  // the press focuses the slider: its focus ring changes its command count
        let before = demo.overlay.stats
        var values: [Double] = []
        slider.onChange = { values.append($0) }
        for step in 1...5 {
            demo.overlay.route(drag(frame.minX + 8 + Double(step) * 30, frame.center.y + 50))
            XCTAssertTrue(demo.overlay.update())
        }
        let after = demo.overlay.stats
        XCTAssertEqual(after.layoutPasses, before.layoutPasses, "dragging lays nothing out")
        XCTAssertEqual(after.fullRepaints, before.fullRepaints, "dragging never rebuilds the list")
        XCTAssertEqual(after.viewsPainted, before.viewsPainted + 5, "one view per frame")
        XCTAssertEqual(values.count, 5)
        XCTAssertEqual(slider.value, 150.0 / 164.0, accuracy: 1e-9)
        let thumbX = frame.minX + 8 + 164 * slider.fraction
        XCTAssertTrue(demo.overlay.drawList.commands.contains(
            .circle(center: Point(x: thumbX, y: frame.center.y), radius: 8, color: .white)))
    }

    func testAPartialRepaintNamesTheRewrittenCommandsAndAFullOneNamesNone() throws {
        let demo = DemoOverlayFixtures.make()
        let slider = demo.sliders[1]
        let frame = slider.windowFrame
        demo.overlay.route(down(frame.minX + 8, frame.center.y))
        demo.overlay.update()
        let before = demo.ui.drawList.commands
        let version = demo.ui.contentVersion
        demo.overlay.route(drag(frame.minX + 60, frame.center.y))
        XCTAssertTrue(demo.overlay.update())
        let damage = try XCTUnwrap(demo.ui.lastDamage)
        XCTAssertEqual(damage.baseGeneration, version, "relative to the version drawn before")
        let after = demo.ui.drawList.commands
        XCTAssertEqual(after.count, before.count)
        let named = Set(damage.commandRanges.flatMap { Array($0) })
        let differing = Set(after.indices.filter { after[$0] != before[$0] })
        XCTAssertFalse(differing.isEmpty)
        XCTAssertTrue(differing.isSubset(of: named), "every changed command is named: \(differing) vs \(named)")
        XCTAssertLessThan(named.count, after.count / 2, "only the slider's commands")

        demo.panel.frame = demo.panel.frame.offsetBy(dx: 5, dy: 0)  // a frame change rebuilds the list
        demo.overlay.update()
        XCTAssertNil(demo.ui.lastDamage)
    }

    func testLabelTextOfSameSizeRepaintsWithoutLayoutAndLongerTextRelaysOut() {
        let demo = DemoOverlayFixtures.make()
        let before = demo.overlay.stats
        demo.fps.text = "59.9 fps"
        demo.overlay.update()
        let same = demo.overlay.stats
        XCTAssertEqual(same.layoutPasses, before.layoutPasses)
        XCTAssertEqual(same.viewsPainted, before.viewsPainted + 1)
        demo.fps.text = "120.0 fps"
        demo.overlay.update()
        XCTAssertEqual(demo.overlay.stats.layoutPasses, same.layoutPasses + 1)
        XCTAssertEqual(demo.fps.frame.width, 9 * 12 * 0.6, accuracy: 1e-9)
    }

    func testFrameChangeRebuildsTheListAndMovesTheSubtree() {
        let demo = DemoOverlayFixtures.make()
        let before = demo.overlay.stats
        demo.panel.frame.origin = Point(x: 100, y: 20)
        demo.overlay.update()
        XCTAssertEqual(demo.overlay.stats.fullRepaints, before.fullRepaints + 1)
        XCTAssertEqual(demo.overlay.stats.layoutPasses, before.layoutPasses, "a move keeps the size: no layout")
        XCTAssertEqual(demo.sliders[0].windowFrame.minX, 112)
        XCTAssertTrue(demo.overlay.drawList.commands.contains { if case .rect(let r, _, _) = $0 { r.minX == 100 } else { false } })
    }

    func testHiddenLayerIsNeitherPaintedNorDrawnAndAlphaFadesColors() {
        let demo = DemoOverlayFixtures.make()
        demo.ui.visibility = .hidden
        demo.panel.backgroundColor = .white
        let paints = demo.ui.stats.paintPasses
        demo.overlay.update()
        XCTAssertEqual(demo.ui.stats.paintPasses, paints)
        XCTAssertFalse(demo.overlay.drawList.commands.contains { if case .rect(_, .white, _) = $0 { true } else { false } })
        demo.ui.visibility = .visible
        demo.panel.alpha = 0.5
        demo.overlay.update()
        XCTAssertEqual(demo.overlay.drawList.commands.first, .rect(Rect(x: 20, y: 20, width: 204, height: 166),
                                                                    color: Color(r: 1, g: 1, b: 1, a: 0.5), cornerRadius: 10))
    }

    func testClipsToBoundsWrapsSubviewsInClipCommands() {
        let layer = OverlayLayer(name: "t", size: Size(width: 100, height: 100))
        let box = View(identifier: "box", frame: Rect(x: 10, y: 10, width: 50, height: 50))
        box.clipsToBounds = true
        box.addSubview(View(identifier: "inner", frame: Rect(x: 0, y: 0, width: 10, height: 10)))
        box.subviews[0].backgroundColor = .black
        layer.addSubview(box)
        layer.layoutIfNeeded()
        layer.paintIfNeeded()
        XCTAssertEqual(layer.drawList.commands, [.pushClip(Rect(x: 10, y: 10, width: 50, height: 50)),
                                                 .rect(Rect(x: 10, y: 10, width: 10, height: 10), color: .black, cornerRadius: 0),
                                                 .popClip])
    }

    func testCommandCountChangeFallsBackToAFullRepaint() {
        let demo = DemoOverlayFixtures.make()
        let before = demo.ui.stats
        demo.overlay.focus(demo.sliders[0])  // adds a focus ring: one more command than before
        demo.overlay.update()
        XCTAssertEqual(demo.ui.stats.fullRepaints, before.fullRepaints + 1)
        XCTAssertEqual(demo.ui.drawList.commands.filter { if case .ring = $0 { true } else { false } }.count, 1)
        demo.overlay.clearFocus()
        demo.overlay.update()
        XCTAssertEqual(demo.ui.drawList.commands.filter { if case .ring = $0 { true } else { false } }.count, 0)
    }

    func testWindowResizeLaysOutAgainAndRemovalRepaintsWithoutTheView() {
        let overlay = Overlay(windowSize: Size(width: 400, height: 300))
        let ui = overlay.addLayer(name: "ui", level: 0)
        let slider = Slider(identifier: "s")
        ui.addSubview(slider, at: Point(x: 100, y: 10))
        overlay.update()
        XCTAssertEqual(slider.frame.width, 300, "no preferred width: it takes the room it is offered")
        let passes = overlay.stats.layoutPasses
        overlay.route(.resize(WindowMetrics(windowSize: Size(width: 600, height: 300), drawableSize: PixelSize(width: 600, height: 300))))
        XCTAssertTrue(overlay.needsUpdate)
        overlay.update()
        XCTAssertEqual(overlay.stats.layoutPasses, passes + 1)
        XCTAssertEqual(slider.frame.width, 500)
        XCTAssertFalse(overlay.drawList.isEmpty)
        slider.removeFromSuperview()
        overlay.update()
        XCTAssertTrue(overlay.drawList.isEmpty)
        slider.value = 1  // a detached view's changes reach no layer
        XCTAssertFalse(overlay.update())
    }
}
