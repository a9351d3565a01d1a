// The Image view without a display: placement for each content mode, sizes, script values, and pixels made in code
// going through the overlay's registry.
import XCTest
import GlasspaneCore
@testable import GlasspaneOverlay

final class ImageViewTests: XCTestCase {
    func testPlacementForEachContentMode() {
        let wide = PixelSize(width: 200, height: 100), box = Rect(x: 10, y: 20, width: 100, height: 100)
        XCTAssertEqual(Image.placement(of: wide, in: box, mode: .fit), Rect(x: 10, y: 45, width: 100, height: 50))
        XCTAssertEqual(Image.placement(of: wide, in: box, mode: .fill), Rect(x: -40, y: 20, width: 200, height: 100))
        XCTAssertEqual(Image.placement(of: wide, in: box, mode: .stretch), box)
        let tall = PixelSize(width: 10, height: 40)
        XCTAssertEqual(Image.placement(of: tall, in: box, mode: .fit), Rect(x: 47.5, y: 20, width: 25, height: 100))
        XCTAssertEqual(Image.placement(of: tall, in: box, mode: .fill), Rect(x: 10, y: -130, width: 100, height: 400))
    }

    final class CountingRegistry: ImageRegistry {
        var registered: [PixelSize] = []
        var released: [ImageHandle] = []
        func registerImage(_ image: PixelImage) -> ImageHandle { registered.append(image.size); return ImageHandle(id: registered.count) }
        func releaseImage(_ handle: ImageHandle) { released.append(handle) }
    }

    func testANewSourceFreesTheOldPicturesTextureOnce() {
        MainActor.assumeIsolated {
            let overlay = Overlay(windowSize: Size(width: 300, height: 200))
            let registry = CountingRegistry()
            overlay.images.registry = registry
            let layer = overlay.addLayer(name: "ui", level: 0)
            func pixels(_ w: Int) -> PixelImage { PixelImage(size: PixelSize(width: w, height: 8), rgba: [UInt8](repeating: 90, count: w * 8 * 4)) }
            let image = Image(identifier: "sig", pixels: pixels(16))
            layer.addSubview(image, at: Point(x: 10, y: 10))
            overlay.update()
            // Ten signatures in a row, as the demo's toast shows them: one texture alive at the end, not ten.
            for w in 17...26 {
                image.source = .pixels(pixels(w))
                overlay.update()
            }
            XCTAssertEqual(registry.registered.count, 11)
            XCTAssertEqual(registry.released, (1...10).map { ImageHandle(id: $0) }, "each replaced picture freed once, in order")
            XCTAssertEqual(overlay.images.liveImageCount, 1)
            image.source = .none
            XCTAssertEqual(registry.released.last, ImageHandle(id: 11))
            XCTAssertEqual(overlay.images.liveImageCount, 0)
            image.source = .none
            XCTAssertEqual(registry.released.count, 11, "nothing to free twice")
        }
    }

    func testPixelsMadeInCodeAreRegisteredOnceAndDrawnClippedWhenFilling() {
        MainActor.assumeIsolated {
            let overlay = Overlay(windowSize: Size(width: 300, height: 200))
            let registry = CountingRegistry()
            overlay.images.registry = registry
            let layer = overlay.addLayer(name: "ui", level: 0)
            let pixels = PixelImage(size: PixelSize(width: 64, height: 32), rgba: [UInt8](repeating: 200, count: 64 * 32 * 4))
            let image = Image(identifier: "icon", pixels: pixels, contentMode: .fill)
            layer.addSubview(image, at: Point(x: 10, y: 10))
            image.sizesToFit = true
            overlay.update()
            XCTAssertEqual(image.frame.size, Size(width: 64, height: 32), "pixels as points")
            XCTAssertEqual(image.scriptValue(of: "size"), "64x32")
            XCTAssertEqual(image.scriptValue(of: "state"), "loaded")
            image.frame.size = Size(width: 32, height: 32)
            image.sizesToFit = false
            overlay.update()
            XCTAssertEqual(layer.drawList.commands, [
                .pushClip(Rect(x: 10, y: 10, width: 32, height: 32)),
                .image(Rect(x: -6, y: 10, width: 64, height: 32), image: ImageHandle(id: 1), tint: .untinted),
                .popClip,
            ])
            image.contentMode = .fit
            overlay.update()
            XCTAssertEqual(layer.drawList.commands, [.image(Rect(x: 10, y: 18, width: 32, height: 16), image: ImageHandle(id: 1), tint: .untinted)])
            XCTAssertEqual(registry.registered, [PixelSize(width: 64, height: 32)], "registered once")
        }
    }

    func testWithoutADecoderAFileShowsAPlaceholderAndSaysWhy() {
        MainActor.assumeIsolated {
            let overlay = Overlay(windowSize: Size(width: 300, height: 200))
            var logged: [String] = []
            overlay.images.log = { logged.append($0) }
            let layer = overlay.addLayer(name: "ui", level: 0)
            let image = Image(identifier: "photo", path: "/nonexistent/picture.png")
            layer.addSubview(image, at: .zero)
            image.sizesToFit = true
            overlay.update()
            XCTAssertEqual(image.loadError?.identifier, "image-missing")
            XCTAssertEqual(logged, ["image-missing: /nonexistent/picture.png: no such file"])
            XCTAssertEqual(image.scriptValue(of: "value"), "/nonexistent/picture.png")
            XCTAssertEqual(image.frame.size, Image.placeholderSize)
            let texts = layer.drawList.commands.compactMap { if case .glyphs(let run) = $0 { run.text } else { nil } }
            XCTAssertEqual(texts, ["File not found", "picture.png"])
            // A new source loads again.
            image.source = .file(#filePath)
            overlay.update()
            XCTAssertEqual(image.loadError?.identifier, "image-unknown-format", "a Swift file is no image")
            XCTAssertEqual(logged.count, 2)
        }
    }
}
