// The open part of a menu: the items of one level as rows (actions, separators, submenus), with a highlighted row
// that arrows, Home/End and typed letters move, and Enter, Space or a click activates. Menu.swift opens them.
import GlasspaneCore
import GlasspaneDraw

/// One entry of a menu: an action, a submenu, or a separator.
public struct MenuItem {
    /// What choosing the item does.
    public enum Kind {
        /// Runs the handler (after the menu closed).
        case action((() -> Void)?)
        /// Opens the items beside this one.
        case submenu([MenuItem])
        /// A line between groups; never highlighted.
        case separator
    }
    /// The row's identifier is `<menu>.item.<path>` where the path joins the identifiers from the top level with dots.
    public var identifier: String
    /// The text shown.
    public var title: String
    /// A disabled item is drawn faded and is skipped by arrows, typing and clicks.
    public var isEnabled: Bool
    /// Action, submenu or separator.
    public var kind: Kind

    /// Creates an item.
    public init(identifier: String, title: String, isEnabled: Bool = true, kind: Kind) {
        self.identifier = identifier; self.title = title; self.isEnabled = isEnabled; self.kind = kind
    }
    /// An action; the identifier defaults to the title in lowercase with dashes (`Save As…` is `save-as`).
    public static func action(_ title: String, identifier: String? = nil, isEnabled: Bool = true,
                              _ handler: (() -> Void)? = nil) -> MenuItem {
        MenuItem(identifier: identifier ?? slug(title), title: title, isEnabled: isEnabled, kind: .action(handler))
    }
    /// A submenu.
    public static func submenu(_ title: String, identifier: String? = nil, isEnabled: Bool = true, _ items: [MenuItem]) -> MenuItem {
        MenuItem(identifier: identifier ?? slug(title), title: title, isEnabled: isEnabled, kind: .submenu(items))
    }
    /// A separator.
    public static var separator: MenuItem { MenuItem(identifier: "separator", title: "", isEnabled: false, kind: .separator) }

    /// The most items a level shows (more are dropped).
    public static let maximumItems = 64
    /// The deepest submenu shown (deeper ones open nothing).
    public static let maximumDepth = 4

    /// True for separators.
    public var isSeparator: Bool { if case .separator = kind { true } else { false } }
    /// The submenu's items, nil for other kinds.
    public var submenuItems: [MenuItem]? { if case .submenu(let items) = kind { items } else { nil } }
    /// Enabled and not a separator.
    var isSelectable: Bool { isEnabled && !isSeparator }

    /// Lowercase letters and digits, other runs as one dash.
    static func slug(_ title: String) -> String {
        var out = "", dash = false
        for c in title.lowercased() {
            if c.isLetter || c.isNumber { if dash && !out.isEmpty { out.append("-") }; out.append(c); dash = false } else { dash = true }
        }
        return out.isEmpty ? "item" : out
    }
}

/// One level of an open menu: rows in a themed box. Holds keyboard focus while it is the deepest level.
public final class MenuList: View, ScriptableControl {
    /// The items shown (at most `MenuItem.maximumItems`).
    public let items: [MenuItem]
    /// The rows, one per item.
    public private(set) var rows: [MenuRow] = []
    /// The highlighted row (keyboard cursor and hover), nil when none.
    public private(set) var highlighted: Int? {
        didSet { if highlighted != oldValue { for r in [oldValue, highlighted].compactMap({ $0 }) where rows.indices.contains(r) { rows[r].setNeedsDisplay() } } }
    }
    /// 0 for the top level.
    public let level: Int
    /// The identifiers from the top level to this list's parent item.
    let path: [String]
    unowned let presentation: MenuPresentation
    /// The row this level opened from (nil for the top level).
    weak var parentRow: MenuRow?
    private var typed = ""
    private var lastTypeTime: Double?
    /// Seconds of the frame clock after which typed letters start a new search.
    public static let typeSelectTimeout = 1.0
    /// The longest typed prefix kept (further letters within the timeout are ignored).
    public static let maximumTypedPrefix = 32

    init(identifier: String, items: [MenuItem], level: Int, path: [String], presentation: MenuPresentation) {
        self.items = Array(items.prefix(MenuItem.maximumItems)); self.level = level; self.path = path; self.presentation = presentation
        super.init(identifier: identifier)
        cornerRadius = 6
        for i in self.items.indices {
            let row = MenuRow(identifier: "\(presentation.identifier).item.\((path + [self.items[i].identifier]).joined(separator: "."))",
                              index: i, list: self)
            rows.append(row)
            addSubview(row)
        }
    }

