// Shaped glyph ids, clusters, advances and offsets against `hb-shape`, the oracle: Fixtures/hb-shape-corpus.json was
// written by scripts/make-shaping-fixture.py (it names the exact hb-shape command). Each corpus string must itemize
// into exactly the fixture's runs (font, direction, script, text) and each run must shape to hb-shape's glyphs.
import Foundation
import GlasspaneCore
import GlasspaneDraw
import GlasspaneText
import XCTest

/// One run of the fixture: what GlasspaneText should produce for it.
struct CorpusSegment: Decodable {
    var font: String
    var direction: String
    var script: String
    var text: String
    /// [id, cluster, xAdvance, xOffset, yOffset] per glyph, clusters from the segment's start.
    var glyphs: [[Int]]
}

/// One corpus string.
struct CorpusEntry: Decodable { var segments: [CorpusSegment] }

/// The fixture file.
struct Corpus: Decodable { var entries: [CorpusEntry] }

final class ShapingCorpusTests: XCTestCase {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/hb-shape-corpus.json")

    static func loadCorpus() throws -> Corpus {
        try JSONDecoder().decode(Corpus.self, from: Data(contentsOf: fixture))
    }

    /// The runs of `text` on one unwrapped line, logical order, as the fixture writes them.
    static func shapedSegments(_ engine: TextLayoutEngine, _ text: String) -> [CorpusSegment] {
        let layout = engine.layout(text, style: ParagraphStyle(fontSize: 16, wraps: false))
        let runs = layout.lines.flatMap(\.runs).map(\.run).sorted { $0.range.lowerBound < $1.range.lowerBound }
        return runs.map { run in
            CorpusSegment(font: run.font.path, direction: run.isRightToLeft ? "rtl" : "ltr", script: run.script, text: run.text,
                          glyphs: run.glyphs.map { [Int($0.id), $0.cluster - run.range.lowerBound, Int($0.xAdvance), Int($0.xOffset), Int($0.yOffset)] })
        }
    }

    static func differences(_ expected: [CorpusSegment], _ actual: [CorpusSegment]) -> String? {
        let describe = { (s: [CorpusSegment]) in s.map { "\($0.text.debugDescription) \(($0.font as NSString).lastPathComponent) \($0.direction) \($0.script)" } }
        guard describe(expected) == describe(actual) else { return "runs \(describe(actual)), expected \(describe(expected))" }
        for (e, a) in zip(expected, actual) where e.glyphs != a.glyphs {
            return "\(e.text.debugDescription): glyphs \(a.glyphs), hb-shape \(e.glyphs)"
        }
        return nil
    }

    func testEveryCorpusStringItemizesAndShapesExactlyAsHbShape() throws {
        let corpus = try Self.loadCorpus()
        XCTAssertGreaterThanOrEqual(corpus.entries.count, 150)
        let engine = TextLayoutEngine(chain: try .debianDefault())
        var failures: [String] = []
        for entry in corpus.entries {
            let text = entry.segments.map(\.text).joined()
            if let problem = Self.differences(entry.segments, Self.shapedSegments(engine, text)) { failures.append(problem) }
        }
        XCTAssertEqual(failures.count, 0, "\(failures.count) of \(corpus.entries.count) differ:\n" + failures.prefix(25).joined(separator: "\n"))
    }

    /// The same comparison against hb-shape run now (skipped where libharfbuzz-bin is not installed).
    func testASampleMatchesHbShapeRunLive() throws {
        guard let hbShape = ["/usr/bin/hb-shape", "/usr/local/bin/hb-shape"].first(where: FileManager.default.isExecutableFile) else {
            throw XCTSkip("hb-shape (Debian libharfbuzz-bin) is not installed")
        }
        let corpus = try Self.loadCorpus()
        let engine = TextLayoutEngine(chain: try .debianDefault())
        let sample = stride(from: 0, to: corpus.entries.count, by: 9).map { corpus.entries[$0] }
        for entry in sample {
            let actual = Self.shapedSegments(engine, entry.segments.map(\.text).joined())
            XCTAssertEqual(actual.count, entry.segments.count)
            for (segment, run) in zip(entry.segments, actual) {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: hbShape)
                process.arguments = ["--output-format=json", "--no-glyph-names", "--direction=\(segment.direction)",
                                     "--script=\(segment.script)", segment.font, segment.text]
                process.environment = ["LC_ALL": "C.UTF-8"]
                let pipe = Pipe()
                process.standardOutput = pipe
                try process.run()
                let data = pipe.fileHandleForReading.readDataToEndOfFile()
                process.waitUntilExit()
                let glyphs = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [[String: Int]])
                let live = glyphs.map { [$0["g"]!, $0["cl"]!, $0["ax"]!, $0["dx"]!, $0["dy"]!] }
                XCTAssertEqual(run.glyphs, live, "\(segment.text.debugDescription) in \((segment.font as NSString).lastPathComponent)")
            }
        }
    }
}
