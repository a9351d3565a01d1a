// The bench's grid scenario (`glasspane bench --scenario grid`): a 560x600 panel holding an 8-column LazyGrid of
// 10,000 items by default, each cell its index over a short word, in its own layer over the scene. The list's
// counterpart is ListScreen.swift; docs/bench.md has the figures.
import Foundation
import GlasspaneCore
import GlasspaneOverlay

/// A grid cell's content: the item's index over a short word, two labels at fixed places.
final class GridItemContent: View {
    /// The index's label (top).
    let indexLabel: Label
    /// The word's label (below the index).
    let wordLabel: Label

    /// Creates the two labels for a cell `width` points wide.
    init(width: Double) {
        indexLabel = Label(text: "", fontSize: 13)
        wordLabel = Label(text: "", fontSize: 11)
        super.init()
        // Fixed sizes, as the list's cells (TableRowContent): a new text repaints its label and measures nothing.
        for (label, y) in [(indexLabel, 8.0), (wordLabel, 30.0)] {
            label.preferredWidth = width - 12
            label.preferredHeight = 16
            label.frame = Rect(x: 6, y: y, width: width - 12, height: 16)
            addSubview(label)
        }
    }

    /// Sets both texts.
    func show(index: String, word: String) {
        indexLabel.text = index
        wordLabel.text = word
    }

    /// The labels keep their places (no measurement).
    override func layoutSubviews(fonts: any FontMetrics) {}
}

/// The grid panel: a title and the grid (`bench.grid.grid`), in the `grid` layer.
@MainActor
public final class GridScreen {
    /// The most items `--grid-items` takes.
    public nonisolated static let maximumItems = 1_000_000
    /// Columns of the grid.
    nonisolated static let columnCount = 8
    /// Each cell's height in points (its width is what 8 columns leave of 540 points: 64).
    nonisolated static let cellHeight = 56.0
    /// Points between cells, across and down.
    nonisolated static let cellSpacing = 4.0
    /// The layer holding the panel.
    public let layer: OverlayLayer
    /// The grid.
    public let grid: LazyGrid
    /// How long building the screen and its first layout and paint took, milliseconds.
    public let openMilliseconds: Double

    /// The item at `index`'s two texts: its index, and a word the items cycle through (no clock, no randomness).
    public nonisolated static func cellTexts(_ index: Int) -> (index: String, word: String) {
        (String(index), ListScreen.words[index % ListScreen.words.count])
    }

    /// The panel: a title over a 540x540 grid of `items` items (identifiers `PREFIX.panel`, `PREFIX.title`,
    /// `PREFIX.grid`). Items have no app ids: the grid keys its cells by index.
    static func makeGrid(prefix: String, items: Int) throws(LazyGridError) -> (panel: Panel, grid: LazyGrid) {
        let cellWidth = (540 - cellSpacing * Double(columnCount - 1)) / Double(columnCount)
        let grid = try LazyGrid(identifier: "\(prefix).grid", itemCount: items, columns: .fixed(columnCount),
                                itemHeight: cellHeight, spacing: cellSpacing, itemID: nil,
                                makeCell: { GridItemContent(width: cellWidth) },
                                configureCell: { view, index in
                                    let texts = GridScreen.cellTexts(index)
                                    (view as? GridItemContent)?.show(index: texts.index, word: texts.word)
                                })
        return (BenchPanel.make(prefix: prefix, title: "\(items) items", content: grid), grid)
    }

    /// Builds the panel with `items` items over `overlay`, where the list scenario puts its panel (so the scripts'
    /// wheel lands on both at the same point), and lays it out and paints it once (the open time).
    public init(overlay: Overlay, items: Int) throws(LazyGridError) {
        let start = ContinuousClock.now
        let (panel, grid) = try GridScreen.makeGrid(prefix: "bench.grid", items: items)
        self.grid = grid
        layer = BenchPanel.show(panel, layerName: "grid", over: overlay)
        openMilliseconds = BenchPanel.milliseconds(since: start)
    }
}
