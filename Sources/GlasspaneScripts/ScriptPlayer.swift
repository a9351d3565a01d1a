// The player: turns a script into concrete per-frame input, bus injections, expectations and frame durations.
import GlasspaneCore

/// Finds a view's frame in the live view tree (window points); the host implements it over the overlay.
public protocol ViewLocator {
    /// The frame of the view with this dotted identifier, in window points; nil when it is not on screen right now
    /// (not in the tree, hidden with an ancestor or its layer, not laid out yet, or of zero size).
    func frame(ofView identifier: String) -> Rect?
    /// Why `frame(ofView:)` is nil for this identifier (`hidden by 'menu'`), added to the `view-not-found` message;
    /// nil when there is nothing to add.
    func whyNotFound(_ identifier: String) -> String?
}

extension ViewLocator {
    /// Nothing to add by default.
    public func whyNotFound(_ identifier: String) -> String? { nil }
}

/// A locator that knows no views: for scripts that use only points.
public struct NoViews: ViewLocator {
    /// Creates it.
    public init() {}
    /// Always nil.
    public func frame(ofView identifier: String) -> Rect? { nil }
}

/// A locator over a fixed table of frames (tests, tools).
public struct StaticViewLocator: ViewLocator {
    /// Frames by identifier.
    public var frames: [String: Rect]
    /// Creates a locator from a table.
    public init(_ frames: [String: Rect]) { self.frames = frames }
    /// The frame from the table.
    public func frame(ofView identifier: String) -> Rect? { frames[identifier] }
}

/// Everything the script says about one frame.
public struct ScriptFrame: Hashable, Sendable {
    /// The frame index.
    public var index: Int
    /// Nanoseconds to feed the fixed-step accumulator this frame (instead of the wall clock).
    public var duration: Nanoseconds
    /// Input events for this frame, in order (continuing drags first, then this frame's lines in file order).
    public var events: [InputEvent]
    /// Raw bus messages to inject this frame (after input is routed, before the engine's bus delivery).
    public var busMessages: [ScriptBusMessage]
    /// Expectations to check at the end of this frame (after rendering, before present).
    public var expectations: [ScriptExpectation]
    /// Scroll views to scroll at the start of this frame, before its input events are routed.
    public var scrolls: [ScriptScroll] = []
    /// True for the script's last frame.
    public var isLast: Bool
}

/// Plays a script frame by frame. Call `nextFrame(locator:)` once per frame until it returns nil.
public struct ScriptPlayer: Sendable {
    /// The script being played.
    public let script: Script
    /// The index the next call to `nextFrame` produces.
    public private(set) var nextFrameIndex = 0
    private var lineIndex = 0
    /// Drags under way, in the order they started. Each frame computes its own move (and, on the last, the up) from
    /// them: scheduling every event up front made a frame scan the whole drag's (2,400 entries twice a frame).
    private var drags: [ActiveDrag] = []
    /// Controller buttons held by `pad` lines: their release and the frame it comes on.
    private var padReleases: [(frame: Int, event: InputEvent)] = []

    /// A drag whose path was fixed on the frame it started.
    private struct ActiveDrag {
        let start: Int, from: Point, to: Point, frames: Int, options: ScriptPointerOptions

        func event(_ p: Point) -> PointerEvent {
            PointerEvent(pointerID: options.pointerID, button: options.button, location: p, modifiers: options.modifiers)
        }
    }

    /// Creates a player at frame 0.
    public init(script: Script) { self.script = script }

    /// The last frame index the script plays.
    public var lastFrameIndex: Int { script.lastFrameIndex }
    /// True once every frame has been produced.
    public var isFinished: Bool { nextFrameIndex > script.lastFrameIndex }

