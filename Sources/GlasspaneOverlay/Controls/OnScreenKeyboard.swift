// The on-screen keyboard (docs/focus.md, "On-screen keyboard"): text entry with a controller. It slides up when a
// text field gets focus while a controller is in hand; the field keeps focus, and the keyboard takes the controller's
// buttons first (`EventRouter+Controller.swift`): the D-pad and the left stick move a selection over the keys
// (spatially, with the same geometry and repeat as focus), A presses the selected key, X deletes, Y shifts, B closes.
// Characters reach the field through `View.textInput`, the entry point the router uses for SDL's text input (no
// input method); Backspace and Enter through `keyDown`, as the physical keys. The layer holding the field slides up
// so the field stays clear of the keyboard (keyboard avoidance, a spring on the frame clock), and back when the
// keyboard closes; a window resize keeps it clear. A second page holds punctuation and symbols.
import GlasspaneCore
import GlasspaneDraw
import GlasspaneAnimation

/// One key of the on-screen keyboard.
public final class KeyCap: Control {
    /// What a key does.
    public enum Kind: Hashable, Sendable {
        /// Types its character (upper case while shifted).
        case character(Character)
        /// Types a space.
        case space
        /// Deletes the character before the caret.
        case backspace
        /// Shifts the next character.
        case shift
        /// Switches between the letters and the symbols page.
        case symbols
        /// Applies the text (the field's Enter) and closes the keyboard.
        case enter
        /// Closes the keyboard, keeping the text.
        case close
    }
    /// What the key does.
    public let kind: Kind
    /// True while the controller's selection is on this key.
    public internal(set) var isSelected = false { didSet { if isSelected != oldValue { setNeedsDisplay() } } }
    /// The caption drawn.
    public internal(set) var caption: String { didSet { if caption != oldValue { setNeedsDisplay() } } }
    /// Runs on a click or a press of A while selected.
    var onPress: ((KeyCap) -> Void)?

    init(identifier: String, kind: Kind, caption: String) {
        self.kind = kind
        self.caption = caption
        super.init(identifier: identifier)
    }

    /// Keys are no Tab stops: the controller's selection moves over them, and the field keeps focus.
    public override var acceptsKeyboardFocus: Bool { false }

    /// A click presses the key.
    public override func clicked(at location: Point?) { onPress?(self) }

    /// A press on a key leaves focus on the field it types into.
    public override var keepsFocusOnPress: Bool { true }

    /// The cap, its caption, and a ring while selected.
    public override func draw(in rect: Rect, context: inout PaintContext) {
        let selectedFill = themeColor(.accent)
        context.add(.rect(rect, color: isSelected ? selectedFill : stateFill(pressed: isPressed, hovered: isHovered), cornerRadius: 6))
        let size = context.fonts.measure(caption, fontSize: 15)
        context.add(.glyphs(GlyphRun(text: caption, origin: Point(x: rect.minX + ((rect.width - size.width) / 2).rounded(.down),
                                                                   y: rect.minY + ((rect.height - size.height) / 2).rounded(.down)),
                                     fontSize: 15, color: themeColor(isSelected ? .accentText : .controlText))))
        if isSelected { addFocusRing(around: rect, cornerRadius: 6, context: &context) }
    }
}

/// The keys laid out in rows, in a panel at the bottom of its layer; one page of rows is shown at a time.
final class KeyboardPanel: Panel {
    /// The pages (letters, symbols), each rows of keys top to bottom; a key may be on both (digits, Space).
    let pages: [[[KeyCap]]]
    /// The page shown (0: letters, 1: symbols).
    private(set) var page = 0
    /// The shown page's rows, top to bottom.
    var rows: [[KeyCap]] { pages[page] }

    init(pages: [[[KeyCap]]]) {
        self.pages = pages
        super.init(identifier: "osk.panel", padding: EdgeInsets(all: OnScreenKeyboard.padding))
        surface = .sheet
        cornerRadius = 12
        for key in pages.joined().joined() where key.superview == nil { addSubview(key) }
        showPage(0)
    }

    /// Shows one page's keys and hides the others'.
    func showPage(_ index: Int) {
        page = index
        let shown = Set(pages[index].joined().map(ObjectIdentifier.init))
        for key in subviews { key.isHidden = !shown.contains(ObjectIdentifier(key)) }
        placeKeys()
    }

    /// A press between the keys leaves focus on the field, as a press on a key does.
    override var keepsFocusOnPress: Bool { true }

