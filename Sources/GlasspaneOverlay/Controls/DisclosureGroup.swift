// A disclosure group: a header row with a chevron that shows or hides its content below (SwiftUI's DisclosureGroup).
import GlasspaneCore
import GlasspaneDraw

/// A titled header that expands and collapses `content`. A click on the header, Space or Enter toggles it; Right
/// expands and Left collapses. `onChange` reports user changes only.
public final class DisclosureGroup: Control, ScriptableControl {
    /// The header's title.
    public var title: String { didSet { if title != oldValue { invalidateMeasurement(); setNeedsDisplay() } } }
    /// The view shown below the header while expanded.
    public let content: View
    /// Expanded or collapsed. Setting it does not call `onChange`.
    public var isExpanded: Bool {
        didSet {
            guard isExpanded != oldValue else { return }
            content.isHidden = !isExpanded
            invalidateMeasurement(); setNeedsLayout(); setNeedsDisplay()
        }
    }
    /// Called with the new state when the user toggles it.
    public var onChange: ((Bool) -> Void)?

    /// Creates a group around `content`.
    public init(identifier: String = "", title: String, isExpanded: Bool = false, content: View, onChange: ((Bool) -> Void)? = nil) {
        self.title = title; self.content = content; self.isExpanded = isExpanded; self.onChange = onChange
        super.init(identifier: identifier)
        content.isHidden = !isExpanded
        addSubview(content)
    }

    /// Toggles as the user did (calls `onChange`).
    public func toggle() {
        isExpanded.toggle()
        onChange?(isExpanded)
    }

    /// Left and right belong to the group; up and down move focus.
    public override func handlesDirection(_ direction: FocusDirection) -> Bool { direction == .left || direction == .right }

    private func headerHeight(_ fonts: any FontMetrics) -> Double { fonts.measure("Ag", fontSize: theme.type.body).height + 12 }

    /// A click on the header toggles (a click beside the content below does not).
    public override func clicked(at location: Point?) {
        if let location, let fonts = layer?.fonts, location.y > headerHeight(fonts) { return }
        toggle()
    }

    /// Right expands, Left collapses; Space and Enter toggle.
    public override func keyPressed(_ event: KeyEvent) -> Bool {
        switch event.key {
        case .right: if !isExpanded { toggle() }
        case .left: if isExpanded { toggle() }
        default: return super.keyPressed(event)
        }
        return true
    }

    /// The header, and the content below it while expanded.
    public override func sizeThatFits(_ proposed: Size, fonts: any FontMetrics) -> Size {
        let header = headerHeight(fonts)
        let t = fonts.measure(title + "  \u{25BE}", fontSize: theme.type.body)
        guard isExpanded else { return Size(width: proposed.width.isFinite ? max(t.width, proposed.width) : t.width, height: header) }
        let c = content.measure(proposed: Size(width: max(0, proposed.width - theme.spacing.large), height: .infinity), fonts: fonts)
        let width = max(t.width, c.width + theme.spacing.large)
        return Size(width: proposed.width.isFinite ? max(width, proposed.width) : width, height: header + c.height + theme.spacing.tight)
    }

    /// The content under the header, indented.
    public override func layoutSubviews(fonts: any FontMetrics) {
        let header = headerHeight(fonts), indent = theme.spacing.large
        content.frame = Rect(x: indent, y: header + theme.spacing.tight, width: max(0, bounds.width - indent),
                             height: max(0, bounds.height - header - theme.spacing.tight))
    }

    /// The header's hover or pressed fill, chevron (right when collapsed, down when expanded), title, focus ring.
    public override func draw(in rect: Rect, context: inout PaintContext) {
        let size = theme.type.body
        let header = Rect(x: rect.minX, y: rect.minY, width: rect.width, height: context.fonts.measure("Ag", fontSize: size).height + 12)
        let hoveringHeader = isHovered && (hoverLocation?.y ?? .infinity) <= header.height
        if isPressed || hoveringHeader {
            context.add(.rect(header, color: stateFill(pressed: isPressed, hovered: true), cornerRadius: theme.radii.control))
        }
        let ink = enabledColor(themeColor(.text))
        let chevron = isExpanded ? "\u{25BE}" : "\u{25B8}"
        let c = context.fonts.measure(chevron, fontSize: size)
        let y = header.minY + ((header.height - c.height) / 2).rounded(.down)
        context.add(.glyphs(GlyphRun(text: chevron, origin: Point(x: header.minX + theme.spacing.tight, y: y), fontSize: size, color: ink)))
        context.add(.glyphs(GlyphRun(text: title, origin: Point(x: header.minX + theme.spacing.large + 2, y: y), fontSize: size, color: ink)))
        drawFocusRing(header, cornerRadius: theme.radii.control, context: &context)
    }

    /// `isExpanded` (also `isOn`), `isEnabled`, `text`.
    public func scriptValue(of property: String) -> String? {
        switch property {
        case "isExpanded", "isOn", "value": String(isExpanded)
        case "isEnabled", "enabled": String(isEnabled)
        case "text": title
        default: nil
        }
    }
}
