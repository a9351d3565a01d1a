// The glyph atlas's pages: the R8 texture's rows are cut into `pageBudget` bands of `pageHeight` rows, opened one
// after another as glyphs arrive and packed with shelves. When every page is open and the current one is full, the
// page whose glyphs were looked up least recently is evicted: its glyphs are dropped (they re-rasterize on their next
// lookup), its rows cleared, and packing goes on there. The other pages keep their glyphs, so typing thousands of
// distinct CJK glyphs re-rasterizes only what went out of use, in bounded memory. An eviction changes `resetCount`, so
// cached tessellations (DrawListTessellator, GLOverlayRenderer) look their glyphs up again.
import CGL
import GlasspaneDraw

/// One band of the atlas's rows and what is packed in it.
struct AtlasPage {
    /// A glyph a page holds, by the key it is cached under.
    enum Owner: Hashable { case scalar(GlyphAtlas.GlyphKey), shaped(ShapedGlyphKey) }
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

extension GlyphAtlas {
    /// Rows per page.
    package static let pageHeight = 256
    /// The most pages: the whole texture (`atlasSize` / `pageHeight` = 4 pages of 256 KiB, 1 MiB in all).
    package var pageBudget: Int { atlasSize / Self.pageHeight }
    /// Pages open now.
    package var pageCount: Int { pages.count }
    /// Bytes of the texture in open pages (one byte per texel).
    package var pageBytes: Int { pages.count * atlasSize * Self.pageHeight }

    /// The page a glyph's texels are on (nil for a glyph with no bitmap, such as a space).
    func page(of glyph: AtlasGlyph) -> Int? {
        guard glyph.height > 0 else { return nil }
        let page = Int(glyph.v0 * Float(atlasSize)) / Self.pageHeight
        return page < pages.count ? page : nil
    }

    /// Marks a glyph's page used now.
    func touch(_ glyph: AtlasGlyph) {
        guard let page = page(of: glyph) else { return }
        useClock &+= 1
        pages[page].lastUse = useClock
    }

    /// Marks the pages of a bit set used now (an ASCII table's pages).
    func touchPages(_ bits: UInt64) {
        guard bits != 0 else { return }
        useClock &+= 1
        for page in pages.indices where bits & (1 << UInt64(page)) != 0 { pages[page].lastUse = useClock }
    }

    /// Room for a `w` x `h` bitmap: on the current page's shelf, a new shelf, a new page, or the least recently used
    /// page evicted. Nil when it is taller than a page or wider than the atlas.
    func place(width w: Int, height h: Int, owner: AtlasPage.Owner?) -> (x: Int, y: Int)? {
        guard w > 0, h > 0, w + 2 <= atlasSize, h + 2 <= Self.pageHeight else { return nil }
        ensureTexture()
        if currentPage < 0 || !fits(w, h, on: currentPage) {
            if pages.count < pageBudget {
                pages.append(AtlasPage(top: pages.count * Self.pageHeight))
                currentPage = pages.count - 1
            } else {
                var oldest = 0
                for i in pages.indices where pages[i].lastUse < pages[oldest].lastUse { oldest = i }
                evict(page: oldest)
                currentPage = oldest
            }
            _ = fits(w, h, on: currentPage)  // opens the first shelf of the fresh page
        }
        var page = pages[currentPage]
        let origin = (x: page.shelfX, y: page.shelfY)
        page.shelfX += w + 1
        page.shelfHeight = max(page.shelfHeight, h)
        useClock &+= 1
        page.lastUse = useClock
        if let owner { page.owners.append(owner) }
        pages[currentPage] = page
        return origin
    }

    /// Whether the bitmap fits on page `index`, starting a new shelf there when the current one is out of width.
    private func fits(_ w: Int, _ h: Int, on index: Int) -> Bool {
        var page = pages[index]
        if page.shelfX + w + 1 > atlasSize { page.shelfX = 1; page.shelfY += page.shelfHeight + 1; page.shelfHeight = 0 }
        guard page.shelfY + h + 1 <= page.top + Self.pageHeight else { return false }
        pages[index] = page
        return true
    }

    /// Drops a page's glyphs from every cache, clears its rows and starts it empty.
    func evict(page index: Int) {
        for owner in pages[index].owners {
            switch owner {
            case .shaped(let key): shapedGlyphs.removeValue(forKey: key)
            case .scalar(let key):
                glyphs.removeValue(forKey: key)
                if key.scalar < 128, key.pixelSize < asciiTables.count, let table = asciiTables[key.pixelSize] {
                    table.glyphs[Int(key.scalar)] = nil
                }
            }
        }
        for case let table? in asciiTables { table.pageBits &= ~(1 << UInt64(index)) }
        let top = pages[index].top
        pages[index] = AtlasPage(top: top)
        // Cleared, so a new glyph's linear filtering at its edges never picks up an old glyph's texels.
        let zeros = [UInt8](repeating: 0, count: atlasSize * Self.pageHeight)
        let previous = bind()
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), 0)
        zeros.withUnsafeBytes {
            glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, 0, GLint(top), GLsizei(atlasSize), GLsizei(Self.pageHeight),
                            GLenum(GL_RED), GLenum(GL_UNSIGNED_BYTE), $0.baseAddress)
        }
        glBindTexture(GLenum(GL_TEXTURE_2D), previous)
        evictionCount += 1
        bumpResetCount()
    }
}
