// Commands into quads: rounded shapes and strokes (signed-distance anti-aliasing in Shaders/overlay.frag), gradients,
// glyphs, images and bar graphs, each quad cut to the clip it is drawn under.
import GlasspaneCore

/// What emitting one command produced, returned to the caller as a value: the pixels its quads cover, the interior
/// it leaves out, the program it needs; and what it was emitted under (its index, the pixels quads are cut to).
struct EmittedCommand {
    /// The command's index in the list (a bar graph keeps its row by index); -1 for the composite quad.
    let index: Int
    /// The pixels quads are cut to (nil: not cut).
    let clip: Rect?
    /// The bounds of the quads emitted.
    var bounds: Rect?
    /// The interior the command left out (`shape`'s bands), else nil.
    var hole: Rect?
    /// The program the quads need.
    var program = BatchProgram.quads
    /// The bounds of the quads before `clip` cut them.
    var extent: Rect?
    /// Whether a run of text came out as one quad of its composed bitmap (it needs no room for more glyphs).
    var composedRun = false
    /// The program of the batch a re-emitted command is in: a rounded shape stays there when it is the quads' or
    /// the shapes' (both draw its pixels), so a panel resized across `largeShapeMinimumPixels` is updated in place.
    var keptProgram: BatchProgram?
    /// Pixels that later commands cover with opaque color: a rectangle leaves them out (DrawListTessellator+Covers.swift).
    var coveredPixels: Rect?
    /// Whether every pixel the quads draw is opaque color, unblended by coverage (a solid rectangle on whole pixels
    /// with alpha 1).
    var isOpaque = false

    init(index: Int, clip: Rect?) { self.index = index; self.clip = clip }
}

/// The colors at a quad's corners.
enum VertexColors {
    case solid(Color)
    case horizontal(Color, Color)
    case vertical(Color, Color)

    /// Colors at (top-left, top-right, bottom-left, bottom-right).
    var corners: (Color, Color, Color, Color) {
        switch self {
        case .solid(let c): (c, c, c, c)
        case .horizontal(let a, let b): (a, b, a, b)
        case .vertical(let a, let b): (a, a, b, b)
        }
    }
}

extension DrawListTessellator {
    /// Grows `contentBounds` by pixels a quad covers (for a quad in an offset group, by where the group may draw).
    func noteContent(_ quadBounds: Rect) {
        if emittingGroup < 0 {
            contentBounds = RectMath.grown(contentBounds, by: quadBounds)
        } else if let b = screenBounds(quadBounds, group: emittingGroup) {
            contentBounds = RectMath.grown(contentBounds, by: b)
        }
    }

    /// Appends a command's quads to `vertices`.
    func emit(_ command: DrawCommand, into e: inout EmittedCommand, _ context: Context) {
        let sx = context.sx, sy = context.sy
        let s = min(sx, sy)
        switch command {
        case .rect(let r, let color, let radius):
            shape(context.pixels(r), radius: radius * s, stroke: 0, colors: .solid(color), into: &e)
        case .border(let r, let color, let width, let radius):
            shape(context.pixels(r), radius: radius * s, stroke: max(width * s, 0.5), colors: .solid(color), into: &e)
        case .circle(let c, let radius, let color):
            let r = Rect(x: (c.x - radius) * sx, y: (c.y - radius) * sy, width: 2 * radius * sx, height: 2 * radius * sy)
            shape(r, radius: radius * s, stroke: 0, colors: .solid(color), into: &e)
        case .ring(let c, let radius, let width, let color):
            let r = Rect(x: (c.x - radius) * sx, y: (c.y - radius) * sy, width: 2 * radius * sx, height: 2 * radius * sy)
            shape(r, radius: radius * s, stroke: max(width * s, 0.5), colors: .solid(color), into: &e)
        case .linearGradient(let r, let from, let to, let axis, let radius):
            shape(context.pixels(r), radius: radius * s, stroke: 0,
                  colors: axis == .horizontal ? .horizontal(from, to) : .vertical(from, to), into: &e)
        case .saturationValueGradient(let r, let hue, let radius):
            // The shader computes each pixel's color; the vertex color carries its inputs (hue, scale x, scale y).
            shape(context.pixels(r), radius: radius * s, stroke: 0, colors: .solid(Color(r: hue, g: sx, b: sy, a: 1)), kind: 3, into: &e)
            e.program = .gradients
        case .hueGradient(let r, let axis, let radius):
            shape(context.pixels(r), radius: radius * s, stroke: 0, colors: .solid(Color(r: 0, g: sx, b: sy, a: 1)),
                  kind: axis == .horizontal ? 4 : 5, into: &e)
            e.program = .gradients
        case .image(let r, let handle, let tint):
            guard context.images[handle.id] != nil else { return }
            let p = context.pixels(r)
            quad(x0: p.minX, y0: p.minY, x1: p.maxX, y1: p.maxY, l0: (0, 0), l1: (1, 1),
                 colors: .solid(tint), shape: (0, 0, 0, 0), kind: 2, into: &e)
        case .glyphs(let run):
            glyphs(run, context, into: &e)
        case .bars(let graph):
            bars(graph, in: context.pixels(graph.frame), context.glyphs, into: &e)
        case .pushClip, .popClip, .pushOffset, .popOffset:
            break
        }
    }

