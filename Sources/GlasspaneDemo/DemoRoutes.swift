// The demo's routes and the settings its screens share. The engine never sees a route: the app tells it only what
// it chooses (the menu pauses the spin with `set-spin`).
import Observation

/// Where the demo can be: three screens on the navigation stack (play is the root) and two sheets over them.
public enum DemoRoute: String, CaseIterable, Sendable, Hashable {
    /// The live scene with the color-picker panel (the root screen).
    case play
    /// The main menu over the live scene (M toggles it); the spin is paused while it is up.
    case menu
    /// A short text about the demo.
    case about
    /// The options sheet (modal): HUD and theme.
    case options
    /// The signature sheet (modal): draw or type, then Done.
    case sign

    /// True for routes shown as sheets (modal layers) rather than screens.
    public var isSheet: Bool { self == .options || self == .sign }

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
}

/// Settings the demo's views share; views `bind` to them, so a change shows in the same frame.
@Observable
public final class DemoSettings {
    /// The panels' theme.
    public var theme = DemoTheme.dark
    /// Creates the default settings (dark theme).
    public init() {}
}
