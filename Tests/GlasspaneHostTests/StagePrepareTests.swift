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

/// Logs which layer's renderer drew, frame by frame; the companions share the log.
@MainActor
private final class LoggingRenderer: DrawListRenderer {
    final class Log { var rendered: [String] = []; var prepared: [String] = [] }
    let log: Log
    var name = "?"
    var wantsUnchanged = false
    init(log: Log) { self.log = log }
    func render(_ list: DrawList, generation: UInt64?, metrics: WindowMetrics) { log.rendered.append(name) }
    func prepare(_ list: DrawList, generation: UInt64?, damage: DrawListDamage?, metrics: WindowMetrics) { log.prepared.append(name) }
    func makeCompanion() -> any DrawListRenderer { LoggingRenderer(log: log) }
    var needsPrepareForUnchangedList: Bool { wantsUnchanged }
}

/// The stage keeps its list of drawn layers across still frames: layers shown, hidden, added, removed or moved
/// after idle frames are drawn (or not) from the next frame on.
private let metrics = WindowMetrics(windowSize: Size(width: 320, height: 200), drawableSize: PixelSize(width: 320, height: 200))

/// Runs one frame's overlay phases and returns the layers drawn, naming each renderer after its layer.
@MainActor
private func frame(_ stage: OverlayStage, _ log: LoggingRenderer.Log) -> [String] {
    stage.update(metrics: metrics)
    for layer in stage.overlay.layers { (stage.renderer(for: layer) as? LoggingRenderer)?.name = layer.name }
    log.rendered.removeAll()
    stage.render(metrics: metrics)
    return log.rendered
}

/// An empty overlay on a stage whose renderers log into one log.
@MainActor
private func loggingStage() -> (Overlay, LoggingRenderer.Log, LoggingRenderer, OverlayStage) {
    let overlay = Overlay(windowSize: metrics.windowSize)
    let log = LoggingRenderer.Log()
    let renderer = LoggingRenderer(log: log)
    return (overlay, log, renderer, OverlayStage(overlay: overlay, renderer: renderer))
}

final class StageDrawnLayersTests: XCTestCase {
    func testLayersShownHiddenAddedRemovedAndReorderedAfterIdleFramesAreDrawnFromTheNextFrame() {
        MainActor.assumeIsolated {
            let overlay = Overlay(windowSize: metrics.windowSize)
            let log = LoggingRenderer.Log()
            let stage = OverlayStage(overlay: overlay, renderer: LoggingRenderer(log: log))
            let ui = overlay.addLayer(name: "ui", level: 0)
            let sheet = overlay.addLayer(name: "sheet", level: 10, visibility: .hidden)
            ui.addSubview(View(identifier: "box", frame: Rect(x: 10, y: 10, width: 40, height: 40)))
            for _ in 0..<3 { XCTAssertEqual(frame(stage, log), ["ui"]) }
            XCTAssertFalse(overlay.mayNeedUpdate, "the frames went idle")

            sheet.visibility = .visible
            XCTAssertEqual(frame(stage, log), ["ui", "sheet"], "shown after idle frames")
            XCTAssertEqual(frame(stage, log), ["ui", "sheet"])
            sheet.level = -5
            XCTAssertEqual(frame(stage, log), ["sheet", "ui"], "a new level reorders the drawing")
            ui.visibility = .hidden
            XCTAssertEqual(frame(stage, log), ["sheet"], "hidden after idle frames")
            let toast = OverlayLayer(name: "toast", level: 20)
            overlay.addLayer(toast)
            XCTAssertEqual(frame(stage, log), ["sheet", "toast"], "added")
            weak let removedRenderer = stage.renderer(for: toast) as? LoggingRenderer
            XCTAssertNotNil(removedRenderer)
            overlay.removeLayer(toast)
            XCTAssertEqual(frame(stage, log), ["sheet"], "removed")
            XCTAssertNil(removedRenderer, "a removed layer's renderer (and its GL work) is released")
        }
    }

    func testTheStageHasWorkExactlyWhenALayerChangedARendererHasWorkOrTheHUDShows() {
        MainActor.assumeIsolated {
            let (overlay, log, renderer, stage) = loggingStage()
            let hud = PerformanceHUD(overlay: overlay)
            stage.hud = hud
            let box = View(identifier: "box", frame: Rect(x: 0, y: 0, width: 20, height: 20))
            overlay.addLayer(name: "ui", level: 0).addSubview(box)
            XCTAssertTrue(stage.hasWork, "a new layer is laid out and painted")
            for _ in 0..<3 { _ = frame(stage, log) }
            XCTAssertFalse(stage.hasWork, "idle")
            box.setNeedsDisplay()
            XCTAssertTrue(stage.hasWork, "a view to repaint")
            _ = frame(stage, log)
            XCTAssertFalse(stage.hasWork)
            renderer.wantsUnchanged = true
            _ = frame(stage, log)
            XCTAssertTrue(stage.hasWork, "the renderer has work left")
            renderer.wantsUnchanged = false
            _ = frame(stage, log)
            XCTAssertFalse(stage.hasWork)
            hud.isVisible = true
            for _ in 0..<3 { _ = frame(stage, log); XCTAssertTrue(stage.hasWork, "a shown HUD changes every frame") }
            hud.isVisible = false
            _ = frame(stage, log)
            XCTAssertFalse(stage.hasWork, "hidden again")
        }
    }

    func testIdleFramesSkipPreparingUntilTheMetricsOrARenderersWorkChange() {
        MainActor.assumeIsolated {
            let (overlay, log, renderer, stage) = loggingStage()
            overlay.addLayer(name: "ui", level: 0).addSubview(View(identifier: "box", frame: Rect(x: 0, y: 0, width: 20, height: 20)))
            for _ in 0..<3 { _ = frame(stage, log) }
            log.prepared.removeAll()
            for _ in 0..<5 { _ = frame(stage, log) }
            XCTAssertEqual(log.prepared, [], "idle frames prepare nothing")

            // A renderer that reports work left after rendering is prepared on every following frame.
            renderer.wantsUnchanged = true
            _ = frame(stage, log) // its render reports the work
            log.prepared.removeAll()
            for _ in 0..<3 { _ = frame(stage, log) }
            XCTAssertEqual(log.prepared, ["ui", "ui", "ui"])
            renderer.wantsUnchanged = false
            for _ in 0..<2 { _ = frame(stage, log) }
            log.prepared.removeAll()

            // New metrics (a resize) prepare once, then idle again.
            let resized = WindowMetrics(windowSize: Size(width: 400, height: 300), drawableSize: PixelSize(width: 800, height: 600))
            stage.update(metrics: resized)
            stage.update(metrics: resized)
            XCTAssertEqual(log.prepared, ["ui"], "one prepare for the new metrics")
        }
    }
}
