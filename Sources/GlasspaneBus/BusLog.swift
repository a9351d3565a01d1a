// The traffic log: one JSON object per line for every message posted and handled (`--bus-log PATH`).
#if canImport(Glibc)
import Glibc
#endif

/// Where the bus writes its traffic log, one JSON object per call (the sink adds the newline).
@MainActor
public protocol BusLogSink: AnyObject {
    /// Writes one line of JSON (without the trailing newline).
    func write(line: String)
    /// Writes one line of JSON given as UTF-8 bytes (without the trailing newline), valid only during the call.
    /// The bus calls this one; the default makes a `String` and calls `write(line:)`.
    func write(utf8Line: UnsafeBufferPointer<UInt8>)
}

extension BusLogSink {
    /// Makes a `String` of the line and calls `write(line:)`.
    public func write(utf8Line: UnsafeBufferPointer<UInt8>) { write(line: String(decoding: utf8Line, as: UTF8.self)) }
}

/// Why a log file could not be used.
public enum BusLogError: Error, Hashable, Sendable {
    /// The file could not be opened for writing (path, errno).
    case cannotOpen(path: String, errno: Int32)
}

/// Writes JSON Lines to a file in batches: lines collect in a buffer that goes to the kernel in one `write(2)` when
/// `flush()` is called (the runtime calls it at the end of every frame), when the next line would not fit
/// (`bufferCapacity`), and on `close()` or deinit. So a frame's lines cost one system call, and what a finished
/// frame logged is in the kernel: a graceful stop (SIGINT/SIGTERM end the loop after the frame, then the session
/// closes the sink) or an error exit loses nothing; a crash or SIGKILL at worst the lines of the frame in progress.
@MainActor
public final class FileLogSink: BusLogSink {
    /// The file's path.
    public let path: String
    /// The buffer's size: a line that would overflow it writes the buffer first; a longer line is written alone.
    public let bufferCapacity: Int
    /// How many `write(2)` calls succeeded so far (tests, benchmarks).
    public private(set) var writeCount = 0
    /// The `errno` of the last write that failed, nil once a later one succeeded. Failed bytes are kept and
    /// retried at the next flush, up to `maxRetainedBytes`.
    public private(set) var lastWriteErrno: Int32?
    /// Lines dropped because writes kept failing and the kept bytes outgrew `maxRetainedBytes`.
    public private(set) var droppedLineCount = 0
    /// The most bytes kept while writes fail (a full disk); beyond it the oldest kept lines are dropped and counted.
    public static let maxRetainedBytes = 16 << 20
    /// The default `bufferCapacity`.
    public static let defaultBufferCapacity = 64 << 10

    /// The open descriptor (-1 once closed); nonisolated(unsafe) only so deinit can reach it.
    nonisolated(unsafe) private var descriptor: Int32
    /// Lines not yet written, each ending with a newline.
    nonisolated(unsafe) private var buffer: [UInt8] = []

    /// Opens (truncates) the file at `path`; `bufferCapacity` is at least 1 byte.
    public init(path: String, bufferCapacity: Int = FileLogSink.defaultBufferCapacity) throws(BusLogError) {
        self.path = path
        self.bufferCapacity = max(1, bufferCapacity)
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .cannotOpen(path: path, errno: errno) }
        descriptor = fd
        buffer.reserveCapacity(self.bufferCapacity)
    }

    /// Buffers the line and a newline.
    public func write(line: String) {
        var text = line
        text.withUTF8 { write(utf8Line: $0) }
    }

    /// Buffers the bytes and a newline (no `String` made); writes the buffer first when they would not fit.
    public func write(utf8Line: UnsafeBufferPointer<UInt8>) {
        guard descriptor >= 0 else { return }
        if buffer.count + utf8Line.count + 1 > bufferCapacity && !buffer.isEmpty { flush() }
        buffer.append(contentsOf: utf8Line)
        buffer.append(0x0A)
        if buffer.count >= bufferCapacity { flush() }
    }

    /// Hands every buffered line to the kernel (one `write(2)`, more only for a partial write). On failure the
    /// bytes stay buffered for the next flush and `lastWriteErrno` says why.
    public func flush() {
        guard descriptor >= 0, !buffer.isEmpty else { return }
        if let failure = Self.writeAll(buffer, to: descriptor, writes: &writeCount) {
            lastWriteErrno = failure.errno
            buffer.removeFirst(failure.written)
            if buffer.count > Self.maxRetainedBytes { dropOldest() }
            return
        }
        lastWriteErrno = nil
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes what is buffered and closes the file; later writes are ignored.
    public func close() {
        flush()
        if descriptor >= 0 { _ = Glibc.close(descriptor) }
        descriptor = -1
    }

    isolated deinit {
        flush()
        if descriptor >= 0 { _ = Glibc.close(descriptor) }
    }

    /// Drops whole lines from the front until the kept bytes fit `maxRetainedBytes` again.
    private func dropOldest() {
        var cut = 0, lines = 0
        while buffer.count - cut > Self.maxRetainedBytes, let newline = buffer[cut...].firstIndex(of: 0x0A) {
            cut = newline + 1
            lines += 1
        }
        buffer.removeFirst(cut)
        droppedLineCount += lines
    }

    /// Writes all of `bytes`, retrying partial writes and EINTR; on failure returns how much was written and errno.
    private static func writeAll(_ bytes: [UInt8], to fd: Int32, writes: inout Int) -> (written: Int, errno: Int32)? {
        bytes.withUnsafeBytes { raw -> (Int, Int32)? in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return (offset, errno)
                }
                if n == 0 { return (offset, ENOSPC) }
                writes += 1
                offset += n
            }
            return nil
        }
    }
}
