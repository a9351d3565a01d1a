// The overlay's draw-list renderer (ImGui-style backend).
// Implements: rounded rects, borders, circles, rings (signed-distance anti-aliasing in the shader), linear
// gradients (vertex colors), hue and saturation/value gradients (computed per pixel from HSV in the shader with
// the color picker's own point-to-color mapping), glyph runs from the atlas, images, nested clips
// (scissor), premultiplied alpha, high-DPI scaling. Batches by texture and clip: a typical overlay is 1-3 draws.
// Caching: an unchanged draw list (same generation, same metrics) is not re-tessellated or re-uploaded. With
// `.automatic` compositing (the default) an overlay that holds still is rasterized once into a texture and each
// frame only composites one textured quad over the content's bounds, while one that changes frame after frame
// (a drag, the HUD) is drawn directly; `.cached` and `.direct` force either way. Measurements in docs/overlay.md.
// GL state it changes is saved and restored, so the engine is unaffected.
import CGL
import GlasspaneCore
import GlasspaneOverlay

/// How the overlay reaches the frame.
public enum OverlayCompositing: String, Sendable, CaseIterable {
    /// Draw every batch every frame.
    case direct
    /// Rasterize into a texture when the list changes; composite one quad per frame.
    case cached
    /// Direct while the list changes frame after frame (a drag, the HUD), cached once it holds still.
    case automatic
}

/// Draws `DrawList`s with OpenGL 3.3 core.
@MainActor
public final class GLOverlayRenderer: DrawListRenderer {
    /// Direct drawing or a cached texture (see the file comment).
    public var compositing: OverlayCompositing = .automatic
    /// How many times the cache texture was redrawn (tests: stays put while the overlay is unchanged).
    public private(set) var cacheRedrawCount = 0
    /// Draw calls issued by the last `render` (for tests and the bench).
    public private(set) var drawCallCount = 0
    /// How many times a draw list was tessellated (stays put while the overlay is unchanged).
    public private(set) var tessellationCount = 0
    /// The glyph atlas text is drawn from (also the overlay's `FontMetrics`).
    public var atlas: GlyphAtlas { resources.atlas }

    private let resources: OverlayResources
    private var program: ShaderProgram { resources.program }
    private var textureProgram: ShaderProgram { resources.textureProgram }
    private var compositeProgram: ShaderProgram { resources.compositeProgram }
    private var vao: GLuint = 0
    private var vbo: GLuint = 0
    private var vboCapacity = 0
    private var vertices: [Float] = []
    private var batches: [Batch] = []
    private var cachedGeneration: UInt64?
    private var cachedMetrics: WindowMetrics?
    private var contentBounds: Rect? // pixels, whole pixels
    private var compositeFirst = 0
    private var cacheFramebuffer: GLuint = 0
    private var cacheTexture: GLuint = 0
    private var cacheSize = PixelSize(width: 0, height: 0)
    private var cacheIsCurrent = false
    private var changedFramesInARow = 0

    private static let floatsPerVertex = 13

    private struct Batch {
        var first: Int
        var count: Int
        var texture: GLuint
        var clip: Rect? // pixels, top-left origin
    }

    /// Builds the shaders and buffers in the current context.
    public convenience init(atlas: GlyphAtlas) throws(ShaderError) {
        self.init(sharing: try OverlayResources(atlas: atlas))
    }

