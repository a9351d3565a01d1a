// Loading PNG and JPEG files for the overlay, kept free of SDL: the header is read and checked against stated limits
// here, in plain Swift, before any decoder runs; decoding (SDL2_image) and uploading (GL) sit behind two protocols
// that GlasspaneRender implements.
import GlasspaneCore

/// The limits an image file must meet before it is decoded (every one checked from the file's size and header).
public struct ImageLimits: Hashable, Sendable {
    /// Largest file, in bytes (checked before the file is read).
    public var maxFileBytes: Int
    /// Widest image, in pixels.
    public var maxWidth: Int
    /// Tallest image, in pixels.
    public var maxHeight: Int
    /// Most pixels (width x height), so a decoded image stays under `maxPixels * 4` bytes.
    public var maxPixels: Int
    /// Creates limits.
    public init(maxFileBytes: Int = 32 << 20, maxWidth: Int = 8192, maxHeight: Int = 8192, maxPixels: Int = 4096 * 4096) {
        self.maxFileBytes = maxFileBytes; self.maxWidth = maxWidth; self.maxHeight = maxHeight; self.maxPixels = maxPixels
    }
    /// 32 MiB files, 8192 pixels a side, 16.8 million pixels (64 MiB decoded).
    public static let standard = ImageLimits()
}

/// The file formats the overlay loads.
public enum ImageFormat: String, Hashable, Sendable {
    /// PNG (signature, IHDR first, IEND last).
    case png = "PNG"
    /// JPEG (SOI, a SOFn frame header, EOI last).
    case jpeg = "JPEG"
}

/// What an image file's header says, read without decoding.
public struct ImageHeader: Hashable, Sendable {
    /// PNG or JPEG.
    public var format: ImageFormat
    /// Size in pixels.
    public var size: PixelSize
    /// Creates a header.
    public init(format: ImageFormat, size: PixelSize) { self.format = format; self.size = size }

    private static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    private static let pngEnd: [UInt8] = [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]

    /// Reads the format and size from a whole file's bytes and checks that it ends where its format ends (a PNG's
    /// IEND chunk, a JPEG's EOI marker), so a truncated file is caught before a decoder sees it.
    public static func read(_ bytes: [UInt8]) throws(ImageHeaderProblem) -> ImageHeader {
        if bytes.isEmpty { throw .empty }
        if bytes.starts(with: pngSignature) { return try readPNG(bytes) }
        if bytes.count >= 2 && bytes[0] == 0xFF && bytes[1] == 0xD8 { return try readJPEG(bytes) }
        throw .unknownFormat
    }

