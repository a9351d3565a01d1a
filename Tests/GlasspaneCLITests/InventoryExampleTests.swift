// Examples/Inventory run headless as its header says (issue 29): a wheel over the grid scrolls it, a click and a
// Control-click select two of its cells' items by id, a click and Shift-Down select three list items, a horizontal
// wheel scrolls the hotbar and a click selects its column, and only the window's cells, rows and columns exist out of
// 10,000 items.
import Foundation
import GlasspaneRender
import XCTest

final class InventoryExampleTests: XCTestCase {
    func testTheInventoryScrollsItsGridAndSelectsInItsGridAndList() throws {
        let shot = FileManager.default.temporaryDirectory.appendingPathComponent("inventory-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: shot) }
        let run = try BinaryRunner.runExample("Inventory", arguments: ["--headless", "3", "--screenshot", shot])
        let line = run.stdout.split(separator: "\n").last.map(String.init) ?? ""
        XCTAssertEqual(line, "Inventory: 10000 items; grid scrolled to 1000.0 with 40 live cells in 5 columns, selection "
                       + "[50082, 50089]; list has 19 live rows, selection [50002, 50003, 50004]; hotbar scrolled to 400.0 "
                       + "with 13 live columns, selection [50007]")
        XCTAssertEqual(run.code, 0)
        // The picture shows the hotbar's selected column (item 7, window x 64...128 at offset 400) in the selection
        // color around its cell, and the column after it in the row color; and the grid's selected cell (item 82,
        // window x 150...212, y 40...99 at offset 1000) in the selection color around its label, the cell after it in
        // the grid's cell color.
        let image = try XCTUnwrap(MainActor.assumeIsolated { FramebufferCapture.readPNG(at: shot) }, "--screenshot wrote no readable PNG")
        XCTAssertEqual([image.size.width, image.size.height], [640, 420])
        let selected = image.pixel(x: 66, y: 370), next = image.pixel(x: 130, y: 370)
        XCTAssertEqual([selected.r, selected.g, selected.b], [43, 92, 168], "List.selectionColor")
        XCTAssertEqual([next.r, next.g, next.b], [36, 38, 43], "List.rowColor")
        let cell = image.pixel(x: 151, y: 70), nextCell = image.pixel(x: 218, y: 70)
        XCTAssertEqual([cell.r, cell.g, cell.b], [43, 92, 168], "LazyGrid.selectionColor")
        XCTAssertEqual([nextCell.r, nextCell.g, nextCell.b], [36, 38, 43], "LazyGrid.cellColor")
    }

    func testAScreenshotWithoutAPathIsRefusedNamingTheArgument() throws {
        let run = try BinaryRunner.runExample("Inventory", arguments: ["--headless", "3", "--screenshot"])
        XCTAssertEqual(run.stdout, "Inventory: --screenshot needs a PATH for the PNG\n")
        XCTAssertEqual(run.code, 2)
    }
}
