// The color picker's parts: the point-to-color mapping at the edges, the ring kept inside the square, preset
// hover and selection, and a preset row exactly as wide as the column.
import XCTest
import GlasspaneCore
@testable import GlasspaneOverlay

final class ColorPickerTests: XCTestCase {
    private func makePicker(_ hex: String = "#f3a712") -> (Overlay, ColorPicker) {
        let overlay = Overlay(windowSize: Size(width: 400, height: 400))
        let layer = overlay.addLayer(name: "ui", level: 0)
        let picker = ColorPicker(color: Color(hex: hex)!)
        layer.addSubview(picker, at: Point(x: 10, y: 10))
        overlay.update()
        return (overlay, picker)
    }

    func testAShownColorWithTheSameHexFormChangesNothingAndAnotherIsShown() {
        let (overlay, picker) = makePicker("#f3a712")
        let before = picker.hsv
        // Less than half a step of 1/255 away in each channel: the same hex form, so the same color to show.
        let near = Color(r: 0xf3 / 255.0 + 0.0015, g: 0xa7 / 255.0 - 0.0015, b: 0x12 / 255.0 + 0.001)
        XCTAssertEqual(near.hex, "#f3a712")
        let version = overlay.layers[0].contentVersion
        picker.setColor(near)
        XCTAssertEqual(picker.hsv, before, "kept")
        overlay.update()
        XCTAssertEqual(overlay.layers[0].contentVersion, version, "nothing repainted")
        picker.setColor(Color(hex: "#f3a713")!)
        XCTAssertEqual(picker.color.hex, "#f3a713", "one step away is shown")
        XCTAssertEqual(picker.hexField.text, "#f3a713")
    }

    func testKeyStepsPastAnEndStopThereInEveryPart() {
        let (_, picker) = makePicker("#ff0000") // hue 0, saturation and value 1
        let shift = KeyEvent(key: .right, modifiers: [.shift])
        picker.saturationValue.keyDown(shift)
        picker.saturationValue.keyDown(KeyEvent(key: .up, modifiers: [.shift]))
        XCTAssertEqual(picker.hsv.s, 1, "saturation stops at 1")
        XCTAssertEqual(picker.hsv.v, 1, "value stops at 1")
        picker.hueBar.keyDown(KeyEvent(key: .left, modifiers: [.shift]))
        XCTAssertEqual(picker.hsv.h, 0, "hue stops at 0")
        for _ in 0..<12 { picker.hueBar.keyDown(shift) }
        XCTAssertEqual(picker.hsv.h, 1, "and at 1")
        XCTAssertEqual(picker.color.hex, "#ff0000", "hue 1 is red again")
    }

    func testTheHexFieldTakesSixASCIIDigitsWithOrWithoutAHash() {
        XCTAssertEqual(ColorPicker.parseHex("#ff8800")?.hex, "#ff8800")
        XCTAssertEqual(ColorPicker.parseHex("FF8800")?.hex, "#ff8800")
        // Fullwidth digits (six characters, each a Unicode hex digit) used to trap in the hex parser.
        for bad in ["#fff", "ff880", "ff88000", "#ff8800aa", "##ff880", " ff880", "ff 880", "ｆｆ８８００", "#ff880é", ""] {
            XCTAssertNil(ColorPicker.parseHex(bad), bad)
        }
        let (_, picker) = makePicker()
        picker.hexField.text = "０００００００"
        XCTAssertTrue(picker.hexField.isInvalid)
    }

