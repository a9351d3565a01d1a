// The bookkeeping of the overlay's flat animation stores (ViewAnimationStore.swift): many views starting, finishing
// and retargeting in the same frames keep their own values through swap-removes; a view leaving the tree mid-way
// stops without disturbing the others; properties with different curves run and end independently.
import XCTest
import GlasspaneCore
import GlasspaneAnimation
@testable import GlasspaneOverlay
import GlasspaneTesting

final class ViewAnimationStoreTests: XCTestCase {
    private var overlay: Overlay!
    private var layer: OverlayLayer!

    override func setUp() {
        overlay = Overlay(windowSize: Size(width: 800, height: 600))
        layer = overlay.addLayer(name: "ui", level: 0)
        overlay.advanceAnimations(to: 0)
    }

    private func makeViews(_ count: Int) -> [View] {
        (0..<count).map { i in
            let view = View(identifier: "v\(i)", frame: Rect(x: Double(i), y: 0, width: 10, height: 10))
            view.backgroundColor = .white
            layer.addSubview(view)
            return view
        }
    }

    /// What a view's frame must show: an `AnimatedValue` given the same changes at the same clock times.
    private func reference(_ view: View) -> AnimatedValue<Rect> { AnimatedValue(view.frame, time: overlay.animationTime) }

    func testManyViewsStartFinishAndRetargetInTheSameFrames() {
        let views = makeViews(200)
        var references = views.map(reference)
        var rng = SplitMix64(seed: 10)
        let curves: [Animation] = [.linear(duration: 0.05), .easeIn(duration: 0.1), .spring(response: 0.1, dampingFraction: 0.7),
                                   .easeInOut(duration: 0.2), .default]
        var time = 0.0
        var sawFinishAndStartInOneFrame = false
        for frame in 0..<60 {
            // One transaction per batch: starts of idle views and retargets of running ones, mixed.
            let animation = curves[Int(rng.next() % UInt64(curves.count))]
            var started = 0, retargeted = 0
            withAnimation(animation) {
                for _ in 0..<Int(rng.next() % 40) {
                    let i = Int(rng.next() % UInt64(views.count))
                    if views[i].isAnimating { retargeted += 1 } else { started += 1 }
                    let target = Rect(x: Double(rng.next() % 700), y: Double(rng.next() % 500), width: 10, height: 10)
                    guard target != views[i].frame else { continue }
                    references[i].set(target, animation: animation)
                    views[i].frame = target
                }
            }
            let runningBefore = overlay.animatingViewCount
            time += 1.0 / 60
            overlay.advanceAnimations(to: time)
            var finished = 0
            for i in views.indices {
                let wasRunning = !references[i].isSettled
                references[i].advance(to: time)
                if wasRunning && references[i].isSettled { finished += 1 }
                XCTAssertEqual(views[i].presentationFrame, references[i].presentation, "frame \(frame), view \(i)")
                XCTAssertEqual(views[i].isAnimating, !references[i].isSettled, "frame \(frame), view \(i)")
            }
            XCTAssertEqual(overlay.animatingViewCount, references.filter { !$0.isSettled }.count, "frame \(frame)")
            XCTAssertEqual(overlay.animatingViewCount, runningBefore - finished, "frame \(frame)")
            if finished > 0 && started > 0 && retargeted > 0 { sawFinishAndStartInOneFrame = true }
        }
        XCTAssertTrue(sawFinishAndStartInOneFrame, "the schedule mixes starts, retargets and finishes in one frame")
        overlay.advanceAnimations(to: time + 10)
        XCTAssertEqual(overlay.animatingViewCount, 0)
        XCTAssertTrue(views.allSatisfy { $0.presentationFrame == $0.frame && !$0.isAnimating })
    }

    func testAViewRemovedMidAnimationStopsAndTheOthersKeepTheirValues() {
        let views = makeViews(4)
        var references = views.map(reference)
        withAnimation(.linear(duration: 1)) {
            for (i, view) in views.enumerated() {
                let target = Rect(x: 100 + Double(i) * 50, y: 200, width: 10, height: 10)
                references[i].set(target, animation: .linear(duration: 1))
                view.frame = target
            }
        }
        overlay.advanceAnimations(to: 0.25)
        for i in views.indices { references[i].advance(to: 0.25) }
        // The first view's rows are the first rows of the stores: removing it moves the last view's rows into place.
        views[0].removeFromSuperview()
        XCTAssertTrue(views[0].isAnimating, "it stops at the next advance")
        overlay.advanceAnimations(to: 0.5)
        XCTAssertFalse(views[0].isAnimating)
        XCTAssertEqual(views[0].presentationFrame, views[0].frame, "a view that left shows its model")
        XCTAssertEqual(overlay.animatingViewCount, 3)
        for i in 1..<views.count {
            references[i].advance(to: 0.5)
            XCTAssertEqual(views[i].presentationFrame, references[i].presentation, "view \(i)")
        }
        // Put back and animated again, it takes a free slot and runs from its model value.
        layer.addSubview(views[0])
        withAnimation(.linear(duration: 1)) { views[0].alpha = 0.5 }
        overlay.advanceAnimations(to: 0.75)
        XCTAssertEqual(views[0].presentationAlpha, 0.875, accuracy: 1e-12)
        XCTAssertEqual(views[0].presentationFrame, views[0].frame, "its frame does not resume")
        XCTAssertEqual(overlay.animatingViewCount, 4)
        for i in 1..<views.count {
            references[i].advance(to: 0.75)
            XCTAssertEqual(views[i].presentationFrame, references[i].presentation, "view \(i)")
        }
    }

