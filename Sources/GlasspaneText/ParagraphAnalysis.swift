// One paragraph's per-scalar facts, computed once and shared by every line: bidi embedding levels (FriBidi, UAX #9),
// scripts (HarfBuzz's Unicode data; Common and Inherited take their neighbours' script), emoji presentation, the
// font each scalar is drawn with, and line-break opportunities (UAX #14, LineBreaking.swift).
import CText
import GlasspaneDraw

/// A paragraph broken into scalars with their properties. Indices are scalar offsets into the paragraph.
package struct ParagraphAnalysis {
    /// The paragraph's Unicode scalars.
    package let scalars: [UInt32]
    /// Resolved embedding level of each scalar (even: left to right, odd: right to left).
    package var levels: [UInt8]
    /// The paragraph's base level: 0 left to right, 1 right to left.
    package let baseLevel: UInt8
    /// ISO 15924 script tag of each scalar ("Latn", "Arab"), Common and Inherited resolved.
    package let scripts: [String]
    /// Index into the fallback chain of the font that draws each scalar.
    package let fonts: [Int]
    /// Whether a line may or must end after each scalar (UAX #14 rules, LineBreaking.swift).
    package let breaks: [LineBreak]
    /// Whether a grapheme cluster starts at each scalar (a line may be broken there in an emergency).
    package let graphemeStarts: [Bool]
    /// Whether each scalar is bidi whitespace (trailing whitespace of a line goes back to the base level, rule L1).
    package let isWhitespace: [Bool]

    /// Analyzes `text` (one paragraph, no newlines) with `chain`'s fonts, in `direction`.
    package init(_ text: Substring, direction: BaseDirection, chain: FontFallbackChain) {
        var scalars: [UInt32] = []
        var graphemeStarts: [Bool] = []
        scalars.reserveCapacity(text.unicodeScalars.count)
        for character in text {
            for (i, scalar) in character.unicodeScalars.enumerated() {
                scalars.append(scalar.value); graphemeStarts.append(i == 0)
            }
        }
        self.scalars = scalars
        self.graphemeStarts = graphemeStarts
        let count = scalars.count

        // Bidi (UAX #9) through FriBidi, with bracket pairs (N0).
        var types = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: count)
        var brackets = [FriBidiBracketType](repeating: 0, count: count)
        var rawLevels = [FriBidiLevel](repeating: 0, count: count)
        var parType: FriBidiParType
        switch direction {
        case .automatic: parType = glasspane_fribidi_par_on()
        case .leftToRight: parType = glasspane_fribidi_par_ltr()
        case .rightToLeft: parType = glasspane_fribidi_par_rtl()
        }
        if count > 0 {
            fribidi_get_bidi_types(scalars, FriBidiStrIndex(count), &types)
            fribidi_get_bracket_types(scalars, FriBidiStrIndex(count), types, &brackets)
            if fribidi_get_par_embedding_levels_ex(types, brackets, FriBidiStrIndex(count), &parType, &rawLevels) == 0 {
                rawLevels = [FriBidiLevel](repeating: direction == .rightToLeft ? 1 : 0, count: count)
            }
        }
        let rtl = count > 0 ? (parType == glasspane_fribidi_par_rtl()) : (direction == .rightToLeft)
        baseLevel = rtl ? 1 : 0
        levels = rawLevels.map { UInt8(clamping: $0) }
        isWhitespace = types.map { fribidi_char_type_is_whitespace($0) }

        // Scripts: Inherited takes the previous scalar's, Common the previous real script (or the next at the start).
        let funcs = hb_unicode_funcs_get_default()
        let common = hb_script_t(rawValue: Self.tag("Zyyy")), inherited = hb_script_t(rawValue: Self.tag("Zinh"))
        let unknown = hb_script_t(rawValue: Self.tag("Zzzz"))
        var raw = scalars.map { hb_unicode_script(funcs, $0) }
        // A neutral between runs of different levels belongs to the run it shares a level with.
        var last: hb_script_t? = nil
        for i in 0..<count {
            if i > 0, levels[i] != levels[i - 1], raw[i] == common || raw[i] == inherited { last = nil }
            if raw[i] == inherited, i > 0 { raw[i] = raw[i - 1]; continue }  // marks and joiners follow their base
            if raw[i] == common || raw[i] == inherited || raw[i] == unknown { if let last { raw[i] = last } } else { last = raw[i] }
        }
        var next: hb_script_t? = nil
        for i in stride(from: count - 1, through: 0, by: -1) {
            if raw[i] == common || raw[i] == inherited || raw[i] == unknown { if let next { raw[i] = next } } else { next = raw[i] }
        }
        scripts = raw.map { Self.name(hb_script_to_iso15924_tag($0)) }

        // Emoji presentation: by default, or asked for by VS16; joiners, modifiers and tags follow their base.
        var emoji = [Bool](repeating: false, count: count)
        for i in 0..<count {
            let s = scalars[i]
            if Self.isEmojiContinuation(s), i > 0 { emoji[i] = emoji[i - 1]; continue }
            guard let scalar = Unicode.Scalar(s) else { continue }
            let nextIsVS16 = i + 1 < count && scalars[i + 1] == 0xFE0F
            let nextIsKeycap = i + 2 < count && scalars[i + 1] == 0xFE0F && scalars[i + 2] == 0x20E3
            emoji[i] = (scalar.properties.isEmojiPresentation || nextIsVS16 || nextIsKeycap) && scalar.properties.isEmoji
        }

        // Fonts: marks and joiners stay with their base; Common scalars stay with the run's font when it covers them.
        var fonts = [Int](repeating: 0, count: count)
        for i in 0..<count {
            let s = scalars[i]
            let category = Unicode.Scalar(s)?.properties.generalCategory
            let isMark = category == .nonspacingMark || category == .enclosingMark || category == .spacingMark
            if i > 0, isMark || Self.isEmojiContinuation(s) || s == 0x200C {
                fonts[i] = fonts[i - 1]; continue
            }
            let original = hb_unicode_script(funcs, s)
            if i > 0, !emoji[i], original == common || original == inherited, !chain.fonts[fonts[i - 1]].isEmoji,
               levels[i] == levels[i - 1],
               chain.face(fonts[i - 1])?.covers(s) == true {
                fonts[i] = fonts[i - 1]; continue
            }
            fonts[i] = chain.fontIndex(for: s, script: scripts[i], emojiPresentation: emoji[i])
        }
        self.fonts = fonts

        breaks = LineBreak.opportunities(scalars, graphemeStarts: graphemeStarts)
    }

    /// Where the line `range`'s trailing whitespace starts (rule L1: it goes back to the paragraph's level).
    package func trailingWhitespaceStart(_ range: Range<Int>) -> Int {
        var end = range.upperBound
        while end > range.lowerBound, isWhitespace[end - 1] { end -= 1 }
        return end
    }

    /// The levels of the scalars of the line `range` after rule L1 (the layout engine applies the same rule in place).
    package func lineLevels(_ range: Range<Int>) -> [UInt8] {
        var result = Array(levels[range])
        for i in trailingWhitespaceStart(range)..<range.upperBound { result[i - range.lowerBound] = baseLevel }
        return result
    }

    /// Scalars that continue an emoji sequence: ZWJ, variation selectors, skin tones, tags, the keycap mark.
    static func isEmojiContinuation(_ s: UInt32) -> Bool {
        s == 0x200D || s == 0xFE0F || s == 0xFE0E || (0x1F3FB...0x1F3FF).contains(s) || (0xE0020...0xE007F).contains(s)
            || s == 0x20E3
    }

    /// A four-letter tag as HarfBuzz's `hb_tag_t`.
    static func tag(_ name: String) -> UInt32 {
        name.utf8.prefix(4).reduce(UInt32(0)) { ($0 << 8) | UInt32($1) }
    }

    /// An `hb_tag_t` as its four letters.
    static func name(_ tag: UInt32) -> String {
        String(decoding: [UInt8(tag >> 24), UInt8((tag >> 16) & 0xFF), UInt8((tag >> 8) & 0xFF), UInt8(tag & 0xFF)], as: UTF8.self)
    }
}
