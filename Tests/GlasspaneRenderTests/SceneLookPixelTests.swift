// The scene as a user sees it, headless with the real renderer: anti-aliased edges with MSAA (and none without),
// three visible faces of clearly different luminance, and a dark pick that stands out from the background.
import CGL
import XCTest
import GlasspaneCore
import GlasspaneDraw
import GlasspaneScene
import GlasspaneDemo
import GlasspanePlatform
@testable import GlasspaneRender

final class SceneLookPixelTests: XCTestCase {
    private static let size = PixelSize(width: 320, height: 240)

    @MainActor
    private static func render(_ state: CubeState, samples: Int) throws -> PixelImage {
        let platform = try SDLPlatform(options: PlatformOptions(size: size, headless: true, vsync: false))
        defer { platform.close() }
        let target = RenderTarget(offscreen: true, samples: samples)
        target.bind(size: size)
        let renderer = try GLSceneRenderer()
        renderer.render(state.renderScene, viewport: size)
        return FramebufferCapture.readBackBuffer(size: size)
    }

    /// Scenes drawn one after another by one renderer, against each drawn by a fresh renderer.
    @MainActor
    private static func renderInSequence(_ scenes: [RenderScene]) throws -> (sequence: [PixelImage], fresh: [PixelImage]) {
        let platform = try SDLPlatform(options: PlatformOptions(size: size, headless: true, vsync: false))
        defer { platform.close() }
        let target = RenderTarget(offscreen: true, samples: 1)
        target.bind(size: size)
        let reused = try GLSceneRenderer()
        var sequence: [PixelImage] = [], fresh: [PixelImage] = []
        for scene in scenes {
            reused.render(scene, viewport: size)
            sequence.append(FramebufferCapture.readBackBuffer(size: size))
            try GLSceneRenderer().render(scene, viewport: size)
            fresh.append(FramebufferCapture.readBackBuffer(size: size))
        }
        return (sequence, fresh)
    }

    private static func luminance(_ c: (Double, Double, Double)) -> Double { 0.2126 * c.0 + 0.7152 * c.1 + 0.0722 * c.2 }

    /// Mean color (0...255) of a 5x5 block.
    private static func mean(_ image: PixelImage, x: Int, y: Int) -> (Double, Double, Double) {
        var r = 0.0, g = 0.0, b = 0.0
        for dy in -2...2 { for dx in -2...2 { let p = image.pixel(x: x + dx, y: y + dy); r += Double(p.r); g += Double(p.g); b += Double(p.b) } }
        return (r / 25, g / 25, b / 25)
    }

    /// The pixel at the center of each face that faces the camera.
    private static func visibleFaceCenters(_ state: CubeState) -> [(x: Int, y: Int)] {
        let scene = state.renderScene
        let model = scene.objects[0].model
        let viewProjection = scene.projection(aspect: Float(size.width) / Float(size.height)) * scene.view
        let normals = [Vec3(1, 0, 0), Vec3(-1, 0, 0), Vec3(0, 1, 0), Vec3(0, -1, 0), Vec3(0, 0, 1), Vec3(0, 0, -1)]
        return normals.compactMap { n in
            let center = model.transformPoint(n * 0.5)
            let normal = model.transformPoint(n) - model.transformPoint(Vec3(0, 0, 0))
            guard normal.dot(scene.eye - center) > 0.05 else { return nil }
            let ndc = viewProjection.transformPoint(center)
            return (Int((Double(ndc.x) * 0.5 + 0.5) * Double(size.width)), Int((0.5 - Double(ndc.y) * 0.5) * Double(size.height)))
        }
    }

    /// Along each row crossing the cube's left silhouette, the first pixel that is not background: counts the rows
    /// where it is a blend (differs by more than 6 from the background and from each of the four pixels further in, so a pixel
    /// of one face next to another face is not counted).
    private static func blendedEdgeRows(_ image: PixelImage, background: Color) -> (blended: Int, rows: Int) {
        var blended = 0, rows = 0
        for y in 20..<(size.height - 20) {
            let bg = GLSceneRenderer.backgroundColor(background, fraction: (Double(y) + 0.5) / Double(size.height)).rgba8
            func distance(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ q: (UInt8, UInt8, UInt8)) -> Int {
                max(abs(Int(p.r) - Int(q.0)), abs(Int(p.g) - Int(q.1)), abs(Int(p.b) - Int(q.2)))
            }
            guard let x = (0..<(size.width - 3)).first(where: { distance(image.pixel(x: $0, y: y), (bg.0, bg.1, bg.2)) > 2 }) else { continue }
            // Only rows crossing the cube well (at least 8 pixels of it), not the slivers at its top and bottom corners.
            guard (1...8).allSatisfy({ distance(image.pixel(x: x + $0, y: y), (bg.0, bg.1, bg.2)) > 2 }) else { continue }
            rows += 1
            let edge = image.pixel(x: x, y: y)
            let matchesInside = (1...4).contains { d in let p = image.pixel(x: x + d, y: y); return distance(edge, (p.r, p.g, p.b)) <= 6 }
            if distance(edge, (bg.0, bg.1, bg.2)) > 6 && !matchesInside { blended += 1 }
        }
        return (blended, rows)
    }

