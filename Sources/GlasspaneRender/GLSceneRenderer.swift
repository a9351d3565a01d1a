// The engine's scene renderer: lit meshes with a perspective camera, depth-tested when more than one convex object
// could hide another (one cube alone needs no depth buffer: docs/bench.md, "The scene's depth buffer").
import CGL
import GlasspaneCore
import GlasspaneScene

/// Draws a `RenderScene` with OpenGL 3.3 core.
@MainActor
public final class GLSceneRenderer: SceneRenderer {
    private let program: ShaderProgram
    private let backgroundProgram: ShaderProgram
    private var backgroundVAO: GLuint = 0
    private var cubeVAO: GLuint = 0
    private var cubeVBO: GLuint = 0
    private let cubeVertexCount: GLsizei
    /// The state shadow it sets state through: the session's, shared with the overlay, or its own.
    private let state: GLStateCache
    private let sharesState: Bool
    /// Uniform locations, looked up once: by name each was a string hash every frame, seven a frame.
    private let locations: (top: GLint, bottom: GLint, viewProjection: GLint, light: GLint, eye: GLint, model: GLint,
                            color: GLint)
    /// What the programs' uniforms hold (a program keeps its uniforms): an unchanged value is not sent again, so a
    /// still camera and background leave the programs' constants untouched and the driver re-validates less.
    private var sentGradient: (top: Color, bottom: Color)?
    private var sentViewProjection: Mat4?
    private var sentLight: Vec3?
    private var sentEye: Vec3?
    private var sentColor: Color?
    /// `glUniform*` calls so far (tests check that a still scene sends only what changed).
    private(set) var uniformUploadCount = 0
    /// Frames drawn with the depth buffer cleared and tested (tests: a scene of one convex object needs neither).
    private(set) var depthTestedFrameCount = 0
    /// Tests: depth-tests every scene, one convex object included, to compare its pixels with the untested draw.
    var alwaysTestsDepth = false
    /// The pixels the last frame's background left out (whole pixels, top-left origin), nil when it covered all.
    private(set) var lastLeftOutPixels: Rect?
    /// The scissor boxes around this frame's hole (reused storage; empty without a hole).
    private var bands: [(x: GLint, y: GLint, width: GLsizei, height: GLsizei)] = []
    /// The fewest pixels worth leaving out: a hole costs the background and each object three more draw calls.
    nonisolated public static let minimumLeftOutPixels = 8_192

