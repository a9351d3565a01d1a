// The JSON report: a stable, versioned schema (docs/bench.md). `schema_version` is read first, so a file from
// another version is rejected with a clear error instead of being half-understood.
import GlasspaneCore
import Foundation

/// A run's statistics plus where and how it ran: what `--json` writes and `--baseline` reads.
public struct BenchReport: Sendable, Equatable {
    /// The schema version this build writes and reads.
    public static let schemaVersion = 2

    /// The file's schema version (always `BenchReport.schemaVersion` for reports made by this build).
    public var schemaVersion: Int
    /// The scenario name (`cube`, `demo`, `stress`, or the caller's own).
    public var scenario: String
    /// Every computed figure.
    public var statistics: FrameStatistics
    /// Machine, build and options.
    public var environment: BenchEnvironment
    /// What the `gpu_us` figures measure: `submission_only` on a software rasterizer (llvmpipe, softpipe, swrast),
    /// where a timer query spans the CPU's command submission rather than the rasterization; `gpu` otherwise;
    /// `off` (`gpuTimingOff`) when the run issued no timer queries (`--no-gpu-timing`); nil when no GPU figures were
    /// measured for another reason (a driver without timer queries).
    public var gpuTiming: String?
    /// The `gpu_timing` of a run made without timer queries (`--no-gpu-timing`): its `gpu_us` is absent because
    /// nothing was measured.
    public static let gpuTimingOff = "off"
    /// The single runs behind an aggregated report (`glasspane bench --runs N`, `BenchReport.aggregate(runs:)`),
    /// in run order; empty for a report of one run.
    public var runs: [BenchReport] = []

    /// The `gpu_timing` value for a GL renderer string.
    public static func gpuTiming(renderer: String?) -> String {
        SoftwareRasterizer.isNamed(by: renderer) ? "submission_only" : "gpu"
    }

    /// Creates a report of the current schema version.
    public init(scenario: String, statistics: FrameStatistics, environment: BenchEnvironment) {
        self.schemaVersion = BenchReport.schemaVersion
        self.scenario = scenario
        self.statistics = statistics
        self.environment = environment
        gpuTiming = statistics.gpuUs.isEmpty ? nil : Self.gpuTiming(renderer: environment.glRenderer)
    }

    /// The JSON text: pretty-printed, keys sorted, figures rounded (ms to the ns, µs to the ns, FPS to 0.001,
    /// shares to 1e-6) so diffs of two reports stay readable. Ends with a newline.
    public func jsonString() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding plain structs of finite numbers and strings cannot fail; a failure is a programming error.
        let data = try! encoder.encode(self)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// Writes the JSON report to `path`, creating parent directories.
    public func writeJSON(to path: String) throws(BenchError) {
        try BenchFiles.write(jsonString(), to: path)
    }

