// The hit-testing matrix of issue 3: one rule per test, each proving both sides of the rule.
import XCTest
import GlasspaneCore
@testable import GlasspaneOverlay

final class HitTestingMatrixTests: XCTestCase {
    var overlay: Overlay!
    var ui: OverlayLayer!
    var log: EventLog!

    override func setUp() {
        overlay = Overlay(windowSize: Size(width: 800, height: 600))
        ui = overlay.addLayer(name: "ui", level: 10)
        log = EventLog()
    }

    private func box(_ id: String, _ x: Double, _ y: Double, _ w: Double, _ h: Double) -> RecordingView {
        RecordingView(id, Rect(x: x, y: y, width: w, height: h), log: log)
    }

    func testHiddenViewAndItsSubtreeAreSkipped() {
        let a = box("a", 100, 100, 100, 100)
        let child = box("a.child", 10, 10, 20, 20)
        a.addSubview(child)
        ui.addSubview(a)
        a.isHidden = true
        XCTAssertEqual(overlay.route(down(115, 115)).summary, "engine")
        XCTAssertEqual(overlay.route(up(115, 115)).summary, "engine")
        a.isHidden = false
        XCTAssertEqual(overlay.route(down(115, 115)).summary, "ui/a.child")
    }

    func testAlphaJustBelowOnePercentIsSkipped() {
        let a = box("a", 100, 100, 100, 100)
        ui.addSubview(a)
        a.alpha = 0.009
        XCTAssertEqual(overlay.route(down(150, 150)).summary, "engine")
    }

    func testAlphaOfExactlyOnePercentIsHit() {
        let a = box("a", 100, 100, 100, 100)
        ui.addSubview(a)
        a.alpha = 0.01
        XCTAssertEqual(overlay.route(down(150, 150)).summary, "ui/a")
    }

    func testInteractionDisabledOnParentSkipsWholeSubtreeAndReachesViewBehind() {
        let behind = box("behind", 0, 0, 400, 400)
        let parent = box("parent", 100, 100, 200, 200)
        let child = box("parent.child", 0, 0, 50, 50)
        parent.addSubview(child)
        ui.addSubview(behind)
        ui.addSubview(parent)
        XCTAssertEqual(overlay.route(down(110, 110)).summary, "ui/parent.child")
        overlay.route(up(110, 110))
        parent.isUserInteractionEnabled = false
        XCTAssertEqual(overlay.route(down(110, 110)).summary, "ui/behind")
    }

    func testChildStickingOutOfParentIsNotHitOutsideParentBounds() {
        let parent = box("parent", 100, 100, 100, 100)
        let child = box("parent.child", 80, 0, 50, 50)  // window x 180..230, parent ends at 200
        parent.addSubview(child)
        ui.addSubview(parent)
        XCTAssertEqual(overlay.route(down(190, 110)).summary, "ui/parent.child")
        overlay.route(up(190, 110))
        let outside = overlay.route(down(215, 110))
        XCTAssertEqual(outside.summary, "engine")
        XCTAssertEqual(outside.reason, .passedThrough([LayerPass(layerName: "ui", cause: .passthrough(viewIdentifier: "ui.root"))]))
    }

    func testNestedZOrderFrontmostSiblingWinsOverDeeperBackSibling() {
        let back = box("back", 100, 100, 200, 200)
        let backChild = box("back.child", 0, 0, 100, 100)
        back.addSubview(backChild)
        let front = box("front", 150, 150, 200, 200)
        ui.addSubview(back)
        ui.addSubview(front)
        XCTAssertEqual(overlay.route(down(160, 160)).summary, "ui/front")
        overlay.route(up(160, 160))
        XCTAssertEqual(overlay.route(down(120, 120)).summary, "ui/back.child")
        overlay.route(up(120, 120))
        ui.root.insertSubview(front, at: 0)  // send to back
        XCTAssertEqual(overlay.route(down(160, 160)).summary, "ui/back.child")
    }

    func testPassthroughOnRootSendsUnclaimedPointsToEngineAndRemovingItMakesLayerModal() {
        let d = overlay.route(down(600, 400))
        XCTAssertEqual(d.summary, "engine")
        XCTAssertEqual(d.traceLine, "down 600,400 -> engine (ui: passthrough at ui.root; no layer claimed)")
        overlay.route(up(600, 400))
        ui.root.tags.remove(.passthrough)
        XCTAssertEqual(overlay.route(down(600, 400)).summary, "ui/ui.root")
    }

    func testPassthroughOnMiddleViewPunchesHoleButChildrenStillClaim() {
        let panel = Panel(identifier: "panel", padding: EdgeInsets(all: 10))
        panel.frame = Rect(x: 100, y: 100, width: 200, height: 200)
        let button = box("panel.button", 20, 20, 50, 30)
        panel.addSubview(button)
        ui.addSubview(panel)
        XCTAssertEqual(overlay.route(down(250, 250)).summary, "ui/panel")
        overlay.route(up(250, 250))
        panel.tags.insert(.passthrough)
        let hole = overlay.route(down(250, 250))
        XCTAssertEqual(hole.summary, "engine")
        XCTAssertEqual(hole.reason, .passedThrough([LayerPass(layerName: "ui", cause: .passthrough(viewIdentifier: "panel"))]))
        overlay.route(up(250, 250))
        XCTAssertEqual(overlay.route(down(125, 125)).summary, "ui/panel.button")
    }

