// Menu, its submenus and context menus driven through the router as the host drives them: pointer, keyboard and
// type-to-select tables, disabled items and buttons, focus going in and coming back, placement flipped at the
// window's edges, and right-click and long-press context menus.
import XCTest
import GlasspaneCore
@testable import GlasspaneOverlay

@MainActor
private final class MenuBench {
    let overlay = Overlay(windowSize: Size(width: 400, height: 300))
    let layer: OverlayLayer
    var ran: [String] = []
    lazy var menu = Menu(identifier: "file", title: "File", items: [
        .action("New") { self.ran.append("new") },
        .action("Open") { self.ran.append("open") },
        .action("Save", isEnabled: false) { self.ran.append("save") },
        .separator,
        .submenu("Export", [.action("PNG") { self.ran.append("png") }, .action("JPEG") { self.ran.append("jpeg") }]),
        .action("Save As…") { self.ran.append("save-as") },
        .action("Share") { self.ran.append("share") },
    ])
    init() { layer = overlay.addLayer(name: "ui", level: 0) }
    func place(_ view: View, _ frame: Rect) {
        view.frame = frame
        layer.root.addSubview(view)
        overlay.update()
    }
    func click(at p: Point) {
        overlay.route(down(p.x, p.y)); overlay.route(up(p.x, p.y)); overlay.update()
    }
    func click(_ view: View) { click(at: view.windowFrame.center) }
    func press(_ k: Key) {
        overlay.route(.key(KeyEvent(key: k, isDown: true))); overlay.route(.key(KeyEvent(key: k, isDown: false))); overlay.update()
    }
    func view(_ id: String) -> View? { overlay.layers.lazy.compactMap { $0.root.descendant(withIdentifier: id) }.first }
    var top: MenuList? { view("file.list") as? MenuList }
    var highlighted: String? { (overlay.focusedView as? MenuList)?.scriptValue(of: "highlighted") }
}

final class MenuTests: XCTestCase {
    func testMovingTheHighlightRepaintsTheTwoRowsInPlaceNotTheWholeLayer() {
        MainActor.assumeIsolated {
            let b = MenuBench()
            b.place(b.menu, Rect(x: 20, y: 20, width: 100, height: 30))
            b.overlay.focus(b.menu)
            b.press(.enter)  // opened by keyboard: New highlighted
            guard let layer = b.overlay.layer(named: "menu.file") else { return XCTFail("the menu's layer") }
            let count = layer.drawList.commands.count
            b.press(.down)
            XCTAssertEqual(b.highlighted, "Open")
            // Each row keeps its command count whether highlighted or not (a clear fill when not), so the layer's
            // paint is partial: the renderer re-tessellates and redraws only those commands' pixels.
            XCTAssertEqual(layer.drawList.commands.count, count)
            guard let damage = layer.lastDamage else { return XCTFail("a partial repaint, not the whole layer") }
            XCTAssertEqual(damage.commandRanges.map(\.count).reduce(0, +), 4, "two rows of a fill and a title each")
        }
    }

    func testAClickOpensTheMenuBelowItsButtonAndAClickOnAnItemRunsItAndCloses() {
        MainActor.assumeIsolated {
            let b = MenuBench()
            b.place(b.menu, Rect(x: 20, y: 20, width: 100, height: 30))
            b.click(b.menu)
            XCTAssertTrue(b.menu.isOpen)
            XCTAssertNotNil(b.overlay.layer(named: "menu.file"), "on its own modal layer")
            let list = try! XCTUnwrap(b.top)
            XCTAssertEqual(list.windowFrame.minX, 20, "left edges aligned")
            XCTAssertEqual(list.windowFrame.minY, 52, "2 points below the button")
            XCTAssertTrue(b.overlay.focusedView === list, "keys go to the menu")
            XCTAssertEqual(list.scriptValue(of: "highlighted"), "", "a click highlights nothing")
            b.click(b.view("file.item.open")!)
            XCTAssertEqual(b.ran, ["open"])
            XCTAssertFalse(b.menu.isOpen)
            XCTAssertNil(b.overlay.layer(named: "menu.file"))
            XCTAssertEqual(b.menu.scriptValue(of: "lastChoice"), "Open")
        }
    }

