// Popover placement (each side, flipped at each edge, slid and shrunk to stay inside the window) and the popover and
// menu-style picker driven through the router.
import XCTest
import GlasspaneCore
@testable import GlasspaneOverlay

final class PopoverTests: XCTestCase {
    private let window = Size(width: 800, height: 600)
    private let size = Size(width: 200, height: 100)

    private func assertInside(_ p: PopoverPlacement, file: StaticString = #filePath, line: UInt = #line) {
        let m = PopoverPlacement.margin
        XCTAssertGreaterThanOrEqual(p.frame.minX, m, file: file, line: line)
        XCTAssertGreaterThanOrEqual(p.frame.minY, m, file: file, line: line)
        XCTAssertLessThanOrEqual(p.frame.maxX, window.width - m, file: file, line: line)
        XCTAssertLessThanOrEqual(p.frame.maxY, window.height - m, file: file, line: line)
    }

    func testEachPreferredSideIsUsedWhenThereIsRoom() {
        let anchor = Rect(x: 350, y: 250, width: 100, height: 40)   // the window's middle
        let a = PopoverPlacement.arrowLength
        let expected: [PopoverEdge: Rect] = [
            .bottom: Rect(x: 300, y: 290 + a, width: 200, height: 100),
            .top: Rect(x: 300, y: 250 - a - 100, width: 200, height: 100),
            .trailing: Rect(x: 450 + a, y: 220, width: 200, height: 100),
            .leading: Rect(x: 350 - a - 200, y: 220, width: 200, height: 100),
        ]
        for edge in PopoverEdge.allCases {
            let p = PopoverPlacement.place(anchor: anchor, size: size, in: window, preferred: edge)
            XCTAssertEqual(p.edge, edge)
            XCTAssertEqual(p.frame, expected[edge], "\(edge)")
            assertInside(p)
        }
        let below = PopoverPlacement.place(anchor: anchor, size: size, in: window, preferred: .bottom)
        XCTAssertEqual(below.arrowTip, Point(x: 400, y: 290), "the tip touches the anchor's middle")
    }

    func testFlipsToTheOppositeSideAtEachWindowEdge() {
        let cases: [(anchor: Rect, preferred: PopoverEdge, flipped: PopoverEdge)] = [
            (Rect(x: 350, y: 540, width: 100, height: 40), .bottom, .top),      // near the bottom edge
            (Rect(x: 350, y: 20, width: 100, height: 40), .top, .bottom),       // near the top edge
            (Rect(x: 690, y: 250, width: 100, height: 40), .trailing, .leading), // near the right edge
            (Rect(x: 10, y: 250, width: 100, height: 40), .leading, .trailing),  // near the left edge
        ]
        for c in cases {
            let p = PopoverPlacement.place(anchor: c.anchor, size: size, in: window, preferred: c.preferred)
            XCTAssertEqual(p.edge, c.flipped, "\(c.preferred) at \(c.anchor)")
            assertInside(p)
        }
    }

    func testSlidesAlongTheEdgeAndShrinksButNeverLeavesTheWindow() {
        // An anchor in the top-left corner: centered below it the bubble would start at x -50.
        let corner = PopoverPlacement.place(anchor: Rect(x: 0, y: 0, width: 20, height: 20), size: size, in: window, preferred: .bottom)
        XCTAssertEqual(corner.edge, .bottom)
        XCTAssertEqual(corner.frame.minX, PopoverPlacement.margin)
        XCTAssertEqual(corner.arrowTip.x, PopoverPlacement.margin + PopoverPlacement.arrowLength + 4,
                       "the tip stays on the bubble's straight edge")
        assertInside(corner)
        // Bigger than the window: shrunk to fit.
        let huge = PopoverPlacement.place(anchor: Rect(x: 390, y: 290, width: 20, height: 20), size: Size(width: 5000, height: 5000),
                                          in: window, preferred: .bottom)
        assertInside(huge)
        // Every anchor on a grid, every side: inside.
        for x in stride(from: 0.0, through: 780, by: 60) {
            for y in stride(from: 0.0, through: 580, by: 60) {
                for edge in PopoverEdge.allCases {
                    assertInside(PopoverPlacement.place(anchor: Rect(x: x, y: y, width: 20, height: 20), size: size, in: window, preferred: edge))
                }
            }
        }
    }

