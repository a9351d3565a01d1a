// GPU time per render pass from GL timer queries (GL_TIME_ELAPSED), where the driver has them.
import CGL

/// Measures GPU time of named passes with one timer query each; results are read once available.
@MainActor
public final class GPUPassTimer {
    /// True when the context supports timer queries (GL 3.3 core always does; a driver may still report 0 bits).
    public let isSupported: Bool
    private var queries: [String: GLuint] = [:]
    private var pending: Set<String> = []

    /// Creates the timer in the current context.
    public init() {
        var bits: GLint = 0
        glGetQueryiv(GLenum(GL_TIME_ELAPSED), GLenum(GL_QUERY_COUNTER_BITS), &bits)
        isSupported = bits > 0
    }

    isolated deinit {
        for (_, q) in queries { var id = q; glDeleteQueries(1, &id) }
    }

    /// Starts timing a pass (queries of different passes must not nest).
    public func begin(_ pass: String) {
        guard isSupported, !pending.contains(pass) else { return }
        var q = queries[pass] ?? 0
        if q == 0 { glGenQueries(1, &q); queries[pass] = q }
        glBeginQuery(GLenum(GL_TIME_ELAPSED), q)
    }

    /// Stops timing the current pass.
    public func end(_ pass: String) {
        guard isSupported, queries[pass] != nil, !pending.contains(pass) else { return }
        glEndQuery(GLenum(GL_TIME_ELAPSED))
        pending.insert(pass)
    }

    /// The pass's GPU time in nanoseconds if its result is ready (always after glFinish), else nil.
    public func result(_ pass: String) -> Int64? {
        guard let q = queries[pass], pending.contains(pass) else { return nil }
        var available: GLint = 0
        glGetQueryObjectiv(q, GLenum(GL_QUERY_RESULT_AVAILABLE), &available)
        guard available != 0 else { return nil }
        var ns: GLuint64 = 0
        glGetQueryObjectui64v(q, GLenum(GL_QUERY_RESULT), &ns)
        pending.remove(pass)
        // Software drivers (llvmpipe) sometimes report nonsense; a pass longer than 10 s is not a measurement.
        return ns < 10_000_000_000 ? Int64(ns) : nil
    }
}