    func testAViewAnimatingTwoPropertiesWithDifferentCurves() throws {
        let view = makeViews(1)[0]
        let other = makeViews(1)[0]
        let spring = Spring(response: 0.5, dampingFraction: 0.6)
        let start = view.frame, target = Rect(x: 300, y: 100, width: 60, height: 30)
        withAnimation(.spring(spring)) { view.frame = target }
        withAnimation(.easeIn(duration: 0.2)) { view.alpha = 0.2 }
        withAnimation(.linear(duration: 0.1)) { other.alpha = 0 }   // another view's row between this view's rows
        var springFramesAfterCurve = 0
        for k in 1...90 {
            let t = Double(k) / 60
            overlay.advanceAnimations(to: t)
            if view.frame != view.presentationFrame {
                let expected = spring.value(from: start, to: target, initialVelocity: .zero, at: t)
                XCTAssertEqual(view.presentationFrame.minX, expected.minX, accuracy: 1e-9, "frame at \(t)")
                XCTAssertEqual(view.presentationFrame.height, expected.height, accuracy: 1e-9, "frame at \(t)")
            }
            if t < 0.2 {
                XCTAssertEqual(view.presentationAlpha, 1 - 0.8 * CubicBezier.easeIn.value(at: t / 0.2), accuracy: 1e-9, "alpha at \(t)")
            } else {
                XCTAssertEqual(view.presentationAlpha, 0.2, "the curve has ended at 0.2 s")
                XCTAssertEqual(view.isAnimating, view.presentationFrame != target, "animating while the spring runs, at \(t)")
                if view.isAnimating { springFramesAfterCurve += 1 }
            }
        }
        XCTAssertGreaterThan(springFramesAfterCurve, 20, "the spring outlasts the curve")
        overlay.advanceAnimations(to: 10)
        XCTAssertFalse(view.isAnimating)
        XCTAssertEqual(view.presentationFrame, target)
        XCTAssertEqual(overlay.animatingViewCount, 0)
    }

    func testAViewMovedToAnotherLayerKeepsAnimatingAndRepaintsThatLayer() {
        let second = overlay.addLayer(name: "second", level: 1)
        let view = makeViews(1)[0]
        withAnimation(.linear(duration: 1)) { view.frame.origin.x = 400 }
        overlay.advanceAnimations(to: 0.25)
        overlay.update()
        second.addSubview(view)
        overlay.advanceAnimations(to: 0.5)
        XCTAssertEqual(view.presentationFrame.minX, 200, accuracy: 1e-9, "still animating")
        overlay.update()
        let firstPaints = layer.stats.paintPasses, secondPaints = second.stats.paintPasses
        overlay.advanceAnimations(to: 0.75)
        overlay.update()
        // In place: the moving view's subtree is repainted in the layer it is in now.
        XCTAssertEqual(second.stats.paintPasses, secondPaints + 1, "the layer it is in now repaints")
        XCTAssertEqual(layer.stats.paintPasses, firstPaints, "the one it left does not")
        XCTAssertEqual(view.presentationFrame.minX, 300, accuracy: 1e-9)
    }

    func testAViewMovedToAnotherOverlayStopsAnimatingInTheFirst() {
        let view = makeViews(1)[0]
        withAnimation(.linear(duration: 1)) { view.alpha = 0 }
        overlay.advanceAnimations(to: 0.5)
        let elsewhere = Overlay(windowSize: Size(width: 100, height: 100))
        let otherLayer = elsewhere.addLayer(name: "other", level: 0)
        elsewhere.advanceAnimations(to: 3)
        otherLayer.addSubview(view)
        withAnimation(.linear(duration: 1)) { view.frame.origin.x = 50 }
        XCTAssertEqual(overlay.animatingViewCount, 0, "its animations in the first overlay ended")
        XCTAssertEqual(elsewhere.animatingViewCount, 1)
        XCTAssertEqual(view.presentationAlpha, 0, "the alpha shows its model")
        elsewhere.advanceAnimations(to: 3.5)
        XCTAssertEqual(view.presentationFrame.minX, 25, accuracy: 1e-9)
        overlay.advanceAnimations(to: 0.6)
        XCTAssertEqual(elsewhere.animatingViewCount, 1, "the first overlay's advance leaves it alone")
    }
}
