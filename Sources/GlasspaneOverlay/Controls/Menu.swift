// Menus: `Menu`, a button that opens its items; `MenuPresentation`, the open menu on its own modal layer (levels
// placed below the anchor or beside their parent row, flipped at the window's edges); `MenuPlacement`, that rule.
import GlasspaneCore
import GlasspaneDraw

/// Where a menu level goes (pure, so tests can check every edge).
public enum MenuPlacement {
    /// Distance kept from the window's edges, in points.
    public static let margin = 4.0

    /// A level of `size` for `anchor` (window points): `beside` false puts it below the anchor, left edges
    /// aligned (above it when there is no room below); `beside` true puts it right of the anchor, tops aligned (left
    /// of it when there is no room on the right). Slid and shrunk to stay `margin` inside the window.
    public static func place(anchor: Rect, size: Size, in window: Size, beside: Bool) -> Rect {
        let m = margin
        let w = min(size.width, max(0, window.width - 2 * m)), h = min(size.height, max(0, window.height - 2 * m))
        func clamp(_ v: Double, _ length: Double, _ limit: Double) -> Double { min(max(v, m), max(m, limit - m - length)) }
        // The preferred side, the other side when it fits there, then slid inside the window whatever the anchor.
        if beside {
            var x = anchor.maxX
            if x + w > window.width - m && anchor.minX - w >= m { x = anchor.minX - w }
            return Rect(x: clamp(x, w, window.width), y: clamp(anchor.minY - MenuList.verticalPadding, h, window.height), width: w, height: h)
        }
        var y = anchor.maxY + 2
        if y + h > window.height - m && anchor.minY - 2 - h >= m { y = anchor.minY - 2 - h }
        return Rect(x: clamp(anchor.minX, w, window.width), y: clamp(y, h, window.height), width: w, height: h)
    }
}

/// An open menu: a modal layer `menu.<identifier>` (just under toasts) holding its levels, the top one `<identifier>.list`,
/// submenus `<identifier>.list.<path>`. A press outside every level, Escape on the top level, or choosing an action
/// closes it; focus then goes back to the view that had it.
public final class MenuPresentation {
    /// The menu's identifier.
    public let identifier: String
    /// The open levels, top level first.
    public private(set) var levels: [MenuList] = []
    /// The layer while open.
    public private(set) var layer: OverlayLayer?
    /// Called after the menu closed, whatever closed it.
    public var onDismiss: (() -> Void)?
    /// The item chosen last (its title), for scripts and tests.
    public private(set) var lastChoice: String?
    private let items: [MenuItem]
    private weak var returnFocus: View?
    private var container: MenuContainer?

    /// The anchor of the top level.
    enum Anchor { case view(View), point(Point) }

    init(identifier: String, items: [MenuItem]) {
        self.identifier = identifier; self.items = items
    }

    /// True while open.
    public var isOpen: Bool { layer != nil }

    func present(in overlay: Overlay, anchor: Anchor, highlightFirst: Bool) {
        guard layer == nil else { return }
        returnFocus = overlay.focusedView
        let layer = overlay.addLayer(name: "menu.\(identifier)", level: LayerLevel.toast - 5, kind: .modal)
        let container = MenuContainer(identifier: "\(identifier).container", anchor: anchor)
        layer.addSubview(container)
        layer.onOutsideTap = { [unowned self] _ in dismiss() }
        layer.onUnfocusedKey = { [unowned self] key in if key.key == .escape { dismiss() } }
        self.layer = layer; self.container = container
        let top = MenuList(identifier: "\(identifier).list", items: items, level: 0, path: [], presentation: self)
        levels = [top]
        container.addSubview(top)
        if highlightFirst { top.highlight(top.nextSelectable(from: -1, step: 1)) }
        overlay.focus(top)
    }

    /// Opens `row`'s submenu beside it (closing deeper levels first).
    func openSubmenu(of list: MenuList, row: Int, focus: Bool, highlightFirst: Bool) {
        guard let container, let subitems = list.items[row].submenuItems, list.level + 1 < MenuItem.maximumDepth else { return }
        let path = list.path + [list.items[row].identifier]
        closeLevels(deeperThan: list.level)
        let sub = MenuList(identifier: "\(identifier).list.\(path.joined(separator: "."))", items: subitems,
                           level: list.level + 1, path: path, presentation: self)
        sub.parentRow = list.rows[row]
        levels.append(sub)
        container.addSubview(sub)
        if highlightFirst { sub.highlight(sub.nextSelectable(from: -1, step: 1)) }
        if focus { list.layer?.overlay?.focus(sub) }
    }

    /// The pointer rests on `row` of `list`: its submenu opens (another one closes).
    func hovered(_ list: MenuList, row: Int) {
        if levels.count > list.level + 1, levels[list.level + 1].parentRow === list.rows[row] { return }
        closeLevels(deeperThan: list.level)
        if list.items[row].submenuItems != nil { openSubmenu(of: list, row: row, focus: false, highlightFirst: false) }
    }

    private func closeLevels(deeperThan level: Int) {
        while levels.count > level + 1 { levels.removeLast().removeFromSuperview() }
    }

    /// Closes `list`'s level (the whole menu for the top level); focus goes to the parent level.
    func closeLevel(_ list: MenuList) {
        guard list.level > 0 else { dismiss(); return }
        closeLevels(deeperThan: list.level - 1)
        let parent = levels[list.level - 1]
        parent.layer?.overlay?.focus(parent)
    }

    /// An action was chosen: the menu closes, then the handler runs.
    func chose(_ item: MenuItem, run handler: (() -> Void)?) {
        lastChoice = item.title
        dismiss()
        handler?()
    }

