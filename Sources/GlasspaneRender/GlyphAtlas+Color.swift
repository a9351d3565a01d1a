// Color glyphs: Noto Color Emoji is a CBDT bitmap font; FreeType with FT_LOAD_COLOR gives its 109 ppem strike as
// premultiplied BGRA, scaled here to the pixel size (box filter) and kept in an RGBA texture of its own that the
// overlay program draws as images (Shaders/overlay.frag, kind 2). The texture is made on the first color glyph; its
// pages evict the least recently used one when full, as the coverage texture's do (GlyphAtlas+Pages.swift).
import CGL
import CText
import GlasspaneCore
import GlasspaneDraw

extension GlyphAtlas {
    /// Side of the color texture in texels (4 MiB of RGBA8 once made).
    static let colorAtlasSize = 1024

    /// Whether the font's glyphs are color bitmaps (FreeType's FT_FACE_FLAG_COLOR), remembered per face.
    package func isColorFont(_ fontPath: String, faceIndex: Int) -> Bool {
        let key = "\(faceIndex):\(fontPath)"
        if let known = colorFonts[key] { return known }
        if freeType == nil { freeType = FreeTypeFaces() }
        let isColor = freeType?.face(fontPath, faceIndex).map { ($0.pointee.face_flags & FT_Long(FT_FACE_FLAG_COLOR)) != 0 } ?? false
        colorFonts[key] = isColor
        return isColor
    }

    /// A color glyph by index at a pixel size, rasterized into the color texture on first use (needs a GL context).
    package func colorGlyph(fontPath: String, faceIndex: Int, id: UInt32, pixelSize: Int) -> AtlasGlyph? {
        let key = ShapedGlyphKey(fontPath: fontPath, faceIndex: faceIndex, id: id, pixelSize: pixelSize)
        if let g = colorGlyphs[key] { colorPages.touch(g); return g }
        if freeType == nil { freeType = FreeTypeFaces() }
        guard pixelSize > 0, pixelSize < 512, let face = freeType?.face(fontPath, faceIndex) else { return nil }
        guard let drawn = FreeTypeRGBAGlyph(face: face, id: id, pixelSize: pixelSize) else { return nil }
        var g = AtlasGlyph(u0: 0, v0: 0, u1: 0, v1: 0, width: 0, height: 0, bearingX: drawn.bearingX, top: drawn.top,
                           advance: drawn.advance)
        guard drawn.width > 0 else { colorGlyphs[key] = g; return g }
        let (w, h, bytes) = (drawn.width, drawn.height, drawn.rgba)
        guard let place = uploadColor(bytes, width: w, height: h, owner: .color(key)) else { return nil }
        (g.u0, g.v0, g.u1, g.v1) = place
        g.width = w; g.height = h
        colorGlyphs[key] = g
        return g
    }

    /// Puts premultiplied RGBA texels on a color page (GlyphAtlas+Pages.swift: a new page, or the least recently used
    /// one evicted, when the current one is full); nil when the bitmap is taller than a page.
    private func uploadColor(_ bytes: [UInt8], width w: Int, height h: Int, owner: AtlasPage.Owner) -> (Float, Float, Float, Float)? {
        let size = Self.colorAtlasSize
        guard w + 2 <= size, h + 2 <= Self.pageHeight, bytes.count == w * h * 4 else { return nil }
        if colorTexture == 0 {
            glGenTextures(1, &colorTexture)
            let previous = bindColor()
            let zeros = [UInt8](repeating: 0, count: size * size * 4)
            zeros.withUnsafeBytes {
                glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(size), GLsizei(size), 0, GLenum(GL_RGBA),
                             GLenum(GL_UNSIGNED_BYTE), $0.baseAddress)
            }
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_LINEAR)
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_LINEAR)
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
            glBindTexture(GLenum(GL_TEXTURE_2D), previous)
        }
        guard let origin = placeColor(width: w, height: h, owner: owner) else { return nil }
        bytes.withUnsafeBytes {
            writeTexels($0.baseAddress, x: origin.x, y: origin.y, width: w, height: h, texture: colorTexture,
                        format: GLenum(GL_RGBA))
        }
        let s = Float(size)
        rasterizedCount += 1
        return (Float(origin.x) / s, Float(origin.y) / s, Float(origin.x + w) / s, Float(origin.y + h) / s)
    }

    /// Binds the color texture for an upload; returns the binding to restore (GLStateCache.swift's contract).
    private func bindColor() -> GLuint {
        var previous: GLint = 0
        glGetIntegerv(GLenum(GL_TEXTURE_BINDING_2D), &previous)
        glBindTexture(GLenum(GL_TEXTURE_2D), colorTexture)
        return GLuint(previous)
    }
}

