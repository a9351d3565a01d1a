// The recorder: writes the header, then each frame's events as the frame ends, so an interrupted recording is a
// valid script up to its last written frame. Quiet frames are batched into one `frames` timing line. A write that
// fails (a full disk) is rolled back to the last whole line, reported at once, and retried every frame.
#if canImport(Glibc)
import Glibc
#endif
import GlasspaneCore

/// Where recorded lines go.
public protocol ScriptSink: AnyObject {
    /// Writes complete lines, all or nothing: when it throws, what was there before is all that is there.
    /// When it returns, the bytes must have reached the OS (a process kill keeps them).
    func write(_ text: String) throws(ScriptErrors)
    /// Makes what was written durable (fsync); throws when the system reports a lost write.
    func sync() throws(ScriptErrors)
    /// Releases the destination; later writes fail.
    func close()
}

extension ScriptSink {
    /// Nothing to make durable.
    public func sync() throws(ScriptErrors) {}
}

/// Why a recording file operation failed: the operation and the system's `errno`.
public struct RecordingFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `write`, `truncate`, `fsync`.
    public var operation: String
    /// The `errno` value (`ENOSPC` when the disk is full).
    public var code: Int32
    /// Creates the error.
    public init(operation: String, code: Int32) { self.operation = operation; self.code = code }
    /// `write: No space left on device`.
    public var description: String { "\(operation): \(String(cString: strerror(code)))" }
}

/// The few file operations the recorder needs, so tests can inject failures (a full disk) without one.
public protocol RecordingFile: AnyObject {
    /// Writes up to `bytes.count` bytes at `offset`; returns how many were written (short writes happen).
    func write(_ bytes: UnsafeRawBufferPointer, at offset: Int) throws(RecordingFileError) -> Int
    /// Cuts the file to `length` bytes.
    func truncate(to length: Int) throws(RecordingFileError)
    /// Flushes the file to the device.
    func sync() throws(RecordingFileError)
    /// Closes the file.
    func close()
}

/// A `RecordingFile` over a file descriptor: `pwrite(2)`, `ftruncate(2)`, `fsync(2)`.
public final class DescriptorRecordingFile: RecordingFile {
    private var fd: Int32

    /// Creates (or truncates) the file at `path`.
    public init(creating path: String) throws(RecordingFileError) {
        fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw RecordingFileError(operation: "create", code: errno) }
    }

    deinit { close() }

    /// `pwrite`, retried when interrupted.
    public func write(_ bytes: UnsafeRawBufferPointer, at offset: Int) throws(RecordingFileError) -> Int {
        while true {
            let n = pwrite(fd, bytes.baseAddress, bytes.count, off_t(offset))
            if n >= 0 { return n }
            if errno != EINTR { throw RecordingFileError(operation: "write", code: errno) }
        }
    }

    /// `ftruncate`, retried when interrupted.
    public func truncate(to length: Int) throws(RecordingFileError) {
        while ftruncate(fd, off_t(length)) != 0 {
            if errno != EINTR { throw RecordingFileError(operation: "truncate", code: errno) }
        }
    }

    /// `fsync`.
    public func sync() throws(RecordingFileError) {
        if fsync(fd) != 0 { throw RecordingFileError(operation: "fsync", code: errno) }
    }

    /// Closes the descriptor (safe twice).
    public func close() {
        if fd >= 0 { _ = Glibc.close(fd); fd = -1 }
    }
}

/// A sink that writes whole lines to a file or rolls back: a write that fails part-way (the disk filled) is cut
/// off again, so the file always ends after its last whole line and stays a valid script. Each write goes
/// straight to the OS: no user-space buffer to lose on a kill.
public final class FileScriptSink: ScriptSink {
    /// The path written.
    public let path: String
    /// Bytes of whole lines in the file.
    public private(set) var committedLength = 0
    private let file: any RecordingFile
    /// True after a failed write left bytes past `committedLength` that a truncate has not removed yet.
    private var hasTornTail = false

