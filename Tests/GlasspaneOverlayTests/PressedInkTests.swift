// The pressed fill is the accent blue in both schemes: what is written on it (a pressed button's title, an open
// menu's, a pressed pop-up picker's, a stepper's pressed sign) is `accentText`, not the light scheme's dark
// `controlText`, which could not be read there.
import XCTest
import GlasspaneCore
@testable import GlasspaneOverlay

final class PressedInkTests: XCTestCase {
    /// The colors of the glyph runs `view` drew last, by text.
    private func inks(of view: View, in overlay: Overlay) -> [String: Color] {
        overlay.update()
        var found: [String: Color] = [:]
        for case .glyphs(let run) in view.layer!.drawList.commands { found[run.text] = run.color }
        return found
    }

    func testWhatIsWrittenOnThePressedFillIsAccentTextInTheLightScheme() {
        let overlay = Overlay(windowSize: Size(width: 600, height: 300))
        _ = overlay.setColorScheme(.light)
        let layer = overlay.addLayer(name: "ui", level: 0)
        let button = Button(identifier: "b", title: "Go")
        let menu = Menu(identifier: "m", title: "File", items: [.action("New") {}])
        let picker = Picker(identifier: "p", options: ["One", "Two"], style: .menu)
        let stepper = Stepper(identifier: "s", title: "", value: 2, range: 1...4)
        for (i, view) in [button, menu, picker, stepper].enumerated() {
            view.frame = Rect(x: 20 + Double(i) * 140, y: 40, width: 120, height: 30)
            layer.root.addSubview(view)
        }
        overlay.update()
        let theme = overlay.theme
        let accentText = theme[.accentText].resolved(for: .light), controlText = theme[.controlText].resolved(for: .light)
        XCTAssertNotEqual(accentText, controlText, "the light scheme's two inks differ")
        XCTAssertEqual(inks(of: button, in: overlay)["Go"], controlText, "at rest")

        // A button held down.
        let b = button.windowFrame.center
        overlay.route(down(b.x, b.y))
        XCTAssertEqual(inks(of: button, in: overlay)["Go"], accentText, "pressed")
        overlay.route(up(b.x, b.y))
        XCTAssertEqual(inks(of: button, in: overlay)["Go"], controlText, "released")

        // A stepper's plus held down (its right half).
        let s = stepper.windowFrame
        overlay.route(down(s.maxX - 10, s.center.y))
        XCTAssertEqual(inks(of: stepper, in: overlay)["+"], accentText)
        XCTAssertEqual(inks(of: stepper, in: overlay)["\u{2212}"], controlText, "the sign not pressed keeps its ink")
        overlay.route(up(s.maxX - 10, s.center.y))

        // A menu button while its menu is open.
        let m = menu.windowFrame.center
        overlay.route(down(m.x, m.y)); overlay.route(up(m.x, m.y))
        XCTAssertTrue(menu.isOpen)
        XCTAssertEqual(inks(of: menu, in: overlay)["File"], accentText, "open")
        overlay.route(.key(KeyEvent(key: .escape)))
        XCTAssertFalse(menu.isOpen)
        XCTAssertEqual(inks(of: menu, in: overlay)["File"], controlText, "closed")

        // A pop-up picker held down (last: its release opens its list).
        let p = picker.windowFrame.center
        overlay.route(down(p.x, p.y))
        XCTAssertEqual(inks(of: picker, in: overlay)["One"], accentText)
        overlay.route(up(p.x, p.y))
    }
}