    /// Closes the menu and its layer; focus goes back to where it was.
    public func dismiss() {
        guard let layer, let overlay = layer.overlay else { self.layer = nil; return }
        self.layer = nil
        levels = []
        container = nil
        overlay.removeLayer(layer)
        if let back = returnFocus, back.layer != nil { overlay.focus(back) }
        onDismiss?()
    }
}

/// Fills the menu's layer (claiming nothing) and places each level at layout.
final class MenuContainer: View {
    let anchor: MenuPresentation.Anchor
    init(identifier: String, anchor: MenuPresentation.Anchor) {
        self.anchor = anchor
        super.init(identifier: identifier)
        hitTestBehavior = .deferToChildren
    }
    override func layoutSubviews(fonts: any FontMetrics) {
        if let root = superview { frame = root.bounds }
        for case let list as MenuList in subviews {
            let size = list.measure(proposed: Size(width: CGFloatInfinity, height: CGFloatInfinity), fonts: fonts)
            let anchorRect: Rect
            if let row = list.parentRow { anchorRect = row.windowFrame }
            else {
                switch anchor {
                case .view(let v): anchorRect = v.windowFrame
                case .point(let p): anchorRect = Rect(x: p.x, y: p.y - 2, width: 0, height: 0)
                }
            }
            list.frame = MenuPlacement.place(anchor: anchorRect, size: size, in: bounds.size, beside: list.parentRow != nil)
        }
    }
}

private let CGFloatInfinity = Double.infinity

/// A button that opens a menu (SwiftUI's `Menu`): click, Space, Enter or Down opens it below the button (above near
/// the bottom edge), with the keyboard in the menu; by keyboard the first item is highlighted.
public final class Menu: Control, ScriptableControl {
    /// The button's title.
    public var title: String { didSet { if title != oldValue { invalidateMeasurement(); setNeedsDisplay() } } }
    /// The items (read when the menu opens).
    public var items: [MenuItem]
    /// The open menu, nil while closed.
    public private(set) var presentation: MenuPresentation?
    /// The title of the item chosen last, nil before any.
    public private(set) var lastChoice: String?
    /// Called just before the menu opens, to bring `items` up to date (an Undo that is enabled only with something
    /// to undo).
    public var onWillOpen: (() -> Void)?

    /// Creates a menu button.
    public init(identifier: String = "", title: String, items: [MenuItem]) {
        self.title = title; self.items = items
        super.init(identifier: identifier)
    }

    /// True while the menu is open.
    public var isOpen: Bool { presentation?.isOpen ?? false }
    /// Directions move focus when a view lies that way (the D-pad and arrows must get past a menu button, as past a
    /// slider); Down opens the menu only when nothing lies below (`keyPressed`).
    public override func handlesDirection(_ direction: FocusDirection) -> Bool { false }

    /// Opens the menu (nothing when disabled, open, or not in an overlay).
    public func open(highlightFirst: Bool = false) {
        guard isEnabled, !isOpen, let overlay = layer?.overlay else { return }
        onWillOpen?()
        let menu = MenuPresentation(identifier: identifier.isEmpty ? "menu" : identifier, items: items)
        menu.onDismiss = { [unowned self, unowned menu] in
            if let choice = menu.lastChoice { lastChoice = choice }
            presentation = nil
            setNeedsDisplay()
        }
        presentation = menu
        menu.present(in: overlay, anchor: .view(self), highlightFirst: highlightFirst)
        setNeedsDisplay()
    }

    /// Closes the menu.
    public func close() { presentation?.dismiss() }

    /// A click opens (or closes) the menu; Space and Enter open it with the first item highlighted.
    public override func clicked(at location: Point?) {
        if isOpen { close() } else { open(highlightFirst: location == nil) }
    }

    /// Down opens it too, when focus had nowhere to go below.
    public override func keyPressed(_ event: KeyEvent) -> Bool {
        if event.key == .down { open(highlightFirst: true); return true }
        return super.keyPressed(event)
    }

    /// Title and chevron with padding.
    public override func sizeThatFits(_ proposed: Size, fonts: any FontMetrics) -> Size {
        let size = theme.type.body
        let t = fonts.measure(title + " \u{25BE}", fontSize: size)
        return Size(width: t.width + 2 * theme.spacing.medium, height: t.height + 12)
    }

    /// A button with the title and a chevron; pressed while open.
    public override func draw(in rect: Rect, context: inout PaintContext) {
        let radius = theme.radii.control, size = theme.type.body
        context.add(.rect(rect, color: stateFill(pressed: isPressed || isOpen, hovered: isHovered), cornerRadius: radius))
        let ink = stateInk(pressed: isPressed || isOpen)
        let t = context.fonts.measure(title, fontSize: size)
        let y = rect.minY + ((rect.height - t.height) / 2).rounded(.down)
        context.add(.glyphs(GlyphRun(text: title, origin: Point(x: rect.minX + theme.spacing.medium, y: y), fontSize: size, color: ink)))
        let chevron = "\u{25BE}", c = context.fonts.measure(chevron, fontSize: size)
        context.add(.glyphs(GlyphRun(text: chevron, origin: Point(x: rect.maxX - theme.spacing.medium - c.width, y: y), fontSize: size, color: ink)))
        drawFocusRing(rect, cornerRadius: radius, context: &context)
    }

    /// `value`/`text` (the title), `isOpen`, `isEnabled`, `lastChoice`.
    public func scriptValue(of property: String) -> String? {
        switch property {
        case "value", "text": title
        case "isOpen": String(isOpen)
        case "isEnabled", "enabled": String(isEnabled)
        case "lastChoice": lastChoice ?? ""
        default: nil
        }
    }
}
