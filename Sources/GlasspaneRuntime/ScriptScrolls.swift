// A script's `scroll` lines carried out on the live overlay at the start of their frame (docs/scripts.md,
// "Scrolling"): the view is looked up then, so a list that appears on a later route can be scrolled once it is shown.
// The lookup and its errors are the overlay's (`Overlay.scroll(viewWithIdentifier:to:animated:)`), shared with the
// `scroll-to` bus message.
import GlasspaneOverlay
import GlasspaneScripts

extension ScriptScroll {
    /// Scrolls the view, at once or animated; throws `view-not-found` when it is not on screen, `not-scrollable` when
    /// it is not a scroll view (a `row` needs a list) or the row is not in the list, each naming FILE:LINE, the frame
    /// and the view.
    @MainActor
    public func apply(to overlay: Overlay, frame: Int) throws(ScriptErrors) {
        let request: ScrollRequestTarget = switch target {
        case .offset(let p): .offset(p)
        case let .row(index, nearest): .row(index, nearest: nearest)
        }
        do throws(ScrollRequestError) {
            try overlay.scroll(viewWithIdentifier: view, to: request, animated: animated)
        } catch {
            let kind: ScriptErrorKind = switch error {
            case .viewNotFound: .viewNotFound
            case .notScrollable: .notScrollable
            }
            throw ScriptErrors([ScriptDiagnostic(kind: kind, file: file, line: line, field: "scroll",
                                                 message: "frame \(frame): \(kind.rawValue): scroll '\(view)' \(target): \(error.reason)")])
        }
    }
}
