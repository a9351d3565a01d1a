// Context menus: a view's `contextMenu` opens at the pointer on a right press, or on a left press held still for
// `ContextMenuController.longPressDuration` of the frame clock (touch screens); placed like any menu level.
import GlasspaneCore
import GlasspaneDraw

/// The items a view offers on right click or long press (`View.contextMenu`); open on the modal layer
/// `menu.<identifier>`, its top level `<identifier>.list`.
public final class ContextMenu {
    /// The menu's identifier.
    public let identifier: String
    /// The items (read when it opens).
    public var items: [MenuItem]
    /// The open menu, nil while closed.
    public private(set) var presentation: MenuPresentation?

    /// Creates a context menu.
    public init(identifier: String, items: [MenuItem]) {
        self.identifier = identifier; self.items = items
    }

    /// True while open.
    public var isOpen: Bool { presentation?.isOpen ?? false }

    /// Opens it with its top-left corner at `point` (window points), flipped at the window's edges.
    public func present(at point: Point, in overlay: Overlay, highlightFirst: Bool = false) {
        guard !isOpen else { return }
        let menu = MenuPresentation(identifier: identifier, items: items)
        menu.onDismiss = { [unowned self] in presentation = nil }
        presentation = menu
        menu.present(in: overlay, anchor: .point(point), highlightFirst: highlightFirst)
    }

    /// Closes it.
    public func dismiss() { presentation?.dismiss() }
}

/// Opens context menus for an overlay (`Overlay.contextMenus`): the router reports presses here.
public final class ContextMenuController: FrameTicking {
    /// Seconds a left press must stay still (frame clock) to open the context menu.
    public var longPressDuration = 0.5
    /// How far a long press may wander, in points, before it is a drag instead.
    public static let longPressSlop = 8.0
    private weak var overlay: Overlay?
    private struct Pending { weak var view: View?; let menu: ContextMenu; let pointer: Int; let start: Point; var startTime: Double? }
    private var pending: Pending?

    init(overlay: Overlay) { self.overlay = overlay }

    /// The nearest view from `view` up with a context menu.
    static func owner(from view: View) -> (View, ContextMenu)? {
        var v: View? = view
        while let c = v { if let menu = c.contextMenu { return (c, menu) }; v = c.superview }
        return nil
    }

    /// A press went to `view`: a right press opens the context menu of it or an ancestor at once; a left press
    /// starts the long-press wait. True when a menu opened.
    @discardableResult
    func pressed(_ view: View, event: PointerEvent) -> Bool {
        guard let overlay, let (_, menu) = ContextMenuController.owner(from: view) else { return false }
        if event.button == .right {
            pending = nil
            menu.present(at: event.location, in: overlay)
            return true
        }
        if event.button == .left {
            pending = Pending(view: view, menu: menu, pointer: event.pointerID, start: event.location, startTime: overlay.animationTime)
            overlay.startTicking(self)
        }
        return false
    }

    /// Opens the pending long press's menu once it was held still long enough; the pressed view gets a cancel (so a
    /// button under the finger does not click on release).
    public func frameTick(time: Double) -> Bool {
        guard var p = pending, let overlay, let view = p.view else { pending = nil; return false }
        guard case .overlay(_, let held)? = overlay.router.captureTarget(forPointer: p.pointer), held === view,
              let at = overlay.router.capturedLocation(forPointer: p.pointer),
              abs(at.x - p.start.x) <= ContextMenuController.longPressSlop, abs(at.y - p.start.y) <= ContextMenuController.longPressSlop else {
            pending = nil
            return false
        }
        guard let start = p.startTime else { p.startTime = time; pending = p; return true }
        guard time - start >= longPressDuration else { return true }
        pending = nil
        view.pointerCancelled(PointerEvent(pointerID: p.pointer, button: .left, location: view.convertFromWindow(at)))
        p.menu.present(at: at, in: overlay)
        return false
    }
}
