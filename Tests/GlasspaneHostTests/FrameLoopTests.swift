import XCTest
import GlasspaneCore
import GlasspaneDemo
import GlasspaneEngine
@testable import GlasspaneHost
import GlasspaneTesting

/// An app that logs the order of the phase callbacks.
@MainActor
private final class PhaseLog: HostApp {
    var log: [String] = []
    var overlayClaims: (InputEvent) -> Bool = { _ in false }
    var quitAfterEngineEvent = false
    var wantsQuit = false
    func routeToOverlay(_ event: InputEvent) -> Bool {
        let claimed = overlayClaims(event)
        log.append("route \(event.kindName) \(claimed ? "overlay" : "engine")")
        return claimed
    }
    func engineReceive(_ event: InputEvent) { log.append("engine \(event.kindName)"); if quitAfterEngineEvent { wantsQuit = true } }
    func deliverEngineMessages() { log.append("bus->engine") }
    func step(dt: Double) { log.append("step") }
    func deliverOverlayMessages() { log.append("bus->overlay") }
    func advanceAnimations(time: Double) { log.append("animate") }
    func updateOverlay(metrics: WindowMetrics) { log.append("overlay") }
    func renderScene(interpolation alpha: Double, metrics: WindowMetrics) { log.append("scene \(metrics.drawableSize)") }
    func renderOverlay(metrics: WindowMetrics) { log.append("render overlay") }
}

final class FrameLoopTests: XCTestCase {
    func testPhasesRunInTheDesignedOrder() {
        MainActor.assumeIsolated {
            let platform = FakePlatform(frameDuration: 8_333_334)
            let app = PhaseLog()
            let loop = FrameLoop(platform: platform, app: app, configuration: .init(maxFrames: 2))
            platform.pendingEvents = [.pointerDown(PointerEvent(location: Point(x: 5, y: 5)))]
            loop.runToCompletion()
            XCTAssertEqual(platform.presentCount, 2)
            XCTAssertEqual(app.log, [
                "route down engine", "engine down", "bus->engine", "bus->overlay", "animate", "overlay",
                "scene 1280x720", "render overlay",
                // second frame: 8.33 ms elapsed -> exactly one 120 Hz step
                "bus->engine", "step", "bus->overlay", "animate", "overlay", "scene 1280x720", "render overlay",
            ])
        }
    }

    func testOverlayClaimedEventsNeverReachTheEngine() {
        MainActor.assumeIsolated {
            let platform = FakePlatform()
            let app = PhaseLog()
            app.overlayClaims = { $0.pointer?.location.x ?? 0 < 100 }
            let loop = FrameLoop(platform: platform, app: app, configuration: .init(maxFrames: 1))
            platform.pendingEvents = [
                .pointerDown(PointerEvent(location: Point(x: 50, y: 5))),
                .pointerDown(PointerEvent(location: Point(x: 500, y: 5))),
            ]
            loop.runFrame()
            XCTAssertEqual(app.log.filter { $0.hasPrefix("engine") }, ["engine down"])
            XCTAssertEqual(app.log.filter { $0.hasPrefix("route") }, ["route down overlay", "route down engine"])
        }
    }

    func testQuitEventRendersAFinalFrameAndStops() {
        MainActor.assumeIsolated {
            let platform = FakePlatform()
            let app = PhaseLog()
            let loop = FrameLoop(platform: platform, app: app)
            var lastFlags: [Bool] = []
            loop.beforePresent = { _, isLast in lastFlags.append(isLast) }
            loop.runFrame()
            platform.pendingEvents = [.quit]
            loop.runFrame()
            XCTAssertTrue(loop.isFinished)
            XCTAssertFalse(loop.runFrame())
            XCTAssertEqual(lastFlags, [false, true])
            XCTAssertEqual(platform.presentCount, 2)
        }
    }

    func testResizeReachesTheRenderInTheSameFrame() {
        MainActor.assumeIsolated {
            let platform = FakePlatform()
            let app = PhaseLog()
            let loop = FrameLoop(platform: platform, app: app)
            loop.runFrame()
            platform.resize(to: Size(width: 800, height: 600), scale: 2)
            loop.runFrame()
            XCTAssertEqual(app.log.last(where: { $0.hasPrefix("scene") }), "scene 1600x1200")
        }
    }

    func testOccludedWindowWaitsInsteadOfRendering() {
        MainActor.assumeIsolated {
            let platform = FakePlatform()
            let app = PhaseLog()
            let loop = FrameLoop(platform: platform, app: app)
            platform.isOccluded = true
            platform.onWait = { p in if p.waitCount == 3 { p.isOccluded = false } }
            loop.runFrame()
            XCTAssertEqual(platform.waitCount, 3)
            XCTAssertEqual(platform.presentCount, 1)
            // Waiting time is not simulated: the frame after the wait starts from zero elapsed.
            XCTAssertEqual(app.log.filter { $0 == "step" }.count, 0)
        }
    }

    func testFixedFrameDurationIgnoresTheWallClock() {
        MainActor.assumeIsolated {
            let platform = FakePlatform(frameDuration: 500_000_000) // a very slow machine
            let app = PhaseLog()
            let loop = FrameLoop(platform: platform, app: app,
                                 configuration: .init(maxFrames: 10, fixedFrameDuration: 16_666_667))
            loop.runToCompletion()
            // 10 frames of 1/60 s at 120 Hz: 2 steps each, the first frame included.
            XCTAssertEqual(app.log.filter { $0 == "step" }.count, 20)
        }
    }

    func testDemoAppQuitsOnEscapeThatReachesTheEngine() {
        MainActor.assumeIsolated {
            let platform = FakePlatform()
            let renderer = RecordingSceneRenderer()
            let app = DemoApp(sceneRenderer: renderer)
            let loop = FrameLoop(platform: platform, app: app)
            loop.runFrame()
            platform.pendingEvents = [.key(KeyEvent(key: .escape))]
            loop.runFrame()
            XCTAssertTrue(loop.isFinished)
            XCTAssertEqual(renderer.rendered.count, 2)
        }
    }

    func testDemoSceneAngleAdvancesWithSimulatedTime() {
        MainActor.assumeIsolated {
            let platform = FakePlatform()
            let renderer = RecordingSceneRenderer()
            let app = DemoApp(sceneRenderer: renderer, initial: CubeState(angle: 0))
            let loop = FrameLoop(platform: platform, app: app,
                                 configuration: .init(maxFrames: 121, fixedFrameDuration: 8_333_334))
            loop.runToCompletion()
            XCTAssertEqual(app.simulation.stepCount, 121)
            XCTAssertEqual(app.simulation.current.angle, 0.9 * 121 / 120, accuracy: 1e-9)
        }
    }
}
