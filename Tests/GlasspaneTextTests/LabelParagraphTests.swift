// A Label with a paragraph style, on an overlay whose fonts are a TextLayoutEngine (no GL): it measures wrapped
// lines, draws runs of glyphs placed by index, and its dump lists the runs and glyphs hb-shape gives.
import GlasspaneCore
import GlasspaneDraw
import GlasspaneOverlay
import GlasspaneText
import XCTest

final class LabelParagraphTests: XCTestCase {
    func testAParagraphLabelWrapsDrawsShapedRunsAndDumpsThemAsHbShapeDoes() throws {
        try MainActor.assumeIsolated {
            let engine = TextLayoutEngine(chain: try .debianDefault())
            let overlay = Overlay(windowSize: Size(width: 400, height: 300), fonts: engine)
            let layer = overlay.addLayer(name: "ui", level: 0)
            let text = "Hello שלום world"
            let label = Label(identifier: "p", text: text, fontSize: 14)
            label.paragraphStyle = ParagraphStyle()
            label.preferredWidth = 400
            layer.addSubview(label, at: Point(x: 10, y: 20))
            overlay.update()
            XCTAssertEqual(label.frame.height, engine.layout(text, style: ParagraphStyle(fontSize: 14), width: 400).size.height, accuracy: 1e-9)

            let runs = layer.drawList.commands.compactMap { command -> GlyphRun? in if case .glyphs(let r) = command { r } else { nil } }
            XCTAssertEqual(runs.map(\.text), ["Hello ", "שלום", " world"])
            XCTAssertTrue(runs.allSatisfy { $0.shaped != nil })

            // The dump's glyphs against hb-shape's (the corpus fixture's first mixed string), font units to points.
            let corpus = try ShapingCorpusTests.loadCorpus()
            let expected = try XCTUnwrap(corpus.entries.first { $0.segments.map(\.text).joined() == text })
            let dump = try XCTUnwrap(overlay.viewDump().first { $0.identifier == "p" }?.text)
            XCTAssertEqual(dump.lines.count, 1)
            XCTAssertEqual(dump.lines[0].frame.x, 10)
            let dumped = dump.lines[0].runs
            XCTAssertEqual(dumped.map(\.text), expected.segments.map(\.text))
            XCTAssertEqual(dumped.map(\.direction), expected.segments.map(\.direction))
            XCTAssertEqual(dumped.map(\.font), expected.segments.map(\.font))
            var start = 0
            for (run, segment) in zip(dumped, expected.segments) {
                XCTAssertEqual(run.glyphs.map { Int($0.id) }, segment.glyphs.map { $0[0] })
                XCTAssertEqual(run.glyphs.map { $0.cluster - start }, segment.glyphs.map { $0[1] })
                let unitsPerEm = run.font.hasSuffix("DejaVuSans.ttf") ? 2048.0 : 1000.0
                for (glyph, expectedGlyph) in zip(run.glyphs, segment.glyphs) {
                    XCTAssertEqual(glyph.advance, Double(expectedGlyph[2]) * 14 / unitsPerEm, accuracy: 1e-9)
                }
                start += segment.text.unicodeScalars.count
            }

            // Narrower: the same label wraps onto more lines and grows.
            label.preferredWidth = 60
            overlay.update()
            XCTAssertGreaterThan(try XCTUnwrap(overlay.viewDump().first { $0.identifier == "p" }?.text).lines.count, 1)
            XCTAssertGreaterThan(label.frame.height, engine.layout(text, style: ParagraphStyle(fontSize: 14), width: 400).size.height)
        }
    }

    func testAShapedTextFieldDrawsRunsAndPutsTheCaretAtClusterEdgesMovingLeftThroughHebrew() throws {
        try MainActor.assumeIsolated {
            let engine = TextLayoutEngine(chain: try .debianDefault())
            let overlay = Overlay(windowSize: Size(width: 400, height: 300), fonts: engine)
            let layer = overlay.addLayer(name: "ui", level: 0)
            let field = TextField(identifier: "f")
            field.preferredWidth = 300
            field.shapesText = true
            field.text = "abc שלום"
            layer.addSubview(field, at: .zero)
            overlay.update()
            let runs = layer.drawList.commands.compactMap { command -> GlyphRun? in if case .glyphs(let r) = command { r } else { nil } }
            XCTAssertEqual(runs.map(\.text), ["abc ", "שלום"])
            XCTAssertTrue(runs.allSatisfy { $0.shaped != nil })
            let x = (0...8).map { field.caretX(at: $0, fonts: engine) }
            let latin = engine.measure("abc", fontSize: field.fontSize).width
            XCTAssertEqual(x[0], 0)
            XCTAssertEqual(x[3], latin, accuracy: 1e-9, "after 'abc', before the space")
            // The end follows the Hebrew word: the left edge of its run, where the next Hebrew letter goes (as the
            // editor puts it, TextEditor+Layout.swift).
            XCTAssertEqual(x[8], engine.measure("abc ", fontSize: field.fontSize).width, accuracy: 1e-6, "the end")
            // Logical order through the Hebrew word moves the caret left, one letter at a time.
            XCTAssertGreaterThan(x[4], x[5])
            XCTAssertGreaterThan(x[5], x[6])
            XCTAssertGreaterThan(x[6], x[7])
            XCTAssertGreaterThan(x[7], x[4] - engine.measure("שלום", fontSize: field.fontSize).width - 1e-9)
        }
    }

    func testWithoutShapingFontsAParagraphLabelIsOneLineAsBefore() throws {
        try MainActor.assumeIsolated {
            let overlay = Overlay(windowSize: Size(width: 400, height: 300), fonts: MonospaceFontMetrics())
            let layer = overlay.addLayer(name: "ui", level: 0)
            let label = Label(identifier: "p", text: "one two three", fontSize: 10)
            label.paragraphStyle = ParagraphStyle()
            label.preferredWidth = 30
            layer.addSubview(label, at: .zero)
            overlay.update()
            let runs = layer.drawList.commands.compactMap { command -> GlyphRun? in if case .glyphs(let r) = command { r } else { nil } }
            XCTAssertEqual(runs.map(\.text), ["one two three"])
            XCTAssertNil(runs.first?.shaped)
            XCTAssertNil(overlay.viewDump().first { $0.identifier == "p" }?.text)
        }
    }
}