    /// A bar graph: its levels in a row of the glyph texture (kept by command index while the source lasts), one quad
    /// whose local coordinates are (texel x along the row, row y + the height fraction from the bottom); the shader
    /// reads the level under each pixel's center (Shaders/bars.frag, kind 6, in batches of their own).
    private func bars(_ graph: BarGraph, in p: Rect, _ source: any GlyphSource, into e: inout EmittedCommand) {
        let count = graph.levels.count
        guard count > 0, count <= BarGraph.maximumBars, p.width > 0, p.height > 0 else { return }
        var row = barRows[e.index]
        if row == nil || row!.width != count || row!.resets != source.resetCount {
            guard let origin = source.reserveRow(width: count) else { return }
            row = (origin.x, origin.y, count, source.resetCount)
            barRows[e.index] = row
        }
        guard let row else { return }
        source.writeRow(at: (row.x, row.y), graph.levels)
        e.program = .bars
        let f = graph.flaggedColor
        let flagged = (Float(f.r * f.a), Float(f.g * f.a), Float(f.b * f.a), Float(f.a))
        quad(x0: p.minX, y0: p.minY, x1: p.maxX, y1: p.maxY, l0: (Double(row.x), Double(row.y) + 0.999),
             l1: (Double(row.x + count), Double(row.y)), colors: .solid(graph.color), shape: flagged, kind: 6, into: &e)
    }

