// The vocabulary between the tessellator and a backend: textures by number, glyphs, batches, command spans.
import GlasspaneCore

/// A texture as the backend numbers it (a GL texture name); 0 is no texture (shapes).
package typealias TextureID = UInt32

/// One rasterized glyph: where it sits in its source's texture (texture coordinates) and how to place it, in pixels.
package struct AtlasGlyph: Equatable, Sendable {
    /// Texture coordinates of the glyph's top-left (u0, v0) and bottom-right (u1, v1) corners.
    package var u0: Float, v0: Float, u1: Float, v1: Float
    /// The glyph's bitmap size (0 wide for a space).
    package var width: Int, height: Int
    /// From the pen to the bitmap's left edge, and from the line box's top to the bitmap's top.
    package var bearingX: Int, top: Int
    /// How far the pen moves after the glyph.
    package var advance: Int
    /// Where the source keeps a copy of the bitmap to compose runs from (`GlyphSource.runImage`), -1 for none.
    package var bitmap: Int32 = -1

    /// Creates a glyph.
    package init(u0: Float, v0: Float, u1: Float, v1: Float, width: Int, height: Int, bearingX: Int, top: Int, advance: Int) {
        self.u0 = u0; self.v0 = v0; self.u1 = u1; self.v1 = v1
        self.width = width; self.height = height; self.bearingX = bearingX; self.top = top; self.advance = advance
    }
}

/// A glyph and where its bitmap's top-left goes, in whole pixels (from a run's first glyph, for `runImage`).
package struct RunGlyph: Sendable {
    /// The glyph.
    package var glyph: AtlasGlyph
    /// Its bitmap's top-left.
    package var x: Int, y: Int

    /// Creates a placed glyph.
    package init(glyph: AtlasGlyph, x: Int, y: Int) { self.glyph = glyph; self.x = x; self.y = y }
}

/// Where the tessellator gets glyphs and bar-graph rows from: the backend's atlas (GlasspaneRender's `GlyphAtlas`) or,
/// in tests, a table. Everything it hands out lives in one texture, `texture`.
package protocol GlyphSource: AnyObject {
    /// The texture glyphs and rows live in (0 until something was put in it).
    var texture: TextureID { get }
    /// Changes each time the source starts over (full, or a new scale): glyphs and rows taken before are stale.
    var resetCount: Int { get }
    /// The pixel size text of `fontSize` points is rasterized at.
    func pixelSize(for fontSize: Double) -> Int
    /// The glyph for a scalar at a pixel size, rasterized on first use (nil when the font has none).
    func glyph(_ scalar: Unicode.Scalar, pixelSize: Int) -> AtlasGlyph?
    /// The ASCII glyphs rasterized so far at a pixel size, by scalar value (128 entries).
    func asciiGlyphs(pixelSize: Int) -> [AtlasGlyph?]
    /// A glyph by index in a font file (shaped text), rasterized on first use; its `top` is measured from the
    /// baseline (negative: above it). Nil when the source cannot rasterize it.
    func glyph(fontPath: String, faceIndex: Int, id: UInt32, pixelSize: Int) -> AtlasGlyph?
    /// Whether a font's glyphs are color bitmaps (Noto Color Emoji): they come from `colorGlyph`, in `colorTexture`.
    func isColorFont(_ fontPath: String, faceIndex: Int) -> Bool
    /// The premultiplied RGBA texture color glyphs live in (0 until one was drawn).
    var colorTexture: TextureID { get }
    /// A color glyph by index, rasterized into `colorTexture` on first use; `top` from the baseline as for `glyph`.
    func colorGlyph(fontPath: String, faceIndex: Int, id: UInt32, pixelSize: Int) -> AtlasGlyph?
    /// Makes the texture exist (bar graphs need it before any glyph).
    func ensureTexture()
    /// Reserves a row of `width` texels; nil when it cannot fit.
    func reserveRow(width: Int) -> (x: Int, y: Int)?
    /// Writes one byte per texel into a reserved row.
    func writeRow(at origin: (x: Int, y: Int), _ bytes: [UInt8])
    /// Coverage glyphs placed from the first one's top-left, composed into one bitmap of `texture` (drawn as one
    /// quad); its `bearingX` and `top` place it from the first glyph's top-left. Nil: draw them one by one.
    func runImage(_ glyphs: [RunGlyph]) -> AtlasGlyph?
}

