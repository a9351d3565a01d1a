// A layer ("window") of the overlay: a root view sized to the window, a visibility, a kind, a level, and the layout
// and paint passes that do no work while nothing changed.
import GlasspaneCore
import GlasspaneDraw

/// Whether a layer is drawn; how a drawn layer routes is its `LayerKind` (a HUD is `.visible` and `.nonInteractive`).
public enum LayerVisibility: String, Hashable, Sendable, Codable {
    /// Not drawn; events go straight past it.
    case hidden
    /// Drawn, and routed as its kind says.
    case visible
}

/// How a visible layer takes part in routing (docs/layers.md has the rules as a table).
public enum LayerKind: String, Hashable, Sendable, Codable {
    /// The root claims every point no content claims: the layer is a full-window surface that keeps pointer
    /// events from the layers below and the engine (keys still follow focus).
    case interactive
    /// The PassThroughWindow rule, and the default: a hit on the layer's own root (a point no content claims)
    /// falls to the layers below and then the engine; content claims as usual.
    case passthrough
    /// Never hit, whatever it draws (like `isUserInteractionEnabled = false` on a whole window).
    case nonInteractive
    /// While visible, every pointer and key event meant for anything below it (layers and the engine) is blocked:
    /// content is hit as usual, a press outside the content is an outside tap (`OverlayLayer.onOutsideTap`), and
    /// keys with no focused view in or above it go to `OverlayLayer.onUnfocusedKey`. Showing it cancels every
    /// pointer captured below it (one `pointerCancel` each).
    case modal
}

/// Named stacking levels for `OverlayLayer.level`, 100 apart so an app can put its own layers between them.
public enum LayerLevel {
    /// Views drawn on the scene itself (labels that follow objects), behind every panel.
    public static let sceneOverlay = -100
    /// Panels and the screens of the navigation stack (the demo's picker panel).
    public static let panel = 0
    /// Sheets presented over the stack (usually modal).
    public static let sheet = 100
    /// Toasts: above any sheet.
    public static let toast = 200
    /// The performance HUD and other diagnostics: above everything.
    public static let hud = 1000
}

/// Work counters, for tests and the HUD: clean frames leave them unchanged.
public struct OverlayStats: Hashable, Sendable, Codable {
    /// Layout passes that did work.
    package var layoutPasses = 0
    /// `layoutSubviews` calls.
    public var viewsLaidOut = 0
    /// Paint passes that did work (full or partial).
    package var paintPasses = 0
    /// Paint passes that rebuilt the whole draw list.
    public var fullRepaints = 0
    /// `draw(in:context:)` calls.
    package var viewsPainted = 0
    /// `View.bind` closures re-run because a property they read changed.
    package var bindingUpdates = 0
    /// Views the appearance scan visited (`focusesOnAppear` bookkeeping; subtrees without such views are skipped).
    package var appearanceScanVisits = 0
    /// Creates zeroed counters.
    public init() {}
    /// Component-wise sum.
    public static func + (a: OverlayStats, b: OverlayStats) -> OverlayStats {
        var s = a
        s.layoutPasses += b.layoutPasses; s.viewsLaidOut += b.viewsLaidOut; s.paintPasses += b.paintPasses
        s.fullRepaints += b.fullRepaints; s.viewsPainted += b.viewsPainted
        s.bindingUpdates += b.bindingUpdates; s.appearanceScanVisits += b.appearanceScanVisits
        return s
    }
}

