// What the host loop needs from a platform: events, sizes, presenting, pacing. SDL implements it in
// GlasspanePlatform; GlasspaneTesting has a fake one for logic tests and benchmarks.

/// The window and event source the frame loop runs against.
@MainActor
public protocol PlatformBackend: AnyObject {
    /// Current window size (points) and drawable size (pixels).
    var metrics: WindowMetrics { get }
    /// Appends every pending event to `events`, translated to input events.
    func pollEvents(into events: inout [InputEvent])
    /// True while the window is minimized or hidden: the loop then waits instead of rendering.
    var isOccluded: Bool { get }
    /// Blocks until an event arrives or the timeout passes (used while occluded so no core spins).
    func waitForEvents(timeoutMilliseconds: Int)
    /// Shows the back buffer.
    func present()
    /// The clock frames are timed with.
    var clock: any MonotonicClock { get }
    /// Whether the platform delivers composed text (`InputEvent.text`): on only while a text field has focus, so
    /// no input method pops up and keys are not doubled as text elsewhere. The host sets it after each overlay update.
    var textInputActive: Bool { get set }
    /// Where the focused text view's caret is (window points): the input method's candidate window opens there
    /// (SDL's `SDL_SetTextInputRect`). The host sets it after each overlay update while text input is on.
    var textInputRect: Rect? { get set }
    /// The system clipboard, when the platform has one.
    var clipboard: (any TextClipboard)? { get }
    /// Makes the platform's GL context current on the calling thread. After an `await` that suspends, main-actor
    /// work may go on on another thread (on Linux, whichever libdispatch worker drains the main queue next), where
    /// no context is current and every GL call does nothing.
    func makeContextCurrent()
    /// Releases the GL context from the calling thread before an `await` that may suspend: a context still current
    /// on one thread cannot be made current on another (EGL and GLX refuse), so it must be let go first.
    func releaseContext()
    /// Sets the window's icon (SDL's `SDL_SetWindowIcon`); false when the platform refused it (WindowIcon.swift).
    @discardableResult
    func setWindowIcon(_ icon: WindowIcon) -> Bool
}

extension PlatformBackend {
    /// Platforms without text input ignore the request.
    public var textInputActive: Bool {
        get { false }
        set {}
    }
    /// Platforms without an input method ignore the caret.
    public var textInputRect: Rect? {
        get { nil }
        set {}
    }
    /// No system clipboard.
    public var clipboard: (any TextClipboard)? { nil }
    /// No GL context.
    public func makeContextCurrent() {}
    /// No GL context.
    public func releaseContext() {}
}

/// Plain text copied and pasted by text fields: the system clipboard in the product (SDL's), an in-memory one
/// elsewhere (`InMemoryClipboard`). Lives here rather than in the overlay so platforms need not depend on it.
public protocol TextClipboard: AnyObject {
    /// The clipboard's text, nil when it holds none.
    func readText() -> String?
    /// Replaces the clipboard's content with text.
    func writeText(_ text: String)
}

/// A clipboard that keeps its text in memory (the default for overlays without a platform, and for tests).
public final class InMemoryClipboard: TextClipboard {
    /// The text held.
    public var text: String?
    /// Creates an empty clipboard, or one holding `text`.
    public init(text: String? = nil) { self.text = text }
    /// The text held.
    public func readText() -> String? { text }
    /// Holds `text`.
    public func writeText(_ text: String) { self.text = text }
}

/// Drivers that rasterize on the CPU (Mesa's llvmpipe and softpipe), told apart by their `GL_RENDERER` string.
/// Their threads share the cores with the frame loop: GPU timer queries measure only the submission, and work
/// handed to them early does not overlap the loop's own but preempts it.
public enum SoftwareRasterizer {
    /// Names that appear, in lower case, in such a driver's `GL_RENDERER`.
    public static let rendererNames = ["llvmpipe", "softpipe", "swrast", "software rasterizer"]

    /// Whether `renderer` (a `GL_RENDERER` string) names a CPU rasterizer; nil (unknown) does not.
    public static func isNamed(by renderer: String?) -> Bool {
        guard let name = renderer?.lowercased() else { return false }
        for candidate in rendererNames where name.contains(candidate) { return true }
        return false
    }
}
