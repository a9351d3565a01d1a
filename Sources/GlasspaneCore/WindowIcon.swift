// A window icon as plain pixels: what an app hands the platform (`PlatformBackend.setWindowIcon`, SDL's
// `SDL_SetWindowIcon` in GlasspanePlatform), checked against stated limits before any work.

/// RGBA8 pixels, rows top to bottom, at most `maximumSide` pixels on a side.
public struct WindowIcon: Equatable, Sendable {
    /// The largest side accepted, in pixels (window managers show 16 to 256).
    public static let maximumSide = 512
    /// Size in pixels.
    public let size: PixelSize
    /// Tightly packed RGBA bytes, `width * height * 4`.
    public let rgba: [UInt8]

    /// Checks the size against `maximumSide` and the byte count against the size.
    public init(size: PixelSize, rgba: [UInt8]) throws(WindowIconError) {
        guard (1...WindowIcon.maximumSide).contains(size.width), (1...WindowIcon.maximumSide).contains(size.height) else {
            throw .badSize(size)
        }
        guard rgba.count == size.width * size.height * 4 else { throw .byteCount(expected: size.width * size.height * 4, got: rgba.count) }
        self.size = size
        self.rgba = rgba
    }
}

/// Why pixels cannot be an icon; `identifier` is stable for tests.
public enum WindowIconError: Error, Equatable, CustomStringConvertible {
    /// A side of 0 or over `WindowIcon.maximumSide`.
    case badSize(PixelSize)
    /// The bytes do not match the size.
    case byteCount(expected: Int, got: Int)

    /// A stable identifier.
    public var identifier: String {
        switch self {
        case .badSize: "icon-bad-size"
        case .byteCount: "icon-byte-count"
        }
    }

    /// What was wrong, with the numbers.
    public var description: String {
        switch self {
        case .badSize(let s): "a window icon of \(s.width)x\(s.height) pixels is outside 1...\(WindowIcon.maximumSide) on a side"
        case .byteCount(let e, let g): "a window icon needs \(e) bytes of RGBA for its size, got \(g)"
        }
    }
}

extension PlatformBackend {
    /// Platforms without window icons ignore it.
    @discardableResult
    public func setWindowIcon(_ icon: WindowIcon) -> Bool { false }
}