    /// Produces the next frame; nil once finished. View identifiers are resolved through `locator` now, against
    /// the tree as it is at the start of this frame; one that does not resolve throws `view-not-found`.
    public mutating func nextFrame(locator: any ViewLocator = NoViews()) throws(ScriptErrors) -> ScriptFrame? {
        guard !isFinished else { return nil }
        let f = nextFrameIndex
        var frame = ScriptFrame(index: f, duration: script.frameDuration(f), events: [], busMessages: [],
                                expectations: [], isLast: f == script.lastFrameIndex)
        if !drags.isEmpty {
            for drag in drags where f > drag.start {
                let step = f - drag.start
                frame.events.append(.pointerMove(drag.event(ScriptPlayer.interpolate(drag.from, drag.to, step: step, of: drag.frames))))
                if step == drag.frames { frame.events.append(.pointerUp(drag.event(drag.to))) }
            }
            drags.removeAll { f - $0.start >= $0.frames }
        }
        if !padReleases.isEmpty {
            for release in padReleases where release.frame == f { frame.events.append(release.event) }
            padReleases.removeAll { $0.frame <= f }
        }
        while lineIndex < script.lines.count, script.lines[lineIndex].frame == f {
            let line = script.lines[lineIndex]
            lineIndex += 1
            do throws(LineProblem) { try expand(line, into: &frame, locator: locator) } catch {
                throw ScriptErrors([ScriptDiagnostic(kind: error.kind, file: script.file, line: line.line,
                                                     field: error.field, message: error.message)])
            }
        }
        nextFrameIndex += 1
        return frame
    }

    /// The concrete point of a target right now.
    static func resolve(_ target: ScriptTarget, _ locator: any ViewLocator, frame: Int) throws(LineProblem) -> Point {
        switch target {
        case .point(let p): return p
        case .view(let id, let rel):
            guard let r = locator.frame(ofView: id) else {
                let why = locator.whyNotFound(id).map { " (\($0))" } ?? ""
                throw LineProblem(.viewNotFound, "view '\(id)' not found in the view tree at frame \(frame)\(why)")
            }
            return Point(x: r.minX + rel.x * r.width, y: r.minY + rel.y * r.height)
        }
    }

    private mutating func expand(_ line: ScriptLine, into frame: inout ScriptFrame, locator: any ViewLocator) throws(LineProblem) {
        let f = frame.index
        switch line.action {
        case .event(let e):
            frame.events.append(e)
        case .click(let target, let o):
            // Down and up in the same frame: a click lands with zero frames of latency, like a fast real click.
            let p = try ScriptPlayer.resolve(target, locator, frame: f)
            let pe = PointerEvent(pointerID: o.pointerID, button: o.button, location: p, modifiers: o.modifiers)
            frame.events += [.pointerDown(pe), .pointerUp(pe)]
        case .drag(let fromT, let toT, let n, let o):
            // Both ends resolve now, so the path is fixed even if the drag moves the views it started on.
            let from = try ScriptPlayer.resolve(fromT, locator, frame: f)
            let to = try ScriptPlayer.resolve(toT, locator, frame: f)
            let drag = ActiveDrag(start: f, from: from, to: to, frames: n, options: o)
            frame.events.append(.pointerDown(drag.event(from)))
            drags.append(drag)
        case .typeText(let s):
            frame.events.append(.text(s))
        case .keyPress(let key, let mods):
            frame.events += [.key(KeyEvent(key: key, isDown: true, modifiers: mods)),
                             .key(KeyEvent(key: key, isDown: false, modifiers: mods))]
        case let .pad(button, controller, frames):
            frame.events.append(.controllerButton(ControllerButtonEvent(controller: controller, button: button, phase: .down)))
            let release = ControllerButtonEvent(controller: controller, button: button, phase: .up)
            if frames == 0 { frame.events.append(.controllerButton(release)) } else { padReleases.append((f + frames, .controllerButton(release))) }
        case let .padStick(stick, to, controller, frames):
            let (xAxis, yAxis) = stick.axes
            frame.events += [.controllerAxis(ControllerAxisEvent(controller: controller, axis: xAxis, value: to.x)),
                             .controllerAxis(ControllerAxisEvent(controller: controller, axis: yAxis, value: to.y))]
            if let frames {
                padReleases.append((f + frames, .controllerAxis(ControllerAxisEvent(controller: controller, axis: xAxis, value: 0))))
                padReleases.append((f + frames, .controllerAxis(ControllerAxisEvent(controller: controller, axis: yAxis, value: 0))))
            }
        case .bus(let m):
            frame.busMessages.append(m)
        case .expect(let k):
            frame.expectations.append(ScriptExpectation(kind: k, frame: f, file: script.file, line: line.line))
        case let .scroll(view, target, animated):
            frame.scrolls.append(ScriptScroll(view: view, target: target, animated: animated, file: script.file, line: line.line))
        }
    }

    /// The point `step/of` of the way from `a` to `b`; the last step is exactly `b`.
    static func interpolate(_ a: Point, _ b: Point, step: Int, of n: Int) -> Point {
        if step == n { return b }
        let t = Double(step) / Double(n)
        return Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
    }
}