/// One overlay layer: a root view (tagged `.passthrough`, claiming its whole bounds) sized to the window.
public final class OverlayLayer {
    /// The layer's name, used in traces, dumps and as the root's identifier prefix (`ui` → `ui.root`).
    public let name: String
    /// Stacking order: higher levels are in front and are asked first.
    public var level: Int {
        didSet { if level != oldValue { overlay?.sortLayers(); overlay?.modalStateMayHaveChanged() } }
    }
    /// Hidden or visible (a visible layer routes by `kind`).
    public var visibility: LayerVisibility {
        didSet { if visibility != oldValue { overlay?.layerVisibilityChanged(self) } }
    }
    /// How the layer routes while visible: passthrough (the default), interactive, non-interactive or modal.
    public var kind: LayerKind {
        didSet {
            guard kind != oldValue else { return }
            updateRootTags()
            overlay?.layerVisibilityChanged(self)
        }
    }
    /// A modal layer's outside tap: a press (pointer down) on no content of the layer. The press itself goes to
    /// the layer's root, so the rest of that pointer's events go nowhere; typically the app dismisses the sheet.
    public var onOutsideTap: ((PointerEvent) -> Void)?
    /// A modal layer's keys: a key press (not a release) while no view in or above the layer has focus; Escape
    /// typically dismisses. Tab and Shift-Tab move focus first (docs/focus.md), so they arrive only with nothing
    /// focusable in the layer.
    public var onUnfocusedKey: ((KeyEvent) -> Void)?
    /// True when the layer is a modal that is up (blocking what is below it).
    var isBlockingModal: Bool { kind == .modal && visibility != .hidden }
    /// True when the layer's content can be hit: visible and not of kind non-interactive.
    var takesEvents: Bool { visibility == .visible && kind != .nonInteractive }
    /// The root view: window-sized and `.opaque`; in a passthrough layer it is tagged `.passthrough`, so a point
    /// no subview claims passes on; in an interactive or modal layer it claims the point.
    public let root: View
    /// The overlay holding this layer.
    public internal(set) weak var overlay: Overlay?
    /// The text measurement used by layout and painting.
    public var fonts: any FontMetrics {
        didSet { root.invalidateMeasurement(); needsFullRepaint = true; fontsChangedSincePaint = true }
    }
    /// Text measures differently since the last full paint: no command is copied from it (OverlayLayer+Moves.swift).
    private var fontsChangedSincePaint = false
    /// Work counters.
    public internal(set) var stats = OverlayStats()

    /// Some view needs layout.
    var needsLayout = true { didSet { if needsLayout { overlay?.layersMayNeedWork = true } } }
    /// Views may have appeared (inserted, unhidden, layer shown): look for ones that focus on appear.
    var needsAppearanceScan = true { didSet { if needsAppearanceScan { overlay?.layersMayNeedWork = true } } }
    /// Counts the appearance walks of this layer (a view stamps the walk that last saw it able to take focus).
    var appearanceScan: UInt64 = 0
    /// The draw list must be rebuilt from scratch (structure, frames, opacity or visibility changed).
    var needsFullRepaint = true { didSet { if needsFullRepaint { overlay?.layersMayNeedWork = true } } }
    /// Views whose own commands must be regenerated (partial repaint).
    private var dirtyViews: [View] = []
    /// Views whose whole subtree must be regenerated in place (`presentationDidChange`).
    private var movedSubtrees: [View] = []
    /// The painted commands; `drawList` wraps them.
    private var commands: [DrawCommand] = []
    /// The commands of the paint before, during a full repaint: a scrolled document's views that only moved copy
    /// theirs from it (OverlayLayer+Moves.swift). Kept between paints to reuse its storage.
    var previousCommands: [DrawCommand] = []
    /// True only while a full repaint may copy moved views' commands from `previousCommands`.
    var copiesMovedViews = false
    /// The runs of commands the current full repaint copied, moved (the renderer moves their vertices too).
    var movedRuns: [MovedCommands] = []
    /// Incremented at each full paint; views painted in it carry the same number.
    var generation = 0
    /// Offset groups open around the view being painted (OverlayLayer+Offsets.swift: only the outermost is one).
    var groupDepth = 0
    /// Grouped documents that moved since the last paint: their `pushOffset` is rewritten in place.
    var movedGroups: [View] = []

    /// Creates a layer with an empty, passthrough root of the given size.
    public init(name: String, level: Int = 0, visibility: LayerVisibility = .visible, kind: LayerKind = .passthrough,
                size: Size = .zero, fonts: any FontMetrics = MonospaceFontMetrics()) {
        self.name = name
        self.level = level
        self.visibility = visibility
        self.kind = kind
        self.fonts = fonts
        root = View(identifier: "\(name).root", frame: Rect(origin: .zero, size: size))
        root.hitTestBehavior = .opaque
        root.hostLayer = self
        updateRootTags()
    }

    /// The root passes a hit on itself down only in passthrough (and non-interactive) layers.
    private func updateRootTags() {
        if kind == .passthrough || kind == .nonInteractive { root.tags.insert(.passthrough) } else { root.tags.remove(.passthrough) }
    }

