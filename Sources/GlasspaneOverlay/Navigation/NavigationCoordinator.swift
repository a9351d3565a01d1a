// The navigation coordinator: routes as an app's enum, a stack with push/pop/replace, sheets presented over it, and
// back. A route change is one synchronous operation on plain state: no bus, no views (NavigationPresenter shows
// it; the app decides what, if anything, the engine hears). See docs/navigation.md.

/// Why a navigation operation was refused.
public enum NavigationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The stack or the sheet list would exceed its limit.
    case tooDeep(what: String, limit: Int)

    /// A stable identifier for tests and tools.
    public var identifier: String {
        switch self {
        case .tooDeep: "navigation-too-deep"
        }
    }

    /// A message naming the limit.
    public var description: String {
        switch self {
        case let .tooDeep(what, limit): "the navigation \(what) is full (at most \(limit) entries)"
        }
    }
}

/// The whole navigation state: the stack (root first, the shown screen last) and the sheets over it (bottom first).
public struct NavigationState<Route: Hashable>: Hashable {
    /// Screens, root first; never empty.
    public internal(set) var stack: [Route]
    /// Sheets presented over the top screen, bottom first.
    public internal(set) var sheets: [Route]
    /// The screen on top of the stack.
    public var topScreen: Route { stack[stack.count - 1] }
    /// What the user sees in front: the top sheet, else the top screen.
    public var front: Route { sheets.last ?? topScreen }
}

/// One operation on the navigation state.
public enum NavigationOperation<Route: Hashable>: Hashable {
    /// Puts a screen on top of the stack.
    case push(Route)
    /// Removes the top screen (never the root).
    case pop
    /// Removes every screen above the root.
    case popToRoot
    /// Replaces the top screen.
    case replace(Route)
    /// Replaces the whole stack with one root (closing every sheet).
    case reset(Route)
    /// Presents a sheet over everything.
    case present(Route)
    /// Dismisses the top sheet.
    case dismiss
    /// Back: dismisses the top sheet first, else pops the top screen.
    case back
}

/// A change the coordinator made: the operation, and the state before and after.
public struct NavigationChange<Route: Hashable>: Hashable {
    /// What was asked (`back` is reported as itself).
    public let operation: NavigationOperation<Route>
    /// The state before.
    public let from: NavigationState<Route>
    /// The state after.
    public let to: NavigationState<Route>
}

/// Owns the navigation state of one app: every change goes through `perform`, which checks limits, applies it,
/// and tells the observers (a `NavigationPresenter`, the app) synchronously, in the order they were added.
public final class NavigationCoordinator<Route: Hashable> {
    /// The current state.
    public private(set) var state: NavigationState<Route>
    /// The most screens on the stack.
    public static var maximumStackDepth: Int { 32 }
    /// The most sheets presented at once.
    public static var maximumSheets: Int { 8 }
    private var observers: [(NavigationChange<Route>) -> Void] = []

    /// Starts with one root screen and no sheets.
    public init(root: Route) { state = NavigationState(stack: [root], sheets: []) }

    /// Adds an observer called after every change (never for an operation that changed nothing).
    public func observe(_ observer: @escaping (NavigationChange<Route>) -> Void) { observers.append(observer) }

    /// Applies one operation; returns the change, or nil when it changed nothing (pop at the root, back with
    /// nothing to go back to, dismiss with no sheet). Pushing or presenting past a limit throws and changes nothing.
    @discardableResult
    public func perform(_ operation: NavigationOperation<Route>) throws(NavigationError) -> NavigationChange<Route>? {
        let before = state
        var after = state
        switch operation {
        case .push(let route):
            guard after.stack.count < Self.maximumStackDepth else {
                throw .tooDeep(what: "stack", limit: Self.maximumStackDepth)
            }
            after.stack.append(route)
        case .pop:
            if after.stack.count > 1 { after.stack.removeLast() }
        case .popToRoot:
            after.stack = [after.stack[0]]
        case .replace(let route):
            after.stack[after.stack.count - 1] = route
        case .reset(let route):
            after = NavigationState(stack: [route], sheets: [])
        case .present(let route):
            guard after.sheets.count < Self.maximumSheets else { throw .tooDeep(what: "sheet list", limit: Self.maximumSheets) }
            after.sheets.append(route)
        case .dismiss:
            if !after.sheets.isEmpty { after.sheets.removeLast() }
        case .back:
            if !after.sheets.isEmpty { after.sheets.removeLast() } else if after.stack.count > 1 { after.stack.removeLast() }
        }
        guard after != before else { return nil }
        state = after
        let change = NavigationChange(operation: operation, from: before, to: after)
        for observer in observers { observer(change) }
        return change
    }

    /// Pushes a screen (past the depth limit: nothing happens and false is returned).
    @discardableResult public func push(_ route: Route) -> Bool { (try? perform(.push(route))) != nil }
    /// Pops the top screen; false at the root.
    @discardableResult public func pop() -> Bool { (try? perform(.pop)) != nil }
    /// Replaces the top screen; false when it is already that route.
    @discardableResult public func replace(with route: Route) -> Bool { (try? perform(.replace(route))) != nil }
    /// Presents a sheet (past the sheet limit: nothing happens and false is returned).
    @discardableResult public func present(_ route: Route) -> Bool { (try? perform(.present(route))) != nil }
    /// Dismisses the top sheet; false with none.
    @discardableResult public func dismiss() -> Bool { (try? perform(.dismiss)) != nil }
    /// Back (Escape, a back button): the top sheet first, else the top screen; false when there is nothing to leave.
    @discardableResult public func back() -> Bool { (try? perform(.back)) != nil }
}
