// The glyph atlas's pages: each texture's rows (the R8 coverage texture and the RGBA color texture) are cut into
// bands of `pageHeight` rows, opened one after another as glyphs arrive and packed with shelves. When every page of a
// texture is open and the current one is full, the page whose glyphs were looked up least recently is evicted: its
// glyphs are dropped (they re-rasterize on their next lookup), its rows cleared, and packing goes on there. The other
// pages keep their glyphs, so typing thousands of distinct CJK glyphs or emoji re-rasterizes only what went out of
// use, in bounded memory. An eviction changes `resetCount`, so cached tessellations (DrawListTessellator,
// GLOverlayRenderer) look their glyphs up again.
import CGL
import GlasspaneDraw

/// One band of a texture's rows and what is packed in it.
struct AtlasPage {
    /// A glyph a page holds, by the key it is cached under.
    enum Owner: Hashable {
        case scalar(GlyphAtlas.GlyphKey), shaped(ShapedGlyphKey), color(ShapedGlyphKey)
        /// A run's composed bitmap (GlyphAtlas+Runs.swift).
        case run(GlyphAtlas.RunKey)
    }
    /// The page's first row in the texture.
    var top: Int
    /// The shelf being filled: its left edge, top row and height so far.
    var shelfX = 1, shelfY: Int, shelfHeight = 0
    /// The use clock at the last lookup of one of its glyphs.
    var lastUse: UInt64 = 0
    /// The glyphs packed in it (dropped from the caches when it is evicted).
    var owners: [Owner] = []

    init(top: Int) { self.top = top; shelfY = top + 1 }
}

/// The pages of a band of a texture's rows (all of a square texture's, or the run pages below the glyph pages): which
/// are open, the one being filled, and the clock that dates lookups.
struct AtlasPageSet {
    /// The texture's width in texels.
    let textureSize: Int
    /// Rows per page.
    let pageHeight: Int
    /// The band's first row, and its rows.
    let firstRow: Int, rows: Int
    /// The texture's height in texels (texture coordinates are divided by it).
    let textureHeight: Int
    private(set) var pages: [AtlasPage] = []
    private var current = -1
    private var useClock: UInt64 = 0

    /// The most pages: the whole band.
    var budget: Int { rows / pageHeight }
    /// Pages open now.
    var count: Int { pages.count }

    /// The pages of a square texture, all its rows.
    init(textureSize: Int, pageHeight: Int) {
        self.init(textureSize: textureSize, pageHeight: pageHeight, firstRow: 0, rows: textureSize,
                  textureHeight: textureSize)
    }

    /// The pages of `rows` rows from `firstRow` of a `textureSize`-wide, `textureHeight`-tall texture.
    init(textureSize: Int, pageHeight: Int, firstRow: Int, rows: Int, textureHeight: Int) {
        self.textureSize = textureSize; self.pageHeight = pageHeight
        self.firstRow = firstRow; self.rows = rows; self.textureHeight = textureHeight
    }

    /// The page a glyph's texels are on (nil for a glyph with no bitmap, such as a space).
    func page(of glyph: AtlasGlyph) -> Int? {
        guard glyph.height > 0 else { return nil }
        let row = Int((glyph.v0 * Float(textureHeight)).rounded()) - firstRow
        guard row >= 0 else { return nil }
        let page = row / pageHeight
        return page < pages.count ? page : nil
    }

    /// Marks a glyph's page used now.
    mutating func touch(_ glyph: AtlasGlyph) {
        guard let page = page(of: glyph) else { return }
        useClock &+= 1
        pages[page].lastUse = useClock
    }

    /// Marks the pages of a bit set used now (an ASCII table's pages).
    mutating func touchPages(_ bits: UInt64) {
        guard bits != 0 else { return }
        useClock &+= 1
        for page in pages.indices where bits & (1 << UInt64(page)) != 0 { pages[page].lastUse = useClock }
    }

    /// Room for a `w` x `h` bitmap: on the current page's shelf, a new shelf, a new page, or the least recently used
    /// page emptied, whose index and glyphs come back in `evicted` (the caller drops them and clears the rows).
    /// Nil when it is taller than a page or wider than the texture.
    mutating func place(width w: Int, height h: Int, owner: AtlasPage.Owner?)
        -> (x: Int, y: Int, evicted: (index: Int, owners: [AtlasPage.Owner])?)? {
        guard w > 0, h > 0, w + 2 <= textureSize, h + 2 <= pageHeight else { return nil }
        var evicted: (index: Int, owners: [AtlasPage.Owner])?
        if current < 0 || !fits(w, h, on: current) {
            if pages.count < budget {
                pages.append(AtlasPage(top: firstRow + pages.count * pageHeight))
                current = pages.count - 1
            } else {
                var oldest = 0
                for i in pages.indices where pages[i].lastUse < pages[oldest].lastUse { oldest = i }
                evicted = (oldest, pages[oldest].owners)
                pages[oldest] = AtlasPage(top: pages[oldest].top)
                current = oldest
            }
            _ = fits(w, h, on: current)  // opens the first shelf of the fresh page
        }
        // In place: a copy of the page would copy its owners on the append (a run page holds hundreds).
        let origin = (x: pages[current].shelfX, y: pages[current].shelfY)
        pages[current].shelfX += w + 1
        pages[current].shelfHeight = max(pages[current].shelfHeight, h)
        useClock &+= 1
        pages[current].lastUse = useClock
        if let owner { pages[current].owners.append(owner) }
        return (origin.x, origin.y, evicted)
    }

