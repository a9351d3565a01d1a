// A picker: one of several options, shown as segments side by side (the segmented style).
import GlasspaneCore
import GlasspaneDraw

/// One choice among titled options (SwiftUI's `Picker`). Segmented: equal-width segments, the selected one filled
/// with the accent, a click selects the segment under the pointer. Menu: a button showing the selected title that
/// opens a popover (`<id>.menu`) listing the options (`<id>.option.<index>`, the selected one in the accent; a
/// press outside or Escape closes it). Both: Left/Right (Up/Down) step, Home/End jump. `onChange` reports user
/// changes only. At most `maximumOptions` options.
public final class Picker: Control, ScriptableControl {
    /// How a picker is drawn.
    public enum Style: String, Hashable, Sendable {
        /// Segments side by side.
        case segmented
        /// A pop-up menu button.
        case menu
    }
    /// Segmented or menu.
    public var style: Style = .segmented { didSet { if style != oldValue { invalidateMeasurement(); setNeedsDisplay() } } }
    /// The open menu's popover (menu style), nil while closed.
    public private(set) var menu: Popover?
    /// Left and right change the value; up and down move focus (docs/focus.md).
    public override func handlesDirection(_ direction: FocusDirection) -> Bool { direction == .left || direction == .right }
    /// The most options a picker holds (more are dropped, with `droppedOptionCount` saying how many).
    public static let maximumOptions = 16
    /// The options' titles.
    public private(set) var options: [String]
    /// How many options `init` dropped over `maximumOptions`.
    public private(set) var droppedOptionCount = 0
    /// The selected option's index (clamped to the options). Setting it does not call `onChange`.
    public var selection: Int {
        didSet {
            let c = min(max(selection, 0), max(options.count - 1, 0))
            if c != selection { selection = c }
            if selection != oldValue { setNeedsDisplay() }
        }
    }
    /// Called with the new index when the user changes it.
    public var onChange: ((Int) -> Void)?

    /// Creates a picker over `options` (the first `maximumOptions` of them).
    public init(identifier: String = "", options: [String], selection: Int = 0, style: Style = .segmented,
                onChange: ((Int) -> Void)? = nil) {
        self.style = style
        self.options = Array(options.prefix(Picker.maximumOptions))
        droppedOptionCount = max(0, options.count - Picker.maximumOptions)
        self.selection = min(max(selection, 0), max(options.count - 1, 0))
        self.onChange = onChange
        super.init(identifier: identifier)
    }

    /// Replaces the options (the first `maximumOptions`) and the selection, silently (an app offering what the
    /// machine supports, such as the demo's MSAA counts); an open menu closes.
    public func setOptions(_ newOptions: [String], selection newSelection: Int) {
        closeMenu()
        options = Array(newOptions.prefix(Picker.maximumOptions))
        droppedOptionCount = max(0, newOptions.count - Picker.maximumOptions)
        selection = newSelection
        invalidateMeasurement()
        setNeedsDisplay()
    }

    /// The selected option's title (empty with no options).
    public var selectedTitle: String { options.indices.contains(selection) ? options[selection] : "" }

    /// Selects as the user did: clamps, and calls `onChange` when it changed.
    public func select(_ index: Int) {
        guard !options.isEmpty else { return }
        let old = selection
        selection = index
        if selection != old { onChange?(selection) }
    }

    /// Selects the option with a title; false when there is none.
    @discardableResult
    public func select(title: String) -> Bool {
        guard let i = options.firstIndex(of: title) else { return false }
        select(i)
        return true
    }

    /// The segment under an x offset in the control's coordinates.
    func segment(atX x: Double) -> Int? {
        guard !options.isEmpty, frame.width > 0 else { return nil }
        return min(max(Int(x / (frame.width / Double(options.count))), 0), options.count - 1)
    }

    /// Every segment as wide as the widest title, plus padding; the proposed width when wider.
    public override func sizeThatFits(_ proposed: Size, fonts: any FontMetrics) -> Size {
        let size = theme.type.body
        let widest = options.map { fonts.measure($0, fontSize: size).width }.max() ?? 0
        let lineHeight = fonts.measure("Ag", fontSize: size).height
        if style == .menu {
            let natural = widest + 2 * theme.spacing.medium + fonts.measure(" \u{25BE}", fontSize: size).width
            return Size(width: proposed.width.isFinite ? max(natural, min(proposed.width, natural * 2)) : natural, height: lineHeight + 12)
        }
        let natural = (widest + 2 * theme.spacing.medium) * Double(max(options.count, 1))
        return Size(width: proposed.width.isFinite ? max(natural, min(proposed.width, natural * 2)) : natural,
                    height: lineHeight + 2 * 6)
    }

    /// The titles' baseline (centered vertically in both styles, as drawn).
    public override func firstBaseline(in size: Size, fonts: any FontMetrics) -> Double? {
        let fontSize = theme.type.body
        return ((size.height - fonts.measure(selectedTitle, fontSize: fontSize).height) / 2).rounded(.down) + fonts.ascent(fontSize: fontSize)
    }

