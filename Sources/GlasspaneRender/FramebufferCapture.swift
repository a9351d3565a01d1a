// Reading the back buffer and saving PNG screenshots through SDL2_image.
import CGL
import CSDL2
import GlasspaneCore
import GlasspaneDraw

/// Why a screenshot could not be written.
public enum CaptureError: Error, Equatable, CustomStringConvertible {
    /// SDL could not wrap the pixels in a surface.
    case surfaceFailed(String)
    /// SDL2_image could not write the PNG (bad path, no permission, full disk).
    case writeFailed(path: String, reason: String)

    /// A message naming the file.
    public var description: String {
        switch self {
        case .surfaceFailed(let m): "could not prepare the screenshot: \(m)"
        case .writeFailed(let p, let r): "could not write screenshot \(p): \(r)"
        }
    }
}

/// Reads pixels from the current framebuffer and writes PNG files.
@MainActor
public enum FramebufferCapture {
    /// Reads the frame being drawn (the bound offscreen target, or the window's back buffer: call before the
    /// swap, it is undefined after) as a top-down RGBA image.
    public static func readBackBuffer(size: PixelSize) -> PixelImage {
        let w = size.width, h = size.height
        var raw = [UInt8](repeating: 0, count: w * h * 4)
        var bound: GLint = 0
        glGetIntegerv(GLenum(GL_FRAMEBUFFER_BINDING), &bound)
        var sampleBuffers: GLint = 0
        glGetIntegerv(GLenum(GL_SAMPLE_BUFFERS), &sampleBuffers)
        // A multisampled framebuffer cannot be read directly: resolve it into a single-sample one first. That holds for
        // a multisampled window too: read straight, its back buffer gave hard edges where the screen, resolved by the
        // swap, showed smooth ones (WindowMSAACopyTests).
        var resolveFramebuffer: GLuint = 0, resolveColor: GLuint = 0
        if sampleBuffers > 0 {
            glGenFramebuffers(1, &resolveFramebuffer)
            glGenRenderbuffers(1, &resolveColor)
            glBindRenderbuffer(GLenum(GL_RENDERBUFFER), resolveColor)
            glRenderbufferStorage(GLenum(GL_RENDERBUFFER), GLenum(GL_RGBA8), GLsizei(w), GLsizei(h))
            glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), resolveFramebuffer)
            glFramebufferRenderbuffer(GLenum(GL_DRAW_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_RENDERBUFFER), resolveColor)
            glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), GLuint(bound))
            glReadBuffer(GLenum(bound == 0 ? GL_BACK : GL_COLOR_ATTACHMENT0))
            glBlitFramebuffer(0, 0, GLint(w), GLint(h), 0, 0, GLint(w), GLint(h), GLbitfield(GL_COLOR_BUFFER_BIT), GLenum(GL_NEAREST))
            glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), resolveFramebuffer)
        }
        glReadBuffer(GLenum(bound == 0 && resolveFramebuffer == 0 ? GL_BACK : GL_COLOR_ATTACHMENT0))
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        glFinish()
        raw.withUnsafeMutableBytes { glReadPixels(0, 0, GLsizei(w), GLsizei(h), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), $0.baseAddress) }
        if resolveFramebuffer != 0 {
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), GLuint(bound))
            glDeleteFramebuffers(1, &resolveFramebuffer)
            glDeleteRenderbuffers(1, &resolveColor)
        }
        checkGLError("glReadPixels")
        // GL rows start at the bottom; flip so row 0 is the top.
        var flipped = [UInt8](repeating: 0, count: raw.count)
        let rowBytes = w * 4
        for y in 0..<h {
            let src = (h - 1 - y) * rowBytes
            flipped.replaceSubrange(y * rowBytes..<(y + 1) * rowBytes, with: raw[src..<src + rowBytes])
        }
        return PixelImage(size: size, rgba: flipped)
    }

    /// Writes an image as PNG through SDL2_image.
    public static func writePNG(_ image: PixelImage, to path: String) throws(CaptureError) {
        var pixels = image.rgba
        let result: CaptureError? = pixels.withUnsafeMutableBytes { buf -> CaptureError? in
            guard let surface = SDL_CreateRGBSurfaceWithFormatFrom(
                buf.baseAddress, Int32(image.size.width), Int32(image.size.height), 32, Int32(image.size.width * 4),
                UInt32(SDL_PIXELFORMAT_ABGR8888.rawValue)) else {
                return .surfaceFailed(String(cString: SDL_GetError()))
            }
            defer { SDL_FreeSurface(surface) }
            if IMG_SavePNG(surface, path) != 0 { return .writeFailed(path: path, reason: String(cString: SDL_GetError())) }
            return nil
        }
        if let result { throw result }
    }

    /// Encodes an image as PNG bytes in memory through SDL2_image; nil when SDL cannot. Touches no GL state, so it
    /// may run off the main actor (the inspector encodes frames on a background task).
    public nonisolated static func encodePNG(width: Int, height: Int, rgba: [UInt8]) -> [UInt8]? {
        guard width > 0, height > 0, rgba.count == width * height * 4 else { return nil }
        var pixels = rgba
        // Worst case for PNG: the raw rows, a filter byte per row, zlib's stored-block overhead, the headers.
        let capacity = rgba.count + height + rgba.count / 16_000 * 5 + 4096
        var out = [UInt8](repeating: 0, count: capacity)
        let written: Int = pixels.withUnsafeMutableBytes { src -> Int in
            guard let surface = SDL_CreateRGBSurfaceWithFormatFrom(
                src.baseAddress, Int32(width), Int32(height), 32, Int32(width * 4), UInt32(SDL_PIXELFORMAT_ABGR8888.rawValue)) else { return -1 }
            defer { SDL_FreeSurface(surface) }
            return out.withUnsafeMutableBytes { dst -> Int in
                guard let rw = SDL_RWFromMem(dst.baseAddress, Int32(dst.count)) else { return -1 }
                guard IMG_SavePNG_RW(surface, rw, 0) == 0 else { SDL_RWclose(rw); return -1 }
                let size = Int(SDL_RWtell(rw))
                SDL_RWclose(rw)
                return size
            }
        }
        guard written > 0 else { return nil }
        return Array(out[..<written])
    }

    /// Loads a PNG through SDL2_image as a top-down RGBA image (for tests and script expectations).
    public static func readPNG(at path: String) -> PixelImage? {
        guard let loaded = IMG_Load(path) else { return nil }
        defer { SDL_FreeSurface(loaded) }
        guard let converted = SDL_ConvertSurfaceFormat(loaded, UInt32(SDL_PIXELFORMAT_ABGR8888.rawValue), 0) else { return nil }
        defer { SDL_FreeSurface(converted) }
        let w = Int(converted.pointee.w), h = Int(converted.pointee.h), pitch = Int(converted.pointee.pitch)
        var out = [UInt8](repeating: 0, count: w * h * 4)
        let src = converted.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        for y in 0..<h { for x in 0..<(w * 4) { out[y * w * 4 + x] = src[y * pitch + x] } }
        return PixelImage(size: PixelSize(width: w, height: h), rgba: out)
    }
}