    /// The widest row of any page (wide keys count `width(of:)` units, so both pages have one size) by the rows' height.
    override func sizeThatFits(_ proposed: Size, fonts: any FontMetrics) -> Size {
        let k = OnScreenKeyboard.keySize, gap = OnScreenKeyboard.gap, p = OnScreenKeyboard.padding
        var widest = 0.0
        for row in pages.joined() { widest = max(widest, Self.width(of: row)) }
        let n = Double(rows.count)
        return Size(width: widest + 2 * p, height: n * k + (n - 1) * gap + 2 * p)
    }

    /// Each row centered.
    override func layoutSubviews(fonts: any FontMetrics) { placeKeys() }

    /// Places the shown page's keys, each row centered (no fonts needed, so a page switch places them at once).
    private func placeKeys() {
        let k = OnScreenKeyboard.keySize, gap = OnScreenKeyboard.gap, p = OnScreenKeyboard.padding
        for (r, row) in rows.enumerated() {
            let width = Self.width(of: row)
            var x = ((bounds.width - width) / 2).rounded(.down)
            for key in row {
                key.frame = Rect(x: x, y: p + Double(r) * (k + gap), width: Self.units(key) * k, height: k)
                x += Self.units(key) * k + gap
            }
        }
    }

    /// A row's width: its keys and the gaps between them.
    static func width(of row: [KeyCap]) -> Double {
        var units = 0.0
        for key in row { units += Self.units(key) }
        return units * OnScreenKeyboard.keySize + Double(row.count - 1) * OnScreenKeyboard.gap
    }

    /// How many key widths a key takes.
    static func units(_ key: KeyCap) -> Double {
        switch key.kind {
        case .character: 1
        case .space: 4
        case .backspace, .shift, .enter, .close, .symbols: 1.75
        }
    }
}

/// Places the keyboard at the bottom center of the window, `OnScreenKeyboard.margin` above the edge.
final class KeyboardContainer: CenteringContainer {
    override func layoutSubviews(fonts: any FontMetrics) {
        let s = content.measure(proposed: bounds.size, fonts: fonts)
        content.frame = Rect(x: ((bounds.width - s.width) / 2).rounded(.down),
                             y: max(0, bounds.height - s.height - OnScreenKeyboard.margin),
                             width: min(s.width, bounds.width), height: min(s.height, bounds.height))
    }
}

/// Hides the keyboard's layer when its closing slide is over, ticked by the overlay's frame clock.
final class KeyboardCloser: FrameTicking {
    weak var keyboard: OnScreenKeyboard?
    init(keyboard: OnScreenKeyboard) { self.keyboard = keyboard }
    func frameTick(time: Double) -> Bool { keyboard?.tickClosing() ?? false }
}

/// An on-screen keyboard for text entry with a controller; install one per overlay with `install(in:)`.
public final class OnScreenKeyboard {
    /// A key's side, the gap between keys and the panel's padding, in points.
    static let keySize = 40.0, gap = 6.0, padding = 12.0
    /// The space kept between the field and the keyboard's top, and between the keyboard and the window's bottom.
    public static let margin = 12.0

    /// The layer holding the keyboard (`keyboard`, above sheets and below toasts); hidden while closed.
    public let layer: OverlayLayer
    /// The shown page's keys, row by row (identifiers `osk.key.<char>` for digits and letters, `osk.sym.<name>` for
    /// punctuation and symbols, `osk.space`, `osk.backspace`, `osk.shift`, `osk.symbols`, `osk.enter`, `osk.close`).
    public var keys: [KeyCap] { panel.rows.flatMap { $0 } }
    /// True while the symbols page is shown (the `osk.symbols` key switches pages).
    public var showsSymbols: Bool { panel.page == 1 }
    /// How the keyboard slides in and the field's layer slides clear of it and back (nil: at once). A spring on the
    /// frame clock, so replays repeat it frame by frame.
    public var animation: Animation? = .default
    /// How the keyboard slides down out of the window when it closes (nil: it vanishes at once): short and
    /// accelerating, as a keyboard leaves; on the frame clock too.
    public var closingAnimation: Animation? = .easeIn(duration: 0.15)
    /// The field the keyboard types into while shown.
    public private(set) weak var field: View?
    /// True while the next character is typed in upper case.
    public private(set) var isShifted = false { didSet { if isShifted != oldValue { updateCaptions() } } }
    /// The key the controller's selection is on.
    public private(set) var selectedKey: KeyCap?
    /// True while shown.
    public var isShown: Bool { field != nil }
    /// How far the field's layer was moved up to keep the field clear of the keyboard (0 when not moved).
    public private(set) var avoidanceOffset = 0.0

    let panel: KeyboardPanel
    private unowned let overlay: Overlay
    private lazy var closer = KeyboardCloser(keyboard: self)
    private weak var movedLayer: OverlayLayer?