    /// Loads a report from a JSON file, with errors that name the file and the key.
    public static func load(path: String) throws(BenchError) -> BenchReport {
        guard FileManager.default.fileExists(atPath: path) else { throw .baselineNotFound(path: path) }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .baselineUnreadable(path: path, reason: String(describing: error))
        }
        return try decode(data, path: path)
    }

    /// Decodes a report from JSON bytes; `path` only names the source in errors.
    public static func decode(_ data: Data, path: String) throws(BenchError) -> BenchReport {
        // The header first: an object with an integer schema_version we know.
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw .baselineNotJSON(path: path, reason: "invalid JSON")
        }
        guard let root = object as? [String: Any] else {
            throw .baselineNotJSON(path: path, reason: "the top level is not a JSON object")
        }
        guard root["schema_version"] != nil else { throw .baselineMissingKey(path: path, key: "schema_version") }
        let header: Header
        do {
            header = try JSONDecoder().decode(Header.self, from: data)
        } catch {
            throw .baselineBadValue(path: path, key: "schema_version", reason: "expected an integer")
        }
        guard header.schemaVersion == schemaVersion else {
            throw .baselineWrongSchema(path: path, found: header.schemaVersion, expected: schemaVersion)
        }
        // Then the body of that version.
        do {
            return try JSONDecoder().decode(BenchReport.self, from: data)
        } catch let error as DecodingError {
            throw map(error, path: path)
        } catch {
            throw .baselineNotJSON(path: path, reason: String(describing: error))
        }
    }

    /// The versioned header, decoded before the body.
    struct Header: Decodable {
        var schemaVersion: Int
        enum CodingKeys: String, CodingKey { case schemaVersion = "schema_version" }
    }

    /// Turns a decoding error into one naming the dotted key (`frame_ms.p50`).
    static func map(_ error: DecodingError, path: String) -> BenchError {
        func dotted(_ codingPath: [any CodingKey]) -> String {
            codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context):
            return .baselineMissingKey(path: path, key: dotted(context.codingPath + [key]))
        case .valueNotFound(_, let context):
            return .baselineBadValue(path: path, key: dotted(context.codingPath), reason: "value is null")
        case .typeMismatch(let type, let context):
            return .baselineBadValue(path: path, key: dotted(context.codingPath), reason: "expected \(type)")
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty
                ? .baselineNotJSON(path: path, reason: context.debugDescription)
                : .baselineBadValue(path: path, key: dotted(context.codingPath), reason: context.debugDescription)
        @unknown default:
            return .baselineNotJSON(path: path, reason: String(describing: error))
        }
    }
}

extension BenchReport: Codable {
    enum CodingKeys: String, CodingKey {
        case schemaVersion = "schema_version"
        case scenario
        case frameCount = "frame_count"
        case totalTimeMs = "total_time_ms"
        case budgetMs = "budget_ms"
        case frameMs = "frame_ms"
        case fps
        case lowFrameCounts = "low_frame_counts"
        case stutterShare = "stutter_share"
        case stutterFrameCount = "stutter_frame_count"
        case overBudgetShare = "over_budget_share"
        case overBudgetFrameCount = "over_budget_frame_count"
        case phasesUs = "phases_us"
        case phasesThreadCPUUs = "phases_thread_cpu_us"
        case gpuUs = "gpu_us"
        case gpuTiming = "gpu_timing"
        case environment
        case runs
        case runSpread = "run_spread"
    }

    /// How many frames the 1% / 0.1% lows averaged (`low_frame_counts`).
    struct LowFrameCounts: Codable {
        var onePercent: Int
        var pointOnePercent: Int
        enum CodingKeys: String, CodingKey {
            case onePercent = "one_percent_low"
            case pointOnePercent = "point_one_percent_low"
        }
    }

    /// The key of the overlay total inside `phases_us`.
    static let overlayKey = "overlay"

