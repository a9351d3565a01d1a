// Runs `glasspane bench`: the demo session uncapped, per-frame samples, statistics, files, baseline.
import Foundation
import GlasspaneBench
import GlasspaneCore
import GlasspaneDemo
import GlasspaneHost
import GlasspaneRender

/// Executes a parsed `BenchCommand`.
@MainActor
struct BenchRunner {
    let command: BenchCommand

    func run() async -> Int32 {
        installInterruptHandlers()
        if let baseline = command.baseline, !FileManager.default.fileExists(atPath: baseline) {
            printError("--baseline \(baseline): no such file")
            return 2
        }
        // Parsed rather than assigned: argument-parser types only hold values that came through parsing.
        let window: WindowOptions, demoOptions: DemoOptions
        do {
            window = try WindowOptions.parse(["--size", command.size, "--vsync", "off"] + (command.headless ? ["--headless"] : []))
            demoOptions = try DemoOptions.parse([])
        } catch {
            printError("\(error)")
            return 2
        }
        let finish = command.finish ?? command.headless
        let content: DemoApp.Content = switch command.scenario {
        case .cube: DemoApp.Content(showsPanel: false, showsHUD: command.hud)
        case .demo: DemoApp.Content(showsHUD: command.hud)
        case .stress: DemoApp.Content(showsHUD: command.hud, stressViews: 1000)
        }
        let total = command.warmup + command.frames
        var configuration = FrameLoopConfiguration(maxFrames: total, finishBeforeTiming: finish)
        let player: ScriptDriver?
        if let path = command.script {
            switch ScriptDriver.load(path: path) {
            case .success(let d): player = d
            case .failure(let status): return status.code
            }
            // The script's step rate and frame clock; the bench decides how many frames run.
            player?.configure(&configuration, runWholeScript: false)
        } else {
            player = nil
        }
        let session: DemoSession
        switch DemoSession.open(options: window, demo: demoOptions, configuration: configuration, content: content) {
        case .success(let s): session = s
        case .failure(let status): return status.code
        }
        defer { session.platform.close() }
        let loop = session.loop, app = session.app
        (app.stage.renderer as? GLOverlayRenderer)?.compositing = OverlayCompositing(rawValue: command.overlayCompositing.rawValue) ?? .automatic
        if let player, !player.attach(to: session) { return 2 }

        let gpu = GPUPassTimer()
        loop.aroundRenderPass = { pass, begins in begins ? gpu.begin(pass.rawValue) : gpu.end(pass.rawValue) }
        var samples: [FrameSample] = []
        samples.reserveCapacity(command.frames)
        var lastPresent: Nanoseconds?
        var runStart: Nanoseconds = 0
        let feedHUD = loop.onFrame
        let progressEvery = max(1, command.frames / 10)
        loop.onFrame = { report in
            feedHUD?(report)
            defer { lastPresent = report.presentedAt }
            guard report.frameIndex >= command.warmup, let previous = lastPresent else { return }
            if samples.isEmpty { runStart = previous }
            var cpu = PhaseTimes()
            let p = report.phaseTimes
            cpu[.events] = p[LoopPhase.events.rawValue]
            cpu[.routing] = p[LoopPhase.routing.rawValue]
            cpu[.bus] = p[LoopPhase.busToEngine.rawValue] + p[LoopPhase.busToOverlay.rawValue]
            cpu[.simulation] = p[LoopPhase.simulation.rawValue]
            cpu[.animation] = p[LoopPhase.animation.rawValue]
            cpu[.overlayLayout] = app.stage.lastLayoutTime
            cpu[.overlayPaint] = app.stage.lastPaintTime
            cpu[.hud] = app.stage.lastHUDTime
            cpu[.sceneRender] = p[LoopPhase.sceneRender.rawValue]
            cpu[.overlayRender] = p[LoopPhase.overlayRender.rawValue]
            cpu[.present] = p[LoopPhase.present.rawValue]
            let gpuTimes = GPUTimes(scene: gpu.result(RenderPass.scene.rawValue), overlay: gpu.result(RenderPass.overlay.rawValue))
            samples.append(FrameSample(index: samples.count, timestampNs: report.presentedAt - runStart,
                                       frameTimeNs: report.presentedAt - previous, cpuNs: cpu, gpuNs: gpuTimes))
            if samples.count % progressEvery == 0 || samples.count == command.frames {
                FileHandle.standardError.write(Data("bench: \(command.scenario.rawValue) \(samples.count)/\(command.frames) frames\n".utf8))
            }
        }
        FileHandle.standardError.write(Data("bench: \(command.scenario.rawValue), \(command.warmup) warmup + \(command.frames) frames, \(command.size), \(command.headless ? "headless" : "window"), finish \(finish ? "on" : "off")\n".utf8))
        await loop.run()
        if let player {
            if let fatal = player.fatalError { printError(fatal); return 2 }
            for f in player.failures { printError(f) }
        }
        guard !samples.isEmpty else {
            printError("no frames were measured (interrupted during warmup?)")
            return 2
        }
        do {
            let statistics = try FrameStatistics(samples: samples)
            var environment = BenchEnvironment.detect(repository: FileManager.default.currentDirectoryPath)
            let gl = GLInfo.current()
            environment.glRenderer = gl.renderer
            environment.glVersion = gl.version
            environment.options = BenchRunOptions(
                scenario: command.scenario.rawValue, frames: command.frames, warmup: command.warmup,
                width: window.windowSize.width, height: window.windowSize.height, headless: command.headless,
                finish: finish, script: command.script, extra: ["hud": command.hud ? "on" : "off", "driver": session.platform.videoDriver,
                        "overlay_compositing": command.overlayCompositing.rawValue])
            let report = BenchReport(scenario: command.scenario.rawValue, statistics: statistics, environment: environment)
            print(report.textTable(), terminator: "")
            if let path = command.json { try report.writeJSON(to: path); print("json: \(path)") }
            if let path = command.csv { try FrameCSV(processID: getpid()).write(samples, to: path); print("csv: \(path)") }
            if let path = command.svg {
                try FrameTimeChart(title: "glasspane bench: \(command.scenario.rawValue)").write(samples: samples, statistics: statistics, to: path)
                print("svg: \(path)")
            }
            if let baseline = command.baseline {
                let comparison = try BaselineComparison.compare(current: report, baselinePath: baseline, maxRegressionPercent: command.maxRegression)
                print(comparison.textTable(), terminator: "")
                return comparison.exitCode
            }
        } catch {
            printError(error.description)
            return error.exitCode
        }
        return 0
    }
}
