// The per-frame CSV: PresentMon 1.x column names first (CapFrameX finds columns by name, needs the header to
// start with `Application`, and reads TimeInSeconds, MsBetweenPresents, Dropped, MsInPresentAPI, Runtime,
// SyncInterval, AllowsTearing, PresentMode), then our own snake_case columns. Display-side PresentMon columns
// (MsBetweenDisplayChange, MsUntilDisplayed, MsUntilRenderComplete) are left out: we do not observe the display,
// and PresentMon itself omits them when display tracking is off.
import GlasspaneCore

/// Writes the per-frame CSV (`--csv`).
public struct FrameCSV: Sendable {
    /// The process name in the `Application` column (commas, quotes and line breaks become `_`).
    public var application: String
    /// The `ProcessID` column.
    public var processID: Int32
    /// The `Runtime` column (PresentMon writes DXGI, D3D9, ...; ours is OpenGL).
    public var runtime: String
    /// The `SyncInterval` column: 0 for uncapped runs (the bench's default), 1 with vsync.
    public var syncInterval: Int
    /// The run issued no GPU timer queries (`--no-gpu-timing`): the GPU columns read `off` instead of being empty
    /// (empty means "no result for this frame" from a run that did time).
    public var gpuTimingOff: Bool

    /// The PresentMon-compatible columns, in PresentMon 1.6's order.
    public static let presentMonColumns = [
        "Application", "ProcessID", "SwapChainAddress", "Runtime", "SyncInterval", "PresentFlags", "AllowsTearing",
        "PresentMode", "Dropped", "TimeInSeconds", "MsBetweenPresents", "MsInPresentAPI",
    ]

    /// Our own columns: frame index, CPU µs per phase, the overlay total, GPU µs per pass (empty when not measured).
    public static let glasspaneColumns: [String] =
        ["frame_index"] + FramePhase.allCases.map { "phase_\($0.key)_us" } + ["phase_overlay_us"]
        + GPUPass.allCases.map { "gpu_\($0.key)_us" }

    /// Every column, in file order.
    public static let columns = presentMonColumns + glasspaneColumns

    /// The header line (without newline).
    public static var header: String { columns.joined(separator: ",") }

    /// Creates a writer; `processID` defaults to 0 (unknown), `syncInterval` to 0 (uncapped), GPU timing to on.
    public init(application: String = "glasspane", processID: Int32 = 0, runtime: String = "OpenGL", syncInterval: Int = 0,
                gpuTimingOff: Bool = false) {
        self.gpuTimingOff = gpuTimingOff
        self.application = application
        self.processID = processID
        self.runtime = runtime
        self.syncInterval = syncInterval
    }

    /// One data line (without newline) for a sample.
    public func line(for sample: FrameSample) -> String {
        var cells: [String] = [
            Self.sanitized(application), String(processID), "0x0000000000000000", Self.sanitized(runtime),
            String(syncInterval), "0", syncInterval == 0 ? "1" : "0", "Unknown", "0",
            FixedPoint.seconds(ns: sample.timestampNs, decimals: 9),
            FixedPoint.ms(ns: sample.frameTimeNs, decimals: 6),
            FixedPoint.ms(ns: sample.cpuNs[.present], decimals: 6),
            String(sample.index),
        ]
        cells.reserveCapacity(Self.columns.count)
        for phase in FramePhase.allCases { cells.append(FixedPoint.us(ns: sample.cpuNs[phase])) }
        cells.append(FixedPoint.us(ns: sample.cpuNs.overlayTotal))
        for pass in GPUPass.allCases {
            cells.append(gpuTimingOff ? "off" : sample.gpuNs[pass].map { FixedPoint.us(ns: $0) } ?? "")
        }
        return cells.joined(separator: ",")
    }

    /// The whole CSV text: header plus one line per sample, each ending with a newline.
    public func csv(for samples: [FrameSample]) -> String {
        var text = Self.header + "\n"
        for sample in samples { text += line(for: sample) + "\n" }
        return text
    }

    /// Writes the CSV to `path`, creating parent directories.
    public func write(_ samples: [FrameSample], to path: String) throws(BenchError) {
        try BenchFiles.write(csv(for: samples), to: path)
    }

    /// Replaces characters that would break an unquoted CSV cell (CapFrameX splits on every comma).
    static func sanitized(_ text: String) -> String {
        String(text.map { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" ? "_" : $0 })
    }
}
