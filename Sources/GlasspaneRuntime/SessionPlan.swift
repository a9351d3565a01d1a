// Step 1 of `Session.open`: everything decided before a window exists. The loop's configuration is a pure function
// of the description and its script (SessionLoopConfigurationTests), so the frame counts of `bench`, `replay` and
// `--dump-views` are checked without SDL or GL.
import GlasspaneAnimation
import GlasspaneCore
import GlasspaneHost
import GlasspaneInspector
import GlasspaneScripts

/// What `Session.open` knows before it opens the window: the description with a replayed script's header applied,
/// the script, its warnings, the inspector's server (not bound yet) and the frame loop's configuration.
@MainActor
struct SessionPlan {
    /// The description, after the replayed script's header applied.
    let description: SessionDescription
    /// The replayed script, when the description has one.
    let script: Script?
    /// Warnings found so far (the script's), as lines to print.
    let warnings: [String]
    /// The inspector's server, when `--inspect` asked for one; nothing is bound until `Session.run()`.
    let inspectorServer: InspectorServer?
    /// What the frame loop runs.
    let loopConfiguration: FrameLoopConfiguration

    /// Loads and applies the script, checks output paths, the slow-down, the inspector's address, the window options
    /// and the screenshot frames, in that order, throwing the first problem.
    init(_ requested: SessionDescription) throws(SessionError) {
        var description = requested
        var script: Script?
        var speedWarning: String?
        if let replay = description.replay {
            let loaded: Script
            do { loaded = try Script.load(path: replay.scriptPath) } catch { throw .script(error.diagnostics.map(\.description)) }
            try description.apply(loaded.header, path: replay.scriptPath)
            speedWarning = Self.speedWarning(requested: requested.slowAnimations, header: loaded.header, path: replay.scriptPath)
            script = loaded
        }
        try OutputPaths.check(description)
        // Read by every animation when it starts (engine and overlay alike), so it is set before the app exists.
        do { try AnimationSettings.setSlowDownFactor(description.resolvedSlowAnimations) } catch {
            throw .slowAnimations(description.slowAnimations)
        }
        if let settings = description.inspector {
            do { inspectorServer = try InspectorServer(settings: settings, hub: InspectorHub(limits: settings.limits, token: settings.token)) }
            catch { throw .inspector(error) }
        } else {
            inspectorServer = nil
        }
        if let problem = description.platformOptions.problem { throw .platform(.invalidOptions(problem)) }
        loopConfiguration = try description.loopConfiguration(replaying: script)
        self.description = description
        self.script = script
        warnings = (script?.warnings.map { "warning: \($0.description)" } ?? []) + (speedWarning.map { [$0] } ?? [])
    }

    /// The warning for a replay slowed by other than its recording's factor (absent in the header means 1): its
    /// animations are sampled at other times, so the frames differ from the recorded run's. Nil when they agree.
    static func speedWarning(requested: Double, header: ScriptHeader, path: String) -> String? {
        guard requested != 0 else { return nil } // not given: the recorded factor is used
        var recorded = 1.0
        if case .number(let n)? = header.options[ScriptOption.slowAnimations.rawValue] { recorded = n }
        guard requested != recorded else { return nil }
        return "warning: --slow-animations \(requested.formatted) differs from the \(recorded.formatted) \(path) was recorded with: "
            + "animated frames will differ from the recording's"
    }
}

private extension Double {
    /// `4` rather than `4.0`; other values as Swift prints them.
    var formatted: String { self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self) }
}

extension SessionDescription {
    /// A replay that plays its script to the last frame (not a bench or a dump, whose frame counts decide): it
    /// stops after that frame, and an expectation it did not reach is a `not-reached` failure.
    var playsWholeScript: Bool { replay?.runsWholeScript == true && benchmark == nil && !dumpsViews }

    /// The frame loop's configuration for this description replaying `script` (nil: the platform's input). A
    /// benchmark runs its warm-up and measured frames uncapped; `dumpsViews` runs one frame; a replay runs on the
    /// script's clock, ignores platform input, and plays the whole script unless a benchmark or a dump decides.
    /// Throws `screenshotFrame` (`viewDumpFrame`) for a screenshot (view dump) at a frame the run never reaches. Pure: no
    /// SDL, no GL.
    func loopConfiguration(replaying script: Script?) throws(SessionError) -> FrameLoopConfiguration {
        var configuration = FrameLoopConfiguration(maxFrames: frames > 0 ? frames : nil, fpsCap: fpsCap > 0 ? fpsCap : nil,
                                                   finishBeforeTiming: resolvedFinish)
        configuration.fixedFrameDuration = fixedFrameDuration
        if let benchmark {
            configuration.maxFrames = benchmark.warmupFrames + benchmark.resolvedMeasuredFrames
            configuration.fpsCap = nil
            if benchmark.measuresThreadCPU { configuration.threadCPUClock = { SystemClock.threadCPUNow() } }
        }
        if dumpsViews { configuration.maxFrames = 1 }
        if let script, replay != nil {
            configuration.stepsPerSecond = script.header.stepsPerSecond
            configuration.maxCatchUpSteps = script.header.maxStepsPerFrame
            configuration.ignoresPlatformInput = true
            configuration.fpsCap = nil
            if playsWholeScript {
                configuration.maxFrames = script.lastFrameIndex + 1
            }
        }
        if let lastFrame = configuration.maxFrames.map({ $0 - 1 }),
           let late = screenshots.first(where: { ($0.frame ?? 0) > lastFrame }) {
            throw .screenshotFrame(frame: late.frame ?? 0, lastFrame: lastFrame)
        }
        if let lastFrame = configuration.maxFrames.map({ $0 - 1 }),
           let late = viewDumps.first(where: { ($0.frame ?? 0) > lastFrame }) {
            throw .viewDumpFrame(frame: late.frame ?? 0, lastFrame: lastFrame)
        }
        return configuration
    }
}
