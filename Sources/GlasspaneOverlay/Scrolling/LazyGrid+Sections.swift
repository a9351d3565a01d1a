// Sections with sticky headers in a lazy grid (an inventory's "Weapons / Potions / Gems"), as List+Sections.swift does
// for a list: some items of the data head sections (the app says which, and draws them through the same
// `makeCell`/`configureCell`, asking `isSectionHeader(index)`). A header takes a whole line (the full width of a
// vertical grid, the full height of a horizontal one), `headerLength` points along the axis, and the items after it
// start a new line, so lines hold a varying count of items. `GridSectionLayout` maps items to lines and lines to
// offsets by binary search over the sections, so a sectioned grid costs what its window's cells cost. A copy of the
// header of the section at the viewport's leading edge is pinned there, pushed out by the next header. Headers are not
// selectable: clicks and the cursor pass over them and reorder never picks one up, though a moved item may cross one
// into another section (LazyGrid+Selection.swift, LazyGrid+Reorder.swift); updates keep them with their items
// (LazyGrid+Updates.swift, LazyGrid+Difference.swift).
import GlasspaneCore

/// Where the lines of a sectioned grid are, for one count of items a line: each section's header line and offset,
/// worked out once per change (O(sections)); every lookup is a binary search over the sections.
struct GridSectionLayout: Equatable {
    /// The header items, ascending, all below `itemCount`.
    let headers: [Int]
    let itemCount: Int
    let perLine: Int
    let itemLength: Double
    let headerLength: Double
    let spacing: Double
    /// Each section's header line.
    private(set) var headerLine: [Int] = []
    /// Each section's header line's leading edge along the axis.
    private(set) var headerAlong: [Double] = []
    /// All lines: the items before the first header, then per section its header line and its items' lines.
    private(set) var lineCount = 0
    /// From the first line's leading edge to the last line's trailing edge.
    private(set) var length = 0.0

    init(headers: [Int], itemCount: Int, perLine: Int, itemLength: Double, headerLength: Double, spacing: Double) {
        self.headers = headers
        self.itemCount = itemCount
        self.perLine = perLine
        self.itemLength = itemLength
        self.headerLength = headerLength
        self.spacing = spacing
        var line = GridSectionLayout.lines(items: headers.first ?? itemCount, perLine: perLine)
        var along = Double(line) * (itemLength + spacing)
        headerLine.reserveCapacity(headers.count)
        headerAlong.reserveCapacity(headers.count)
        for (k, header) in headers.enumerated() {
            headerLine.append(line)
            headerAlong.append(along)
            let items = (k + 1 < headers.count ? headers[k + 1] : itemCount) - header - 1
            let itemLines = GridSectionLayout.lines(items: items, perLine: perLine)
            line += 1 + itemLines
            along += headerLength + spacing + Double(itemLines) * (itemLength + spacing)
        }
        lineCount = line
        length = line == 0 ? 0 : along - spacing
    }

    private static func lines(items: Int, perLine: Int) -> Int { (items + perLine - 1) / perLine }

    /// The section (position in `headers`) of the last header at or before `index`; nil before the first.
    func section(ofItem index: Int) -> Int? { GridSectionLayout.last(in: headers, atOrBefore: index) }

    /// The section whose header line is the last at or before `line`; nil for a line before the first header's.
    func section(ofLine line: Int) -> Int? { GridSectionLayout.last(in: headerLine, atOrBefore: line) }

    /// The position of the last element at or before `value` in an ascending array (binary search).
    static func last<T: Comparable>(in array: [T], atOrBefore value: T) -> Int? {
        var low = 0, high = array.count  // the answer is below `high`
        while low < high {
            let mid = (low + high) / 2
            if array[mid] <= value { low = mid + 1 } else { high = mid }
        }
        return low > 0 ? low - 1 : nil
    }

    /// True when the item is one of `headers`.
    func isHeader(_ index: Int) -> Bool { section(ofItem: index).map { headers[$0] == index } ?? false }

    /// The first item of section `k` (a position in `headers`; -1: the items before the first header) after its
    /// header, and the end of its items (the next header, or `itemCount`).
    func items(ofSection k: Int) -> Range<Int> {
        (k < 0 ? 0 : headers[k] + 1)..<(k + 1 < headers.count ? headers[k + 1] : itemCount)
    }

