// A progress bar: determinate (a filled fraction) or indeterminate (a segment sweeping on the frame clock).
import GlasspaneCore
import GlasspaneDraw

/// A horizontal progress bar (SwiftUI's `ProgressView`): `value` of `total` filled with the accent, or, with `value`
/// nil, a segment that sweeps across once per `sweepPeriod` seconds of the frame clock (deterministic in replays).
public final class ProgressView: View, FrameTicking, ScriptableControl {
    /// Progress toward `total`; nil: indeterminate.
    public var value: Double? {
        didSet { if value != oldValue { setNeedsDisplay(); if value == nil { layer?.overlay?.startTicking(self) } } }
    }
    /// The value of a finished task (at least a tiny positive number).
    public var total: Double { didSet { if total != oldValue { setNeedsDisplay() } } }
    /// Seconds one sweep of the indeterminate segment takes.
    public var sweepPeriod = 1.2
    /// Where the indeterminate segment is, 0...1, at the last frame tick.
    public private(set) var phase = 0.0
    /// The bar's thickness, in points.
    public static let barHeight = 6.0

    /// Creates a bar: determinate with a value, indeterminate without.
    public init(identifier: String = "", value: Double? = nil, total: Double = 1) {
        self.value = value; self.total = max(total, .leastNonzeroMagnitude)
        super.init(identifier: identifier)
        isUserInteractionEnabled = false
    }

    /// The filled fraction, 0...1 (nil when indeterminate).
    public var fraction: Double? { value.map { min(max($0 / max(total, .leastNonzeroMagnitude), 0), 1) } }

    /// The proposed width (200 when unlimited), the bar's height.
    public override func sizeThatFits(_ proposed: Size, fonts: any FontMetrics) -> Size {
        Size(width: proposed.width.isFinite ? proposed.width : 200, height: ProgressView.barHeight)
    }

    /// Track, then the fill or the sweeping segment (clipped to the track).
    public override func draw(in rect: Rect, context: inout PaintContext) {
        let radius = rect.height / 2
        context.add(.rect(rect, color: themeColor(.track), cornerRadius: radius))
        if let fraction {
            if fraction > 0 {
                context.add(.rect(Rect(x: rect.minX, y: rect.minY, width: rect.width * fraction, height: rect.height),
                                  color: themeColor(.accent), cornerRadius: radius))
            }
        } else {
            layer?.overlay?.startTicking(self)
            let segment = rect.width * 0.3
            let x = rect.minX - segment + (rect.width + segment) * phase
            context.add(.pushClip(rect))
            context.add(.rect(Rect(x: x, y: rect.minY, width: segment, height: rect.height), color: themeColor(.accent), cornerRadius: radius))
            context.add(.popClip)
        }
    }

    /// Moves the indeterminate segment; false (stop ticking) once determinate or off screen.
    public func frameTick(time: Double) -> Bool {
        guard value == nil, !isHidden, layer != nil else { return false }
        let p = sweepPeriod > 0 ? (time / sweepPeriod).truncatingRemainder(dividingBy: 1) : 0
        if p != phase { phase = p; setNeedsDisplay() }
        return true
    }

    /// `value` (`indeterminate` when nil).
    public func scriptValue(of property: String) -> String? {
        switch property {
        case "value": value.map { String($0) } ?? "indeterminate"
        default: nil
        }
    }
}