    /// A renderer with its own buffers and cache that shares shaders, atlas and images with another.
    private init(sharing resources: OverlayResources) {
        self.resources = resources
        glGenVertexArrays(1, &vao)
        glGenBuffers(1, &vbo)
        glBindVertexArray(vao)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), vbo)
        let stride = GLsizei(Self.floatsPerVertex * MemoryLayout<Float>.size)
        func attribute(_ index: GLuint, _ size: GLint, _ offset: Int) {
            glEnableVertexAttribArray(index)
            glVertexAttribPointer(index, size, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride,
                                  UnsafeRawPointer(bitPattern: offset * MemoryLayout<Float>.size))
        }
        attribute(0, 2, 0)
        attribute(1, 2, 2)
        attribute(2, 4, 4)
        attribute(3, 4, 8)
        glEnableVertexAttribArray(4)
        glVertexAttribPointer(4, 1, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride, UnsafeRawPointer(bitPattern: 12 * MemoryLayout<Float>.size))
        glBindVertexArray(0)
        checkGLError("overlay buffers")
    }

    isolated deinit {
        glDeleteBuffers(1, &vbo)
        glDeleteVertexArrays(1, &vao)
        if cacheFramebuffer != 0 { glDeleteFramebuffers(1, &cacheFramebuffer) }
        if cacheTexture != 0 { glDeleteTextures(1, &cacheTexture) }
    }

    /// A renderer for another layer: its own vertices, batches and cache, the same shaders, atlas and images.
    public func makeCompanion() -> any DrawListRenderer {
        let companion = GLOverlayRenderer(sharing: resources)
        companion.compositing = compositing
        return companion
    }

    /// Uploads an RGBA image and returns the handle draw lists use to draw it.
    public func registerImage(_ image: PixelImage) -> ImageHandle {
        var texture: GLuint = 0
        glGenTextures(1, &texture)
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        // Premultiply once at upload; the shader works in premultiplied alpha.
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
        let handle = ImageHandle(id: resources.nextImageID)
        resources.nextImageID += 1
        resources.images[handle.id] = (texture, image.size)
        return handle
    }

    /// Draws a list over the current framebuffer. `generation` identifies the list's content: when it and the
    /// metrics match the previous call, the cached vertices are drawn again without tessellating.
    public func render(_ list: DrawList, generation: UInt64? = nil, metrics: WindowMetrics) {
        let reuse = generation != nil && generation == cachedGeneration && cachedMetrics == metrics
        if !reuse {
            atlas.scale = metrics.scaleY
            tessellate(list, metrics: metrics)
            appendCompositeQuad(metrics: metrics)
            upload()
            cachedGeneration = generation
            cachedMetrics = metrics
            tessellationCount += 1
            cacheIsCurrent = false
            changedFramesInARow += 1
        } else {
            changedFramesInARow = 0
        }
        // Redrawing a cache that changes again next frame costs more than drawing directly.
        let useCache = compositing == .cached || (compositing == .automatic && changedFramesInARow < 2)
        switch useCache {
        case false:
            drawBatches(metrics: metrics)
        case true:
            guard contentBounds != nil else { drawCallCount = 0; return }
            var redrawCalls = 0
            if !cacheIsCurrent || cacheSize != metrics.drawableSize {
                redrawCache(metrics: metrics)
                redrawCalls = drawCallCount
            }
            composite(metrics: metrics)
            drawCallCount += redrawCalls
        }
    }

    // MARK: - Cache texture

    /// The overlay's bounds in whole pixels and a textured quad over them, appended after the batches.
    private func appendCompositeQuad(metrics: WindowMetrics) {
        compositeFirst = vertices.count / Self.floatsPerVertex
        guard var b = contentBounds else { return }
        let w = Double(metrics.drawableSize.width), h = Double(metrics.drawableSize.height)
        b = b.intersection(Rect(x: 0, y: 0, width: w, height: h))
        guard b.width > 0, b.height > 0 else { contentBounds = nil; return }
        let x0 = b.minX.rounded(.down), y0 = b.minY.rounded(.down), x1 = b.maxX.rounded(.up), y1 = b.maxY.rounded(.up)
        contentBounds = Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        // The cache texture's rows start at the bottom: v = 1 - y / h.
        quad(x0: x0, y0: y0, x1: x1, y1: y1, l0: (x0 / w, 1 - y0 / h), l1: (x1 / w, 1 - y1 / h),
             colors: .solid(.white), shape: (0, 0, 0, 0), kind: 2)
    }

    /// Rasterizes every batch into the cache texture (transparent elsewhere), then rebinds the caller's target.
    private func redrawCache(metrics: WindowMetrics) {
        var previous: GLint = 0
        glGetIntegerv(GLenum(GL_FRAMEBUFFER_BINDING), &previous)
        if cacheSize != metrics.drawableSize || cacheFramebuffer == 0 { allocateCache(metrics.drawableSize) }
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), cacheFramebuffer)
        var clearColor: [GLfloat] = [0, 0, 0, 0]
        glGetFloatv(GLenum(GL_COLOR_CLEAR_VALUE), &clearColor)
        glClearColor(0, 0, 0, 0)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        glClearColor(clearColor[0], clearColor[1], clearColor[2], clearColor[3])
        drawBatches(metrics: metrics)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), GLuint(previous))
        cacheIsCurrent = true
        cacheRedrawCount += 1
    }

    private func allocateCache(_ size: PixelSize) {
        if cacheFramebuffer != 0 { glDeleteFramebuffers(1, &cacheFramebuffer) }
        if cacheTexture != 0 { glDeleteTextures(1, &cacheTexture) }
        glGenTextures(1, &cacheTexture)
        glBindTexture(GLenum(GL_TEXTURE_2D), cacheTexture)
        glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(size.width), GLsizei(size.height), 0, GLenum(GL_RGBA),
                     GLenum(GL_UNSIGNED_BYTE), nil)
        // Pixel-aligned quad, nearest sampling: the composite reproduces the cached pixels exactly.
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
        glGenFramebuffers(1, &cacheFramebuffer)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), cacheFramebuffer)
        glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), cacheTexture, 0)
        cacheSize = size
        checkGLError("overlay cache \(size)")
    }

    /// Blends the cache texture over the frame with one quad.
    private func composite(metrics: WindowMetrics) {
        drawCallCount = 0
        let saved = SavedGLState()
        prepareState(metrics: metrics)
        glUseProgram(compositeProgram.id)
        glUniform2f(compositeProgram.uniform("uViewportSize"), Float(metrics.drawableSize.width), Float(metrics.drawableSize.height))
        glUniform1i(compositeProgram.uniform("uTexture"), 0)
        glBindTexture(GLenum(GL_TEXTURE_2D), cacheTexture)
        glDisable(GLenum(GL_SCISSOR_TEST))
        glDrawArrays(GLenum(GL_TRIANGLES), GLint(compositeFirst), 6)
        drawCallCount = 1
        saved.restore()
        checkGLError("overlay composite")
    }

    // MARK: - Tessellation

    private func tessellate(_ list: DrawList, metrics: WindowMetrics) {
        contentBounds = nil
        vertices.removeAll(keepingCapacity: true)
        batches.removeAll(keepingCapacity: true)
        let sx = metrics.scaleX, sy = metrics.scaleY
        var clipStack: [Rect?] = []
        var clip: Rect? = nil

        func px(_ r: Rect) -> Rect { Rect(x: r.minX * sx, y: r.minY * sy, width: r.width * sx, height: r.height * sy) }
        func startBatchIfNeeded(texture t: GLuint) {
            if let last = batches.last, last.texture == t, last.clip == clip { return }
            if let last = batches.last, last.count == 0 { batches.removeLast() }
            batches.append(Batch(first: vertices.count / Self.floatsPerVertex, count: 0, texture: t, clip: clip))
        }
        func closeBatch() {
            guard !batches.isEmpty else { return }
            batches[batches.count - 1].count = vertices.count / Self.floatsPerVertex - batches[batches.count - 1].first
        }

        for command in list.commands {
            switch command {
            case .pushClip(let r):
                closeBatch()
                clipStack.append(clip)
                let p = px(r)
                clip = clip.map { $0.intersection(p) } ?? p
                continue
            case .popClip:
                closeBatch()
                clip = clipStack.popLast() ?? nil
                continue
            default: break
            }
            // Shapes batch without a texture (the shape program); glyphs with the atlas, images with their own.
            switch command {
            case .image(_, let handle, _):
                guard let image = resources.images[handle.id] else { continue }
                startBatchIfNeeded(texture: image.texture)
            case .glyphs(let run):
                // Rasterize first: the atlas texture exists once a glyph is in it.
                let pixelSize = atlas.pixelSize(for: run.fontSize)
                for scalar in run.text.unicodeScalars { _ = atlas.glyph(scalar, pixelSize: pixelSize) }
                guard atlas.texture != 0 else { continue }
                startBatchIfNeeded(texture: atlas.texture)
            default:
                startBatchIfNeeded(texture: 0)
            }
            emit(command, sx: sx, sy: sy)
            closeBatch()
        }
        closeBatch()
        batches.removeAll { $0.count == 0 }
    }

    private func emit(_ command: DrawCommand, sx: Double, sy: Double) {
        func px(_ r: Rect) -> Rect { Rect(x: r.minX * sx, y: r.minY * sy, width: r.width * sx, height: r.height * sy) }
        let s = min(sx, sy)
        switch command {
        case .rect(let r, let color, let radius):
            shape(px(r), radius: radius * s, stroke: 0, colors: .solid(color))
        case .border(let r, let color, let width, let radius):
            shape(px(r), radius: radius * s, stroke: max(width * s, 0.5), colors: .solid(color))
        case .circle(let c, let radius, let color):
            let r = Rect(x: (c.x - radius) * sx, y: (c.y - radius) * sy, width: 2 * radius * sx, height: 2 * radius * sy)
            shape(r, radius: radius * s, stroke: 0, colors: .solid(color))
        case .ring(let c, let radius, let width, let color):
            let r = Rect(x: (c.x - radius) * sx, y: (c.y - radius) * sy, width: 2 * radius * sx, height: 2 * radius * sy)
            shape(r, radius: radius * s, stroke: max(width * s, 0.5), colors: .solid(color))
        case .linearGradient(let r, let from, let to, let axis, let radius):
            shape(px(r), radius: radius * s, stroke: 0, colors: axis == .horizontal ? .horizontal(from, to) : .vertical(from, to))
        case .saturationValueGradient(let r, let hue, let radius):
            // The shader computes each pixel's color; the vertex color carries its inputs (hue, scale x, scale y).
            shape(px(r), radius: radius * s, stroke: 0, colors: .solid(Color(r: hue, g: sx, b: sy, a: 1)), kind: 3)
        case .hueGradient(let r, let axis, let radius):
            shape(px(r), radius: radius * s, stroke: 0, colors: .solid(Color(r: 0, g: sx, b: sy, a: 1)),
                  kind: axis == .horizontal ? 4 : 5)
        case .image(let r, let handle, let tint):
            guard resources.images[handle.id] != nil else { return }
            let p = px(r)
            quad(x0: p.minX, y0: p.minY, x1: p.maxX, y1: p.maxY, l0: (0, 0), l1: (1, 1),
                 colors: .solid(tint), shape: (0, 0, 0, 0), kind: 2)
        case .glyphs(let run):
            glyphs(run, sx: sx, sy: sy)
        case .pushClip, .popClip:
            break
        }
    }

    private enum VertexColors {
        case solid(Color)
        case horizontal(Color, Color)
        case vertical(Color, Color)

        /// Colors at (top-left, top-right, bottom-left, bottom-right).
        var corners: (Color, Color, Color, Color) {
            switch self {
            case .solid(let c): (c, c, c, c)
            case .horizontal(let a, let b): (a, b, a, b)
            case .vertical(let a, let b): (a, a, b, b)
            }
        }
    }

    /// A rounded shape: the quad grows by a pixel on each side so the anti-aliased edge has room.
    private func shape(_ r: Rect, radius: Double, stroke: Double, colors: VertexColors, kind: Float = 0) {
        guard r.width > 0, r.height > 0 else { return }
        let hw = r.width / 2, hh = r.height / 2
        let shapeParams = (Float(hw), Float(hh), Float(min(radius, min(hw, hh))), Float(stroke))
        quad(x0: r.minX - 1, y0: r.minY - 1, x1: r.maxX + 1, y1: r.maxY + 1,
             l0: (-hw - 1, -hh - 1), l1: (hw + 1, hh + 1), colors: colors, shape: shapeParams, kind: kind)
    }

    private func glyphs(_ run: GlyphRun, sx: Double, sy: Double) {
        let pixelSize = atlas.pixelSize(for: run.fontSize)
        // Snap the line to whole pixels so glyphs stay crisp.
        var penX = (run.origin.x * sx).rounded()
        let top = (run.origin.y * sy).rounded()
        for scalar in run.text.unicodeScalars {
            guard let g = atlas.glyph(scalar, pixelSize: pixelSize) else { continue }
            if g.width > 0 {
                let x0 = penX + Double(g.bearingX), y0 = top + Double(g.top)
                quad(x0: x0, y0: y0, x1: x0 + Double(g.width), y1: y0 + Double(g.height),
                     l0: (Double(g.u0), Double(g.v0)), l1: (Double(g.u1), Double(g.v1)),
                     colors: .solid(run.color), shape: (0, 0, 0, 0), kind: 1)
            }
            penX += Double(g.advance)
        }
    }

    private func quad(x0: Double, y0: Double, x1: Double, y1: Double, l0: (Double, Double), l1: (Double, Double),
                      colors: VertexColors, shape: (Float, Float, Float, Float), kind: Float) {
        let (tl, tr, bl, br) = colors.corners
        if let b = contentBounds {
            let minX = min(b.minX, x0), minY = min(b.minY, y0)
            contentBounds = Rect(x: minX, y: minY, width: max(b.maxX, x1) - minX, height: max(b.maxY, y1) - minY)
        } else {
            contentBounds = Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        }
        func vertex(_ x: Double, _ y: Double, _ lx: Double, _ ly: Double, _ c: Color) {
            let a = Float(c.a)
            // Thirteen appends rather than an array literal: no allocation per vertex.
            vertices.append(Float(x)); vertices.append(Float(y)); vertices.append(Float(lx)); vertices.append(Float(ly))
            vertices.append(Float(c.r) * a); vertices.append(Float(c.g) * a); vertices.append(Float(c.b) * a); vertices.append(a)
            vertices.append(shape.0); vertices.append(shape.1); vertices.append(shape.2); vertices.append(shape.3)
            vertices.append(kind)
        }
        vertex(x0, y0, l0.0, l0.1, tl); vertex(x1, y0, l1.0, l0.1, tr); vertex(x1, y1, l1.0, l1.1, br)
        vertex(x0, y0, l0.0, l0.1, tl); vertex(x1, y1, l1.0, l1.1, br); vertex(x0, y1, l0.0, l1.1, bl)
    }

    private func upload() {
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), vbo)
        let bytes = vertices.count * MemoryLayout<Float>.size
        vertices.withUnsafeBytes { raw in
            if bytes > vboCapacity {
                vboCapacity = max(bytes, vboCapacity * 2, 64 * 1024)
                glBufferData(GLenum(GL_ARRAY_BUFFER), vboCapacity, nil, GLenum(GL_DYNAMIC_DRAW))
            }
            if bytes > 0 { glBufferSubData(GLenum(GL_ARRAY_BUFFER), 0, bytes, raw.baseAddress) }
        }
    }

    // MARK: - Drawing with saved and restored state

    private func drawBatches(metrics: WindowMetrics) {
        drawCallCount = 0
        guard !batches.isEmpty else { return }
        let saved = SavedGLState()
        let h = metrics.drawableSize.height
        prepareState(metrics: metrics)
        var boundTexture: GLuint = .max
        var scissorOn = false
        var textured = false
        for batch in batches {
            if (batch.texture != 0) != textured {
                textured = batch.texture != 0
                let p = textured ? textureProgram : program
                glUseProgram(p.id)
                glUniform2f(p.uniform("uViewportSize"), Float(metrics.drawableSize.width), Float(h))
                if textured { glUniform1i(p.uniform("uTexture"), 0) }
            }
            if batch.texture != 0 && batch.texture != boundTexture {
                glBindTexture(GLenum(GL_TEXTURE_2D), batch.texture)
                boundTexture = batch.texture
            }
            if let c = batch.clip {
                if !scissorOn { glEnable(GLenum(GL_SCISSOR_TEST)); scissorOn = true }
                // Scissor boxes start at the bottom-left.
                glScissor(GLint(c.minX.rounded()), GLint((Double(h) - c.maxY).rounded()),
                          GLsizei(max(0, c.width.rounded())), GLsizei(max(0, c.height.rounded())))
            } else if scissorOn {
                glDisable(GLenum(GL_SCISSOR_TEST)); scissorOn = false
            }
            glDrawArrays(GLenum(GL_TRIANGLES), GLint(batch.first), GLsizei(batch.count))
            drawCallCount += 1
        }
        saved.restore()
        checkGLError("overlay render")
    }
}

