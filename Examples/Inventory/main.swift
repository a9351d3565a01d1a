// Inventory: 10,000 items of your own in a scrolling grid (a LazyGrid, as many columns as fit cells 58 points wide)
// and a list with multiple selection, side by side, over a hotbar (a horizontal List, one column an item). On frame 1
// the app routes input through the overlay as a user would: 25 wheel notches over the grid, a click on one of its
// cells and a Control-click on another, a click on the list's third row, Shift-Down twice, 10 wheel notches over the
// hotbar (sideways) and a click on its second column shown; on frame 2 it checks that only the window's cells, rows
// and columns exist, that the grid and the hotbar scrolled and what is selected, by id, then presses Delete, which
// removes the focused view's selected items (the hotbar's) from the data and, animated, from all three views; on frame
// 3 it checks the counts and where the grid's selected items went, then drags the list's first row five places down
// (`onMoveRow`: the data, the grid and the hotbar follow), releasing it on frame 24; on frame 25 it checks the new
// order; by frame 60 (one second) the cells have slid into their new places (docs/scrolling.md).
//
//   swift run Inventory                  a window (needs a display); Delete removes the selection, a drag in the list
//                                        or the grid moves an item; Escape quits
//   swift run Inventory --headless       60 frames offscreen, then one result line; exit status 1 if the check failed
//   swift run Inventory --headless 60 --screenshot inventory.png         the same, and a picture of the last frame
//   swift run Inventory --headless 60 --screenshot-at 23:held.png        a picture of frame 23 (the list's row in hand)
import GlasspaneBus
import GlasspaneCore
import GlasspaneHost
import GlasspaneOverlay
import GlasspaneRuntime
import GlasspaneScene
#if canImport(Glibc)
import Glibc
#endif

/// One item of the inventory: your own data, identified by `id`.
struct Item: Sendable {
    let id: Int; let kind: Int; let number: Int; let count: Int
    static let kinds = ["sword", "shield", "potion", "gem", "scroll"], shortKinds = ["swd", "shd", "pot", "gem", "scr"]
    var name: String { "\(Item.kinds[kind]) \(number)" }
    /// What a cell has room for: the kind in three letters and the number ("pot 82").
    var shortName: String { "\(Item.shortKinds[kind]) \(number)" }
}

/// The items the three views show; Delete removes from it.
@MainActor
final class ItemStore {
    var items = (0..<10_000).map { Item(id: 50_000 + $0, kind: $0 % 5, number: $0, count: $0 % 13 + 1) }
}

@MainActor
final class InventoryApp: SessionApp {
    let bus: MessageBus
    let stage: OverlayStage
    let sceneRenderer: any SceneRenderer
    let store = ItemStore()
    let grid: LazyGrid
    let list: List
    let hotbar: List
    var wantsQuit = false
    var result: (line: String, passed: Bool) = ("Inventory: nothing checked (run at least 3 frames)", false)
    /// The line and verdict so far (frame 2's, then frame 3's).
    var checkedSoFar: (line: String, passed: Bool)?