    func testPopoverOpensInAModalLayerAndAnOutsidePressOrEscapeClosesIt() {
        let overlay = Overlay(windowSize: window)
        let ui = overlay.addLayer(name: "ui", level: 0)
        let anchor = Button(identifier: "anchor", title: "Fonts")
        ui.addSubview(anchor, at: Point(x: 300, y: 560))
        overlay.update()
        let popover = Popover(identifier: "fonts", content: Label(identifier: "fonts.text", text: "Noto Sans"))
        var dismissed = 0
        popover.onDismiss = { dismissed += 1 }
        popover.present(from: anchor, in: overlay)
        overlay.update()
        XCTAssertEqual(popover.placement?.edge, .top, "no room below the anchor: flipped above it")
        XCTAssertNotNil(overlay.activeModal)
        let bubble = overlay.view(withIdentifier: "fonts")!.windowFrame
        overlay.route(down(bubble.center.x, bubble.center.y)); overlay.route(up(bubble.center.x, bubble.center.y))
        XCTAssertTrue(popover.isPresented, "a press inside keeps it")
        overlay.route(down(20, 20)); overlay.route(up(20, 20))
        XCTAssertFalse(popover.isPresented, "a press outside closes it")
        XCTAssertNil(overlay.layer(named: "popover.fonts"))
        popover.present(from: anchor, in: overlay)
        overlay.update()
        overlay.route(key(.escape)); overlay.route(key(.escape, down: false))
        XCTAssertFalse(popover.isPresented, "Escape closes it")
        XCTAssertEqual(dismissed, 2)
    }

    func testMenuPickerOpensItsOptionsAndAPickSelectsAndCloses() {
        let overlay = Overlay(windowSize: window)
        let ui = overlay.addLayer(name: "ui", level: 0)
        let picker = Picker(identifier: "msaa", options: ["Off", "2x", "4x", "8x"], selection: 2, style: .menu)
        var reported: [Int] = []
        picker.onChange = { reported.append($0) }
        ui.addSubview(picker, at: Point(x: 100, y: 100))
        overlay.update()
        let f = picker.windowFrame
        overlay.route(down(f.center.x, f.center.y)); overlay.route(up(f.center.x, f.center.y))
        XCTAssertTrue(picker.menu?.isPresented ?? false)
        overlay.update()
        XCTAssertEqual(overlay.focusedView?.identifier, "msaa.option.2", "the selected option has focus")
        XCTAssertEqual((overlay.view(withIdentifier: "msaa.option.2") as? Button)?.role, .primary, "and is drawn in the accent")
        let row = overlay.view(withIdentifier: "msaa.option.3")!.windowFrame
        overlay.route(down(row.center.x, row.center.y)); overlay.route(up(row.center.x, row.center.y))
        XCTAssertEqual(picker.selection, 3)
        XCTAssertNil(picker.menu, "a pick closes the menu")
        XCTAssertNil(overlay.activeModal)
        overlay.update()
        overlay.focus(picker)
        overlay.route(key(.enter)); overlay.route(key(.enter, down: false))
        overlay.update()
        XCTAssertTrue(picker.menu?.isPresented ?? false, "Enter opens it")
        overlay.route(key(.tab)); overlay.route(key(.tab, down: false))   // to the next option, wrapping in the popover
        XCTAssertEqual(overlay.focusedView?.identifier, "msaa.option.0")
        overlay.route(key(.enter)); overlay.route(key(.enter, down: false))
        XCTAssertEqual(picker.selection, 0)
        XCTAssertEqual(reported, [3, 0])
        XCTAssertEqual(picker.scriptValue(of: "value"), "Off")
    }
}

