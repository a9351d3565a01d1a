// Whether the session hands the scene to the GPU before the overlay's CPU work (docs/design.md, "One frame, in order").
import GlasspaneCore
import GlasspaneDemo
import GlasspaneRender
@testable import GlasspaneRuntime
import XCTest

final class SceneHandOffTests: XCTestCase {
    func testOnACPURasterizerTheSceneIsNotHandedOffEarly() throws {
        try MainActor.assumeIsolated {
            var d = SessionDescription()
            d.headless = true
            d.frames = 3
            let session = try Session.open(d) { r in
                DemoApp(sceneRenderer: r.sceneRenderer, overlayRenderer: r.overlayRenderer, fonts: r.fonts,
                        windowSize: r.windowSize, bus: r.bus)
            }
            defer { session.close() }
            let renderer = GLInfo.current().renderer
            guard renderer.contains("llvmpipe") else { throw XCTSkip("needs Mesa's llvmpipe; this context is \(renderer)") }
            let surface = try XCTUnwrap(session.loop.surface as? SessionSurface)
            XCTAssertFalse(surface.drawsSceneFirst, "llvmpipe's threads would preempt the loop, not overlap it")
        }
    }
}
