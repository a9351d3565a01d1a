// The view properties a script's `expect.view` can name (docs/scripts.md): one table that the session and the app
// both switch on, so a name answered by one is known to the other.
import GlasspaneOverlay

/// A view property an expectation compares in its text form (`{"expect":{"view":"picker.hex","property":"text",...}}`).
/// The session answers the generic ones (`answeredBySession`) for every view; the app answers the rest for its
/// controls through `SessionApp.property(_:of:)`.
public enum ViewProperty: String, CaseIterable, Sendable {
    /// Whether the view itself is hidden (`true`/`false`).
    case hidden
    /// Whether the view has keyboard focus (`true`/`false`).
    case focused
    /// The view's frame in window points (`Rect`'s description).
    case frame
    /// The text of a label or text field, a button's title.
    case text
    /// Whether a button is enabled (`true`/`false`).
    case enabled
    /// Whether a text field's text is invalid (`true`/`false`).
    case invalid
    /// A color picker's color, or a view's background, as `#rrggbb`.
    case color
    /// A slider's, stepper's or progress bar's value; a picker's or tab view's selected title.
    case value
    /// Whether a toggle is on (`true`/`false`).
    case isOn
    /// A picker's or tab view's selected index.
    case selection
    /// Whether a control is enabled (`true`/`false`); `enabled` is the older name.
    case isEnabled
    /// A scroll view's (or list's) `contentOffset`, `x,y` in points (`Point`'s description).
    case scrollOffset
    /// Whether the view is on screen (`true`/`false`): in the tree, laid out, no hidden ancestor and its layer shown
    /// (a closed sheet's views are not, though none of them is `hidden` itself).
    case shown
    /// Whether a menu is open (`true`/`false`).
    case isOpen
    /// Whether a disclosure group is expanded (`true`/`false`).
    case isExpanded
    /// An open menu level's highlighted item title (empty when none).
    case highlighted
    /// The title of the item a menu ran last.
    case lastChoice
    /// An image's load state: `loaded`, `failed`, `pending` or `empty`.
    case state
    /// An image's error identifier (`image-missing`...), empty when it loaded.
    case error
    /// An image's size in pixels, `WxH`.
    case size

    /// True for the properties every view has, which the session answers itself.
    public var answeredBySession: Bool {
        switch self {
        case .hidden, .focused, .frame, .isOn, .selection, .isEnabled, .scrollOffset, .shown: true
        // Asked of the control itself (`ScriptableControl`, Controls/Control.swift).
        case .isOpen, .isExpanded, .highlighted, .lastChoice, .state, .error, .size: true
        case .text, .enabled, .invalid, .color, .value: false
        }
    }
}
