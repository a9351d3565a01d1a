// Device-independent input events: what the platform produces, the router routes and scripts record.

/// Which mouse button (or touch contact) a pointer event is about.
public enum PointerButton: String, Hashable, Sendable, Codable {
    /// No button (hover moves).
    case none
    /// The primary (left) button or a touch contact.
    case left
    /// The middle button.
    case middle
    /// The secondary (right) button.
    case right
}

/// Modifier keys held during an event.
public struct KeyModifiers: OptionSet, Hashable, Sendable, Codable {
    /// The raw bits.
    public let rawValue: UInt8
    /// Creates modifiers from bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// Shift.
    public static let shift = KeyModifiers(rawValue: 1)
    /// Control.
    public static let control = KeyModifiers(rawValue: 2)
    /// Alt / Option.
    public static let alt = KeyModifiers(rawValue: 4)
    /// Super / Command.
    public static let command = KeyModifiers(rawValue: 8)
}

/// A pointer (mouse or touch) event in logical points.
public struct PointerEvent: Hashable, Sendable, Codable {
    /// Pointer identity: 0 for the mouse, a distinct id per touch contact.
    public var pointerID: Int
    /// The button this event is about (`.none` for hover moves).
    public var button: PointerButton
    /// Position in window points.
    public var location: Point
    /// Modifier keys held.
    public var modifiers: KeyModifiers
    /// For presses: 1 for a single click, 2 for the second press of a double click (the platform decides), ...
    public var clickCount: Int
    /// Creates a pointer event.
    public init(pointerID: Int = 0, button: PointerButton = .left, location: Point, modifiers: KeyModifiers = [],
                clickCount: Int = 1) {
        self.pointerID = pointerID; self.button = button; self.location = location; self.modifiers = modifiers
        self.clickCount = clickCount
    }

    private enum CodingKeys: String, CodingKey { case pointerID, button, location, modifiers, clickCount }

    /// Decodes an event; `clickCount` may be absent (1).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(pointerID: try c.decode(Int.self, forKey: .pointerID), button: try c.decode(PointerButton.self, forKey: .button),
                  location: try c.decode(Point.self, forKey: .location), modifiers: try c.decode(KeyModifiers.self, forKey: .modifiers),
                  clickCount: try c.decodeIfPresent(Int.self, forKey: .clickCount) ?? 1)
    }
}

/// A key, by name: named keys for the ones UIs care about, `character` for printable keys.
public enum Key: Hashable, Sendable, Codable {
    /// Escape.
    case escape
    /// Return / Enter.
    case enter
    /// Tab.
    case tab
    /// Backspace.
    case backspace
    /// Delete (forward).
    case delete
    /// Arrow left.
    case left
    /// Arrow right.
    case right
    /// Arrow up.
    case up
    /// Arrow down.
    case down
    /// Home.
    case home
    /// End.
    case end
    /// Page Up (Ctrl+Page Up: the previous tab).
    case pageUp
    /// Page Down (Ctrl+Page Down: the next tab).
    case pageDown
    /// A function key, F1...F24.
    case function(Int)
    /// A printable key, lowercase (`a`, `1`, `#`).
    case character(Character)
    /// A key we have no name for, by platform key code.
    case other(Int)

    /// A stable text name: `escape`, `enter`, `f1`, `a`, `code:1234`.
    public var name: String {
        switch self {
        case .escape: "escape"
        case .enter: "enter"
        case .tab: "tab"
        case .backspace: "backspace"
        case .delete: "delete"
        case .left: "left"
        case .right: "right"
        case .up: "up"
        case .down: "down"
        case .home: "home"
        case .end: "end"
        case .pageUp: "pageup"
        case .pageDown: "pagedown"
        case .function(let n): "f\(n)"
        case .character(let c): String(c)
        case .other(let code): "code:\(code)"
        }
    }

    /// Parses a name written by `name`; nil when unknown.
    public init?(name: String) {
        let named: [String: Key] = [
            "escape": .escape, "enter": .enter, "return": .enter, "tab": .tab, "backspace": .backspace,
            "delete": .delete, "left": .left, "right": .right, "up": .up, "down": .down, "home": .home, "end": .end,
            "pageup": .pageUp, "pagedown": .pageDown,
        ]
        let lower = name.lowercased()
        if let k = named[lower] { self = k; return }
        if lower.count == 1, let c = lower.first { self = .character(c); return }
        if lower.hasPrefix("f"), let n = Int(lower.dropFirst()), (1...24).contains(n) { self = .function(n); return }
        if lower.hasPrefix("code:"), let n = Int(lower.dropFirst(5)) { self = .other(n); return }
        return nil
    }