    /// Creates (or truncates) the file.
    public convenience init(path: String) throws(ScriptErrors) {
        let file: DescriptorRecordingFile
        do { file = try DescriptorRecordingFile(creating: path) } catch {
            throw ScriptErrors([ScriptDiagnostic(kind: .writeFailed, file: path, line: 0,
                                                 message: "cannot create the recording: \(String(cString: strerror(error.code)))")])
        }
        self.init(path: path, file: file)
    }

    /// Writes through `file` (tests inject one that fails); the file is assumed empty.
    public init(path: String, file: any RecordingFile) {
        self.path = path
        self.file = file
    }

    deinit { close() }

    private func failure(_ error: RecordingFileError, _ what: String) -> ScriptErrors {
        ScriptErrors([ScriptDiagnostic(kind: .writeFailed, file: path, line: 0,
                                       message: "\(what): \(String(cString: strerror(error.code)))")])
    }

    /// Writes every byte after the last whole line, or none: a failure truncates back to the last whole line.
    public func write(_ text: String) throws(ScriptErrors) {
        if hasTornTail {
            do { try file.truncate(to: committedLength) } catch {
                throw failure(error, "cannot roll the recording back to its last whole line")
            }
            hasTornTail = false
        }
        var bytes = Array(text.utf8)
        var written = 0
        var writeError: RecordingFileError?
        while written < bytes.count {
            let offset = committedLength + written
            let result: Result<Int, RecordingFileError> = bytes.withUnsafeMutableBytes { buf in
                let rest = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(buf)[written...])
                return Result { () throws(RecordingFileError) -> Int in try file.write(rest, at: offset) }
            }
            switch result {
            case .success(let n) where n > 0: written += n
            case .success: writeError = RecordingFileError(operation: "write", code: ENOSPC)  // no progress: full
            case .failure(let e): writeError = e
            }
            if writeError != nil { break }
        }
        if let writeError {
            if written > 0 {
                hasTornTail = true
                if (try? file.truncate(to: committedLength)) != nil { hasTornTail = false }
            }
            throw failure(writeError, "cannot write the recording")
        }
        committedLength += written
    }

    /// `fsync`: a write the system accepted but could not store shows up here.
    public func sync() throws(ScriptErrors) {
        do { try file.sync() } catch { throw failure(error, "cannot flush the recording to disk") }
    }

    /// Closes the file.
    public func close() { file.close() }
}

/// A sink that keeps the text in memory (tests).
public final class MemoryScriptSink: ScriptSink {
    /// Everything written so far.
    public private(set) var text = ""
    /// How many `write` calls happened (each one is a flush).
    public private(set) var writeCount = 0
    /// Creates an empty sink.
    public init() {}
    /// Appends the text.
    public func write(_ text: String) throws(ScriptErrors) { self.text += text; writeCount += 1 }
    /// Does nothing.
    public func close() {}
}

/// Records input as a script. Per frame: `record(_:frame:)` for each event as it arrives, then
/// `endFrame(_:duration:)`; at the end `finish()`. Not thread-safe: use it from the frame loop.
public final class ScriptRecorder {
    /// The header written first.
    public let header: ScriptHeader
    /// The most quiet frames kept in memory before their timing line is written (1 writes every frame).
    public let maxBufferedFrames: Int
    /// Frames ended so far.
    public private(set) var framesRecorded = 0
    /// Events (and bus lines) written so far.
    public private(set) var eventsRecorded = 0
    /// The simulated time through the last ended frame (sum of durations), nanoseconds.
    public private(set) var elapsed: Nanoseconds = 0

    /// The most bytes kept waiting while writes fail (a full disk); beyond it the recording stops for good,
    /// its file ending at the last whole line written.
    public static let maxBacklogBytes = 16 << 20
    /// The write failure still outstanding (nil once a later write succeeded): a host shows it while it lasts.
    public private(set) var writeFailure: ScriptErrors?
    /// Writes that failed so far (each one reported through `onWriteFailure`).
    public private(set) var failedWriteCount = 0
    /// True once the backlog outgrew `maxBacklogBytes`: nothing more is recorded.
    public private(set) var isAbandoned = false
    /// Called at once when a write fails (stderr, the window title, the HUD); the recording goes on and retries.
    public var onWriteFailure: ((ScriptErrors) -> Void)?
    /// Called when a write succeeds after failures: everything kept meanwhile is now in the file.
    public var onWriteRecovered: (() -> Void)?

