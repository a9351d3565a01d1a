// docs/bench.md is a contract: its JSON example must load as a baseline and its CSV header must be the real one.
import GlasspaneBench
import XCTest

final class DocumentationTests: XCTestCase {
    /// The text of docs/bench.md, found from this file's real location (symlinks resolved).
    func benchDoc() throws -> String {
        let here = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        let doc = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/bench.md")
        return try String(contentsOf: doc, encoding: .utf8)
    }

    /// The body of the first fenced block tagged `language` ("" for untagged) that contains `marker`.
    func codeBlock(_ language: String, containing marker: String, in text: String) throws -> String {
        var blocks: [(language: String, body: [Substring])] = []
        var open: (language: String, body: [Substring])?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                if let block = open { blocks.append(block); open = nil } else { open = (String(line.dropFirst(3)), []) }
            } else {
                open?.body.append(line)
            }
        }
        let bodies = blocks.filter { $0.language == language }.map { $0.body.joined(separator: "\n") }
        return try XCTUnwrap(bodies.first { $0.contains(marker) }, "no ```\(language) block containing \(marker)")
    }

    func testJSONExampleLoadsAsABaseline() throws {
        let json = try codeBlock("json", containing: "schema_version", in: benchDoc())
        let report = try BenchReport.decode(Data(json.utf8), path: "docs/bench.md")
        XCTAssertEqual(report.scenario, "demo")
        XCTAssertEqual(report.metrics["frame_ms.p50"], 6.533119)
        XCTAssertEqual(report.metrics["fps.one_percent_low"], 85.556)
        XCTAssertEqual(report.metrics["phases_us.overlay.p50"], 42.015)
        XCTAssertEqual(report.metrics["gpu_us.scene.p99"], 900)
        XCTAssertEqual(report.environment.options?.width, 1280)
    }

    func testDocumentedCSVHeaderIsTheRealOne() throws {
        let header = try codeBlock("", containing: "Application,ProcessID", in: benchDoc())
        XCTAssertEqual(header, FrameCSV.header)
    }
}
