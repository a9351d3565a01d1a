// The files other tools load: CSV (CapFrameX), JSON (our schema), SVG, and the terminal table.
import GlasspaneBench
import GlasspaneCore
import XCTest
#if canImport(FoundationXML)
import FoundationXML
#endif

final class ReportFileTests: XCTestCase {
    // MARK: CSV

    func testCSVHeaderIsExactly() {
        XCTAssertEqual(
            FrameCSV.header,
            "Application,ProcessID,SwapChainAddress,Runtime,SyncInterval,PresentFlags,AllowsTearing,PresentMode,Dropped,"
                + "TimeInSeconds,MsBetweenPresents,MsInPresentAPI,frame_index,"
                + "phase_events_us,phase_routing_us,phase_bus_to_engine_us,phase_simulation_us,phase_bus_to_overlay_us,"
                + "phase_animation_us,phase_hud_us,phase_overlay_layout_us,phase_overlay_paint_us,phase_scene_render_us,"
                + "phase_overlay_render_us,phase_present_us,phase_overlay_us,gpu_scene_us,gpu_overlay_us")
    }

    func testCSVLineForAKnownSample() {
        let sample = FrameSample(
            index: 7, timestampNs: 1_234_567_891, frameTimeNs: 16_666_667,
            cpuNs: [.events: 1_500, .overlayLayout: 2_000, .overlayPaint: 500, .overlayRender: 1_250, .present: 250_000],
            gpuNs: GPUTimes(scene: 333_333))
        let line = FrameCSV(application: "glasspane, cube", processID: 42).line(for: sample)
        XCTAssertEqual(
            line,
            "glasspane_ cube,42,0x0000000000000000,OpenGL,0,0,1,Unknown,0,1.234567891,16.666667,0.250000,7,"
                + "1.500,0.000,0.000,0.000,0.000,0.000,0.000,2.000,0.500,0.000,1.250,250.000,3.750,333.333,")
        XCTAssertEqual(line.split(separator: ",", omittingEmptySubsequences: false).count, FrameCSV.columns.count)
    }

    func testCSVSaysOffInTheGPUColumnsOfARunWithoutTimerQueries() {
        let sample = FrameSample(index: 0, timestampNs: 1_000, frameTimeNs: 1_000, cpuNs: [.present: 500], gpuNs: GPUTimes())
        let cells = FrameCSV(gpuTimingOff: true).line(for: sample).split(separator: ",", omittingEmptySubsequences: false)
        XCTAssertEqual(cells.count, FrameCSV.columns.count)
        XCTAssertEqual(cells.suffix(2), ["off", "off"])
        // A run that timed but got no result for the frame: empty, not "off".
        XCTAssertEqual(FrameCSV().line(for: sample).split(separator: ",", omittingEmptySubsequences: false).suffix(2), ["", ""])
    }

