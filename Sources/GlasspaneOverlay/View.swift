// The retained view: geometry, hierarchy, appearance, invalidation, and the overridable hooks for layout,
// painting and events. Hit testing, coordinates, layout, painting and animation live in `View+*.swift` and
// `Layout.swift`.
import GlasspaneCore
import GlasspaneDraw
import GlasspaneAnimation
import Synchronization

/// A tag a view can carry; routing, tools and scripts look views up by tag.
public struct ViewTag: Hashable, Sendable, Codable, RawRepresentable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The tag's name.
    public var rawValue: String
    /// Creates a tag from its name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Creates a tag from a string literal.
    public init(stringLiteral value: String) { self.rawValue = value }
    /// The tag's name.
    public var description: String { rawValue }
    /// A hit on a view with this tag means "this layer has nothing here": the next layer down is asked.
    public static let passthrough: ViewTag = "passthrough"
}

/// How a view takes part in hit testing once the UIKit skip rules (hidden, alpha, interaction, bounds) passed.
public enum HitTestBehavior: String, Hashable, Sendable, Codable {
    /// Claim the bounds when the view draws something or is a control (`claimsBoundsByDefault`); otherwise defer.
    case automatic
    /// Claim a point only through a subview; the view itself is never the hit view (Flutter's `deferToChild`).
    case deferToChildren
    /// Claim every point inside the bounds that no subview claims (Flutter's `opaque`).
    case opaque
}

/// Space inside an edge, in points (padding).
public struct EdgeInsets: Hashable, Sendable, Codable {
    /// Space at the top.
    public var top: Double
    /// Space on the left.
    public var leading: Double
    /// Space at the bottom.
    public var bottom: Double
    /// Space on the right.
    public var trailing: Double
    /// Creates insets from each edge.
    public init(top: Double, leading: Double, bottom: Double, trailing: Double) {
        self.top = top; self.leading = leading; self.bottom = bottom; self.trailing = trailing
    }
    /// The same inset on every edge.
    public init(all d: Double) { self.init(top: d, leading: d, bottom: d, trailing: d) }
    /// One inset left and right, another top and bottom.
    public init(horizontal h: Double, vertical v: Double) { self.init(top: v, leading: h, bottom: v, trailing: h) }
    /// No insets.
    public static let zero = EdgeInsets(all: 0)
    /// Left plus right.
    public var horizontal: Double { leading + trailing }
    /// Top plus bottom.
    public var vertical: Double { top + bottom }
}

/// Bumped by every change of any view's superview or of a layer's root, in every tree: a view's cached `layer` is
/// trusted only in the generation it was found in. Still frames change no superview, so their lookups hit the cache.
private let viewHierarchyGeneration = Atomic<UInt64>(0)

/// A node of the retained overlay tree: a rectangle in its superview's coordinates that may draw,
/// hold subviews in z-order (last is frontmost) and receive routed events through its overridable hooks.
open class View {
    // MARK: - Identity

    /// A stable dotted name (`picker.sv`) that dumps, traces and scripts use to find the view; may be empty.
    public final var identifier: String
    /// Tags the view carries; `.passthrough` makes a hit on it fall through to the layer below.
    public final var tags: Set<ViewTag> = [] {
        didSet { isPassthrough = tags.contains(.passthrough) }
    }
    /// Cached `tags.contains(.passthrough)`, so routing does not hash strings per event.
    final var isPassthrough = false

    // MARK: - Geometry

    /// The view's rectangle in its superview's coordinates (window coordinates for a layer root). This is the model
    /// value: inside `withAnimation` it changes at once and `presentationFrame` moves toward it.
    public final var frame: Rect {
        didSet {
            if frame != oldValue {
                hitRecord.frame = frame; hitGeometryDidChange(); frameDidChange(from: oldValue)
                modelDidChange(\.frame, from: oldValue, to: frame)
            }
        }
    }
    /// The view's own coordinate space: origin zero, the frame's size.
    public var bounds: Rect { Rect(origin: .zero, size: frame.size) }

