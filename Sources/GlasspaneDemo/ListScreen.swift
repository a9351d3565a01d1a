// The bench's list scenario (`glasspane bench --scenario list`): a 560x600 panel holding a 3-column list (index, a
// short text, a number) of 10,000 rows by default, in its own layer over the scene. docs/bench.md has the figures.
import Foundation
import GlasspaneCore
import GlasspaneOverlay

/// One row of the bench list: three labels at fixed columns.
final class TableRowContent: View {
    let index = Label(text: "", fontSize: 13)
    let name = Label(text: "", fontSize: 13)
    let number = Label(text: "", fontSize: 13)

    override init(identifier: String = "", frame: Rect = .zero) {
        super.init(identifier: identifier, frame: frame)
        // Fixed widths: a new text repaints its label and lays nothing out.
        for (label, x, width) in [(index, 10.0, 80.0), (name, 100.0, 300.0), (number, 420.0, 110.0)] {
            label.preferredWidth = width
            label.frame = Rect(x: x, y: 5, width: width, height: 16)
            addSubview(label)
        }
    }

    /// The labels keep their places (no measurement).
    override func layoutSubviews(fonts: any FontMetrics) {}
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

    /// Short texts the rows cycle through.
    static let words = ["amber", "basalt", "cobalt", "dune", "ember", "fjord", "garnet", "harbor", "indigo", "juniper"]

    /// The row at `index`'s three column texts.
    public static func columns(_ index: Int) -> (String, String, String) {
        let word = words[index % words.count]
        // A fixed pseudo-random number per row (no clock, no generator state): same text every run.
        let value = Double((index &* 7919) % 100_003) / 100
        return (String(index), "\(word) \(index % 97)", String(format: "%.2f", value))
    }

    /// Builds the panel with `rows` rows over `overlay` and lays it out and paints it once (the open time).
    public init(overlay: Overlay, rows: Int) throws(ListError) {
        let start = ContinuousClock.now
        layer = overlay.addLayer(name: "list", level: LayerLevel.panel + 10)
        list = try List(identifier: "bench.list", rowCount: rows, rowHeight: .fixed(26),
                        makeRow: { TableRowContent() },
                        configureRow: { view, index in
                            guard let row = view as? TableRowContent else { return }
                            let (a, b, c) = ListScreen.columns(index)
                            row.index.text = a; row.name.text = b; row.number.text = c
                        })
        list.preferredWidth = 540
        list.preferredHeight = 540
        let title = Label(identifier: "bench.list.title", text: "\(rows) rows", fontSize: 15)
        let panel = Panel(identifier: "bench.list.panel", padding: EdgeInsets(all: 10),
                          content: VStack(identifier: "bench.list.column", spacing: 10, [title, list]))
        panel.backgroundColor = Color(r: 0.12, g: 0.13, b: 0.16, a: 0.95)
        panel.cornerRadius = 12
        let size = overlay.windowSize
        layer.addSubview(panel, at: Point(x: max(16, size.width - 560 - 40), y: max(16, (size.height - 600) / 2)))
        overlay.update(layer: layer)
        let elapsed = (ContinuousClock.now - start).components
        openMilliseconds = Double(elapsed.seconds) * 1000 + Double(elapsed.attoseconds) / 1e15
    }
}
