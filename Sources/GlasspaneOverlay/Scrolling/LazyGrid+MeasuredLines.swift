// Lines whose length follows their largest cell (LazyGrid.swift): a shop whose item cards wrap their descriptions to
// different heights, a shelf whose columns fit their widest card. A line's length is the largest `measure(proposed:)`
// along the axis of its cells' content views, each proposed its cell's breadth across; lines not yet measured count
// as the estimate. The lines' pitches live in a Fenwick tree (RowOffsets.swift, as a list's measured rows do), so
// a line's offset, the line at an offset and a new length each cost O(log n) for 100,000 items, and only the lines
// that come into the window are measured. When lines before the first one in sight are measured (scrolling back into
// lines measured for the first time), the offset moves by what they added or removed, so what shows stays put.
// Sections are not supported with measured lines (`LazyGridError.measuredLinesWithSections`).
import GlasspaneCore

/// How long a lazy grid's lines are along its axis (a vertical grid's rows' heights, a horizontal grid's columns'
/// widths): `LazyGrid.setLineLength(_:)`.
public enum GridLineLength: Hashable, Sendable {
    /// Every line this many points long (what the initializers' `itemHeight` and `itemWidth` give).
    case fixed(Double)
    /// Each line as long as its largest cell: the largest of its cells' content views measured along the axis
    /// (`measure(proposed:fonts:)`, proposed the cell's breadth across and no limit along), measured when the line
    /// comes into the window; lines not yet measured count as `estimate` points.
    case measured(estimate: Double)
}

extension LazyGrid {
    // MARK: - Measured lines

    /// Makes the lines `length` long (`.fixed`) or as long as their largest cell (`.measured(estimate:)`), from the
    /// next layout on; `itemLength` becomes the fixed length or the estimate, and every line is measured again as it
    /// comes into the window (as after `reloadData`). Every cell of a measured line is as long as the line. Throws,
    /// changing nothing, for a length or estimate outside 1...`List.maximumRowHeight` points
    /// (`itemHeightOutOfRange`, `itemWidthOutOfRange` in a horizontal grid) and for measured lines in a grid with
    /// section headers (`measuredLinesWithSections`, `lazy-grid-measured-sections-unsupported`).
    public func setLineLength(_ length: GridLineLength) throws(LazyGridError) {
        let points: Double
        switch length {
        case .fixed(let l): points = l
        case .measured(let estimate): points = estimate
        }
        guard points.isFinite, (1...List.maximumRowHeight).contains(points) else {
            throw axis == .vertical ? .itemHeightOutOfRange(points) : .itemWidthOutOfRange(points)
        }
        if case .measured = length, !sectionHeaderItems.isEmpty { throw .measuredLinesWithSections }
        if sectionHeaderItems.isEmpty { headerLength = points }  // "itemLength until set"
        itemLength = points
        lineLength = length
        lineOffsets = nil
        measuredWindowLines = 0
        sectionLayoutCache = nil
        windowVersion = -1
        setNeedsLayout()
    }

    /// The measured lines' pitches for `perLine` cells a line; nil with fixed lines. A new count a line starts over
    /// from the estimate (the lines hold other items); a new item count keeps the lengths of the lines that stay,
    /// by position, until they come into the window and are measured again, and adds estimated lines at the end.
    func measuredLines(perLine: Int) -> RowOffsets? {
        guard case .measured(let estimate) = lineLength, perLine > 0 else { return nil }
        let lines = (itemCount + perLine - 1) / perLine
        if let offsets = lineOffsets, lineOffsetsPerLine == perLine {
            if offsets.count == lines { return offsets }
            lineOffsets = lines > offsets.count
                ? offsets.updated(deleting: [], inserting: Array(offsets.count..<lines), height: estimate + spacing)
                : offsets.updated(deleting: Array(lines..<offsets.count), inserting: [], height: estimate + spacing)
        } else {
            lineOffsets = RowOffsets(count: lines, height: estimate + spacing)
            lineOffsetsPerLine = perLine
        }
        return lineOffsets
    }

