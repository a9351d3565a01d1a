// Parsing of every line kind, the short forms, and the frame-cursor rules.
import XCTest
import GlasspaneCore
@testable import GlasspaneScripts

final class ParsingTests: XCTestCase {
    func testHeaderFieldsAndDefaults() throws {
        let s = try Script.parse(#"{"format":"glasspane-script","version":1,"window":{"width":1024,"height":768,"scale":2},"step_hz":60,"max_steps_per_frame":4,"frame_ns":8000000,"options":{"spin":false}}"# + "\n")
        XCTAssertEqual(s.header.windowSize, Size(width: 1024, height: 768))
        XCTAssertEqual(s.header.scale, 2)
        XCTAssertEqual(s.header.metrics.drawableSize, PixelSize(width: 2048, height: 1536))
        XCTAssertEqual(s.header.stepsPerSecond, 60)
        XCTAssertEqual(s.header.maxStepsPerFrame, 4)
        XCTAssertEqual(s.header.defaultFrameDuration, 8_000_000)
        XCTAssertEqual(s.header.options["spin"], .bool(false))
        XCTAssertEqual(s.lastFrameIndex, 0)

        let d = try parseBody([])
        XCTAssertEqual(d.header.maxStepsPerFrame, 8)
        XCTAssertEqual(d.header.defaultFrameDuration, 16_666_667)
        XCTAssertEqual(d.frameDuration(5), 16_666_667)
    }

    func testFullEventLines() throws {
        let s = try parseBody([
            #"{"frame":1,"t":16666667,"event":"down","at":[10,20.5],"pointer":0,"button":"left"}"#,
            #"{"frame":1,"event":"move","at":[11,21]}"#,
            #"{"frame":2,"event":"up","at":[12,22],"pointer":3,"button":"right","mods":["shift","command"]}"#,
            #"{"frame":2,"event":"cancel","at":[1,2],"pointer":4}"#,
            #"{"frame":3,"event":"wheel","at":[5,6],"dy":-2}"#,
            #"{"frame":3,"event":"key","key":"a","action":"repeat","mods":["control"]}"#,
            #"{"frame":3,"event":"key","key":"enter","action":"release"}"#,
            #"{"frame":4,"event":"text","text":"h\u00e9\"llo"}"#,
            #"{"frame":5,"event":"resize","size":[640,480]}"#,
            #"{"frame":6,"event":"quit"}"#,
        ])
        XCTAssertEqual(s.lines.map(\.frame), [1, 1, 2, 2, 3, 3, 3, 4, 5, 6])
        XCTAssertEqual(s.lines[0].time, 16_666_667)
        let events = s.lines.compactMap { l -> InputEvent? in if case .event(let e) = l.action { return e }; return nil }
        XCTAssertEqual(events, [
            down(10, 20.5),
            .pointerMove(PointerEvent(button: .none, location: Point(x: 11, y: 21))),
            .pointerUp(PointerEvent(pointerID: 3, button: .right, location: Point(x: 12, y: 22), modifiers: [.shift, .command])),
            .pointerCancel(PointerEvent(pointerID: 4, location: Point(x: 1, y: 2))),
            .wheel(location: Point(x: 5, y: 6), dx: 0, dy: -2),
            .key(KeyEvent(key: .character("a"), isDown: true, isRepeat: true, modifiers: [.control])),
            .key(KeyEvent(key: .enter, isDown: false)),
            .text("hé\"llo"),
            .resize(WindowMetrics(windowSize: Size(width: 640, height: 480), drawableSize: PixelSize(width: 1280, height: 960))),
            .quit,
        ])
        XCTAssertEqual(s.lastFrameIndex, 6)
    }

    func testShortForms() throws {
        let s = try parseBody([
            #"{"frame":10,"click":"picker.sv","at":[0.8,0.2]}"#,
            #"{"click":[100,200],"button":"right"}"#,
            #"{"click":{"view":"picker.hue"}}"#,
            #"{"frame":20,"drag":{"from":[1,2],"to":{"view":"picker.sv","at":[1,1]},"frames":4}}"#,
            ##"{"type_text":"#33aa55"}"##,
            #"{"key":"enter","mods":["shift"]}"#,
            #"{"bus":{"type":"set-spin","data":{"spinning":false}}}"#,
            #"{"bus":"{not json","to":"overlay"}"#,
            #"{"expect":{"state":{"spinning":false}}}"#,
            ##"{"expect":{"view":"picker.hex","property":"text","equals":"#33aa55"}}"##,
            ##"{"expect":{"pixel":[400,300],"color":"#ff0000","tolerance":8}}"##,
            #"{"expect":{"bus_error":"invalid-payload"}}"#,
            #"{"comment":"a note"}"#,
        ])
        XCTAssertEqual(s.lines.map(\.action), [
            .click(.view("picker.sv", relative: Point(x: 0.8, y: 0.2)), ScriptPointerOptions()),
            .click(.point(Point(x: 100, y: 200)), ScriptPointerOptions(button: .right)),
            .click(.view("picker.hue", relative: Point(x: 0.5, y: 0.5)), ScriptPointerOptions()),
            .drag(from: .point(Point(x: 1, y: 2)), to: .view("picker.sv", relative: Point(x: 1, y: 1)), frames: 4, ScriptPointerOptions()),
            .typeText("#33aa55"),
            .keyPress(.enter, [.shift]),
            .bus(ScriptBusMessage(envelope: ["type": "set-spin", "data": ["spinning": false]])),
            .bus(ScriptBusMessage(raw: "{not json", destination: .overlay)),
            .expect(.state(["spinning": .bool(false)], tolerance: 1e-6)),
            .expect(.viewProperty(view: "picker.hex", property: "text", equals: "#33aa55")),
            .expect(.pixel(at: Point(x: 400, y: 300), color: Color(r: 1, g: 0, b: 0), tolerance: 8)),
            .expect(.busError(code: "invalid-payload")),
        ])
        // Lines without `frame` run where the previous line ended; the drag ends at 24, so the rest run there.
        XCTAssertEqual(s.lines.map(\.frame), [10, 10, 10, 20, 24, 24, 24, 24, 24, 24, 24, 24])
        XCTAssertEqual(s.viewIdentifiers, ["picker.sv", "picker.hue", "picker.hex"])
        XCTAssertEqual(s.expectations.map(\.line), [10, 11, 12, 13])
    }

    func testWaitCountsFromWherePreviousLineEnded() throws {
        let s = try parseBody([
            #"{"wait":5}"#,
            #"{"click":[1,1]}"#,
            #"{"drag":{"from":[0,0],"to":[10,0],"frames":3}}"#,
            #"{"wait":2}"#,
            #"{"key":"escape"}"#,
            #"{"wait":10}"#,
        ])
        XCTAssertEqual(s.lines.map(\.frame), [5, 5, 10])  // drag 5...8, wait 2 -> 10
        XCTAssertEqual(s.lastFrameIndex, 20)  // a trailing wait extends the script
    }

    func testExplicitFrameMayFallInsideARunningDrag() throws {
        // A second pointer during a drag: allowed, because it is not before the previous line's frame.
        let s = try parseBody([
            #"{"frame":10,"drag":{"from":[0,0],"to":[10,0],"frames":10}}"#,
            #"{"frame":12,"click":[50,50],"pointer":1}"#,
        ])
        XCTAssertEqual(s.lines.map(\.frame), [10, 12])
        XCTAssertEqual(s.lastFrameIndex, 20)
    }

    func testTimingLines() throws {
        let s = try parseBody([
            #"{"frames":[0,2],"ns":[0,16000000,17000000]}"#,
            #"{"frames":[3,9],"ns":10000000}"#,
            #"{"frames":12,"ns":5}"#,
        ])
        XCTAssertEqual((0...13).map { s.frameDuration($0) },
                       [0, 16_000_000, 17_000_000] + Array(repeating: 10_000_000, count: 7) + [16_666_667, 16_666_667, 5, 16_666_667])
        XCTAssertEqual(s.lastFrameIndex, 12)
    }

    func testBlankLinesCRLFAndUnterminatedCompleteLastLineAreFine() throws {
        let text = headerLine + "\r\n\n   \n" + #"{"frame":3,"click":[1,2]}"#  // no final newline, but complete
        let s = try Script.parse(text)
        XCTAssertEqual(s.lines.count, 1)
        XCTAssertEqual(s.lines[0].line, 4)
        XCTAssertTrue(s.warnings.isEmpty)
    }

    func testValidateIdentifiers() throws {
        let s = try parseBody([
            #"{"frame":1,"click":"picker.sv"}"#,
            #"{"frame":2,"drag":{"from":{"view":"picker.nope"},"to":[0,0]}}"#,
            #"{"expect":{"view":"panel.title","property":"text","equals":"x"}}"#,
        ])
        XCTAssertNoThrow(try s.validateIdentifiers(["picker.sv", "picker.nope", "panel.title"]))
        do {
            try s.validateIdentifiers(["picker.sv", "picker.hue", "picker.hex"])
            XCTFail("expected unknown views")
        } catch {
            XCTAssertEqual(error.kinds, [.unknownView, .unknownView])
            XCTAssertEqual(error.diagnostics.map(\.line), [3, 4])
            XCTAssertEqual(error.diagnostics[0].description,
                           "t.jsonl:3: unknown view identifier 'picker.nope' (known: picker.hex, picker.hue, picker.sv)")
        }
    }

    func testLoadFromFileAndUnreadableFile() throws {
        let path = temporaryPath("load.jsonl")
        try (headerLine + "\n" + #"{"frame":2,"key":"a"}"# + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let s = try Script.load(path: path)
        XCTAssertEqual(s.file, path)
        XCTAssertEqual(s.lines.count, 1)
        XCTAssertThrowsError(try Script.load(path: temporaryPath("missing.jsonl"))) { e in
            XCTAssertEqual((e as? ScriptErrors)?.kinds, [.unreadableFile])
        }
    }
}
