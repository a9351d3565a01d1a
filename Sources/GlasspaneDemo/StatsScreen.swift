// The demo's Stats screen (route `stats`): the last 10,000 frames, newest first, with their frame time and the CPU
// time of the main phases, live, in a scrolling list, grouped by hundreds of frames under sticky section headers
// (the group's average and worst frame time). Frames are recorded all the time (a ring of plain values); the list
// and its sections are rebuilt only while the screen is shown.
import Foundation
import GlasspaneCore
import GlasspaneHost
import GlasspaneOverlay

/// The Stats screen: a panel with a header and a list of recent frames (`stats.list`).
@MainActor
public final class StatsScreen {
    /// How many frames the screen keeps.
    public nonisolated static let capacity = 10_000
    /// The phases shown, after the frame time.
    nonisolated static let phases: [FramePhase] = [.routing, .overlayLayout, .overlayPaint, .sceneRender, .overlayRender, .present]

    /// One frame's figures.
    struct Entry {
        var frameIndex: Int
        var frameMilliseconds: Double
        var phaseMicroseconds: [Double]
    }

    /// The screen's root view (centered in the screen layer).
    public let view: View
    /// The list of frames.
    public let list: List

    /// Columns: frame, frame time, then one per phase.
    static let columns: [(x: Double, width: Double)] = [(8, 70), (82, 80)] + phases.indices.map { (170 + Double($0) * 78, 74) }

    /// Builds the screen with the demo's themed buttons and labels (the caller hides it and wires Back).
    init(makeButton: (String, String) -> Button, makeLabel: (String, String, Double) -> Label,
         makePanel: (String, [View]) -> Panel) {
        let box = EntriesBox()
        // Cannot throw: no rows and a fixed height within List's limits.
        list = try! List(identifier: "stats.list", rowCount: 0, rowHeight: .fixed(24),
                         rowID: { box.id($0) },
                         makeRow: { TableRowContent(columns: StatsScreen.columns, fontSize: 12) },
                         configureRow: { view, index in
                             guard let row = view as? TableRowContent else { return }
                             row.show(box.texts(index))
                             row.backgroundColor = box.isHeader(index) ? StatsScreen.headerColor : .clear
                         })
        list.preferredWidth = 650
        list.preferredHeight = 420
        list.selectionMode = .single
        // Stripes by frame number, not by row: a new frame inserted at the top every frame would flip them all.
        list.isAlternateRow = { box.isHeader($0) ? false : box.frameIndex(ofRow: $0) % 2 == 1 }
        let header = TableRowContent(columns: StatsScreen.columns, fontSize: 12)
        header.show(["frame", "ms", "routing", "layout", "paint", "scene", "ui render", "present"])
        header.preferredWidth = 650
        header.preferredHeight = 24
        let title = makeLabel("stats.title", "Frames (last \(StatsScreen.capacity); CPU µs per phase)", 18)
        let panel = makePanel("stats.panel", [title, header, list, makeButton("stats.back", "Back")])
        view = CenteringContainer(identifier: "stats", content: panel)
        self.box = box
    }

    /// How many frames a section groups (frames 1200...1299 are section "12xx").
    nonisolated static let framesPerSection = 100
    /// A section header row's background.
    nonisolated static let headerColor = Color(r: 0.2, g: 0.24, b: 0.32, a: 0.9)

    /// The entries as the list reads them (newest first), shared with the list's closures. List rows are section
    /// headers and entries, newest first: row r is a header when it is in `headerRows`, else the entry r - h frames
    /// before the newest, h being the number of headers at or above it. Sections and header rows are kept up to date
    /// as frames come and go (a step per section a frame, never a pass over the 10,000 frames).
    final class EntriesBox {
        var entries: [Entry] = []
        var newest = -1
        /// One section: its group (frame index / `framesPerSection`), its frames' count, total and worst time.
        struct Section { var group: Int; var count: Int; var totalMilliseconds: Double; var worstMilliseconds: Double }
        /// The sections, oldest first.
        var sections: [Section] = []
        /// The rows that head sections, ascending (the newest section first).
        var headerRows: [Int] = []
        var count: Int { entries.count + sections.count }
        /// The entry `age` frames before the newest.
        func entry(age: Int) -> Entry {
            let n = entries.count
            return entries[((newest - age) % n + n) % n]
        }
        /// The position in `headerRows` of the last header at or before `row`.
        private func sectionPosition(_ row: Int) -> Int {
            var lo = 0, hi = headerRows.count - 1
            while lo < hi {
                let mid = (lo + hi + 1) / 2
                if headerRows[mid] <= row { lo = mid } else { hi = mid - 1 }
            }
            return lo
        }
        func isHeader(_ row: Int) -> Bool { headerRows[sectionPosition(row)] == row }
        /// The section a header row heads.
        private func section(headedBy row: Int) -> Section { sections[sections.count - 1 - sectionPosition(row)] }
        func id(_ row: Int) -> AnyHashable {
            if isHeader(row) { return AnyHashable("section \(section(headedBy: row).group)") }
            return AnyHashable(entry(age: row - sectionPosition(row) - 1).frameIndex)
        }
        /// The frame number shown by a row that is not a header.
        func frameIndex(ofRow row: Int) -> Int { entry(age: row - sectionPosition(row) - 1).frameIndex }
        func texts(_ row: Int) -> [String] {
            if isHeader(row) {
                let s = section(headedBy: row)
                return ["\(s.group)xx", String(format: "avg %.2f", s.totalMilliseconds / Double(max(1, s.count))),
                        String(format: "max %.2f", s.worstMilliseconds)] + StatsScreen.phases.map { _ in "" }
            }
            let e = entry(age: row - sectionPosition(row) - 1)
            return [String(e.frameIndex), String(format: "%.2f", e.frameMilliseconds)]
                + e.phaseMicroseconds.map { String(format: "%.0f", $0) }
        }
        /// What adding a frame did to the list's rows.
        struct Change {
            /// The oldest frame left (the last row).
            var evicted = false
            /// Its section left with it (the header row above it).
            var droppedSection = false
            /// The frame started a section (a header row above it).
            var startedSection = false
        }

