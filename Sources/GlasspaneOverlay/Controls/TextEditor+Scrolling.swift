// The text editor's own scrolling by the pointer: a drag that selects past the top or bottom edge scrolls the text
// (each frame, faster the further past the edge, while the pointer is held there) and extends the selection to the
// line that comes into view; the scroll indicator can be grabbed and dragged, or pressed on its track to jump.
import GlasspaneCore
import GlasspaneDraw

extension TextEditor: FrameTicking {
    /// Autoscroll speed, points per second per point past the edge (at least 4 points' worth, at most 3,000 points
    /// a second).
    static let autoscrollRate = 15.0

    /// How far `point` (view coordinates) lies above the text area (negative) or below it (positive); 0 inside.
    func distancePastEdge(_ point: Point) -> Double {
        let top = TextEditor.padding, bottom = bounds.height - TextEditor.padding
        return point.y < top ? point.y - top : point.y > bottom ? point.y - bottom : 0
    }

    /// Extends the selection to the drag's location held inside the text area: past an edge the selection reaches
    /// the edge's line, and scrolling brings the next ones in.
    func extendDragSelection(fonts: any FontMetrics) {
        guard let location = dragLocation else { return }
        let inside = Point(x: location.x, y: min(max(location.y, TextEditor.padding), bounds.height - TextEditor.padding - 0.5))
        let hit = position(at: inside, fonts: fonts)
        if hit.position != caretPosition { moveCaret(to: hit.position, extending: true, atLineEnd: hit.atLineEnd) }
        // The caret is in view by construction: revealing its line whole would scroll a line per frame on top of the
        // autoscroll's own speed.
        needsCaretInSight = false
    }

    /// One autoscroll step per frame while a selecting drag is held past an edge; false (stop ticking) otherwise.
    public func frameTick(time: Double) -> Bool {
        guard dragPointer != nil, indicatorGrab == nil, let location = dragLocation, let fonts = layer?.fonts else {
            lastAutoscrollTime = nil
            return false
        }
        let past = distancePastEdge(location)
        guard past != 0 else { lastAutoscrollTime = nil; return false }
        defer { lastAutoscrollTime = time }
        guard let last = lastAutoscrollTime else { return true }
        let elapsed = min(max(time - last, 0), 0.1)  // a long frame scrolls no further than a tenth of a second would
        let speed = min(max(abs(past), 4) * TextEditor.autoscrollRate, 3_000)
        setContentOffsetY(contentOffsetY + (past < 0 ? -speed : speed) * elapsed)
        extendDragSelection(fonts: fonts)
        return true
    }

    // MARK: - The scroll indicator

    /// The indicator's thumb, points from the view's top; nil when the text fits and none is drawn.
    func indicatorThumb() -> (top: Double, height: Double)? {
        guard contentHeight > visibleHeight else { return nil }
        let track = bounds.height - 4
        let thumb = max(16, track * visibleHeight / contentHeight)
        return (2 + (track - thumb) * contentOffsetY / max(contentHeight - visibleHeight, 1), thumb)
    }

    /// Whether `point` (view coordinates) is on the indicator's column while there is one.
    func isOnIndicator(_ point: Point) -> Bool {
        indicatorThumb() != nil && point.x >= bounds.width - TextEditor.indicatorWidth - 3
    }

    /// A press on the indicator: on the thumb it grabs it where pressed; on the track the thumb first jumps there,
    /// centred on the press.
    func beginIndicatorDrag(at y: Double) {
        guard let thumb = indicatorThumb() else { return }
        if y >= thumb.top && y <= thumb.top + thumb.height {
            indicatorGrab = y - thumb.top
        } else {
            indicatorGrab = thumb.height / 2
            dragIndicator(to: y)
        }
    }

    /// Moves the thumb so that its grabbed point follows `y`; the text scrolls in proportion.
    func dragIndicator(to y: Double) {
        guard let grab = indicatorGrab, let thumb = indicatorThumb() else { return }
        let fraction = (y - grab - 2) / max(bounds.height - 4 - thumb.height, 1)
        setContentOffsetY(fraction * (contentHeight - visibleHeight))
    }
}
