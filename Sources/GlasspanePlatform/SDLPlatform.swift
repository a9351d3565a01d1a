// SDL2 platform backend: window, OpenGL 3.3 core context, events, swap.
// Implements: window (resizable, high-DPI aware), GL context (GLX under X11, EGL on the offscreen driver),
// mouse, touch, wheel, keys, text input, window events, vsync control, waiting while minimized.
// Does not implement: game controllers, IME composition display, multiple windows.
import CSDL2
import GlasspaneCore

/// Why the platform could not start; each case names what failed.
public enum PlatformError: Error, Equatable, CustomStringConvertible {
    /// No X11 or Wayland display and `--headless` was not given.
    case noDisplay
    /// `SDL_Init` failed.
    case initFailed(String)
    /// The window could not be created.
    case windowFailed(String)
    /// The OpenGL 3.3 core context could not be created.
    case contextFailed(String)

    /// A stable identifier for tests and scripts.
    public var identifier: String {
        switch self {
        case .noDisplay: "no-display"
        case .initFailed: "sdl-init-failed"
        case .windowFailed: "window-failed"
        case .contextFailed: "gl-context-failed"
        }
    }

    /// A message for people, with what to do next.
    public var description: String {
        switch self {
        case .noDisplay:
            "no display found (DISPLAY and WAYLAND_DISPLAY are unset). Run with --headless to render offscreen, "
                + "or under a virtual X server: xvfb-run -a glasspane demo"
        case .initFailed(let m): "SDL could not start its video subsystem: \(m)"
        case .windowFailed(let m): "could not create the window: \(m)"
        case .contextFailed(let m): "could not create an OpenGL 3.3 core context: \(m)"
        }
    }
}

/// How to open the window.
public struct PlatformOptions: Sendable {
    /// Window title.
    public var title: String = "Glasspane"
    /// Window size in points.
    public var size: PixelSize = PixelSize(width: 1280, height: 720)
    /// Use SDL's offscreen driver (EGL, no display needed).
    public var headless: Bool = false
    /// Synchronize presents with the display's refresh.
    public var vsync: Bool = true
    /// Keep the window hidden (tests that need no input).
    public var hidden: Bool = false
    /// Multisample anti-aliasing samples per pixel for the window's framebuffer (1 turns it off; at most 16).
    /// Headless runs draw into a `RenderTarget`, which has its own sample count.
    public var samples: Int = 4
    /// Creates options; zero-argument form gives the defaults.
    public init(title: String = "Glasspane", size: PixelSize = PixelSize(width: 1280, height: 720),
                headless: Bool = false, vsync: Bool = true, hidden: Bool = false, samples: Int = 4) {
        self.title = title; self.size = size; self.headless = headless; self.vsync = vsync; self.hidden = hidden
        self.samples = min(max(samples, 1), 16)
    }
}

/// The SDL2 window, GL context and event source.
@MainActor
public final class SDLPlatform: PlatformBackend {
    /// The options the window was opened with.
    public let options: PlatformOptions
    /// SDL's video driver name (`x11`, `wayland`, `offscreen`).
    public let videoDriver: String
    /// Whether the swap interval request was honoured (Xvfb and offscreen report "unsupported").
    public private(set) var vsyncActive: Bool = false
    /// Current window and drawable sizes.
    public private(set) var metrics: WindowMetrics
    /// The clock frames are timed with.
    public let clock: any MonotonicClock = SystemClock()
    /// SDL's text input (`SDL_StartTextInput`), on only while the host says a text field has focus.
    public var textInputActive = false {
        didSet {
            guard textInputActive != oldValue else { return }
            if textInputActive { SDL_StartTextInput() } else { SDL_StopTextInput() }
        }
    }
    /// The system clipboard through SDL.
    public let clipboard: (any TextClipboard)? = SDLClipboard()

    private var window: OpaquePointer?
    private var context: SDL_GLContext?
    private var minimized = false
    private var hiddenByUser = false

    /// True when an X11 or Wayland display is available to open a real window on.
    public static var hasDisplay: Bool {
        func set(_ name: String) -> Bool { if let v = getenv(name), v.pointee != 0 { return true } else { return false } }
        return set("DISPLAY") || set("WAYLAND_DISPLAY")
    }

