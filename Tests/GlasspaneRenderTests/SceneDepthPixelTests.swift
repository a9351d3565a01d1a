// The scene's depth buffer: one convex object is drawn without clearing or testing depth, with the same pixels as a
// depth-tested draw; two objects are depth-tested, so the nearer one shows whichever is drawn first.
import CGL
import XCTest
import GlasspaneCore
import GlasspaneDraw
import GlasspaneScene
import GlasspaneDemo
import GlasspanePlatform
@testable import GlasspaneRender

final class SceneDepthPixelTests: XCTestCase {
    private static let size = PixelSize(width: 320, height: 240)
    private static let green = Color(r: 0.1, g: 0.8, b: 0.2)
    private static let red = Color(r: 0.9, g: 0.1, b: 0.1)

    /// Each scene drawn by one renderer, in order, with `samples` per pixel; `alwaysTestsDepth` as given.
    @MainActor
    private static func render(_ scenes: [RenderScene], samples: Int, alwaysTestsDepth: Bool) throws
        -> (images: [PixelImage], depthTestedFrames: Int) {
        let platform = try SDLPlatform(options: PlatformOptions(size: size, headless: true, vsync: false))
        defer { platform.close() }
        let target = RenderTarget(offscreen: true, samples: samples)
        target.bind(size: size)
        let renderer = try GLSceneRenderer()
        renderer.alwaysTestsDepth = alwaysTestsDepth
        let images = scenes.map { scene in
            renderer.render(scene, viewport: size)
            return FramebufferCapture.readBackBuffer(size: size)
        }
        return (withExtendedLifetime(target) { images }, renderer.depthTestedFrameCount)
    }

    /// A cube of edge 2 moved to `at`, turned a little so three faces show.
    private static func cube(at position: Vec3, color: Color) -> SceneObject {
        var model = Mat4.rotation(angle: 0.5, axis: Vec3(0.3, 1, 0.2).normalized)
        model.elements[12] = position.x; model.elements[13] = position.y; model.elements[14] = position.z
        return SceneObject(mesh: .cube, model: model, color: color)
    }

    func testOneCubeIsDrawnWithoutDepthAndLooksAsDepthTested() throws {
        // Turned several ways, and seen from so close that the near plane cuts its front faces open (the back faces
        // are culled either way, so the inside shows the background).
        var scenes = [0.0, 0.6, 1.3, 2.2, 3.9].map { CubeState(angle: $0).renderScene }
        var close = scenes[1]
        close.eye = Vec3(0.2, 0.1, 1.05)
        scenes.append(close)
        try MainActor.assumeIsolated {
            for samples in [1, 4] {
                let untested = try Self.render(scenes, samples: samples, alwaysTestsDepth: false)
                let tested = try Self.render(scenes, samples: samples, alwaysTestsDepth: true)
                XCTAssertEqual(untested.depthTestedFrames, 0, "one convex object needs no depth buffer (\(samples) samples)")
                XCTAssertEqual(tested.depthTestedFrames, scenes.count)
                for i in scenes.indices {
                    XCTAssertEqual(untested.images[i].rgba, tested.images[i].rgba, "scene \(i), \(samples) samples")
                }
                // The scenes differ, so equal pixels are not an empty frame twice.
                XCTAssertNotEqual(untested.images[0].rgba, untested.images[1].rgba)
                XCTAssertNotEqual(untested.images[1].rgba, untested.images[5].rgba)
            }
        }
    }

    func testTheNearerOfTwoCubesShowsWhicheverIsDrawnFirst() throws {
        let near = Self.cube(at: Vec3(0.4, 0, 1.2), color: Self.green)
        let far = Self.cube(at: Vec3(-0.4, 0, -1.2), color: Self.red)
        let nearFirst = RenderScene(eye: Vec3(0, 0.5, 7), objects: [near, far])
        var farFirst = nearFirst
        farFirst.objects = [far, near]
        XCTAssertTrue(nearFirst.needsDepthTest)
        try MainActor.assumeIsolated {
            // After a frame of one cube (depth neither cleared nor written) and back to one cube after the two.
            let one = CubeState().renderScene
            let drawn = try Self.render([one, nearFirst, farFirst, one], samples: 4, alwaysTestsDepth: false)
            XCTAssertEqual(drawn.depthTestedFrames, 2, "only the frames of two cubes are depth-tested")
            XCTAssertEqual(drawn.images[1].rgba, drawn.images[2].rgba, "the order of drawing does not matter")
            XCTAssertEqual(drawn.images[3].rgba, drawn.images[0].rgba, "one cube again, as before the two")
            // Where the two overlap, in the middle, the nearer (green) cube shows.
            let middle = drawn.images[1].pixel(x: Self.size.width / 2, y: Self.size.height / 2)
            XCTAssertGreaterThan(Int(middle.g), Int(middle.r) + 40, "green in front: \(middle)")
        }
    }

    func testOnlyAConvexObjectAloneGoesWithoutDepth() {
        XCTAssertFalse(RenderScene(eye: Vec3(0, 0, 5), objects: []).needsDepthTest)
        XCTAssertFalse(CubeState().renderScene.needsDepthTest)
        XCTAssertTrue(MeshKind.cube.isConvex)
        let two = RenderScene(eye: Vec3(0, 0, 5), objects: [Self.cube(at: Vec3(0, 0, 0), color: Self.red),
                                                              Self.cube(at: Vec3(3, 0, 0), color: Self.green)])
        XCTAssertTrue(two.needsDepthTest, "two objects may hide each other, even apart")
    }
}
