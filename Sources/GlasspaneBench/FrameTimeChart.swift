// An SVG chart of frame times, built as a string (no dependencies): the frame-time trace, dashed lines at the
// median and P99 (and the budget when it is in range), labelled axes with ticks; the frame-time percentile curve;
// FPS over time; the environment. Long runs are decimated to the min and max of each pixel column, so spikes stay
// visible and the file stays small.
import Foundation
import GlasspaneCore

/// Renders the frame-time chart (`--svg`): the frame-time trace on top; below it the frame-time percentile curve and
/// FPS over time; at the bottom a box with the environment (commit, GL, CPU, frame size, MSAA, date).
public struct FrameTimeChart: Sendable {
    /// Image width in pixels.
    public var width: Int
    /// Image height in pixels.
    public var height: Int
    /// The chart's title.
    public var title: String

    /// Margins of the trace: room for tick labels, axis titles and the title; the right one holds the labels of
    /// the reference lines.
    static let left = 64.0, right = 112.0, top = 36.0, bottom = 48.0
    /// The environment box: a heading and six lines.
    static let lineHeight = 16.0, environmentHeight = 8 * 16.0
    /// Default font size of the document (tick labels, reference labels, environment lines).
    static let fontSize = 11.0

    /// Creates a chart description; the size defaults to 960×820.
    public init(width: Int = 960, height: Int = 820, title: String = "Frame times") {
        self.width = width
        self.height = height
        self.title = title
    }

    /// A plot area in pixels.
    struct Plot {
        var x: Double, y: Double, width: Double, height: Double
        var maxX: Double { x + width }
        var maxY: Double { y + height }
    }

    /// Where each part goes: the trace on the first row, percentiles and FPS side by side on the second, the
    /// environment box last. Rows keep 48 px under each plot for tick labels and the axis title, 28 px above the
    /// second row for the panel titles.
    var layout: (trace: Plot, percentiles: Plot, fps: Plot, environment: Plot) {
        let w = Double(width), h = Double(height)
        let rows = max(80, (h - Self.top - Self.environmentHeight - 16 - Self.bottom - 28 - Self.bottom - 8) / 2)
        let trace = Plot(x: Self.left, y: Self.top, width: w - Self.left - Self.right, height: rows)
        let secondTop = trace.maxY + Self.bottom + 28
        let half = (w - Self.left - 40 - 120) / 2
        let percentiles = Plot(x: Self.left, y: secondTop, width: half, height: rows)
        let fps = Plot(x: Self.left + half + 120, y: secondTop, width: half, height: rows)
        let environment = Plot(x: Self.left, y: secondTop + rows + Self.bottom + 8, width: w - Self.left - 40, height: Self.environmentHeight)
        return (trace, percentiles, fps, environment)
    }

    /// The SVG document for `samples`: the trace with lines at the statistics' median, P99 and budget, the
    /// percentile curve, FPS over time and the environment box (values not recorded read "unknown").
    public func svg(samples: [FrameSample], statistics: FrameStatistics, environment: BenchEnvironment? = nil) -> String {
        let l = layout
        let times = samples.map { Double($0.frameTimeNs) / 1e6 }
        var s = ""
        s += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\" font-family=\"sans-serif\" font-size=\"\(Int(Self.fontSize))\">\n"
        s += "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
        s += "<text x=\"\(f(Double(width) / 2))\" y=\"20\" text-anchor=\"middle\" font-size=\"14\">\(Self.escaped(title))</text>\n"
        s += trace(times, statistics: statistics, in: l.trace)
        s += percentileCurve(times, in: l.percentiles)
        s += fpsOverTime(samples, statistics: statistics, in: l.fps)
        s += environmentBox(environment ?? BenchEnvironment(), in: l.environment)
        s += "</svg>\n"
        return s
    }

    /// Writes the SVG to `path`, creating parent directories.
    public func write(samples: [FrameSample], statistics: FrameStatistics, environment: BenchEnvironment? = nil,
                      to path: String) throws(BenchError) {
        try BenchFiles.write(svg(samples: samples, statistics: statistics, environment: environment), to: path)
    }

