// Text for the overlay: glyphs rasterized by SDL2_ttf (FreeType), packed into one GL texture on demand,
// measured with the same advances the renderer uses so layout and drawing agree.
import CGL
import CSDL2
import GlasspaneCore
import GlasspaneDraw
import GlasspaneText

/// Why a font could not be used.
public enum FontError: Error, Equatable, CustomStringConvertible {
    /// SDL_ttf could not start.
    case initFailed(String)
    /// The font file is missing or not a font SDL_ttf can read.
    case openFailed(path: String, reason: String)

    /// A stable identifier.
    public var identifier: String {
        switch self {
        case .initFailed: "ttf-init-failed"
        case .openFailed: "font-open-failed"
        }
    }

    /// A message naming the file.
    public var description: String {
        switch self {
        case .initFailed(let m): "SDL_ttf could not start: \(m)"
        case .openFailed(let p, let r): "cannot open font \(p): \(r) (install fonts-dejavu-core, or pass --font PATH)"
        }
    }
}

/// Rasterizes and caches glyphs in an R8 texture; measures text. Not thread-safe; use on the render thread.
public final class GlyphAtlas: FontMetrics, GlyphSource {
    /// The Debian font used when none is given.
    public static let defaultFontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    /// The font file.
    public let fontPath: String
    /// Pixels per point: text is rasterized at `fontSize * scale` pixels so it is crisp on high-DPI screens.
    public var scale: Double = 1 {
        didSet { if scale != oldValue { measurementVersion += 1; reset() } }
    }
    /// Changes with `scale`: text is measured from the fonts at `fontSize * scale` pixels, so widths remembered
    /// before (a text field's, a label's) are stale.
    public private(set) var measurementVersion: UInt64 = 0
    /// The GL texture holding the glyphs (0 until a GL context asked for a glyph).
    public private(set) var texture: GLuint = 0
    /// How many glyphs were rasterized so far (for tests of caching).
    public internal(set) var rasterizedCount = 0
    /// How many times the atlas started over (full, or a new scale): glyph coordinates taken before are stale.
    public private(set) var resetCount = 0

