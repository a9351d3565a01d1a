// What the control PNG goldens share: a frame made of several overlays drawn one over another (an overlay has one
// focused view, one hover and one held press, and a golden wants several), pinned animations, and the comparison
// with a PNG in Golden/ that re-records only when asked (GLASSPANE_RECORD_GOLDEN=1, as assertGolden does).
import Foundation
import XCTest
import GlasspaneCore
import GlasspaneDraw
import GlasspaneOverlay
import GlasspanePlatform
@testable import GlasspaneRender

/// The theme's sheet color over the whole window: what the demo's controls sit on, so each scheme's goldens show
/// its controls on its own background (dark text on a light sheet).
final class SheetBackdrop: View {
    override func draw(in rect: Rect, context: inout PaintContext) {
        context.add(.rect(rect, color: themeColor(.sheet), cornerRadius: 0))
    }
}

/// Overlays of one window size, scheme and font atlas, drawn in the order they were made into one cleared frame.
/// Each holds some of the views of a golden, at their own places, so that several can be focused or hovered at once.
@MainActor
final class GoldenFrame {
    /// The window size in points.
    let points: Size
    let scheme: ColorScheme
    let atlas: GlyphAtlas
    /// Whether the first overlay draws `SheetBackdrop` (else `clearedFrame`'s fixed color shows).
    let drawsSheet: Bool
    private(set) var overlays: [Overlay] = []

    init(points: Size, scheme: ColorScheme, atlas: GlyphAtlas, drawsSheet: Bool) {
        self.points = points; self.scheme = scheme; self.atlas = atlas; self.drawsSheet = drawsSheet
    }

    /// A new overlay over the previous ones, with one layer whose root draws nothing (with `drawsSheet`, the first
    /// one's draws the sheet color, under everything).
    func addOverlay() -> (overlay: Overlay, layer: OverlayLayer) {
        let overlay = Overlay(windowSize: points, fonts: atlas)
        overlay.setColorScheme(scheme)
        let layer = overlay.addLayer(name: "states", level: 0)
        if overlays.isEmpty && drawsSheet {
            let backdrop = SheetBackdrop(identifier: "backdrop")
            backdrop.frame = Rect(x: 0, y: 0, width: points.width, height: points.height)
            backdrop.isUserInteractionEnabled = false
            layer.root.addSubview(backdrop)
        }
        overlays.append(overlay)
        return (overlay, layer)
    }

    /// Lays out and paints every overlay, moves the frame clock to `time` (animations settle; an indeterminate
    /// progress bar's segment stops at `time`'s phase), and paints again.
    func settle(at time: Double) {
        for overlay in overlays { overlay.update() }
        for overlay in overlays {
            overlay.advanceAnimations(to: 0)
            overlay.advanceAnimations(to: time)
            overlay.update()
        }
    }

    /// Every visible layer of every overlay, back to front, each with its own renderer (as OverlayStage does), over
    /// `clearedFrame`'s fixed color.
    func render(with renderer: GLOverlayRenderer, drawable: PixelSize) -> PixelImage {
        let metrics = WindowMetrics(windowSize: points, drawableSize: drawable)
        let layers = overlays.flatMap { $0.layers.filter { $0.visibility != .hidden } }
        let renderers = layers.map { _ in renderer.makeCompanion() }
        return clearedFrame(size: drawable) {
            for (layer, layerRenderer) in zip(layers, renderers) {
                layerRenderer.render(layer.drawList, generation: layer.contentVersion, metrics: metrics)
            }
        }
    }
}

/// Focuses `view` as the keyboard would: a key (F5, which nothing acts on) says the keyboard is in use, so the focus
/// ring shows.
@MainActor
func focusWithKeyboard(_ view: View, in overlay: Overlay) {
    overlay.focus(view)
    _ = overlay.route(.key(KeyEvent(key: .function(5))))
}

/// Draws a golden frame of `points` at `scale` in `scheme` with the views `build` places, settled at `time`.
@MainActor
func renderGoldenFrame(points: Size, scheme: ColorScheme, scale: Double, time: Double = 30, drawsSheet: Bool = true,
                       _ build: (GoldenFrame) throws -> Void) throws -> PixelImage {
    let drawable = PixelSize(width: Int(points.width * scale), height: Int(points.height * scale))
    var image: PixelImage?
    try withHeadlessTarget(size: drawable) { atlas in
        atlas.scale = scale
        let renderer = try GLOverlayRenderer(atlas: atlas)
        let frame = GoldenFrame(points: points, scheme: scheme, atlas: atlas, drawsSheet: drawsSheet)
        try build(frame)
        frame.settle(at: time)
        image = frame.render(with: renderer, drawable: drawable)
    }
    return try XCTUnwrap(image)
}

/// Compares `image` with `Golden/<name>` next to the calling test file, or records it with
/// GLASSPANE_RECORD_GOLDEN=1 (that run fails, so a recording never passes unnoticed).
@MainActor
func assertPNGGolden(_ image: PixelImage, named name: String, file: StaticString = #filePath, line: UInt = #line) throws {
    let path = URL(fileURLWithPath: "\(file)").deletingLastPathComponent().appendingPathComponent("Golden/\(name)").path
    if ProcessInfo.processInfo.environment["GLASSPANE_RECORD_GOLDEN"] == "1" {
        try FramebufferCapture.writePNG(image, to: path)
        XCTFail("recorded golden file \(name); unset GLASSPANE_RECORD_GOLDEN and run again", file: file, line: line)
        return
    }
    guard let expected = FramebufferCapture.readPNG(at: path) else {
        return XCTFail("missing golden file \(name); run with GLASSPANE_RECORD_GOLDEN=1 to record it", file: file, line: line)
    }
    assertSamePixels(image, expected, "differs from Golden/\(name)", line: line)
}

/// Renders `frame` in both themes at scale 1 and 2 and compares each with `Golden/<prefix>-<theme>@<scale>x.png`;
/// also checks the themes differ. Returns the images by name.
@MainActor
@discardableResult
func assertControlGoldens(prefix: String, points: Size, time: Double = 30, drawsSheet: Bool = true, file: StaticString = #filePath, line: UInt = #line,
                          _ build: (GoldenFrame) throws -> Void) throws -> [String: PixelImage] {
    var shots: [String: PixelImage] = [:]
    for scheme in [ColorScheme.dark, .light] {
        for scale in [1.0, 2.0] {
            let name = "\(prefix)-\(scheme == .dark ? "dark" : "light")@\(Int(scale))x.png"
            let image = try renderGoldenFrame(points: points, scheme: scheme, scale: scale, time: time, drawsSheet: drawsSheet, build)
            XCTAssertEqual(image.size, PixelSize(width: Int(points.width * scale), height: Int(points.height * scale)), line: line)
            try assertPNGGolden(image, named: name, file: file, line: line)
            shots[name] = image
        }
    }
    XCTAssertNotEqual(shots["\(prefix)-dark@1x.png"], shots["\(prefix)-light@1x.png"], "a scheme switch reached the renderer", line: line)
    return shots
}
