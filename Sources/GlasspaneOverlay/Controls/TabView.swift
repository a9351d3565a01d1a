// A tab view: a tab bar (a segmented picker showing the selection) over the selected tab's content.
import GlasspaneCore
import GlasspaneDraw

/// Tabs over content (SwiftUI's `TabView`): the bar (`<id>.bar`, a `Picker`) shows the selected tab, only its
/// content is visible. Ctrl+Tab / Ctrl+Page Down select the next tab, Ctrl+Shift+Tab / Ctrl+Page Up the previous
/// one (wrapping), wherever focus is inside the sheet. `onChange` reports user changes only.
public final class TabView: View, ScriptableControl {
    /// One tab: its title and content.
    public struct Tab {
        /// The title in the bar.
        public var title: String
        /// The view shown while the tab is selected.
        public var content: View
        /// Creates a tab.
        public init(_ title: String, content: View) { self.title = title; self.content = content }
    }
    /// The tab bar.
    public let bar: Picker
    /// The tabs, in bar order.
    public private(set) var tabs: [Tab]
    /// The selected tab's index. Setting it does not call `onChange`.
    public var selection: Int {
        get { bar.selection }
        set { bar.selection = newValue; showSelectedTab() }
    }
    /// Called with the new index when the user changes the tab.
    public var onChange: ((Int) -> Void)?
    /// Space between the bar and the content, in points.
    public var spacing = 10.0 { didSet { if spacing != oldValue { invalidateMeasurement() } } }

    /// Creates a tab view (at most `Picker.maximumOptions` tabs).
    public init(identifier: String = "", tabs: [Tab], selection: Int = 0) {
        let kept = Array(tabs.prefix(Picker.maximumOptions))
        self.tabs = kept
        bar = Picker(identifier: "\(identifier).bar", options: kept.map(\.title), selection: selection)
        super.init(identifier: identifier)
        addSubview(bar)
        for tab in kept { addSubview(tab.content) }
        bar.onChange = { [unowned self] index in showSelectedTab(); onChange?(index) }
        showSelectedTab()
    }

    /// The selected tab's title.
    public var selectedTitle: String { bar.selectedTitle }

    /// Selects a tab as the user did (calls `onChange`).
    public func select(_ index: Int) { bar.select(index) }

    private func showSelectedTab() {
        for (i, tab) in tabs.enumerated() { tab.content.isHidden = i != bar.selection }
    }

    /// The bar's height plus the tallest content (so switching tabs does not resize the sheet).
    public override func sizeThatFits(_ proposed: Size, fonts: any FontMetrics) -> Size {
        let b = bar.measure(proposed: proposed, fonts: fonts)
        var w = b.width, h = 0.0
        for tab in tabs {
            let s = tab.content.measure(proposed: Size(width: proposed.width, height: .infinity), fonts: fonts)
            w = max(w, s.width); h = max(h, s.height)
        }
        return Size(width: w, height: b.height + spacing + h)
    }

    /// The bar across the top at its natural width (centered), every content below it at full width.
    public override func layoutSubviews(fonts: any FontMetrics) {
        let b = bar.measure(proposed: Size(width: bounds.width, height: .infinity), fonts: fonts)
        let bw = min(b.width, bounds.width)
        bar.frame = Rect(x: ((bounds.width - bw) / 2).rounded(.down), y: 0, width: bw, height: b.height)
        let top = b.height + spacing
        for tab in tabs {
            let s = tab.content.measure(proposed: Size(width: bounds.width, height: .infinity), fonts: fonts)
            tab.content.frame = Rect(x: 0, y: top, width: bounds.width, height: min(s.height, max(0, bounds.height - top)))
        }
    }

    /// Ctrl+Tab / Ctrl+Page Down: next tab; with Shift, or Ctrl+Page Up: previous (wrapping).
    public override func performKeyCommand(_ event: KeyEvent) -> Bool {
        guard event.modifiers.contains(.control), !tabs.isEmpty, bar.isEnabled else { return false }
        let back: Bool
        switch event.key {
        case .tab: back = event.modifiers.contains(.shift)
        case .pageDown: back = false
        case .pageUp: back = true
        default: return false
        }
        select((selection + (back ? tabs.count - 1 : 1)) % tabs.count)
        return true
    }

    /// `selection` (index), `value` (title).
    public func scriptValue(of property: String) -> String? {
        switch property {
        case "selection": String(selection)
        case "value", "text": selectedTitle
        case "isEnabled", "enabled": String(bar.isEnabled)
        default: nil
        }
    }
}
