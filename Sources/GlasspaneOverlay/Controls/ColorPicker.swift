// The color picker: a saturation/value square, a hue bar, a preview swatch, a hex field and preset swatches.
// It publishes colors through `onColorChange`; it knows nothing of buses or engines.
import GlasspaneCore
import GlasspaneDraw

/// A color picker. Identifiers (with the default prefix `picker`): `picker.sv`, `picker.hue`, `picker.preview`,
/// `picker.hex`, `picker.presets`, `picker.preset.N`. The selection is kept as HSV so hue survives grey colors.
public final class ColorPicker: StackView {
    /// The selection.
    public private(set) var hsv: HSV
    /// The selection as an opaque color.
    public var color: Color { hsv.rgb }
    /// Called for every change the user makes (many per frame while dragging; the host coalesces).
    public var onColorChange: ((Color) -> Void)?
    /// True while `onColorChange` reports a click on a preset swatch (a jump the app may animate; drags are not).
    public private(set) var isSelectingPreset = false

    /// The saturation/value square.
    public let saturationValue: SaturationValueArea
    /// The hue bar.
    public let hueBar: HueBar
    /// The swatch showing the selection.
    public let preview: View
    /// The hex text field.
    public let hexField: TextField
    /// The preset swatches.
    public let presets: [ColorSwatch]
    /// The triggers turning the hue (ColorPicker+Controller.swift).
    package private(set) lazy var hueTriggers = HueTriggerDrive(picker: self)

    /// The colors of the preset row.
    public static let defaultPresets: [Color] = Theme.standardSwatches

    /// Creates a picker `width` points wide showing `color`.
    public init(identifier: String = "picker", color: Color = Theme.standardPickerColor, width: Double = 216,
                presetColors: [Color] = ColorPicker.defaultPresets) {
        hsv = color.hsv
        saturationValue = SaturationValueArea(identifier: "\(identifier).sv")
        saturationValue.preferredWidth = width
        saturationValue.preferredHeight = (width * 0.62).rounded()
        hueBar = HueBar(identifier: "\(identifier).hue")
        hueBar.preferredWidth = width
        hueBar.preferredHeight = 16
        preview = ColorPreview(identifier: "\(identifier).preview")
        preview.preferredWidth = 30
        preview.preferredHeight = 30
        preview.cornerRadius = 6
        preview.borderWidth = 1
        hexField = TextField(identifier: "\(identifier).hex", text: color.hex)
        hexField.preferredWidth = width - 30 - 8
        hexField.preferredHeight = 30
        hexField.validator = { ColorPicker.isHex($0) }
        hexField.invalidHint = "#rrggbb"
        hexField.selectsAllOnFocus = true
        hexField.maxLength = 9
        presets = presetColors.enumerated().map { ColorSwatch(identifier: "\(identifier).preset.\($0.offset)", color: $0.element) }
        // Whole-point widths that add up to the column's width (the last swatches take the remainder).
        let count = max(presetColors.count, 1)
        let available = width - 8 * Double(max(presetColors.count - 1, 0))
        let swatchSize = (available / Double(count)).rounded(.down)
        let remainder = Int(available - swatchSize * Double(count))
        for (i, s) in presets.enumerated() {
            s.preferredWidth = swatchSize + (i >= presets.count - remainder ? 1 : 0)
            s.preferredHeight = 22
        }
        let hexRow = HStack(identifier: "\(identifier).hexrow", spacing: 8, [preview, hexField])
        let presetRow = HStack(identifier: "\(identifier).presets", spacing: 8, presets)
        super.init(axis: .vertical, identifier: identifier, spacing: 10, padding: .zero, alignment: .leading,
                   children: [saturationValue, hueBar, hexRow, presetRow])
        saturationValue.picker = self
        hueBar.picker = self
        hexField.onCommit = { [unowned self] text in
            guard let c = ColorPicker.parseHex(text) else { return }
            userSelected(c.hsv, keepHueIfGrey: true)
            hexField.setText(self.color.hex) // `ff8800` and `#FF8800` read back as `#ff8800`
        }
        for s in presets {
            s.onSelect = { [unowned self] c in
                isSelectingPreset = true
                defer { isSelectingPreset = false }
                userSelected(c.hsv, keepHueIfGrey: true)
            }
        }
        refreshParts(color: color, updateHexField: true, previous: nil)
    }

