// Number formatting without locale or printf, so the table, CSV and SVG are byte-for-byte reproducible.
import GlasspaneCore

/// Locale-independent fixed-point formatting.
public enum FixedPoint {
    /// `x` with exactly `decimals` digits after the point (`1.5, 2` → `1.50`); `inf`, `-inf`, `nan` for
    /// non-finite values.
    public static func format(_ x: Double, decimals: Int) -> String {
        guard x.isFinite else { return x.isNaN ? "nan" : (x < 0 ? "-inf" : "inf") }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (abs(x) * scale).rounded()
        // Beyond 2^62 a fixed-point rendering is meaningless; fall back to Swift's own description.
        guard scaled < 4.0e18 else { return String(x) }
        return format(units: Int64(scaled) * (x < 0 ? -1 : 1), decimals: decimals)
    }

    /// An integer count of 10^-decimals units as a decimal (`12345, 3` → `12.345`).
    public static func format(units: Int64, decimals: Int) -> String {
        let negative = units < 0
        let magnitude = units.magnitude
        var divisor: UInt64 = 1
        for _ in 0..<decimals { divisor *= 10 }
        let whole = magnitude / divisor
        var text = (negative && magnitude != 0 ? "-" : "") + String(whole)
        if decimals > 0 {
            let fraction = String(magnitude % divisor)
            text += "." + String(repeating: "0", count: decimals - fraction.count) + fraction
        }
        return text
    }

    /// Nanoseconds as milliseconds with `decimals` digits, rounded half away from zero (exact integer arithmetic).
    public static func ms(ns: Nanoseconds, decimals: Int = 4) -> String { scaled(ns, by: 1_000_000, decimals: decimals) }

    /// Nanoseconds as microseconds with `decimals` digits, rounded half away from zero (exact integer arithmetic).
    public static func us(ns: Nanoseconds, decimals: Int = 3) -> String { scaled(ns, by: 1_000, decimals: decimals) }

    /// Nanoseconds as seconds with `decimals` digits, rounded half away from zero (exact integer arithmetic).
    public static func seconds(ns: Nanoseconds, decimals: Int = 6) -> String { scaled(ns, by: 1_000_000_000, decimals: decimals) }

    /// `value / unit` with `decimals` digits (decimals ≤ digits of unit), rounding half away from zero.
    static func scaled(_ value: Int64, by unit: Int64, decimals: Int) -> String {
        var step: Int64 = unit
        for _ in 0..<decimals { step /= 10 }
        precondition(step >= 1, "more decimals than the unit has")
        let q = value / step, r = value % step
        let rounded = abs(r) * 2 >= step ? q + (value < 0 ? -1 : 1) : q
        return format(units: rounded, decimals: decimals)
    }
}

/// A plain-text table with aligned columns: the first column left-aligned, the others right-aligned.
public struct TextTable: Sendable, Equatable {
    /// Column titles.
    public var header: [String]
    /// Rows of cells; short rows are padded with empty cells.
    public var rows: [[String]]

    /// Creates a table.
    public init(header: [String], rows: [[String]] = []) {
        self.header = header
        self.rows = rows
    }

    /// The table as lines joined with newlines (no trailing newline), columns separated by two spaces and a
    /// dashed rule under the header. Trailing spaces are trimmed.
    public func render() -> String {
        let columns = max(header.count, rows.map(\.count).max() ?? 0)
        let all = ([header] + rows).map { $0 + Array(repeating: "", count: columns - $0.count) }
        let widths = (0..<columns).map { col in all.map { $0[col].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            var parts: [String] = []
            for (col, cell) in cells.enumerated() {
                let pad = String(repeating: " ", count: widths[col] - cell.count)
                parts.append(col == 0 ? cell + pad : pad + cell)
            }
            return String(parts.joined(separator: "  ").reversed().drop { $0 == " " }.reversed())
        }
        let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
        return ([line(all[0]), rule] + all.dropFirst().map(line)).joined(separator: "\n")
    }
}
