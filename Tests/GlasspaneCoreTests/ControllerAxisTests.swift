// Controller axes: raw SDL values scaled to their range with the dead zone applied, the ends exact, out-of-range
// raw values clamped, triggers never negative.
import XCTest
import GlasspaneCore

final class ControllerAxisTests: XCTestCase {
    func testRawValuesScaleWithTheDeadZone() {
        let rows: [(ControllerAxis, Int, Double)] = [
            (.leftX, 0, 0), (.leftX, 6000, 0), (.leftX, -6500, 0),       // inside 0.2 of the stick's travel
            (.leftX, 32767, 1), (.leftX, -32768, -1),                    // the ends are exact
            (.leftY, 40000, 1), (.rightY, -99999, -1),                   // out of range: clamped
            (.leftTrigger, -32768, 0), (.rightTrigger, 1000, 0), (.rightTrigger, 32767, 1),
        ]
        for (axis, raw, expected) in rows {
            XCTAssertEqual(axis.normalized(raw: raw), expected, accuracy: 1e-9, "\(axis) \(raw)")
        }
        // Halfway between the dead zone's edge and the end reads 0.5.
        let halfway = Int((0.2 + 0.8 * 0.5) * 32767)
        XCTAssertEqual(ControllerAxis.rightX.normalized(raw: halfway), 0.5, accuracy: 1e-4)
        XCTAssertEqual(ControllerAxis.rightX.normalized(raw: -halfway), -0.5, accuracy: 1e-4)
    }

    func testDPadButtonsNameTheirDirectionsAndArrowsMapBack() {
        XCTAssertEqual(ControllerButton.allCases.compactMap(\.direction), [.up, .down, .left, .right])
        for d in FocusDirection.allCases { XCTAssertEqual(FocusDirection(arrowKey: d.arrowKey), d) }
        XCTAssertNil(FocusDirection(arrowKey: .enter))
    }
}
