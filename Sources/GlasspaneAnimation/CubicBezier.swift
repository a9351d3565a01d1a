// A CSS-style cubic-bezier timing curve from (0,0) to (1,1): control points and the polynomial coefficients the
// solver uses, converted both ways; x (time) is solved for the curve parameter by Newton's method with a bisection
// fallback.

/// A timing curve B(s) = 3(1-s)²s·P1 + 3(1-s)s²·P2 + s³ for s in 0...1, whose x is the fraction of the duration and
/// whose y is the progress. Written as polynomials: x(s) = ((ax·s + bx)·s + cx)·s, likewise y.
public struct CubicBezier: Hashable, Sendable, CustomStringConvertible {
    /// The first control point's x (0...1).
    public let x1: Double
    /// The first control point's y (any value; outside 0...1 overshoots).
    public let y1: Double
    /// The second control point's x (0...1).
    public let x2: Double
    /// The second control point's y.
    public let y2: Double

    /// Creates a curve; x values are clamped to 0...1 so that time runs forward (use `validated` for untrusted input).
    public init(x1: Double, y1: Double, x2: Double, y2: Double) {
        func unit(_ v: Double) -> Double { v.isFinite ? min(max(v, 0), 1) : 0 }
        func finite(_ v: Double) -> Double { v.isFinite ? v : 0 }
        self.x1 = unit(x1); self.y1 = finite(y1); self.x2 = unit(x2); self.y2 = finite(y2)
    }

    /// Creates a curve from control points, checked: throws when an x is outside 0...1 or a value is not finite.
    public static func validated(x1: Double, y1: Double, x2: Double, y2: Double) throws(AnimationError) -> CubicBezier {
        for (name, x) in [("x1", x1), ("x2", x2)] where !(x.isFinite && (0...1).contains(x)) {
            throw .bezierControlXOutOfRange(name: name, value: x)
        }
        try AnimationError.check("y1", y1, in: -100...100)
        try AnimationError.check("y2", y2, in: -100...100)
        return CubicBezier(x1: x1, y1: y1, x2: x2, y2: y2)
    }

    /// CSS `linear`: (0, 0, 1, 1).
    public static let linear = CubicBezier(x1: 0, y1: 0, x2: 1, y2: 1)
    /// CSS `ease-in`: (0.42, 0, 1, 1).
    public static let easeIn = CubicBezier(x1: 0.42, y1: 0, x2: 1, y2: 1)
    /// CSS `ease-out`: (0, 0, 0.58, 1).
    public static let easeOut = CubicBezier(x1: 0, y1: 0, x2: 0.58, y2: 1)
    /// CSS `ease-in-out`: (0.42, 0, 0.58, 1).
    public static let easeInOut = CubicBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1)

    /// `cubic-bezier(x1, y1, x2, y2)`.
    public var description: String { "cubic-bezier(\(x1), \(y1), \(x2), \(y2))" }

    // MARK: - Polynomial coefficients

    /// The cubic's coefficients for one axis: p(s) = ((a·s + b)·s + c)·s.
    public struct Polynomial: Hashable, Sendable {
        /// The s³ coefficient: 1 - c - b.
        public var a: Double
        /// The s² coefficient: 3·(p2 - p1) - c.
        public var b: Double
        /// The s coefficient: 3·p1.
        public var c: Double
        /// Creates coefficients.
        @inlinable public init(a: Double, b: Double, c: Double) { self.a = a; self.b = b; self.c = c }
        /// The coefficients for control values p1, p2 (the end points being 0 and 1).
        @inlinable public init(p1: Double, p2: Double) {
            c = 3 * p1
            b = 3 * (p2 - p1) - c
            a = 1 - c - b
        }
        /// The control values back: p1 = c/3, p2 = (b + 2c)/3.
        public var controlValues: (p1: Double, p2: Double) { (c / 3, (b + 2 * c) / 3) }
        /// p(s).
        @inlinable public func value(_ s: Double) -> Double { ((a * s + b) * s + c) * s }
        /// p'(s).
        @inlinable public func derivative(_ s: Double) -> Double { (3 * a * s + 2 * b) * s + c }
        /// p''(s).
        @inlinable func secondDerivative(_ s: Double) -> Double { 6 * a * s + 2 * b }
    }

    /// x(s): `ax`, `bx`, `cx`.
    @inlinable public var xPolynomial: Polynomial { Polynomial(p1: x1, p2: x2) }
    /// y(s): `ay`, `by`, `cy`.
    @inlinable public var yPolynomial: Polynomial { Polynomial(p1: y1, p2: y2) }

    /// The curve whose polynomials have these coefficients (the end points fix a = 1 - b - c, so `a` is not needed
    /// to recover the control points; a mismatched `a` is ignored).
    public init(x: Polynomial, y: Polynomial) {
        let (x1, x2) = x.controlValues, (y1, y2) = y.controlValues
        self.init(x1: x1, y1: y1, x2: x2, y2: y2)
    }

    // MARK: - Solving

    /// The curve parameter s whose x(s) is `x` (0...1): Newton's method from s = x, falling back to bisection when
    /// the slope is flat or Newton does not converge in 8 steps.
    @inlinable public func parameter(forX x: Double) -> Double {
        let px = xPolynomial
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        let tolerance = 1e-12
        var s = x
        for _ in 0..<8 {
            let error = px.value(s) - x
            if abs(error) < tolerance { return s }
            let slope = px.derivative(s)
            if abs(slope) < 1e-9 { break }
            s -= error / slope
        }
        var lo = 0.0, hi = 1.0
        s = x
        for _ in 0..<64 {
            let value = px.value(s)
            if abs(value - x) < tolerance { return s }
            if value < x { lo = s } else { hi = s }
            s = (lo + hi) / 2
        }
        return s
    }

    /// Progress (y) at a fraction of the duration (x, clamped to 0...1).
    @inlinable public func value(at fraction: Double) -> Double {
        if fraction <= 0 { return 0 }
        if fraction >= 1 { return 1 }
        return yPolynomial.value(parameter(forX: fraction))
    }

    /// dy/dx at a fraction of the duration: progress per unit of the fraction (divide by the duration for per
    /// second). Where dx/ds vanishes (an end with x control point 0 or 1) the limit of the ratio is used.
    @inlinable public func velocity(at fraction: Double) -> Double {
        let f = min(max(fraction, 0), 1)
        let s = parameter(forX: f)
        let px = xPolynomial, py = yPolynomial
        let dx = px.derivative(s)
        if abs(dx) > 1e-9 { return py.derivative(s) / dx }
        if abs(py.derivative(s)) > 1e-9 {
            // A vertical tangent (x control point at an end, y not): the slope is unbounded there; report it just inside.
            let inside = s < 0.5 ? s + 1e-6 : s - 1e-6
            return py.derivative(inside) / px.derivative(inside)
        }
        // L'Hôpital: dy/ds and dx/ds both vanish here; use the second (then third) derivatives.
        let ddx = px.secondDerivative(s)
        if abs(ddx) > 1e-9 { return py.secondDerivative(s) / ddx }
        return px.a != 0 ? py.a / px.a : 0
    }
}
