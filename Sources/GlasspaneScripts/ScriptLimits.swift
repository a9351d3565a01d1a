// Every size, count and number a script may hold, stated once and checked before the work it bounds
// (docs/scripts.md "Limits" lists them). A value outside its range is an `out-of-range` error naming the field,
// the range and FILE:LINE; a file, line or total over its limit is `limit-exceeded`.
import GlasspaneCore

/// Limits on a script as a whole; the defaults suit hand-written scripts and hour-long recordings alike.
public struct ScriptLimits: Hashable, Sendable {
    /// The largest script file, in bytes (checked before it is read).
    public var maxScriptBytes: Int
    /// The longest line, in bytes (checked before the line is parsed).
    public var maxLineBytes: Int
    /// The most non-blank lines (events, actions, timing lines) in one script.
    public var maxLines: Int
    /// The deepest JSON nesting in a line (the line's own object is level 1).
    public var maxDepth: Int
    /// The last frame any line may reach, waits and drags included (about 46 hours at 60 Hz).
    public var maxFrameIndex: Int
    /// How many problems are listed before the rest are only counted.
    public var maxReportedErrors: Int

    /// Creates limits (defaults: 64 MiB, 64 KiB lines, 1,000,000 lines, depth 64, frame 10,000,000, 100 errors).
    public init(maxScriptBytes: Int = 64 << 20, maxLineBytes: Int = 64 << 10, maxLines: Int = 1_000_000,
                maxDepth: Int = 64, maxFrameIndex: Int = 10_000_000, maxReportedErrors: Int = 100) {
        self.maxScriptBytes = maxScriptBytes; self.maxLineBytes = maxLineBytes; self.maxLines = maxLines
        self.maxDepth = maxDepth; self.maxFrameIndex = maxFrameIndex; self.maxReportedErrors = maxReportedErrors
    }

    /// The JSON limits each line is parsed with.
    var lineJSON: JSONLimits {
        JSONLimits(maxBytes: maxLineBytes, maxDepth: maxDepth, maxStringBytes: maxLineBytes, maxValues: maxLineBytes,
                   maxNumberBytes: 64)
    }
}

/// The stated range of every numeric field (docs/scripts.md "Limits").
enum ScriptRanges {
    /// `version`.
    static let version = 1...1_000
    /// `window.width`, `window.height`, resize `size` (points), and `resize.pixels` / drawable size (pixels).
    static let windowSide = 1.0...16_384.0
    /// The largest drawable side in pixels (a 16384 x 16384 read-back is 1 GiB).
    static let pixelSide = 1...16_384
    /// `window.scale`.
    static let scale = 0.1...8.0
    /// `step_hz`.
    static let stepHz = 1...10_000
    /// `max_steps_per_frame`.
    static let maxStepsPerFrame = 1...1_000
    /// `frame_ns` and every `ns` of a timing line: up to 10 s per frame.
    static let frameNanoseconds = 0...10_000_000_000
    /// `t` (nanoseconds since the start): up to 10^15 ns, about 11.5 days (the last frame at 60 Hz is 46 hours).
    static let time = 0...1_000_000_000_000_000
    /// `drag.frames`.
    static let dragFrames = 1...10_000
    /// How long a `pad` line may hold its button (frames; 0: released in the same frame).
    static let padHoldFrames = 0...10_000
    /// Frames a stick line holds its position before it returns to the center.
    static let padStickFrames = 1...10_000
    /// A `scroll` line's `to` coordinates, points (a list of 10,000,000 rows of 100 points is 10^9 tall).
    static let scrollOffset = 0.0...1_000_000_000.0
    /// A `scroll` line's `row` (a list holds at most 10,000,000 rows, `List.maximumRowCount`).
    static let scrollRow = 0...9_999_999
    /// `pointer`.
    static let pointer = 0...1_023
    /// Any point coordinate in window points (`at`, targets) and wheel deltas.
    static let coordinate = -1_000_000.0...1_000_000.0
    /// `expect.pixel` coordinates in window points.
    static let pixelCoordinate = 0.0...16_384.0
    /// `expect.tolerance` of a pixel expectation (8-bit channel difference).
    static let pixelTolerance = 0...255
    /// `expect.tolerance` of a state expectation.
    static let stateTolerance = 0.0...1_000_000.0

    /// `0...10000000`, as messages show a range.
    static func text(_ r: ClosedRange<Int>) -> String { "\(r.lowerBound)...\(r.upperBound)" }
    /// `0.1...8`, as messages show a range.
    static func text(_ r: ClosedRange<Double>) -> String { "\(number(r.lowerBound))...\(number(r.upperBound))" }
    static func number(_ n: Double) -> String { JSONValue.number(n).description }
}
