// The draw list: what the overlay paints, as plain values. Only a backend (GlasspaneRender) turns it into GL calls.
import GlasspaneCore

/// An image the renderer knows by handle (uploaded once, drawn many times).
public struct ImageHandle: Hashable, Sendable, Codable {
    /// Renderer-assigned identity.
    public var id: Int
    /// Creates a handle.
    public init(id: Int) { self.id = id }
}

/// How a gradient runs across its rectangle.
public enum GradientAxis: String, Hashable, Sendable, Codable {
    /// Left to right.
    case horizontal
    /// Top to bottom.
    case vertical
}

/// A run of text at a baseline-independent position: `origin` is the top-left of the line box.
public struct GlyphRun: Hashable, Sendable, Codable {
    /// The text (one line).
    public var text: String
    /// Top-left of the line box, in points.
    public var origin: Point
    /// Font size in points.
    public var fontSize: Double
    /// Text color.
    public var color: Color
    /// Glyphs shaped by index (HarfBuzz, through `ParagraphMetrics`); nil draws `text` scalar by scalar.
    public var shaped: ShapedGlyphs?
    /// Creates a glyph run.
    public init(text: String, origin: Point, fontSize: Double, color: Color, shaped: ShapedGlyphs? = nil) {
        self.text = text; self.origin = origin; self.fontSize = fontSize; self.color = color; self.shaped = shaped
    }
}

/// A bar graph drawn as one quad (the HUD's frame times): bar `i` of `levels.count` is `frame.width / levels.count`
/// points wide, left to right, and grows up from the bottom edge to `levels[i] & 127` 127ths of the height; a level
/// with `BarGraph.flagged` added is drawn in `flaggedColor` instead of `color`. Each pixel takes the bar under its
/// center (no anti-aliasing): a pixel row is covered when its center lies below the bar's top.
public struct BarGraph: Hashable, Sendable {
    /// The graph's rectangle.
    public var frame: Rect
    /// One byte per bar: the height in 127ths (0...127), plus `flagged` (128) for the second color.
    public var levels: [UInt8]
    /// The bars' color.
    public var color: Color
    /// The flagged bars' color.
    public var flaggedColor: Color
    /// Added to a level: the bar is drawn in `flaggedColor`.
    public static let flagged: UInt8 = 128
    /// The most bars a graph may have (renderers draw nothing for more).
    public static let maximumBars = 1000

    /// Creates a graph.
    public init(frame: Rect, levels: [UInt8], color: Color, flaggedColor: Color) {
        self.frame = frame; self.levels = levels; self.color = color; self.flaggedColor = flaggedColor
    }

    /// The level for a height `fraction` of the graph (clamped to 0...1, rounded to 127ths), flagged or not.
    public static func level(_ fraction: Double, flagged: Bool) -> UInt8 {
        let height = UInt8((min(max(fraction, 0), 1) * 127).rounded())
        return flagged ? height | Self.flagged : height
    }
}

/// One drawing command, in window points. Rounded shapes are anti-aliased by the renderer.
public enum DrawCommand: Hashable, Sendable {
    /// A filled rectangle with optional corner radius.
    case rect(Rect, color: Color, cornerRadius: Double)
    /// A border (stroke inside the rectangle) with optional corner radius.
    case border(Rect, color: Color, width: Double, cornerRadius: Double)
    /// A filled circle.
    case circle(center: Point, radius: Double, color: Color)
    /// A ring (circle outline) of a given stroke width.
    case ring(center: Point, radius: Double, width: Double, color: Color)
    /// A two-color linear gradient over a (rounded) rectangle.
    case linearGradient(Rect, from: Color, to: Color, axis: GradientAxis, cornerRadius: Double)
    /// A full hue spectrum (red through red) along an axis.
    case hueGradient(Rect, axis: GradientAxis, cornerRadius: Double)
    /// A saturation (left to right) / value (top to bottom) square for a hue (0...1).
    case saturationValueGradient(Rect, hue: Double, cornerRadius: Double)
    /// An image stretched over a rectangle, tinted.
    case image(Rect, image: ImageHandle, tint: Color)
    /// A line of text.
    case glyphs(GlyphRun)
    /// A bar graph in one quad (`BarGraph`).
    case bars(BarGraph)
    /// Restricts following commands to a rectangle (intersected with the current clip).
    case pushClip(Rect)
    /// Restores the clip before the matching `pushClip`.
    case popClip
    /// Draws the commands up to the matching `popOffset` moved by this many points, the clips they push included: a
    /// scrolled document painted in its own coordinates, so that scrolling rewrites this one command and a renderer
    /// moves what it made of the rest as a whole (docs/scrolling.md, "Scrolling without repainting").
    case pushOffset(Point)
    /// Ends the `pushOffset` before it.
    case popOffset
}