    private func f(_ v: Double) -> String { FixedPoint.format(v, decimals: 1) }

    /// Axes, a horizontal grid and y tick labels from 0 to `yTop`, the axis titles; `y` maps a value to pixels.
    private func axes(_ p: Plot, yTop: Double, yTitle: String, xTitle: String) -> String {
        var s = ""
        let yStep = Self.niceStep(yTop / 5)
        func y(_ v: Double) -> Double { p.maxY - min(max(v, 0), yTop) / yTop * p.height }
        var tick = 0.0
        while tick <= yTop + yStep * 1e-6 {
            s += "<line x1=\"\(f(p.x))\" y1=\"\(f(y(tick)))\" x2=\"\(f(p.maxX))\" y2=\"\(f(y(tick)))\" stroke=\"#e0e0e0\"/>\n"
            s += "<text x=\"\(f(p.x - 6))\" y=\"\(f(y(tick) + 4))\" text-anchor=\"end\">\(Self.label(tick, step: yStep))</text>\n"
            tick += yStep
        }
        s += "<line x1=\"\(f(p.x))\" y1=\"\(f(p.y))\" x2=\"\(f(p.x))\" y2=\"\(f(p.maxY))\" stroke=\"black\"/>\n"
        s += "<line x1=\"\(f(p.x))\" y1=\"\(f(p.maxY))\" x2=\"\(f(p.maxX))\" y2=\"\(f(p.maxY))\" stroke=\"black\"/>\n"
        s += "<text x=\"\(f(p.x + p.width / 2))\" y=\"\(f(p.maxY + 38))\" text-anchor=\"middle\">\(Self.escaped(xTitle))</text>\n"
        let cx = p.x - 48, cy = p.y + p.height / 2
        s += "<text x=\"\(f(cx))\" y=\"\(f(cy))\" text-anchor=\"middle\" transform=\"rotate(-90 \(f(cx)) \(f(cy)))\">\(Self.escaped(yTitle))</text>\n"
        return s
    }

    /// One x tick with its label.
    private func xTick(_ x: Double, label: String, in p: Plot) -> String {
        "<line x1=\"\(f(x))\" y1=\"\(f(p.maxY))\" x2=\"\(f(x))\" y2=\"\(f(p.maxY + 4))\" stroke=\"black\"/>\n"
            + "<text x=\"\(f(x))\" y=\"\(f(p.maxY + 16))\" text-anchor=\"middle\">\(label)</text>\n"
    }

    /// The frame-time trace with its reference lines (median, P99, budget when in range), labelled at the right
    /// edge; labels closer than a text line are pushed apart.
    private func trace(_ times: [Double], statistics: FrameStatistics, in p: Plot) -> String {
        let yTop = Self.niceCeiling(max(times.max() ?? 0, statistics.frameMs.p99, 1e-3) * 1.05)
        let n = max(times.count, 1)
        func x(_ i: Double) -> Double { p.x + (n > 1 ? i / Double(n - 1) : 0) * p.width }
        func y(_ ms: Double) -> Double { p.maxY - min(max(ms, 0), yTop) / yTop * p.height }
        var s = axes(p, yTop: yTop, yTitle: "Frame time (ms)", xTitle: "Frame")
        let xStep = max(1, Int(Self.niceStep(Double(n) / 8)))
        var frame = 0
        while frame < n {
            s += xTick(x(Double(frame)), label: String(frame), in: p)
            frame += xStep
        }
        let points = Self.decimated(times, columns: Int(p.width))
        let coordinates = points.map { "\(f(x($0.index))),\(f(y($0.ms)))" }.joined(separator: " ")
        s += "<polyline class=\"frame-times\" fill=\"none\" stroke=\"#1f77b4\" stroke-width=\"1\" points=\"\(coordinates)\"/>\n"

        let references = [
            ("median", "median", statistics.frameMs.p50, "#2ca02c", "6 3"),
            ("P99", "p99", statistics.frameMs.p99, "#d62728", "6 3"),
            ("budget", "budget", statistics.budgetMs, "#7f7f7f", "2 3"),
        ].filter { $0.2 <= yTop }
        let labelY = Self.spread(references.map { y($0.2) + 4 }, apart: Self.lineHeight - 2, min: p.y + 4, max: p.maxY + 4)
        for (i, r) in references.enumerated() {
            s += "<line class=\"\(r.1)\" x1=\"\(f(p.x))\" y1=\"\(f(y(r.2)))\" x2=\"\(f(p.maxX))\" y2=\"\(f(y(r.2)))\" stroke=\"\(r.3)\" stroke-dasharray=\"\(r.4)\"/>\n"
            s += "<text x=\"\(f(p.maxX + 4))\" y=\"\(f(labelY[i]))\" fill=\"\(r.3)\">\(r.0) \(FixedPoint.format(r.2, decimals: 2)) ms</text>\n"
        }
        return s
    }

