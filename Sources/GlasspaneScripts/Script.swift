// A loaded, validated script: what `glasspane replay` reads before the first frame.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GlasspaneCore

/// A parsed input script: header, frame durations and line actions, all validated.
public struct Script: Hashable, Sendable {
    /// The file name used in messages.
    public var file: String
    /// The header (line 1).
    public var header: ScriptHeader
    /// Action lines in file order; their frames never decrease.
    public var lines: [ScriptLine]
    /// Frame-duration runs from `frames` lines, in frame order, not overlapping.
    public var timing: [FrameDurationRun]
    /// Warnings that did not stop loading (a dropped partial last line).
    public var warnings: [ScriptDiagnostic]
    /// The last frame the script runs (frames 0...lastFrameIndex are played).
    public var lastFrameIndex: Int

    /// Creates a script from parts (the parser and tests use this).
    public init(file: String, header: ScriptHeader, lines: [ScriptLine], timing: [FrameDurationRun],
                warnings: [ScriptDiagnostic] = [], lastFrameIndex: Int) {
        self.file = file; self.header = header; self.lines = lines; self.timing = timing
        self.warnings = warnings; self.lastFrameIndex = lastFrameIndex
    }

    /// Parses script text; throws every bad line at once (`ScriptErrors`, up to `limits.maxReportedErrors`).
    public static func parse(_ text: String, file: String = "<script>", limits: ScriptLimits = ScriptLimits()) throws(ScriptErrors) -> Script {
        var parser = ScriptParser(file: file, limits: limits)
        return try parser.parse(text)
    }

    /// Parses a script's bytes: a line that is not UTF-8 is an `invalid-utf8` error at its FILE:LINE.
    public static func parse(bytes: [UInt8], file: String = "<script>", limits: ScriptLimits = ScriptLimits()) throws(ScriptErrors) -> Script {
        var parser = ScriptParser(file: file, limits: limits)
        let result = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(ScriptErrors) in try parser.parse(bytes: buffer) }
        }
        return try result.get()
    }

    /// Reads and parses a file; a file that cannot be read is an `unreadable-file` error, one over
    /// `limits.maxScriptBytes` a `limit-exceeded` error before it is read.
    public static func load(path: String, limits: ScriptLimits = ScriptLimits()) throws(ScriptErrors) -> Script {
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size > limits.maxScriptBytes {
            throw ScriptErrors([ScriptDiagnostic(kind: .limitExceeded, file: path, line: 0,
                                                 message: "the script is \(size) bytes, over the \(limits.maxScriptBytes)-byte limit")])
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ScriptErrors([ScriptDiagnostic(kind: .unreadableFile, file: path, line: 0,
                                                 message: "cannot read the script file")])
        }
        return try parse(bytes: [UInt8](data), file: path, limits: limits)
    }

    /// Number of frames the script plays.
    public var frameCount: Int { lastFrameIndex + 1 }

    /// The duration (nanoseconds) to feed the fixed-step accumulator for a frame: from the `frames` line that
    /// covers it, else the header's `frame_ns`.
    public func frameDuration(_ frame: Int) -> Nanoseconds {
        var lo = 0, hi = timing.count - 1
        while lo <= hi {
            let mid = (lo + hi) / 2
            let run = timing[mid]
            if frame < run.first { hi = mid - 1 } else if frame > run.last { lo = mid + 1 } else { return run.duration(ofFrame: frame) }
        }
        return header.defaultFrameDuration
    }

    /// Every view identifier the script names (click/drag targets, view expectations).
    public var viewIdentifiers: Set<String> {
        Set(lines.flatMap { Script.identifiers(in: $0.action) })
    }

    /// Checks every view identifier against the views that exist at frame 0; throws one `unknown-view`
    /// diagnostic per offending line, each listing every known identifier (up to 100 problems, then a count).
    public func validateIdentifiers(_ known: Set<String>, maxReportedErrors: Int = 100) throws(ScriptErrors) {
        var problems: [ScriptDiagnostic] = []
        var unlisted = 0
        let list = known.sorted().joined(separator: ", ")
        for line in lines {
            for id in Script.identifiers(in: line.action) where !known.contains(id) {
                guard problems.count < maxReportedErrors else { unlisted += 1; continue }
                problems.append(ScriptDiagnostic(kind: .unknownView, file: file, line: line.line, field: nil,
                                                 message: "unknown view identifier '\(id)' (known: \(list.isEmpty ? "none" : list))"))
            }
        }
        if unlisted > 0 {
            problems.append(ScriptDiagnostic(kind: .moreErrors, file: file, line: 0,
                                             message: "\(unlisted) more errors not listed (the report stops at \(maxReportedErrors))"))
        }
        if !problems.isEmpty { throw ScriptErrors(problems) }
    }

    /// All expectations, in line order.
    public var expectations: [ScriptExpectation] {
        lines.compactMap { l in
            if case .expect(let k) = l.action { return ScriptExpectation(kind: k, frame: l.frame, file: file, line: l.line) }
            return nil
        }
    }

    static func identifiers(in action: ScriptAction) -> [String] {
        switch action {
        case .click(let t, _): [t.viewIdentifier].compactMap { $0 }
        case .drag(let a, let b, _, _): [a.viewIdentifier, b.viewIdentifier].compactMap { $0 }
        case .expect(.viewProperty(let v, _, _)): [v]
        case .scroll(let v, _, _): [v]
        default: []
        }
    }
}