extension GlyphSource {
    /// Sources without a font engine (test tables) draw no shaped glyphs.
    package func glyph(fontPath: String, faceIndex: Int, id: UInt32, pixelSize: Int) -> AtlasGlyph? { nil }
    /// No color fonts without a font engine.
    package func isColorFont(_ fontPath: String, faceIndex: Int) -> Bool { false }
    /// No color texture without a font engine.
    package var colorTexture: TextureID { 0 }
    /// No color glyphs without a font engine.
    package func colorGlyph(fontPath: String, faceIndex: Int, id: UInt32, pixelSize: Int) -> AtlasGlyph? { nil }
    /// Sources without composed runs (test tables) draw glyph by glyph.
    package func runImage(_ glyphs: [RunGlyph]) -> AtlasGlyph? { nil }
}

/// Which fragment program draws a batch. llvmpipe runs every branch of a shader for every pixel, so what only a few
/// quads need has a program of its own (docs/overlay.md, "Every branch is paid").
package enum BatchProgram: String, Equatable, Sendable {
    /// `Shaders/overlay.frag`: shapes, glyphs and images.
    case quads
    /// `Shaders/gradient.frag`: the color picker's HSV gradients.
    case gradients
    /// `Shaders/bars.frag`: bar graphs only.
    case bars
    /// `Shaders/solid.frag`: large solid rectangles on whole pixels only.
    case solid
    /// `Shaders/shape.frag`: large rounded shapes (no texture), on a CPU rasterizer only.
    case shapes
}

/// One draw call: `count` vertices from `first`, with one texture and one program.
package struct DrawBatch: Equatable, Sendable {
    /// The first vertex.
    package var first: Int
    /// How many vertices (a multiple of 6: two triangles a quad).
    package var count: Int
    /// The texture it samples (0: shapes only).
    package var texture: TextureID
    /// The program that draws it.
    package var program: BatchProgram
    /// The pixels its quads cover (in its offset group's own pixels when it has one).
    package var bounds: Rect?
    /// The offset group (`DrawListTessellator.groups`) whose offset and scissor it is drawn with, -1 for none.
    package var group: Int
    /// Whether every command in it draws opaque color on whole pixels (`CommandSpan.isOpaque`: a list's rows): it
    /// is drawn without blending, which gives the same pixels and saves llvmpipe reading the ones under it.
    package var isOpaque = false

    /// Creates a batch.
    package init(first: Int, count: Int, texture: TextureID, program: BatchProgram, bounds: Rect? = nil, group: Int = -1) {
        self.first = first; self.count = count; self.texture = texture; self.program = program; self.bounds = bounds
        self.group = group
    }
}

/// The commands between a `pushOffset` and its `popOffset`, tessellated in their own pixels and drawn moved by
/// `offset` (a per-draw vertex attribute in the GL renderer) under `scissor`, so that a new offset (a scroll) changes
/// no vertex. What of the offset is not whole pixels (`cpuShift`) moves the commands themselves.
package struct OffsetGroup: Equatable, Sendable {
    /// How far its vertices are moved when drawn, whole pixels.
    package var offset: Point
    /// The clip in effect at the `pushOffset` (top-left whole pixels, as `ScissorBox` keeps them); nil: none.
    package var scissor: Rect?
    /// The index of its `pushOffset`.
    package var command: Int
    /// The part of the offset below a whole pixel, in points: its commands are moved by it as they are emitted (a
    /// fractional scale), so a scroll by whole pixels keeps it and stays a partial update.
    package var cpuShift: Point

    /// Creates a group record.
    package init(offset: Point, scissor: Rect?, command: Int, cpuShift: Point = .zero) {
        self.offset = offset; self.scissor = scissor; self.command = command; self.cpuShift = cpuShift
    }
}

