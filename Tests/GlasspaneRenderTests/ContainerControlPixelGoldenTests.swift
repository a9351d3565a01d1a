// Real pixels of the container controls: tab views (a selected tab; the tab bar focused from the keyboard) and
// disclosure groups (collapsed, expanded with its content, focused, header hovered), drawn by the GL overlay renderer
// offscreen in both themes at scale 1 and 2 against Golden/containers-<theme>@<scale>x.png
// (re-record: GLASSPANE_RECORD_GOLDEN=1).
import XCTest
import GlasspaneCore
import GlasspaneOverlay
@testable import GlasspaneRender

final class ContainerControlPixelGoldenTests: XCTestCase {
    private static let points = Size(width: 400, height: 180)

    @MainActor
    private static func tabView(_ identifier: String, selection: Int) -> TabView {
        TabView(identifier: identifier, tabs: [
            .init("Draw", content: Label(text: "Ink and width")),
            .init("Type", content: Label(text: "A name in a font")),
            .init("Import", content: Label(text: "A PNG or JPEG")),
        ], selection: selection)
    }

    @MainActor
    private static func build(_ frame: GoldenFrame) throws {
        // A tab view with the second tab selected, and disclosure groups collapsed, expanded and hovered.
        let (overlay, layer) = frame.addOverlay()
        let selected = tabView("selected", selection: 1)
        selected.frame = Rect(x: 10, y: 10, width: 190, height: 70)
        layer.root.addSubview(selected)
        let collapsed = DisclosureGroup(identifier: "collapsed", title: "More", content: Label(text: "Hidden"))
        let expanded = DisclosureGroup(identifier: "expanded", title: "Advanced", isExpanded: true, content: Label(text: "Shown inside"))
        let hovered = DisclosureGroup(identifier: "hovered", title: "Hovered", content: Label(text: "Hidden"))
        collapsed.frame = Rect(x: 210, y: 10, width: 180, height: 28)
        expanded.frame = Rect(x: 210, y: 44, width: 180, height: 56)
        hovered.frame = Rect(x: 210, y: 106, width: 180, height: 28)
        for group in [collapsed, expanded, hovered] { layer.root.addSubview(group) }
        overlay.update()
        _ = overlay.route(.pointerMove(PointerEvent(button: .none, location: hovered.windowFrame.center)))
        XCTAssertTrue(hovered.isHovered)
        XCTAssertTrue(expanded.isExpanded)
        XCTAssertTrue(collapsed.content.isHidden)

        // The third tab selected and the bar focused from the keyboard (a second overlay: one focus each).
        let (barOverlay, barLayer) = frame.addOverlay()
        let focusedTabs = tabView("focused", selection: 2)
        focusedTabs.frame = Rect(x: 10, y: 96, width: 190, height: 70)
        barLayer.root.addSubview(focusedTabs)
        barOverlay.update()
        focusWithKeyboard(focusedTabs.bar, in: barOverlay)
        XCTAssertTrue(focusedTabs.bar.drawsFocusRing)
        XCTAssertEqual(focusedTabs.selectedTitle, "Import")

        // A disclosure group focused from the keyboard.
        let (groupOverlay, groupLayer) = frame.addOverlay()
        let focusedGroup = DisclosureGroup(identifier: "focusedGroup", title: "Focused", content: Label(text: "Hidden"))
        focusedGroup.frame = Rect(x: 210, y: 142, width: 180, height: 28)
        groupLayer.root.addSubview(focusedGroup)
        groupOverlay.update()
        focusWithKeyboard(focusedGroup, in: groupOverlay)
        XCTAssertTrue(focusedGroup.drawsFocusRing)
    }

    func testTabViewsAndDisclosureGroupsInBothThemesAtScaleOneAndTwoMatchThePNGGoldens() throws {
        try MainActor.assumeIsolated {
            try assertControlGoldens(prefix: "containers", points: Self.points) { try Self.build($0) }
        }
    }
}
