// What the frame loop records per frame. The lead's loop fills one `FrameSample` per measured frame (warmup
// frames excluded) and hands the array to `FrameStatistics`, the report writers and the baseline comparison.
import GlasspaneCore

/// A GPU pass measured with GL timer queries, where the driver has them.
public enum GPUPass: String, CaseIterable, Codable, Sendable, Hashable {
    /// The 3D scene.
    case scene
    /// The overlay (and HUD) composited on top.
    case overlay

    /// The stable key used in JSON (`gpu_us.<key>`) and CSV (`gpu_<key>_us`) output.
    public var key: String { rawValue }
}

/// CPU nanoseconds per frame phase. Fixed inline storage rather than a dictionary or an array: no hashing and no
/// allocation in the frame loop (the bench records one per frame), and a phase that did not run simply reads 0.
public struct PhaseTimes: Sendable, Hashable, ExpressibleByDictionaryLiteral {
    /// One slot per `FramePhase.ordinal` (`FrameStatisticsTests.testPhaseTimesKeepEveryPhaseApart` checks the count
    /// against `FramePhase.allCases`).
    public static let phaseCount = 12
    @usableFromInline var storage = InlineArray<12, Nanoseconds>(repeating: 0)

    /// All phases at zero.
    public init() {}

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
    public var total: Nanoseconds {
        var sum: Nanoseconds = 0
        for i in storage.indices { sum += storage[i] }
        return sum
    }

    /// Equal when every phase is.
    public static func == (a: PhaseTimes, b: PhaseTimes) -> Bool {
        for i in a.storage.indices where a.storage[i] != b.storage[i] { return false }
        return true
    }

    /// Hashes every phase in order.
    public func hash(into hasher: inout Hasher) {
        for i in storage.indices { hasher.combine(storage[i]) }
    }
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
    /// The frame thread's CPU time per phase (`bench --thread-cpu`), nil when not measured.
    public var threadCPUNs: PhaseTimes?

    /// Creates a sample.
    public init(
        index: Int, timestampNs: Nanoseconds, frameTimeNs: Nanoseconds,
        cpuNs: PhaseTimes = PhaseTimes(), gpuNs: GPUTimes = GPUTimes(), threadCPUNs: PhaseTimes? = nil
    ) {
        self.index = index
        self.timestampNs = timestampNs
        self.frameTimeNs = frameTimeNs
        self.cpuNs = cpuNs
        self.gpuNs = gpuNs
        self.threadCPUNs = threadCPUNs
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

