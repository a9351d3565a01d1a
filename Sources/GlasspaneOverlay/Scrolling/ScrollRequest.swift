// Scrolling a scroll view or list by identifier, from outside the view tree: a script's `scroll` line, the
// `scroll-to` bus message (GlasspaneHost/ScrollToMessage.swift). One lookup and one set of errors for both
// (docs/scrolling.md, "Scrolling from scripts and the bus").
import GlasspaneCore

/// Where a scroll request moves a scroll view.
public enum ScrollRequestTarget: Hashable, Sendable, CustomStringConvertible {
    /// The viewport's top-left corner to this document point (clamped to the view's limits).
    case offset(Point)
    /// A list's row (0-based) to the top of the viewport (the left edge, in a horizontal list); `nearest`: the least
    /// scroll that shows it whole. For a `LazyGrid`, the line of item n (0-based): its row, or in a horizontal grid its
    /// column, to the leading edge.
    case row(Int, nearest: Bool)

    /// `to 0,480` or `row 120`.
    public var description: String {
        switch self {
        case .offset(let p): "to \(p)"
        case let .row(i, nearest): "row \(i)" + (nearest ? " (nearest)" : "")
        }
    }
}

/// Why a scroll request was refused; nothing scrolled.
public enum ScrollRequestError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No view with the identifier is on screen (`reason` says what it is: missing, hidden by an ancestor...).
    case viewNotFound(view: String, reason: String)
    /// The view is not a scroll view, a `row` was asked of a view that is not a list or a grid, or the row (the
    /// grid's item) is not in it.
    case notScrollable(view: String, reason: String)

    /// `view-not-found` or `not-scrollable`, as the script errors and the bus error codes of the same name.
    public var identifier: String {
        switch self {
        case .viewNotFound: "view-not-found"
        case .notScrollable: "not-scrollable"
        }
    }

    /// What was wrong, without the identifier.
    public var reason: String {
        switch self {
        case .viewNotFound(_, let r), .notScrollable(_, let r): r
        }
    }

    /// `identifier: reason`.
    public var description: String { "\(identifier): \(reason)" }
}

extension Overlay {
    /// Scrolls the shown scroll view or list with this identifier: at once, or `animated` on the spring a focus
    /// reveal uses (critically damped, response `ScrollMotion.bounceResponse`, on the frame clock). Throws
    /// `viewNotFound` when no such view is on screen, `notScrollable` when it is not a scroll view (a `row` needs a
    /// `List` or a `LazyGrid`) or the row (the grid's item) is not in it.
    public func scroll(viewWithIdentifier identifier: String, to target: ScrollRequestTarget,
                       animated: Bool = false) throws(ScrollRequestError) {
        let presence = presence(ofView: identifier)
        guard case .shown = presence, let found = view(withIdentifier: identifier) else {
            throw .viewNotFound(view: identifier, reason: "view '\(identifier)' is \(presence)")
        }
        guard let scrollView = found as? ScrollView else {
            throw .notScrollable(view: identifier, reason: "view '\(identifier)' is a \(type(of: found)), not a scroll view or list")
        }
        switch target {
        case .offset(let p):
            scrollView.scroll(to: p, animated: animated)
        case let .row(index, nearest):
            if let grid = scrollView as? LazyGrid {
                // A grid's `row n` is item n's row (LazyGrid.swift).
                guard index >= 0, index < grid.itemCount else {
                    throw .notScrollable(view: identifier, reason: "item \(index) is not in the grid, which has \(grid.itemCount) items")
                }
                if nearest { grid.scrollToItem(index, animated: animated) } else { grid.scrollToItemAtTop(index, animated: animated) }
                return
            }
            guard let list = scrollView as? List else {
                throw .notScrollable(view: identifier, reason: "view '\(identifier)' is a \(type(of: found)), not a list: scroll it 'to' an offset")
            }
            guard index >= 0, index < list.rowCount else {
                throw .notScrollable(view: identifier, reason: "row \(index) is not in the list, which has \(list.rowCount) rows")
            }
            if nearest { list.scrollToRow(index, animated: animated) } else { list.scrollToRowAtTop(index, animated: animated) }
        }
    }
}

extension ScrollView {
    /// Scrolls to an offset (clamped): at once, or `animated` on the focus reveal's spring from where it is (a
    /// fling under way hands over its velocity).
    public func scroll(to point: Point, animated: Bool) {
        guard animated else { contentOffset = point; return }
        // A rectangle the viewport's size at the target is revealed by scrolling exactly to it.
        scrollRectToVisible(Rect(origin: clampedOffset(point), size: bounds.size), animated: true)
    }
}

extension List {
    /// `scrollToRowAtTop(_:)`, animated on the focus reveal's spring when `animated`.
    public func scrollToRowAtTop(_ index: Int, animated: Bool) {
        guard index >= 0, index < rowCount else { return }
        scroll(to: Point(x: contentOffset.x, y: rowOffset(index)), animated: animated)
    }

    /// `scrollToRow(_:)` (the least scroll that shows the row whole), animated on the focus reveal's spring when
    /// `animated`.
    public func scrollToRow(_ index: Int, animated: Bool) {
        guard index >= 0, index < rowCount else { return }
        scrollRectToVisible(Rect(x: 0, y: rowOffset(index), width: bounds.width, height: rowHeight(index)), animated: animated)
    }
}
