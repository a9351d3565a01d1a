// The SVG chart's parts: the percentile curve, FPS over time, the environment box, and labels that never overlap
// (each text's box estimated from its position, anchor, size, rotation and length).
import Foundation
@testable import GlasspaneBench
import GlasspaneCore
import XCTest
import GlasspaneTesting

/// A text element of the SVG and its estimated box.
struct SVGText {
    var text: String
    var box: (minX: Double, minY: Double, maxX: Double, maxY: Double)

    /// Every `<text>` of an SVG written by `FrameTimeChart` (attributes x, y, text-anchor, font-size, transform).
    static func all(in svg: String, defaultFontSize: Double = 11) -> [SVGText] {
        let pattern = try! NSRegularExpression(pattern: "<text ([^>]*)>([^<]*)</text>")
        let attribute = try! NSRegularExpression(pattern: "([a-z-]+)=\"([^\"]*)\"")
        let ns = svg as NSString
        return pattern.matches(in: svg, range: NSRange(location: 0, length: ns.length)).map { match in
            let attributes = ns.substring(with: match.range(at: 1)) as NSString
            var a: [String: String] = [:]
            for m in attribute.matches(in: attributes as String, range: NSRange(location: 0, length: attributes.length)) {
                a[attributes.substring(with: m.range(at: 1))] = attributes.substring(with: m.range(at: 2))
            }
            let text = ns.substring(with: match.range(at: 2))
                .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
            let size = Double(a["font-size"] ?? "") ?? defaultFontSize
            let x = Double(a["x"]!)!, y = Double(a["y"]!)!
            // A generous width for sans-serif (0.6 em a character; bold 0.65) and the height of ascent plus descent.
            let w = Double(text.count) * size * (a["font-weight"] == "bold" ? 0.65 : 0.6)
            let minX = switch a["text-anchor"] { case "middle": x - w / 2; case "end": x - w; default: x }
            var box = (minX: minX, minY: y - 0.8 * size, maxX: minX + w, maxY: y + 0.25 * size)
            if let transform = a["transform"], transform.hasPrefix("rotate(-90") {
                // Turned a quarter left about (x, y): a point (px, py) goes to (x + (py − y), y − (px − x)).
                box = (minX: x + (box.minY - y), minY: y - (box.maxX - x), maxX: x + (box.maxY - y), maxY: y - (box.minX - x))
            }
            return SVGText(text: text, box: box)
        }
    }

    func overlaps(_ other: SVGText) -> Bool {
        box.minX < other.box.maxX && other.box.minX < box.maxX && box.minY < other.box.maxY && other.box.minY < box.maxY
    }
}

final class ChartTests: XCTestCase {
    static let environment = BenchEnvironment(
        glRenderer: "llvmpipe (LLVM 15.0.6, 256 bits)", glVersion: "3.3 (Core Profile) Mesa 22.3.6",
        cpuModel: "AMD EPYC 7B13 64-Core Processor", cpuCores: 2, buildConfiguration: "release",
        gitCommit: "6664086c8e620f71d2cf5d063cc3803c1ff920b9", os: "Debian GNU/Linux 12 (bookworm)",
        options: BenchRunOptions(scenario: "demo", frames: 2000, warmup: 120, width: 1280, height: 720, headless: true, finish: true,
                                 script: "Examples/Scripts/bench/picker-drag-long.jsonl", extra: ["msaa": "4", "hud": "off"]),
        date: "2026-11-23T14:03:00Z")

    /// Series that stress the layout: a spike, reference lines bunched at the budget, a long noisy run, two frames.
    static func series() -> [(String, [Double])] {
        var spike = Array(repeating: 10.0, count: 300)
        spike[150] = 40
        let bunched = (0..<500).map { 16.4 + Double($0 % 7) * 0.05 }
        var random = SplitMix64(state: 7)
        let long = (0..<20_000).map { i in (i % 997 == 0 ? 25.0 : 1.5) + random.unit() }
        return [("spike", spike), ("bunched", bunched), ("long", long), ("two frames", [5, 6]), ("one frame", [3])]
    }

    func testNoTwoLabelsOverlapAndAllStayInTheImage() throws {
        for (name, values) in Self.series() {
            for environment in [Self.environment, BenchEnvironment()] {
                let list = samples(ms: values)
                let svg = FrameTimeChart(title: "glasspane bench: \(name)").svg(samples: list, statistics: try FrameStatistics(samples: list),
                                                                                environment: environment)
                let texts = SVGText.all(in: svg)
                XCTAssertGreaterThan(texts.count, 30, name)
                for (i, a) in texts.enumerated() {
                    XCTAssertTrue(a.box.minX >= 0 && a.box.maxX <= 960 && a.box.minY >= 0 && a.box.maxY <= 820,
                                  "\(name): '\(a.text)' leaves the image: \(a.box)")
                    for b in texts[(i + 1)...] where a.overlaps(b) {
                        XCTFail("\(name): '\(a.text)' \(a.box) overlaps '\(b.text)' \(b.box)")
                    }
                }
            }
        }
    }

    func testTheOverlapCheckCatchesOverlaps() {
        // The checker itself: two labels on the same baseline 10 px apart overlap; a rotated title is tall, not wide.
        let texts = SVGText.all(in: """
            <text x="100" y="50">median 10.00 ms</text><text x="110" y="52">P99</text>
            <text x="16" y="200" text-anchor="middle" transform="rotate(-90 16 200)">Frame time (ms)</text>
            """)
        XCTAssertTrue(texts[0].overlaps(texts[1]))
        XCTAssertFalse(texts[0].overlaps(texts[2]))
        XCTAssertGreaterThan(texts[2].box.maxY - texts[2].box.minY, 90)
        XCTAssertLessThan(texts[2].box.maxX - texts[2].box.minX, 12)
    }

