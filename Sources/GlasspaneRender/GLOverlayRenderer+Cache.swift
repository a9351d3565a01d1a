// The cache texture: the overlay rasterized once, composited with one quad a frame, redrawn only where damaged.
import CGL
import GlasspaneCore
import GlasspaneDraw

/// The cache's GL objects and whether it matches the list.
struct CacheTexture {
    /// The framebuffer the cache is rasterized into.
    var framebuffer: GLuint = 0
    /// The framebuffer's color attachment; never sampled.
    var targetTexture: GLuint = 0
    /// What the composite samples: the cache's pixels copied over after each redraw, never a render target. On
    /// llvmpipe, binding a texture for sampling finishes every queued scene (`glFinish`) while any scene it keeps
    /// still names that texture as its render target; sampling the render target itself made each composite wait
    /// for the whole scene (docs/overlay.md, "Why the composite samples a copy").
    var sampledTexture: GLuint = 0
    /// The drawable size it was allocated at.
    var size = PixelSize(width: 0, height: 0)
    /// Whether it holds the whole list as tessellated last (apart from `DrawListTessellator.damagedPixels`).
    var isCurrent = false

    /// Deletes what was made.
    mutating func delete() {
        if framebuffer != 0 { glDeleteFramebuffers(1, &framebuffer) }
        if targetTexture != 0 { glDeleteTextures(1, &targetTexture) }
        if sampledTexture != 0 { glDeleteTextures(1, &sampledTexture) }
        framebuffer = 0; targetTexture = 0; sampledTexture = 0
    }
}

extension GLOverlayRenderer {
    /// Redraws the whole cache when it is stale, else its damaged rectangles; returns the draw calls issued.
    func bringCacheUpToDate(metrics: WindowMetrics) -> Int {
        if !cache.isCurrent || cache.size != metrics.drawableSize {
            lastCacheRedrawRegions.removeAll(keepingCapacity: true)
            return redrawCache(metrics: metrics, regions: [nil])
        } else if !tessellator.damagedPixels.isEmpty {
            lastCacheRedrawRegions = tessellator.damagedPixels
            tessellator.damagedPixels.removeAll(keepingCapacity: true)
            return redrawCache(metrics: metrics, regions: lastCacheRedrawRegions.map { $0 })
        }
        return 0
    }

    /// Rasterizes the batches into the cache texture (transparent elsewhere), only inside each region (whole
    /// pixels, top-left origin; nil: everywhere), copies what it redrew into the texture the composite samples, then
    /// rebinds the caller's framebuffers. Other state is the caller's to save (`render`). Returns the draw calls.
    private func redrawCache(metrics: WindowMetrics, regions: [Rect?]) -> Int {
        var previousDraw: GLint = 0, previousRead: GLint = 0
        glGetIntegerv(GLenum(GL_DRAW_FRAMEBUFFER_BINDING), &previousDraw)
        glGetIntegerv(GLenum(GL_READ_FRAMEBUFFER_BINDING), &previousRead)
        if cache.size != metrics.drawableSize || cache.framebuffer == 0 { allocateCache(metrics.drawableSize) }
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), cache.framebuffer)
        var clearColor: [GLfloat] = [0, 0, 0, 0]
        glGetFloatv(GLenum(GL_COLOR_CLEAR_VALUE), &clearColor)
        glClearColor(0, 0, 0, 0)
        let state = resources.state
        let h = metrics.drawableSize.height
        var calls = 0
        for region in regions {
            if let region {
                let box = ScissorBox(region, drawableHeight: h)
                state.set(.scissorTest, true)
                glScissor(box.x, box.y, box.width, box.height)
            } else {
                state.set(.scissorTest, false)
            }
            glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
            calls += issueBatches(metrics: metrics, region: region)
        }
        glClearColor(clearColor[0], clearColor[1], clearColor[2], clearColor[3])
        // All regions first, then the copies: the first copy makes llvmpipe finish the cache's rasterization once.
        state.bindTexture0(cache.sampledTexture)
        for region in regions {
            guard let copied = (region ?? tessellator.contentBounds).map({ ScissorBox($0, drawableHeight: h) }),
                  copied.width > 0, copied.height > 0 else { continue }
            glCopyTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, copied.x, copied.y, copied.x, copied.y, copied.width, copied.height)
        }
        glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), GLuint(previousDraw))
        glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), GLuint(previousRead))
        cache.isCurrent = true
        if regions.contains(where: { $0 == nil }) { tessellator.damagedPixels.removeAll(keepingCapacity: true) }
        cacheRedrawCount += 1
        return calls
    }

    /// (Re)makes the cache's framebuffer and textures at a drawable size.
    private func allocateCache(_ size: PixelSize) {
        cache.delete()
        func makeTexture() -> GLuint {
            var texture: GLuint = 0
            glGenTextures(1, &texture)
            glBindTexture(GLenum(GL_TEXTURE_2D), texture)
            glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(size.width), GLsizei(size.height), 0, GLenum(GL_RGBA),
                         GLenum(GL_UNSIGNED_BYTE), nil)
            // Pixel-aligned quad, nearest sampling: the composite reproduces the cached pixels exactly.
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
            return texture
        }
        cache.targetTexture = makeTexture()
        cache.sampledTexture = makeTexture()
        resources.state.invalidate() // the texture binding changed behind the cache
        glGenFramebuffers(1, &cache.framebuffer)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), cache.framebuffer)
        glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), cache.targetTexture, 0)
        cache.size = size
        checkGLError("overlay cache \(size)")
    }

    /// Blends the cache texture over the frame with one quad (state prepared by `render`).
    func composite(metrics: WindowMetrics) {
        resources.use(resources.compositeProgram, viewport: metrics.drawableSize)
        resources.state.bindTexture0(cache.sampledTexture)
        resources.state.set(.scissorTest, false)
        glDrawArrays(GLenum(GL_TRIANGLES), GLint(tessellator.compositeFirst), 6)
        drawCallCount = 1
    }
}