    /// Whether the bitmap fits on page `index`, starting a new shelf there when the current one is out of width.
    private mutating func fits(_ w: Int, _ h: Int, on index: Int) -> Bool {
        var (shelfX, shelfY, shelfHeight) = (pages[index].shelfX, pages[index].shelfY, pages[index].shelfHeight)
        if shelfX + w + 1 > textureSize { shelfX = 1; shelfY += shelfHeight + 1; shelfHeight = 0 }
        guard shelfY + h + 1 <= pages[index].top + pageHeight else { return false }
        (pages[index].shelfX, pages[index].shelfY, pages[index].shelfHeight) = (shelfX, shelfY, shelfHeight)
        return true
    }
}

extension GlyphAtlas {
    /// Rows per page, in both textures.
    package static let pageHeight = 256
    /// The most coverage pages: the whole texture (`atlasSize` / `pageHeight` = 4 pages of 256 KiB, 1 MiB in all).
    package var pageBudget: Int { grayPages.budget }
    /// Coverage pages open now.
    package var pageCount: Int { grayPages.count }
    /// Bytes of the coverage texture in open pages (one byte per texel).
    package var pageBytes: Int { grayPages.count * atlasSize * Self.pageHeight }
    /// The most color pages (4 of 1 MiB: the color texture is RGBA, 4 MiB in all).
    package var colorPageBudget: Int { colorPages.budget }
    /// Color pages open now.
    package var colorPageCount: Int { colorPages.count }

    /// The coverage page a glyph's texels are on.
    func page(of glyph: AtlasGlyph) -> Int? { grayPages.page(of: glyph) }
    /// Marks a coverage glyph's page used now.
    func touch(_ glyph: AtlasGlyph) { grayPages.touch(glyph) }
    /// Marks the coverage pages of a bit set used now (an ASCII table's pages).
    func touchPages(_ bits: UInt64) { grayPages.touchPages(bits) }

    /// Room on the coverage texture (made now if needed), evicting its least recently used page when full.
    func place(width w: Int, height h: Int, owner: AtlasPage.Owner?) -> (x: Int, y: Int)? {
        guard w > 0, h > 0, w + 2 <= atlasSize, h + 2 <= Self.pageHeight else { return nil }
        ensureTexture()
        guard let spot = grayPages.place(width: w, height: h, owner: owner) else { return nil }
        if let evicted = spot.evicted {
            drop(evicted.owners)
            for case let table? in asciiTables { table.pageBits &= ~(1 << UInt64(evicted.index)) }
            clearRows(of: evicted.index, texture: texture, size: atlasSize, bytesPerTexel: 1, format: GLenum(GL_RED))
        }
        return (spot.x, spot.y)
    }

    /// Room on the color texture, evicting its least recently used page when full (the texture exists already).
    func placeColor(width w: Int, height h: Int, owner: AtlasPage.Owner) -> (x: Int, y: Int)? {
        guard let spot = colorPages.place(width: w, height: h, owner: owner) else { return nil }
        if let evicted = spot.evicted {
            drop(evicted.owners)
            clearRows(of: evicted.index, texture: colorTexture, size: Self.colorAtlasSize, bytesPerTexel: 4, format: GLenum(GL_RGBA))
        }
        return (spot.x, spot.y)
    }

    /// Drops an evicted page's glyphs from every cache.
    func drop(_ owners: [AtlasPage.Owner]) {
        for owner in owners {
            switch owner {
            case .run(let key): runImages.removeValue(forKey: key)
            case .shaped(let key): shapedGlyphs.removeValue(forKey: key)
            case .color(let key): colorGlyphs.removeValue(forKey: key)
            case .scalar(let key):
                glyphs.removeValue(forKey: key)
                if key.scalar < 128, key.pixelSize < asciiTables.count, let table = asciiTables[key.pixelSize] {
                    table.glyphs[Int(key.scalar)] = nil
                }
            }
        }
        // Runs name their glyphs by place in the texture: a glyph page's places now hold other glyphs.
        if owners.contains(where: { if case .run = $0 { false } else { true } }) { runImages.removeAll() }
        evictionCount += 1
        bumpResetCount()
    }

    /// Clears an evicted page's rows, so a new glyph's linear filtering at its edges never picks up an old glyph's texels.
    func clearRows(of page: Int, texture: GLuint, size: Int, bytesPerTexel: Int, format: GLenum, firstRow: Int = 0) {
        let zeros = [UInt8](repeating: 0, count: size * Self.pageHeight * bytesPerTexel)
        var previous: GLint = 0
        glGetIntegerv(GLenum(GL_TEXTURE_BINDING_2D), &previous)
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), 0)
        zeros.withUnsafeBytes {
            glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, 0, GLint(firstRow + page * Self.pageHeight), GLsizei(size),
                            GLsizei(Self.pageHeight),
                            format, GLenum(GL_UNSIGNED_BYTE), $0.baseAddress)
        }
        glBindTexture(GLenum(GL_TEXTURE_2D), GLuint(previous))
    }
}
