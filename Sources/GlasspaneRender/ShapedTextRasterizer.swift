// `TextRasterizing` shaped as the overlay's own text is: GlasspaneText's `TextLayoutEngine` (HarfBuzz, FriBidi and
// Debian's fallback chain, with the chosen font first) places the glyphs, FreeType draws them into RGBA pixels.
// Implements: one line in any script (joined Arabic, right-to-left runs in visual order, marks, ligatures), fallback
// fonts for what the chosen one lacks, color emoji (Noto Color Emoji's strike scaled, GlyphAtlas+Color.swift's
// `FreeTypeRGBAGlyph`), .notdef boxes.
// Does not: wrap lines (the signature is one line).
import CText
import GlasspaneCore
import GlasspaneDraw
import GlasspaneText

/// Draws a line of text in a chosen font file, shaped, with fallback fonts. Used on the frame loop's thread.
public final class ShapedTextRasterizer: TextRasterizing {
    /// Layout engines by chosen font, at most `maximumEngines` (the oldest is dropped first).
    private var engines: [(path: String, engine: TextLayoutEngine)] = []
    /// How many chosen fonts keep their engine.
    static let maximumEngines = 8
    private let faces = FreeTypeFaces()

    /// Creates a rasterizer (fonts open on first use).
    public init() {}

    /// The text in the font at `fontPath` (others for what it lacks), `pixelSize` pixels per em, tinted `color`
    /// (emoji keep their colors), on transparent pixels as wide as the line's advance and as tall as its height.
    public func rasterize(_ text: String, fontPath: String, pixelSize: Int, color: Color) throws(TextRasterFailure) -> PixelImage {
        try TextRasterFailure.check(text, pixelSize: pixelSize)
        let engine = try engine(for: fontPath)
        let layout = engine.layout(text, style: ParagraphStyle(fontSize: Double(pixelSize), wraps: false))
        guard let line = layout.lines.first, layout.size.width > 0 else { throw .renderFailed(reason: "the text has no glyphs to draw") }
        guard let faces else { throw .renderFailed(reason: "FreeType could not be initialized") }
        var canvas = PremultipliedCanvas(width: max(1, Int(layout.size.width.rounded(.up))),
                                         height: max(1, Int(line.size.height.rounded(.up))))
        let ink = (r: max(0, min(1, color.r)), g: max(0, min(1, color.g)), b: max(0, min(1, color.b)), a: max(0, min(1, color.a)))
        let baseline = line.origin.y + line.baseline
        for run in line.runs {
            guard let face = faces.face(run.run.font.path, run.run.font.faceIndex) else { continue }
            for placed in run.placedGlyphs {
                guard let glyph = FreeTypeRGBAGlyph(face: face, id: placed.glyph.id, pixelSize: pixelSize), glyph.width > 0 else { continue }
                let left = Int((line.origin.x + placed.x).rounded()) + glyph.bearingX
                let top = Int((baseline + placed.y).rounded()) + glyph.top
                canvas.draw(glyph, at: (left, top), ink: ink)
            }
        }
        return canvas.image()
    }

    /// The engine for a chosen font: that font first, preferred for every script it covers, then Debian's chain.
    private func engine(for path: String) throws(TextRasterFailure) -> TextLayoutEngine {
        if let entry = engines.first(where: { $0.path == path }) { return entry.engine }
        var fallbacks = (try? FontFallbackChain.debianDefault().fonts) ?? []
        let allScripts = fallbacks.reduce(into: Set<String>()) { $0.formUnion($1.preferredScripts) }
        fallbacks.removeAll { $0.source.path == path }
        let chain: FontFallbackChain
        do {
            chain = try FontFallbackChain([FallbackFont(source: FontSource(path: path), preferredScripts: allScripts)] + fallbacks)
        } catch {
            throw .fontUnusable(path: path, reason: "\(error)")
        }
        let engine = TextLayoutEngine(chain: chain)
        if engines.count >= Self.maximumEngines { engines.removeFirst() }
        engines.append((path, engine))
        return engine
    }
}

/// RGBA in premultiplied doubles, glyphs composited source-over; `image()` gives straight-alpha bytes.
private struct PremultipliedCanvas {
    let width: Int, height: Int
    private var pixels: [Double]

    init(width: Int, height: Int) {
        self.width = width; self.height = height
        pixels = [Double](repeating: 0, count: width * height * 4)
    }

    /// Composites `glyph` at `origin`: color glyphs as drawn, coverage tinted with `ink`.
    mutating func draw(_ glyph: FreeTypeRGBAGlyph, at origin: (x: Int, y: Int), ink: (r: Double, g: Double, b: Double, a: Double)) {
        for gy in 0..<glyph.height {
            let y = origin.y + gy
            guard y >= 0, y < height else { continue }
            for gx in 0..<glyph.width {
                let x = origin.x + gx
                guard x >= 0, x < width else { continue }
                let i = (gy * glyph.width + gx) * 4
                let source: (r: Double, g: Double, b: Double, a: Double)
                if glyph.isColor {
                    source = (Double(glyph.rgba[i]) / 255, Double(glyph.rgba[i + 1]) / 255, Double(glyph.rgba[i + 2]) / 255,
                              Double(glyph.rgba[i + 3]) / 255)
                } else {
                    let a = Double(glyph.rgba[i + 3]) / 255 * ink.a
                    source = (ink.r * a, ink.g * a, ink.b * a, a)
                }
                guard source.a > 0 else { continue }
                let p = (y * width + x) * 4, keep = 1 - source.a
                pixels[p] = source.r + pixels[p] * keep
                pixels[p + 1] = source.g + pixels[p + 1] * keep
                pixels[p + 2] = source.b + pixels[p + 2] * keep
                pixels[p + 3] = source.a + pixels[p + 3] * keep
            }
        }
    }

    func image() -> PixelImage {
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        for p in stride(from: 0, to: rgba.count, by: 4) where pixels[p + 3] > 0 {
            let a = pixels[p + 3]
            for c in 0..<3 { rgba[p + c] = UInt8(max(0, min(255, (pixels[p + c] / a * 255).rounded()))) }
            rgba[p + 3] = UInt8(max(0, min(255, (a * 255).rounded())))
        }
        return PixelImage(size: PixelSize(width: width, height: height), rgba: rgba)
    }
}