    /// The symbols page's rows under the digits: each character with the name in its identifier (`osk.sym.<name>`).
    static let symbolRows: [[(Character, String)]] = [
        [("-", "minus"), ("/", "slash"), (":", "colon"), (";", "semicolon"), ("(", "open-paren"), (")", "close-paren"),
         ("$", "dollar"), ("&", "ampersand"), ("@", "at"), ("\"", "quote")],
        [(".", "period"), (",", "comma"), ("?", "question"), ("!", "exclamation"), ("'", "apostrophe"), ("#", "hash"),
         ("%", "percent"), ("*", "asterisk"), ("+", "plus")],
        [("=", "equals"), ("_", "underscore"), ("<", "less"), (">", "greater"), ("[", "open-bracket"),
         ("]", "close-bracket"), ("~", "tilde")],
    ]

    private init(overlay: Overlay) {
        self.overlay = overlay
        func characters(_ s: String) -> [KeyCap] { s.map { KeyCap(identifier: "osk.key.\($0)", kind: .character($0), caption: String($0)) } }
        let digits = characters("1234567890")
        let shift = KeyCap(identifier: "osk.shift", kind: .shift, caption: "Shift")
        let backspace = KeyCap(identifier: "osk.backspace", kind: .backspace, caption: "\u{232B}")
        let bottom = [KeyCap(identifier: "osk.close", kind: .close, caption: "Close"),
                      KeyCap(identifier: "osk.symbols", kind: .symbols, caption: "#+="),
                      KeyCap(identifier: "osk.space", kind: .space, caption: "Space"),
                      KeyCap(identifier: "osk.enter", kind: .enter, caption: "Enter")]
        let letters = [digits, characters("qwertyuiop"), characters("asdfghjkl"), [shift] + characters("zxcvbnm") + [backspace], bottom]
        var symbols = Self.symbolRows.map { row in
            row.map { KeyCap(identifier: "osk.sym.\($0.1)", kind: .character($0.0), caption: String($0.0)) }
        }
        symbols[2].append(backspace)
        panel = KeyboardPanel(pages: [letters, [digits] + symbols + [bottom]])
        layer = overlay.addLayer(name: "keyboard", level: LayerLevel.toast - 1, visibility: .hidden, kind: .interactive)
        layer.addSubview(KeyboardContainer(identifier: "osk.container", content: panel))
        for key in panel.subviews.compactMap({ $0 as? KeyCap }) { key.onPress = { [unowned self] in self.press($0) } }
    }

    /// Gives the overlay an on-screen keyboard (once; later calls return the same one).
    @discardableResult
    public static func install(in overlay: Overlay) -> OnScreenKeyboard {
        if let existing = overlay.onScreenKeyboard { return existing }
        let keyboard = OnScreenKeyboard(overlay: overlay)
        overlay.onScreenKeyboard = keyboard
        return keyboard
    }

    // MARK: - Showing and closing

    /// Slides up for `field` (a view that takes text), selects the first key, and moves the field's layer up when
    /// the keyboard would cover the field.
    public func present(for field: View) {
        guard field.acceptsTextInput, self.field !== field else { return }
        if isShown { restoreAvoidance() }
        let wasClosing = isClosing
        isClosing = false
        panel.isUserInteractionEnabled = true
        self.field = field
        isShifted = false
        setPage(0)
        select(panel.rows.dropFirst().first?.first)
        layer.visibility = .visible
        // No layout here: this may run inside one (a field that focuses on appear); the keyboard's place is known,
        // and `refreshAvoidance` checks again after the next layout.
        avoid(field)
        // Reopened mid-close: it turns back up from where it is drawn.
        if !wasClosing { withAnimation(nil) { panel.transform = ViewTransform(translation: Point(x: 0, y: height + Self.margin)) } }
        withAnimation(animation) { panel.transform = .identity }
    }

    /// Closes the keyboard (the text stays as typed), sliding it down with `closingAnimation`, and moves the field's
    /// layer back with `animation`. A closing keyboard takes no clicks: its model is already below the window.
    public func dismiss() {
        guard isShown else { return }
        field = nil
        select(nil)
        restoreAvoidance()
        guard let closingAnimation else { finishClosing(); return }
        isClosing = true
        panel.isUserInteractionEnabled = false
        withAnimation(closingAnimation) { panel.transform = ViewTransform(translation: Point(x: 0, y: height + Self.margin)) }
        overlay.startTicking(closer)
    }

    /// True while the keyboard slides down after closing (its layer is still shown).
    public private(set) var isClosing = false

    /// Hides the layer once the closing slide is over (the overlay's frame clock ticks it); false when done.
    func tickClosing() -> Bool {
        guard isClosing else { return false }
        if panel.isAnimating { return true }
        finishClosing()
        return false
    }

    private func finishClosing() {
        isClosing = false
        panel.isUserInteractionEnabled = true
        withAnimation(nil) { panel.transform = .identity }
        layer.visibility = .hidden
    }