extension DrawCommand {
    /// The command moved by `offset` points (a `pushOffset` adds to its own offset; pops are unchanged).
    public func translated(by offset: Point) -> DrawCommand {
        func m(_ r: Rect) -> Rect { r.offsetBy(dx: offset.x, dy: offset.y) }
        func m(_ p: Point) -> Point { Point(x: p.x + offset.x, y: p.y + offset.y) }
        switch self {
        case let .rect(r, color, radius): return .rect(m(r), color: color, cornerRadius: radius)
        case let .border(r, color, width, radius): return .border(m(r), color: color, width: width, cornerRadius: radius)
        case let .circle(center, radius, color): return .circle(center: m(center), radius: radius, color: color)
        case let .ring(center, radius, width, color): return .ring(center: m(center), radius: radius, width: width, color: color)
        case let .linearGradient(r, from, to, axis, radius):
            return .linearGradient(m(r), from: from, to: to, axis: axis, cornerRadius: radius)
        case let .hueGradient(r, axis, radius): return .hueGradient(m(r), axis: axis, cornerRadius: radius)
        case let .saturationValueGradient(r, hue, radius): return .saturationValueGradient(m(r), hue: hue, cornerRadius: radius)
        case let .image(r, image, tint): return .image(m(r), image: image, tint: tint)
        case var .glyphs(run): run.origin = m(run.origin); return .glyphs(run)
        case var .bars(graph): graph.frame = m(graph.frame); return .bars(graph)
        case let .pushClip(r): return .pushClip(m(r))
        case let .pushOffset(p): return .pushOffset(m(p))
        case .popClip, .popOffset: return self
        }
    }
}

/// An ordered list of drawing commands: what the overlay paints, what the renderer draws.
public struct DrawList: Hashable, Sendable {
    /// Commands in painter's order.
    public var commands: [DrawCommand]
    /// Creates a draw list.
    public init(commands: [DrawCommand] = []) { self.commands = commands }
    /// Appends a command.
    public mutating func append(_ c: DrawCommand) { commands.append(c) }
    /// Appends every command of another list.
    public mutating func append(contentsOf other: DrawList) { commands.append(contentsOf: other.commands) }
    /// True when there is nothing to draw.
    public var isEmpty: Bool { commands.isEmpty }

    /// The same drawing without `pushOffset`/`popOffset`: every command between them moved by their offsets, in
    /// window points (what tests and tools compare; renderers draw the offsets as they are).
    public func resolvingOffsets() -> DrawList {
        guard commands.contains(where: { if case .pushOffset = $0 { true } else { false } }) else { return self }
        var out: [DrawCommand] = []
        out.reserveCapacity(commands.count)
        var stack: [Point] = []
        var offset = Point.zero
        for command in commands {
            switch command {
            case .pushOffset(let p):
                stack.append(offset)
                offset = Point(x: offset.x + p.x, y: offset.y + p.y)
            case .popOffset:
                offset = stack.popLast() ?? .zero
            default:
                out.append(offset == .zero ? command : command.translated(by: offset))
            }
        }
        return DrawList(commands: out)
    }
}

/// Which commands of a draw list changed since an earlier version of it, so a renderer can redo only those.
public struct DrawListDamage: Hashable, Sendable {
    /// The version (`OverlayLayer.contentVersion`) the ranges are relative to: a renderer that last drew another
    /// version must redo the whole list.
    public var baseGeneration: UInt64
    /// Command indices rewritten in place; the list has as many commands as before and every other one is unchanged.
    public var commandRanges: [Range<Int>]
    /// True when the whole list was painted anew (`commandRanges` says nothing); `movedRuns` may still name commands
    /// that are earlier ones moved, which a renderer can move instead of redoing.
    package var rewritesWholeList = false
    /// Runs of commands that are commands of the base version moved by a whole number of points (a scrolled
    /// document's rows: DrawListTessellator+Moves.swift).
    package var movedRuns: [MovedCommands] = []
    /// Creates a damage record.
    public init(baseGeneration: UInt64, commandRanges: [Range<Int>]) {
        self.baseGeneration = baseGeneration; self.commandRanges = commandRanges
    }
    /// A whole list painted anew whose `movedRuns` are the base version's commands moved.
    package init(baseGeneration: UInt64, movedRuns: [MovedCommands]) {
        self.baseGeneration = baseGeneration; commandRanges = []; rewritesWholeList = true; self.movedRuns = movedRuns
    }
}