    func testEveryUniformFollowsTheSceneFrameAfterFrame() throws {
        // The renderer sends a uniform only when its value changed: each change, one at a time and then all back,
        // must show in the very frame that has it, exactly as a fresh renderer draws that scene.
        let base = CubeState().renderScene
        var camera = base; camera.eye = Vec3(1.5, 2.5, 4.0)
        var light = camera; light.lightDirection = Vec3(-0.7, 0.2, 0.5)
        var background = light; background.background = Color(r: 0.4, g: 0.1, b: 0.3)
        var color = background; color.objects[0].color = Color(r: 0.1, g: 0.8, b: 0.3)
        var turned = color; turned.objects[0].model = CubeState(angle: 2.0).renderScene.objects[0].model
        let scenes = [base, camera, light, background, color, turned, base]
        let (sequence, fresh) = try MainActor.assumeIsolated { try Self.renderInSequence(scenes) }
        for i in scenes.indices {
            XCTAssertEqual(sequence[i].rgba, fresh[i].rgba, "frame \(i)")
            if i > 0 { XCTAssertNotEqual(sequence[i].rgba, sequence[i - 1].rgba, "frame \(i) shows its change") }
        }
    }

    func testAStillSceneSendsOnlyTheModelMatrixAgain() throws {
        try MainActor.assumeIsolated { try withHeadlessTarget(size: Self.size) { _ in
            let renderer = try GLSceneRenderer()
            var scene = CubeState().renderScene
            renderer.render(scene, viewport: Self.size)
            XCTAssertEqual(renderer.uniformUploadCount, 7, "the first frame sends every uniform")
            renderer.render(scene, viewport: Self.size)
            XCTAssertEqual(renderer.uniformUploadCount, 8, "a still scene sends the model matrix alone")
            scene.objects[0].color = Color(r: 0.2, g: 0.3, b: 0.9)
            renderer.render(scene, viewport: Self.size)
            XCTAssertEqual(renderer.uniformUploadCount, 10, "a new color: the model matrix and the color")
        } }
    }

    func testCubeEdgesAreAntiAliasedWithMSAAAndHardWithout() throws {
        try MainActor.assumeIsolated {
            let state = CubeState()
            let on = try Self.render(state, samples: 4), off = try Self.render(state, samples: 1)
            let a = Self.blendedEdgeRows(on, background: state.renderScene.background)
            let b = Self.blendedEdgeRows(off, background: state.renderScene.background)
            print("silhouette rows with a blended edge pixel: MSAA 4x \(a.blended)/\(a.rows), off \(b.blended)/\(b.rows)")
            XCTAssertGreaterThan(a.rows, 60)
            XCTAssertGreaterThan(Double(a.blended), 0.5 * Double(a.rows), "MSAA blends edge pixels")
            XCTAssertEqual(b.blended, 0, "without MSAA an edge pixel is background or face, never between")
            XCTAssertEqual(try Self.render(state, samples: 4), on, "multisampled frames are deterministic")
        }
    }

    func testThreeVisibleFacesDifferInLuminanceAndADarkPickStandsOut() throws {
        try MainActor.assumeIsolated {
            for hex in ["#ed7329", "#0d2d3d", "#ecf0f1"] {
                let state = CubeState(color: Color(hex: hex)!)
                let image = try Self.render(state, samples: 4)
                let faces = Self.visibleFaceCenters(state)
                XCTAssertEqual(faces.count, 3, "three faces in view")
                let colors = faces.map { Self.mean(image, x: $0.x, y: $0.y) }
                let lum = colors.map(Self.luminance).sorted()
                print("\(hex): face luminances \(lum.map { Int($0.rounded()) })")
                // Each pair of faces differs by at least 8 % of the brightest face's luminance (and 4 of 255 levels).
                let margin = max(0.08 * lum[2], 4)
                XCTAssertGreaterThan(lum[1] - lum[0], margin, "\(hex): faces \(lum)")
                XCTAssertGreaterThan(lum[2] - lum[1], margin, "\(hex): faces \(lum)")
                for (face, c) in zip(faces, colors) {
                    let bg = GLSceneRenderer.backgroundColor(state.renderScene.background, fraction: (Double(face.y) + 0.5) / Double(Self.size.height))
                    let d = ((c.0 - bg.r * 255) * (c.0 - bg.r * 255) + (c.1 - bg.g * 255) * (c.1 - bg.g * 255) + (c.2 - bg.b * 255) * (c.2 - bg.b * 255)).squareRoot()
                    print("\(hex): face at \(face) differs from the background behind it by \(Int(d.rounded())) (RGB distance, 0...441)")
                    // Measured: at least 24 for #0d2d3d (its faces differ from the neutral background in hue more than in
                    // luminance), 54 and more for the others.
                    XCTAssertGreaterThan(d, 18, "\(hex): a face blends into the background")
                }
            }
        }
    }
}
