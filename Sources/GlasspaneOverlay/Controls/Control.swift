// The base of the themed controls (Toggle, Picker, Stepper, TabView's bar): enabled state, hover and pressed states
// tracked for one pointer, a focus ring, and Tab stops, so each control only says what a click or a key does.
import GlasspaneCore
import GlasspaneDraw

/// A control: claims its bounds, is a Tab stop while enabled (a press does not take focus, like `Button`), tracks
/// hover and one pressed pointer, and fades when disabled. Subclasses override `clicked(at:)` and `keyPressed(_:)`.
open class Control: View {
    /// A disabled control is drawn faded, ignores pointers and keys, and Tab skips it (it loses focus).
    public var isEnabled = true {
        didSet {
            guard isEnabled != oldValue else { return }
            setNeedsDisplay()
            if !isEnabled {
                isPressed = false; trackedPointer = nil
                if isFocused { layer?.overlay?.clearFocus() }
            }
        }
    }
    /// Text shown near the control after the pointer rests on it (`TooltipController.delay`); nil: none.
    public var tooltip: String?
    /// True while a hovering pointer is over the control.
    public private(set) var isHovered = false { didSet { if isHovered != oldValue { setNeedsDisplay() } } }
    /// True while pressed with the pointer inside.
    public private(set) var isPressed = false { didSet { if isPressed != oldValue { setNeedsDisplay() } } }
    /// Where the tracked press is now, in the control's coordinates (nil when none).
    public private(set) var pressLocation: Point?
    /// Where a hovering pointer is, in the control's coordinates (nil when none).
    public private(set) var hoverLocation: Point?
    private var trackedPointer: Int?

    /// How much of its opacity a disabled control keeps.
    public static let disabledOpacity = 0.45

    /// Controls claim their bounds.
    open override var claimsBoundsByDefault: Bool { true }
    /// Tab stops on enabled controls.
    open override var acceptsKeyboardFocus: Bool { isEnabled }
    /// Repaints the focus ring.
    open override func focusDidChange() { setNeedsDisplay() }

    /// A press that began on the control ended inside it, at `location`; or Space/Enter with `location` nil.
    open func clicked(at location: Point?) {}
    /// A key went down while the control had focus and was enabled; true when it was used. The default: Space and
    /// Enter click.
    @discardableResult
    open func keyPressed(_ event: KeyEvent) -> Bool {
        guard !event.isRepeat, event.key == .enter || event.key == .character(" ") else { return false }
        clicked(at: nil)
        return true
    }

    /// `color` faded when disabled.
    public func enabledColor(_ color: Color) -> Color { isEnabled ? color : color.withAlpha(color.a * Control.disabledOpacity) }

    /// The fill of a plain control part in its state: pressed, hovered or at rest (`control*` tokens).
    public func stateFill(pressed: Bool, hovered: Bool) -> Color {
        enabledColor(themeColor(pressed ? .controlPressed : hovered ? .controlHover : .control))
    }

    /// The text and glyph color over `stateFill`: `accentText` on the pressed fill (the accent blue in both schemes,
    /// where the light scheme's dark `controlText` could not be read), `controlText` otherwise.
    public func stateInk(pressed: Bool) -> Color {
        enabledColor(themeColor(pressed ? .accentText : .controlText))
    }

    /// Draws the focus ring around `rect` while focused.
    public func drawFocusRing(_ rect: Rect, cornerRadius: Double, context: inout PaintContext) {
        if drawsFocusRing { addFocusRing(around: rect, cornerRadius: cornerRadius, context: &context) }
    }

    /// Starts tracking a left press.
    open override func pointerDown(_ event: PointerEvent) {
        if tooltip != nil { layer?.overlay?.tooltips.hoverEnded(on: self) }
        guard isEnabled, trackedPointer == nil, event.button == .left else { return }
        trackedPointer = event.pointerID
        pressLocation = event.location
        isPressed = true
    }
    /// Pressed only while the held pointer is inside.
    open override func pointerMoved(_ event: PointerEvent) {
        if trackedPointer == event.pointerID {
            pressLocation = event.location
            isPressed = bounds.contains(event.location)
            setNeedsDisplay()
        } else if event.button == .none {
            hoverLocation = event.location
            setNeedsDisplay()
        }
    }
    /// Clicks when released inside.
    open override func pointerUp(_ event: PointerEvent) {
        guard trackedPointer == event.pointerID else { return }
        trackedPointer = nil
        isPressed = false
        pressLocation = nil
        if isEnabled && bounds.contains(event.location) { clicked(at: event.location) }
    }
    /// Forgets the press without clicking.
    open override func pointerCancelled(_ event: PointerEvent) {
        guard trackedPointer == event.pointerID else { return }
        trackedPointer = nil
        isPressed = false
        pressLocation = nil
    }
    /// Shows the hover state.
    open override func pointerEntered(_ event: PointerEvent) {
        isHovered = true; hoverLocation = event.location
        if let tooltip { layer?.overlay?.tooltips.hoverBegan(on: self, text: tooltip) }
    }
    /// Drops the hover state (and the tooltip).
    open override func pointerExited(_ event: PointerEvent) {
        isHovered = false; hoverLocation = nil
        if tooltip != nil { layer?.overlay?.tooltips.hoverEnded(on: self) }
    }
    /// Hands keys to `keyPressed` while enabled.
    open override func keyDown(_ event: KeyEvent) {
        guard isEnabled else { return }
        keyPressed(event)
    }
}

/// A control whose state a script can read (`expect.view` with `isOn`, `selection`, `value`, `isEnabled`) and set
/// (docs/controls.md): the session asks the view itself, so an app needs no code per control.
public protocol ScriptableControl: AnyObject {
    /// The property's text form (`true`, `2`, `0.5`); nil when the control has no such property.
    func scriptValue(of property: String) -> String?
}
