// The "Layout" screen (route `layout`): the layout containers and modifiers at work on one panel, so they can be
// seen (docs/layout.md shows its screenshot): a toolbar with an expanding spacer, a form in a Grid, a row of text
// on one baseline, badges in ZStacks, swatches that keep an aspect ratio, tags in a FlowStack that wraps them onto a
// second line, and a bar split by layout priority.
import GlasspaneCore
import GlasspaneOverlay

/// The layout screen's content.
enum DemoLayoutScreen {
    /// Width of the panel's column, in points.
    static let width = 520.0

    /// Builds the screen: a panel of examples and a Back button (`layout.back`).
    static func make(label: (String, String, Double) -> Label, panel: (String, [View]) -> Panel, back: Button) -> View {
        // A toolbar: the title on the left, Back on the right, whatever the width between them.
        let toolbar = HStack(identifier: "layout.toolbar", spacing: 8, alignment: .center,
                             [label("layout.title", "Layout", 18), Spacer(minLength: 16), back])

        // A form: titles right-aligned in their column, fields filling the rest, a note spanning both columns.
        let form = Grid(identifier: "layout.form", horizontalSpacing: 12, verticalSpacing: 8)
        form.columnAlignments = [0: .trailing]
        for (id, title, value) in [("name", "Name", "Ada"), ("server", "Server", "eu-west-2"), ("team", "Team", "Blue")] {
            form.addRow([label("layout.form.\(id)", title, 14), field("layout.form.\(id).value", value).frame(maxWidth: .infinity)])
        }
        form.addRow([label("layout.form.note", "A note spanning both columns, centered.", 12)
            .gridCellColumns(2).cellAlignment(.center)])

        // Text of three sizes and a button, on one baseline.
        let score = HStack(identifier: "layout.score", spacing: 6, alignment: .firstTextBaseline, [
            label("layout.score.value", "1,250", 32), label("layout.score.unit", "points", 14), Spacer(),
            Button(identifier: "layout.score.claim", title: "Claim"),
        ])

        // Badges: a count over the corner of a tile.
        func tile(_ id: String, _ count: Int, _ color: Color) -> View {
            let square = View(identifier: "layout.tile.\(id)")
            square.preferredWidth = 56; square.preferredHeight = 56
            square.backgroundColor = color; square.cornerRadius = 10
            let badge = Label(identifier: "layout.tile.\(id).badge", text: "\(count)", fontSize: 12, alignment: .center)
            badge.backgroundColor = Color(r: 0.86, g: 0.2, b: 0.24); badge.cornerRadius = 9
            badge.textColor = .white
            return ZStack(identifier: "layout.tile.\(id).stack", alignment: .topTrailing, [square, badge.frame(minWidth: 20, minHeight: 18).padding(EdgeInsets(top: -6, leading: 0, bottom: 0, trailing: -6))])
        }
        let tiles = HStack(identifier: "layout.tiles", spacing: 12, alignment: .center, [
            tile("sword", 3, Color(r: 0.3, g: 0.45, b: 0.8)), tile("shield", 12, Color(r: 0.3, g: 0.65, b: 0.45)),
            tile("potion", 99, Color(r: 0.7, g: 0.4, b: 0.75)),
            // Swatches that keep 16:9 and 1:1 at the row's height.
            swatch("layout.wide", ratio: 16.0 / 9, Color(r: 0.85, g: 0.6, b: 0.25)), swatch("layout.square", ratio: 1, Color(r: 0.3, g: 0.7, b: 0.8)),
        ])

        // Tags that wrap onto a second line in the panel's width, each line centred.
        let tags = FlowStack(identifier: "layout.tags", horizontalSpacing: 6, lineSpacing: 6, alignment: .center,
                             ["fire", "ice", "poison", "lightning", "holy", "shadow", "arcane", "nature", "blood", "void",
                              "earth", "wind", "steel"].map { tag("layout.tag.\($0)", $0) })

        // A bar split by priority: the higher one grows to its maximum first, the other takes what is left.
        let bar = HStack(identifier: "layout.bar", spacing: 4, [
            block("layout.bar.first", Color(r: 0.4, g: 0.42, b: 0.5)).frame(maxWidth: .infinity, minHeight: 14),
            block("layout.bar.second", Color(r: 0.25, g: 0.55, b: 0.9)).frame(maxWidth: 300, minHeight: 14).layoutPriority(1),
        ])

        let content = panel("layout.panel", [toolbar, form, score, tiles, tags, bar])
        if let column = content.content as? StackView { column.alignment = .fill; column.spacing = 16; column.preferredWidth = width }
        return CenteringContainer(identifier: "layout", content: content)
    }

    private static func field(_ id: String, _ text: String) -> Label {
        let l = Label(identifier: id, text: " \(text)", fontSize: 14)
        l.frame(minHeight: 26)
        l.backgroundColor = Color(r: 0.1, g: 0.11, b: 0.13, a: 0.9)
        l.borderColor = Color(r: 0.35, g: 0.37, b: 0.42); l.borderWidth = 1; l.cornerRadius = 4
        l.textColor = .white
        return l
    }

    /// A pill: the text with two spaces each side (room around it), 22 points high.
    private static func tag(_ id: String, _ text: String) -> Label {
        let l = Label(identifier: id, text: "  \(text)  ", fontSize: 13, alignment: .center)
        l.frame(minHeight: 22)
        l.backgroundColor = Color(r: 0.22, g: 0.3, b: 0.42); l.cornerRadius = 11
        l.textColor = .white
        return l
    }

    private static func swatch(_ id: String, ratio: Double, _ color: Color) -> View {
        let v = block(id, color)
        return v.aspectRatio(ratio).frame(height: 56)
    }

    private static func block(_ id: String, _ color: Color) -> View {
        let v = View(identifier: id)
        v.backgroundColor = color; v.cornerRadius = 4
        return v
    }
}
