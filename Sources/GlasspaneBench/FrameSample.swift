// What the frame loop records per frame. The lead's loop fills one `FrameSample` per measured frame (warmup
// frames excluded) and hands the array to `FrameStatistics`, the report writers and the baseline comparison.
import GlasspaneCore

/// One timed CPU phase of a frame, in the order DESIGN.md's "One frame, in order" runs them.
public enum FramePhase: String, CaseIterable, Codable, Sendable, Hashable {
    /// Polling platform events (or taking them from the script player) and translating them.
    case events
    /// Routing and delivering input events; overlay handlers run here.
    case routing
    /// Delivering bus messages in both directions and running their handlers.
    case bus
    /// Fixed-step engine simulation.
    case simulation
    /// Advancing animations on the frame clock.
    case animation
    /// Overlay layout (zero when nothing changed).
    case overlayLayout = "overlay_layout"
    /// Overlay paint into the draw list (zero when the cached draw data was reused).
    case overlayPaint = "overlay_paint"
    /// Issuing the scene's GL commands.
    case sceneRender = "scene_render"
    /// Issuing the overlay's GL commands.
    case overlayRender = "overlay_render"
    /// Building and drawing the performance HUD (its own cost, reported separately).
    case hud
    /// The swap (and, with `--finish`, the glFinish before it).
    case present

    /// The stable key used in JSON (`phases_us.<key>`) and CSV (`phase_<key>_us`) output.
    public var key: String { rawValue }

    /// A human-readable name for the terminal table.
    public var displayName: String { rawValue.replacingUnderscores() }

    /// The phases whose sum is the overlay's own cost (`phases_us.overlay`).
    public static let overlayPhases: [FramePhase] = [.overlayLayout, .overlayPaint, .overlayRender]

    /// Dense position of the phase, used as the storage index in `PhaseTimes`.
    @usableFromInline var ordinal: Int {
        switch self {
        case .events: 0
        case .routing: 1
        case .bus: 2
        case .simulation: 3
        case .animation: 4
        case .overlayLayout: 5
        case .overlayPaint: 6
        case .sceneRender: 7
        case .overlayRender: 8
        case .hud: 9
        case .present: 10
        }
    }
}

/// A GPU pass measured with GL timer queries, where the driver has them.
public enum GPUPass: String, CaseIterable, Codable, Sendable, Hashable {
    /// The 3D scene.
    case scene
    /// The overlay (and HUD) composited on top.
    case overlay

    /// The stable key used in JSON (`gpu_us.<key>`) and CSV (`gpu_<key>_us`) output.
    public var key: String { rawValue }
}

/// CPU nanoseconds per frame phase. A fixed array rather than a dictionary: no hashing in the frame loop,
/// and a phase that did not run simply reads 0.
public struct PhaseTimes: Sendable, Equatable, Hashable, ExpressibleByDictionaryLiteral {
    @usableFromInline var storage: [Nanoseconds]

    /// All phases at zero.
    public init() { storage = Array(repeating: 0, count: FramePhase.allCases.count) }

    /// Phases from a dictionary; phases not named are zero.
    public init(_ values: [FramePhase: Nanoseconds]) {
        self.init()
        for (phase, ns) in values { self[phase] = ns }
    }

    /// Phases from a literal such as `[.events: 1_000, .present: 50_000]`.
    public init(dictionaryLiteral elements: (FramePhase, Nanoseconds)...) {
        self.init()
        for (phase, ns) in elements { self[phase] = ns }
    }

    /// The nanoseconds spent in one phase.
    @inlinable public subscript(phase: FramePhase) -> Nanoseconds {
        get { storage[phase.ordinal] }
        set { storage[phase.ordinal] = newValue }
    }

    /// The overlay's own cost: layout + paint + render.
    public var overlayTotal: Nanoseconds { FramePhase.overlayPhases.reduce(0) { $0 + self[$1] } }

    /// The sum of all phases (the measured CPU part of the frame).
    public var total: Nanoseconds { storage.reduce(0, +) }
}

/// GPU nanoseconds per pass; `nil` where no timer query result was available for that frame.
public struct GPUTimes: Sendable, Equatable, Hashable {
    /// Scene pass time, if measured.
    public var scene: Nanoseconds?
    /// Overlay pass time, if measured.
    public var overlay: Nanoseconds?

    /// Creates GPU times; both default to "not measured".
    public init(scene: Nanoseconds? = nil, overlay: Nanoseconds? = nil) {
        self.scene = scene
        self.overlay = overlay
    }

    /// The time of one pass, if measured.
    public subscript(pass: GPUPass) -> Nanoseconds? {
        get {
            switch pass {
            case .scene: scene
            case .overlay: overlay
            }
        }
        set {
            switch pass {
            case .scene: scene = newValue
            case .overlay: overlay = newValue
            }
        }
    }

    /// Whether any pass was measured.
    public var isEmpty: Bool { scene == nil && overlay == nil }
}

/// The timings of one measured frame.
public struct FrameSample: Sendable, Equatable, Hashable {
    /// Frame index within the measured run (0 for the first frame after warmup).
    public var index: Int
    /// Time of this frame's present, in nanoseconds since the start of the measured run.
    public var timestampNs: Nanoseconds
    /// Time between the previous present and this one (PresentMon's MsBetweenPresents), in nanoseconds.
    public var frameTimeNs: Nanoseconds
    /// CPU time per phase.
    public var cpuNs: PhaseTimes
    /// GPU time per pass, where measured.
    public var gpuNs: GPUTimes

    /// Creates a sample.
    public init(
        index: Int, timestampNs: Nanoseconds, frameTimeNs: Nanoseconds,
        cpuNs: PhaseTimes = PhaseTimes(), gpuNs: GPUTimes = GPUTimes()
    ) {
        self.index = index
        self.timestampNs = timestampNs
        self.frameTimeNs = frameTimeNs
        self.cpuNs = cpuNs
        self.gpuNs = gpuNs
    }
}

extension FrameSample {
    /// Samples built from bare frame times (in nanoseconds), with timestamps accumulated from them;
    /// handy for tests and for tools that only have frame times.
    public static func fromFrameTimes(_ frameTimesNs: [Nanoseconds]) -> [FrameSample] {
        var t: Nanoseconds = 0
        return frameTimesNs.enumerated().map { i, ft in
            t += ft
            return FrameSample(index: i, timestampNs: t, frameTimeNs: ft)
        }
    }
}

extension String {
    /// `overlay_layout` → `overlay layout`.
    func replacingUnderscores() -> String { String(map { $0 == "_" ? " " : $0 }) }
}
