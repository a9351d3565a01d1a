// SDL events built as a driver would queue them, for tests that push them through SDL's own queue
// (Tests/GlasspanePlatformTests, Tests/GlasspaneRuntimeTests). Test support only: never linked into the product.
import CSDL2

/// Builders for SDL events as a driver would queue them.
public enum SDLEvents {
    /// The SDL keycode of a key constant.
    public static func keycode(_ code: SDL_KeyCode) -> SDL_Keycode { SDL_Keycode(truncatingIfNeeded: code.rawValue) }

    /// A key press or release (repeat and modifiers optional).
    public static func key(_ code: SDL_KeyCode, down: Bool = true, repeat isRepeat: Bool = false, mod: UInt32 = 0) -> SDL_Event {
        var e = SDL_Event()
        e.type = (down ? SDL_KEYDOWN : SDL_KEYUP).rawValue
        e.key.state = UInt8(down ? SDL_PRESSED : SDL_RELEASED)
        e.key.repeat = isRepeat ? 1 : 0
        e.key.keysym.sym = keycode(code)
        e.key.keysym.mod = UInt16(truncatingIfNeeded: mod)
        return e
    }

    /// Committed text input (UTF-8, cut to SDL's buffer).
    public static func text(_ s: String) -> SDL_Event {
        var e = SDL_Event()
        e.type = SDL_TEXTINPUT.rawValue
        withUnsafeMutableBytes(of: &e.text.text) { raw in
            let bytes = Array(s.utf8.prefix(raw.count - 1))
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        return e
    }

    /// Committed text input as raw bytes (invalid UTF-8 included, as a broken input method could send).
    public static func textBytes(_ bytes: [UInt8]) -> SDL_Event {
        var e = SDL_Event()
        e.type = SDL_TEXTINPUT.rawValue
        withUnsafeMutableBytes(of: &e.text.text) { raw in
            let kept = Array(bytes.prefix(raw.count - 1))
            raw.copyBytes(from: kept)
            raw[kept.count] = 0
        }
        return e
    }

    /// IME composition text with its cursor.
    public static func editing(_ s: String, start: Int32) -> SDL_Event {
        var e = SDL_Event()
        e.type = SDL_TEXTEDITING.rawValue
        withUnsafeMutableBytes(of: &e.edit.text) { raw in
            let bytes = Array(s.utf8.prefix(raw.count - 1))
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        e.edit.start = start
        e.edit.length = 0
        return e
    }

    /// A mouse button press or release at pixel coordinates, from mouse `which`.
    public static func button(_ b: Int32, down: Bool, x: Int32, y: Int32, which: UInt32 = 0) -> SDL_Event {
        var e = SDL_Event()
        e.type = (down ? SDL_MOUSEBUTTONDOWN : SDL_MOUSEBUTTONUP).rawValue
        e.button.which = which
        e.button.button = UInt8(b)
        e.button.state = UInt8(down ? SDL_PRESSED : SDL_RELEASED)
        e.button.clicks = 1
        e.button.x = x; e.button.y = y
        return e
    }

    /// A left-button (or `button`) press or release at a point in SDL's window units.
    public static func button(down: Bool, at p: (Int32, Int32), button: Int32 = SDL_BUTTON_LEFT) -> SDL_Event {
        Self.button(button, down: down, x: p.0, y: p.1)
    }

    /// A pointer move to a point in SDL's window units, with `held` buttons down.
    public static func motion(at p: (Int32, Int32), held: [Int32]) -> SDL_Event { motion(x: p.0, y: p.1, held: held) }

    /// A pointer move with `held` buttons down, from mouse `which`.
    public static func motion(x: Int32, y: Int32, held: [Int32] = [], which: UInt32 = 0) -> SDL_Event {
        var e = SDL_Event()
        e.type = SDL_MOUSEMOTION.rawValue
        e.motion.which = which
        e.motion.state = held.reduce(0) { $0 | glasspane_SDL_BUTTON_MASK($1) }
        e.motion.x = x; e.motion.y = y
        return e
    }

    /// A wheel turn (whole and precise steps, direction) at a pointer position.
    public static func wheel(x: Int32 = 0, y: Int32 = 0, preciseX: Float = 0, preciseY: Float = 0, flipped: Bool = false,
                      at: (Int32, Int32), which: UInt32 = 0) -> SDL_Event {
        var e = SDL_Event()
        e.type = SDL_MOUSEWHEEL.rawValue
        e.wheel.which = which
        e.wheel.x = x; e.wheel.y = y
        e.wheel.preciseX = preciseX; e.wheel.preciseY = preciseY
        e.wheel.direction = (flipped ? SDL_MOUSEWHEEL_FLIPPED : SDL_MOUSEWHEEL_NORMAL).rawValue
        e.wheel.mouseX = at.0; e.wheel.mouseY = at.1
        return e
    }

    /// A touch event of `type` at normalized coordinates.
    public static func finger(_ type: SDL_EventType, touch: Int64, finger: Int64, x: Float, y: Float) -> SDL_Event {
        var e = SDL_Event()
        e.type = type.rawValue
        e.tfinger.touchId = touch
        e.tfinger.fingerId = finger
        e.tfinger.x = x; e.tfinger.y = y
        e.tfinger.pressure = 1
        return e
    }

    /// A window event for the current GL window.
    public static func window(_ id: SDL_WindowEventID) -> SDL_Event {
        var e = SDL_Event()
        e.type = SDL_WINDOWEVENT.rawValue
        e.window.event = UInt8(id.rawValue)
        e.window.windowID = SDL_GetWindowID(SDL_GL_GetCurrentWindow())
        return e
    }

    /// The quit request.
    public static var quit: SDL_Event {
        var e = SDL_Event()
        e.type = SDL_QUIT.rawValue
        return e
    }
}