    private static func bigEndian32(_ b: [UInt8], _ i: Int) -> Int {
        Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3])
    }

    private static func readPNG(_ b: [UInt8]) throws(ImageHeaderProblem) -> ImageHeader {
        // Signature (8), IHDR length (4), "IHDR" (4), width (4), height (4), 5 bytes of fields, CRC (4).
        guard b.count >= 33 else { throw .truncated(.png, "the file ends inside the IHDR header (\(b.count) bytes)") }
        guard bigEndian32(b, 8) == 13, Array(b[12..<16]) == Array("IHDR".utf8) else {
            throw .corrupt(.png, "the first chunk is not a 13-byte IHDR")
        }
        let width = bigEndian32(b, 16), height = bigEndian32(b, 20)
        guard width > 0, height > 0 else { throw .corrupt(.png, "IHDR gives a size of \(width)x\(height)") }
        guard b.count >= 33 + pngEnd.count, Array(b.suffix(pngEnd.count)) == pngEnd else {
            throw .truncated(.png, "the IEND chunk is missing at the end")
        }
        return ImageHeader(format: .png, size: PixelSize(width: width, height: height))
    }

    private static func readJPEG(_ b: [UInt8]) throws(ImageHeaderProblem) -> ImageHeader {
        var i = 2
        var size: PixelSize?
        // Walk the marker segments up to the frame header (SOFn) that holds the size.
        while size == nil {
            guard i < b.count else { throw .truncated(.jpeg, "the file ends before a frame header (SOF)") }
            guard b[i] == 0xFF else { throw .corrupt(.jpeg, "byte \(i) is not a marker") }
            while i < b.count && b[i] == 0xFF { i += 1 } // fill bytes
            guard i < b.count else { throw .truncated(.jpeg, "the file ends inside a marker") }
            let marker = b[i]
            i += 1
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { continue } // no length
            if marker == 0xD9 || marker == 0xDA { throw .corrupt(.jpeg, "image data starts before a frame header (SOF)") }
            guard i + 2 <= b.count else { throw .truncated(.jpeg, "the file ends inside a segment length") }
            let length = Int(b[i]) << 8 | Int(b[i + 1])
            guard length >= 2 else { throw .corrupt(.jpeg, "a segment at byte \(i) has length \(length)") }
            let isFrame = (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker)
            if isFrame {
                guard length >= 8 else { throw .corrupt(.jpeg, "the frame header is \(length) bytes") }
                guard i + 7 <= b.count else { throw .truncated(.jpeg, "the file ends inside the frame header") }
                let height = Int(b[i + 3]) << 8 | Int(b[i + 4]), width = Int(b[i + 5]) << 8 | Int(b[i + 6])
                guard width > 0, height > 0 else { throw .corrupt(.jpeg, "the frame header gives a size of \(width)x\(height)") }
                size = PixelSize(width: width, height: height)
            }
            i += length
        }
        // Trailing zero padding is tolerated; the last marker must be EOI.
        var end = b.count
        while end > i && b[end - 1] == 0 { end -= 1 }
        guard end >= i + 2, b[end - 2] == 0xFF, b[end - 1] == 0xD9 else {
            throw .truncated(.jpeg, "the end-of-image marker (EOI) is missing at the end")
        }
        return ImageHeader(format: .jpeg, size: size!)
    }
}

/// Why a file's header was refused (before any decoding).
public enum ImageHeaderProblem: Error, Hashable, Sendable {
    /// The file has no bytes.
    case empty
    /// Neither a PNG nor a JPEG signature.
    case unknownFormat
    /// The file stops before its format's end (the reason names the part).
    case truncated(ImageFormat, String)
    /// A header field is impossible (the reason names it).
    case corrupt(ImageFormat, String)
}

