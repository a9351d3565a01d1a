// DisclosureGroup through the router: pointer, keyboard and script tables, disabled and focus behaviour.
import XCTest
import GlasspaneCore
@testable import GlasspaneOverlay

final class DisclosureGroupTests: XCTestCase {
    func testPointerKeyboardAndScriptTable() {
        MainActor.assumeIsolated {
            let overlay = Overlay(windowSize: Size(width: 400, height: 300))
            let layer = overlay.addLayer(name: "ui", level: 0)
            let detail = Toggle(identifier: "advanced.vsync", title: "Vsync")
            let group = DisclosureGroup(identifier: "advanced", title: "Advanced", content: detail)
            var reported: [Bool] = []
            group.onChange = { reported.append($0) }
            layer.addSubview(group, at: Point(x: 20, y: 20))
            overlay.update()
            let collapsed = group.frame.height
            XCTAssertTrue(detail.isHidden)
            XCTAssertEqual(group.scriptValue(of: "isExpanded"), "false")
            // A click on the header expands it: taller, the content shown and reachable.
            overlay.route(down(40, 30)); overlay.route(up(40, 30)); overlay.update()
            XCTAssertTrue(group.isExpanded)
            XCTAssertFalse(detail.isHidden)
            XCTAssertGreaterThan(group.frame.height, collapsed + detail.frame.height - 1)
            XCTAssertGreaterThan(detail.windowFrame.minY, 20 + collapsed - 1, "the content is below the header")
            // A click on the content goes to the content, not the header.
            let d = detail.windowFrame
            XCTAssertLessThanOrEqual(group.frame.maxX, 400, "the indented content fits the proposed width")
            overlay.route(down(d.maxX - 5, d.center.y)); overlay.route(up(d.maxX - 5, d.center.y)); overlay.update()
            XCTAssertTrue(detail.isOn)
            XCTAssertTrue(group.isExpanded)
            // Keys: focus the header; Left collapses, Left again nothing, Right expands, Space and Enter toggle.
            overlay.focus(group)
            let table: [(Key, Bool)] = [(.left, false), (.left, false), (.right, true), (.character(" "), false), (.enter, true)]
            for (k, want) in table {
                overlay.route(key(k)); overlay.route(key(k, down: false)); overlay.update()
                XCTAssertEqual(group.isExpanded, want, "after \(k)")
            }
            XCTAssertEqual(reported, [true, false, true, false, true], "each user change once")
            group.isExpanded = false
            XCTAssertEqual(reported.count, 5, "programmatic changes are silent")
            // Disabled: faded, no clicks, loses focus, Tab skips it.
            group.isEnabled = false
            XCTAssertNil(overlay.focusedView)
            overlay.route(down(40, 30)); overlay.route(up(40, 30)); overlay.update()
            XCTAssertFalse(group.isExpanded)
            XCTAssertEqual(group.scriptValue(of: "isEnabled"), "false")
            XCTAssertFalse(overlay.focusOrder().contains { $0 === group })
        }
    }
}
