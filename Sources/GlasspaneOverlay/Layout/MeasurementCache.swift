// The sizes a view measured since its measurement was last invalidated: a stack asks each child several times per
// pass (ideal, smallest, allotted), and a later pass that only touched a sibling asks again; both are answered here.
import GlasspaneCore
import GlasspaneDraw

/// A few (proposal, size) pairs, for one set of font metrics at one measurement version.
struct MeasurementCache {
    private weak var fonts: (any FontMetrics)?
    private var version: UInt64 = 0
    private var entries: [(proposal: Size, size: Size)] = []
    /// How many pairs are kept: a stack's three questions plus the cross-axis ones.
    private static let capacity = 4

    /// The size measured for `proposal` with these metrics, if remembered.
    func size(for proposal: Size, fonts: any FontMetrics) -> Size? {
        guard self.fonts === fonts, version == fonts.measurementVersion else { return nil }
        for e in entries where e.proposal == proposal { return e.size }
        return nil
    }

    /// Remembers a measurement (forgetting the oldest, or everything measured with other metrics).
    mutating func store(_ size: Size, for proposal: Size, fonts: any FontMetrics) {
        let v = fonts.measurementVersion
        if self.fonts !== fonts || version != v { entries.removeAll(keepingCapacity: true); self.fonts = fonts; version = v }
        if entries.count == Self.capacity { entries.removeFirst() }
        entries.append((proposal, size))
    }

    /// Forgets everything (the view's content or modifiers changed).
    mutating func removeAll() {
        if !entries.isEmpty { entries.removeAll(keepingCapacity: true) }
    }
}
