// Issue 11's routing matrix: layer kinds (interactive, passthrough, non-interactive, modal), named levels, outside
// taps, keys blocked by a modal, and captures cancelled exactly once when a modal comes up.
import XCTest
import GlasspaneCore
@testable import GlasspaneOverlay

final class LayerKindTests: XCTestCase {
    var overlay: Overlay!
    var log: EventLog!
    var panel: OverlayLayer!
    var panelBox: RecordingView!

    override func setUp() {
        overlay = Overlay(windowSize: Size(width: 800, height: 600))
        log = EventLog()
        panel = overlay.addLayer(name: "panel", level: LayerLevel.panel)
        panelBox = RecordingView("panel.box", Rect(x: 0, y: 0, width: 400, height: 400), log: log, focusable: true)
        panel.addSubview(panelBox)
    }

    /// A modal sheet with one content box at (100,100,200,200).
    @discardableResult
    private func addSheet(visible: Bool = true) -> (OverlayLayer, RecordingView) {
        let sheet = overlay.addLayer(name: "sheet", level: LayerLevel.sheet, visibility: visible ? .visible : .hidden, kind: .modal)
        let content = RecordingView("sheet.content", Rect(x: 100, y: 100, width: 200, height: 200), log: log)
        sheet.addSubview(content)
        return (sheet, content)
    }

    func testNamedLevelsLeaveRoomBetweenThemInTheDocumentedOrder() {
        let levels = [LayerLevel.sceneOverlay, LayerLevel.panel, LayerLevel.sheet, LayerLevel.toast, LayerLevel.hud]
        XCTAssertEqual(levels, levels.sorted())
        for (a, b) in zip(levels, levels.dropFirst()) { XCTAssertGreaterThanOrEqual(b - a, 100) }
    }

    func testToastAboveSheetAbovePanelAboveEngine() {
        let (sheet, _) = addSheet()
        let toast = overlay.addLayer(name: "toast", level: LayerLevel.toast)
        toast.addSubview(RecordingView("toast.box", Rect(x: 150, y: 150, width: 50, height: 50), log: log))
        var outsideTaps = 0
        sheet.onOutsideTap = { _ in outsideTaps += 1 }

        XCTAssertEqual(overlay.route(down(160, 160)).summary, "toast/toast.box")
        overlay.route(up(160, 160))
        XCTAssertEqual(overlay.route(down(120, 120)).summary, "sheet/sheet.content")
        overlay.route(up(120, 120))
        // Outside the sheet's content: on the panel's box, and on nothing at all (the engine).
        let onPanel = overlay.route(down(50, 50))
        XCTAssertEqual(onPanel.summary, "sheet/sheet.root")
        XCTAssertEqual(onPanel.reason, .modalOutsideTap(layer: "sheet"))
        XCTAssertTrue(onPanel.traceLine.hasSuffix("(modal sheet: outside tap)"), onPanel.traceLine)
        overlay.route(up(50, 50))
        XCTAssertEqual(overlay.route(down(700, 500)).summary, "sheet/sheet.root")
        overlay.route(up(700, 500))
        XCTAssertEqual(outsideTaps, 2)
        XCTAssertFalse(log.lines.contains { $0.hasPrefix("panel.box") }, "nothing below the modal is delivered: \(log.lines)")

        sheet.visibility = .hidden
        XCTAssertEqual(overlay.route(down(120, 120)).summary, "panel/panel.box")
        overlay.route(up(120, 120))
        XCTAssertEqual(overlay.route(down(700, 500)).summary, "engine")
        XCTAssertEqual(outsideTaps, 2)
    }

