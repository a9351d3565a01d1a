// Transactions: the animation that changes made in a scope use. A task-local value, so that scopes nest, need no
// actor, and end when the closure returns even when it throws.

/// The context of a change: whether (and how) it animates. Changes made outside any transaction do not animate.
public struct Transaction: Hashable, Sendable {
    /// The animation changes in this transaction use; nil means they apply at once.
    public var animation: Animation?

    /// Creates a transaction.
    public init(animation: Animation? = nil) { self.animation = animation }

    /// The transaction of the enclosing `withTransaction` / `withAnimation` scope, nil outside any.
    ///
    /// A task-local rather than a main-actor stack: the overlay's views are not actor-isolated, a task-local
    /// scope is unwound by the language even when the body throws, and nested scopes need no bookkeeping. One
    /// difference from a plain stack: a `Task { }` created inside the scope inherits the transaction, so code in it
    /// that runs before the task ends animates too (detached tasks do not inherit it).
    @TaskLocal public static var current: Transaction?

    /// The animation in effect here: the current transaction's, or nil.
    public static var currentAnimation: Animation? { current?.animation }
}

/// Runs `body` with every animatable change in it animated by `animation` (nil: changes apply at once, even
/// inside an outer `withAnimation`).
@discardableResult
public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result {
    try Transaction.$current.withValue(Transaction(animation: animation), operation: body)
}

/// Runs `body` inside `transaction`.
@discardableResult
public func withTransaction<Result>(_ transaction: Transaction, _ body: () throws -> Result) rethrows -> Result {
    try Transaction.$current.withValue(transaction, operation: body)
}
