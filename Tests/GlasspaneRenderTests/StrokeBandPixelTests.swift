// A large border or ring is drawn as four bands around its transparent interior instead of one quad over it all:
// the pixels must be those of the single quad, at scale 1 and 2, clipped or not, drawn directly or cached. Within
// 1/255 per channel: a band interpolates the shape's local coordinates over other triangles than the single quad,
// which rounds differently on fractional edges (the 70.4 x 60.6 border: 143 pixels 1/255 off at scale 1).
import CGL
import XCTest
import GlasspaneCore
import GlasspaneDraw
import GlasspaneOverlay
import GlasspanePlatform
@testable import GlasspaneRender

final class StrokeBandPixelTests: XCTestCase {
    private static let white = Color(r: 1, g: 1, b: 1, a: 1)

    /// Borders and rings of every kind the controls draw, plus awkward ones: fractional edges, a radius larger than
    /// the stroke, a radius as large as the shape allows, a translucent color, a clip cutting through a band, and
    /// shapes too small to cut.
    private static let list = DrawList(commands: [
        .rect(Rect(x: 4, y: 4, width: 312, height: 232), color: Color(r: 0.1, g: 0.12, b: 0.16, a: 0.92), cornerRadius: 10),
        .saturationValueGradient(Rect(x: 20, y: 20, width: 120, height: 90), hue: 0.08, cornerRadius: 4),
        .border(Rect(x: 20, y: 20, width: 120, height: 90), color: white, width: 1, cornerRadius: 4),
        .border(Rect(x: 150.3, y: 18.7, width: 70.4, height: 60.6), color: white, width: 2.5, cornerRadius: 8),
        .border(Rect(x: 230, y: 20, width: 70, height: 70), color: Color(r: 0.4, g: 0.7, b: 1, a: 0.6), width: 2, cornerRadius: 35),
        .border(Rect(x: 20, y: 120, width: 90, height: 50), color: white, width: 6, cornerRadius: 0),
        .ring(center: Point(x: 170, y: 150), radius: 45, width: 3, color: white),
        .ring(center: Point(x: 250, y: 150), radius: 8.5, width: 1.5, color: Color(r: 0, g: 0, b: 0, a: 0.45)),
        .pushClip(Rect(x: 30, y: 180, width: 80.5, height: 40)),
        .border(Rect(x: 20, y: 175, width: 200, height: 55), color: white, width: 2, cornerRadius: 6),
        .popClip,
        .border(Rect(x: 240, y: 190, width: 20, height: 20), color: white, width: 1, cornerRadius: 3),
    ])

    @MainActor private static func frame(scale: Double, mode: OverlayCompositing, cut: Bool, atlas: GlyphAtlas) throws -> (PixelImage, Int) {
        let size = PixelSize(width: Int(320 * scale), height: Int(240 * scale))
        let metrics = WindowMetrics(windowSize: Size(width: 320, height: 240), drawableSize: size)
        let renderer = try GLOverlayRenderer(atlas: atlas)
        renderer.compositing = mode
        renderer.cutsStrokeInteriors = cut
        let image = clearedFrame(size: size) { renderer.render(list, generation: 1, metrics: metrics) }
        return (image, renderer.vertexCount)
    }

    func testBandsDrawTheSingleQuadsPixelsAtScaleOneAndTwoDirectAndCached() throws {
        try MainActor.assumeIsolated {
            for scale in [1.0, 2.0] {
                let size = PixelSize(width: Int(320 * scale), height: Int(240 * scale))
                try withHeadlessTarget(size: size) { atlas in
                    for mode in [OverlayCompositing.direct, .cached] {
                        let (reference, oneQuadVertices) = try Self.frame(scale: scale, mode: mode, cut: false, atlas: atlas)
                        let (banded, bandedVertices) = try Self.frame(scale: scale, mode: mode, cut: true, atlas: atlas)
                        assertSamePixels(banded, reference, tolerance: 1, "scale \(scale), \(mode)")
                        // The six large shapes (the clipped border included) became four quads each; the ring of
                        // radius 8.5 stayed one quad, and so did the 20-point border at scale 1 (at 2 it is large enough).
                        let cut = scale == 1 ? 6 : 7
                        XCTAssertEqual(bandedVertices - oneQuadVertices, cut * 18, "scale \(scale), \(mode)")
                    }
                }
            }
        }
    }

    func testTheInteriorKeepsTheStrokeAndItsCornersOutside() {
        // A 1-pixel border with radius 4 around 120 x 90: inset 4 x 0.293 + 1 + 1.5 = 3.67, whole pixels inward.
        let inner = DrawListTessellator.strokeInterior(Rect(x: 20, y: 20, width: 120, height: 90), cornerRadius: 4, stroke: 1)
        XCTAssertEqual(inner, Rect(x: 24, y: 24, width: 112, height: 82))
        // A ring of radius 45 and width 3 (a circle's corner radius is its radius): the inscribed square, less the stroke.
        let ring = DrawListTessellator.strokeInterior(Rect(x: 125, y: 105, width: 90, height: 90), cornerRadius: 45, stroke: 3)
        XCTAssertEqual(ring, Rect(x: 143, y: 123, width: 54, height: 54))
        // Too small to be worth three more quads.
        XCTAssertNil(DrawListTessellator.strokeInterior(Rect(x: 0, y: 0, width: 20, height: 20), cornerRadius: 3, stroke: 1))
        XCTAssertNil(DrawListTessellator.strokeInterior(Rect(x: 0, y: 0, width: 200, height: 28), cornerRadius: 0, stroke: 2))
    }
}
