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
