// Examples/Inventory run headless as its header says (issue 29): a wheel over the grid scrolls it, a click and
// Shift-Down select three list items by id, and only the window's rows exist out of 10,000 items.
import Foundation
import XCTest

final class InventoryExampleTests: XCTestCase {
    func testTheInventoryScrollsItsGridAndSelectsInItsList() throws {
        let binary = BinaryRunner.binary.deletingLastPathComponent().appendingPathComponent("Inventory")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            return XCTFail("\(binary.path) is missing: build the examples with `swift build` before the tests")
        }
        let process = Process()
        process.executableURL = binary
        process.arguments = ["--headless", "3"]
        process.currentDirectoryURL = BinaryRunner.repository
        process.environment = BinaryRunner.environmentWithoutDisplay
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let line = String(decoding: data, as: UTF8.self).split(separator: "\n").last.map(String.init) ?? ""
        XCTAssertEqual(line, "Inventory: 10000 items; grid scrolled to 1000.0 with 8 live rows of 2000; list has 16 live rows, "
                       + "selection [50002, 50003, 50004]")
        XCTAssertEqual(process.terminationStatus, 0)
    }
}
