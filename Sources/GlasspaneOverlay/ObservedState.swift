// Shared state for views in any layer, through Swift's Observation framework: a view binds a closure that reads
// `@Observable` properties and sets its own; a change to a property it read re-runs that closure (and only that
// one) at the next layout of the view's layer, in the same frame. See docs/layers.md, "Shared state".
import Observation

/// One `View.bind` closure and its bookkeeping.
final class ViewBinding {
    /// Reads observable state and applies it to the view.
    let update: () -> Void
    /// A property the last run read has changed since.
    var isDirty = false
    /// Runs so far (the first, at `bind`, included).
    var runs = 0
    init(update: @escaping () -> Void) { self.update = update }
}

/// Carries a binding and its view into Observation's `@Sendable` change handler. The overlay is single-threaded
/// (the frame loop's main actor): the handler runs synchronously in the mutating code, on that same thread.
private final class BindingToken: @unchecked Sendable {
    weak var view: View?
    weak var binding: ViewBinding?
    init(view: View, binding: ViewBinding) { self.view = view; self.binding = binding }

    func changed() {
        guard let binding, !binding.isDirty else { return }
        binding.isDirty = true
        view?.bindingDidChange()
    }
}

extension View {
    /// Binds the view to shared observable state: `update` runs now, tracking every `@Observable` property it reads;
    /// when one of them changes, the view is marked for layout and `update` runs again (re-tracking) before the
    /// view's layer lays out: the same frame, when the change happens before the overlay's layout phase. Views that
    /// read only other properties are not touched. At most `maximumBindingsPerView` bindings per view.
    ///
    /// ```swift
    /// @Observable final class Settings { var theme = "dark"; var hudVisible = false }
    /// label.bind { [unowned label] in label.text = "theme: \(settings.theme)" }
    /// ```
    public final func bind(_ update: @escaping () -> Void) {
        precondition((bindings?.count ?? 0) < View.maximumBindingsPerView,
                     "view '\(identifier)' has \(View.maximumBindingsPerView) bindings already")
        let binding = ViewBinding(update: update)
        if bindings == nil { bindings = [] }
        bindings!.append(binding)
        run(binding)
    }

    /// The limit on `bind` calls per view (a view binding in a loop is a bug, not a feature).
    public static let maximumBindingsPerView = 64

    /// How many times this view's bindings have run (the first runs at `bind` included): tests count repaints
    /// caused by shared state with it.
    package final var bindingRuns: Int { bindings?.reduce(0) { $0 + $1.runs } ?? 0 }

    /// Removes every binding; later changes no longer reach the view.
    public final func unbindAll() { bindings = nil }

    private func run(_ binding: ViewBinding) {
        binding.isDirty = false
        binding.runs += 1
        let token = BindingToken(view: self, binding: binding)
        withObservationTracking { binding.update() } onChange: { token.changed() }
    }

    /// A bound property changed: lay out this view (which re-runs its dirty bindings) at the next pass.
    final func bindingDidChange() {
        hasDirtyBindings = true
        setNeedsLayout()
    }

    /// Re-runs the bindings whose state changed (the layer calls this when it lays the view out); returns how many.
    final func runDirtyBindings() -> Int {
        guard hasDirtyBindings, let bindings else { return 0 }
        hasDirtyBindings = false
        var count = 0
        for binding in bindings where binding.isDirty {
            run(binding)
            count += 1
        }
        return count
    }
}
