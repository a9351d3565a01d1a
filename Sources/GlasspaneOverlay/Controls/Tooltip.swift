// Tooltips: a control's `tooltip` text shown after the pointer rested on it for a delay of the frame clock, in a
// non-interactive layer above everything but the HUD, placed like a popover (below, flipped at the window's edges).
import GlasspaneCore
import GlasspaneDraw

/// Shows one tooltip at a time for an overlay (`Overlay.tooltips`): `Control.tooltip` asks it on hover. The delay
/// runs on the frame clock, so replays show the tooltip at the same frame.
public final class TooltipController: FrameTicking {
    /// Seconds of hover (frame clock) before the tooltip shows.
    public var delay = 0.6
    /// The most characters shown (longer text is cut with an ellipsis).
    public static let maximumLength = 200
    /// The layer (`tooltip`, level `LayerLevel.hud - 10`, non-interactive), made on first use.
    public private(set) var layer: OverlayLayer?
    /// The text label (`tooltip.text`).
    public let label = Label(identifier: "tooltip.text", text: "")
    private let bubble: Panel
    private weak var overlay: Overlay?
    private weak var anchor: View?
    private var text = ""
    private var hoverStart: Double?

    init(overlay: Overlay) {
        self.overlay = overlay
        bubble = Panel(identifier: "tooltip", padding: EdgeInsets(horizontal: 8, vertical: 4), content: label)
        bubble.surface = .sheet
        bubble.cornerRadius = 4
    }

    /// True while a tooltip is on screen.
    public var isShown: Bool { layer?.visibility == .visible }
    /// The view whose tooltip is pending or shown.
    public var currentAnchor: View? { anchor }

    /// The pointer came to rest on `view`: its `text` shows after `delay` unless `hoverEnded` comes first.
    public func hoverBegan(on view: View, text: String) {
        hide()
        anchor = view
        self.text = text.count > TooltipController.maximumLength ? String(text.prefix(TooltipController.maximumLength - 1)) + "…" : text
        hoverStart = nil
        overlay?.startTicking(self)
    }

    /// The pointer left `view` or pressed it: its tooltip goes (a later hover on another view is left alone).
    public func hoverEnded(on view: View) {
        guard anchor === view else { return }
        anchor = nil
        hide()
    }

    /// Counts the delay; shows the tooltip once it passed; false (stop ticking) once shown or abandoned.
    public func frameTick(time: Double) -> Bool {
        guard let anchor, anchor.layer != nil, !anchor.isHidden else { hide(); return false }
        guard let start = hoverStart else { hoverStart = time; return true }
        if time - start < delay { return true }
        show(for: anchor)
        return false
    }

    private func show(for anchor: View) {
        guard let overlay else { return }
        let layer = self.layer ?? {
            let l = overlay.addLayer(name: "tooltip", level: LayerLevel.hud - 10, visibility: .hidden, kind: .nonInteractive)
            l.addSubview(bubble)
            self.layer = l
            return l
        }()
        label.text = text
        label.fontSize = overlay.theme.type.caption
        let size = bubble.measure(proposed: Size(width: overlay.windowSize.width, height: .infinity), fonts: overlay.fonts)
        bubble.frame = PopoverPlacement.place(anchor: anchor.windowFrame, size: size, in: overlay.windowSize, preferred: .bottom).frame
        layer.visibility = .visible
    }

    private func hide() {
        hoverStart = nil
        if let layer, layer.visibility != .hidden { layer.visibility = .hidden }
    }
}
