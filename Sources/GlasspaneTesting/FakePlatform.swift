// A fake platform and a null scene renderer: real targets shared by logic tests and benchmarks.
// Never used by the product.
import GlasspaneCore
import GlasspaneScene

/// A platform with no window: events are queued per frame by the caller, time comes from a manual clock.
@MainActor
public final class FakePlatform: PlatformBackend {
    /// Window and drawable sizes (change with `resize`).
    public private(set) var metrics: WindowMetrics
    /// The manual clock; `present()` advances it by `frameDuration`.
    public let manualClock: ManualClock
    /// How far each present moves the clock.
    public var frameDuration: Nanoseconds
    /// Events delivered at the next poll.
    public var pendingEvents: [InputEvent] = []
    /// Pretend the window is minimized.
    public var isOccluded = false
    /// How many frames were presented.
    public private(set) var presentCount = 0
    /// How many times the loop waited for events (while occluded).
    public private(set) var waitCount = 0
    /// The clock as the protocol wants it.
    public var clock: any MonotonicClock { manualClock }
    /// Whether the host asked for text input (it asks while a text field has focus).
    public var textInputActive = false
    /// The caret rectangle the host reported last (what SDL would get through `SDL_SetTextInputRect`).
    public var textInputRect: Rect?
    /// An in-memory clipboard.
    public let clipboard: (any TextClipboard)? = InMemoryClipboard()
    /// Every `releaseContext` and `makeContextCurrent`, in order ("release", "current"): there is no context.
    public private(set) var contextCalls: [String] = []
    /// Records the call.
    public func makeContextCurrent() { contextCalls.append("current") }
    /// Records the call.
    public func releaseContext() { contextCalls.append("release") }
    /// Every icon the app set, in order (`setWindowIcon`).
    public private(set) var windowIcons: [WindowIcon] = []
    /// Records the icon.
    @discardableResult
    public func setWindowIcon(_ icon: WindowIcon) -> Bool { windowIcons.append(icon); return true }

    /// Creates a fake window of `size` points at `scale` pixels per point.
    public init(size: Size = Size(width: 1280, height: 720), scale: Double = 1, frameDuration: Nanoseconds = 16_666_667) {
        metrics = WindowMetrics(windowSize: size, drawableSize: PixelSize(width: Int(size.width * scale), height: Int(size.height * scale)))
        manualClock = ManualClock(start: 1_000_000_000)
        self.frameDuration = frameDuration
    }

    /// Queues a resize: the next poll delivers it and the metrics change then.
    public func resize(to size: Size, scale: Double = 1) {
        let m = WindowMetrics(windowSize: size, drawableSize: PixelSize(width: Int(size.width * scale), height: Int(size.height * scale)))
        pendingResize = m
    }
    private var pendingResize: WindowMetrics?

    /// Delivers queued events.
    public func pollEvents(into events: inout [InputEvent]) {
        if let m = pendingResize { metrics = m; events.append(.resize(m)); pendingResize = nil }
        events.append(contentsOf: pendingEvents)
        pendingEvents.removeAll()
    }

    /// Counts the wait; a test un-occludes the window through `onWait`.
    public func waitForEvents(timeoutMilliseconds: Int) {
        waitCount += 1
        manualClock.advance(by: Nanoseconds(timeoutMilliseconds) * 1_000_000)
        onWait?(self)
    }
    /// Called on each wait (tests use it to restore the window or queue a quit).
    public var onWait: ((FakePlatform) -> Void)?

    /// Counts the frame and advances the clock by one frame duration.
    public func present() {
        presentCount += 1
        manualClock.advance(by: frameDuration)
    }
}

/// A scene renderer that draws nothing and remembers what it was asked to draw.
@MainActor
public final class RecordingSceneRenderer: SceneRenderer {
    /// Every scene rendered, with its viewport.
    public private(set) var rendered: [(scene: RenderScene, viewport: PixelSize)] = []
    /// What each call was told the overlay hides (nil for a call without it, or with nothing hidden).
    public private(set) var leftOut: [Rect?] = []
    /// Creates the renderer.
    public init() {}
    /// Records the call.
    public func render(_ scene: RenderScene, viewport pixels: PixelSize) {
        render(scene, viewport: pixels, leavingOut: nil)
    }
    /// Records the call and what it may leave out.
    public func render(_ scene: RenderScene, viewport pixels: PixelSize, leavingOut hidden: Rect?) {
        rendered.append((scene, pixels))
        leftOut.append(hidden)
    }
}
