// The bench's stress scenario: many small overlay views animated every frame on the frame clock.
import GlasspaneCore
import GlasspaneOverlay

/// A layer of `count` small rounded views that orbit and change color each frame (layout and paint every frame).
@MainActor
public final class StressField {
    /// The layer holding the views (non-interactive: the field never takes events).
    public let layer: OverlayLayer
    private let views: [View]

    /// Adds the field's layer below the UI.
    public init(overlay: Overlay, count: Int) {
        layer = overlay.addLayer(name: "stress", level: -10, kind: .nonInteractive)
        views = (0..<count).map { i in
            let v = View(identifier: "stress.\(i)")
            v.cornerRadius = 3
            v.isUserInteractionEnabled = false
            return v
        }
        for v in views { layer.addSubview(v) }
    }

    /// Moves and recolors every view for the frame clock `time` (seconds).
    public func animate(time: Double, in size: Size) {
        let n = Double(views.count)
        for (i, v) in views.enumerated() {
            let k = Double(i) / n
            let angle = time * (0.4 + k) + k * 40
            let radius = 60 + k * min(size.width, size.height) * 0.42
            let x = size.width / 2 + cos(angle) * radius, y = size.height / 2 + sin(angle) * radius * 0.8
            v.frame = Rect(x: x - 4, y: y - 4, width: 8, height: 8)
            v.backgroundColor = Color(hue: (k + time * 0.05).truncatingRemainder(dividingBy: 1), saturation: 0.7, value: 0.95, alpha: 0.85)
        }
    }
}

#if canImport(Glibc)
import Glibc
#endif
