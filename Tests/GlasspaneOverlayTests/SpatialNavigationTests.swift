// Spatial focus navigation (docs/focus.md, "Spatial navigation") and controller routing: the geometry over tables of
// grids and irregular layouts, then the overlay: D-pad and arrows move focus inside the modal scope, explicit
// neighbours, A activates, B goes back, releases follow presses, the engine gets what the overlay declines.
import XCTest
import GlasspaneCore
@testable import GlasspaneOverlay

/// A focusable box at a fixed frame that records controller buttons (and takes X when asked to).
private final class Box: View {
    var takesX = false
    var received: [ControllerButtonEvent] = []
    var keys: [Key] = []
    override var acceptsKeyboardFocus: Bool { true }
    override func controllerButton(_ event: ControllerButtonEvent) -> Bool {
        received.append(event)
        return takesX && event.button == .x
    }
    override func keyDown(_ event: KeyEvent) { keys.append(event.key) }
}

private func pad(_ b: ControllerButton, _ phase: ControllerButtonEvent.Phase = .down, controller: Int = 0) -> InputEvent {
    .controllerButton(ControllerButtonEvent(controller: controller, button: b, phase: phase))
}

final class SpatialNavigationTests: XCTestCase {
    // MARK: - Geometry tables

    private struct Row {
        let name: String
        let rects: [Rect]
        let from: Int
        let moves: [(FocusDirection, Int?)]
    }

    private func rect(_ x: Double, _ y: Double, _ w: Double = 80, _ h: Double = 30) -> Rect {
        Rect(x: x, y: y, width: w, height: h)
    }

    func testNearestInADirectionOverTables() {
        // A 3x3 grid, 100 apart: index = row * 3 + column.
        let grid = (0..<9).map { rect(Double($0 % 3) * 100, Double($0 / 3) * 100) }
        let rows: [Row] = [
            Row(name: "grid center", rects: grid, from: 4,
                moves: [(.up, 1), (.down, 7), (.left, 3), (.right, 5)]),
            Row(name: "grid corner: no wrap", rects: grid, from: 0,
                moves: [(.up, nil), (.left, nil), (.down, 3), (.right, 1)]),
            Row(name: "grid bottom right", rects: grid, from: 8,
                moves: [(.down, nil), (.right, nil), (.up, 5), (.left, 7)]),
            // A wide bar on top, two buttons under it: down from the bar picks the one under its center's side
            // nearest (left wins a tie of equal distances by reading order); up from either reaches the bar.
            Row(name: "wide bar over two", rects: [rect(0, 0, 300), rect(0, 60), rect(220, 60)], from: 0,
                moves: [(.down, 1), (.up, nil)]),
            Row(name: "from the right one up", rects: [rect(0, 0, 300), rect(0, 60), rect(220, 60)], from: 2,
                moves: [(.up, 0), (.left, 1), (.right, nil)]),
            // Straight ahead but far beats near but off to the side (the sideways gap costs 4x).
            Row(name: "column beats diagonal", rects: [rect(0, 0), rect(0, 300), rect(200, 50)], from: 0,
                moves: [(.down, 1), (.right, 2)]),
            // A near diagonal beats a far one on the other side.
            Row(name: "irregular: nearer diagonal", rects: [rect(100, 0), rect(0, 60), rect(260, 200)], from: 0,
                moves: [(.down, 1)]),
            // Overlapping frames: a view whose top is above the source's is not "below" it.
            Row(name: "overlap is not beyond", rects: [rect(0, 0, 80, 100), rect(100, 10, 80, 30)], from: 0,
                moves: [(.down, nil), (.right, 1)]),
            Row(name: "alone", rects: [rect(0, 0)], from: 0, moves: [(.up, nil), (.down, nil), (.left, nil), (.right, nil)]),
        ]
        for row in rows {
            let others = row.rects.indices.filter { $0 != row.from }
            for (direction, expected) in row.moves {
                let found = SpatialNavigation.nearest(from: row.rects[row.from], direction: direction,
                                                      among: others.map { row.rects[$0] }).map { others[$0] }
                XCTAssertEqual(found, expected, "\(row.name): \(direction) from \(row.from)")
            }
        }
    }

    // MARK: - The overlay