    /// A rounded shape: the quad grows by a pixel on each side so the anti-aliased edge has room. A stroked shape
    /// whose transparent interior is large (`strokeInterior`) is four quads around that interior instead of one:
    /// llvmpipe shades every pixel a quad covers, and a border's interior is most of its quad (the picker square's
    /// focus border covers 29,600 pixels at scale 1; its bands, about 4,800). The interior is the command's hole:
    /// commands inside it do not overlap it (`CommandSpan.mayOverlap`).
    private func shape(_ r: Rect, radius: Double, stroke: Double, colors: VertexColors, kind: Float = 0,
                       into e: inout EmittedCommand) {
        guard r.width > 0, r.height > 0 else { return }
        let hw = r.width / 2, hh = r.height / 2
        let cornerRadius = min(radius, min(hw, hh))
        let shapeParams = (Float(hw), Float(hh), Float(cornerRadius), Float(stroke))
        if kind == 0, stroke == 0, cornerRadius <= 0, case .solid = colors, drawsLargeSolidRectsAlone,
           let exact = Self.largeWholePixelRect(r) {
            // Coverage is exactly 1 on every pixel inside and 0 outside, so the rectangle alone, without the pixel of
            // margin, in the program that only interpolates the color. Its quad carries the same shape parameters, so
            // `Shaders/overlay.frag` would draw it the same.
            e.program = .solid
            if case .solid(let c) = colors, c.a >= 1 { e.isOpaque = true }
            if let covered = e.coveredPixels {
                bands(around: covered, x0: exact.minX, y0: exact.minY, x1: exact.maxX, y1: exact.maxY, center: r.center,
                      colors: colors, shape: shapeParams, kind: kind, into: &e)
                return
            }
            quad(x0: exact.minX, y0: exact.minY, x1: exact.maxX, y1: exact.maxY, l0: (-hw, -hh), l1: (hw, hh), colors: colors,
                 shape: shapeParams, kind: kind, into: &e)
            return
        }
        let (x0, y0, x1, y1) = (r.minX - 1, r.minY - 1, r.maxX + 1, r.maxY + 1)
        if kind == 0, drawsLargeShapesAlone {
            if let kept = e.keptProgram, kept == .quads || kept == .shapes {
                e.program = kept
            } else if (x1 - x0) * (y1 - y0) >= Self.largeShapeMinimumPixels {
                e.program = .shapes
            }
        }
        if let covered = e.coveredPixels, stroke == 0, case .solid = colors {
            bands(around: covered, x0: x0, y0: y0, x1: x1, y1: y1, center: r.center, colors: colors, shape: shapeParams,
                  kind: kind, into: &e)
            return
        }
        guard stroke > 0, cutsStrokeInteriors, case .solid = colors,
              let inner = Self.strokeInterior(r, cornerRadius: cornerRadius, stroke: stroke) else {
            quad(x0: x0, y0: y0, x1: x1, y1: y1, l0: (-hw - 1, -hh - 1), l1: (hw + 1, hh + 1), colors: colors,
                 shape: shapeParams, kind: kind, into: &e)
            return
        }
        bands(around: inner, x0: x0, y0: y0, x1: x1, y1: y1, center: r.center, colors: colors, shape: shapeParams,
              kind: kind, into: &e)
    }

    /// A shape's quad (x0, y0)-(x1, y1) as four bands around `hole` (cut to the quad), which becomes the command's hole:
    /// top, bottom, left, right; a band of no size draws nothing and keeps the vertex count. Local coordinates are
    /// pixels from the shape's center, so each band's are its corners' offsets.
    private func bands(around hole: Rect, x0: Double, y0: Double, x1: Double, y1: Double, center: Point,
                       colors: VertexColors, shape: (Float, Float, Float, Float), kind: Float, into e: inout EmittedCommand) {
        let hx0 = min(max(hole.minX, x0), x1), hx1 = min(max(hole.maxX, x0), x1)
        let hy0 = min(max(hole.minY, y0), y1), hy1 = min(max(hole.maxY, y0), y1)
        func band(_ bx0: Double, _ by0: Double, _ bx1: Double, _ by1: Double) {
            quad(x0: bx0, y0: by0, x1: bx1, y1: by1, l0: (bx0 - center.x, by0 - center.y), l1: (bx1 - center.x, by1 - center.y),
                 colors: colors, shape: shape, kind: kind, into: &e)
        }
        e.hole = Rect(x: hx0, y: hy0, width: hx1 - hx0, height: hy1 - hy0)
        band(x0, y0, x1, hy0) // top
        band(x0, hy1, x1, y1) // bottom
        band(x0, hy0, hx0, hy1) // left
        band(hx1, hy0, x1, hy1) // right
    }

    /// Solid rectangles covering fewer pixels stay in `Shaders/overlay.frag`'s batches: a batch of their own costs a
    /// program switch and a draw call (about 10 µs of CPU on llvmpipe), which a pixel saves about 3 ns of. A list's
    /// rows (540x26 pixels) pass: their backgrounds share one batch (docs/overlay.md, "Every branch is paid").
    package static let solidRectMinimumPixels = 8_192.0