/// Why an image could not be shown. `identifier` is stable (tests assert on it); `message` names the file and
/// what was wrong; `shortReason` fits under a placeholder.
public enum ImageLoadError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No file at the path.
    case missing(path: String)
    /// The file exists but could not be read.
    case unreadable(path: String, reason: String)
    /// The file is larger than `ImageLimits.maxFileBytes`.
    case fileTooLarge(path: String, bytes: Int, limit: Int)
    /// The header was refused.
    case badHeader(path: String, problem: ImageHeaderProblem)
    /// The header's size is over a limit (`limit` says which).
    case tooLarge(path: String, size: PixelSize, limit: String)
    /// The decoder refused the file, or gave another size than the header.
    case decodeFailed(path: String, reason: String)
    /// No decoder is installed (an overlay without a renderer: logic tests).
    case noDecoder(path: String)

    /// A stable identifier.
    public var identifier: String {
        switch self {
        case .missing: "image-missing"
        case .unreadable: "image-unreadable"
        case .fileTooLarge: "image-file-too-large"
        case .badHeader(_, .empty): "image-empty"
        case .badHeader(_, .unknownFormat): "image-unknown-format"
        case .badHeader(_, .truncated): "image-truncated"
        case .badHeader(_, .corrupt): "image-corrupt"
        case .tooLarge: "image-too-large"
        case .decodeFailed: "image-decode-failed"
        case .noDecoder: "image-no-decoder"
        }
    }

    /// The file the error is about.
    public var path: String {
        switch self {
        case .missing(let p), .unreadable(let p, _), .fileTooLarge(let p, _, _), .badHeader(let p, _), .tooLarge(let p, _, _),
             .decodeFailed(let p, _), .noDecoder(let p): p
        }
    }

    /// A few words for the placeholder.
    public var shortReason: String {
        switch self {
        case .missing: "File not found"
        case .unreadable: "File unreadable"
        case .fileTooLarge(_, let bytes, let limit): "File too large: \(bytes / 1024) KiB (limit \(limit / 1024) KiB)"
        case .badHeader(_, .empty): "Empty file"
        case .badHeader(_, .unknownFormat): "Not a PNG or JPEG"
        case .badHeader(_, .truncated(let f, _)): "Truncated \(f.rawValue)"
        case .badHeader(_, .corrupt(let f, _)): "Corrupt \(f.rawValue)"
        case .tooLarge(_, let size, _): "Too large: \(size.width) x \(size.height)"
        case .decodeFailed: "Could not decode"
        case .noDecoder: "No image decoder"
        }
    }

    /// The whole message: the file and what was wrong.
    public var message: String {
        switch self {
        case .missing(let p): "\(p): no such file"
        case .unreadable(let p, let reason): "\(p): cannot be read (\(reason))"
        case .fileTooLarge(let p, let bytes, let limit): "\(p): the file is \(bytes) bytes, over the limit of \(limit)"
        case .badHeader(let p, .empty): "\(p): the file is empty"
        case .badHeader(let p, .unknownFormat): "\(p): not a PNG or JPEG file (unknown signature)"
        case .badHeader(let p, .truncated(let f, let why)): "\(p): truncated \(f.rawValue): \(why)"
        case .badHeader(let p, .corrupt(let f, let why)): "\(p): corrupt \(f.rawValue) header: \(why)"
        case .tooLarge(let p, let size, let limit): "\(p): the image is \(size.width)x\(size.height) pixels, over the limit of \(limit)"
        case .decodeFailed(let p, let reason): "\(p): could not be decoded (\(reason))"
        case .noDecoder(let p): "\(p): no image decoder is installed on this overlay"
        }
    }

    /// `identifier: message`.
    public var description: String { "\(identifier): \(message)" }
}

extension ImageLimits {
    /// Checks a header's size against the limits; the error names the limit that was passed.
    public func check(_ header: ImageHeader, path: String) throws(ImageLoadError) {
        let size = header.size
        if size.width > maxWidth { throw .tooLarge(path: path, size: size, limit: "\(maxWidth) pixels wide") }
        if size.height > maxHeight { throw .tooLarge(path: path, size: size, limit: "\(maxHeight) pixels high") }
        if size.width * size.height > maxPixels { throw .tooLarge(path: path, size: size, limit: "\(maxPixels) pixels") }
    }
}

/// Turns a checked PNG or JPEG file into pixels (SDL2_image in GlasspaneRender's `SDLImageDecoder`). Called on
/// the frame loop's thread.
public protocol ImageDecoding: AnyObject {
    /// Decodes a file whose header was read and checked; throws a reason when the decoder refuses it.
    func decode(_ bytes: [UInt8], header: ImageHeader) throws(ImageDecodeFailure) -> PixelImage
}

/// A decoder's reason for refusing a file.
public struct ImageDecodeFailure: Error, Hashable, Sendable {
    /// What the decoder said.
    public var reason: String
    /// Creates a failure.
    public init(reason: String) { self.reason = reason }
}

/// Uploads pixels and hands back the handle draw lists use (`GLImageRegistry` over the GL renderer in the product).
/// Called on the frame loop's thread.
public protocol ImageRegistry: AnyObject {
    /// Uploads `image`; the handle stays valid until `releaseImage` (or the registry's end).
    func registerImage(_ image: PixelImage) -> ImageHandle
    /// Frees what `registerImage` made for `handle`; the handle must no longer be drawn.
    func releaseImage(_ handle: ImageHandle)
}

extension ImageRegistry {
    /// Registries that keep nothing per image have nothing to free.
    public func releaseImage(_ handle: ImageHandle) {}
}

extension Color {
    /// The tint that leaves an image's colors as they are.
    public static let untinted = Color(r: 1, g: 1, b: 1)
}
