// Typed errors with stable identifiers: tests and scripts match `identifier`, people read `description`.

/// Everything that can go wrong while computing statistics, writing files or loading a baseline.
public enum BenchError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No frames were measured, so there is nothing to compute.
    case noSamples
    /// A statistics option is out of range (budget, stutter factor or window).
    case invalidOption(name: String, reason: String)
    /// An output file could not be written.
    case writeFailed(path: String, reason: String)
    /// The baseline file does not exist.
    case baselineNotFound(path: String)
    /// The baseline file exists but could not be read.
    case baselineUnreadable(path: String, reason: String)
    /// The baseline file is not valid JSON (or not a JSON object).
    case baselineNotJSON(path: String, reason: String)
    /// The baseline's `schema_version` is not one this build reads.
    case baselineWrongSchema(path: String, found: Int, expected: Int)
    /// A key the comparison or the schema needs is missing from the baseline.
    case baselineMissingKey(path: String, key: String)
    /// A key in the baseline holds a value of the wrong type.
    case baselineBadValue(path: String, key: String, reason: String)
    /// A metric named for comparison is not a comparable metric of the schema.
    case unknownMetric(key: String)
    /// A metric named for comparison is missing from the current run (e.g. GPU times on a driver without them).
    case metricUnavailable(key: String)
    /// `--max-regression` is negative or not a number.
    case invalidThreshold(percent: Double)
    /// `--runs N` is outside the allowed range.
    case runCountOutOfRange(runs: Int, allowed: ClosedRange<Int>)
    /// One run of `--runs N` (a child process) failed: it exited with a non-zero status, was killed by a signal, or
    /// wrote no readable report. `run` counts from 1; `detail` is the status and the end of its error output.
    case runFailed(run: Int, of: Int, detail: String)

    /// A stable identifier for the error kind.
    public var identifier: String {
        switch self {
        case .noSamples: "bench.no-samples"
        case .invalidOption: "bench.invalid-option"
        case .writeFailed: "bench.write-failed"
        case .baselineNotFound: "bench.baseline-not-found"
        case .baselineUnreadable: "bench.baseline-unreadable"
        case .baselineNotJSON: "bench.baseline-not-json"
        case .baselineWrongSchema: "bench.baseline-wrong-schema"
        case .baselineMissingKey: "bench.baseline-missing-key"
        case .baselineBadValue: "bench.baseline-bad-value"
        case .unknownMetric: "bench.unknown-metric"
        case .metricUnavailable: "bench.metric-unavailable"
        case .invalidThreshold: "bench.invalid-threshold"
        case .runCountOutOfRange: "bench.run-count-out-of-range"
        case .runFailed: "bench.run-failed"
        }
    }

    /// The process exit status the CLI should use for this error (a regression uses 1; errors use 2).
    public var exitCode: Int32 { 2 }

    /// A message for people, naming the file and key where there is one.
    public var description: String {
        switch self {
        case .noSamples:
            "no frames were measured; nothing to report"
        case .invalidOption(let name, let reason):
            "invalid statistics option \(name): \(reason)"
        case .writeFailed(let path, let reason):
            "cannot write \(path): \(reason)"
        case .baselineNotFound(let path):
            "baseline file \(path) does not exist"
        case .baselineUnreadable(let path, let reason):
            "baseline file \(path) cannot be read: \(reason)"
        case .baselineNotJSON(let path, let reason):
            "baseline file \(path) is not a JSON bench report: \(reason)"
        case .baselineWrongSchema(let path, let found, let expected):
            "baseline file \(path) has schema_version \(found); this build reads schema_version \(expected)"
        case .baselineMissingKey(let path, let key):
            "baseline file \(path) has no key \(key)"
        case .baselineBadValue(let path, let key, let reason):
            "baseline file \(path): key \(key) has a bad value: \(reason)"
        case .unknownMetric(let key):
            "\(key) is not a comparable metric (see docs/bench.md)"
        case .metricUnavailable(let key):
            "metric \(key) is not available in this run"
        case .invalidThreshold(let percent):
            "--max-regression must be a non-negative percentage, got \(percent)"
        case .runCountOutOfRange(let runs, let allowed):
            "--runs must be from \(allowed.lowerBound) to \(allowed.upperBound), got \(runs)"
        case .runFailed(let run, let count, let detail):
            "run \(run) of \(count) failed: \(detail)"
        }
    }
}
