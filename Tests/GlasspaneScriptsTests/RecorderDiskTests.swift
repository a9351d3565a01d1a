// Recordings that survive the disk: a failing writer (a full disk that empties again), whole lines or nothing,
// failures reported at once, nothing lost once space returns; output paths checked without creating anything.
import XCTest
import GlasspaneCore
@testable import GlasspaneScripts

/// An in-memory file whose writes fail with ENOSPC a set number of times; each failing write first stores part of
/// its bytes (a torn write), as a filling disk does.
final class FillingDiskFile: RecordingFile {
    var bytes: [UInt8] = []
    var failuresLeft = 0
    var truncateFailuresLeft = 0
    var syncFailuresLeft = 0
    private var tornThisWrite = false
    var text: String { String(decoding: bytes, as: UTF8.self) }

    func write(_ chunk: UnsafeRawBufferPointer, at offset: Int) throws(RecordingFileError) -> Int {
        XCTAssertLessThanOrEqual(offset, bytes.count, "writes never leave a hole")
        var count = chunk.count
        if failuresLeft > 0 {
            if tornThisWrite || count < 2 {
                failuresLeft -= 1
                tornThisWrite = false
                throw RecordingFileError(operation: "write", code: ENOSPC)
            }
            tornThisWrite = true
            count /= 2
        }
        let end = offset + count
        if end > bytes.count { bytes += [UInt8](repeating: 0, count: end - bytes.count) }
        bytes.replaceSubrange(offset..<end, with: chunk[0..<count])
        return count
    }

    func truncate(to length: Int) throws(RecordingFileError) {
        if truncateFailuresLeft > 0 { truncateFailuresLeft -= 1; throw RecordingFileError(operation: "truncate", code: EIO) }
        bytes.removeSubrange(min(length, bytes.count)...)
    }

    func sync() throws(RecordingFileError) {
        if syncFailuresLeft > 0 { syncFailuresLeft -= 1; throw RecordingFileError(operation: "fsync", code: EIO) }
    }

    func close() {}
}

final class RecorderDiskTests: XCTestCase {
    private let header = ScriptHeader(windowSize: Size(width: 640, height: 480))

    /// Events on some frames, quiet stretches between them.
    private func input(frame f: Int) -> [InputEvent] {
        switch f % 7 {
        case 0: [down(Double(f), 10)]
        case 3: [move(Double(f), 20), .text("f\(f) é")]
        case 5: [up(Double(f), 30)]
        default: []
        }
    }

    private func duration(_ f: Int) -> Nanoseconds { f == 0 ? 0 : 16_000_000 + Nanoseconds(f % 5) * 100_000 }

    /// The same input recorded into memory: what a disk that never filled would hold.
    private func referenceFrames(frames: Int, maxBufferedFrames: Int) throws -> [ScriptFrame] {
        let sink = MemoryScriptSink()
        let rec = try ScriptRecorder(sink: sink, header: header, maxBufferedFrames: maxBufferedFrames)
        for f in 0..<frames {
            for e in input(frame: f) { rec.record(e, frame: f) }
            try rec.endFrame(f, duration: duration(f))
        }
        try rec.finish()
        return try playAll(try Script.parse(sink.text))
    }

    func testAFullDiskLosesNothingAndTheFileIsAValidScriptAfterEveryFrame() throws {
        let file = FillingDiskFile()
        let sink = FileScriptSink(path: "full-disk.jsonl", file: file)
        let rec = try ScriptRecorder(sink: sink, header: header, maxBufferedFrames: 4)
        var reported: [ScriptErrorKind] = []
        var recoveries = 0
        rec.onWriteFailure = { reported += $0.kinds }
        rec.onWriteRecovered = { recoveries += 1 }

        var thrownAtFrames: [Int] = []
        for f in 0..<120 {
            if f == 30 { file.failuresLeft = 5 }  // the disk fills; five writes fail, then space comes back
            if f == 80 { file.failuresLeft = 2 }  // and once more
            for e in input(frame: f) { rec.record(e, frame: f) }
            do { try rec.endFrame(f, duration: duration(f)) } catch {
                XCTAssertEqual(error.kinds, [.writeFailed])
                XCTAssertNotNil(rec.writeFailure, "the failure is visible while it lasts")
                thrownAtFrames.append(f)
            }
            // Whole lines only, and a script the parser takes without a warning, after every frame.
            XCTAssertTrue(file.bytes.isEmpty || file.bytes.last == UInt8(ascii: "\n"), "frame \(f): ends mid-line")
            let script = try Script.parse(file.text)
            XCTAssertEqual(script.warnings, [], "frame \(f)")
        }
        XCTAssertEqual(rec.failedWriteCount, 7)
        XCTAssertEqual(reported, Array(repeating: .writeFailed, count: 7), "each failure reported at once")
        XCTAssertEqual(thrownAtFrames.count, 7)
        XCTAssertEqual(recoveries, 2)
        XCTAssertNil(rec.writeFailure)
        try rec.finish()
        XCTAssertEqual(try playAll(try Script.parse(file.text)), try referenceFrames(frames: 120, maxBufferedFrames: 4),
                       "every frame's events and duration survived")
    }

