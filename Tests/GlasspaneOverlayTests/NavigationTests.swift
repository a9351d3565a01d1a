// The navigation coordinator (plain state, one operation per change) and its presenter (layers, transitions,
// Escape and outside taps).
import XCTest
import GlasspaneCore
import GlasspaneAnimation
@testable import GlasspaneOverlay

private enum Route: Hashable { case play, menu, about, options, sign }

final class NavigationTests: XCTestCase {
    func testSequencesProduceTheExpectedStacksAndSheets() throws {
        let nav = NavigationCoordinator<Route>(root: .play)
        var seen: [String] = []
        nav.observe { seen.append("\($0.operation)") }
        func check(_ stack: [Route], _ sheets: [Route], line: UInt = #line) {
            XCTAssertEqual(nav.state.stack, stack, line: line)
            XCTAssertEqual(nav.state.sheets, sheets, line: line)
        }
        XCTAssertTrue(nav.push(.menu)); check([.play, .menu], [])
        XCTAssertTrue(nav.push(.about)); check([.play, .menu, .about], [])
        XCTAssertTrue(nav.replace(with: .options)); check([.play, .menu, .options], [])
        XCTAssertFalse(nav.replace(with: .options), "no change, no observer call")
        XCTAssertTrue(nav.pop()); check([.play, .menu], [])
        XCTAssertTrue(nav.present(.options)); XCTAssertTrue(nav.present(.sign)); check([.play, .menu], [.options, .sign])
        XCTAssertEqual(nav.state.front, .sign)
        XCTAssertTrue(nav.back()); check([.play, .menu], [.options])
        XCTAssertTrue(nav.back()); check([.play, .menu], [])
        XCTAssertTrue(nav.back()); check([.play], [])
        XCTAssertFalse(nav.back()); XCTAssertFalse(nav.pop()); XCTAssertFalse(nav.dismiss())
        check([.play], [])
        try nav.perform(.reset(.menu)); check([.menu], [])
        XCTAssertEqual(seen.count, 10)
    }

    func testLimitsAreCheckedBeforeAnythingChanges() {
        let nav = NavigationCoordinator<Int>(root: 0)
        for i in 1..<NavigationCoordinator<Int>.maximumStackDepth { XCTAssertTrue(nav.push(i)) }
        XCTAssertThrowsError(try nav.perform(.push(99))) { error in
            XCTAssertEqual((error as? NavigationError)?.identifier, "navigation-too-deep")
        }
        XCTAssertEqual(nav.state.stack.count, NavigationCoordinator<Int>.maximumStackDepth)
        for i in 0..<NavigationCoordinator<Int>.maximumSheets { XCTAssertTrue(nav.present(100 + i)) }
        XCTAssertFalse(nav.present(200))
        XCTAssertEqual(nav.state.sheets.count, NavigationCoordinator<Int>.maximumSheets)
    }

    private func makePresenter(animated: Bool) -> (Overlay, NavigationCoordinator<Route>, NavigationPresenter<Route>) {
        let overlay = Overlay(windowSize: Size(width: 800, height: 600))
        let ui = overlay.addLayer(name: "ui", level: LayerLevel.panel)
        let nav = NavigationCoordinator<Route>(root: .play)
        let presenter = NavigationPresenter(overlay: overlay, coordinator: nav, screenLayer: ui,
            screen: { route in
                let b = Button(identifier: "\(route).button", title: "\(route)")
                b.frame.origin = Point(x: 20, y: 20)
                b.sizesToFit = true
                return b
            },
            sheet: { route in
                let panel = Panel(identifier: "\(route).panel", content: Button(identifier: "\(route).ok", title: "OK"))
                return panel
            })
        if !animated { presenter.transition = nil }
        overlay.update()
        return (overlay, nav, presenter)
    }

    func testInstantPresenterShowsTheTopScreenAndSheetsAsModalLayers() {
        let (overlay, nav, presenter) = makePresenter(animated: false)
        XCTAssertEqual(presenter.screen(for: .play)?.isHidden, false)
        nav.push(.menu)
        overlay.update()
        XCTAssertEqual(presenter.screen(for: .play)?.isHidden, true)
        XCTAssertEqual(presenter.screen(for: .menu)?.isHidden, false)
        XCTAssertEqual(overlay.route(down(30, 30)).summary, "ui/menu.button")
        overlay.route(up(30, 30))

        nav.present(.options)
        overlay.update()
        let layer = presenter.sheetLayer(for: .options)
        XCTAssertEqual(layer?.name, "sheet.options")
        XCTAssertEqual(layer?.kind, .modal)
        XCTAssertTrue(overlay.activeModal === layer)
        XCTAssertEqual(overlay.route(down(30, 30)).reason, .modalOutsideTap(layer: "sheet.options"))
        overlay.route(up(30, 30))
        XCTAssertEqual(nav.state.sheets, [], "an outside tap dismisses")
        XCTAssertEqual(layer?.visibility, .hidden)

        // Escape closes the top sheet first, then pops the screen (the app routes engine-bound Escape to back()).
        nav.present(.options)
        nav.present(.sign)
        overlay.update()
        XCTAssertEqual(overlay.route(key(.escape)).summary, "sheet.sign/sheet.sign.root")
        overlay.route(key(.escape, down: false))
        XCTAssertEqual(nav.state.sheets, [.options])
        overlay.route(key(.escape)); overlay.route(key(.escape, down: false))
        XCTAssertEqual(nav.state.sheets, [])
        XCTAssertNil(overlay.activeModal)
        XCTAssertEqual(overlay.route(key(.escape)).summary, "engine")
    }

    func testSpringTransitionSlidesAndFadesThenSettles() {
        let (overlay, nav, presenter) = makePresenter(animated: true)
        overlay.advanceAnimations(to: 0)
        nav.push(.menu)
        let menu = presenter.screen(for: .menu)!, play = presenter.screen(for: .play)!
        XCTAssertEqual(menu.alpha, 1, "the model is the destination")
        XCTAssertEqual(play.alpha, 0, "the leaving screen stops taking events at once")
        XCTAssertEqual(menu.presentationAlpha, 0)
        XCTAssertEqual(menu.presentationTransform.translation.x, presenter.slideDistance)
        overlay.advanceAnimations(to: 0.1)
        presenter.settle()
        XCTAssertGreaterThan(menu.presentationAlpha, 0); XCTAssertLessThan(menu.presentationAlpha, 1)
        XCTAssertGreaterThan(menu.presentationTransform.translation.x, 0)
        XCTAssertLessThan(play.presentationTransform.translation.x, 0, "the old screen slides left")
        XCTAssertFalse(play.isHidden)
        XCTAssertTrue(presenter.isTransitioning)
        overlay.advanceAnimations(to: 5)
        presenter.settle()
        XCTAssertTrue(play.isHidden)
        XCTAssertEqual(play.alpha, 1, "reset for the next time it shows")
        XCTAssertEqual(menu.presentationAlpha, 1)
        XCTAssertFalse(presenter.isTransitioning)

        nav.present(.options)
        let sheet = presenter.sheetLayer(for: .options)!
        XCTAssertTrue(overlay.activeModal === sheet, "blocks from the frame it is presented")
        overlay.advanceAnimations(to: 5.05)
        nav.dismiss()
        XCTAssertNil(overlay.activeModal, "stops blocking at once while it fades out")
        XCTAssertEqual(sheet.visibility, .visible)
        overlay.advanceAnimations(to: 10)
        presenter.settle()
        XCTAssertEqual(sheet.visibility, .hidden)
    }
}
