// The cell of a lazy grid (LazyGrid.swift): a container around the app's content view that draws the selection and
// the keyboard cursor, so the app's `makeCell` and `configureCell` only fill in the item.
import GlasspaneCore
import GlasspaneDraw

/// One cell of a `LazyGrid`: the grid's container around the view `makeCell` made, drawing the cell's background,
/// its selection and the keyboard cursor. Cells claim no press themselves, so the grid selects (controls inside a
/// cell still take theirs). Inset the content (or leave it transparent) for the selection color to show.
public final class GridCell: View {
    /// The view `makeCell` made; `configureCell` fills it.
    public let content: View
    /// The index of the item shown (valid while the cell is live).
    public internal(set) var index = 0
    /// The id of the item shown.
    public var itemID: AnyHashable { key.id }
    /// The item's key in the grid's bookkeeping (ItemKey.swift).
    var key = ItemKey.index(0)
    /// True while the item is selected.
    public internal(set) var isSelected = false { didSet { if isSelected != oldValue { updateLook() } } }
    /// True while the keyboard cursor is on this cell and the grid has focus.
    public internal(set) var hasCursor = false { didSet { if hasCursor != oldValue { setNeedsDisplay() } } }
    /// True while the cell shows a section header (LazyGrid+Sections.swift): drawn in the grid's `headerColor`,
    /// never selected and without the cursor.
    public internal(set) var isHeader = false { didSet { if isHeader != oldValue { updateLook() } } }
    /// The data version the cell was last configured for.
    var configuredVersion = -1
    weak var grid: LazyGrid?

    init(content: View) {
        self.content = content
        super.init()
        hitTestBehavior = .deferToChildren
        addSubview(content)
    }

    func updateLook() {
        guard let grid else { return }
        backgroundColor = isHeader ? grid.headerColor : isSelected ? grid.selectionColor : grid.cellColor
        cornerRadius = grid.cellCornerRadius
    }

    /// The content fills the cell.
    public override func layoutSubviews(fonts: any FontMetrics) {
        content.frame = bounds
    }

    /// Background, then a cursor outline.
    public override func draw(in rect: Rect, context: inout PaintContext) {
        super.draw(in: rect, context: &context)
        // A cell the controller carries, or a drag holds, has a heavier outline.
        guard let grid else { return }
        let held = grid.hasItemDrag && (grid.itemDrag.map { $0.isHeld && $0.cell === self } ?? false)
        if held || hasCursor {
            context.add(.border(rect, color: grid.cursorColor, width: held || grid.itemGrab != nil ? 4 : 2,
                                cornerRadius: grid.cellCornerRadius))
        }
    }
}
