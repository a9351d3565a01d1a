// The main menu reaches every screen of the demo (docs/navigation.md): its column comes from one table
// (DemoMenuItems.swift), and each screen opens from it with the mouse, with the keys and with a controller.
import XCTest
import GlasspaneCore
@testable import GlasspaneDemo
import GlasspaneOverlay

@MainActor
final class DemoMenuTests: XCTestCase {
    private let screens: [(id: String, route: DemoRoute)] = [("menu.stats", .stats), ("menu.table", .table),
                                                              ("menu.rules", .rules), ("menu.layout", .layout),
                                                              ("menu.appicon", .appIcon)]

    func testTheMenuTableNamesEveryRouteButTheMenuItselfAndTheColumnIsEqualWidth() async throws {
        let routes = Set(DemoMenuItem.column.compactMap(\.route))
        XCTAssertEqual(routes.union([.menu]), Set(DemoRoute.allCases), "every route has a way in from the menu")
        let demo = await DemoHarness(route: .menu)
        let buttons = try DemoMenuItem.column.map { try XCTUnwrap(demo.view($0.identifier), $0.identifier) }
        XCTAssertEqual(buttons.map { ($0 as? Button)?.title }, DemoMenuItem.column.map(\.title))
        XCTAssertEqual(Set(buttons.map(\.windowFrame.width)).count, 1, "one width: \(buttons.map(\.windowFrame))")
        XCTAssertTrue(zip(buttons, buttons.dropFirst()).allSatisfy { $0.windowFrame.maxY < $1.windowFrame.minY }, "top to bottom, in order")
        let panel = try XCTUnwrap(demo.view("menu.panel")).windowFrame
        XCTAssertGreaterThanOrEqual(panel.minY, 0); XCTAssertLessThanOrEqual(panel.maxY, 720, "the column fits the window")
    }

    func testEachScreenOpensFromTheMenuWithAClick() async throws {
        for (id, route) in screens {
            let demo = await DemoHarness(route: .menu)
            await demo.frames(30)
            let center = try XCTUnwrap(demo.view(id)).windowFrame.center
            await demo.frame([.pointerDown(PointerEvent(location: center)), .pointerUp(PointerEvent(location: center))])
            XCTAssertEqual(demo.app.navigation.coordinator.state.stack, [.play, .menu, route], id)
            await demo.frames(40)
            await demo.frame([.key(KeyEvent(key: .escape)), .key(KeyEvent(key: .escape, isDown: false))])
            XCTAssertEqual(demo.app.navigation.currentRoute, .menu, "Escape goes back to the menu from \(route)")
        }
    }

    func testEachScreenOpensFromTheMenuWithTheKeysAndWithAController() async throws {
        for (id, route) in screens {
            let steps = try XCTUnwrap(DemoMenuItem.column.firstIndex { $0.identifier == id })
            // Keys: Down focuses Play, then walks the column; Enter picks.
            let keys = await DemoHarness(route: .menu)
            await keys.frames(30)
            for _ in 0...steps { await keys.frame([.key(KeyEvent(key: .down)), .key(KeyEvent(key: .down, isDown: false))]) }
            XCTAssertEqual(keys.app.stage.overlay.focusedView?.identifier, id)
            await keys.frame([.key(KeyEvent(key: .enter)), .key(KeyEvent(key: .enter, isDown: false))])
            XCTAssertEqual(keys.app.navigation.currentRoute, route, "Enter on \(id)")
            // Controller: the first D-pad press focuses Play, each next one moves down; A picks; B comes back.
            let pad = await DemoHarness(route: .menu)
            await pad.frames(30)
            for _ in 0...steps { await pad.frame([press(.dpadDown), press(.dpadDown, .up)]) }
            XCTAssertEqual(pad.app.stage.overlay.focusedView?.identifier, id)
            await pad.frame([press(.a), press(.a, .up)])
            XCTAssertEqual(pad.app.navigation.currentRoute, route, "A on \(id)")
            await pad.frames(40)
            await pad.frame([press(.b), press(.b, .up)])
            XCTAssertEqual(pad.app.navigation.currentRoute, .menu, "B goes back from \(route)")
            XCTAssertEqual(pad.app.stage.overlay.focusedView?.identifier, id, "focus is back on the button that opened \(route)")
        }
    }

    func testEveryPushedScreenHasABackButtonThatGoesBackToTheMenu() async throws {
        let screens = self.screens + [("menu.about", DemoRoute.about)]
        XCTAssertEqual(Set(screens.map(\.route)), Set(DemoRoute.allCases).subtracting([.play, .menu, .newGame, .options, .sign]),
                       "every pushed screen is listed")
        for (id, route) in screens {
            let demo = await DemoHarness(route: .menu)
            await demo.frames(30)
            let opener = try XCTUnwrap(demo.view(id)).windowFrame.center
            await demo.frame([.pointerDown(PointerEvent(location: opener)), .pointerUp(PointerEvent(location: opener))])
            XCTAssertEqual(demo.app.navigation.currentRoute, route, id)
            await demo.frames(60)
            let backID = route == .appIcon ? "appicon.back" : "\(route.rawValue).back"
            let back = try XCTUnwrap(demo.view(backID), "\(route) has \(backID)")
            XCTAssertEqual((back as? Button)?.title, "Back")
            let frame = back.windowFrame
            XCTAssertTrue(frame.minX >= 0 && frame.minY >= 0 && frame.maxX <= 1280 && frame.maxY <= 720, "\(backID) lies in the window: \(frame)")
            await demo.frame([.pointerDown(PointerEvent(location: frame.center)), .pointerUp(PointerEvent(location: frame.center))])
            XCTAssertEqual(demo.app.navigation.currentRoute, .menu, "\(backID) goes back to the menu")
        }
    }

    private func press(_ b: ControllerButton, _ phase: ControllerButtonEvent.Phase = .down) -> InputEvent {
        .controllerButton(ControllerButtonEvent(button: b, phase: phase))
    }
}
