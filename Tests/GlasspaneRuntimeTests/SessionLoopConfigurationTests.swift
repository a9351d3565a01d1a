// What a session runs, decided before any window: the loop's configuration from a description and its script
// (`SessionDescription.loopConfiguration`), and the script header options a recording writes and a replay applies
// (`ScriptOption`). Pure values: no SDL, no GL.
import GlasspaneCore
import GlasspaneHost
@testable import GlasspaneRuntime
import GlasspaneScripts
import XCTest

final class SessionLoopConfigurationTests: XCTestCase {
    /// A script whose last frame is `lastFrame`, on a clock of `stepsPerSecond` with `maxSteps` catch-up steps.
    private func script(lastFrame: Int, stepsPerSecond: Int = 120, maxSteps: Int = 8) -> Script {
        let header = ScriptHeader(windowSize: Size(width: 480, height: 320), stepsPerSecond: stepsPerSecond, maxStepsPerFrame: maxSteps)
        return Script(file: "s.jsonl", header: header, lines: [], timing: [], lastFrameIndex: lastFrame)
    }

    /// A description replaying `s.jsonl`.
    private func replaying(runsWholeScript: Bool = true) -> SessionDescription {
        var d = SessionDescription()
        d.replay = ReplayDescription(scriptPath: "s.jsonl", runsWholeScript: runsWholeScript)
        return d
    }

    func testAPlainSessionRunsUntilQuitOnTheWallClockWithItsOwnCountAndCap() throws {
        let plain = try SessionDescription().loopConfiguration(replaying: nil)
        XCTAssertNil(plain.maxFrames)
        XCTAssertNil(plain.fpsCap)
        XCTAssertEqual(plain.stepsPerSecond, 120)
        XCTAssertEqual(plain.maxCatchUpSteps, 8)
        XCTAssertFalse(plain.ignoresPlatformInput)
        XCTAssertFalse(plain.finishBeforeTiming, "a window's swap waits for the display")

        var d = SessionDescription()
        d.frames = 5
        d.fpsCap = 30
        d.headless = true
        let counted = try d.loopConfiguration(replaying: nil)
        XCTAssertEqual(counted.maxFrames, 5)
        XCTAssertEqual(counted.fpsCap, 30)
        XCTAssertTrue(counted.finishBeforeTiming, "headless finishes before the present by default")
        d.finishesBeforePresent = false
        XCTAssertFalse(try d.loopConfiguration(replaying: nil).finishBeforeTiming)
    }

    func testAFixedFrameDurationReachesTheLoop() throws {
        XCTAssertNil(try SessionDescription().loopConfiguration(replaying: nil).fixedFrameDuration, "the wall clock")
        var d = SessionDescription()
        d.fixedFrameDuration = ExampleRunner.headlessFrameDuration
        XCTAssertEqual(try d.loopConfiguration(replaying: nil).fixedFrameDuration, 16_666_666)
    }

    func testABenchmarkRunsItsWarmUpAndMeasuredFramesUncapped() throws {
        var d = SessionDescription()
        d.frames = 10
        d.fpsCap = 60
        d.benchmark = BenchmarkDescription(warmupFrames: 20)
        let defaultMeasured = try d.loopConfiguration(replaying: nil)
        XCTAssertEqual(defaultMeasured.maxFrames, 1020, "20 warm-up frames and the default 1,000 measured")
        XCTAssertNil(defaultMeasured.fpsCap)
        d.benchmark?.measuredFrames = 300
        XCTAssertEqual(try d.loopConfiguration(replaying: nil).maxFrames, 320)
    }

    func testADumpRunsOneFrame() throws {
        var d = SessionDescription()
        d.frames = 50
        d.dumpsViews = true
        XCTAssertEqual(try d.loopConfiguration(replaying: nil).maxFrames, 1)
        d.benchmark = BenchmarkDescription(warmupFrames: 5, measuredFrames: 5)
        XCTAssertEqual(try d.loopConfiguration(replaying: nil).maxFrames, 1, "a dump wins over a benchmark")
    }

    func testAReplayPlaysTheWholeScriptOnItsClockIgnoringThePlatformUncapped() throws {
        var d = replaying()
        d.fpsCap = 60
        d.frames = 7
        let c = try d.loopConfiguration(replaying: script(lastFrame: 41, stepsPerSecond: 240, maxSteps: 3))
        XCTAssertEqual(c.maxFrames, 42, "frames 0...41")
        XCTAssertEqual(c.stepsPerSecond, 240)
        XCTAssertEqual(c.maxCatchUpSteps, 3)
        XCTAssertTrue(c.ignoresPlatformInput)
        XCTAssertNil(c.fpsCap)
    }

