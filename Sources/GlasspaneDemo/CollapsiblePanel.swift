// The demo's picker panel: a panel whose body folds away under its header with a spring (the header's button or
// F2). Layout reads model values (docs/animation.md): collapsing sets the panel's model height at once, inside the
// transaction, so layout agrees with it, and the content keeps its expanded layout, clipped by the panel while the
// presentation height springs.
import GlasspaneAnimation
import GlasspaneCore
import GlasspaneOverlay

/// A panel with a header row and a body that collapses to the header with an animation.
public final class CollapsiblePanel: Panel {
    /// The header (shown collapsed and expanded).
    public let header: View
    /// The part that folds away: faded to alpha 0 (so it stops taking events at once) and clipped.
    public let body: View
    /// The collapse / expand button at the header's right (`demo.panel.collapse`).
    public let toggleButton: Button
    /// Whether the panel is collapsed (the model value: layout and hit testing follow it at once).
    public private(set) var isCollapsed = false

    /// Creates the panel: `header` above `body` in a column (`columnIdentifier`), the button over the header's right end.
    public init(identifier: String, columnIdentifier: String, header: View, body: View, spacing: Double = 10,
                padding: EdgeInsets = EdgeInsets(all: 14)) {
        self.header = header
        self.body = body
        toggleButton = Button(identifier: "\(identifier).collapse", title: "-")
        toggleButton.fontSize = 13
        toggleButton.padding = EdgeInsets(horizontal: 8, vertical: 1)
        let column = VStack(identifier: columnIdentifier, spacing: spacing, [header, body])
        super.init(identifier: identifier, padding: padding, content: column)
        clipsToBounds = true
        addSubview(toggleButton)
        toggleButton.action = { [unowned self] in setCollapsed(!isCollapsed) }
    }

    /// The animation the button and F2 use.
    public static let toggleAnimation = Animation.spring(response: 0.45, dampingFraction: 0.78)

    /// Collapses or expands. With an animation the model frame and the body's alpha change at once and their
    /// presentation springs; without one (`nil`) they jump.
    public func setCollapsed(_ collapsed: Bool, animation: Animation? = CollapsiblePanel.toggleAnimation) {
        guard collapsed != isCollapsed else { return }
        isCollapsed = collapsed
        toggleButton.title = collapsed ? "+" : "-"
        invalidateMeasurement()
        withAnimation(animation) {
            if let fonts = layer?.fonts {
                frame.size = measure(proposed: Size(width: .infinity, height: .infinity), fonts: fonts)
            }
            body.alpha = collapsed ? 0 : 1
        }
    }

    /// The expanded size, or the header's height plus padding when collapsed.
    public override func sizeThatFits(_ proposed: Size, fonts: any FontMetrics) -> Size {
        let full = super.sizeThatFits(proposed, fonts: fonts)
        guard isCollapsed else { return full }
        return Size(width: full.width, height: padding.vertical + headerHeight(fonts: fonts))
    }

    /// The content keeps its expanded layout (the panel clips it); the button sits at the header's right end.
    public override func layoutSubviews(fonts: any FontMetrics) {
        super.layoutSubviews(fonts: fonts)
        if let content, isCollapsed {
            let inner = Size(width: max(0, frame.width - padding.horizontal), height: .infinity)
            content.frame.size.height = content.measure(proposed: inner, fonts: fonts).height
        }
        let b = toggleButton.measure(proposed: Size(width: .infinity, height: .infinity), fonts: fonts)
        let rowHeight = headerHeight(fonts: fonts)
        toggleButton.frame = Rect(x: frame.width - padding.trailing - b.width, y: padding.top + (rowHeight - b.height) / 2,
                                  width: b.width, height: b.height)
    }

    private func headerHeight(fonts: any FontMetrics) -> Double {
        let proposal = Size(width: .infinity, height: .infinity)
        return max(header.measure(proposed: proposal, fonts: fonts).height, toggleButton.measure(proposed: proposal, fonts: fonts).height)
    }
}