extension GLOverlayRenderer {
    /// Premultiplied blending, no depth or culling, the overlay program, vertex array and texture unit 0.
    fileprivate func prepareState(metrics: WindowMetrics) {
        let w = metrics.drawableSize.width, h = metrics.drawableSize.height
        glViewport(0, 0, GLsizei(w), GLsizei(h))
        glEnable(GLenum(GL_BLEND))
        glBlendEquation(GLenum(GL_FUNC_ADD))
        glBlendFuncSeparate(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA), GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        glDisable(GLenum(GL_DEPTH_TEST))
        glDisable(GLenum(GL_CULL_FACE))
        // Shapes anti-alias themselves; single-sample rasterization into a multisampled target keeps overlay pixels
        // identical to the cache's and clips exactly to the scissor (llvmpipe lets a clip edge bleed a pixel).
        glDisable(GLenum(GL_MULTISAMPLE))
        glUseProgram(program.id)
        glUniform2f(program.uniform("uViewportSize"), Float(w), Float(h))
        glActiveTexture(GLenum(GL_TEXTURE0))
        glBindVertexArray(vao)
    }
}

/// What every layer's renderer shares: the programs, the glyph atlas, the uploaded images.
@MainActor
final class OverlayResources {
    let atlas: GlyphAtlas
    let program: ShaderProgram
    let textureProgram: ShaderProgram
    let compositeProgram: ShaderProgram
    var images: [Int: (texture: GLuint, size: PixelSize)] = [:]
    var nextImageID = 1

