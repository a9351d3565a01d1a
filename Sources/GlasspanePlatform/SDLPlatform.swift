// SDL2 platform backend: window, OpenGL 3.3 core context, events, swap.
// Implements: window (resizable, high-DPI aware), GL context (GLX under X11, EGL on the offscreen driver),
// mouse, touch, wheel, keys, text input, window events, vsync control, waiting while minimized, a window destroyed
// by another X client (a quit, through Sources/CX11Errors), game controllers (SDLControllers.swift).
// Does not implement: IME composition display, multiple windows.
import CSDL2
import CX11Errors
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
    /// The options cannot open a window (a forced scale out of range, a drawable too large).
    case invalidOptions(String)

    /// A stable identifier for tests and scripts.
    public var identifier: String {
        switch self {
        case .noDisplay: "no-display"
        case .initFailed: "sdl-init-failed"
        case .windowFailed: "window-failed"
        case .contextFailed: "gl-context-failed"
        case .invalidOptions: "invalid-options"
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
        case .invalidOptions(let m): "cannot open the window: \(m)"
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
    /// Pixels per point, forced (0: the display's own). A script recorded at scale 2 replays at scale 2 on any
    /// display, headless included: the drawable is `size` x this many pixels and events stay in points.
    public var pointScale: Double = 0
    /// Creates options; zero-argument form gives the defaults.
    public init(title: String = "Glasspane", size: PixelSize = PixelSize(width: 1280, height: 720),
                headless: Bool = false, vsync: Bool = true, hidden: Bool = false, samples: Int = 4, pointScale: Double = 0) {
        self.title = title; self.size = size; self.headless = headless; self.vsync = vsync; self.hidden = hidden
        self.samples = min(max(samples, 1), 16)
        self.pointScale = pointScale
    }

    /// The forced scales a window accepts (1.25, 1.5, 2 and 3 are the common display scales).
    public static let pointScaleRange: ClosedRange<Double> = 0.5...4
    /// The largest drawable side in pixels (a common GL texture limit; a read-back stays under 1 GiB).
    public static let maxDrawableSide = 16384

    /// Why these options cannot open a window (a forced scale out of range, a drawable too large), or nil.
    public var problem: String? {
        if pointScale != 0 {
            guard pointScale.isFinite, Self.pointScaleRange.contains(pointScale) else {
                return "scale \(pointScale) is outside \(Self.pointScaleRange.lowerBound)...\(Self.pointScaleRange.upperBound) pixels per point"
            }
        }
        let scale = pointScale == 0 ? 1 : pointScale
        let w = (Double(size.width) * scale).rounded(), h = (Double(size.height) * scale).rounded()
        if w > Double(Self.maxDrawableSide) || h > Double(Self.maxDrawableSide) {
            return "\(size.width)x\(size.height) points at scale \(scale) is \(Int(w))x\(Int(h)) pixels, "
                + "more than \(Self.maxDrawableSide) on a side"
        }
        return nil
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
    /// The caret for the input method's candidate window, passed to `SDL_SetTextInputRect` when it changes (in window
    /// points, which are SDL's window coordinates).
    public var textInputRect: Rect? {
        didSet {
            guard textInputRect != oldValue, let caret = textInputRect else { return }
            var rect = SDL_Rect(x: Int32(caret.minX.rounded()), y: Int32(caret.minY.rounded()),
                                w: Int32(max(caret.width.rounded(), 1)), h: Int32(max(caret.height.rounded(), 1)))
            SDL_SetTextInputRect(&rect)
        }
    }
    /// The system clipboard through SDL.
    public let clipboard: (any TextClipboard)? = SDLClipboard()

    private(set) var window: OpaquePointer?
    /// The game controllers open now (SDLControllers.swift).
    let controllers = SDLControllers()
    /// The numbers of the game controllers connected now, ascending (0 is the first one plugged in).
    public var connectedControllers: [Int] { controllers.connectedNumbers }
    /// Where the platform's notices go (a joystick SDL has no controller mapping for, named once per GUID with how to
    /// add one through SDL_GAMECONTROLLERCONFIG); by default a `glasspane:` line on standard error.
    public var onNotice: (String) -> Void {
        get { controllers.onNotice }
        set { controllers.onNotice = newValue }
    }
    private var context: SDL_GLContext?
    /// SDL window units (what its mouse events and window sizes use) per point: 1 unless a scale is forced.
    private var unitsPerPoint: Double = 1
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
        if let problem = options.problem { throw .invalidOptions(problem) }
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
        // A forced scale opens the window at size x scale in SDL's units (pixels on X11 and the offscreen driver);
        // where SDL itself scales (its drawable larger than its window), the window shrinks again below.
        let forced = options.pointScale > 0 ? options.pointScale : 1
        let units = PixelSize(width: Int((Double(options.size.width) * forced).rounded()),
                              height: Int((Double(options.size.height) * forced).rounded()))
        // The offscreen driver's surface is never drawn to (RenderTarget is), so it needs no samples.
        let windowSamples = options.headless ? 1 : options.samples
        SDL_GL_SetAttribute(SDL_GL_MULTISAMPLEBUFFERS, windowSamples > 1 ? 1 : 0)
        SDL_GL_SetAttribute(SDL_GL_MULTISAMPLESAMPLES, windowSamples > 1 ? Int32(windowSamples) : 0)
        var created = SDL_CreateWindow(options.title, pos, pos, Int32(units.width), Int32(units.height), flags)
        if created == nil && windowSamples > 1 {
            // No multisampled visual (some X servers): fall back to none rather than fail.
            SDL_GL_SetAttribute(SDL_GL_MULTISAMPLEBUFFERS, 0)
            SDL_GL_SetAttribute(SDL_GL_MULTISAMPLESAMPLES, 0)
            created = SDL_CreateWindow(options.title, pos, pos, Int32(units.width), Int32(units.height), flags)
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
        if videoDriver == "x11" {
            // Xlib's default handler would exit(1) when another client destroys the window; counted instead.
            glasspane_x11_errors_install()
            lostWindowErrors = glasspane_x11_errors_lost_window_count()
        }
        frameFences = FrameFences()
        if options.pointScale > 0 {
            var ww: Int32 = 0, wh: Int32 = 0, dw: Int32 = 0, dh: Int32 = 0
            SDL_GetWindowSize(w, &ww, &wh)
            SDL_GL_GetDrawableSize(w, &dw, &dh)
            let native = ww > 0 && dw > 0 ? Double(dw) / Double(ww) : 1
            unitsPerPoint = options.pointScale / native
            if native != 1 {
                SDL_SetWindowSize(w, Int32((Double(options.size.width) * unitsPerPoint).rounded()),
                                  Int32((Double(options.size.height) * unitsPerPoint).rounded()))
            }
        }
        metrics = WindowMetrics(windowSize: Size(width: Double(options.size.width), height: Double(options.size.height)),
                                drawableSize: options.size)
        metrics = currentMetrics()
        setVsync(options.vsync)
        // SDL2 starts with text input on; it stays off until a text field takes focus.
        SDL_StopTextInput()
        controllers.start()
    }

    /// Closes the window and shuts SDL's video down (safe to call twice).
    public func close() {
        if windowLost {
            // Destroying the window or closing the display would send requests on the destroyed window, and SDL
            // puts Xlib's exiting handler back before it closes the display: the process ends without them.
            context = nil; window = nil
            return
        }
        controllers.stop()
        if context != nil { frameFences.discard() }
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

    /// Resizes the window (points) and updates `metrics` at once, so the frame being prepared renders, lays out
    /// and routes at the new size; the platform's own resize event for it is then not reported again.
    public func setWindowSize(_ size: PixelSize) {
        guard let w = window else { return }
        SDL_SetWindowSize(w, Int32((Double(size.width) * unitsPerPoint).rounded()),
                          Int32((Double(size.height) * unitsPerPoint).rounded()))
        metrics = currentMetrics()
    }

    /// Sets the window's title (a host shows a recorder's write failure there while it lasts).
    public func setTitle(_ title: String) {
        if let w = window { SDL_SetWindowTitle(w, title) }
    }

    /// The window's current title.
    public var title: String {
        guard let w = window, let t = SDL_GetWindowTitle(w) else { return "" }
        return String(cString: t)
    }

    /// SDL's last error message.
    public static var lastError: String { String(cString: SDL_GetError()) }

    private func currentMetrics() -> WindowMetrics {
        guard let w = window else { return metrics }
        var ww: Int32 = 0, wh: Int32 = 0, dw: Int32 = 0, dh: Int32 = 0
        SDL_GetWindowSize(w, &ww, &wh)
        SDL_GL_GetDrawableSize(w, &dw, &dh)
        if dw <= 0 || dh <= 0 { dw = ww; dh = wh }
        return WindowMetrics(windowSize: Size(width: Double(ww) / unitsPerPoint, height: Double(wh) / unitsPerPoint),
                             drawableSize: PixelSize(width: Int(dw), height: Int(dh)))
    }

    /// True while minimized or hidden: the host waits for events instead of rendering.
    public var isOccluded: Bool { minimized || hiddenByUser }

    /// Blocks until an event arrives or the timeout passes.
    public func waitForEvents(timeoutMilliseconds: Int) {
        _ = SDL_WaitEventTimeout(nil, Int32(timeoutMilliseconds))
    }

    /// Makes the window's GL context current on this thread (SDL returns at once when it already is).
    public func makeContextCurrent() {
        guard let w = window, let context else { return }
        SDL_GL_MakeCurrent(w, context)
    }

    /// Leaves this thread with no current GL context, so another thread can take the window's.
    public func releaseContext() {
        guard let w = window, context != nil else { return }
        SDL_GL_MakeCurrent(w, nil)
    }

    /// Swaps the back buffer to the window. On the offscreen driver a swap neither shows nor waits for anything,
    /// so the GPU queue would grow by a frame's work every frame (about 70 KB of queued rasterizer state per frame
    /// with Mesa's llvmpipe, issue 13): there each present fences the frame and waits for the previous one's fence.
    public func present() {
        guard let w = window else { return }
        SDL_GL_SwapWindow(w)
        if boundsQueueWithFences { frameFences.endFrame() }
    }

    /// True when `present` keeps the GPU queue bounded with fences (the offscreen driver, where a swap never blocks,
    /// unless the loop already waits for the GPU before every present).
    public var boundsQueueWithFences: Bool {
        videoDriver == "offscreen" && frameFences.isAvailable && !finishesBeforePresent
    }

    /// Set when the loop waits for the GPU (`glFinish`) before every present: nothing is left queued at a swap, so
    /// `present` fences nothing. A fence, its wait and its deletion cost about 5 µs a frame on an NVIDIA H100
    /// (docs/bench.md, "On a GPU").
    public var finishesBeforePresent = false {
        didSet { if finishesBeforePresent && context != nil { frameFences.discard() } }
    }
    /// Frames whose GPU work may still be queued after `present` returns (at most 1 when fenced).
    var framesInFlight: Int { frameFences.pending.count }
    /// How many times `present` waited for an earlier frame's fence.
    var fenceWaits: Int { frameFences.waits }
    /// Loaded once the context exists (a lazy property would copy the struct, and its array, on every mutation).
    private var frameFences = FrameFences.unloaded

    /// Translates every pending SDL event. A window close arrives from SDL as a close window event and a quit
    /// event; it is reported once per poll.
    public func pollEvents(into events: inout [InputEvent]) {
        var e = SDL_Event()
        let start = events.count
        while SDL_PollEvent(&e) != 0 {
            let before = events.count
            translate(e, into: &events)
            if events.count == before + 1, events[before] == .quit, events[start..<before].contains(.quit) {
                events.removeLast()
            }
        }
        if videoDriver == "x11", glasspane_x11_errors_lost_window_count() != lostWindowErrors {
            // The X server refused a request on the window: another client destroyed it. Ends the session as a
            // close would (recording and logs written, exit 0), once.
            lostWindowErrors = glasspane_x11_errors_lost_window_count()
            windowLost = true
            if !events[start...].contains(.quit) { events.append(.quit) }
        }
    }

    /// True once the window was destroyed from outside (X11): `close()` then leaves SDL's video as it is.
    public private(set) var windowLost = false
    /// The icon set last through `setWindowIcon` (SDLPlatform+Icon.swift), nil before any.
    public internal(set) var windowIcon: WindowIcon?

    /// BadWindow/BadDrawable errors counted so far (X11 only): a change means the window was destroyed from outside.
    private var lostWindowErrors: Int32 = 0

    // MARK: - Pointers held, so focus loss can cancel them

    /// Mouse buttons down (pointer 0) and where the mouse last was.
    private var heldMouseButtons: Set<PointerButton> = []
    /// Buttons whose press was cancelled by focus loss or hiding: their later release (and motion) is not reported.
    private var cancelledMouseButtons: Set<PointerButton> = []
    private var lastMouseLocation = Point(x: 0, y: 0)

    /// One touch contact: the SDL device and finger it came from.
    private struct FingerKey: Hashable { var touchID: SDL_TouchID; var fingerID: SDL_FingerID }
    /// Contacts down: their pointer id and last location.
    private var fingers: [FingerKey: (pointerID: Int, location: Point)] = [:]
    /// Contacts cancelled while still down: their motion and lift are not reported.
    private var cancelledFingers: Set<FingerKey> = []

    /// Pointer ids currently held (the mouse is 0 while a button is down; each touch contact its own id).
    var heldPointerIDs: [Int] {
        (heldMouseButtons.isEmpty ? [] : [0]) + fingers.values.map(\.pointerID).sorted()
    }

    /// The system took the pointers away (focus lost, window hidden or minimized): one cancel per held pointer,
    /// so no capture (in the overlay or the engine) is left waiting for an up that will never come.
    private func cancelHeldPointers(into events: inout [InputEvent]) {
        if let button = [PointerButton.left, .right, .middle, .none].first(where: heldMouseButtons.contains) {  // .none: X1, X2
            events.append(.pointerCancel(PointerEvent(pointerID: 0, button: button, location: lastMouseLocation)))
            cancelledMouseButtons.formUnion(heldMouseButtons)
            heldMouseButtons.removeAll()
        }
        for (key, finger) in fingers.sorted(by: { $0.value.pointerID < $1.value.pointerID }) {
            events.append(.pointerCancel(PointerEvent(pointerID: finger.pointerID, button: .left, location: finger.location)))
            cancelledFingers.insert(key)
        }
        fingers.removeAll()
    }

    /// The lowest pointer id >= 1 no contact holds: small ids that never collide with the mouse (0).
    private func freeTouchPointerID() -> Int {
        let used = Set(fingers.values.map(\.pointerID))
        var id = 1
        while used.contains(id) { id += 1 }
        return id
    }

    /// SDL's window units to points (they differ when a scale is forced).
    private func point(x: Int32, y: Int32) -> Point { Point(x: Double(x) / unitsPerPoint, y: Double(y) / unitsPerPoint) }

    private static func button(_ b: UInt8) -> PointerButton {
        switch Int32(b) {
        case SDL_BUTTON_LEFT: .left
        case SDL_BUTTON_MIDDLE: .middle
        case SDL_BUTTON_RIGHT: .right
        default: .none
        }
    }

    /// Modifiers from SDL's bits (a key event carries its own; pointer events read the keyboard's state).
    static func modifiers(_ bits: UInt32) -> KeyModifiers {
        var out: KeyModifiers = []
        if bits & KMOD_SHIFT.rawValue != 0 { out.insert(.shift) }
        if bits & KMOD_CTRL.rawValue != 0 { out.insert(.control) }
        if bits & KMOD_ALT.rawValue != 0 { out.insert(.alt) }
        if bits & KMOD_GUI.rawValue != 0 { out.insert(.command) }
        return out
    }

    private static func modifiers() -> KeyModifiers { modifiers(SDL_GetModState().rawValue) }

    // Touch-emulated mouse events are skipped: the finger events carry the touch once, with its own id.
    private static let touchMouseID = UInt32(bitPattern: -1)
    // Mouse-emulated touch events (SDL_HINT_MOUSE_TOUCH_EVENTS) are skipped: the mouse events carry them.
    private static let mouseTouchID = SDL_TouchID(-1)

    /// Translates one SDL event (tests call it directly; `pollEvents` calls it for each queued event).
    func translate(_ e: SDL_Event, into events: inout [InputEvent]) {
        if controllers.translate(e, into: &events) { return }
        switch SDL_EventType(rawValue: e.type) {
        case SDL_QUIT:
            events.append(.quit)
        case SDL_WINDOWEVENT:
            switch SDL_WindowEventID(rawValue: UInt32(e.window.event)) {
            case SDL_WINDOWEVENT_SIZE_CHANGED, SDL_WINDOWEVENT_RESIZED:
                let m = currentMetrics()
                if m == metrics { return }
                metrics = m
                events.append(.resize(m))
            case SDL_WINDOWEVENT_MINIMIZED: minimized = true; cancelHeldPointers(into: &events)
            case SDL_WINDOWEVENT_HIDDEN: hiddenByUser = true; cancelHeldPointers(into: &events)
            case SDL_WINDOWEVENT_FOCUS_LOST: cancelHeldPointers(into: &events)
            case SDL_WINDOWEVENT_RESTORED, SDL_WINDOWEVENT_MAXIMIZED: minimized = false
            case SDL_WINDOWEVENT_SHOWN, SDL_WINDOWEVENT_EXPOSED: hiddenByUser = false; minimized = false
            case SDL_WINDOWEVENT_CLOSE: events.append(.quit)
            default: break
            }
        case SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP:
            let b = e.button
            if b.which == SDLPlatform.touchMouseID { return }
            let button = SDLPlatform.button(b.button)
            let location = point(x: b.x, y: b.y)
            lastMouseLocation = location
            var p = PointerEvent(pointerID: 0, button: button, location: location, modifiers: SDLPlatform.modifiers())
            p.clickCount = max(Int(b.clicks), 1)
            if e.type == SDL_MOUSEBUTTONDOWN.rawValue {
                cancelledMouseButtons.remove(button)
                heldMouseButtons.insert(button)
                events.append(.pointerDown(p))
            } else {
                // The release of a press that was cancelled: the capture is already over, nobody expects it.
                if cancelledMouseButtons.remove(button) != nil { return }
                heldMouseButtons.remove(button)
                events.append(.pointerUp(p))
            }
        case SDL_MOUSEMOTION:
            let m = e.motion
            if m.which == SDLPlatform.touchMouseID { return }
            let location = point(x: m.x, y: m.y)
            lastMouseLocation = location
            func isHeld(_ b: Int32, _ button: PointerButton) -> Bool {
                m.state & glasspane_SDL_BUTTON_MASK(b) != 0 && !cancelledMouseButtons.contains(button)
            }
            let held: PointerButton =
                isHeld(SDL_BUTTON_LEFT, .left) ? .left
                : isHeld(SDL_BUTTON_RIGHT, .right) ? .right
                : isHeld(SDL_BUTTON_MIDDLE, .middle) ? .middle : .none
            events.append(.pointerMove(PointerEvent(pointerID: 0, button: held, location: location,
                                                    modifiers: SDLPlatform.modifiers())))
        case SDL_MOUSEWHEEL:
            let w = e.wheel
            if w.which == SDLPlatform.touchMouseID { return }
            let flip: Double = w.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue ? -1 : 1
            // Precise amounts when the driver gives them (trackpads), whole lines otherwise.
            var dx = w.preciseX != 0 ? Double(w.preciseX) : Double(w.x)
            var dy = w.preciseY != 0 ? Double(w.preciseY) : Double(w.y)
            // Shift turns a plain wheel sideways, as browsers and desktop toolkits do (a wheel down scrolls right).
            if dx == 0, dy != 0, SDLPlatform.modifiers().contains(.shift) { (dx, dy) = (dy, 0) }
            // The event carries the mouse position it happened at (SDL 2.26).
            events.append(.wheel(location: point(x: w.mouseX, y: w.mouseY), dx: dx * flip, dy: dy * flip))
        case SDL_FINGERDOWN, SDL_FINGERMOTION, SDL_FINGERUP:
            let f = e.tfinger
            if f.touchId == SDLPlatform.mouseTouchID { return }
            let key = FingerKey(touchID: f.touchId, fingerID: f.fingerId)
            let loc = Point(x: Double(f.x) * metrics.windowSize.width, y: Double(f.y) * metrics.windowSize.height)
            switch SDL_EventType(rawValue: e.type) {
            case SDL_FINGERDOWN:
                cancelledFingers.remove(key)
                let id = fingers[key]?.pointerID ?? freeTouchPointerID()
                fingers[key] = (id, loc)
                events.append(.pointerDown(PointerEvent(pointerID: id, button: .left, location: loc)))
            case SDL_FINGERUP:
                if cancelledFingers.remove(key) != nil { return }
                guard let finger = fingers.removeValue(forKey: key) else { return }
                events.append(.pointerUp(PointerEvent(pointerID: finger.pointerID, button: .left, location: loc)))
            default:
                guard let finger = fingers[key] else { return }  // a contact we never saw go down, or cancelled
                fingers[key] = (finger.pointerID, loc)
                events.append(.pointerMove(PointerEvent(pointerID: finger.pointerID, button: .left, location: loc)))
            }
        case SDL_KEYDOWN, SDL_KEYUP:
            let k = e.key
            let key = SDLPlatform.key(k.keysym.sym)
            events.append(.key(KeyEvent(key: key, isDown: e.type == SDL_KEYDOWN.rawValue, isRepeat: k.repeat != 0,
                                        modifiers: SDLPlatform.modifiers(UInt32(k.keysym.mod)))))
        case SDL_TEXTINPUT:
            let text = withUnsafeBytes(of: e.text.text) { raw -> String in
                let bytes = raw.bindMemory(to: UInt8.self)
                let end = bytes.firstIndex(of: 0) ?? bytes.count
                return String(decoding: bytes[..<end], as: UTF8.self)
            }
            if !text.isEmpty { events.append(.text(text)) }
        case SDL_TEXTEDITING:
            // The input method's composition: the text so far and the cursor in it (SDL counts characters).
            let text = withUnsafeBytes(of: e.edit.text) { raw -> String in
                let bytes = raw.bindMemory(to: UInt8.self)
                let end = bytes.firstIndex(of: 0) ?? bytes.count
                return String(decoding: bytes[..<end], as: UTF8.self)
            }
            events.append(.composition(text: text, cursor: min(max(Int(e.edit.start), 0), text.count)))
        default:
            break
        }
    }

    /// The key for an SDL key code: named keys, F1 to F24, printable ASCII as characters, the rest by code.
    static func key(_ sym: SDL_Keycode) -> Key {
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
        case Int(SDLK_PAGEUP.rawValue): return .pageUp
        case Int(SDLK_PAGEDOWN.rawValue): return .pageDown
        case Int(SDLK_END.rawValue): return .end
        case Int(SDLK_PAGEUP.rawValue): return .pageUp
        case Int(SDLK_PAGEDOWN.rawValue): return .pageDown
        case Int(SDLK_F1.rawValue)...Int(SDLK_F12.rawValue): return .function(Int(sym) - Int(SDLK_F1.rawValue) + 1)
        case Int(SDLK_F13.rawValue)...Int(SDLK_F24.rawValue): return .function(Int(sym) - Int(SDLK_F13.rawValue) + 13)
        case 32...126:
            return .character(Character(Unicode.Scalar(UInt8(sym))))
        default: return .other(Int(sym))
        }
    }
}

/// GL sync objects through SDL's loader (this module does not link OpenGL): one fence per presented frame, and a
/// wait for the frame before, so at most one frame of GPU work is queued behind the CPU.
struct FrameFences {
    private typealias FenceSync = @convention(c) (UInt32, UInt32) -> OpaquePointer?
    private typealias ClientWaitSync = @convention(c) (OpaquePointer?, UInt32, UInt64) -> UInt32
    private typealias DeleteSync = @convention(c) (OpaquePointer?) -> Void
    private static let syncGPUCommandsComplete: UInt32 = 0x9117  // GL_SYNC_GPU_COMMANDS_COMPLETE
    private static let syncFlushCommandsBit: UInt32 = 0x1        // GL_SYNC_FLUSH_COMMANDS_BIT
    private static let timeoutExpired: UInt32 = 0x911B           // GL_TIMEOUT_EXPIRED
    /// Most frames left queued after a present.
    static let maxFramesInFlight = 1

    private let fenceSync: FenceSync?
    private let clientWaitSync: ClientWaitSync?
    private let deleteSync: DeleteSync?
    /// Fences of frames not yet waited for, oldest first.
    private(set) var pending: [OpaquePointer] = []
    /// Waits done so far.
    private(set) var waits = 0

    /// No entry points (before a context exists): fences nothing.
    static var unloaded: FrameFences { FrameFences(fenceSync: nil, clientWaitSync: nil, deleteSync: nil) }

    private init(fenceSync: FenceSync?, clientWaitSync: ClientWaitSync?, deleteSync: DeleteSync?) {
        self.fenceSync = fenceSync; self.clientWaitSync = clientWaitSync; self.deleteSync = deleteSync
    }

    /// Looks the entry points up in the current context (GL 3.2+ core has them).
    init() {
        func load<T>(_ name: String, as _: T.Type) -> T? {
            SDL_GL_GetProcAddress(name).map { unsafeBitCast($0, to: T.self) }
        }
        fenceSync = load("glFenceSync", as: FenceSync.self)
        clientWaitSync = load("glClientWaitSync", as: ClientWaitSync.self)
        deleteSync = load("glDeleteSync", as: DeleteSync.self)
    }

    /// True when the driver has sync objects.
    var isAvailable: Bool { fenceSync != nil && clientWaitSync != nil && deleteSync != nil }

    /// Fences the frame just submitted, then waits until no more than `maxFramesInFlight` frames are queued.
    mutating func endFrame() {
        guard let fenceSync, let clientWaitSync, let deleteSync else { return }
        if let fence = fenceSync(Self.syncGPUCommandsComplete, 0) { pending.append(fence) }
        while pending.count > Self.maxFramesInFlight {
            let fence = pending.removeFirst()
            // One second per try; a driver that never signals would otherwise hang the loop, so give up after 10.
            var tries = 0
            while clientWaitSync(fence, Self.syncFlushCommandsBit, 1_000_000_000) == Self.timeoutExpired && tries < 10 { tries += 1 }
            deleteSync(fence)
            waits += 1
        }
    }

    /// Deletes the fences still pending (before the context goes away).
    mutating func discard() {
        if let deleteSync { for fence in pending { deleteSync(fence) } }
        pending.removeAll()
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
