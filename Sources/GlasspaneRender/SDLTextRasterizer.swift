// `TextRasterizing` through SDL2_ttf: a line of text in any font file, blended (antialiased) into RGBA pixels.
// Implements: UTF-8 text, any TrueType/OpenType file SDL2_ttf opens, a cache of the last few opened fonts.
// Does not: shape complex scripts (SDL2_ttf 2.20 lays glyphs side by side) or wrap lines.
import CSDL2
import GlasspaneCore
import GlasspaneDraw

/// Draws text in a chosen font file with SDL2_ttf (`TTF_RenderUTF8_Blended`). Used on the frame loop's thread.
public final class SDLTextRasterizer: TextRasterizing {
    /// Opened fonts by path and pixel size, at most `maximumOpenFonts` (the oldest is closed first).
    private var fonts: [(key: String, font: OpaquePointer)] = []
    /// How many fonts stay open.
    static let maximumOpenFonts = 8

    /// Creates a rasterizer (SDL2_ttf is initialized on first use).
    public init() {}

    deinit { for entry in fonts { TTF_CloseFont(entry.font) } }

    /// The text in the font at `pixelSize`, tinted `color`, on transparent pixels.
    public func rasterize(_ text: String, fontPath: String, pixelSize: Int, color: Color) throws(TextRasterFailure) -> PixelImage {
        try TextRasterFailure.check(text, pixelSize: pixelSize)
        let font = try open(fontPath, pixelSize: pixelSize)
        let ink = SDL_Color(r: Self.byte(color.r), g: Self.byte(color.g), b: Self.byte(color.b), a: 255)
        guard let surface = TTF_RenderUTF8_Blended(font, text, ink) else {
            throw .renderFailed(reason: String(cString: SDL_GetError()))
        }
        defer { SDL_FreeSurface(surface) }
        guard let converted = SDL_ConvertSurfaceFormat(surface, UInt32(SDL_PIXELFORMAT_ABGR8888.rawValue), 0) else {
            throw .renderFailed(reason: String(cString: SDL_GetError()))
        }
        defer { SDL_FreeSurface(converted) }
        let w = Int(converted.pointee.w), h = Int(converted.pointee.h), pitch = Int(converted.pointee.pitch)
        var out = [UInt8](repeating: 0, count: w * h * 4)
        let src = converted.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        out.withUnsafeMutableBufferPointer { dst in
            for y in 0..<h { (dst.baseAddress! + y * w * 4).update(from: src + y * pitch, count: w * 4) }
        }
        // The color's alpha scales the coverage SDL2_ttf wrote.
        if color.a < 1 { for i in stride(from: 3, to: out.count, by: 4) { out[i] = UInt8(Double(out[i]) * max(0, color.a)) } }
        return PixelImage(size: PixelSize(width: w, height: h), rgba: out)
    }

    private func open(_ path: String, pixelSize: Int) throws(TextRasterFailure) -> OpaquePointer {
        let key = "\(pixelSize)@\(path)"
        if let entry = fonts.first(where: { $0.key == key }) { return entry.font }
        if TTF_WasInit() == 0 && TTF_Init() != 0 { throw .fontUnusable(path: path, reason: String(cString: SDL_GetError())) }
        guard let font = TTF_OpenFont(path, Int32(pixelSize)) else {
            throw .fontUnusable(path: path, reason: String(cString: SDL_GetError()))
        }
        TTF_SetFontHinting(font, TTF_HINTING_LIGHT)
        if fonts.count >= Self.maximumOpenFonts { TTF_CloseFont(fonts.removeFirst().font) }
        fonts.append((key, font))
        return font
    }

    private static func byte(_ v: Double) -> UInt8 { UInt8(max(0, min(1, v)) * 255) }
}
