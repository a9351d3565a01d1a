// Shaped text in the atlas: glyphs by index (font file, face, glyph id, pixel size) rasterized with FreeType, and
// paragraphs laid out by GlasspaneText's `TextLayoutEngine` (HarfBuzz, FriBidi, the font fallback chain).
// Implements: grayscale glyphs by index, on the baseline; Noto Color Emoji's bitmap strike scaled to the pixel size.
// Glyphs go on the atlas's pages, least recently used page evicted when all are full (GlyphAtlas+Pages.swift); color
// glyphs have their own texture (GlyphAtlas+Color.swift).
import CText
import GlasspaneCore
import GlasspaneDraw
import GlasspaneText

/// A glyph by index at a pixel size.
struct ShapedGlyphKey: Hashable { var fontPath: String; var faceIndex: Int; var id: UInt32; var pixelSize: Int }

/// FreeType and its opened faces, by file and face index. Faces open when a glyph of theirs is first drawn.
final class FreeTypeFaces {
    /// At most this many faces stay open.
    static let maximumFaces = 32
    private var library: FT_Library?
    private var faces: [String: FT_Face] = [:]
    private var failed: Set<String> = []

    init?() {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, library != nil else { return nil }
        self.library = library
    }

    deinit {
        for face in faces.values { FT_Done_Face(face) }
        FT_Done_FreeType(library)
    }

    /// The face, opened on first use; nil when FreeType cannot open it (remembered).
    func face(_ path: String, _ index: Int) -> FT_Face? {
        let key = "\(index):\(path)"
        if let face = faces[key] { return face }
        guard !failed.contains(key), faces.count < Self.maximumFaces else { return nil }
        var face: FT_Face?
        guard FT_New_Face(library, path, index, &face) == 0, let face else { failed.insert(key); return nil }
        faces[key] = face
        return face
    }
}

extension GlyphAtlas: ParagraphMetrics {
    /// The engine, made on first use with `fallbackFonts` (or Debian's chain with this atlas's font first).
    func textEngine() -> TextLayoutEngine? {
        if let paragraphEngine { return paragraphEngine }
        var fonts = fallbackFonts
        if fonts == nil, let chain = try? FontFallbackChain.debianDefault() {
            fonts = chain.fonts
            fonts![0].source = FontSource(path: fontPath)
        }
        guard let fonts, let chain = try? FontFallbackChain(fonts) else { return nil }
        paragraphEngine = TextLayoutEngine(chain: chain)
        return paragraphEngine
    }

    /// Shapes and lays out a paragraph; with no usable font chain, one unshaped line per paragraph measured as before.
    public func layoutParagraph(_ text: String, style: ParagraphStyle, width: Double?) -> ShapedParagraph {
        if let engine = textEngine() { return engine.layoutParagraph(text, style: style, width: width) }
        let size = measure(text, fontSize: style.fontSize)
        return ShapedParagraph(lines: [], size: size, isTruncated: false, missingGlyphCount: 0)
    }

    /// Glyphs by index in the atlas now (they go when it starts over).
    package var shapedGlyphCount: Int { shapedGlyphs.count }

    /// A glyph by index, rasterized with FreeType into the atlas on first use (needs a GL context).
    package func glyph(fontPath: String, faceIndex: Int, id: UInt32, pixelSize: Int) -> AtlasGlyph? {
        let key = ShapedGlyphKey(fontPath: fontPath, faceIndex: faceIndex, id: id, pixelSize: pixelSize)
        if let g = shapedGlyphs[key] { touch(g); return g }
        if freeType == nil { freeType = FreeTypeFaces() }
        guard pixelSize > 0, pixelSize < 512, let face = freeType?.face(fontPath, faceIndex) else { return nil }
        let isBitmapFont = face.pointee.num_fixed_sizes > 0 && (face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE)) == 0
        let strike: Double
        if isBitmapFont {
            // Noto Color Emoji has one strike (109 ppem): load it and scale to the pixel size.
            guard FT_Select_Size(face, 0) == 0 else { return nil }
            strike = Double(face.pointee.size.pointee.metrics.y_ppem)
        } else {
            guard FT_Set_Pixel_Sizes(face, 0, FT_UInt(pixelSize)) == 0 else { return nil }
            strike = Double(pixelSize)
        }
        guard FT_Load_Glyph(face, id, Int32(FT_LOAD_RENDER) | Int32(FT_LOAD_COLOR)) == 0 else { return nil }
        let slot = face.pointee.glyph.pointee
        let bitmap = slot.bitmap
        let sourceWidth = Int(bitmap.width), sourceHeight = Int(bitmap.rows), pitch = Int(bitmap.pitch)
        var g = AtlasGlyph(u0: 0, v0: 0, u1: 0, v1: 0, width: 0, height: 0, bearingX: Int(slot.bitmap_left), top: -Int(slot.bitmap_top),
                           advance: Int((Double(slot.advance.x) / 64 * Double(pixelSize) / strike).rounded()))
        guard sourceWidth > 0, sourceHeight > 0, let buffer = bitmap.buffer else { shapedGlyphs[key] = g; return g }
        // Coverage: gray bytes as they are; BGRA (color bitmaps) by their alpha.
        let isBGRA = bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue)
        func coverage(_ x: Int, _ y: Int) -> Double {
            let row = buffer + (pitch >= 0 ? y * pitch : (sourceHeight - 1 - y) * -pitch)
            return isBGRA ? Double(row[x * 4 + 3]) : Double(row[x])
        }
        let factor = Double(pixelSize) / strike
        let w = max(1, Int((Double(sourceWidth) * factor).rounded())), h = max(1, Int((Double(sourceHeight) * factor).rounded()))
        var bytes = [UInt8](repeating: 0, count: w * h)
        if factor == 1 {
            for y in 0..<h { for x in 0..<w { bytes[y * w + x] = UInt8(coverage(x, y)) } }
        } else {
            // Box filter: each target texel averages the source texels it covers.
            for y in 0..<h {
                let y0 = Int(Double(y) / factor), y1 = max(y0 + 1, min(sourceHeight, Int(Double(y + 1) / factor)))
                for x in 0..<w {
                    let x0 = Int(Double(x) / factor), x1 = max(x0 + 1, min(sourceWidth, Int(Double(x + 1) / factor)))
                    var sum = 0.0
                    for sy in y0..<min(y1, sourceHeight) { for sx in x0..<min(x1, sourceWidth) { sum += coverage(sx, sy) } }
                    bytes[y * w + x] = UInt8(min(255, sum / Double((y1 - y0) * (x1 - x0))))
                }
            }
            g.bearingX = Int((Double(slot.bitmap_left) * factor).rounded())
            g.top = -Int((Double(slot.bitmap_top) * factor).rounded())
        }
        guard let place = upload(bytes, width: w, height: h, owner: .shaped(key)) else { return nil }
        (g.u0, g.v0, g.u1, g.v1) = place
        g.bitmap = keepBitmap(bytes, width: w, height: h)
        g.width = w; g.height = h
        shapedGlyphs[key] = g
        return g
    }
}
