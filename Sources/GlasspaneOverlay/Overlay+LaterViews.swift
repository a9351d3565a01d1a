// Views an app adds to the tree later (a screen built on first show; docs/scripts.md, "Views that join later"):
// a script is checked against the tree at frame 0, so these are named in advance. A line that reaches one of them
// before it joins the tree still fails `view-not-found`.

/// A weak reference to a view that joins the tree later (the overlay never keeps a view alive).
struct WeakLaterView {
    weak var view: View?
}

extension Overlay {
    /// Lets scripts name `view` and its subviews from the start, although `view` joins the tree later.
    public func expectLater(_ view: View) {
        laterViews.removeAll { $0.view == nil || $0.view === view }
        laterViews.append(WeakLaterView(view: view))
    }

    /// The identifiers of the views passed to `expectLater(_:)` and of their subviews, as they are now.
    public var laterViewIdentifiers: Set<String> {
        var identifiers: Set<String> = []
        func collect(_ view: View) {
            if !view.identifier.isEmpty { identifiers.insert(view.identifier) }
            for subview in view.subviews { collect(subview) }
        }
        for entry in laterViews { if let view = entry.view { collect(view) } }
        return identifiers
    }
}
