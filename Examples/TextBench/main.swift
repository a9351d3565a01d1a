// Figures for shaped text (docs/text.md, "Figures"): shaping + layout of a 10 KB mixed-script paragraph (cold and
// cached), the shaping calls of an idle relayout, the glyph atlas after 5,000 distinct CJK glyphs, and the text views'
// figures (EditorFigures.swift: idle frame, 1,000-line editor, hostile input).
// Run: swift run -c release TextBench   (or .build/debug/TextBench; SDL_VIDEODRIVER=offscreen for the atlas part)
import Foundation
import GlasspaneCore
import GlasspaneDraw
import GlasspanePlatform
import GlasspaneRender
import GlasspaneText

/// Microseconds since an arbitrary origin.
func nowMicroseconds() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1000 }

/// The median of some timings.
func median(_ values: [Double]) -> Double { let s = values.sorted(); return s[s.count / 2] }

let sentences = [
    "Glasspane shapes every script a player types: office, fluffy, affinity. ",
    "שָׁלוֹם! הטקסט הזה נקרא מימין לשמאל, עם מספרים כמו 2026. ",
    "مرحبا بالعالم، هذا نص عربي متصل الحروف. ",
    "नमस्ते दुनिया, यह हिन्दी है। ",
    "สวัสดีชาวโลก ภาษาไทย ",
    "日本語のテキストと中文字体、한국어 문장. ",
    "Emoji 👍🏽 🇫🇷 👨‍👩‍👧 too. ",
]
var paragraph = ""
var index = 0
while paragraph.utf8.count < 10_240 { paragraph += sentences[index % sentences.count]; index += 1 }

// What a first frame that shows every script pays for text: a fresh chain (the primary font opens), then one short
// paragraph per script laid out (each opens its font).
var start = nowMicroseconds()
let freshChain = try FontFallbackChain.debianDefault()
let freshEngine = TextLayoutEngine(chain: freshChain)
for sentence in sentences { _ = freshEngine.layout(sentence, style: ParagraphStyle(fontSize: 14), width: 560) }
print(String(format: "first frame's text with the full chain: %d paragraphs, %d fonts opened, %.0f us",
             sentences.count, freshChain.openFaceCount, nowMicroseconds() - start))

let chain = try FontFallbackChain.debianDefault()
let engine = TextLayoutEngine(chain: chain)
let style = ParagraphStyle(fontSize: 16, lineSpacing: 1.2)
let width = 600.0

start = nowMicroseconds()
let first = engine.layout(paragraph, style: style, width: width)
let firstEver = nowMicroseconds() - start
var cold: [Double] = []
for _ in 0..<15 {
    engine.removeCachedLayouts()
    start = nowMicroseconds()
    _ = engine.layout(paragraph, style: style, width: width)
    cold.append(nowMicroseconds() - start)
}
var cached: [Double] = []
let callsBefore = engine.shapeCallCount
for _ in 0..<1000 {
    start = nowMicroseconds()
    _ = engine.layout(paragraph, style: style, width: width)
    cached.append(nowMicroseconds() - start)
}
print(String(format: "paragraph: %d bytes UTF-8, %d scalars, %d lines, %d runs, %d glyphs, %d fonts open",
             paragraph.utf8.count, paragraph.unicodeScalars.count, first.lines.count, first.lines.reduce(0) { $0 + $1.runs.count },
             first.lines.reduce(0) { $0 + $1.runs.reduce(0) { $0 + $1.run.glyphs.count } }, chain.openFaceCount))
print(String(format: "shaping + layout, first ever (opens the fonts): %.0f us", firstEver))
print(String(format: "shaping + layout, cold cache (median of 15): %.0f us", median(cold)))
print(String(format: "shaping + layout, cached (median of 1000): %.2f us; shaping calls in those 1000: %d",
             median(cached), engine.shapeCallCount - callsBefore))

// The atlas: 5,000 distinct CJK ideographs (U+4E00...) shaped and rasterized at 16 points, scale 1.
try MainActor.assumeIsolated {
    let platform = try SDLPlatform(options: PlatformOptions(size: PixelSize(width: 64, height: 64), headless: true, vsync: false))
    defer { platform.close() }
    let atlas = try GlyphAtlas()
    let cjk = String(String.UnicodeScalarView((0x4E00..<(0x4E00 + 5000)).compactMap(Unicode.Scalar.init)))
    let shaped = atlas.layoutParagraph(cjk, style: ParagraphStyle(fontSize: 16), width: 800)
    let glyphs = shaped.lines.flatMap(\.runs).flatMap(\.glyphs)
    start = nowMicroseconds()
    for glyph in glyphs { _ = atlas.glyph(fontPath: glyph.fontPath, faceIndex: glyph.faceIndex, id: glyph.id, pixelSize: atlas.pixelSize(for: 16)) }
    let elapsed = nowMicroseconds() - start
    print(String(format: "atlas after %d distinct CJK glyphs (%d distinct ids): texture %d x %d R8 = %.2f MiB, %d glyphs rasterized, "
                 + "%d of %d pages open (%.2f MiB), %d pages evicted, %d shaped glyphs cached now; %.1f us per glyph",
                 glyphs.count, Set(glyphs.map(\.id)).count, atlas.atlasSize, atlas.atlasSize,
                 Double(atlas.atlasSize * atlas.atlasSize) / 1_048_576, atlas.rasterizedCount, atlas.pageCount, atlas.pageBudget,
                 Double(atlas.pageBytes) / 1_048_576, atlas.evictionCount, atlas.shapedGlyphCount, elapsed / Double(max(glyphs.count, 1))))
}

MainActor.assumeIsolated { printEditorFigures(chain: chain) }