    /// The list takes focus, so keys reach it.
    public override var canBecomeFocused: Bool { true }
    /// Arrows belong to the list.
    public override func handlesDirection(_ direction: FocusDirection) -> Bool { true }
    /// The box claims its bounds.
    public override var claimsBoundsByDefault: Bool { true }

    static let verticalPadding = 4.0

    func rowHeight(_ item: MenuItem, fonts: any FontMetrics) -> Double {
        item.isSeparator ? 9 : fonts.measure("Ag", fontSize: theme.type.body).height + 8
    }

    /// The widest title with room for a submenu chevron, and every row.
    public override func sizeThatFits(_ proposed: Size, fonts: any FontMetrics) -> Size {
        let size = theme.type.body
        let widest = items.map { fonts.measure($0.title, fontSize: size).width }.max() ?? 0
        let chevron = items.contains { $0.submenuItems != nil } ? fonts.measure(" \u{25B8}", fontSize: size).width + theme.spacing.small : 0
        let height = items.reduce(0) { $0 + rowHeight($1, fonts: fonts) } + 2 * MenuList.verticalPadding
        return Size(width: max(140, widest + chevron + 2 * theme.spacing.medium), height: height)
    }

    /// Rows top to bottom.
    public override func layoutSubviews(fonts: any FontMetrics) {
        var y = MenuList.verticalPadding
        for (i, row) in rows.enumerated() {
            let h = rowHeight(items[i], fonts: fonts)
            row.frame = Rect(x: 4, y: y, width: max(0, bounds.width - 8), height: h)
            y += h
        }
    }

    /// The opaque box and its border.
    public override func draw(in rect: Rect, context: inout PaintContext) {
        context.add(.rect(rect, color: themeColor(.sheet), cornerRadius: cornerRadius))
        context.add(.border(rect, color: themeColor(.separator), width: theme.strokes.hairline, cornerRadius: cornerRadius))
    }

    /// Highlights a row (nil: none); a row that cannot be chosen is not highlighted.
    public func highlight(_ index: Int?) {
        guard let index else { highlighted = nil; return }
        guard items.indices.contains(index), items[index].isSelectable else { return }
        highlighted = index
    }

    /// The next selectable row from `start` in `step` direction, wrapping; nil when none.
    func nextSelectable(from start: Int, step: Int) -> Int? {
        guard !items.isEmpty else { return nil }
        var i = start
        for _ in 0..<items.count {
            i = (i + step + items.count) % items.count
            if items[i].isSelectable { return i }
        }
        return nil
    }

    /// Chooses a row: an action closes the whole menu then runs; a submenu opens (its first row highlighted when
    /// chosen by keyboard).
    public func activate(_ index: Int, byKeyboard: Bool) {
        guard items.indices.contains(index), items[index].isSelectable else { return }
        highlighted = index
        switch items[index].kind {
        case .action(let handler): presentation.chose(items[index], run: handler)
        case .submenu: presentation.openSubmenu(of: self, row: index, focus: true, highlightFirst: byKeyboard)
        case .separator: break
        }
    }

    /// Up/Down (wrapping), Home/End, Enter/Space, Right opens a submenu, Left and Escape close this level (the top
    /// level's Escape closes the menu), letters select by prefix.
    public override func keyDown(_ event: KeyEvent) {
        switch event.key {
        case .down: highlighted = nextSelectable(from: highlighted ?? -1, step: 1) ?? highlighted
        case .up: highlighted = nextSelectable(from: highlighted ?? items.count, step: -1) ?? highlighted
        case .home: highlighted = nextSelectable(from: -1, step: 1) ?? highlighted
        case .end: highlighted = nextSelectable(from: items.count, step: -1) ?? highlighted
        case .enter, .character(" "):
            if !event.isRepeat, let h = highlighted { activate(h, byKeyboard: true) }
        case .right:
            if let h = highlighted, items[h].submenuItems != nil { activate(h, byKeyboard: true) }
        case .left: if level > 0 { presentation.closeLevel(self) }
        case .escape: presentation.closeLevel(self)
        case .character(let c) where c.isLetter || c.isNumber: typeSelect(c)
        default: break
        }
    }

