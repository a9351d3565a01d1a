// Design tokens: the colors (light and dark values), type scale, spacing, radii, stroke widths and motion that every
// control reads. The app sets one theme on the overlay (Overlay+Theme.swift); no control keeps a color of its own.
import GlasspaneCore
import GlasspaneAnimation

/// Light or dark: which value of each `ThemeColor` the overlay shows.
public enum ColorScheme: String, CaseIterable, Hashable, Sendable, Codable {
    /// Dark surfaces, light text (the default).
    case dark
    /// Light surfaces, dark text.
    case light
}

/// A color token's two values.
public struct ThemeColor: Hashable, Sendable {
    /// The value in the light scheme.
    public var light: Color
    /// The value in the dark scheme.
    public var dark: Color
    /// Creates a token value from its light and dark colors.
    public init(light: Color, dark: Color) { self.light = light; self.dark = dark }
    /// The same color in both schemes.
    public init(_ both: Color) { self.init(light: both, dark: both) }
    /// The value for a scheme.
    public func resolved(for scheme: ColorScheme) -> Color { scheme == .dark ? dark : light }
}

/// The named colors controls draw with. A control asks its view for `themeColor(.accent)`; the overlay remembers
/// which tokens each view read at its last paint, so a scheme switch repaints only views whose tokens changed.
public enum ColorToken: Int, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// Body text and titles on a surface.
    case text
    /// Captions and hints.
    case secondaryText
    /// A panel's fill over the live scene (slightly translucent).
    case surface
    /// A sheet's fill: opaque, so the screen under a sheet never shows through it.
    case sheet
    /// A panel's hairline border, separators.
    case separator
    /// A dimmed backdrop behind a modal sheet.
    case backdrop
    /// A button's, segment's or stepper's fill at rest.
    case control
    /// The same while hovered.
    case controlHover
    /// The same while pressed.
    case controlPressed
    /// Text and glyphs on `control`.
    case controlText
    /// The accent: a selected segment, an on switch, a filled track, a primary button.
    case accent
    /// Text and glyphs on `accent`.
    case accentText
    /// The keyboard focus ring.
    case focusRing
    /// A slider's or progress bar's empty track, an off switch.
    case track
    /// A slider's or switch's thumb.
    case thumb
    /// A text field's fill.
    case field
    /// A text field's border at rest.
    case fieldBorder
    /// Selected text's highlight.
    case textSelection
    /// Invalid input (outline and text).
    case invalid
    /// A drawing pad's canvas.
    case canvas
    /// A drawing pad's ink.
    case ink
    /// A color swatch's outline (so a white swatch still shows on a light surface).
    case swatchBorder
    /// A hovered swatch's outline.
    case swatchHover
    /// The color picker's preview outline.
    case previewBorder
    /// The light ring of a marker drawn over arbitrary colors (the picker's handle).
    case markerLight
    /// The dark ring around it.
    case markerShadow

    /// The token's name (`accent`), for dumps and docs.
    public var description: String { String(describing: self) }
}

/// A set of color tokens as a bit mask (one bit per token): what a view read at its last paint.
public struct ColorTokenSet: OptionSet, Hashable, Sendable {
    /// One bit per `ColorToken.rawValue`.
    public var rawValue: UInt64
    /// Creates a set from its bits.
    public init(rawValue: UInt64) { self.rawValue = rawValue }
    /// The set holding one token.
    public init(_ token: ColorToken) { rawValue = 1 << UInt64(token.rawValue) }
    /// The tokens in the set, in declaration order.
    public var tokens: [ColorToken] { ColorToken.allCases.filter { contains(ColorTokenSet($0)) } }
}

/// Font sizes, in points.
public struct TypeScale: Hashable, Sendable {
    /// Small print: hints, tooltips, the HUD.
    public var caption: Double = 12
    /// Body text and control titles.
    public var body: Double = 14
    /// Section headings.
    public var headline: Double = 16
    /// Sheet and screen titles.
    public var title: Double = 18
    /// The default scale.
    public init() {}
}

/// Spacing steps, in points.
public struct Spacing: Hashable, Sendable {
    /// Between a glyph and its label.
    public var tight: Double = 4
    /// Between related controls.
    public var small: Double = 8
    /// Between rows of a form.
    public var medium: Double = 12
    /// A sheet's padding.
    public var large: Double = 18
    /// The default steps.
    public init() {}
}

/// Corner radii, in points.
public struct CornerRadii: Hashable, Sendable {
    /// Checkboxes, swatches.
    public var small: Double = 3
    /// Buttons, fields, segments.
    public var control: Double = 6
    /// Panels and sheets.
    public var panel: Double = 12
    /// The default radii.
    public init() {}
}

/// Stroke widths, in points.
public struct StrokeWidths: Hashable, Sendable {
    /// Panel borders and separators.
    public var hairline: Double = 1
    /// Checkbox and field outlines.
    public var outline: Double = 1.5
    /// The focus ring.
    public var focusRing: Double = 2
    /// How far the focus ring sits outside a control.
    public var focusRingOffset: Double = 3
    /// The default widths.
    public init() {}
}

/// Motion: how long control transitions take, and the spring for things that move.
public struct Motion: Hashable, Sendable {
    /// A state change that must feel instant (hover, press), in seconds.
    public var fast: Double = 0.1
    /// A switch's thumb, a segment's selection, a theme cross-fade, in seconds.
    public var standard: Double = 0.2
    /// Sheets and popovers coming in, in seconds.
    public var slow: Double = 0.35
    /// The spring for moving things (a switch's thumb).
    public var spring = Spring(response: 0.3, dampingFraction: 0.85)
    /// The default motion.
    public init() {}
}

