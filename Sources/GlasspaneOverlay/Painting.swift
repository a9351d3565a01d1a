// Painting: views append plain draw commands in window points; the layer keeps them and reuses them while clean.
import GlasspaneCore

/// Where a view's `draw(in:context:)` appends its commands; colors are multiplied by the subtree's opacity.
public struct PaintContext {
    /// The commands painted so far (the layer's list during a full paint, a scratch list during a partial one).
    public internal(set) var commands: [DrawCommand]
    /// The accumulated opacity of the view being drawn (its alpha times its ancestors').
    public internal(set) var opacity: Double
    /// Text measurement, for views that place text.
    public let fonts: any FontMetrics

    /// Creates a context over a command buffer.
    public init(commands: [DrawCommand] = [], opacity: Double = 1, fonts: any FontMetrics) {
        self.commands = commands; self.opacity = opacity; self.fonts = fonts
    }

    /// Appends a command, fading its colors by `opacity`.
    public mutating func add(_ command: DrawCommand) {
        commands.append(opacity >= 1 ? command : command.fading(by: opacity))
    }
}

extension DrawCommand {
    /// The same command with every color's alpha multiplied by `factor` (gradients without colors are unchanged).
    public func fading(by factor: Double) -> DrawCommand {
        func f(_ c: Color) -> Color { c.withAlpha(c.a * factor) }
        switch self {
        case let .rect(r, color, radius): return .rect(r, color: f(color), cornerRadius: radius)
        case let .border(r, color, width, radius): return .border(r, color: f(color), width: width, cornerRadius: radius)
        case let .circle(center, radius, color): return .circle(center: center, radius: radius, color: f(color))
        case let .ring(center, radius, width, color): return .ring(center: center, radius: radius, width: width, color: f(color))
        case let .linearGradient(r, from, to, axis, radius):
            return .linearGradient(r, from: f(from), to: f(to), axis: axis, cornerRadius: radius)
        case let .image(r, image, tint): return .image(r, image: image, tint: f(tint))
        case .glyphs(var run): run.color = f(run.color); return .glyphs(run)
        case .hueGradient, .saturationValueGradient, .pushClip, .popClip: return self
        }
    }
}