    // MARK: - Hierarchy

    /// Subviews back to front: the last one is drawn last and hit-tested first.
    public private(set) final var subviews: [View] = []
    /// The view this one is a subview of.
    public private(set) final weak var superview: View?
    /// Set on a layer's root view only; every other view finds its layer through its ancestors.
    weak var hostLayer: OverlayLayer? { didSet { viewHierarchyGeneration.add(1, ordering: .relaxed) } }
    /// The layer `layer` found last, and the hierarchy generation it was found in.
    private weak var cachedLayer: OverlayLayer?
    private var cachedLayerGeneration = UInt64.max

    // MARK: - Appearance and interaction

    /// A hidden view and its subtree are neither drawn nor hit.
    public final var isHidden = false {
        didSet {
            if isHidden != oldValue {
                // Its container lays out again (the view's own content did not change).
                updateHitRecord(); (superview ?? self).invalidateMeasurement(); invalidateStructure()
                // Shown again: whatever it was asked to lay out while hidden (OverlayLayer skips hidden subtrees).
                if !isHidden && (needsLayout || subtreeNeedsLayout) { propagateSubtreeNeedsLayout() }
                let owner = layer
                owner?.needsAppearanceScan = true
                owner?.overlay?.viewBecameIneligible(self)
            }
        }
    }
    /// Opacity, 0...1, multiplied down the subtree; below 0.01 the subtree is not hit (the model value decides).
    public final var alpha: Double = 1 {
        didSet { if alpha != oldValue { updateHitRecord(); invalidateStructure(); modelDidChange(\.alpha, from: oldValue, to: alpha) } }
    }
    /// When false the view and its subtree are skipped by hit testing (events go to what is behind).
    public final var isUserInteractionEnabled = true {
        didSet { updateHitRecord() }
    }
    /// Fill behind the view's content; a visible fill makes an `.automatic` view claim its bounds.
    public final var backgroundColor: Color = .clear {
        didSet { if backgroundColor != oldValue { setNeedsDisplay(); modelDidChange(\.backgroundColor, from: oldValue, to: backgroundColor) } }
    }
    /// Corner radius of the background and border, in points.
    public final var cornerRadius: Double = 0 {
        didSet { if cornerRadius != oldValue { setNeedsDisplay(); modelDidChange(\.cornerRadius, from: oldValue, to: cornerRadius) } }
    }
    /// A paint-time scale and translation of the view and its subtree (layout and hit testing ignore it).
    public final var transform: ViewTransform = .identity {
        didSet { if transform != oldValue { invalidateStructure(); modelDidChange(\.transform, from: oldValue, to: transform) } }
    }
    /// Border color (drawn inside the bounds).
    public final var borderColor: Color = .clear {
        didSet { if borderColor != oldValue { setNeedsDisplay() } }
    }
    /// Border width in points; 0 draws no border.
    public final var borderWidth: Double = 0 {
        didSet { if borderWidth != oldValue { setNeedsDisplay() } }
    }
    /// When true subviews are drawn clipped to the bounds (hit testing always ignores points outside the bounds).
    public final var clipsToBounds = false {
        didSet { if clipsToBounds != oldValue { invalidateStructure() } }
    }
    /// How the view claims points; see `HitTestBehavior`.
    public final var hitTestBehavior: HitTestBehavior = .automatic

    /// Whether an `.automatic` view claims its bounds: true when it draws a fill or border; controls say true.
    open var claimsBoundsByDefault: Bool {
        backgroundColor.a > 0 || (borderWidth > 0 && borderColor.a > 0)
    }

    // MARK: - Layout inputs

