// The frame loop: poll, route, bus, fixed-step simulation, bus, animations, overlay, render, present, pace.
// The loop owns the frame phase (`FramePhase`, GlasspaneCore) and stamps it on the app's bus; features attach
// as `FrameObserver`s.
import GlasspaneBus
import GlasspaneCore

/// What one frame cost.
public struct FrameReport: Sendable {
    /// Frame index, from 0.
    public var frameIndex: Int
    /// Time since the previous frame began (the frame time), in nanoseconds; 0 for the first frame.
    public var frameTime: Nanoseconds
    /// CPU time of each phase, indexed by `FramePhase.ordinal`.
    public var phaseTimes: [Nanoseconds]
    /// The CPU time of one phase.
    public subscript(phase: FramePhase) -> Nanoseconds { phaseTimes[phase.ordinal] }
    /// Simulation steps run this frame.
    public var simulationSteps: Int
    /// Input events handled this frame.
    public var eventCount: Int
    /// When the present returned, on the platform clock (frame times between presents come from these).
    public var presentedAt: Nanoseconds
    /// The time this frame fed the simulation's accumulator (what a recording stores to replay exactly).
    public var simulatedDuration: Nanoseconds
    /// The frame thread's CPU time in each phase, indexed by `FramePhase.ordinal`, when the configuration has a
    /// `threadCPUClock`; nil otherwise. Unlike `phaseTimes` (wall clock) it leaves out time the thread waited or was
    /// preempted (docs/bench.md, "Thread CPU time").
    public var phaseThreadCPUTimes: [Nanoseconds]? = nil
}

/// The two render passes of a frame, for GPU timing.
public enum RenderPass: String, Sendable, CaseIterable {
    /// The engine's scene.
    case scene
    /// The overlay and HUD.
    case overlay

    /// Dense position (0 for `scene`), for per-pass storage without hashing.
    public var index: Int {
        switch self {
        case .scene: 0
        case .overlay: 1
        }
    }
}

/// How the loop runs.
public struct FrameLoopConfiguration: Sendable {
    /// Stop after this many frames (nil: run until quit).
    public var maxFrames: Int? = nil
    /// Pace to at most this many frames per second (sleep, then a short spin), nil for no cap.
    public var fpsCap: Int? = nil
    /// Simulation steps per second.
    public var stepsPerSecond: Int = 120
    /// The most simulation steps one frame may run (a stall drops time beyond this).
    public var maxCatchUpSteps: Int = 8
    /// Keep only `.quit` from the platform (a script owns input; the window still closes).
    public var ignoresPlatformInput: Bool = false
    /// When set, every frame advances the simulation by exactly this much, whatever the wall clock says
    /// (deterministic replays and benchmarks of logic).
    public var fixedFrameDuration: Nanoseconds? = nil
    /// Call the platform's present only after the GPU finished (honest timings on drivers that do not block).
    public var finishBeforeTiming: Bool = false
    /// When set, each phase's share of the frame thread's CPU time is read from it too, at every change of phase
    /// (`FrameReport.phaseThreadCPUTimes`): the bench's `--thread-cpu` sets `SystemClock.threadCPUNow`.
    public var threadCPUClock: (@Sendable () -> Nanoseconds)? = nil
    /// Creates a configuration; the zero-argument form gives the defaults.
    public init(maxFrames: Int? = nil, fpsCap: Int? = nil, stepsPerSecond: Int = 120, maxCatchUpSteps: Int = 8,
                fixedFrameDuration: Nanoseconds? = nil, finishBeforeTiming: Bool = false, ignoresPlatformInput: Bool = false) {
        self.ignoresPlatformInput = ignoresPlatformInput
        self.maxFrames = maxFrames; self.fpsCap = fpsCap; self.stepsPerSecond = stepsPerSecond
        self.maxCatchUpSteps = maxCatchUpSteps; self.fixedFrameDuration = fixedFrameDuration
        self.finishBeforeTiming = finishBeforeTiming
    }
}

