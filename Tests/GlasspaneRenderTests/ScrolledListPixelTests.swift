// A scrolled list's frames (issue 29): the bench's 10,000-row list scrolled a wheel notch a frame, down then up, is
// drawn by one renderer as the overlay stage drives it (prepare with the layer's damage, then render), keeping its
// work from frame to frame (tessellations, partial updates, a cache), and every frame equals what a fresh renderer
// draws from the same draw list, through its cache and directly, and what it draws from the list with the scrolled
// document's offset group resolved into window points.
import XCTest
import GlasspaneCore
import GlasspaneDemo
import GlasspaneDraw
import GlasspaneOverlay
@testable import GlasspaneRender

final class ScrolledListPixelTests: XCTestCase {
    func testEveryScrolledFrameEqualsAFreshRenderersFrame() throws {
        try framesEqualFreshRenderers(scale: 1)
    }

    /// At 1.5x in a 642-point window the list's document is off the pixel grid: the group moves by whole pixels and
    /// its commands by the rest on the CPU, and a notch (60 pixels) is still a partial update. Against the list
    /// resolved on the CPU, a glyph whose position falls on half a pixel may round the other way: the group keeps
    /// each row's pixels while it scrolls, where the resolved list rounds anew at each offset.
    func testEveryScrolledFrameAtAFractionalScaleEqualsAFreshRenderersFrame() throws {
        try framesEqualFreshRenderers(scale: 1.5)
    }

    private func framesEqualFreshRenderers(scale: Double) throws {
        try MainActor.assumeIsolated {
            let points = scale == 1 ? 640.0 : 642.0
            let size = PixelSize(width: Int(points * scale), height: Int(points * scale))
            let metrics = WindowMetrics(windowSize: Size(width: points, height: points), drawableSize: size)
            try withHeadlessTarget(size: size) { atlas in
                // A companion of `programs` has its own vertices, batches and cache and shares the compiled shaders.
                let programs = try GLOverlayRenderer(atlas: atlas)
                let path: [Double] = [40, 80, 120, 80, 40, 0, 0]
                // `.automatic` covers both ways: from the cache on the first two frames and once still, directly
                // in between (`.cached` and `.direct` alone are the same code paths, one at a time).
                for mode in [OverlayCompositing.automatic] {
                    let (overlay, screen) = try openBenchList(windowSize: metrics.windowSize, fonts: atlas)
                    let renderer = try XCTUnwrap(programs.makeCompanion() as? GLOverlayRenderer)
                    renderer.compositing = mode
                    var offsets: [Double] = []
                    // Down 3 notches, up 3, and a still frame.
                    for step in 0..<7 {
                        let dy: Double = step < 3 ? -1 : step < 6 ? 1 : 0
                        if dy != 0 { overlay.route(.wheel(location: screen.list.windowFrame.center, dx: 0, dy: dy)) }
                        overlay.advanceAnimations(to: Double(step + 1) / 60)
                        overlay.update()
                        offsets.append(screen.list.contentOffset.y)
                        let list = screen.layer.drawList, version = screen.layer.contentVersion, damage = screen.layer.lastDamage
                        let drawn = clearedFrame(size: size) {
                            renderer.prepare(list, generation: version, damage: damage, metrics: metrics)
                            renderer.render(list, generation: version, damage: damage, metrics: metrics)
                        }
                        // `.automatic` drew directly while the list moved and from its cache once still: the fresh
                        // renderer draws the same way (the two ways agree only within a rounding step).
                        let fresh = try XCTUnwrap(programs.makeCompanion() as? GLOverlayRenderer)
                        fresh.compositing = renderer.drawsFromCache ? .cached : .direct
                        if mode == .automatic && step > 1 && step < 6 {
                            XCTAssertFalse(renderer.drawsFromCache, "frame \(step): drawn directly while it moves")
                        }
                        let expected = clearedFrame(size: size) { fresh.render(list, generation: 1, metrics: metrics) }
                        assertSamePixels(drawn, expected, "\(mode) frame \(step), offset \(screen.list.contentOffset.y)")
                        // At 1x the rows are solid on whole pixels and cover the viewport: the panel leaves it out
                        // (the resolved list below has no group, so its panel is whole). At 1.5x they are not.
                        XCTAssertEqual(renderer.tessellator.spans.contains { $0.coverGroup >= 0 }, scale == 1,
                                       "frame \(step): the panel leaves out the viewport the rows cover")
                        // The document is an offset group (drawn moved by its offset under a scissor): the same pixels
                        // as its commands moved into window points and cut to the clip on the CPU.
                        XCTAssertTrue(list.commands.contains { if case .pushOffset = $0 { true } else { false } })
                        let flat = try XCTUnwrap(programs.makeCompanion() as? GLOverlayRenderer)
                        flat.compositing = fresh.compositing
                        let resolved = clearedFrame(size: size) { flat.render(list.resolvingOffsets(), generation: 1, metrics: metrics) }
                        if scale == 1 {
                            assertSamePixels(drawn, resolved, "\(mode) frame \(step): the group against its commands resolved")
                        } else {
                            // Only glyphs on half pixels differ (a few hundred pixels): a wrong shift would move every row.
                            let differing = stride(from: 0, to: drawn.rgba.count, by: 4).filter { p in
                                (p..<p + 4).contains { drawn.rgba[$0] != resolved.rgba[$0] }
                            }.count
                            XCTAssertLessThan(differing, 2_000, "frame \(step): pixels unlike the resolved list's")
                        }
                    }
                    XCTAssertEqual(offsets, path, "\(mode): a notch is 40 points")
                    XCTAssertLessThanOrEqual(renderer.tessellationCount, 2, "\(scale)x: notches are partial updates")
                    // At 1.5x the list's document sits off the pixel grid: part of its offset moves the commands.
                    XCTAssertEqual(renderer.tessellator.groups.first?.cpuShift != .zero, scale == 1.5, "\(scale)x")
                }
            }
        }
    }
}
