// What a scrolled list frame costs the renderer (issue 29, the scrolling target): the bench's list scrolled a notch a
// frame for 8 frames down and 8 up; each scrolled frame after the first is a partial update that moves the
// document's offset group and re-emits only the rows that came in, and every fourth frame's pixels equal a fresh
// renderer's drawing of the same list (ScrolledListPixelTests compares every frame of a shorter scroll).
import XCTest
import GlasspaneCore
import GlasspaneDemo
import GlasspaneDraw
import GlasspaneOverlay
@testable import GlasspaneRender

final class ScrolledListTessellationTests: XCTestCase {
    func testAScrolledFrameReemitsOnlyTheRowsThatCameIn() throws {
        try MainActor.assumeIsolated {
            let size = PixelSize(width: 640, height: 640)
            let metrics = WindowMetrics(windowSize: Size(width: 640, height: 640), drawableSize: size)
            try withHeadlessTarget(size: size) { atlas in
                let programs = try GLOverlayRenderer(atlas: atlas)
                let (overlay, screen) = try openBenchList(windowSize: metrics.windowSize, fonts: atlas)
                let renderer = try XCTUnwrap(programs.makeCompanion() as? GLOverlayRenderer)
                renderer.compositing = .direct
                let first = screen.layer.drawList
                renderer.render(first, generation: screen.layer.contentVersion, damage: nil, metrics: metrics)
                var tessellations = 0, wholeFrames = 0
                for step in 0..<16 {
                    let before = Set(screen.list.liveRowViews.map(\.index))
                    let reemittedBefore = renderer.reemittedCommandCount, tessellationsBefore = renderer.tessellationCount
                    overlay.route(.wheel(location: screen.list.windowFrame.center, dx: 0, dy: step < 8 ? -1 : 1))
                    overlay.advanceAnimations(to: Double(step + 1) / 60)
                    overlay.update()
                    let list = screen.layer.drawList, version = screen.layer.contentVersion, damage = screen.layer.lastDamage
                    let drawn = clearedFrame(size: size) {
                        renderer.prepare(list, generation: version, damage: damage, metrics: metrics)
                        renderer.render(list, generation: version, damage: damage, metrics: metrics)
                    }
                    // The first notch shows the scroll bar (the whole list is tessellated). Later notches move the
                    // document's offset group and re-emit only the rows that came in (a background and three labels
                    // each) and the scroll bar's thumb: no vertex of a row that stayed is touched. A label whose new
                    // text outgrows the room its run kept makes a whole tessellation now and then (measured: 3 of 15
                    // frames; without offset groups every frame was one).
                    let entered = screen.list.liveRowViews.filter { !before.contains($0.index) }.count
                    if step == 0 { tessellations = renderer.tessellationCount; continue }
                    if renderer.tessellationCount > tessellationsBefore {
                        wholeFrames += 1
                    } else {
                        let reemitted = renderer.reemittedCommandCount - reemittedBefore
                        XCTAssertLessThanOrEqual(reemitted, 4 * entered + 2, "frame \(step): re-emitted")
                    }
                    XCTAssertEqual(renderer.tessellator.groups.count, 1)
                    guard step % 4 == 3 else { continue }
                    let fresh = try XCTUnwrap(programs.makeCompanion() as? GLOverlayRenderer)
                    fresh.compositing = .direct
                    let expected = clearedFrame(size: size) { fresh.render(list, generation: 1, metrics: metrics) }
                    assertSamePixels(drawn, expected, "frame \(step), offset \(screen.list.contentOffset.y)")
                }
                XCTAssertEqual(screen.list.contentOffset.y, 0)
                XCTAssertLessThanOrEqual(wholeFrames, 4, "of 15 scrolled frames")
                XCTAssertEqual(renderer.tessellationCount - tessellations, wholeFrames)
            }
        }
    }
}
