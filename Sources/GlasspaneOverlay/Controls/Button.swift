// A push button: highlighted while pressed with the pointer inside, acts on release inside.
import GlasspaneCore
import GlasspaneDraw

/// How a button reads in a sheet's title bar or a dialog.
public enum ButtonRole: String, Hashable, Sendable {
    /// A plain control.
    case plain
    /// The default action (Done, OK): filled with the accent, and the sheet's Enter runs it.
    case primary
    /// The cancellation (Cancel): plain look, and the sheet's Escape runs it.
    case cancel
}

/// A push button with a text title. The action runs when a press that began on the button ends inside it;
/// a cancel or a release outside does nothing. A press does not take keyboard focus, but Tab stops on an enabled
/// button (a focus ring shows it) and Enter or Space then activates it.
open class Button: View {
    /// The title.
    public var title: String {
        didSet { if title != oldValue { invalidateMeasurement(); setNeedsDisplay() } }
    }
    /// Title font size in points.
    public var fontSize: Double = 14 {
        didSet { if fontSize != oldValue { invalidateMeasurement(); setNeedsDisplay() } }
    }
    /// Space around the title.
    public var padding = EdgeInsets(horizontal: 12, vertical: 6) {
        didSet { if padding != oldValue { invalidateMeasurement() } }
    }
    /// How the button reads: a plain control, or the sheet's primary action (accent fill).
    public var role: ButtonRole = .plain { didSet { if role != oldValue { setNeedsDisplay() } } }
    /// Title color; nil: the theme's (`controlText`, `accentText` for a primary button).
    public var titleColor: Color? { didSet { setNeedsDisplay() } }
    /// Fill at rest; nil: the theme's (`control`, `accent` for a primary button).
    public var normalColor: Color? { didSet { setNeedsDisplay() } }
    /// Fill while a hovering pointer is over it; nil: the theme's `controlHover`.
    public var hoverColor: Color? { didSet { setNeedsDisplay() } }
    /// Fill while pressed with the pointer inside; nil: the theme's `controlPressed`.
    public var highlightedColor: Color? { didSet { setNeedsDisplay() } }
    /// Runs on a release inside after a press on the button, or on Enter or Space while it has focus.
    public var action: (() -> Void)?
    /// A disabled button is drawn faded, ignores presses and keys, and Tab skips it.
    public var isEnabled = true {
        didSet { if isEnabled != oldValue { setNeedsDisplay(); if !isEnabled { isHighlighted = false; trackedPointer = nil } } }
    }
    /// The focus ring's color (drawn just outside the bounds while focused); nil: the theme's `focusRing`.
    public var focusRingColor: Color? { didSet { setNeedsDisplay() } }

    /// True while pressed with the pointer inside.
    package private(set) var isHighlighted = false { didSet { if isHighlighted != oldValue { setNeedsDisplay() } } }
    /// True while a hovering pointer is over it.
    package private(set) var isHovered = false { didSet { if isHovered != oldValue { setNeedsDisplay() } } }
    /// The pointer id of the press being tracked.
    private var trackedPointer: Int?

    /// Creates a button.
    public init(identifier: String = "", title: String, action: (() -> Void)? = nil) {
        self.title = title
        self.action = action
        super.init(identifier: identifier)
        cornerRadius = 6
    }

    /// Controls claim their bounds.
    open override var claimsBoundsByDefault: Bool { true }
    /// Tab stops on enabled buttons.
    open override var acceptsKeyboardFocus: Bool { isEnabled }

    /// The title plus padding.
    open override func sizeThatFits(_ proposed: Size, fonts: any FontMetrics) -> Size {
        let t = fonts.measure(title, fontSize: fontSize)
        return Size(width: t.width + padding.horizontal, height: t.height + padding.vertical)
    }

    /// The title's baseline (centered vertically, as drawn).
    open override func firstBaseline(in size: Size, fonts: any FontMetrics) -> Double? {
        ((size.height - fonts.measure(title, fontSize: fontSize).height) / 2).rounded(.down) + fonts.ascent(fontSize: fontSize)
    }

    /// Fill by state, border, centered title.
    open override func draw(in rect: Rect, context: inout PaintContext) {
        let primary = role == .primary
        var fill = isHighlighted ? themeColor(.controlPressed, overriddenBy: highlightedColor)
            : isHovered ? (primary ? themeColor(.accent).mixed(with: themeColor(.accentText), by: 0.15)
                                   : themeColor(.controlHover, overriddenBy: hoverColor))
            : themeColor(primary ? .accent : .control, overriddenBy: normalColor)
        if !isEnabled { fill = fill.withAlpha(fill.a * 0.45) }
        let radius = presentationCornerRadius
        if drawsFocusRing {
            let ring = themeColor(.focusRing, overriddenBy: focusRingColor)
            context.add(.border(rect.insetBy(-3), color: ring, width: 2, cornerRadius: radius + 3))
        }
        context.add(.rect(rect, color: fill, cornerRadius: radius))
        if borderWidth > 0 && borderColor.a > 0 {
            context.add(.border(rect, color: borderColor, width: borderWidth, cornerRadius: radius))
        }
        // The pressed fill is the accent blue in both schemes: its title is `accentText`, as a primary button's.
        let titleColor = themeColor(primary || (isHighlighted && highlightedColor == nil) ? .accentText : .controlText, overriddenBy: self.titleColor)
        let t = context.fonts.measure(title, fontSize: fontSize)
        let origin = Point(x: rect.minX + ((rect.width - t.width) / 2).rounded(.down),
                           y: rect.minY + ((rect.height - t.height) / 2).rounded(.down))
        context.add(.glyphs(GlyphRun(text: title, origin: origin, fontSize: fontSize,
                                     color: isEnabled ? titleColor : titleColor.withAlpha(titleColor.a * 0.45))))
    }

    /// Enter or Space activates a focused, enabled button.
    open override func keyDown(_ event: KeyEvent) {
        guard isEnabled, !event.isRepeat else { return }
        if event.key == .enter || event.key == .character(" ") { action?() }
    }

    /// Repaints the focus ring.
    open override func focusDidChange() { setNeedsDisplay() }

    /// Starts tracking the press and highlights.
    open override func pointerDown(_ event: PointerEvent) {
        guard isEnabled, trackedPointer == nil, event.button == .left else { return }
        trackedPointer = event.pointerID
        isHighlighted = true
    }

    /// Highlighted only while the held pointer is inside.
    open override func pointerMoved(_ event: PointerEvent) {
        guard trackedPointer == event.pointerID else { return }
        isHighlighted = bounds.contains(event.location)
    }

    /// Acts when released inside.
    open override func pointerUp(_ event: PointerEvent) {
        guard trackedPointer == event.pointerID, event.button == .left else { return }
        trackedPointer = nil
        let inside = bounds.contains(event.location)
        isHighlighted = false
        if inside { action?() }
    }

    /// Forgets the press without acting.
    open override func pointerCancelled(_ event: PointerEvent) {
        guard trackedPointer == event.pointerID else { return }
        trackedPointer = nil
        isHighlighted = false
    }

    /// Shows the hover fill.
    open override func pointerEntered(_ event: PointerEvent) { isHovered = true }
    /// Removes the hover fill.
    open override func pointerExited(_ event: PointerEvent) { isHovered = false }
}
