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
        ("rules.truncated", "At most two lines: this paragraph is deliberately too long for its two lines, so it ends "
            + "with an ellipsis instead of pushing the Back button off the panel, however much more text follows."),
    ]

    /// What the notes editor (`rules.notes`) holds at first: lines in three scripts, one right to left.
    static let notesSeed = "Notes: type in any script, Enter starts a new line.\nשלום! ההערות נשמרות כאן.\n日本語も書けます 🎉"

    /// Builds the screen: a panel of paragraph labels, a multi-line notes editor and a Back button (`rules.back`).
    static func makeScreen(label: (String, String, Double) -> Label, panel: (String, [View]) -> Panel, back: Button) -> View {
        var children: [View] = [label("rules.title", "Rules", 18)]
        for (identifier, text) in paragraphs {
            let paragraph = label(identifier, text, 14)
            paragraph.preferredWidth = paragraphWidth
            paragraph.paragraphStyle = ParagraphStyle(lineSpacing: 1.1, maximumLines: identifier == "rules.truncated" ? 2 : 0)
            children.append(paragraph)
        }
        let notes = TextEditor(identifier: "rules.notes", text: notesSeed)
        notes.preferredWidth = paragraphWidth
        notes.preferredHeight = 96
        children.append(notes)
        children.append(back)
        return CenteringContainer(identifier: "rules", content: panel("rules.panel", children))
    }
}
