// Support for tessellator tests without GL: a glyph table standing in for the atlas, and a stable text form of a
// tessellation for golden files (Tests/GoldenFiles).
import Foundation
import GlasspaneCore
import GlasspaneDraw
import XCTest

/// A glyph source from a formula: every glyph is a 0.5 x 0.7 pixel-size box (none for a space), advances 0.6 x the
/// pixel size, placed in a 16-column grid of its texture by scalar value; bar rows are handed out top to bottom.
/// Scalars in `missing` have no glyph (a font without them).
final class TableGlyphSource: GlyphSource {
    private(set) var texture: TextureID = 0
    private(set) var resetCount = 0
    /// Glyphs asked for, in order (a test of what tessellation rasterizes).
    private(set) var requested: [Unicode.Scalar] = []
    /// Rows written: origin and bytes, in order.
    private(set) var writtenRows: [(x: Int, y: Int, bytes: [UInt8])] = []
    var missing: Set<Unicode.Scalar> = []
    private var nextRow = 900
    private var ascii: [Int: [AtlasGlyph?]] = [:]

    func pixelSize(for fontSize: Double) -> Int { max(1, Int(fontSize.rounded())) }

    func glyph(_ scalar: Unicode.Scalar, pixelSize: Int) -> AtlasGlyph? {
        requested.append(scalar)
        guard !missing.contains(scalar) else { return nil }
        texture = 7
        let cell = Int(scalar.value % 256)
        let u = Float(cell % 16) / 16, v = Float(cell / 16) / 16
        let visible = scalar != " "
        let g = AtlasGlyph(u0: u, v0: v, u1: u + 1 / 32, v1: v + 1 / 32,
                           width: visible ? pixelSize / 2 : 0, height: visible ? pixelSize * 7 / 10 : 0,
                           bearingX: 1, top: pixelSize / 5, advance: Int((Double(pixelSize) * 0.6).rounded()))
        if scalar.value < 128 {
            var table = ascii[pixelSize] ?? [AtlasGlyph?](repeating: nil, count: 128)
            table[Int(scalar.value)] = g
            ascii[pixelSize] = table
        }
        return g
    }

    func asciiGlyphs(pixelSize: Int) -> [AtlasGlyph?] { ascii[pixelSize] ?? [AtlasGlyph?](repeating: nil, count: 128) }

    func ensureTexture() { if texture == 0 { texture = 7 } }

    func reserveRow(width: Int) -> (x: Int, y: Int)? {
        guard width <= 1000 else { return nil }
        ensureTexture()
        nextRow += 1
        return (1, nextRow)
    }

    func writeRow(at origin: (x: Int, y: Int), _ bytes: [UInt8]) { writtenRows.append((origin.x, origin.y, bytes)) }

    /// Starts over, as a full atlas does: a new texture, every glyph and row stale.
    func startOver() {
        resetCount += 1
        texture = texture == 0 ? 0 : texture + 1
        ascii.removeAll()
    }
}

/// The window the tests tessellate for, and a whole tessellation in one call.
enum TessellationFixtures {
    static let metrics = WindowMetrics(windowSize: Size(width: 1280, height: 720), drawableSize: PixelSize(width: 1280, height: 720))

    static func tessellate(_ list: DrawList, glyphs: TableGlyphSource = TableGlyphSource()) -> DrawListTessellator {
        let tessellator = DrawListTessellator()
        tessellator.tessellate(list, metrics: metrics, glyphs: glyphs, images: [:])
        return tessellator
    }
}

/// A number with at most three decimals, no trailing zeros ("-0" as "0").
func short3(_ v: Double) -> String {
    let r = (v * 1000).rounded() / 1000
    if r == r.rounded() && abs(r) < 1e15 { return String(Int(r)) }
    return String(r)
}

extension Optional where Wrapped == Rect {
    /// `x,y wxh` or `-`.
    var dumped: String { map { "\(short3($0.minX)),\(short3($0.minY)) \(short3($0.width))x\(short3($0.height))" } ?? "-" }
}

extension DrawListTessellator {
    /// Batches, spans and every vertex (one line each: position, local coordinates, color, shape, kind), for golden
    /// files.
    var dumpText: String {
        var out = "batches \(batches.count), vertices \(vertexCount), content \(contentBounds.dumped), composite at \(compositeFirst)\n"
        for (i, b) in batches.enumerated() {
            out += "batch \(i): \(b.program.rawValue) texture=\(b.texture) first=\(b.first) count=\(b.count) bounds=\(b.bounds.dumped)\n"
        }
        for (i, s) in spans.enumerated() {
            out += "span \(i): first=\(s.first) count=\(s.count) batch=\(s.batch) bounds=\(s.bounds.dumped)"
            if s.hole != nil { out += " hole=\(s.hole.dumped)" }
            if s.clip != nil { out += " clip=\(s.clip.dumped)" }
            out += "\n"
        }
        let n = Self.floatsPerVertex
        for v in 0..<vertexCount {
            let f = vertices[(v * n)..<(v * n + n)].map { short3(Double($0)) }
            out += "v\(v): \(f[0]),\(f[1]) l=\(f[2]),\(f[3]) c=\(f[4]),\(f[5]),\(f[6]),\(f[7]) s=\(f[8]),\(f[9]),\(f[10]),\(f[11]) k=\(f[12])\n"
        }
        return out
    }
}
