// Pixels as plain values: what a screenshot reads back and what an image command draws.
import GlasspaneCore

/// RGBA8 pixels, rows top to bottom.
public struct PixelImage: Equatable, Sendable {
    /// Size in pixels.
    public var size: PixelSize
    /// Tightly packed RGBA bytes, `size.width * size.height * 4`, first row at the top.
    public var rgba: [UInt8]
    /// Creates an image.
    public init(size: PixelSize, rgba: [UInt8]) { self.size = size; self.rgba = rgba }

    /// The color at a pixel (x right, y down).
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = (y * size.width + x) * 4
        return (rgba[i], rgba[i + 1], rgba[i + 2], rgba[i + 3])
    }
}
