// Input prompts (docs/focus.md, "Input prompts"): a badge with the glyph of the button or key that performs an action
// on the device the player used last, then the action's title ("A Select", "✕ Select", "Enter Select"). The overlay
// tells every prompt when the player switches devices (Focus/InputModality.swift); nothing else repaints them.
import GlasspaneCore
import GlasspaneDraw

/// What a prompt asks the player to do; each has a controller button and a key.
public enum PromptAction: String, CaseIterable, Hashable, Sendable {
    /// Activate the focused control: A (Cross), or Enter.
    case select
    /// Go back or cancel: B (Circle), or Escape.
    case back
    /// The next tab: the right shoulder (R1), or Ctrl+Tab.
    case nextTab = "next-tab"
    /// The previous tab: the left shoulder (L1), or Ctrl+Shift+Tab.
    case previousTab = "previous-tab"
    /// Delete a character (the on-screen keyboard): X (Square), or Backspace.
    case delete
    /// Shift (the on-screen keyboard): Y (Triangle), or Shift.
    case shift

    /// The controller button that performs the action.
    public var button: ControllerButton {
        switch self {
        case .select: .a
        case .back: .b
        case .nextTab: .rightShoulder
        case .previousTab: .leftShoulder
        case .delete: .x
        case .shift: .y
        }
    }

    /// The keyboard key's name as the prompt shows it.
    public var keyGlyph: String {
        switch self {
        case .select: "Enter"
        case .back: "Esc"
        case .nextTab: "Ctrl+Tab"
        case .previousTab: "Ctrl+Shift+Tab"
        case .delete: "Backspace"
        case .shift: "Shift"
        }
    }

    /// The glyph on a controller of `style` (nil: the keyboard key).
    public func glyph(for style: ControllerStyle?) -> String {
        guard let style else { return keyGlyph }
        return InputPrompt.glyph(of: button, style: style)
    }
}

/// A badge with the glyph for `action` on the device used last, then `title` (SwiftUI-style `InputPrompt(action:)`).
/// It switches glyphs when the player switches devices (keyboard and pointer show keys; a controller its own labels:
/// A/B/X/Y, or Cross/Circle/Square/Triangle for PlayStation controllers as SDL reports their type).
public final class InputPrompt: View {
    /// The action prompted for.
    public var action: PromptAction { didSet { if action != oldValue { invalidateMeasurement(); setNeedsDisplay() } } }
    /// The text after the badge ("Select").
    public var title: String { didSet { if title != oldValue { invalidateMeasurement(); setNeedsDisplay() } } }
    /// Font size of the title (the glyph is drawn slightly smaller).
    public var fontSize: Double = 13 { didSet { if fontSize != oldValue { invalidateMeasurement(); setNeedsDisplay() } } }
    /// How many times the prompt painted itself (tests count the repaint a device switch causes).
    public private(set) var drawCount = 0

    /// Creates a prompt; `title` defaults to the action's name ("Select", "Back").
    public init(identifier: String = "", action: PromptAction, title: String? = nil) {
        self.action = action
        self.title = title ?? Self.defaultTitle(action)
        super.init(identifier: identifier)
        isUserInteractionEnabled = false
    }

    private static func defaultTitle(_ action: PromptAction) -> String {
        switch action {
        case .select: "Select"
        case .back: "Back"
        case .nextTab: "Next tab"
        case .previousTab: "Previous tab"
        case .delete: "Delete"
        case .shift: "Shift"
        }
    }

    /// The glyph shown now.
    public var glyph: String { action.glyph(for: layer?.overlay?.promptStyle) }

    /// The label printed on `button` of a controller of `style`.
    public static func glyph(of button: ControllerButton, style: ControllerStyle) -> String {
        switch (button, style) {
        case (.a, .playstation): "\u{2715}"   // Cross
        case (.b, .playstation): "\u{25CB}"   // Circle
        case (.x, .playstation): "\u{25A1}"   // Square
        case (.y, .playstation): "\u{25B3}"   // Triangle
        case (.leftShoulder, .playstation): "L1"
        case (.rightShoulder, .playstation): "R1"
        case (.leftShoulder, .nintendo): "L"
        case (.rightShoulder, .nintendo): "R"
        case (.leftShoulder, _): "LB"
        case (.rightShoulder, _): "RB"
        case (.start, .playstation): "Options"
        case (.back, .playstation): "Share"
        case (.start, .nintendo): "+"
        case (.back, .nintendo): "\u{2212}"
        case (.start, _): "Menu"
        case (.back, _): "View"
        default: button.rawValue.uppercased()
        }
    }

    /// Horizontal padding inside the badge, and the gap between badge and title.
    private static let badgePadding = 5.0, gap = 5.0

    private var glyphFontSize: Double { (fontSize * 0.85).rounded() }

    /// The device switched: measure and paint again (the glyph's width may change).
    func styleDidChange() {
        invalidateMeasurement()
        setNeedsDisplay()
    }

    /// Badge plus gap plus title.
    public override func sizeThatFits(_ proposed: Size, fonts: any FontMetrics) -> Size {
        layer?.overlay?.register(self)
        let g = fonts.measure(glyph, fontSize: glyphFontSize)
        let t = fonts.measure(title, fontSize: fontSize)
        let badgeWidth = max(g.width + 2 * Self.badgePadding, g.height + 4)
        return Size(width: badgeWidth + Self.gap + t.width, height: max(t.height, g.height + 4))
    }

    /// A rounded badge with the glyph centered, then the title.
    public override func draw(in rect: Rect, context: inout PaintContext) {
        super.draw(in: rect, context: &context)
        layer?.overlay?.register(self)
        drawCount += 1
        let glyph = self.glyph
        let g = context.fonts.measure(glyph, fontSize: glyphFontSize)
        let t = context.fonts.measure(title, fontSize: fontSize)
        let badgeHeight = g.height + 4
        let badge = Rect(x: rect.minX, y: rect.minY + ((rect.height - badgeHeight) / 2).rounded(.down),
                         width: max(g.width + 2 * Self.badgePadding, badgeHeight), height: badgeHeight)
        let text = themeColor(.text)
        context.add(.rect(badge, color: themeColor(.control), cornerRadius: badgeHeight / 2))
        context.add(.glyphs(GlyphRun(text: glyph, origin: Point(x: badge.minX + ((badge.width - g.width) / 2).rounded(.down),
                                                                 y: badge.minY + 2),
                                     fontSize: glyphFontSize, color: themeColor(.controlText))))
        context.add(.glyphs(GlyphRun(text: title, origin: Point(x: badge.maxX + Self.gap,
                                                                 y: rect.minY + ((rect.height - t.height) / 2).rounded(.down)),
                                     fontSize: fontSize, color: text)))
    }
}
