// Prefetching (UIKit's prefetchDataSource): as a list scrolls, `onPrefetchRows` is told which rows will come into sight
// next, `prefetchDistance` past the viewport's edge the way it moves, so an app can load what they show (a server
// browser's next page, thumbnails) before they arrive. Each row is asked once: the rows asked form one run, which a
// scroll extends at the end it moves toward (a jump elsewhere starts a new run) and which a change of the row count or
// `reloadData` forgets. Asked from the offset's change (input, a fling's frame, code), never during layout, so the app
// may insert rows in the callback. `LazyGrid.onPrefetchItems` does the same a line at a time. docs/scrolling.md,
// "Prefetching".
import GlasspaneCore

extension List {
    /// Asks `onPrefetchRows` for the rows past the viewport the way the offset just moved that it has not asked for.
    func prefetchIfNeeded() {
        guard let onPrefetchRows else { return }
        let offset = axisOffset, length = axis == .horizontal ? bounds.width : bounds.height
        let previous = prefetchOffset
        prefetchOffset = offset  // a move made by layout is where the next one starts from, though it asks nothing
        guard !isInLayout, rowCount > 0, prefetchDistance > 0, offset != previous, length > 0 else { return }
        if prefetchedRowCount != rowCount { prefetchedRows = 0..<0; prefetchedRowCount = rowCount }
        // The rows in sight: between the rows ahead and behind, so a scroll back and forth keeps one run.
        let first = rowIndex(atDocumentOffset: max(0, offset)) ?? rowCount - 1
        let last = rowIndex(atDocumentOffset: min(max(0, offset + length), totalHeight)) ?? rowCount - 1
        let wanted = offset > previous
            ? min(rowCount, last + 1)..<min(rowCount, last + 1 + prefetchDistance)  // after the far edge's row
            : max(0, first - prefetchDistance)..<first  // before the near edge's row
        let new = List.rows(wanted, notIn: prefetchedRows)
        let seen = min(first, wanted.lowerBound)..<max(last + 1, wanted.upperBound)
        // One run: the rows asked so far, those in sight and these; a jump past the run starts a new one.
        prefetchedRows = List.run(prefetchedRows, adding: seen)
        for range in new { onPrefetchRows(range) }
    }

    /// The run of rows asked so far with `seen` (those in sight and those just asked) added, or `seen` alone when it
    /// does not touch it (a jump).
    static func run(_ run: Range<Int>, adding seen: Range<Int>) -> Range<Int> {
        run.overlaps(seen) || run.upperBound == seen.lowerBound || seen.upperBound == run.lowerBound
            ? min(run.lowerBound, seen.lowerBound)..<max(run.upperBound, seen.upperBound)
            : seen
    }

    /// The parts of `wanted` outside `asked` (none, one or two ranges, in order).
    static func rows(_ wanted: Range<Int>, notIn asked: Range<Int>) -> [Range<Int>] {
        guard !wanted.isEmpty else { return [] }
        guard !asked.isEmpty, asked.overlaps(wanted) else { return [wanted] }
        var parts: [Range<Int>] = []
        if wanted.lowerBound < asked.lowerBound { parts.append(wanted.lowerBound..<asked.lowerBound) }
        if wanted.upperBound > asked.upperBound { parts.append(asked.upperBound..<wanted.upperBound) }
        return parts
    }
}

extension LazyGrid {
    /// Asks `onPrefetchItems` for the items of the lines past the viewport the way the offset just moved that it has
    /// not asked for (as `List.prefetchIfNeeded`, a line at a time).
    func prefetchIfNeeded() {
        guard let onPrefetchItems else { return }
        let offset = alongOffset, length = length(of: bounds.size)
        let previous = prefetchOffset
        prefetchOffset = offset
        guard !isInLayout, itemCount > 0, prefetchLines > 0, offset != previous, length > 0 else { return }
        if prefetchedItemCount != itemCount { prefetchedItems = 0..<0; prefetchedItemCount = itemCount }
        let perLine = itemsPerLine, lines = lineCount(perLine: perLine)
        func line(at along: Double) -> Int { self.line(atAlong: along, perLine: perLine) }  // measured lines too
        let first = line(at: offset), last = line(at: offset + length)
        let wantedLines = offset > previous ? min(lines, last + 1)..<min(lines, last + 1 + prefetchLines)
            : max(0, first - prefetchLines)..<first
        func items(_ r: Range<Int>) -> Range<Int> {
            firstItem(ofLine: r.lowerBound, perLine: perLine)..<firstItem(ofLine: r.upperBound, perLine: perLine)
        }
        let wanted = items(wantedLines)
        let new = List.rows(wanted, notIn: prefetchedItems)
        let seen = items(min(first, wantedLines.lowerBound)..<max(last + 1, wantedLines.upperBound))
        prefetchedItems = List.run(prefetchedItems, adding: seen)
        for range in new { onPrefetchItems(range) }
    }
}
