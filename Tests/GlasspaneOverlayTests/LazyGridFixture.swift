// The lazy grid the update, reorder and section tests share, and the pointer and settling helpers the reorder tests
// of lists and grids share.
import XCTest
import GlasspaneCore
@testable import GlasspaneOverlay

enum LazyGridFixture {
    /// A grid of `count` items ("item N", ids the strings) in a 600x400 viewport at (20, 40): 5 fixed columns 112
    /// points wide at x 0, 122, 244, 366, 488, 50-point cells, a row every 60 points; horizontal: 5 fixed rows 72
    /// points tall at y 0, 82, 164, 246, 328, 50-point cells, a column every 60 points. `prepare` runs before the
    /// first layout (section headers, a move handler). `cellLength`: the cell content's preferred length along the axis
    /// for an item's name, which measured lines measure (without one the content measures 1 point).
    static func makeGrid(count: Int, axis: ListAxis = .vertical, mode: ListSelectionMode = .single,
                         prepare: (LazyGrid, LazyGridUpdateTests.Box) throws -> Void = { _, _ in },
                         cellLength: ((String) -> Double)? = nil)
        throws -> (Overlay, LazyGrid, LazyGridUpdateTests.Box) {
        let box = LazyGridUpdateTests.Box((0..<count).map { "item \($0)" })
        let overlay = Overlay(windowSize: Size(width: 1200, height: 700))
        let ui = overlay.addLayer(name: "ui", level: 0)
        let itemID = { (i: Int) in AnyHashable(box.items[i]) }
        let configure = { (view: View, index: Int) in
            (view as! LazyGridTests.CellContent).label.text = box.items[index]
            guard let cellLength else { return }
            if axis == .vertical { view.preferredHeight = cellLength(box.items[index]) }
            else { view.preferredWidth = cellLength(box.items[index]) }
        }
        let grid = axis == .vertical
            ? try LazyGrid(identifier: "grid", itemCount: count, columns: .fixed(5), itemHeight: 50, spacing: 10,
                           itemID: itemID, makeCell: { LazyGridTests.CellContent() }, configureCell: configure)
            : try LazyGrid(identifier: "grid", itemCount: count, rows: .fixed(5), itemWidth: 50, spacing: 10,
                           itemID: itemID, makeCell: { LazyGridTests.CellContent() }, configureCell: configure)
        grid.selectionMode = mode
        grid.preferredWidth = 600
        grid.preferredHeight = 400
        try prepare(grid, box)
        ui.addSubview(grid, at: Point(x: 20, y: 40))
        overlay.advanceAnimations(to: 0)
        overlay.update()
        return (overlay, grid, box)
    }

    /// No item is live and fading at once: each live cell's item has no other cell sliding or fading out for it
    /// (LazyGrid+Updates.swift), and no live cell is itself among the fading ones.
    static func assertNoItemLiveAndFading(_ grid: LazyGrid, _ context: String,
                                          file: StaticString = #filePath, line: UInt = #line) {
        for cell in grid.liveCellViews {
            XCTAssertNil(grid.fadingCells[cell.itemID], "\(context): \(cell.itemID) live, not fading too",
                         file: file, line: line)
        }
        let live = Set(grid.liveCellViews.map { ObjectIdentifier($0) })
        for (id, cell) in grid.fadingCells.byID where live.contains(ObjectIdentifier(cell)) {
            XCTFail("\(context): the cell fading for \(id) is live too", file: file, line: line)
        }
    }

    /// `makeGrid`'s grid taking moves: `onMoveItem` records each move and, when `accept`, makes it in the data.
    /// `prepare` runs first (section headers). Returns the moves so far through `moves`.
    static func makeMovingGrid(count: Int, axis: ListAxis = .vertical, mode: ListSelectionMode = .single,
                               accept: Bool = true, prepare: @escaping (LazyGrid) throws -> Void = { _ in })
        throws -> (Overlay, LazyGrid, LazyGridUpdateTests.Box, moves: () -> [[Int]]) {
        var moves: [[Int]] = []
        let (overlay, grid, box) = try makeGrid(count: count, axis: axis, mode: mode) { grid, box in
            try prepare(grid)
            grid.onMoveItem = { from, to in
                moves.append([from, to])
                guard accept else { return false }
                box.items.insert(box.items.remove(at: from), at: to)
                return true
            }
        }
        return (overlay, grid, box, { moves })
    }

    /// Routes a pointer press ("down"), move ("move") or release (anything else) at a window point, then updates.
    static func pointer(_ overlay: Overlay, _ phase: String, _ location: Point, id: Int = 0) {
        let event = PointerEvent(pointerID: id, location: location)
        switch phase {
        case "down": overlay.route(.pointerDown(event))
        case "move": overlay.route(.pointerMove(event))
        default: overlay.route(.pointerUp(event))
        }
        overlay.update()
    }

    /// Runs two seconds of frames after `time`, so every animation ends.
    static func settle(_ overlay: Overlay, from time: Double) {
        for k in 1...60 { overlay.advanceAnimations(to: time + Double(k) / 30); overlay.update() }
    }
}
