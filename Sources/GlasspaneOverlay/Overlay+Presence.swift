// Whether a view named by identifier is on screen now, for scripts and tools that name views: the view may sit on a
// hidden route, in a hidden layer, or not have been laid out yet, and its frame then says nothing about the screen
// (a click at it lands on whatever is really there).
import GlasspaneCore

/// Where a view named by identifier stands right now.
public enum ViewPresence: Hashable, Sendable, CustomStringConvertible {
    /// Shown: neither it nor an ancestor nor its layer is hidden, and it has been laid out. Its frame, window points.
    case shown(Rect)
    /// No view in the overlay's layers has the identifier (never added, or removed).
    case notInTree
    /// The view or an ancestor is hidden: the identifier of the hidden one (its type name when it has none).
    case hidden(by: String)
    /// The view's layer is hidden: the layer's name.
    case inHiddenLayer(String)
    /// The view joined the tree after the last layout pass, so it has no frame of its own yet.
    case notLaidOut

    /// Why the view is not shown, as a phrase (`hidden by 'menu'`); `shown at (x, y, w, h)` when it is.
    public var description: String {
        switch self {
        case .shown(let frame): "shown at \(frame)"
        case .notInTree: "not in the view tree"
        case .hidden(let by): "hidden by '\(by)'"
        case .inHiddenLayer(let name): "in the hidden layer '\(name)'"
        case .notLaidOut: "not laid out yet"
        }
    }
}

extension Overlay {
    /// Where the view with this identifier stands now. When several views share it, a shown one wins, so a hidden
    /// copy on another route does not mask the one on screen.
    public func presence(ofView id: String) -> ViewPresence { locate(id).presence }

    /// The view with this identifier and where it stands: the first shown match, front layer first, or else the
    /// first match at all. `view(withIdentifier:)` and `presence(ofView:)` agree because both come from here.
    func locate(_ id: String) -> (view: View?, presence: ViewPresence) {
        var first: (view: View?, presence: ViewPresence)?
        for layer in layers.reversed() {
            var matches: [View] = []
            layer.root.collectDescendants(withIdentifier: id, into: &matches)
            for view in matches {
                let presence = Overlay.presence(of: view, in: layer)
                if case .shown = presence { return (view, presence) }
                if first == nil { first = (view, presence) }
            }
        }
        return first ?? (nil, .notInTree)
    }

    private static func presence(of view: View, in layer: OverlayLayer) -> ViewPresence {
        var v: View? = view
        while let c = v {
            if c.isHidden { return .hidden(by: c.identifier.isEmpty ? String(describing: type(of: c)) : c.identifier) }
            v = c.superview
        }
        if layer.visibility == .hidden { return .inHiddenLayer(layer.name) }
        if !view.hasBeenLaidOut { return .notLaidOut }
        return .shown(view.windowFrame)
    }
}

extension View {
    /// Every view in this subtree with the identifier, in the order `descendant(withIdentifier:)` meets them.
    fileprivate func collectDescendants(withIdentifier id: String, into matches: inout [View]) {
        if identifier == id { matches.append(self) }
        for child in subviews { child.collectDescendants(withIdentifier: id, into: &matches) }
    }
}