    func testAReplayUnderABenchmarkADumpOrItsOwnCountRunsTheirFrames() throws {
        var bench = replaying(runsWholeScript: false)
        bench.benchmark = BenchmarkDescription(warmupFrames: 10, measuredFrames: 100)
        let benched = try bench.loopConfiguration(replaying: script(lastFrame: 41))
        XCTAssertEqual(benched.maxFrames, 110)
        XCTAssertTrue(benched.ignoresPlatformInput)

        var whole = replaying()
        whole.benchmark = BenchmarkDescription(warmupFrames: 10, measuredFrames: 100)
        XCTAssertEqual(try whole.loopConfiguration(replaying: script(lastFrame: 41)).maxFrames, 110,
                       "a benchmark's frame count wins over the script's length")

        var dump = replaying()
        dump.dumpsViews = true
        XCTAssertEqual(try dump.loopConfiguration(replaying: script(lastFrame: 41)).maxFrames, 1)

        var counted = replaying(runsWholeScript: false)
        counted.frames = 500
        XCTAssertEqual(try counted.loopConfiguration(replaying: script(lastFrame: 41)).maxFrames, 500)
        counted.frames = 0
        XCTAssertNil(try counted.loopConfiguration(replaying: script(lastFrame: 41)).maxFrames, "the script loops until quit")
    }

    func testAScreenshotPastTheLastFrameIsRefusedNamingBoth() throws {
        var d = SessionDescription()
        d.frames = 10
        d.screenshots = [ScreenshotRequest(frame: 9, path: "a.png"), ScreenshotRequest(frame: nil, path: "last.png")]
        XCTAssertEqual(try d.loopConfiguration(replaying: nil).maxFrames, 10, "frame 9 and the last frame are reached")
        d.screenshots.append(ScreenshotRequest(frame: 10, path: "b.png"))
        XCTAssertThrowsError(try d.loopConfiguration(replaying: nil)) { error in
            guard case .screenshotFrame(let frame, let lastFrame)? = error as? SessionError else { return XCTFail("\(error)") }
            XCTAssertEqual(frame, 10)
            XCTAssertEqual(lastFrame, 9)
        }
        d.frames = 0
        XCTAssertNoThrow(try d.loopConfiguration(replaying: nil), "a run until quit reaches every frame")

        var replay = replaying()
        replay.screenshots = [ScreenshotRequest(frame: 42, path: "late.png")]
        XCTAssertThrowsError(try replay.loopConfiguration(replaying: script(lastFrame: 41))) { error in
            XCTAssertEqual((error as? SessionError)?.identifier, "screenshot-frame")
        }
    }

    func testTheScriptOptionTableIsTheWireVocabulary() {
        // Scripts and golden files on disk carry these names: renaming a case would make them unreadable.
        XCTAssertEqual(ScriptOption.allCases.map(\.rawValue), ["font", "hud", "msaa", "route", "slowAnimations"])
        let error = SessionError.scriptOption(path: "s.jsonl", name: "spin", reason: "is not an option this replayer knows")
        XCTAssertEqual(error.description,
                       "s.jsonl:1: header option 'spin' is not an option this replayer knows (known: font, hud, msaa, route, slowAnimations)")
    }

    func testADefaultRecordingWritesOnlyTheHUDAndMSAA() {
        XCTAssertEqual(SessionDescription().scriptOptions, ["hud": .bool(false), "msaa": .number(4)])
    }

    func testEveryOptionARecordingWritesIsAppliedBackByItsReplay() throws {
        var recorded = SessionDescription()
        recorded.showsHUD = true
        recorded.fontPath = "/fonts/Mono.ttf"
        recorded.msaaSamples = 2
        recorded.initialRoute = "menu"
        recorded.slowAnimations = 4
        let options = recorded.scriptOptions
        XCTAssertEqual(Set(options.keys), Set(ScriptOption.allCases.map(\.rawValue)), "each option is written when not the default")

        var replayed = SessionDescription()
        replayed.routeNames = ["home", "menu"]
        try replayed.apply(ScriptHeader(options: options), path: "s.jsonl")
        XCTAssertTrue(replayed.showsHUD)
        XCTAssertEqual(replayed.fontPath, "/fonts/Mono.ttf")
        XCTAssertEqual(replayed.msaaSamples, 2)
        XCTAssertEqual(replayed.initialRoute, "menu")
        XCTAssertEqual(replayed.slowAnimations, 4)
        XCTAssertEqual(replayed.scriptOptions, options, "a recording of the replay writes the same options")
    }

    func testAMistypedOptionIsRefusedWithWhatItMustBe() {
        let cases: [(String, JSONValue, String)] = [
            ("hud", .string("yes"), "must be true or false"),
            ("font", .string(""), "must be a font file path"),
            ("msaa", .number(3), "must be 1, 2, 4, 8 or 16"),
            ("route", .number(1), "must be a route name"),
            ("slowAnimations", .number(1000), "must be a factor in"),
            ("spin", .bool(true), "is not an option this replayer knows"),
        ]
        for (name, value, reason) in cases {
            var d = SessionDescription()
            XCTAssertThrowsError(try d.apply(ScriptHeader(options: [name: value]), path: "s.jsonl"), name) { error in
                guard case .scriptOption(_, let refused, let why)? = error as? SessionError else { return XCTFail("\(error)") }
                XCTAssertEqual(refused, name)
                XCTAssertTrue(why.hasPrefix(reason), "\(name): \(why)")
            }
        }
    }
}
