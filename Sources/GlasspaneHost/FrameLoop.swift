// The frame loop: poll, route, bus, fixed-step simulation, bus, animations, overlay, render, present, pace.
import GlasspaneCore

/// The phases of one frame, in order; each one's CPU time is measured.
public enum LoopPhase: Int, CaseIterable, Sendable, Codable {
    /// Polling and translating platform events (or taking them from a script).
    case events
    /// Routing events to the overlay or the engine, and the handlers that run then.
    case routing
    /// Overlay-to-engine bus delivery (phase 3).
    case busToEngine
    /// Fixed-step simulation.
    case simulation
    /// Engine-to-overlay bus delivery and resumed requests (phase 5).
    case busToOverlay
    /// Animations on the frame clock.
    case animation
    /// Overlay layout and paint.
    case overlayUpdate
    /// Scene rendering (CPU side).
    case sceneRender
    /// Overlay and HUD rendering (CPU side).
    case overlayRender
    /// Swap (and glFinish when timing honestly).
    case present

    /// A stable snake_case name for reports.
    public var name: String {
        switch self {
        case .events: "events"
        case .routing: "routing"
        case .busToEngine: "bus_to_engine"
        case .simulation: "simulation"
        case .busToOverlay: "bus_to_overlay"
        case .animation: "animation"
        case .overlayUpdate: "overlay_update"
        case .sceneRender: "scene_render"
        case .overlayRender: "overlay_render"
        case .present: "present"
        }
    }
}

/// What one frame cost.
public struct FrameReport: Sendable {
    /// Frame index, from 0.
    public var frameIndex: Int
    /// Time since the previous frame began (the frame time), in nanoseconds; 0 for the first frame.
    public var frameTime: Nanoseconds
    /// CPU time of each phase, indexed by `LoopPhase.rawValue`.
    public var phaseTimes: [Nanoseconds]
    /// Simulation steps run this frame.
    public var simulationSteps: Int
    /// Input events handled this frame.
    public var eventCount: Int
    /// When the present returned, on the platform clock (frame times between presents come from these).
    public var presentedAt: Nanoseconds
    /// The time this frame fed the simulation's accumulator (what a recording stores to replay exactly).
    public var simulatedDuration: Nanoseconds
}

/// The two render passes of a frame, for GPU timing.
public enum RenderPass: String, Sendable, CaseIterable {
    /// The engine's scene.
    case scene
    /// The overlay and HUD.
    case overlay
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
    /// Creates a configuration; the zero-argument form gives the defaults.
    public init(maxFrames: Int? = nil, fpsCap: Int? = nil, stepsPerSecond: Int = 120, maxCatchUpSteps: Int = 8,
                fixedFrameDuration: Nanoseconds? = nil, finishBeforeTiming: Bool = false, ignoresPlatformInput: Bool = false) {
        self.ignoresPlatformInput = ignoresPlatformInput
        self.maxFrames = maxFrames; self.fpsCap = fpsCap; self.stepsPerSecond = stepsPerSecond
        self.maxCatchUpSteps = maxCatchUpSteps; self.fixedFrameDuration = fixedFrameDuration
        self.finishBeforeTiming = finishBeforeTiming
    }
}

/// Drives an app frame by frame against a platform. Single-threaded, on the main actor.
@MainActor
public final class FrameLoop {
    /// The window and event source.
    public let platform: any PlatformBackend
    /// The application.
    public let app: any HostApp
    /// How the loop runs.
    public let configuration: FrameLoopConfiguration
    /// The fixed-step accumulator.
    public private(set) var timestep: FixedTimestep
    /// Frames completed so far.
    public private(set) var frameIndex: Int = 0
    /// True once the loop decided to stop (quit event, app request, frame limit).
    public private(set) var isFinished = false
    /// Simulated time in seconds since the loop started (the frame clock animations use).
    public private(set) var frameClockSeconds: Double = 0
    /// Time of the first present, from the platform clock (nil before it).
    public private(set) var firstPresentTime: Nanoseconds?
    /// Pacing errors with `fpsCap`: how late each frame started versus its target, in nanoseconds.
    public private(set) var pacingErrors: [Nanoseconds] = []

    /// Events to feed in addition to (or instead of) the platform's, for the next frame (scripts, tests).
    public var injectedEvents: [InputEvent] = []
    /// The simulated duration of the next frame only (a script's recorded frame clock); overrides everything else.
    public var nextFrameDuration: Nanoseconds?
    /// Called first thing in each frame with its index: a script player supplies events and duration here.
    public var willStartFrame: ((Int) -> Void)?
    /// When false the platform is not polled (a script owns input).
    public var pollsPlatform = true
    /// Called after each frame with its costs.
    public var onFrame: ((FrameReport) -> Void)?
    /// Called after rendering, before present, with the frame index and whether it is the last frame:
    /// the place to read pixels back.
    public var beforePresent: ((Int, Bool) -> Void)?
    /// Called right before (true) and after (false) each render pass: the place for GPU timer queries.
    public var aroundRenderPass: ((RenderPass, Bool) -> Void)?
    /// Called at the start of the render phase with this frame's metrics (the renderer binds its target here).
    public var beginRender: ((WindowMetrics) -> Void)?
    /// Called for each input event as it arrives, before routing (the recorder taps here).
    public var onInput: ((Int, InputEvent) -> Void)?
    /// Polled once per frame: returning true ends the loop after this frame (signals, external stop).
    public var stopRequested: (() -> Bool)?
    /// Called with the `finishBeforeTiming` request (the renderer supplies glFinish).
    public var finishGPU: (() -> Void)?