/// A glyph drawn by FreeType at a pixel size as premultiplied RGBA (a gray bitmap becomes white with its coverage),
/// a bitmap font's one strike (Noto Color Emoji's 109 ppem) box-filtered down to the size. The color texture and
/// `ShapedTextRasterizer` both draw glyphs with it.
struct FreeTypeRGBAGlyph {
    /// Size in pixels (0 for a glyph with nothing to draw, such as a space).
    var width = 0, height = 0
    /// Pixels from the pen to the bitmap's left edge, and from the baseline to its top (negative: above).
    var bearingX: Int, top: Int
    /// The pen's advance in pixels.
    var advance: Int
    /// Row-major premultiplied RGBA.
    var rgba: [UInt8] = []
    /// Whether FreeType gave color (BGRA) pixels rather than coverage.
    var isColor = false

    init?(face: FT_Face, id: UInt32, pixelSize: Int) {
        let strike: Double
        if face.pointee.num_fixed_sizes > 0 && (face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE)) == 0 {
            guard FT_Select_Size(face, 0) == 0 else { return nil }
            strike = Double(face.pointee.size.pointee.metrics.y_ppem)
        } else {
            guard FT_Set_Pixel_Sizes(face, 0, FT_UInt(pixelSize)) == 0 else { return nil }
            strike = Double(pixelSize)
        }
        guard strike > 0, FT_Load_Glyph(face, id, Int32(FT_LOAD_RENDER) | Int32(FT_LOAD_COLOR)) == 0 else { return nil }
        let slot = face.pointee.glyph.pointee
        let bitmap = slot.bitmap
        let sourceWidth = Int(bitmap.width), sourceHeight = Int(bitmap.rows), pitch = Int(bitmap.pitch)
        let factor = Double(pixelSize) / strike
        bearingX = Int((Double(slot.bitmap_left) * factor).rounded())
        top = -Int((Double(slot.bitmap_top) * factor).rounded())
        advance = Int((Double(slot.advance.x) / 64 * factor).rounded())
        guard sourceWidth > 0, sourceHeight > 0, let buffer = bitmap.buffer else { return }
        let isBGRA = bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue)
        isColor = isBGRA
        /// Premultiplied RGBA of a source texel (a gray bitmap becomes white with its coverage).
        func texel(_ x: Int, _ y: Int) -> (Double, Double, Double, Double) {
            let row = buffer + (pitch >= 0 ? y * pitch : (sourceHeight - 1 - y) * -pitch)
            if isBGRA { return (Double(row[x * 4 + 2]), Double(row[x * 4 + 1]), Double(row[x * 4]), Double(row[x * 4 + 3])) }
            let a = Double(row[x])
            return (a, a, a, a)
        }
        let w = max(1, Int((Double(sourceWidth) * factor).rounded())), h = max(1, Int((Double(sourceHeight) * factor).rounded()))
        var bytes = [UInt8](repeating: 0, count: w * h * 4)
        for y in 0..<h {
            let y0 = min(sourceHeight - 1, Int(Double(y) / factor)), y1 = max(y0 + 1, min(sourceHeight, Int(Double(y + 1) / factor)))
            for x in 0..<w {
                let x0 = min(sourceWidth - 1, Int(Double(x) / factor)), x1 = max(x0 + 1, min(sourceWidth, Int(Double(x + 1) / factor)))
                var sum = (0.0, 0.0, 0.0, 0.0)
                for sy in y0..<y1 { for sx in x0..<x1 { let t = texel(sx, sy); sum.0 += t.0; sum.1 += t.1; sum.2 += t.2; sum.3 += t.3 } }
                let n = Double((y1 - y0) * (x1 - x0)), i = (y * w + x) * 4
                bytes[i] = UInt8(min(255, sum.0 / n)); bytes[i + 1] = UInt8(min(255, sum.1 / n))
                bytes[i + 2] = UInt8(min(255, sum.2 / n)); bytes[i + 3] = UInt8(min(255, sum.3 / n))
            }
        }
        (width, height, rgba) = (w, h, bytes)
    }
}
