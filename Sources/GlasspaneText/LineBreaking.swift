// Line-break opportunities: a subset of UAX #14's pair rules, enough for spaces, hyphens, punctuation, CJK and
// emoji. Debian 12's libunibreak is 1.1 (Unicode 6): it aborts on an assertion for scalars newer than its tables
// (emoji among them), so the rules live here. Thai and other SA scripts break only at spaces (no dictionary).

/// What may happen after a scalar.
package enum LineBreak: UInt8 {
    /// A line must end here (U+2028, vertical tab, form feed, NEL).
    case mandatory
    /// A line may end here.
    case allowed
    /// A line must not end here.
    case prohibited
}

/// UAX #14 line-break classes, the ones the rules below tell apart.
package enum LineBreakClass {
    case mandatory, space, zeroWidthSpace, glue, combining, close, exclamation, infixSeparator, open, breakAfter,
         nonStarter, ideographic, alphabetic

    /// The class of one scalar.
    package init(_ s: UInt32) {
        switch s {
        case 0x0B, 0x0C, 0x85, 0x2028, 0x2029: self = .mandatory
        case 0x20: self = .space
        case 0x200B: self = .zeroWidthSpace
        case 0xA0, 0x202F, 0x2007, 0x2060, 0xFEFF, 0x0F0C, 0x034F: self = .glue
        case 0x200D, 0x200C, 0xFE00...0xFE0F, 0x1F3FB...0x1F3FF, 0xE0020...0xE007F: self = .combining
        case 0x29, 0x5D, 0x7D, 0x3001, 0x3002, 0xFF09, 0xFF0C, 0xFF0E, 0xFF3D, 0xFF5D, 0x300D, 0x300F, 0x3009, 0x300B,
             0x3011, 0x3015, 0x3017, 0x3019, 0x301B, 0xFF61, 0xFF63: self = .close
        case 0x21, 0x3F, 0xFF01, 0xFF1F, 0x203C, 0x2049: self = .exclamation
        case 0x2C, 0x2E, 0x3A, 0x3B, 0x37E, 0x589, 0x60C, 0x60D, 0x7F8, 0x2044, 0xFE10, 0xFE13, 0xFE14: self = .infixSeparator
        case 0x28, 0x5B, 0x7B, 0xA1, 0xBF, 0x300C, 0x300E, 0x3008, 0x300A, 0x3010, 0x3014, 0x3016, 0x3018, 0x301A,
             0xFF08, 0xFF3B, 0xFF5B, 0xFF62: self = .open
        case 0x09, 0x2D, 0xAD, 0x2010, 0x2012, 0x2013, 0x1680, 0x2000...0x2006, 0x2008...0x200A, 0x205F, 0x3000, 0x58A, 0x5BE:
            self = .breakAfter
        case 0x3005, 0x30FC, 0x30FB, 0x309B...0x309E, 0x30FD, 0x30FE, 0x3041, 0x3043, 0x3045, 0x3047, 0x3049, 0x3063,
             0x3083, 0x3085, 0x3087, 0x308E, 0x3095, 0x3096, 0x30A1, 0x30A3, 0x30A5, 0x30A7, 0x30A9, 0x30C3, 0x30E3,
             0x30E5, 0x30E7, 0x30EE, 0x30F5, 0x30F6, 0x31F0...0x31FF, 0xFF67...0xFF70: self = .nonStarter
        case 0x2E80...0x2FFF, 0x3003, 0x3040...0x30FF, 0x3100...0x31EF, 0x3200...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
             0xAC00...0xD7AF, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            self = .ideographic
        default:
            guard let scalar = Unicode.Scalar(s) else { self = .alphabetic; return }
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark: self = .combining
            default: self = scalar.properties.isEmojiPresentation ? .ideographic : .alphabetic
            }
        }
    }
}

extension LineBreak {
    /// The verdict after each scalar of a paragraph; breaks fall only between grapheme clusters.
    package static func opportunities(_ scalars: [UInt32], graphemeStarts: [Bool]) -> [LineBreak] {
        let classes = scalars.map(LineBreakClass.init)
        var result = [LineBreak](repeating: .prohibited, count: scalars.count)
        var beforeSpaces: LineBreakClass = .alphabetic  // the class before the current run of spaces (rule LB14, LB18)
        for i in 0..<scalars.count {
            let here = classes[i]
            if here != .space { beforeSpaces = here }
            if here == .mandatory { result[i] = .mandatory; continue }
            guard i + 1 < scalars.count else { result[i] = .allowed; continue }
            let next = classes[i + 1]
            if !graphemeStarts[i + 1] || next == .combining { continue }             // LB9: marks stay on their base
            if here == .zeroWidthSpace { result[i] = .allowed; continue }          // LB8
            if next == .space || next == .mandatory || next == .zeroWidthSpace { continue }  // LB6, LB7
            if next == .close || next == .exclamation || next == .infixSeparator { continue }  // LB13
            if here == .glue || next == .glue { continue }                          // LB12
            if here == .space { result[i] = beforeSpaces == .open ? .prohibited : .allowed; continue }  // LB14, LB18
            if here == .open || next == .nonStarter { continue }                    // LB14, LB21
            if here == .breakAfter { result[i] = .allowed; continue }               // LB21: after hyphens
            if here == .ideographic || next == .ideographic { result[i] = .allowed }  // LB31 for ID
            if here == .close && next != .alphabetic { result[i] = .allowed }
        }
        return result
    }
}
