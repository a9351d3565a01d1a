// Geometry value types shared by every module. Layout uses Double points; GL uses Float matrices.

/// A point in logical points (window coordinates: origin top-left, y down) unless stated otherwise.
public struct Point: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Horizontal coordinate.
    public var x: Double
    /// Vertical coordinate (down is positive).
    public var y: Double
    /// Creates a point.
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    /// The origin.
    public static let zero = Point(x: 0, y: 0)
    /// `x,y` with up to two decimals, for logs and traces.
    public var description: String { "\(formatShort(x)),\(formatShort(y))" }
    /// Component-wise sum.
    public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    /// Component-wise difference.
    public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
}

/// A size in logical points.
public struct Size: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Width in points.
    public var width: Double
    /// Height in points.
    public var height: Double
    /// Creates a size.
    public init(width: Double, height: Double) { self.width = width; self.height = height }
    /// The empty size.
    public static let zero = Size(width: 0, height: 0)
    /// `WxH`, for logs.
    public var description: String { "\(formatShort(width))x\(formatShort(height))" }
}

/// An axis-aligned rectangle in logical points.
public struct Rect: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Top-left corner.
    public var origin: Point
    /// Extent.
    public var size: Size
    /// Creates a rectangle from origin and size.
    public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    /// Creates a rectangle from coordinates.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }
    /// The empty rectangle at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)
    /// Left edge.
    public var minX: Double { origin.x }
    /// Top edge.
    public var minY: Double { origin.y }
    /// Right edge.
    public var maxX: Double { origin.x + size.width }
    /// Bottom edge.
    public var maxY: Double { origin.y + size.height }
    /// Width.
    public var width: Double { size.width }
    /// Height.
    public var height: Double { size.height }
    /// The center point.
    public var center: Point { Point(x: origin.x + size.width / 2, y: origin.y + size.height / 2) }
    /// True when the point lies inside (min edges inclusive, max edges exclusive, like UIKit).
    public func contains(_ p: Point) -> Bool { p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY }
    /// The overlap of two rectangles, or an empty rectangle when they do not overlap.
    public func intersection(_ other: Rect) -> Rect {
        let x0 = max(minX, other.minX), y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        if x1 <= x0 || y1 <= y0 { return Rect(x: x0, y: y0, width: 0, height: 0) }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
    /// The rectangle moved by an offset.
    public func offsetBy(dx: Double, dy: Double) -> Rect { Rect(x: minX + dx, y: minY + dy, width: width, height: height) }
    /// The rectangle shrunk by `d` on every side.
    public func insetBy(_ d: Double) -> Rect { Rect(x: minX + d, y: minY + d, width: max(0, width - 2 * d), height: max(0, height - 2 * d)) }
    /// `x,y WxH`, for logs and dumps.
    public var description: String { "\(origin) \(size)" }
}

/// A size in device pixels (a drawable, a framebuffer, an image).
public struct PixelSize: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// Creates a pixel size.
    public init(width: Int, height: Int) { self.width = width; self.height = height }
    /// `WxH`.
    public var description: String { "\(width)x\(height)" }
    /// Parses `WxH` (for example `1280x720`); nil when malformed or not positive.
    public init?(parsing text: String) {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), w > 0, h > 0 else { return nil }
        self.init(width: w, height: h)
    }
}

/// How window points map to drawable pixels (high DPI): keep both sizes and convert explicitly.
public struct WindowMetrics: Hashable, Sendable, Codable {
    /// Window size in logical points (what input events use).
    public var windowSize: Size
    /// Drawable size in pixels (what the GL viewport uses).
    public var drawableSize: PixelSize
    /// Creates metrics from both sizes.
    public init(windowSize: Size, drawableSize: PixelSize) { self.windowSize = windowSize; self.drawableSize = drawableSize }
    /// Pixels per point horizontally (1 on ordinary displays, 2 on high-DPI ones).
    public var scaleX: Double { windowSize.width > 0 ? Double(drawableSize.width) / windowSize.width : 1 }
    /// Pixels per point vertically.
    public var scaleY: Double { windowSize.height > 0 ? Double(drawableSize.height) / windowSize.height : 1 }
    /// Converts a point to pixel coordinates (origin top-left).
    public func pixels(from p: Point) -> Point { Point(x: p.x * scaleX, y: p.y * scaleY) }
    /// Converts pixel coordinates (origin top-left) to points.
    public func points(fromPixels p: Point) -> Point { Point(x: p.x / scaleX, y: p.y / scaleY) }
}

/// Formats a number without trailing zeros, at most two decimals.
@usableFromInline func formatShort(_ v: Double) -> String {
    if v == v.rounded() && abs(v) < 1e15 { return String(Int(v)) }
    let r = (v * 100).rounded() / 100
    return String(r)
}