/// Something that takes part in every frame without being the app: a script player, a recorder, expectation
/// checks, screenshots, statistics, the HUD. Every method has a default that does nothing.
///
/// Observers are called in ascending `FrameObserverOrder` (ties: the order they were added); the runtime's order is
/// input source (script player) → recorder → expectations → screenshots → statistics → HUD (docs/design.md).
@MainActor
public protocol FrameObserver: AnyObject {
    /// First thing in a frame, before polling: a script player supplies the frame's events and duration here
    /// (`loop.inject(_:)`, `loop.nextFrameDuration`).
    func frameWillStart(_ loop: FrameLoop, index: Int)
    /// Each input event as it arrives, before routing (the recorder taps here). `.quit` included.
    func frame(_ index: Int, received event: InputEvent)
    /// Right before (`begins` true) and after each render pass: GPU timer queries. Outside the phase's timing:
    /// what it costs is in the frame time but in no phase.
    func renderPass(_ pass: RenderPass, begins: Bool)
    /// After rendering, before present: the place to read pixels back (expectations, screenshots).
    func frameWillPresent(_ loop: FrameLoop, index: Int, isLast: Bool)
    /// After present, with the frame's costs.
    func frameDidEnd(_ loop: FrameLoop, report: FrameReport)
    /// Polled once per frame: true ends the loop after this frame (a failed script, an interrupt).
    var requestsStop: Bool { get }
}

extension FrameObserver {
    /// Nothing to supply.
    public func frameWillStart(_ loop: FrameLoop, index: Int) {}
    /// Ignores input.
    public func frame(_ index: Int, received event: InputEvent) {}
    /// No GPU timing.
    public func renderPass(_ pass: RenderPass, begins: Bool) {}
    /// Reads nothing.
    public func frameWillPresent(_ loop: FrameLoop, index: Int, isLast: Bool) {}
    /// Records nothing.
    public func frameDidEnd(_ loop: FrameLoop, report: FrameReport) {}
    /// Never stops the loop.
    public var requestsStop: Bool { false }
}

/// Where an observer runs within each callback; lower runs first. The named values are the runtime's order.
public struct FrameObserverOrder: Comparable, Hashable, Sendable {
    /// The rank (lower first).
    public var rank: Int
    /// Creates an order from a rank.
    public init(_ rank: Int) { self.rank = rank }
    /// Input sources: a script player must run before anyone sees the frame's events.
    public static let input = FrameObserverOrder(100)
    /// The recorder: sees events as they arrive and closes each frame's line first.
    public static let recorder = FrameObserverOrder(200)
    /// Expectation checks (they read pixels before screenshots of the same frame).
    public static let expectations = FrameObserverOrder(300)
    /// Screenshots.
    public static let screenshots = FrameObserverOrder(400)
    /// Frame statistics and benchmark samples.
    public static let statistics = FrameObserverOrder(500)
    /// The HUD (it shows the frame that just ended).
    public static let hud = FrameObserverOrder(600)
    /// The inspector (docs/inspector.md): posts remote messages first thing in a frame, publishes after the rest.
    public static let inspector = FrameObserverOrder(700)
    /// Flushing the bus's traffic log: last, so a frame's lines, whoever logged them, leave in one write.
    public static let busLog = FrameObserverOrder(800)
    /// Orders by rank.
    public static func < (a: FrameObserverOrder, b: FrameObserverOrder) -> Bool { a.rank < b.rank }
}

/// What the loop renders into: binds the frame's target, hands the scene to the GPU, and can wait for it. The
/// runtime supplies one (window or headless framebuffer); logic tests need none.
@MainActor
public protocol RenderSurface: AnyObject {
    /// Binds the frame's render target at the start of the render phase (the drawable size may have changed).
    func beginFrame(metrics: WindowMetrics)
    /// True on a GPU: the scene is drawn before the HUD's and the overlay's CPU work, and handed off (`submitScene`)
    /// when the overlay has work, so the two overlap. False on a CPU rasterizer, whose threads would preempt that
    /// work: the overlay's work comes first, as it did before (its pixels are the same either way).
    var drawsSceneFirst: Bool { get }
    /// Hands the scene's queued commands to the GPU (`glFlush`) right after the scene's render call, on frames whose
    /// overlay has work (`HostApp.overlayHasWork`) when the scene is drawn first.
    func submitScene()
    /// Waits until the GPU finished the frame (honest timings on drivers whose swap does not wait).
    func finishGPU()
    /// After the frame's pixels were read (observers' `frameWillPresent`), before the present: a target drawn
    /// into a framebuffer object copies it to the window here. Default: nothing.
    func finishFrame()
}