    /// A fixed width that measurement reports instead of the content's width.
    public final var preferredWidth: Double? {
        didSet { if preferredWidth != oldValue { ownMeasurementDidChange() } }
    }
    /// A fixed height that measurement reports instead of the content's height.
    public final var preferredHeight: Double? {
        didSet { if preferredHeight != oldValue { ownMeasurementDidChange() } }
    }
    /// Flexible frame, padding, priority, aspect ratio and fixed size (Layout/LayoutModifiers.swift, docs/layout.md).
    public final var layoutModifiers = LayoutModifiers() {
        didSet { if layoutModifiers != oldValue { ownMeasurementDidChange() } }
    }
    /// Measurements remembered since the last `invalidateMeasurement` (Layout/MeasurementCache.swift).
    final var measurementCache = MeasurementCache()
    /// How many times a layout pass ran this view's `layoutSubviews` (tests count incremental relayout with it).
    package internal(set) final var layoutCount = 0
    /// In an absolute (plain) container: the superview sizes this view to its measured size at each layout,
    /// keeping the origin you set. Stacks size every child anyway.
    public final var sizesToFit = false {
        didSet { if sizesToFit != oldValue { superview?.setNeedsLayout() } }
    }

    // MARK: - Focus

    /// Whether a press on the view (or a subview that cannot take focus) gives it keyboard focus.
    open var canBecomeFocused: Bool { false }
    /// Whether Tab and Shift-Tab stop on the view (`Overlay.focusOrder()`); by default, views a press focuses.
    /// A button says true here but false to `canBecomeFocused`, so a press never takes focus from a text field.
    open var acceptsKeyboardFocus: Bool { canBecomeFocused }
    /// Whether a press on the view (or a subview) leaves keyboard focus where it is instead of clearing it: the
    /// on-screen keyboard's keys type into the focused field without taking focus from it.
    open var keepsFocusOnPress: Bool { false }
    /// Ask for keyboard focus whenever the view appears (is added, unhidden, or its layer is shown or freed from
    /// a modal above it) and can take it: the "open the keyboard when the Type tab appears" case. The overlay
    /// focuses it after its next layout, in the same frame (docs/focus.md).
    public final var focusesOnAppear = false {
        didSet {
            guard focusesOnAppear != oldValue else { return }
            if focusesOnAppear { layer?.needsAppearanceScan = true }
            addToFocusOnAppearCounts(focusesOnAppear ? 1 : -1)
        }
    }
    /// How many views of this subtree, itself included, have `focusesOnAppear` set: the overlay's appearance scan
    /// walks only subtrees with some, so recycling list rows does not walk the whole tree (Overlay.swift).
    final private(set) var focusOnAppearCount = 0
    /// Adds `delta` to this view's and its ancestors' `focusOnAppearCount`.
    private func addToFocusOnAppearCounts(_ delta: Int) {
        var v: View? = self
        while let c = v { c.focusOnAppearCount += delta; v = c.superview }
    }
    /// The layer and walk that last saw this view able to take focus (`focusesOnAppear` bookkeeping).
    final weak var appearanceLayer: OverlayLayer?
    /// See `appearanceLayer`.
    final var appearanceScan: UInt64 = 0
    /// True for views that take typed text while focused (the host then turns the platform's text input on).
    open var acceptsTextInput: Bool { false }
    /// Where typed text goes while the view has focus, in window points (the platform puts the input method's
    /// candidate window there); nil when the view does not say.
    open var textInputCaretRect: Rect? { nil }
    /// Whether an arrow key or D-pad press in `direction` belongs to this view while it has focus (a slider steps,
    /// a list moves its cursor) instead of moving focus spatially (docs/focus.md, "Spatial navigation").
    open func handlesDirection(_ direction: FocusDirection) -> Bool { false }
    /// Explicit spatial-navigation neighbours by view identifier (Godot's focus neighbours): the D-pad or an arrow
    /// key in that direction focuses the named view when it is focusable in the current scope; an empty string
    /// stops focus there. Directions not listed use geometry.
    public final var focusNeighbors: [FocusDirection: String] = [:]
    /// Items offered on a right press or a long press on this view or its subviews (Controls/ContextMenu.swift).
    public final var contextMenu: ContextMenu?
    /// True while the view has keyboard focus; the overlay sets it.
    public internal(set) final var isFocused = false {
        didSet { if isFocused != oldValue { focusDidChange() } }
    }