final class TooltipTests: XCTestCase {
    func testTooltipShowsAfterTheHoverDelayOnTheFrameClockAndGoesOnExitOrPress() {
        let overlay = Overlay(windowSize: Size(width: 800, height: 600))
        let ui = overlay.addLayer(name: "ui", level: 0)
        let toggle = Toggle(identifier: "vsync", title: "Vsync")
        toggle.tooltip = "Waits for the display's refresh"
        ui.addSubview(toggle, at: Point(x: 100, y: 560))
        overlay.update()
        overlay.advanceAnimations(to: 1.0)
        let f = toggle.windowFrame
        overlay.route(hover(f.center.x, f.center.y))
        overlay.advanceAnimations(to: 1.1)   // the delay starts at the first tick after the hover
        overlay.advanceAnimations(to: 1.5)
        XCTAssertFalse(overlay.tooltips.isShown, "0.4 s: not yet")
        overlay.advanceAnimations(to: 1.75)
        overlay.update()
        XCTAssertTrue(overlay.tooltips.isShown, "0.65 s: shown")
        XCTAssertEqual(overlay.tooltips.label.text, "Waits for the display's refresh")
        let tip = overlay.view(withIdentifier: "tooltip")!.frame
        XCTAssertLessThanOrEqual(tip.maxY, f.minY, "no room below: above the toggle")
        XCTAssertGreaterThanOrEqual(tip.minX, PopoverPlacement.margin)
        XCTAssertEqual(overlay.route(hover(tip.center.x, tip.center.y)).target.view?.identifier == "tooltip", false,
                       "the tooltip's layer takes no pointer")
        XCTAssertFalse(overlay.tooltips.isShown, "the pointer left the toggle: gone")
        overlay.route(hover(f.center.x, f.center.y))
        overlay.advanceAnimations(to: 2.0); overlay.advanceAnimations(to: 3.0)
        XCTAssertTrue(overlay.tooltips.isShown)
        overlay.route(down(f.center.x, f.center.y))
        XCTAssertFalse(overlay.tooltips.isShown, "a press hides it")
        overlay.route(up(f.center.x, f.center.y))
        let long = Toggle(identifier: "long", title: "Long")
        long.tooltip = String(repeating: "x", count: 5000)
        overlay.tooltips.hoverBegan(on: long, text: long.tooltip!)
        ui.addSubview(long, at: Point(x: 300, y: 100))
        overlay.update()
        overlay.advanceAnimations(to: 4.0); overlay.advanceAnimations(to: 5.0)
        XCTAssertEqual(overlay.tooltips.label.text.count, TooltipController.maximumLength, "cut to the limit")
    }
}

final class AlertTests: XCTestCase {
    func testAlertBlocksWhatIsBelowAndAnswersEnterEscapeAndClicks() {
        let overlay = Overlay(windowSize: Size(width: 800, height: 600))
        let ui = overlay.addLayer(name: "ui", level: 0)
        var below = 0
        let button = Button(identifier: "below", title: "Below") { below += 1 }
        ui.addSubview(button, at: Point(x: 10, y: 10))
        var log: [String] = []
        let alert = Alert(identifier: "quit", title: "Quit?", message: "Unsaved changes are lost.",
                          actions: [.init("Cancel", role: .cancel) { log.append("cancel") }, .init("Quit", role: .primary) { log.append("quit") }])
        alert.present(in: overlay)
        overlay.update()
        XCTAssertTrue(overlay.activeModal?.name == "alert.quit")
        let b = button.windowFrame
        overlay.route(down(b.center.x, b.center.y)); overlay.route(up(b.center.x, b.center.y))
        XCTAssertEqual(below, 0, "the button under the alert is blocked")
        XCTAssertTrue(alert.isPresented, "a press beside the alert does not dismiss it")
        overlay.route(key(.enter)); overlay.route(key(.enter, down: false))
        XCTAssertEqual(log, ["quit"])
        XCTAssertFalse(alert.isPresented)
        XCTAssertNil(overlay.layer(named: "alert.quit"))
        alert.present(in: overlay)
        overlay.update()
        overlay.route(key(.escape)); overlay.route(key(.escape, down: false))
        XCTAssertEqual(log, ["quit", "cancel"])
        alert.present(in: overlay)
        overlay.update()
        let cancel = overlay.view(withIdentifier: "quit.action.0")!.windowFrame
        overlay.route(down(cancel.center.x, cancel.center.y)); overlay.route(up(cancel.center.x, cancel.center.y))
        XCTAssertEqual(log, ["quit", "cancel", "cancel"])
        XCTAssertEqual(Alert(identifier: "x", title: "T").actions.map(\.title), ["OK"], "no actions: an OK button")
        XCTAssertEqual(Alert(identifier: "y", title: String(repeating: "t", count: 999)).actions.count, 1)
    }
}