    /// Adds a view to the root, in front.
    public func addSubview(_ view: View) { root.addSubview(view) }

    /// Adds a view to the root at an origin, sized to fit.
    public func addSubview(_ view: View, at origin: Point) { root.addSubview(view, at: origin) }

    /// Resizes the root to the window.
    /// The origin stays: the on-screen keyboard may have moved the layer up (its avoidance checks it after layout).
    package func setWindowSize(_ size: Size) { root.frame = Rect(origin: root.frame.origin, size: size) }

    /// True when the next `layoutIfNeeded` or `paintIfNeeded` would do work.
    package var needsUpdate: Bool { needsLayout || needsPaint }

    /// Changes every time the layer repaints: a renderer that sees the same value may reuse its cached work.
    package private(set) var contentVersion: UInt64 = 0

    /// True when the next `paintIfNeeded` would do work.
    var needsPaint: Bool { needsFullRepaint || !dirtyViews.isEmpty || !movedSubtrees.isEmpty || !movedGroups.isEmpty }

    /// What the last paint changed: after a partial repaint, the command ranges rewritten in place since the version
    /// before it (every other command is the same value at the same index); nil after a full repaint.
    package private(set) var lastDamage: DrawListDamage?

    /// The painted draw list, in window points (paint first). Do not keep it across frames: a later paint
    /// would then have to copy the buffer.
    public var drawList: DrawList { DrawList(commands: commands) }

    /// Queues a view for a partial repaint.
    func enqueueDisplay(_ view: View) {
        dirtyViews.append(view)
        overlay?.layersMayNeedWork = true
    }

    /// A view's presentation frame, alpha or transform moved (an animation advanced): its subtree is repainted in
    /// place at the next paint, the rest of the list kept, unless the subtree then has another number of commands
    /// (it appeared, vanished at alpha 0, or drew differently), which repaints the whole list. Layout reads model
    /// values, so nothing outside the subtree moves.
    /// Past this many moving views in a frame, one whole repaint is cheaper than finding which subtrees overlap.
    static let maximumMovedSubtrees = 32

    func presentationDidChange(of view: View) {
        guard !needsFullRepaint else { return }
        if view.paintGroupShift != nil && view.paintGeneration == generation { queueGroupMove(view); return }
        guard view !== root, view.layer === self, view.paintGeneration == generation,
              movedSubtrees.count < OverlayLayer.maximumMovedSubtrees else { needsFullRepaint = true; return }
        if movedSubtrees.last === view { return }
        movedSubtrees.append(view)
        overlay?.layersMayNeedWork = true
    }

    // MARK: - Layout pass

    /// Runs `layoutSubviews` on every view that asked for it; returns false (and does nothing) when none did.
    @discardableResult
    public func layoutIfNeeded() -> Bool {
        guard needsLayout else { return false }
        stats.layoutPasses += 1
        // A layout may invalidate views it already passed (a frame change re-flags the path above it): repeat
        // over the flagged paths until the tree is clean, so the next frame starts with nothing to do.
        var rounds = 0
        repeat {
            layout(root)
            rounds += 1
        } while (root.needsLayout || root.subtreeNeedsLayout) && rounds < 8
        needsLayout = false
        return true
    }

    private func layout(_ view: View) {
        // A hidden subtree keeps its flags and is laid out when shown (`View.isHidden`): the demo's screens of other
        // routes, a list's pooled rows.
        if view.isHidden && view !== root { return }
        if view.needsLayout {
            view.needsLayout = false
            view.hasBeenLaidOut = true
            if view.hasDirtyBindings { stats.bindingUpdates += view.runDirtyBindings() }
            stats.viewsLaidOut += 1
            view.layoutCount += 1
            view.layoutSubviews(fonts: fonts)
        }
        if view.subtreeNeedsLayout {
            view.subtreeNeedsLayout = false
            for child in view.subviews where child.needsLayout || child.subtreeNeedsLayout {
                layout(child)
            }
        }
    }

    // MARK: - Paint pass

