// A freehand drawing pad: the first "wrapped" self-drawing view. It takes its frame from layout like any view,
// receives routed pointer events (captured while drawing), draws its own commands, and publishes its changes.
import GlasspaneCore
import GlasspaneDraw

/// A freehand drawing surface. Each press-drag-release is one stroke; samples are smoothed with quadratic Béziers
/// through the midpoints of consecutive samples (each sample is the control point of the curve between the
/// midpoints around it) and drawn as round dots no further apart than a third of the line width.
///
/// The work is bounded whatever the input (docs/layers.md, "Drawing pad limits"): a stroke is drawn with at most
/// `maximumDotsPerStroke` dots (a longer or faster one has its dots spread further apart, so a zig-zag scribble keeps
/// its shape but shows gaps), and all strokes together with at most `maximumDots` (once they are used up a press
/// starts no stroke, and a stroke under way stops taking samples).
///
/// Changes are published two ways (docs/layers.md, "Wrapped views"): `onChange` is called synchronously on the
/// frame loop's thread, and `changes` is an `AsyncSequence` of the same values for code that awaits them. Bind a
/// Done button to `isEmpty` / `strokeCount` from `onChange`.
open class DrawingPad: View {
    /// What changed.
    public enum Change: Hashable, Sendable {
        /// A stroke ended; the number of strokes now.
        case strokeEnded(count: Int)
        /// The last stroke was removed; the number left.
        case undone(count: Int)
        /// Every stroke was removed.
        case cleared
    }

    /// The most strokes kept (a press past it draws nothing).
    public static let maximumStrokes = 256
    /// The most samples in one stroke (later moves of that stroke are ignored).
    public static let maximumSamplesPerStroke = 2048
    /// The most dots one stroke is drawn with. A sample costs at least one dot, so this is at least
    /// `maximumSamplesPerStroke`; the curves between samples share the rest.
    public static let maximumDotsPerStroke = 4096
    /// The most dots all strokes together are drawn with: what one paint of the pad can cost, and (with the samples,
    /// never more than the dots) its memory, about 16 bytes per dot and per sample.
    public static let maximumDots = 16_384

    /// Ink color; nil: the theme's `ink`.
    public var inkColor: Color? { didSet { setNeedsDisplay() } }
    /// Line width in points.
    public var lineWidth = 3.0 { didSet { flattenedCache.removeAll(); setNeedsDisplay() } }
    /// Called after every change.
    public var onChange: ((Change) -> Void)?

    /// The finished strokes' samples, in view coordinates.
    public private(set) var strokes: [[Point]] = []
    /// The stroke being drawn (empty when none).
    package private(set) var currentStroke: [Point] = []
    private var drawingPointer: Int?
    /// The finished strokes' dots (view coordinates), in step with `strokes` except after `lineWidth` changed.
    private var flattenedCache: [[Point]] = []
    /// How many dots each finished stroke may be drawn with: what it used when it ended, kept so that a different
    /// `lineWidth` redraws it within the same total.
    private var dotAllowances: [Int] = []
    /// The sum of `dotAllowances`.
    private var dotsAllotted = 0
    private var continuations: [AsyncStream<Change>.Continuation] = []

    /// Creates a pad with the theme's canvas fill and a hairline border, 320 x 160 unless laid out otherwise.
    public override init(identifier: String = "", frame: Rect = .zero) {
        super.init(identifier: identifier, frame: frame)
        borderWidth = 1
        cornerRadius = 6
        clipsToBounds = true
    }

    /// True when nothing has been drawn (finished strokes).
    public var isEmpty: Bool { strokes.isEmpty }
    /// The number of finished strokes.
    public var strokeCount: Int { strokes.count }

    /// Every change from now on, as an async sequence (each call makes a new stream; it ends when the pad is freed).
    public var changes: AsyncStream<Change> {
        AsyncStream { continuation in continuations.append(continuation) }
    }

    deinit { for c in continuations { c.finish() } }

    /// Removes the last stroke; false when there was none.
    @discardableResult
    public func undo() -> Bool {
        guard !strokes.isEmpty else { return false }
        strokes.removeLast()
        dotsAllotted -= dotAllowances.removeLast()
        if flattenedCache.count > strokes.count { flattenedCache.removeLast(flattenedCache.count - strokes.count) }
        setNeedsDisplay()
        publish(.undone(count: strokes.count))
        return true
    }