    private let sink: any ScriptSink
    /// Text of whole lines that a failed write could not store, oldest first: written before anything newer.
    private var backlog = ""
    private var pendingFirst: Int?
    private var pendingDurations: [Nanoseconds] = []
    private var pendingEvents: [(frame: Int, body: String)] = []
    private var lastEnded: Int?
    private var finished = false

    /// Starts a recording into a sink and writes the header line immediately.
    public init(sink: any ScriptSink, header: ScriptHeader, maxBufferedFrames: Int = 60) throws(ScriptErrors) {
        precondition(maxBufferedFrames >= 1)
        self.sink = sink; self.header = header; self.maxBufferedFrames = maxBufferedFrames
        try sink.write(try ScriptRecorder.headerLine(header) + "\n")
    }

    /// Starts a recording into a file (created or truncated) and writes the header line immediately.
    public convenience init(path: String, header: ScriptHeader, maxBufferedFrames: Int = 60) throws(ScriptErrors) {
        try self.init(sink: try FileScriptSink(path: path), header: header, maxBufferedFrames: maxBufferedFrames)
    }

    /// Notes an input event of the frame in progress (call from the loop's input tap).
    public func record(_ event: InputEvent, frame: Int) {
        pendingEvents.append((frame, ScriptRecorder.eventFields(event)))
    }

    /// Notes a raw bus message injected in the frame in progress (replay with `--record-out`).
    public func recordBus(_ message: ScriptBusMessage, frame: Int) {
        var s = "\"bus\":" + JSONText.quoted(message.raw)
        if message.destination != .engine { s += ",\"to\":" + JSONText.quoted(message.destination.rawValue) }
        pendingEvents.append((frame, s))
    }

    /// Notes a `scroll` line carried out in the frame in progress (replay with `--record-out`), so the recorded
    /// script scrolls the same view to the same place in the same frame. Scrolling by input (wheel, drag, keys) needs
    /// no line of its own: its events are recorded and reach the same offsets again when replayed.
    public func recordScroll(_ scroll: ScriptScroll, frame: Int) {
        var s = "\"scroll\":" + JSONText.quoted(scroll.view)
        switch scroll.target {
        case .offset(let p): s += ",\"to\":[\(JSONText.number(p.x)),\(JSONText.number(p.y))]"
        case let .row(index, nearest): s += ",\"row\":\(index)" + (nearest ? ",\"anchor\":\"nearest\"" : "")
        }
        if scroll.animated { s += ",\"animated\":true" }
        pendingEvents.append((frame, s))
    }

    /// Ends a frame: `duration` is what the frame fed the fixed-step accumulator (0 for the loop's first frame).
    /// A frame with events is written now (its timing line, then its events); quiet frames are written once
    /// `maxBufferedFrames` of them are pending. Frames must increase.
    public func endFrame(_ frame: Int, duration: Nanoseconds) throws(ScriptErrors) {
        precondition(!finished, "endFrame after finish")
        precondition(lastEnded.map { frame > $0 } ?? true, "frames must increase")
        if let first = pendingFirst, first + pendingDurations.count != frame {
            try flush()  // a gap in frame numbers starts a new timing run
        }
        if pendingFirst == nil { pendingFirst = frame }
        pendingDurations.append(max(0, duration))
        elapsed += max(0, duration)
        lastEnded = frame
        framesRecorded += 1
        if !pendingEvents.isEmpty || pendingDurations.count >= maxBufferedFrames {
            try flush()
        } else if writeFailure != nil {
            // While a write is failing, every frame retries what is kept: the file catches up as soon as space
            // comes back, and quiet frames keep being batched meanwhile.
            try writeBacklog()
        }
    }

