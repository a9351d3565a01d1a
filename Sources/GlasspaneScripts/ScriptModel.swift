// The parsed form of a script: header, timing runs, and one action per line, each on a known frame.
import GlasspaneCore

/// The first line of every script: what the script was recorded against and how time is counted.
public struct ScriptHeader: Hashable, Sendable {
    /// The only format name this reader accepts.
    public static let formatName = "glasspane-script"
    /// The format version this reader and the recorder speak.
    public static let currentVersion = 1
    /// The default frame duration for frames no `frames` line covers: 60 Hz, in nanoseconds.
    public static let defaultFrameNanoseconds: Nanoseconds = 16_666_667

    /// Format version (always `currentVersion` once parsed).
    public var version: Int
    /// Window size in logical points.
    public var windowSize: Size
    /// Pixels per point (2 on high-DPI displays).
    public var scale: Double
    /// Simulation steps per second (`step_hz`).
    public var stepsPerSecond: Int
    /// The most steps one frame may run (`max_steps_per_frame`): part of the outcome, so it is recorded.
    public var maxStepsPerFrame: Int
    /// Duration of frames that no `frames` line covers (`frame_ns`): hand-written scripts rely on it.
    public var defaultFrameDuration: Nanoseconds
    /// App options that matter to the outcome (the demo's flags), free-form.
    public var options: [String: JSONValue]

    /// Creates a header; the defaults match the demo (1280x720 at scale 1, 120 Hz, 8 catch-up steps, 60 Hz frames).
    public init(windowSize: Size = Size(width: 1280, height: 720), scale: Double = 1, stepsPerSecond: Int = 120,
                maxStepsPerFrame: Int = 8, defaultFrameDuration: Nanoseconds = ScriptHeader.defaultFrameNanoseconds,
                options: [String: JSONValue] = [:]) {
        version = ScriptHeader.currentVersion
        self.windowSize = windowSize; self.scale = scale; self.stepsPerSecond = stepsPerSecond
        self.maxStepsPerFrame = maxStepsPerFrame; self.defaultFrameDuration = defaultFrameDuration; self.options = options
    }

    /// The window metrics the script expects at frame 0 (drawable = points x scale, rounded).
    public var metrics: WindowMetrics {
        WindowMetrics(windowSize: windowSize,
                      drawableSize: PixelSize(width: Int((windowSize.width * scale).rounded()),
                                              height: Int((windowSize.height * scale).rounded())))
    }

    /// A fresh accumulator configured like the recorded run (feed it `Script.frameDuration(_:)` per frame).
    public func makeTimestep() -> FixedTimestep {
        FixedTimestep(stepsPerSecond: stepsPerSecond, maxStepsPerFrame: maxStepsPerFrame)
    }
}

/// Where a short-form pointer action lands: a point, or a view identifier plus a relative position inside it.
public enum ScriptTarget: Hashable, Sendable, CustomStringConvertible {
    /// A point in window points.
    case point(Point)
    /// A view by dotted identifier, at a position relative to its frame (0,0 top-left, 1,1 bottom-right).
    case view(String, relative: Point)

    /// The view identifier, nil for a plain point.
    public var viewIdentifier: String? { if case .view(let id, _) = self { return id }; return nil }

    /// `412,300` or `picker.sv@0.8,0.2`.
    public var description: String {
        switch self {
        case .point(let p): "\(p)"
        case .view(let id, let rel): "\(id)@\(rel)"
        }
    }
}

/// Pointer settings shared by `click` and `drag`.
public struct ScriptPointerOptions: Hashable, Sendable {
    /// Pointer id (0: the mouse).
    public var pointerID: Int
    /// The button held.
    public var button: PointerButton
    /// Modifier keys held.
    public var modifiers: KeyModifiers
    /// Creates options; the defaults are the mouse's left button with no modifiers.
    public init(pointerID: Int = 0, button: PointerButton = .left, modifiers: KeyModifiers = []) {
        self.pointerID = pointerID; self.button = button; self.modifiers = modifiers
    }
}

/// Which side of the bus an injected message is delivered to.
public enum ScriptBusDestination: String, Hashable, Sendable {
    /// Delivered to the engine as if the overlay had sent it (the default).
    case engine
    /// Delivered to the overlay as if the engine had sent it.
    case overlay
}

/// A bus message a script injects: the exact text, which may be malformed on purpose.
public struct ScriptBusMessage: Hashable, Sendable {
    /// What the line carries.
    public enum Content: Hashable, Sendable {
        /// An envelope written as a JSON object: parsed once with the script line and posted as a value.
        case envelope(JSONValue)
        /// Text delivered verbatim (so tests can send malformed JSON); the bus parses it.
        case verbatim(String)
    }
    /// The envelope or the text.
    public var content: Content
    /// Who receives it.
    public var destination: ScriptBusDestination
    /// Creates a message from text delivered verbatim.
    public init(raw: String, destination: ScriptBusDestination = .engine) { content = .verbatim(raw); self.destination = destination }
    /// Creates a message from a parsed envelope.
    public init(envelope: JSONValue, destination: ScriptBusDestination = .engine) {
        content = .envelope(envelope); self.destination = destination
    }
    /// The text form (what a recording writes): the verbatim text, or the envelope written with sorted keys.
    public var raw: String {
        switch content {
        case .verbatim(let text): text
        // A parsed value holds no NaN or infinity, so the writer cannot fail here.
        case .envelope(let value): (try? JSONWriter.string(value)) ?? "null"
        }
    }
}