    private var fonts: [Int: OpaquePointer] = [:]
    var glyphs: [GlyphKey: AtlasGlyph] = [:]
    private var advances: [GlyphKey: Int] = [:]
    private var lineSkips: [Int: Int] = [:]
    /// The glyphs' part of the texture is `atlasSize` x `atlasSize` one-byte texels (1 MiB), packed page by page
    /// (GlyphAtlas+Pages.swift); composed runs take `runRows` rows more below it (GlyphAtlas+Runs.swift).
    package let atlasSize = GlyphAtlas.atlasSide
    static let atlasSide = 1024
    /// The texture's height: the glyph pages and the run pages.
    var textureHeight: Int { atlasSize + Self.runRows }
    /// Each coverage glyph's bitmap as uploaded, one after another (`AtlasGlyph.bitmap` is where): runs are composed
    /// from them (GlyphAtlas+Runs.swift).
    var bitmaps: [UInt8] = []
    /// Composed runs by their glyphs and places, and the pages they are packed in (GlyphAtlas+Runs.swift).
    var runImages: [RunKey: RunEntry] = [:]
    var runPages = GlyphAtlas.makeRunPages()
    /// A run's cells and bitmap while it is looked up and composed (reused).
    var runCells: [Int32] = []
    var runScratch: [UInt8] = []
    /// Whether a line of coverage glyphs is drawn as one quad of its composed bitmap (GlyphAtlas+Runs.swift). Nil,
    /// the default, decides when the texture is made: yes on a CPU rasterizer (llvmpipe), where every quad costs the
    /// frame thread its triangles' setup and binning; no on a GPU, where composing would only add CPU work.
    public var composesRuns: Bool?
    /// What `composesRuns` nil means in the current context (set when the texture is made).
    var rasterizesOnCPU = false
    /// How many runs were composed (tests of caching).
    package internal(set) var composedRunCount = 0
    /// Whether composing blends every glyph, even one that lands on zeros (tests compare the rows copied whole with it).
    package var blendsEveryComposedGlyph = false
    /// Glyphs composed by copying their rows, and by blending them over those before (tests).
    package internal(set) var composedGlyphsCopied = 0, composedGlyphsBlended = 0
    /// The coverage texture's pages (GlyphAtlas+Pages.swift).
    var grayPages = GlyphAtlas.makeGlyphPages()
    /// How many times a page was evicted (its glyphs dropped to make room) since the atlas was made.
    public internal(set) var evictionCount = 0
    private var staging: [UInt8] = []
    /// Shaped glyphs by (font, face, glyph id, pixel size), and the FreeType faces that draw them (GlyphAtlas+Shaped.swift).
    var shapedGlyphs: [ShapedGlyphKey: AtlasGlyph] = [:]
    var freeType: FreeTypeFaces?
    /// The paragraph engine, made on the first paragraph (its fonts open lazily), never for one-line labels.
    var paragraphEngine: TextLayoutEngine?
    /// Color glyphs (emoji) in their own premultiplied RGBA texture, made on the first one (GlyphAtlas+Color.swift).
    var colorGlyphs: [ShapedGlyphKey: AtlasGlyph] = [:]
    /// The RGBA texture of color glyphs (0 until one was drawn).
    package var colorTexture: GLuint = 0
    /// The color texture's pages, least recently used evicted when full, as the coverage texture's.
    var colorPages = AtlasPageSet(textureSize: GlyphAtlas.colorAtlasSize, pageHeight: GlyphAtlas.pageHeight)
    var colorFonts: [String: Bool] = [:]
    /// The font fallback chain paragraphs use; nil: Debian's default chain with `fontPath` first.
    public var fallbackFonts: [FallbackFont]?

    struct GlyphKey: Hashable { var scalar: UInt32; var pixelSize: Int }

    /// ASCII glyphs and advances of one pixel size by index: a frame that repaints the picker looks up a few
    /// hundred of them, and hashing a key per glyph cost more than drawing it.
    final class ASCIITable {
        var glyphs = [AtlasGlyph?](repeating: nil, count: 128)
        var advances = [Int](repeating: -1, count: 128)
        var lineSkip = -1
        /// The pages its glyphs are on, one bit each: a lookup of the table marks them used.
        var pageBits: UInt64 = 0
    }
    /// Indexed by pixel size (a view's text sizes alternate within a frame, so no hashing here either).
    var asciiTables: [ASCIITable?] = []

    func asciiTable(_ pixelSize: Int) -> ASCIITable {
        if pixelSize < asciiTables.count, let table = asciiTables[pixelSize] { return table }
        let table = ASCIITable()
        // Sizes past the atlas's own size cannot be in it: a throwaway table, filled from the dictionaries.
        guard pixelSize < atlasSize else { return table }
        if pixelSize >= asciiTables.count { asciiTables.append(contentsOf: repeatElement(nil, count: pixelSize + 1 - asciiTables.count)) }
        asciiTables[pixelSize] = table
        return table
    }

    /// Opens the font (checked once here, so a bad path fails early with its name).
    public init(fontPath: String = GlyphAtlas.defaultFontPath) throws(FontError) {
        if TTF_WasInit() == 0 && TTF_Init() != 0 { throw .initFailed(String(cString: SDL_GetError())) }
        self.fontPath = fontPath
        guard let probe = TTF_OpenFont(fontPath, 16) else {
            throw .openFailed(path: fontPath, reason: String(cString: SDL_GetError()))
        }
        fonts[16] = probe
    }

    deinit {
        for f in fonts.values { TTF_CloseFont(f) }
        if texture != 0 { var t = texture; glDeleteTextures(1, &t) }
        if colorTexture != 0 { var t = colorTexture; glDeleteTextures(1, &t) }
    }

