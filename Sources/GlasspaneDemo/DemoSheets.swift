// The demo's sheets: an opaque panel with a title bar (the cancellation on the left, the title, the visually distinct
// primary action on the right; Enter runs the primary, Escape the cancellation), and the rows of the Options and
// New game sheets built from the themed controls (Toggle, Picker, Stepper).
import GlasspaneCore
import GlasspaneOverlay

/// Builds sheets and form rows for `DemoNavigation`.
@MainActor
enum DemoSheet {
    /// Width of every sheet's content column, in points.
    static let width = 380.0
    /// Width of the title bar's two action buttons, in points.
    static let actionWidth = 96.0
    /// Width of a form row's title, in points.
    static let rowTitleWidth = 150.0

    /// An opaque panel (`surface = .sheet`): a title bar over `content`. `cancel` may be nil (Escape then just
    /// closes the sheet, the presenter's default).
    static func make(_ id: String, title: String, primary: Button, cancel: Button?, content: [View]) -> Panel {
        primary.role = .primary
        cancel?.role = .cancel
        let titleLabel = Label(identifier: "\(id).title", text: title, fontSize: 18, alignment: .center)
        titleLabel.frame(maxWidth: .infinity)  // the bar's width less the two buttons and the gaps (docs/layout.md)
        let leading: View = cancel ?? Spacer(length: 0)
        leading.preferredWidth = actionWidth
        primary.preferredWidth = actionWidth
        let bar = HStack(identifier: "\(id).titlebar", spacing: 8, alignment: .center, [leading, titleLabel, primary])
        let column = VStack(identifier: "\(id).column", spacing: 12, alignment: .fill, [bar] + content)
        column.preferredWidth = width
        let panel = Panel(identifier: "\(id).panel", padding: EdgeInsets(all: 18), content: column)
        panel.surface = .sheet
        panel.cornerRadius = 12
        panel.sizesToFit = true
        return panel
    }

    /// Enter (with nothing focused in the sheet) runs the primary action; Escape runs the cancellation when there is one.
    static func bindKeys(of layer: OverlayLayer?, primary: Button, cancel: Button?) {
        guard let layer else { return }
        let fallback = layer.onUnfocusedKey
        layer.onUnfocusedKey = { [weak primary, weak cancel] key in
            guard !key.isRepeat else { return }
            if key.key == .enter, let primary, primary.isEnabled { primary.action?() }
            else if key.key == .escape, let cancel { cancel.action?() }
            else { fallback?(key) }
        }
    }

    /// A row: a title on the left, a control filling the rest.
    static func row(_ id: String, _ title: String, _ control: View) -> View {
        let label = Label(identifier: "\(id).label", text: title)
        label.preferredWidth = rowTitleWidth
        control.frame(minWidth: 0, maxWidth: .infinity)  // fills the rest, and shrinks to it when wider (docs/layout.md)
        return HStack(identifier: "\(id).row", spacing: 8, alignment: .center, [label, control])
    }
}

/// The choices of the Options sheet, in the order its pickers show them.
public enum DemoOptionChoices {
    /// Fps caps: 0 is uncapped.
    public static let fpsCaps = [0, 30, 60, 120]
    /// Their titles.
    public static let fpsCapTitles = ["Off", "30", "60", "120"]
    /// Transition speed multipliers: 0 turns transitions off.
    public static let animationSpeeds = [0, 0.5, 1, 2]
    /// Their titles.
    public static let animationSpeedTitles = ["Off", "0.5x", "1x", "2x"]
    /// MSAA sample counts offered (those the GL context supports are kept at run time); 1 is off.
    public static let msaaSamples = [1, 2, 4, 8]
    /// Difficulty levels of a new game.
    public static let difficulties = ["Easy", "Normal", "Hard"]
}
