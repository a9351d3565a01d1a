// GPU time per render pass from GL timer queries (GL_TIME_ELAPSED), where the driver has them.
import CGL

/// Measures GPU time of named passes with one timer query each; results are read once available.
@MainActor
public final class GPUPassTimer {
    /// True when the context supports timer queries (GL 3.3 core always does; a driver may still report 0 bits).
    public let isSupported: Bool
    /// One entry per pass name, in the order first begun: a bench times two passes a frame, and a scan of two small
    /// strings costs less than hashing them four times a frame (docs/bench.md, "What the bench itself costs").
    private var passes: [(name: String, query: GLuint, pending: Bool)] = []

    private func slot(_ pass: String) -> Int? { passes.firstIndex { $0.name == pass } }

    /// Creates the timer in the current context.
    public init() {
        var bits: GLint = 0
        glGetQueryiv(GLenum(GL_TIME_ELAPSED), GLenum(GL_QUERY_COUNTER_BITS), &bits)
        isSupported = bits > 0
    }

    isolated deinit {
        for pass in passes { var id = pass.query; glDeleteQueries(1, &id) }
    }

    /// Starts timing a pass (queries of different passes must not nest).
    public func begin(_ pass: String) {
        guard isSupported else { return }
        let index: Int
        if let existing = slot(pass) {
            index = existing
        } else {
            var q: GLuint = 0
            glGenQueries(1, &q)
            passes.append((pass, q, false))
            index = passes.count - 1
        }
        guard !passes[index].pending else { return }
        glBeginQuery(GLenum(GL_TIME_ELAPSED), passes[index].query)
    }

    /// Stops timing the current pass.
    public func end(_ pass: String) {
        guard isSupported, let index = slot(pass), !passes[index].pending else { return }
        glEndQuery(GLenum(GL_TIME_ELAPSED))
        passes[index].pending = true
    }

    /// The pass's GPU time in nanoseconds if its result is ready (always after glFinish), else nil.
    public func result(_ pass: String) -> Int64? {
        guard let index = slot(pass), passes[index].pending else { return nil }
        let q = passes[index].query
        var available: GLint = 0
        glGetQueryObjectiv(q, GLenum(GL_QUERY_RESULT_AVAILABLE), &available)
        guard available != 0 else { return nil }
        var ns: GLuint64 = 0
        glGetQueryObjectui64v(q, GLenum(GL_QUERY_RESULT), &ns)
        passes[index].pending = false
        // Software drivers (llvmpipe) sometimes report nonsense; a pass longer than 10 s is not a measurement.
        return ns < 10_000_000_000 ? Int64(ns) : nil
    }
}
