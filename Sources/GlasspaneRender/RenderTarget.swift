// Where a frame is drawn. A window draws straight into its default framebuffer (multisampled when the platform
// asked for it); headless runs draw into a framebuffer object sized to the drawable, because SDL's offscreen driver
// never resizes its EGL surface. That object is multisampled (4x by default); FramebufferCapture resolves it before
// reading, so screenshots stay deterministic. The sample count can change at run time (`setSamples`, the demo's
// MSAA picker): the next `bind` makes the storage again; a window whose own framebuffer has another count then
// draws into a framebuffer object too, and `finishFrame` copies it to the window before the swap.
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

    /// Samples per pixel frames are drawn with (1: no multisampling); `setSamples` changes it.
    public private(set) var samples: Int
    /// Samples of the window's own framebuffer as the context reports them (windowed targets; 1 when offscreen). A
    /// window opened without the samples asked for (SDLPlatform falls back when no visual has them) reports 1: its
    /// frames then go through a multisampled object and `finishFrame`, so they keep their anti-aliasing.
    public let windowSamples: Int
    /// The single-sample copy a windowed multisampled object is resolved into before it reaches the window (GL
    /// refuses a blit between two multisampled framebuffers of different counts).
    private var resolveFramebuffer: GLuint = 0
    private var resolveColor: GLuint = 0
    /// The most samples a target asks for.
    public static let maxSamples = 16

    /// Creates a target; `offscreen` for headless runs, `samples` per pixel (1 turns anti-aliasing off; clamped to
    /// 1...16 and to what the driver supports). A windowed target needs the window's GL context current: it reads
    /// the window framebuffer's real sample count.
    public init(offscreen: Bool, samples: Int = 4) {
        isOffscreen = offscreen
        self.samples = min(max(samples, 1), RenderTarget.maxSamples)
        windowSamples = offscreen ? 1 : RenderTarget.windowFramebufferSamples()
    }

    /// The current context's default framebuffer's samples per pixel (1 without multisampling); the binding is
    /// left as it was.
    static func windowFramebufferSamples() -> Int {
        var bound: GLint = 0, buffers: GLint = 0, count: GLint = 0
        glGetIntegerv(GLenum(GL_FRAMEBUFFER_BINDING), &bound)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        glGetIntegerv(GLenum(GL_SAMPLE_BUFFERS), &buffers)
        glGetIntegerv(GLenum(GL_SAMPLES), &count)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), GLuint(bound))
        return buffers > 0 ? max(1, Int(count)) : 1
    }

    /// True when frames go to a framebuffer object: always offscreen, and in a window whose count was changed.
    public var drawsIntoObject: Bool { isOffscreen || samples != windowSamples }

    /// Draws the next frames with `count` samples a pixel (clamped to 1...16; the driver may round it up to a count
    /// it supports, `supportedSampleCounts`). The storage is made again at the next `bind`.
    public func setSamples(_ count: Int) {
        let clamped = min(max(count, 1), RenderTarget.maxSamples)
        guard clamped != samples else { return }
        samples = clamped
        releaseStorage()
    }

    /// The sample counts the current context's driver offers for an RGBA8 renderbuffer, with 1 (off) first, in
    /// increasing order (llvmpipe: 1 and 4). Needs the GL context current.
    public static func supportedSampleCounts() -> [Int] {
        var count: GLint = 0
        glGetInternalformativ(GLenum(GL_RENDERBUFFER), GLenum(GL_RGBA8), GLenum(GL_NUM_SAMPLE_COUNTS), 1, &count)
        var counts = [GLint](repeating: 0, count: Int(max(0, min(count, 32))))
        if !counts.isEmpty { glGetInternalformativ(GLenum(GL_RENDERBUFFER), GLenum(GL_RGBA8), GLenum(GL_SAMPLES), GLsizei(counts.count), &counts) }
        return Array(Set([1] + counts.map(Int.init).filter { $0 > 1 && $0 <= maxSamples })).sorted()
    }

    /// Copies a windowed target's framebuffer object to the window (resolving its samples); nothing to do when
    /// frames went straight to the window or offscreen. Call after the frame's pixels were read, before the swap.
    public func finishFrame() {
        guard !isOffscreen, drawsIntoObject, framebuffer != 0 else { return }
        let w = GLint(size.width), h = GLint(size.height)
        var source = framebuffer
        if samples > 1 && windowSamples > 1 {
            if resolveFramebuffer == 0 {
                glGenFramebuffers(1, &resolveFramebuffer)
                glGenRenderbuffers(1, &resolveColor)
                glBindRenderbuffer(GLenum(GL_RENDERBUFFER), resolveColor)
                glRenderbufferStorage(GLenum(GL_RENDERBUFFER), GLenum(GL_RGBA8), GLsizei(w), GLsizei(h))
                glBindFramebuffer(GLenum(GL_FRAMEBUFFER), resolveFramebuffer)
                glFramebufferRenderbuffer(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_RENDERBUFFER), resolveColor)
                glBindRenderbuffer(GLenum(GL_RENDERBUFFER), 0)
            }
            glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), framebuffer)
            glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), resolveFramebuffer)
            glBlitFramebuffer(0, 0, w, h, 0, 0, w, h, GLbitfield(GL_COLOR_BUFFER_BIT), GLenum(GL_NEAREST))
            source = resolveFramebuffer
        }
        glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), source)
        glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), 0)
        glBlitFramebuffer(0, 0, w, h, 0, 0, w, h, GLbitfield(GL_COLOR_BUFFER_BIT), GLenum(GL_NEAREST))
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        checkGLError("window copy \(size)")
    }

    isolated deinit { releaseStorage() }

    /// Binds the target for drawing at `pixels`, (re)allocating storage when the size changed.
    public func bind(size pixels: PixelSize) {
        guard drawsIntoObject else {
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
        if resolveFramebuffer != 0 { glDeleteFramebuffers(1, &resolveFramebuffer); resolveFramebuffer = 0 }
        if resolveColor != 0 { glDeleteRenderbuffers(1, &resolveColor); resolveColor = 0 }
        if color != 0 { glDeleteRenderbuffers(1, &color); color = 0 }
        if depth != 0 { glDeleteRenderbuffers(1, &depth); depth = 0 }
    }
}