extension RenderSurface {
    /// Nothing to copy: frames were drawn where they are presented.
    public func finishFrame() {}
}

/// Drives an app frame by frame against a platform. Single-threaded, on the main actor.
@MainActor
public final class FrameLoop {
    /// The window and event source.
    public let platform: any PlatformBackend
    /// The application.
    public let app: any HostApp
    /// How the loop runs (`setFPSCap(_:)` changes the cap while it runs).
    public private(set) var configuration: FrameLoopConfiguration
    /// The bus the loop stamps frame index and phase on (the app's `frameBus`), if any.
    public let bus: MessageBus?
    /// The fixed-step accumulator.
    public private(set) var timestep: FixedTimestep
    /// Frames completed so far.
    public private(set) var frameIndex: Int = 0
    /// The phase running now; nil outside a frame.
    public private(set) var phase: FramePhase?
    /// True once the loop decided to stop (quit event, app request, frame limit, an observer).
    public private(set) var isFinished = false
    /// Simulated time in seconds since the loop started (the frame clock animations use).
    public private(set) var frameClockSeconds: Double = 0
    /// Time of the first present, from the platform clock (nil before it).
    public private(set) var firstPresentTime: Nanoseconds?
    /// Pacing errors with `fpsCap`: how late each frame started versus its target, in nanoseconds.
    public private(set) var pacingErrors: [Nanoseconds] = []
    /// The simulated duration of the next frame only (a script's recorded frame clock); overrides everything else.
    public var nextFrameDuration: Nanoseconds?
    /// Where frames are rendered; nil renders into whatever is bound (logic tests).
    public var surface: (any RenderSurface)?

    private var observers: [(order: FrameObserverOrder, observer: any FrameObserver)] = []
    private var injectedEvents: [InputEvent] = []
    private var lastFrameStart: Nanoseconds?
    private var events: [InputEvent] = []
    private var phaseTimes = [Nanoseconds](repeating: 0, count: FramePhase.allCases.count)
    /// The frame thread's CPU time per phase this frame, and the thread CPU time at the last change of phase
    /// (both used only with `configuration.threadCPUClock`).
    private var phaseThreadCPUTimes = [Nanoseconds](repeating: 0, count: FramePhase.allCases.count)
    private var threadCPUMark: Nanoseconds = 0
    private var nextFrameTarget: Nanoseconds?

    /// Changes the fps cap from the next frame on (nil or 0: uncapped); pacing starts over from that frame.
    public func setFPSCap(_ cap: Int?) {
        configuration.fpsCap = cap.flatMap { $0 > 0 ? $0 : nil }
        nextFrameTarget = nil
    }

    /// Creates a loop; nothing runs until `runFrame()` or `run()`.
    public init(platform: any PlatformBackend, app: any HostApp, configuration: FrameLoopConfiguration = .init()) {
        self.platform = platform
        self.app = app
        self.configuration = configuration
        bus = app.frameBus
        timestep = FixedTimestep(stepsPerSecond: configuration.stepsPerSecond, maxStepsPerFrame: configuration.maxCatchUpSteps)
        events.reserveCapacity(64)
    }

    // MARK: - Observers

    /// Adds an observer at its place in the order (after others of the same order).
    public func addObserver(_ observer: any FrameObserver, order: FrameObserverOrder) {
        let index = observers.firstIndex { $0.order > order } ?? observers.endIndex
        observers.insert((order, observer), at: index)
    }

    /// Removes an observer (no effect when it was not added).
    public func removeObserver(_ observer: any FrameObserver) {
        observers.removeAll { $0.observer === observer }
    }