    /// The pixel size used for a point size at the current scale.
    package func pixelSize(for fontSize: Double) -> Int { max(1, Int((fontSize * scale).rounded())) }

    /// The font's ascent at `fontSize` points: the baseline's depth below the top of a measured line.
    public func ascent(fontSize: Double) -> Double {
        Double(ascent(pixelSize: pixelSize(for: fontSize))) / scale
    }

    func font(pixelSize: Int) -> OpaquePointer? {
        if let f = fonts[pixelSize] { return f }
        guard let f = TTF_OpenFont(fontPath, Int32(pixelSize)) else { return nil }
        TTF_SetFontHinting(f, TTF_HINTING_LIGHT)
        fonts[pixelSize] = f
        return f
    }

    /// Ascent in pixels at a pixel size: the baseline's distance below the line box's top.
    func ascent(pixelSize: Int) -> Int { font(pixelSize: pixelSize).map { Int(TTF_FontAscent($0)) } ?? pixelSize }

    /// The advance of one glyph in pixels (no rasterization), cached: layout measures labels every time they change.
    func advance(of scalar: Unicode.Scalar, pixelSize: Int) -> Int {
        if scalar.value < 128 {
            let table = asciiTable(pixelSize)
            let cached = table.advances[Int(scalar.value)]
            if cached >= 0 { return cached }
            let value = slowAdvance(of: scalar, pixelSize: pixelSize)
            table.advances[Int(scalar.value)] = value
            return value
        }
        return slowAdvance(of: scalar, pixelSize: pixelSize)
    }

    private func slowAdvance(of scalar: Unicode.Scalar, pixelSize: Int) -> Int {
        let key = GlyphKey(scalar: scalar.value, pixelSize: pixelSize)
        if let cached = advances[key] { return cached }
        guard let f = font(pixelSize: pixelSize) else { return 0 }
        var minX: Int32 = 0, maxX: Int32 = 0, minY: Int32 = 0, maxY: Int32 = 0, adv: Int32 = 0
        let value = TTF_GlyphMetrics32(f, scalar.value, &minX, &maxX, &minY, &maxY, &adv) != 0 ? 0 : Int(adv)
        advances[key] = value
        return value
    }

    /// Line skip in pixels at a pixel size, cached.
    func lineSkip(pixelSize: Int) -> Int {
        let table = asciiTable(pixelSize)
        if table.lineSkip >= 0 { return table.lineSkip }
        if let cached = lineSkips[pixelSize] { table.lineSkip = cached; return cached }
        let value = font(pixelSize: pixelSize).map { Int(TTF_FontLineSkip($0)) } ?? pixelSize
        lineSkips[pixelSize] = value
        table.lineSkip = value
        return value
    }

    /// Width and line height of `text` in points, from the glyph advances at the current scale.
    public func measure(_ text: String, fontSize: Double) -> Size {
        let px = pixelSize(for: fontSize)
        // ASCII text whose advances are known: bytes and one array, no per-character lookup or access check.
        let advances = asciiTable(px).advances
        var width = 0, known = true
        for byte in text.utf8 {
            guard byte < 128, advances[Int(byte)] >= 0 else { known = false; break }
            width += advances[Int(byte)]
        }
        if !known {
            width = 0
            for s in text.unicodeScalars { width += advance(of: s, pixelSize: px) }
        }
        return Size(width: Double(width) / scale, height: Double(lineSkip(pixelSize: px)) / scale)
    }

    /// The ASCII glyphs of a pixel size already in the atlas, by scalar value (nil: not rasterized yet, use `glyph`).
    package func asciiGlyphs(pixelSize: Int) -> [AtlasGlyph?] {
        let table = asciiTable(pixelSize)
        touchPages(table.pageBits)
        return table.glyphs
    }

