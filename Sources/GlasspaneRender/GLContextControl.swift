// Small context-wide GL operations the host needs without importing GL.
import CGL

/// Context-wide GL operations.
@MainActor
public enum GLContextControl {
    /// Blocks until the GPU finished every submitted command (honest frame timing on non-blocking swaps).
    public static func finish() { glFinish() }
}
