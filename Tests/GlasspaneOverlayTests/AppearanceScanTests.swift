// The appearance scan behind `focusesOnAppear` walks only the subtrees that hold such views (View.focusOnAppearCount):
// a list recycling rows in a layer without them costs the scan nothing, one with a field deep in a panel costs the
// path to it, and the field still takes focus each time it appears.
import XCTest
import GlasspaneCore
@testable import GlasspaneOverlay

final class AppearanceScanTests: XCTestCase {
    /// A 100,000-row list (recycling rows on every scroll) beside a panel holding a stack with a text field.
    private func makeScreen() throws -> (Overlay, List, View, StackView, TextField) {
        let overlay = Overlay(windowSize: Size(width: 800, height: 700))
        let ui = overlay.addLayer(name: "ui", level: 0)
        let list = try List(identifier: "list", rowCount: 100_000, rowHeight: .fixed(24),
                            makeRow: { Label(text: "") }, configureRow: { view, index in (view as! Label).text = "row \(index)" })
        list.preferredWidth = 400; list.preferredHeight = 600
        ui.addSubview(list, at: Point(x: 0, y: 0))
        let field = TextField(identifier: "field")
        let stack = VStack(identifier: "stack", [Label(text: "Name"), field])
        let panel = View(identifier: "panel")
        panel.addSubview(stack, at: Point(x: 8, y: 8))
        ui.addSubview(panel, at: Point(x: 420, y: 0))
        overlay.update()
        return (overlay, list, panel, stack, field)
    }

    private func scrollNotches(_ overlay: Overlay, _ count: Int) {
        for _ in 0..<count { overlay.route(.wheel(location: Point(x: 100, y: 300), dx: 0, dy: -1)); overlay.update() }
    }

    func testRecyclingRowsInALayerWithoutFocusOnAppearViewsScansNothing() throws {
        let (overlay, list, _, _, _) = try makeScreen()
        let before = overlay.stats.appearanceScanVisits
        let configured = list.rowsConfigured
        scrollNotches(overlay, 10)
        XCTAssertGreaterThan(list.rowsConfigured, configured, "rows came in, from the pool (shown again)")
        XCTAssertEqual(overlay.stats.appearanceScanVisits, before, "no view to focus on appear: no view visited")
    }

    func testTheScanVisitsOnlyThePathToTheFieldAndTheFieldStillFocusesWhenItAppears() throws {
        let (overlay, list, panel, stack, field) = try makeScreen()
        field.focusesOnAppear = true
        overlay.update()
        XCTAssertTrue(field.isFocused, "it appeared: focused")
        overlay.focus(list)
        // A view shown or hidden with each notch makes a scan each time (rows that leave and come back in the same
        // pass stay shown, so the scroll alone would scan nothing).
        let badge = View(identifier: "badge")
        overlay.layers[0].addSubview(badge, at: Point(x: 420, y: 600))
        overlay.update()
        let before = overlay.stats.appearanceScanVisits
        for _ in 0..<10 {
            overlay.route(.wheel(location: Point(x: 100, y: 300), dx: 0, dy: -1))
            badge.isHidden.toggle()
            overlay.update()
        }
        // Each scan visits the root, the panel, the stack and the field: 4 views, not the list's rows.
        XCTAssertEqual(overlay.stats.appearanceScanVisits - before, 10 * 4)
        XCTAssertTrue(list.isFocused, "still shown: the field does not take focus back")

        panel.isHidden = true
        overlay.update()
        panel.isHidden = false
        overlay.update()
        XCTAssertTrue(field.isFocused, "shown again: it appears again")

        // Counts follow the tree: the field moved out of the panel, then its flag cleared.
        XCTAssertEqual([overlay.layers[0].root.focusOnAppearCount, panel.focusOnAppearCount, stack.focusOnAppearCount], [1, 1, 1])
        overlay.layers[0].addSubview(field, at: Point(x: 420, y: 300))
        XCTAssertEqual([overlay.layers[0].root.focusOnAppearCount, panel.focusOnAppearCount, stack.focusOnAppearCount], [1, 0, 0])
        field.focusesOnAppear = false
        XCTAssertEqual(overlay.layers[0].root.focusOnAppearCount, 0)
        field.focusesOnAppear = false
        XCTAssertEqual(overlay.layers[0].root.focusOnAppearCount, 0, "setting it again changes nothing")
    }
}