    /// Writes everything pending (the timing of quiet frames, any events, and what earlier failed writes kept) in
    /// one all-or-nothing write. On failure the text is kept for the next try, `writeFailure` is set,
    /// `onWriteFailure` is called and the error is thrown; the recording goes on.
    public func flush() throws(ScriptErrors) {
        var out = ""
        if let first = pendingFirst, !pendingDurations.isEmpty {
            out += ScriptRecorder.timingLine(first: first, durations: pendingDurations) + "\n"
        }
        for (frame, body) in pendingEvents {
            out += "{\"frame\":\(frame),\"t\":\(elapsed)," + body + "}\n"
        }
        eventsRecorded += pendingEvents.count
        pendingFirst = nil; pendingDurations.removeAll(keepingCapacity: true); pendingEvents.removeAll(keepingCapacity: true)
        guard !isAbandoned else { return }
        backlog += out
        try writeBacklog()
    }

    /// Writes the kept text in one all-or-nothing write; on failure keeps it, reports and throws.
    private func writeBacklog() throws(ScriptErrors) {
        guard !isAbandoned, !backlog.isEmpty else { return }
        do {
            try sink.write(backlog)
        } catch {
            failedWriteCount += 1
            var failure = error
            if backlog.utf8.count > ScriptRecorder.maxBacklogBytes {
                isAbandoned = true
                backlog = ""
                failure.diagnostics.append(ScriptDiagnostic(
                    kind: .writeFailed, file: failure.diagnostics.first?.file ?? "", line: 0,
                    message: "recording stopped: more than \(ScriptRecorder.maxBacklogBytes) bytes could not be written; "
                        + "the file ends at its last whole line"))
            }
            writeFailure = failure
            onWriteFailure?(failure)
            throw failure
        }
        backlog = ""
        if writeFailure != nil {
            writeFailure = nil
            onWriteRecovered?()
        }
    }

    /// Writes what is pending and closes the sink. Safe to call twice.
    public func finish() throws(ScriptErrors) {
        guard !finished else { return }
        finished = true
        defer { sink.close() }
        try flush()
        if let writeFailure { throw writeFailure }
        do { try sink.sync() } catch {
            writeFailure = error
            onWriteFailure?(error)
            throw error
        }
    }

    // MARK: Line encoding

    /// The header line.
    static func headerLine(_ h: ScriptHeader) throws(ScriptErrors) -> String {
        var s = "{\"format\":\"\(ScriptHeader.formatName)\",\"version\":\(h.version)"
        s += ",\"window\":{\"width\":\(JSONText.number(h.windowSize.width)),\"height\":\(JSONText.number(h.windowSize.height))"
        s += ",\"scale\":\(JSONText.number(h.scale))}"
        s += ",\"step_hz\":\(h.stepsPerSecond),\"max_steps_per_frame\":\(h.maxStepsPerFrame),\"frame_ns\":\(h.defaultFrameDuration)"
        do { s += ",\"options\":" + (try JSONWriter.string(.object(h.options))) + "}" } catch {
            throw ScriptErrors([ScriptDiagnostic(kind: .invalidField, file: "<header>", line: 1, field: "options." + error.path,
                                                 message: "header option options.\(error.path) is not a finite number")])
        }
        return s
    }

    /// `{"frames":[a,b],"ns":D}` when every duration is equal, else `"ns":[...]`.
    static func timingLine(first: Int, durations: [Nanoseconds]) -> String {
        let last = first + durations.count - 1
        var s = "{\"frames\":[\(first),\(last)],\"ns\":"
        if let d = durations.first, durations.allSatisfy({ $0 == d }) {
            s += "\(d)"
        } else {
            s += "[" + durations.map(String.init).joined(separator: ",") + "]"
        }
        return s + "}"
    }

