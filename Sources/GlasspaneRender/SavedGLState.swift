// GL state around the overlay's passes: what it sets before drawing, and, without a shared state cache, the
// caller's state saved before and restored after (so a foreign engine is unaffected).
import CGL
import GlasspaneCore

extension GLOverlayRenderer {
    /// Premultiplied blending, no depth, culling or scissor, the overlay's vertex array and texture unit 0 (each
    /// draw binds its program).
    func prepareState(metrics: WindowMetrics) {
        takeState()
        let state = resources.state
        state.viewport(0, 0, GLsizei(metrics.drawableSize.width), GLsizei(metrics.drawableSize.height))
        state.set(.blend, true)
        state.blendEquation(GLenum(GL_FUNC_ADD))
        state.blendFunc(srcRGB: GLenum(GL_ONE), dstRGB: GLenum(GL_ONE_MINUS_SRC_ALPHA), srcAlpha: GLenum(GL_ONE), dstAlpha: GLenum(GL_ONE_MINUS_SRC_ALPHA))
        state.set(.depthTest, false)
        state.set(.cullFace, false)
        // Shapes anti-alias themselves; single-sample rasterization into a multisampled target keeps overlay pixels
        // identical to the cache's and clips exactly to the scissor (llvmpipe lets a clip edge bleed a pixel).
        state.set(.multisample, false)
        state.set(.scissorTest, false)
        state.bindVertexArray(listBuffer.vertexArray)
    }

    /// Before the renderer's first GL call of a `render` or `prepare`: without a shared cache, saves the caller's
    /// state (once) and forgets what the cache knew. With one, nothing: the cache is the truth.
    func takeState() {
        guard !resources.sharesState, savedState == nil else { return }
        savedState = SavedGLState()
        resources.state.invalidate()
    }

    /// At the end of a `render` or `prepare`: puts the caller's state back when it was saved.
    func giveStateBack() {
        guard let saved = savedState else { return }
        saved.restore()
        savedState = nil
        resources.state.invalidate()
    }
}

/// The GL state the overlay renderer changes, captured so it can be put back (the engine relies on it).
@MainActor
struct SavedGLState {
    var program: GLint = 0, vertexArray: GLint = 0, arrayBuffer: GLint = 0, texture: GLint = 0, activeTexture: GLint = 0
    var viewport = (GLint(0), GLint(0), GLint(0), GLint(0)), scissorBox = (GLint(0), GLint(0), GLint(0), GLint(0))
    var blend = false, depthTest = false, cullFace = false, scissorTest = false, multisample = false
    var blendSrcRGB: GLint = 0, blendDstRGB: GLint = 0, blendSrcAlpha: GLint = 0, blendDstAlpha: GLint = 0
    var blendEquation: GLint = 0

    /// Reads the state (binding texture unit 0 active on the way).
    init() {
        glGetIntegerv(GLenum(GL_CURRENT_PROGRAM), &program)
        glGetIntegerv(GLenum(GL_VERTEX_ARRAY_BINDING), &vertexArray)
        glGetIntegerv(GLenum(GL_ARRAY_BUFFER_BINDING), &arrayBuffer)
        glGetIntegerv(GLenum(GL_ACTIVE_TEXTURE), &activeTexture)
        glActiveTexture(GLenum(GL_TEXTURE0))
        glGetIntegerv(GLenum(GL_TEXTURE_BINDING_2D), &texture)
        // Tuples, not arrays: no allocation per frame.
        withUnsafeMutableBytes(of: &viewport) { glGetIntegerv(GLenum(GL_VIEWPORT), $0.baseAddress!.assumingMemoryBound(to: GLint.self)) }
        withUnsafeMutableBytes(of: &scissorBox) { glGetIntegerv(GLenum(GL_SCISSOR_BOX), $0.baseAddress!.assumingMemoryBound(to: GLint.self)) }
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

    /// Puts the state back.
    func restore() {
        glUseProgram(GLuint(program))
        glBindVertexArray(GLuint(vertexArray))
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), GLuint(arrayBuffer))
        glBindTexture(GLenum(GL_TEXTURE_2D), GLuint(texture))
        glActiveTexture(GLenum(activeTexture))
        glViewport(viewport.0, viewport.1, GLsizei(viewport.2), GLsizei(viewport.3))
        glScissor(scissorBox.0, scissorBox.1, GLsizei(scissorBox.2), GLsizei(scissorBox.3))
        func set(_ cap: Int32, _ on: Bool) { if on { glEnable(GLenum(cap)) } else { glDisable(GLenum(cap)) } }
        set(GL_BLEND, blend); set(GL_DEPTH_TEST, depthTest); set(GL_CULL_FACE, cullFace); set(GL_SCISSOR_TEST, scissorTest)
        set(GL_MULTISAMPLE, multisample)
        glBlendEquation(GLenum(blendEquation))
        glBlendFuncSeparate(GLenum(blendSrcRGB), GLenum(blendDstRGB), GLenum(blendSrcAlpha), GLenum(blendDstAlpha))
    }
}
