// What a controller does over time (docs/focus.md, "Held directions, the stick and tabs"): a held D-pad direction
// repeats, the left stick navigates like the D-pad (with hysteresis) or drives a focused slider or stepper with
// acceleration, the right stick scrolls the scroll view around the focused view, and the shoulder buttons switch
// tabs. Everything is counted in frames (one `frameTick` per frame), so a replayed script repeats exactly as it did
// when recorded, whatever the machine's speed.
import GlasspaneCore
import Foundation

/// When a held direction repeats, in frames: the first repeat `initialDelayFrames` after the press, then one every
/// `intervalFrames` (at 60 frames per second: after 0.4 s, then 10 per second).
public struct DirectionRepeat: Hashable, Sendable {
    /// Frames from the press to the first repeat.
    public var initialDelayFrames: Int
    /// Frames between later repeats.
    public var intervalFrames: Int
    /// Creates a repeat timing; both counts are at least 1.
    public init(initialDelayFrames: Int = 24, intervalFrames: Int = 6) {
        self.initialDelayFrames = max(1, initialDelayFrames); self.intervalFrames = max(1, intervalFrames)
    }
}

/// The left stick as navigation: a direction engages when the stick leans that way by `engage` (after the dead zone)
/// and is let go only when it falls below `release`, so a stick resting near the threshold does not flicker.
public struct StickThresholds: Hashable, Sendable {
    /// The deflection (0...1, dead zone applied) that engages a direction.
    public var engage: Double
    /// The deflection below which an engaged direction is let go (at most `engage`).
    public var release: Double
    /// Creates thresholds; `release` is clamped to `engage`.
    public init(engage: Double = 0.5, release: Double = 0.3) {
        self.engage = engage; self.release = min(release, engage)
    }
}

/// How fast the stick drives a focused slider or stepper: steps per frame grow with the time held (acceleration),
/// scaled by the deflection: `min(maximum, deflection * (base + acceleration * framesHeld))`.
public struct StickDrive: Hashable, Sendable {
    /// Steps per frame at full deflection when the stick is first pushed.
    public var baseStepsPerFrame: Double
    /// Steps per frame added per frame held (at full deflection).
    public var accelerationPerFrame: Double
    /// The most steps per frame.
    public var maximumStepsPerFrame: Double
    /// Creates a drive: by default 7.5 steps a second at first, one step a frame after about a second, at most 4.
    public init(baseStepsPerFrame: Double = 0.125, accelerationPerFrame: Double = 1.0 / 60,
                maximumStepsPerFrame: Double = 4) {
        self.baseStepsPerFrame = baseStepsPerFrame; self.accelerationPerFrame = accelerationPerFrame
        self.maximumStepsPerFrame = maximumStepsPerFrame
    }
    /// Steps per frame after `frames` frames held at `deflection` (0...1).
    public func stepsPerFrame(deflection: Double, frames: Int) -> Double {
        min(maximumStepsPerFrame, max(0, min(1, deflection)) * (baseStepsPerFrame + accelerationPerFrame * Double(frames)))
    }
}

/// How fast the right stick scrolls: `pointsPerFrame` at full deflection, scaled by the deflection raised to
/// `exponent`, so a slight lean reads slowly and a full one skims (counted per frame, so replays scroll alike).
public struct StickScroll: Hashable, Sendable {
    /// Points a frame at full deflection (20: 1,200 points a second at 60 frames a second).
    public var pointsPerFrame: Double
    /// The response curve's power (2: half a lean scrolls a quarter as fast).
    public var exponent: Double
    /// The fastest speed taken, points a frame, and the steepest curve.
    public static let maximumPointsPerFrame = 1_000.0, maximumExponent = 8.0
    /// Creates a scroll speed: `pointsPerFrame` clamped to 0...`maximumPointsPerFrame` and `exponent` to
    /// 1...`maximumExponent`; a value that is not a number takes the default.
    public init(pointsPerFrame: Double = 20, exponent: Double = 2) {
        self.pointsPerFrame = pointsPerFrame.isNaN ? 20 : min(max(0, pointsPerFrame), StickScroll.maximumPointsPerFrame)
        self.exponent = exponent.isNaN ? 2 : min(max(1, exponent), StickScroll.maximumExponent)
    }
    /// Points this frame for a stick value (-1...1, dead zone applied), signed as the value.
    public func points(for value: Double) -> Double {
        let v = max(-1, min(1, value))
        return (v < 0 ? -1 : 1) * pow(abs(v), exponent) * pointsPerFrame
    }
}

