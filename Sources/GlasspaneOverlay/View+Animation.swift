// Animatable view properties: frame, alpha, background color, corner radius and transform each have a model value
// (the stored property, set at once) and, while a transaction animates them, a presentation value that the overlay
// advances on the frame clock and paints. Layout and hit testing read the model (see docs/animation.md).
import GlasspaneCore
import GlasspaneDraw
import GlasspaneAnimation

/// A paint-time transform of a view and its subtree: scale about the view's center, then translate.
/// It changes what is drawn only: layout and hit testing ignore it (see docs/animation.md).
public struct ViewTransform: Hashable, Sendable, Animatable, VectorArithmetic, CustomStringConvertible {
    /// Offset in points, applied after scaling.
    public var translation: Point
    /// Uniform scale about the view's center (1 = unscaled).
    public var scale: Double

    /// Creates a transform.
    public init(translation: Point = .zero, scale: Double = 1) { self.translation = translation; self.scale = scale }

    /// No translation, scale 1.
    public static let identity = ViewTransform()
    /// The vector zero (scale 0) that animation arithmetic needs; not a useful transform (`identity` is the no-op).
    public static let zero = ViewTransform(translation: .zero, scale: 0)
    /// Component-wise sum.
    public static func + (lhs: ViewTransform, rhs: ViewTransform) -> ViewTransform {
        ViewTransform(translation: lhs.translation + rhs.translation, scale: lhs.scale + rhs.scale)
    }
    /// Component-wise difference.
    public static func - (lhs: ViewTransform, rhs: ViewTransform) -> ViewTransform {
        ViewTransform(translation: lhs.translation - rhs.translation, scale: lhs.scale - rhs.scale)
    }
    /// Every component scaled.
    public func scaled(by factor: Double) -> ViewTransform {
        ViewTransform(translation: translation.scaled(by: factor), scale: scale * factor)
    }
    /// tx² + ty² + scale².
    public var magnitudeSquared: Double { translation.magnitudeSquared + scale * scale }
    /// The transform itself.
    public var animatableData: ViewTransform { self }
    /// The transform itself.
    public init(animatableData: ViewTransform) { self = animatableData }
    /// `translate(x,y) scale(s)`.
    public var description: String { "translate(\(translation)) scale(\(scale))" }
}

extension View {
    // MARK: - Presentation values (what is drawn this frame)

    // Each reads the view's row through its slot; a view that is not animating never touches the store.

    /// The frame being drawn this frame: the model `frame` unless an animation is moving it.
    package var presentationFrame: Rect {
        guard animationSlot >= 0, let store = animationStore, let v = store.frame.presentation(of: animationSlot) else { return frame }
        return Rect(animatableData: v)
    }
    /// The opacity being drawn this frame.
    package var presentationAlpha: Double {
        guard animationSlot >= 0, let store = animationStore, let v = store.alpha.presentation(of: animationSlot) else { return alpha }
        return v
    }
    /// The background color being drawn this frame.
    var presentationBackgroundColor: Color {
        guard animationSlot >= 0, let store = animationStore,
              let v = store.backgroundColor.presentation(of: animationSlot) else { return backgroundColor }
        return Color(animatableData: v)
    }
    /// The corner radius being drawn this frame.
    var presentationCornerRadius: Double {
        guard animationSlot >= 0, let store = animationStore,
              let v = store.cornerRadius.presentation(of: animationSlot) else { return cornerRadius }
        return v
    }
    /// The transform being drawn this frame.
    package var presentationTransform: ViewTransform {
        guard animationSlot >= 0, let store = animationStore, let v = store.transform.presentation(of: animationSlot) else { return transform }
        return v
    }
    /// True while some property of this view is animating.
    public var isAnimating: Bool { animationSlot >= 0 && animationStore != nil }

    // MARK: - Starting

    /// Called by a property's observer after its model value changed: inside an animating transaction (and in an
    /// overlay) the presentation starts moving from where it is drawn now; otherwise a running animation of the
    /// property is cut off so the presentation equals the model. The key path is formed only when it is used (an
    /// autoclosure): forming one is a runtime call (`swift_getKeyPath`), 7 % of a scrolled list's layout phase
    /// where nothing animates.
    final func modelDidChange<V: Animatable>(
        _ property: @autoclosure () -> ReferenceWritableKeyPath<ViewAnimationStore, AnimationStore<V>>,
        from old: V, to new: V) {
        guard let animation = Transaction.currentAnimation, let layer, let overlay = layer.overlay else {
            if animationSlot >= 0 { animationStore?.stop(property(), of: self) }
            return
        }
        let store = overlay.animationStore
        if animationSlot >= 0 && animationStore !== store {
            // Animating in another overlay (or one that is gone): those animations end here.
            animationStore?.stopAll(of: self)
            animationSlot = -1
            animationStore = nil
        }
        store.animate(property(), of: self, in: layer, from: old, to: new, animation: animation,
                      at: overlay.animationTime)
    }
}
