// Line-break opportunities by UAX #14 (Unicode 15.0): every rule from LB2 to LB31, with the tailoring of numbers
// that the standard's test file uses (UAX #14 section 8.2, example 7), over the Line_Break classes of
// LineBreakTable.swift. UnicodeConformanceTests checks it against a sample of LineBreakTest.txt. Debian 12's
// libunibreak is 1.1 (Unicode 6): it aborts on an assertion for newer scalars (emoji among them), so the rules live
// here. Thai and the other SA scripts have no dictionary: they resolve to AL (rule LB1) and break at spaces only.

/// What may happen after a scalar.
package enum LineBreak: UInt8 {
    /// A line must end here (U+2028, vertical tab, form feed, NEL).
    case mandatory
    /// A line may end here.
    case allowed
    /// A line must not end here.
    case prohibited
}

/// UAX #14 Line_Break classes, spelled as the standard and LineBreak.txt spell them. `OP30`/`CP30` are the opening
/// and closing punctuation that is not East Asian wide (rule LB30); `PU` is an unassigned Extended_Pictographic
/// code point (class ID, rule LB30b).
package enum LineBreakClass: String, Sendable {
    case BK, CR, LF, NL, SP, ZW, WJ, GL, CM, ZWJ, CL, CP, CP30, OP, OP30, QU, EX, IS, SY, BA, BB, HY, IN, NS, NU, PR, PO,
         AL, HL, ID, PU, EB, EM, B2, CB, JL, JV, JT, H2, H3, RI, SA, CJ, AI, SG, XX

    /// Range starts and their classes, parsed once from LineBreakTable.swift (3,539 ranges).
    static let table: (starts: [UInt32], classes: [LineBreakClass]) = {
        var starts: [UInt32] = [], classes: [LineBreakClass] = []
        for entry in lineBreakRanges.split(separator: ";") {
            let parts = entry.split(separator: ":")
            guard parts.count == 2, let start = UInt32(parts[0], radix: 16),
                  let value = LineBreakClass(rawValue: String(parts[1])) else { continue }
            starts.append(start); classes.append(value)
        }
        return (starts, classes)
    }()

    /// ASCII's classes, looked up without a search.
    private static let ascii: [LineBreakClass] = (0..<128).map { lookUp(UInt32($0)) }

    /// The class LineBreak.txt gives `scalar`.
    package static func lookUp(_ scalar: UInt32) -> LineBreakClass {
        let starts = table.starts
        var low = 0, high = starts.count  // the last start <= scalar
        while high - low > 1 {
            let middle = (low + high) / 2
            if starts[middle] <= scalar { low = middle } else { high = middle }
        }
        return starts.isEmpty ? .XX : table.classes[low]
    }

    /// The class of `scalar` after rule LB1: AI, SG and XX are AL; SA is CM for marks, else AL; CJ is NS.
    package init(_ scalar: UInt32) {
        let raw = scalar < 128 ? Self.ascii[Int(scalar)] : Self.lookUp(scalar)
        switch raw {
        case .AI, .SG, .XX: self = .AL
        case .CJ: self = .NS
        case .SA:
            let category = Unicode.Scalar(scalar)?.properties.generalCategory
            self = category == .nonspacingMark || category == .spacingMark ? .CM : .AL
        default: self = raw
        }
    }

    var isOpen: Bool { self == .OP || self == .OP30 }
    var isClose: Bool { self == .CL || self == .CP || self == .CP30 }
    var isLetter: Bool { self == .AL || self == .HL }
    var isIdeographic: Bool { self == .ID || self == .PU || self == .EB || self == .EM }
    var isHangul: Bool { self == .JL || self == .JV || self == .JT || self == .H2 || self == .H3 }
}

extension LineBreak {
    /// The verdict after each scalar of a paragraph; breaks fall only between grapheme clusters.
    package static func opportunities(_ scalars: [UInt32], graphemeStarts: [Bool]) -> [LineBreak] {
        var result = uax14(scalars)
        for i in 0..<max(0, scalars.count - 1) where !graphemeStarts[i + 1] && result[i] != .mandatory {
            result[i] = .prohibited
        }
        return result
    }

    /// UAX #14's verdict after each scalar (the last one always allows a break, rule LB3).
    package static func uax14(_ scalars: [UInt32]) -> [LineBreak] {
        let n = scalars.count
        var result = [LineBreak](repeating: .prohibited, count: n)
        guard n > 0 else { return result }
        let raw = scalars.map(LineBreakClass.init)
        // LB9, LB10: a CM or ZWJ after a base other than BK CR LF NL SP ZW joins it and takes its class ("absorbed");
        // any other CM or ZWJ is AL. `base[i]`: where the item holding scalar i starts.
        var effective = raw
        var absorbed = [Bool](repeating: false, count: n)
        var base = Array(0..<n)
        // `beforeSpaces[i]`: the last scalar at or before i that is not SP (rules LB8, LB14-17), -1 for none.
        var beforeSpaces = [Int](repeating: -1, count: n)
        // `inNumber[i]`: the items up to i end in NU (NU | SY | IS)* (rule LB25); `regionalRun[i]`: RI items in a row.
        var inNumber = [Bool](repeating: false, count: n)
        var regionalRun = [Int](repeating: 0, count: n)
        for i in 0..<n {
            if raw[i] == .CM || raw[i] == .ZWJ {
                if i > 0, ![.BK, .CR, .LF, .NL, .SP, .ZW].contains(raw[i - 1]) {
                    absorbed[i] = true; effective[i] = effective[i - 1]; base[i] = base[i - 1]
                } else {
                    effective[i] = .AL
                }
            }
            beforeSpaces[i] = raw[i] == .SP ? (i > 0 ? beforeSpaces[i - 1] : -1) : i
            if absorbed[i] {
                inNumber[i] = inNumber[i - 1]; regionalRun[i] = regionalRun[i - 1]
            } else {
                let previousInNumber = i > 0 && inNumber[i - 1]
                inNumber[i] = effective[i] == .NU || ((effective[i] == .SY || effective[i] == .IS) && previousInNumber)
                regionalRun[i] = effective[i] == .RI ? (i > 0 ? regionalRun[i - 1] : 0) + 1 : 0
            }
        }
        result[n - 1] = .allowed
        for i in 0..<(n - 1) {
            result[i] = verdict(after: i, raw: raw, effective: effective, absorbed: absorbed, base: base,
                                beforeSpaces: beforeSpaces, inNumber: inNumber, regionalRun: regionalRun)
        }
        return result
    }

