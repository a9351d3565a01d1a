import XCTest
import GlasspaneBus
import GlasspaneCore
import GlasspaneDemo
import GlasspaneScene
@testable import GlasspaneHost
import GlasspaneTesting

/// An app that logs the order of the phase callbacks.
@MainActor
private final class PhaseLog: HostApp {
    var log: [String] = []
    var overlayClaims: (InputEvent) -> Bool = { _ in false }
    var quitAfterEngineEvent = false
    var wantsQuit = false
    var overlayHasWork = true
    var settleMaySuspend = false
    var onSettle: () -> Void = {}
    func settle() async { onSettle() }
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
    func updateHUD(metrics: WindowMetrics) { log.append("hud") }
    func layoutOverlay(metrics: WindowMetrics) { log.append("layout") }
    func paintOverlay() { log.append("paint") }
    func renderScene(interpolation alpha: Double, metrics: WindowMetrics) { log.append("scene \(metrics.drawableSize)") }
    func renderOverlay(metrics: WindowMetrics) { log.append("render overlay") }
}

/// A surface that logs its calls into a shared log.
@MainActor
private final class LoggingSurface: RenderSurface {
    let log: (String) -> Void
    var drawsSceneFirst = true
    init(log: @escaping (String) -> Void) { self.log = log }
    func beginFrame(metrics: WindowMetrics) { log("bind \(metrics.drawableSize)") }
    func submitScene() { log("submit scene") }
    func finishGPU() { log("finish") }
}

/// An observer that logs its callbacks into a shared log.
@MainActor
private final class CallLog: FrameObserver {
    let name: String
    var shared: (String) -> Void
    var presentFlags: [Bool] = []
    var stop = false
    init(name: String, shared: @escaping (String) -> Void = { _ in }) { self.name = name; self.shared = shared }
    func frameWillStart(_ loop: FrameLoop, index: Int) { shared("\(name).start\(index)") }
    func frame(_ index: Int, received event: InputEvent) { shared("\(name).input \(event.kindName)") }
    func renderPass(_ pass: RenderPass, begins: Bool) { shared("\(name).\(pass.rawValue)\(begins ? "+" : "-")") }
    func frameWillPresent(_ loop: FrameLoop, index: Int, isLast: Bool) { presentFlags.append(isLast); shared("\(name).present") }
    func frameDidEnd(_ loop: FrameLoop, report: FrameReport) { shared("\(name).end") }
    var requestsStop: Bool { stop }
}

final class FrameLoopTests: XCTestCase {
    func testObserversRunInTheirOrderWhateverTheOrderTheyWereAdded() {
        MainActor.assumeIsolated {
            let platform = FakePlatform()
            let loop = FrameLoop(platform: platform, app: PhaseLog(), configuration: .init(maxFrames: 1))
            var log: [String] = []
            let hud = CallLog(name: "hud") { log.append($0) }
            let input = CallLog(name: "input") { log.append($0) }
            let recorder = CallLog(name: "rec") { log.append($0) }
            let late = CallLog(name: "rec2") { log.append($0) }
            loop.addObserver(hud, order: .hud)
            loop.addObserver(recorder, order: .recorder)
            loop.addObserver(input, order: .input)
            loop.addObserver(late, order: .recorder)
            loop.removeObserver(hud)
            platform.pendingEvents = [.key(KeyEvent(key: .escape))]
            loop.runFrame()
            XCTAssertEqual(log, [
                "input.start0", "rec.start0", "rec2.start0",
                "input.input key", "rec.input key", "rec2.input key",
                "input.scene+", "rec.scene+", "rec2.scene+", "input.scene-", "rec.scene-", "rec2.scene-",
                "input.overlay+", "rec.overlay+", "rec2.overlay+", "input.overlay-", "rec.overlay-", "rec2.overlay-",
                "input.present", "rec.present", "rec2.present", "input.end", "rec.end", "rec2.end",
            ])
        }
    }

