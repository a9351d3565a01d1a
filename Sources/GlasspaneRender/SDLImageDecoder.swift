// Decodes PNG and JPEG files through SDL2_image for the overlay's `Image` (the header was read and checked against
// the limits in GlasspaneDraw/ImageLoading.swift before this runs).
import CSDL2
import GlasspaneCore
import GlasspaneDraw

/// SDL2_image's decoder, from memory, converted to top-down RGBA.
public final class SDLImageDecoder: ImageDecoding {
    /// Creates a decoder.
    public init() {}

    /// Decodes with the loader for the header's format (so a PNG named `.jpg` still decodes as PNG).
    public func decode(_ bytes: [UInt8], header: ImageHeader) throws(ImageDecodeFailure) -> PixelImage {
        let decoded: PixelImage? = bytes.withUnsafeBytes { raw -> PixelImage? in
            guard let rw = SDL_RWFromConstMem(raw.baseAddress, Int32(raw.count)) else { return nil }
            let surface = header.format == .png ? IMG_LoadPNG_RW(rw) : IMG_LoadJPG_RW(rw)
            SDL_RWclose(rw)
            guard let surface else { return nil }
            defer { SDL_FreeSurface(surface) }
            guard let converted = SDL_ConvertSurfaceFormat(surface, UInt32(SDL_PIXELFORMAT_ABGR8888.rawValue), 0) else { return nil }
            defer { SDL_FreeSurface(converted) }
            let w = Int(converted.pointee.w), h = Int(converted.pointee.h), pitch = Int(converted.pointee.pitch)
            var out = [UInt8](repeating: 0, count: w * h * 4)
            let src = converted.pointee.pixels.assumingMemoryBound(to: UInt8.self)
            out.withUnsafeMutableBufferPointer { dst in
                for y in 0..<h { (dst.baseAddress! + y * w * 4).update(from: src + y * pitch, count: w * 4) }
            }
            return PixelImage(size: PixelSize(width: w, height: h), rgba: out)
        }
        guard let decoded else { throw ImageDecodeFailure(reason: String(cString: SDL_GetError())) }
        return decoded
    }
}

/// Uploads the overlay's images through a GL overlay renderer (its companions share them). The overlay calls it on
/// the frame loop's thread, the renderer's; a renderer already gone gives handles that draw nothing.
public final class GLImageRegistry: ImageRegistry {
    private weak var renderer: GLOverlayRenderer?
    /// Creates a registry over `renderer` (held weakly: the app owns it).
    public init(_ renderer: GLOverlayRenderer) { self.renderer = renderer }
    /// Uploads `image` on the renderer.
    public func registerImage(_ image: PixelImage) -> ImageHandle {
        guard let renderer else { return ImageHandle(id: -1) }
        return MainActor.assumeIsolated { renderer.registerImage(image) }
    }
    /// Deletes the image's texture on the renderer.
    public func releaseImage(_ handle: ImageHandle) {
        guard let renderer else { return }
        MainActor.assumeIsolated { renderer.releaseImage(handle) }
    }
}
