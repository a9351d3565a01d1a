// The looks of Menu (closed, focused, disabled, open with a highlighted row and an open submenu), DisclosureGroup
// (collapsed, expanded, focused, disabled) and Image (pixels fit and filled, a placeholder with its reason), in both
// schemes, as draw-list text (re-record with GLASSPANE_RECORD_GOLDEN=1).
import XCTest
import GlasspaneCore
import GoldenFiles
@testable import GlasspaneOverlay

final class MenuGoldenTests: XCTestCase {
    final class Registry: ImageRegistry {
        var count = 0
        func registerImage(_ image: PixelImage) -> ImageHandle { count += 1; return ImageHandle(id: count) }
    }

    func testNewControlStatesInBothSchemesMatchTheGoldenDrawList() {
        MainActor.assumeIsolated {
            var out = ""
            for scheme in ColorScheme.allCases {
                let overlay = Overlay(windowSize: Size(width: 480, height: 360))
                overlay.setColorScheme(scheme)
                overlay.images.registry = Registry()
                overlay.images.log = { _ in }
                let layer = overlay.addLayer(name: "ui", level: 0)
                func place(_ v: View, _ frame: Rect) { v.frame = frame; layer.root.addSubview(v) }
                let closed = Menu(identifier: "closed", title: "File", items: [.action("New")])
                let disabled = Menu(identifier: "disabled", title: "Edit", items: [.action("Undo")])
                disabled.isEnabled = false
                let collapsed = DisclosureGroup(identifier: "collapsed", title: "More", content: Label(text: "Hidden"))
                let expanded = DisclosureGroup(identifier: "expanded", title: "Advanced", isExpanded: true, content: Label(text: "Shown"))
                let dimmed = DisclosureGroup(identifier: "dimmed", title: "Locked", content: Label(text: "x"))
                dimmed.isEnabled = false
                let pixels = PixelImage(size: PixelSize(width: 40, height: 20), rgba: [UInt8](repeating: 128, count: 40 * 20 * 4))
                let fit = Image(identifier: "fit", pixels: pixels, contentMode: .fit)
                let fill = Image(identifier: "fill", pixels: pixels, contentMode: .fill)
                let broken = Image(identifier: "broken", path: "/nonexistent/photo.jpg")
                place(closed, Rect(x: 10, y: 10, width: 100, height: 28))
                place(disabled, Rect(x: 120, y: 10, width: 100, height: 28))
                place(collapsed, Rect(x: 10, y: 50, width: 200, height: 28))
                place(expanded, Rect(x: 10, y: 84, width: 200, height: 56))
                place(dimmed, Rect(x: 10, y: 146, width: 200, height: 28))
                place(fit, Rect(x: 240, y: 50, width: 60, height: 60))
                place(fill, Rect(x: 310, y: 50, width: 60, height: 60))
                place(broken, Rect(x: 240, y: 120, width: 220, height: 96))
                overlay.update()
                overlay.focus(collapsed)
                overlay.update()
                out += "# \(scheme.rawValue): controls\n" + layer.drawList.dumpText + "\n"
                // Open by keyboard (first row highlighted), then a submenu by hover.
                let open = Menu(identifier: "open", title: "View", items: [
                    .action("Zoom In"), .action("Zoom Out", isEnabled: false), .separator,
                    .submenu("Theme", [.action("Light"), .action("Dark")]),
                ])
                place(open, Rect(x: 240, y: 10, width: 100, height: 28))
                overlay.update()
                overlay.focus(open)
                overlay.route(key(.enter)); overlay.route(key(.enter, down: false))
                overlay.update()
                let theme = layer.overlay!.layers.lazy.compactMap { $0.root.descendant(withIdentifier: "open.item.theme") }.first!.windowFrame
                overlay.route(hover(theme.midXForTest, theme.center.y))
                overlay.update()
                out += "# \(scheme.rawValue): open menu\n" + overlay.layer(named: "menu.open")!.drawList.dumpText + "\n"
            }
            assertGolden(out, named: "menu-disclosure-image-states.txt")
        }
    }
}

private extension Rect {
    var midXForTest: Double { center.x }
}
