// Small context-wide GL operations the host needs without importing GL.
import CGL

/// Context-wide GL operations.
@MainActor
public enum GLContextControl {
    /// Blocks until the GPU finished every submitted command (honest frame timing on non-blocking swaps).
    public static func finish() { glFinish() }
    /// Hands every queued command to the GPU without waiting, so it starts drawing while the CPU goes on.
    public static func flush() { glFlush() }
}