    /// Accepts `#rrggbb` or `rrggbb` (six hex digits) only.
    public static func parseHex(_ text: String) -> Color? {
        if let value = hexValue(text) {
            return Color(r: Double(value >> 16) / 255, g: Double((value >> 8) & 0xff) / 255, b: Double(value & 0xff) / 255)
        }
        // Anything else goes through the general parser, as it always has: six bytes that `Color(hex:)` reads
        // (which includes a `#rgb` padded with spaces to six bytes).
        let bytes = text.utf8
        let digits = bytes.first == UInt8(ascii: "#") ? bytes.count - 1 : bytes.count
        return digits == 6 ? Color(hex: text) : nil
    }

    /// True when `parseHex` accepts the text (the hex field's validator, run at every repaint of a drag).
    public static func isHex(_ text: String) -> Bool { hexValue(text) != nil || parseHex(text) != nil }

    /// The 24-bit value of `#rrggbb` or `rrggbb`: UTF-8 bytes read in place, nothing allocated (the hex field
    /// validates on every repaint, and a drag repaints it each frame); nil for any other text.
    private static func hexValue(_ text: String) -> UInt32? {
        var value: UInt32 = 0, digits = 0, index = 0
        for byte in text.utf8 {
            defer { index += 1 }
            if index == 0 && byte == UInt8(ascii: "#") { continue }
            let nibble: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): nibble = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            digits += 1
            guard digits <= 6 else { return nil }
            value = value << 4 | UInt32(nibble)
        }
        return digits == 6 ? value : nil
    }

    /// Shows a color without reporting it (for example the state the engine reported).
    public func setColor(_ color: Color) {
        guard color.rgb24 != self.color.rgb24 else { return } // the same hex form: nothing to show
        var next = color.hsv
        if next.s == 0 || next.v == 0 { next.h = hsv.h }
        let previous = hsv
        hsv = next
        refreshParts(color: self.color, updateHexField: !hexField.isFocused, previous: previous)
    }

    /// A change from one of the parts: stored, shown, reported. Components are in 0...1 already: the parts clamp
    /// what they compute (a drag's fraction is clamped once, in `gradientFraction`; keys through `HSV.clampedToUnit`).
    func userSelected(_ next: HSV, keepHueIfGrey: Bool = false) {
        var n = next
        if keepHueIfGrey && (n.s == 0 || n.v == 0) { n.h = hsv.h }
        guard n != hsv else { return }
        let previous = hsv
        hsv = n
        let rgb = color // converted once: the parts and the report share it
        refreshParts(color: rgb, updateHexField: true, previous: previous)
        onColorChange?(rgb)
    }

    /// Repaints what shows the new `color` (the HSV selection converted once by the caller); the hue bar draws only
    /// the hue, so a drag in the square leaves it be.
    private func refreshParts(color: Color, updateHexField: Bool, previous: HSV?) {
        saturationValue.setNeedsDisplay()
        if hsv.h != previous?.h { hueBar.setNeedsDisplay() }
        preview.backgroundColor = color
        let value = color.rgb24 // a preset is selected when its hex form is the color's
        for s in presets { s.isSelected = s.color.rgb24 == value }
        if updateHexField { hexField.setText(color.hex) }
    }
}

// MARK: - The point to color mapping, shared with the renderer's shader (Shaders/overlay.frag)

extension ColorPicker {
    /// The fraction along a gradient `length` points long at `offset` points from its start: the first point
    /// (offset 0) is 0 and the last whole point (offset `length - 1`) is 1, clamped outside. Pointer events arrive
    /// on whole points, so the edge columns and rows of the square and the bar pick the extremes. The renderer
    /// evaluates the same formula per pixel at the pixel's top-left corner in points (`(pixel index) / scale`),
    /// so the pixel under a click shows the color the click picks (within 1/255 per channel).
    public static func gradientFraction(offset: Double, length: Double) -> Double {
        min(max(offset / max(length - 1, 1), 0), 1)
    }

    /// Saturation and value at a point in the square's own coordinates (points) for a square of `size`.
    public static func saturationValue(at point: Point, size: Size) -> (s: Double, v: Double) {
        (gradientFraction(offset: point.x, length: size.width), 1 - gradientFraction(offset: point.y, length: size.height))
    }

    /// The hue at `offset` points along a bar `length` points long.
    public static func hue(atOffset offset: Double, length: Double) -> Double {
        gradientFraction(offset: offset, length: length)
    }

    /// Where a fraction lies along a gradient `length` points long (the inverse of `gradientFraction`).
    public static func gradientOffset(fraction: Double, length: Double) -> Double {
        min(max(fraction, 0), 1) * max(length - 1, 1)
    }
}

/// A focusable control that follows one held pointer (captured, so it keeps working outside the view): the pressed
/// point and every move until up or cancel go to `track(_:)`, in the view's coordinates.
open class DragSurface: View {
    private var dragPointer: Int?

