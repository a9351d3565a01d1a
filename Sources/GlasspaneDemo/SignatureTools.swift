// The Sign sheet's Draw tab: a tools menu (`sign.tools`: ink color and width submenus, Undo, Clear) over the pad, and
// the pad's own context menu (`sign.pad.menu`: right click or long press) with Undo and Clear.
import GlasspaneCore
import GlasspaneOverlay

@MainActor
enum SignatureTools {
    /// The ink colors offered, by title; nil is the theme's ink.
    static let inks: [(String, Color?)] = [("Theme ink", nil), ("Blue", Color(hex: "#1f4fd1")!), ("Red", Color(hex: "#c92a2a")!),
                                           ("Green", Color(hex: "#2b8a3e")!)]
    /// The stroke widths offered, in points.
    static let widths: [(String, Double)] = [("Fine", 2), ("Medium", 3), ("Bold", 5)]

    /// The tab's content: the tools menu above the pad.
    static func makeDrawTab(pad: DrawingPad) -> View {
        let tools = Menu(identifier: "sign.tools", title: "Pen", items: [])
        tools.onWillOpen = { [unowned tools, unowned pad] in tools.items = items(for: pad) }
        tools.tooltip = "Ink color, stroke width, undo"
        pad.contextMenu = ContextMenu(identifier: "sign.pad.menu", items: [
            .action("Undo") { [unowned pad] in pad.undo() },
            .action("Clear") { [unowned pad] in pad.clear() },
        ])
        return VStack(identifier: "sign.draw", spacing: 6, alignment: .leading, [tools, pad])
    }

    /// The menu's items for the pad as it is now (Undo and Clear only with something drawn).
    static func items(for pad: DrawingPad) -> [MenuItem] {
        [
            .submenu("Ink", inks.map { title, color in .action(title) { [unowned pad] in pad.inkColor = color } }),
            .submenu("Width", widths.map { title, width in .action(title) { [unowned pad] in pad.lineWidth = width } }),
            .separator,
            .action("Undo", isEnabled: !pad.isEmpty) { [unowned pad] in pad.undo() },
            .action("Clear", isEnabled: !pad.isEmpty) { [unowned pad] in pad.clear() },
        ]
    }
}
