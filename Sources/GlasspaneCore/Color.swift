// Colors: linear-free sRGB components in 0...1 with alpha, HSV conversion and hex text.

/// An RGBA color with components in 0...1 (straight, not premultiplied, alpha).
public struct Color: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Red, 0...1.
    public var r: Double
    /// Green, 0...1.
    public var g: Double
    /// Blue, 0...1.
    public var b: Double
    /// Alpha (opacity), 0...1.
    public var a: Double
    /// Creates a color from components.
    public init(r: Double, g: Double, b: Double, a: Double = 1) { self.r = r; self.g = g; self.b = b; self.a = a }

    /// Opaque black.
    public static let black = Color(r: 0, g: 0, b: 0)
    /// Opaque white.
    public static let white = Color(r: 1, g: 1, b: 1)
    /// Fully transparent.
    public static let clear = Color(r: 0, g: 0, b: 0, a: 0)

    /// The same color with another alpha.
    public func withAlpha(_ alpha: Double) -> Color { Color(r: r, g: g, b: b, a: alpha) }

    /// Parses `#rrggbb`, `rrggbb`, `#rgb` or `#rrggbbaa` (case-insensitive ASCII hex digits, surrounding spaces,
    /// tabs and line breaks ignored); nil for anything else.
    public init?(hex text: String) {
        // Bytes, not Characters: the picker's hex field validates its text on every repaint of a drag.
        var digits: [UInt8] = []
        digits.reserveCapacity(8)
        var sawHash = false, ended = false
        for byte in text.utf8 {
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D: // whitespace: only around the color
                if !digits.isEmpty || sawHash { ended = true }
            case UInt8(ascii: "#") where digits.isEmpty && !sawHash && !ended:
                sawHash = true
            default:
                guard !ended, digits.count < 8, let value = Color.hexValue(byte) else { return nil }
                digits.append(value)
            }
        }
        func byte(_ i: Int) -> Double { Double(digits[i] << 4 | digits[i + 1]) / 255 }
        func nibble(_ i: Int) -> Double { Double(digits[i] * 17) / 255 }
        switch digits.count {
        case 3: self.init(r: nibble(0), g: nibble(1), b: nibble(2))
        case 6: self.init(r: byte(0), g: byte(2), b: byte(4))
        case 8: self.init(r: byte(0), g: byte(2), b: byte(4), a: byte(6))
        default: return nil
        }
    }

    /// The value of an ASCII hex digit (fullwidth and other Unicode hex digits are not color digits).
    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// `#rrggbb` (lowercase; alpha is left out).
    public var hex: String {
        let (r8, g8, b8, _) = rgba8
        // Digits by arithmetic: a table built per call allocated (16 times a frame while the picker is dragged).
        func digit(_ v: UInt8) -> UInt8 { v < 10 ? UInt8(ascii: "0") + v : UInt8(ascii: "a") + v - 10 }
        return String(unsafeUninitializedCapacity: 7) { buffer in
            buffer[0] = UInt8(ascii: "#")
            buffer[1] = digit(r8 >> 4); buffer[2] = digit(r8 & 15)
            buffer[3] = digit(g8 >> 4); buffer[4] = digit(g8 & 15)
            buffer[5] = digit(b8 >> 4); buffer[6] = digit(b8 & 15)
            return 7
        }
    }

    /// The 24-bit value `hex` spells (0xrrggbb): colors with the same hex form have the same value, compared
    /// without building strings (the picker checks its presets on every change).
    public var rgb24: UInt32 {
        let (r8, g8, b8, _) = rgba8
        return UInt32(r8) << 16 | UInt32(g8) << 8 | UInt32(b8)
    }

    /// The components as 8-bit values, rounded.
    public var rgba8: (UInt8, UInt8, UInt8, UInt8) {
        func q(_ v: Double) -> UInt8 { v.isNaN ? 0 : UInt8((min(max(v, 0), 1) * 255).rounded()) }
        return (q(r), q(g), q(b), q(a))
    }

    /// The hex form, plus alpha when not opaque.
    public var description: String { a >= 1 ? hex : "\(hex)@\(formatShort(a))" }

    /// Creates a color from hue (0...1, wraps), saturation and value (0...1).
    public init(hue: Double, saturation: Double, value: Double, alpha: Double = 1) {
        let hsv = HSV(h: hue, s: saturation, v: value)
        let c = hsv.rgb
        self.init(r: c.r, g: c.g, b: c.b, a: alpha)
    }

    /// The color in hue/saturation/value form.
    public var hsv: HSV {
        let mx = max(r, g, b), mn = min(r, g, b), d = mx - mn
        var h = 0.0
        if d > 0 {
            if mx == r { h = ((g - b) / d).truncatingRemainder(dividingBy: 6) }
            else if mx == g { h = (b - r) / d + 2 }
            else { h = (r - g) / d + 4 }
            h /= 6
            if h < 0 { h += 1 }
        }
        return HSV(h: h, s: mx > 0 ? d / mx : 0, v: mx)
    }
}

/// Hue, saturation and value, each 0...1 (hue wraps around).
public struct HSV: Hashable, Sendable, Codable {
    /// Hue, 0...1 (0 and 1 are red).
    public var h: Double
    /// Saturation, 0...1.
    public var s: Double
    /// Value (brightness), 0...1.
    public var v: Double
    /// Creates an HSV triple.
    public init(h: Double, s: Double, v: Double) { self.h = h; self.s = s; self.v = v }
    /// The opaque RGB color.
    public var rgb: Color {
        var hh = h.truncatingRemainder(dividingBy: 1)
        if hh < 0 { hh += 1 }
        let sector = hh * 6, i = Int(sector) % 6, f = sector - Double(Int(sector))
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        switch i {
        case 0: return Color(r: v, g: t, b: p)
        case 1: return Color(r: q, g: v, b: p)
        case 2: return Color(r: p, g: v, b: t)
        case 3: return Color(r: p, g: q, b: v)
        case 4: return Color(r: t, g: p, b: v)
        default: return Color(r: v, g: p, b: q)
        }
    }
}
