// The states Slider and TextField draw besides focus: a slider's hover and drag halo and its disabled state, a text
// field's placeholder and disabled state, through the router as the host drives them, and what scripts read.
import XCTest
import GlasspaneCore
@testable import GlasspaneOverlay

final class SliderAndTextFieldStateTests: XCTestCase {
    private func makeLayer() -> (Overlay, OverlayLayer) {
        let overlay = Overlay(windowSize: Size(width: 400, height: 200))
        return (overlay, overlay.addLayer(name: "ui", level: 0))
    }

    /// The radii of the circles the layer draws (thumb, halo), in order.
    private func circleRadii(_ layer: OverlayLayer) -> [Double] {
        layer.drawList.commands.compactMap { if case .circle(_, let radius, _) = $0 { radius } else { nil } }
    }

    private func glyphTexts(_ layer: OverlayLayer) -> [String] {
        layer.drawList.commands.compactMap { if case .glyphs(let run) = $0 { run.text } else { nil } }
    }

    func testSliderDrawsAHaloWhileHoveredAndALargerOneWhileDragged() {
        let (overlay, layer) = makeLayer()
        let slider = Slider(identifier: "volume", value: 0.5)
        slider.frame = Rect(x: 20, y: 20, width: 116, height: 20)
        layer.root.addSubview(slider)
        overlay.update()
        XCTAssertEqual(circleRadii(layer), [8], "at rest: the thumb alone")
        overlay.route(hover(78, 30))
        overlay.update()
        XCTAssertTrue(slider.isHovered)
        XCTAssertEqual(circleRadii(layer), [12, 8], "hovered: a halo under the thumb")
        overlay.route(down(78, 30))
        overlay.route(drag(103, 30))
        overlay.update()
        XCTAssertTrue(slider.isDragging)
        XCTAssertEqual(slider.value, 0.75, accuracy: 0.001)
        XCTAssertEqual(circleRadii(layer), [14, 8], "dragging: the larger halo")
        overlay.route(up(103, 30))
        overlay.route(hover(300, 150))
        overlay.update()
        XCTAssertFalse(slider.isHovered)
        XCTAssertEqual(circleRadii(layer), [8], "left: no halo")
    }

    func testDisabledSliderIgnoresPointerAndKeysLosesFocusAndFades() {
        let (overlay, layer) = makeLayer()
        let slider = Slider(identifier: "volume", value: 0.5)
        var reported: [Double] = []
        slider.onChange = { reported.append($0) }
        slider.frame = Rect(x: 20, y: 20, width: 116, height: 20)
        layer.root.addSubview(slider)
        overlay.update()
        overlay.route(down(30, 30)); overlay.route(up(30, 30))
        XCTAssertTrue(slider.isFocused, "a press focuses an enabled slider")
        XCTAssertEqual(reported.count, 1)
        func thumbAlpha() -> Double? {
            layer.drawList.commands.compactMap { if case .circle(_, _, let color) = $0 { color.a } else { nil } }.last
        }
        overlay.update()
        let enabledAlpha = thumbAlpha() ?? 0
        XCTAssertEqual(enabledAlpha, 1, "an enabled thumb is opaque")
        slider.isEnabled = false
        XCTAssertFalse(slider.isFocused, "disabling takes focus away")
        overlay.route(down(120, 30)); overlay.route(drag(130, 30)); overlay.route(up(130, 30))
        overlay.route(key(.right)); overlay.route(key(.right, down: false))
        XCTAssertEqual(reported.count, 1, "no change from pointer or keys")
        XCTAssertFalse(slider.isFocused, "a press does not focus a disabled slider")
        overlay.route(hover(78, 30))
        overlay.update()
        XCTAssertEqual(circleRadii(layer), [8], "no hover halo when disabled")
        XCTAssertEqual(thumbAlpha() ?? 0, enabledAlpha * Control.disabledOpacity, accuracy: 0.0001, "the thumb fades")
        XCTAssertEqual(slider.scriptValue(of: "isEnabled"), "false")
        XCTAssertEqual(slider.scriptValue(of: "value"), String(slider.value))
        slider.isEnabled = true
        overlay.route(down(120, 30)); overlay.route(up(120, 30))
        XCTAssertEqual(reported.count, 2, "enabled again, it takes the press")
    }

    func testTextFieldShowsItsPlaceholderOnlyWhileEmpty() {
        let (overlay, layer) = makeLayer()
        let field = TextField(identifier: "name")
        field.placeholder = "Your name"
        field.frame = Rect(x: 20, y: 20, width: 200, height: 28)
        layer.root.addSubview(field)
        overlay.update()
        XCTAssertEqual(glyphTexts(layer), ["Your name"])
        XCTAssertEqual(field.text, "", "the placeholder is not text")
        overlay.route(down(40, 34)); overlay.route(up(40, 34))
        overlay.route(.text("Ada"))
        overlay.update()
        XCTAssertEqual(glyphTexts(layer), ["Ada"], "typing replaces the placeholder")
        XCTAssertEqual(field.scriptValue(of: "placeholder"), "Your name")
    }

    func testDisabledTextFieldTakesNoFocusNorTextAndFades() {
        let (overlay, layer) = makeLayer()
        let field = TextField(identifier: "name", text: "Ada")
        field.frame = Rect(x: 20, y: 20, width: 200, height: 28)
        layer.root.addSubview(field)
        overlay.update()
        func fillAlpha() -> Double? {
            layer.drawList.commands.compactMap { if case .rect(_, let color, _) = $0 { color.a } else { nil } }.first
        }
        let enabledAlpha = fillAlpha() ?? 0
        XCTAssertEqual(enabledAlpha, 1, "an enabled field is opaque")
        overlay.route(down(200, 34)); overlay.route(up(200, 34))
        overlay.route(.text("x"))
        XCTAssertTrue(field.isFocused)
        XCTAssertEqual(field.text, "Adax")
        field.isEnabled = false
        XCTAssertFalse(field.isFocused, "disabling takes focus away")
        XCTAssertEqual(field.text, "Ada", "losing focus put the applied text back")
        overlay.route(down(40, 34)); overlay.route(up(40, 34))
        overlay.route(.text("y"))
        XCTAssertFalse(field.isFocused)
        XCTAssertEqual(field.text, "Ada", "no text reaches a disabled field")
        overlay.focus(field)
        XCTAssertFalse(field.isFocused, "nor can the app focus it")
        overlay.update()
        XCTAssertEqual(fillAlpha() ?? 0, enabledAlpha * Control.disabledOpacity, accuracy: 0.0001, "the field fades")
        XCTAssertEqual(field.scriptValue(of: "isEnabled"), "false")
    }
}