    func testAnObserverCanStopTheLoopAfterTheCurrentFrame() {
        MainActor.assumeIsolated {
            let platform = FakePlatform()
            let loop = FrameLoop(platform: platform, app: PhaseLog())
            let observer = CallLog(name: "o")
            loop.addObserver(observer, order: .input)
            loop.runFrame()
            observer.stop = true
            loop.runFrame()
            XCTAssertTrue(loop.isFinished)
            XCTAssertEqual(observer.presentFlags, [false, true])
        }
    }

    func testPhasesRunInTheDesignedOrder() {
        MainActor.assumeIsolated {
            let platform = FakePlatform(frameDuration: 8_333_334)
            let app = PhaseLog()
            let loop = FrameLoop(platform: platform, app: app, configuration: .init(maxFrames: 2, finishBeforeTiming: true))
            let surface = LoggingSurface { app.log.append($0) }
            loop.surface = surface
            platform.pendingEvents = [.pointerDown(PointerEvent(location: Point(x: 5, y: 5)))]
            loop.runToCompletion()
            XCTAssertEqual(platform.presentCount, 2)
            // The scene is bound, drawn and handed to the GPU before the HUD and the overlay's CPU work, so the GPU
            // draws it meanwhile; the finish comes last, before the present.
            XCTAssertEqual(app.log, [
                "route down engine", "engine down", "bus->engine", "bus->overlay", "animate",
                "bind 1280x720", "scene 1280x720", "submit scene", "hud", "layout", "paint", "render overlay", "finish",
                // second frame: 8.33 ms elapsed -> exactly one 120 Hz step
                "bus->engine", "step", "bus->overlay", "animate",
                "bind 1280x720", "scene 1280x720", "submit scene", "hud", "layout", "paint", "render overlay", "finish",
            ])
        }
    }

    func testAFrameWhoseOverlayHasNoWorkLeavesTheSceneToTheFinish() {
        MainActor.assumeIsolated {
            let app = PhaseLog()
            app.overlayHasWork = false
            let loop = FrameLoop(platform: FakePlatform(frameDuration: 8_333_334), app: app,
                                 configuration: .init(maxFrames: 2, finishBeforeTiming: true))
            loop.surface = LoggingSurface { app.log.append($0) }
            loop.runFrame()
            XCTAssertEqual(app.log, ["bus->engine", "bus->overlay", "animate", "bind 1280x720", "scene 1280x720", "hud",
                                     "layout", "paint", "render overlay", "finish"], "no hand-off: nothing to overlap it with")
            app.log.removeAll()
            app.overlayHasWork = true
            loop.runFrame()
            XCTAssertEqual(app.log.firstIndex(of: "submit scene"), app.log.firstIndex(of: "scene 1280x720").map { $0 + 1 })
        }
    }

    func testOnACPURasterizerTheOverlaysWorkComesBeforeTheSceneAndNothingIsHandedOff() {
        MainActor.assumeIsolated {
            let app = PhaseLog()
            let loop = FrameLoop(platform: FakePlatform(frameDuration: 8_333_334), app: app,
                                 configuration: .init(maxFrames: 2, finishBeforeTiming: true))
            let surface = LoggingSurface { app.log.append($0) }
            surface.drawsSceneFirst = false
            loop.surface = surface
            loop.runFrame()
            XCTAssertEqual(app.log, ["bus->engine", "bus->overlay", "animate", "hud", "layout", "paint", "bind 1280x720",
                                     "scene 1280x720", "render overlay", "finish"], "the order before the scene went first")
        }
    }