    func testPercentileCurveRisesFromTheFastestToTheSlowTail() throws {
        let values = (1...1000).map(Double.init)
        let list = samples(ms: values)
        let svg = FrameTimeChart().svg(samples: list, statistics: try FrameStatistics(samples: list))
        let points = try XCTUnwrap(Self.polyline("percentiles", in: svg))
        XCTAssertGreaterThan(points.count, 300, "a point per pixel column")
        for (a, b) in zip(points, points.dropFirst()) {
            XCTAssertLessThan(a.x, b.x)
            XCTAssertGreaterThanOrEqual(a.y, b.y, "frame time never falls with the percentile (y grows downward)")
        }
        // Both ends: the fastest frame and the 99.9th percentile.
        XCTAssertEqual(FrameTimeChart.percentileAxis(90), 1, accuracy: 1e-12)
        XCTAssertEqual(FrameTimeChart.percentileAxis(99.9), 3, accuracy: 1e-9)
        for label in [">99.9</text>", ">90</text>", ">Percentile (log scale toward 100)</text>", ">Frame-time percentiles</text>"] {
            XCTAssertTrue(svg.contains(label), label)
        }
    }

    func testFPSOverTimeInOneSecondWindows() throws {
        // 10 s at 100 FPS, then 10 s at 50 FPS.
        let list = samples(ms: Array(repeating: 10, count: 1000) + Array(repeating: 20, count: 500))
        let (window, windows) = FrameTimeChart.fpsWindows(list)
        XCTAssertEqual(window, 1_000_000_000)
        XCTAssertEqual(windows.count, 20)
        // Frame k presents at (k + 1) × 10 ms: the first window holds 99 presents (10 ms … 990 ms), the ones after 100.
        XCTAssertEqual(windows.map(\.fps), [99] + Array(repeating: 100, count: 9) + Array(repeating: 50, count: 10))
        XCTAssertEqual(windows.first?.startS, 0)
        XCTAssertEqual(windows.last?.endS, 20)
        let svg = FrameTimeChart().svg(samples: list, statistics: try FrameStatistics(samples: list))
        XCTAssertTrue(svg.contains("FPS over time (1 s windows; average 75.0)"), svg)
        XCTAssertEqual(Self.polyline("fps-over-time", in: svg)?.count, 40, "two points (a step) per window")
    }

    func testShortRunsUseShorterWindowsAndAHitchReadsZero() {
        XCTAssertEqual(FrameTimeChart.fpsWindowNs(totalNs: 2_000_000_000), 200_000_000)
        XCTAssertEqual(FrameTimeChart.fpsWindowNs(totalNs: 700_000_000), 50_000_000)
        XCTAssertEqual(FrameTimeChart.fpsWindowNs(totalNs: 5_000_000), 1_000_000)
        // 1 s at 10 ms frames, one 500 ms hitch, 0.7 s more: 200 ms windows, the one inside the hitch empty.
        let list = samples(ms: Array(repeating: 10, count: 100) + [500] + Array(repeating: 10, count: 70))
        let (window, windows) = FrameTimeChart.fpsWindows(list)
        XCTAssertEqual(window, 200_000_000)
        XCTAssertEqual(windows.map(\.fps)[4...7], [100, 5, 0, 50], "\(windows)")
    }

    func testTheEnvironmentBoxNamesWhatRanWhere() throws {
        let list = samples(ms: [5, 6, 5])
        let texts = SVGText.all(in: FrameTimeChart().svg(samples: list, statistics: try FrameStatistics(samples: list),
                                                         environment: Self.environment)).map(\.text)
        for needle in ["6664086c8e620f71d2cf5d063cc3803c1ff920b9 (release build)", "llvmpipe (LLVM 15.0.6, 256 bits); 3.3 (Core Profile) Mesa 22.3.6",
                       "AMD EPYC 7B13 64-Core Processor, 2 logical cores", "1280x720, headless, glFinish on, MSAA 4, HUD off",
                       "2026-11-23T14:03:00Z; OS Debian GNU/Linux 12 (bookworm)"] {
            XCTAssertTrue(texts.contains(needle), "\(needle) not in \(texts)")
        }
        // Nothing recorded: every value reads "unknown" rather than being guessed.
        let bare = SVGText.all(in: FrameTimeChart().svg(samples: list, statistics: try FrameStatistics(samples: list))).map(\.text)
        XCTAssertTrue(bare.contains("unknown"), "\(bare)")
        XCTAssertTrue(bare.contains("unknown; OS unknown"), "\(bare)")
    }

    /// The points of the polyline of `cls`.
    static func polyline(_ cls: String, in svg: String) -> [(x: Double, y: Double)]? {
        guard let start = svg.range(of: "<polyline class=\"\(cls)\""),
              let open = svg.range(of: "points=\"", range: start.upperBound..<svg.endIndex),
              let close = svg.range(of: "\"", range: open.upperBound..<svg.endIndex) else { return nil }
        return svg[open.upperBound..<close.lowerBound].split(separator: " ").map { pair in
            let xy = pair.split(separator: ",").map { Double($0)! }
            return (xy[0], xy[1])
        }
    }
}
