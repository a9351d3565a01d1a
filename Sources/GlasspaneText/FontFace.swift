// One font file opened through HarfBuzz's own OpenType functions (the same ones `hb-shape` uses by default, so
// shaped glyph ids and advances match it exactly). Opened lazily: a face in the fallback chain costs nothing until a
// run needs it (the CJK collection is 20 MB; time to first frame must not pay for it).
import CText
import Foundation

/// Where a font lives: a file (and the face inside a collection such as NotoSansCJK-Regular.ttc).
public struct FontSource: Hashable, Sendable, Codable {
    /// The font file's path.
    public var path: String
    /// The face index inside a collection (0 for a single-face file).
    public var faceIndex: Int
    /// Creates a font source.
    public init(path: String, faceIndex: Int = 0) { self.path = path; self.faceIndex = faceIndex }
    /// The file name without its folder, as dumps print it.
    public var fileName: String { (path as NSString).lastPathComponent }
}

/// Why a font could not be used.
public enum FontFileError: Error, Equatable, CustomStringConvertible {
    /// The file does not exist or is not readable.
    case unreadable(path: String)
    /// The file is there but HarfBuzz found no face at that index (not a font, or a collection with fewer faces).
    case noFace(path: String, faceIndex: Int)

    /// What went wrong and with which file.
    public var description: String {
        switch self {
        case .unreadable(let path): return "font file \(path) is missing or unreadable"
        case .noFace(let path, let index): return "font file \(path) has no usable face at index \(index)"
        }
    }
}

/// An opened font face: HarfBuzz face and font at the face's own units (scale = units per em).
package final class FontFace {
    /// Where it came from.
    package let source: FontSource
    /// Design units per em: shaped positions are in these units.
    package let unitsPerEm: Int
    /// Ascender and descender (positive down, so usually negative) in design units, from the OS/2 or hhea table.
    package let ascender: Int, descender: Int
    let font: OpaquePointer
    private var coverage: [UInt32: Bool] = [:]

    /// Opens the face; throws when the file is missing or has no such face.
    package init(_ source: FontSource) throws {
        guard FileManager.default.isReadableFile(atPath: source.path) else { throw FontFileError.unreadable(path: source.path) }
        guard let blob = hb_blob_create_from_file_or_fail(source.path) else { throw FontFileError.unreadable(path: source.path) }
        defer { hb_blob_destroy(blob) }
        guard source.faceIndex >= 0, UInt32(source.faceIndex) < hb_face_count(blob),
              let face = hb_face_create(blob, UInt32(source.faceIndex)) else {
            throw FontFileError.noFace(path: source.path, faceIndex: source.faceIndex)
        }
        defer { hb_face_destroy(face) }
        let upem = Int(hb_face_get_upem(face))
        guard upem > 0, hb_face_get_glyph_count(face) > 0, let font = hb_font_create(face) else {
            throw FontFileError.noFace(path: source.path, faceIndex: source.faceIndex)
        }
        self.source = source
        self.font = font
        unitsPerEm = upem
        var extents = hb_font_extents_t()
        hb_font_get_h_extents(font, &extents)
        ascender = Int(extents.ascender)
        descender = Int(extents.descender)
    }

    deinit { hb_font_destroy(font) }

    /// Whether the face has a glyph for the scalar (its cmap maps it), memoized.
    package func covers(_ scalar: UInt32) -> Bool {
        if let known = coverage[scalar] { return known }
        var glyph: hb_codepoint_t = 0
        let has = hb_font_get_nominal_glyph(font, scalar, &glyph) != 0
        if coverage.count < 65_536 { coverage[scalar] = has }
        return has
    }
}
