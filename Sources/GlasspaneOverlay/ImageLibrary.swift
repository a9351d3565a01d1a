// The overlay's way to images: checks a file's size and header against stated limits, then asks the installed decoder
// and registry (SDL2_image and the GL renderer, set by the session) for pixels and a handle. No SDL here.
import Foundation
import GlasspaneCore
import GlasspaneDraw

/// An image ready to draw: its handle (nil when no registry is installed: nothing is drawn) and size in pixels.
public struct LoadedImage: Hashable, Sendable {
    /// The renderer's handle, nil without a registry.
    public var handle: ImageHandle?
    /// Size in pixels.
    public var size: PixelSize
    /// Creates a loaded image.
    public init(handle: ImageHandle?, size: PixelSize) { self.handle = handle; self.size = size }
}

/// Loads image files for `Image` views, within `limits`; each failure is logged once through `log`.
public final class ImageLibrary {
    /// Decodes checked files; nil: loads fail with `image-no-decoder` after the checks.
    public var decoder: (any ImageDecoding)?
    /// Uploads pixels; nil: images load (with their size) but draw nothing.
    public var registry: (any ImageRegistry)?
    /// Draws text in a chosen font file (SDL2_ttf, set by the session); nil: no text pictures (`TextRasterizing`).
    public var textRasterizer: (any TextRasterizing)?
    /// What a file must meet before it is decoded.
    public var limits = ImageLimits.standard
    /// Where failures are reported, one line each (standard error by default).
    public var log: (String) -> Void = { line in FileHandle.standardError.write(Data("glasspane: image: \(line)\n".utf8)) }
    /// Files decoded so far (tests: a refused file never reaches the decoder).
    public private(set) var decodedCount = 0
    /// The latest failures, at most `maximumKeptFailures` (older ones are dropped; `failureCount` counts them all).
    public private(set) var failures: [ImageLoadError] = []
    /// Failures so far.
    public private(set) var failureCount = 0
    /// How many failures `failures` keeps.
    public static let maximumKeptFailures = 32

    /// Creates a library with nothing installed.
    public init() {}

    /// Installs a decoder and a registry (the session does, with SDL2_image and the GL overlay renderer).
    public func install(decoder: any ImageDecoding, registry: (any ImageRegistry)?) {
        self.decoder = decoder
        self.registry = registry
    }

    /// Loads a PNG or JPEG: the file's size, then its header, are checked against `limits` before it is decoded.
    public func load(path: String) -> Result<LoadedImage, ImageLoadError> {
        do throws(ImageLoadError) {
            return .success(try loadChecked(path: path))
        } catch {
            failureCount += 1
            failures.append(error)
            if failures.count > ImageLibrary.maximumKeptFailures { failures.removeFirst() }
            log(error.description)
            return .failure(error)
        }
    }

    /// Images registered and not released yet (tests: replacing a picture frees the old one).
    public private(set) var liveImageCount = 0

    /// Registers pixels made in code (icons drawn procedurally).
    public func register(_ image: PixelImage) -> LoadedImage {
        let handle = registry?.registerImage(image)
        if handle != nil { liveImageCount += 1 }
        return LoadedImage(handle: handle, size: image.size)
    }

    /// Frees a loaded image's texture once no view draws it (an `Image` whose source changed).
    public func release(_ image: LoadedImage) {
        guard let handle = image.handle, let registry else { return }
        registry.releaseImage(handle)
        liveImageCount -= 1
    }

    private func loadChecked(path: String) throws(ImageLoadError) -> LoadedImage {
        let bytes = try Self.readFile(path, limit: limits.maxFileBytes)
        let header: ImageHeader
        do throws(ImageHeaderProblem) { header = try ImageHeader.read(bytes) } catch { throw .badHeader(path: path, problem: error) }
        try limits.check(header, path: path)
        guard let decoder else { throw .noDecoder(path: path) }
        let pixels: PixelImage
        do throws(ImageDecodeFailure) { pixels = try decoder.decode(bytes, header: header) } catch {
            throw .decodeFailed(path: path, reason: error.reason)
        }
        decodedCount += 1
        guard pixels.size == header.size, pixels.rgba.count == pixels.size.width * pixels.size.height * 4 else {
            throw .decodeFailed(path: path, reason: "decoded \(pixels.size), the header says \(header.size)")
        }
        return register(pixels)
    }

    /// The file's bytes, its size checked before it is read.
    static func readFile(_ path: String, limit: Int) throws(ImageLoadError) -> [UInt8] {
        var isDirectory: ObjCBool = false
        guard !path.isEmpty, FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw .missing(path: path) }
        if isDirectory.boolValue { throw .unreadable(path: path, reason: "it is a directory") }
        let size: Int
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        } catch {
            throw .unreadable(path: path, reason: "\(error.localizedDescription)")
        }
        if size > limit { throw .fileTooLarge(path: path, bytes: size, limit: limit) }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw .unreadable(path: path, reason: "cannot open it") }
        defer { try? handle.close() }
        // Read at most one byte past the limit: a file that grew since the size check is still refused.
        let data: Data
        do { data = try handle.read(upToCount: limit + 1) ?? Data() } catch {
            throw .unreadable(path: path, reason: "\(error.localizedDescription)")
        }
        if data.count > limit { throw .fileTooLarge(path: path, bytes: data.count, limit: limit) }
        return [UInt8](data)
    }
}
