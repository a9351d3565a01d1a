// A stepper: a title, a value, and − / + buttons that step it within a range.
import GlasspaneCore
import GlasspaneDraw

/// An integer value with − and + buttons (SwiftUI's `Stepper`): a title on the left, the value and the buttons on the
/// right. A click on − or + steps; Right and Left step while focused (Up and Down too when spatial navigation
/// finds no view that way: docs/focus.md), Home/End jump to the ends. A button is
/// disabled at its end of the range. `onChange` reports user changes only.
public final class Stepper: Control, ScriptableControl {
    /// Left and right change the value; up and down move focus (docs/focus.md).
    public override func handlesDirection(_ direction: FocusDirection) -> Bool { direction == .left || direction == .right }
    /// The title.
    public var title: String { didSet { if title != oldValue { invalidateMeasurement(); setNeedsDisplay() } } }
    /// The values it spans.
    public var range: ClosedRange<Int> { didSet { value = clamped(value); setNeedsDisplay() } }
    /// The step of one click or key.
    public var step: Int
    /// The value, clamped to `range`. Setting it does not call `onChange`.
    public var value: Int {
        didSet {
            let c = clamped(value)
            if c != value { value = c }
            if value != oldValue { setNeedsDisplay() }
        }
    }
    /// Called with the new value when the user changes it.
    public var onChange: ((Int) -> Void)?

    /// Width of each of the − and + buttons, in points.
    static let buttonWidth = 28.0

    /// Creates a stepper.
    public init(identifier: String = "", title: String, value: Int = 0, range: ClosedRange<Int> = 0...10, step: Int = 1,
                onChange: ((Int) -> Void)? = nil) {
        self.title = title; self.range = range; self.step = max(1, step)
        self.value = min(max(value, range.lowerBound), range.upperBound)
        self.onChange = onChange
        super.init(identifier: identifier)
    }

    private func clamped(_ v: Int) -> Int { min(max(v, range.lowerBound), range.upperBound) }

    /// Steps as the user did (`by` steps, negative down): clamps, calls `onChange` when it changed.
    public func stepValue(by steps: Int) {
        let old = value
        value = clamped(value + steps * step)
        if value != old { onChange?(value) }
    }

    /// The − and + buttons' frames in the control's coordinates.
    func buttonFrames(in rect: Rect) -> (minus: Rect, plus: Rect) {
        let w = Stepper.buttonWidth
        let plus = Rect(x: rect.maxX - w, y: rect.minY, width: w, height: rect.height)
        return (Rect(x: plus.minX - w - 2, y: rect.minY, width: w, height: rect.height), plus)
    }

    /// Title, value and buttons; the proposed width when given.
    public override func sizeThatFits(_ proposed: Size, fonts: any FontMetrics) -> Size {
        let size = theme.type.body
        let t = fonts.measure(title, fontSize: size)
        let v = max(fonts.measure(String(range.lowerBound), fontSize: size).width, fonts.measure(String(range.upperBound), fontSize: size).width)
        let natural = t.width + theme.spacing.medium + v + theme.spacing.small + 2 * Stepper.buttonWidth + 2
        return Size(width: proposed.width.isFinite ? max(natural, proposed.width) : natural, height: t.height + 12)
    }

    /// The title's and value's baseline (centered vertically, as drawn).
    public override func firstBaseline(in size: Size, fonts: any FontMetrics) -> Double? {
        let fontSize = theme.type.body
        return ((size.height - fonts.measure(title, fontSize: fontSize).height) / 2).rounded(.down) + fonts.ascent(fontSize: fontSize)
    }

    /// Title, value, the two buttons (faded at their end of the range), focus ring around the buttons.
    public override func draw(in rect: Rect, context: inout PaintContext) {
        let fontSize = theme.type.body
        let radius = theme.radii.control
        let text = enabledColor(themeColor(.text))
        let t = context.fonts.measure(title, fontSize: fontSize)
        context.add(.glyphs(GlyphRun(text: title, origin: Point(x: rect.minX, y: rect.minY + ((rect.height - t.height) / 2).rounded(.down)),
                                     fontSize: fontSize, color: text)))
        let (minus, plus) = buttonFrames(in: rect)
        let valueText = String(value)
        let vt = context.fonts.measure(valueText, fontSize: fontSize)
        context.add(.glyphs(GlyphRun(text: valueText, origin: Point(x: minus.minX - theme.spacing.small - vt.width,
                                                                   y: rect.minY + ((rect.height - vt.height) / 2).rounded(.down)),
                                     fontSize: fontSize, color: text)))
        let hot = isPressed ? pressLocation : hoverLocation
        for (frame, glyph, usable) in [(minus, "\u{2212}", value > range.lowerBound), (plus, "+", value < range.upperBound)] {
            let over = hot.map { frame.offsetBy(dx: -rect.minX, dy: -rect.minY).contains($0) } ?? false
            var fill = themeColor(isPressed && over ? .controlPressed : (isHovered && over ? .controlHover : .control))
            var ink = themeColor(isPressed && over ? .accentText : .controlText)
            if !usable || !isEnabled { fill = fill.withAlpha(fill.a * Control.disabledOpacity); ink = ink.withAlpha(ink.a * Control.disabledOpacity) }
            context.add(.rect(frame, color: fill, cornerRadius: radius))
            let g = context.fonts.measure(glyph, fontSize: fontSize)
            context.add(.glyphs(GlyphRun(text: glyph, origin: Point(x: frame.minX + ((frame.width - g.width) / 2).rounded(.down),
                                                                   y: frame.minY + ((frame.height - g.height) / 2).rounded(.down)),
                                         fontSize: fontSize, color: ink)))
        }
        let buttons = Rect(x: minus.minX, y: rect.minY, width: plus.maxX - minus.minX, height: rect.height)
        drawFocusRing(buttons, cornerRadius: radius, context: &context)
    }

    /// A click on − or + steps; elsewhere nothing; Space or Enter steps up.
    public override func clicked(at location: Point?) {
        guard let location else { stepValue(by: 1); return }
        let (minus, plus) = buttonFrames(in: bounds)
        if minus.contains(location) { stepValue(by: -1) } else if plus.contains(location) { stepValue(by: 1) }
    }

    /// Up/Right and Down/Left step, Home/End jump; Space and Enter step up.
    public override func keyPressed(_ event: KeyEvent) -> Bool {
        switch event.key {
        case .up, .right: stepValue(by: 1)
        case .down, .left: stepValue(by: -1)
        case .home: let old = value; value = range.lowerBound; if value != old { onChange?(value) }
        case .end: let old = value; value = range.upperBound; if value != old { onChange?(value) }
        default: return super.keyPressed(event)
        }
        return true
    }

    /// `value` and `isEnabled`.
    public func scriptValue(of property: String) -> String? {
        switch property {
        case "value": String(value)
        case "isEnabled", "enabled": String(isEnabled)
        case "text": title
        default: nil
        }
    }
}
