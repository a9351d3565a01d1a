// SIGINT/SIGTERM end the frame loop cleanly (the last frame renders, files are closed) instead of killing it; the bus
// log is flushed at every frame's end, so such a stop loses none of it.
#if canImport(Glibc)
import Glibc
#endif
import GlasspaneBus
import GlasspaneHost
import Synchronization

/// Set by the signal handler, read by the frame loop.
let interruptRequested = Atomic<Bool>(false)

/// Installs handlers so Ctrl-C or `kill` stop the loop at the next frame.
func installInterruptHandlers() {
    let handler: @convention(c) (Int32) -> Void = { _ in interruptRequested.store(true, ordering: .relaxed) }
    signal(SIGINT, handler)
    signal(SIGTERM, handler)
}

/// Hands the bus log's buffered lines to the kernel at the end of every frame (`FileLogSink` batches them), so
/// what a finished frame logged survives a crash and a SIGINT/SIGTERM stop, like a recording's frames
/// (docs/scripts.md); the session's `close()` writes the rest.
@MainActor
final class BusLogFlusher: FrameObserver {
    let sink: FileLogSink
    init(sink: FileLogSink) { self.sink = sink }
    func frameDidEnd(_ loop: FrameLoop, report: FrameReport) { sink.flush() }
}

/// Ends the loop after the frame in which SIGINT or SIGTERM arrived.
@MainActor
final class InterruptObserver: FrameObserver {
    var requestsStop: Bool { interruptRequested.load(ordering: .relaxed) }
}
