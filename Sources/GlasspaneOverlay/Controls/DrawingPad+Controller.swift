// A drawing pad played with a controller (docs/focus.md, "Held directions, the stick and tabs"): while the pad has
// focus the left stick moves a pen cursor and A puts the pen down, so the stick draws while A is held. The pen
// reuses the pad's pointer handling with its own pointer id, so limits, smoothing and `onChange` are the same.
import GlasspaneCore
import GlasspaneDraw

/// The left stick and A as a pen on a focused `DrawingPad`.
package final class StickPen: FrameTicking {
    /// The pointer id the pen's strokes use (no platform pointer has a negative id).
    package static let pointerID = -31
    /// How far the cursor moves per frame at full deflection, in points.
    package static let pointsPerFrame = 4.0

    private weak var pad: DrawingPad?
    private var x = 0.0, y = 0.0
    /// The cursor in the pad's coordinates: the center until the stick moves it; nil before the pen is used.
    package private(set) var cursor: Point?
    /// True while A is held (a stroke is being drawn).
    package private(set) var isDown = false
    private var isTicking = false

    init(pad: DrawingPad) { self.pad = pad }

    private var start: Point { Point(x: (pad?.bounds.width ?? 0) / 2, y: (pad?.bounds.height ?? 0) / 2) }

    /// The left stick: moves the cursor from the next frame on. Other axes are declined.
    func axis(_ event: ControllerAxisEvent) -> Bool {
        switch event.axis {
        case .leftX: x = event.value
        case .leftY: y = event.value
        default: return false
        }
        if cursor == nil { cursor = start; pad?.setNeedsDisplay() }
        if !isTicking && (x != 0 || y != 0), let overlay = pad?.layer?.overlay {
            isTicking = true
            overlay.startTicking(self)
        }
        return true
    }

    /// A: pen down on press, up on release, the stroke dropped on cancel (the controller went away). Other buttons
    /// are declined.
    func button(_ event: ControllerButtonEvent) -> Bool {
        guard event.button == .a, let pad else { return false }
        let at = cursor ?? start
        cursor = at
        let pointer = PointerEvent(pointerID: Self.pointerID, location: at)
        switch event.phase {
        case .down:
            guard !isDown else { return true }
            isDown = true
            pad.pointerDown(pointer)
        case .up:
            guard isDown else { return true }
            isDown = false
            pad.pointerUp(pointer)
        case .cancel:
            guard isDown else { return true }
            isDown = false
            pad.pointerCancelled(pointer)
        }
        pad.setNeedsDisplay()
        return true
    }

    /// Focus left the pad: a stroke under way ends, the cursor hides.
    func focusLost() {
        guard let pad else { return }
        if isDown { isDown = false; pad.pointerUp(PointerEvent(pointerID: Self.pointerID, location: cursor ?? start)) }
        x = 0; y = 0
        cursor = nil
    }

    /// Moves the cursor by the stick's deflection (clamped to the pad); with the pen down, draws.
    package func frameTick(time: Double) -> Bool {
        guard let pad, pad.isFocused, x != 0 || y != 0, let c = cursor else { isTicking = false; return false }
        let moved = Point(x: min(max(c.x + x * Self.pointsPerFrame, 0), pad.bounds.width),
                          y: min(max(c.y + y * Self.pointsPerFrame, 0), pad.bounds.height))
        cursor = moved
        if isDown { pad.pointerMoved(PointerEvent(pointerID: Self.pointerID, location: moved)) }
        pad.setNeedsDisplay()
        return true
    }

    /// A small ring at the cursor while the pad has focus.
    func drawCursor(in rect: Rect, color: Color, context: inout PaintContext) {
        guard let c = cursor, pad?.isFocused == true else { return }
        context.add(.ring(center: Point(x: rect.minX + c.x, y: rect.minY + c.y), radius: isDown ? 3 : 6, width: 1.5, color: color))
    }
}
