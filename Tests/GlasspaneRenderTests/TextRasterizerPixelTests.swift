// ShapedTextRasterizer: the Sign sheet's typed name drawn in the chosen font file, shaped as the overlay's text is.
// Two fonts give different pixels for the same name; the ink is the color asked for; Arabic joins, Hebrew reads right
// to left, emoji keep their colors, CJK falls back to Noto; bad input is refused with its identifier before any work.
import Foundation
import XCTest
import GlasspaneCore
import GlasspaneDemo
import GlasspaneDraw
import GlasspaneHost
import GlasspaneOverlay
import GlasspanePlatform
import GlasspaneRender

final class TextRasterizerPixelTests: XCTestCase {
    private static let sans = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    private static let serif = "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"

    /// Pixels with coverage over half, as a mask.
    private func inked(_ image: PixelImage) -> [Bool] { stride(from: 3, to: image.rgba.count, by: 4).map { image.rgba[$0] > 127 } }

    func testTwoFontsDrawTheSameNameWithDifferentPixelsInTheAskedInk() throws {
        for path in [Self.sans, Self.serif] where !FileManager.default.fileExists(atPath: path) { throw XCTSkip("\(path) is not installed") }
        let rasterizer = ShapedTextRasterizer()
        let ink = Color(hex: "#1b2a5c")!
        let sans = try rasterizer.rasterize("Ada Lovelace", fontPath: Self.sans, pixelSize: 40, color: ink)
        let serif = try rasterizer.rasterize("Ada Lovelace", fontPath: Self.serif, pixelSize: 40, color: ink)
        for image in [sans, serif] {
            XCTAssertGreaterThan(image.size.width, 200, "twelve characters at 40 pixels")
            XCTAssertLessThan(image.size.width, 400)
            XCTAssertGreaterThanOrEqual(image.size.height, 40)
            XCTAssertLessThan(image.size.height, 60)
            let covered = inked(image).filter { $0 }.count
            XCTAssertGreaterThan(covered, image.size.width * image.size.height / 20, "the name left ink")
            // Every inked pixel is the asked color (the coverage goes to the alpha).
            let i = try XCTUnwrap(inked(image).firstIndex(of: true)) * 4
            XCTAssertEqual([image.rgba[i], image.rgba[i + 1], image.rgba[i + 2]], [0x1b, 0x2a, 0x5c])
        }
        XCTAssertNotEqual(sans.size, serif.size, "DejaVu Serif's advances are wider than Sans'")
        // Over the common area, a good share of pixels differ in coverage: the faces are not the same drawing.
        let w = min(sans.size.width, serif.size.width), h = min(sans.size.height, serif.size.height)
        var differing = 0
        for y in 0..<h { for x in 0..<w where (sans.pixel(x: x, y: y).a > 127) != (serif.pixel(x: x, y: y).a > 127) { differing += 1 } }
        XCTAssertGreaterThan(differing, w * h / 20, "\(differing) of \(w * h) pixels differ")
        // The same request twice gives the same pixels (a cached font, no state carried over).
        XCTAssertEqual(try rasterizer.rasterize("Ada Lovelace", fontPath: Self.sans, pixelSize: 40, color: ink), sans)
    }

    /// The pixel columns of `image` that hold ink, as a mask per column (rows with coverage over half).
    private func columns(_ image: PixelImage, from x0: Int, count: Int) -> [[Bool]] {
        (x0..<x0 + count).map { x in (0..<image.size.height).map { y in x < image.size.width && image.pixel(x: x, y: y).a > 127 } }
    }

    private func mismatch(_ a: [[Bool]], _ b: [[Bool]]) -> Int {
        zip(a, b).reduce(0) { sum, pair in sum + zip(pair.0, pair.1).filter { $0 != $1 }.count }
    }

    func testArabicJoinsHebrewReadsRightToLeftEmojiKeepColorAndCJKFallsBack() throws {
        for path in [Self.sans, Self.serif] where !FileManager.default.fileExists(atPath: path) { throw XCTSkip("\(path) is not installed") }
        let rasterizer = ShapedTextRasterizer()
        let ink = Color(hex: "#1b2a5c")!
        func draw(_ text: String, _ path: String = TextRasterizerPixelTests.sans) throws -> PixelImage {
            try rasterizer.rasterize(text, fontPath: path, pixelSize: 48, color: ink)
        }
        // Arabic: lam then alef is one ligature glyph, narrower than the two letters drawn alone side by side.
        let lamAlef = try draw("\u{0644}\u{0627}"), lam = try draw("\u{0644}"), alef = try draw("\u{0627}")
        XCTAssertLessThan(lamAlef.size.width, lam.size.width + alef.size.width - 4,
                          "lam-alef \(lamAlef.size.width) against \(lam.size.width) + \(alef.size.width)")
        // Hebrew: alef then bet reads right to left, so bet is on the left of the picture.
        let alefBet = try draw("\u{05D0}\u{05D1}"), hebrewAlef = try draw("\u{05D0}"), bet = try draw("\u{05D1}")
        let leftAsBet = mismatch(columns(alefBet, from: 0, count: bet.size.width), columns(bet, from: 0, count: bet.size.width))
        let leftAsAlef = mismatch(columns(alefBet, from: 0, count: hebrewAlef.size.width), columns(hebrewAlef, from: 0, count: hebrewAlef.size.width))
        XCTAssertLessThan(leftAsBet * 3, leftAsAlef, "the left letter is bet (\(leftAsBet) pixels off) not alef (\(leftAsAlef) off)")
        // An emoji keeps its own colors: saturated pixels, far from the ink.
        let party = try draw("\u{1F389}")
        var colored = 0
        for y in 0..<party.size.height { for x in 0..<party.size.width {
            let p = party.pixel(x: x, y: y)
            if p.a > 200 && Int(max(p.r, p.g, p.b)) - Int(min(p.r, p.g, p.b)) > 100 { colored += 1 }
        } }
        XCTAssertGreaterThan(colored, 100, "the party popper is drawn in color (\(colored) saturated pixels)")
        // DejaVu Serif has no CJK: the name falls back to Noto Sans CJK instead of two .notdef boxes.
        let cjk = try draw("\u{65E5}\u{672C}", Self.serif), boxes = try draw("\u{E000}\u{E000}", Self.serif)
        let inkedCJK = inked(cjk).filter { $0 }.count
        XCTAssertGreaterThan(inkedCJK, 200, "two CJK characters leave ink")
        let w = min(cjk.size.width, boxes.size.width)
        let differing = mismatch(columns(cjk, from: 0, count: w), columns(boxes, from: 0, count: w))
        XCTAssertGreaterThan(differing, 200, "the CJK picture is not two boxes (\(differing) pixels differ)")
    }