    /// Controls claim their bounds.
    open override var claimsBoundsByDefault: Bool { true }
    /// Arrow keys can adjust a focused surface.
    open override var canBecomeFocused: Bool { true }
    /// True while a pointer drags on it.
    package var isDragging: Bool { dragPointer != nil }

    /// Called with the pressed point and each position of the held pointer.
    open func track(_ location: Point) {}

    /// Starts a drag at the pressed point.
    open override func pointerDown(_ event: PointerEvent) {
        guard dragPointer == nil, event.button == .left else { return }
        dragPointer = event.pointerID
        track(event.location)
    }
    /// Follows the held pointer.
    open override func pointerMoved(_ event: PointerEvent) { if dragPointer == event.pointerID { track(event.location) } }
    /// Ends the drag.
    open override func pointerUp(_ event: PointerEvent) { if dragPointer == event.pointerID { dragPointer = nil } }
    /// Ends the drag, keeping what was reached.
    open override func pointerCancelled(_ event: PointerEvent) { pointerUp(event) }
    /// Repaints (a focus outline, typically).
    open override func focusDidChange() { setNeedsDisplay() }
}

/// The saturation (left to right) and value (top to bottom) square for the picker's hue.
public final class SaturationValueArea: DragSurface {
    /// Every arrow moves the point (saturation across, value up and down), as before spatial navigation.
    public override func handlesDirection(_ direction: FocusDirection) -> Bool { true }
    /// The triggers turn the hue.
    public override func controllerAxis(_ event: ControllerAxisEvent) -> Bool {
        picker?.hueTriggers.axis(event, overlay: layer?.overlay) ?? false
    }
    weak var picker: ColorPicker?

    /// The gradient and a ring at the selection.
    public override func draw(in rect: Rect, context: inout PaintContext) {
        guard let hsv = picker?.hsv else { return }
        context.add(.saturationValueGradient(rect, hue: hsv.h, cornerRadius: 6))
        let p = Point(x: rect.minX + ColorPicker.gradientOffset(fraction: hsv.s, length: rect.width),
                      y: rect.minY + ColorPicker.gradientOffset(fraction: 1 - hsv.v, length: rect.height))
        // The ring marks the exact point; near an edge it is cut by the square rather than spilling onto the panel.
        context.add(.pushClip(rect))
        context.add(.ring(center: p, radius: 7, width: 2.5, color: themeColor(.markerLight)))
        context.add(.ring(center: p, radius: 8.5, width: 1.5, color: themeColor(.markerShadow)))
        context.add(.popClip)
        if drawsFocusRing { context.add(.border(rect, color: themeColor(.focusRing), width: 2, cornerRadius: 6)) }
    }

    /// Selects saturation and value under the pointer (clamped to the square; see `ColorPicker.saturationValue`).
    public override func track(_ location: Point) {
        guard let picker, frame.width > 0, frame.height > 0 else { return }
        let sv = ColorPicker.saturationValue(at: location, size: frame.size)
        picker.userSelected(HSV(h: picker.hsv.h, s: sv.s, v: sv.v))
    }
    /// Left/right nudge saturation, up/down value, by 1% (10% with shift).
    public override func keyDown(_ event: KeyEvent) {
        guard let picker else { return }
        let d = event.modifiers.contains(.shift) ? 0.1 : 0.01
        var h = picker.hsv
        switch event.key {
        case .left: h.s -= d
        case .right: h.s += d
        case .up: h.v += d
        case .down: h.v -= d
        default: return
        }
        picker.userSelected(h.clampedToUnit)
    }
}

/// The hue bar: the spectrum left to right with a marker at the picker's hue.
public final class HueBar: DragSurface {
    /// Left and right move the hue; up and down move focus (docs/focus.md).
    public override func handlesDirection(_ direction: FocusDirection) -> Bool { direction == .left || direction == .right }
    /// The triggers turn the hue.
    public override func controllerAxis(_ event: ControllerAxisEvent) -> Bool {
        picker?.hueTriggers.axis(event, overlay: layer?.overlay) ?? false
    }
    weak var picker: ColorPicker?

    /// The spectrum and a marker.
    public override func draw(in rect: Rect, context: inout PaintContext) {
        guard let hsv = picker?.hsv else { return }
        context.add(.hueGradient(rect, axis: .horizontal, cornerRadius: rect.height / 2))
        let x = rect.minX + ColorPicker.gradientOffset(fraction: hsv.h, length: rect.width)
        let marker = Rect(x: x - 4, y: rect.minY - 2, width: 8, height: rect.height + 4)
        context.add(.rect(marker, color: Color(hue: hsv.h, saturation: 1, value: 1), cornerRadius: 3))
        context.add(.border(marker, color: themeColor(.markerLight), width: 2, cornerRadius: 3))
        if drawsFocusRing { addFocusRing(around: rect, cornerRadius: rect.height / 2, context: &context) }
    }