    /// The fields of an event line after `frame` and `t`: `"event":"down","at":[x,y],...`.
    static func eventFields(_ event: InputEvent) -> String {
        func pt(_ p: Point) -> String { "[\(JSONText.number(p.x)),\(JSONText.number(p.y))]" }
        func mods(_ m: KeyModifiers) -> String {
            m.isEmpty ? "" : ",\"mods\":[" + ScriptModifier.names(of: m).map { "\"\($0)\"" }.joined(separator: ",") + "]"
        }
        let kind = "\"event\":\"\(event.kind.rawValue)\""
        switch event {
        case .pointerDown(let p), .pointerMove(let p), .pointerUp(let p), .pointerCancel(let p):
            return kind + ",\"at\":\(pt(p.location)),\"pointer\":\(p.pointerID),\"button\":\"\(p.button.rawValue)\"" + mods(p.modifiers)
        case .wheel(let at, let dx, let dy):
            return kind + ",\"at\":\(pt(at)),\"dx\":\(JSONText.number(dx)),\"dy\":\(JSONText.number(dy))"
        case .key(let k):
            return kind + ",\"key\":" + JSONText.quoted(k.key.name) + ",\"action\":\"\(ScriptKeyAction(k).rawValue)\"" + mods(k.modifiers)
        case .text(let t):
            return kind + ",\"text\":" + JSONText.quoted(t)
        case let .composition(t, cursor):
            return kind + ",\"text\":" + JSONText.quoted(t) + ",\"cursor\":\(cursor)"
        case .resize(let m):
            return kind + ",\"size\":[\(JSONText.number(m.windowSize.width)),\(JSONText.number(m.windowSize.height))]"
                + ",\"pixels\":[\(m.drawableSize.width),\(m.drawableSize.height)]"
        case .controllerButton, .controllerAxis, .controllerDevice:
            return kind + controllerFields(event)
        case .quit:
            return kind
        }
    }
}

/// Why a recording path cannot be written; checked before any window opens.
public enum ScriptRecorderError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The directory the file would go in does not exist (or is not a directory).
    case missingDirectory(path: String, directory: String)
    /// The file, or the directory it would be created in, is not writable.
    case notWritable(path: String, reason: String)
    /// The path names a directory.
    case isDirectory(path: String)

    /// A stable identifier for tests and tools.
    public var identifier: String {
        switch self {
        case .missingDirectory: "missing-directory"
        case .notWritable: "not-writable"
        case .isDirectory: "is-directory"
        }
    }

    /// A message for people, naming the path.
    public var description: String {
        switch self {
        case let .missingDirectory(path, directory): "\(path): cannot record here: the directory \(directory) does not exist"
        case let .notWritable(path, reason): "\(path): cannot record here: \(reason)"
        case .isDirectory(let path): "\(path): cannot record here: it is a directory"
        }
    }
}

extension ScriptRecorder {
    /// Checks that a recording can be written at `path` without creating or changing anything: an existing file
    /// must be a writable regular file, a new one needs an existing, writable directory.
    public static func checkWritable(path: String) throws(ScriptRecorderError) {
        var info = stat()
        if stat(path, &info) == 0 {
            if info.st_mode & S_IFMT == S_IFDIR { throw .isDirectory(path: path) }
            // Opening without O_CREAT or O_TRUNC changes nothing; it also catches read-only mounts and root-proof cases.
            let fd = open(path, O_WRONLY | O_CLOEXEC | O_NONBLOCK)
            guard fd >= 0 else { throw .notWritable(path: path, reason: String(cString: strerror(errno))) }
            _ = Glibc.close(fd)
            return
        }
        let directory: String
        if let slash = path.lastIndex(of: "/") {
            let d = String(path[..<slash])
            directory = d.isEmpty ? "/" : d
        } else {
            directory = "."
        }
        guard stat(directory, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            throw .missingDirectory(path: path, directory: directory)
        }
        if access(directory, W_OK | X_OK) != 0 {
            throw .notWritable(path: path, reason: "the directory \(directory) is not writable (\(String(cString: strerror(errno))))")
        }
    }
}