/// Held D-pad directions, the sticks and the shoulder buttons over time; the overlay owns one
/// (`Overlay.controllerNavigator`) and ticks it every frame while something is held.
public final class ControllerNavigator: FrameTicking {
    /// How held directions repeat (D-pad and stick navigation alike).
    public var repeatTiming = DirectionRepeat()
    /// The stick's engage and release thresholds.
    public var stickThresholds = StickThresholds()
    /// How the stick drives a focused slider or stepper.
    public var stickDrive = StickDrive()
    /// How fast the right stick scrolls the scroll view around the focused view.
    public var stickScroll = StickScroll()

    /// A held D-pad direction of one controller (the last one pressed wins, as on a keyboard).
    struct HeldButton {
        var button: ControllerButton
        var frames = 0
    }
    /// The left stick of one controller.
    struct Stick {
        var x = 0.0, y = 0.0
        var engaged: FocusDirection?
        var frames = 0
        /// Fractional slider steps carried to the next frame.
        var carried = 0.0
    }

    private unowned let overlay: Overlay
    private var heldButtons: [Int: HeldButton] = [:]
    private var sticks: [Int: Stick] = [:]
    /// The right stick of one controller, and the scroll view it scrolls.
    struct ScrollStick {
        var x = 0.0, y = 0.0
        weak var target: ScrollView?
    }
    private var scrollSticks: [Int: ScrollStick] = [:]
    private var isTicking = false
    /// Repeats performed so far (tests and the docs' figures).
    public private(set) var repeatCount = 0
    /// Slider or stepper steps the stick made (tests).
    public private(set) var driveStepCount = 0
    /// Frames in which the right stick scrolled (tests).
    public private(set) var stickScrollFrames = 0

    init(overlay: Overlay) { self.overlay = overlay }

    /// True while a direction is held or the stick is engaged on some controller.
    public var isHoldingDirection: Bool {
        !heldButtons.isEmpty || sticks.values.contains { $0.engaged != nil } || !scrollSticks.isEmpty
    }

    // MARK: - D-pad

    /// The controller numbers tracked (the platform opens at most 16, numbered 0...15; scripts use the same range):
    /// presses and sticks of other numbers act once but neither repeat nor drive, so made-up numbers cannot grow
    /// the navigator's state.
    public static let trackedControllers = 0..<16

    /// A D-pad press the overlay took: it repeats until released.
    func directionPressed(controller: Int, button: ControllerButton) {
        guard Self.trackedControllers.contains(controller) else { return }
        heldButtons[controller] = HeldButton(button: button)
        startTicking()
    }

    /// A D-pad release or cancel: stops its repeat (a release of an older direction leaves the newer one).
    func directionReleased(controller: Int, button: ControllerButton) {
        if heldButtons[controller]?.button == button { heldButtons[controller] = nil }
    }

    /// A controller went away: nothing of it repeats any more.
    func forget(controller: Int) {
        heldButtons[controller] = nil
        sticks[controller] = nil
        scrollSticks[controller] = nil
    }

    // MARK: - Right stick

    /// The right stick moved while `target` (the scroll view around the focused view) may scroll: from the next
    /// frame it scrolls `stickScroll.points(for:)` a frame on each axis until the stick is back at rest.
    func scrollStickMoved(controller: Int, axis: ControllerAxis, value: Double, target: ScrollView) {
        guard Self.trackedControllers.contains(controller) else { return }
        var stick = scrollSticks[controller] ?? ScrollStick()
        if axis == .rightX { stick.x = value } else { stick.y = value }
        stick.target = target
        scrollSticks[controller] = stick.x == 0 && stick.y == 0 ? nil : stick
        if scrollSticks[controller] != nil { startTicking() }
    }

    /// The right stick no longer scrolls anything (nothing scrollable is focused any more): it stops.
    func stopScrollStick(controller: Int) { scrollSticks[controller] = nil }

    // MARK: - Left stick

