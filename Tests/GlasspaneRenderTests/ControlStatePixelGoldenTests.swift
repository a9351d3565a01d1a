// Real pixels of the controls' states (normal, hover, pressed, focused, disabled; on/off and selected), drawn by the
// GL overlay renderer offscreen (llvmpipe here) in both themes at scale 1 and 2, against PNG goldens in Golden/.
// Re-record on purpose with GLASSPANE_RECORD_GOLDEN=1 (the run that records fails, as assertGolden's does).
import Foundation
import XCTest
import GlasspaneCore
import GlasspaneDraw
import GlasspaneOverlay
import GlasspanePlatform
@testable import GlasspaneRender

final class ControlStatePixelGoldenTests: XCTestCase {
    private static let points = Size(width: 360, height: 176)

    /// Rows: toggles (off, on, pressed, focused, disabled), buttons (plain, primary, hovered, focused, disabled), a
    /// segmented picker (second selected) and a checkbox, a stepper and a disabled picker.
    @MainActor
    private static func states(scheme: ColorScheme, scale: Double) throws -> PixelImage {
        let drawable = PixelSize(width: Int(points.width * scale), height: Int(points.height * scale))
        var image: PixelImage?
        try withHeadlessTarget(size: drawable) { atlas in
            atlas.scale = scale
            let renderer = try GLOverlayRenderer(atlas: atlas)
            let overlay = Overlay(windowSize: points, fonts: atlas)
            overlay.setColorScheme(scheme)
            let layer = overlay.addLayer(name: "states", level: 0)
            func place(_ view: View, _ x: Double, _ y: Double, _ w: Double, _ h: Double = 24) {
                view.frame = Rect(x: x, y: y, width: w, height: h)
                layer.root.addSubview(view)
            }
            let toggles = (0..<5).map { Toggle(identifier: "t\($0)", title: "", isOn: $0 != 0) }
            toggles[4].isEnabled = false
            for (i, t) in toggles.enumerated() { place(t, 12 + Double(i) * 68, 10, 52) }
            let buttons = (0..<5).map { Button(identifier: "b\($0)", title: "OK") }
            buttons[1].role = .primary
            buttons[4].isEnabled = false
            for (i, b) in buttons.enumerated() { place(b, 12 + Double(i) * 68, 50, 56, 28) }
            let picker = Picker(identifier: "p", options: ["A", "B", "C"], selection: 1)
            place(picker, 12, 94, 160, 28)
            let checkbox = Toggle(identifier: "c", title: "Box", isOn: true, style: .checkbox)
            place(checkbox, 190, 94, 80, 28)
            let stepper = Stepper(identifier: "s", title: "", value: 2, range: 1...4)
            place(stepper, 12, 136, 120, 28)
            let disabledPicker = Picker(identifier: "dp", options: ["X", "Y"], selection: 0)
            disabledPicker.isEnabled = false
            place(disabledPicker, 190, 136, 120, 28)
            overlay.update()
            // Hover on the third button, a held press on the third toggle, focus on the fourth of each (keyboard).
            _ = overlay.route(.pointerMove(PointerEvent(location: buttons[2].windowFrame.center)))
            _ = overlay.route(.pointerDown(PointerEvent(location: toggles[2].windowFrame.center)))
            overlay.focus(buttons[3])
            // A key (F5: nothing acts on it) says the keyboard is in use, so the focus ring shows.
            _ = overlay.route(.key(KeyEvent(key: .function(5))))
            overlay.update()
            XCTAssertTrue(buttons[3].isFocused)
            XCTAssertTrue(buttons[3].drawsFocusRing)
            XCTAssertTrue(toggles[2].isPressed, "the held press")
            let metrics = WindowMetrics(windowSize: points, drawableSize: drawable)
            image = clearedFrame(size: drawable) { renderer.render(layer.drawList, generation: layer.contentVersion, metrics: metrics) }
        }
        return try XCTUnwrap(image)
    }

    @MainActor
    private static func assertPNGGolden(_ image: PixelImage, named name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let path = URL(fileURLWithPath: "\(file)").deletingLastPathComponent().appendingPathComponent("Golden/\(name)").path
        if ProcessInfo.processInfo.environment["GLASSPANE_RECORD_GOLDEN"] == "1" {
            try FramebufferCapture.writePNG(image, to: path)
            XCTFail("recorded golden file \(name); unset GLASSPANE_RECORD_GOLDEN and run again", file: file, line: line)
            return
        }
        guard let expected = FramebufferCapture.readPNG(at: path) else {
            return XCTFail("missing golden file \(name); run with GLASSPANE_RECORD_GOLDEN=1 to record it", file: file, line: line)
        }
        assertSamePixels(image, expected, "differs from Golden/\(name)", line: line)
    }

    func testControlStatesInBothThemesAtScaleOneAndTwoMatchThePNGGoldens() throws {
        try MainActor.assumeIsolated {
            var shots: [String: PixelImage] = [:]
            for scheme in [ColorScheme.dark, .light] {
                for scale in [1.0, 2.0] {
                    let name = "control-states-\(scheme == .dark ? "dark" : "light")@\(Int(scale))x.png"
                    let image = try Self.states(scheme: scheme, scale: scale)
                    XCTAssertEqual(image.size, PixelSize(width: Int(Self.points.width * scale), height: Int(Self.points.height * scale)))
                    try Self.assertPNGGolden(image, named: name)
                    shots[name] = image
                }
            }
            // The two themes draw different pixels (a switch of scheme reached the renderer).
            XCTAssertNotEqual(shots["control-states-dark@1x.png"], shots["control-states-light@1x.png"])
        }
    }
}
