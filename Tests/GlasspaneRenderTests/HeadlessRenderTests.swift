// Headless rendering against the real renderer: SDL's offscreen driver (EGL, Mesa), pixels read back.
// XCTest runs synchronous tests on the main thread on Linux; every SDL/GL call here stays on it.
import XCTest
import GlasspaneCore
import GlasspaneDraw
import GlasspaneDemo
import GlasspaneScene
import GlasspaneHost
import GlasspanePlatform
@testable import GlasspaneRender

final class HeadlessRenderTests: XCTestCase {
    private static let background = Color(r: 0.09, g: 0.10, b: 0.13)

    @MainActor
    private static func openPlatform(_ size: PixelSize) throws -> SDLPlatform {
        do { return try SDLPlatform(options: PlatformOptions(size: size, headless: true, vsync: false)) } catch {
            XCTFail("headless platform failed: \(error)")
            throw error
        }
    }

    /// The pixel shows the background gradient at its row (`y` of `height` rows).
    private static func assertBackground(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), y: Int, height: Int,
                                         file: StaticString = #filePath, line: UInt = #line) {
        let bg = GLSceneRenderer.backgroundColor(Self.background, fraction: (Double(y) + 0.5) / Double(height)).rgba8
        XCTAssertLessThanOrEqual(abs(Int(p.r) - Int(bg.0)), 2, "red", file: file, line: line)
        XCTAssertLessThanOrEqual(abs(Int(p.g) - Int(bg.1)), 2, "green", file: file, line: line)
        XCTAssertLessThanOrEqual(abs(Int(p.b) - Int(bg.2)), 2, "blue", file: file, line: line)
    }

    /// A lit face of an orange cube: red dominates, clearly brighter than the background.
    private static func assertLitCube(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertGreaterThan(Int(p.r), 60, "red channel of \(p)", file: file, line: line)
        XCTAssertGreaterThan(Int(p.r), Int(p.g), "\(p)", file: file, line: line)
        XCTAssertGreaterThan(Int(p.g), Int(p.b), "\(p)", file: file, line: line)
    }

    func testCubeAtCenterBackgroundInCornerAndResize() throws {
        try MainActor.assumeIsolated {
            let platform = try Self.openPlatform(PixelSize(width: 320, height: 240))
            defer { platform.close() }
            let app = DemoApp(sceneRenderer: try GLSceneRenderer())
            let loop = FrameLoop(platform: platform, app: app, configuration: .init(fixedFrameDuration: 16_666_667))
            loop.surface = TestSurface()
            var captured: PixelImage?
            loop.addObserver(BeforePresent { _ in captured = FramebufferCapture.readBackBuffer(size: platform.metrics.drawableSize) }, order: .screenshots)
            for _ in 0..<5 { loop.runFrame() }
            let first = try XCTUnwrap(captured)
            XCTAssertEqual(first.size, PixelSize(width: 320, height: 240))
            Self.assertLitCube(first.pixel(x: 160, y: 120))
            Self.assertBackground(first.pixel(x: 2, y: 2), y: 2, height: 240)
            Self.assertBackground(first.pixel(x: 317, y: 237), y: 237, height: 240)

            platform.setWindowSize(PixelSize(width: 400, height: 300))
            loop.inject([.resize(platform.metrics)])
            loop.runFrame()
            let resized = try XCTUnwrap(captured)
            XCTAssertEqual(resized.size, PixelSize(width: 400, height: 300))
            Self.assertLitCube(resized.pixel(x: 200, y: 150))
            Self.assertBackground(resized.pixel(x: 397, y: 297), y: 297, height: 300)
        }
    }

    func testColorChangeShowsInThePixels() throws {
        try MainActor.assumeIsolated {
            let platform = try Self.openPlatform(PixelSize(width: 200, height: 200))
            defer { platform.close() }
            let app = DemoApp(sceneRenderer: try GLSceneRenderer(), initial: CubeState(color: Color(r: 0.1, g: 0.3, b: 0.95)))
            let loop = FrameLoop(platform: platform, app: app, configuration: .init(maxFrames: 2))
            var center: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)?
            loop.addObserver(BeforePresent { _ in center = FramebufferCapture.readBackBuffer(size: platform.metrics.drawableSize).pixel(x: 100, y: 100) }, order: .screenshots)
            loop.runToCompletion()
            let c = try XCTUnwrap(center)
            XCTAssertGreaterThan(Int(c.b), Int(c.r) + 40, "blue cube expected, got \(c)")
        }
    }

    func testShaderCompileErrorNamesTheFileAndCarriesTheDriverLog() throws {
        try MainActor.assumeIsolated {
            let platform = try Self.openPlatform(PixelSize(width: 64, height: 64))
            defer { platform.close() }
            let good = try XCTUnwrap(ShaderLibrary.source(named: "cube.vert"))
            do {
                _ = try ShaderProgram(vertexFile: "cube.vert", vertexSource: good,
                                      fragmentFile: "broken.frag", fragmentSource: "#version 330 core\nvoid main() { nope; }")
                XCTFail("a broken shader compiled")
            } catch let error as ShaderError {
                XCTAssertEqual(error.identifier, "shader-compile-failed")
                XCTAssertTrue(error.description.hasPrefix("Shaders/broken.frag: compile failed"), error.description)
                XCTAssertTrue(error.description.contains("nope"), "driver log missing: \(error.description)")
            }
            do {
                _ = try ShaderProgram(vertex: "missing.vert", fragment: "cube.frag")
                XCTFail("a missing shader loaded")
            } catch let error as ShaderError {
                XCTAssertEqual(error.identifier, "shader-missing")
            }
        }
    }

    func testEveryEmbeddedShaderIsInTheShadersFolder() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Shaders")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".vert") || $0.hasSuffix(".frag") }
        XCTAssertEqual(ShaderLibrary.names, files.sorted())
        for f in files {
            let text = try String(contentsOf: folder.appendingPathComponent(f), encoding: .utf8)
            XCTAssertEqual(ShaderLibrary.source(named: f)?.trimmingCharacters(in: .whitespacesAndNewlines),
                           text.trimmingCharacters(in: .whitespacesAndNewlines), f)
        }
    }

    func testPNGRoundTripAndWriteErrorNamesThePath() throws {
        try MainActor.assumeIsolated {
            var rgba = [UInt8](repeating: 0, count: 4 * 3 * 2)
            for i in 0..<6 { rgba[i * 4] = UInt8(i * 40); rgba[i * 4 + 1] = 7; rgba[i * 4 + 2] = 200; rgba[i * 4 + 3] = 255 }
            let image = PixelImage(size: PixelSize(width: 3, height: 2), rgba: rgba)
            let path = NSTemporaryDirectory() + "glasspane-roundtrip-\(getpid()).png"
            defer { try? FileManager.default.removeItem(atPath: path) }
            try FramebufferCapture.writePNG(image, to: path)
            XCTAssertEqual(FramebufferCapture.readPNG(at: path), image)
            do {
                try FramebufferCapture.writePNG(image, to: "/nonexistent-dir/shot.png")
                XCTFail("writing into a missing folder succeeded")
            } catch let error as CaptureError {
                XCTAssertTrue(error.description.contains("/nonexistent-dir/shot.png"), error.description)
            }
        }
    }
}
