// Composed runs: a line of coverage glyphs copied into one bitmap of the atlas texture, so the tessellator draws a
// label with one quad instead of one a glyph. On llvmpipe each quad's triangles cost the frame thread about 0.13 µs
// of setup and binning, whatever its size, so a scrolled list's text was most of its draw call (docs/overlay.md,
// "Text as one quad a run"). The runs live in pages of their own below the glyph pages (the same texture, so they
// batch with everything else), least recently used evicted when full; glyph pages are never evicted for them.
import CGL
import GlasspaneDraw

extension GlyphAtlas {
    /// Rows of the texture for composed runs, below the glyph pages' `atlasSize` rows (4 pages, 1 MiB).
    static let runRows = 1024
    /// Runs of more glyphs are drawn glyph by glyph (a paragraph's long line is rarely drawn again as it was).
    package static let maximumRunGlyphs = 256

    /// A composed run: what it shows (each glyph's place in the glyph pages and its offset from the run's first
    /// glyph, four numbers a glyph) and its bitmap. Places identify glyphs only while their page lasts: evicting a
    /// glyph page drops every run.
    struct RunEntry { var cells: [Int32]; var image: AtlasGlyph }
    /// The most bytes of glyph bitmaps kept for composing (an evicted glyph's stay until the atlas starts over);
    /// glyphs rasterized past it are drawn one by one. Only thousands of distinct CJK glyphs reach it.
    static let maximumBitmapBytes = 8 << 20

    /// Keeps a coverage glyph's bitmap for composing runs and returns where (`AtlasGlyph.bitmap`): its first and
    /// last rows with ink (SDL_ttf's bitmaps span the whole line) as two 16-bit numbers, then those rows. One array
    /// for all glyphs, so composing reads each glyph's few cache lines and no object header.
    func keepBitmap(_ bytes: [UInt8], width w: Int, height h: Int) -> Int32 {
        guard w > 0, h > 0, bytes.count == w * h, h < 1 << 16, bitmaps.count + w * h + 4 <= Self.maximumBitmapBytes
        else { return -1 }
        var top = h, bottom = 0
        for y in 0..<h where bytes[(y * w)..<(y * w + w)].contains(where: { $0 != 0 }) {
            top = min(top, y)
            bottom = y + 1
        }
        if top >= bottom { top = 0; bottom = 0 }
        let at = bitmaps.count
        bitmaps.append(UInt8(top & 0xff)); bitmaps.append(UInt8(top >> 8))
        bitmaps.append(UInt8(bottom & 0xff)); bitmaps.append(UInt8(bottom >> 8))
        bitmaps.append(contentsOf: bytes[(top * w)..<(bottom * w)])
        return Int32(at)
    }

    /// Runs are found by a 64-bit digest of their cells (hashing the cells with `Hasher` cost more than composing);
    /// the entry's cells are compared, so two runs with one digest only miss the cache.
    typealias RunKey = UInt64

    static func makeGlyphPages() -> AtlasPageSet {
        AtlasPageSet(textureSize: atlasSide, pageHeight: pageHeight, firstRow: 0, rows: atlasSide,
                     textureHeight: atlasSide + runRows)
    }

    static func makeRunPages() -> AtlasPageSet {
        AtlasPageSet(textureSize: atlasSide, pageHeight: pageHeight, firstRow: atlasSide, rows: runRows,
                     textureHeight: atlasSide + runRows)
    }

    /// Run pages open now (tests).
    package var runPageCount: Int { runPages.count }

    /// Packs runs in `pages` pages from now on, forgetting those composed (tests reach evictions sooner).
    package func limitRunPages(to pages: Int) {
        runPages = AtlasPageSet(textureSize: atlasSize, pageHeight: Self.pageHeight, firstRow: atlasSize,
                                rows: max(1, min(pages, Self.runRows / Self.pageHeight)) * Self.pageHeight,
                                textureHeight: textureHeight)
        runImages.removeAll()
        bumpResetCount()
    }

