// A horizontal slider: drag (captured, so it keeps working outside the view) or arrow keys when focused; a halo
// around the thumb shows hover and drag, and a disabled slider is faded and inert.
import GlasspaneCore
import GlasspaneDraw

/// A horizontal slider over a closed range. `onChange` reports user changes (drags and keys), not programmatic ones.
/// A press focuses it; then left/down and right/up step, home/end jump to the ends. A disabled slider ignores pointers
/// and keys.
open class Slider: View, ScriptableControl {
    /// The values the slider spans.
    public var range: ClosedRange<Double> {
        didSet { value = clamped(value); setNeedsDisplay() }
    }
    /// The current value, clamped to `range`. Setting it does not call `onChange`.
    public var value: Double {
        didSet {
            let c = clamped(value)
            if c != value { value = c }  // does not re-enter didSet
            if value != oldValue { setNeedsDisplay() }
        }
    }
    /// The keyboard step; nil means 1/100 of the range.
    public var step: Double?
    /// Called with the new value when the user changes it.
    public var onChange: ((Double) -> Void)?
    /// Track color; nil: the theme's `track`.
    public var trackColor: Color? { didSet { setNeedsDisplay() } }
    /// Filled part of the track; nil: the theme's `accent`.
    public var fillColor: Color? { didSet { setNeedsDisplay() } }
    /// Thumb color; nil: the theme's `thumb`.
    public var thumbColor: Color? { didSet { setNeedsDisplay() } }
    /// Focus ring color; nil: the theme's `focusRing`.
    public var focusRingColor: Color? { didSet { setNeedsDisplay() } }
    /// Thumb radius in points (also the inset at each end of the track).
    package let thumbRadius = 8.0
    /// Track thickness in points.
    let trackThickness = 4.0

    /// True while a pointer drags the thumb.
    package private(set) var isDragging = false { didSet { if isDragging != oldValue { setNeedsDisplay() } } }
    private var dragPointer: Int?
    /// True while a hovering pointer is over the slider.
    public private(set) var isHovered = false { didSet { if isHovered != oldValue { setNeedsDisplay() } } }
    /// A disabled slider is drawn faded (`Control.disabledOpacity`), ignores pointers and keys, and cannot be
    /// focused (it loses focus); a drag in progress ends where it is.
    public var isEnabled = true {
        didSet {
            guard isEnabled != oldValue else { return }
            setNeedsDisplay()
            if !isEnabled {
                dragPointer = nil; isDragging = false
                if isFocused { layer?.overlay?.clearFocus() }
            }
        }
    }
    /// The halo's radius around the thumb while hovered, and while dragged, in points.
    static let hoverHaloRadius = 12.0, dragHaloRadius = 14.0

    /// Creates a slider.
    public init(identifier: String = "", value: Double = 0, range: ClosedRange<Double> = 0...1,
                onChange: ((Double) -> Void)? = nil) {
        self.range = range
        self.value = min(max(value, range.lowerBound), range.upperBound)
        self.onChange = onChange
        super.init(identifier: identifier)
    }

    /// Controls claim their bounds.
    open override var claimsBoundsByDefault: Bool { true }
    /// A press focuses an enabled slider (arrow keys then adjust it).
    open override var canBecomeFocused: Bool { isEnabled }

    private func clamped(_ v: Double) -> Double { min(max(v, range.lowerBound), range.upperBound) }

    /// Where the value sits, 0...1.
    public var fraction: Double {
        let span = range.upperBound - range.lowerBound
        return span > 0 ? (value - range.lowerBound) / span : 0
    }

    /// Sets the value as the user did: clamps, and calls `onChange` when it changed.
    func setValueFromUser(_ newValue: Double) {
        let old = value
        value = newValue
        if value != old { onChange?(value) }
    }

    /// The proposed width (160 when unlimited), and the thumb's diameter.
    open override func sizeThatFits(_ proposed: Size, fonts: any FontMetrics) -> Size {
        Size(width: proposed.width.isFinite ? proposed.width : 160, height: thumbRadius * 2 + 4)
    }

