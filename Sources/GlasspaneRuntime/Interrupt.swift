// SIGINT/SIGTERM end the frame loop cleanly (the last frame renders, files are closed) instead of killing it.
#if canImport(Glibc)
import Glibc
#endif
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

/// Ends the loop after the frame in which SIGINT or SIGTERM arrived.
@MainActor
final class InterruptObserver: FrameObserver {
    var requestsStop: Bool { interruptRequested.load(ordering: .relaxed) }
}