    // MARK: - Hit-test record (one internal stored value, so the hot loop reads one field per child)

    /// What hit testing reads per child: the frame and whether the skip rules let the view take part.
    struct HitRecord {
        /// Mirrors `frame`.
        var frame: Rect
        /// Mirrors `!isHidden && alpha >= 0.01 && isUserInteractionEnabled`.
        var isTestable: Bool
    }
    /// Kept in step with `frame`, `isHidden`, `alpha` and `isUserInteractionEnabled` by their observers.
    final var hitRecord: HitRecord

    private func updateHitRecord() {
        let testable = !isHidden && alpha >= View.minimumHitAlpha && isUserInteractionEnabled
        if testable != hitRecord.isTestable { hitRecord.isTestable = testable; hitGeometryDidChange() }
    }

    /// True when this subtree's frames, testability or structure changed since the last `HitTable` was built at
    /// or above this view. Invariant: a dirty view's ancestors are dirty too, so marking stops at the first one.
    final var hitGeometryDirty = true
    /// The flattened copy of this subtree's hit records that `hitTest` reads on large subtrees (View+HitTesting.swift).
    final var hitTable: HitTable?

    /// Marks this view and its ancestors as changed for hit testing (stops at the first already marked).
    final func hitGeometryDidChange() {
        var v: View? = self
        while let c = v, !c.hitGeometryDirty {
            c.hitGeometryDirty = true
            v = c.superview
        }
    }

    // MARK: - Invalidation state (read by the layer's passes)

    /// True for views whose measured size does not depend on their subviews (scroll views): a change inside them
    /// stops there instead of laying out every ancestor again.
    final var isMeasurementBoundary = false
    /// The view must run `layoutSubviews` at the next layout pass.
    final var needsLayout = true
    /// A layout pass has run this view's `layoutSubviews` at least once (before that its frame is whatever it was
    /// created with: `Overlay.presence(ofView:)` reports it as not laid out).
    final var hasBeenLaidOut = false
    /// Some descendant needs layout (the pass descends only into flagged branches).
    final var subtreeNeedsLayout = false
    /// The view's own commands must be regenerated at the next paint pass.
    final var needsDisplay = true
    /// Where this view's own commands sit in its layer's draw list (valid when `paintGeneration` is current).
    final var paintStart = 0
    /// How many own commands the view produced at its last paint.
    final var paintCount = 0
    /// Where the view's subtree ends in its layer's draw list (after its descendants and its clip's `popClip`).
    final var paintSubtreeEnd = 0
    /// The layer paint generation that last laid out this view's commands; stale means not in the list.
    final var paintGeneration = -1
    /// Origin used at the last full paint, reused by partial repaints: in window points, or inside a scroll view's
    /// offset group in the group's own points (OverlayLayer+Offsets.swift).
    final var paintOrigin = Point.zero
    /// For a scroll view's document painted as an offset group: the `pushOffset` it was drawn under (points), and
    /// that command's index in the list. Nil otherwise.
    final var paintGroupShift: Point?
    final var paintGroupCommand = 0
    /// Accumulated opacity at the last full paint.
    final var paintOpacity = 1.0
    /// Accumulated transform (window points to drawn points) at the last full paint.
    final var paintTransform = PaintTransform.identity
    /// The presentation size the view's own commands were last drawn for.
    final var paintSize = Size.zero

    // MARK: - Shared state (ObservedState.swift)

    /// The view's `bind` closures; nil while it has none (most views).
    final var bindings: [ViewBinding]?
    /// Some binding read a property that changed since it last ran.
    final var hasDirtyBindings = false

