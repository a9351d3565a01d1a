// Helpers shared by the script tests.
import XCTest
import GlasspaneCore
@testable import GlasspaneScripts

/// A header line most tests start from.
let headerLine = #"{"format":"glasspane-script","version":1,"window":{"width":800,"height":600,"scale":2},"step_hz":120}"#

/// Parses a script made of the header and the given body lines, failing the test on errors.
func parseBody(_ body: [String], file: StaticString = #filePath, line: UInt = #line) throws -> Script {
    let text = ([headerLine] + body).joined(separator: "\n") + "\n"
    do {
        return try Script.parse(text, file: "t.jsonl")
    } catch {
        XCTFail("unexpected errors:\n\(error)", file: file, line: line)
        throw error
    }
}

/// The errors a script text produces (empty when it parses).
func errors(_ text: String) -> [ScriptDiagnostic] {
    do { _ = try Script.parse(text, file: "t.jsonl"); return [] } catch { return error.diagnostics }
}

/// Plays a whole script and returns its frames.
func playAll(_ script: Script, locator: any ViewLocator = NoViews()) throws -> [ScriptFrame] {
    var player = ScriptPlayer(script: script)
    var frames: [ScriptFrame] = []
    while let f = try player.nextFrame(locator: locator) { frames.append(f) }
    return frames
}

/// A down event at a point.
func down(_ x: Double, _ y: Double, id: Int = 0) -> InputEvent { .pointerDown(PointerEvent(pointerID: id, location: Point(x: x, y: y))) }
/// An up event at a point.
func up(_ x: Double, _ y: Double, id: Int = 0) -> InputEvent { .pointerUp(PointerEvent(pointerID: id, location: Point(x: x, y: y))) }
/// A move with the left button held.
func move(_ x: Double, _ y: Double, id: Int = 0) -> InputEvent { .pointerMove(PointerEvent(pointerID: id, location: Point(x: x, y: y))) }

/// A temporary file path unique to the test.
func temporaryPath(_ name: String) -> String {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("glasspane-scripts-\(getpid())")
    try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    return dir.appendingPathComponent(name).path
}