    /// Regenerates what changed: the dirty views' commands in place when their count is unchanged, otherwise the
    /// whole list. Returns false (and does nothing) when nothing changed or the layer is hidden.
    @discardableResult
    public func paintIfNeeded() -> Bool {
        guard visibility != .hidden, needsPaint else { return false }
        stats.paintPasses += 1
        let previousVersion = contentVersion
        contentVersion &+= 1
        damagedRanges.removeAll(keepingCapacity: true)
        if !needsFullRepaint && moveGroupsInPlace(&commands) && repaintMovedSubtreesInPlace() && repaintDirtyViewsInPlace() {
            lastDamage = DrawListDamage(baseGeneration: previousVersion, commandRanges: damagedRanges)
            return true
        }
        repaintAll()
        lastDamage = movedRuns.isEmpty ? nil : DrawListDamage(baseGeneration: previousVersion, movedRuns: movedRuns)
        return true
    }

    /// The command ranges the current partial repaint rewrote.
    var damagedRanges: [Range<Int>] = []

    /// Repaints each moved view's subtree over its own range of the list; false when one no longer fits it.
    private func repaintMovedSubtreesInPlace() -> Bool {
        defer { movedSubtrees.removeAll(keepingCapacity: true) }
        guard !movedSubtrees.isEmpty else { return true }
        // Painted at the end of the list itself, then moved over the old range: no second buffer to fill and empty.
        var context = PaintContext(commands: commands, opacity: 1, fonts: fonts)
        commands = []
        defer { commands = context.commands }
        let base = context.commands.count
        for (i, view) in movedSubtrees.enumerated() {
            guard view.paintGeneration == generation, view.layer === self else { return false }
            // A view under another moved view is repainted with it.
            var ancestor = view.superview, covered = false
            while let a = ancestor, !covered {
                covered = movedSubtrees[..<i].contains { $0 === a } || movedSubtrees[(i + 1)...].contains { $0 === a }
                ancestor = a.superview
            }
            if covered { continue }
            let start = view.paintStart, end = view.paintSubtreeEnd
            // Positions recorded while painting are where the commands end up, not where they are appended.
            context.indexOffset = start - base
            let parent = view.superview
            // Inside a grouped document, nothing groups again, as in a full paint.
            groupDepth = view.isInsideOffsetGroup ? 1 : 0
            paint(view, parentOrigin: parent?.paintOrigin ?? .zero, opacity: parent?.paintOpacity ?? 1,
                  transform: parent?.paintTransform ?? .identity, context: &context)
            groupDepth = 0
            context.indexOffset = 0
            guard context.commands.count - base == end - start else { return false }
            context.moveAppendedCommands(from: base, to: start)
            if end > start { damagedRanges.append(start..<end) }
        }
        return true
    }

    /// Partial repaint; false when some view's command count changed and a full repaint is needed.
    private func repaintDirtyViewsInPlace() -> Bool {
        guard !dirtyViews.isEmpty else { return true }
        // Painted at the end of the list itself, then moved over the view's old commands (see above).
        var context = PaintContext(commands: commands, opacity: 1, fonts: fonts)
        commands = []
        defer { commands = context.commands }
        let base = context.commands.count
        var i = 0
        // Indexed: a view's drawing may queue another view (the list grows while it is walked).
        while i < dirtyViews.count {
            let view = dirtyViews[i]
            i += 1
            guard view.needsDisplay else { continue }
            // A view not painted in the current generation is not in the list (hidden or detached).
            guard view.paintGeneration == generation, view.layer === self else { view.needsDisplay = false; continue }
            context.opacity = view.paintOpacity
            view.themeTokensRead = []
            view.draw(in: Rect(origin: view.paintOrigin, size: view.presentationFrame.size), context: &context)
            view.paintSize = view.presentationFrame.size
            context.transformCommands(from: base, by: view.paintTransform)
            stats.viewsPainted += 1
            guard context.commands.count - base == view.paintCount else { return false }
            view.needsDisplay = false
            context.moveAppendedCommands(from: base, to: view.paintStart)
            if view.paintCount > 0 { damagedRanges.append(view.paintStart..<(view.paintStart + view.paintCount)) }
        }
        dirtyViews.removeAll(keepingCapacity: true)
        return true
    }