    func testPassthroughOnLeafPassesWholeLayerNotTheViewBehindIt() {
        let panel = box("panel", 100, 100, 200, 200)
        let spacer = box("panel.hole", 50, 50, 40, 40)
        spacer.tags = [.passthrough]
        panel.addSubview(spacer)
        ui.addSubview(panel)
        let d = overlay.route(down(160, 160))
        XCTAssertEqual(d.summary, "engine", "the hole goes through the layer, not to the panel behind it")
        XCTAssertEqual(d.traceLine, "down 160,160 -> engine (ui: passthrough at panel.hole; no layer claimed)")
        overlay.route(up(160, 160))
        XCTAssertEqual(overlay.route(down(145, 145)).summary, "ui/panel")
        XCTAssertTrue(log.lines.allSatisfy { !$0.hasPrefix("panel.hole") })
    }

    func testNonInteractiveLayerAboveInteractiveOneIsIgnored() {
        let hud = overlay.addLayer(name: "hud", level: 20, kind: .nonInteractive)
        hud.addSubview(box("hud.fps", 0, 0, 800, 600))
        ui.addSubview(box("button", 100, 100, 100, 100))
        let d = overlay.route(down(150, 150))
        XCTAssertEqual(d.summary, "ui/button")
        overlay.route(up(150, 150))
        let e = overlay.route(down(500, 500))
        XCTAssertEqual(e.traceLine, "down 500,500 -> engine (hud: non-interactive; ui: passthrough at ui.root; no layer claimed)")
        overlay.route(up(500, 500))
        hud.kind = .passthrough
        XCTAssertEqual(overlay.route(down(150, 150)).summary, "hud/hud.fps")
    }

    func testTwoInteractiveLayersTopClaimsWhereItHasViewsBottomElsewhere() {
        let modal = overlay.addLayer(name: "modal", level: 30)
        modal.addSubview(box("dialog", 100, 100, 100, 100))
        ui.addSubview(box("sheet", 0, 0, 400, 400))
        XCTAssertEqual(overlay.route(down(150, 150)).summary, "modal/dialog")
        overlay.route(up(150, 150))
        let d = overlay.route(down(300, 300))
        XCTAssertEqual(d.summary, "ui/sheet")
        overlay.route(up(300, 300))
        XCTAssertEqual(overlay.route(down(500, 500)).summary, "engine")
    }

    func testHiddenLayerIsSkippedAndNamedInTrace() {
        let menu = overlay.addLayer(name: "menu", level: 40, visibility: .hidden)
        menu.addSubview(box("menu.item", 0, 0, 800, 600))
        XCTAssertEqual(overlay.route(down(10, 10)).traceLine,
                       "down 10,10 -> engine (menu: hidden; ui: passthrough at ui.root; no layer claimed)")
    }

    func testPlainContainerClaimsOnlyThroughChildrenUnlessItDrawsOrSaysOpaque() {
        let stack = VStack(identifier: "stack")
        stack.frame = Rect(x: 100, y: 100, width: 200, height: 200)
        let child = box("stack.child", 0, 0, 50, 50)
        stack.addSubview(child)
        ui.addSubview(stack)
        XCTAssertEqual(ui.root.hitTest(Point(x: 110, y: 110))?.view.identifier, "stack.child")
        XCTAssertEqual(ui.root.hitTest(Point(x: 250, y: 250))?.view.identifier, "ui.root", "an invisible box swallows nothing")
        stack.backgroundColor = Color(r: 0, g: 0, b: 0, a: 0.5)
        XCTAssertEqual(ui.root.hitTest(Point(x: 250, y: 250))?.view.identifier, "stack")
        stack.hitTestBehavior = .deferToChildren
        XCTAssertEqual(ui.root.hitTest(Point(x: 250, y: 250))?.view.identifier, "ui.root")
        stack.backgroundColor = .clear
        stack.hitTestBehavior = .opaque
        XCTAssertEqual(ui.root.hitTest(Point(x: 250, y: 250))?.view.identifier, "stack")
    }

    func testLabelsIgnoreInteractionSoPointsReachThePanelBehind() {
        let panel = Panel(identifier: "panel")
        panel.frame = Rect(x: 0, y: 0, width: 300, height: 100)
        let label = Label(identifier: "panel.title", text: "Hello")
        label.frame = Rect(x: 10, y: 10, width: 100, height: 20)
        panel.addSubview(label)
        ui.addSubview(panel)
        XCTAssertEqual(overlay.route(down(20, 15)).summary, "ui/panel")
    }
}
