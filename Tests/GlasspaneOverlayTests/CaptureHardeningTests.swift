// Captures that never go stale: a resize in the middle of a drag, key repeat to focused and one-shot controls.
import XCTest
import GlasspaneCore
@testable import GlasspaneOverlay

/// Keeps one child pinned to the right edge of its bounds, as a panel anchored to the window's edge would be.
private final class RightEdgeContainer: View {
    let child: View
    init(child: View, childSize: Size) {
        self.child = child
        super.init(identifier: "edge", frame: .zero)
        child.frame.size = childSize
        addSubview(child)
        hitTestBehavior = .deferToChildren
    }
    override func layoutSubviews(fonts: any FontMetrics) {
        child.frame.origin = Point(x: bounds.width - child.frame.width - 20, y: 40)
    }
}

final class CaptureHardeningTests: XCTestCase {
    private func makeOverlay(width: Double) -> (Overlay, Slider, RightEdgeContainer) {
        let overlay = Overlay(windowSize: Size(width: width, height: 300))
        let layer = overlay.addLayer(name: "ui", level: 0)
        let slider = Slider(identifier: "slider", value: 0, range: 0...100)
        let edge = RightEdgeContainer(child: slider, childSize: Size(width: 200, height: 24))
        edge.frame = Rect(x: 0, y: 0, width: width, height: 300)
        layer.addSubview(edge)
        overlay.update()
        return (overlay, slider, edge)
    }

    /// The window shrinks while the slider is dragged, in the same frame as the next move: the slider keeps the
    /// pointer and the move is converted with the slider's new place (laid out before the move is delivered).
    func testResizeMidDragKeepsTheCaptureAndConvertsWithTheNewLayout() throws {
        let (overlay, slider, edge) = makeOverlay(width: 800)
        let before = slider.windowFrame
        XCTAssertEqual(before.minX, 580)
        let start = before.center
        XCTAssertEqual(overlay.route(.pointerDown(PointerEvent(location: start))).target.view?.identifier, "slider")
        XCTAssertEqual(slider.value, 50, accuracy: 1)

        // The host resizes the layer's content with the window (here: the container follows the root).
        let resized = WindowMetrics(windowSize: Size(width: 600, height: 300), drawableSize: PixelSize(width: 1200, height: 600))
        edge.frame = Rect(x: 0, y: 0, width: 600, height: 300)
        _ = overlay.route(.resize(resized))
        XCTAssertEqual(slider.windowFrame.minX, 380, "laid out for the new size before any later event")

        let thumb = slider.thumbRadius
        let target = Point(x: 380 + thumb + (200 - 2 * thumb) * 0.75, y: start.y)
        let move = overlay.route(.pointerMove(PointerEvent(location: target)))
        XCTAssertEqual(move.reason.description, "captured")
        XCTAssertEqual(move.target.view?.identifier, "slider")
        XCTAssertEqual(slider.value, 75, accuracy: 0.001, "the point converted with the slider's new frame")
        XCTAssertTrue(slider.isDragging)

        // Far outside the new window: still the slider's, clamped.
        _ = overlay.route(.pointerMove(PointerEvent(location: Point(x: 5000, y: -40))))
        XCTAssertEqual(slider.value, 100)
        let end = overlay.route(.pointerUp(PointerEvent(location: target)))
        XCTAssertEqual(end.target.view?.identifier, "slider")
        XCTAssertNil(overlay.router.captureTarget(forPointer: 0))
        XCTAssertFalse(slider.isDragging)
    }

    /// Auto-repeat steps a focused slider once per repeat; a button is one-shot: clicking it does not take the
    /// keyboard, so held keys and their repeats never press it again (they go to the engine).
    func testKeyRepeatReachesAFocusedSliderButNotAButton() throws {
        let overlay = Overlay(windowSize: Size(width: 400, height: 300))
        let layer = overlay.addLayer(name: "ui", level: 0)
        let slider = Slider(identifier: "slider", value: 50, range: 0...100)
        slider.frame = Rect(x: 20, y: 20, width: 200, height: 24)
        var presses = 0
        let button = Button(identifier: "button", title: "Go") { presses += 1 }
        button.frame = Rect(x: 20, y: 100, width: 80, height: 30)
        layer.addSubview(slider)
        layer.addSubview(button)
        overlay.update()

        let onSlider = slider.windowFrame.center
        _ = overlay.route(.pointerDown(PointerEvent(location: onSlider)))
        _ = overlay.route(.pointerUp(PointerEvent(location: onSlider)))
        XCTAssertTrue(overlay.focusedView === slider)
        let start = slider.value
        let keys: [KeyEvent] = [KeyEvent(key: .right)] + Array(repeating: KeyEvent(key: .right, isRepeat: true), count: 4)
            + [KeyEvent(key: .right, isDown: false)]
        for k in keys {
            XCTAssertEqual(overlay.route(.key(k)).target.view?.identifier, "slider", "\(k)")
        }
        XCTAssertEqual(slider.value, start + 5, accuracy: 1e-9, "one step for the press and one per repeat")

        let onButton = button.windowFrame.center
        _ = overlay.route(.pointerDown(PointerEvent(location: onButton)))
        _ = overlay.route(.pointerUp(PointerEvent(location: onButton)))
        XCTAssertEqual(presses, 1)
        XCTAssertNil(overlay.focusedView, "a button does not take the keyboard")
        for k in [KeyEvent(key: .enter), KeyEvent(key: .enter, isRepeat: true), KeyEvent(key: .character(" ")),
                  KeyEvent(key: .character(" "), isRepeat: true), KeyEvent(key: .enter, isDown: false)] {
            XCTAssertTrue(overlay.route(.key(k)).isForEngine, "\(k)")
        }
        XCTAssertEqual(presses, 1, "keys and repeats never press the button")
    }
}
