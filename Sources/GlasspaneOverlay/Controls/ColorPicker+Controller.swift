// A color picker played with a controller (docs/focus.md, "Held directions, the stick and tabs"): the left stick
// drives the focused saturation/value square like held arrow keys (ControllerNavigator's stick drive), and the
// triggers turn the hue while the square or the hue bar has focus: right forward, left back, by how far each is
// pulled, wrapping around the spectrum.
import GlasspaneCore

/// The triggers turning a picker's hue, one step per frame while either is pulled.
package final class HueTriggerDrive: FrameTicking {
    /// Turns per frame with a trigger fully pulled: the whole spectrum in 4 seconds at 60 frames per second.
    package static let turnsPerFrame = 1.0 / 240

    private weak var picker: ColorPicker?
    private var left = 0.0, right = 0.0
    private var isTicking = false

    init(picker: ColorPicker) { self.picker = picker }

    /// A trigger moved while a part of the picker had focus; other axes are declined.
    func axis(_ event: ControllerAxisEvent, overlay: Overlay?) -> Bool {
        switch event.axis {
        case .leftTrigger: left = event.value
        case .rightTrigger: right = event.value
        default: return false
        }
        if !isTicking && left != right, let overlay {
            isTicking = true
            overlay.startTicking(self)
        }
        return true
    }

    /// One frame: the hue turns by the difference of the triggers.
    package func frameTick(time: Double) -> Bool {
        guard let picker, left != right,
              picker.saturationValue.isFocused || picker.hueBar.isFocused else { isTicking = false; return false }
        var hsv = picker.hsv
        hsv.h = (hsv.h + (right - left) * Self.turnsPerFrame + 1).truncatingRemainder(dividingBy: 1)
        picker.userSelected(hsv)
        return true
    }
}