    func testBadRequestsAreRefusedWithTheirIdentifier() {
        let rasterizer = ShapedTextRasterizer()
        func identifier(_ text: String, _ path: String = TextRasterizerPixelTests.sans, size: Int = 40) -> String? {
            do { _ = try rasterizer.rasterize(text, fontPath: path, pixelSize: size, color: .white); return nil } catch { return error.identifier }
        }
        XCTAssertEqual(identifier(""), "text-raster-empty")
        XCTAssertEqual(identifier(String(repeating: "x", count: TextRasterLimits.maximumCharacters + 1)), "text-raster-too-long")
        XCTAssertEqual(identifier("Ada", size: 0), "text-raster-bad-size")
        XCTAssertEqual(identifier("Ada", size: TextRasterLimits.maximumPixelSize + 1), "text-raster-bad-size")
        XCTAssertEqual(identifier("Ada", "/nonexistent/font.ttf"), "text-raster-font-unusable")
        XCTAssertEqual(identifier("Ada", "Package.swift"), "text-raster-font-unusable", "a file that is no font")
        XCTAssertTrue(TextRasterFailure.fontUnusable(path: "/x.ttf", reason: "r").description.contains("/x.ttf"))
    }

    func testTheSignSheetsPreviewShowsTheNameInTheChosenFontOnScreen() throws {
        try MainActor.assumeIsolated {
            let platform = try SDLPlatform(options: PlatformOptions(size: PixelSize(width: 800, height: 600), headless: true, vsync: false))
            defer { platform.close() }
            let atlas = try GlyphAtlas()
            let overlayRenderer = try GLOverlayRenderer(atlas: atlas)
            let (app, loop) = try headlessDemo(on: platform, atlas: atlas, overlay: overlayRenderer,
                                               content: DemoApp.Content(route: .sign))
            app.stage.overlay.images.install(decoder: SDLImageDecoder(), registry: GLImageRegistry(overlayRenderer))
            app.stage.overlay.images.textRasterizer = ShapedTextRasterizer()
            var image: PixelImage?
            loop.addObserver(BeforePresent { _ in image = FramebufferCapture.readBackBuffer(size: platform.metrics.drawableSize) }, order: .screenshots)
            loop.runFrame()
            loop.inject([.key(KeyEvent(key: .tab, modifiers: .control)), .key(KeyEvent(key: .tab, isDown: false, modifiers: .control))])
            loop.runFrame()
            loop.inject([.text("Ada Lovelace")])
            for _ in 0..<40 { loop.runFrame() }  // the sheet's entrance transition settles
            let preview = try XCTUnwrap(app.stage.overlay.view(withIdentifier: "sign.type.preview")).windowFrame
            let font = try XCTUnwrap(app.stage.overlay.view(withIdentifier: "sign.font") as? Picker)
            XCTAssertGreaterThanOrEqual(font.options.count, 2, "DejaVu Sans and Serif are installed (fonts-dejavu-core)")
            XCTAssertEqual(font.selectedTitle, "DejaVu Sans")
            let sans = try XCTUnwrap(image)
            font.select(1)  // as the popover's row does
            loop.runFrame()
            XCTAssertEqual(font.selectedTitle, "DejaVu Serif")
            let serif = try XCTUnwrap(image)
            // Inside the preview: dark ink on the paper in both, and the two fonts ink different pixels.
            var inkSans = 0, inkSerif = 0, differing = 0
            for y in Int(preview.minY) + 2..<Int(preview.maxY) - 2 {
                for x in Int(preview.minX) + 2..<Int(preview.maxX) - 2 {
                    let a = sans.pixel(x: x, y: y).r < 128, b = serif.pixel(x: x, y: y).r < 128
                    inkSans += a ? 1 : 0; inkSerif += b ? 1 : 0; differing += a != b ? 1 : 0
                }
            }
            XCTAssertGreaterThan(inkSans, 300, "the name in DejaVu Sans is on screen")
            XCTAssertGreaterThan(inkSerif, 300, "the name in DejaVu Serif is on screen")
            XCTAssertGreaterThan(differing, 200, "the font changed the drawing (\(differing) pixels differ)")
            // Outside the preview, on the paper-free sheet above it (the title bar), nothing changed.
            let title = try XCTUnwrap(app.stage.overlay.view(withIdentifier: "sign.title")).windowFrame
            for y in Int(title.minY)..<Int(title.maxY) { for x in Int(title.minX)..<Int(title.maxX) {
                XCTAssertEqual(sans.pixel(x: x, y: y).g, serif.pixel(x: x, y: y).g, "title bar pixel \(x), \(y)")
            } }
        }
    }
}