    /// Measures `lines` from their cells among the window's `range` (`cell` gives an index's cell): each line's
    /// length is its largest cell's content measured along the axis at the cell's breadth across, 1 point at least.
    func measureLines(_ lines: Range<Int>, in range: Range<Int>, perLine: Int, breadth: Double,
                      fonts: any FontMetrics, cell: (Int) -> GridCell?) {
        guard lineOffsets != nil else { return }
        for line in lines {
            var longest = 0.0, measured = false
            for index in max(range.lowerBound, line * perLine)..<min(range.upperBound, (line + 1) * perLine) {
                guard let view = cell(index)?.content else { continue }
                let edges = crossEdges(index % perLine, breadth: breadth, perLine: perLine)
                let across = edges.max - edges.min
                let size = axis == .vertical
                    ? view.measure(proposed: Size(width: across, height: .infinity), fonts: fonts).height
                    : view.measure(proposed: Size(width: .infinity, height: across), fonts: fonts).width
                if size.isFinite { longest = max(longest, size) }
                measured = true
            }
            guard measured, let count = lineOffsets?.count, line < count else { continue }
            lineOffsets?.setHeight(line, min(max(longest, 1), List.maximumRowHeight) + spacing)
        }
    }

    /// The window of a grid of measured lines (`layoutDocument`): the lines in or within `overscan` of the viewport,
    /// at least as many as a window held since the last reload (List.swift's rule for measured rows), placed, and
    /// the lines that came in measured. Lines measured before the first one in sight move the offset by what they
    /// changed (`shiftContent`: a drag or fling keeps its course), so what shows stays put; lines measured shorter
    /// than their estimate can leave room at the window's far end, so it goes again (each pass measuring only the
    /// lines that came in) until the window stays: lines far shorter than the estimate take many passes, since each
    /// covers the gap left with estimated lines (32 at most: `LazyGridUpdateTests`' measured model has 1-point lines
    /// against a 50-point estimate). A pass may drop cells that a later one brings back (the window moves back when
    /// the lines before it are measured); LazyGrid.swift's layout gives them their views back when it ends.
    func layoutMeasuredWindow(lines: Int, perLine: Int, breadth: Double, length: Double, fonts: any FontMetrics) {
        for pass in 0..<32 {
            guard let offsets = measuredLines(perLine: perLine) else { return }
            let offset = alongOffset
            let top = max(0, offset - overscan), bottom = offset + length + overscan
            var firstLine = offsets.index(containing: top)
            var endLine = firstLine
            while endLine < lines && offsets.offset(of: endLine) < bottom { endLine += 1 }
            endLine = min(lines, max(endLine, firstLine + measuredWindowLines))
            if endLine == lines { firstLine = min(firstLine, max(0, lines - measuredWindowLines)) }
            measuredWindowLines = max(measuredWindowLines, endLine - firstLine)
            let range = (firstLine * perLine)..<min(itemCount, endLine * perLine)
            if pass > 0, range == window, windowVersion == dataVersion { return }
            // The first line in sight, and where it is before its neighbours are measured.
            let anchor = offset > 0 ? offsets.index(containing: offset) : nil
            let anchorAlong = anchor.map { offsets.offset(of: $0) }
            if pendingAnimation != nil || !slideWindow(to: range, perLine: perLine, breadth: breadth, fonts: fonts) {
                placeWindow(range, perLine: perLine, breadth: breadth, fonts: fonts)
            }
            if let anchor, let anchorAlong, let now = lineOffsets?.offset(of: anchor), now != anchorAlong {
                // The cells moved in the document with the lines before them; the offset follows, so on screen
                // nothing does (List+Updates.swift does the same for rows inserted above).
                contentSize = documentSize(breadth: breadth, perLine: perLine)
                shiftContent(by: self.offset(along: now - anchorAlong))
            }
        }
    }

    /// After a layout, the item `scrollToItem` asked for in a grid of measured lines is revealed again now that its
    /// line is measured (a line longer than its estimate would otherwise be cut at the viewport's far edge).
    func revealMeasuredItem(fonts: any FontMetrics) {
        guard let index = itemToRevealAfterLayout else { return }
        itemToRevealAfterLayout = nil
        guard lineOffsets != nil, index < itemCount else { return }
        let frame = itemFrame(index)
        let start = axis == .vertical ? frame.minY : frame.minX, end = axis == .vertical ? frame.maxY : frame.maxX
        let length = length(of: bounds.size)
        guard start < alongOffset || end > alongOffset + length else { return }
        scrollRectToVisible(frame, animated: false)
        super.layoutSubviews(fonts: fonts)
    }
}