    /// The track, the selected segment, titles, hover and press on the segment under the pointer, focus ring.
    public override func draw(in rect: Rect, context: inout PaintContext) {
        let radius = theme.radii.control
        if style == .menu { drawMenuButton(in: rect, context: &context); return }
        context.add(.rect(rect, color: enabledColor(themeColor(.control)), cornerRadius: radius))
        guard !options.isEmpty else { return }
        let w = rect.width / Double(options.count)
        let hot = (isPressed ? pressLocation : hoverLocation).flatMap { segment(atX: $0.x) }
        let fontSize = theme.type.body
        for (i, title) in options.enumerated() {
            let seg = Rect(x: rect.minX + Double(i) * w, y: rect.minY, width: w, height: rect.height)
            let selected = i == selection
            if selected {
                context.add(.rect(seg.insetBy(2), color: enabledColor(themeColor(.accent)), cornerRadius: max(radius - 2, 0)))
            } else if i == hot && isEnabled && (isHovered || isPressed) {
                context.add(.rect(seg.insetBy(2), color: stateFill(pressed: isPressed, hovered: true), cornerRadius: max(radius - 2, 0)))
            }
            let t = context.fonts.measure(title, fontSize: fontSize)
            let origin = Point(x: seg.minX + ((w - t.width) / 2).rounded(.down), y: seg.minY + ((seg.height - t.height) / 2).rounded(.down))
            context.add(.glyphs(GlyphRun(text: title, origin: origin, fontSize: fontSize,
                                         color: enabledColor(themeColor(selected ? .accentText : .controlText)))))
        }
        drawFocusRing(rect, cornerRadius: radius, context: &context)
    }

    /// The menu style's button: the selected title on the left, a chevron on the right.
    private func drawMenuButton(in rect: Rect, context: inout PaintContext) {
        let radius = theme.radii.control, fontSize = theme.type.body
        context.add(.rect(rect, color: stateFill(pressed: isPressed, hovered: isHovered), cornerRadius: radius))
        let ink = stateInk(pressed: isPressed)
        let t = context.fonts.measure(selectedTitle, fontSize: fontSize)
        let y = rect.minY + ((rect.height - t.height) / 2).rounded(.down)
        context.add(.glyphs(GlyphRun(text: selectedTitle, origin: Point(x: rect.minX + theme.spacing.medium, y: y), fontSize: fontSize, color: ink)))
        let chevron = "\u{25BE}"
        let c = context.fonts.measure(chevron, fontSize: fontSize)
        context.add(.glyphs(GlyphRun(text: chevron, origin: Point(x: rect.maxX - theme.spacing.medium - c.width, y: y), fontSize: fontSize, color: ink)))
        drawFocusRing(rect, cornerRadius: radius, context: &context)
    }

    /// Opens the menu style's popover below the picker (on the side with room).
    public func openMenu() {
        guard style == .menu, menu == nil, isEnabled, let overlay = layer?.overlay else { return }
        var rows: [View] = []
        for (i, title) in options.enumerated() {
            let row = Button(identifier: "\(identifier).option.\(i)", title: title)
            row.role = i == selection ? .primary : .plain
            row.focusesOnAppear = i == selection
            row.action = { [unowned self] in select(i); closeMenu() }
            rows.append(row)
        }
        let list = VStack(identifier: "\(identifier).options", spacing: 2, alignment: .fill, rows)
        list.preferredWidth = max(frame.width - 2 * PopoverBubble.padding, 80)
        let popover = Popover(identifier: "\(identifier).menu", content: list, preferredEdge: .bottom)
        popover.onDismiss = { [unowned self] in menu = nil }
        menu = popover
        popover.present(from: self, in: overlay)
    }

    /// Closes the menu style's popover.
    public func closeMenu() { menu?.dismiss() }

    /// A click selects the segment under the pointer (segmented) or opens the menu; Space or Enter selects the next
    /// segment (wrapping) or opens the menu.
    public override func clicked(at location: Point?) {
        if style == .menu { openMenu(); return }
        if let location, let i = segment(atX: location.x) { select(i) }
        else if !options.isEmpty { select((selection + 1) % options.count) }
    }

    /// Left/Right step, Home/End jump; Space and Enter as `clicked`.
    public override func keyPressed(_ event: KeyEvent) -> Bool {
        switch event.key {
        case .left, .up: select(selection - 1)
        case .right, .down: select(selection + 1)
        case .home: select(0)
        case .end: select(options.count - 1)
        default: return super.keyPressed(event)
        }
        return true
    }

    /// `selection` (the index), `value` (the title), `isEnabled`.
    public func scriptValue(of property: String) -> String? {
        switch property {
        case "selection": String(selection)
        case "value", "text": selectedTitle
        case "isEnabled", "enabled": String(isEnabled)
        default: nil
        }
    }
}
