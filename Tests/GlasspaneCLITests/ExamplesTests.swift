// Runs each built program in Examples/ headless, as its comment header says, and checks the one result line that
// proves what the example is for (each example also exits 1 when its own check fails).
import Foundation
import XCTest

final class ExamplesTests: XCTestCase {
    /// Runs `Examples/<name>` for `frames` frames offscreen; returns its exit status and last stdout line.
    private func runExample(_ name: String, frames: Int) throws -> (code: Int32, line: String) {
        try runExample(name, arguments: ["--headless", String(frames)])
    }

    /// Runs `Examples/<name>` with `arguments`; returns its exit status and last stdout line.
    private func runExample(_ name: String, arguments: [String]) throws -> (code: Int32, line: String) {
        let run = try BinaryRunner.runExample(name, arguments: arguments)
        return (run.code, run.stdout.split(separator: "\n").last.map(String.init) ?? "")
    }

    func testABadFrameCountIsRefusedNamingTheArgument() throws {
        for bad in ["abc", "0", "100001"] {
            let (code, line) = try runExample("Toasts", arguments: ["--headless", bad])
            XCTAssertEqual(code, 2, bad)
            XCTAssertEqual(line, "Toasts: --headless \(bad): FRAMES must be a whole number from 1 to 100000")
        }
    }

    func testHeadlessWithoutACountRunsTheDefaultFramesBeforeTheNextOption() throws {
        // `--headless --screenshot PATH`: the next option is not a frame count.
        let shot = FileManager.default.temporaryDirectory.appendingPathComponent("toasts-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: shot) }
        let (code, line) = try runExample("Toasts", arguments: ["--headless", "--screenshot", shot])
        XCTAssertEqual(code, 0, line)
        XCTAssertTrue(FileManager.default.fileExists(atPath: shot), "the screenshot option was read")
    }

    func testMinimalHostRunsItsOwnSceneOnTheLibrarysLoop() throws {
        let (code, line) = try runExample("MinimalHost", frames: 30)
        XCTAssertEqual(line, "MinimalHost: 30 frames")
        XCTAssertEqual(code, 0)
    }

    func testToastTakesTheClickWhileTheModalSheetBlocksTheButtonBelow() throws {
        let (code, line) = try runExample("Toasts", frames: 3)
        XCTAssertEqual(line, "Toasts: toast above modal sheet, click at the toast reached toast.close, click at screen.button went to "
                       + "layer sheet (modal sheet: outside tap), screen.button clicks 0, engine events 0")
        XCTAssertEqual(code, 0)
    }

    func testSettingsSheetControlsSendTheEngineTheirValuesOverTheBus() throws {
        let (code, line) = try runExample("Settings", frames: 4)
        XCTAssertTrue(line.hasPrefix("Settings: engine received 3 apply-settings, now sound true, quality Ultra, lives 4; "
                                     + "light theme repainted "), line)
        XCTAssertFalse(line.hasSuffix("repainted 0 views"), line)
        XCTAssertEqual(code, 0)
    }

    func testCoordinatorWalksTheRoutesAndEscapeClosesTheSheetFirst() throws {
        let (code, line) = try runExample("Coordinator", frames: 8)
        XCTAssertEqual(line, "Coordinator: 6 steps, final stack menu, Escape went to sheet.options (blocked by modal sheet.options) "
                       + "and closed the sheet before back popped about")
        XCTAssertEqual(code, 0)
    }

    func testWrappedViewIsLaidOutTakesTheDragAndPublishesTheChange() throws {
        let (code, line) = try runExample("WrappedView", frames: 4)
        XCTAssertTrue(line.hasPrefix("WrappedView: scope laid out in the VStack at "), line)
        XCTAssertTrue(line.hasSuffix(" 280x120, drag reached scope, readout bound to the model shows \"amplitude 80%\""), line)
        XCTAssertEqual(code, 0)
    }

    func testCustomMessagesReplyRejectAndCarryBatchesBetweenPhases() throws {
        let (code, line) = try runExample("CustomMessages", frames: 4)
        XCTAssertEqual(line, "CustomMessages: calibrate replied offset 0.5 at gain 2.0; sensor accepted threshold-changed 0.4; "
                       + "threshold-changed threshold rejected invalid-payload; fast channel samples: 4 of 4 batches (256 floats) "
                       + "from bus_to_engine to bus_to_overlay, a send in bus_to_overlay refused wrong-phase")
        XCTAssertEqual(code, 0)
    }
}