    /// Builds the shader program and the cube mesh in the current context. With `sharedState` (the overlay's too),
    /// state is set through that cache and the pass leaves behind only what the cache records; without it, the pass
    /// assumes nothing about the state it starts from and leaves depth testing and culling off.
    public init(sharedState: GLStateCache? = nil) throws(ShaderError) {
        state = sharedState ?? GLStateCache()
        sharesState = sharedState != nil
        program = try ShaderProgram(vertex: "cube.vert", fragment: "cube.frag")
        backgroundProgram = try ShaderProgram(vertex: "background.vert", fragment: "background.frag")
        locations = (backgroundProgram.uniform("uTop"), backgroundProgram.uniform("uBottom"), program.uniform("uViewProjection"),
                     program.uniform("uLightDirection"), program.uniform("uEye"), program.uniform("uModel"),
                     program.uniform("uColor"))
        glGenVertexArrays(1, &backgroundVAO)
        let vertices = GLSceneRenderer.cubeVertices()
        cubeVertexCount = GLsizei(vertices.count / 6)
        glGenVertexArrays(1, &cubeVAO)
        glGenBuffers(1, &cubeVBO)
        glBindVertexArray(cubeVAO)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), cubeVBO)
        vertices.withUnsafeBytes {
            glBufferData(GLenum(GL_ARRAY_BUFFER), $0.count, $0.baseAddress, GLenum(GL_STATIC_DRAW))
        }
        let stride = GLsizei(6 * MemoryLayout<Float>.size)
        glEnableVertexAttribArray(0)
        glVertexAttribPointer(0, 3, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride, nil)
        glEnableVertexAttribArray(1)
        glVertexAttribPointer(1, 3, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride, UnsafeRawPointer(bitPattern: 3 * MemoryLayout<Float>.size))
        glBindVertexArray(0)
        state.invalidate() // bindings changed behind the cache
        checkGLError("cube mesh upload")
    }

    isolated deinit {
        glDeleteBuffers(1, &cubeVBO)
        glDeleteVertexArrays(1, &cubeVAO)
        glDeleteVertexArrays(1, &backgroundVAO)
    }

    /// The background's top and bottom colors for a scene background: a subtle vertical gradient around it,
    /// lighter at the top, so both light and dark cube colors stand out.
    nonisolated public static func backgroundGradient(_ background: Color) -> (top: Color, bottom: Color) {
        (Color(r: background.r * 1.25 + 0.09, g: background.g * 1.25 + 0.09, b: background.b * 1.25 + 0.10),
         Color(r: background.r * 0.55, g: background.g * 0.55, b: background.b * 0.55))
    }

    /// The background color `fraction` of the way down the viewport (0 top, 1 bottom), as the shader draws it at
    /// pixel centers.
    nonisolated public static func backgroundColor(_ background: Color, fraction: Double) -> Color {
        let (top, bottom) = backgroundGradient(background)
        let t = min(max(fraction, 0), 1)
        return Color(r: top.r + (bottom.r - top.r) * t, g: top.g + (bottom.g - top.g) * t, b: top.b + (bottom.b - top.b) * t)
    }

    /// Draws the background gradient and every object.
    public func render(_ scene: RenderScene, viewport pixels: PixelSize) {
        render(scene, viewport: pixels, leavingOut: nil)
    }

    /// Draws the scene, the background left out of `hidden` (pixels, top-left origin; only its whole pixels count):
    /// pixels that the overlay covers with opaque color later in the frame (`OverlayStage.pixelsHiddenFromScene`),
    /// so no pixel of the frame changes. Neither the background nor the objects are drawn there. A hole under
    /// `minimumLeftOutPixels` is ignored.
    public func render(_ scene: RenderScene, viewport pixels: PixelSize, leavingOut hidden: Rect?) {
        if !sharesState { state.invalidate() }
        state.viewport(0, 0, GLsizei(pixels.width), GLsizei(pixels.height))
        // The background covers every pixel (and sample), so only depth needs clearing: a color clear as well cost
        // a full-target write per frame for nothing (docs/bench.md, "The bare frame"). Depth and stencil are cleared
        // together: llvmpipe then fills the packed buffer, where depth alone read and masked every sample.
        let testsDepth = alwaysTestsDepth || scene.needsDepthTest
        state.set(.scissorTest, false)
        if testsDepth {
            glClearDepth(1)
            glClearStencil(0)
            glClear(GLbitfield(GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT))
            depthTestedFrameCount += 1
        }
        state.set(.depthTest, false)
        state.set(.cullFace, false)
        state.set(.blend, false)
        state.set(.multisample, true) // the overlay turns it off for its own pixels
        let bg = scene.background
        let (top, bottom) = GLSceneRenderer.backgroundGradient(bg)
        state.useProgram(backgroundProgram.id)
        if sentGradient?.top != top || sentGradient?.bottom != bottom {
            glUniform3f(locations.top, Float(top.r), Float(top.g), Float(top.b))
            glUniform3f(locations.bottom, Float(bottom.r), Float(bottom.g), Float(bottom.b))
            sentGradient = (top, bottom)
            uniformUploadCount += 2
        }
        state.bindVertexArray(backgroundVAO)
        lastLeftOutPixels = GLSceneRenderer.wholePixels(of: hidden, in: pixels)
        setBands(around: lastLeftOutPixels, in: pixels)
        drawOutsideHole(first: 0, count: 3)
        state.set(.depthTest, testsDepth)
        if testsDepth { state.depthFunc(GLenum(GL_LESS)) }
        state.set(.cullFace, true)
        state.cullFace(GLenum(GL_BACK))

        let aspect = Float(pixels.width) / Float(max(pixels.height, 1))
        let viewProjection = scene.projection(aspect: aspect) * scene.view
        state.useProgram(program.id)
        if sentViewProjection != viewProjection {
            viewProjection.withUnsafeElements { glUniformMatrix4fv(locations.viewProjection, 1, GLboolean(GL_FALSE), $0.baseAddress) }
            sentViewProjection = viewProjection
            uniformUploadCount += 1
        }
        let l = scene.lightDirection
        if sentLight != l { glUniform3f(locations.light, l.x, l.y, l.z); sentLight = l; uniformUploadCount += 1 }
        let eye = scene.eye
        if sentEye != eye { glUniform3f(locations.eye, eye.x, eye.y, eye.z); sentEye = eye; uniformUploadCount += 1 }
        state.bindVertexArray(cubeVAO)
        for object in scene.objects {
            switch object.mesh {
            case .cube:
                object.model.withUnsafeElements { glUniformMatrix4fv(locations.model, 1, GLboolean(GL_FALSE), $0.baseAddress) }
                uniformUploadCount += 1
                if sentColor != object.color {
                    glUniform3f(locations.color, Float(object.color.r), Float(object.color.g), Float(object.color.b))
                    sentColor = object.color
                    uniformUploadCount += 1
                }
                drawOutsideHole(first: 0, count: cubeVertexCount)
            }
        }
        if !sharesState {
            // Without the contract, whatever draws next may assume the defaults the pass found.
            state.bindVertexArray(0)
            state.set(.cullFace, false)
            state.set(.depthTest, false)
        }
        checkGLError("scene render")
    }

    /// The scissor boxes (GL's bottom-left origin) of the bands around `hole`, none without one.
    private func setBands(around hole: Rect?, in pixels: PixelSize) {
        bands.removeAll(keepingCapacity: true)
        guard let hole else { return }
        let w = GLint(pixels.width), h = GLint(pixels.height)
        let x0 = GLint(hole.minX), x1 = GLint(hole.maxX), y0 = h - GLint(hole.maxY), y1 = h - GLint(hole.minY)
        // Above, below, left and right of the hole; appended one by one (an array literal would allocate a frame).
        appendBand(0, y1, w, h - y1)
        appendBand(0, 0, w, y0)
        appendBand(0, y0, x0, y1 - y0)
        appendBand(x1, y0, w - x1, y1 - y0)
    }

    /// Adds a scissor box to `bands` unless it is empty.
    private func appendBand(_ x: GLint, _ y: GLint, _ width: GLint, _ height: GLint) {
        if width > 0 && height > 0 { bands.append((x, y, width, height)) }
    }

    /// Draws triangles `first..<first + count` of the bound vertex array everywhere but the hole: once per band,
    /// scissored. The same triangles in each band give every pixel outside the hole what one draw gives it.
    private func drawOutsideHole(first: GLint, count: GLsizei) {
        guard !bands.isEmpty else {
            glDrawArrays(GLenum(GL_TRIANGLES), first, count)
            return
        }
        state.set(.scissorTest, true)
        for band in bands {
            glScissor(band.x, band.y, band.width, band.height)
            glDrawArrays(GLenum(GL_TRIANGLES), first, count)
        }
        state.set(.scissorTest, false)
    }

    /// The whole pixels of `hidden` inside a viewport of `pixels`, nil when they are fewer than
    /// `minimumLeftOutPixels`.
    nonisolated static func wholePixels(of hidden: Rect?, in pixels: PixelSize) -> Rect? {
        guard let hidden else { return nil }
        let x0 = max(0, hidden.minX.rounded(.up)), y0 = max(0, hidden.minY.rounded(.up))
        let x1 = min(Double(pixels.width), hidden.maxX.rounded(.down)), y1 = min(Double(pixels.height), hidden.maxY.rounded(.down))
        guard x1 > x0, y1 > y0, (x1 - x0) * (y1 - y0) >= Double(minimumLeftOutPixels) else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// 36 vertices (position, flat normal), counter-clockwise faces of a unit cube centered at the origin.
    static func cubeVertices() -> [Float] {
        let faces: [(normal: (Float, Float, Float), corners: [(Float, Float, Float)])] = [
            ((0, 0, 1), [(-1, -1, 1), (1, -1, 1), (1, 1, 1), (-1, 1, 1)]),
            ((0, 0, -1), [(1, -1, -1), (-1, -1, -1), (-1, 1, -1), (1, 1, -1)]),
            ((1, 0, 0), [(1, -1, 1), (1, -1, -1), (1, 1, -1), (1, 1, 1)]),
            ((-1, 0, 0), [(-1, -1, -1), (-1, -1, 1), (-1, 1, 1), (-1, 1, -1)]),
            ((0, 1, 0), [(-1, 1, 1), (1, 1, 1), (1, 1, -1), (-1, 1, -1)]),
            ((0, -1, 0), [(-1, -1, -1), (1, -1, -1), (1, -1, 1), (-1, -1, 1)]),
        ]
        var out: [Float] = []
        out.reserveCapacity(36 * 6)
        for face in faces {
            for i in [0, 1, 2, 0, 2, 3] {
                let c = face.corners[i]
                out += [c.0 * 0.5, c.1 * 0.5, c.2 * 0.5, face.normal.0, face.normal.1, face.normal.2]
            }
        }
        return out
    }
}
