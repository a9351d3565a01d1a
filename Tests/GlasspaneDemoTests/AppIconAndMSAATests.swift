// The App icon screen (route `app-icon`): a click or the keyboard chooses an icon and its pixels reach the platform
// (the fake records `setWindowIcon`); the Options MSAA picker offers what the session supports and applies a choice.
import XCTest
import GlasspaneCore
@testable import GlasspaneDemo
import GlasspaneOverlay

@MainActor
final class AppIconTests: XCTestCase {
    private func click(_ h: DemoHarness, _ id: String) async throws {
        let f = try XCTUnwrap(h.view(id), "no view \(id)").windowFrame
        await h.frame([.pointerDown(PointerEvent(location: f.center)), .pointerUp(PointerEvent(location: f.center))])
    }

    func testTheChosenIconsPixelsReachThePlatform() async throws {
        let h = await DemoHarness(route: .appIcon)
        XCTAssertEqual(h.app.navigation.currentRoute, .appIcon)
        h.app.attachWindowIcon(to: h.platform)
        let screen = h.app.navigation.appIcon
        XCTAssertEqual(h.platform.windowIcons.count, 1, "the window gets the chosen icon at once")
        XCTAssertEqual(h.platform.windowIcons.last?.rgba, AppIconScreen.icon(color: AppIconScreen.choices[0].color).rgba)
        await h.frames(40)  // the screen's entrance settles
        try await click(h, "appicon.icon.1")
        XCTAssertEqual(screen.selection, 1)
        let icon = try XCTUnwrap(h.platform.windowIcons.last)
        XCTAssertEqual(h.platform.windowIcons.count, 2)
        XCTAssertEqual(icon.size, PixelSize(width: 64, height: 64))
        // The cube's left face (just left of and below the middle) is the Blue choice's color, the corner is clear.
        let i = (40 * 64 + 24) * 4
        XCTAssertEqual(Array(icon.rgba[i..<i + 4]), [0x2e, 0x86, 0xde, 255])
        XCTAssertEqual(icon.rgba[3], 0, "the rounded corner is transparent")
        XCTAssertNotEqual(icon.rgba, h.platform.windowIcons[0].rgba)
        XCTAssertEqual(screen.status.text, "Window icon: Blue")
        XCTAssertEqual((h.view("appicon.icon.1") as? IconTile)?.scriptValue(of: "isOn"), "true")
        XCTAssertEqual((h.view("appicon.icon.0") as? IconTile)?.scriptValue(of: "isOn"), "false")

        // By keyboard: the focused tile takes Enter.
        h.app.stage.overlay.focus(screen.tiles[4])
        await h.frame([.key(KeyEvent(key: .enter)), .key(KeyEvent(key: .enter, isDown: false))])
        XCTAssertEqual(screen.selection, 4)
        XCTAssertEqual(Array(h.platform.windowIcons.last!.rgba[i..<i + 4]), [0xc9, 0x2a, 0x2a, 255], "Red")
        try await click(h, "appicon.back")
        XCTAssertEqual(h.app.navigation.currentRoute, .play)
    }

    func testTheRouteIsParsedAndIconsOutsideTheLimitsAreRefused() async throws {
        XCTAssertEqual(try DemoRoute.parse("app-icon"), .appIcon)
        XCTAssertThrowsError(try WindowIcon(size: PixelSize(width: 513, height: 16), rgba: [UInt8](repeating: 0, count: 513 * 16 * 4))) {
            XCTAssertEqual(($0 as? WindowIconError)?.identifier, "icon-bad-size")
        }
        XCTAssertThrowsError(try WindowIcon(size: PixelSize(width: 2, height: 2), rgba: [0, 0, 0])) {
            XCTAssertEqual(($0 as? WindowIconError)?.identifier, "icon-byte-count")
        }
    }
}

@MainActor
final class MSAAPickerTests: XCTestCase {
    func testThePickerOffersSupportedCountsAndShowsWhatWasApplied() async throws {
        let h = await DemoHarness(route: .options)
        let nav = h.app.navigation!
        XCTAssertEqual(nav.msaaPicker.options, ["Off", "2x", "4x", "8x"])
        XCTAssertEqual(nav.msaaPicker.selectedTitle, "4x", "--msaa's default")
        var asked: [Int] = []
        nav.setMSAA = { samples in asked.append(samples); return samples == 2 ? 4 : samples }  // a driver that rounds 2 up
        nav.offerMSAA(supported: [1, 2, 4, 8, 16], current: 4)
        await h.frames(40)
        let picker = try XCTUnwrap(h.view("options.msaa")).windowFrame
        for (fraction, expected) in [(0.125, 1), (0.875, 8)] {
            let p = Point(x: picker.minX + picker.width * fraction, y: picker.center.y)
            await h.frame([.pointerDown(PointerEvent(location: p)), .pointerUp(PointerEvent(location: p))])
            XCTAssertEqual(asked.last, expected)
        }
        XCTAssertEqual(nav.msaaPicker.selectedTitle, "8x")
        nav.msaaPicker.select(1)
        XCTAssertEqual(asked.last, 2)
        XCTAssertEqual(nav.msaaPicker.selectedTitle, "4x", "the picker shows the count the session applied")
        // llvmpipe offers 1 and 4: the picker lists Off and 4x.
        nav.offerMSAA(supported: [1, 4], current: 4)
        XCTAssertEqual(nav.msaaPicker.options, ["Off", "4x"])
        XCTAssertEqual(nav.msaaPicker.selectedTitle, "4x")
        nav.offerMSAA(supported: [1, 4], current: 16)
        XCTAssertEqual(nav.msaaPicker.selectedTitle, "4x", "16 is shown as the nearest offered count below it")
    }
}