    // MARK: - Theme

    /// The color tokens `draw(in:context:)` read at the view's last paint (a scheme switch repaints the view only
    /// when one of them changed; Overlay+Theme.swift).
    package final var themeTokensRead = ColorTokenSet()

    // MARK: - Animation state

    /// This view's slot in its overlay's `ViewAnimationStore` while some property animates, else -1.
    final var animationSlot: Int32 = -1
    /// The store holding this view's running animations (weak: the overlay owns it).
    final weak var animationStore: ViewAnimationStore?

    // MARK: - Creation

    /// Creates a view with an identifier and a frame in its future superview's coordinates.
    public init(identifier: String = "", frame: Rect = .zero) {
        self.identifier = identifier
        self.frame = frame
        self.hitRecord = HitRecord(frame: frame, isTestable: true)
    }

    // MARK: - Hierarchy changes

    /// Adds a view in front of the existing subviews (removing it from its old superview first).
    public func addSubview(_ view: View) {
        insertSubview(view, at: subviews.count)
    }

    /// Adds a view at an origin; it sizes itself to fit at each layout (absolute placement).
    public func addSubview(_ view: View, at origin: Point) {
        view.frame.origin = origin
        view.sizesToFit = true
        addSubview(view)
    }

    /// Inserts a view at a z-order index (0 is backmost).
    public func insertSubview(_ view: View, at index: Int) {
        precondition(view !== self, "a view cannot be its own subview")
        if view.superview != nil { view.removeFromSuperview() }
        // A layer's root put under another view leaves its layer: its animating views must look theirs up again.
        if let host = view.hostLayer { host.overlay?.animationStore.treeChanged = true }
        subviews.insert(view, at: min(max(index, 0), subviews.count))
        view.superview = self
        if view.focusOnAppearCount != 0 { addToFocusOnAppearCounts(view.focusOnAppearCount) }
        viewHierarchyGeneration.add(1, ordering: .relaxed)
        hitGeometryDidChange()
        // The child may carry flags set while detached; make the path to it visible to the layout pass.
        if view.needsLayout || view.subtreeNeedsLayout { view.propagateSubtreeNeedsLayout() }
        layer?.needsAppearanceScan = true
        invalidateMeasurement()
        invalidateStructure()
    }

    /// Removes the view from its superview; routing forgets it for hover and focus (capture keeps it until up).
    public func removeFromSuperview() {
        guard let parent = superview else { return }
        let owner = layer
        parent.invalidateStructure()
        parent.invalidateMeasurement()
        if let i = parent.subviews.firstIndex(where: { $0 === self }) { parent.subviews.remove(at: i) }
        if focusOnAppearCount != 0 { parent.addToFocusOnAppearCounts(-focusOnAppearCount) }
        superview = nil
        viewHierarchyGeneration.add(1, ordering: .relaxed)
        parent.hitGeometryDidChange()
        owner?.overlay?.viewBecameIneligible(self)
    }

    /// True when `ancestor` is this view or one of its ancestors.
    public func isDescendant(of ancestor: View) -> Bool {
        var v: View? = self
        while let c = v {
            if c === ancestor { return true }
            v = c.superview
        }
        return false
    }

    /// The first view in this subtree (pre-order, self first) with the identifier.
    public func descendant(withIdentifier id: String) -> View? {
        if identifier == id { return self }
        for child in subviews {
            if let found = child.descendant(withIdentifier: id) { return found }
        }
        return nil
    }

    /// The layer this view belongs to, found through its root; nil while detached. Cached until a superview
    /// changes anywhere: the walk up loads a weak reference per level, and every repaint request asks.
    public var layer: OverlayLayer? {
        let generation = viewHierarchyGeneration.load(ordering: .relaxed)
        if cachedLayerGeneration == generation { return cachedLayer }
        var v = self
        while let s = v.superview { v = s }
        let found = v.hostLayer
        cachedLayer = found
        cachedLayerGeneration = generation
        return found
    }

