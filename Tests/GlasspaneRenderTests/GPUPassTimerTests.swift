// GPU pass timing with real GL timer queries (llvmpipe has them): numbered passes, each read once.
import CGL
import XCTest
import GlasspaneCore
import GlasspaneScene
@testable import GlasspaneRender

final class GPUPassTimerTests: XCTestCase {
    func testEachPassIsTimedAndReadOnceAndOutOfRangePassesAreIgnored() throws {
        let size = PixelSize(width: 64, height: 64)
        try MainActor.assumeIsolated { try withHeadlessTarget(size: size) { _ in
            let timer = GPUPassTimer(passCount: 2)
            try XCTSkipUnless(timer.isSupported, "the driver has no timer queries")
            let scene = try GLSceneRenderer()
            let cube = RenderScene(eye: Vec3(0, 1, 5), objects: [SceneObject(mesh: .cube, model: .identity, color: Color(r: 1, g: 0, b: 0))])
            XCTAssertNil(timer.result(0), "nothing was timed yet")
            for frame in 0..<3 {
                timer.begin(0)
                scene.render(cube, viewport: size)
                timer.end(0)
                timer.begin(1)
                timer.end(1)
                timer.begin(2) // out of range: nothing to time, nothing to read
                timer.end(-1)
                XCTAssertNil(timer.result(2))
                glFinish()
                let first = timer.result(0), second = timer.result(1)
                // llvmpipe's first query of a context can measure nonsense, which reads as nil; later ones are real.
                if frame > 0 {
                    // Durations in nanoseconds: a drawn cube takes some time, and neither pass reads as garbage
                    // (negative, or a timestamp instead of a difference: over a second for a 64x64 cube).
                    let drawn = try XCTUnwrap(first, "frame \(frame)"), empty = try XCTUnwrap(second, "frame \(frame)")
                    XCTAssertGreaterThan(drawn, 0, "frame \(frame)")
                    XCTAssertLessThan(drawn, 1_000_000_000, "frame \(frame)")
                    XCTAssertGreaterThanOrEqual(empty, 0, "frame \(frame)")
                    XCTAssertLessThan(empty, 1_000_000_000, "frame \(frame)")
                }
                XCTAssertNil(timer.result(0), "a result is read once (frame \(frame))")
                XCTAssertNil(timer.result(1), "a result is read once (frame \(frame))")
            }
        } }
    }
}
