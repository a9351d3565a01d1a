// GlasspaneText against samples of the Unicode conformance files (Fixtures/*-sample.txt, written by
// scripts/make-conformance-samples.py from Debian's unicode-data 15.0.0). GLASSPANE_UNICODE_DATA=/usr/share/unicode
// runs the whole files instead and prints how many cases pass (docs/text.md, "Conformance").
import Foundation
import GlasspaneDraw
@testable import GlasspaneText
import XCTest

final class UnicodeConformanceTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// The sample, or the whole file under GLASSPANE_UNICODE_DATA when that is set.
    static func lines(sample: String, full: String) throws -> [(number: Int, text: String)] {
        let url: URL
        if let dir = ProcessInfo.processInfo.environment["GLASSPANE_UNICODE_DATA"] {
            url = URL(fileURLWithPath: dir).appendingPathComponent(full)
        } else {
            url = fixtures.appendingPathComponent(sample)
        }
        let text = try String(contentsOf: url, encoding: .utf8)
        return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
            line.hasPrefix("#") || line.trimmingCharacters(in: .whitespaces).isEmpty ? nil : (index + 1, String(line))
        }
    }

    static func scalars(_ hex: Substring) -> String {
        String(String.UnicodeScalarView(hex.split(separator: " ").compactMap { UInt32($0, radix: 16).flatMap(Unicode.Scalar.init) }))
    }

    // MARK: UAX #9

    /// Each case: levels of every character not removed by rule X9, and their visual order (rule L2) on one line,
    /// computed as the layout engine does (FriBidi's levels, rule L1 for the line's end, RunShaper.visualOrder).
    func testBidiCharacterTestSampleLevelsAndVisualOrder() throws {
        let chain = try FontFallbackChain.debianDefault()
        let cases = try Self.lines(sample: "BidiCharacterTest-sample.txt", full: "BidiCharacterTest.txt")
        if ProcessInfo.processInfo.environment["GLASSPANE_UNICODE_DATA"] == nil {
            XCTAssertGreaterThanOrEqual(cases.count, 800)
        }
        var failures: [String] = []
        for (number, line) in cases {
            let fields = line.split(separator: ";", omittingEmptySubsequences: false)
            guard fields.count >= 5 else { XCTFail("line \(number): \(fields.count) fields"); continue }
            let text = Self.scalars(fields[0])
            let direction: BaseDirection = fields[1] == "0" ? .leftToRight : fields[1] == "1" ? .rightToLeft : .automatic
            let expectedLevels = fields[3].split(separator: " ").map { $0 == "x" ? nil : UInt8($0) }
            let expectedOrder = fields[4].split(separator: " ").compactMap { Int($0) }
            let analysis = ParagraphAnalysis(Substring(text), direction: direction, chain: chain)
            let levels = analysis.lineLevels(0..<analysis.scalars.count)
            let kept = expectedLevels.indices.filter { expectedLevels[$0] != nil }
            let gotLevels = kept.map { levels[$0] }
            let order = RunShaper.visualOrder(levels: gotLevels).map { kept[$0] }
            let base = UInt8(fields[2]) ?? 9
            if analysis.baseLevel != base || gotLevels != kept.map({ expectedLevels[$0]! }) || order != expectedOrder {
                failures.append("line \(number): \(fields[0]) dir \(fields[1]): base \(analysis.baseLevel) (want \(base)), "
                                + "levels \(gotLevels) (want \(fields[3])), order \(order) (want \(fields[4]))")
            }
        }
        print("UAX #9: \(cases.count - failures.count) of \(cases.count) BidiCharacterTest cases pass")
        XCTAssertEqual(failures.count, 0, failures.prefix(10).joined(separator: "\n"))
    }

    // MARK: UAX #14

    /// Each case: a break (÷) or none (×) after every code point, from LineBreak.uax14 (the layout engine adds only
    /// that a line never breaks inside a grapheme cluster).
    func testLineBreakTestSampleBreakOpportunities() throws {
        let cases = try Self.lines(sample: "LineBreakTest-sample.txt", full: "auxiliary/LineBreakTest.txt")
        if ProcessInfo.processInfo.environment["GLASSPANE_UNICODE_DATA"] == nil {
            XCTAssertGreaterThanOrEqual(cases.count, 1000)
        }
        var failures: [String] = []
        for (number, line) in cases {
            let tokens = line.split(separator: "#", maxSplits: 1)[0].split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            var scalars: [UInt32] = [], expected: [Bool] = []
            for (index, token) in tokens.enumerated() where index % 2 == 1 {
                guard let value = UInt32(token, radix: 16), index + 1 < tokens.count else { XCTFail("line \(number): \(token)"); continue }
                scalars.append(value)
                expected.append(tokens[index + 1] == "÷")
            }
            let got = LineBreak.uax14(scalars).map { $0 != .prohibited }
            if got != expected {
                let marks = zip(scalars, got).map { String($0, radix: 16, uppercase: true) + ($1 ? " ÷" : " ×") }.joined(separator: " ")
                failures.append("line \(number): got \(marks); want \(line)")
            }
        }
        print("UAX #14: \(cases.count - failures.count) of \(cases.count) LineBreakTest cases pass")
        XCTAssertEqual(failures.count, 0, failures.prefix(10).joined(separator: "\n"))
    }

    /// The table LineBreakTable.swift holds parses whole, and a few classes read as LineBreak.txt gives them.
    func testLineBreakTableParsesEveryRange() {
        XCTAssertEqual(LineBreakClass.table.starts.count, 3539)
        XCTAssertEqual(LineBreakClass.table.starts, LineBreakClass.table.starts.sorted())
        XCTAssertEqual(LineBreakClass.lookUp(0x20), .SP)
        XCTAssertEqual(LineBreakClass.lookUp(0x28), .OP30)
        XCTAssertEqual(LineBreakClass.lookUp(0xFF08), .OP)
        XCTAssertEqual(LineBreakClass.lookUp(0x05D0), .HL)
        XCTAssertEqual(LineBreakClass.lookUp(0x0E01), .SA)
        XCTAssertEqual(LineBreakClass.lookUp(0x1F1E6), .RI)
        XCTAssertEqual(LineBreakClass.lookUp(0xAC00), .H2)
        XCTAssertEqual(LineBreakClass.lookUp(0x10FFFF), .XX)
    }

    /// Swift's `String` equality is canonical equivalence: the layout cache must still tell "é" (U+00E9) from
    /// "e" + U+0301, whose clusters differ (found by the shaping fuzzer, Fuzz/TextLayout).
    func testCanonicallyEquivalentTextsAreLaidOutApart() throws {
        let engine = TextLayoutEngine(chain: try .debianDefault())
        for (composed, decomposed) in [("caf\u{E9}", "cafe\u{301}"), ("\u{1E69}", "s\u{323}\u{307}"), ("q\u{323}\u{307}", "q\u{307}\u{323}")] {
            XCTAssertEqual(composed, decomposed, "Swift calls them equal")
            let first = engine.layout(composed, style: ParagraphStyle())
            let second = engine.layout(decomposed, style: ParagraphStyle())
            XCTAssertEqual(Array(first.lines[0].text.unicodeScalars), Array(composed.unicodeScalars))
            XCTAssertEqual(Array(second.lines[0].text.unicodeScalars), Array(decomposed.unicodeScalars))
            XCTAssertLessThan(second.lines[0].runs.flatMap(\.run.glyphs).map(\.cluster).max() ?? 0, decomposed.unicodeScalars.count)
        }
        XCTAssertEqual(engine.cacheHitCount, 0)
    }
}
