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
}