    func testAReportWithGPUTimingOffSaysSoInJSONAndTable() throws {
        var report = try uniformReport(frameMs: 10)
        report.gpuTiming = BenchReport.gpuTimingOff
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(report.jsonString().utf8)) as? [String: Any])
        XCTAssertEqual(object["gpu_timing"] as? String, "off")
        XCTAssertNil(object["gpu_us"])
        XCTAssertTrue(report.textTable().contains("GPU timing: off (--no-gpu-timing"), report.textTable())
        XCTAssertFalse(try uniformReport(frameMs: 10, gpu: true).textTable().contains("GPU timing: off"))
        let path = try temporaryDirectory() + "/off.json"
        try report.writeJSON(to: path)
        XCTAssertEqual(try BenchReport.load(path: path).gpuTiming, "off")
        XCTAssertEqual(try BenchReport.aggregate(runs: [report, report, report]).gpuTiming, "off", "a --runs report keeps it")
    }

    func testCSVHasHeaderAndOneLinePerFrame() throws {
        let text = FrameCSV().csv(for: samples(ms: [10, 11, 12]))
        let lines = text.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 4)
        XCTAssertEqual(lines[0], FrameCSV.header)
        XCTAssertTrue(lines[3].hasPrefix("glasspane,0,0x0000000000000000,OpenGL,0,0,1,Unknown,0,0.033000000,12.000000,"))
        XCTAssertTrue(text.hasSuffix("\n"))
    }

    // MARK: JSON

    func testJSONHasEveryDocumentedKey() throws {
        let report = try uniformReport(frameMs: 10, gpu: true)
        let object = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(report.jsonString().utf8)) as? [String: Any])
        func value(_ dotted: String) -> Any? {
            var node: Any? = object
            for part in dotted.split(separator: ".") { node = (node as? [String: Any])?[String(part)] }
            return node
        }
        var keys = [
            "schema_version", "scenario", "frame_count", "total_time_ms", "budget_ms",
            "frame_ms.mean", "frame_ms.min", "frame_ms.p50", "frame_ms.p90", "frame_ms.p99", "frame_ms.p999", "frame_ms.max",
            "fps.average", "fps.one_percent_low", "fps.point_one_percent_low",
            "low_frame_counts.one_percent_low", "low_frame_counts.point_one_percent_low",
            "stutter_share", "stutter_frame_count", "over_budget_share", "over_budget_frame_count",
            "environment.gl_renderer", "environment.gl_version", "environment.cpu_model", "environment.cpu_cores",
            "environment.build_configuration", "environment.git_commit", "environment.os",
            "environment.options.scenario", "environment.options.frames", "environment.options.warmup",
            "environment.options.width", "environment.options.height", "environment.options.headless",
            "environment.options.finish",
        ]
        for name in FramePhase.allCases.map(\.key) + ["overlay"] {
            keys += ["mean", "p50", "p90", "p99", "max"].map { "phases_us.\(name).\($0)" }
        }
        keys += ["gpu_us.scene.p50", "gpu_us.overlay.p99"]
        for key in keys { XCTAssertNotNil(value(key), "missing \(key)") }
        XCTAssertEqual(value("schema_version") as? Int, 2)
        XCTAssertEqual(value("frame_ms.p50") as? Double ?? 0, 10, accuracy: 0.01)
        XCTAssertEqual(value("phases_us.overlay.p50") as? Double ?? 0, 9, accuracy: 0.01)
        XCTAssertEqual(value("phases_us.overlay_layout.mean") as? Double ?? 0, 2, accuracy: 1e-9)
    }

    func testJSONOmitsGPUWhenNotMeasuredAndWritesNullForUnknownEnvironment() throws {
        var report = try uniformReport(frameMs: 10)
        report.environment = BenchEnvironment()
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(report.jsonString().utf8)) as? [String: Any])
        XCTAssertNil(object["gpu_us"])
        let environment = try XCTUnwrap(object["environment"] as? [String: Any])
        XCTAssertEqual(Set(environment.keys), ["gl_renderer", "gl_version", "cpu_model", "cpu_cores", "build_configuration", "git_commit", "os", "options", "date"])
        XCTAssertTrue(environment["gl_renderer"] is NSNull)
    }

    func testJSONRoundTripThroughAFile() throws {
        let report = try uniformReport(frameMs: 12.5, gpu: true)
        let path = try temporaryDirectory() + "/nested/cube.json"
        try report.writeJSON(to: path)
        let loaded = try BenchReport.load(path: path)
        XCTAssertEqual(loaded.metrics, report.metrics)
        XCTAssertEqual(loaded.environment, report.environment)
        XCTAssertEqual(loaded.scenario, "cube")
        XCTAssertEqual(loaded.statistics.frameCount, 200)
        XCTAssertEqual(loaded.jsonString(), report.jsonString())
    }

    // MARK: SVG

    func testSVGHasTraceReferenceLinesAndLabelledAxes() throws {
        var values = Array(repeating: 10.0, count: 300)
        values[150] = 40
        let list = samples(ms: values)
        let s = try FrameStatistics(samples: list)
        let svg = FrameTimeChart(title: "cube <headless>").svg(samples: list, statistics: s)
        XCTAssertTrue(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        XCTAssertTrue(svg.contains("<polyline class=\"frame-times\""))
        XCTAssertTrue(svg.contains("<line class=\"median\""))
        XCTAssertTrue(svg.contains("<line class=\"p99\""))
        XCTAssertTrue(svg.contains(">median 10.00 ms</text>"))
        XCTAssertTrue(svg.contains(">Frame</text>"))
        XCTAssertTrue(svg.contains(">Frame time (ms)</text>"))
        XCTAssertTrue(svg.contains("cube &lt;headless&gt;"))
        #if canImport(FoundationXML) || canImport(Darwin)
        let parser = XMLParser(data: Data(svg.utf8))
        XCTAssertTrue(parser.parse(), "the SVG is not well-formed XML: \(String(describing: parser.parserError))")
        #endif
    }

    func testLongRunsAreDecimatedButKeepSpikes() {
        var times = Array(repeating: 10.0, count: 100_000)
        times[54_321] = 99
        let points = FrameTimeChart.decimated(times, columns: 800)
        XCTAssertLessThanOrEqual(points.count, 1600)
        XCTAssertTrue(points.contains { $0.ms == 99 && $0.index == 54_321 })
        XCTAssertEqual(FrameTimeChart.decimated([1, 2, 3], columns: 800).count, 3)
    }

    // MARK: Text

    func testTextTableNamesEveryFigureAndPhase() throws {
        let text = try uniformReport(frameMs: 10, gpu: true).textTable()
        for needle in ["p99.9", "1% low", "0.1% low", "stutter time share", "over 16.67 ms budget", "overlay layout",
                       "scene render", "overlay (layout+paint+render)", "GPU pass", "cube, 200 frames"] {
            XCTAssertTrue(text.contains(needle), "missing \(needle) in\n\(text)")
        }
    }

    func testTextTableAlignsColumns() {
        let table = TextTable(header: ["name", "value"], rows: [["a", "1.5"], ["longer", "12.25"]]).render()
        XCTAssertEqual(table, "name    value\n------  -----\na         1.5\nlonger  12.25")
    }

    func testFixedPointFormatting() {
        XCTAssertEqual(FixedPoint.format(1.5, decimals: 2), "1.50")
        XCTAssertEqual(FixedPoint.format(-0.125, decimals: 2), "-0.13")
        XCTAssertEqual(FixedPoint.format(2, decimals: 0), "2")
        XCTAssertEqual(FixedPoint.format(.infinity, decimals: 1), "inf")
        XCTAssertEqual(FixedPoint.ms(ns: 16_666_667, decimals: 4), "16.6667")
        XCTAssertEqual(FixedPoint.us(ns: 1_499), "1.499")
        XCTAssertEqual(FixedPoint.us(ns: 15, decimals: 1), "0.0")
        XCTAssertEqual(FixedPoint.us(ns: 50, decimals: 1), "0.1")
        XCTAssertEqual(FixedPoint.seconds(ns: 5, decimals: 9), "0.000000005")
    }

    // MARK: Environment

    func testCPUInfoParsesModelAndCountsProcessors() {
        let text = """
            processor\t: 0
            vendor_id\t: GenuineIntel
            model name\t: Intel(R) Xeon(R) CPU @ 2.20GHz
            flags\t\t: fpu vme

            processor\t: 1
            model name\t: Intel(R) Xeon(R) CPU @ 2.20GHz

            """
        XCTAssertEqual(CPUInfo.parse(text), CPUInfo(model: "Intel(R) Xeon(R) CPU @ 2.20GHz", logicalCores: 2))
        XCTAssertEqual(CPUInfo.parse("processor : 0\nHardware : BCM2835\n"), CPUInfo(model: "BCM2835", logicalCores: 1))
        XCTAssertEqual(CPUInfo.parse(""), CPUInfo(model: nil, logicalCores: nil))
        let missing = CPUInfo.read(path: "/nonexistent/cpuinfo")
        XCTAssertNil(missing.model)
        XCTAssertGreaterThan(missing.logicalCores ?? 0, 0)
    }

    /// /proc files say they are empty (`stat` size 0); they are read to the end all the same. A 16-core machine's
    /// report said 2 cores when only the first 4 KB of /proc/cpuinfo were read.
    func testKernelFilesAreReadToTheEndThoughTheySayTheyAreEmpty() throws {
        let attributes = try FileManager.default.attributesOfItem(atPath: "/proc/self/smaps")
        XCTAssertEqual((attributes[.size] as? NSNumber)?.intValue, 0, "the premise: procfs reports no size")
        let text = try XCTUnwrap(SystemFile.read("/proc/self/smaps"))
        XCTAssertGreaterThan(text.utf8.count, 16_384, "a test process maps dozens of libraries")
        let lastLine = try XCTUnwrap(text.split(separator: "\n").last)
        XCTAssertTrue(lastLine.hasPrefix("VmFlags:"), "the last mapping's last line, whole: \(lastLine)")
        XCTAssertEqual(SystemFile.read("/proc/cpuinfo").map(CPUInfo.parse)?.logicalCores,
                       sysconf(Int32(_SC_NPROCESSORS_CONF)), "one processor entry for each configured CPU")
        XCTAssertNil(SystemFile.read("/nonexistent/file"))
    }

    func testGitCommitFromLoosePackedAndDetachedHeads() throws {
        let repo = try temporaryDirectory()
        let git = repo + "/.git"
        try FileManager.default.createDirectory(atPath: git + "/refs/heads", withIntermediateDirectories: true)
        func write(_ text: String, _ path: String) throws { try Data(text.utf8).write(to: URL(fileURLWithPath: git + "/" + path)) }
        try write("ref: refs/heads/main\n", "HEAD")
        try write("1111111111111111111111111111111111111111 refs/heads/other\n2222222222222222222222222222222222222222 refs/heads/main\n", "packed-refs")
        XCTAssertEqual(GitInfo.headCommit(repository: repo), "2222222222222222222222222222222222222222")
        try write("3333333333333333333333333333333333333333\n", "refs/heads/main")
        XCTAssertEqual(GitInfo.headCommit(repository: repo), "3333333333333333333333333333333333333333")
        try write("4444444444444444444444444444444444444444\n", "HEAD")
        XCTAssertEqual(GitInfo.headCommit(repository: repo), "4444444444444444444444444444444444444444")
        XCTAssertNil(GitInfo.headCommit(repository: repo + "/nothing-here"))
    }
}
