// The `scroll-to` bus message: whoever holds a bus endpoint (the engine, a tool, a script's `bus` line) scrolls the
// overlay's scroll view or list by identifier, to an offset or a row, at once or animated, with the errors of the
// script's `scroll` line (docs/messages.md, "scroll-to"; the lookup is `Overlay.scroll(viewWithIdentifier:to:animated:)`).
import GlasspaneBus
import GlasspaneCore
import GlasspaneOverlay

/// To the overlay: `{"view": "table.list", "row": 5000, "anchor": "top", "animated": true}` or
/// `{"view": "rules.scroll", "to": [0, 120]}`: exactly one of `to` (the viewport's top-left corner as a document
/// point, clamped) and `row` (a list's row at the top, or with `"anchor": "nearest"` the least scroll that shows it).
public struct ScrollTo: BusMessage, Hashable {
    /// `scroll-to`.
    public static let type = "scroll-to"
    /// The longest view identifier taken, in characters.
    public static let maximumIdentifierLength = 256
    /// The largest offset coordinate taken (as the script line's `to`).
    public static let maximumOffset = 1_000_000_000.0
    /// The largest row taken (a list holds at most 10,000,000 rows).
    public static let maximumRow = 9_999_999

    /// The scroll view's or list's identifier.
    public var view: String
    /// The offset `[x, y]`, in points, when scrolling to an offset.
    public var to: [Double]?
    /// The row, when scrolling a list to a row.
    public var row: Int?
    /// `"top"` (the default) or `"nearest"`, with `row` only.
    public var anchor: String?
    /// True: moves on the spring a focus reveal uses, over the next frames; absent or false: at once.
    public var animated: Bool?

    /// Scrolls to an offset.
    public init(view: String, to offset: Point, animated: Bool = false) {
        self.view = view; self.to = [offset.x, offset.y]; self.animated = animated ? true : nil
    }

    /// Scrolls a list to a row (at the top, or the least scroll with `nearest`).
    public init(view: String, row: Int, nearest: Bool = false, animated: Bool = false) {
        self.view = view; self.row = row; anchor = nearest ? "nearest" : nil; self.animated = animated ? true : nil
    }

    /// Checks the identifier, that exactly one of `to` and `row` is given, and their ranges.
    public func validate() throws(PayloadViolation) {
        guard !view.isEmpty, view.count <= ScrollTo.maximumIdentifierLength else {
            throw PayloadViolation(field: "data.view", reason: "is not a view identifier of 1...\(ScrollTo.maximumIdentifierLength) characters")
        }
        guard (to == nil) != (row == nil) else {
            throw PayloadViolation(field: "data", reason: "needs exactly one of 'to' [x, y] or 'row' N")
        }
        if let to {
            guard to.count == 2 else { throw PayloadViolation(field: "data.to", reason: "has \(to.count) numbers; expected [x, y]") }
            for (i, v) in to.enumerated() where !(v.isFinite && (0...ScrollTo.maximumOffset).contains(v)) {
                throw PayloadViolation(field: "data.to[\(i)]", reason: "= \(v) is outside 0...\(Int(ScrollTo.maximumOffset))")
            }
            if anchor != nil { throw PayloadViolation(field: "data.anchor", reason: "goes with 'row', not 'to'") }
        }
        if let row, !(0...ScrollTo.maximumRow).contains(row) {
            throw PayloadViolation(field: "data.row", reason: "= \(row) is outside 0...\(ScrollTo.maximumRow)")
        }
        if let anchor, anchor != "top", anchor != "nearest" {
            throw PayloadViolation(field: "data.anchor", reason: "\"\(anchor)\" is not top or nearest")
        }
    }

    /// The request this message makes of the overlay.
    public var target: ScrollRequestTarget {
        if let row { return .row(row, nearest: anchor == "nearest") }
        let p = to ?? [0, 0]
        return .offset(Point(x: p[0], y: p[1]))
    }
}

extension BusEndpoint {
    /// Handles `scroll-to` messages arriving here by scrolling `overlay`'s view; a view that is not shown is
    /// answered with a `view-not-found` error, one that cannot scroll as asked with `not-scrollable` (field
    /// `data.view`, or `data.row` for a row past the list's end), and nothing scrolls.
    public func handleScrollRequests(for overlay: Overlay) {
        on(ScrollTo.self) { [weak overlay] message, _ in
            guard let overlay else { return }
            do throws(ScrollRequestError) {
                try overlay.scroll(viewWithIdentifier: message.view, to: message.target, animated: message.animated ?? false)
            } catch {
                let code: BusErrorCode = switch error { case .viewNotFound: .viewNotFound; case .notScrollable: .notScrollable }
                let field = message.row != nil && error.reason.hasPrefix("row ") ? "data.row" : "data.view"
                throw BusError(code: code, message: "\(ScrollTo.type): \(error.reason)", type: ScrollTo.type, field: field)
            }
        }
    }
}