    func testDisabledItemsAndSeparatorsDoNothingAndAPressOutsideCloses() {
        MainActor.assumeIsolated {
            let b = MenuBench()
            b.place(b.menu, Rect(x: 20, y: 20, width: 100, height: 30))
            b.click(b.menu)
            b.click(b.view("file.item.save")!)
            b.click(b.view("file.item.separator")!)
            XCTAssertEqual(b.ran, [])
            XCTAssertTrue(b.menu.isOpen, "still open")
            XCTAssertEqual(b.view("file.item.save").flatMap { ($0 as? MenuRow)?.scriptValue(of: "isEnabled") }, "false")
            b.click(at: Point(x: 390, y: 290))
            XCTAssertFalse(b.menu.isOpen, "a press outside closes")
            XCTAssertEqual(b.ran, [])
        }
    }

    func testKeyboardTable() {
        MainActor.assumeIsolated {
            let b = MenuBench()
            b.place(b.menu, Rect(x: 20, y: 20, width: 100, height: 30))
            b.overlay.focus(b.menu)
            b.press(.enter)
            XCTAssertTrue(b.menu.isOpen)
            // (key, highlighted after it): Down skips the disabled Save and the separator; Up and Down wrap.
            let table: [(Key, String)] = [(.down, "Open"), (.down, "Export"), (.down, "Save As…"), (.down, "Share"), (.down, "New"),
                                          (.up, "Share"), (.home, "New"), (.end, "Share"), (.up, "Save As…"), (.up, "Export")]
            XCTAssertEqual(b.highlighted, "New", "opened by keyboard: the first item")
            for (k, want) in table {
                b.press(k)
                XCTAssertEqual(b.highlighted, want, "after \(k)")
            }
            // Right opens the submenu beside the row with its first item; Left comes back.
            b.press(.right)
            let sub = try! XCTUnwrap(b.view("file.list.export") as? MenuList)
            XCTAssertTrue(b.overlay.focusedView === sub)
            XCTAssertEqual(b.highlighted, "PNG")
            XCTAssertEqual(sub.windowFrame.minX, b.view("file.item.export")!.windowFrame.maxX, "beside its row")
            b.press(.left)
            XCTAssertNil(b.view("file.list.export"))
            XCTAssertTrue(b.overlay.focusedView === b.top, "focus back on the parent level")
            // Escape on the submenu closes only it; Enter on an item runs it; Escape on the top level closes all.
            b.press(.enter)
            XCTAssertNotNil(b.view("file.list.export"))
            b.press(.down); b.press(.escape)
            XCTAssertNil(b.view("file.list.export"))
            XCTAssertTrue(b.menu.isOpen)
            XCTAssertTrue(b.overlay.focusedView === b.top, "Escape moved focus to the parent: not cleared")
            b.press(.right); b.press(.down); b.press(.enter)
            XCTAssertEqual(b.ran, ["jpeg"])
            XCTAssertFalse(b.menu.isOpen)
            XCTAssertTrue(b.overlay.focusedView === b.menu, "focus back on the button")
            b.press(.down)
            XCTAssertTrue(b.menu.isOpen, "Down opens it too")
            b.press(.escape)
            XCTAssertFalse(b.menu.isOpen)
        }
    }

