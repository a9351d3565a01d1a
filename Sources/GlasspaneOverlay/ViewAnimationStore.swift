// The running property animations of one overlay's views, in flat stores: one `AnimationStore` per animatable
// property (frame, alpha, background color, corner radius, transform) and a slot table of the animating views.
// A view holds its slot number; a frame's advance touches no view unless a color or radius must repaint it.
import GlasspaneCore
import GlasspaneDraw
import GlasspaneAnimation

/// The animation state of every animating view of one overlay (docs/animation.md, "Overlay views").
///
/// Each animating view has a **slot** (`View.animationSlot`, stable while it animates, reused afterwards): the
/// owner number of its rows in the five property stores, and the index of its entry in the slot table (the view,
/// its layer and how many of its properties run). Per frame, `advance(to:)` advances each store (one pass over
/// flat arrays, weights computed once per shared clock) and invalidates what moved: a frame, alpha or transform
/// row whose value changed marks its layer for a full repaint (once per run of rows in the same layer), a color or
/// radius row makes its view repaint in place. A view whose last row finished gets its slot back.
///
/// Tree changes are checked lazily: removing a view or a layer sets `treeChanged`, and the next advance looks up
/// every animating view's layer again, dropping the animations of views that left the overlay (they show their
/// model values from then on). Limit: `maximumViews` animating views; past it, changes apply at once.
final class ViewAnimationStore {
    /// The most views animating at once in one overlay.
    static let maximumViews = AnimationStore<Rect>.maximumOwner

    /// The overlay whose views these are.
    unowned let overlay: Overlay

    // One store per animatable property; the names match the view's properties (View.swift passes key paths).
    var frame = AnimationStore<Rect>()
    var alpha = AnimationStore<Double>()
    var backgroundColor = AnimationStore<Color>()
    var cornerRadius = AnimationStore<Double>()
    var transform = AnimationStore<ViewTransform>()

    // The slot table: one entry per animating view.
    private var views: [View?] = []
    /// Each slot's layer (kept in step at every start and after tree changes).
    private var layers: [OverlayLayer?] = []
    /// How many of each slot's properties run (0...5); a slot is free at 0.
    private var runningCounts: [UInt8] = []
    private var freeSlots: [Int32] = []
    /// Owners whose row finished in the store being advanced (scratch, reused).
    private var finishedOwners: [Int32] = []
    /// Set when a view or layer left the tree: the next advance checks every animating view's layer.
    var treeChanged = false

    /// The number of animating views.
    private(set) var count = 0

    init(overlay: Overlay) { self.overlay = overlay }

    // MARK: - Starting and stopping (property observers)

    /// Animates one property of `view` (in `layer` of this overlay) from `old` to `new`, from where it is drawn now.
    func animate<V: Animatable>(_ property: ReferenceWritableKeyPath<ViewAnimationStore, AnimationStore<V>>,
                                of view: View, in layer: OverlayLayer, from old: V, to new: V,
                                animation: Animation, at time: Double?) {
        let slot: Int32
        if view.animationSlot >= 0 {
            slot = view.animationSlot
            setLayer(layer, at: Int(slot))
        } else {
            guard let fresh = allocateSlot(for: view, in: layer) else { return }
            slot = fresh
        }
        let was = self[keyPath: property].isRunning(slot)
        let runs = self[keyPath: property].animate(slot, from: old, to: new, animation: animation, at: time)
        // Also frees a slot just taken when there was nothing to move.
        adjustRunning(slot, by: (runs ? 1 : 0) - (was ? 1 : 0))
    }

    /// Cuts one property's animation off (a change without animation): the presentation is the model from now on.
    func stop<V: Animatable>(_ property: ReferenceWritableKeyPath<ViewAnimationStore, AnimationStore<V>>, of view: View) {
        let slot = view.animationSlot
        guard slot >= 0, self[keyPath: property].remove(slot) else { return }
        adjustRunning(slot, by: -1)
    }