    /// The glyph for a scalar at a pixel size, rasterized into the atlas on first use (needs a GL context).
    package func glyph(_ scalar: Unicode.Scalar, pixelSize: Int) -> AtlasGlyph? {
        if scalar.value < 128 {
            let table = asciiTable(pixelSize)
            if let g = table.glyphs[Int(scalar.value)] { touch(g); return g }
            let g = slowGlyph(scalar, pixelSize: pixelSize)
            // Looked up again: rasterizing may have filled the atlas and reset every table.
            if let g {
                let table = asciiTable(pixelSize)
                table.glyphs[Int(scalar.value)] = g
                if let page = page(of: g) { table.pageBits |= 1 << UInt64(page) }
            }
            return g
        }
        return slowGlyph(scalar, pixelSize: pixelSize)
    }

    private func slowGlyph(_ scalar: Unicode.Scalar, pixelSize: Int) -> AtlasGlyph? {
        let key = GlyphKey(scalar: scalar.value, pixelSize: pixelSize)
        if let g = glyphs[key] { touch(g); return g }
        guard let f = font(pixelSize: pixelSize) else { return nil }
        var minX: Int32 = 0, maxX: Int32 = 0, minY: Int32 = 0, maxY: Int32 = 0, adv: Int32 = 0
        guard TTF_GlyphMetrics32(f, scalar.value, &minX, &maxX, &minY, &maxY, &adv) == 0 else { return nil }
        var g = AtlasGlyph(u0: 0, v0: 0, u1: 0, v1: 0, width: 0, height: 0, bearingX: 0, top: 0, advance: Int(adv))
        // Whitespace has an advance and nothing to draw.
        if scalar.properties.isWhitespace { glyphs[key] = g; return g }
        guard let surface = TTF_RenderGlyph32_Blended(f, scalar.value, SDL_Color(r: 255, g: 255, b: 255, a: 255)) else { return nil }
        defer { SDL_FreeSurface(surface) }
        guard let argb = SDL_ConvertSurfaceFormat(surface, UInt32(SDL_PIXELFORMAT_ARGB8888.rawValue), 0) else { return nil }
        defer { SDL_FreeSurface(argb) }
        let w = Int(argb.pointee.w), h = Int(argb.pointee.h), pitch = Int(argb.pointee.pitch)
        staging.removeAll(keepingCapacity: true)
        staging.reserveCapacity(w * h)
        let pixels = argb.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        for y in 0..<h { for x in 0..<w { staging.append(UInt8(truncatingIfNeeded: pixels[y * (pitch / 4) + x] >> 24)) } }
        guard let place = upload(staging, width: w, height: h, owner: .scalar(key)) else { return nil }
        (g.u0, g.v0, g.u1, g.v1) = place
        g.bitmap = keepBitmap(staging, width: w, height: h)
        g.width = w; g.height = h
        // The rendered surface spans the font's full line height: its top is the line box top.
        g.bearingX = 0; g.top = 0
        glyphs[key] = g
        return g
    }

    /// Puts a coverage bitmap (one byte per texel, `width` x `height`) on a page's shelf (GlyphAtlas+Pages.swift: a
    /// new page, or the least recently used one evicted, when the current one is full); returns its texture
    /// coordinates (u0, v0, u1, v1), nil when it is taller than a page or wider than the atlas. `owner` is the glyph
    /// the bitmap belongs to, dropped when its page is evicted.
    func upload(_ bytes: [UInt8], width w: Int, height h: Int, owner: AtlasPage.Owner? = nil) -> (Float, Float, Float, Float)? {
        guard bytes.count == w * h, let origin = place(width: w, height: h, owner: owner) else { return nil }
        bytes.withUnsafeBytes { writeTexels($0.baseAddress, x: origin.x, y: origin.y, width: w, height: h) }
        rasterizedCount += 1
        return textureCoordinates(x: origin.x, y: origin.y, width: w, height: h)
    }

    /// Texture coordinates of a `width` x `height` bitmap at texel (x, y).
    func textureCoordinates(x: Int, y: Int, width w: Int, height h: Int) -> (Float, Float, Float, Float) {
        let sx = Float(atlasSize), sy = Float(textureHeight)
        return (Float(x) / sx, Float(y) / sy, Float(x + w) / sx, Float(y + h) / sy)
    }