    func testAFailedRollbackIsRetriedBeforeTheNextWrite() throws {
        let file = FillingDiskFile()
        let rec = try ScriptRecorder(sink: FileScriptSink(path: "x.jsonl", file: file), header: header, maxBufferedFrames: 1)
        try rec.endFrame(0, duration: 0)
        file.failuresLeft = 1
        file.truncateFailuresLeft = 2  // the rollback right after the torn write fails, and the first retry too
        rec.record(.text("hello"), frame: 1)
        XCTAssertThrowsError(try rec.endFrame(1, duration: 5))
        XCTAssertThrowsError(try rec.endFrame(2, duration: 5), "the torn tail is still there: no write on top of it")
        try rec.endFrame(3, duration: 5)
        XCTAssertNil(rec.writeFailure)
        try rec.finish()
        let frames = try playAll(try Script.parse(file.text))
        XCTAssertEqual(frames.map(\.duration), [0, 5, 5, 5])
        XCTAssertEqual(frames[1].events, [.text("hello")])
    }

    func testAFailedSyncAtFinishIsReported() throws {
        let file = FillingDiskFile()
        file.syncFailuresLeft = 1
        let rec = try ScriptRecorder(sink: FileScriptSink(path: "x.jsonl", file: file), header: header)
        var reported = 0
        rec.onWriteFailure = { _ in reported += 1 }
        try rec.endFrame(0, duration: 0)
        XCTAssertThrowsError(try rec.finish()) { XCTAssertEqual(($0 as? ScriptErrors)?.kinds, [.writeFailed]) }
        XCTAssertEqual(reported, 1)
    }

    func testABacklogOverTheLimitStopsTheRecordingAtItsLastWholeLine() throws {
        let file = FillingDiskFile()
        let rec = try ScriptRecorder(sink: FileScriptSink(path: "x.jsonl", file: file), header: header, maxBufferedFrames: 1)
        try rec.endFrame(0, duration: 0)
        let validBefore = file.text
        file.failuresLeft = Int.max
        let big = String(repeating: "x", count: 1 << 20)
        var frame = 1
        while !rec.isAbandoned && frame < 40 {
            rec.record(.text(big), frame: frame)
            XCTAssertThrowsError(try rec.endFrame(frame, duration: 1))
            frame += 1
        }
        XCTAssertTrue(rec.isAbandoned)
        XCTAssertEqual(frame - 1, ScriptRecorder.maxBacklogBytes / (1 << 20), "stops at the frame that crosses the limit")
        XCTAssertEqual(file.text, validBefore)
        file.failuresLeft = 0
        try rec.endFrame(frame, duration: 1)  // nothing more is written
        XCTAssertEqual(file.text, validBefore)
    }

    // MARK: - Checking the output path before any window opens

    private func scratchDirectory() throws -> String {
        let dir = temporaryPath("checkwritable-\(UInt32.random(in: 0...UInt32.max))")
        XCTAssertEqual(mkdir(dir, 0o755), 0)
        return dir
    }

    private func entries(_ dir: String) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
    }

    func testCheckWritableNamesTheProblemAndCreatesNothing() throws {
        let dir = try scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }

        XCTAssertNoThrow(try ScriptRecorder.checkWritable(path: "\(dir)/new.jsonl"))
        XCTAssertEqual(entries(dir), [], "a passing check creates nothing either")

        let existing = "\(dir)/old.jsonl"
        XCTAssertTrue(FileManager.default.createFile(atPath: existing, contents: Data("keep\n".utf8)))
        XCTAssertNoThrow(try ScriptRecorder.checkWritable(path: existing))
        XCTAssertEqual(try String(contentsOfFile: existing, encoding: .utf8), "keep\n", "not truncated")

        func identifier(_ path: String) -> String? {
            do { try ScriptRecorder.checkWritable(path: path); return nil } catch { return error.identifier }
        }
        XCTAssertEqual(identifier("\(dir)/missing/sub/out.jsonl"), "missing-directory")
        XCTAssertEqual(identifier("\(existing)/out.jsonl"), "missing-directory", "a file is not a directory")
        XCTAssertEqual(identifier(dir), "is-directory")
        XCTAssertEqual(entries(dir), ["old.jsonl"])
    }

    func testCheckWritableRefusesAnUnwritableDirectory() throws {
        let unwritable: String
        if getuid() == 0 {
            // Root writes through permission bits; a read-only mount still refuses it.
            guard access("/proc/sys", W_OK) != 0 else { throw XCTSkip("no read-only directory to test with") }
            unwritable = "/proc/sys"
        } else {
            let dir = try scratchDirectory()
            XCTAssertEqual(chmod(dir, 0o555), 0)
            unwritable = dir
        }
        do {
            try ScriptRecorder.checkWritable(path: "\(unwritable)/out.jsonl")
            XCTFail("expected not-writable")
        } catch {
            XCTAssertEqual(error.identifier, "not-writable")
            XCTAssertTrue(error.description.contains(unwritable), error.description)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(unwritable)/out.jsonl"))
    }
}