    /// Stops every animation of `view` (it moved to another overlay).
    func stopAll(of view: View) {
        if view.animationSlot >= 0 && view.animationStore === self { stopAll(slot: view.animationSlot) }
    }

    /// Stops every animation of the view in `slot` and frees the slot.
    private func stopAll(slot: Int32) {
        frame.remove(slot); alpha.remove(slot); backgroundColor.remove(slot); cornerRadius.remove(slot)
        transform.remove(slot)
        runningCounts[Int(slot)] = 1
        adjustRunning(slot, by: -1)
    }

    private func allocateSlot(for view: View, in layer: OverlayLayer) -> Int32? {
        let slot: Int32
        if let free = freeSlots.popLast() {
            slot = free
            views[Int(slot)] = view
        } else {
            guard views.count < Self.maximumViews else { return nil }
            slot = Int32(views.count)
            views.append(view); layers.append(nil); runningCounts.append(0)
        }
        setLayer(layer, at: Int(slot))
        view.animationSlot = slot
        view.animationStore = self
        count += 1
        return slot
    }

    private func setLayer(_ layer: OverlayLayer, at slot: Int) {
        if layers[slot] !== layer { layers[slot] = layer }
    }

    /// Counts a property starting or ending; the slot is freed when nothing of its view runs any more.
    private func adjustRunning(_ slot: Int32, by delta: Int) {
        let s = Int(slot)
        let running = Int(runningCounts[s]) + delta
        runningCounts[s] = UInt8(running)
        guard running == 0 else { return }
        if let view = views[s] {
            view.animationSlot = -1
            view.animationStore = nil
        }
        views[s] = nil
        layers[s] = nil
        freeSlots.append(slot)
        count -= 1
    }

    // MARK: - The frame

    /// Advances every running view animation to `time` (see the type's documentation). Returns true when some view
    /// was animating.
    @discardableResult
    func advance(to time: Double) -> Bool {
        if treeChanged { dropViewsThatLeft() }
        guard count > 0 else { return false }
        // Frame, alpha and transform: a changed value repaints the view's subtree in place.
        advanceLayerProperty(&frame, to: time)
        advanceLayerProperty(&alpha, to: time)
        advanceLayerProperty(&transform, to: time)
        // Color and radius: the view repaints its own commands in place.
        advanceViewProperty(&backgroundColor, to: time)
        advanceViewProperty(&cornerRadius, to: time)
        return true
    }

    private func advanceLayerProperty<V: Animatable>(_ store: inout AnimationStore<V>, to time: Double) {
        guard store.count > 0 else { return }
        var finished = finishedOwners
        finishedOwners = []
        finished.removeAll(keepingCapacity: true)
        store.advance(to: time) { owner, changed, done in
            // The view's subtree is repainted in place (its layer falls back to a whole repaint when that cannot be).
            if changed, let view = views[Int(owner)] { layers[Int(owner)]?.presentationDidChange(of: view) }
            if done { finished.append(owner) }
        }
        for owner in finished { adjustRunning(owner, by: -1) }
        finishedOwners = finished
    }

    private func advanceViewProperty<V: Animatable>(_ store: inout AnimationStore<V>, to time: Double) {
        guard store.count > 0 else { return }
        var finished = finishedOwners
        finishedOwners = []
        finished.removeAll(keepingCapacity: true)
        store.advance(to: time) { owner, changed, done in
            if changed { views[Int(owner)]?.setNeedsDisplay() }
            if done { finished.append(owner) }
        }
        for owner in finished { adjustRunning(owner, by: -1) }
        finishedOwners = finished
    }

    /// Looks up every animating view's layer again after views or layers left the tree; a view no longer in this
    /// overlay stops animating and repaints where it now is (at its model values).
    private func dropViewsThatLeft() {
        treeChanged = false
        for s in views.indices {
            guard let view = views[s] else { continue }
            if let layer = view.layer, layer.overlay === overlay {
                setLayer(layer, at: s)
            } else {
                stopAll(slot: Int32(s))
                view.invalidateStructure()
            }
        }
    }
}