    func testTypeToSelectByPrefixAndRepeatedLetters() {
        MainActor.assumeIsolated {
            let b = MenuBench()
            b.place(b.menu, Rect(x: 20, y: 20, width: 100, height: 30))
            b.overlay.focus(b.menu)
            _ = b.overlay.advanceAnimations(to: 10)
            b.press(.enter)
            b.press(.character("e"))
            XCTAssertEqual(b.highlighted, "Export")
            _ = b.overlay.advanceAnimations(to: 12)
            // "s" alone: the first enabled item starting with s after the highlight (Save is disabled).
            b.press(.character("s"))
            XCTAssertEqual(b.highlighted, "Save As…")
            b.press(.character("s"))
            XCTAssertEqual(b.highlighted, "Share", "the same letter again moves on")
            _ = b.overlay.advanceAnimations(to: 14)
            b.press(.character("s")); b.press(.character("h"))
            XCTAssertEqual(b.highlighted, "Share", "a prefix typed quickly")
            _ = b.overlay.advanceAnimations(to: 16)
            b.press(.character("o"))
            XCTAssertEqual(b.highlighted, "Open", "after the timeout a new search starts")
            b.press(.character("z"))
            XCTAssertEqual(b.highlighted, "Open", "no match keeps the highlight")
            // An empty menu takes letters and arrows without trapping.
            b.press(.escape)
            let empty = Menu(identifier: "empty", title: "Nothing", items: [])
            b.place(empty, Rect(x: 200, y: 20, width: 100, height: 30))
            b.overlay.focus(empty)
            for k: Key in [.enter, .character("a"), .down, .up, .home, .end, .right, .enter] { b.press(k) }
            XCTAssertTrue(empty.isOpen)
            XCTAssertEqual((b.overlay.focusedView as? MenuList)?.scriptValue(of: "count"), "0")
        }
    }

    func testHoverOpensAndSwitchesSubmenus() {
        MainActor.assumeIsolated {
            let b = MenuBench()
            b.place(b.menu, Rect(x: 20, y: 20, width: 100, height: 30))
            b.click(b.menu)
            let export = b.view("file.item.export")!.windowFrame.center
            b.overlay.route(hover(export.x, export.y)); b.overlay.update()
            XCTAssertNotNil(b.view("file.list.export"), "hovering a submenu row opens it")
            XCTAssertEqual(b.top?.scriptValue(of: "highlighted"), "Export")
            let png = b.view("file.item.export.png")!.windowFrame.center
            b.overlay.route(hover(png.x, png.y))
            b.click(at: png)
            XCTAssertEqual(b.ran, ["png"])
            b.click(b.menu)
            b.overlay.route(hover(export.x, export.y)); b.overlay.update()
            let share = b.view("file.item.share")!.windowFrame.center
            b.overlay.route(hover(share.x, share.y)); b.overlay.update()
            XCTAssertNil(b.view("file.list.export"), "hovering another row closes it")
        }
    }

    func testADisabledMenuNeitherOpensNorTakesFocus() {
        MainActor.assumeIsolated {
            let b = MenuBench()
            b.place(b.menu, Rect(x: 20, y: 20, width: 100, height: 30))
            b.menu.isEnabled = false
            b.click(b.menu)
            XCTAssertFalse(b.menu.isOpen)
            b.press(.tab)
            XCTAssertNil(b.overlay.focusedView)
            XCTAssertEqual(b.menu.scriptValue(of: "isEnabled"), "false")
            b.menu.isEnabled = true
            b.press(.tab)
            XCTAssertTrue(b.overlay.focusedView === b.menu, "a Tab stop once enabled")
            XCTAssertEqual(b.menu.scriptValue(of: "isOpen"), "false")
        }
    }

    func testPlacementFlipsAtTheEdgesAndStaysInsideTheWindow() {
        let window = Size(width: 400, height: 300), size = Size(width: 150, height: 120)
        // Below a button near the bottom: above it.
        XCTAssertEqual(MenuPlacement.place(anchor: Rect(x: 20, y: 250, width: 80, height: 30), size: size, in: window, beside: false),
                       Rect(x: 20, y: 128, width: 150, height: 120))
        // Near the right edge: slid left.
        XCTAssertEqual(MenuPlacement.place(anchor: Rect(x: 330, y: 20, width: 60, height: 30), size: size, in: window, beside: false).maxX, 396)
        // A submenu beside a row near the right edge: on the left of the row.
        XCTAssertEqual(MenuPlacement.place(anchor: Rect(x: 260, y: 40, width: 130, height: 24), size: size, in: window, beside: true).minX, 110)
        // A submenu near the bottom: slid up.
        XCTAssertEqual(MenuPlacement.place(anchor: Rect(x: 20, y: 270, width: 130, height: 24), size: size, in: window, beside: true).maxY, 296)
        // A grid of anchors: never outside the window (margin 4), for both kinds.
        for x in stride(from: 0.0, through: 400, by: 25) {
            for y in stride(from: 0.0, through: 300, by: 25) {
                for beside in [false, true] {
                    let r = MenuPlacement.place(anchor: Rect(x: x, y: y, width: 40, height: 20), size: size, in: window, beside: beside)
                    XCTAssertTrue(r.minX >= 4 && r.minY >= 4 && r.maxX <= 396 && r.maxY <= 296, "\(x),\(y) \(beside): \(r)")
                }
            }
        }
        // Larger than the window: shrunk to it.
        XCTAssertEqual(MenuPlacement.place(anchor: .zero, size: Size(width: 900, height: 900), in: window, beside: false).size,
                       Size(width: 392, height: 292))
    }

