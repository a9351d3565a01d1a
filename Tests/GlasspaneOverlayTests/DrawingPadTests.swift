// The drawing pad: a self-drawing view in the layout that gets routed pointer events, smooths its strokes,
// undoes and clears, and publishes its changes (callback and AsyncSequence); a modal cancels a stroke in progress.
import XCTest
import GlasspaneCore
@testable import GlasspaneOverlay

final class DrawingPadTests: XCTestCase {
    private func makePad() -> (Overlay, DrawingPad) {
        let overlay = Overlay(windowSize: Size(width: 800, height: 600))
        let ui = overlay.addLayer(name: "ui", level: LayerLevel.panel)
        let pad = DrawingPad(identifier: "pad")
        ui.addSubview(VStack(identifier: "column", padding: EdgeInsets(all: 10), [Label(text: "Sign"), pad]), at: Point(x: 100, y: 100))
        overlay.update()
        return (overlay, pad)
    }

    func testLayoutGivesTheFrameAndRoutedStrokesArePublished() {
        let (overlay, pad) = makePad()
        XCTAssertEqual(pad.frame.size, Size(width: 320, height: 160))
        var changes: [DrawingPad.Change] = []
        pad.onChange = { changes.append($0) }
        let o = pad.windowOrigin
        XCTAssertEqual(overlay.route(down(o.x + 10, o.y + 10)).summary, "ui/pad")
        overlay.route(drag(o.x + 50, o.y + 40))
        overlay.route(drag(o.x + 500, o.y + 40))   // outside: captured, clamped to the pad
        overlay.route(up(o.x + 500, o.y + 40))
        XCTAssertEqual(pad.strokeCount, 1)
        XCTAssertEqual(pad.strokes[0], [Point(x: 10, y: 10), Point(x: 50, y: 40), Point(x: 320, y: 40)])
        XCTAssertFalse(pad.isEmpty)
        overlay.route(down(o.x + 5, o.y + 5)); overlay.route(up(o.x + 5, o.y + 5))
        XCTAssertTrue(pad.undo())
        pad.clear()
        XCTAssertFalse(pad.undo())
        XCTAssertEqual(changes, [.strokeEnded(count: 1), .strokeEnded(count: 2), .undone(count: 1), .cleared])
        XCTAssertTrue(pad.isEmpty)
    }

