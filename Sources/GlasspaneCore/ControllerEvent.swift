// Device-independent game controller input (docs/focus.md, "Controllers"): buttons, axes with the dead zone already
// applied, and hot-plug. SDL's GameController events become these in GlasspanePlatform; scripts record them.

/// A controller button by its position on an Xbox-style layout (A is the bottom face button on every controller).
public enum ControllerButton: String, CaseIterable, Hashable, Sendable, Codable {
    /// The bottom face button (Cross on PlayStation layouts): select, activate.
    case a
    /// The right face button (Circle): back.
    case b
    /// The left face button (Square).
    case x
    /// The top face button (Triangle).
    case y
    /// Back / Select / Share.
    case back
    /// The guide (home) button.
    case guide
    /// Start / Options / Menu.
    case start
    /// Pressing the left stick.
    case leftStick = "left-stick"
    /// Pressing the right stick.
    case rightStick = "right-stick"
    /// The left shoulder (bumper).
    case leftShoulder = "left-shoulder"
    /// The right shoulder (bumper).
    case rightShoulder = "right-shoulder"
    /// D-pad up.
    case dpadUp = "dpad-up"
    /// D-pad down.
    case dpadDown = "dpad-down"
    /// D-pad left.
    case dpadLeft = "dpad-left"
    /// D-pad right.
    case dpadRight = "dpad-right"
    /// The extra button (Xbox Series share, Switch capture).
    case misc
    /// The touchpad's click (PlayStation).
    case touchpad

    /// The focus direction a D-pad button moves in; nil for other buttons.
    public var direction: FocusDirection? {
        switch self {
        case .dpadUp: .up
        case .dpadDown: .down
        case .dpadLeft: .left
        case .dpadRight: .right
        default: nil
        }
    }
}

/// A direction focus moves in (D-pad, arrow keys).
public enum FocusDirection: String, CaseIterable, Hashable, Sendable {
    /// Toward smaller y.
    case up
    /// Toward larger y.
    case down
    /// Toward smaller x.
    case left
    /// Toward larger x.
    case right

    /// The arrow key for this direction (what a focused slider or list steps with).
    public var arrowKey: Key {
        switch self {
        case .up: .up
        case .down: .down
        case .left: .left
        case .right: .right
        }
    }

    /// The direction an arrow key names; nil for other keys.
    public init?(arrowKey key: Key) {
        switch key {
        case .up: self = .up
        case .down: self = .down
        case .left: self = .left
        case .right: self = .right
        default: return nil
        }
    }
}

/// A controller axis: sticks in -1...1 (x right, y down, as SDL reports them), triggers in 0...1.
public enum ControllerAxis: String, CaseIterable, Hashable, Sendable, Codable {
    /// The left stick, horizontal.
    case leftX = "left-x"
    /// The left stick, vertical (positive is down).
    case leftY = "left-y"
    /// The right stick, horizontal.
    case rightX = "right-x"
    /// The right stick, vertical (positive is down).
    case rightY = "right-y"
    /// The left trigger.
    case leftTrigger = "left-trigger"
    /// The right trigger.
    case rightTrigger = "right-trigger"

    /// True for the two triggers (their values are 0...1).
    public var isTrigger: Bool { self == .leftTrigger || self == .rightTrigger }

    /// The values the axis takes: -1...1 for sticks, 0...1 for triggers.
    public var range: ClosedRange<Double> { isTrigger ? 0...1 : -1...1 }

    /// The dead zone of `normalized(raw:)`: sticks rest a little off center on real hardware.
    public var deadZone: Double { isTrigger ? 0.05 : 0.2 }

    /// `value` made safe to act on: clamped to `range`, 0 when not a finite number (an axis event built by hand or
    /// read from elsewhere may carry anything).
    public func clamped(_ value: Double) -> Double {
        value.isFinite ? min(max(value, range.lowerBound), range.upperBound) : 0
    }

    /// A raw value (SDL's -32768...32767) scaled to `range` with the dead zone applied: values inside the dead zone
    /// are 0, the rest is rescaled so the output starts at 0 at the dead zone's edge and reaches 1 at the end.
    public func normalized(raw: Int) -> Double {
        let clamped = Double(min(max(raw, -32768), 32767))
        var value = clamped < 0 ? clamped / 32768 : clamped / 32767
        if isTrigger { value = max(0, value) }
        let magnitude = abs(value)
        guard magnitude > deadZone else { return 0 }
        let scaled = min(1, (magnitude - deadZone) / (1 - deadZone))
        return value < 0 ? -scaled : scaled
    }
}

/// A controller button's press, release, or cancel (the controller was unplugged while it was held).
public struct ControllerButtonEvent: Hashable, Sendable {
    /// What happened to the button.
    public enum Phase: String, CaseIterable, Hashable, Sendable {
        /// Pressed.
        case down
        /// Released.
        case up
        /// The controller went away while the button was held: no release will come.
        case cancel
    }
    /// The controller: 0 for the first one connected, then 1, 2... (the lowest free number; a controller keeps its
    /// number until it is unplugged).
    public var controller: Int
    /// The button.
    public var button: ControllerButton
    /// Pressed, released or cancelled.
    public var phase: Phase
    /// Creates a button event.
    public init(controller: Int = 0, button: ControllerButton, phase: Phase = .down) {
        self.controller = controller; self.button = button; self.phase = phase
    }
    /// True for a press.
    public var isDown: Bool { phase == .down }
}

/// A controller axis moved; `value` is in the axis's `range`, dead zone applied.
public struct ControllerAxisEvent: Hashable, Sendable {
    /// The controller number (see `ControllerButtonEvent.controller`).
    public var controller: Int
    /// The axis.
    public var axis: ControllerAxis
    /// The new value, dead zone applied.
    public var value: Double
    /// Creates an axis event.
    public init(controller: Int = 0, axis: ControllerAxis, value: Double) {
        self.controller = controller; self.axis = axis; self.value = value
    }
}

/// A controller was connected or disconnected.
public struct ControllerDeviceEvent: Hashable, Sendable {
    /// The controller number (see `ControllerButtonEvent.controller`).
    public var controller: Int
    /// True when connected, false when disconnected.
    public var isConnected: Bool
    /// The controller's name as the mapping database gives it (empty when unknown or disconnected).
    public var name: String
    /// Which face-button labels the controller carries (SDL_GameControllerGetType); `.generic` when disconnected.
    public var style: ControllerStyle
    /// Creates a device event.
    public init(controller: Int = 0, isConnected: Bool, name: String = "", style: ControllerStyle = .generic) {
        self.controller = controller; self.isConnected = isConnected; self.name = name; self.style = style
    }
}

/// The family of a controller as SDL reports its type: it decides the glyphs input prompts show.
public enum ControllerStyle: String, CaseIterable, Hashable, Sendable, Codable {
    /// Xbox 360 / One / Series: A, B, X, Y.
    case xbox
    /// PlayStation 3 / 4 / 5: Cross, Circle, Square, Triangle.
    case playstation
    /// Nintendo Switch: A, B, X, Y by label (SDL maps them by label).
    case nintendo
    /// Anything else (virtual, unknown types): Xbox-style letters.
    case generic
}
