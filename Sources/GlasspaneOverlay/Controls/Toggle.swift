// A toggle: a switch (track and thumb) or a checkbox, with a title; click, Space or Enter flips it.
import GlasspaneCore
import GlasspaneDraw

/// An on/off control with a title, drawn as a switch or a checkbox (SwiftUI's `Toggle`). `onChange` reports user
/// changes (clicks and keys), not programmatic ones.
public final class Toggle: Control, ScriptableControl {
    /// How a toggle is drawn.
    public enum Style: String, Hashable, Sendable {
        /// A rounded track with a sliding thumb, title on the left (settings rows).
        case `switch`
        /// A box with a check mark, title on the right.
        case checkbox
    }
    /// The title.
    public var title: String { didSet { if title != oldValue { invalidateMeasurement(); setNeedsDisplay() } } }
    /// On or off. Setting it does not call `onChange`.
    public var isOn: Bool { didSet { if isOn != oldValue { setNeedsDisplay() } } }
    /// Switch or checkbox.
    public var style: Style { didSet { if style != oldValue { invalidateMeasurement(); setNeedsDisplay() } } }
    /// Called with the new value when the user flips it.
    public var onChange: ((Bool) -> Void)?

    /// The switch's track size, in points.
    static let switchSize = Size(width: 40, height: 22)
    /// The checkbox's side, in points.
    static let boxSide = 18.0

    /// Creates a toggle.
    public init(identifier: String = "", title: String, isOn: Bool = false, style: Style = .switch,
                onChange: ((Bool) -> Void)? = nil) {
        self.title = title; self.isOn = isOn; self.style = style; self.onChange = onChange
        super.init(identifier: identifier)
    }

    /// Flips the value as the user did (calls `onChange`).
    public func toggle() {
        isOn.toggle()
        onChange?(isOn)
    }

    /// A click flips it.
    public override func clicked(at location: Point?) { toggle() }

    private var indicatorSize: Size {
        style == .switch ? Toggle.switchSize : Size(width: Toggle.boxSide, height: Toggle.boxSide)
    }

    /// Title, gap and indicator; a switch takes the proposed width (title left, switch right).
    public override func sizeThatFits(_ proposed: Size, fonts: any FontMetrics) -> Size {
        let t = fonts.measure(title, fontSize: theme.type.body)
        let gap = title.isEmpty ? 0 : theme.spacing.small
        let natural = t.width + gap + indicatorSize.width
        let width = style == .switch && proposed.width.isFinite ? max(natural, proposed.width) : natural
        return Size(width: width, height: max(t.height, indicatorSize.height) + 4)
    }

    /// The title's baseline (centered vertically, as drawn).
    public override func firstBaseline(in size: Size, fonts: any FontMetrics) -> Double? {
        let fontSize = theme.type.body
        return ((size.height - fonts.measure(title, fontSize: fontSize).height) / 2).rounded(.down) + fonts.ascent(fontSize: fontSize)
    }

    /// Indicator, title, focus ring.
    public override func draw(in rect: Rect, context: inout PaintContext) {
        let fontSize = theme.type.body
        let t = context.fonts.measure(title, fontSize: fontSize)
        let size = indicatorSize
        let indicatorX = style == .switch ? rect.maxX - size.width : rect.minX
        let indicator = Rect(x: indicatorX, y: rect.minY + ((rect.height - size.height) / 2).rounded(.down),
                             width: size.width, height: size.height)
        let titleX = style == .switch ? rect.minX : indicator.maxX + theme.spacing.small
        let titleOrigin = Point(x: titleX, y: rect.minY + ((rect.height - t.height) / 2).rounded(.down))
        switch style {
        case .switch:
            var track = isOn ? themeColor(.accent) : themeColor(.track)
            if isPressed || isHovered { track = track.mixed(with: themeColor(.thumb), by: isPressed ? 0.2 : 0.1) }
            context.add(.rect(indicator, color: enabledColor(track), cornerRadius: size.height / 2))
            let r = size.height / 2 - 3
            let cx = isOn ? indicator.maxX - 3 - r : indicator.minX + 3 + r
            context.add(.circle(center: Point(x: cx, y: indicator.center.y), radius: r, color: enabledColor(themeColor(.thumb))))
            drawFocusRing(indicator, cornerRadius: size.height / 2, context: &context)
        case .checkbox:
            let radius = theme.radii.small
            if isOn {
                context.add(.rect(indicator, color: enabledColor(themeColor(isPressed ? .controlPressed : .accent)), cornerRadius: radius))
                Toggle.addCheckMark(in: indicator, color: enabledColor(themeColor(.accentText)), context: &context)
            } else {
                context.add(.rect(indicator, color: stateFill(pressed: isPressed, hovered: isHovered), cornerRadius: radius))
                context.add(.border(indicator, color: enabledColor(themeColor(.fieldBorder)), width: theme.strokes.outline,
                                    cornerRadius: radius))
            }
            drawFocusRing(indicator, cornerRadius: radius, context: &context)
        }
        if !title.isEmpty {
            context.add(.glyphs(GlyphRun(text: title, origin: titleOrigin, fontSize: fontSize, color: enabledColor(themeColor(.text)))))
        }
    }

    /// A check mark as a row of dots along two strokes (the draw list has no lines).
    static func addCheckMark(in box: Rect, color: Color, context: inout PaintContext) {
        let points = [(0.24, 0.52), (0.42, 0.7), (0.76, 0.3)].map { Point(x: box.minX + $0.0 * box.width, y: box.minY + $0.1 * box.height) }
        let dotRadius = max(1, box.width / 12)
        for (a, b) in zip(points, points.dropFirst()) {
            let steps = 6
            for i in 0...steps {
                let f = Double(i) / Double(steps)
                context.add(.circle(center: Point(x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f), radius: dotRadius, color: color))
            }
        }
    }

    /// `isOn` and `isEnabled`.
    public func scriptValue(of property: String) -> String? {
        switch property {
        case "isOn": String(isOn)
        case "isEnabled", "enabled": String(isEnabled)
        case "text": title
        default: nil
        }
    }
}
