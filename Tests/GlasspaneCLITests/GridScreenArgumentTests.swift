// `bench --scenario grid --grid-items N`: the count reaches the command, and one outside 1...GridScreen.maximumItems
// is a usage error naming the option and the limit (1,000,000), raised while parsing, before any window or file.
import ArgumentParser
import XCTest
@testable import GlasspaneCLI

final class GridScreenArgumentTests: XCTestCase {
    func testTheGridScenarioTakesItsItemCount() throws {
        let command = try XCTUnwrap(GlasspaneCommand.parseAsRoot(["bench", "--scenario", "grid", "--grid-items", "100000"]) as? BenchCommand)
        XCTAssertEqual(command.scenario, .grid)
        XCTAssertEqual(command.gridItems, 100_000)
        let defaults = try XCTUnwrap(GlasspaneCommand.parseAsRoot(["bench", "--scenario", "grid"]) as? BenchCommand)
        XCTAssertEqual(defaults.gridItems, 10_000)
        XCTAssertNotNil(try GlasspaneCommand.parseAsRoot(["bench", "--scenario", "grid", "--grid-items", "1000000"]) as? BenchCommand)
    }

    func testAnItemCountOutsideTheLimitNamesTheOptionAndTheLimit() throws {
        for (value, shown) in [("1000001", "1000001"), ("0", "0"), ("-5", "-5")] {
            let f = try XCTUnwrap(parseFailure(["bench", "--scenario", "grid", "--grid-items=\(value)"]), value)
            XCTAssertTrue(f.message.contains("--grid-items must be 1 to 1000000 (got \(shown))"), f.message)
            XCTAssertEqual(f.code, 64, "a usage error is EX_USAGE")
        }
    }

    func testTheHelpNamesTheGridScenarioAndTheOptionsRange() {
        let help = GlasspaneCommand.helpMessage(for: BenchCommand.self, columns: 400)
        XCTAssertTrue(help.contains("--grid-items <N>"), help)
        XCTAssertTrue(help.contains("Items of the grid scenario's grid (1 to 1,000,000; default 10,000)."), help)
        XCTAssertTrue(help.contains("grid (an 8-column lazy grid of --grid-items items)"), help)
    }
}
