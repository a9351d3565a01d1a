// A touchpad's small steps over the bench's list (issue 29): 2 points a frame keep the list's window of rows for
// most frames, and then the frame only moves the document's offset group and the scroll bar's thumb. Culling scans
// the group's commands only on steps that may move one across the viewport's edge, the thumb is compared for
// painter's order with no batch, and the pixels equal a fresh renderer's.
import XCTest
import GlasspaneCore
import GlasspaneDemo
import GlasspaneDraw
import GlasspaneOverlay
@testable import GlasspaneRender

final class ScrolledListStepTests: XCTestCase {
    func testStepsThatKeepTheWindowMoveTheGroupAndTheThumbOnly() throws {
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
                var steps = 0, scans = 0
                for step in 0..<80 {
                    let window = screen.list.liveRowViews.map(\.index)
                    let t = renderer.tessellator
                    let scansBefore = t.cullScanCount, orderScans = t.paintersOrderBatchScans
                    let tessellations = renderer.tessellationCount
                    overlay.route(.wheel(location: screen.list.windowFrame.center, dx: 0, dy: -0.05))
                    overlay.advanceAnimations(to: Double(step + 1) / 60)
                    overlay.update()
                    let list = screen.layer.drawList, version = screen.layer.contentVersion, damage = screen.layer.lastDamage
                    let drawn = clearedFrame(size: size) {
                        renderer.prepare(list, generation: version, damage: damage, metrics: metrics)
                        renderer.render(list, generation: version, damage: damage, metrics: metrics)
                    }
                    // The first step shows the scroll bar (a whole tessellation); a step that brings a row in
                    // repaints it.
                    guard step > 0, screen.list.liveRowViews.map(\.index) == window else { continue }
                    XCTAssertEqual(renderer.tessellationCount, tessellations, "step \(step): a partial update")
                    steps += 1
                    if t.cullScanCount > scansBefore { scans += 1 }
                    XCTAssertEqual(t.paintersOrderBatchScans, orderScans, "step \(step): the thumb compared with no batch")
                    guard step % 8 == 0 else { continue }
                    let fresh = try XCTUnwrap(programs.makeCompanion() as? GLOverlayRenderer)
                    fresh.compositing = renderer.drawsFromCache ? .cached : .direct
                    let expected = clearedFrame(size: size) { fresh.render(list, generation: 1, metrics: metrics) }
                    assertSamePixels(drawn, expected, "step \(step), offset \(screen.list.contentOffset.y)")
                }
                print("ScrolledListStepTests: \(steps) steps kept the window, \(scans) scanned for culling")
                XCTAssertGreaterThan(steps, 60)
                XCTAssertLessThan(scans, steps / 2, "most steps move no row across the viewport's edges")
            }
        }
    }
}
