// The "Rules" screen (route `rules`): paragraphs of wrapped, shaped text in several scripts, one of them right to
// left, so shaping, bidi, fallback fonts and line breaking can be seen in the demo (docs/text.md).
import GlasspaneCore
import GlasspaneOverlay

/// The rules screen's content.
enum DemoRules {
    /// Width of the paragraphs, points.
    static let paragraphWidth = 560.0

    /// The paragraphs, top to bottom: identifier and text.
    static let paragraphs: [(String, String)] = [
        ("rules.latin", "Spin the cube, pick its color, and sign your name. Every label here is shaped with HarfBuzz: "
            + "\"office\" and \"fluffy\" use the font's ligatures, and long lines wrap at word boundaries."),
        ("rules.hebrew", "חוקי המשחק: סובבו את הקובייה, בחרו צבע וחתמו בשמכם. הטקסט נקרא מימין לשמאל, "
            + "גם כשיש בו מילים כמו Glasspane או מספרים כמו 2026."),
        ("rules.arabic", "قواعد اللعبة: أدر المكعب واختر لونه ثم وقّع باسمك."),
        ("rules.mixed", "Fallback fonts: Devanagari नमस्ते, Thai สวัสดี, Japanese こんにちは世界, Korean 안녕하세요, emoji 🎉👍🏽."),
        ("rules.controls", "These rules scroll: use the mouse wheel or a touchpad over them, or drag them. Tab to them "
            + "and the arrow keys, Page Up, Page Down, Home and End scroll too. With a controller, the D-pad moves "
            + "between views and A presses the focused one."),
        ("rules.truncated", "At most two lines: this paragraph is deliberately too long for its two lines, so it ends "
            + "with an ellipsis instead of pushing the Back button off the panel, however much more text follows."),
    ]

    /// What the notes editor (`rules.notes`) holds at first: lines in three scripts, one right to left.
    static let notesSeed = "Notes: type in any script, Enter starts a new line.\nשלום! ההערות נשמרות כאן.\n日本語も書けます 🎉"

    /// Height of the scrolled paragraphs' viewport, points: less than they need, so the screen scrolls on any window.
    static let viewportHeight = 200.0

    /// Builds the screen: a title, the paragraph labels in a scroll view (`rules.scroll`, wheel, drag, keys, and
    /// scripts' `scroll` lines), a multi-line notes editor (`rules.notes`) and a Back button (`rules.back`), in a panel.
    static func makeScreen(label: (String, String, Double) -> Label, panel: (String, [View]) -> Panel, back: Button) -> View {
        var paragraphViews: [View] = []
        for (identifier, text) in paragraphs {
            let paragraph = label(identifier, text, 14)
            paragraph.preferredWidth = paragraphWidth
            paragraph.paragraphStyle = ParagraphStyle(lineSpacing: 1.1, maximumLines: identifier == "rules.truncated" ? 2 : 0)
            paragraphViews.append(paragraph)
        }
        let scroll = ScrollView(identifier: "rules.scroll", axes: .vertical,
                                content: VStack(identifier: "rules.paragraphs", spacing: 10, paragraphViews))
        scroll.preferredWidth = paragraphWidth
        scroll.preferredHeight = viewportHeight
        let notes = TextEditor(identifier: "rules.notes", text: notesSeed)
        notes.preferredWidth = paragraphWidth
        notes.preferredHeight = 96
        return CenteringContainer(identifier: "rules", content: panel("rules.panel", [label("rules.title", "Rules", 18), scroll, notes, back]))
    }
}