    /// Rounded shapes whose quad covers fewer pixels (a knob, a check box, a swatch, a scroll bar's thumb) stay in
    /// `Shaders/overlay.frag`'s batches with the text around them. A batch of shapes costs a draw call (about 10 µs of
    /// CPU on llvmpipe) and saves a few ns a pixel: a grid's 104 cells of 64x56 points are 400,000 pixels a frame
    /// (docs/overlay.md, "Large shapes").
    package static let largeShapeMinimumPixels = 2_048.0

    /// The rectangle with its edges on whole pixels when they lie within a millionth of a pixel of them and it covers
    /// at least `solidRectMinimumPixels`, else nil.
    package static func largeWholePixelRect(_ r: Rect) -> Rect? {
        let x0 = r.minX.rounded(), y0 = r.minY.rounded(), x1 = r.maxX.rounded(), y1 = r.maxY.rounded()
        let tolerance = 1e-6
        guard abs(r.minX - x0) < tolerance, abs(r.minY - y0) < tolerance, abs(r.maxX - x1) < tolerance,
              abs(r.maxY - y1) < tolerance, (x1 - x0) * (y1 - y0) >= solidRectMinimumPixels else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Interiors smaller than this (pixels, each side) are shaded rather than cut out: three more quads cost more.
    package static let strokeInteriorMinimum = 24.0

    /// The whole-pixel rectangle inside a stroked rounded rectangle where Shaders/overlay.frag's coverage is exactly
    /// 0, or nil when it is under `strokeInteriorMinimum`. A point inset by t = radius x (1 - 1/sqrt 2) + stroke + 1.5
    /// from every edge is at a distance of at least stroke + 0.5 inside the shape (corners included), where the stroke's
    /// inner edge has faded to nothing: those pixels blend nothing, and leaving them out changes no pixel.
    package static func strokeInterior(_ r: Rect, cornerRadius: Double, stroke: Double) -> Rect? {
        let inset = cornerRadius * (1 - 1 / 2.0.squareRoot()) + stroke + 1.5
        let x0 = (r.minX + inset).rounded(.up), x1 = (r.maxX - inset).rounded(.down)
        let y0 = (r.minY + inset).rounded(.up), y1 = (r.maxY - inset).rounded(.down)
        guard x1 - x0 >= strokeInteriorMinimum, y1 - y0 >= strokeInteriorMinimum else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// A line of glyphs, snapped to whole pixels so they stay crisp. Coverage glyphs are drawn as one quad of their
    /// composed bitmap when the source composes runs (`GlyphSource.runImage`), else one quad a glyph: the pixels
    /// are the same.
    private func glyphs(_ run: GlyphRun, _ context: Context, into e: inout EmittedCommand) {
        let source = context.glyphs
        let pixelSize = source.pixelSize(for: run.fontSize)
        // Each glyph's bitmap top-left, from the first one's (`first`): whole pixels.
        placedGlyphs.removeAll(keepingCapacity: true)
        var first: (x: Double, y: Double)?
        func place(_ g: AtlasGlyph, _ x0: Double, _ y0: Double) {
            if let first, abs(x0 - first.x) < 1e6, abs(y0 - first.y) < 1e6 {
                placedGlyphs.append(RunGlyph(glyph: g, x: Int(x0 - first.x), y: Int(y0 - first.y)))
            } else if first == nil, x0.isFinite, y0.isFinite {
                first = (x0, y0)
                placedGlyphs.append(RunGlyph(glyph: g, x: 0, y: 0))
            }
        }
        var colors = VertexColors.solid(run.color), kind: Float = 1
        if let shaped = run.shaped {
            // Shaped glyphs by index: each at its own pen position, on the run's baseline.
            let baseline = ((run.origin.y + shaped.baseline) * context.sy).rounded()
            // A color font's run (emoji) is drawn from the RGBA texture as images, tinted only by the run's alpha.
            let isColor = shaped.glyphs.first.map { source.isColorFont($0.fontPath, faceIndex: $0.faceIndex) } ?? false
            if isColor { colors = .solid(Color(r: 1, g: 1, b: 1, a: run.color.a)); kind = 2 }
            for placed in shaped.glyphs {
                let found = isColor
                    ? source.colorGlyph(fontPath: placed.fontPath, faceIndex: placed.faceIndex, id: placed.id, pixelSize: pixelSize)
                    : source.glyph(fontPath: placed.fontPath, faceIndex: placed.faceIndex, id: placed.id, pixelSize: pixelSize)
                guard let g = found, g.width > 0 else { continue }
                place(g, ((run.origin.x + placed.x) * context.sx).rounded() + Double(g.bearingX),
                      baseline + (placed.y * context.sy).rounded() + Double(g.top))
            }
        } else {
            var penX = (run.origin.x * context.sx).rounded()
            let top = (run.origin.y * context.sy).rounded()
            let known = source.asciiGlyphs(pixelSize: pixelSize)
            for scalar in run.text.unicodeScalars {
                let cached = scalar.value < 128 ? known[Int(scalar.value)] : nil
                guard let g = cached ?? source.glyph(scalar, pixelSize: pixelSize) else { continue }
                if g.width > 0 { place(g, penX + Double(g.bearingX), top + Double(g.top)) }
                penX += Double(g.advance)
            }
        }
        guard let first else { return }
        if kind == 1, placedGlyphs.count >= 2, let image = source.runImage(placedGlyphs) {
            let x0 = first.x + Double(image.bearingX), y0 = first.y + Double(image.top)
            quad(x0: x0, y0: y0, x1: x0 + Double(image.width), y1: y0 + Double(image.height),
                 l0: (Double(image.u0), Double(image.v0)), l1: (Double(image.u1), Double(image.v1)),
                 colors: colors, shape: (0, 0, 0, 0), kind: 1, into: &e)
            e.composedRun = true
            return
        }
        for placed in placedGlyphs {
            let g = placed.glyph
            let x0 = first.x + Double(placed.x), y0 = first.y + Double(placed.y)
            quad(x0: x0, y0: y0, x1: x0 + Double(g.width), y1: y0 + Double(g.height),
                 l0: (Double(g.u0), Double(g.v0)), l1: (Double(g.u1), Double(g.v1)),
                 colors: colors, shape: (0, 0, 0, 0), kind: kind, into: &e)
        }
    }

    /// Appends one quad (two triangles), cut to `e.clip` when there is one: positions, local coordinates and
    /// (premultiplied) colors are interpolated to the cut edges, so the pixels inside are the uncut quad's. A quad
    /// wholly outside becomes six vertices at one point: it draws nothing and keeps the command's vertex count.
    func quad(x0: Double, y0: Double, x1: Double, y1: Double, l0: (Double, Double), l1: (Double, Double),
              colors: VertexColors, shape: (Float, Float, Float, Float), kind: Float, into e: inout EmittedCommand) {
        let (tl, tr, bl, br) = colors.corners
        func premultiplied(_ c: Color) -> (Float, Float, Float, Float) {
            let a = Float(c.a)
            return (Float(c.r) * a, Float(c.g) * a, Float(c.b) * a, a)
        }
        var p = (tl: premultiplied(tl), tr: premultiplied(tr), bl: premultiplied(bl), br: premultiplied(br))
        var (qx0, qy0, qx1, qy1) = (x0, y0, x1, y1)
        var (m0, m1) = (l0, l1)
        e.extent = RectMath.grown(e.extent, by: Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0))
        if let c = e.clip, x0 < c.minX || y0 < c.minY || x1 > c.maxX || y1 > c.maxY {
            qx0 = min(max(x0, c.minX), c.maxX); qx1 = min(max(x1, c.minX), c.maxX)
            qy0 = min(max(y0, c.minY), c.maxY); qy1 = min(max(y1, c.minY), c.maxY)
            guard qx1 > qx0, qy1 > qy0 else {
                appendQuad(qx0, qy0, qx0, qy0, m0, m0, (p.tl, p.tl, p.tl, p.tl), shape, kind)
                return
            }
            let u0 = x1 > x0 ? (qx0 - x0) / (x1 - x0) : 0, u1 = x1 > x0 ? (qx1 - x0) / (x1 - x0) : 1
            let v0 = y1 > y0 ? (qy0 - y0) / (y1 - y0) : 0, v1 = y1 > y0 ? (qy1 - y0) / (y1 - y0) : 1
            m0 = (l0.0 + u0 * (l1.0 - l0.0), l0.1 + v0 * (l1.1 - l0.1))
            m1 = (l0.0 + u1 * (l1.0 - l0.0), l0.1 + v1 * (l1.1 - l0.1))
            if case .solid = colors {} else {
                let corners = p
                func at(_ u: Double, _ v: Double) -> (Float, Float, Float, Float) {
                    func mix(_ a: (Float, Float, Float, Float), _ b: (Float, Float, Float, Float), _ t: Float) -> (Float, Float, Float, Float) {
                        (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t, a.2 + (b.2 - a.2) * t, a.3 + (b.3 - a.3) * t)
                    }
                    return mix(mix(corners.tl, corners.tr, Float(u)), mix(corners.bl, corners.br, Float(u)), Float(v))
                }
                p = (tl: at(u0, v0), tr: at(u1, v0), bl: at(u0, v1), br: at(u1, v1))
            }
        }
        let quadBounds = Rect(x: qx0, y: qy0, width: qx1 - qx0, height: qy1 - qy0)
        e.bounds = RectMath.grown(e.bounds, by: quadBounds)
        noteContent(quadBounds)
        appendQuad(qx0, qy0, qx1, qy1, m0, m1, (p.tl, p.tr, p.bl, p.br), shape, kind)
    }

    /// Appends the six vertices of two triangles (top-left, top-right, bottom-right; top-left, bottom-right,
    /// bottom-left) in one append: element by element, the capacity checks cost as much as the arithmetic.
    func appendQuad(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ l0: (Double, Double), _ l1: (Double, Double),
                    _ colors: (tl: (Float, Float, Float, Float), tr: (Float, Float, Float, Float), bl: (Float, Float, Float, Float), br: (Float, Float, Float, Float)),
                    _ shape: (Float, Float, Float, Float), _ kind: Float) {
        Self.appendQuad(to: &vertices, x0, y0, x1, y1, l0, l1, colors, shape, kind)
    }

    /// `appendQuad` on any buffer (the hot commands' too).
    static func appendQuad(
        to vertices: inout [Float], _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ l0: (Double, Double),
        _ l1: (Double, Double),
        _ colors: (tl: (Float, Float, Float, Float), tr: (Float, Float, Float, Float), bl: (Float, Float, Float, Float), br: (Float, Float, Float, Float)),
        _ shape: (Float, Float, Float, Float), _ kind: Float
    ) {
        let n = floatsPerVertex
        withUnsafeTemporaryAllocation(of: Float.self, capacity: 6 * n) { v in
            func put(_ i: Int, _ x: Double, _ y: Double, _ lx: Double, _ ly: Double, _ c: (Float, Float, Float, Float)) {
                let o = i * n
                v[o] = Float(x); v[o + 1] = Float(y); v[o + 2] = Float(lx); v[o + 3] = Float(ly)
                v[o + 4] = c.0; v[o + 5] = c.1; v[o + 6] = c.2; v[o + 7] = c.3
                v[o + 8] = shape.0; v[o + 9] = shape.1; v[o + 10] = shape.2; v[o + 11] = shape.3; v[o + 12] = kind
            }
            put(0, x0, y0, l0.0, l0.1, colors.tl); put(1, x1, y0, l1.0, l0.1, colors.tr); put(2, x1, y1, l1.0, l1.1, colors.br)
            put(3, x0, y0, l0.0, l0.1, colors.tl); put(4, x1, y1, l1.0, l1.1, colors.br); put(5, x0, y1, l0.0, l1.1, colors.bl)
            vertices.append(contentsOf: UnsafeBufferPointer(v))
        }
    }
}
