// Painting: views append plain draw commands in window points; the layer keeps them and reuses them while clean.
import GlasspaneCore
import GlasspaneDraw

/// Where a view's `draw(in:context:)` appends its commands; colors are multiplied by the subtree's opacity.
public struct PaintContext {
    /// The commands painted so far: the layer's list (a partial repaint appends at its end, then moves them into place).
    public internal(set) var commands: [DrawCommand]
    /// The accumulated opacity of the view being drawn (its alpha times its ancestors').
    package internal(set) var opacity: Double
    /// Text measurement, for views that place text.
    public let fonts: any FontMetrics
    /// Where `commands` starts in the layer's list (a subtree repainted in place starts inside it).
    var indexOffset = 0

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
        case .bars(var graph): graph.color = f(graph.color); graph.flaggedColor = f(graph.flaggedColor); return .bars(graph)
        case .hueGradient, .saturationValueGradient, .pushClip, .popClip, .pushOffset, .popOffset: return self
        }
    }
}

/// The map from a view's untransformed window points to drawn points, p ↦ scale·p + offset: the composition of the
/// `presentationTransform`s of the view and its ancestors.
struct PaintTransform: Equatable {
    /// Uniform scale.
    var scale: Double
    /// Offset after scaling.
    var offset: Point
    /// Draws everything where layout put it.
    static let identity = PaintTransform(scale: 1, offset: .zero)
    /// True for the identity (the common case: nothing to map).
    var isIdentity: Bool { scale == 1 && offset == .zero }

    /// `self ∘ local`, where `local` scales by `transform.scale` about `center` and then translates (both in
    /// untransformed window points): a subview's map is its parent's with its own transform applied first.
    func appending(_ transform: ViewTransform, center: Point) -> PaintTransform {
        if transform == .identity { return self }
        let k = transform.scale
        let localOffset = Point(x: center.x * (1 - k) + transform.translation.x, y: center.y * (1 - k) + transform.translation.y)
        return PaintTransform(scale: scale * k, offset: Point(x: scale * localOffset.x + offset.x, y: scale * localOffset.y + offset.y))
    }

    /// A mapped point.
    func apply(_ p: Point) -> Point { Point(x: scale * p.x + offset.x, y: scale * p.y + offset.y) }
    /// A mapped rectangle (scale is uniform, so rectangles stay rectangles).
    func apply(_ r: Rect) -> Rect { Rect(origin: apply(r.origin), size: Size(width: r.width * scale, height: r.height * scale)) }
}

extension DrawCommand {
    /// The command drawn through a paint transform: positions mapped, lengths (radii, widths, font sizes) scaled.
    func transformed(by t: PaintTransform) -> DrawCommand {
        let s = t.scale
        switch self {
        case let .rect(r, color, radius): return .rect(t.apply(r), color: color, cornerRadius: radius * s)
        case let .border(r, color, width, radius): return .border(t.apply(r), color: color, width: width * s, cornerRadius: radius * s)
        case let .circle(center, radius, color): return .circle(center: t.apply(center), radius: radius * s, color: color)
        case let .ring(center, radius, width, color): return .ring(center: t.apply(center), radius: radius * s, width: width * s, color: color)
        case let .linearGradient(r, from, to, axis, radius):
            return .linearGradient(t.apply(r), from: from, to: to, axis: axis, cornerRadius: radius * s)
        case let .hueGradient(r, axis, radius): return .hueGradient(t.apply(r), axis: axis, cornerRadius: radius * s)
        case let .saturationValueGradient(r, hue, radius): return .saturationValueGradient(t.apply(r), hue: hue, cornerRadius: radius * s)
        case let .image(r, image, tint): return .image(t.apply(r), image: image, tint: tint)
        case var .glyphs(run):
            run.origin = t.apply(run.origin)
            run.fontSize *= s
            return .glyphs(run)
        case var .bars(graph): graph.frame = t.apply(graph.frame); return .bars(graph)
        case let .pushClip(r): return .pushClip(t.apply(r))
        case .pushOffset(let p): return .pushOffset(Point(x: s * p.x, y: s * p.y))
        case .popClip, .popOffset: return self
        }
    }
}

extension PaintContext {
    /// Moves the commands appended after `base` over as many commands starting at `destination` (which ends at or
    /// before `base`), then drops the old ones: a partial repaint's new commands replace the old in place.
    mutating func moveAppendedCommands(from base: Int, to destination: Int) {
        let count = commands.count - base
        guard count > 0 else { return }
        commands.withUnsafeMutableBufferPointer { buffer in
            for k in 0..<count { buffer.swapAt(destination + k, base + k) }
        }
        for _ in 0..<count { commands.removeLast() }
    }

    /// Maps the commands from `start` on through `transform` (nothing to do for the identity).
    mutating func transformCommands(from start: Int, by transform: PaintTransform) {
        guard !transform.isIdentity, start < commands.count else { return }
        for i in start..<commands.count { commands[i] = commands[i].transformed(by: transform) }
    }
}