    private var lastFrameStart: Nanoseconds?
    private var events: [InputEvent] = []
    private var phaseTimes = [Nanoseconds](repeating: 0, count: LoopPhase.allCases.count)
    private var nextFrameTarget: Nanoseconds?

    /// Creates a loop; nothing runs until `runFrame()` or `run()`.
    public init(platform: any PlatformBackend, app: any HostApp, configuration: FrameLoopConfiguration = .init()) {
        self.platform = platform
        self.app = app
        self.configuration = configuration
        timestep = FixedTimestep(stepsPerSecond: configuration.stepsPerSecond, maxStepsPerFrame: configuration.maxCatchUpSteps)
        events.reserveCapacity(64)
    }

    /// Runs frames until quit or the frame limit. After phase 5 it awaits `app.settle()`, so tasks whose requests
    /// were answered in this frame continue within it (before animations, layout and render).
    public func run() async {
        while !isFinished {
            guard startFrame() else { break }
            await app.settle()
            finishFrame()
        }
    }

    /// Runs one frame, awaiting the app's settle point after phase 5. Returns false once the loop has finished.
    @discardableResult
    public func runFrameAsync() async -> Bool {
        guard startFrame() else { return false }
        await app.settle()
        finishFrame()
        return !isFinished
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
        while platform.isOccluded && pollsPlatform && !isFinished {
            platform.waitForEvents(timeoutMilliseconds: 100)
            var pending: [InputEvent] = []
            platform.pollEvents(into: &pending)
            if pending.contains(.quit) { isFinished = true }
            else if !pending.isEmpty { events.append(contentsOf: pending) }
            lastFrameStart = clock.now()
        }

        willStartFrame?(frameIndex)
        let frameStart = clock.now()
        let frameTime = lastFrameStart.map { frameStart - $0 } ?? 0
        lastFrameStart = frameStart
        for i in phaseTimes.indices { phaseTimes[i] = 0 }
        var t = frameStart

        app.beginFrame(index: frameIndex)

        // 1. Events.
        if pollsPlatform {
            platform.pollEvents(into: &events)
            if configuration.ignoresPlatformInput { events.removeAll { $0 != .quit } }
        }
        if !injectedEvents.isEmpty { events.append(contentsOf: injectedEvents); injectedEvents.removeAll(keepingCapacity: true) }
        t = mark(.events, since: t, clock)

        // 2. Route and deliver.
        var quitRequested = false
        let eventCount = events.count
        for event in events {
            onInput?(frameIndex, event)
            if case .quit = event { quitRequested = true; continue }
            if !app.routeToOverlay(event) { app.engineReceive(event) }
        }
        events.removeAll(keepingCapacity: true)
        t = mark(.routing, since: t, clock)

        // 3. Overlay-to-engine messages.
        app.deliverEngineMessages()
        t = mark(.busToEngine, since: t, clock)

        // 4. Fixed-step simulation.
        let elapsed = nextFrameDuration ?? configuration.fixedFrameDuration ?? (frameIndex == 0 ? 0 : frameTime)
        nextFrameDuration = nil
        let steps = timestep.advance(by: elapsed)
        let dt = timestep.stepSeconds
        for _ in 0..<steps { app.step(dt: dt) }
        frameClockSeconds = Double(timestep.totalSteps) * dt + timestep.interpolation * dt
        t = mark(.simulation, since: t, clock)

        // 5. Engine-to-overlay messages.
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

    /// Phases 6 to 8, present, bookkeeping.
    private func finishFrame() {
        let clock = platform.clock
        // Time spent settling resumed tasks counts as phase 5.
        var t = clock.now()
        phaseTimes[LoopPhase.busToOverlay.rawValue] += t - phaseStart
        let quitRequested = frameQuitRequested, frameTime = frameElapsed, steps = frameSteps, eventCount = frameEventCount

        // 6. Animations.
        app.advanceAnimations(time: frameClockSeconds)
        t = mark(.animation, since: t, clock)

        // 7. Overlay layout and paint.
        let metrics = platform.metrics
        app.updateOverlay(metrics: metrics)
        platform.textInputActive = app.wantsTextInput
        t = mark(.overlayUpdate, since: t, clock)

        // 8. Render, present.
        beginRender?(metrics)
        aroundRenderPass?(.scene, true)
        app.renderScene(interpolation: timestep.interpolation, metrics: metrics)
        aroundRenderPass?(.scene, false)
        t = mark(.sceneRender, since: t, clock)
        aroundRenderPass?(.overlay, true)
        app.renderOverlay(metrics: metrics)
        aroundRenderPass?(.overlay, false)
        t = mark(.overlayRender, since: t, clock)

        let isLast = quitRequested || app.wantsQuit || (stopRequested?() ?? false) || (configuration.maxFrames.map { frameIndex + 1 >= $0 } ?? false)
        beforePresent?(frameIndex, isLast)
        if configuration.finishBeforeTiming { finishGPU?() }
        platform.present()
        t = mark(.present, since: t, clock)
        if firstPresentTime == nil { firstPresentTime = t }

        onFrame?(FrameReport(frameIndex: frameIndex, frameTime: frameTime, phaseTimes: phaseTimes,
                             simulationSteps: steps, eventCount: eventCount, presentedAt: t,
                             simulatedDuration: frameSimulated))
        frameIndex += 1
        if isLast { isFinished = true }
    }

    private func mark(_ phase: LoopPhase, since start: Nanoseconds, _ clock: any MonotonicClock) -> Nanoseconds {
        let now = clock.now()
        phaseTimes[phase.rawValue] = now - start
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
