// The bench list's column texts are printed without Foundation's formatter (it cost more than the rest of a row's
// layout, docs/bench.md); they must stay what `%.2f` printed, so runs before and after compare the same list.
import XCTest
import Foundation
import GlasspaneDemo

final class ListScreenColumnsTests: XCTestCase {
    func testTheNumberColumnIsWhatPercentTwoFPrints() {
        MainActor.assumeIsolated { Self.check() }
    }

    @MainActor private static func check() {
        for index in Array(0..<3000) + [9_999, 99_999, 100_003, 123_456, 999_999] {
            let expected = String(format: "%.2f", Double((index &* 7919) % 100_003) / 100)
            XCTAssertEqual(ListScreen.columns(index).2, expected, "row \(index)")
        }
        XCTAssertEqual(ListScreen.columns(7).0, "7")
        XCTAssertEqual(ListScreen.columns(7).1, "harbor 7")
        XCTAssertEqual(ListScreen.columns(13).2, "29.44")
    }
}