    func testTheHexCheckAgreesWithTheGeneralParserOnRandomText() {
        // The hex field's check reads bytes in place; it must accept exactly what `Color(hex:)` accepted for six
        // digits (with or without a hash) and give the same color.
        func reference(_ text: String) -> Color? {
            let bytes = text.utf8
            let digits = bytes.first == UInt8(ascii: "#") ? bytes.count - 1 : bytes.count
            return digits == 6 ? Color(hex: text) : nil
        }
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("#0123456789abcdefABCDEFgxz \t\né８")
        // " fff  " is six bytes that `Color(hex:)` reads as #ffffff: accepted before, so still accepted.
        var inputs = ["#ff8800", "FF8800", "#000000", "ffffff", "#ff8800 ", " #ff880", "#ff88zz", "##ff880", " fff  ", "\tDBd\n\t"]
        for _ in 0..<5_000 {
            let length = Int.random(in: 0...9, using: &generator)
            inputs.append(String((0..<length).map { _ in alphabet.randomElement(using: &generator)! }))
        }
        for _ in 0..<2_000 {
            let digits = String(Int.random(in: 0...0xffffff, using: &generator), radix: 16)
            let hex = String(repeating: "0", count: 6 - digits.count) + digits
            inputs.append(Bool.random(using: &generator) ? "#" + hex : hex.uppercased())
        }
        for text in inputs {
            XCTAssertEqual(ColorPicker.parseHex(text), reference(text), text)
            XCTAssertEqual(ColorPicker.isHex(text), reference(text) != nil, text)
        }
    }

    func testEdgePointsOfTheSquareAndBarPickTheExtremes() {
        let (overlay, picker) = makePicker()
        let sv = picker.saturationValue.windowFrame
        // The top-right whole point is full saturation and value: the pure hue.
        overlay.route(down(sv.maxX - 1, sv.minY)); overlay.route(up(sv.maxX - 1, sv.minY))
        XCTAssertEqual(picker.hsv.s, 1); XCTAssertEqual(picker.hsv.v, 1)
        overlay.route(down(sv.minX, sv.maxY - 1)); overlay.route(up(sv.minX, sv.maxY - 1))
        XCTAssertEqual(picker.color.hex, "#000000")
        overlay.route(down(sv.minX, sv.minY)); overlay.route(up(sv.minX, sv.minY))
        XCTAssertEqual(picker.color.hex, "#ffffff")
        let bar = picker.hueBar.windowFrame
        overlay.route(down(bar.maxX - 1, bar.minY + 8)); overlay.route(up(bar.maxX - 1, bar.minY + 8))
        XCTAssertEqual(picker.hsv.h, 1)
        XCTAssertEqual(ColorPicker.gradientFraction(offset: 107.5, length: 216), 0.5)
        XCTAssertEqual(ColorPicker.gradientOffset(fraction: 0.5, length: 216), 107.5)
    }

    func testADragInTheSquareRepaintsTheSquareButNotTheHueBar() {
        let (overlay, picker) = makePicker()
        let layer = overlay.layers[0]
        /// Whether the last partial paint rewrote the first command matching `isIt`.
        func damaged(_ isIt: (DrawCommand) -> Bool) -> Bool {
            guard let index = layer.drawList.commands.firstIndex(where: isIt) else { XCTFail("no such command"); return false }
            guard let damage = layer.lastDamage else { XCTFail("a whole repaint"); return true }
            return damage.commandRanges.contains { $0.contains(index) }
        }
        let isHueGradient: (DrawCommand) -> Bool = { if case .hueGradient = $0 { true } else { false } }
        let isSquare: (DrawCommand) -> Bool = { if case .saturationValueGradient = $0 { true } else { false } }
        let sv = picker.saturationValue.windowFrame
        overlay.route(down(sv.minX + 40, sv.minY + 30)); overlay.update()
        overlay.route(drag(sv.minX + 60, sv.minY + 50)); overlay.update()
        XCTAssertTrue(damaged(isSquare), "the ring moved")
        XCTAssertFalse(damaged(isHueGradient), "the hue did not change")
        overlay.route(up(sv.minX + 60, sv.minY + 50)); overlay.update()
        let bar = picker.hueBar.windowFrame
        overlay.route(down(bar.minX + 50, bar.center.y)); overlay.update() // focus moves: a whole repaint
        overlay.route(drag(bar.minX + 80, bar.center.y)); overlay.update()
        XCTAssertTrue(damaged(isHueGradient), "the hue marker moved")
        XCTAssertTrue(damaged(isSquare), "the square shows the new hue")
    }

    func testSelectionRingIsClippedToTheSquare() {
        let (overlay, picker) = makePicker("#ffffff") // s = 0, v = 1: the ring sits on the top-left corner
        let sv = picker.saturationValue.windowFrame
        let commands = overlay.drawList.commands
        let ringIndex = try! XCTUnwrap(commands.firstIndex { if case .ring = $0 { return true } else { return false } })
        guard case .pushClip(let clip) = commands[ringIndex - 1] else { return XCTFail("ring not clipped: \(commands[ringIndex - 1])") }
        XCTAssertEqual(clip, sv)
    }

