// An alert: a title, a message and actions in an opaque box over a dimmed backdrop, on its own modal layer above
// sheets. Enter runs the primary action, Escape the cancellation; a press beside it does nothing.
import GlasspaneCore
import GlasspaneDraw

/// A confirmation dialog (SwiftUI's `alert`): `present(in:)` adds a modal layer `alert.<identifier>` at
/// `LayerLevel.toast - 20` (above every sheet) holding the box `<identifier>` with its title (`<identifier>.title`),
/// message (`<identifier>.message`) and buttons (`<identifier>.action.<index>`). Any action dismisses it, then runs its
/// handler. Enter (with nothing focused in it) runs the `.primary` action, Escape the `.cancel` one (or just dismisses
/// with none); a press outside the box does nothing. Title and message are cut at `maximumTextLength` characters;
/// at most `maximumActions` actions.
public final class Alert {
    /// One button of an alert.
    public struct Action {
        /// The button's title.
        public var title: String
        /// `.primary` (Enter, accent fill), `.cancel` (Escape) or `.plain`.
        public var role: ButtonRole
        /// Runs after the alert was dismissed.
        public var handler: () -> Void
        /// Creates an action.
        public init(_ title: String, role: ButtonRole = .plain, handler: @escaping () -> Void = {}) {
            self.title = title; self.role = role; self.handler = handler
        }
    }
    /// The most characters of a title or message.
    public static let maximumTextLength = 300
    /// The most actions.
    public static let maximumActions = 4
    /// The box's identifier; the layer is `alert.<identifier>`.
    public let identifier: String
    /// The actions, in button order (left to right).
    public let actions: [Action]
    /// The layer while presented.
    public private(set) var layer: OverlayLayer?
    private let box: Panel

    /// Creates an alert (with no actions it gets an OK button).
    public init(identifier: String, title: String, message: String = "", actions: [Action] = []) {
        self.identifier = identifier
        let kept = Array((actions.isEmpty ? [Action("OK", role: .primary)] : actions).prefix(Alert.maximumActions))
        self.actions = kept
        func cut(_ s: String) -> String { s.count > Alert.maximumTextLength ? String(s.prefix(Alert.maximumTextLength - 1)) + "…" : s }
        let titleLabel = Label(identifier: "\(identifier).title", text: cut(title), fontSize: Theme.standard.type.headline)
        let messageLabel = Label(identifier: "\(identifier).message", text: cut(message))
        messageLabel.isHidden = message.isEmpty
        var buttons: [View] = []
        for (i, action) in kept.enumerated() {
            let b = Button(identifier: "\(identifier).action.\(i)", title: action.title)
            b.role = action.role
            b.preferredWidth = 96
            buttons.append(b)
        }
        let row = HStack(identifier: "\(identifier).actions", spacing: 8, buttons)
        let column = VStack(identifier: "\(identifier).column", spacing: 12, alignment: .leading, [titleLabel, messageLabel, row])
        box = Panel(identifier: identifier, padding: EdgeInsets(all: 18), content: column)
        box.surface = .sheet
        box.cornerRadius = 12
        for (i, b) in buttons.enumerated() {
            (b as? Button)?.action = { [unowned self] in perform(i) }
        }
    }

    /// True while shown.
    public var isPresented: Bool { layer != nil }

    /// Shows the alert over everything but toasts and the HUD.
    public func present(in overlay: Overlay) {
        guard layer == nil else { return }
        let layer = overlay.addLayer(name: "alert.\(identifier)", level: LayerLevel.toast - 20, kind: .modal)
        let backdrop = overlay.theme[.backdrop].resolved(for: overlay.colorScheme)
        layer.addSubview(CenteringContainer(identifier: "\(identifier).container", content: box, dimming: backdrop))
        layer.onOutsideTap = { _ in }
        layer.onUnfocusedKey = { [unowned self] key in
            guard !key.isRepeat else { return }
            if key.key == .enter, let i = actions.firstIndex(where: { $0.role == .primary }) { perform(i) }
            if key.key == .escape {
                if let i = actions.firstIndex(where: { $0.role == .cancel }) { perform(i) } else { dismiss() }
            }
        }
        self.layer = layer
    }

    /// Removes the alert without running an action.
    public func dismiss() {
        guard let layer else { return }
        self.layer = nil
        layer.overlay?.removeLayer(layer)
        box.superview?.removeFromSuperview()
        box.removeFromSuperview()
    }

    /// Dismisses, then runs action `index`'s handler.
    public func perform(_ index: Int) {
        guard isPresented, actions.indices.contains(index) else { return }
        dismiss()
        actions[index].handler()
    }
}