    /// Focus moved: the keyboard closes when its field lost focus.
    func focusDidMove() {
        if let field, overlay.focusedView !== field { dismiss() }
    }

    /// The keyboard panel's height, in points (its rows of keys and padding).
    public var height: Double {
        let n = Double(panel.rows.count)
        return n * Self.keySize + (n - 1) * Self.gap + 2 * Self.padding
    }

    /// The keyboard's top edge in window points (where the container places it).
    public var top: Double { max(0, overlay.windowSize.height - height - Self.margin) }

    /// After a layout while shown (the window resized, the field moved): moves the field's layer again so the field
    /// stays clear of the keyboard, or back down when it no longer needs to be up.
    func refreshAvoidance() {
        if let field, field.layer != nil { avoid(field) }
    }

    /// Moves the field's layer up by what the field (where it would be unmoved) overlaps the keyboard's top plus the
    /// margin, or back to 0 when it does not; sliding with `animation`. The model moves at once (hit testing agrees).
    private func avoid(_ field: View) {
        guard let fieldLayer = field.layer, fieldLayer !== layer else { return }
        if let moved = movedLayer, moved !== fieldLayer { restoreAvoidance() }
        let unmovedBottom = field.windowFrame.maxY - fieldLayer.root.frame.minY
        let offset = max(0, (unmovedBottom + Self.margin - top).rounded(.up))
        guard offset != avoidanceOffset || (offset > 0 && movedLayer == nil) else { return }
        movedLayer = offset > 0 ? fieldLayer : nil
        avoidanceOffset = offset
        withAnimation(animation) { fieldLayer.root.frame.origin.y = -offset }
    }

    private func restoreAvoidance() {
        if let moved = movedLayer { withAnimation(animation) { moved.root.frame.origin.y = 0 } }
        movedLayer = nil
        avoidanceOffset = 0
    }

    // MARK: - Controller

    /// A controller button while shown: the D-pad moves the selection, A presses the selected key, X deletes, Y
    /// shifts, B and Start close. False for the rest (the usual routing applies).
    func controllerButton(_ event: ControllerButtonEvent, isRepeat: Bool) -> Bool {
        guard isShown, event.isDown else { return false }
        if let direction = event.button.direction { moveSelection(direction); return true }
        switch event.button {
        case .a: if let selectedKey, !isRepeat { press(selectedKey) }
        case .x: deleteBackward()
        case .y: isShifted.toggle()
        case .b, .start: dismiss()
        default: return false
        }
        return true
    }

    /// Moves the selection to the nearest key in `direction` (the geometry of spatial navigation); at an edge it
    /// stays. Returns the key selected.
    @discardableResult
    public func moveSelection(_ direction: FocusDirection) -> KeyCap? {
        let all = keys
        guard let current = selectedKey else { select(all.first); return selectedKey }
        let others = all.filter { $0 !== current }
        if let i = SpatialNavigation.nearest(from: current.frame, direction: direction, among: others.map(\.frame)) {
            select(others[i])
        }
        return selectedKey
    }

    private func setPage(_ index: Int) {
        guard panel.page != index else { return }
        panel.showPage(index)
        if let selected = selectedKey, selected.isHidden {
            // The selection stays in place: on the key nearest where it was (its row and column).
            select(keys.min { abs($0.frame.center.y - selected.frame.center.y) * 4 + abs($0.frame.center.x - selected.frame.center.x)
                            < abs($1.frame.center.y - selected.frame.center.y) * 4 + abs($1.frame.center.x - selected.frame.center.x) })
        }
        keys.first { $0.kind == .symbols }?.caption = index == 1 ? "ABC" : "#+="
    }

    private func select(_ key: KeyCap?) {
        selectedKey?.isSelected = false
        selectedKey = key
        key?.isSelected = true
    }

    // MARK: - Typing

    /// Presses a key: types, deletes, shifts, applies or closes.
    public func press(_ key: KeyCap) {
        guard let field else { return }
        switch key.kind {
        case .character(let c):
            field.textInput(isShifted ? c.uppercased() : String(c))
            isShifted = false
        case .space: field.textInput(" ")
        case .backspace: deleteBackward()
        case .shift: isShifted.toggle()
        case .symbols: setPage(showsSymbols ? 0 : 1)
        case .enter:
            field.keyDown(KeyEvent(key: .enter))
            dismiss()
        case .close: dismiss()
        }
    }

    private func deleteBackward() { field?.keyDown(KeyEvent(key: .backspace)) }

    private func updateCaptions() {
        for key in keys {
            if case .character(let c) = key.kind { key.caption = isShifted ? c.uppercased() : String(c) }
        }
    }
}
