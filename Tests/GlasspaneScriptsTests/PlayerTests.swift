// The player: frame durations, short-form expansion, view resolution, bus lines and expectations per frame.
import XCTest
import GlasspaneCore
@testable import GlasspaneScripts
import GlasspaneTesting

final class PlayerTests: XCTestCase {
    func testDragExpandsToDownMovesAndUpOverNFrames() throws {
        let s = try parseBody([#"{"frame":2,"drag":{"from":[0,0],"to":[40,20],"frames":4,"pointer":1}}"#])
        let frames = try playAll(s)
        XCTAssertEqual(frames.count, 7)  // frames 0...6
        XCTAssertEqual(frames.map(\.events.count), [0, 0, 1, 1, 1, 1, 2])
        XCTAssertEqual(frames[2].events, [down(0, 0, id: 1)])
        XCTAssertEqual(frames[3].events, [move(10, 5, id: 1)])
        XCTAssertEqual(frames[4].events, [move(20, 10, id: 1)])
        XCTAssertEqual(frames[5].events, [move(30, 15, id: 1)])
        XCTAssertEqual(frames[6].events, [move(40, 20, id: 1), up(40, 20, id: 1)])
        XCTAssertTrue(frames[6].isLast)
    }

    func testOverlappingDragsKeepSchedulingOrderAndLineEventsFollow() throws {
        // Pointer 1 drags over frames 1-5, pointer 2 over frames 2-4; a click lands on frame 4 in between.
        let s = try parseBody([
            #"{"frame":1,"drag":{"from":[0,0],"to":[40,0],"frames":4,"pointer":1}}"#,
            #"{"frame":2,"drag":{"from":[0,100],"to":[0,120],"frames":2,"pointer":2}}"#,
            #"{"frame":4,"click":[7,7]}"#,
        ])
        let frames = try playAll(s)
        XCTAssertEqual(frames.count, 6)
        XCTAssertEqual(frames[2].events, [move(10, 0, id: 1), down(0, 100, id: 2)])
        XCTAssertEqual(frames[3].events, [move(20, 0, id: 1), move(0, 110, id: 2)])
        XCTAssertEqual(frames[4].events, [move(30, 0, id: 1), move(0, 120, id: 2), up(0, 120, id: 2), down(7, 7), up(7, 7)])
        XCTAssertEqual(frames[5].events, [move(40, 0, id: 1), up(40, 0, id: 1)])
    }

    func testClickAndKeyAndTextExpansionInFileOrder() throws {
        let s = try parseBody([
            #"{"frame":1,"click":[5,6]}"#,
            #"{"type_text":"ab"}"#,
            #"{"key":"enter"}"#,
        ])
        let frames = try playAll(s)
        XCTAssertEqual(frames[1].events, [
            down(5, 6), up(5, 6), .text("ab"),
            .key(KeyEvent(key: .enter, isDown: true)), .key(KeyEvent(key: .enter, isDown: false)),
        ])
    }

    func testViewTargetsResolveAgainstTheLiveTreeAtTheirFrame() throws {
        let s = try parseBody([
            #"{"frame":1,"click":"picker.sv","at":[0.8,0.2]}"#,
            #"{"frame":3,"drag":{"from":{"view":"picker.hue","at":[0,0.5]},"to":{"view":"picker.hue","at":[1,0.5]},"frames":2}}"#,
        ])
        var player = ScriptPlayer(script: s)
        var locator = StaticViewLocator(["picker.sv": Rect(x: 100, y: 50, width: 200, height: 100)])
        _ = try player.nextFrame(locator: locator)
        XCTAssertEqual(try player.nextFrame(locator: locator)?.events, [down(260, 70), up(260, 70)])
        _ = try player.nextFrame(locator: locator)
        // The hue slider appears only now (layout changed): resolution happens at the frame, not at load.
        locator.frames["picker.hue"] = Rect(x: 0, y: 200, width: 100, height: 10)
        XCTAssertEqual(try player.nextFrame(locator: locator)?.events, [down(0, 205)])
        locator.frames["picker.hue"] = nil  // ends were resolved at the drag's first frame
        XCTAssertEqual(try player.nextFrame(locator: locator)?.events, [move(50, 205)])
        XCTAssertEqual(try player.nextFrame(locator: locator)?.events, [move(100, 205), up(100, 205)])
        XCTAssertNil(try player.nextFrame(locator: locator))
        XCTAssertTrue(player.isFinished)
    }

    func testUnresolvableViewIsAnErrorAtItsLine() throws {
        let s = try parseBody([#"{"frame":1,"click":"picker.gone"}"#])
        var player = ScriptPlayer(script: s)
        _ = try player.nextFrame()
        XCTAssertThrowsError(try player.nextFrame()) { e in
            let d = (e as? ScriptErrors)?.diagnostics.first
            XCTAssertEqual(d?.kind, .viewNotFound)
            XCTAssertEqual(d?.description, "t.jsonl:2: view 'picker.gone' not found in the view tree at frame 1")
        }
    }

    /// A locator that knows where views are not, and says why.
    private struct ExplainingLocator: ViewLocator {
        func frame(ofView identifier: String) -> Rect? { nil }
        func whyNotFound(_ identifier: String) -> String? { identifier == "menu.play" ? "hidden by 'menu'" : nil }
    }

    func testAViewNotOnScreenIsAnErrorThatSaysWhyAndNeverAClickAtAStaleFrame() throws {
        let s = try parseBody([#"{"frame":1,"click":"menu.play"}"#])
        var player = ScriptPlayer(script: s)
        _ = try player.nextFrame(locator: ExplainingLocator())
        XCTAssertThrowsError(try player.nextFrame(locator: ExplainingLocator())) { e in
            let d = (e as? ScriptErrors)?.diagnostics.first
            XCTAssertEqual(d?.kind, .viewNotFound)
            XCTAssertEqual(d?.description, "t.jsonl:2: view 'menu.play' not found in the view tree at frame 1 (hidden by 'menu')")
        }
        var dragPlayer = ScriptPlayer(script: try parseBody([#"{"frame":0,"drag":{"from":{"view":"menu.play","at":[0.5,0.5]},"to":[1,1]}}"#]))
        XCTAssertThrowsError(try dragPlayer.nextFrame(locator: ExplainingLocator())) { e in
            XCTAssertEqual((e as? ScriptErrors)?.diagnostics.map(\.kind), [.viewNotFound])
            XCTAssertEqual((e as? ScriptErrors)?.diagnostics.first?.line, 2)
        }
    }

    func testBusLinesAndExpectationsLandOnTheirFrames() throws {
        let s = try parseBody([
            #"{"frame":3,"bus":"{oops"}"#,
            #"{"expect":{"bus_error":"malformed-json"}}"#,
            #"{"wait":2}"#,
            #"{"expect":{"state":{"spinning":true}}}"#,
        ])
        let frames = try playAll(s)
        XCTAssertEqual(frames.count, 6)
        XCTAssertEqual(frames[3].busMessages, [ScriptBusMessage(raw: "{oops")])
        XCTAssertEqual(frames[3].expectations.map(\.line), [3])
        XCTAssertEqual(frames[5].expectations.map(\.line), [5])
        XCTAssertEqual(frames.filter { !$0.busMessages.isEmpty }.map(\.index), [3])
        XCTAssertEqual(frames.filter { !$0.expectations.isEmpty }.map(\.index), [3, 5])
    }

    func testFrameDurationsComeFromTimingLinesElseTheHeaderDefault() throws {
        let s = try parseBody([
            #"{"frames":[0,3],"ns":[0,20000000,1000000,30000000]}"#,
            #"{"frame":6,"key":"a"}"#,
        ])
        let frames = try playAll(s)
        XCTAssertEqual(frames.map(\.duration), [0, 20_000_000, 1_000_000, 30_000_000, 16_666_667, 16_666_667, 16_666_667])
    }

    func testStepCountsAreIdenticalToTheRecordedRunIncludingCatchUpCap() throws {
        // A "recorded run": jittery frame times, a stall that hits the catch-up cap, a pause of 0.
        var rng = SplitMix64(seed: 42)
        var durations: [Nanoseconds] = [0]
        for i in 1..<600 {
            if i == 300 { durations.append(250_000_000); continue }  // a stall: more than 8 steps
            durations.append(Nanoseconds(14_000_000 + Int64(rng.next() % 6_000_000)))
        }
        var recorded = FixedTimestep(stepsPerSecond: 120, maxStepsPerFrame: 8)
        let recordedSteps = durations.map { recorded.advance(by: $0) }

        let sink = MemoryScriptSink()
        let rec = try ScriptRecorder(sink: sink, header: ScriptHeader(), maxBufferedFrames: 50)
        for (i, d) in durations.enumerated() {
            if i % 97 == 0 { rec.record(down(Double(i), 1), frame: i) }
            try rec.endFrame(i, duration: d)
        }
        try rec.finish()

        let script = try Script.parse(sink.text)
        var replay = script.header.makeTimestep()
        var player = ScriptPlayer(script: script)
        var replayedSteps: [Int] = []
        while let f = try player.nextFrame() { replayedSteps.append(replay.advance(by: f.duration)) }
        XCTAssertEqual(replayedSteps, recordedSteps)
        XCTAssertEqual(replay.totalSteps, recorded.totalSteps)
        XCTAssertEqual(replay.droppedFrames, 1)
        XCTAssertEqual(replay.interpolation, recorded.interpolation)
    }
}