    /// Removes every stroke.
    public func clear() {
        guard !strokes.isEmpty || !currentStroke.isEmpty else { return }
        strokes.removeAll(); currentStroke.removeAll(); flattenedCache.removeAll(); drawingPointer = nil
        dotAllowances.removeAll(); dotsAllotted = 0
        setNeedsDisplay()
        publish(.cleared)
    }

    private func publish(_ change: Change) {
        onChange?(change)
        for c in continuations { c.yield(change) }
    }

    // MARK: - Layout and events

    /// Controls claim their bounds.
    open override var claimsBoundsByDefault: Bool { true }
    /// A stop for Tab and the D-pad: focused, the left stick moves a pen that draws while A is held.
    open override var acceptsKeyboardFocus: Bool { true }
    /// The controller's pen (DrawingPad+Controller.swift).
    package private(set) lazy var stickPen = StickPen(pad: self)
    /// The left stick moves the pen.
    open override func controllerAxis(_ event: ControllerAxisEvent) -> Bool { stickPen.axis(event) }
    /// A puts the pen down.
    open override func controllerButton(_ event: ControllerButtonEvent) -> Bool { stickPen.button(event) }
    /// Repaints the focus ring; a pen stroke ends when focus leaves.
    open override func focusDidChange() { if !isFocused { stickPen.focusLost() }; setNeedsDisplay() }

    /// 320 x 160 (set `preferredWidth` / `preferredHeight` for another size).
    open override func sizeThatFits(_ proposed: Size, fonts: any FontMetrics) -> Size {
        Size(width: 320, height: 160)
    }

    /// The dots the stroke being drawn may use: its own limit, or what the finished strokes left.
    private var currentAllowance: Int { min(DrawingPad.maximumDotsPerStroke, DrawingPad.maximumDots - dotsAllotted) }

    /// Starts a stroke (none once `maximumStrokes` or `maximumDots` is used up).
    open override func pointerDown(_ event: PointerEvent) {
        guard drawingPointer == nil, event.button == .left, strokes.count < DrawingPad.maximumStrokes,
              currentAllowance > 0 else { return }
        drawingPointer = event.pointerID
        currentStroke = [event.location]
        setNeedsDisplay()
    }

    /// Adds a sample (clamped to the bounds: the pointer is captured and may leave the pad).
    open override func pointerMoved(_ event: PointerEvent) {
        // Each sample costs at least one dot: the allowance bounds the samples too.
        guard drawingPointer == event.pointerID,
              currentStroke.count < min(DrawingPad.maximumSamplesPerStroke, currentAllowance) else { return }
        let p = Point(x: min(max(event.location.x, 0), bounds.width), y: min(max(event.location.y, 0), bounds.height))
        guard p != currentStroke.last else { return }
        currentStroke.append(p)
        setNeedsDisplay()
    }

    /// Ends the stroke (a tap is a dot).
    open override func pointerUp(_ event: PointerEvent) {
        guard drawingPointer == event.pointerID else { return }
        drawingPointer = nil
        // Smoothed now, not at the next paint, so the next stroke's allowance is known.
        fillCache()
        let dots = flattened(currentStroke, allowance: currentAllowance)
        strokes.append(currentStroke)
        flattenedCache.append(dots)
        dotAllowances.append(dots.count)
        dotsAllotted += dots.count
        currentStroke = []
        setNeedsDisplay()
        publish(.strokeEnded(count: strokes.count))
    }

    /// Drops the stroke in progress (a modal came up, the window lost focus).
    open override func pointerCancelled(_ event: PointerEvent) {
        guard drawingPointer == event.pointerID else { return }
        drawingPointer = nil
        currentStroke = []
        setNeedsDisplay()
    }

    // MARK: - Smoothing and drawing

