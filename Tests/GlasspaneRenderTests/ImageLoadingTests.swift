// The Image control with real files (Tests/ImageFixtures) through SDL2_image and the GL overlay renderer, headless:
// good files decode to their pixels and draw fit, fill and stretched; bad ones are refused before decoding with a
// clear error in the UI (the placeholder's text) and in the log, once, while frames go on.
import CGL
import XCTest
import GlasspaneCore
import GlasspaneDraw
import GlasspaneOverlay
import GlasspanePlatform
import GlasspaneRender

final class ImageLoadingTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../ImageFixtures").standardized.path

    static func fixture(_ name: String) -> String { fixtures + "/" + name }

    @MainActor
    static func library(limits: ImageLimits = .standard) -> (ImageLibrary, LogLines) {
        let library = ImageLibrary()
        library.install(decoder: SDLImageDecoder(), registry: nil)
        library.limits = limits
        let lines = LogLines()
        library.log = { lines.lines.append($0) }
        return (library, lines)
    }

    final class LogLines { var lines: [String] = [] }

    func testSDLImageDecodesThePNGToItsExactPixelsAndTheJPEGToItsColors() throws {
        try MainActor.assumeIsolated {
            let png = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.fixture("small.png"))))
            let image = try SDLImageDecoder().decode(png, header: try ImageHeader.read(png))
            XCTAssertEqual(image.size, PixelSize(width: 4, height: 2))
            XCTAssertEqual(Array(image.rgba[0..<16]), [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255])
            XCTAssertEqual(Array(image.rgba[16..<32]), [0, 0, 0, 255, 255, 0, 0, 128, 255, 255, 0, 255, 0, 255, 255, 255])
            let jpg = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.fixture("small.jpg"))))
            let photo = try SDLImageDecoder().decode(jpg, header: try ImageHeader.read(jpg))
            XCTAssertEqual(photo.size, PixelSize(width: 16, height: 8))
            let left = photo.pixel(x: 2, y: 4), right = photo.pixel(x: 13, y: 4)
            XCTAssertGreaterThan(Int(left.r), 180); XCTAssertLessThan(Int(left.b), 80)
            XCTAssertGreaterThan(Int(right.b), 180); XCTAssertLessThan(Int(right.r), 80)
        }
    }

    func testEachBadFileGivesItsErrorBeforeDecodingAndOneLogLine() throws {
        MainActor.assumeIsolated {
            let (library, log) = Self.library()
            let cases: [(String, String, String)] = [
                ("no-such-file.png", "image-missing", "no such file"),
                ("empty.png", "image-empty", "the file is empty"),
                ("not-an-image.png", "image-unknown-format", "not a PNG or JPEG"),
                ("truncated.png", "image-truncated", "truncated PNG: the IEND chunk is missing"),
                ("header-only.png", "image-truncated", "the file ends inside the IHDR header"),
                ("truncated.jpg", "image-truncated", "truncated JPEG: the end-of-image marker (EOI) is missing"),
                ("corrupt-header.png", "image-corrupt", "corrupt PNG header"),
                ("huge.png", "image-too-large", "50000x50000 pixels, over the limit of 8192 pixels wide"),
                ("huge.jpg", "image-too-large", "50000x50000 pixels"),
            ]
            for (name, identifier, words) in cases {
                guard case .failure(let error) = library.load(path: Self.fixture(name)) else { XCTFail("\(name) loaded"); continue }
                XCTAssertEqual(error.identifier, identifier, name)
                XCTAssertTrue(error.message.hasPrefix(Self.fixture(name) + ": "), "the message names the file: \(error.message)")
                XCTAssertTrue(error.message.contains(words), "\(name): \(error.message)")
            }
            XCTAssertEqual(library.decodedCount, 0, "every refusal came before the decoder")
            XCTAssertEqual(log.lines.count, cases.count, "one log line per failure")
            XCTAssertTrue(log.lines[7].hasPrefix("image-too-large: "), log.lines[7])
            // A sound header over a body that does not inflate: the decoder refuses it.
            guard case .failure(let body) = library.load(path: Self.fixture("corrupt-body.png")) else { return XCTFail("corrupt body loaded") }
            XCTAssertEqual(body.identifier, "image-decode-failed")
            // The file size limit is checked before reading.
            let (small, _) = Self.library(limits: ImageLimits(maxFileBytes: 80))
            guard case .failure(let big) = small.load(path: Self.fixture("small.png")) else { return XCTFail("87 bytes over 80 loaded") }
            XCTAssertEqual(big, .fileTooLarge(path: Self.fixture("small.png"), bytes: 87, limit: 80))
            guard case .success(let ok) = library.load(path: Self.fixture("small.png")) else { return XCTFail("small.png failed") }
            XCTAssertEqual(ok.size, PixelSize(width: 4, height: 2))
            XCTAssertNil(ok.handle, "no registry: nothing uploaded")
        }
    }

    private static let windowSize = Size(width: 200, height: 100)

    /// Draws one layer holding `views` through the real renderer at `scale` and reads it back.
    @MainActor
    private static func render(scale: Int, _ build: (OverlayLayer) -> Void, check: (Overlay, PixelImage) throws -> Void) throws {
        let drawable = PixelSize(width: 200 * scale, height: 100 * scale)
        let platform = try SDLPlatform(options: PlatformOptions(size: drawable, headless: true, vsync: false))
        defer { platform.close() }
        let metrics = WindowMetrics(windowSize: windowSize, drawableSize: drawable)
        let target = RenderTarget(offscreen: true)
        try withExtendedLifetime(target) {
            target.bind(size: drawable)
            let renderer = try GLOverlayRenderer(atlas: try GlyphAtlas())
            let overlay = Overlay(windowSize: windowSize)
            overlay.images.install(decoder: SDLImageDecoder(), registry: GLImageRegistry(renderer))
            overlay.images.log = { _ in }
            let layer = overlay.addLayer(name: "ui", level: 0)
            build(layer)
            overlay.update()
            glClearColor(0, 0, 0, 1)
            glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
            renderer.render(layer.drawList, generation: 1, metrics: metrics)
            try check(overlay, FramebufferCapture.readBackBuffer(size: drawable))
        }
    }

    /// A replaced picture's texture is deleted; GL may give the next picture the same texture name, which must
    /// still be bound when it is uploaded (the state cache forgets the deleted binding), so the new picture shows.
    func testAReplacedPictureIsFreedAndTheNextOneDrawsInItsPlace() throws {
        try MainActor.assumeIsolated {
            let drawable = PixelSize(width: 200, height: 100)
            let platform = try SDLPlatform(options: PlatformOptions(size: drawable, headless: true, vsync: false))
            defer { platform.close() }
            let metrics = WindowMetrics(windowSize: Self.windowSize, drawableSize: drawable)
            let target = RenderTarget(offscreen: true)
            try withExtendedLifetime(target) {
                target.bind(size: drawable)
                let renderer = try GLOverlayRenderer(atlas: try GlyphAtlas())
                let overlay = Overlay(windowSize: Self.windowSize)
                overlay.images.install(decoder: SDLImageDecoder(), registry: GLImageRegistry(renderer))
                let layer = overlay.addLayer(name: "ui", level: 0)
                func solid(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> PixelImage {
                    PixelImage(size: PixelSize(width: 4, height: 4), rgba: [UInt8]((0..<16).flatMap { _ in [r, g, b, 255] }))
                }
                let image = Image(identifier: "sig", pixels: solid(255, 0, 0), contentMode: .stretch)
                image.preferredWidth = 40; image.preferredHeight = 40
                layer.addSubview(image, at: Point(x: 0, y: 0))
                var generation: UInt64 = 0
                @MainActor func draw() throws -> PixelImage {
                    overlay.update()
                    generation += 1
                    glClearColor(0, 0, 0, 1)
                    glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
                    renderer.render(layer.drawList, generation: generation, metrics: metrics)
                    return try FramebufferCapture.readBackBuffer(size: drawable)
                }
                XCTAssertEqual(try draw().pixel(x: 20, y: 20).r, 255, "red first")
                for (r, g, b) in [(0, 255, 0), (0, 0, 255), (255, 255, 0)] as [(UInt8, UInt8, UInt8)] {
                    image.source = .pixels(solid(r, g, b))
                    let p = try draw().pixel(x: 20, y: 20)
                    XCTAssertEqual([p.r, p.g, p.b], [r, g, b], "the new picture shows")
                }
                XCTAssertEqual(overlay.images.liveImageCount, 1, "one texture alive after four pictures")
                XCTAssertEqual(renderer.imageCount, 1)
            }
        }
    }

    func testFitFillAndStretchPlaceThePixelsAtScaleOneAndTwo() throws {
        for scale in [1, 2] {
            try MainActor.assumeIsolated {
                let path = Self.fixture("small.png")
                let stretch = Image(identifier: "stretch", path: path, contentMode: .stretch)
                let fit = Image(identifier: "fit", path: path, contentMode: .fit)
                let fill = Image(identifier: "fill", path: path, contentMode: .fill)
                try Self.render(scale: scale, { layer in
                    for (view, x, size) in [(stretch, 0.0, Size(width: 80, height: 40)), (fit, 90, Size(width: 40, height: 80)),
                                            (fill, 140, Size(width: 40, height: 40))] {
                        layer.addSubview(view, at: Point(x: x, y: 0))
                        view.preferredWidth = size.width; view.preferredHeight = size.height
                    }
                }) { _, image in
                    // Linear filtering blends a little of the neighbouring texel off the texel centers: within 40/255
                    // of the texel's color, far from every other texel's.
                    func color(_ x: Double, _ y: Double) -> [Int] {
                        let p = image.pixel(x: Int(x * Double(scale)), y: Int(y * Double(scale)))
                        return [Int(p.r), Int(p.g), Int(p.b)]
                    }
                    func assertNear(_ x: Double, _ y: Double, _ want: [Int], _ message: String = "", line: UInt = #line) {
                        let got = color(x, y)
                        XCTAssertTrue(zip(got, want).allSatisfy { abs($0 - $1) <= 40 }, "\(got) at \(x),\(y), want \(want) \(message)", line: line)
                    }
                    // Stretch: 4x2 texels over 80x40 points, 20 points each, sampled near their centers.
                    assertNear(10, 10, [255, 0, 0], "stretch red, scale \(scale)")
                    assertNear(30, 10, [0, 255, 0])
                    assertNear(50, 10, [0, 0, 255])
                    assertNear(70, 10, [255, 255, 255])
                    assertNear(10, 30, [0, 0, 0])
                    assertNear(50, 30, [255, 255, 0])
                    assertNear(30, 30, [128, 0, 0], "half-transparent red over black")
                    // Fit in 40x80: 40x20 centered vertically (y 30..50), black above and below.
                    assertNear(95, 35, [255, 0, 0])
                    assertNear(125, 45, [0, 255, 255])
                    assertNear(95, 20, [0, 0, 0], "letterbox above")
                    assertNear(125, 60, [0, 0, 0], "letterbox below")
                    // Fill in 40x40: 80x40 centered (x 120..200), clipped to 140..180: green then blue.
                    assertNear(150, 10, [0, 255, 0], "fill shows the middle texels")
                    assertNear(170, 10, [0, 0, 255])
                    assertNear(185, 10, [0, 0, 0], "clipped to the view")
                }
            }
        }
    }

    func testABadFileShowsAPlaceholderWithTheReasonAndIsNotRetriedEachFrame() throws {
        try MainActor.assumeIsolated {
            let image = Image(identifier: "photo", path: Self.fixture("huge.png"))
            var results: [String] = []
            image.onLoad = { results.append((try? $0.get()).map { "\($0)" } ?? "failed") }
            try Self.render(scale: 1, { layer in layer.addSubview(image, at: Point(x: 10, y: 0)); image.sizesToFit = true }) { overlay, frame in
                XCTAssertEqual(image.frame.size, Image.placeholderSize, "the placeholder's size")
                XCTAssertEqual(image.scriptValue(of: "state"), "failed")
                XCTAssertEqual(image.scriptValue(of: "error"), "image-too-large")
                let texts = overlay.layers[0].drawList.commands.compactMap { if case .glyphs(let run) = $0 { run.text } else { nil } }
                XCTAssertEqual(texts, ["Too large: 50000 x 50000", "huge.png"])
                // The placeholder's invalid-colored border is drawn (not the black background).
                let border = frame.pixel(x: 11, y: 40)
                XCTAssertGreaterThan(Int(border.r), 120, "the border at the left edge")
                // More frames: no new attempt, no new log line.
                for _ in 0..<30 { image.setNeedsDisplay(); overlay.update() }
                XCTAssertEqual(overlay.images.failures.count, 1)
                XCTAssertEqual(results, ["failed"])
            }
        }
    }
}
