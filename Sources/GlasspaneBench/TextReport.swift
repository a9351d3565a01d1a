// The readable summary printed at the end of `glasspane bench`.

import GlasspaneCore
extension BenchReport {
    /// The terminal summary: a headline, the frame-time and FPS figures, shares, and the per-phase table
    /// (plus GPU passes when measured). Ends with a newline.
    public func textTable() -> String {
        let s = statistics
        var out: [String] = []
        var headline = "glasspane bench: \(scenario), \(s.frameCount) frames"
        if let o = environment.options { headline += ", \(o.width)x\(o.height)\(o.headless ? ", headless" : "")" }
        out.append(headline)
        if let renderer = environment.glRenderer { out.append("GL: \(renderer)\(environment.glVersion.map { " (\($0))" } ?? "")") }
        out.append("")

        let f = s.frameMs
        out.append(TextTable(
            header: ["", "mean", "p50", "p90", "p99", "p99.9", "max"],
            rows: [["frame time (ms)"] + [f.mean, f.p50, f.p90, f.p99, f.p999, f.max].map { FixedPoint.format($0, decimals: 3) }]).render())
        out.append("")
        out.append(TextTable(
            header: ["", "average", "1% low", "0.1% low", "1% percentile", "0.1% percentile"],
            rows: [["FPS"] + [s.fps.average, s.fps.onePercentLow, s.fps.pointOnePercentLow, s.fps.onePercentPercentile,
                              s.fps.pointOnePercentPercentile].map { FixedPoint.format($0, decimals: 1) }]).render())
        out.append("")
        out.append("stutter time share: \(FixedPoint.format(s.stutterShare * 100, decimals: 2)) % (\(s.stutterFrameCount) frames)")
        out.append(
            "over \(FixedPoint.format(s.budgetMs, decimals: 2)) ms budget: \(FixedPoint.format(s.overBudgetShare * 100, decimals: 2)) % "
                + "(\(s.overBudgetFrameCount) frames)")
        out.append("")

        func row(_ name: String, _ d: DurationFigures) -> [String] {
            [name] + [d.mean, d.p50, d.p90, d.p99, d.max].map { FixedPoint.format($0, decimals: 1) }
        }
        var rows = FramePhase.allCases.compactMap { p in s.phasesUs[p].map { row(p.displayName, $0) } }
        rows.append(row("overlay (layout+paint+render)", s.overlayUs))
        out.append(TextTable(header: ["CPU phase (µs)", "mean", "p50", "p90", "p99", "max"], rows: rows).render())
        if let overlay = s.threadCPUOverlayUs {
            // The same phases on the thread's CPU clock: what the frame thread itself did (`--thread-cpu`).
            var cpuRows = FramePhase.allCases.compactMap { p in s.threadCPUPhasesUs[p].map { row(p.displayName, $0) } }
            cpuRows.append(row("overlay (layout+paint+render)", overlay))
            out.append("")
            out.append(TextTable(header: ["thread CPU (µs)", "mean", "p50", "p90", "p99", "max"], rows: cpuRows).render())
        }
        if gpuTiming == BenchReport.gpuTimingOff {
            out.append("")
            out.append("GPU timing: off (--no-gpu-timing; no timer queries were issued)")
        } else if !s.gpuUs.isEmpty {
            out.append("")
            let gpuRows = GPUPass.allCases.compactMap { p in s.gpuUs[p].map { row(p.key, $0) } }
            let header = gpuTiming == "submission_only" ? "GPU pass (µs, submission only)" : "GPU pass (µs)"
            out.append(TextTable(header: [header, "mean", "p50", "p90", "p99", "max"], rows: gpuRows).render())
            if gpuTiming == "submission_only" {
                out.append("(software rasterizer: timer queries span command submission, not rasterization; see present)")
            }
        }
        return out.joined(separator: "\n") + "\n"
    }
}
