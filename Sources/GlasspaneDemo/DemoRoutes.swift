// The demo's routes and the settings its screens share. The engine never sees a route: the app tells it only what
// it chooses (the menu pauses the spin with `set-spin`).
import GlasspaneCore
import Observation

/// Where the demo can be: three screens on the navigation stack (play is the root) and two sheets over them.
public enum DemoRoute: String, CaseIterable, Sendable, Hashable {
    /// The live scene with the color-picker panel (the root screen).
    case play
    /// The main menu over the live scene (M toggles it); the spin is paused while it is up.
    case menu
    /// A short text about the demo.
    case about
    /// The last 10,000 frame times with their phase breakdown, live, in a scrolling list.
    case stats
    /// A 10,000-row, 3-column table in a scrolling list with multiple selection (the bench's list).
    case table
    /// The options sheet (modal): HUD and theme.
    case options
    /// The signature sheet (modal): draw or type, then Done.
    case sign
    /// The new-game sheet (modal): players, difficulty, tutorial, then Start.
    case newGame = "new-game"
    /// Paragraphs of shaped, wrapped text in several scripts (DemoRulesScreen.swift).
    case rules
    /// The layout containers and modifiers at work (DemoLayoutScreen.swift, docs/layout.md).
    case layout
    /// A grid of icons; the chosen one becomes the window's icon (AppIconScreen.swift).
    case appIcon = "app-icon"

    /// True for routes shown as sheets (modal layers) rather than screens.
    public var isSheet: Bool { self == .options || self == .sign || self == .newGame }

    /// The route a `--route` value or a script header's `route` option names, or an error listing the valid ones.
    public static func parse(_ value: String) throws(DemoRouteError) -> DemoRoute {
        guard let route = DemoRoute(rawValue: value) else { throw .unknownRoute(value) }
        return route
    }
}

/// A route name that is not one of the demo's.
public enum DemoRouteError: Error, Equatable, CustomStringConvertible {
    /// The name given, which is not a `DemoRoute`.
    case unknownRoute(String)

    /// A stable identifier for tests.
    public var identifier: String { "unknown-route" }

    /// What was wrong, with the valid values.
    public var description: String {
        switch self {
        case .unknownRoute(let name):
            "unknown route '\(name)' (expected one of: \(DemoRoute.allCases.map(\.rawValue).joined(separator: ", ")))"
        }
    }
}

/// The overlay's color theme.
public enum DemoTheme: String, CaseIterable, Sendable {
    /// Light text on dark translucent panels (the default).
    case dark
    /// Dark text on light translucent panels.
    case light

    /// A panel's background (every screen, sheet and the play panel).
    public var panelColor: Color {
        self == .dark ? Color(r: 0.12, g: 0.13, b: 0.16, a: 0.92) : Color(r: 0.93, g: 0.94, b: 0.96, a: 0.94)
    }
    /// A panel's hairline border.
    public var panelBorderColor: Color {
        self == .dark ? Color(r: 1, g: 1, b: 1, a: 0.08) : Color(r: 0, g: 0, b: 0, a: 0.12)
    }
    /// The outline of a color swatch (so a white swatch still shows on a light panel).
    public var swatchBorderColor: Color {
        self == .dark ? Color(r: 1, g: 1, b: 1, a: 0.25) : Color(r: 0, g: 0, b: 0, a: 0.3)
    }
    /// Titles and body text on a panel.
    public var textColor: Color { self == .dark ? .white : Color(r: 0.1, g: 0.11, b: 0.13) }
    /// Secondary text (the play panel's status line).
    public var secondaryTextColor: Color {
        self == .dark ? Color(r: 0.75, g: 0.78, b: 0.84) : Color(r: 0.3, g: 0.32, b: 0.37)
    }
    /// A text field's background.
    public var fieldColor: Color { self == .dark ? Color(r: 0.1, g: 0.11, b: 0.13) : .white }
    /// A text field's border.
    public var fieldBorderColor: Color {
        self == .dark ? Color(r: 0.35, g: 0.37, b: 0.42) : Color(r: 0.62, g: 0.64, b: 0.69)
    }
}

/// Settings the demo's views share; views `bind` to them, so a change shows in the same frame.
@Observable
public final class DemoSettings {
    /// The panels' theme.
    public var theme = DemoTheme.dark
    /// Creates the default settings (dark theme).
    public init() {}
}