    /// The glyphs, each at its offset in pixels from the first one's top-left, composed into one bitmap of this
    /// texture (made on first use, then looked up). Its `bearingX` and `top` place it from the first glyph's
    /// top-left. Nil for fewer than 2 or more than `maximumRunGlyphs` glyphs, a glyph not in the glyph pages, or a run
    /// wider than the texture or taller than a page: the caller draws the glyphs one by one.
    package func runImage(_ glyphs: [RunGlyph]) -> AtlasGlyph? {
        guard composesRuns ?? rasterizesOnCPU, glyphs.count >= 2, glyphs.count <= Self.maximumRunGlyphs, texture != 0
        else { return nil }
        runCells.removeAll(keepingCapacity: true)
        var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
        var digest: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ value: Int) {
            runCells.append(Int32(truncatingIfNeeded: value))
            digest = (digest ^ UInt64(UInt32(truncatingIfNeeded: value))) &* 0x100_0000_01b3
            digest ^= digest >> 29
        }
        for placed in glyphs {
            let g = placed.glyph
            let tx = Int((g.u0 * Float(atlasSize)).rounded()), ty = Int((g.v0 * Float(textureHeight)).rounded())
            guard g.width > 0, g.height > 0, tx >= 0, ty >= 0, tx + g.width <= atlasSize, ty + g.height <= atlasSize,
                  abs(placed.x) < 1 << 20, abs(placed.y) < 1 << 20 else { return nil }
            mix(tx); mix(ty); mix(placed.x); mix(placed.y)
            minX = min(minX, placed.x); minY = min(minY, placed.y)
            maxX = max(maxX, placed.x + g.width); maxY = max(maxY, placed.y + g.height)
        }
        if let known = runImages[digest], known.cells == runCells { runPages.touch(known.image); return known.image }
        let w = maxX - minX, h = maxY - minY
        guard w > 0, h > 0, w + 2 <= atlasSize, h + 2 <= Self.pageHeight else { return nil }
        guard composeRun(glyphs, width: w, height: h, minX: minX, minY: minY) else { return nil }
        guard let spot = runPages.place(width: w, height: h, owner: .run(digest)) else { return nil }
        if let evicted = spot.evicted {
            drop(evicted.owners)
            clearRows(of: evicted.index, texture: texture, size: atlasSize, bytesPerTexel: 1, format: GLenum(GL_RED),
                      firstRow: atlasSize)
        }
        runScratch.withUnsafeBytes { writeTexels($0.baseAddress, x: spot.x, y: spot.y, width: w, height: h) }
        let (u0, v0, u1, v1) = textureCoordinates(x: spot.x, y: spot.y, width: w, height: h)
        let image = AtlasGlyph(u0: u0, v0: v0, u1: u1, v1: v1, width: w, height: h, bearingX: minX, top: minY,
                               advance: 0)
        runImages[digest] = RunEntry(cells: runCells, image: image)
        composedRunCount += 1
        return image
    }

    /// Writes the run's coverage into `runScratch` (`width` x `height`): each glyph over those before it as the
    /// overlay's blending draws glyph quads (a + b - ab, rounded), so the one quad shows what they showed. False when
    /// a glyph's bitmap was not kept.
    private func composeRun(_ glyphs: [RunGlyph], width w: Int, height h: Int, minX: Int, minY: Int) -> Bool {
        if runScratch.count < w * h { runScratch = [UInt8](repeating: 0, count: max(w * h, runScratch.count * 2)) }
        return runScratch.withUnsafeMutableBufferPointer { target in
            bitmaps.withUnsafeBufferPointer { source in
                target.baseAddress!.update(repeating: 0, count: w * h)
                // The columns the glyphs before this one reach: a glyph wholly right or left of them lands on zeros,
                // so its rows are copied as they are (most glyphs of a line; kerned or joined ones are blended).
                var earlierLeft = Int.max, earlierRight = Int.min
                for placed in glyphs {
                    let g = placed.glyph, at = Int(g.bitmap)
                    guard at >= 0, at + 4 <= source.count else { return false }
                    let top = Int(source[at]) | Int(source[at + 1]) << 8
                    let bottom = Int(source[at + 2]) | Int(source[at + 3]) << 8
                    guard top <= bottom, bottom <= g.height, at + 4 + (bottom - top) * g.width <= source.count else {
                        return false
                    }
                    let ox = placed.x - minX, oy = placed.y - minY
                    defer { earlierLeft = min(earlierLeft, ox); earlierRight = max(earlierRight, ox + g.width) }
                    if !blendsEveryComposedGlyph && (ox >= earlierRight || ox + g.width <= earlierLeft) {
                        for y in top..<bottom {
                            (target.baseAddress! + (oy + y) * w + ox)
                                .update(from: source.baseAddress! + at + 4 + (y - top) * g.width, count: g.width)
                        }
                        composedGlyphsCopied += 1
                        continue
                    }
                    composedGlyphsBlended += 1
                    for y in top..<bottom {
                        let from = at + 4 + (y - top) * g.width, to = (oy + y) * w + ox
                        for x in 0..<g.width {
                            let b = Int(source[from + x])
                            guard b > 0 else { continue }
                            let a = Int(target[to + x])
                            target[to + x] = UInt8(a == 0 ? b : a + (b * (255 - a) + 127) / 255)
                        }
                    }
                }
                return true
            }
        }
    }
}