    /// Adds events to this frame's input, after the platform's (a script player calls it from `frameWillStart`).
    public func inject(_ events: [InputEvent]) { injectedEvents.append(contentsOf: events) }

    // MARK: - Running

    /// Runs frames until quit or the frame limit. After phase 5 it awaits `app.settle()`, so tasks whose requests
    /// were answered in this frame continue within it (before animations, layout and render).
    public func run() async {
        while !isFinished {
            guard startFrame() else { break }
            await settle()
            finishFrame()
        }
    }

    /// Runs one frame, awaiting the app's settle point after phase 5. Returns false once the loop has finished.
    @discardableResult
    public func runFrameAsync() async -> Bool {
        guard startFrame() else { return false }
        await settle()
        finishFrame()
        return !isFinished
    }

    /// The app's settle point. When it may suspend (tasks to resume), the GL context is let go first and taken
    /// back after: the frame may go on on another thread (`PlatformBackend.releaseContext`).
    private func settle() async {
        guard app.settleMaySuspend else {
            await app.settle() // same actor, nothing to wait for: runs on without suspending
            return
        }
        platform.releaseContext()
        await app.settle()
        platform.makeContextCurrent()
    }

    /// Runs every frame synchronously (tests and tools that need no async requests).
    public func runToCompletion() {
        while !isFinished { runFrame() }
    }

    /// Runs one frame synchronously (tasks resumed in phase 5 run later, after the caller yields).
    /// Returns false once the loop has finished.
    @discardableResult
    public func runFrame() -> Bool {
        guard startFrame() else { return false }
        finishFrame()
        return !isFinished
    }

    // Per-frame values carried from the first half of a frame to the second.
    private var frameElapsed: Nanoseconds = 0
    private var frameSteps = 0
    private var frameSimulated: Nanoseconds = 0
    private var frameEventCount = 0
    private var frameQuitRequested = false
    private var phaseStart: Nanoseconds = 0

    /// Phases 1 to 5. False when the loop had already finished.
    private func startFrame() -> Bool {
        guard !isFinished else { return false }
        let clock = platform.clock
        pace(clock)

        // A minimized or hidden window waits for events instead of spinning a core; time does not advance.
        while platform.isOccluded && !isFinished {
            platform.waitForEvents(timeoutMilliseconds: 100)
            var pending: [InputEvent] = []
            platform.pollEvents(into: &pending)
            if pending.contains(.quit) { isFinished = true }
            else if !pending.isEmpty { events.append(contentsOf: pending) }
            lastFrameStart = clock.now()
        }

        // Taking input from a script is part of phase 1: what a script player posts is stamped `events`.
        bus?.frameIndex = frameIndex
        enter(.events)
        for entry in observers { entry.observer.frameWillStart(self, index: frameIndex) }
        let frameStart = clock.now()
        var frameTime: Nanoseconds = 0
        if let last = lastFrameStart { frameTime = frameStart - last }
        lastFrameStart = frameStart
        for i in phaseTimes.indices { phaseTimes[i] = 0 }
        for i in phaseThreadCPUTimes.indices { phaseThreadCPUTimes[i] = 0 }
        var t = frameStart

        // 1. Events.
        app.beginFrame(index: frameIndex)
        platform.pollEvents(into: &events)
        if configuration.ignoresPlatformInput { events.removeAll { $0 != .quit } }
        if !injectedEvents.isEmpty { events.append(contentsOf: injectedEvents); injectedEvents.removeAll(keepingCapacity: true) }
        t = mark(.events, since: t, clock)

        // 2. Route and deliver.
        enter(.routing)
        var quitRequested = false
        let eventCount = events.count
        for event in events {
            for entry in observers { entry.observer.frame(frameIndex, received: event) }
            if case .quit = event { quitRequested = true; continue }
            if !app.routeToOverlay(event) { app.engineReceive(event) }
        }
        events.removeAll(keepingCapacity: true)
        t = mark(.routing, since: t, clock)

        // 3. Overlay-to-engine messages.
        enter(.busToEngine)
        app.deliverEngineMessages()
        t = mark(.busToEngine, since: t, clock)

        // 4. Fixed-step simulation.
        enter(.simulation)
        let elapsed = nextFrameDuration ?? configuration.fixedFrameDuration ?? (frameIndex == 0 ? 0 : frameTime)
        nextFrameDuration = nil
        let steps = timestep.advance(by: elapsed)
        let dt = timestep.stepSeconds
        for _ in 0..<steps { app.step(dt: dt) }
        frameClockSeconds = Double(timestep.totalSteps) * dt + timestep.interpolation * dt
        t = mark(.simulation, since: t, clock)

        // 5. Engine-to-overlay messages.
        enter(.busToOverlay)
        app.deliverOverlayMessages()
        t = mark(.busToOverlay, since: t, clock)

        frameElapsed = frameTime
        frameSteps = steps
        frameSimulated = elapsed
        frameEventCount = eventCount
        frameQuitRequested = quitRequested
        phaseStart = t
        return true
    }

