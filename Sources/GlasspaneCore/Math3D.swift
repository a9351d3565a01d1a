// Small 3D math for the engine and the renderer: column-major Float matrices, as GL expects them.
#if canImport(Glibc)
import Glibc
#endif

/// A 3-component vector.
public struct Vec3: Hashable, Sendable, Codable {
    /// X component.
    public var x: Float
    /// Y component.
    public var y: Float
    /// Z component.
    public var z: Float
    /// Creates a vector.
    public init(_ x: Float, _ y: Float, _ z: Float) { self.x = x; self.y = y; self.z = z }
    /// Sum.
    public static func + (a: Vec3, b: Vec3) -> Vec3 { Vec3(a.x + b.x, a.y + b.y, a.z + b.z) }
    /// Difference.
    public static func - (a: Vec3, b: Vec3) -> Vec3 { Vec3(a.x - b.x, a.y - b.y, a.z - b.z) }
    /// Scale.
    public static func * (a: Vec3, s: Float) -> Vec3 { Vec3(a.x * s, a.y * s, a.z * s) }
    /// Dot product.
    public func dot(_ b: Vec3) -> Float { x * b.x + y * b.y + z * b.z }
    /// Cross product.
    public func cross(_ b: Vec3) -> Vec3 { Vec3(y * b.z - z * b.y, z * b.x - x * b.z, x * b.y - y * b.x) }
    /// Euclidean length.
    public var length: Float { dot(self).squareRoot() }
    /// Unit vector in the same direction (zero stays zero).
    public var normalized: Vec3 { let l = length; return l > 0 ? self * (1 / l) : self }
}

/// A 4x4 matrix, column-major (`columns[c][r]` flattened as `elements[c * 4 + r]`).
public struct Mat4: Hashable, Sendable {
    /// The 16 elements, column-major, stored inline: the scene builds and multiplies several matrices a frame, and
    /// with an array each one was a heap allocation (7 a frame in the demo).
    public var elements: SIMD16<Float>
    /// The 16 elements, column-major, as a new array (`withUnsafeElements` reads them without one).
    public var m: [Float] { (0..<16).map { elements[$0] } }
    /// Creates a matrix from 16 column-major elements.
    public init(columnMajor m: [Float]) { precondition(m.count == 16); elements = SIMD16(m) }
    /// Creates a matrix from its 16 column-major elements.
    public init(elements: SIMD16<Float>) { self.elements = elements }
    /// The identity.
    public static let identity = Mat4(elements: SIMD16(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1))
    /// Element at row `r`, column `c`.
    public subscript(r: Int, c: Int) -> Float { elements[c * 4 + r] }
    /// Matrix product `a * b`.
    public static func * (a: Mat4, b: Mat4) -> Mat4 {
        var out = SIMD16<Float>()
        for c in 0..<4 { for r in 0..<4 {
            var s: Float = 0
            for k in 0..<4 { s += a.elements[k * 4 + r] * b.elements[c * 4 + k] }
            out[c * 4 + r] = s
        } }
        return Mat4(elements: out)
    }
    /// Calls `body` with the 16 column-major elements in place (what `glUniformMatrix4fv` reads). Inlinable, so
    /// callers in other modules get it specialized: unspecialized, each call looked up generic metadata.
    @inlinable
    public func withUnsafeElements<R>(_ body: (UnsafeBufferPointer<Float>) throws -> R) rethrows -> R {
        try withUnsafeBytes(of: elements) { raw in try raw.withMemoryRebound(to: Float.self) { try body($0) } }
    }
    /// Transforms a point (w = 1) and divides by w.
    public func transformPoint(_ v: Vec3) -> Vec3 {
        let m = elements
        let x = m[0] * v.x + m[4] * v.y + m[8] * v.z + m[12]
        let y = m[1] * v.x + m[5] * v.y + m[9] * v.z + m[13]
        let z = m[2] * v.x + m[6] * v.y + m[10] * v.z + m[14]
        let w = m[3] * v.x + m[7] * v.y + m[11] * v.z + m[15]
        return w != 0 ? Vec3(x / w, y / w, z / w) : Vec3(x, y, z)
    }
    /// A right-handed perspective projection (GL clip space, depth -1...1).
    public static func perspective(fovYRadians: Float, aspect: Float, near: Float, far: Float) -> Mat4 {
        let f = 1 / tanf(fovYRadians / 2)
        return Mat4(elements: SIMD16(
            f / max(aspect, 1e-6), 0, 0, 0,
            0, f, 0, 0,
            0, 0, (far + near) / (near - far), -1,
            0, 0, 2 * far * near / (near - far), 0,
        ))
    }
    /// A view matrix looking from `eye` at `center`.
    public static func lookAt(eye: Vec3, center: Vec3, up: Vec3) -> Mat4 {
        let f = (center - eye).normalized
        let s = f.cross(up).normalized
        let u = s.cross(f)
        return Mat4(elements: SIMD16(
            s.x, u.x, -f.x, 0,
            s.y, u.y, -f.y, 0,
            s.z, u.z, -f.z, 0,
            -s.dot(eye), -u.dot(eye), f.dot(eye), 1,
        ))
    }
    /// A rotation of `angle` radians around a unit `axis`.
    public static func rotation(angle: Float, axis: Vec3) -> Mat4 {
        let a = axis.normalized, c = cosf(angle), s = sinf(angle), t = 1 - c
        return Mat4(elements: SIMD16(
            t * a.x * a.x + c, t * a.x * a.y + s * a.z, t * a.x * a.z - s * a.y, 0,
            t * a.x * a.y - s * a.z, t * a.y * a.y + c, t * a.y * a.z + s * a.x, 0,
            t * a.x * a.z + s * a.y, t * a.y * a.z - s * a.x, t * a.z * a.z + c, 0,
            0, 0, 0, 1,
        ))
    }
    /// A uniform scale.
    public static func scale(_ s: Float) -> Mat4 {
        Mat4(elements: SIMD16(s, 0, 0, 0, 0, s, 0, 0, 0, 0, s, 0, 0, 0, 0, 1))
    }
    /// An orthographic projection mapping the rectangle (y down) to clip space; used for the 2D overlay.
    public static func orthographic(left: Float, right: Float, top: Float, bottom: Float) -> Mat4 {
        Mat4(elements: SIMD16(
            2 / (right - left), 0, 0, 0,
            0, 2 / (top - bottom), 0, 0,
            0, 0, -1, 0,
            -(right + left) / (right - left), -(top + bottom) / (top - bottom), 0, 1,
        ))
    }
}
