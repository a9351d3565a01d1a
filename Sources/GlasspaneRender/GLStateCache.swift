// A shadow of the GL state the scene and overlay passes set, shared by the renderers of one context: a pass sets
// only what differs from what the shadow says is current, and nobody queries the driver. On llvmpipe the overlay's
// save-and-restore (19 queries, 16 restoring calls) cost about half of its idle frame (docs/overlay.md, "The GL state
// contract"). The contract: every change to the tracked state goes through the cache, frame after frame; code that
// changes tracked state behind its back (an engine of one's own, a test) calls `invalidate()` afterwards. In the
// product only GlasspaneRender touches GL, and whatever of it does not use the cache (captures, render targets, timer
// queries) changes no tracked state; the glyph atlas puts its texture binding back.
import CGL

/// The tracked GL state of one context, and setters that skip what is already current.
@MainActor
public final class GLStateCache {
    /// Capabilities the passes switch (`glEnable`/`glDisable`).
    public enum Capability: CaseIterable, Sendable {
        /// `GL_BLEND`.
        case blend
        /// `GL_DEPTH_TEST`.
        case depthTest
        /// `GL_CULL_FACE`.
        case cullFace
        /// `GL_SCISSOR_TEST`.
        case scissorTest
        /// `GL_MULTISAMPLE`.
        case multisample

        /// Where its state is kept in `Snapshot.enabled`.
        var index: Int {
            switch self {
            case .blend: 0
            case .depthTest: 1
            case .cullFace: 2
            case .scissorTest: 3
            case .multisample: 4
            }
        }

        /// The GL enum.
        var glEnum: GLenum {
            switch self {
            case .blend: GLenum(GL_BLEND)
            case .depthTest: GLenum(GL_DEPTH_TEST)
            case .cullFace: GLenum(GL_CULL_FACE)
            case .scissorTest: GLenum(GL_SCISSOR_TEST)
            case .multisample: GLenum(GL_MULTISAMPLE)
            }
        }
    }

    /// A pixel rectangle in GL's bottom-left coordinates.
    struct Box: Equatable, Sendable {
        /// Left, bottom, width, height.
        public var x: GLint, y: GLint, width: GLsizei, height: GLsizei
    }

    /// `glBlendFuncSeparate`'s four factors.
    struct BlendFactors: Equatable, Sendable {
        /// Source and destination factors for RGB and alpha.
        public var srcRGB: GLenum, dstRGB: GLenum, srcAlpha: GLenum, dstAlpha: GLenum
    }

    /// What the shadow holds; nil where it does not know (after `invalidate`).
    struct Snapshot: Sendable {
        /// The current program.
        public var program: GLuint?
        /// The bound vertex array.
        public var vertexArray: GLuint?
        /// The buffer bound to `GL_ARRAY_BUFFER`.
        public var arrayBuffer: GLuint?
        /// The active texture unit (`GL_TEXTURE0 + n`).
        public var activeTexture: GLenum?
        /// The 2D texture bound on unit 0.
        public var texture0: GLuint?
        /// The viewport.
        public var viewport: Box?
        /// Each capability's state, indexed by `Capability.index` (fixed storage: no allocation per frame).
        public var enabled: (Bool?, Bool?, Bool?, Bool?, Bool?) = (nil, nil, nil, nil, nil)
        /// `glBlendEquation`'s mode (RGB and alpha alike).
        public var blendEquation: GLenum?
        /// The separate blend factors.
        public var blendFunc: BlendFactors?
        /// The depth comparison.
        public var depthFunc: GLenum?
        /// The faces culled.
        public var cullFace: GLenum?

        /// Whether a capability is on (nil: unknown).
        public subscript(capability: Capability) -> Bool? {
            get {
                switch capability.index {
                case 0: enabled.0
                case 1: enabled.1
                case 2: enabled.2
                case 3: enabled.3
                default: enabled.4
                }
            }
            set {
                switch capability.index {
                case 0: enabled.0 = newValue
                case 1: enabled.1 = newValue
                case 2: enabled.2 = newValue
                case 3: enabled.3 = newValue
                default: enabled.4 = newValue
                }
            }
        }
    }

    private var known = Snapshot()
    /// GL calls the cache issued since it was made (tests count the calls of a frame).
    public private(set) var issued = 0

    /// An empty shadow: everything unknown, so the first set of each state is issued.
    public init() {}

    /// Forgets everything: the next set of each state reaches the driver.
    public func invalidate() { known = Snapshot() }

    /// `glUseProgram`.
    public func useProgram(_ program: GLuint) {
        guard known.program != program else { return }
        glUseProgram(program); known.program = program; issued += 1
    }

    /// `glBindVertexArray` (a vertex array carries its own element buffer; the array buffer binding is global).
    public func bindVertexArray(_ array: GLuint) {
        guard known.vertexArray != array else { return }
        glBindVertexArray(array); known.vertexArray = array; issued += 1
    }

