// The demo's animations on the frame clock with the fake platform: a preset springs the cube, the panel collapses and
// expands with a spring (hit testing follows the model value), the HUD fades with F1 and never takes events.
import GlasspaneAnimation
import GlasspaneCore
@testable import GlasspaneDemo
import GlasspaneHost
import GlasspaneOverlay
import GlasspaneTesting
import XCTest

@MainActor
final class DemoAnimationTests: XCTestCase {
    private var platform: FakePlatform!
    private var app: DemoApp!
    private var loop: FrameLoop!

    override func setUp() async throws {
        platform = FakePlatform()
        app = DemoApp(sceneRenderer: RecordingSceneRenderer(), initial: CubeState(color: Color(hex: "#ed7329")!))
        loop = FrameLoop(platform: platform, app: app, configuration: .init(fixedFrameDuration: 16_666_667))
        await loop.runFrameAsync()
    }

    private func frame(_ events: [InputEvent] = []) async {
        platform.pendingEvents = events
        await loop.runFrameAsync()
    }

    private func click(_ p: Point) -> [InputEvent] { [.pointerDown(PointerEvent(location: p)), .pointerUp(PointerEvent(location: p))] }
    private func center(_ id: String) throws -> Point { try XCTUnwrap(app.stage.overlay.view(withIdentifier: id)).windowFrame.center }

    func testAPresetSpringsTheCubeAndASecondPresetRetargetsWithoutAJump() async throws {
        await frame(click(try center("picker.preset.3")))
        let first = app.picker.presets[3].color
        XCTAssertEqual(app.simulation.current.color.hex, first.hex, "the model is the preset at once")
        XCTAssertTrue(app.engine.isColorAnimating, "a preset springs")
        XCTAssertNotEqual(app.engine.presentedColor.hex, first.hex)
        var previous = app.engine.presentedColor.animatableData
        var steps: [Double] = []
        for _ in 0..<3 {
            await frame()
            let now = app.engine.presentedColor.animatableData
            steps.append((now - previous).magnitude)
            previous = now
        }
        // The second preset while the first still springs: the presentation carries on from where it is.
        await frame(click(try center("picker.preset.5")))
        let retargetStep = (app.engine.presentedColor.animatableData - previous).magnitude
        XCTAssertTrue(app.engine.isColorAnimating)
        XCTAssertLessThan(retargetStep, 2 * steps.max()!, "no jump at the retarget frame (steps before: \(steps))")
        for _ in 0..<120 { await frame() }
        XCTAssertEqual(app.engine.presentedColor, app.picker.presets[5].color.withAlpha(1))
    }

    func testADragOnTheGradientRecolorsAtOnce() async throws {
        let before = app.simulation.current.color
        let sv = try XCTUnwrap(app.stage.overlay.view(withIdentifier: "picker.sv")).windowFrame
        await frame([.pointerDown(PointerEvent(location: sv.center))])
        let atDown = app.simulation.current.color
        XCTAssertNotEqual(atDown.hex, before.hex, "a press on the gradient recolors the model")
        XCTAssertEqual(atDown.hex, app.picker.color.hex, "the model is the color the picker shows")
        XCTAssertFalse(app.engine.isColorAnimating, "a drag follows the pointer, no animation")
        XCTAssertEqual(app.engine.presentedColor, atDown)
        // Moving while pressed recolors again in the same frame, still without a spring.
        let end = Point(x: sv.minX + sv.width * 0.9, y: sv.minY + sv.height * 0.1)
        await frame([.pointerMove(PointerEvent(location: end))])
        let atMove = app.simulation.current.color
        XCTAssertNotEqual(atMove.hex, atDown.hex, "dragging across the gradient recolors the model")
        XCTAssertEqual(atMove.hex, app.picker.color.hex)
        XCTAssertFalse(app.engine.isColorAnimating)
        XCTAssertEqual(app.engine.presentedColor, atMove)
        await frame([.pointerUp(PointerEvent(location: end))])
        XCTAssertEqual(app.simulation.current.color.hex, atMove.hex, "releasing keeps the dragged color")
    }