    func testARightPressOpensTheContextMenuAtThePointerAndFlipsNearTheCorner() {
        MainActor.assumeIsolated {
            let b = MenuBench()
            let panel = Panel(identifier: "card", content: Label(text: "Card"))
            var copied = 0
            panel.contextMenu = ContextMenu(identifier: "card.menu", items: [.action("Copy") { copied += 1 }, .action("Delete", isEnabled: false)])
            b.place(panel, Rect(x: 0, y: 0, width: 400, height: 300))
            let right = PointerEvent(pointerID: 0, button: .right, location: Point(x: 50, y: 60))
            b.overlay.route(.pointerDown(right)); b.overlay.route(.pointerUp(right)); b.overlay.update()
            let list = try! XCTUnwrap(b.view("card.menu.list"))
            XCTAssertEqual(list.windowFrame.origin, Point(x: 50, y: 60), "top-left at the pointer")
            b.click(b.view("card.menu.item.copy")!)
            XCTAssertEqual(copied, 1)
            XCTAssertNil(b.view("card.menu.list"))
            let corner = PointerEvent(pointerID: 0, button: .right, location: Point(x: 390, y: 290))
            b.overlay.route(.pointerDown(corner)); b.overlay.route(.pointerUp(corner)); b.overlay.update()
            let flipped = try! XCTUnwrap(b.view("card.menu.list")).windowFrame
            XCTAssertEqual(flipped.maxY, 290 - 4, "above the pointer near the bottom")
            XCTAssertLessThanOrEqual(flipped.maxX, 396)
            b.press(.escape)
            XCTAssertNil(b.view("card.menu.list"))
        }
    }

    func testALongPressOpensTheContextMenuAndTheButtonUnderItDoesNotClick() {
        MainActor.assumeIsolated {
            let b = MenuBench()
            let button = Button(identifier: "slot", title: "Slot 1")
            var clicks = 0
            button.action = { clicks += 1 }
            button.contextMenu = ContextMenu(identifier: "slot.menu", items: [.action("Rename"), .action("Delete")])
            b.place(button, Rect(x: 100, y: 100, width: 120, height: 40))
            _ = b.overlay.advanceAnimations(to: 1)
            b.overlay.route(down(150, 120))
            _ = b.overlay.advanceAnimations(to: 1.2)
            b.overlay.route(drag(152, 121))
            _ = b.overlay.advanceAnimations(to: 1.4)
            XCTAssertNil(b.view("slot.menu.list"), "not yet")
            _ = b.overlay.advanceAnimations(to: 1.75)
            b.overlay.update()
            XCTAssertNotNil(b.view("slot.menu.list"), "held still for 0.5 s")
            b.overlay.route(up(152, 121)); b.overlay.update()
            XCTAssertEqual(clicks, 0, "the press was cancelled")
            XCTAssertNotNil(b.view("slot.menu.list"), "the release leaves it open")
            b.press(.escape)
            // A press that moves away is a drag, not a long press; a short one clicks.
            b.overlay.route(down(150, 120))
            _ = b.overlay.advanceAnimations(to: 2)
            b.overlay.route(drag(170, 120))
            _ = b.overlay.advanceAnimations(to: 3)
            XCTAssertNil(b.view("slot.menu.list"))
            b.overlay.route(up(150, 120))
            b.click(button)
            XCTAssertEqual(clicks, 2)
        }
    }
}