    /// `glBindBuffer(GL_ARRAY_BUFFER, …)`.
    public func bindArrayBuffer(_ buffer: GLuint) {
        guard known.arrayBuffer != buffer else { return }
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer); known.arrayBuffer = buffer; issued += 1
    }

    /// Binds a 2D texture on unit 0 (the only unit the passes sample from), making unit 0 active.
    public func bindTexture0(_ texture: GLuint) {
        if known.activeTexture != GLenum(GL_TEXTURE0) {
            glActiveTexture(GLenum(GL_TEXTURE0)); known.activeTexture = GLenum(GL_TEXTURE0); issued += 1
        }
        guard known.texture0 != texture else { return }
        glBindTexture(GLenum(GL_TEXTURE_2D), texture); known.texture0 = texture; issued += 1
    }

    /// A texture was deleted: GL unbinds it, so unit 0 holds texture 0 if it held this one (a later texture
    /// given the same name must still be bound).
    public func textureDeleted(_ texture: GLuint) {
        if known.texture0 == texture { known.texture0 = 0 }
    }

    /// `glViewport`.
    public func viewport(_ x: GLint, _ y: GLint, _ width: GLsizei, _ height: GLsizei) {
        let box = Box(x: x, y: y, width: width, height: height)
        guard known.viewport != box else { return }
        glViewport(x, y, width, height); known.viewport = box; issued += 1
    }

    /// True when every framebuffer the passes draw into has one sample per pixel (the session's target, and the
    /// overlay's cache): `GL_MULTISAMPLE` changes nothing there, so `set(.multisample, _)` issues nothing. Toggling it
    /// made the driver validate its rasterizer state again at the next draw, twice a frame (the scene turns it on,
    /// the overlay off): docs/overlay.md, "Multisampling left alone".
    public var targetsHaveOneSample = false

    /// `glEnable` or `glDisable`.
    public func set(_ capability: Capability, _ on: Bool) {
        if capability == .multisample && targetsHaveOneSample { return }
        guard known[capability] != on else { return }
        if on { glEnable(capability.glEnum) } else { glDisable(capability.glEnum) }
        known[capability] = on; issued += 1
    }

    /// `glBlendEquation`.
    public func blendEquation(_ mode: GLenum) {
        guard known.blendEquation != mode else { return }
        glBlendEquation(mode); known.blendEquation = mode; issued += 1
    }

    /// `glBlendFuncSeparate`.
    public func blendFunc(srcRGB: GLenum, dstRGB: GLenum, srcAlpha: GLenum, dstAlpha: GLenum) {
        let f = BlendFactors(srcRGB: srcRGB, dstRGB: dstRGB, srcAlpha: srcAlpha, dstAlpha: dstAlpha)
        guard known.blendFunc != f else { return }
        glBlendFuncSeparate(srcRGB, dstRGB, srcAlpha, dstAlpha); known.blendFunc = f; issued += 1
    }

    /// `glDepthFunc`.
    public func depthFunc(_ function: GLenum) {
        guard known.depthFunc != function else { return }
        glDepthFunc(function); known.depthFunc = function; issued += 1
    }

    /// `glCullFace`.
    public func cullFace(_ face: GLenum) {
        guard known.cullFace != face else { return }
        glCullFace(face); known.cullFace = face; issued += 1
    }

    /// Each known state the driver disagrees with, by name (empty when the shadow is true). Queries the driver, so it
    /// is for tests and debugging, never the frame.
    public func disagreementsWithDriver() -> [String] {
        var out: [String] = []
        func int(_ pname: Int32) -> GLint { var v: GLint = 0; glGetIntegerv(GLenum(pname), &v); return v }
        func check<T: Equatable>(_ name: String, _ shadow: T?, _ actual: T) {
            if let shadow, shadow != actual { out.append("\(name): shadow \(shadow), driver \(actual)") }
        }
        check("program", known.program, GLuint(int(GL_CURRENT_PROGRAM)))
        check("vertexArray", known.vertexArray, GLuint(int(GL_VERTEX_ARRAY_BINDING)))
        check("arrayBuffer", known.arrayBuffer, GLuint(int(GL_ARRAY_BUFFER_BINDING)))
        check("activeTexture", known.activeTexture, GLenum(int(GL_ACTIVE_TEXTURE)))
        if known.texture0 != nil {
            let active = int(GL_ACTIVE_TEXTURE)
            glActiveTexture(GLenum(GL_TEXTURE0))
            check("texture0", known.texture0, GLuint(int(GL_TEXTURE_BINDING_2D)))
            glActiveTexture(GLenum(active))
        }
        var box = [GLint](repeating: 0, count: 4)
        glGetIntegerv(GLenum(GL_VIEWPORT), &box)
        check("viewport", known.viewport, Box(x: box[0], y: box[1], width: GLsizei(box[2]), height: GLsizei(box[3])))
        for capability in Capability.allCases {
            check("\(capability)", known[capability], glIsEnabled(capability.glEnum) != 0)
        }
        check("blendEquation", known.blendEquation, GLenum(int(GL_BLEND_EQUATION_RGB)))
        check("blendFunc", known.blendFunc, BlendFactors(srcRGB: GLenum(int(GL_BLEND_SRC_RGB)), dstRGB: GLenum(int(GL_BLEND_DST_RGB)),
                                                         srcAlpha: GLenum(int(GL_BLEND_SRC_ALPHA)), dstAlpha: GLenum(int(GL_BLEND_DST_ALPHA))))
        check("depthFunc", known.depthFunc, GLenum(int(GL_DEPTH_FUNC)))
        check("cullFace", known.cullFace, GLenum(int(GL_CULL_FACE_MODE)))
        return out
    }
}
