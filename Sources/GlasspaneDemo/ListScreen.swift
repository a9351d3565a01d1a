// The bench's list scenario (`glasspane bench --scenario list`): a 560x600 panel holding a 3-column list (index, a
// short text, a number) of 10,000 rows by default, in its own layer over the scene. docs/bench.md has the figures.
import Foundation
import GlasspaneCore
import GlasspaneOverlay

/// A table row: one label per column, at fixed places (the bench list and the stats screen use it).
final class TableRowContent: View {
    /// The column labels, left to right.
    let labels: [Label]

    /// Creates a row with a label per column (x and width in points).
    init(columns: [(x: Double, width: Double)], fontSize: Double = 13) {
        labels = columns.map { _ in Label(text: "", fontSize: fontSize) }
        super.init()
        // Fixed sizes: a new text repaints its label and measures and lays out nothing.
        for (label, column) in zip(labels, columns) {
            label.preferredWidth = column.width
            label.preferredHeight = 16
            label.frame = Rect(x: column.x, y: 5, width: column.width, height: 16)
            addSubview(label)
        }
    }

    /// Sets the texts, column by column.
    func show(_ texts: [String]) {
        for (label, text) in zip(labels, texts) { label.text = text }
    }

    /// The labels keep their places (no measurement).
    override func layoutSubviews(fonts: any FontMetrics) {}
}

/// What the bench's list and grid screens share: their panel around a title and the content, and its place in a
/// layer of its own, where the scripts' wheel lands on either (GridScreen.swift).
@MainActor
enum BenchPanel {
    /// A title over `content`, made 540x540 points, in the bench's dark rounded panel (`PREFIX.panel`, `PREFIX.title`).
    static func make(prefix: String, title: String, content: View) -> Panel {
        content.preferredWidth = 540
        content.preferredHeight = 540
        let label = Label(identifier: "\(prefix).title", text: title, fontSize: 15)
        let panel = Panel(identifier: "\(prefix).panel", padding: EdgeInsets(all: 10),
                          content: VStack(identifier: "\(prefix).column", spacing: 10, [label, content]))
        panel.backgroundColor = Color(r: 0.12, g: 0.13, b: 0.16, a: 0.95)
        panel.cornerRadius = 12
        return panel
    }

    /// Adds a layer named `layerName` over `overlay` holding `panel` at the right of the window, and lays it out and
    /// paints it once.
    static func show(_ panel: Panel, layerName: String, over overlay: Overlay) -> OverlayLayer {
        let layer = overlay.addLayer(name: layerName, level: LayerLevel.panel + 10)
        let size = overlay.windowSize
        layer.addSubview(panel, at: Point(x: max(16, size.width - 560 - 40), y: max(16, (size.height - 600) / 2)))
        overlay.update(layer: layer)
        return layer
    }

    /// Milliseconds from `start` to now (a screen's open time).
    static func milliseconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = (ContinuousClock.now - start).components
        return Double(elapsed.seconds) * 1000 + Double(elapsed.attoseconds) / 1e15
    }
}

/// The list panel: a title and the list (`bench.list`), in the `list` layer.
@MainActor
public final class ListScreen {
    /// The most rows `--list-rows` takes.
    public nonisolated static let maximumRows = 1_000_000
    /// The layer holding the panel.
    public let layer: OverlayLayer
    /// The list.
    public let list: List
    /// How long building the screen and its first layout and paint took, milliseconds.
    public let openMilliseconds: Double

    /// Short texts the rows (and the bench grid's cells, GridScreen.swift) cycle through.
    nonisolated static let words = ["amber", "basalt", "cobalt", "dune", "ember", "fjord", "garnet", "harbor", "indigo", "juniper"]

    /// The row at `index`'s three column texts.
    public static func columns(_ index: Int) -> (String, String, String) {
        let word = words[index % words.count]
        // A fixed pseudo-random number per row (no clock, no generator state): same text every run.
        // Hundredths as an integer, printed as `%.2f` would print them (Foundation's formatting cost more than the
        // rest of a row's layout; docs/bench.md).
        let hundredths = (index &* 7919) % 100_003
        let cents = hundredths % 100
        return (String(index), "\(word) \(index % 97)", "\(hundredths / 100).\(cents < 10 ? "0" : "")\(cents)")
    }

    /// The panel: a title over a 540x540 list of `rows` rows (identifiers `PREFIX.panel`, `PREFIX.title`, `PREFIX.list`).
    public static func makeTable(prefix: String, rows: Int) throws(ListError) -> (panel: Panel, list: List) {
        let list = try List(identifier: "\(prefix).list", rowCount: rows, rowHeight: .fixed(26),
                            makeRow: { TableRowContent(columns: [(10, 80), (100, 300), (420, 110)]) },
                            configureRow: { view, index in
                                let (a, b, c) = ListScreen.columns(index)
                                (view as? TableRowContent)?.show([a, b, c])
                            })
        list.selectionMode = .multiple
        return (BenchPanel.make(prefix: prefix, title: "\(rows) rows", content: list), list)
    }

    /// Builds the panel with `rows` rows over `overlay` and lays it out and paints it once (the open time).
    public init(overlay: Overlay, rows: Int) throws(ListError) {
        let start = ContinuousClock.now
        let (panel, list) = try ListScreen.makeTable(prefix: "bench.list", rows: rows)
        self.list = list
        layer = BenchPanel.show(panel, layerName: "list", over: overlay)
        openMilliseconds = BenchPanel.milliseconds(since: start)
    }
}
