// Runs `glasspane replay` and `glasspane record`.
import Foundation
import GlasspaneCore
import GlasspaneDemo
import GlasspaneHost
import GlasspaneScripts

/// Executes a parsed `ReplayCommand`.
@MainActor
struct ReplayRunner {
    let command: ReplayCommand

    func run() async -> Int32 {
        installInterruptHandlers()
        let driver: ScriptDriver
        switch ScriptDriver.load(path: command.file) {
        case .success(let d): driver = d
        case .failure(let status): return status.code
        }
        let header = driver.script.header
        var arguments = ["--size", "\(Int(header.windowSize.width))x\(Int(header.windowSize.height))", "--vsync", "off"]
        if command.headless { arguments.append("--headless") }
        var demoArguments: [String] = []
        if let font = command.font { demoArguments += ["--font", font] }
        if let log = command.busLog { demoArguments += ["--bus-log", log] }
        let window: WindowOptions, demo: DemoOptions
        do {
            window = try WindowOptions.parse(arguments)
            demo = try DemoOptions.parse(demoArguments)
        } catch {
            printError("\(command.file): the header's window size is unusable: \(error)")
            return 2
        }
        var configuration = FrameLoopConfiguration(finishBeforeTiming: false)
        driver.configure(&configuration)
        driver.realtime = command.speed == .realtime
        driver.screenshots = command.screenshotAt.compactMap(ScreenshotRequest.init(argument:))
        if let out = command.recordOut {
            do { driver.recorder = try ScriptRecorder(path: out, header: header) } catch {
                printError(error.description)
                return 2
            }
        }
        let session: DemoSession
        switch DemoSession.open(options: window, demo: demo, configuration: configuration) {
        case .success(let s): session = s
        case .failure(let status): return status.code
        }
        defer { session.platform.close() }
        guard driver.attach(to: session) else { return 2 }
        await session.loop.run()
        driver.finish()

        if let fatal = driver.fatalError { printError(fatal); return 2 }
        for e in driver.outputErrors { printError(e) }
        for f in driver.failures { printError(f) }
        let frames = session.loop.frameIndex
        print("replay: \(command.file): \(frames) frames, \(driver.passedCount) expectation(s) held, \(driver.failures.count) failed")
        if !driver.outputErrors.isEmpty { return 1 }
        return driver.failures.isEmpty ? 0 : 1
    }
}

/// Executes a parsed `RecordCommand`.
@MainActor
struct RecordRunner {
    let command: RecordCommand

    func run() async -> Int32 {
        installInterruptHandlers()
        let configuration = FrameLoopConfiguration(maxFrames: command.window.frames, fpsCap: command.window.fpsCap,
                                                   finishBeforeTiming: command.window.headless)
        let session: DemoSession
        switch DemoSession.open(options: command.window, demo: command.demo, configuration: configuration) {
        case .success(let s): session = s
        case .failure(let status): return status.code
        }
        defer { session.platform.close() }
        let metrics = session.platform.metrics
        let header = ScriptHeader(windowSize: metrics.windowSize, scale: metrics.scaleY,
                                  options: ["hud": .bool(command.demo.hud)])
        let recorder: ScriptRecorder
        do { recorder = try ScriptRecorder(path: command.out, header: header, maxBufferedFrames: 30) } catch {
            printError(error.description)
            return 2
        }
        var writeError: String?
        let loop = session.loop
        let previousInput = loop.onInput
        loop.onInput = { index, event in
            previousInput?(index, event)
            if event != .quit { recorder.record(event, frame: index) }
        }
        let previousFrame = loop.onFrame
        loop.onFrame = { report in
            previousFrame?(report)
            do { try recorder.endFrame(report.frameIndex, duration: report.simulatedDuration) } catch {
                if writeError == nil { writeError = "\(error)" }
            }
        }
        let screenshotError = command.window.screenshot.map { session.saveLastFrame(to: $0) }
        FileHandle.standardError.write(Data("record: writing \(command.out) (Escape, Ctrl-C or closing the window stops)\n".utf8))
        await loop.run()
        do { try recorder.finish() } catch { writeError = writeError ?? error.description }
        if let writeError { printError(writeError); return 1 }
        if let error = screenshotError?() { printError(error); return 1 }
        print("record: \(command.out): \(recorder.framesRecorded) frames, \(recorder.eventsRecorded) events")
        return 0
    }
}
