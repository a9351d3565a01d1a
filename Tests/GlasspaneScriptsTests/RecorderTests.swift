// The recorder: compact quiet frames, flushing as it goes, round trip through the parser and player,
// and reading back a recording that was killed mid-line.
import XCTest
import GlasspaneCore
@testable import GlasspaneScripts
import GlasspaneTesting

final class RecorderTests: XCTestCase {
    /// Every kind of event the platform produces.
    let allEvents: [InputEvent] = [
        .pointerDown(PointerEvent(pointerID: 0, button: .left, location: Point(x: 412.5, y: 300.25))),
        .pointerMove(PointerEvent(pointerID: 0, button: .left, location: Point(x: 0.1, y: 1e-5), modifiers: [.shift])),
        .pointerMove(PointerEvent(pointerID: 0, button: .none, location: Point(x: 3, y: 4))),
        .pointerUp(PointerEvent(pointerID: 2, button: .right, location: Point(x: 1.0 / 3.0, y: 2), modifiers: [.control, .alt, .command])),
        .pointerCancel(PointerEvent(pointerID: 7, button: .middle, location: Point(x: 5, y: 6))),
        .wheel(location: Point(x: 10, y: 20), dx: -0.5, dy: 3),
        .key(KeyEvent(key: .character("a"), isDown: true)),
        .key(KeyEvent(key: .function(5), isDown: true, isRepeat: true, modifiers: [.shift])),
        .key(KeyEvent(key: .other(1234), isDown: false)),
        .key(KeyEvent(key: .character("\""), isDown: true)),
        .text("#33aa55 \"quoted\" \\ é 🎨\n"),
        .resize(WindowMetrics(windowSize: Size(width: 1024, height: 768), drawableSize: PixelSize(width: 2048, height: 1536))),
        .quit,
    ]

    func testRoundTripGivesSameEventsOnSameFramesWithSameDurations() throws {
        // Frames 0...399, events on a few of them, durations varying every frame, long quiet stretches.
        var rng = SplitMix64(seed: 7)
        var durations: [Nanoseconds] = []
        var eventsByFrame: [Int: [InputEvent]] = [:]
        for (i, e) in allEvents.enumerated() { eventsByFrame[[3, 3, 4, 150, 151, 151, 152, 260, 261, 262, 263, 300, 399][i], default: []].append(e) }
        let sink = MemoryScriptSink()
        let header = ScriptHeader(windowSize: Size(width: 800, height: 600), scale: 2, options: ["spin": .bool(true), "seed": .number(3)])
        let rec = try ScriptRecorder(sink: sink, header: header, maxBufferedFrames: 60)
        for f in 0..<400 {
            for e in eventsByFrame[f] ?? [] { rec.record(e, frame: f) }
            if f == 200 { rec.recordBus(ScriptBusMessage(raw: "{bad", destination: .overlay), frame: f) }
            let d = f == 0 ? 0 : (f < 100 ? 16_666_667 : Nanoseconds(15_000_000 + Int64(rng.next() % 3_000_000)))
            durations.append(d)
            try rec.endFrame(f, duration: d)
        }
        try rec.finish()

        let script = try Script.parse(sink.text, file: "rec.jsonl")
        XCTAssertEqual(script.header, header)
        XCTAssertEqual(script.lastFrameIndex, 399)
        let frames = try playAll(script)
        XCTAssertEqual(frames.count, 400)
        XCTAssertEqual(frames.map(\.duration), durations)
        for f in frames {
            XCTAssertEqual(f.events, eventsByFrame[f.index] ?? [], "frame \(f.index)")
        }
        XCTAssertEqual(frames[200].busMessages, [ScriptBusMessage(raw: "{bad", destination: .overlay)])
        // `t` is the simulated time through the frame.
        let firstEvent = script.lines.first { $0.frame == 150 }
        XCTAssertEqual(firstEvent?.time, durations[0...150].reduce(0, +))
    }

