// What a scrolled list frame costs the renderer (issue 29, the scrolling target): the bench's list scrolled a notch a
// frame for 8 frames down and 8 up; each scrolled frame copies the vertices of the rows that only moved (the
// layer's moved runs) instead of emitting them again, and every fourth frame's pixels equal a fresh renderer's
// drawing of the same list (ScrolledListPixelTests compares every frame of a shorter scroll).
import XCTest
import GlasspaneCore
import GlasspaneDemo
import GlasspaneDraw
import GlasspaneOverlay
@testable import GlasspaneRender

final class ScrolledListTessellationTests: XCTestCase {
    func testAScrolledFrameMovesTheVerticesOfRowsThatStayed() throws {
        try MainActor.assumeIsolated {
            let size = PixelSize(width: 640, height: 640)
            let metrics = WindowMetrics(windowSize: Size(width: 640, height: 640), drawableSize: size)
            try withHeadlessTarget(size: size) { atlas in
                let programs = try GLOverlayRenderer(atlas: atlas)
                let overlay = Overlay(windowSize: metrics.windowSize)
                let screen = try ListScreen(overlay: overlay, rows: 10_000)
                screen.layer.fonts = atlas
                overlay.advanceAnimations(to: 0)
                overlay.update()
                let renderer = try XCTUnwrap(programs.makeCompanion() as? GLOverlayRenderer)
                renderer.compositing = .direct
                let first = screen.layer.drawList
                renderer.render(first, generation: screen.layer.contentVersion, damage: nil, metrics: metrics)
                for step in 0..<16 {
                    let before = Set(screen.list.liveRowViews.map(\.index))
                    overlay.route(.wheel(location: screen.list.windowFrame.center, dx: 0, dy: step < 8 ? -1 : 1))
                    overlay.advanceAnimations(to: Double(step + 1) / 60)
                    overlay.update()
                    let list = screen.layer.drawList, version = screen.layer.contentVersion, damage = screen.layer.lastDamage
                    let drawn = clearedFrame(size: size) {
                        renderer.prepare(list, generation: version, damage: damage, metrics: metrics)
                        renderer.render(list, generation: version, damage: damage, metrics: metrics)
                    }
                    // Rows wholly inside the viewport before and after (no clip cuts them) that were there before:
                    // each has a background and three labels, all copied.
                    let viewport = screen.list.windowFrame
                    let stayedInside = screen.list.liveRowViews.filter { row in
                        let now = row.windowFrame, then = now.offsetBy(dx: 0, dy: step < 8 ? 40 : -40)
                        return before.contains(row.index) && viewport.encloses(now) && viewport.encloses(then)
                    }.count
                    let moved = renderer.tessellator.lastMovedCommandCount
                    XCTAssertGreaterThanOrEqual(moved, 4 * stayedInside, "frame \(step)")
                    XCTAssertGreaterThan(stayedInside, 15, "frame \(step)")
                    // Emitted anew: the rows not wholly inside both times (four commands each: those that came in
                    // and those the viewport's edge cuts differently), the panel's background and title, and the
                    // scroll bar (measured: 21 to 33 of 102 to 114 commands, against 76 to 83 copied).
                    let emitted = renderer.tessellator.lastEmittedCommandCount
                    XCTAssertLessThanOrEqual(emitted, 4 * (screen.list.liveRowViews.count - stayedInside) + 4, "frame \(step)")
                    XCTAssertLessThan(emitted, moved / 2, "frame \(step): emitted anew")
                    guard step % 4 == 3 else { continue }
                    let fresh = try XCTUnwrap(programs.makeCompanion() as? GLOverlayRenderer)
                    fresh.compositing = .direct
                    let expected = clearedFrame(size: size) { fresh.render(list, generation: 1, metrics: metrics) }
                    assertSamePixels(drawn, expected, "frame \(step), offset \(screen.list.contentOffset.y)")
                }
                XCTAssertEqual(screen.list.contentOffset.y, 0)
            }
        }
    }
}
