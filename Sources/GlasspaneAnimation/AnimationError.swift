// Typed errors for animation parameters that come from outside (a message, a command-line flag).

/// A bad animation parameter: which one, and the value that was refused.
public enum AnimationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A parameter is not a finite number or is outside its limits.
    case parameterOutOfRange(name: String, value: Double, allowed: ClosedRange<Double>)
    /// A cubic-bezier curve's x control points must lie in 0...1 so that time runs forward.
    case bezierControlXOutOfRange(name: String, value: Double)

    /// A stable identifier for tests and machine-readable errors.
    public var identifier: String {
        switch self {
        case .parameterOutOfRange: "animation.parameter-out-of-range"
        case .bezierControlXOutOfRange: "animation.bezier-x-out-of-range"
        }
    }

    /// The parameter the error is about.
    public var parameter: String {
        switch self {
        case let .parameterOutOfRange(name, _, _), let .bezierControlXOutOfRange(name, _): name
        }
    }

    /// A message naming the parameter, the value and what is allowed.
    public var description: String {
        switch self {
        case let .parameterOutOfRange(name, value, allowed):
            "\(identifier): \(name) = \(value) is outside \(allowed.lowerBound)...\(allowed.upperBound)"
        case let .bezierControlXOutOfRange(name, value):
            "\(identifier): \(name) = \(value); a control point's x must be in 0...1"
        }
    }

    /// Throws `parameterOutOfRange` unless `value` is finite and inside `allowed`.
    static func check(_ name: String, _ value: Double, in allowed: ClosedRange<Double>) throws(AnimationError) {
        guard value.isFinite, allowed.contains(value) else {
            throw .parameterOutOfRange(name: name, value: value, allowed: allowed)
        }
    }
}
