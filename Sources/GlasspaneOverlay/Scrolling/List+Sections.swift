// Sections with sticky headers: some rows of the data head sections (the app says which, and draws them as it likes
// through the same `makeRow`/`configureRow`); a copy of the header of the section at the viewport's top is pinned
// there, above the rows, and the next header pushes it up as it arrives (UITableView's plain style). Headers are
// rows, so positions, recycling and identity are the list's own; clicks and the cursor pass over them.
import GlasspaneCore
import GlasspaneDraw

extension List {
    /// The most section headers a list takes (one per row at most, so `maximumRowCount`).
    public static var maximumSectionCount: Int { maximumRowCount }

    /// Makes these rows section headers (ascending row indices; empty: no sections). Throws
    /// `sectionHeaderRowsInvalid` naming the first entry that is not a row or not after the one before it, and
    /// changes nothing then. `reloadData` keeps them; headers past a new row count are ignored until set again.
    public func setSectionHeaderRows(_ rows: [Int]) throws(ListError) {
        guard rows.count <= List.maximumSectionCount else { throw .sectionHeaderRowsInvalid(at: List.maximumSectionCount) }
        for (k, row) in rows.enumerated() where row < 0 || row >= rowCount || (k > 0 && row <= rows[k - 1]) {
            throw .sectionHeaderRowsInvalid(at: k)
        }
        sectionHeaderRows = rows
        setNeedsLayout()
    }

    /// True when the row heads a section.
    public func isSectionHeader(_ row: Int) -> Bool {
        guard let k = lastSectionHeader(atOrBefore: row) else { return false }
        return sectionHeaderRows[k] == row
    }

    /// The position in `sectionHeaderRows` of the last header at or before `row` (binary search), nil when none is.
    func lastSectionHeader(atOrBefore row: Int) -> Int? {
        var low = 0, high = sectionHeaderRows.count // the answer is below `high`
        while low < high {
            let mid = (low + high) / 2
            if sectionHeaderRows[mid] <= row { low = mid + 1 } else { high = mid }
        }
        return low > 0 && sectionHeaderRows[low - 1] < rowCount ? low - 1 : nil
    }

    /// `row` when it is not a header, else the nearest row that is not, looking `step` (+1 or -1) first and then the
    /// other way; nil when every row is a header.
    func skippingHeaders(from row: Int, toward step: Int) -> Int? {
        for direction in [step, -step] {
            var r = row
            while r >= 0 && r < rowCount {
                if !isSectionHeader(r) { return r }
                r += direction
            }
        }
        return nil
    }

    /// Pins a copy of the header of the section at the viewport's top to the top (the left edge, in a horizontal
    /// list), pushed out by the next header (their rows meet); hides it when no section starts at or above the top,
    /// or while the header's own row is exactly there (the row itself shows).
    func updatePinnedHeader(fonts: any FontMetrics) {
        let top = axisOffset
        guard !sectionHeaderRows.isEmpty, rowCount > 0, top > 0,
              let row = rowIndex(atDocumentOffset: top), let k = lastSectionHeader(atOrBefore: row),
              rowOffset(sectionHeaderRows[k]) < top else {
            pinnedHeader?.isHidden = true
            return
        }
        let header = sectionHeaderRows[k]
        let pinned = pinnedHeader ?? makePinnedHeader()
        if pinned.index != header || pinned.configuredVersion != currentDataVersion || pinned.isHidden {
            pinned.index = header
            pinned.key = rowKey(at: header)
            configureRow(pinned.content, header)
            pinned.configuredVersion = currentDataVersion
            pinned.updateLook()
        }
        pinned.isHidden = false
        var y = 0.0
        if k + 1 < sectionHeaderRows.count, sectionHeaderRows[k + 1] < rowCount {
            // The next header's row pushes the pinned one up once it reaches the pinned one's bottom.
            y = min(0, rowOffset(sectionHeaderRows[k + 1]) - top - rowHeight(header))
        }
        pinned.frame = axis == .horizontal ? Rect(x: y, y: 0, width: rowHeight(header), height: bounds.height)
            : Rect(x: 0, y: y, width: bounds.width, height: rowHeight(header))
    }

    /// The pinned header: a row of the list's own kind, in front of the document and behind the scroll bars.
    private func makePinnedHeader() -> ListRow {
        let pinned = ListRow(content: makeRow())
        pinned.list = self
        pinned.identifier = identifier.isEmpty ? "" : "\(identifier).pinned-header"
        insertSubview(pinned, at: subviews.firstIndex { $0 === documentView }.map { $0 + 1 } ?? 0)
        pinnedHeader = pinned
        return pinned
    }
}