    /// A 3x2 grid of boxes in a layer (ids grid.0 ... grid.5, row by row), 100 points apart.
    private func makeGrid() -> (Overlay, OverlayLayer, [Box]) {
        let overlay = Overlay(windowSize: Size(width: 800, height: 600))
        let ui = overlay.addLayer(name: "ui", level: LayerLevel.panel)
        var boxes: [Box] = []
        for i in 0..<6 {
            let box = Box(identifier: "grid.\(i)", frame: rect(20 + Double(i % 3) * 100, 20 + Double(i / 3) * 100))
            ui.root.addSubview(box)
            boxes.append(box)
        }
        overlay.update()
        return (overlay, ui, boxes)
    }

    func testTheDPadWalksTheGridAndStopsAtItsEdges() {
        let (overlay, _, boxes) = makeGrid()
        var visited: [String] = []
        for b in [ControllerButton.dpadRight, .dpadRight, .dpadRight, .dpadDown, .dpadLeft, .dpadUp, .dpadUp] {
            let d = overlay.route(pad(b))
            overlay.route(pad(b, .up))
            visited.append("\(overlay.focusedView?.identifier ?? "none") \(d.reason.description)")
        }
        XCTAssertEqual(visited, [
            "grid.0 focus moved",  // nothing focused: the first in reading order
            "grid.1 focus moved", "grid.2 focus moved",
            "grid.5 focus moved", "grid.4 focus moved", "grid.1 focus moved",
            "grid.1 focused",  // nowhere above: focus stays
        ])
        XCTAssertTrue(boxes[1].isFocused)
    }

    func testArrowKeysMoveFocusUnlessTheFocusedViewTakesTheDirection() {
        let (overlay, ui, boxes) = makeGrid()
        let slider = Slider(identifier: "grid.slider", value: 0.5)
        slider.frame = rect(20, 220, 200, 24)
        ui.root.addSubview(slider)
        overlay.update()
        overlay.focus(boxes[0])
        XCTAssertEqual(overlay.route(key(.right)).reason, .focusMoved)
        overlay.route(key(.right, down: false))
        XCTAssertTrue(boxes[1].isFocused)
        XCTAssertEqual(boxes[1].keys, [], "a key that moved focus is not also delivered")
        overlay.route(key(.down)); overlay.route(key(.down))
        XCTAssertTrue(slider.isFocused, "down from the second row reaches the slider below it")
        let before = slider.value
        XCTAssertEqual(overlay.route(key(.right)).reason, .focused)
        XCTAssertGreaterThan(slider.value, before, "left and right belong to a focused slider")
        XCTAssertEqual(overlay.route(key(.up)).reason, .focusMoved, "up and down leave it")
        XCTAssertTrue(boxes[4].isFocused || boxes[3].isFocused, "\(overlay.focusedView?.identifier ?? "none")")
        // With nothing focused, arrows reach the engine as before.
        overlay.clearFocus()
        XCTAssertTrue(overlay.route(key(.down)).isForEngine)
    }

    func testATextFieldKeepsItsArrowsButTheDPadLeavesIt() {
        let (overlay, ui, boxes) = makeGrid()
        let field = TextField(identifier: "grid.field")
        field.frame = rect(20, 220, 200, 28)
        ui.root.addSubview(field)
        overlay.update()
        overlay.focus(field)
        XCTAssertEqual(overlay.route(key(.up)).reason, .focused)
        XCTAssertTrue(field.isFocused)
        XCTAssertEqual(overlay.route(pad(.dpadUp)).reason, .focusMoved)
        XCTAssertTrue(boxes[4].isFocused, "both boxes above overlap the field; the one nearer its center wins")
    }

    func testExplicitNeighboursWinOverGeometryAndAnEmptyNameStops() {
        let (overlay, _, boxes) = makeGrid()
        boxes[0].focusNeighbors = [.right: "grid.5", .down: ""]
        overlay.focus(boxes[0])
        overlay.route(pad(.dpadRight))
        XCTAssertTrue(boxes[5].isFocused)
        overlay.focus(boxes[0])
        XCTAssertEqual(overlay.route(pad(.dpadDown)).reason, .focused)
        XCTAssertTrue(boxes[0].isFocused, "an empty neighbour name stops focus")
        boxes[0].focusNeighbors = [.right: "no.such.view"]
        overlay.route(pad(.dpadRight))
        XCTAssertTrue(boxes[1].isFocused, "an unknown name falls back to geometry")
    }

