// Animatable view properties: frame, alpha, background color, corner radius and transform each have a model value
// (the stored property, set at once) and, while a transaction animates them, a presentation value that the overlay
// advances on the frame clock and paints. Layout and hit testing read the model (see docs/animation.md).
import GlasspaneCore
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

/// The running animations of one view's properties; a property without an entry shows its model value.
final class ViewAnimations {
    var frame: AnimatedValue<Rect>?
    var alpha: AnimatedValue<Double>?
    var backgroundColor: AnimatedValue<Color>?
    var cornerRadius: AnimatedValue<Double>?
    var transform: AnimatedValue<ViewTransform>?

    var isEmpty: Bool {
        frame == nil && alpha == nil && backgroundColor == nil && cornerRadius == nil && transform == nil
    }
}

extension View {
    // MARK: - Presentation values (what is drawn this frame)

    /// The frame being drawn this frame: the model `frame` unless an animation is moving it.
    public var presentationFrame: Rect { animations?.frame?.presentation ?? frame }
    /// The opacity being drawn this frame.
    public var presentationAlpha: Double { animations?.alpha?.presentation ?? alpha }
    /// The background color being drawn this frame.
    public var presentationBackgroundColor: Color { animations?.backgroundColor?.presentation ?? backgroundColor }
    /// The corner radius being drawn this frame.
    public var presentationCornerRadius: Double { animations?.cornerRadius?.presentation ?? cornerRadius }
    /// The transform being drawn this frame.
    public var presentationTransform: ViewTransform { animations?.transform?.presentation ?? transform }
    /// True while some property of this view is animating.
    public var isAnimating: Bool { !(animations?.isEmpty ?? true) }

    // MARK: - Starting and advancing

    /// Called by a property's observer after its model value changed: inside an animating transaction (and in an
    /// overlay) the presentation starts moving from where it is drawn now; otherwise a running animation of the
    /// property is cut off so the presentation equals the model.
    final func modelDidChange<V: Animatable>(_ slot: ReferenceWritableKeyPath<ViewAnimations, AnimatedValue<V>?>,
                                             from old: V, to new: V) {
        guard let animation = Transaction.currentAnimation, let overlay = layer?.overlay else {
            if let storage = animations, storage[keyPath: slot] != nil { storage[keyPath: slot] = nil }
            return
        }
        let storage: ViewAnimations
        if let existing = animations { storage = existing } else { storage = ViewAnimations(); animations = storage }
        var value = storage[keyPath: slot] ?? AnimatedValue(old, time: overlay.animationTime)
        value.set(new, animation: animation)
        storage[keyPath: slot] = value
        overlay.startAnimating(self)
    }

    /// Advances every running property animation to `time`, invalidating what the change affects (this view's
    /// subtree, repainted in place, for frame, alpha and transform; this view's commands for color and radius).
    /// Returns false once nothing runs any more.
    final func advanceAnimations(to time: Double, in layer: OverlayLayer) -> Bool {
        guard let storage = animations else { return false }
        var structure = false, display = false
        // Advanced in place (optional chaining modifies the stored value without copying it out).
        if storage.frame != nil {
            structure = storage.frame!.advance(to: time) || structure
            if storage.frame!.isSettled { storage.frame = nil }
        }
        if storage.alpha != nil {
            structure = storage.alpha!.advance(to: time) || structure
            if storage.alpha!.isSettled { storage.alpha = nil }
        }
        if storage.transform != nil {
            structure = storage.transform!.advance(to: time) || structure
            if storage.transform!.isSettled { storage.transform = nil }
        }
        if storage.backgroundColor != nil {
            display = storage.backgroundColor!.advance(to: time) || display
            if storage.backgroundColor!.isSettled { storage.backgroundColor = nil }
        }
        if storage.cornerRadius != nil {
            display = storage.cornerRadius!.advance(to: time) || display
            if storage.cornerRadius!.isSettled { storage.cornerRadius = nil }
        }
        if structure { layer.presentationDidChange(of: self) } else if display { setNeedsDisplay() }
        if storage.isEmpty { animations = nil; return false }
        return true
    }

    /// Stops every animation of this view where the model is (the view left its overlay).
    final func removeAllAnimations() {
        guard animations != nil else { return }
        animations = nil
        invalidateStructure()
    }
}