    /// Phase 7: binds the target, draws the scene and, when the overlay has work and the scene comes first, hands
    /// it to the GPU. A render phase is the frame's own work (the binding, the app's render call, the hand-off);
    /// observers' `renderPass` (the bench's GPU timer queries) brackets the call but is read outside the phase's
    /// clock, so instrumentation is billed to no phase (it stays in the frame time). Returns the time it ended.
    private func renderScenePhase(since start: Nanoseconds, metrics: WindowMetrics, _ clock: any MonotonicClock) -> Nanoseconds {
        enter(.sceneRender)
        surface?.beginFrame(metrics: metrics)
        let bound = clock.now()
        for entry in observers { entry.observer.renderPass(.scene, begins: true) }
        var renderStart = clock.now()
        app.renderScene(interpolation: timestep.interpolation, metrics: metrics)
        var sceneTime = (bound - start) + (clock.now() - renderStart)
        for entry in observers { entry.observer.renderPass(.scene, begins: false) }
        renderStart = clock.now()
        if let surface, surface.drawsSceneFirst, app.overlayHasWork { surface.submitScene() }
        let end = clock.now()
        sceneTime += end - renderStart
        phaseTimes[FramePhase.sceneRender.ordinal] = sceneTime
        return end
    }

    /// Phases 8a-c: the HUD's layer, then the overlay's layout and paint, each timed. Returns the time it ended.
    private func overlayWorkPhases(since start: Nanoseconds, metrics: WindowMetrics, _ clock: any MonotonicClock) -> Nanoseconds {
        enter(.hud)
        app.updateHUD(metrics: metrics)
        var t = mark(.hud, since: start, clock)
        enter(.overlayLayout)
        app.layoutOverlay(metrics: metrics)
        t = mark(.overlayLayout, since: t, clock)
        enter(.overlayPaint)
        app.paintOverlay()
        t = mark(.overlayPaint, since: t, clock)
        platform.textInputActive = app.wantsTextInput
        if platform.textInputActive, let caret = app.textInputCaretRect { platform.textInputRect = caret }
        return t
    }

    // Loops, not `contains(where:)` and `Optional.map` closures: a closure formed in main-actor code has its
    // executor checked at run time on every call (docs/bench.md, "What the bench itself costs").
    private var anObserverRequestsStop: Bool {
        for entry in observers where entry.observer.requestsStop { return true }
        return false
    }

    private var reachedMaxFrames: Bool {
        guard let maxFrames = configuration.maxFrames else { return false }
        return frameIndex + 1 >= maxFrames
    }

