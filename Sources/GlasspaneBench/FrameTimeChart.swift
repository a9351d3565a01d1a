// An SVG chart of frame times, built as a string (no dependencies): the frame-time trace, dashed lines at the
// median and P99 (and the budget when it is in range), labelled axes with ticks. Long runs are decimated to
// the min and max of each pixel column, so spikes stay visible and the file stays small.
import GlasspaneCore

/// Renders the frame-time chart (`--svg`).
public struct FrameTimeChart: Sendable {
    /// Image width in pixels.
    public var width: Int
    /// Image height in pixels.
    public var height: Int
    /// The chart's title.
    public var title: String

    /// Margins around the plot area: room for tick labels, axis titles and the title.
    static let left = 64.0, right = 96.0, top = 36.0, bottom = 48.0

    /// Creates a chart description; the size defaults to 960×360.
    public init(width: Int = 960, height: Int = 360, title: String = "Frame times") {
        self.width = width
        self.height = height
        self.title = title
    }

    /// The SVG document for `samples`, with horizontal lines at the statistics' median and P99 and at the budget.
    public func svg(samples: [FrameSample], statistics: FrameStatistics) -> String {
        let plotW = Double(width) - Self.left - Self.right
        let plotH = Double(height) - Self.top - Self.bottom
        let times = samples.map { Double($0.frameTimeNs) / 1e6 }
        let yTop = Self.niceCeiling(max(times.max() ?? 0, statistics.frameMs.p99, 1e-3) * 1.05)
        let yStep = Self.niceStep(yTop / 5)
        let n = max(times.count, 1)
        func x(_ i: Double) -> Double { Self.left + (n > 1 ? i / Double(n - 1) : 0) * plotW }
        func y(_ ms: Double) -> Double { Self.top + plotH - min(max(ms, 0), yTop) / yTop * plotH }
        func f(_ v: Double) -> String { FixedPoint.format(v, decimals: 1) }

        var s = ""
        s += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\" font-family=\"sans-serif\" font-size=\"11\">\n"
        s += "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
        s += "<text x=\"\(f(Double(width) / 2))\" y=\"20\" text-anchor=\"middle\" font-size=\"14\">\(Self.escaped(title))</text>\n"

        // Grid and y ticks.
        var tick = 0.0
        while tick <= yTop + yStep * 1e-6 {
            s += "<line x1=\"\(f(Self.left))\" y1=\"\(f(y(tick)))\" x2=\"\(f(Self.left + plotW))\" y2=\"\(f(y(tick)))\" stroke=\"#e0e0e0\"/>\n"
            s += "<text x=\"\(f(Self.left - 6))\" y=\"\(f(y(tick) + 4))\" text-anchor=\"end\">\(Self.label(tick, step: yStep))</text>\n"
            tick += yStep
        }
        // X ticks: about 8 frame indices.
        let xStep = max(1, Int(Self.niceStep(Double(n) / 8)))
        var frame = 0
        while frame < n {
            s += "<line x1=\"\(f(x(Double(frame))))\" y1=\"\(f(Self.top + plotH))\" x2=\"\(f(x(Double(frame))))\" y2=\"\(f(Self.top + plotH + 4))\" stroke=\"black\"/>\n"
            s += "<text x=\"\(f(x(Double(frame))))\" y=\"\(f(Self.top + plotH + 16))\" text-anchor=\"middle\">\(frame)</text>\n"
            frame += xStep
        }
        // Axes and their titles.
        s += "<line x1=\"\(f(Self.left))\" y1=\"\(f(Self.top))\" x2=\"\(f(Self.left))\" y2=\"\(f(Self.top + plotH))\" stroke=\"black\"/>\n"
        s += "<line x1=\"\(f(Self.left))\" y1=\"\(f(Self.top + plotH))\" x2=\"\(f(Self.left + plotW))\" y2=\"\(f(Self.top + plotH))\" stroke=\"black\"/>\n"
        s += "<text x=\"\(f(Self.left + plotW / 2))\" y=\"\(f(Double(height) - 10))\" text-anchor=\"middle\">Frame</text>\n"
        s += "<text x=\"16\" y=\"\(f(Self.top + plotH / 2))\" text-anchor=\"middle\" transform=\"rotate(-90 16 \(f(Self.top + plotH / 2)))\">Frame time (ms)</text>\n"

        // The trace.
        let points = Self.decimated(times, columns: Int(plotW))
        let coordinates = points.map { "\(f(x($0.index))),\(f(y($0.ms)))" }.joined(separator: " ")
        s += "<polyline class=\"frame-times\" fill=\"none\" stroke=\"#1f77b4\" stroke-width=\"1\" points=\"\(coordinates)\"/>\n"

        // Reference lines, labelled at the right edge; labels closer than a text line are pushed apart.
        let references = [
            ("median", "median", statistics.frameMs.p50, "#2ca02c", "6 3"),
            ("P99", "p99", statistics.frameMs.p99, "#d62728", "6 3"),
            ("budget", "budget", statistics.budgetMs, "#7f7f7f", "2 3"),
        ].filter { $0.2 <= yTop }
        var labelY: [Double] = references.map { y($0.2) + 4 }
        let order = labelY.indices.sorted { labelY[$0] > labelY[$1] }  // bottom first
        for k in order.indices.dropFirst() {
            let below = labelY[order[k - 1]], i = order[k]
            if labelY[i] > below - 12 { labelY[i] = below - 12 }
        }
        for (i, r) in references.enumerated() {
            s += "<line class=\"\(r.1)\" x1=\"\(f(Self.left))\" y1=\"\(f(y(r.2)))\" x2=\"\(f(Self.left + plotW))\" y2=\"\(f(y(r.2)))\" stroke=\"\(r.3)\" stroke-dasharray=\"\(r.4)\"/>\n"
            s += "<text x=\"\(f(Self.left + plotW + 4))\" y=\"\(f(labelY[i]))\" fill=\"\(r.3)\">\(r.0) \(FixedPoint.format(r.2, decimals: 2)) ms</text>\n"
        }
        s += "</svg>\n"
        return s
    }

    /// Writes the SVG to `path`, creating parent directories.
    public func write(samples: [FrameSample], statistics: FrameStatistics, to path: String) throws(BenchError) {
        try BenchFiles.write(svg(samples: samples, statistics: statistics), to: path)
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