    func testModalBlocksEngineAndPanelForHoverWheelKeysAndText() {
        overlay.focus(panelBox)
        XCTAssertTrue(panelBox.isFocused)
        let (sheet, _) = addSheet()
        XCTAssertFalse(panelBox.isFocused, "a modal coming up takes focus from below it")
        var keys: [String] = []
        sheet.onUnfocusedKey = { keys.append($0.key.name) }

        let hoverOnPanel = overlay.route(hover(50, 50))
        XCTAssertEqual(hoverOnPanel.summary, "sheet/sheet.root")
        XCTAssertEqual(hoverOnPanel.reason, .blockedByModal(layer: "sheet"))
        XCTAssertEqual(overlay.route(.wheel(location: Point(x: 700, y: 500), dx: 0, dy: 1)).summary, "sheet/sheet.root")
        let escape = overlay.route(key(.escape))
        XCTAssertEqual(escape.summary, "sheet/sheet.root")
        XCTAssertTrue(escape.traceLine.hasSuffix("(blocked by modal sheet)"), escape.traceLine)
        XCTAssertEqual(overlay.route(key(.escape, down: false)).summary, "sheet/sheet.root")
        XCTAssertEqual(overlay.route(.text("x")).summary, "sheet/sheet.root")
        XCTAssertEqual(overlay.route(.composition(text: "k", cursor: 1)).summary, "sheet/sheet.root")
        XCTAssertEqual(keys, ["escape"], "presses only, once each")
        XCTAssertTrue(log.lines.isEmpty, "\(log.lines)")

        // Focus set below the modal by code does not route keys past it.
        overlay.focus(panelBox)
        XCTAssertEqual(overlay.route(key(.character("a"))).summary, "sheet/sheet.root")
        XCTAssertEqual(keys, ["escape", "a"])
    }

    func testNonInteractiveHUDOverAButtonNeverTakesTheClick() {
        let button = Button(identifier: "panel.button", title: "Go")
        var presses = 0
        button.action = { presses += 1 }
        panelBox.removeFromSuperview()
        panel.addSubview(button, at: Point(x: 20, y: 20))
        let hud = overlay.addLayer(name: "hud", level: LayerLevel.hud, kind: .nonInteractive)
        let cover = View(identifier: "hud.cover", frame: Rect(x: 0, y: 0, width: 800, height: 600))
        cover.backgroundColor = Color(r: 0, g: 0, b: 0, a: 0.5)
        hud.addSubview(cover)
        overlay.update()
        let d = overlay.route(down(30, 30))
        XCTAssertEqual(d.summary, "panel/panel.button")
        overlay.route(up(30, 30))
        XCTAssertEqual(presses, 1)
        let miss = overlay.route(down(700, 500))
        XCTAssertEqual(miss.summary, "engine")
        XCTAssertTrue(miss.traceLine.contains("hud: non-interactive"), miss.traceLine)
        // The same cover in a passthrough layer claims the click (it draws a fill): the kind is what lets it pass.
        hud.kind = .passthrough
        overlay.route(up(700, 500))
        XCTAssertEqual(overlay.route(down(30, 30)).summary, "hud/hud.cover")
    }

    func testPassthroughRootFallsThroughButContentClaimsAndAnInteractiveRootClaims() {
        let front = overlay.addLayer(name: "front", level: LayerLevel.toast)
        front.addSubview(RecordingView("front.box", Rect(x: 500, y: 0, width: 100, height: 100), log: log))
        XCTAssertEqual(front.kind, .passthrough)
        let onRoot = overlay.route(down(700, 500))
        XCTAssertEqual(onRoot.summary, "engine")
        XCTAssertTrue(onRoot.traceLine.contains("front: passthrough at front.root"), onRoot.traceLine)
        overlay.route(up(700, 500))
        XCTAssertEqual(overlay.route(down(50, 50)).summary, "panel/panel.box", "root hit falls to the layer below")
        overlay.route(up(50, 50))
        XCTAssertEqual(overlay.route(down(550, 50)).summary, "front/front.box")
        overlay.route(up(550, 50))

        front.kind = .interactive
        XCTAssertEqual(overlay.route(down(700, 500)).summary, "front/front.root")
        overlay.route(up(700, 500))
        XCTAssertEqual(overlay.route(down(50, 50)).summary, "front/front.root", "an interactive root covers the panel")
        overlay.route(up(50, 50))
        // Unlike a modal, an interactive layer does not block keys.
        overlay.focus(panelBox)
        XCTAssertEqual(overlay.route(key(.character("a"))).summary, "panel/panel.box")
    }

