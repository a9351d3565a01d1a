// A script's `scroll` lines carried out on the live overlay at the start of their frame (docs/scripts.md,
// "Scrolling"): the view is looked up then, so a list that appears on a later route can be scrolled once it is shown.
import GlasspaneOverlay
import GlasspaneScripts

extension ScriptScroll {
    /// Scrolls the view at once; throws `view-not-found` when it is not on screen, `not-scrollable` when it is not
    /// a scroll view (a `row` needs a list) or the row is not in the list, each naming FILE:LINE, the frame and the view.
    @MainActor
    public func apply(to overlay: Overlay, frame: Int) throws(ScriptErrors) {
        func fail(_ kind: ScriptErrorKind, _ message: String) -> ScriptErrors {
            ScriptErrors([ScriptDiagnostic(kind: kind, file: file, line: line, field: "scroll",
                                           message: "frame \(frame): \(kind.rawValue): scroll '\(view)' \(target): \(message)")])
        }
        let presence = overlay.presence(ofView: view)
        guard case .shown = presence, let found = overlay.view(withIdentifier: view) else {
            throw fail(.viewNotFound, "view '\(view)' is \(presence)")
        }
        guard let scrollView = found as? ScrollView else {
            throw fail(.notScrollable, "view '\(view)' is a \(type(of: found)), not a scroll view or list")
        }
        switch target {
        case .offset(let p):
            scrollView.contentOffset = p
        case let .row(index, nearest):
            guard let list = scrollView as? List else {
                throw fail(.notScrollable, "view '\(view)' is a \(type(of: found)), not a list: scroll it 'to' an offset")
            }
            guard index < list.rowCount else {
                throw fail(.notScrollable, "row \(index) is not in the list, which has \(list.rowCount) rows")
            }
            if nearest { list.scrollToRow(index) } else { list.scrollToRowAtTop(index) }
        }
    }
}