    // MARK: - Invalidation

    /// Asks for `layoutSubviews` at the next layout pass (marks the path from the root). A view already flagged
    /// marks the path again when its parent is not marked: a view added with its flag set, or one invalidated while
    /// detached, would otherwise keep a flag no pass reaches (the App icon screen's panel, AppIconFromMenuTests).
    public func setNeedsLayout() {
        if needsLayout, superview?.subtreeNeedsLayout ?? true { return }
        needsLayout = true
        propagateSubtreeNeedsLayout()
    }

    /// Asks for this view's own commands to be regenerated at the next paint pass (nothing else repaints).
    public func setNeedsDisplay() {
        if needsDisplay { return }
        needsDisplay = true
        layer?.enqueueDisplay(self)
    }

    /// The view's measured size may have changed: it and every ancestor lay out again (their sizes may depend on it).
    public func invalidateMeasurement() {
        var v: View? = self
        var top = self
        while let c = v {
            c.needsLayout = true
            c.measurementCache.removeAll()
            top = c
            // A view whose size never depends on its content (a scroll view, an ancestor with a fixed width and
            // height) lays out again; its ancestors need not.
            let fixed = c !== self && c.preferredWidth != nil && c.preferredHeight != nil
            v = c.isMeasurementBoundary || fixed ? nil : c.superview
        }
        // The pass reaches a flagged view through its ancestors' subtree flags. Mid-pass (a label invalidated while
        // its stack lays out) the path's flags above the view being laid out are already cleared, so propagating
        // from `self` would stop at that view and leave the ancestors flagged above it unreached: set the walked
        // path's flags, then propagate above it.
        var path: View = self
        while path !== top, let up = path.superview {
            up.subtreeNeedsLayout = true
            path = up
        }
        top.propagateSubtreeNeedsLayout()
    }

    /// The view's own size settings changed (preferred size, layout modifiers): as `invalidateMeasurement`, and a
    /// measurement boundary (a scroll view), whose size follows these and not its content, has its container lay out
    /// again too.
    final func ownMeasurementDidChange() {
        invalidateMeasurement()
        if isMeasurementBoundary { superview?.invalidateMeasurement() }
    }

    /// Frames, visibility, opacity or the tree changed: the layer rebuilds its draw list at the next paint.
    final func invalidateStructure() {
        layer?.needsFullRepaint = true
    }

    /// Marks every ancestor as having a descendant that needs layout, and the layer as needing a pass.
    final func propagateSubtreeNeedsLayout() {
        var v = superview
        while let c = v, !c.subtreeNeedsLayout {
            c.subtreeNeedsLayout = true
            v = c.superview
        }
        layer?.needsLayout = true
    }

    private func frameDidChange(from old: Rect) {
        if frame.size != old.size { setNeedsLayout() }
        // In a scrolled document the layer moves what moved in place (OverlayLayer+Offsets.swift).
        if let layer, layer.frameDidChangeInPlace(self, sizeChanged: frame.size != old.size) { return }
        invalidateStructure()
    }

    // MARK: - Overridable hooks: layout

    /// The size the view wants for a proposed size (either dimension may be `.infinity`); plain views want zero.
    open func sizeThatFits(_ proposed: Size, fonts: any FontMetrics) -> Size {
        .zero
    }

    /// Positions subviews inside `bounds`. The plain view sizes `sizesToFit` children and leaves the rest alone.
    open func layoutSubviews(fonts: any FontMetrics) {
        for child in subviews where child.sizesToFit && !child.isHidden {
            let available = Size(width: max(0, bounds.width - child.frame.minX), height: max(0, bounds.height - child.frame.minY))
            child.frame.size = child.measure(proposed: available, fonts: fonts)
        }
    }

