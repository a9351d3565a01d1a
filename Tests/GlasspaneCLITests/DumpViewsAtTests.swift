// `glasspane replay --dump-views-at FRAME:PATH`: the view tree as `--dump-views` writes it, at chosen frames of a replay
// that runs on to its end, with the notes editor's shaped lines and runs.
import Foundation
import XCTest

final class DumpViewsAtTests: XCTestCase {
    private func temporaryPath(_ name: String) -> String { NSTemporaryDirectory() + "glasspane-\(getpid())-\(name)" }

    private func notesLines(in path: String) throws -> [[String: Any]] {
        let entries = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [[String: Any]])
        let notes = try XCTUnwrap(entries.first { $0["identifier"] as? String == "rules.notes" })
        return try XCTUnwrap((notes["text"] as? [String: Any])?["lines"] as? [[String: Any]])
    }

    func testReplayWritesTheViewTreeWithTextRunsAtTheFramesAsked() throws {
        let early = temporaryPath("views-5.json"), late = temporaryPath("views-last.json")
        defer { for p in [early, late] { try? FileManager.default.removeItem(atPath: p) } }
        let r = try BinaryRunner.run(["replay", "Examples/Scripts/notes-edit.jsonl", "--headless",
                                      "--dump-views-at", "5:\(early)", "--dump-views-at", "last:\(late)"])
        XCTAssertEqual(r.code, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains(", 0 failed"), r.stdout)
        // Frame 5: the seed's three lines; the last frame: a fourth, the Arabic line typed by the script.
        let before = try notesLines(in: early), after = try notesLines(in: late)
        XCTAssertEqual(before.count, 3)
        XCTAssertEqual(after.count, 4)
        let runs = try XCTUnwrap(after.last?["runs"] as? [[String: Any]])
        let arabic = try XCTUnwrap(runs.first { $0["script"] as? String == "Arab" })
        XCTAssertEqual(arabic["text"] as? String, "مرحبا ")
        XCTAssertEqual(arabic["direction"] as? String, "rtl")
        XCTAssertTrue((arabic["font"] as? String)?.hasSuffix("NotoSansArabic-Regular.ttf") == true)
        XCTAssertEqual((arabic["glyphs"] as? [[String: Any]])?.isEmpty, false)
        XCTAssertTrue(runs.contains { $0["text"] as? String == "world 123" && $0["direction"] as? String == "ltr" })
    }

    func testADumpPastTheScriptsEndIsRefusedBeforeTheRun() throws {
        let path = temporaryPath("never.json")
        let r = try BinaryRunner.run(["replay", "Examples/Scripts/notes-edit.jsonl", "--headless", "--dump-views-at", "100000:\(path)"])
        XCTAssertEqual(r.code, 2)
        XCTAssertTrue(r.stderr.contains("--dump-views-at"), r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
    }
}