    /// Encodes the flat, documented schema.
    public func encode(to encoder: any Encoder) throws {
        let s = statistics
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(schemaVersion, forKey: .schemaVersion)
        try c.encode(scenario, forKey: .scenario)
        try c.encode(s.frameCount, forKey: .frameCount)
        try c.encode(Rounding.ms(s.totalTimeMs), forKey: .totalTimeMs)
        try c.encode(Rounding.ms(s.budgetMs), forKey: .budgetMs)
        try c.encode(Rounding.ms(s.frameMs), forKey: .frameMs)
        try c.encode(Rounding.fps(s.fps), forKey: .fps)
        try c.encode(
            LowFrameCounts(onePercent: s.onePercentLowFrameCount, pointOnePercent: s.pointOnePercentLowFrameCount),
            forKey: .lowFrameCounts)
        try c.encode(Rounding.share(s.stutterShare), forKey: .stutterShare)
        try c.encode(s.stutterFrameCount, forKey: .stutterFrameCount)
        try c.encode(Rounding.share(s.overBudgetShare), forKey: .overBudgetShare)
        try c.encode(s.overBudgetFrameCount, forKey: .overBudgetFrameCount)
        var phases: [String: DurationFigures] = [Self.overlayKey: Rounding.us(s.overlayUs)]
        for (phase, figures) in s.phasesUs { phases[phase.key] = Rounding.us(figures) }
        try c.encode(phases, forKey: .phasesUs)
        if let overlay = s.threadCPUOverlayUs {
            var threadCPU: [String: DurationFigures] = [Self.overlayKey: Rounding.us(overlay)]
            for (phase, figures) in s.threadCPUPhasesUs { threadCPU[phase.key] = Rounding.us(figures) }
            try c.encode(threadCPU, forKey: .phasesThreadCPUUs)
        }
        if !s.gpuUs.isEmpty {
            var gpu: [String: DurationFigures] = [:]
            for (pass, figures) in s.gpuUs { gpu[pass.key] = Rounding.us(figures) }
            try c.encode(gpu, forKey: .gpuUs)
        }
        // With figures it says what they measure; without, `off` says none were taken (`--no-gpu-timing`).
        if !s.gpuUs.isEmpty || gpuTiming == Self.gpuTimingOff { try c.encodeIfPresent(gpuTiming, forKey: .gpuTiming) }
        try c.encode(environment, forKey: .environment)
        if !runs.isEmpty {
            try c.encode(runs, forKey: .runs)
            var spreads: [String: SpreadFigures] = [:]
            for (key, s) in runSpreads { spreads[key] = SpreadFigures(s, decimals: Self.decimals(of: key)) }
            try c.encode(spreads, forKey: .runSpread)
        }
    }

    /// `run_spread.<metric>` in the file: the spread rounded like the metric.
    struct SpreadFigures: Encodable {
        var median, min, max, mad: Double
        var values: [Double]
        init(_ s: RunSpread, decimals: Int) {
            median = Rounding.round(s.median, decimals: decimals); min = Rounding.round(s.min, decimals: decimals)
            max = Rounding.round(s.max, decimals: decimals); mad = Rounding.round(s.mad, decimals: decimals)
            values = s.values.map { Rounding.round($0, decimals: decimals) }
        }
    }

    /// The decimals a metric is written with: ms and shares 6, µs and FPS 3.
    static func decimals(of key: String) -> Int { key.hasPrefix("frame_ms") || key.hasSuffix("_share") ? 6 : 3 }

