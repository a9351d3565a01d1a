// SIGINT/SIGTERM end the frame loop cleanly (the last frame renders, files are closed) instead of killing it.
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Set by the signal handler, read by the frame loop.
let interruptRequested = Atomic<Bool>(false)

/// Installs handlers so Ctrl-C or `kill` stop the loop at the next frame.
func installInterruptHandlers() {
    let handler: @convention(c) (Int32) -> Void = { _ in interruptRequested.store(true, ordering: .relaxed) }
    signal(SIGINT, handler)
    signal(SIGTERM, handler)
}