    @MainActor func testTheGLContextIsLetGoAroundASettleThatMaySuspendAndOnlyThen() async {
        // A suspended settle may resume on another thread; a context still current on the first cannot follow.
        let platform = FakePlatform()
        let app = PhaseLog()
        let loop = FrameLoop(platform: platform, app: app, configuration: .init(maxFrames: 3))
        var atSettle: [[String]] = []
        app.onSettle = { atSettle.append(platform.contextCalls) }
        await loop.runFrameAsync()
        XCTAssertEqual(atSettle, [[]])
        XCTAssertEqual(platform.contextCalls, [], "nothing to settle: no suspension, nothing to let go")
        app.settleMaySuspend = true
        await loop.runFrameAsync()
        XCTAssertEqual(atSettle.last, ["release"], "let go before the settle")
        XCTAssertEqual(platform.contextCalls, ["release", "current"], "taken back after it, before phase 6")
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
            let observer = CallLog(name: "o")
            loop.addObserver(observer, order: .screenshots)
            loop.runFrame()
            platform.pendingEvents = [.quit]
            loop.runFrame()
            XCTAssertTrue(loop.isFinished)
            XCTAssertFalse(loop.runFrame())
            XCTAssertEqual(observer.presentFlags, [false, true])
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

/// An app with a bus that posts from the routing phase and reads the phase in each callback.
@MainActor
private final class BusPhaseApp: HostApp {
    let bus = MessageBus(clock: ManualClock())
    let sender: BusEndpoint
    var seen: [String: FramePhase?] = [:]
    init() {
        sender = bus.attach("sender")
        _ = bus.attach("receiver")
    }
    var frameBus: MessageBus? { bus }
    func routeToOverlay(_ event: InputEvent) -> Bool {
        seen["route"] = bus.phase
        sender.post(Ready(endpoint: "x"), to: "receiver")
        return true
    }
    func deliverEngineMessages() { seen["busToEngine"] = bus.phase }
    func step(dt: Double) { seen["step"] = bus.phase }
    func deliverOverlayMessages() { seen["busToOverlay"] = bus.phase; bus.deliver(to: "receiver") }
    func advanceAnimations(time: Double) { seen["animation"] = bus.phase }
    func paintOverlay() { seen["paint"] = bus.phase }
    func renderScene(interpolation alpha: Double, metrics: WindowMetrics) { seen["scene"] = bus.phase }
}

/// Keeps the bus's log lines in memory.
@MainActor
private final class LinesLogSink: BusLogSink {
    var lines: [String] = []
    func write(line: String) { lines.append(line) }
}

final class FramePhaseStampTests: XCTestCase {
    func testTheLoopStampsEveryPhaseOnTheBusAndLogsAPostInThePhaseThatMadeIt() {
        MainActor.assumeIsolated {
            let platform = FakePlatform(frameDuration: 16_666_667)
            let app = BusPhaseApp()
            let log = LinesLogSink()
            app.bus.logSink = log
            let loop = FrameLoop(platform: platform, app: app, configuration: .init(fixedFrameDuration: 16_666_667))
            XCTAssertNil(app.bus.phase, "no phase outside the loop")
            platform.pendingEvents = [.pointerDown(PointerEvent(location: Point(x: 1, y: 1)))]
            loop.runFrame()
            XCTAssertEqual(app.seen["route"], .routing)
            XCTAssertEqual(app.seen["busToEngine"], .busToEngine)
            XCTAssertEqual(app.seen["step"], .simulation)
            XCTAssertEqual(app.seen["busToOverlay"], .busToOverlay)
            XCTAssertEqual(app.seen["animation"], .animation)
            XCTAssertEqual(app.seen["paint"], .overlayPaint)
            XCTAssertEqual(app.seen["scene"], .sceneRender)
            XCTAssertNil(app.bus.phase, "back to no phase between frames")
            XCTAssertTrue(log.lines.contains { $0.contains(#""phase":"routing","event":"post""#) }, log.lines.joined(separator: "\n"))
            XCTAssertTrue(log.lines.contains { $0.contains(#""phase":"bus_to_overlay","event":"deliver""#) }, log.lines.joined(separator: "\n"))
        }
    }
}

/// An app whose render calls cost a known amount of the fake platform's clock.
@MainActor
private final class ClockCostApp: HostApp {
    let clock: ManualClock
    init(clock: ManualClock) { self.clock = clock }
    func renderScene(interpolation alpha: Double, metrics: WindowMetrics) { clock.advance(by: 300_000) }
    func renderOverlay(metrics: WindowMetrics) { clock.advance(by: 40_000) }
    func renderHUD(metrics: WindowMetrics) { clock.advance(by: 7_000) }
    var overlayHasWork: Bool { true }
}

/// An observer whose GPU-query callbacks cost clock time, as GL timer queries cost CPU time.
@MainActor
private final class CostlyPassObserver: FrameObserver {
    let clock: ManualClock
    var reports: [FrameReport] = []
    init(clock: ManualClock) { self.clock = clock }
    func renderPass(_ pass: RenderPass, begins: Bool) { clock.advance(by: 1_000_000) }
    func frameDidEnd(_ loop: FrameLoop, report: FrameReport) { reports.append(report) }
}

/// A surface whose target binding costs clock time (it is the frame's own work, billed to the scene).
@MainActor
private final class CostlySurface: RenderSurface {
    let clock: ManualClock
    init(clock: ManualClock) { self.clock = clock }
    func beginFrame(metrics: WindowMetrics) { clock.advance(by: 20_000) }
    let drawsSceneFirst = true
    func submitScene() { clock.advance(by: 5_000) }
    func finishGPU() {}
}

final class RenderPhaseTimingTests: XCTestCase {
    /// Instrumentation (an observer's `renderPass`: the bench's GPU timer queries) is billed to no phase: each
    /// render phase is the app's own render call (the scene's with the surface's target binding), and the frame
    /// time still holds everything.
    func testObserverRenderPassTimeIsNotCountedInTheRenderPhases() {
        MainActor.assumeIsolated {
            let platform = FakePlatform(frameDuration: 2_000_000)
            let clock = platform.manualClock
            let loop = FrameLoop(platform: platform, app: ClockCostApp(clock: clock), configuration: .init(maxFrames: 2))
            loop.surface = CostlySurface(clock: clock)
            let observer = CostlyPassObserver(clock: clock)
            loop.addObserver(observer, order: .statistics)
            loop.runToCompletion()
            XCTAssertEqual(observer.reports.count, 2)
            let report = observer.reports[1]
            XCTAssertEqual(report[.sceneRender], 325_000, "the surface's binding, the scene's render call and its hand-off to the GPU, no query")
            XCTAssertEqual(report[.overlayRender], 40_000, "the overlay's render call only")
            XCTAssertEqual(report[.hud], 7_000, "the HUD's drawing only")
            XCTAssertEqual(report[.present], 2_000_000)
            // The frame time keeps the four 1 ms callbacks: they are the run's cost, just not the phases'.
            let ownWork: Nanoseconds = 325_000 + 40_000 + 7_000 + 2_000_000
            let instrumentation: Nanoseconds = 4 * 1_000_000
            XCTAssertEqual(report.frameTime, ownWork + instrumentation)
        }
    }
}

/// A thread CPU clock that moves only when told to (`FrameLoopConfiguration.threadCPUClock`).
private final class FakeThreadCPU: @unchecked Sendable {
    var now: Nanoseconds = 0
}

/// An app whose callbacks cost known amounts of both clocks: its overlay render waits (wall time, no CPU time), as
/// a frame thread does while llvmpipe's rasterizer threads hold the cores.
@MainActor
private final class ThreadCPUCostApp: HostApp {
    let wall: ManualClock
    let cpu: FakeThreadCPU
    init(wall: ManualClock, cpu: FakeThreadCPU) { self.wall = wall; self.cpu = cpu }
    private func spend(wall w: Nanoseconds, cpu c: Nanoseconds) { wall.advance(by: w); cpu.now += c }
    func routeToOverlay(_ event: InputEvent) -> Bool { spend(wall: 3_000, cpu: 3_000); return true }
    func layoutOverlay(metrics: WindowMetrics) { spend(wall: 30_000, cpu: 30_000) }
    func paintOverlay() { spend(wall: 20_000, cpu: 20_000) }
    func renderScene(interpolation alpha: Double, metrics: WindowMetrics) { spend(wall: 50_000, cpu: 5_000) }
    func renderOverlay(metrics: WindowMetrics) { spend(wall: 100_000, cpu: 10_000) }
    var overlayHasWork: Bool { true }
}

/// An observer that keeps each frame's report.
@MainActor
private final class ReportLog: FrameObserver {
    var reports: [FrameReport] = []
    func frameDidEnd(_ loop: FrameLoop, report: FrameReport) { reports.append(report) }
}

final class ThreadCPUTimingTests: XCTestCase {
    /// With a thread CPU clock, each phase gets the CPU time spent between its entry and the next phase's: the
    /// overlay's render that waited 90 µs of its 100 is 10 µs of thread CPU, and the wall-clock phases are unchanged.
    func testEachPhaseGetsTheThreadCPUTimeSpentInIt() {
        MainActor.assumeIsolated {
            let platform = FakePlatform(frameDuration: 2_000_000)
            let cpu = FakeThreadCPU()
            var configuration = FrameLoopConfiguration(maxFrames: 2)
            configuration.threadCPUClock = { cpu.now }
            let loop = FrameLoop(platform: platform, app: ThreadCPUCostApp(wall: platform.manualClock, cpu: cpu),
                                 configuration: configuration)
            let observer = ReportLog()
            loop.addObserver(observer, order: .statistics)
            loop.inject([.pointerMove(PointerEvent(location: Point(x: 1, y: 1)))])
            loop.runToCompletion()
            let report = observer.reports[0]
            let cpuTimes = try! XCTUnwrap(report.phaseThreadCPUTimes)
            XCTAssertEqual(cpuTimes[FramePhase.routing.ordinal], 3_000)
            XCTAssertEqual(cpuTimes[FramePhase.overlayLayout.ordinal], 30_000)
            XCTAssertEqual(cpuTimes[FramePhase.overlayPaint.ordinal], 20_000)
            XCTAssertEqual(cpuTimes[FramePhase.sceneRender.ordinal], 5_000)
            XCTAssertEqual(cpuTimes[FramePhase.overlayRender.ordinal], 10_000)
            XCTAssertEqual(cpuTimes[FramePhase.present.ordinal], 0, "the fake present costs wall time only")
            XCTAssertEqual(report[.overlayRender], 100_000, "the wall clock still sees the wait")
            XCTAssertEqual(report[.overlayLayout], 30_000)
            // The next frame starts from zero: no event, so no routing time.
            let second = try! XCTUnwrap(observer.reports[1].phaseThreadCPUTimes)
            XCTAssertEqual(second[FramePhase.routing.ordinal], 0)
            XCTAssertEqual(second[FramePhase.overlayRender.ordinal], 10_000)
        }
    }

    /// Without a thread CPU clock nothing is read and the report says so (nil, not zeros).
    func testWithoutAClockTheReportHasNoThreadCPUTimes() {
        MainActor.assumeIsolated {
            let platform = FakePlatform(frameDuration: 2_000_000)
            let loop = FrameLoop(platform: platform, app: ThreadCPUCostApp(wall: platform.manualClock, cpu: FakeThreadCPU()),
                                 configuration: .init(maxFrames: 1))
            let observer = ReportLog()
            loop.addObserver(observer, order: .statistics)
            loop.runToCompletion()
            XCTAssertNil(observer.reports[0].phaseThreadCPUTimes)
        }
    }

    /// The real clock: work on the thread moves it, a sleep does not move it by the sleep's length.
    func testTheSystemThreadCPUClockCountsWorkAndNotSleep() {
        let beforeSleep = SystemClock.threadCPUNow()
        SystemClock.sleep(nanoseconds: 200_000_000)
        let slept = SystemClock.threadCPUNow() - beforeSleep
        XCTAssertLessThan(slept, 100_000_000, "a 200 ms sleep cost \(slept) ns of thread CPU")
        let beforeWork = SystemClock.threadCPUNow()
        var x: UInt64 = 1
        for i in 0..<20_000_000 { x = x &* 6364136223846793005 &+ UInt64(i) }
        XCTAssertNotEqual(x, 0)
        XCTAssertGreaterThan(SystemClock.threadCPUNow() - beforeWork, 0)
    }
}
