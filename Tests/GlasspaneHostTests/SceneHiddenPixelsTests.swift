// The scene is told which pixels the overlay will cover with opaque color (OverlayStage.pixelsHiddenFromScene) only
// when the overlay was painted earlier in the same frame: a CPU rasterizer's order. On a GPU the scene comes first,
// and what the renderers knew then was the frame before's.
import XCTest
import GlasspaneCore
import GlasspaneDemo
import GlasspaneHost
import GlasspaneOverlay
import GlasspaneTesting

/// Reports a fixed opaque rectangle (companions report a smaller one).
@MainActor
private final class CoveringRenderer: DrawListRenderer {
    let covered: Rect?
    init(covered: Rect?) { self.covered = covered }
    func render(_ list: DrawList, generation: UInt64?, metrics: WindowMetrics) {}
    func makeCompanion() -> any DrawListRenderer {
        CoveringRenderer(covered: covered.map { Rect(x: $0.minX, y: $0.minY, width: $0.width / 2, height: $0.height / 2) })
    }
    var needsPrepareForUnchangedList: Bool { false }
    var pixelsCoveredOpaquely: Rect? { covered }
}

/// A surface that draws nothing, in a GPU's order or a CPU rasterizer's.
@MainActor
private final class OrderSurface: RenderSurface {
    let drawsSceneFirst: Bool
    init(drawsSceneFirst: Bool) { self.drawsSceneFirst = drawsSceneFirst }
    func beginFrame(metrics: WindowMetrics) {}
    func submitScene() {}
    func finishGPU() {}
}

final class SceneHiddenPixelsTests: XCTestCase {
    private static let covered = Rect(x: 700, y: 100, width: 520, height: 500)

    func testTheSceneIsToldWhatTheOverlayHidesOnlyWhenTheOverlayWasPaintedFirst() {
        MainActor.assumeIsolated {
            for sceneFirst in [false, true] {
                let scene = RecordingSceneRenderer()
                let app = DemoApp(sceneRenderer: scene, overlayRenderer: CoveringRenderer(covered: Self.covered))
                let loop = FrameLoop(platform: FakePlatform(), app: app)
                loop.surface = OrderSurface(drawsSceneFirst: sceneFirst)
                for _ in 0..<4 { loop.runFrame() }
                XCTAssertEqual(scene.leftOut.count, 4)
                if sceneFirst {
                    XCTAssertEqual(scene.leftOut, [nil, nil, nil, nil], "a GPU's order: the overlay is painted after the scene")
                } else {
                    XCTAssertEqual(scene.leftOut, [Rect?](repeating: Self.covered, count: 4),
                                   "a CPU rasterizer's order: the largest rectangle a drawn layer covers")
                }
            }
        }
    }

    func testTheStageKnowsItOnlyBetweenPaintAndRender() {
        MainActor.assumeIsolated {
            let app = DemoApp(sceneRenderer: RecordingSceneRenderer(), overlayRenderer: CoveringRenderer(covered: Self.covered))
            let metrics = FakePlatform().metrics
            let stage = app.stage
            XCTAssertNil(stage.pixelsHiddenFromScene, "nothing painted yet")
            stage.update(metrics: metrics)
            XCTAssertEqual(stage.pixelsHiddenFromScene, Self.covered)
            stage.render(metrics: metrics)
            XCTAssertNil(stage.pixelsHiddenFromScene, "drawn: the next frame's scene may come before its paint")
            stage.paint(metrics: metrics) // a still frame's paint, which prepares nothing
            XCTAssertEqual(stage.pixelsHiddenFromScene, Self.covered)
            for layer in stage.overlay.layers { layer.visibility = .hidden }
            stage.paint(metrics: metrics)
            XCTAssertNil(stage.pixelsHiddenFromScene, "no layer is drawn")
        }
    }

    func testRenderersThatSayNothingCoverNothing() {
        MainActor.assumeIsolated {
            let scene = RecordingSceneRenderer()
            let app = DemoApp(sceneRenderer: scene, overlayRenderer: CoveringRenderer(covered: nil))
            let loop = FrameLoop(platform: FakePlatform(), app: app)
            loop.surface = OrderSurface(drawsSceneFirst: false)
            for _ in 0..<3 { loop.runFrame() }
            XCTAssertEqual(scene.leftOut, [nil, nil, nil])
        }
    }
}
