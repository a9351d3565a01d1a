// The script header options a session honours (docs/scripts.md): one table that recording writes, replay applies,
// and the refusal of an unknown option lists.
import GlasspaneAnimation
import GlasspaneCore
import GlasspaneScripts

/// A header option of an input script: what a recording writes so its replay runs the same session. Any other
/// option, or one of the wrong type, is refused on replay (`SessionError.scriptOption`): ignoring it would replay
/// another session.
public enum ScriptOption: String, CaseIterable, Sendable {
    /// The overlay's font file (string), written when not the default; applies unless a font was given.
    case font
    /// Whether the HUD shows (bool): it catches clicks, so it changes the outcome. A replay adds it to `showsHUD`.
    case hud
    /// The scene's MSAA samples (1, 2, 4, 8 or 16).
    case msaa
    /// The route the app opens on (string), written when not the default; applies unless one was given.
    case route
    /// The animation slow-down the recording ran with (a factor; absent means 1); applies unless one was given.
    case slowAnimations

    /// The value a recording of this session writes for the option, nil when it writes none (the default).
    func recordedValue(of description: SessionDescription) -> JSONValue? {
        switch self {
        case .font: description.fontPath.isEmpty ? nil : .string(description.fontPath)
        case .hud: .bool(description.showsHUD)
        case .msaa: .number(Double(description.resolvedSamples))
        case .route: description.initialRoute.isEmpty ? nil : .string(description.initialRoute)
        case .slowAnimations: description.resolvedSlowAnimations == 1 ? nil : .number(description.resolvedSlowAnimations)
        }
    }

    /// Applies a replayed header's value to a description, or returns why the value is refused.
    func apply(_ value: JSONValue, to description: inout SessionDescription) -> String? {
        switch (self, value) {
        case (.hud, .bool(let hud)): description.showsHUD = description.showsHUD || hud
        case (.hud, _): return "must be true or false, got \(value)"
        case (.font, .string(let font)) where !font.isEmpty: if description.fontPath.isEmpty { description.fontPath = font }
        case (.font, _): return "must be a font file path, got \(value)"
        case (.msaa, .number(let n)) where ScriptOption.msaaSamples.contains(Int(exactly: n) ?? 0): description.msaaSamples = Int(n)
        case (.msaa, _): return "must be 1, 2, 4, 8 or 16, got \(value)"
        case (.slowAnimations, .number(let recorded)) where AnimationSettings.slowDownRange.contains(recorded):
            // The recording's slow-down, so the replay draws the same frames; an explicit one wins.
            if description.slowAnimations == 0 { description.slowAnimations = recorded }
        case (.slowAnimations, _): return "must be a factor in \(AnimationSettings.slowDownRange), got \(value)"
        case (.route, .string(let route)) where description.routeNames.isEmpty || description.routeNames.contains(route):
            if description.initialRoute.isEmpty { description.initialRoute = route }
        case (.route, .string(let route)):
            return "names no route of this app: '\(route)' (expected one of: \(description.routeNames.joined(separator: ", ")))"
        case (.route, _): return "must be a route name, got \(value)"
        }
        return nil
    }

    /// The sample counts `msaa` accepts.
    static let msaaSamples = [1, 2, 4, 8, 16]

    /// The option names, comma-separated, for messages.
    static var nameList: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