    /// Phases 6 to 8, present, bookkeeping.
    private func finishFrame() {
        let clock = platform.clock
        // Time spent settling resumed tasks counts as phase 5.
        var t = clock.now()
        phaseTimes[FramePhase.busToOverlay.ordinal] += t - phaseStart
        let quitRequested = frameQuitRequested, frameTime = frameElapsed, steps = frameSteps, eventCount = frameEventCount

        // 6. Animations.
        enter(.animation)
        app.advanceAnimations(time: frameClockSeconds)
        t = mark(.animation, since: t, clock)

        // 7 and 8a-c: the scene, and the HUD's layer and the overlay's layout and paint. On a GPU the scene comes
        // first and is handed to the GPU at once when the overlay has work, so the GPU draws it meanwhile; on a CPU
        // rasterizer the overlay's work comes first, since the rasterizer's threads would preempt it (docs/design.md,
        // "One frame, in order").
        let metrics = platform.metrics
        if surface?.drawsSceneFirst ?? true {
            t = renderScenePhase(since: t, metrics: metrics, clock)
            t = overlayWorkPhases(since: t, metrics: metrics, clock)
        } else {
            t = overlayWorkPhases(since: t, metrics: metrics, clock)
            t = renderScenePhase(since: t, metrics: metrics, clock)
        }

        // 8d-f. The overlay's render and the HUD's, then the present.
        enter(.overlayRender)
        for entry in observers { entry.observer.renderPass(.overlay, begins: true) }
        var renderStart = clock.now()
        app.renderOverlay(metrics: metrics)
        _ = mark(.overlayRender, since: renderStart, clock)
        for entry in observers { entry.observer.renderPass(.overlay, begins: false) }
        // The HUD draws last, and its drawing is its own cost: added to the `hud` phase of 8a.
        enter(.hud)
        renderStart = clock.now()
        app.renderHUD(metrics: metrics)
        t = clock.now()
        phaseTimes[FramePhase.hud.ordinal] += t - renderStart

        enter(.present)
        let isLast = quitRequested || app.wantsQuit || anObserverRequestsStop || reachedMaxFrames
        for entry in observers { entry.observer.frameWillPresent(self, index: frameIndex, isLast: isLast) }
        surface?.finishFrame()
        if configuration.finishBeforeTiming { surface?.finishGPU() }
        platform.present()
        t = mark(.present, since: t, clock)
        if firstPresentTime == nil { firstPresentTime = t }
        enter(nil)

        let report = FrameReport(frameIndex: frameIndex, frameTime: frameTime, phaseTimes: phaseTimes,
                                 simulationSteps: steps, eventCount: eventCount, presentedAt: t,
                                 simulatedDuration: frameSimulated,
                                 phaseThreadCPUTimes: configuration.threadCPUClock == nil ? nil : phaseThreadCPUTimes)
        for entry in observers { entry.observer.frameDidEnd(self, report: report) }
        frameIndex += 1
        if isLast { isFinished = true }
    }

    /// Enters a phase: the loop's own record and the bus's stamp (nil: between frames). With a thread CPU clock, the
    /// CPU time since the last change of phase is billed to the phase being left, observers' work in it included.
    private func enter(_ next: FramePhase?) {
        if let cpuClock = configuration.threadCPUClock {
            let now = cpuClock()
            if let current = phase { phaseThreadCPUTimes[current.ordinal] += now - threadCPUMark }
            threadCPUMark = now
        }
        phase = next
        bus?.phase = next
    }

    private func mark(_ phase: FramePhase, since start: Nanoseconds, _ clock: any MonotonicClock) -> Nanoseconds {
        let now = clock.now()
        phaseTimes[phase.ordinal] = now - start
        return now
    }

    /// With an fps cap, sleeps until just before the frame's target time, then spins the rest precisely.
    private func pace(_ clock: any MonotonicClock) {
        guard let cap = configuration.fpsCap, cap > 0 else { return }
        let period = Nanoseconds(1_000_000_000 / cap)
        guard let target = nextFrameTarget else { nextFrameTarget = clock.now() + period; return }
        let spinWindow: Nanoseconds = 1_500_000
        let now = clock.now()
        if target - now > spinWindow { SystemClock.sleep(nanoseconds: target - now - spinWindow) }
        while clock.now() < target {}
        let actual = clock.now()
        pacingErrors.append(actual - target)
        // Late by more than a frame: re-anchor instead of bursting to catch up.
        nextFrameTarget = actual - target > period ? actual + period : target + period
    }
}