    /// Type-to-select: letters typed within `typeSelectTimeout` of each other form a prefix; the same letter again
    /// moves to the next item starting with it.
    func typeSelect(_ c: Character) {
        guard !items.isEmpty else { return }
        let now = layer?.overlay?.animationTime ?? 0
        let continues = lastTypeTime.map { now - $0 <= MenuList.typeSelectTimeout } ?? false
        if !continues { typed = String(c) } else if typed.count < MenuList.maximumTypedPrefix { typed.append(c) }
        lastTypeTime = now
        let repeated = typed.count > 1 && Set(typed).count == 1
        let prefix = repeated ? String(c) : typed
        let start = repeated || typed.count == 1 ? (highlighted ?? -1) : (highlighted ?? 0) - 1
        for step in 1...max(items.count, 1) {
            let i = ((start + step) % items.count + items.count) % items.count
            if items[i].isSelectable && items[i].title.lowercased().hasPrefix(prefix) { highlighted = i; return }
        }
    }

    /// `highlighted` (the title, empty when none), `value` (the same), `count`.
    public func scriptValue(of property: String) -> String? {
        switch property {
        case "highlighted", "value": highlighted.map { items[$0].title } ?? ""
        case "count": String(items.count)
        default: nil
        }
    }
}

/// One row of a `MenuList`: hover highlights it (and opens its submenu), a release inside chooses it.
public final class MenuRow: View, ScriptableControl {
    /// The item's index in its list.
    public let index: Int
    unowned let list: MenuList
    private var pressed: Int?

    init(identifier: String, index: Int, list: MenuList) {
        self.index = index; self.list = list
        super.init(identifier: identifier)
    }

    /// Rows claim their bounds (separators too: a click on one keeps the menu open).
    public override var claimsBoundsByDefault: Bool { true }
    var item: MenuItem { list.items[index] }
    /// True while highlighted.
    public var isHighlighted: Bool { list.highlighted == index }

    /// Highlights the row; a submenu row opens its submenu (focus stays here until a key or click goes in).
    public override func pointerEntered(_ event: PointerEvent) {
        guard item.isSelectable else { return }
        list.highlight(index)
        list.presentation.hovered(list, row: index)
    }
    /// Starts a press.
    public override func pointerDown(_ event: PointerEvent) { if event.button == .left { pressed = event.pointerID } }
    /// Chooses the row when released inside.
    public override func pointerUp(_ event: PointerEvent) {
        guard pressed == event.pointerID else { return }
        pressed = nil
        if bounds.contains(event.location) { list.activate(index, byKeyboard: false) }
    }
    /// Forgets the press.
    public override func pointerCancelled(_ event: PointerEvent) { pressed = nil }

    /// The highlight, the title, a chevron for submenus; a separator's line.
    public override func draw(in rect: Rect, context: inout PaintContext) {
        if item.isSeparator {
            context.add(.rect(Rect(x: rect.minX + 4, y: rect.center.y.rounded(.down), width: rect.width - 8, height: 1),
                              color: themeColor(.separator), cornerRadius: 0))
            return
        }
        let hot = isHighlighted && item.isEnabled
        // Drawn clear when not highlighted: the row keeps its command count, so moving the highlight repaints the two
        // rows in place (a partial repaint the renderer redraws in their pixels) instead of the whole layer, whose
        // full re-tessellation and cache redraw cost 8.8 ms a key in debug on llvmpipe (docs/controls.md, "Cost").
        context.add(.rect(rect, color: hot ? themeColor(.accent) : .clear, cornerRadius: theme.radii.small))
        var ink = themeColor(hot ? .accentText : .text)
        if !item.isEnabled { ink = ink.withAlpha(ink.a * Control.disabledOpacity) }
        let size = theme.type.body
        let t = context.fonts.measure(item.title, fontSize: size)
        let y = rect.minY + ((rect.height - t.height) / 2).rounded(.down)
        context.add(.glyphs(GlyphRun(text: item.title, origin: Point(x: rect.minX + theme.spacing.small, y: y), fontSize: size, color: ink)))
        if item.submenuItems != nil {
            let chevron = "\u{25B8}", c = context.fonts.measure(chevron, fontSize: size)
            context.add(.glyphs(GlyphRun(text: chevron, origin: Point(x: rect.maxX - theme.spacing.small - c.width, y: y), fontSize: size, color: ink)))
        }
    }

    /// `text`, `isEnabled`, `isHighlighted`.
    public func scriptValue(of property: String) -> String? {
        switch property {
        case "text", "value": item.title
        case "isEnabled", "enabled": String(item.isEnabled)
        case "isHighlighted": String(isHighlighted)
        default: nil
        }
    }
}
