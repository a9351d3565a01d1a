// The scene contract: what an engine hands to a scene renderer each frame. Plain values, no GL; the GL renderer
// implements `SceneRenderer`, engines fill `RenderScene`.
import GlasspaneCore

/// The meshes the built-in scene renderer knows.
public enum MeshKind: String, Hashable, Sendable {
    /// A unit cube centered at the origin (edge length 1... scaled by the transform).
    case cube

    /// Closed and convex: with its back faces culled, its front faces cover each sample at most once.
    package var isConvex: Bool {
        switch self {
        case .cube: true
        }
    }
}

/// One object to draw.
public struct SceneObject: Hashable, Sendable {
    /// Which mesh.
    public var mesh: MeshKind
    /// Model transform.
    public var model: Mat4
    /// Base color (lit per face by the shader).
    public var color: Color
    /// Creates an object.
    public init(mesh: MeshKind, model: Mat4, color: Color) { self.mesh = mesh; self.model = model; self.color = color }
}

/// A frame's scene: camera, light, background and objects.
public struct RenderScene: Hashable, Sendable {
    /// Camera position.
    public var eye: Vec3
    /// Point the camera looks at.
    public var target: Vec3
    /// Vertical field of view in radians.
    public var fovY: Float
    /// Direction towards the light (normalized by the renderer).
    public var lightDirection: Vec3
    /// Clear color behind everything.
    public var background: Color
    /// Objects to draw.
    public var objects: [SceneObject]
    /// Creates a scene.
    public init(eye: Vec3, target: Vec3 = Vec3(0, 0, 0), fovY: Float = 0.9, lightDirection: Vec3 = Vec3(0.4, 0.8, 0.6),
                background: Color = Color(r: 0.09, g: 0.10, b: 0.13), objects: [SceneObject]) {
        self.eye = eye; self.target = target; self.fovY = fovY; self.lightDirection = lightDirection
        self.background = background; self.objects = objects
    }

    /// The view matrix.
    public var view: Mat4 { .lookAt(eye: eye, center: target, up: Vec3(0, 1, 0)) }
    /// The projection for a viewport aspect ratio (width / height).
    public func projection(aspect: Float) -> Mat4 { .perspective(fovYRadians: fovY, aspect: aspect, near: 0.1, far: 100) }

    /// Whether its objects need a depth test to hide one another: two or more, or a mesh that is not convex. One
    /// convex object with its back faces culled covers each sample at most once, so the test would reject nothing.
    package var needsDepthTest: Bool {
        objects.count > 1 || objects.contains { !$0.mesh.isConvex }
    }
}

/// Draws a scene into the current framebuffer. The GL renderer implements it; tests use a recording one.
@MainActor
public protocol SceneRenderer: AnyObject {
    /// Clears to the scene's background and draws its objects into a viewport of `pixels`.
    func render(_ scene: RenderScene, viewport pixels: PixelSize)
    /// The same, told that the overlay will cover `hidden` (pixels, top-left origin) with opaque color later in the
    /// frame: a renderer may leave out what it would draw there.
    func render(_ scene: RenderScene, viewport pixels: PixelSize, leavingOut hidden: Rect?)
}

extension SceneRenderer {
    /// Renderers that cannot leave anything out draw the whole scene.
    public func render(_ scene: RenderScene, viewport pixels: PixelSize, leavingOut hidden: Rect?) {
        render(scene, viewport: pixels)
    }
}
