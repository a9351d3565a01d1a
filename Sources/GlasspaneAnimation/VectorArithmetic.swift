// Values that can animate: a vector space (add, subtract, scale, magnitude) so that a spring can run on every
// component at once, and a mapping from a value type (a color) to the vector it animates as (linear light).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GlasspaneCore

/// A vector space an animation runs in: springs and curves act on each component through these operations.
public protocol VectorArithmetic: Equatable, Sendable {
    /// The zero vector (no displacement, no velocity).
    static var zero: Self { get }
    /// Component-wise sum.
    static func + (lhs: Self, rhs: Self) -> Self
    /// Component-wise difference.
    static func - (lhs: Self, rhs: Self) -> Self
    /// Every component multiplied by `factor`.
    func scaled(by factor: Double) -> Self
    /// The squared Euclidean length (sum of the squared components).
    var magnitudeSquared: Double { get }
}

extension VectorArithmetic {
    /// The Euclidean length.
    public var magnitude: Double { sqrt(magnitudeSquared) }
    /// `a * x + b * y`, the combination every animation step computes.
    @inlinable
    public static func combine(_ a: Double, _ x: Self, _ b: Double, _ y: Self) -> Self { x.scaled(by: a) + y.scaled(by: b) }
}

/// A value that can animate: it converts to and from the vector it is interpolated as.
public protocol Animatable: Equatable {
    /// The vector the value moves in (itself for geometry; premultiplied linear-light RGBA for colors).
    associatedtype AnimatableData: VectorArithmetic
    /// The value as a vector.
    var animatableData: AnimatableData { get }
    /// The value a vector stands for (a color clamps its components to 0...1).
    init(animatableData: AnimatableData)
}

extension Double: VectorArithmetic, Animatable {
    /// The number itself.
    public func scaled(by factor: Double) -> Double { self * factor }
    /// The square.
    public var magnitudeSquared: Double { self * self }
    /// The number itself.
    public var animatableData: Double { self }
    /// The number itself.
    public init(animatableData: Double) { self = animatableData }
}

extension Point: VectorArithmetic, Animatable {
    /// Both coordinates scaled.
    public func scaled(by factor: Double) -> Point { Point(x: x * factor, y: y * factor) }
    /// x² + y².
    public var magnitudeSquared: Double { x * x + y * y }
    /// The point itself.
    public var animatableData: Point { self }
    /// The point itself.
    public init(animatableData: Point) { self = animatableData }
}

extension Size: VectorArithmetic, Animatable {
    /// Component-wise sum.
    public static func + (lhs: Size, rhs: Size) -> Size { Size(width: lhs.width + rhs.width, height: lhs.height + rhs.height) }
    /// Component-wise difference.
    public static func - (lhs: Size, rhs: Size) -> Size { Size(width: lhs.width - rhs.width, height: lhs.height - rhs.height) }
    /// Both dimensions scaled.
    public func scaled(by factor: Double) -> Size { Size(width: width * factor, height: height * factor) }
    /// width² + height².
    public var magnitudeSquared: Double { width * width + height * height }
    /// The size itself.
    public var animatableData: Size { self }
    /// The size itself.
    public init(animatableData: Size) { self = animatableData }
}

extension Rect: VectorArithmetic, Animatable {
    /// Origins and sizes added.
    public static func + (lhs: Rect, rhs: Rect) -> Rect { Rect(origin: lhs.origin + rhs.origin, size: lhs.size + rhs.size) }
    /// Origins and sizes subtracted.
    public static func - (lhs: Rect, rhs: Rect) -> Rect { Rect(origin: lhs.origin - rhs.origin, size: lhs.size - rhs.size) }
    /// Origin and size scaled.
    public func scaled(by factor: Double) -> Rect { Rect(origin: origin.scaled(by: factor), size: size.scaled(by: factor)) }
    /// The sum of the four squared components.
    public var magnitudeSquared: Double { origin.magnitudeSquared + size.magnitudeSquared }
    /// The rectangle itself.
    public var animatableData: Rect { self }
    /// The rectangle itself.
    public init(animatableData: Rect) { self = animatableData }
}

/// A color as it is interpolated: linear-light RGB premultiplied by alpha, and alpha. Mixing in linear light keeps
/// the brightness of a blend between two colors right (sRGB-encoded mixing darkens it); premultiplying makes a fade
/// from `.clear` keep the target's hue instead of passing through black.
public struct LinearColor: VectorArithmetic, Hashable {
    /// Red, linear light, times alpha.
    public var r: Double
    /// Green, linear light, times alpha.
    public var g: Double
    /// Blue, linear light, times alpha.
    public var b: Double
    /// Alpha.
    public var a: Double
    /// Creates a premultiplied linear color from its components.
    public init(r: Double, g: Double, b: Double, a: Double) { self.r = r; self.g = g; self.b = b; self.a = a }
    /// All components zero (transparent).
    public static let zero = LinearColor(r: 0, g: 0, b: 0, a: 0)
    /// Component-wise sum.
    public static func + (lhs: LinearColor, rhs: LinearColor) -> LinearColor {
        LinearColor(r: lhs.r + rhs.r, g: lhs.g + rhs.g, b: lhs.b + rhs.b, a: lhs.a + rhs.a)
    }
    /// Component-wise difference.
    public static func - (lhs: LinearColor, rhs: LinearColor) -> LinearColor {
        LinearColor(r: lhs.r - rhs.r, g: lhs.g - rhs.g, b: lhs.b - rhs.b, a: lhs.a - rhs.a)
    }
    /// Every component scaled.
    public func scaled(by factor: Double) -> LinearColor { LinearColor(r: r * factor, g: g * factor, b: b * factor, a: a * factor) }
    /// The sum of the four squared components.
    public var magnitudeSquared: Double { r * r + g * g + b * b + a * a }

    /// The sRGB transfer function's inverse: an encoded component (0...1) to linear light.
    public static func decode(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
    /// The sRGB transfer function: linear light (0...1) to an encoded component.
    public static func encode(_ l: Double) -> Double { l <= 0.0031308 ? l * 12.92 : 1.055 * pow(l, 1 / 2.4) - 0.055 }
}

extension Color: Animatable {
    /// The color in premultiplied linear light (see `LinearColor`).
    public var animatableData: LinearColor {
        LinearColor(r: LinearColor.decode(r) * a, g: LinearColor.decode(g) * a, b: LinearColor.decode(b) * a, a: a)
    }
    /// The sRGB color for a premultiplied linear one; alpha and channels are clamped to 0...1 (a spring may overshoot).
    public init(animatableData v: LinearColor) {
        let alpha = min(max(v.a, 0), 1)
        guard alpha > 0 else { self = .clear; return }
        func channel(_ premultiplied: Double) -> Double { LinearColor.encode(min(max(premultiplied / alpha, 0), 1)) }
        self.init(r: channel(v.r), g: channel(v.g), b: channel(v.b), a: alpha)
    }
}
