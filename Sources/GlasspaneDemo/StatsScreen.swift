// The demo's Stats screen (route `stats`): the last 10,000 frames, newest first, with their frame time and the CPU
// time of the main phases, live, in a scrolling list. Frames are recorded all the time (a ring of plain values);
// the list is reloaded only while the screen is shown.
import Foundation
import GlasspaneCore
import GlasspaneHost
import GlasspaneOverlay

/// The Stats screen: a panel with a header and a list of recent frames (`stats.list`).
@MainActor
public final class StatsScreen {
    /// How many frames the screen keeps.
    public static let capacity = 10_000
    /// The phases shown, after the frame time.
    static let phases: [FramePhase] = [.routing, .overlayLayout, .overlayPaint, .sceneRender, .overlayRender, .present]

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
                         configureRow: { view, index in (view as? TableRowContent)?.show(box.texts(index)) })
        list.preferredWidth = 650
        list.preferredHeight = 420
        list.selectionMode = .single
        let header = TableRowContent(columns: StatsScreen.columns, fontSize: 12)
        header.show(["frame", "ms", "routing", "layout", "paint", "scene", "ui render", "present"])
        header.preferredWidth = 650
        header.preferredHeight = 24
        let title = makeLabel("stats.title", "Frames (last \(StatsScreen.capacity); CPU µs per phase)", 18)
        let panel = makePanel("stats.panel", [title, header, list, makeButton("stats.back", "Back")])
        view = CenteringContainer(identifier: "stats", content: panel)
        self.box = box
    }

    /// The entries as the list reads them (newest first), shared with the list's closures.
    final class EntriesBox {
        var entries: [Entry] = []
        var newest = -1
        var count: Int { entries.count }
        /// The entry shown at a list index (0 is the newest frame).
        func entry(_ index: Int) -> Entry {
            let n = entries.count
            return entries[((newest - index) % n + n) % n]
        }
        func id(_ index: Int) -> AnyHashable { AnyHashable(entry(index).frameIndex) }
        func texts(_ index: Int) -> [String] {
            let e = entry(index)
            return [String(e.frameIndex), String(format: "%.2f", e.frameMilliseconds)]
                + e.phaseMicroseconds.map { String(format: "%.0f", $0) }
        }
    }
    private let box: EntriesBox

    /// Records a frame; reloads the list when `visible`.
    func record(_ report: FrameReport, visible: Bool) {
        let entry = Entry(frameIndex: report.frameIndex, frameMilliseconds: Double(report.frameTime) / 1e6,
                          phaseMicroseconds: StatsScreen.phases.map { Double(report[$0]) / 1e3 })
        if box.entries.count < StatsScreen.capacity {
            box.entries.append(entry)
            box.newest = box.entries.count - 1
        } else {
            box.newest = (box.newest + 1) % StatsScreen.capacity
            box.entries[box.newest] = entry
        }
        // Cannot throw: at most `capacity` rows.
        if visible { try? list.reloadData(rowCount: box.count) }
    }
}
