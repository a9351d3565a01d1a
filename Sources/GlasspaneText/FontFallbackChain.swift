// The fallback chain: which font draws each scalar. A run's script picks its preferred fonts first (Noto for Arabic,
// Hebrew, Devanagari, Thai, CJK; DejaVu Sans covers Arabic and Hebrew too, but without the marks and joins readers
// expect), then the chain is searched in order by coverage. Faces open on first use.

/// One font of a chain: where it lives, and the scripts (ISO 15924 tags, "Arab") it is preferred for.
public struct FallbackFont: Hashable, Sendable {
    /// The font file.
    public var source: FontSource
    /// Scripts this font is tried first for, as ISO 15924 tags ("Arab", "Hebr", "Hani"); empty: coverage only.
    public var preferredScripts: Set<String>
    /// Whether this is the color emoji font, preferred for scalars with emoji presentation.
    public var isEmoji: Bool
    /// Creates a chain entry.
    public init(source: FontSource, preferredScripts: Set<String> = [], isEmoji: Bool = false) {
        self.source = source; self.preferredScripts = preferredScripts; self.isEmoji = isEmoji
    }
}

/// An ordered list of fonts; the first is the primary (its .notdef box draws what no font covers).
public final class FontFallbackChain {
    /// At most this many fonts in one chain.
    public static let maximumFonts = 32
    /// The fonts, primary first.
    public let fonts: [FallbackFont]
    private var faces: [FontFace?]
    private var failed: [Int: FontFileError] = [:]

    /// Creates a chain; throws when it is empty, too long, or its primary font cannot be opened (the primary opens
    /// now; the others when first needed, and one that fails then is skipped and reported by `unusableFonts`).
    public init(_ fonts: [FallbackFont]) throws {
        guard !fonts.isEmpty else { throw FontFileError.unreadable(path: "(empty fallback chain)") }
        guard fonts.count <= Self.maximumFonts else {
            throw FontFileError.noFace(path: "fallback chain of \(fonts.count) fonts (at most \(Self.maximumFonts))", faceIndex: 0)
        }
        self.fonts = fonts
        faces = Array(repeating: nil, count: fonts.count)
        faces[0] = try FontFace(fonts[0].source)
    }

    /// Debian's fonts: DejaVu Sans, then Noto Sans Arabic, Hebrew, Devanagari, Thai, Noto Sans CJK (face 0, the
    /// Japanese-first face that covers Han, Kana and Hangul) and Noto Color Emoji (packages fonts-dejavu-core,
    /// fonts-noto-core, fonts-noto-cjk, fonts-noto-color-emoji; scripts/install-deps.sh).
    public static func debianDefault() throws -> FontFallbackChain {
        let noto = "/usr/share/fonts/truetype/noto/"
        return try FontFallbackChain([
            FallbackFont(source: FontSource(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"),
                         preferredScripts: ["Latn", "Grek", "Cyrl"]),
            FallbackFont(source: FontSource(path: noto + "NotoSansArabic-Regular.ttf"), preferredScripts: ["Arab"]),
            FallbackFont(source: FontSource(path: noto + "NotoSansHebrew-Regular.ttf"), preferredScripts: ["Hebr"]),
            FallbackFont(source: FontSource(path: noto + "NotoSansDevanagari-Regular.ttf"), preferredScripts: ["Deva"]),
            FallbackFont(source: FontSource(path: noto + "NotoSansThai-Regular.ttf"), preferredScripts: ["Thai"]),
            FallbackFont(source: FontSource(path: "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"),
                         preferredScripts: ["Hani", "Hira", "Kana", "Hang", "Bopo"]),
            FallbackFont(source: FontSource(path: noto + "NotoColorEmoji.ttf"), isEmoji: true),
        ])
    }

    /// How many faces are open now (lazy loading is visible: a Latin-only paragraph opens one).
    public var openFaceCount: Int { faces.lazy.filter { $0 != nil }.count }

    /// The fonts that were needed but could not be opened, with why.
    public var unusableFonts: [(FontSource, FontFileError)] { failed.sorted { $0.key < $1.key }.map { (fonts[$0.key].source, $0.value) } }

    /// The face at `index`, opening it now; nil when it cannot be opened (remembered, not retried).
    package func face(_ index: Int) -> FontFace? {
        if let face = faces[index] { return face }
        if failed[index] != nil { return nil }
        do { let face = try FontFace(fonts[index].source); faces[index] = face; return face } catch {
            failed[index] = (error as? FontFileError) ?? .unreadable(path: fonts[index].source.path)
            return nil
        }
    }

    /// The font for `scalar` in a run of `script`: the emoji font first for emoji presentation, then fonts preferred
    /// for the script, then the chain in order; the primary (index 0, its .notdef) when none covers it.
    package func fontIndex(for scalar: UInt32, script: String, emojiPresentation: Bool) -> Int {
        if emojiPresentation, let i = fonts.indices.first(where: { fonts[$0].isEmoji }), face(i)?.covers(scalar) == true { return i }
        for i in fonts.indices where fonts[i].preferredScripts.contains(script) {
            if face(i)?.covers(scalar) == true { return i }
        }
        for i in fonts.indices where !fonts[i].isEmoji || emojiPresentation {
            if face(i)?.covers(scalar) == true { return i }
        }
        if let i = fonts.indices.first(where: { fonts[$0].isEmoji }), face(i)?.covers(scalar) == true { return i }
        return 0
    }
}
