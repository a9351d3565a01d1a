// Where a frame is drawn. A window draws straight into its default framebuffer (multisampled when the platform
// asked for it); headless runs draw into a framebuffer object sized to the drawable, because SDL's offscreen driver
// never resizes its EGL surface. That object is multisampled (4x by default); FramebufferCapture resolves it before
// reading, so screenshots stay deterministic.
import CGL
import GlasspaneCore

/// The framebuffer frames are rendered into, bound at the start of each frame's render phase.
@MainActor
public final class RenderTarget {
    /// True when frames go to an offscreen framebuffer object rather than the window.
    public let isOffscreen: Bool
    /// The size of the current target in pixels.
    public private(set) var size: PixelSize = PixelSize(width: 0, height: 0)
    private var framebuffer: GLuint = 0
    private var color: GLuint = 0
    private var depth: GLuint = 0

    /// Samples per pixel of the offscreen target (1: no multisampling).
    public let samples: Int
    /// The most samples a target asks for.
    public static let maxSamples = 16

    /// Creates a target; `offscreen` for headless runs, `samples` per pixel there (1 turns anti-aliasing off;
    /// clamped to 1...16 and to what the driver supports).
    public init(offscreen: Bool, samples: Int = 4) {
        isOffscreen = offscreen
        self.samples = min(max(samples, 1), RenderTarget.maxSamples)
    }

    isolated deinit { releaseStorage() }

    /// Binds the target for drawing at `pixels`, (re)allocating storage when the size changed.
    public func bind(size pixels: PixelSize) {
        guard isOffscreen else {
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
            size = pixels
            return
        }
        if pixels != size || framebuffer == 0 { allocate(pixels) }
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
    }

    private func allocate(_ pixels: PixelSize) {
        releaseStorage()
        size = pixels
        glGenFramebuffers(1, &framebuffer)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        var driverMax: GLint = 1
        glGetIntegerv(GLenum(GL_MAX_SAMPLES), &driverMax)
        let count = GLsizei(samples > 1 ? min(samples, Int(max(driverMax, 1))) : 0)
        glGenRenderbuffers(1, &color)
        glBindRenderbuffer(GLenum(GL_RENDERBUFFER), color)
        glRenderbufferStorageMultisample(GLenum(GL_RENDERBUFFER), count, GLenum(GL_RGBA8), GLsizei(pixels.width), GLsizei(pixels.height))
        glFramebufferRenderbuffer(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_RENDERBUFFER), color)
        glGenRenderbuffers(1, &depth)
        glBindRenderbuffer(GLenum(GL_RENDERBUFFER), depth)
        glRenderbufferStorageMultisample(GLenum(GL_RENDERBUFFER), count, GLenum(GL_DEPTH24_STENCIL8), GLsizei(pixels.width), GLsizei(pixels.height))
        glFramebufferRenderbuffer(GLenum(GL_FRAMEBUFFER), GLenum(GL_DEPTH_STENCIL_ATTACHMENT), GLenum(GL_RENDERBUFFER), depth)
        glBindRenderbuffer(GLenum(GL_RENDERBUFFER), 0)
        checkGLError("offscreen target \(pixels)")
    }

    private func releaseStorage() {
        if framebuffer != 0 { glDeleteFramebuffers(1, &framebuffer); framebuffer = 0 }
        if color != 0 { glDeleteRenderbuffers(1, &color); color = 0 }
        if depth != 0 { glDeleteRenderbuffers(1, &depth); depth = 0 }
    }
}