    /// Encodes as its name.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer(); try c.encode(name)
    }
    /// Decodes from a name.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        let s = try c.decode(String.self)
        guard let k = Key(name: s) else {
            throw DecodingError.dataCorruptedError(in: c, debugDescription: "unknown key name '\(s)'")
        }
        self = k
    }
}

/// A key press or release.
public struct KeyEvent: Hashable, Sendable, Codable {
    /// The key.
    public var key: Key
    /// True for a press (or auto-repeat), false for a release.
    public var isDown: Bool
    /// True for an auto-repeated press.
    public var isRepeat: Bool
    /// Modifier keys held.
    public var modifiers: KeyModifiers
    /// Creates a key event.
    public init(key: Key, isDown: Bool = true, isRepeat: Bool = false, modifiers: KeyModifiers = []) {
        self.key = key; self.isDown = isDown; self.isRepeat = isRepeat; self.modifiers = modifiers
    }
}

/// One input event, device-independent, in logical points.
public enum InputEvent: Hashable, Sendable {
    /// A button went down (or a touch began).
    case pointerDown(PointerEvent)
    /// The pointer moved (with or without a button held).
    case pointerMove(PointerEvent)
    /// A button went up (or a touch ended).
    case pointerUp(PointerEvent)
    /// The system took the pointer away (focus loss, touch cancelled).
    case pointerCancel(PointerEvent)
    /// A wheel or trackpad scroll at a location, in lines (positive y scrolls up / zooms in).
    case wheel(location: Point, dx: Double, dy: Double)
    /// A key press or release.
    case key(KeyEvent)
    /// Text input (already composed, UTF-8): it also commits any composition in progress.
    case text(String)
    /// An input method's composition in progress (SDL_TEXTEDITING): the uncommitted text and the cursor inside it
    /// (in characters); an empty text ends the composition. The composed result arrives later as `text`.
    case composition(text: String, cursor: Int)
    /// A game controller button went down, up, or was cancelled (docs/focus.md, "Controllers").
    case controllerButton(ControllerButtonEvent)
    /// A game controller stick or trigger moved (dead zone applied).
    case controllerAxis(ControllerAxisEvent)
    /// A game controller was connected or disconnected.
    case controllerDevice(ControllerDeviceEvent)
    /// The window changed size: new metrics (points and pixels).
    case resize(WindowMetrics)
    /// The user asked to close the window.
    case quit

    /// The pointer payload for pointer events, nil otherwise.
    public var pointer: PointerEvent? {
        switch self {
        case .pointerDown(let p), .pointerMove(let p), .pointerUp(let p), .pointerCancel(let p): p
        default: nil
        }
    }

    /// What kind of event this is; its raw value is the name traces and scripts use.
    public var kind: InputEventKind {
        switch self {
        case .pointerDown: .down
        case .pointerMove: .move
        case .pointerUp: .up
        case .pointerCancel: .cancel
        case .wheel: .wheel
        case .key: .key
        case .text: .text
        case .composition: .composition
        case .controllerButton: .padButton
        case .controllerAxis: .padAxis
        case .controllerDevice: .padDevice
        case .resize: .resize
        case .quit: .quit
        }
    }

    /// The kind's name for traces and scripts (`kind.rawValue`).
    public var kindName: String { kind.rawValue }
}

/// The kinds of input event by the names traces and scripts write (`"event":"down"`): the one table the recorder
/// writes, the parser reads and its error lists, in this order.
public enum InputEventKind: String, CaseIterable, Hashable, Sendable {
    /// `InputEvent.pointerDown`.
    case down
    /// `InputEvent.pointerMove`.
    case move
    /// `InputEvent.pointerUp`.
    case up
    /// `InputEvent.pointerCancel`.
    case cancel
    /// `InputEvent.wheel`.
    case wheel
    /// `InputEvent.key`.
    case key
    /// `InputEvent.text`.
    case text
    /// `InputEvent.composition`.
    case composition
    /// `InputEvent.controllerButton`.
    case padButton = "pad-button"
    /// `InputEvent.controllerAxis`.
    case padAxis = "pad-axis"
    /// `InputEvent.controllerDevice`.
    case padDevice = "pad-device"
    /// `InputEvent.resize`.
    case resize
    /// `InputEvent.quit`.
    case quit

    /// True for the four pointer kinds (down, move, up, cancel).
    public var isPointer: Bool {
        switch self {
        case .down, .move, .up, .cancel: true
        default: false
        }
    }
}
