// What every overlay layer's renderer shares in one GL context: the programs, the glyph atlas, the images.
import CGL
import GlasspaneCore
import GlasspaneDraw

/// What every layer's renderer shares: the programs, the glyph atlas, the uploaded images.
@MainActor
final class OverlayResources {
    let atlas: GlyphAtlas
    let program: ShaderProgram
    let compositeProgram: ShaderProgram
    /// Bar graphs only (`Shaders/bars.frag` with the quads' vertex shader).
    let barsProgram: ShaderProgram
    /// Large solid rectangles on whole pixels only (`Shaders/solid.frag` with the quads' vertex shader).
    let solidProgram: ShaderProgram
    /// Large rounded shapes only (`Shaders/shape.frag` with the quads' vertex shader).
    let shapeProgram: ShaderProgram
    /// The color picker's HSV gradients only (`Shaders/gradient.frag` with the quads' vertex shader).
    let gradientProgram: ShaderProgram
    /// Whether the context rasterizes on the CPU (llvmpipe), where large shapes get their own program.
    let rasterizesOnCPU: Bool
    /// Each registered image's texture and size, by `ImageHandle.id`.
    private(set) var images: [Int: (texture: GLuint, size: PixelSize)] = [:]
    /// Each registered image's texture, as the tessellator takes them.
    private(set) var imageTextures: [Int: TextureID] = [:]
    private var nextImageID = 1
    /// The state shadow the layers' renderers set state through (the session's shared one, or their own).
    let state: GLStateCache
    /// True when `state` is shared with the other passes of the frame under the contract (nothing saved or restored).
    let sharesState: Bool

    /// Each program's `uViewportSize` location and the size last set there (program uniforms keep their values, so
    /// an unchanged drawable size costs no uniform call and no lookup by name).
    private var viewports: [(program: GLuint, location: GLint, size: PixelSize?)] = []

    init(atlas: GlyphAtlas, sharedState: GLStateCache?) throws(ShaderError) {
        self.atlas = atlas
        state = sharedState ?? GLStateCache()
        sharesState = sharedState != nil
        rasterizesOnCPU = GLInfo.current().rasterizesOnCPU
        program = try ShaderProgram(vertex: "overlay.vert", fragment: "overlay.frag")
        compositeProgram = try ShaderProgram(vertex: "composite.vert", fragment: "composite.frag")
        barsProgram = try ShaderProgram(vertex: "overlay.vert", fragment: "bars.frag")
        solidProgram = try ShaderProgram(vertex: "overlay.vert", fragment: "solid.frag")
        gradientProgram = try ShaderProgram(vertex: "overlay.vert", fragment: "gradient.frag")
        shapeProgram = try ShaderProgram(vertex: "overlay.vert", fragment: "shape.frag")
        var current: GLint = 0
        if !sharesState { glGetIntegerv(GLenum(GL_CURRENT_PROGRAM), &current) }
        for p in [program, compositeProgram, barsProgram, solidProgram, gradientProgram, shapeProgram] {
            viewports.append((p.id, p.uniform("uViewportSize"), nil))
            state.useProgram(p.id)
            glUniform1i(p.uniform("uTexture"), 0) // the texture is always on unit 0
        }
        // Without the contract, the caller's program is put back (when it still exists: a deleted program's name
        // would be an error).
        if !sharesState && glIsProgram(GLuint(current)) != 0 {
            glUseProgram(GLuint(current))
            state.invalidate()
        }
    }

    /// Binds one of the overlay's programs, setting its viewport size when it changed since the last time.
    func use(_ shader: ShaderProgram, viewport size: PixelSize) {
        state.useProgram(shader.id)
        for i in viewports.indices where viewports[i].program == shader.id && viewports[i].size != size {
            glUniform2f(viewports[i].location, Float(size.width), Float(size.height))
            viewports[i].size = size
        }
    }

    /// Uploads an RGBA image (premultiplied once here: the shaders work in premultiplied alpha) and returns its handle.
    func registerImage(_ image: PixelImage) -> ImageHandle {
        var texture: GLuint = 0
        glGenTextures(1, &texture)
        state.bindTexture0(texture)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        var premultiplied = image.rgba
        for i in stride(from: 0, to: premultiplied.count, by: 4) {
            let a = UInt16(premultiplied[i + 3])
            for c in 0..<3 { premultiplied[i + c] = UInt8((UInt16(premultiplied[i + c]) * a + 127) / 255) }
        }
        premultiplied.withUnsafeBytes {
            glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(image.size.width), GLsizei(image.size.height), 0,
                         GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), $0.baseAddress)
        }
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_LINEAR)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_LINEAR)
        let handle = ImageHandle(id: nextImageID)
        nextImageID += 1
        images[handle.id] = (texture, image.size)
        imageTextures[handle.id] = texture
        return handle
    }

    /// Deletes a registered image's texture (nothing for an unknown or released handle).
    func releaseImage(_ handle: ImageHandle) {
        guard let image = images.removeValue(forKey: handle.id) else { return }
        imageTextures[handle.id] = nil
        var texture = image.texture
        glDeleteTextures(1, &texture)
        state.textureDeleted(image.texture)
    }

    isolated deinit {
        for (_, image) in images { var t = image.texture; glDeleteTextures(1, &t) }
    }
}