    private func repaintAll() {
        needsFullRepaint = false
        dirtyViews.removeAll(keepingCapacity: true)
        movedSubtrees.removeAll(keepingCapacity: true)
        movedGroups.removeAll(keepingCapacity: true)
        groupDepth = 0
        generation += 1
        stats.fullRepaints += 1
        // The last list stays readable while the new one is painted into the buffer before it.
        swap(&previousCommands, &commands)
        var buffer = commands
        commands = []
        buffer.removeAll(keepingCapacity: true)
        movedRuns.removeAll(keepingCapacity: true)
        copiesMovedViews = !fontsChangedSincePaint
        fontsChangedSincePaint = false
        var context = PaintContext(commands: buffer, opacity: 1, fonts: fonts)
        paint(root, parentOrigin: .zero, opacity: 1, transform: .identity, context: &context)
        copiesMovedViews = false
        commands = context.commands
    }

    /// Paints a subtree with the presentation values (frame, alpha, transform): what animations move.
    /// `moving`: inside a scroll view's document that moved by this many points since the last full paint, where a
    /// view that only moved copies its commands from that paint (OverlayLayer+Moves.swift).
    private func paint(_ view: View, parentOrigin: Point, opacity: Double, transform parentTransform: PaintTransform,
                       context: inout PaintContext, moving: Point? = nil) {
        // A view left out is in no command range of this paint. Its generation could still equal this one when it
        // was last painted in another layer (a popover's bubble moving between layers), which would let an in-place
        // repaint trust its stale range: -1 is never a generation.
        guard !view.isHidden else { view.paintGeneration = -1; return }
        let effective = opacity * view.presentationAlpha
        guard effective > 0 else { view.paintGeneration = -1; return }
        let rect = view.presentationFrame.offsetBy(dx: parentOrigin.x, dy: parentOrigin.y)
        let transform = parentTransform.appending(view.presentationTransform, center: rect.center)
        let moving = moving ?? movedDocumentOffset(view, at: rect.origin, transform: transform)
        let copied = moving.map { canCopyMoved(view, by: $0, to: rect, opacity: effective, transform: transform) } ?? false
        let previousStart = view.paintStart
        view.paintGeneration = generation
        view.paintOrigin = rect.origin
        view.paintOpacity = effective
        view.paintTransform = transform
        view.paintSize = rect.size
        view.needsDisplay = false
        context.opacity = effective
        let start = context.commands.count
        if copied, let moving {
            copyMovedCommands(from: previousStart, count: view.paintCount, by: moving, context: &context)
        } else {
            view.themeTokensRead = []
            view.draw(in: rect, context: &context)
            context.transformCommands(from: start, by: transform)
            stats.viewsPainted += 1
        }
        view.paintStart = context.indexOffset + start
        view.paintCount = context.commands.count - start
        defer { view.paintSubtreeEnd = context.indexOffset + context.commands.count }
        if view.subviews.isEmpty { return }
        if view.clipsToBounds { context.commands.append(.pushClip(rect)); context.transformCommands(from: context.commands.count - 1, by: transform) }
        for child in view.subviews {
            guard paintsAsOffsetGroup(child, of: view, transform: transform), !child.isHidden else {
                child.paintGroupShift = nil
                paint(child, parentOrigin: rect.origin, opacity: effective, transform: transform, context: &context, moving: moving)
                continue
            }
            // Painted in its own points (`groupOrigin`), moved by one command (OverlayLayer+Offsets.swift).
            let own = groupOrigin(for: child)
            let shift = Point(x: rect.origin.x + child.presentationFrame.origin.x - own.x,
                              y: rect.origin.y + child.presentationFrame.origin.y - own.y)
            let at = context.commands.count
            context.commands.append(.pushOffset(shift))
            groupDepth += 1
            paint(child, parentOrigin: Point(x: rect.origin.x - shift.x, y: rect.origin.y - shift.y), opacity: effective,
                  transform: transform, context: &context)
            groupDepth -= 1
            if child.paintGeneration == generation {
                child.paintGroupShift = shift
                child.paintGroupCommand = context.indexOffset + at
                context.commands.append(.popOffset)
            } else {
                context.commands.removeSubrange(at...) // drew nothing (transparent): no group
                child.paintGroupShift = nil
            }
        }
        if view.clipsToBounds { context.commands.append(.popClip) }
    }
}