    /// Rules LB4 to LB31 between scalar `i` and the next, in the standard's order: the first that applies decides.
    private static func verdict(after i: Int, raw: [LineBreakClass], effective: [LineBreakClass], absorbed: [Bool],
                                base: [Int], beforeSpaces: [Int], inNumber: [Bool], regionalRun: [Int]) -> LineBreak {
        let a = raw[i], b = raw[i + 1]
        if a == .BK || a == .LF || a == .NL { return .mandatory }                       // LB4, LB5
        if a == .CR { return b == .LF ? .prohibited : .mandatory }                       // LB5
        if b == .BK || b == .CR || b == .LF || b == .NL { return .prohibited }           // LB6
        if b == .SP || b == .ZW { return .prohibited }                                   // LB7
        let spaced = beforeSpaces[i]
        if spaced >= 0, raw[spaced] == .ZW { return .allowed }                           // LB8
        if a == .ZWJ || absorbed[i + 1] { return .prohibited }                           // LB8a, LB9
        let x = effective[i], y = effective[i + 1]
        let previous = base[i] > 0 ? base[base[i] - 1] : -1                              // the item before x's
        if x == .WJ || y == .WJ || x == .GL { return .prohibited }                       // LB11, LB12
        if y == .GL, x != .SP, x != .BA, x != .HY { return .prohibited }                 // LB12a
        if y.isClose || y == .EX || y == .IS || y == .SY { return .prohibited }          // LB13
        let z: LineBreakClass? = spaced >= 0 ? effective[spaced] : nil
        if z?.isOpen == true { return .prohibited }                                      // LB14
        if z == .QU, y.isOpen { return .prohibited }                                     // LB15
        if z?.isClose == true, y == .NS { return .prohibited }                           // LB16
        if z == .B2, y == .B2 { return .prohibited }                                     // LB17
        if x == .SP { return .allowed }                                                  // LB18
        if x == .QU || y == .QU { return .prohibited }                                   // LB19
        if x == .CB || y == .CB { return .allowed }                                      // LB20
        if y == .BA || y == .HY || y == .NS || x == .BB { return .prohibited }           // LB21
        if x == .HY || x == .BA, previous >= 0, effective[previous] == .HL { return .prohibited }  // LB21a
        if x == .SY, y == .HL { return .prohibited }                                     // LB21b
        if y == .IN { return .prohibited }                                               // LB22
        if (x.isLetter && y == .NU) || (x == .NU && y.isLetter) { return .prohibited }   // LB23
        if (x == .PR && y.isIdeographic) || (x.isIdeographic && y == .PO) { return .prohibited }  // LB23a
        if (x == .PR || x == .PO) && y.isLetter || x.isLetter && (y == .PR || y == .PO) { return .prohibited }  // LB24
        // LB25, tailored: (PR | PO) × (OP | HY)? NU; (OP | HY) × NU; NU (NU | SY | IS)* × (NU | SY | IS | CL | CP);
        // NU (NU | SY | IS)* (CL | CP)? × (PO | PR).
        if x == .PR || x == .PO {
            if y == .NU { return .prohibited }
            if y.isOpen || y == .HY {
                var j = i + 2
                while j < raw.count, absorbed[j] { j += 1 }
                if j < raw.count, effective[j] == .NU { return .prohibited }
            }
        }
        if (x.isOpen || x == .HY) && y == .NU { return .prohibited }
        if inNumber[i], y == .NU || y == .SY || y == .IS || y.isClose { return .prohibited }
        if y == .PO || y == .PR {
            if inNumber[i] || (x.isClose && previous >= 0 && inNumber[previous]) { return .prohibited }
        }
        if x == .JL && (y == .JL || y == .JV || y == .H2 || y == .H3) { return .prohibited }  // LB26
        if (x == .JV || x == .H2) && (y == .JV || y == .JT) { return .prohibited }
        if (x == .JT || x == .H3) && y == .JT { return .prohibited }
        if (x.isHangul && y == .PO) || (x == .PR && y.isHangul) { return .prohibited }    // LB27
        if x.isLetter && y.isLetter { return .prohibited }                               // LB28
        if x == .IS && y.isLetter { return .prohibited }                                 // LB29
        if (x.isLetter || x == .NU) && y == .OP30 { return .prohibited }                 // LB30
        if x == .CP30 && (y.isLetter || y == .NU) { return .prohibited }
        if x == .RI && y == .RI && regionalRun[i] % 2 == 1 { return .prohibited }        // LB30a
        if y == .EM && (x == .EB || x == .PU) { return .prohibited }                     // LB30b
        return .allowed                                                                  // LB31
    }
}