    /// `color` faded when disabled.
    private func enabledColor(_ color: Color) -> Color { isEnabled ? color : color.withAlpha(color.a * Control.disabledOpacity) }

    /// Track, fill, a halo while hovered or dragged, the thumb, and a focus ring while focused.
    open override func draw(in rect: Rect, context: inout PaintContext) {
        super.draw(in: rect, context: &context)
        let usable = max(0, rect.width - 2 * thumbRadius)
        let cx = rect.minX + thumbRadius + usable * fraction
        let cy = rect.minY + rect.height / 2
        let track = Rect(x: rect.minX + thumbRadius, y: cy - trackThickness / 2, width: usable, height: trackThickness)
        let fill = enabledColor(themeColor(.accent, overriddenBy: fillColor))
        context.add(.rect(track, color: enabledColor(themeColor(.track, overriddenBy: trackColor)), cornerRadius: trackThickness / 2))
        context.add(.rect(Rect(x: track.minX, y: track.minY, width: cx - track.minX, height: trackThickness),
                          color: fill, cornerRadius: trackThickness / 2))
        if isEnabled && (isDragging || isHovered) {
            // The halo may spill past the view's bounds (as the focus ring does): the thumb is what the pointer holds.
            context.add(.circle(center: Point(x: cx, y: cy), radius: isDragging ? Slider.dragHaloRadius : Slider.hoverHaloRadius,
                                color: fill.withAlpha(fill.a * (isDragging ? 0.45 : 0.25))))
        }
        context.add(.circle(center: Point(x: cx, y: cy), radius: thumbRadius, color: enabledColor(themeColor(.thumb, overriddenBy: thumbColor))))
        if drawsFocusRing {
            context.add(.ring(center: Point(x: cx, y: cy), radius: thumbRadius + 2, width: 2,
                              color: themeColor(.focusRing, overriddenBy: focusRingColor)))
        }
    }

    private func setValue(fromX x: Double) {
        let usable = frame.width - 2 * thumbRadius
        let f = usable > 0 ? min(max((x - thumbRadius) / usable, 0), 1) : 0
        setValueFromUser(range.lowerBound + f * (range.upperBound - range.lowerBound))
    }

    /// Jumps to the pressed position and starts dragging.
    open override func pointerDown(_ event: PointerEvent) {
        guard isEnabled, dragPointer == nil, event.button == .left else { return }
        dragPointer = event.pointerID
        isDragging = true
        setValue(fromX: event.location.x)
    }

    /// Follows the held pointer, wherever it is (clamped to the ends).
    open override func pointerMoved(_ event: PointerEvent) {
        guard dragPointer == event.pointerID else { return }
        setValue(fromX: event.location.x)
    }

    /// Ends the drag.
    open override func pointerUp(_ event: PointerEvent) {
        guard dragPointer == event.pointerID else { return }
        dragPointer = nil
        isDragging = false
    }

    /// Ends the drag, keeping the value reached.
    open override func pointerCancelled(_ event: PointerEvent) { pointerUp(event) }

    /// Arrow keys step, home/end jump.
    /// Left and right step the value; up and down move focus (docs/focus.md).
    open override func handlesDirection(_ direction: FocusDirection) -> Bool { direction == .left || direction == .right }

    open override func keyDown(_ event: KeyEvent) {
        guard isEnabled else { return }
        let s = step ?? (range.upperBound - range.lowerBound) / 100
        switch event.key {
        case .left, .down: setValueFromUser(value - s)
        case .right, .up: setValueFromUser(value + s)
        case .home: setValueFromUser(range.lowerBound)
        case .end: setValueFromUser(range.upperBound)
        default: break
        }
    }

    /// Shows the hover halo.
    open override func pointerEntered(_ event: PointerEvent) { isHovered = true }
    /// Drops the hover halo.
    open override func pointerExited(_ event: PointerEvent) { isHovered = false }

    /// Repaints the focus ring.
    open override func focusDidChange() { setNeedsDisplay() }

    /// `value` and `isEnabled`.
    public func scriptValue(of property: String) -> String? {
        switch property {
        case "value": String(value)
        case "isEnabled", "enabled": String(isEnabled)
        default: nil
        }
    }
}