    init(resources: SessionResources) throws {
        bus = resources.bus
        sceneRenderer = resources.sceneRenderer
        let overlay = Overlay(windowSize: resources.windowSize, fonts: resources.fonts)
        let layer = overlay.addLayer(name: "inventory", level: LayerLevel.panel)
        let store = store
        // The grid: 5 columns of 62 points in 330 (5 points apart), rows 64 points apart; only the cells of the rows
        // in sight exist, and each is an item of its own to select.
        grid = try LazyGrid(identifier: "grid", itemCount: store.items.count, columns: .adaptive(minimumWidth: 58), itemHeight: 59,
                            spacing: 5, itemID: { AnyHashable(store.items[$0].id) },
                            makeCell: { HStack(padding: EdgeInsets(all: 3), [InventoryApp.cell(width: 56, height: 53)]) },
                            configureCell: { cell, index in (cell.subviews.first as? Label)?.text = store.items[index].shortName })
        grid.selectionMode = .multiple
        grid.preferredWidth = 330; grid.preferredHeight = 300
        list = try List(identifier: "list", rowCount: store.items.count, rowHeight: .fixed(24),
                        rowID: { AnyHashable(store.items[$0].id) },
                        makeRow: { Label(text: "", fontSize: 13) },
                        configureRow: { row, index in (row as? Label)?.text = "  \(store.items[index].name)  x\(store.items[index].count)" })
        list.selectionMode = .multiple
        list.preferredWidth = 260; list.preferredHeight = 300
        // The hotbar: the same items as columns, left to right; only the columns in sight exist.
        hotbar = try List(identifier: "hotbar", axis: .horizontal, rowCount: store.items.count, rowHeight: .fixed(64),
                          rowID: { AnyHashable(store.items[$0].id) },
                          makeRow: { HStack(padding: EdgeInsets(all: 3), [InventoryApp.cell(width: 58, height: 56)]) },  // the selection shows around the cell
                          configureRow: { row, index in (row.subviews.first as? Label)?.text = store.items[index].shortName })
        hotbar.preferredWidth = 606; hotbar.preferredHeight = 64
        layer.addSubview(VStack(identifier: "inventory.column", spacing: 12, [HStack(identifier: "inventory.row", spacing: 16, [grid, list]), hotbar]),
                         at: Point(x: 16, y: 16))
        stage = OverlayStage(overlay: overlay, renderer: resources.overlayRenderer)
        list.onMoveRow = { [unowned self] in moveItem(from: $0, to: $1, alsoIn: [grid, hotbar]) }  // drag a row to reorder
        grid.onMoveItem = { [unowned self] in moveItem(from: $0, to: $1, alsoIn: [list, hotbar]) }  // or drag a cell
        // Keys the views do not use reach the app: Delete removes the focused view's selection everywhere.
        for view in [grid, list, hotbar] as [ScrollView] {
            view.onUnusedKey = { [unowned self, unowned view] event in
                if event.key == .delete { deleteItems(Set((view as? LazyGrid)?.selection ?? (view as? List)?.selection ?? [])) }
            }
        }
    }

    /// Removes the items with these ids from the data, then tells the grid, the list and the hotbar the ids before and
    /// after: each works out what was deleted, closes up (animated) and drops the deleted ids from its selection.
    func deleteItems(_ ids: Set<AnyHashable>) {
        let before = store.items.map(\.id)
        store.items.removeAll { ids.contains(AnyHashable($0.id)) }
        if store.items.count < before.count { show(changeFrom: before, in: [grid, list, hotbar]) }
    }

    /// A list row or grid cell dragged from `from` to `to`: the data first, then the other views (the dragged view
    /// moves its own row or cell).
    func moveItem(from: Int, to: Int, alsoIn others: [ScrollView]) -> Bool {
        let before = store.items.map(\.id)
        store.items.insert(store.items.remove(at: from), at: to)
        show(changeFrom: before, in: others)
        return true
    }

    /// Hands the views the ids before a change of the data and after it, animated.
    func show(changeFrom before: [Int], in views: [ScrollView]) {
        let after = store.items.map(\.id)
        do {
            for view in views {
                if let grid = view as? LazyGrid { try grid.updateItems(from: before, to: after, animation: .default) }
                if let list = view as? List { try list.updateRows(from: before, to: after, animation: .default) }
            }
        } catch {
            print("Inventory: \(error)")  // cannot happen: one unique id per item
        }
    }

    static func cell(width: Double, height: Double) -> Label {
        let cell = Label(text: "", fontSize: 12)
        cell.preferredWidth = width; cell.preferredHeight = height
        cell.backgroundColor = Color(r: 0.22, g: 0.24, b: 0.3)
        cell.cornerRadius = 6
        cell.isUserInteractionEnabled = false  // presses and drags reach the grid or hotbar, which select and scroll
        return cell
    }

