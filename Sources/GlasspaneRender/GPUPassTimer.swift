// GPU time per render pass from GL timer queries (GL_TIME_ELAPSED), where the driver has them.
import CGL

/// Measures GPU time of numbered passes (0 ..< `passCount`) with one timer query each; results are read once
/// available. Numbered, not named: the bench times two passes a frame, and names cost string work each call
/// (docs/bench.md, "What the bench itself costs").
@MainActor
public final class GPUPassTimer {
    /// True when the context supports timer queries (GL 3.3 core always does; a driver may still report 0 bits).
    public let isSupported: Bool
    /// How many passes it times.
    public let passCount: Int
    /// Each pass's query object (0 until the pass is first begun) and whether its result is still to be read.
    private var queries: [GLuint]
    private var pending: [Bool]

    /// Creates the timer for `passCount` passes in the current context.
    public init(passCount: Int) {
        var bits: GLint = 0
        glGetQueryiv(GLenum(GL_TIME_ELAPSED), GLenum(GL_QUERY_COUNTER_BITS), &bits)
        isSupported = bits > 0
        self.passCount = max(0, passCount)
        queries = Array(repeating: 0, count: self.passCount)
        pending = Array(repeating: false, count: self.passCount)
    }

    isolated deinit {
        for q in queries where q != 0 { var id = q; glDeleteQueries(1, &id) }
    }

    /// Starts timing a pass (queries of different passes must not nest); a pass number out of range is ignored.
    public func begin(_ pass: Int) {
        guard isSupported, queries.indices.contains(pass), !pending[pass] else { return }
        if queries[pass] == 0 { glGenQueries(1, &queries[pass]) }
        glBeginQuery(GLenum(GL_TIME_ELAPSED), queries[pass])
    }

    /// Stops timing the current pass.
    public func end(_ pass: Int) {
        guard isSupported, queries.indices.contains(pass), queries[pass] != 0, !pending[pass] else { return }
        glEndQuery(GLenum(GL_TIME_ELAPSED))
        pending[pass] = true
    }

    /// The pass's GPU time in nanoseconds if its result is ready (always after glFinish), else nil.
    public func result(_ pass: Int) -> Int64? {
        guard queries.indices.contains(pass), pending[pass] else { return nil }
        var available: GLint = 0
        glGetQueryObjectiv(queries[pass], GLenum(GL_QUERY_RESULT_AVAILABLE), &available)
        guard available != 0 else { return nil }
        var ns: GLuint64 = 0
        glGetQueryObjectui64v(queries[pass], GLenum(GL_QUERY_RESULT), &ns)
        pending[pass] = false
        // Software drivers (llvmpipe) sometimes report nonsense (the first query of a context measured 64,752 s in
        // GPUPassTimerTests); a pass longer than 10 s is not a measurement.
        return ns < 10_000_000_000 ? Int64(ns) : nil
    }
}