/// What an expectation checks.
public enum ScriptExpectationKind: Hashable, Sendable {
    /// Members of the engine's `get-state` reply; numbers (deeply) within `tolerance`, hex strings match color arrays.
    case state([String: JSONValue], tolerance: Double)
    /// A view property's text form equals a string.
    case viewProperty(view: String, property: String, equals: String)
    /// The pixel at a point (window points) has a color, each 8-bit channel within `tolerance`.
    case pixel(at: Point, color: Color, tolerance: Int)
    /// A bus error with this code (`invalid-payload`) came back for an injected message, not matched before.
    case busError(code: String)
}

/// An expectation with the place it was written.
public struct ScriptExpectation: Hashable, Sendable {
    /// What to check.
    public var kind: ScriptExpectationKind
    /// The frame at whose end it is checked.
    public var frame: Int
    /// The file it came from.
    public var file: String
    /// Its 1-based line.
    public var line: Int
    /// Creates an expectation.
    public init(kind: ScriptExpectationKind, frame: Int, file: String, line: Int) {
        self.kind = kind; self.frame = frame; self.file = file; self.line = line
    }
}

/// Where a `scroll` line moves a scroll view (docs/scripts.md, "Scrolling").
public enum ScriptScrollTarget: Hashable, Sendable, CustomStringConvertible {
    /// The viewport's top-left corner to this point of the document (points; the view clamps it to its limits).
    case offset(Point)
    /// A list's row (0-based index) to the top of the viewport (`nearest`: the least scroll that shows it whole).
    case row(Int, nearest: Bool)

    /// `to 0,480` or `row 120`.
    public var description: String {
        switch self {
        case .offset(let p): "to \(p)"
        case let .row(i, nearest): "row \(i)" + (nearest ? " (nearest)" : "")
        }
    }
}

/// A `scroll` line to carry out at the start of its frame, with where it was written (for its errors).
public struct ScriptScroll: Hashable, Sendable {
    /// The scroll view's or list's identifier.
    public var view: String
    /// Where it scrolls to.
    public var target: ScriptScrollTarget
    /// True: the view moves there on the spring a focus reveal uses, over the next frames (`"animated": true`).
    public var animated: Bool
    /// The file the line came from.
    public var file: String
    /// Its 1-based line.
    public var line: Int
    /// Creates a scroll.
    public init(view: String, target: ScriptScrollTarget, animated: Bool = false, file: String, line: Int) {
        self.view = view; self.target = target; self.animated = animated; self.file = file; self.line = line
    }
}

/// What one script line does.
public enum ScriptAction: Hashable, Sendable {
    /// One concrete input event (what the recorder writes).
    case event(InputEvent)
    /// Pointer down and up at a target, both in this frame.
    case click(ScriptTarget, ScriptPointerOptions)
    /// Down at `from` this frame, one move per frame for `frames` frames, up at `to` on the last.
    case drag(from: ScriptTarget, to: ScriptTarget, frames: Int, ScriptPointerOptions)
    /// One text-input event.
    case typeText(String)
    /// Key down then key up, this frame.
    case keyPress(Key, KeyModifiers)
    /// A raw bus message to inject.
    case bus(ScriptBusMessage)
    /// An expectation checked at the end of the frame.
    case expect(ScriptExpectationKind)
    /// A controller button pressed this frame and released `frames` frames later (0: this frame).
    case pad(ControllerButton, controller: Int, frames: Int)
    /// A stick moved to `to` (x, y, each -1...1) this frame; with `frames`, back to the center that many frames later,
    /// else left there.
    case padStick(ScriptStick, to: Point, controller: Int, frames: Int?)
    /// A scroll view (by identifier) scrolled at once, at the start of the frame.
    case scroll(view: String, to: ScriptScrollTarget, animated: Bool)
}

/// One parsed line: an action on a frame.
public struct ScriptLine: Hashable, Sendable {
    /// 1-based line number in the file.
    public var line: Int
    /// The frame it runs on.
    public var frame: Int
    /// The recorded time (`t`, nanoseconds since the start); informative, the player uses frame durations.
    public var time: Nanoseconds?
    /// What it does.
    public var action: ScriptAction
    /// Creates a line.
    public init(line: Int, frame: Int, time: Nanoseconds? = nil, action: ScriptAction) {
        self.line = line; self.frame = frame; self.time = time; self.action = action
    }

    /// The last frame this line touches (a drag spans `frames` more frames).
    public var lastFrame: Int {
        if case .drag(_, _, let n, _) = action { return frame + n }
        if case .pad(_, _, let n) = action { return frame + n }
        if case .padStick(_, _, _, let n?) = action { return frame + n }
        return frame
    }
}

/// Frame durations for a contiguous range of frames (one `frames` line).
public struct FrameDurationRun: Hashable, Sendable {
    /// The first frame covered.
    public var first: Int
    /// The durations in nanoseconds: one per frame, or a single value repeated `count` times.
    public var durations: Durations
    /// How a run stores its durations.
    public enum Durations: Hashable, Sendable {
        /// Every frame in the run lasts the same time.
        case constant(Nanoseconds, count: Int)
        /// One duration per frame.
        case list([Nanoseconds])
    }
    /// Creates a run.
    public init(first: Int, durations: Durations) { self.first = first; self.durations = durations }
    /// Frames covered.
    public var count: Int {
        switch durations { case .constant(_, let n): n; case .list(let l): l.count }
    }
    /// The last frame covered.
    public var last: Int { first + count - 1 }
    /// The duration of a frame inside the run.
    public func duration(ofFrame f: Int) -> Nanoseconds {
        switch durations { case .constant(let d, _): d; case .list(let l): l[f - first] }
    }
}
