// The App icon screen reached from the menu (not opened by `--route app-icon`): its tiles and Back take pointer
// clicks. Its panel kept a layout flag no pass reached (View.setNeedsLayout returned early for a view already
// flagged under an unflagged parent), so its column stayed 0 x 0 and hit testing skipped the tiles.
import XCTest
import GlasspaneCore
@testable import GlasspaneDemo
import GlasspaneOverlay

@MainActor
final class AppIconFromMenuTests: XCTestCase {
    private func click(_ h: DemoHarness, _ id: String) async throws {
        let f = try XCTUnwrap(h.view(id), "no view \(id)").windowFrame
        await h.frame([.pointerDown(PointerEvent(location: f.center)), .pointerUp(PointerEvent(location: f.center))])
    }

    func testATileClickedOnTheScreenReachedFromTheMenuChoosesIt() async throws {
        let h = await DemoHarness(route: .menu)
        await h.frames(40)
        try await click(h, "menu.appicon")
        await h.frames(60)  // the screen's entrance settles
        XCTAssertEqual(h.app.navigation.currentRoute, .appIcon)
        let column = try XCTUnwrap(h.view("appicon.panel.column"))
        XCTAssertGreaterThan(column.frame.width, 200, "the panel's column is laid out at its content's width: \(column.frame)")
        try await click(h, "appicon.icon.2")
        XCTAssertEqual(h.app.navigation.appIcon.selection, 2, "the click at the tile's center chose it")
        try await click(h, "appicon.back")
        XCTAssertNotEqual(h.app.navigation.currentRoute, .appIcon, "Back takes a click too")
    }
}
