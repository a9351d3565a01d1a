// `glasspane bench --runs N`: the same benchmark in N fresh processes (this binary, the same flags minus `--runs`),
// each writing its JSON report to a temporary directory; the reports are then aggregated (docs/bench.md "Several
// runs"). Fresh processes, because a run's caches, JIT'd shaders, heap and CPU frequency history would otherwise
// leak into the next one and the spread would understate the noise.
import Foundation
import GlasspaneBench

/// How one child process ended.
enum ChildExit: Equatable, Sendable {
    /// It exited with this status.
    case exited(Int32)
    /// A signal killed it.
    case signaled(Int32)
}

/// Builds the children's command lines and runs them one after the other.
enum BenchRuns {
    /// Options the parent handles itself (removed from the children's arguments, with their values).
    static let parentOptions: Set<String> = ["--runs", "--json", "--baseline", "--max-regression"]
    /// Per-run outputs: each child writes its own file, named with `.runK` before the extension.
    static let perRunOptions: Set<String> = ["--csv", "--svg", "--mangohud-csv"]

    /// `path` with `.run<run>` before its extension (`out/demo.csv` → `out/demo.run2.csv`, `out/demo` → `out/demo.run2`).
    static func perRunPath(_ path: String, run: Int) -> String {
        let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        let name = path[slash...]
        if let dot = name.lastIndex(of: "."), dot != name.startIndex {
            return String(path[..<dot]) + ".run\(run)" + String(path[dot...])
        }
        return path + ".run\(run)"
    }

    /// The child's arguments for run `run` (from 1): `arguments` (the parent's, after the executable) without the
    /// options the parent handles, with per-run output paths, plus `--json jsonPath`. Both `--opt value` and
    /// `--opt=value` forms are understood.
    static func childArguments(_ arguments: [String], run: Int, jsonPath: String) -> [String] {
        var out: [String] = []
        var i = 0
        while i < arguments.count {
            let arg = arguments[i]
            let (name, inlineValue): (String, String?) = {
                guard arg.hasPrefix("--"), let eq = arg.firstIndex(of: "=") else { return (arg, nil) }
                return (String(arg[..<eq]), String(arg[arg.index(after: eq)...]))
            }()
            if parentOptions.contains(name) {
                i += inlineValue == nil ? 2 : 1
                continue
            }
            if perRunOptions.contains(name) {
                if let value = inlineValue {
                    out.append(name + "=" + perRunPath(value, run: run))
                } else if i + 1 < arguments.count {
                    out += [name, perRunPath(arguments[i + 1], run: run)]
                    i += 1
                }
                i += 1
                continue
            }
            out.append(arg)
            i += 1
        }
        return out + ["--json", jsonPath]
    }

    /// The running executable (`/proc/self/exe`), so the children are exactly this build whatever the working directory.
    static var executablePath: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    /// Starts `executable` with `arguments`, standard output and error going to files; waits for it.
    static func launch(executable: String, arguments: [String], stdoutPath: String, stderrPath: String) throws -> ChildExit {
        _ = FileManager.default.createFile(atPath: stdoutPath, contents: nil)
        _ = FileManager.default.createFile(atPath: stderrPath, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: stdoutPath))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: stderrPath))
        try process.run()
        process.waitUntilExit()
        return process.terminationReason == .uncaughtSignal ? .signaled(process.terminationStatus) : .exited(process.terminationStatus)
    }

    /// The last `lines` non-empty lines of a file (a failed child's error output), "" when unreadable.
    static func tail(of path: String, lines: Int = 5) -> String {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return "" }
        return text.split(separator: "\n").suffix(lines).joined(separator: "\n")
    }

    /// Runs `count` children one after the other in `directory` and returns their reports in run order. Progress
    /// goes to `progress` ("run 2/5 …"). A child that fails to start, exits non-zero, is killed or writes no
    /// readable report stops the series with `runFailed` naming the run, its status and its last error lines.
    /// `launch` is injectable for tests.
    static func collect(
        count: Int, arguments: [String], directory: String, executable: String = executablePath,
        progress: (String) -> Void,
        launch: (_ executable: String, _ arguments: [String], _ stdout: String, _ stderr: String) throws -> ChildExit = launch
    ) throws(BenchError) -> [BenchReport] {
        try RunSeries.validate(runs: count)
        var reports: [BenchReport] = []
        for run in 1...count {
            let json = "\(directory)/run\(run).json", out = "\(directory)/run\(run).out", err = "\(directory)/run\(run).err"
            progress("bench: run \(run)/\(count) …")
            // A stale report must not pass for this run's.
            try? FileManager.default.removeItem(atPath: json)
            let started = DispatchTime.now().uptimeNanoseconds
            let exit: ChildExit
            do {
                exit = try launch(executable, childArguments(arguments, run: run, jsonPath: json), out, err)
            } catch {
                throw .runFailed(run: run, of: count, detail: "could not start \(executable): \(error)")
            }
            func failure(_ status: String) -> BenchError {
                let lines = tail(of: err)
                return .runFailed(run: run, of: count, detail: status + (lines.isEmpty ? "" : "; its last error output:\n" + lines))
            }
            switch exit {
            case .exited(0): break
            case .exited(let status): throw failure("it exited with status \(status)")
            case .signaled(let signal): throw failure("it was killed by signal \(signal)")
            }
            let report: BenchReport
            do { report = try BenchReport.load(path: json) } catch {
                throw failure("it exited with status 0 but its report \(json) is unusable: \(error.description)")
            }
            reports.append(report)
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
            let f = report.statistics
            progress("bench: run \(run)/\(count) done in \(FixedPoint.format(seconds, decimals: 1)) s: frame p50 "
                     + "\(FixedPoint.format(f.frameMs.p50, decimals: 3)) ms, p99 \(FixedPoint.format(f.frameMs.p99, decimals: 3)) ms, "
                     + "\(FixedPoint.format(f.fps.average, decimals: 1)) fps")
        }
        return reports
    }
}