    func testEveryEventKindIsWrittenByItsTableNameAndReadBack() throws {
        let events = allEvents + [.composition(text: "ka", cursor: 1),
                                  .controllerButton(ControllerButtonEvent(controller: 1, button: .dpadLeft, phase: .up)),
                                  .controllerAxis(ControllerAxisEvent(axis: .rightX, value: 0.25)),
                                  .controllerDevice(ControllerDeviceEvent(isConnected: true, name: "Pad"))]
        XCTAssertEqual(Set(events.map(\.kind)), Set(InputEventKind.allCases), "one event of every kind in the table")
        for (index, event) in events.enumerated() {
            let fields = ScriptRecorder.eventFields(event)
            XCTAssertTrue(fields.hasPrefix(#""event":"\#(event.kind.rawValue)""#), fields)
            let script = try Script.parse(headerLine + "\n{\"frame\":\(index)," + fields + "}\n", file: "kinds.jsonl")
            guard case .event(let parsed)? = script.lines.first?.action else { return XCTFail(fields) }
            XCTAssertEqual(parsed, event, fields)
        }
    }

    func testAReadNameOutsideATableIsRefusedListingTheTableInItsOrder() {
        // The tables' order is what a reader sees in these messages; scripts on disk spell these names.
        for (line, list) in [
            (#"{"frame":2,"event":"hover","at":[1,2]}"#, "one of down, move, up, cancel, wheel, key, text, composition, pad-button, pad-axis, pad-device, resize, quit"),
            (#"{"frame":2,"event":"key","key":"a","action":"tap"}"#, "one of press, release, repeat"),
            (#"{"frame":2,"event":"down","at":[1,2],"mods":["hyper"]}"#, "an array of shift, control, alt, command"),
        ] {
            let found = errors(headerLine + "\n" + line + "\n")
            XCTAssertEqual(found.count, 1, line)
            XCTAssertTrue(found.first?.message.contains(list) ?? false, "\(line): \(found)")
        }
    }

    func testQuietFramesAreCompact() throws {
        let sink = MemoryScriptSink()
        let rec = try ScriptRecorder(sink: sink, header: ScriptHeader(), maxBufferedFrames: 1000)
        for f in 0..<600 { try rec.endFrame(f, duration: f == 0 ? 0 : 16_666_667) }
        rec.record(down(1, 2), frame: 600)
        try rec.endFrame(600, duration: 16_666_667)
        for f in 601..<1200 { try rec.endFrame(f, duration: 16_666_667) }
        try rec.finish()
        let lines = sink.text.split(separator: "\n")
        XCTAssertEqual(lines.count, 4, sink.text)  // header, timing 0...600, the event, timing 601...1199
        XCTAssertEqual(String(lines[3]), #"{"frames":[601,1199],"ns":16666667}"#)
        XCTAssertEqual(String(lines[2]), #"{"frame":600,"t":10000000200,"event":"down","at":[1,2],"pointer":0,"button":"left"}"#)
        XCTAssertLessThan(sink.text.utf8.count, 7000)  // 1200 frames of which 600 carry distinct durations
    }

    func testEachFrameWithEventsReachesTheSinkWhenTheFrameEnds() throws {
        let sink = MemoryScriptSink()
        let rec = try ScriptRecorder(sink: sink, header: ScriptHeader(), maxBufferedFrames: 60)
        XCTAssertEqual(sink.writeCount, 1)  // the header, at once
        try rec.endFrame(0, duration: 0)
        XCTAssertEqual(sink.writeCount, 1)  // a quiet frame waits
        rec.record(.text("x"), frame: 1)
        try rec.endFrame(1, duration: 5)
        XCTAssertEqual(sink.writeCount, 2)
        // Without finish(), what is written is already a valid script with every event so far.
        let partial = try Script.parse(sink.text)
        XCTAssertEqual(try playAll(partial)[1].events, [.text("x")])
        for f in 2..<62 { try rec.endFrame(f, duration: 5) }
        XCTAssertEqual(sink.writeCount, 3)  // 60 quiet frames: written without waiting for an event
        XCTAssertEqual(try Script.parse(sink.text).lastFrameIndex, 61)
    }

    func testFileRecordingKilledMidLineKeepsEveryCompleteLine() throws {
        let path = temporaryPath("killed.jsonl")
        let rec = try ScriptRecorder(path: path, header: ScriptHeader(), maxBufferedFrames: 1)
        for f in 0..<20 {
            if f % 5 == 2 { rec.record(down(Double(f), 0), frame: f); rec.record(up(Double(f), 0), frame: f) }
            try rec.endFrame(f, duration: 10_000_000)
        }
        // No finish(): the lines are on disk already (the recorder keeps no user-space buffer).
        let data = try XCTUnwrap(FileManager.default.contents(atPath: path))
        let text = String(decoding: data, as: UTF8.self)
        XCTAssertEqual(try playAll(try Script.parse(text)).count, 20)

        // Simulate a kill in the middle of writing the last line: cut it at every possible byte.
        let bytes = Array(data)
        let lastLineStart = bytes.dropLast().lastIndex(of: UInt8(ascii: "\n"))! + 1
        for cut in (lastLineStart + 1)..<(bytes.count - 1) {
            let truncated = String(decoding: bytes[..<cut], as: UTF8.self)
            let script = try Script.parse(truncated, file: "killed.jsonl")
            XCTAssertEqual(script.warnings.map(\.kind), [.partialLine], "cut at \(cut)")
            XCTAssertEqual(script.warnings.first?.line, text.split(separator: "\n").count)
            let frames = try playAll(script)
            XCTAssertEqual(frames.count, 19, "the last frame's line was partial, so it is dropped")
            XCTAssertEqual(frames.flatMap(\.events).count, 8)  // frames 2, 7, 12, 17: all complete
        }
        try rec.finish()
    }

    func testPartialLineInTheMiddleIsAnErrorNotAWarning() {
        let text = headerLine + "\n" + #"{"frame":1,"click":[1"# + "\n" + #"{"frame":2,"key":"a"}"# + "\n"
        XCTAssertEqual(errors(text).map(\.kind), [.notJSON])
        // The same broken text as a newline-terminated last line: also an error (the recorder always ends lines).
        XCTAssertEqual(errors(headerLine + "\n" + #"{"frame":1,"click":[1"# + "\n").map(\.kind), [.notJSON])
    }

    func testHeaderLineRoundTripsAndUnwritablePathIsAnError() throws {
        let h = ScriptHeader(windowSize: Size(width: 640.5, height: 480), scale: 1.5, stepsPerSecond: 60, maxStepsPerFrame: 3,
                             defaultFrameDuration: 10, options: ["nested": .object(["a": .array([.null, .string("x")])])])
        XCTAssertEqual(try Script.parse(ScriptRecorder.headerLine(h) + "\n").header, h)
        XCTAssertThrowsError(try ScriptRecorder(path: "/nonexistent-dir/x.jsonl", header: h)) { e in
            XCTAssertEqual((e as? ScriptErrors)?.kinds, [.writeFailed])
        }
    }
}
