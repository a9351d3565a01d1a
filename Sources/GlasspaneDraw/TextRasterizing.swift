// Text drawn into pixels in a font file of the caller's choice (the Sign sheet's typed signature: seed 004's font
// list). The overlay's text goes through the glyph atlas in its one font; this is for a picture of a few words in
// another face. GlasspaneRender's `ShapedTextRasterizer` does it (HarfBuzz, FreeType); the overlay never imports them.
import GlasspaneCore

/// Draws a line of text in a given font file into a transparent image. Called on the frame loop's thread.
public protocol TextRasterizing: AnyObject {
    /// `text` in the font at `fontPath`, `pixelSize` pixels per em, in `color` on transparent pixels (tight to the
    /// line's advance and height). Checks `TextRasterLimits.standard` before opening anything.
    func rasterize(_ text: String, fontPath: String, pixelSize: Int, color: Color) throws(TextRasterFailure) -> PixelImage
}

/// Sizes a text picture may have, checked before any work.
public enum TextRasterLimits {
    /// The most characters drawn (the signature field holds 48).
    public static let maximumCharacters = 256
    /// The largest pixel size.
    public static let maximumPixelSize = 256
}

/// Why a text picture could not be made; `identifier` is stable for tests.
public enum TextRasterFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// Nothing to draw.
    case emptyText
    /// More than `TextRasterLimits.maximumCharacters` characters.
    case textTooLong(count: Int)
    /// A pixel size outside 1...`TextRasterLimits.maximumPixelSize`.
    case badPixelSize(Int)
    /// The font file is missing or the library refused it.
    case fontUnusable(path: String, reason: String)
    /// The library could not draw the text.
    case renderFailed(reason: String)

    /// A stable identifier.
    public var identifier: String {
        switch self {
        case .emptyText: "text-raster-empty"
        case .textTooLong: "text-raster-too-long"
        case .badPixelSize: "text-raster-bad-size"
        case .fontUnusable: "text-raster-font-unusable"
        case .renderFailed: "text-raster-failed"
        }
    }

    /// What was wrong, naming the value or file.
    public var description: String {
        switch self {
        case .emptyText: "no text to draw"
        case .textTooLong(let n): "the text has \(n) characters, over the limit of \(TextRasterLimits.maximumCharacters)"
        case .badPixelSize(let s): "pixel size \(s) is outside 1...\(TextRasterLimits.maximumPixelSize)"
        case .fontUnusable(let path, let reason): "font \(path) cannot be used: \(reason)"
        case .renderFailed(let reason): "the text could not be drawn: \(reason)"
        }
    }

    /// Checks the limits that do not need the font.
    public static func check(_ text: String, pixelSize: Int) throws(TextRasterFailure) {
        if text.isEmpty { throw .emptyText }
        if text.count > TextRasterLimits.maximumCharacters { throw .textTooLong(count: text.count) }
        if !(1...TextRasterLimits.maximumPixelSize).contains(pixelSize) { throw .badPixelSize(pixelSize) }
    }
}