    /// Where the first line of text sits, in points below the top of a frame of `size` (stacks and grids align
    /// rows of labels and controls on it); nil for views without text.
    open func firstBaseline(in size: Size, fonts: any FontMetrics) -> Double? { nil }

    /// Where the last line of text sits below the top of a frame of `size` (`.lastTextBaseline`); by default the
    /// first line's, which is right for one line of text. Paragraph labels, stacks and grids answer their own.
    open func lastBaseline(in size: Size, fonts: any FontMetrics) -> Double? { firstBaseline(in: size, fonts: fonts) }

    // MARK: - Overridable hooks: painting

    /// Appends the view's own commands (not its subviews') for its frame in window points. The default draws
    /// the background and the border, with the presentation values (`presentationBackgroundColor`,
    /// `presentationCornerRadius`) so that animations show; `rect` is the presentation frame.
    open func draw(in rect: Rect, context: inout PaintContext) {
        let fill = presentationBackgroundColor, radius = presentationCornerRadius
        if fill.a > 0 {
            context.add(.rect(rect, color: fill, cornerRadius: radius))
        }
        if borderWidth > 0 && borderColor.a > 0 {
            context.add(.border(rect, color: borderColor, width: borderWidth, cornerRadius: radius))
        }
    }

    // MARK: - Overridable hooks: events (the router decides who gets them; locations are in the view's coordinates)

    /// A button went down on this view (it now holds the pointer until up or cancel).
    open func pointerDown(_ event: PointerEvent) {}
    /// The pointer moved: while captured by this view (anywhere, even outside the window) or hovering over it.
    open func pointerMoved(_ event: PointerEvent) {}
    /// A button went up for a pointer this view holds.
    open func pointerUp(_ event: PointerEvent) {}
    /// The system took away a pointer this view holds: undo any pressed state, do not act.
    open func pointerCancelled(_ event: PointerEvent) {}
    /// A hovering pointer entered this view (sent after the previous view's exit).
    open func pointerEntered(_ event: PointerEvent) {}
    /// A hovering pointer left this view.
    open func pointerExited(_ event: PointerEvent) {}
    /// A wheel scroll over this view, in lines (positive dy scrolls up). The default hands it to the superview, so a
    /// scroll view scrolls whatever inside it the pointer is over; a view that uses part of it passes on the rest.
    open func scrollWheel(at location: Point, dx: Double, dy: Double) {
        superview?.scrollWheel(at: Point(x: location.x + frame.minX, y: location.y + frame.minY), dx: dx, dy: dy)
    }
    /// A key went down (or repeated) while this view had focus.
    open func keyDown(_ event: KeyEvent) {}
    /// A key went up whose press this view received (or, with no such press, while it has focus).
    open func keyUp(_ event: KeyEvent) {}
    /// Composed text arrived while this view had focus.
    open func textInput(_ text: String) {}
    /// A controller button event while this view has focus (or the release or cancel of a press it took).
    /// Return true when handled; false lets the router apply the defaults (D-pad moves focus, A activates as
    /// Enter does, B goes back) or pass the event to the engine (docs/focus.md, "Controllers").
    open func controllerButton(_ event: ControllerButtonEvent) -> Bool { false }
    /// A controller stick or trigger moved while this view has focus; return true when handled (else the engine
    /// gets it).
    open func controllerAxis(_ event: ControllerAxisEvent) -> Bool { false }
    /// An input method's composition changed while this view had focus (empty text: it ended without a result).
    open func textComposition(_ text: String, cursor: Int) {}
    /// Called after `isFocused` changed.
    open func focusDidChange() {}
    /// A key pressed with Ctrl (Ctrl+Tab, Ctrl+Page Down...), offered before focus handling to the focused view and
    /// its ancestors, or with no focus to the visible views of the focus scope; true when the view performed it.
    open func performKeyCommand(_ event: KeyEvent) -> Bool { false }
}