    /// Opens the window and its GL context; throws a `PlatformError` naming what failed.
    public init(options: PlatformOptions) throws(PlatformError) {
        self.options = options
        if options.headless {
            setenv("SDL_VIDEODRIVER", "offscreen", 1)
        } else if !SDLPlatform.hasDisplay {
            throw .noDisplay
        }
        SDL_SetMainReady()
        if SDL_InitSubSystem(UInt32(SDL_INIT_VIDEO | SDL_INIT_EVENTS)) != 0 { throw .initFailed(SDLPlatform.lastError) }
        videoDriver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? "unknown"

        SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, Int32(SDL_GL_CONTEXT_PROFILE_CORE.rawValue))
        SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3)
        SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 3)
        SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1)
        SDL_GL_SetAttribute(SDL_GL_DEPTH_SIZE, 24)
        SDL_GL_SetAttribute(SDL_GL_STENCIL_SIZE, 8)
        SDL_GL_SetAttribute(SDL_GL_RED_SIZE, 8)
        SDL_GL_SetAttribute(SDL_GL_GREEN_SIZE, 8)
        SDL_GL_SetAttribute(SDL_GL_BLUE_SIZE, 8)
        SDL_GL_SetAttribute(SDL_GL_ALPHA_SIZE, 8)
        SDL_SetHint(SDL_HINT_MOUSE_FOCUS_CLICKTHROUGH, "1")
        SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0")

        var flags = SDL_WINDOW_OPENGL.rawValue | SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
        flags |= options.hidden ? SDL_WINDOW_HIDDEN.rawValue : SDL_WINDOW_SHOWN.rawValue
        let pos = glasspane_SDL_WINDOWPOS_CENTERED()
        // The offscreen driver's surface is never drawn to (RenderTarget is), so it needs no samples.
        let windowSamples = options.headless ? 1 : options.samples
        SDL_GL_SetAttribute(SDL_GL_MULTISAMPLEBUFFERS, windowSamples > 1 ? 1 : 0)
        SDL_GL_SetAttribute(SDL_GL_MULTISAMPLESAMPLES, windowSamples > 1 ? Int32(windowSamples) : 0)
        var created = SDL_CreateWindow(options.title, pos, pos, Int32(options.size.width), Int32(options.size.height), flags)
        if created == nil && windowSamples > 1 {
            // No multisampled visual (some X servers): fall back to none rather than fail.
            SDL_GL_SetAttribute(SDL_GL_MULTISAMPLEBUFFERS, 0)
            SDL_GL_SetAttribute(SDL_GL_MULTISAMPLESAMPLES, 0)
            created = SDL_CreateWindow(options.title, pos, pos, Int32(options.size.width), Int32(options.size.height), flags)
        }
        guard let w = created else {
            let message = SDLPlatform.lastError
            SDL_QuitSubSystem(UInt32(SDL_INIT_VIDEO | SDL_INIT_EVENTS))
            throw .windowFailed(message)
        }
        guard let ctx = SDL_GL_CreateContext(w) else {
            let message = SDLPlatform.lastError
            SDL_DestroyWindow(w)
            SDL_QuitSubSystem(UInt32(SDL_INIT_VIDEO | SDL_INIT_EVENTS))
            throw .contextFailed(message)
        }
        window = w
        context = ctx
        SDL_GL_MakeCurrent(w, ctx)
        metrics = WindowMetrics(windowSize: Size(width: Double(options.size.width), height: Double(options.size.height)),
                                drawableSize: options.size)
        metrics = currentMetrics()
        setVsync(options.vsync)
        // SDL2 starts with text input on; it stays off until a text field takes focus.
        SDL_StopTextInput()
    }

    /// Closes the window and shuts SDL's video down (safe to call twice).
    public func close() {
        if let ctx = context { SDL_GL_DeleteContext(ctx); context = nil }
        if let w = window { SDL_DestroyWindow(w); window = nil }
        SDL_QuitSubSystem(UInt32(SDL_INIT_VIDEO | SDL_INIT_EVENTS))
    }

    /// Requests vsync on or off. Returns whether the driver accepted; "unsupported" (Xvfb) is not an error.
    @discardableResult
    public func setVsync(_ on: Bool) -> Bool {
        let ok = SDL_GL_SetSwapInterval(on ? 1 : 0) == 0
        vsyncActive = on && ok
        return ok
    }

    /// Resizes the window (points); the next poll reports the new metrics.
    public func setWindowSize(_ size: PixelSize) {
        guard let w = window else { return }
        SDL_SetWindowSize(w, Int32(size.width), Int32(size.height))
        metrics = currentMetrics()
    }

    /// SDL's last error message.
    public static var lastError: String { String(cString: SDL_GetError()) }

    private func currentMetrics() -> WindowMetrics {
        guard let w = window else { return metrics }
        var ww: Int32 = 0, wh: Int32 = 0, dw: Int32 = 0, dh: Int32 = 0
        SDL_GetWindowSize(w, &ww, &wh)
        SDL_GL_GetDrawableSize(w, &dw, &dh)
        if dw <= 0 || dh <= 0 { dw = ww; dh = wh }
        return WindowMetrics(windowSize: Size(width: Double(ww), height: Double(wh)),
                             drawableSize: PixelSize(width: Int(dw), height: Int(dh)))
    }

    /// True while minimized or hidden: the host waits for events instead of rendering.
    public var isOccluded: Bool { minimized || hiddenByUser }

    /// Blocks until an event arrives or the timeout passes.
    public func waitForEvents(timeoutMilliseconds: Int) {
        _ = SDL_WaitEventTimeout(nil, Int32(timeoutMilliseconds))
    }

    /// Swaps the back buffer to the window.
    public func present() {
        if let w = window { SDL_GL_SwapWindow(w) }
    }

    /// Translates every pending SDL event.
    public func pollEvents(into events: inout [InputEvent]) {
        var e = SDL_Event()
        while SDL_PollEvent(&e) != 0 {
            if let translated = translate(&e) { events.append(translated) }
        }
    }

    private func point(x: Int32, y: Int32) -> Point { Point(x: Double(x), y: Double(y)) }

    private static func button(_ b: UInt8) -> PointerButton {
        switch Int32(b) {
        case SDL_BUTTON_LEFT: .left
        case SDL_BUTTON_MIDDLE: .middle
        case SDL_BUTTON_RIGHT: .right
        default: .none
        }
    }

    private static func modifiers() -> KeyModifiers {
        let m = SDL_GetModState().rawValue
        var out: KeyModifiers = []
        if m & KMOD_SHIFT.rawValue != 0 { out.insert(.shift) }
        if m & KMOD_CTRL.rawValue != 0 { out.insert(.control) }
        if m & KMOD_ALT.rawValue != 0 { out.insert(.alt) }
        if m & KMOD_GUI.rawValue != 0 { out.insert(.command) }
        return out
    }

    // Touch-emulated mouse events are skipped: the finger events carry the touch once, with its own id.
    private static let touchMouseID = UInt32(bitPattern: -1)

    private func translate(_ e: inout SDL_Event) -> InputEvent? {
        switch SDL_EventType(rawValue: e.type) {
        case SDL_QUIT:
            return .quit
        case SDL_WINDOWEVENT:
            switch SDL_WindowEventID(rawValue: UInt32(e.window.event)) {
            case SDL_WINDOWEVENT_SIZE_CHANGED, SDL_WINDOWEVENT_RESIZED:
                let m = currentMetrics()
                if m == metrics { return nil }
                metrics = m
                return .resize(m)
            case SDL_WINDOWEVENT_MINIMIZED: minimized = true
            case SDL_WINDOWEVENT_HIDDEN: hiddenByUser = true
            case SDL_WINDOWEVENT_RESTORED, SDL_WINDOWEVENT_MAXIMIZED: minimized = false
            case SDL_WINDOWEVENT_SHOWN, SDL_WINDOWEVENT_EXPOSED: hiddenByUser = false; minimized = false
            case SDL_WINDOWEVENT_CLOSE: return .quit
            default: break
            }
            return nil
        case SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP:
            let b = e.button
            if b.which == SDLPlatform.touchMouseID { return nil }
            var p = PointerEvent(pointerID: 0, button: SDLPlatform.button(b.button), location: point(x: b.x, y: b.y),
                                 modifiers: SDLPlatform.modifiers())
            p.clickCount = max(Int(b.clicks), 1)
            return e.type == SDL_MOUSEBUTTONDOWN.rawValue ? .pointerDown(p) : .pointerUp(p)
        case SDL_MOUSEMOTION:
            let m = e.motion
            if m.which == SDLPlatform.touchMouseID { return nil }
            let held: PointerButton =
                m.state & glasspane_SDL_BUTTON_MASK(SDL_BUTTON_LEFT) != 0 ? .left
                : m.state & glasspane_SDL_BUTTON_MASK(SDL_BUTTON_RIGHT) != 0 ? .right
                : m.state & glasspane_SDL_BUTTON_MASK(SDL_BUTTON_MIDDLE) != 0 ? .middle : .none
            return .pointerMove(PointerEvent(pointerID: 0, button: held, location: point(x: m.x, y: m.y),
                                             modifiers: SDLPlatform.modifiers()))
        case SDL_MOUSEWHEEL:
            let w = e.wheel
            if w.which == SDLPlatform.touchMouseID { return nil }
            var mx: Int32 = 0, my: Int32 = 0
            SDL_GetMouseState(&mx, &my)
            let flip: Double = w.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue ? -1 : 1
            return .wheel(location: point(x: mx, y: my), dx: Double(w.preciseX) * flip, dy: Double(w.preciseY) * flip)
        case SDL_FINGERDOWN, SDL_FINGERMOTION, SDL_FINGERUP:
            let f = e.tfinger
            // Finger ids are per touch device; offset by 1 so they never collide with the mouse (id 0).
            let id = Int(truncatingIfNeeded: f.fingerId) &+ 1
            let loc = Point(x: Double(f.x) * metrics.windowSize.width, y: Double(f.y) * metrics.windowSize.height)
            let p = PointerEvent(pointerID: id, button: .left, location: loc)
            switch SDL_EventType(rawValue: e.type) {
            case SDL_FINGERDOWN: return .pointerDown(p)
            case SDL_FINGERUP: return .pointerUp(p)
            default: return .pointerMove(p)
            }
        case SDL_KEYDOWN, SDL_KEYUP:
            let k = e.key
            let key = SDLPlatform.key(k.keysym.sym)
            return .key(KeyEvent(key: key, isDown: e.type == SDL_KEYDOWN.rawValue, isRepeat: k.repeat != 0,
                                 modifiers: SDLPlatform.modifiers()))
        case SDL_TEXTINPUT:
            let text = withUnsafeBytes(of: e.text.text) { raw -> String in
                let bytes = raw.bindMemory(to: UInt8.self)
                let end = bytes.firstIndex(of: 0) ?? bytes.count
                return String(decoding: bytes[..<end], as: UTF8.self)
            }
            return text.isEmpty ? nil : .text(text)
        default:
            return nil
        }
    }

    private static func key(_ sym: SDL_Keycode) -> Key {
        switch Int(sym) {
        case Int(SDLK_ESCAPE.rawValue): return .escape
        case Int(SDLK_RETURN.rawValue), Int(SDLK_KP_ENTER.rawValue): return .enter
        case Int(SDLK_TAB.rawValue): return .tab
        case Int(SDLK_BACKSPACE.rawValue): return .backspace
        case Int(SDLK_DELETE.rawValue): return .delete
        case Int(SDLK_LEFT.rawValue): return .left
        case Int(SDLK_RIGHT.rawValue): return .right
        case Int(SDLK_UP.rawValue): return .up
        case Int(SDLK_DOWN.rawValue): return .down
        case Int(SDLK_HOME.rawValue): return .home
        case Int(SDLK_END.rawValue): return .end
        case Int(SDLK_F1.rawValue)...Int(SDLK_F12.rawValue): return .function(Int(sym) - Int(SDLK_F1.rawValue) + 1)
        case 32...126:
            return .character(Character(Unicode.Scalar(UInt8(sym))))
        default: return .other(Int(sym))
        }
    }
}

/// The system clipboard through SDL (`SDL_GetClipboardText` / `SDL_SetClipboardText`); needs SDL's video subsystem.
public final class SDLClipboard: TextClipboard {
    /// Creates the clipboard.
    public init() {}
    /// The clipboard's text, nil when it holds none (or SDL could not read it).
    public func readText() -> String? {
        guard SDL_HasClipboardText() == SDL_TRUE, let raw = SDL_GetClipboardText() else { return nil }
        defer { SDL_free(raw) }
        return String(cString: raw)
    }
    /// Replaces the clipboard's text.
    public func writeText(_ text: String) { _ = SDL_SetClipboardText(text) }
}
