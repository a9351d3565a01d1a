// Real pixels of menus and popovers: closed menu buttons (normal, hovered, focused, disabled), an open menu with a
// highlighted row, a separator, a disabled row and a submenu chevron, and a popover with its arrow toward the button
// it belongs to, drawn by the GL overlay renderer offscreen in both themes at scale 1 and 2 against
// Golden/menus-popovers-<theme>@<scale>x.png (re-record: GLASSPANE_RECORD_GOLDEN=1). The open menu and the popover
// are drawn from their own layers, over the controls, as the frame loop draws them.
import XCTest
import GlasspaneCore
import GlasspaneOverlay
@testable import GlasspaneRender

final class MenuPopoverPixelGoldenTests: XCTestCase {
    private static let points = Size(width: 400, height: 200)

    @MainActor
    private static func build(_ frame: GoldenFrame) throws {
        // Closed menus: normal, hovered, disabled (one overlay), focused (its own).
        let (buttonsOverlay, buttonsLayer) = frame.addOverlay()
        let titles = ["File", "Edit", "View", "Help"]
        let closed = titles.map { title in
            Menu(identifier: title.lowercased(), title: title, items: [.action("\(title) item")])
        }
        for (i, menu) in closed.enumerated() {
            menu.frame = Rect(x: 10 + Double(i) * 96, y: 10, width: 84, height: 28)
        }
        closed[3].isEnabled = false
        for i in [0, 1, 3] { buttonsLayer.root.addSubview(closed[i]) }
        buttonsOverlay.update()
        _ = buttonsOverlay.route(.pointerMove(PointerEvent(button: .none, location: closed[1].windowFrame.center)))
        let (focusOverlay, focusLayer) = frame.addOverlay()
        focusLayer.root.addSubview(closed[2])
        focusOverlay.update()
        focusWithKeyboard(closed[2], in: focusOverlay)
        XCTAssertTrue(closed[1].isHovered)
        XCTAssertTrue(closed[2].drawsFocusRing)

        // An open menu: the second row highlighted, a separator, a disabled row, a submenu (closed) last.
        let (menuOverlay, menuLayer) = frame.addOverlay()
        let open = Menu(identifier: "actions", title: "Actions", items: [
            .action("Open"), .action("Save"), .separator, .action("Revert", isEnabled: false), .submenu("Export", [.action("PNG")]),
        ])
        open.frame = Rect(x: 10, y: 52, width: 100, height: 28)
        menuLayer.root.addSubview(open)
        menuOverlay.update()
        open.open()
        let list = try XCTUnwrap(open.presentation?.levels.first)
        list.highlight(1)
        XCTAssertTrue(open.isOpen)
        XCTAssertEqual(list.highlighted, 1)
        XCTAssertEqual(list.items.map(\.isEnabled), [true, true, false, false, true])

        // A popover under its button, the arrow pointing up at it.
        let (popoverOverlay, popoverLayer) = frame.addOverlay()
        let anchor = Button(identifier: "fonts", title: "Fonts")
        anchor.frame = Rect(x: 250, y: 52, width: 80, height: 28)
        popoverLayer.root.addSubview(anchor)
        let content = Label(identifier: "popover.text", text: "Noto Serif")
        let popover = Popover(identifier: "fontlist", content: content, preferredEdge: .bottom)
        popoverOverlay.update()
        popover.present(from: anchor, in: popoverOverlay)
        popoverOverlay.update()
        XCTAssertTrue(popover.isPresented)
        XCTAssertEqual(popover.placement?.edge, .bottom)
    }

    func testMenusAndPopoversInBothThemesAtScaleOneAndTwoMatchThePNGGoldens() throws {
        try MainActor.assumeIsolated {
            // Over the fixed clear color, not the sheet: the bubble and its arrow are filled with the sheet color.
            try assertControlGoldens(prefix: "menus-popovers", points: Self.points, drawsSheet: false) { try Self.build($0) }
        }
    }
}