    /// The smoothed, evenly spaced points of a stroke (view coordinates): quadratic Béziers from midpoint to
    /// midpoint with the samples as control points, starting at the first sample and ending at the last.
    ///
    /// At most `maximumPoints` points (at least one per sample: only the first `maximumPoints` samples are used):
    /// when even spacing needs more, every curve's extra steps are scaled down alike, so the points spread out.
    public static func smoothed(_ samples: [Point], spacing: Double, maximumPoints: Int = .max) -> [Point] {
        let samples = samples.prefix(max(maximumPoints, 0))
        guard let first = samples.first else { return [] }
        guard samples.count > 1 else { return [first] }
        func mid(_ a: Point, _ b: Point) -> Point { Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2) }
        func distance(_ p: Point, _ q: Point) -> Double { ((q.x - p.x) * (q.x - p.x) + (q.y - p.y) * (q.y - p.y)).squareRoot() }
        // The curves (start, control, end) and the steps each needs for even spacing.
        var curves: [(a: Point, c: Point, b: Point)] = []
        curves.reserveCapacity(samples.count - 1)
        var start = first
        for i in samples.startIndex + 1..<samples.endIndex - 1 {
            let end = mid(samples[i], samples[i + 1])
            curves.append((start, samples[i], end))
            start = end
        }
        let last = samples[samples.endIndex - 1]
        curves.append((start, mid(start, last), last))
        var steps = curves.map { q in
            // |B'(t)| <= 2 max(|c - a|, |b - c|): this many equal steps in t are each at most `spacing` long.
            let speed = 2 * max(distance(q.a, q.c), distance(q.c, q.b))
            let n = speed / max(spacing, 0.25)
            return n.isFinite ? max(1, Int(min(n, 4096).rounded(.up))) : 4096
        }
        var total = 1 + steps.reduce(0, +)
        if total > maximumPoints {
            // One step per curve is kept; the others share what is left in proportion. Rounding the running sum
            // (not each share) hands out all of it: rounding each share down lost half when shares were near 1.
            let scale = Double(maximumPoints - 1 - steps.count) / Double(total - 1 - steps.count)
            var wanted = 0, given = 0
            steps = steps.map { n in
                wanted += n - 1
                let upTo = Int((Double(wanted) * scale).rounded(.down))
                defer { given = upTo }
                return 1 + upTo - given
            }
            total = 1 + steps.reduce(0, +)
        }
        var out = [first]
        out.reserveCapacity(total)
        for (q, n) in zip(curves, steps) {
            for i in 1...n {
                let t = Double(i) / Double(n), u = 1 - t
                out.append(Point(x: u * u * q.a.x + 2 * u * t * q.c.x + t * t * q.b.x, y: u * u * q.a.y + 2 * u * t * q.c.y + t * t * q.b.y))
            }
        }
        return out
    }

    /// Smooths the finished strokes not cached yet (all of them after `lineWidth` changed), each within its allowance.
    private func fillCache() {
        while flattenedCache.count < strokes.count {
            flattenedCache.append(flattened(strokes[flattenedCache.count], allowance: dotAllowances[flattenedCache.count]))
        }
    }

    /// A stroke's dots at the current line width, within its allowance.
    private func flattened(_ samples: [Point], allowance: Int) -> [Point] {
        DrawingPad.smoothed(samples, spacing: lineWidth / 3, maximumPoints: allowance)
    }

    /// Background, border, then every stroke as dots (finished strokes are smoothed once and cached).
    open override func draw(in rect: Rect, context: inout PaintContext) {
        let corner = presentationCornerRadius
        context.add(.rect(rect, color: themedBackground(.canvas), cornerRadius: corner))
        context.add(.border(rect, color: themedBorder(.fieldBorder), width: borderWidth, cornerRadius: corner))
        let inkColor = themeColor(.ink, overriddenBy: self.inkColor)
        fillCache()
        let radius = lineWidth / 2
        func dots(_ points: [Point]) {
            for p in points {
                context.add(.circle(center: Point(x: rect.minX + p.x, y: rect.minY + p.y), radius: radius, color: inkColor))
            }
        }
        for points in flattenedCache { dots(points) }
        dots(flattened(currentStroke, allowance: currentAllowance))
        stickPen.drawCursor(in: rect, color: inkColor, context: &context)
        if drawsFocusRing { addFocusRing(around: rect, cornerRadius: corner, context: &context) }
    }
}