    init(atlas: GlyphAtlas) throws(ShaderError) {
        self.atlas = atlas
        program = try ShaderProgram(vertex: "overlay.vert", fragment: "overlay.frag")
        textureProgram = try ShaderProgram(vertex: "overlay.vert", fragment: "overlay_texture.frag")
        compositeProgram = try ShaderProgram(vertex: "composite.vert", fragment: "composite.frag")
    }

    isolated deinit {
        for (_, image) in images { var t = image.texture; glDeleteTextures(1, &t) }
    }
}

/// The GL state the overlay renderer changes, captured so it can be put back (the engine relies on it).
@MainActor
private struct SavedGLState {
    var program: GLint = 0, vertexArray: GLint = 0, arrayBuffer: GLint = 0, texture: GLint = 0, activeTexture: GLint = 0
    var viewport: [GLint] = [0, 0, 0, 0], scissorBox: [GLint] = [0, 0, 0, 0]
    var blend = false, depthTest = false, cullFace = false, scissorTest = false, multisample = false
    var blendSrcRGB: GLint = 0, blendDstRGB: GLint = 0, blendSrcAlpha: GLint = 0, blendDstAlpha: GLint = 0
    var blendEquation: GLint = 0

    init() {
        glGetIntegerv(GLenum(GL_CURRENT_PROGRAM), &program)
        glGetIntegerv(GLenum(GL_VERTEX_ARRAY_BINDING), &vertexArray)
        glGetIntegerv(GLenum(GL_ARRAY_BUFFER_BINDING), &arrayBuffer)
        glGetIntegerv(GLenum(GL_ACTIVE_TEXTURE), &activeTexture)
        glActiveTexture(GLenum(GL_TEXTURE0))
        glGetIntegerv(GLenum(GL_TEXTURE_BINDING_2D), &texture)
        glGetIntegerv(GLenum(GL_VIEWPORT), &viewport)
        glGetIntegerv(GLenum(GL_SCISSOR_BOX), &scissorBox)
        blend = glIsEnabled(GLenum(GL_BLEND)) != 0
        depthTest = glIsEnabled(GLenum(GL_DEPTH_TEST)) != 0
        cullFace = glIsEnabled(GLenum(GL_CULL_FACE)) != 0
        scissorTest = glIsEnabled(GLenum(GL_SCISSOR_TEST)) != 0
        multisample = glIsEnabled(GLenum(GL_MULTISAMPLE)) != 0
        glGetIntegerv(GLenum(GL_BLEND_SRC_RGB), &blendSrcRGB)
        glGetIntegerv(GLenum(GL_BLEND_DST_RGB), &blendDstRGB)
        glGetIntegerv(GLenum(GL_BLEND_SRC_ALPHA), &blendSrcAlpha)
        glGetIntegerv(GLenum(GL_BLEND_DST_ALPHA), &blendDstAlpha)
        glGetIntegerv(GLenum(GL_BLEND_EQUATION_RGB), &blendEquation)
    }

    func restore() {
        glUseProgram(GLuint(program))
        glBindVertexArray(GLuint(vertexArray))
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), GLuint(arrayBuffer))
        glBindTexture(GLenum(GL_TEXTURE_2D), GLuint(texture))
        glActiveTexture(GLenum(activeTexture))
        glViewport(viewport[0], viewport[1], GLsizei(viewport[2]), GLsizei(viewport[3]))
        glScissor(scissorBox[0], scissorBox[1], GLsizei(scissorBox[2]), GLsizei(scissorBox[3]))
        func set(_ cap: Int32, _ on: Bool) { if on { glEnable(GLenum(cap)) } else { glDisable(GLenum(cap)) } }
        set(GL_BLEND, blend); set(GL_DEPTH_TEST, depthTest); set(GL_CULL_FACE, cullFace); set(GL_SCISSOR_TEST, scissorTest)
        set(GL_MULTISAMPLE, multisample)
        glBlendEquation(GLenum(blendEquation))
        glBlendFuncSeparate(GLenum(blendSrcRGB), GLenum(blendDstRGB), GLenum(blendSrcAlpha), GLenum(blendDstAlpha))
    }
}
