// Transactions: the animation that changes made in a scope use. A task-local value, so that scopes nest, need no
// actor, and end when the closure returns even when it throws.
import Synchronization

/// The context of a change: whether (and how) it animates. Changes made outside any transaction do not animate.
public struct Transaction: Hashable, Sendable {
    /// The animation changes in this transaction use; nil means they apply at once.
    public var animation: Animation?

    /// Held by every copy of this transaction, so `TransactionLiveness` knows whether any exists.
    private let liveness = TransactionLiveness()

    /// Creates a transaction.
    public init(animation: Animation? = nil) { self.animation = animation }

    /// Transactions are equal when they animate alike.
    public static func == (a: Transaction, b: Transaction) -> Bool { a.animation == b.animation }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) { hasher.combine(animation) }

    /// The transaction of the enclosing `withTransaction` / `withAnimation` scope, nil outside any.
    ///
    /// A task-local rather than a main-actor stack: the overlay's views are not actor-isolated, a task-local
    /// scope is unwound by the language even when the body throws, and nested scopes need no bookkeeping. One
    /// difference from a plain stack: a `Task { }` created inside the scope inherits the transaction, so code in it
    /// that runs before the task ends animates too (detached tasks do not inherit it).
    @TaskLocal public static var current: Transaction?

    /// The animation in effect here: the current transaction's, or nil. Without a transaction anywhere (the usual
    /// case: a scroll, a layout) it answers without reading the task-local, which costs about a microsecond.
    public static var currentAnimation: Animation? {
        guard TransactionLiveness.any else { return nil }
        return current?.animation
    }
}

/// Counts the transactions that exist (one count per `Transaction.init`, its copies sharing it): none means no
/// scope can have bound one, nor a task inherited one, so `Transaction.current` is nil without being read.
final class TransactionLiveness: Sendable {
    private static let count = Atomic<Int>(0)

    /// Whether any transaction exists now. A scope's own thread, and any task it created, see its count.
    static var any: Bool { count.load(ordering: .relaxed) > 0 }
    /// How many exist now (tests).
    static var liveCount: Int { count.load(ordering: .relaxed) }

    init() { Self.count.add(1, ordering: .relaxed) }
    deinit { Self.count.subtract(1, ordering: .relaxed) }
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
