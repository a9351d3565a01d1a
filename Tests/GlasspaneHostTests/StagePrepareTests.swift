// OverlayStage prepares a layer's renderer only when the layer changed, unless the renderer still has work.
import XCTest
import GlasspaneCore
import GlasspaneDemo
import GlasspaneHost
import GlasspaneOverlay
import GlasspaneTesting

/// Counts `prepare` calls per list generation; says whether it wants unchanged lists too.
@MainActor
private final class CountingRenderer: DrawListRenderer {
    var prepares = 0
    var wantsUnchanged: Bool
    init(wantsUnchanged: Bool) { self.wantsUnchanged = wantsUnchanged }
    func render(_ list: DrawList, generation: UInt64?, metrics: WindowMetrics) {}
    func prepare(_ list: DrawList, generation: UInt64?, damage: DrawListDamage?, metrics: WindowMetrics) { prepares += 1 }
    func makeCompanion() -> any DrawListRenderer { CountingRenderer(wantsUnchanged: wantsUnchanged) }
    var needsPrepareForUnchangedList: Bool { wantsUnchanged }
}

final class StagePrepareTests: XCTestCase {
    func testAStillLayerIsPreparedOnceUnlessItsRendererHasWorkLeft() {
        MainActor.assumeIsolated {
            for wantsUnchanged in [false, true] {
                let platform = FakePlatform()
                let renderer = CountingRenderer(wantsUnchanged: wantsUnchanged)
                let app = DemoApp(sceneRenderer: RecordingSceneRenderer(), overlayRenderer: renderer)
                let loop = FrameLoop(platform: platform, app: app)
                for _ in 0..<5 { loop.runFrame() } // the first frames settle (the engine's first state reaches the panel)
                let afterFirst = renderer.prepares
                for _ in 0..<10 { loop.runFrame() }
                XCTAssertEqual(renderer.prepares - afterFirst, wantsUnchanged ? 10 : 0, "still frames, wants unchanged: \(wantsUnchanged)")
                // A change to the panel's layer is prepared again.
                renderer.wantsUnchanged = false
                let square = app.stage.overlay.view(withIdentifier: "picker.sv")!.windowFrame
                loop.inject([.pointerDown(PointerEvent(location: square.center)), .pointerUp(PointerEvent(location: square.center))])
                let beforeClick = renderer.prepares
                loop.runFrame()
                loop.runFrame()
                XCTAssertGreaterThan(renderer.prepares, beforeClick, "the clicked panel changed")
            }
        }
    }
}