    /// Selects the hue under the pointer (clamped to the bar).
    public override func track(_ location: Point) {
        guard let picker, frame.width > 0 else { return }
        var h = picker.hsv
        h.h = ColorPicker.hue(atOffset: location.x, length: frame.width)
        picker.userSelected(h)
    }
    /// Left/right nudge the hue by 1% (10% with shift).
    public override func keyDown(_ event: KeyEvent) {
        guard let picker else { return }
        let d = event.modifiers.contains(.shift) ? 0.1 : 0.01
        var h = picker.hsv
        switch event.key {
        case .left: h.h -= d
        case .right: h.h += d
        default: return
        }
        picker.userSelected(h.clampedToUnit)
    }
}

/// A preset color: selects it on a release inside after a press on it. A hovered swatch shows a brighter outline,
/// the one matching the picker's color a white ring.
public final class ColorSwatch: View {
    /// The swatch's color.
    public let color: Color
    /// Runs with the color when the swatch is clicked.
    var onSelect: ((Color) -> Void)?
    /// True when the picker's color is this swatch's color.
    package var isSelected = false { didSet { if isSelected != oldValue { setNeedsDisplay() } } }
    /// True while a pointer hovers over the swatch.
    package private(set) var isHovered = false { didSet { if isHovered != oldValue { setNeedsDisplay() } } }
    private var pressed: Int?

    /// Creates a swatch.
    public init(identifier: String, color: Color) {
        self.color = color
        super.init(identifier: identifier)
        backgroundColor = color
        cornerRadius = 5
        borderWidth = 1
    }

    /// Controls claim their bounds.
    public override var claimsBoundsByDefault: Bool { true }
    /// Starts tracking the press.
    public override func pointerDown(_ event: PointerEvent) { if event.button == .left { pressed = event.pointerID } }
    /// Selects when released inside.
    public override func pointerUp(_ event: PointerEvent) {
        guard pressed == event.pointerID else { return }
        pressed = nil
        if bounds.contains(event.location) { onSelect?(color) }
    }
    /// Forgets the press.
    public override func pointerCancelled(_ event: PointerEvent) { pressed = nil }
    /// Shows the hover outline.
    public override func pointerEntered(_ event: PointerEvent) { isHovered = true }
    /// Drops the hover outline.
    public override func pointerExited(_ event: PointerEvent) { isHovered = false }

    /// Tab stops on a swatch, like a button: a press never takes focus from the hex field.
    public override var acceptsKeyboardFocus: Bool { true }
    /// Enter or Space selects the focused swatch's color.
    public override func keyDown(_ event: KeyEvent) {
        guard !event.isRepeat, event.key == .enter || event.key == .character(" ") else { return }
        onSelect?(color)
    }
    /// Repaints the focus ring.
    public override func focusDidChange() { setNeedsDisplay() }

    /// The focus ring while focused, the color, an outline (brighter while hovered), and a white ring inside a dark
    /// one when selected.
    public override func draw(in rect: Rect, context: inout PaintContext) {
        if drawsFocusRing {
            context.add(.border(rect.insetBy(-3), color: themeColor(.focusRing), width: 2, cornerRadius: cornerRadius + 3))
        }
        context.add(.rect(rect, color: color, cornerRadius: cornerRadius))
        if isSelected {
            context.add(.border(rect, color: themeColor(.markerLight), width: 2, cornerRadius: cornerRadius))
            context.add(.border(rect.insetBy(2), color: themeColor(.markerShadow), width: 1, cornerRadius: max(cornerRadius - 2, 0)))
        } else {
            context.add(.border(rect, color: isHovered ? themeColor(.swatchHover) : themedBorder(.swatchBorder),
                                width: isHovered ? 1.5 : borderWidth, cornerRadius: cornerRadius))
        }
    }
}

extension HSV {
    /// Each component clamped to 0...1 (a key step past either end stops there).
    var clampedToUnit: HSV { HSV(h: min(max(h, 0), 1), s: min(max(s, 0), 1), v: min(max(v, 0), 1)) }
}

/// The picker's preview: its color (the view's `backgroundColor`) outlined in the theme's `previewBorder`.
final class ColorPreview: View {
    /// The color, then the outline.
    override func draw(in rect: Rect, context: inout PaintContext) {
        let radius = presentationCornerRadius
        context.add(.rect(rect, color: presentationBackgroundColor, cornerRadius: radius))
        context.add(.border(rect, color: themedBorder(.previewBorder), width: borderWidth, cornerRadius: radius))
    }
}