/// Commands `range` of a list that are the commands from `sourceStart` on of an earlier version, each moved by
/// `offset` points (whole points) and otherwise equal.
package struct MovedCommands: Hashable, Sendable {
    /// The commands in the new list.
    package var range: Range<Int>
    /// Where the first of them was in the earlier list.
    package var sourceStart: Int
    /// How far they moved, points.
    package var offset: Point
    /// A run of moved commands.
    package init(range: Range<Int>, sourceStart: Int, offset: Point) {
        self.range = range; self.sourceStart = sourceStart; self.offset = offset
    }
}

/// Measures text: the overlay lays out labels through it; the renderer's font atlas implements it.
public protocol FontMetrics: AnyObject {
    /// The size of one line of `text` at `fontSize` points.
    func measure(_ text: String, fontSize: Double) -> Size
    /// Changes whenever the same text may measure differently than before (the metrics' scale changed), so views
    /// that cache measurements (`TextField`) know to measure again. Metrics that never change keep it at 0.
    var measurementVersion: UInt64 { get }
    /// How far below the top of a line measured by `measure` its baseline lies, at `fontSize` points (layout aligns
    /// rows of text on it).
    func ascent(fontSize: Double) -> Double
}

extension FontMetrics {
    /// Metrics that never change measure the same text the same way forever.
    public var measurementVersion: UInt64 { 0 }
    /// Four fifths of a line's height, for metrics that know no better (the monospace metrics of tests).
    public func ascent(fontSize: Double) -> Double { (measure("Ag", fontSize: fontSize).height * 0.8).rounded() }
}

/// A deterministic font metrics for tests and headless logic: every character is `0.6 * size` wide.
public final class MonospaceFontMetrics: FontMetrics {
    /// Creates the metrics.
    public init() {}
    /// Width = character count x 0.6 x size; height = 1.25 x size.
    public func measure(_ text: String, fontSize: Double) -> Size {
        Size(width: Double(text.count) * fontSize * 0.6, height: (fontSize * 1.25).rounded(.up))
    }
}

/// Draws draw lists over the scene: the GL renderer in the product, a recording one in tests.
@MainActor
public protocol DrawListRenderer: AnyObject {
    /// Draws `list`; an unchanged `generation` (with unchanged metrics) lets the renderer reuse its cached work.
    func render(_ list: DrawList, generation: UInt64?, metrics: WindowMetrics)
    /// Draws `list`, told which commands changed since the version `damage.baseGeneration`; a renderer that drew
    /// that version may redo only those (nil: treat the whole list as new when the generation changed).
    func render(_ list: DrawList, generation: UInt64?, damage: DrawListDamage?, metrics: WindowMetrics)
    /// Does the list's off-frame work ahead of drawing (tessellation, uploads, redrawing a cache texture), before
    /// the scene is drawn, so a software rasterizer need not finish the scene before the cache can change.
    func prepare(_ list: DrawList, generation: UInt64?, damage: DrawListDamage?, metrics: WindowMetrics)
    /// A renderer for another layer: its own cached work, shared resources (shaders, fonts, images).
    func makeCompanion() -> any DrawListRenderer
    /// Whether `prepare` has work to do for the list it prepared last, unchanged (same generation and metrics): when
    /// false the stage skips the call on still frames.
    var needsPrepareForUnchangedList: Bool { get }
    /// Pixels (top-left origin) that drawing the list prepared last covers with opaque color, nil when it knows
    /// none: the scene need not draw its background there (`OverlayStage.pixelsHiddenFromScene`).
    var pixelsCoveredOpaquely: Rect? { get }
}

extension DrawListRenderer {
    /// Renderers without partial updates draw the list as a whole.
    public func render(_ list: DrawList, generation: UInt64?, damage: DrawListDamage?, metrics: WindowMetrics) {
        render(list, generation: generation, metrics: metrics)
    }

    /// Renderers without work to do ahead of drawing do nothing here.
    public func prepare(_ list: DrawList, generation: UInt64?, damage: DrawListDamage?, metrics: WindowMetrics) {}

    /// Renderers that say nothing are prepared every frame.
    public var needsPrepareForUnchangedList: Bool { true }

    /// Renderers that say nothing cover nothing for certain.
    public var pixelsCoveredOpaquely: Rect? { nil }
}
