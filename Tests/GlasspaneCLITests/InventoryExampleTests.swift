// Examples/Inventory run headless as its header says (issue 29): a wheel over the grid scrolls it, a click and a
// Control-click select two of its cells' items by id, a click and Shift-Down select three list items, a horizontal
// wheel scrolls the hotbar and a click selects its column, and only the window's cells, rows and columns exist out of
// 10,000 items; Delete on the focused hotbar removes its item from all three views, animated, and one second later
// (60 frames of the headless clock) the grid's cells have slid into their new places; a mouse drag moves the list's
// first item five places down, and the grid and the hotbar follow the new order.
import Foundation
import GlasspaneRender
import XCTest

final class InventoryExampleTests: XCTestCase {
    func testTheInventoryScrollsSelectsAndDeletesWithAnAnimationThatEnds() throws {
        let shot = FileManager.default.temporaryDirectory.appendingPathComponent("inventory-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: shot) }
        let run = try BinaryRunner.runExample("Inventory", arguments: ["--headless", "60", "--screenshot", shot])
        let line = run.stdout.split(separator: "\n").last.map(String.init) ?? ""
        XCTAssertEqual(line, "Inventory: 10000 items; grid scrolled to 1000.0 with 40 live cells in 5 columns, selection "
                       + "[50082, 50089]; list has 19 live rows, selection [50002, 50003, 50004]; hotbar scrolled to 400.0 "
                       + "with 13 live columns, selection [50007]; Delete left 9999 items, grid selection at [81, 88]; the list's drag "
                       + "put item 50000 at index 5")
        XCTAssertEqual(run.code, 0)
        // The picture is of the settled frame after Delete and the drag. Item 7 is gone from the hotbar: its column
        // (window x 64...128 at offset 400) now shows item 8, unselected (the odd column's color). The grid's selected
        // items moved back one: item 82 to index 81 (window x 84...146, y 40...99 at offset 1000), in the selection
        // color around its label, and the cell after it (now item 83) in the cell color; item 89 to index 88 (x
        // 217...279, y 104...163). Without the overlay's animations advancing they would still be where they were. In
        // the list (x 362...622, rows 24 points from y 16), item 0 went from row 0 to row 5, so the selected items 2
        // to 4 are rows 1 to 3 now: row 1 in the selection color, row 4 (item 5) in the row color.
        let image = try XCTUnwrap(MainActor.assumeIsolated { FramebufferCapture.readPNG(at: shot) }, "--screenshot wrote no readable PNG")
        XCTAssertEqual([image.size.width, image.size.height], [640, 420])
        func rgb(_ x: Int, _ y: Int) -> [UInt8] { let p = image.pixel(x: x, y: y); return [p.r, p.g, p.b] }
        XCTAssertEqual(rgb(66, 370), [43, 46, 51], "List.alternateRowColor: the deleted item's column shows item 8")
        XCTAssertEqual(rgb(85, 70), [43, 92, 168], "LazyGrid.selectionColor: item 82 at index 81")
        XCTAssertEqual(rgb(151, 70), [36, 38, 43], "LazyGrid.cellColor: item 83 at index 82")
        XCTAssertEqual(rgb(219, 134), [43, 92, 168], "LazyGrid.selectionColor: item 89 at index 88")
        XCTAssertEqual(rgb(600, 28), [36, 38, 43], "List.rowColor: row 0, item 1")
        XCTAssertEqual(rgb(600, 52), [43, 92, 168], "List.selectionColor: row 1, item 2")
        XCTAssertEqual(rgb(600, 124), [36, 38, 43], "List.rowColor: row 4, item 5")
    }

    func testFrame23ShowsTheListsRowInHandWithItsHeavierOutline() throws {
        let shot = FileManager.default.temporaryDirectory.appendingPathComponent("inventory-held-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: shot) }
        let run = try BinaryRunner.runExample("Inventory", arguments: ["--headless", "30", "--screenshot-at", "23:\(shot)"])
        XCTAssertEqual(run.code, 0, run.stdout)
        // Item 0 is held at row 5 (window y 136...160, x 362...622): a 3-point outline in List.cursorColor, then its
        // own row color inside.
        let image = try XCTUnwrap(MainActor.assumeIsolated { FramebufferCapture.readPNG(at: shot) }, "no PNG at frame 23")
        func rgb(_ x: Int, _ y: Int) -> [UInt8] { let p = image.pixel(x: x, y: y); return [p.r, p.g, p.b] }
        for x in 362...364 { XCTAssertEqual(rgb(x, 148), [140, 191, 255], "the outline at x \(x)") }
        XCTAssertEqual(rgb(365, 148), [36, 38, 43], "List.rowColor inside it")
        XCTAssertEqual(rgb(600, 137), [140, 191, 255], "its top edge")
    }

    func testABadScreenshotAtIsRefusedNamingTheArgument() throws {
        let run = try BinaryRunner.runExample("Inventory", arguments: ["--headless", "3", "--screenshot-at", "soon"])
        XCTAssertEqual(run.stdout, "Inventory: --screenshot-at needs FRAME:PATH (FRAME a frame number or 'last')\n")
        XCTAssertEqual(run.code, 2)
    }

    func testAScreenshotWithoutAPathIsRefusedNamingTheArgument() throws {
        let run = try BinaryRunner.runExample("Inventory", arguments: ["--headless", "3", "--screenshot"])
        XCTAssertEqual(run.stdout, "Inventory: --screenshot needs a PATH for the PNG\n")
        XCTAssertEqual(run.code, 2)
    }
}
