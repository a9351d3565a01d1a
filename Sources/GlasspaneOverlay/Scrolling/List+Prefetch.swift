// Prefetching (UIKit's prefetchDataSource): as a list scrolls, `onPrefetchRows` is told which rows will come into sight
// next, `prefetchDistance` past the viewport's edge the way it moves, so an app can load what they show (a server
// browser's next page, thumbnails) before they arrive. Each row is asked once: the rows asked form one run, which a
// scroll extends at the end it moves toward (a jump elsewhere starts a new run) and which a change of the row count or
// `reloadData` forgets. Asked from the offset's change (input, a fling's frame, code), never during layout, so the app
// may insert rows in the callback. `LazyGrid.onPrefetchItems` does the same a line at a time; `PrefetchRun` keeps
// either's bookkeeping. docs/scrolling.md, "Prefetching".
import GlasspaneCore

/// What a list or grid's prefetch callback was asked for: one run of indices, the count they were asked at (another
/// count forgets them), the offset the last look was from, and whether the view is laying out (an offset changed
/// there asks nothing).
struct PrefetchRun {
    var asked: Range<Int> = 0..<0
    var count = -1
    var offset = 0.0
    var isInLayout = false

    /// Forgets what was asked (`reloadData`).
    mutating func forget() { count = -1 }

    /// The move from the last offset to `offset` along a view of `length` points holding `count` items: nil when
    /// nothing should be asked (laying out, no move, nothing to show), else whether it went forward. Records the
    /// offset either way (a move made by layout is where the next one starts from).
    mutating func move(to offset: Double, length: Double, count: Int, distance: Int) -> Bool? {
        let previous = self.offset
        self.offset = offset
        guard !isInLayout, count > 0, distance > 0, offset != previous, length > 0 else { return nil }
        if self.count != count { asked = 0..<0; self.count = count }
        return offset > previous
    }

    /// Records `wanted` and what was `inSight` with it; returns the parts of `wanted` not asked before.
    mutating func ask(_ wanted: Range<Int>, inSight: Range<Int>) -> [Range<Int>] {
        let new = PrefetchRun.parts(of: wanted, notIn: asked)
        let seen = min(inSight.lowerBound, wanted.lowerBound)..<max(inSight.upperBound, wanted.upperBound)
        // One run: what was asked, what is in sight and what is asked now; a jump past the run starts a new one.
        asked = asked.overlaps(seen) || asked.upperBound == seen.lowerBound || seen.upperBound == asked.lowerBound
            ? min(asked.lowerBound, seen.lowerBound)..<max(asked.upperBound, seen.upperBound)
            : seen
        return new
    }

    /// The parts of `wanted` outside `asked` (none, one or two ranges, in order).
    static func parts(of wanted: Range<Int>, notIn asked: Range<Int>) -> [Range<Int>] {
        guard !wanted.isEmpty else { return [] }
        guard !asked.isEmpty, asked.overlaps(wanted) else { return [wanted] }
        var parts: [Range<Int>] = []
        if wanted.lowerBound < asked.lowerBound { parts.append(wanted.lowerBound..<asked.lowerBound) }
        if wanted.upperBound > asked.upperBound { parts.append(asked.upperBound..<wanted.upperBound) }
        return parts
    }
}

extension List {
    /// Asks `onPrefetchRows` for the rows past the viewport the way the offset just moved that it has not asked for.
    func prefetchIfNeeded() {
        guard let onPrefetchRows else { return }
        let offset = axisOffset, length = axis == .horizontal ? bounds.width : bounds.height
        guard let forward = prefetch.move(to: offset, length: length, count: rowCount, distance: prefetchDistance)
        else { return }
        // The rows in sight: between the rows ahead and behind, so a scroll back and forth keeps one run.
        let first = rowIndex(atDocumentOffset: max(0, offset)) ?? rowCount - 1
        let last = rowIndex(atDocumentOffset: min(max(0, offset + length), totalHeight)) ?? rowCount - 1
        let distance = min(prefetchDistance, rowCount)  // any Int: no overflow past the rows
        let wanted = forward
            ? min(rowCount, last + 1)..<min(rowCount, last + 1 + distance)  // after the far edge's row
            : max(0, first - distance)..<first  // before the near edge's row
        for range in prefetch.ask(wanted, inSight: first..<(last + 1)) { onPrefetchRows(range) }
    }
}

extension LazyGrid {
    /// Asks `onPrefetchItems` for the items of the lines past the viewport the way the offset just moved that it has
    /// not asked for (as `List.prefetchIfNeeded`, a line at a time).
    func prefetchIfNeeded() {
        guard let onPrefetchItems else { return }
        let offset = alongOffset
        guard let forward = prefetch.move(to: offset, length: length(of: bounds.size), count: itemCount,
                                          distance: prefetchLines) else { return }
        let perLine = itemsPerLine, lines = lineCount(perLine: perLine)
        func line(at along: Double) -> Int { self.line(atAlong: along, perLine: perLine) }  // measured lines too
        let first = line(at: offset), last = line(at: offset + length(of: bounds.size))
        let distance = min(prefetchLines, lines)  // any Int: no overflow past the lines
        let wantedLines = forward ? min(lines, last + 1)..<min(lines, last + 1 + distance)
            : max(0, first - distance)..<first
        func items(_ r: Range<Int>) -> Range<Int> {
            firstItem(ofLine: r.lowerBound, perLine: perLine)..<firstItem(ofLine: r.upperBound, perLine: perLine)
        }
        for range in prefetch.ask(items(wantedLines), inSight: items(first..<(last + 1))) { onPrefetchItems(range) }
    }
}