    func testSmoothingIsQuadraticThroughMidpointsAndEvenlySpaced() {
        let samples = [Point(x: 0, y: 0), Point(x: 10, y: 10), Point(x: 20, y: 0)]
        let points = DrawingPad.smoothed(samples, spacing: 1)
        XCTAssertEqual(points.first, samples.first)
        XCTAssertEqual(points.last, samples.last)
        // The corner is rounded: the curve from the first sample (0,0) to the midpoint (15,5) with the sample
        // (10,10) as control has y(t) = 20t - 15t², peaking at 20/3 (t = 2/3), not at the raw sample's 10.
        let peak = points.max { $0.y < $1.y }!
        XCTAssertEqual(peak.y, 20.0 / 3, accuracy: 0.05)
        for (a, b) in zip(points, points.dropFirst()) {
            XCTAssertLessThanOrEqual(((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot(), 1.01)
        }
        XCTAssertEqual(DrawingPad.smoothed([Point(x: 3, y: 4)], spacing: 1), [Point(x: 3, y: 4)])
    }

    func testStrokesAreDrawnAsDotsInWindowCoordinates() {
        let (overlay, pad) = makePad()
        let o = pad.windowOrigin
        overlay.route(down(o.x + 10, o.y + 10)); overlay.route(drag(o.x + 40, o.y + 10)); overlay.route(up(o.x + 40, o.y + 10))
        overlay.update()
        let dots = overlay.layers[0].drawList.commands.compactMap { c -> Point? in
            if case let .circle(center, _, _) = c { return center } else { return nil }
        }
        XCTAssertEqual(dots.first, Point(x: o.x + 10, y: o.y + 10))
        XCTAssertEqual(dots.last, Point(x: o.x + 40, y: o.y + 10))
        XCTAssertGreaterThanOrEqual(dots.count, 30)
    }

    /// The circles the overlay's first layer draws.
    private func dotCount(_ overlay: Overlay) -> Int {
        overlay.layers[0].drawList.commands.reduce(0) { n, c in if case .circle = c { n + 1 } else { n } }
    }

    /// One stroke of `samples` samples zig-zagging across the whole pad (each sample on the other side).
    private func zigZag(_ overlay: Overlay, _ pad: DrawingPad, samples: Int = DrawingPad.maximumSamplesPerStroke, release: Bool = true) {
        let o = pad.windowOrigin
        overlay.route(down(o.x, o.y))
        for i in 1..<samples {
            overlay.route(drag(o.x + (i % 2 == 0 ? 0 : pad.frame.width), o.y + Double(i % 160)))
        }
        if release { overlay.route(up(o.x, o.y)) }
    }

    func testAZigZagStrokeIsDrawnWithAtMostItsDotsAndKeepsItsEnds() {
        // Before the limit, each sample-to-sample curve got up to 2 x 320 / spacing 1 dots: about 1.3 million.
        let (overlay, pad) = makePad()
        zigZag(overlay, pad, release: false)
        overlay.update()
        XCTAssertEqual(pad.currentStroke.count, DrawingPad.maximumSamplesPerStroke)
        let drawing = dotCount(overlay)
        XCTAssertEqual(drawing, DrawingPad.maximumDotsPerStroke, "the stroke under way")
        overlay.route(up(0, 0))
        overlay.update()
        XCTAssertEqual(dotCount(overlay), drawing, "ending the stroke draws the same dots")
        let dots = DrawingPad.smoothed(pad.strokes[0], spacing: 1, maximumPoints: DrawingPad.maximumDotsPerStroke)
        XCTAssertEqual(dots.count, drawing)
        XCTAssertEqual(dots.first, pad.strokes[0].first)
        XCTAssertEqual(dots.last, pad.strokes[0].last)
    }

    func testSmoothingWithinALimitSpreadsThePointsAndDropsSamplesPastIt() {
        let samples = (0..<200).map { Point(x: $0 % 2 == 0 ? 0 : 300, y: Double($0)) }
        XCTAssertGreaterThan(DrawingPad.smoothed(samples, spacing: 1).count, 50_000, "even spacing, no limit: about 300 a curve")
        let limited = DrawingPad.smoothed(samples, spacing: 1, maximumPoints: 1000)
        XCTAssertEqual(limited.count, 1000, "the room is shared out, none thrown away")
        XCTAssertEqual(limited.first, samples.first)
        XCTAssertEqual(limited.last, samples.last)
        let cut = DrawingPad.smoothed(samples, spacing: 1, maximumPoints: 50)
        XCTAssertEqual(cut.count, 50, "one point per sample: the first 50 samples")
        XCTAssertEqual(cut.last, samples[49])
    }

    func testAllStrokesTogetherStayWithinTheTotalAPressPastItDrawsNothingAndUndoFreesRoom() {
        let (overlay, pad) = makePad()
        var changes: [DrawingPad.Change] = []
        pad.onChange = { changes.append($0) }
        for _ in 0..<8 { zigZag(overlay, pad) }
        overlay.update()
        let strokes = pad.strokeCount
        XCTAssertEqual(strokes, DrawingPad.maximumDots / DrawingPad.maximumDotsPerStroke, "each maximal stroke used its whole allowance")
        XCTAssertEqual(changes.count, strokes, "refused presses publish nothing")
        XCTAssertEqual(dotCount(overlay), DrawingPad.maximumDots)
        pad.lineWidth = 0.75 // spacing 0.25: each stroke would want more dots; it keeps the ones it was given
        overlay.update()
        XCTAssertLessThanOrEqual(dotCount(overlay), DrawingPad.maximumDots)
        XCTAssertTrue(pad.undo())
        zigZag(overlay, pad, samples: 10)
        XCTAssertEqual(pad.strokeCount, strokes, "undo made room for a new stroke")
        XCTAssertEqual(pad.strokes.last?.count, 10)
    }

    func testAModalCancelsTheStrokeInProgress() {
        let (overlay, pad) = makePad()
        let o = pad.windowOrigin
        overlay.route(down(o.x + 10, o.y + 10)); overlay.route(drag(o.x + 40, o.y + 10))
        overlay.addLayer(name: "sheet", level: LayerLevel.sheet, kind: .modal)
        overlay.route(up(o.x + 40, o.y + 10))
        XCTAssertTrue(pad.isEmpty)
        XCTAssertEqual(pad.currentStroke, [])
    }

    func testChangesArriveAsAnAsyncSequence() async {
        let pad = DrawingPad(identifier: "pad", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let stream = pad.changes
        pad.pointerDown(PointerEvent(location: Point(x: 1, y: 1)))
        pad.pointerUp(PointerEvent(location: Point(x: 1, y: 1)))
        pad.clear()
        var received: [DrawingPad.Change] = []
        for await change in stream {
            received.append(change)
            if received.count == 2 { break }
        }
        XCTAssertEqual(received, [.strokeEnded(count: 1), .cleared])
    }
}