    /// The left stick moved while the overlay navigates (something focused, or a modal up). Engages, switches or lets
    /// go of a direction; on engaging, acts at once (moves focus, or steps the focused view). Returns the view that
    /// took the action (the newly focused one, or the stepped one), nil when nothing happened.
    /// `navigates` false (nothing focused, no sheet up: the engine has the stick): only the position is kept.
    func stickMoved(controller: Int, axis: ControllerAxis, value: Double, navigates: Bool) -> View? {
        guard Self.trackedControllers.contains(controller) else { return nil }
        var stick = sticks[controller] ?? Stick()
        if axis == .leftX { stick.x = value } else { stick.y = value }
        let horizontal = abs(stick.x) >= abs(stick.y)
        let leaning: FocusDirection = horizontal ? (stick.x >= 0 ? .right : .left) : (stick.y >= 0 ? .down : .up)
        let deflection = max(abs(stick.x), abs(stick.y))
        var acted: View? = nil
        if let engaged = stick.engaged, !navigates || Self.deflection(of: stick, toward: engaged) < stickThresholds.release {
            stick.engaged = nil
        }
        if navigates && deflection >= stickThresholds.engage && stick.engaged != leaning {
            stick.engaged = leaning
            stick.frames = 0
            stick.carried = 0
            acted = act(leaning)
            startTicking()
        }
        sticks[controller] = stick.engaged == nil && stick.x == 0 && stick.y == 0 ? nil : stick
        return acted
    }

    /// How far the stick leans toward `direction` (0 when it leans the other way).
    private static func deflection(of stick: Stick, toward direction: FocusDirection) -> Double {
        switch direction {
        case .right: max(0, stick.x)
        case .left: max(0, -stick.x)
        case .down: max(0, stick.y)
        case .up: max(0, -stick.y)
        }
    }

    // MARK: - Per frame

    private func startTicking() {
        guard !isTicking else { return }
        isTicking = true
        overlay.startTicking(self)
    }

    /// One frame: held D-pad directions repeat on schedule; an engaged stick repeats its navigation on the same
    /// schedule, or drives the focused slider or stepper by `stickDrive`.
    public func frameTick(time: Double) -> Bool {
        for controller in heldButtons.keys.sorted() {
            guard var held = heldButtons[controller] else { continue }
            held.frames += 1
            heldButtons[controller] = held
            if isRepeatFrame(held.frames) {
                repeatCount += 1
                overlay.router.repeatControllerDirection(held.button, controller: controller)
            }
        }
        for controller in sticks.keys.sorted() {
            guard var stick = sticks[controller], let direction = stick.engaged else { continue }
            stick.frames += 1
            if let view = drivenView(direction) {
                stick.carried += stickDrive.stepsPerFrame(deflection: Self.deflection(of: stick, toward: direction),
                                                          frames: stick.frames)
                var steps = 0
                while stick.carried >= 1 && steps < Int(stickDrive.maximumStepsPerFrame.rounded(.up)) {
                    stick.carried -= 1
                    steps += 1
                    view.keyDown(KeyEvent(key: direction.arrowKey, isRepeat: true))
                }
                driveStepCount += steps
            } else if isRepeatFrame(stick.frames) && overlay.router.focusedTarget() != nil {
                repeatCount += 1
                if let keyboard = overlay.onScreenKeyboard, keyboard.isShown { keyboard.moveSelection(direction) }
                else { _ = overlay.moveFocus(direction) }
            }
            sticks[controller] = stick
        }
        for controller in scrollSticks.keys.sorted() {
            guard let stick = scrollSticks[controller], let target = stick.target, target.layer != nil else {
                scrollSticks[controller] = nil
                continue
            }
            let delta = Point(x: stickScroll.points(for: stick.x), y: stickScroll.points(for: stick.y))
            if target.scrollFromController(by: delta) { stickScrollFrames += 1 }
        }
        isTicking = isHoldingDirection
        return isTicking
    }

    /// True on the frames a held direction repeats (counted from its press).
    private func isRepeatFrame(_ frames: Int) -> Bool {
        let delay = repeatTiming.initialDelayFrames
        return frames >= delay && (frames - delay) % repeatTiming.intervalFrames == 0
    }

    /// The focused view when it takes `direction` itself (a slider, a stepper) and no text: the stick drives it.
    private func drivenView(_ direction: FocusDirection) -> View? {
        guard let view = overlay.focusedView, !view.acceptsTextInput, view.handlesDirection(direction),
              overlay.router.focusedTarget() != nil else { return nil }
        return view
    }

    /// The stick's first action in a direction: step the focused view that takes it, else move focus (with nothing
    /// focused, to the first view in reading order).
    private func act(_ direction: FocusDirection) -> View? {
        if let keyboard = overlay.onScreenKeyboard, keyboard.isShown { return keyboard.moveSelection(direction) }
        if let view = drivenView(direction) {
            view.keyDown(KeyEvent(key: direction.arrowKey))
            driveStepCount += 1
            return view
        }
        return overlay.moveFocus(direction)
    }
}