    /// Reserves a row of `width` texels (a bar graph's levels) and returns its left texel; nil when it cannot fit
    /// the atlas's width. It goes on a page like a glyph (`resetCount` changes when a page is evicted).
    package func reserveRow(width: Int) -> (x: Int, y: Int)? {
        guard width > 0 else { return nil }
        return place(width: width, height: 1, owner: nil)
    }

    /// Writes texels into a row `reserveRow` gave.
    package func writeRow(at origin: (x: Int, y: Int), _ bytes: [UInt8]) {
        guard texture != 0, !bytes.isEmpty else { return }
        bytes.withUnsafeBytes { writeTexels($0.baseAddress, x: origin.x, y: origin.y, width: bytes.count, height: 1) }
    }

    /// Writes a `width` x `height` bitmap, rows packed, at texel (x, y) of `texture` (the coverage texture unless
    /// given) in `format`, and puts the caller's texture binding back (the renderers' state caches rely on it).
    func writeTexels(_ pixels: UnsafeRawPointer?, x: Int, y: Int, width w: Int, height h: Int,
                     texture target: GLuint? = nil, format: GLenum = GLenum(GL_RED)) {
        var previous: GLint = 0
        glGetIntegerv(GLenum(GL_TEXTURE_BINDING_2D), &previous)
        glBindTexture(GLenum(GL_TEXTURE_2D), target ?? texture)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), 0)
        glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, GLint(x), GLint(y), GLsizei(w), GLsizei(h), format,
                        GLenum(GL_UNSIGNED_BYTE), pixels)
        glBindTexture(GLenum(GL_TEXTURE_2D), GLuint(previous))
    }

    /// Binds the atlas texture for an upload and returns the binding to put back: glyphs are rasterized on first
    /// use, in the middle of a frame, and the renderers' state caches must not be contradicted (GLStateCache.swift).
    func bind() -> GLuint {
        var previous: GLint = 0
        glGetIntegerv(GLenum(GL_TEXTURE_BINDING_2D), &previous)
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        return GLuint(previous)
    }

    /// Creates the atlas texture when there is none yet.
    package func ensureTexture() {
        guard texture == 0 else { return }
        rasterizesOnCPU = glGetString(GLenum(GL_RENDERER))
            .map { SoftwareRasterizer.isNamed(by: String(cString: $0)) } ?? false
        glGenTextures(1, &texture)
        let previous = bind()
        defer { glBindTexture(GLenum(GL_TEXTURE_2D), previous) }
        let zeros = [UInt8](repeating: 0, count: atlasSize * textureHeight)
        zeros.withUnsafeBytes {
            glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_R8, GLsizei(atlasSize), GLsizei(textureHeight), 0, GLenum(GL_RED),
                         GLenum(GL_UNSIGNED_BYTE), $0.baseAddress)
        }
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_LINEAR)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_LINEAR)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        checkGLError("glyph atlas")
    }

    /// Says that glyph coordinates taken before may be stale (a page was evicted).
    func bumpResetCount() { resetCount += 1 }

    func reset() {
        resetCount += 1
        glyphs.removeAll()
        shapedGlyphs.removeAll()
        colorGlyphs.removeAll()
        colorPages = AtlasPageSet(textureSize: Self.colorAtlasSize, pageHeight: Self.pageHeight)
        if colorTexture != 0 { glDeleteTextures(1, &colorTexture); colorTexture = 0 }
        // Advances do not depend on the atlas, but every table goes with it (`scale` resets too: new pixel sizes).
        asciiTables.removeAll()
        grayPages = Self.makeGlyphPages()
        runImages.removeAll()
        runPages = Self.makeRunPages()
        bitmaps.removeAll()
        if texture != 0 { glDeleteTextures(1, &texture); texture = 0 }
    }
}