    func beginFrame(index: Int) {
        let overlay = stage.overlay
        func click(_ p: Point, modifiers: KeyModifiers = []) {
            overlay.route(.pointerDown(PointerEvent(location: p, modifiers: modifiers)))
            overlay.route(.pointerUp(PointerEvent(location: p, modifiers: modifiers)))
        }
        if index == 1 {
            let g = grid.windowFrame, l = list.windowFrame
            for _ in 0..<25 { overlay.route(.wheel(location: g.center, dx: 0, dy: -1)) }
            // Offset 1000: document (160, 1050) is row 16, column 2 (item 82); (298, 1108) row 17, column 4 (item 89).
            click(Point(x: g.minX + 160, y: g.minY + 50))
            click(Point(x: g.minX + 298, y: g.minY + 108), modifiers: .control)
            click(Point(x: l.minX + 40, y: l.minY + 2 * 24 + 12))  // the third row
            for _ in 0..<2 { overlay.route(.key(KeyEvent(key: .down, modifiers: .shift))) }
            let h = hotbar.windowFrame
            for _ in 0..<10 { overlay.route(.wheel(location: h.center, dx: 0, dy: -1)) }  // a plain wheel scrolls it sideways
            click(Point(x: h.minX + 64 + 32, y: h.center.y))  // document x 400 + 96: column 7
        } else if index == 2 {
            let expected: Set<AnyHashable> = [50_002, 50_003, 50_004]
            let passed = grid.contentOffset.y == 1000 && grid.liveCellCount <= 40 && grid.selection == [50_082, 50_089]
                && grid.cellView(at: 82)?.isSelected == true && list.liveRowCount <= 19
                && list.selection == expected && list.rowView(at: 4)?.isSelected == true
                && hotbar.contentOffset.x == 400 && hotbar.liveRowCount <= 13 && hotbar.selection == [50_007]
            let line = ("Inventory: 10000 items; grid scrolled to \(grid.contentOffset.y) with \(grid.liveCellCount) live cells in "
                      + "\(grid.columnCount) columns, selection \(grid.selection.compactMap { $0 as? Int }.sorted()); list has "
                      + "\(list.liveRowCount) live rows, selection "
                      + "\(list.selection.compactMap { $0 as? Int }.sorted()); hotbar scrolled to \(hotbar.contentOffset.x) with "
                      + "\(hotbar.liveRowCount) live columns, selection \(hotbar.selection.compactMap { $0 as? Int }.sorted())")
            checkedSoFar = (line, passed)
            result = (line + "; Delete not checked (run at least 4 frames)", false)
            overlay.route(.key(KeyEvent(key: .delete)))  // the hotbar has focus: its item 50007 goes
        } else if index == 3, let (line, passed) = checkedSoFar {
            // Item 50082 is now at index 81, and the cell that showed it shows it still.
            let moved = [50_082, 50_089].map { id in store.items.firstIndex { $0.id == id } ?? -1 }
            let passed = passed && store.items.count == 9_999 && grid.itemCount == 9_999 && list.rowCount == 9_999
                && hotbar.rowCount == 9_999 && hotbar.selection.isEmpty && moved == [81, 88]
                && grid.cellView(at: 81)?.isSelected == true && grid.cellView(at: 82)?.isSelected == false
            checkedSoFar = (line + "; Delete left \(store.items.count) items, grid selection at \(moved)", passed)
            result = (checkedSoFar!.line + "; drag not checked (run at least 26 frames)", false)
            // Drag the list's first row (sword 0) down to the sixth place and hold it there until frame 24 (frame 23's
            // picture shows it in hand): the grid and the hotbar follow the new order.
            let l = list.windowFrame
            overlay.route(.pointerDown(PointerEvent(location: Point(x: l.minX + 40, y: l.minY + 12))))
            overlay.route(.pointerMove(PointerEvent(location: Point(x: l.minX + 40, y: l.minY + 5 * 24 + 12))))
        } else if index == 24 {
            let l = list.windowFrame
            overlay.route(.pointerUp(PointerEvent(location: Point(x: l.minX + 40, y: l.minY + 5 * 24 + 12))))
        } else if index == 25, let (line, passed) = checkedSoFar {
            let first: AnyHashable = 50_000
            let passed = passed && store.items[5].id == 50_000 && list.rowView(at: 5)?.rowID == first
                && grid.itemID(at: 5) == first && hotbar.rowID(at: 5) == first
            result = (line + "; the list's drag put item \(store.items[5].id) at index 5", passed)
        }
    }

    func engineReceive(_ event: InputEvent) {
        if case .key(let k) = event, k.key == .escape { wantsQuit = true }
    }
    func renderScene(interpolation alpha: Double, metrics: WindowMetrics) {
        // Where the lists' opaque rows cover their viewports, the background need not be drawn (a CPU rasterizer's
        // saving: docs/overlay.md, "The scene under opaque rows").
        sceneRenderer.render(RenderScene(eye: Vec3(0, 1, 5), objects: []), viewport: metrics.drawableSize,
                             leavingOut: stage.pixelsHiddenFromScene)
    }
}

exit(await ExampleRunner.run("Inventory", size: PixelSize(width: 640, height: 420), defaultFrames: 60, make: { try InventoryApp(resources: $0) }) { $0.result })