/// Where one command's vertices are: `count` vertices from `first`, in batch `batch` (-1 when it emitted none), the
/// pixels they cover (for a `pushClip`, the rectangle it pushed) and the clip in effect.
package struct CommandSpan: Equatable, Sendable {
    /// The first vertex.
    package var first: Int
    /// How many vertices.
    package var count: Int
    /// The batch drawing them, -1 for none.
    package var batch: Int
    /// The pixels they cover.
    package var bounds: Rect?
    /// Pixels inside `bounds` that the command leaves untouched (a large border's interior), else nil.
    package var hole: Rect?
    /// The clip in effect for the command (pixels), whether or not its batch scissors to it.
    package var clip: Rect?
    /// What its quads cover before the clip cuts them (a moved copy checks the cut against it).
    package var extent: Rect?
    /// The offset group it is in (bounds, hole, clip and extent are then in the group's own pixels), -1 for none.
    package var group: Int = -1
    /// Whether every pixel its quads draw is opaque color, unblended by coverage (a solid rectangle on whole pixels
    /// with alpha 1); without a `hole` it covers `bounds` exactly.
    package var isOpaque = false
    /// The offset group whose opaque commands cover `hole` (a panel under its list's rows), -1 for none
    /// (DrawListTessellator+Covers.swift).
    package var coverGroup: Int = -1

    /// Whether the two commands' pixels may overlap: their bounds intersect and neither lies wholly in the other's
    /// hole. A knob inside a focus border does not touch it, so the border need not be drawn over the knob.
    func mayOverlap(_ other: CommandSpan) -> Bool {
        guard let a = bounds, let b = other.bounds, a.intersects(b) else { return false }
        if let hole, hole.encloses(b) { return false }
        if let otherHole = other.hole, otherHole.encloses(a) { return false }
        return true
    }
}

extension Rect {
    /// Whether `o` lies wholly inside (edges included).
    package func encloses(_ o: Rect) -> Bool {
        o.minX >= minX && o.maxX <= maxX && o.minY >= minY && o.maxY <= maxY
    }

    /// The smallest rectangle holding both.
    package func union(_ o: Rect) -> Rect {
        let x0 = min(minX, o.minX), y0 = min(minY, o.minY)
        return Rect(x: x0, y: y0, width: max(maxX, o.maxX) - x0, height: max(maxY, o.maxY) - y0)
    }

    /// True when the two share some area (touching edges do not count).
    package func intersects(_ o: Rect) -> Bool {
        min(maxX, o.maxX) > max(minX, o.minX) && min(maxY, o.maxY) > max(minY, o.minY)
    }

    /// The whole pixels the rectangle touches.
    package var wholePixels: Rect {
        let x0 = minX.rounded(.down), y0 = minY.rounded(.down)
        return Rect(x: x0, y: y0, width: maxX.rounded(.up) - x0, height: maxY.rounded(.up) - y0)
    }
}

/// Optional-rectangle arithmetic the tessellator needs everywhere.
enum RectMath {
    /// The union of two optional rectangles.
    static func union(_ a: Rect?, _ b: Rect?) -> Rect? {
        guard let a else { return b }
        guard let b else { return a }
        return a.union(b)
    }

    /// `a` grown to cover `b`; `b` when there is no `a`.
    static func grown(_ a: Rect?, by b: Rect) -> Rect {
        guard let a else { return b }
        return a.union(b)
    }

    /// A clip inside an enclosing clip (`b` alone when there is none).
    static func intersection(_ a: Rect?, _ b: Rect) -> Rect {
        guard let a else { return b }
        return a.intersection(b)
    }
}

/// A scissor box in a bottom-left-origin framebuffer's whole pixels (GL's convention).
package struct ScissorBox: Equatable, Sendable {
    /// Left and bottom edges.
    package var x: Int32, y: Int32
    /// Size (never negative).
    package var width: Int32, height: Int32

    /// The box of a top-left-origin pixel rectangle, rounded as the clip scissor always was.
    package init(_ r: Rect, drawableHeight h: Int) {
        x = Int32(r.minX.rounded()); y = Int32((Double(h) - r.maxY).rounded())
        width = Int32(max(0, r.width.rounded())); height = Int32(max(0, r.height.rounded()))
    }

    /// The pixels (top-left origin) the box keeps: quads under a clip are cut to exactly these.
    package func topLeftPixels(drawableHeight h: Int) -> Rect {
        Rect(x: Double(x), y: Double(h - Int(y) - Int(height)), width: Double(width), height: Double(height))
    }
}

extension DrawCommand {
    /// A re-emitted bar graph has the same quad and new levels in the atlas: changed pixels, unchanged vertices.
    var changesWithoutVertices: Bool {
        if case .bars = self { true } else { false }
    }

    /// Glyphs and bar graphs are drawn from the glyph source's texture.
    var drawsFromAtlas: Bool {
        switch self {
        case .glyphs, .bars: true
        default: false
        }
    }
}