    /// Decodes the schema; every phase and the overlay total must be present, GPU passes are optional.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        schemaVersion = try c.decode(Int.self, forKey: .schemaVersion)
        scenario = try c.decode(String.self, forKey: .scenario)
        let phases = try c.decode([String: DurationFigures].self, forKey: .phasesUs)
        var phasesUs: [FramePhase: DurationFigures] = [:]
        for phase in FramePhase.allCases {
            guard let figures = phases[phase.key] else {
                throw DecodingError.keyNotFound(
                    AnyKey(phase.key), .init(codingPath: [CodingKeys.phasesUs], debugDescription: "missing phase"))
            }
            phasesUs[phase] = figures
        }
        guard let overlay = phases[Self.overlayKey] else {
            throw DecodingError.keyNotFound(
                AnyKey(Self.overlayKey), .init(codingPath: [CodingKeys.phasesUs], debugDescription: "missing overlay total"))
        }
        var gpuUs: [GPUPass: DurationFigures] = [:]
        // Unknown pass names are ignored so a newer writer's extra passes do not break older readers.
        for (key, figures) in try c.decodeIfPresent([String: DurationFigures].self, forKey: .gpuUs) ?? [:] {
            if let pass = GPUPass(rawValue: key) { gpuUs[pass] = figures }
        }
        let lows = try c.decode(LowFrameCounts.self, forKey: .lowFrameCounts)
        let frameMs = try c.decode(FrameTimeFigures.self, forKey: .frameMs)
        var fps = try c.decode(FPSFigures.self, forKey: .fps)
        // Reports written before the percentile FPS existed: derive them from the frame-time percentiles.
        if fps.onePercentPercentile == 0 { fps.onePercentPercentile = FPSFigures.fps(frameMs: frameMs.p99) }
        if fps.pointOnePercentPercentile == 0 { fps.pointOnePercentPercentile = FPSFigures.fps(frameMs: frameMs.p999) }
        gpuTiming = try c.decodeIfPresent(String.self, forKey: .gpuTiming)
        statistics = FrameStatistics(
            frameCount: try c.decode(Int.self, forKey: .frameCount),
            totalTimeMs: try c.decode(Double.self, forKey: .totalTimeMs),
            budgetMs: try c.decode(Double.self, forKey: .budgetMs),
            frameMs: frameMs,
            fps: fps,
            onePercentLowFrameCount: lows.onePercent,
            pointOnePercentLowFrameCount: lows.pointOnePercent,
            stutterShare: try c.decode(Double.self, forKey: .stutterShare),
            stutterFrameCount: try c.decode(Int.self, forKey: .stutterFrameCount),
            overBudgetShare: try c.decode(Double.self, forKey: .overBudgetShare),
            overBudgetFrameCount: try c.decode(Int.self, forKey: .overBudgetFrameCount),
            phasesUs: phasesUs, overlayUs: overlay, gpuUs: gpuUs)
        // Optional (`--thread-cpu`); unknown phase names are ignored, as for `gpu_us`.
        if let threadCPU = try c.decodeIfPresent([String: DurationFigures].self, forKey: .phasesThreadCPUUs) {
            for (key, figures) in threadCPU {
                if let phase = FramePhase.allCases.first(where: { $0.key == key }) {
                    statistics.threadCPUPhasesUs[phase] = figures
                }
            }
            statistics.threadCPUOverlayUs = threadCPU[Self.overlayKey]
        }
        environment = try c.decode(BenchEnvironment.self, forKey: .environment)
        // `run_spread` is derived from the runs, so it is not read back.
        runs = try c.decodeIfPresent([BenchReport].self, forKey: .runs) ?? []
    }
}

/// A coding key made from a string, for errors about dictionary entries.
struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// Rounding of figures for the JSON file, so it shows meaningful digits only.
enum Rounding {
    static func round(_ x: Double, decimals: Int) -> Double {
        guard x.isFinite else { return x }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        return (x * scale).rounded() / scale
    }
    static func ms(_ x: Double) -> Double { round(x, decimals: 6) }
    static func share(_ x: Double) -> Double { round(x, decimals: 6) }
    static func ms(_ f: FrameTimeFigures) -> FrameTimeFigures {
        FrameTimeFigures(mean: ms(f.mean), min: ms(f.min), p50: ms(f.p50), p90: ms(f.p90), p99: ms(f.p99), p999: ms(f.p999), max: ms(f.max))
    }
    static func fps(_ f: FPSFigures) -> FPSFigures {
        FPSFigures(
            average: round(f.average, decimals: 3), onePercentLow: round(f.onePercentLow, decimals: 3),
            pointOnePercentLow: round(f.pointOnePercentLow, decimals: 3),
            onePercentPercentile: round(f.onePercentPercentile, decimals: 3),
            pointOnePercentPercentile: round(f.pointOnePercentPercentile, decimals: 3))
    }
    static func us(_ f: DurationFigures) -> DurationFigures {
        DurationFigures(
            mean: round(f.mean, decimals: 3), p50: round(f.p50, decimals: 3), p90: round(f.p90, decimals: 3),
            p99: round(f.p99, decimals: 3), max: round(f.max, decimals: 3))
    }
}

/// File output shared by the writers.
public enum BenchFiles {
    /// Writes `text` to `path` as UTF-8, creating parent directories.
    public static func write(_ text: String, to path: String) throws(BenchError) {
        let url = URL(fileURLWithPath: path)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url, options: .atomic)
        } catch {
            throw .writeFailed(path: path, reason: String(describing: error))
        }
    }
}
