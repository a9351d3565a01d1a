// Inventory: 10,000 items of your own in a scrolling grid (a List whose rows hold 5 cells) and a list with multiple
// selection, side by side, over a hotbar (a horizontal List, one column an item). On frame 1 the app routes input
// through the overlay as a user would: 25 wheel notches over the grid, a click on the list's third row, Shift-Down
// twice, 10 wheel notches over the hotbar (sideways) and a click on its second column shown; on frame 2 it checks that
// only the window's rows exist, that the grid and the hotbar scrolled and what is selected, by id
// (docs/scrolling.md).
//
//   swift run Inventory                  a window (needs a display); Escape quits
//   swift run Inventory --headless 3     3 frames offscreen, then one result line; exit status 1 if the check failed
//   swift run Inventory --headless 3 --screenshot inventory.png          the same, and a picture of the last frame
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
struct Item { let id: Int; let name: String; let count: Int }

@MainActor
final class InventoryApp: SessionApp {
    let bus: MessageBus
    let stage: OverlayStage
    let sceneRenderer: any SceneRenderer
    let items = (0..<10_000).map { Item(id: 50_000 + $0, name: ["sword", "shield", "potion", "gem", "scroll"][$0 % 5] + " \($0)", count: $0 % 13 + 1) }
    let grid: List
    let list: List
    let hotbar: List
    static let cellsPerRow = 5
    var wantsQuit = false
    var result: (line: String, passed: Bool) = ("Inventory: nothing checked (run at least 3 frames)", false)

    init(resources: SessionResources) throws {
        bus = resources.bus
        sceneRenderer = resources.sceneRenderer
        let overlay = Overlay(windowSize: resources.windowSize, fonts: resources.fonts)
        let layer = overlay.addLayer(name: "inventory", level: LayerLevel.panel)
        let items = items, perRow = InventoryApp.cellsPerRow
        // The grid: each list row is a row of cells; the List creates only the rows of its window.
        grid = try List(identifier: "grid", rowCount: (items.count + perRow - 1) / perRow, rowHeight: .fixed(64),
                        makeRow: { HStack(spacing: 6, padding: EdgeInsets(all: 4), (0..<perRow).map { _ in InventoryApp.cell() }) },
                        configureRow: { row, index in
                            for (k, cell) in row.subviews.enumerated() {
                                let i = index * perRow + k
                                (cell as? Label)?.text = i < items.count ? String(items[i].name.prefix(8)) : ""
                                cell.isHidden = i >= items.count
                            }
                        })
        grid.selectionMode = .none
        grid.preferredWidth = 330; grid.preferredHeight = 300
        list = try List(identifier: "list", rowCount: items.count, rowHeight: .fixed(24),
                        rowID: { AnyHashable(items[$0].id) },
                        makeRow: { Label(text: "", fontSize: 13) },
                        configureRow: { row, index in (row as? Label)?.text = "  \(items[index].name)  x\(items[index].count)" })
        list.selectionMode = .multiple
        list.preferredWidth = 260; list.preferredHeight = 300
        // The hotbar: the same items as columns, left to right; only the columns in sight exist.
        hotbar = try List(identifier: "hotbar", axis: .horizontal, rowCount: items.count, rowHeight: .fixed(64),
                          rowID: { AnyHashable(items[$0].id) },
                          makeRow: { HStack(padding: EdgeInsets(all: 3), [InventoryApp.cell()]) },  // the selection shows around the cell
                          configureRow: { row, index in (row.subviews.first as? Label)?.text = String(items[index].name.prefix(8)) })
        hotbar.preferredWidth = 606; hotbar.preferredHeight = 64
        layer.addSubview(VStack(identifier: "inventory.column", spacing: 12, [HStack(identifier: "inventory.row", spacing: 16, [grid, list]), hotbar]),
                         at: Point(x: 16, y: 16))
        stage = OverlayStage(overlay: overlay, renderer: resources.overlayRenderer)
    }

    static func cell() -> Label {
        let cell = Label(text: "", fontSize: 12)
        cell.preferredWidth = 58; cell.preferredHeight = 56
        cell.backgroundColor = Color(r: 0.22, g: 0.24, b: 0.3)
        cell.cornerRadius = 6
        cell.isUserInteractionEnabled = false  // presses and drags reach the grid, which scrolls
        return cell
    }

    func beginFrame(index: Int) {
        let overlay = stage.overlay
        if index == 1 {
            let g = grid.windowFrame, l = list.windowFrame
            for _ in 0..<25 { overlay.route(.wheel(location: g.center, dx: 0, dy: -1)) }
            let third = Point(x: l.minX + 40, y: l.minY + 2 * 24 + 12)
            overlay.route(.pointerDown(PointerEvent(location: third)))
            overlay.route(.pointerUp(PointerEvent(location: third)))
            for _ in 0..<2 { overlay.route(.key(KeyEvent(key: .down, modifiers: .shift))) }
            let h = hotbar.windowFrame
            for _ in 0..<10 { overlay.route(.wheel(location: h.center, dx: 0, dy: -1)) }  // a plain wheel scrolls it sideways
            let second = Point(x: h.minX + 64 + 32, y: h.center.y)  // document x 400 + 96: column 7
            overlay.route(.pointerDown(PointerEvent(location: second)))
            overlay.route(.pointerUp(PointerEvent(location: second)))
        } else if index == 2 {
            let expected: Set<AnyHashable> = [50_002, 50_003, 50_004]
            let passed = grid.contentOffset.y == 1000 && grid.liveRowCount <= 8 && list.liveRowCount <= 19
                && list.selection == expected && list.rowView(at: 4)?.isSelected == true
                && hotbar.contentOffset.x == 400 && hotbar.liveRowCount <= 13 && hotbar.selection == [50_007]
            result = ("Inventory: 10000 items; grid scrolled to \(grid.contentOffset.y) with \(grid.liveRowCount) live rows of "
                      + "\(grid.rowCount); list has \(list.liveRowCount) live rows, selection "
                      + "\(list.selection.compactMap { $0 as? Int }.sorted()); hotbar scrolled to \(hotbar.contentOffset.x) with "
                      + "\(hotbar.liveRowCount) live columns, selection \(hotbar.selection.compactMap { $0 as? Int }.sorted())", passed)
        }
    }

    func engineReceive(_ event: InputEvent) {
        if case .key(let k) = event, k.key == .escape { wantsQuit = true }
    }
    func renderScene(interpolation alpha: Double, metrics: WindowMetrics) {
        sceneRenderer.render(RenderScene(eye: Vec3(0, 1, 5), objects: []), viewport: metrics.drawableSize)
    }
}

exit(await ExampleRunner.run("Inventory", size: PixelSize(width: 640, height: 420), defaultFrames: 3, make: { try InventoryApp(resources: $0) }) { $0.result })
