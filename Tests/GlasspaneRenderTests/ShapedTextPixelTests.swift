// Shaped text on screen, at scale 1 and 2: an Arabic word is drawn joined, as `hb-view` (HarfBuzz + cairo, Debian
// libharfbuzz-bin) draws the same font at the same pixel size; an emoji is drawn in its colors (Noto Color Emoji);
// a scalar no font has is the primary font's box.
import CGL
import Foundation
import XCTest
import GlasspaneCore
import GlasspaneOverlay
import GlasspanePlatform
@testable import GlasspaneRender

final class ShapedTextPixelTests: XCTestCase {
    private static let points = Size(width: 240, height: 120)
    private static let arabicFont = "/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf"

    /// Pixels with ink (any channel over 100 on black) as a mask, and their bounding box.
    private struct Ink {
        var mask: [Bool], width: Int, minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        init(_ image: PixelImage) {
            width = image.size.width
            mask = (0..<(image.size.width * image.size.height)).map { i in
                max(image.rgba[i * 4], image.rgba[i * 4 + 1], image.rgba[i * 4 + 2]) > 100
            }
            for i in mask.indices where mask[i] {
                let x = i % width, y = i / width
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        var boxWidth: Int { maxX - minX + 1 }
        var boxHeight: Int { maxY - minY + 1 }
        func at(_ x: Int, _ y: Int) -> Bool { mask[(minY + y) * width + minX + x] }
    }

    /// `text` laid out by the atlas's paragraph engine at `fontSize` points, white on black, at `scale` pixels per point.
    @MainActor
    private static func render(_ text: String, fontSize: Double, scale: Double) throws -> PixelImage {
        let drawable = PixelSize(width: Int(Self.points.width * scale), height: Int(Self.points.height * scale))
        let metrics = WindowMetrics(windowSize: Self.points, drawableSize: drawable)
        var image: PixelImage?
        try withHeadlessTarget(size: drawable) { atlas in
            atlas.scale = scale
            let renderer = try GLOverlayRenderer(atlas: atlas)
            let paragraph = atlas.layoutParagraph(text, style: ParagraphStyle(fontSize: fontSize), width: nil)
            var list = DrawList(commands: [.rect(Rect(origin: .zero, size: Self.points), color: Color(r: 0, g: 0, b: 0, a: 1), cornerRadius: 0)])
            for run in paragraph.glyphRuns(at: Point(x: 20, y: 20), color: Color(r: 1, g: 1, b: 1, a: 1)) { list.append(.glyphs(run)) }
            XCTAssertTrue(list.commands.dropFirst().allSatisfy { if case .glyphs(let r) = $0 { r.shaped != nil } else { false } })
            image = clearedFrame(size: drawable) { renderer.render(list, generation: 1, metrics: metrics) }
        }
        return try XCTUnwrap(image)
    }

    /// hb-view's rendering of `text` in `font` at `pixels` pixels per em, white on black.
    @MainActor
    private static func hbView(_ text: String, font: String, pixels: Int) throws -> PixelImage {
        guard let hbView = ["/usr/bin/hb-view", "/usr/local/bin/hb-view"].first(where: FileManager.default.isExecutableFile) else {
            throw XCTSkip("hb-view (Debian libharfbuzz-bin) is not installed")
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("glasspane-hbview-\(getpid())-\(pixels).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: hbView)
        process.arguments = ["--font-size=\(pixels)", "--margin=8", "--background=000000", "--foreground=ffffff", "-O", "png",
                             "-o", path, font, text]
        process.environment = ["LC_ALL": "C.UTF-8"]
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        return try XCTUnwrap(FramebufferCapture.readPNG(at: path), "hb-view wrote no readable PNG")
    }

    func testAnArabicWordIsJoinedAndMatchesHbViewAtScaleOneAndTwo() throws {
        try MainActor.assumeIsolated {
            // م ح م د: every letter joins its neighbour, so the word's ink has no gap from end to end.
            let word = "محمد"
            for scale in [1.0, 2.0] {
                let ours = Ink(try Self.render(word, fontSize: 40, scale: scale))
                let reference = Ink(try Self.hbView(word, font: Self.arabicFont, pixels: Int(40 * scale)))
                XCTAssertGreaterThan(ours.boxWidth, Int(40 * scale), "scale \(scale): the word has ink")
                XCTAssertEqual(Double(ours.boxWidth), Double(reference.boxWidth), accuracy: 2 * scale, "scale \(scale): width")
                XCTAssertEqual(Double(ours.boxHeight), Double(reference.boxHeight), accuracy: 3 * scale, "scale \(scale): height")
                let gaps = (0..<ours.boxWidth).filter { x in !(0..<ours.boxHeight).contains { ours.at(x, $0) } }
                XCTAssertEqual(gaps, [], "scale \(scale): columns without ink break the joined word")
                // Overlap of the two masks aligned at their boxes' top-left: the same glyphs in the same places.
                var both = 0, either = 0
                for y in 0..<max(ours.boxHeight, reference.boxHeight) {
                    for x in 0..<max(ours.boxWidth, reference.boxWidth) {
                        let a = x < ours.boxWidth && y < ours.boxHeight && ours.at(x, y)
                        let b = x < reference.boxWidth && y < reference.boxHeight && reference.at(x, y)
                        if a && b { both += 1 }
                        if a || b { either += 1 }
                    }
                }
                XCTAssertGreaterThan(Double(both) / Double(either), 0.75, "scale \(scale): ink overlap with hb-view")
            }
        }
    }

    func testAnEmojiIsDrawnInColorAtItsSize() throws {
        try MainActor.assumeIsolated {
            for scale in [1.0, 2.0] {
                // 😀: a yellow face, drawn with white text color, so any yellow comes from the emoji's own pixels.
                let image = try Self.render("😀", fontSize: 40, scale: scale)
                var yellow = 0, ink = 0
                for i in 0..<(image.size.width * image.size.height) {
                    let r = Int(image.rgba[i * 4]), g = Int(image.rgba[i * 4 + 1]), b = Int(image.rgba[i * 4 + 2])
                    if max(r, g, b) > 60 { ink += 1 }
                    if r > 180, g > 120, b < 90 { yellow += 1 }
                }
                let em = 40 * scale
                XCTAssertGreaterThan(Double(yellow), em * em * 0.3, "scale \(scale): the face is yellow")
                let box = Ink(image)
                XCTAssertEqual(Double(box.boxWidth), em * 1.17, accuracy: em * 0.15, "scale \(scale): scaled to the line size")
                XCTAssertGreaterThan(ink, yellow)
            }
        }
    }

    func testAScalarNoFontHasIsDrawnAsABox() throws {
        try MainActor.assumeIsolated {
            for scale in [1.0, 2.0] {
                let box = Ink(try Self.render("\u{E000}", fontSize: 40, scale: scale))
                XCTAssertGreaterThan(box.boxWidth, Int(15 * scale), "scale \(scale)")
                XCTAssertGreaterThan(box.boxHeight, Int(25 * scale), "scale \(scale)")
                let midX = box.boxWidth / 2, midY = box.boxHeight / 2
                XCTAssertFalse(box.at(midX, midY), "scale \(scale): the box is hollow")
                XCTAssertTrue((0..<3).contains { box.at($0, midY) }, "scale \(scale): left edge")
                XCTAssertTrue((0..<3).contains { box.at(box.boxWidth - 1 - $0, midY) }, "scale \(scale): right edge")
                XCTAssertTrue((0..<3).contains { box.at(midX, $0) }, "scale \(scale): top edge")
                XCTAssertTrue((0..<3).contains { box.at(midX, box.boxHeight - 1 - $0) }, "scale \(scale): bottom edge")
            }
        }
    }
}