        /// Stores a frame (over the oldest once full) and updates the sections.
        @discardableResult
        func add(_ entry: Entry) -> Change {
            var change = Change()
            var evicted: Entry?
            if entries.count < StatsScreen.capacity {
                entries.append(entry)
                newest = entries.count - 1
            } else {
                newest = (newest + 1) % StatsScreen.capacity
                evicted = entries[newest]
                entries[newest] = entry
            }
            if let old = evicted, !sections.isEmpty {
                change.evicted = true
                sections[0].count -= 1
                sections[0].totalMilliseconds -= old.frameMilliseconds
                if sections[0].count == 0 {
                    sections.removeFirst()
                    change.droppedSection = true
                } else if old.frameMilliseconds >= sections[0].worstMilliseconds {
                    // The worst frame left: the oldest section's frames are the oldest entries.
                    let ages = (entries.count - sections[0].count)..<entries.count
                    sections[0].worstMilliseconds = ages.map { self.entry(age: $0).frameMilliseconds }.max() ?? 0
                }
            }
            let group = entry.frameIndex / StatsScreen.framesPerSection
            if let last = sections.last, last.group == group {
                sections[sections.count - 1].count += 1
                sections[sections.count - 1].totalMilliseconds += entry.frameMilliseconds
                sections[sections.count - 1].worstMilliseconds = max(last.worstMilliseconds, entry.frameMilliseconds)
            } else {
                sections.append(Section(group: group, count: 1, totalMilliseconds: entry.frameMilliseconds,
                                        worstMilliseconds: entry.frameMilliseconds))
                change.startedSection = true
            }
            // Kept in step with the sections, so a list laid out before its next update never looks a section up
            // past their end (one step per section, about a hundred).
            updateHeaderRows()
            return change
        }
        /// Works out where each section's header row is, newest section first.
        func updateHeaderRows() {
            headerRows.removeAll(keepingCapacity: true)
            var row = 0
            for s in sections.reversed() {
                headerRows.append(row)
                row += 1 + s.count
            }
        }
    }
    private let box: EntriesBox
    /// Whether the list has every frame recorded (false once one came while the screen was hidden).
    private var listIsCurrent = true

    /// Records a frame; updates the list when `visible`: the new frame's row (and header) inserted at the top, the
    /// oldest's deleted at the bottom, the headers whose figures changed configured again. A reader scrolled into
    /// the list keeps the frames they read in place (List+Updates.swift).
    func record(_ report: FrameReport, visible: Bool) {
        let entry = Entry(frameIndex: report.frameIndex, frameMilliseconds: Double(report.frameTime) / 1e6,
                          phaseMicroseconds: StatsScreen.phases.map { Double(report[$0]) / 1e3 })
        let before = box.count
        let change = box.add(entry)
        guard visible else { listIsCurrent = false; return }
        // Cannot throw: the indices follow the box's own rows, at most `capacity` entries and one header per entry,
        // ascending rows of the list.
        if listIsCurrent && list.rowCount == before {
            let deleted = !change.evicted ? [] : change.droppedSection ? [before - 2, before - 1] : [before - 1]
            try? list.updateRows(deleting: deleted, inserting: change.startedSection ? [0, 1] : [1])
            var changed = change.startedSection ? [] : [0]
            if change.evicted && !change.droppedSection, let oldest = box.headerRows.last { changed.append(oldest) }
            list.reconfigureRows(at: changed)
        } else {
            try? list.reloadData(rowCount: box.count)
            listIsCurrent = true
        }
        try? list.setSectionHeaderRows(box.headerRows)
    }
}