/// A complete set of design tokens. `Theme.standard` is the default; an app changes any token and sets the result on
/// the overlay (`overlay.setTheme(_:)`), and switches light/dark with `overlay.setColorScheme(_:)`.
public struct Theme: Hashable, Sendable {
    /// One value per `ColorToken`, indexed by its raw value.
    public private(set) var colors: [ThemeColor]
    /// Font sizes.
    public var type = TypeScale()
    /// Spacing steps.
    public var spacing = Spacing()
    /// Corner radii.
    public var radii = CornerRadii()
    /// Stroke widths.
    public var strokes = StrokeWidths()
    /// Durations and springs.
    public var motion = Motion()

    /// A token's light and dark values.
    public subscript(token: ColorToken) -> ThemeColor {
        get { colors[token.rawValue] }
        set { colors[token.rawValue] = newValue }
    }

    /// Creates a theme from a value for every token (`colors(token)` is asked once per token).
    public init(colors: (ColorToken) -> ThemeColor) {
        self.colors = ColorToken.allCases.map(colors)
    }

    /// The tokens whose value in `scheme` differs from `other`'s in `otherScheme`.
    public func changedTokens(_ scheme: ColorScheme, from other: Theme, _ otherScheme: ColorScheme) -> ColorTokenSet {
        var set = ColorTokenSet()
        for token in ColorToken.allCases where self[token].resolved(for: scheme) != other[token].resolved(for: otherScheme) {
            set.insert(ColorTokenSet(token))
        }
        return set
    }

    /// True when `other` has the same type scale, spacing, radii and strokes (sizes and layout stay valid).
    public func hasSameMetrics(as other: Theme) -> Bool {
        type == other.type && spacing == other.spacing && radii == other.radii && strokes == other.strokes
    }

    /// The default theme. Its dark values are the colors the controls had before themes existed, so dark-scheme
    /// pixels and draw lists did not change.
    public static let standard = Theme { token in
        func c(_ hex: String) -> Color { Color(hex: hex)! }
        switch token {
        case .text: return ThemeColor(light: c("#1a1c21"), dark: .white)
        case .secondaryText: return ThemeColor(light: c("#4d525e"), dark: c("#bfc7d6"))
        case .surface: return ThemeColor(light: Color(r: 0.93, g: 0.94, b: 0.96, a: 0.94), dark: Color(r: 0.1, g: 0.11, b: 0.13, a: 0.92))
        case .sheet: return ThemeColor(light: c("#eef0f4"), dark: c("#1c1e24"))
        case .separator: return ThemeColor(light: Color(r: 0, g: 0, b: 0, a: 0.14), dark: Color(r: 1, g: 1, b: 1, a: 0.12))
        case .backdrop: return ThemeColor(light: Color(r: 0, g: 0, b: 0, a: 0.25), dark: Color(r: 0, g: 0, b: 0, a: 0.45))
        case .control: return ThemeColor(light: c("#d5d9e1"), dark: Color(r: 0.25, g: 0.27, b: 0.32))
        case .controlHover: return ThemeColor(light: c("#c6cbd5"), dark: Color(r: 0.32, g: 0.35, b: 0.41))
        case .controlPressed: return ThemeColor(light: Color(r: 0.17, g: 0.45, b: 0.85), dark: Color(r: 0.17, g: 0.45, b: 0.85))
        case .controlText: return ThemeColor(light: c("#1a1c21"), dark: .white)
        case .accent: return ThemeColor(light: c("#1f66cc"), dark: Color(r: 0.17, g: 0.45, b: 0.85))
        case .accentText: return ThemeColor(.white)
        case .focusRing: return ThemeColor(light: c("#1f66cc"), dark: Color(r: 0.4, g: 0.7, b: 1))
        case .track: return ThemeColor(light: c("#bcc2cd"), dark: Color(r: 0.3, g: 0.32, b: 0.36))
        case .thumb: return ThemeColor(.white)
        case .field: return ThemeColor(light: .white, dark: Color(r: 0.1, g: 0.11, b: 0.13))
        case .fieldBorder: return ThemeColor(light: c("#9ea3b0"), dark: Color(r: 0.35, g: 0.37, b: 0.42))
        case .textSelection: return ThemeColor(light: Color(r: 0.25, g: 0.45, b: 0.8, a: 0.35), dark: Color(r: 0.25, g: 0.45, b: 0.8, a: 0.75))
        case .invalid: return ThemeColor(light: c("#cc2b2b"), dark: Color(r: 0.95, g: 0.3, b: 0.3))
        case .canvas: return ThemeColor(light: .white, dark: Color(r: 0.06, g: 0.07, b: 0.09))
        case .ink: return ThemeColor(light: c("#10131a"), dark: .white)
        case .swatchBorder: return ThemeColor(light: Color(r: 0, g: 0, b: 0, a: 0.3), dark: Color(r: 1, g: 1, b: 1, a: 0.25))
        case .swatchHover: return ThemeColor(light: Color(r: 0, g: 0, b: 0, a: 0.7), dark: Color(r: 1, g: 1, b: 1, a: 0.8))
        case .previewBorder: return ThemeColor(light: Color(r: 0, g: 0, b: 0, a: 0.35), dark: Color(r: 1, g: 1, b: 1, a: 0.35))
        case .markerLight: return ThemeColor(.white)
        case .markerShadow: return ThemeColor(Color(r: 0, g: 0, b: 0, a: 0.45))
        }
    }

    /// The color picker's preset swatches (content, not chrome: the same in both schemes).
    public static let standardSwatches: [Color] = ["#e4572e", "#f3a712", "#33aa55", "#2e86de", "#8e44ad", "#ecf0f1"].map { Color(hex: $0)! }
    /// The color picker's starting color.
    public static let standardPickerColor = Color(r: 0.93, g: 0.45, b: 0.16)
}