    /// Label positions (baselines) at least `apart` from each other, as close to `wanted` as that allows, within
    /// `min...max` when they fit: pushed up from the bottom, then back down from the top if the top ones left the range.
    static func spread(_ wanted: [Double], apart: Double, min lower: Double, max upper: Double) -> [Double] {
        var y = wanted.map { Swift.min(Swift.max($0, lower), upper) }
        let order = y.indices.sorted { y[$0] > y[$1] }  // bottom first
        for k in order.indices.dropFirst() where y[order[k]] > y[order[k - 1]] - apart {
            y[order[k]] = y[order[k - 1]] - apart
        }
        if let topmost = order.last, y[topmost] < lower {
            y[topmost] = lower
            for k in order.indices.reversed().dropFirst() where y[order[k]] < y[order[k + 1]] + apart {
                y[order[k]] = y[order[k + 1]] + apart
            }
        }
        return y
    }

    /// The x position of percentile `p` (0...99.9) on the percentile axis: −log10(1 − p/100), so 0, 90, 99 and 99.9
    /// are equally spaced decades and the slow tail gets room (0 → 0, 90 → 1, 99 → 2, 99.9 → 3).
    static func percentileAxis(_ p: Double) -> Double { -log10(1 - Swift.min(p, 99.9) / 100) }

    /// The percentile curve: for each pixel column the frame time at that percentile (exact nearest rank of the
    /// samples), from the 0th to the 99.9th.
    private func percentileCurve(_ times: [Double], in p: Plot) -> String {
        let sorted = times.sorted()
        let columns = max(2, Int(p.width))
        let curve: [(x: Double, ms: Double)] = (0...columns).map { c in
            let decades = 3 * Double(c) / Double(columns)
            let percentile = 100 * (1 - pow(10, -decades))
            return (p.x + Double(c) / Double(columns) * p.width, Self.nearestRank(sorted, percentile: percentile))
        }
        let yTop = Self.niceCeiling(max(curve.map(\.ms).max() ?? 0, 1e-3) * 1.05)
        func y(_ ms: Double) -> Double { p.maxY - min(max(ms, 0), yTop) / yTop * p.height }
        var s = "<text x=\"\(f(p.x))\" y=\"\(f(p.y - 10))\" font-size=\"12\">Frame-time percentiles</text>\n"
        s += axes(p, yTop: yTop, yTitle: "Frame time (ms)", xTitle: "Percentile (log scale toward 100)")
        for (value, label) in [(0.0, "0"), (50, "50"), (90, "90"), (99, "99"), (99.9, "99.9")] {
            s += xTick(p.x + Self.percentileAxis(value) / 3 * p.width, label: label, in: p)
        }
        let coordinates = curve.map { "\(f($0.x)),\(f(y($0.ms)))" }.joined(separator: " ")
        s += "<polyline class=\"percentiles\" fill=\"none\" stroke=\"#9467bd\" stroke-width=\"1.5\" points=\"\(coordinates)\"/>\n"
        return s
    }

