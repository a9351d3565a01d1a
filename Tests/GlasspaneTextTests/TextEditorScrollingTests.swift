// TextEditor's scrolling by the pointer (Controls/TextEditor+Scrolling.swift): a selecting drag held past the top or
// bottom edge scrolls on the frame clock, and the scroll indicator drags. Monospace metrics: 8.4 points a character,
// lines 21.6 points tall at 14 points; the editor is 300 x 100 at (10, 10), so 88 points of text show.
import GlasspaneCore
import GlasspaneDraw
@testable import GlasspaneOverlay
import XCTest

final class TextEditorScrollingTests: XCTestCase {
    /// 60 lines "line 00" to "line 59" (8 characters each with the newline).
    @MainActor
    private static func makeEditor() -> (Overlay, TextEditor) {
        let overlay = Overlay(windowSize: Size(width: 500, height: 400), fonts: MonospaceFontMetrics())
        let layer = overlay.addLayer(name: "ui", level: 0)
        let text = (0..<60).map { String(format: "line %02d", $0) }.joined(separator: "\n")
        let editor = TextEditor(identifier: "editor", text: text)
        editor.preferredWidth = 300
        editor.preferredHeight = 100
        layer.addSubview(editor, at: Point(x: 10, y: 10))
        overlay.update()
        overlay.focus(editor)
        overlay.route(.key(KeyEvent(key: .home, modifiers: [.control])))
        overlay.update()
        return (overlay, editor)
    }

    /// Advances the frame clock from `from` to `to` in steps of `step` seconds, updating after each.
    @MainActor
    private static func frames(_ overlay: Overlay, from: Double, to: Double, step: Double = 0.05) {
        var time = from
        while time <= to + 1e-9 {
            overlay.advanceAnimations(to: time)
            overlay.update()
            time += step
        }
    }

    func testASelectingDragHeldPastAnEdgeScrollsAndExtendsTheSelection() throws {
        MainActor.assumeIsolated {
            let (overlay, editor) = Self.makeEditor()
            let maxOffset = editor.contentHeight - 88
            XCTAssertGreaterThan(maxOffset, 1000, "60 lines overflow the editor")
            overlay.route(.pointerDown(PointerEvent(location: Point(x: 18, y: 20))))
            // 36 points below the text area (its bottom is at 104): the selection reaches the bottom line in view at
            // once, not the lines under the pointer, and nothing scrolls until the frame clock runs.
            overlay.route(.pointerMove(PointerEvent(location: Point(x: 18, y: 140))))
            overlay.update()
            XCTAssertEqual(editor.contentOffsetY, 0)
            let firstReach = editor.selection.upperBound
            XCTAssertGreaterThan(firstReach, 8 * 3, "the selection reached the bottom line in view")
            XCTAssertLessThan(firstReach, 8 * 5 + 1)
            // 0.1 s at 36 x 15 points a second: 54 points.
            Self.frames(overlay, from: 0, to: 0.1)
            XCTAssertEqual(editor.contentOffsetY, 54, accuracy: 0.01)
            XCTAssertGreaterThan(editor.selection.upperBound, firstReach)
            XCTAssertEqual(editor.selection.lowerBound, 0, "the anchor stays where the drag began")
            // Held there, it runs to the end of the text.
            Self.frames(overlay, from: 0.15, to: 4)
            XCTAssertEqual(editor.contentOffsetY, maxOffset, accuracy: 0.01)
            XCTAssertGreaterThanOrEqual(editor.selection.upperBound, 59 * 8, "the selection reaches the last line")
            // Back inside: scrolling stops.
            overlay.route(.pointerMove(PointerEvent(location: Point(x: 18, y: 60))))
            Self.frames(overlay, from: 4.05, to: 4.5)
            XCTAssertEqual(editor.contentOffsetY, maxOffset, accuracy: 0.01)
            // 16 points above the text area (its top is at 16): 240 points a second upwards.
            overlay.route(.pointerMove(PointerEvent(location: Point(x: 18, y: 0))))
            Self.frames(overlay, from: 4.55, to: 5.55)
            XCTAssertEqual(editor.contentOffsetY, maxOffset - 240, accuracy: 0.01)
            XCTAssertLessThan(editor.selection.upperBound, 59 * 8, "the selection's end came up with the text")
            // Released: no more scrolling.
            overlay.route(.pointerUp(PointerEvent(location: Point(x: 18, y: 0))))
            let released = editor.contentOffsetY
            Self.frames(overlay, from: 5.6, to: 6)
            XCTAssertEqual(editor.contentOffsetY, released)
        }
    }

    func testTheScrollIndicatorDragsAndItsTrackJumps() throws {
        try MainActor.assumeIsolated {
            let (overlay, editor) = Self.makeEditor()
            let maxOffset = editor.contentHeight - 88
            // Track: 96 points from the view's top + 2; thumb: 16 points (the least), at the top.
            let thumb = try XCTUnwrap(editor.indicatorThumb())
            XCTAssertEqual(thumb.top, 2)
            XCTAssertEqual(thumb.height, 16)
            let x = 10 + 300 - 4.0
            overlay.route(.pointerDown(PointerEvent(location: Point(x: x, y: 10 + 2 + 8))))
            XCTAssertEqual(editor.selection, 0..<0, "a press on the indicator leaves the caret")
            overlay.route(.pointerMove(PointerEvent(location: Point(x: x, y: 10 + 2 + 8 + 40))))
            overlay.update()
            XCTAssertEqual(editor.contentOffsetY, maxOffset * 40 / 80, accuracy: 0.01, "half the track: half the text")
            let drawn = try XCTUnwrap(editor.layer).drawList.commands.compactMap { command -> Rect? in
                if case .rect(let r, _, _) = command, r.minX == 10 + 300 - 6 - 1 { r } else { nil }
            }
            XCTAssertEqual(drawn.map(\.minY), [10 + 2 + 40], "the thumb is drawn where it was dragged")
            overlay.route(.pointerMove(PointerEvent(location: Point(x: 200, y: 400))))
            overlay.update()
            XCTAssertEqual(editor.contentOffsetY, maxOffset, accuracy: 0.01, "dragged past the end: the end")
            overlay.route(.pointerUp(PointerEvent(location: Point(x: 200, y: 400))))
            // A press on the track away from the thumb centres the thumb there.
            overlay.route(.pointerDown(PointerEvent(location: Point(x: x, y: 10 + 20))))
            overlay.route(.pointerUp(PointerEvent(location: Point(x: x, y: 10 + 20))))
            overlay.update()
            XCTAssertEqual(editor.contentOffsetY, maxOffset * (20 - 8 - 2) / 80, accuracy: 0.01)
            XCTAssertEqual(editor.selection, 0..<0)
        }
    }
}
