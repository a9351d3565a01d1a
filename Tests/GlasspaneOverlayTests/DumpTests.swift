// Dumps: the text tree and draw list as golden files, the JSON dump with window frames, lookup by identifier.
import Foundation
import XCTest
import GoldenFiles
import GlasspaneCore
@testable import GlasspaneOverlay

final class DumpTests: XCTestCase {
    func testDemoViewTreeTextDumpMatchesGolden() {
        let demo = DemoOverlayFixtures.make()
        demo.sliders[1].alpha = 0.5
        demo.overlay.update()
        assertGolden(demo.overlay.textDump(), named: "demo-tree.txt")
    }

    func testDemoDrawListMatchesGolden() {
        let demo = DemoOverlayFixtures.make()
        demo.overlay.focus(demo.sliders[0])
        demo.overlay.update()
        assertGolden(demo.overlay.drawList.dumpText, named: "demo-drawlist.txt")
    }

    func testJSONDumpHasWindowFramesAndRoundTrips() throws {
        let demo = DemoOverlayFixtures.make()
        demo.overlay.focus(demo.sliders[0])
        let json = try demo.overlay.viewDumpJSON()
        let entries = try JSONDecoder().decode([ViewDumpEntry].self, from: Data(json.utf8))
        XCTAssertEqual(entries, demo.overlay.viewDump())
        let slider = try XCTUnwrap(entries.first { $0.identifier == "picker.g" })
        XCTAssertEqual(slider.frame, DumpRect(Rect(x: 32, y: 88, width: 180, height: 20)))
        XCTAssertEqual(slider.type, "Slider")
        XCTAssertEqual(slider.layer, "ui")
        XCTAssertEqual(slider.parent, "picker.stack")
        XCTAssertTrue(slider.interactive)
        let root = try XCTUnwrap(entries.first { $0.identifier == "ui.root" })
        XCTAssertEqual(root.tags, ["passthrough"])
        XCTAssertEqual(entries.first { $0.identifier == "picker.r" }?.flags, ["claims", "focused"])
        let fps = try XCTUnwrap(entries.first { $0.identifier == "hud.fps" })
        XCTAssertTrue(fps.visible)
        XCTAssertFalse(fps.interactive, "a non-interactive layer's views never get events")
        XCTAssertTrue(json.contains("\"identifier\" : \"picker.g\""))
    }

    func testLookupByIdentifierPrefersShownViewsThenFrontLayers() {
        let demo = DemoOverlayFixtures.make()
        XCTAssertTrue(demo.overlay.view(withIdentifier: "picker.reset") === demo.button)
        XCTAssertTrue(demo.overlay.view(withIdentifier: "hud.root") === demo.hud.root)
        XCTAssertNil(demo.overlay.view(withIdentifier: "nope"))
        let twin = Label(identifier: "picker.reset", text: "x")
        demo.hud.addSubview(twin)
        XCTAssertTrue(demo.overlay.view(withIdentifier: "picker.reset") === demo.button, "a twin not laid out yet does not mask the shown button")
        demo.overlay.update()
        XCTAssertTrue(demo.overlay.view(withIdentifier: "picker.reset") === twin, "both shown: the front layer's wins")
    }
}