    func testModalAppearingMidDragCancelsAViewCaptureExactlyOnce() {
        overlay.route(down(50, 50))
        overlay.route(drag(60, 60))
        log.clear()
        addSheet()
        XCTAssertEqual(log.lines, ["panel.box:cancel#0"])
        overlay.route(drag(70, 70))
        let end = overlay.route(up(70, 70))
        XCTAssertEqual(end.summary, "sheet/sheet.root")
        XCTAssertEqual(log.lines, ["panel.box:cancel#0"], "no second cancel, no move or up after it")
        XCTAssertNil(overlay.router.captureTarget(forPointer: 0))
    }

    func testModalAppearingMidDragCancelsAnEngineCaptureExactlyOnceThroughTheSink() {
        var engine: [InputEvent] = []
        overlay.engineEventSink = { engine.append($0) }
        XCTAssertEqual(overlay.route(down(600, 500, id: 3)).summary, "engine")
        XCTAssertEqual(overlay.route(drag(620, 510, id: 3)).summary, "engine")
        XCTAssertEqual(overlay.route(down(50, 50)).summary, "panel/panel.box")
        log.clear()
        let (sheet, _) = addSheet(visible: false)
        XCTAssertTrue(engine.isEmpty, "a hidden modal blocks nothing")
        sheet.visibility = .visible
        XCTAssertEqual(engine.count, 1)
        guard case .pointerCancel(let p)? = engine.first else { return XCTFail("\(engine)") }
        XCTAssertEqual(p.pointerID, 3)
        XCTAssertEqual(p.location, Point(x: 620, y: 510), "at the pointer's last position")
        XCTAssertEqual(log.lines, ["panel.box:cancel#0"])
        XCTAssertEqual(overlay.route(up(630, 520, id: 3)).summary, "sheet/sheet.root")
        // Showing it again after hiding cancels nothing more: nothing is captured below.
        sheet.visibility = .hidden
        sheet.visibility = .visible
        XCTAssertEqual(engine.count, 1)
        XCTAssertEqual(log.lines, ["panel.box:cancel#0"])
    }

    func testWithoutASinkTheEngineCancelWaitsForTheHost() {
        overlay.route(down(600, 500))
        addSheet()
        let pending = overlay.takePendingEngineEvents()
        XCTAssertEqual(pending.count, 1)
        XCTAssertEqual(pending.first?.kindName, "cancel")
        XCTAssertTrue(overlay.takePendingEngineEvents().isEmpty)
    }

    func testCaptureInALayerAboveTheModalSurvives() {
        let toast = overlay.addLayer(name: "toast", level: LayerLevel.toast)
        toast.addSubview(RecordingView("toast.box", Rect(x: 600, y: 0, width: 100, height: 100), log: log))
        overlay.route(down(650, 50))
        addSheet()
        XCTAssertEqual(overlay.route(up(650, 50)).summary, "toast/toast.box")
        XCTAssertEqual(log.lines.map { String($0.prefix(while: { $0 != "#" })) }, ["toast.box:down", "toast.box:up"])
    }

    func testKeyReleaseOfAPressTheEngineSawStillReachesTheEngineUnderAModal() {
        XCTAssertEqual(overlay.route(key(.character("w"))).summary, "engine")
        addSheet()
        XCTAssertEqual(overlay.route(key(.character("w"), down: false)).summary, "engine",
                       "neither side sees half a keystroke")
    }

    func testHoverBelowAModalEndsWhenItAppears() {
        overlay.route(hover(50, 50))
        log.clear()
        addSheet()
        XCTAssertEqual(log.lines, ["panel.box:exit"])
    }
}