    /// True when the line is a header's.
    func isHeaderLine(_ line: Int) -> Bool { section(ofLine: line).map { headerLine[$0] == line } ?? false }

    /// The item's line and its slot across it (a header: slot 0 of its own line).
    func place(of index: Int) -> (line: Int, slot: Int) {
        guard let k = section(ofItem: index) else { return (index / perLine, index % perLine) }
        let j = index - headers[k]
        if j == 0 { return (headerLine[k], 0) }
        return (headerLine[k] + 1 + (j - 1) / perLine, (j - 1) % perLine)
    }

    /// The items of a line.
    func items(inLine line: Int) -> Range<Int> {
        guard let k = section(ofLine: line) else {
            return (line * perLine)..<min(headers.first ?? itemCount, (line + 1) * perLine)
        }
        let header = headers[k]
        if line == headerLine[k] { return header..<(header + 1) }
        let end = k + 1 < headers.count ? headers[k + 1] : itemCount
        let first = header + 1 + (line - headerLine[k] - 1) * perLine
        return first..<min(end, first + perLine)
    }

    /// The first item of a line; `itemCount` for the line after the last.
    func firstItem(ofLine line: Int) -> Int { line >= lineCount ? itemCount : items(inLine: line).lowerBound }

    /// A line's leading edge along the axis.
    func along(ofLine line: Int) -> Double {
        guard let k = section(ofLine: line) else { return Double(line) * (itemLength + spacing) }
        if line == headerLine[k] { return headerAlong[k] }
        return headerAlong[k] + headerLength + spacing + Double(line - headerLine[k] - 1) * (itemLength + spacing)
    }

    /// A line's size along the axis.
    func length(ofLine line: Int) -> Double { isHeaderLine(line) ? headerLength : itemLength }

    /// The line whose leading edge is the last at or before `along` (the spacing after a line is the line's), within
    /// 0..<lineCount; 0 without lines.
    func line(atAlong along: Double) -> Int {
        guard lineCount > 0 else { return 0 }
        guard let k = GridSectionLayout.last(in: headerAlong, atOrBefore: along) else {
            let lead = headers.first.map { GridSectionLayout.lines(items: $0, perLine: perLine) } ?? lineCount
            return min(max(0, lead - 1), max(0, Int((along / (itemLength + spacing)).rounded(.down))))
        }
        let lastLine = (k + 1 < headers.count ? headerLine[k + 1] : lineCount) - 1
        let itemsStart = headerAlong[k] + headerLength + spacing
        guard along >= itemsStart, lastLine > headerLine[k] else { return headerLine[k] }
        let j = Int(((along - itemsStart) / (itemLength + spacing)).rounded(.down))
        return min(lastLine, headerLine[k] + 1 + j)
    }
}

extension LazyGrid {
    // MARK: - Sections

    /// The most section headers a grid takes (one per item at most, so `maximumItemCount`).
    public static var maximumSectionCount: Int { maximumItemCount }

    /// Makes these items section headers (ascending item indices; empty: no sections), each `headerLength` points
    /// along the axis (a vertical grid's header height, a horizontal grid's header width; nil: `itemLength`). A header
    /// takes a whole line and the items after it start a new one; `configureCell` fills a header's cell too (ask
    /// `isSectionHeader(index)`), and a copy of the current section's header is pinned at the viewport's leading edge.
    /// Throws, changing nothing, `sectionHeaderItemsInvalid` naming the first entry that is not an item or not after
    /// the one before it (or `maximumSectionCount` for too many), and `headerLengthOutOfRange` for a length that is
    /// not a finite number of points in 1...`List.maximumRowHeight`, and `measuredLinesWithSections` for headers in a
    /// grid of measured lines (`setLineLength`). `reloadData` drops headers past its new count.
    public func setSectionHeaderItems(_ items: [Int], headerLength: Double? = nil) throws(LazyGridError) {
        guard items.count <= LazyGrid.maximumSectionCount else {
            throw .sectionHeaderItemsInvalid(at: LazyGrid.maximumSectionCount)
        }
        for (k, item) in items.enumerated() where item < 0 || item >= itemCount || (k > 0 && item <= items[k - 1]) {
            throw .sectionHeaderItemsInvalid(at: k)
        }
        // Measured lines are not supported with sections (LazyGrid+MeasuredLines.swift).
        if case .measured = lineLength, !items.isEmpty { throw .measuredLinesWithSections }
        let length = headerLength ?? itemLength
        guard length.isFinite, (1...List.maximumRowHeight).contains(length) else { throw .headerLengthOutOfRange(length) }
        self.headerLength = length
        sectionHeaderItems = items
        sectionsChanged()
    }

