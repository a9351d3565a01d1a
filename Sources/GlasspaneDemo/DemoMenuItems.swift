// The main menu column's entries, in one table: DemoScreens.swift builds the buttons, their order (Down/Up and the
// D-pad walk it) and their actions from it, so a new screen is one line here.

/// One entry of the demo's main menu column: a button that opens a route (or, with none, asks to quit).
struct DemoMenuItem {
    /// The button's identifier (`menu.<name>`).
    let identifier: String
    /// The button's title.
    let title: String
    /// Where it goes: `play` resets to the root, a sheet is presented, a screen pushed; nil is Quit (it asks first).
    let route: DemoRoute?

    /// The column, top to bottom.
    static let column: [DemoMenuItem] = [
        DemoMenuItem(identifier: "menu.play", title: "Play", route: .play),
        DemoMenuItem(identifier: "menu.newgame", title: "New game", route: .newGame),
        DemoMenuItem(identifier: "menu.options", title: "Options", route: .options),
        DemoMenuItem(identifier: "menu.sign", title: "Sign", route: .sign),
        DemoMenuItem(identifier: "menu.stats", title: "Stats", route: .stats),
        DemoMenuItem(identifier: "menu.table", title: "Table", route: .table),
        DemoMenuItem(identifier: "menu.rules", title: "Rules", route: .rules),
        DemoMenuItem(identifier: "menu.layout", title: "Layout", route: .layout),
        DemoMenuItem(identifier: "menu.about", title: "About", route: .about),
        DemoMenuItem(identifier: "menu.appicon", title: "App icon", route: .appIcon),
        DemoMenuItem(identifier: "menu.quit", title: "Quit", route: nil),
    ]
}