    /// The value at percentile `p` of sorted values: nearest rank ⌈p × N / 100⌉ (at least 1); 0 for none.
    static func nearestRank(_ sorted: [Double], percentile p: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((p * Double(sorted.count) / 100).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }

    /// FPS over time as steps, one per window, with the average in the panel's title.
    private func fpsOverTime(_ samples: [FrameSample], statistics: FrameStatistics, in p: Plot) -> String {
        let (windowNs, windows) = Self.fpsWindows(samples)
        let endS = max(windows.last?.endS ?? 0, 1e-3)
        let yTop = Self.niceCeiling(max(windows.map(\.fps).max() ?? 0, 1) * 1.05)
        func x(_ t: Double) -> Double { p.x + t / endS * p.width }
        func y(_ v: Double) -> Double { p.maxY - min(max(v, 0), yTop) / yTop * p.height }
        let window = windowNs >= 1_000_000_000 ? FixedPoint.format(Double(windowNs) / 1e9, decimals: 0) + " s"
            : FixedPoint.format(Double(windowNs) / 1e6, decimals: 0) + " ms"
        var s = "<text x=\"\(f(p.x))\" y=\"\(f(p.y - 10))\" font-size=\"12\">FPS over time (\(window) windows; average "
            + "\(FixedPoint.format(statistics.fps.average, decimals: 1)))</text>\n"
        s += axes(p, yTop: yTop, yTitle: "FPS", xTitle: "Time (s)")
        let step = Self.niceStep(endS / 5)
        var t = 0.0
        while t <= endS + step * 1e-6 {
            s += xTick(x(t), label: Self.label(t, step: step), in: p)
            t += step
        }
        let coordinates = windows.flatMap { [(x($0.startS), y($0.fps)), (x($0.endS), y($0.fps))] }
            .map { "\(f($0.0)),\(f($0.1))" }.joined(separator: " ")
        s += "<polyline class=\"fps-over-time\" fill=\"none\" stroke=\"#ff7f0e\" stroke-width=\"1.5\" points=\"\(coordinates)\"/>\n"
        return s
    }

    /// The window of FPS over time: 1 s for runs of 10 s or more, else a tenth of the run rounded down to 1, 2 or
    /// 5 × a power of ten milliseconds (at least 1 ms).
    static func fpsWindowNs(totalNs: Nanoseconds) -> Nanoseconds {
        if totalNs >= 10_000_000_000 { return 1_000_000_000 }
        let tenthMs = Double(totalNs) / 10 / 1e6
        guard tenthMs >= 1 else { return 1_000_000 }
        var decade = 1.0
        while decade * 10 <= tenthMs { decade *= 10 }
        let mantissa = [5.0, 2, 1].first { decade * $0 <= tenthMs } ?? 1
        return Nanoseconds(decade * mantissa * 1e6)
    }

    /// FPS per window: window k covers present times [k × w, (k + 1) × w) since the run started; its FPS is the
    /// frames presented in it divided by its length (0 when nothing was presented: a hitch). The last window ends
    /// at the last present and is dropped when shorter than half a window.
    public static func fpsWindows(_ samples: [FrameSample]) -> (windowNs: Nanoseconds, windows: [(startS: Double, endS: Double, fps: Double)]) {
        guard let last = samples.map(\.timestampNs).max(), last > 0 else { return (1_000_000_000, []) }
        let w = fpsWindowNs(totalNs: last)
        let count = Int(last / w) + 1
        var frames = [Int](repeating: 0, count: count)
        for sample in samples { frames[Int(max(0, sample.timestampNs) / w)] += 1 }
        var out: [(startS: Double, endS: Double, fps: Double)] = []
        for k in 0..<count {
            let start = Nanoseconds(k) * w
            let end = min(start + w, last)
            guard end - start >= w / 2 else { continue }
            out.append((Double(start) / 1e9, Double(end) / 1e9, Double(frames[k]) / (Double(end - start) / 1e9)))
        }
        return (w, out)
    }

    /// The environment box: what ran where, one fact a line, long values cut to the box.
    private func environmentBox(_ e: BenchEnvironment, in p: Plot) -> String {
        func known(_ v: String?) -> String { v ?? "unknown" }
        let o = e.options
        let extra = o?.extra ?? [:]
        var frame = o.map { "\($0.width)x\($0.height), \($0.headless ? "headless" : "window"), glFinish \($0.finish ? "on" : "off")" } ?? "unknown"
        frame += ", MSAA " + known(extra["msaa"]) + (extra["hud"].map { ", HUD \($0)" } ?? "")
            + (extra["overlay_compositing"].map { ", compositing \($0)" } ?? "")
            + (extra["gpu_timing"].map { ", GPU timing \($0)" } ?? "")
        var run = o.map { "\($0.scenario), \($0.frames) frames after \($0.warmup) warmup" } ?? "unknown"
        if let script = o?.script { run += ", script \(script)" }
        if let runs = extra["runs"] { run += ", median of \(runs) runs" }
        let lines = [
            ("commit", known(e.gitCommit) + (e.buildConfiguration.map { " (\($0) build)" } ?? "")),
            ("GL", known(e.glRenderer) + (e.glVersion.map { "; \($0)" } ?? "")),
            ("CPU", known(e.cpuModel) + (e.cpuCores.map { ", \($0) logical cores" } ?? "")),
            ("frame", frame),
            ("run", run),
            ("date", known(e.date) + "; OS " + known(e.os)),
        ]
        let maxChars = Int((p.width - 100) / (0.6 * Self.fontSize))
        var s = "<rect class=\"environment\" x=\"\(f(p.x))\" y=\"\(f(p.y))\" width=\"\(f(p.width))\" height=\"\(f(p.height))\" fill=\"#f7f7f7\" stroke=\"#cccccc\"/>\n"
        s += "<text x=\"\(f(p.x + 10))\" y=\"\(f(p.y + 18))\" font-size=\"12\" font-weight=\"bold\">Environment</text>\n"
        for (i, line) in lines.enumerated() {
            let baseline = p.y + 18 + Double(i + 1) * Self.lineHeight + 2
            let value = line.1.count > maxChars ? String(line.1.prefix(maxChars - 1)) + "…" : line.1
            s += "<text x=\"\(f(p.x + 10))\" y=\"\(f(baseline))\" fill=\"#555555\">\(line.0)</text>\n"
            s += "<text x=\"\(f(p.x + 80))\" y=\"\(f(baseline))\">\(Self.escaped(value))</text>\n"
        }
        return s
    }

    /// The points to plot as (frame index, ms): all of them when they fit in `columns` pixel columns (twice
    /// over); otherwise the shortest and longest frame of each column, in frame order, so spikes survive.
    public static func decimated(_ times: [Double], columns: Int) -> [(index: Double, ms: Double)] {
        guard times.count > 2 * max(columns, 1) else { return times.enumerated().map { (Double($0.offset), $0.element) } }
        var out: [(index: Double, ms: Double)] = []
        out.reserveCapacity(2 * columns)
        for c in 0..<columns {
            let lo = c * times.count / columns, hi = (c + 1) * times.count / columns
            guard lo < hi else { continue }
            var minI = lo, maxI = lo
            for i in lo..<hi {
                if times[i] < times[minI] { minI = i }
                if times[i] > times[maxI] { maxI = i }
            }
            for i in [min(minI, maxI), max(minI, maxI)] { out.append((Double(i), times[i])) }
        }
        return out
    }

    /// 1, 2 or 5 times a power of ten, at least `x`.
    static func niceStep(_ x: Double) -> Double {
        guard x > 0 else { return 1 }
        var p = 1.0
        while p > x { p /= 10 }
        while p * 10 <= x { p *= 10 }
        for m in [1.0, 2.0, 5.0, 10.0] where p * m >= x { return p * m }
        return p * 10
    }

    /// The smallest multiple of a nice step (a fifth of `x`) that is at least `x`.
    static func niceCeiling(_ x: Double) -> Double {
        let step = niceStep(x / 5)
        return (x / step).rounded(.up) * step
    }

    /// A tick label with as many decimals as the step needs.
    static func label(_ v: Double, step: Double) -> String {
        var decimals = 0
        var s = step
        while s < 1 && decimals < 6 { s *= 10; decimals += 1 }
        return FixedPoint.format(v, decimals: decimals)
    }

    /// Escapes text for XML.
    static func escaped(_ text: String) -> String {
        var out = ""
        for ch in text {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(ch)
            }
        }
        return out
    }
}
