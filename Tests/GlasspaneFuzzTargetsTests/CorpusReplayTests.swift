// Replays every committed fuzz corpus file through the same entry points libFuzzer calls, so a crash the fuzzer
// once found (saved into Fuzz/Corpus/) stays fixed under `make test`.
import Foundation
import GlasspaneDraw
import GlasspaneFuzzTargets
import XCTest

final class CorpusReplayTests: XCTestCase {
    /// Fuzz/Corpus/<target>/ in this checkout.
    func corpus(_ target: String) throws -> [(String, [UInt8])] {
        let root = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let dir = root.appendingPathComponent("Fuzz/Corpus/\(target)")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        return try names.map { name in (name, [UInt8](try Data(contentsOf: dir.appendingPathComponent(name)))) }
    }

    func testBusEnvelopeCorpus() throws {
        let files = try corpus("bus-envelope")
        XCTAssertGreaterThanOrEqual(files.count, 10)
        MainActor.assumeIsolated {
            for (_, bytes) in files { fuzzBusEnvelope(bytes) }
        }
    }

    func testImageHeaderCorpus() throws {
        let files = try corpus("image-header")
        XCTAssertGreaterThanOrEqual(files.count, 10)
        for (_, bytes) in files { fuzzImageHeader(bytes) }
        // The seeds hold both outcomes: accepted headers and refusals.
        XCTAssertTrue(files.contains { (try? ImageHeader.read($0.1)) != nil })
        XCTAssertTrue(files.contains { (try? ImageHeader.read($0.1)) == nil })
    }

    func testScriptParserCorpus() throws {
        let files = try corpus("script-parser")
        XCTAssertGreaterThanOrEqual(files.count, 10)
        for (_, bytes) in files { fuzzScriptParser(bytes) }
    }

    func testTextLayoutCorpus() throws {
        let files = try corpus("text-layout")
        XCTAssertGreaterThanOrEqual(files.count, 10)
        MainActor.assumeIsolated {
            for (_, bytes) in files { fuzzTextLayout(bytes) }
        }
    }
}
