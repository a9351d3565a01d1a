// A freehand drawing pad: the first "wrapped" self-drawing view. It takes its frame from layout like any view,
// receives routed pointer events (captured while drawing), draws its own commands, and publishes its changes.
import GlasspaneCore
import GlasspaneDraw

/// A freehand drawing surface. Each press-drag-release is one stroke; samples are smoothed with quadratic Béziers
/// through the midpoints of consecutive samples (each sample is the control point of the curve between the
/// midpoints around it) and drawn as round dots no further apart than a third of the line width.
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

    /// Ink color.
    public var inkColor: Color = .white { didSet { setNeedsDisplay() } }
    /// Line width in points.
    public var lineWidth = 3.0 { didSet { flattenedCache.removeAll(); setNeedsDisplay() } }
    /// Called after every change.
    public var onChange: ((Change) -> Void)?

    /// The finished strokes' samples, in view coordinates.
    public private(set) var strokes: [[Point]] = []
    /// The stroke being drawn (empty when none).
    package private(set) var currentStroke: [Point] = []
    private var drawingPointer: Int?
    private var flattenedCache: [[Point]] = []
    private var continuations: [AsyncStream<Change>.Continuation] = []

    /// Creates a pad with a dark fill and a hairline border, 320 x 160 unless laid out otherwise.
    public override init(identifier: String = "", frame: Rect = .zero) {
        super.init(identifier: identifier, frame: frame)
        backgroundColor = Color(r: 0.06, g: 0.07, b: 0.09)
        borderColor = Color(r: 0.35, g: 0.37, b: 0.42)
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
        if flattenedCache.count > strokes.count { flattenedCache.removeLast(flattenedCache.count - strokes.count) }
        setNeedsDisplay()
        publish(.undone(count: strokes.count))
        return true
    }

    /// Removes every stroke.
    public func clear() {
        guard !strokes.isEmpty || !currentStroke.isEmpty else { return }
        strokes.removeAll(); currentStroke.removeAll(); flattenedCache.removeAll(); drawingPointer = nil
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

    /// 320 x 160 (set `preferredWidth` / `preferredHeight` for another size).
    open override func sizeThatFits(_ proposed: Size, fonts: any FontMetrics) -> Size {
        Size(width: 320, height: 160)
    }

    /// Starts a stroke.
    open override func pointerDown(_ event: PointerEvent) {
        guard drawingPointer == nil, event.button == .left, strokes.count < DrawingPad.maximumStrokes else { return }
        drawingPointer = event.pointerID
        currentStroke = [event.location]
        setNeedsDisplay()
    }

    /// Adds a sample (clamped to the bounds: the pointer is captured and may leave the pad).
    open override func pointerMoved(_ event: PointerEvent) {
        guard drawingPointer == event.pointerID, currentStroke.count < DrawingPad.maximumSamplesPerStroke else { return }
        let p = Point(x: min(max(event.location.x, 0), bounds.width), y: min(max(event.location.y, 0), bounds.height))
        guard p != currentStroke.last else { return }
        currentStroke.append(p)
        setNeedsDisplay()
    }

    /// Ends the stroke (a tap is a dot).
    open override func pointerUp(_ event: PointerEvent) {
        guard drawingPointer == event.pointerID else { return }
        drawingPointer = nil
        strokes.append(currentStroke)
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
    public static func smoothed(_ samples: [Point], spacing: Double) -> [Point] {
        guard let first = samples.first else { return [] }
        guard samples.count > 1 else { return [first] }
        func mid(_ a: Point, _ b: Point) -> Point { Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2) }
        var out = [first]
        func emitQuadratic(_ a: Point, _ c: Point, _ b: Point) {
            func distance(_ p: Point, _ q: Point) -> Double { ((q.x - p.x) * (q.x - p.x) + (q.y - p.y) * (q.y - p.y)).squareRoot() }
            // |B'(t)| <= 2 max(|c - a|, |b - c|): this many equal steps in t are each at most `spacing` long.
            let speed = 2 * max(distance(a, c), distance(c, b))
            let steps = min(max(1, Int((speed / max(spacing, 0.25)).rounded(.up))), 4096)
            for i in 1...steps {
                let t = Double(i) / Double(steps), u = 1 - t
                out.append(Point(x: u * u * a.x + 2 * u * t * c.x + t * t * b.x, y: u * u * a.y + 2 * u * t * c.y + t * t * b.y))
            }
        }
        var start = first
        for i in 1..<samples.count - 1 {
            let end = mid(samples[i], samples[i + 1])
            emitQuadratic(start, samples[i], end)
            start = end
        }
        let last = samples[samples.count - 1]
        emitQuadratic(start, mid(start, last), last)
        return out
    }

    /// Background, border, then every stroke as dots (finished strokes are smoothed once and cached).
    open override func draw(in rect: Rect, context: inout PaintContext) {
        super.draw(in: rect, context: &context)
        let spacing = lineWidth / 3
        while flattenedCache.count < strokes.count {
            flattenedCache.append(DrawingPad.smoothed(strokes[flattenedCache.count], spacing: spacing))
        }
        let radius = lineWidth / 2
        for points in flattenedCache + [DrawingPad.smoothed(currentStroke, spacing: spacing)] {
            for p in points {
                context.add(.circle(center: Point(x: rect.minX + p.x, y: rect.minY + p.y), radius: radius, color: inkColor))
            }
        }
    }
}
