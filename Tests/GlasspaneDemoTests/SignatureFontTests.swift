// The Sign sheet's Type tab font list (seed 004) on the fake platform: the list offers only fonts whose file exists,
// the keyboard chooses one in the popover, the chosen file reaches the text rasterizer, and Done puts that picture and
// the font's name in the toast. (Real pixels per font: GlasspaneRenderTests' TextRasterizerPixelTests.)
import XCTest
import GlasspaneCore
@testable import GlasspaneDemo
import GlasspaneOverlay

/// Records each request and answers with a 1-row image whose red channel is the font's index in `paths`, so a test
/// can tell which font drew a picture.
private final class RecordingRasterizer: TextRasterizing {
    var requests: [(text: String, path: String)] = []
    func rasterize(_ text: String, fontPath: String, pixelSize: Int, color: Color) throws(TextRasterFailure) -> PixelImage {
        try TextRasterFailure.check(text, pixelSize: pixelSize)
        requests.append((text, fontPath))
        let mark = UInt8(SignatureType.candidates.firstIndex { $0.path == fontPath } ?? 255)
        return PixelImage(size: PixelSize(width: text.count, height: 1), rgba: Array(repeating: [mark, 0, 0, 255], count: text.count).flatMap { $0 })
    }
}

@MainActor
final class SignatureFontTests: XCTestCase {
    private func key(_ k: Key, mods: KeyModifiers = []) -> [InputEvent] {
        [.key(KeyEvent(key: k, modifiers: mods)), .key(KeyEvent(key: k, isDown: false, modifiers: mods))]
    }

    func testTheListOffersOnlyFontsWhoseFileExists() async {
        let type = SignatureType(field: TextField(), fileExists: { $0.contains("Serif") })
        XCTAssertEqual(type.fontPicker.options, ["DejaVu Serif", "DejaVu Serif Italic", "Noto Serif", "Noto Serif Italic", "Noto Serif Display"])
        let none = SignatureType(field: TextField(), fileExists: { _ in false })
        XCTAssertTrue(none.fontPicker.options.isEmpty)
        none.field.setText("Ada")
        none.refresh()
        XCTAssertEqual(none.status.text, "No fonts found in /usr/share/fonts")
        XCTAssertEqual(none.preview.source, .none)
    }

    func testAFontChosenByKeyboardInThePopoverDrawsTheNameAndReachesTheToast() async throws {
        let h = await DemoHarness(route: .sign)
        let rasterizer = RecordingRasterizer()
        h.app.stage.overlay.images.textRasterizer = rasterizer
        let nav = h.app.navigation!
        let fonts = nav.signatureType.fonts
        guard fonts.count >= 2 else { throw XCTSkip("fewer than two of the candidate fonts are installed") }
        await h.frame(key(.tab, mods: .control))  // Ctrl+Tab: the Type tab
        XCTAssertEqual(nav.signTabs.selection, 1)
        XCTAssertTrue(nav.signatureField.isFocused)
        await h.frame([.text("Ada")])
        XCTAssertEqual(rasterizer.requests.last?.path, fonts[0].path, "the first font draws until another is chosen")
        XCTAssertEqual(rasterizer.requests.last?.text, "Ada")
        await h.frame(key(.tab))  // from the field to the font list
        XCTAssertTrue(nav.signatureType.fontPicker.isFocused, "focused: \(h.app.stage.overlay.focusedView?.identifier ?? "none")")
        await h.frame(key(.enter))  // opens the popover, the selected font focused
        let picker = nav.signatureType.fontPicker
        XCTAssertNotNil(picker.menu, "Enter opened the font popover")
        XCTAssertNotNil(h.view("sign.font.option.1"))
        XCTAssertTrue(h.view("sign.font.option.0")?.isFocused ?? false)
        await h.frame(key(.tab))
        await h.frame(key(.enter))
        XCTAssertNil(picker.menu, "choosing closed the popover")
        XCTAssertEqual(picker.selectedTitle, fonts[1].title)
        XCTAssertEqual(rasterizer.requests.last?.path, fonts[1].path, "the chosen font's file drew the name")
        let drawn = try XCTUnwrap({ if case .pixels(let p) = nav.signatureType.preview.source { p } else { nil } }())
        XCTAssertEqual(drawn.rgba[0], UInt8(SignatureType.candidates.firstIndex(of: fonts[1])!))
        XCTAssertEqual(nav.signatureType.status.text, "\(fonts[1].title), 3 x 1 pixels")
        nav.doneButton.action?()
        await h.frame()
        XCTAssertEqual(nav.toastLabel.text, "Signed as Ada in \(fonts[1].title)")
        XCTAssertEqual(nav.toastImage.source, .pixels(drawn), "the toast shows the name drawn in the chosen font")
        XCTAssertFalse(nav.toastImage.isHidden)
    }

    func testWithoutARasterizerTheStatusSaysSoAndTheToastHasNoPicture() async throws {
        let h = await DemoHarness(route: .sign)
        let nav = h.app.navigation!
        guard let first = nav.signatureType.fonts.first else { throw XCTSkip("no candidate font is installed") }
        nav.signTabs.select(1)
        await h.frame()  // the field takes focus as its tab appears
        await h.frame([.text("Bo")])
        XCTAssertEqual(nav.signatureType.status.text, "\(first.title) (no text rasterizer installed)")
        nav.doneButton.action?()
        await h.frame()
        XCTAssertEqual(nav.toastLabel.text, "Signed as Bo in \(first.title)")
        XCTAssertTrue(nav.toastImage.isHidden)
    }
}
