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

/// Writes JSON Lines to a file and flushes after every line, so an interrupted run keeps its log.
@MainActor
public final class FileLogSink: BusLogSink {
    /// The file's path.
    public let path: String
    /// The open file; nonisolated(unsafe) only so deinit can close it (the sink is used from the main actor).
    nonisolated(unsafe) private var file: UnsafeMutablePointer<FILE>?

    /// Opens (truncates) the file at `path`.
    public init(path: String) throws(BusLogError) {
        self.path = path
        guard let f = fopen(path, "w") else { throw .cannotOpen(path: path, errno: errno) }
        file = f
    }

    /// Writes the line and a newline, then flushes.
    public func write(line: String) {
        var text = line
        text.withUTF8 { write(utf8Line: $0) }
    }

    /// Writes the bytes and a newline, then flushes: one `write` call per line, and no `String` made.
    public func write(utf8Line: UnsafeBufferPointer<UInt8>) {
        guard let file else { return }
        _ = fwrite(utf8Line.baseAddress, 1, utf8Line.count, file)
        _ = fputc(0x0A, file)
        fflush(file)
    }

    /// Closes the file; later writes are ignored.
    public func close() {
        if let file { fclose(file) }
        file = nil
    }

    deinit { if let file { fclose(file) } }
}