    /// True when the item heads a section.
    public func isSectionHeader(_ index: Int) -> Bool {
        guard !sectionHeaderItems.isEmpty, let k = GridSectionLayout.last(in: sectionHeaderItems, atOrBefore: index)
        else { return false }
        return sectionHeaderItems[k] == index
    }

    /// After the headers changed: every cell is configured again (a header may have become an item) and placed.
    func sectionsChanged() {
        sectionLayoutCache = nil
        windowVersion = -1
        dataVersion += 1
        pinnedHeader?.configuredVersion = -1
        setNeedsLayout()
    }

    /// The sectioned geometry for `perLine` items a line; nil without headers (the plain grid's arithmetic applies).
    func sectionLayout(perLine: Int) -> GridSectionLayout? {
        guard !sectionHeaderItems.isEmpty else { return nil }
        if let cached = sectionLayoutCache, cached.perLine == perLine, cached.itemCount == itemCount,
           cached.headerLength == headerLength, cached.headers == sectionHeaderItems {
            return cached
        }
        let layout = GridSectionLayout(headers: sectionHeaderItems, itemCount: itemCount, perLine: perLine,
                                       itemLength: itemLength, headerLength: headerLength, spacing: spacing)
        sectionLayoutCache = layout
        return layout
    }

    // MARK: - The pinned header

    /// Pins a copy of the header of the section at the viewport's leading edge there, pushed out by the next header
    /// (their lines meet); hides it when no section's header is before the leading edge, or while the header's own
    /// line is exactly there (the header itself shows).
    func updatePinnedHeader() {
        let top = alongOffset, breadth = breadth(of: bounds.size)
        guard let layout = sectionLayout(perLine: itemsPerLine(across: breadth)), itemCount > 0, top > 0,
              let k = layout.section(ofLine: layout.line(atAlong: top)), layout.along(ofLine: layout.headerLine[k]) < top
        else {
            pinnedHeader?.isHidden = true
            return
        }
        let header = layout.headers[k]
        let pinned = pinnedHeader ?? makePinnedHeader()
        if pinned.index != header || pinned.configuredVersion != dataVersion || pinned.isHidden {
            pinned.index = header
            pinned.key = itemKey(at: header)
            configureCell(pinned.content, header)
            pinned.configuredVersion = dataVersion
            pinned.updateLook()
        }
        pinned.isHidden = false
        var along = 0.0
        if k + 1 < layout.headers.count {
            // The next header's line pushes the pinned one out once it reaches the pinned one's trailing edge.
            along = min(0, layout.along(ofLine: layout.headerLine[k + 1]) - top - headerLength)
        }
        pinned.frame = axis == .vertical ? Rect(x: 0, y: along, width: breadth, height: headerLength)
            : Rect(x: along, y: 0, width: headerLength, height: breadth)
    }

    /// The pinned header: a cell of the grid's own kind, in front of the document and behind the scroll bars.
    private func makePinnedHeader() -> GridCell {
        let pinned = GridCell(content: makeCell())
        pinned.grid = self
        pinned.isHeader = true
        pinned.identifier = identifier.isEmpty ? "" : "\(identifier).pinned-header"
        insertSubview(pinned, at: subviews.firstIndex { $0 === documentView }.map { $0 + 1 } ?? 0)
        pinnedHeader = pinned
        return pinned
    }

    /// True when a point in the grid's coordinates is on the pinned header (it takes the click, selecting nothing).
    func isOnPinnedHeader(_ location: Point) -> Bool {
        guard let pinned = pinnedHeader, !pinned.isHidden else { return false }
        return pinned.frame.contains(location)
    }
}