    func testNavigationStaysInsideTheTopModal() {
        let (overlay, _, boxes) = makeGrid()
        overlay.focus(boxes[0])
        let sheet = overlay.addLayer(name: "sheet", level: LayerLevel.sheet, kind: .modal)
        let a = Box(identifier: "sheet.a", frame: rect(400, 300)), b = Box(identifier: "sheet.b", frame: rect(400, 400))
        sheet.root.addSubview(a); sheet.root.addSubview(b)
        var backs = 0
        sheet.onUnfocusedKey = { if $0.key == .escape { backs += 1 } }
        overlay.update()
        overlay.route(pad(.dpadDown))
        XCTAssertTrue(a.isFocused, "nothing in the sheet focused: the first of the sheet")
        overlay.route(pad(.dpadDown)); overlay.route(pad(.dpadDown)); overlay.route(pad(.dpadLeft))
        XCTAssertTrue(b.isFocused, "never leaves the sheet for the grid on the left")
        let d = overlay.route(pad(.b))
        XCTAssertEqual(d.reason, .blockedByModal(layer: "sheet"))
        XCTAssertEqual(backs, 1, "B is the sheet's back")
    }

    func testAActivatesAFocusedButtonAndItsReleaseFollowsThePress() {
        let overlay = Overlay(windowSize: Size(width: 800, height: 600))
        let ui = overlay.addLayer(name: "ui", level: LayerLevel.panel)
        var taps = 0
        let ok = Button(identifier: "ok", title: "OK") { taps += 1 }
        ui.addSubview(ok, at: Point(x: 10, y: 10))
        overlay.update()
        overlay.focus(ok)
        let press = overlay.route(pad(.a))
        XCTAssertEqual(taps, 1)
        XCTAssertEqual(press.target.view?.identifier, "ok")
        overlay.clearFocus()
        let release = overlay.route(pad(.a, .up))
        XCTAssertEqual(release.reason, .followsKeyPress)
        XCTAssertEqual(release.target.view?.identifier, "ok", "the release goes where the press went")
    }

    func testTheFocusedViewIsAskedFirstAndWhatItDeclinesReachesTheEngine() {
        let (overlay, _, boxes) = makeGrid()
        overlay.focus(boxes[2])
        boxes[2].takesX = true
        XCTAssertEqual(overlay.route(pad(.x)).target.view?.identifier, "grid.2")
        let y = overlay.route(pad(.y, controller: 1))
        XCTAssertTrue(y.isForEngine)
        XCTAssertEqual(y.reason, .declinedByFocused)
        XCTAssertEqual(boxes[2].received.map(\.button), [.x, .y])
        XCTAssertEqual(boxes[2].received.last?.controller, 1)
        let b = overlay.route(pad(.b))
        XCTAssertTrue(b.isForEngine, "B with no sheet up is the engine's back")
        // The right stick is the engine's; the left one navigates (ControllerNavigatorTests).
        let axis = overlay.route(.controllerAxis(ControllerAxisEvent(axis: .rightX, value: 0.5)))
        XCTAssertTrue(axis.isForEngine)
        XCTAssertTrue(overlay.route(.controllerDevice(ControllerDeviceEvent(isConnected: true, name: "P"))).isForEngine)
        XCTAssertEqual(RoutingDecision.describe(pad(.dpadDown, controller: 1)), "pad#1 dpad-down down")
    }

    func testHotPlugMidNavigationLeavesFocusAndAnUnplugCancelFollowsItsPress() {
        let (overlay, _, boxes) = makeGrid()
        overlay.route(pad(.dpadDown))  // focuses grid.0
        overlay.route(pad(.dpadRight))
        XCTAssertTrue(boxes[1].isFocused)
        overlay.route(pad(.x))  // held on grid.1 (declined: the engine), then a second controller arrives
        let plugged = overlay.route(.controllerDevice(ControllerDeviceEvent(controller: 1, isConnected: true, name: "Two")))
        XCTAssertEqual(plugged.reason, .deviceEvent)
        overlay.route(pad(.dpadDown, controller: 1))
        XCTAssertTrue(boxes[4].isFocused, "the new controller navigates the same focus")
        // Controller 0 is unplugged with X held: its cancel goes where the press went (the engine), once.
        let cancel = overlay.route(pad(.x, .cancel))
        XCTAssertTrue(cancel.isForEngine)
        XCTAssertEqual(cancel.reason, .followsKeyPress)
        let stray = overlay.route(pad(.x, .cancel))
        XCTAssertEqual(stray.reason, .noFocus, "a second end for the same press has no press to follow")
        XCTAssertEqual(boxes[4].received.filter { $0.phase == .cancel }.count, 0)
        XCTAssertTrue(boxes[4].isFocused)
    }
}