    func testPresetRowSpansTheColumnAndSwatchesShowHoverAndSelection() {
        let (overlay, picker) = makePicker("#33aa55")
        let row = try! XCTUnwrap(overlay.view(withIdentifier: "picker.presets"))
        XCTAssertEqual(row.windowFrame.maxX, picker.saturationValue.windowFrame.maxX, "preset row ends with the square")
        XCTAssertEqual(picker.presets.last!.windowFrame.maxX, picker.saturationValue.windowFrame.maxX)
        XCTAssertEqual(picker.presets.map(\.isSelected), [false, false, true, false, false, false])

        let first = picker.presets[0]
        let f = first.windowFrame
        overlay.route(hover(f.minX + 5, f.minY + 5))
        XCTAssertTrue(first.isHovered)
        overlay.update()
        XCTAssertTrue(overlay.drawList.dumpText.contains("border \(f) #ffffff@0.8 w=1.5"), overlay.drawList.dumpText)
        overlay.route(down(f.minX + 5, f.minY + 5)); overlay.route(up(f.minX + 5, f.minY + 5))
        XCTAssertEqual(picker.presets.map(\.isSelected), [true, false, false, false, false, false])
        overlay.update()
        XCTAssertTrue(overlay.drawList.dumpText.contains("border \(f) #ffffff w=2"), "selected swatch has a white ring")
        overlay.route(hover(390, 390))
        XCTAssertFalse(first.isHovered)
    }
}

extension ColorPickerTests {
    func testThePresetSwatchesAreReachedWithTabAndEnterSelectsOne() throws {
        let (overlay, picker) = makePicker("#f3a712")
        var reported: [String] = []
        picker.onColorChange = { reported.append($0.hex) }
        let order = overlay.focusOrder().map(\.identifier)
        let swatches = picker.presets.map(\.identifier)
        XCTAssertEqual(swatches.count, 6)
        XCTAssertEqual(Array(order.suffix(swatches.count)), swatches, "after the square, the bar and the hex field: \(order)")
        // Tab until the third swatch (#33aa55) has focus; its ring is drawn, and Enter picks its color.
        for _ in 0..<(order.firstIndex(of: swatches[2])! + 1) { overlay.route(key(.tab)); overlay.route(key(.tab, down: false)) }
        let third = picker.presets[2]
        XCTAssertTrue(third.isFocused)
        overlay.update()
        let ringWidths = third.layer!.drawList.commands.compactMap { command -> Double? in
            if case .border(let r, _, let width, _) = command, r == third.windowFrame.insetBy(-3) { return width }
            return nil
        }
        XCTAssertEqual(ringWidths, [2], "a focus ring just outside the focused swatch")
        overlay.route(key(.enter)); overlay.route(key(.enter, down: false))
        XCTAssertEqual(picker.color.hex, "#33aa55")
        XCTAssertEqual(reported, ["#33aa55"])
        XCTAssertTrue(third.isSelected)
        overlay.route(key(.character(" "))); overlay.route(key(.character(" "), down: false))
        XCTAssertEqual(reported, ["#33aa55"], "Space on the color already chosen reports nothing new")
    }

    func testTypingAHexColorAndEnterApplies() {
        let (overlay, picker) = makePicker("#f3a712")
        var reported: [String] = []
        picker.onColorChange = { reported.append($0.hex) }
        let f = picker.hexField.windowFrame
        overlay.route(down(f.minX + 20, f.minY + 10)); overlay.route(up(f.minX + 20, f.minY + 10))
        for c in "ff8800" { overlay.route(.text(String(c))) }
        XCTAssertEqual(picker.hexField.text, "ff8800")
        overlay.route(.key(KeyEvent(key: .enter)))
        XCTAssertEqual(picker.hexField.text, "#ff8800")
        XCTAssertEqual(picker.color.hex, "#ff8800")
        XCTAssertEqual(reported, ["#ff8800"])
    }
}
