// Controller lines (docs/scripts.md, "Controllers"): the `pad` short form pressed and released or held, the recorded
// `pad-button`, `pad-axis` and `pad-device` events read back, and bad values named by field.
import XCTest
import GlasspaneCore
@testable import GlasspaneScripts

final class ControllerLineTests: XCTestCase {
    private func pad(_ b: ControllerButton, _ phase: ControllerButtonEvent.Phase, _ controller: Int = 0) -> InputEvent {
        .controllerButton(ControllerButtonEvent(controller: controller, button: b, phase: phase))
    }

    func testAPadLinePressesAndReleasesInOneFrameOrHoldsForItsFrames() throws {
        let s = try parseBody([
            #"{"frame":2,"pad":"dpad-down"}"#,
            #"{"frame":3,"pad":"a","frames":30}"#,
            #"{"frame":4,"pad":"b","controller":1,"frames":1}"#,
        ])
        XCTAssertEqual(s.lastFrameIndex, 33, "a hold reaches its release frame")
        let frames = try playAll(s)
        var seen: [Int: [InputEvent]] = [:]
        for f in frames where !f.events.isEmpty { seen[f.index] = f.events }
        XCTAssertEqual(seen, [
            2: [pad(.dpadDown, .down), pad(.dpadDown, .up)],
            3: [pad(.a, .down)],
            4: [pad(.b, .down, 1)],
            5: [pad(.b, .up, 1)],
            33: [pad(.a, .up)],
        ])
    }

    func testAStickLineMovesBothAxesAndReturnsToTheCenterAfterItsFrames() throws {
        let s = try parseBody([
            #"{"frame":2,"pad":"left-stick","to":[0.8,-0.2],"frames":10}"#,
            #"{"frame":3,"pad":"right-stick","to":[0,1],"controller":2}"#,
        ])
        XCTAssertEqual(s.lastFrameIndex, 12, "a held stick reaches its return frame")
        func axis(_ a: ControllerAxis, _ v: Double, _ c: Int = 0) -> InputEvent {
            .controllerAxis(ControllerAxisEvent(controller: c, axis: a, value: v))
        }
        var seen: [Int: [InputEvent]] = [:]
        for f in try playAll(s) where !f.events.isEmpty { seen[f.index] = f.events }
        XCTAssertEqual(seen, [
            2: [axis(.leftX, 0.8), axis(.leftY, -0.2)],
            3: [axis(.rightX, 0, 2), axis(.rightY, 1, 2)],
            12: [axis(.leftX, 0), axis(.leftY, 0)],
        ], "without frames the right stick stays where it was put")
    }

    func testRecordedControllerEventsReadBack() throws {
        let events: [InputEvent] = [
            pad(.leftShoulder, .down, 3), pad(.leftShoulder, .cancel, 3),
            .controllerAxis(ControllerAxisEvent(controller: 1, axis: .leftY, value: -0.625)),
            .controllerAxis(ControllerAxisEvent(axis: .rightTrigger, value: 1)),
            .controllerDevice(ControllerDeviceEvent(controller: 2, isConnected: true, name: "Pad \"Pro\"")),
            .controllerDevice(ControllerDeviceEvent(controller: 2, isConnected: false)),
        ]
        let sink = MemoryScriptSink()
        let rec = try ScriptRecorder(sink: sink, header: ScriptHeader())
        for (i, e) in events.enumerated() { rec.record(e, frame: i + 1) }
        for f in 0...events.count { try rec.endFrame(f, duration: 16_666_667) }
        try rec.finish()
        XCTAssertTrue(sink.text.contains(#""event":"pad-button","controller":3,"button":"left-shoulder","phase":"cancel""#), sink.text)
        let frames = try playAll(try Script.parse(sink.text, file: "rec.jsonl"))
        XCTAssertEqual(frames.flatMap(\.events), events)
    }

    func testBadControllerValuesAreNamedByField() {
        let rows: [(String, ScriptErrorKind, String?)] = [
            (#"{"pad":"z"}"#, .invalidField, "pad"),
            (#"{"pad":"a","frames":-1}"#, .outOfRange, "frames"),
            (#"{"pad":"a","controller":16}"#, .outOfRange, "controller"),
            (#"{"pad":"a","hold":3}"#, .unknownField, "hold"),
            (#"{"pad":"a","to":[0.5,0]}"#, .invalidField, "pad"),
            (#"{"pad":"left-stick","to":[1.5,0]}"#, .outOfRange, "to"),
            (#"{"pad":"left-stick","to":[0.5]}"#, .invalidField, "to"),
            (#"{"pad":"left-stick","to":[0.5,0],"frames":0}"#, .outOfRange, "frames"),
            (#"{"event":"pad-axis","axis":"left-x","value":1.5}"#, .outOfRange, "value"),
            (#"{"event":"pad-axis","axis":"left-trigger","value":-0.5}"#, .outOfRange, "value"),
            (#"{"event":"pad-axis","axis":"left-z","value":0}"#, .invalidField, "axis"),
            (#"{"event":"pad-button","button":"a","phase":"held"}"#, .invalidField, "phase"),
            (#"{"event":"pad-device","connected":"yes"}"#, .invalidField, "connected"),
        ]
        for (line, kind, field) in rows {
            let found = errors(headerLine + "\n" + line + "\n")
            XCTAssertEqual(found.map(\.kind), [kind], line)
            XCTAssertEqual(found.first?.field, field, line)
        }
    }
}
