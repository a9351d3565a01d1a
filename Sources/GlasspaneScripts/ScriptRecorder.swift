// The recorder: writes the header, then each frame's events as the frame ends, so an interrupted recording is a
// valid script up to its last written frame. Quiet frames are batched into one `frames` timing line.
#if canImport(Glibc)
import Glibc
#endif
import GlasspaneCore

/// Where recorded lines go.
public protocol ScriptSink: AnyObject {
    /// Writes complete lines; when it returns, the bytes must have reached the OS (a process kill keeps them).
    func write(_ text: String) throws(ScriptErrors)
    /// Releases the destination; later writes fail.
    func close()
}

/// A sink that writes straight to a file descriptor with `write(2)`: no user-space buffer to lose on a kill.
public final class FileScriptSink: ScriptSink {
    /// The path written.
    public let path: String
    private var fd: Int32

    /// Creates (or truncates) the file.
    public init(path: String) throws(ScriptErrors) {
        self.path = path
        fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw ScriptErrors([ScriptDiagnostic(kind: .writeFailed, file: path, line: 0,
                                                 message: "cannot create the recording: \(String(cString: strerror(errno)))")])
        }
    }

    deinit { close() }

    /// Writes every byte, retrying short writes and interrupted calls.
    public func write(_ text: String) throws(ScriptErrors) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { buf in
                Glibc.write(fd, buf.baseAddress! + offset, buf.count - offset)
            }
            if n < 0 {
                if errno == EINTR { continue }
                throw ScriptErrors([ScriptDiagnostic(kind: .writeFailed, file: path, line: 0,
                                                     message: "cannot write the recording: \(String(cString: strerror(errno)))")])
            }
            offset += n
        }
    }

    /// Closes the descriptor.
    public func close() {
        if fd >= 0 { _ = Glibc.close(fd); fd = -1 }
    }
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

    private let sink: any ScriptSink
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
        if !pendingEvents.isEmpty || pendingDurations.count >= maxBufferedFrames { try flush() }
    }

    /// Writes everything pending (the timing of quiet frames, any events) in one write.
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
        if !out.isEmpty { try sink.write(out) }
    }

    /// Writes what is pending and closes the sink. Safe to call twice.
    public func finish() throws(ScriptErrors) {
        guard !finished else { return }
        finished = true
        defer { sink.close() }
        try flush()
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
            m.isEmpty ? "" : ",\"mods\":[" + ScriptNames.modifierNames(m).map { "\"\($0)\"" }.joined(separator: ",") + "]"
        }
        func pointer(_ kind: String, _ p: PointerEvent) -> String {
            "\"event\":\"\(kind)\",\"at\":\(pt(p.location)),\"pointer\":\(p.pointerID),\"button\":\"\(p.button.rawValue)\"" + mods(p.modifiers)
        }
        switch event {
        case .pointerDown(let p): return pointer("down", p)
        case .pointerMove(let p): return pointer("move", p)
        case .pointerUp(let p): return pointer("up", p)
        case .pointerCancel(let p): return pointer("cancel", p)
        case .wheel(let at, let dx, let dy):
            return "\"event\":\"wheel\",\"at\":\(pt(at)),\"dx\":\(JSONText.number(dx)),\"dy\":\(JSONText.number(dy))"
        case .key(let k):
            let action = !k.isDown ? "release" : k.isRepeat ? "repeat" : "press"
            return "\"event\":\"key\",\"key\":" + JSONText.quoted(k.key.name) + ",\"action\":\"\(action)\"" + mods(k.modifiers)
        case .text(let t):
            return "\"event\":\"text\",\"text\":" + JSONText.quoted(t)
        case .resize(let m):
            return "\"event\":\"resize\",\"size\":[\(JSONText.number(m.windowSize.width)),\(JSONText.number(m.windowSize.height))]"
                + ",\"pixels\":[\(m.drawableSize.width),\(m.drawableSize.height)]"
        case .quit:
            return "\"event\":\"quit\""
        }
    }
}