    func testThePanelCollapsesAndExpandsWithASpringAndHitTestingFollowsTheModel() async throws {
        let panel = app.panel
        let expanded = panel.frame
        let pickerPoint = try center("picker.sv")
        await frame(click(try center("demo.panel.collapse")))
        XCTAssertTrue(panel.isCollapsed)
        let collapsedHeight = panel.frame.height
        XCTAssertLessThan(collapsedHeight, 60, "the model is the header's height at once")
        XCTAssertEqual(panel.frame.width, expanded.width)
        // The presentation springs down over frames.
        var heights: [Double] = []
        for _ in 0..<6 {
            await frame()
            heights.append(panel.presentationFrame.height)
        }
        XCTAssertTrue(heights.allSatisfy { $0 > collapsedHeight + 1 && $0 < expanded.height }, "\(heights)")
        XCTAssertEqual(heights, heights.sorted(by: >), "moving down")
        let alpha = app.panel.body.presentationAlpha
        XCTAssertTrue(alpha > 0 && alpha < 1, "the body fades: \(alpha)")
        // Mid-animation the picker is still drawn there, but the model decides: the click reaches the engine.
        XCTAssertTrue(panel.presentationFrame.contains(pickerPoint))
        let spinning = app.simulation.current.spinning
        await frame(click(pickerPoint))
        XCTAssertTrue(app.stage.lastDecision?.target.isEngine ?? false)
        XCTAssertNotEqual(app.simulation.current.spinning, spinning, "the scene got the click")
        for _ in 0..<90 { await frame() }
        XCTAssertEqual(panel.presentationFrame, panel.frame, "settled")
        // F2 expands it (nothing focused); the picker takes clicks at once, while the panel still springs open.
        await frame([.key(KeyEvent(key: .function(2)))])
        XCTAssertFalse(panel.isCollapsed)
        XCTAssertEqual(panel.frame.height, expanded.height)
        XCTAssertLessThan(panel.presentationFrame.height, expanded.height)
        await frame([.pointerDown(PointerEvent(location: pickerPoint))])
        XCTAssertEqual(app.stage.lastDecision?.target.view?.identifier, "picker.sv")
        await frame([.pointerUp(PointerEvent(location: pickerPoint))])
        for _ in 0..<90 { await frame() }
        XCTAssertEqual(panel.presentationFrame, expanded)
        XCTAssertEqual(app.panel.body.presentationAlpha, 1)
    }

    func testTheHUDFadesInAndOutWithF1AndNeverTakesEvents() async throws {
        XCTAssertFalse(app.performanceHUD.isVisible)
        await frame([.key(KeyEvent(key: .function(1)))])
        XCTAssertTrue(app.performanceHUD.isVisible)
        XCTAssertEqual(app.performanceHUD.layer.visibility, .visible)
        XCTAssertEqual(app.performanceHUD.layer.kind, .nonInteractive)
        // easeInOut over 0.25 s: 15 frames of 1/60 s; alpha rises strictly, then rests at 1.
        var alphas: [Double] = [app.performanceHUD.view.presentationAlpha]
        for _ in 0..<16 {
            await frame()
            alphas.append(app.performanceHUD.view.presentationAlpha)
            XCTAssertEqual(app.performanceHUD.layer.visibility, .visible, "visible throughout")
            XCTAssertEqual(app.performanceHUD.layer.kind, .nonInteractive, "non-interactive throughout")
        }
        XCTAssertGreaterThan(alphas[0], 0)
        XCTAssertLessThan(alphas[0], 0.1)
        XCTAssertEqual(alphas.last, 1)
        XCTAssertEqual(alphas, alphas.sorted(), "\(alphas)")
        XCTAssertTrue(alphas[7] > 0.3 && alphas[7] < 0.7, "half way near the middle: \(alphas)")
        // A click on the fading HUD reaches the engine.
        let hud = app.performanceHUD.view.windowFrame.center
        await frame([.key(KeyEvent(key: .function(1)))])
        let spinning = app.simulation.current.spinning
        await frame(click(hud))
        XCTAssertNotEqual(app.simulation.current.spinning, spinning)
        XCTAssertTrue(app.performanceHUD.isVisible, "still fading out")
        let fading = app.performanceHUD.view.presentationAlpha
        XCTAssertTrue(fading > 0 && fading < 1)
        for _ in 0..<16 { await frame() }
        XCTAssertFalse(app.performanceHUD.isVisible, "hidden once faded out")
    }
}
