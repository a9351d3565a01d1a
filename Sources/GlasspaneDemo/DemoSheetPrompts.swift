// The demo's sheets with input prompts (docs/focus.md, "Input prompts"): "A Select · B Back" (or "✕ Select · ○ Back",
// or "Enter Select · Esc Back") just under each sheet, switching with the device the player used last. The strip
// hangs below the sheet's bounds, so the sheet keeps its size and place (scripts and screenshots that click into it
// stay valid); it takes no input.
import GlasspaneCore
import GlasspaneOverlay

/// A sheet's panel with a prompt strip under its bottom-right corner.
final class PromptedSheet: View {
    /// The sheet's panel.
    let panel: View
    /// The prompts, right-aligned under the panel, on a small themed panel of their own: they sit over the dimmed
    /// scene, where the light theme's dark text alone could not be read.
    let strip: Panel

    /// Wraps `panel`; the strip's views are `<id>.prompts` (its panel), `<id>.prompt.select` and `<id>.prompt.back`.
    init(_ id: String, panel: View) {
        self.panel = panel
        let separator = Label(identifier: "\(id).prompts.dot", text: "\u{00B7}", fontSize: 13)
        let row = HStack(identifier: "\(id).prompts.row", spacing: 8, alignment: .center, [
            InputPrompt(identifier: "\(id).prompt.select", action: .select), separator,
            InputPrompt(identifier: "\(id).prompt.back", action: .back),
        ])
        strip = Panel(identifier: "\(id).prompts", padding: EdgeInsets(top: 3, leading: 8, bottom: 3, trailing: 8), content: row)
        strip.isUserInteractionEnabled = false
        super.init(identifier: "\(id).prompted")
        hitTestBehavior = .deferToChildren
        addSubview(panel)
        addSubview(strip)
    }

    /// The panel's size: the strip takes no room.
    override func sizeThatFits(_ proposed: Size, fonts: any FontMetrics) -> Size {
        panel.measure(proposed: proposed, fonts: fonts)
    }

    /// The panel fills the bounds; the strip sits 8 points below them, right-aligned.
    override func layoutSubviews(fonts: any FontMetrics) {
        panel.frame = bounds
        let s = strip.measure(proposed: Size(width: bounds.width, height: .infinity), fonts: fonts)
        strip.frame = Rect(x: bounds.maxX - s.width, y: bounds.maxY + 8, width: s.width, height: s.height)
    }
}
