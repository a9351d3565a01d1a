// Overlay.presence(ofView:): whether a view named by identifier is on screen now, and if not, why.
import XCTest
import GlasspaneCore
@testable import GlasspaneOverlay

final class ViewPresenceTests: XCTestCase {
    func testEachReasonAViewIsNotOnScreenAndTheFrameWhenItIs() {
        let overlay = Overlay(windowSize: Size(width: 800, height: 600))
        let ui = overlay.addLayer(name: "ui", level: LayerLevel.panel)
        let sheet = overlay.addLayer(name: "sheet", level: LayerLevel.panel + 1)
        let button = Button(identifier: "screen.go", title: "Go")
        let screen = VStack(identifier: "screen", padding: EdgeInsets(all: 10), [button])
        ui.addSubview(screen, at: Point(x: 100, y: 50))
        sheet.addSubview(Button(identifier: "sheet.ok", title: "OK"), at: Point(x: 10, y: 10))
        sheet.visibility = .hidden
        XCTAssertEqual(overlay.presence(ofView: "screen.go"), .notLaidOut, "added, no layout pass yet")
        overlay.update()
        XCTAssertEqual(overlay.presence(ofView: "screen.go"), .shown(button.windowFrame))
        XCTAssertEqual(button.windowFrame.origin, Point(x: 110, y: 60))
        screen.isHidden = true
        overlay.update()
        XCTAssertEqual(overlay.presence(ofView: "screen.go"), .hidden(by: "screen"))
        XCTAssertEqual(overlay.presence(ofView: "screen.go").description, "hidden by 'screen'")
        XCTAssertEqual(overlay.presence(ofView: "sheet.ok"), .inHiddenLayer("sheet"))
        XCTAssertEqual(overlay.presence(ofView: "nowhere"), .notInTree)
        screen.isHidden = false
        button.removeFromSuperview()
        XCTAssertEqual(overlay.presence(ofView: "screen.go"), .notInTree)
    }

    func testAShownViewWinsOverAHiddenOneWithTheSameIdentifier() {
        let overlay = Overlay(windowSize: Size(width: 800, height: 600))
        let back = overlay.addLayer(name: "back", level: LayerLevel.panel)
        let front = overlay.addLayer(name: "front", level: LayerLevel.panel + 1)
        let hiddenCopy = Button(identifier: "ok", title: "OK")
        hiddenCopy.isHidden = true
        front.addSubview(hiddenCopy, at: Point(x: 400, y: 400))
        let shown = Button(identifier: "ok", title: "OK")
        back.addSubview(shown, at: Point(x: 20, y: 30))
        overlay.update()
        XCTAssertEqual(overlay.presence(ofView: "ok"), .shown(shown.windowFrame))
        XCTAssertEqual(shown.windowFrame.origin, Point(x: 20, y: 30))
    }

    func testLookupAndPresenceAgreeWhenAHiddenCopyComesFirstInTheSameLayer() {
        let overlay = Overlay(windowSize: Size(width: 800, height: 600))
        let ui = overlay.addLayer(name: "ui", level: LayerLevel.panel)
        let hiddenRoute = VStack(identifier: "route.a", [Button(identifier: "done", title: "Done")])
        hiddenRoute.isHidden = true
        let shownDone = Button(identifier: "done", title: "Done")
        ui.addSubview(hiddenRoute, at: Point(x: 300, y: 300))
        ui.addSubview(VStack(identifier: "route.b", [shownDone]), at: Point(x: 40, y: 50))
        overlay.update()
        XCTAssertEqual(overlay.presence(ofView: "done"), .shown(shownDone.windowFrame))
        XCTAssertTrue(overlay.view(withIdentifier: "done") === shownDone, "the lookup took the hidden copy a script cannot see")
        shownDone.superview?.isHidden = true
        XCTAssertEqual(overlay.presence(ofView: "done"), .hidden(by: "route.a"), "with both hidden, the first match reports")
    }
}
