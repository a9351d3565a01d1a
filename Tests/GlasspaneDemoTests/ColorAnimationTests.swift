// `change-color` with an animation, end to end: the engine animates its color on the frame clock (closed-form values
// checked against the spring's formula written out here), get-state reports the presentation, state-changed the
// model, a retarget keeps position and velocity, and bad animation parameters get the documented errors.
import Foundation
import GlasspaneAnimation
import GlasspaneBus
import GlasspaneCore
@testable import GlasspaneDemo
import GlasspaneHost
import GlasspaneOverlay
import GlasspaneScene
import GlasspaneTesting
import XCTest

/// The under-damped unit response x(τ)/x0 with v0 = 0, written out (docs/animation.md "Springs").
func underDampedUnitResponse(response: Double, dampingFraction zeta: Double, at tau: Double) -> Double {
    let wn = 2 * Double.pi / response, wd = wn * (1 - zeta * zeta).squareRoot()
    return exp(-zeta * wn * tau) * (cos(wd * tau) + zeta * wn / wd * sin(wd * tau))
}

/// The sRGB color a linear-light blend reaches when the displacement from `to` is `fraction` of the one from `from`.
func blended(from: Color, to: Color, fraction: Double) -> Color {
    func ch(_ a: Double, _ b: Double) -> Double {
        let la = LinearColor.decode(a), lb = LinearColor.decode(b)
        return LinearColor.encode(min(max(lb + fraction * (la - lb), 0), 1))
    }
    return Color(r: ch(from.r, to.r), g: ch(from.g, to.g), b: ch(from.b, to.b))
}

/// A JSON encoder writing sorted keys, as the bus does.
func sortedEncoder() -> JSONEncoder {
    let e = JSONEncoder()
    e.outputFormatting = [.sortedKeys]
    return e
}

@MainActor
final class ColorAnimationTests: XCTestCase {
    private let start = Color(hex: "#ed7329")!
    private let target = Color(hex: "#2e86de")!

    func testASpringChangeColorMovesThePresentedColorAlongTheClosedFormOverFrames() async throws {
        let platform = FakePlatform()
        let renderer = RecordingSceneRenderer()
        let app = DemoApp(sceneRenderer: renderer, initial: CubeState(color: start))
        let loop = FrameLoop(platform: platform, app: app, configuration: .init(fixedFrameDuration: 16_666_667))
        await loop.runFrameAsync()
        let t0 = loop.frameClockSeconds
        app.client.setColor(target, animation: .spring(response: 0.4, dampingFraction: 0.8))
        var checked = 0
        for frame in 1...30 {
            await loop.runFrameAsync()
            XCTAssertEqual(app.simulation.current.color, target, "the model is the target at once")
            let fraction = underDampedUnitResponse(response: 0.4, dampingFraction: 0.8, at: loop.frameClockSeconds - t0)
            let expected = blended(from: start, to: target, fraction: fraction)
            let presented = app.engine.presentedColor
            for (got, want) in [(presented.r, expected.r), (presented.g, expected.g), (presented.b, expected.b)] {
                XCTAssertEqual(got, want, accuracy: 1e-9, "frame \(frame)")
            }
            XCTAssertEqual(renderer.rendered.last?.scene.objects.first?.color, presented, "the render uses the presentation")
            if frame <= 10 { XCTAssertNotEqual(presented, target, "still moving at frame \(frame)") }
            checked += 1
        }
        XCTAssertEqual(checked, 30)
        // Frame 1 (the delivery frame) already moved: the animation starts at the previous frame's time.
        XCTAssertEqual(app.client.lastReportedState?.color, target, "state-changed reports the model value")
        // It settles exactly on the target.
        for _ in 0..<120 { await loop.runFrameAsync() }
        XCTAssertEqual(app.engine.presentedColor, target)
        XCTAssertFalse(app.engine.isColorAnimating)
    }

    func testTheDeliveryFrameAlreadyShowsMovementAndAPlainChangeJumps() async throws {
        let platform = FakePlatform()
        let app = DemoApp(sceneRenderer: nil, initial: CubeState(color: start))
        let loop = FrameLoop(platform: platform, app: app, configuration: .init(fixedFrameDuration: 16_666_667))
        await loop.runFrameAsync()
        app.client.setColor(target, animation: .spring())
        await loop.runFrameAsync()
        XCTAssertNotEqual(app.engine.presentedColor, start)
        XCTAssertNotEqual(app.engine.presentedColor, target)
        app.client.setColor(Color(hex: "#10ac84")!)
        await loop.runFrameAsync()
        XCTAssertEqual(app.engine.presentedColor, Color(hex: "#10ac84")!, "no animation: the presentation jumps")
    }

    func testGetStateReportsThePresentedColorAndStateChangedTheModel() async throws {
        let h = EngineHarness()
        h.engine.advanceAnimations(to: 0)
        await h.frame {
            h.bus.postRaw(#"{"type":"change-color","data":{"color":[0.2,0.4,1],"animation":{"curve":"linear","duration":1}}}"#,
                          from: .overlay, to: .engine)
        }
        XCTAssertEqual(h.errors, [])
        XCTAssertEqual(h.changes.last?.color, Color(r: 0.2, g: 0.4, b: 1), "state-changed: the model")
        h.engine.advanceAnimations(to: 0.5)
        var reply: EngineState?
        await h.frame { h.client.requestState { if case .success(let s) = $0 { reply = s } } }
        let state = try XCTUnwrap(reply)
        XCTAssertEqual(state.color, Color(r: 0.2, g: 0.4, b: 1), "color: the model")
        let halfway = blended(from: CubeState().color, to: Color(r: 0.2, g: 0.4, b: 1), fraction: 0.5)
        XCTAssertEqual(state.presentedColor.r, halfway.r, accuracy: 1e-12, "presentedColor: half way along a linear curve")
        XCTAssertEqual(state.presentedColor.b, halfway.b, accuracy: 1e-12)
        // The wire form carries both.
        let json = try XCTUnwrap(String(data: try sortedEncoder().encode(state), encoding: .utf8))
        XCTAssertTrue(json.contains(#""presentedColor":["#), json)
    }

    func testARetargetKeepsThePresentedColorAndItsVelocity() {
        MainActor.assumeIsolated {
            let bus = MessageBus()
            let engine = EngineService(bus: bus, simulation: CubeSimulation(initial: CubeState(color: start)))
            let spring = Animation.spring(response: 0.5, dampingFraction: 0.72)
            engine.advanceAnimations(to: 1)
            engine.setColor(target, animation: spring)
            engine.advanceAnimations(to: 1.1)
            let before = (engine.presentedColor, engine.presentedColorVelocity)
            XCTAssertNotEqual(before.1, .zero)
            // A second preset 0.1 s later: same frame time, so nothing may jump.
            engine.setColor(Color(hex: "#10ac84")!, animation: spring)
            engine.advanceAnimations(to: 1.1)
            XCTAssertEqual(engine.presentedColor, before.0, "position continuous")
            XCTAssertEqual(engine.presentedColorVelocity, before.1, "velocity continuous")
            engine.advanceAnimations(to: 1.2)
            XCTAssertNotEqual(engine.presentedColor, before.0)
        }
    }

    // MARK: - Bad parameters

    /// Posts a raw change-color with `animation` and returns (code, field) of the error, or nil when accepted.
    private func reject(_ animation: String, color: String = "[0.2,0.4,1]") async -> (BusErrorCode, String?, String)? {
        let h = EngineHarness()
        let before = h.engine.simulation.current
        await h.frame {
            h.bus.postRaw(#"{"type":"change-color","data":{"color":"# + color + #","animation":"# + animation + "}}",
                          from: .overlay, to: .engine)
        }
        guard let e = h.errors.first else { return nil }
        XCTAssertEqual(h.engine.simulation.current.color, before.color, "a rejected message changes nothing")
        return (e.code, e.field, e.message)
    }

    func testBadAnimationParametersAreRejectedNamingTheField() async {
        let cases: [(String, String)] = [
            (#"{"spring":{"response":-0.4,"dampingFraction":0.8}}"#, "data.animation.spring.response"),
            (#"{"spring":{"response":0,"dampingFraction":0.8}}"#, "data.animation.spring.response"),
            (#"{"spring":{"response":0.4,"dampingFraction":"NaN"}}"#, "data.animation.spring.dampingFraction"),
            (#"{"spring":{"mass":1,"stiffness":-5,"damping":10}}"#, "data.animation.spring.stiffness"),
            (#"{"spring":{"mass":1,"damping":10}}"#, "data.animation.spring.stiffness"),
            (#"{"spring":{"response":0.4,"stiffness":100}}"#, "data.animation.spring"),
            (#"{"spring":{"response":0.4,"bounce":1}}"#, "data.animation.spring"),
            (#"{"spring":{"response":0.4},"duration":1}"#, "data.animation.duration"),
            (#"{"curve":"bouncy","duration":0.3}"#, "data.animation.curve"),
            (#"{"curve":"easeIn","duration":-1}"#, "data.animation.duration"),
            (#"{"curve":"easeIn","duration":0.3,"delay":61}"#, "data.animation.delay"),
            (#"{"curve":"easeIn","duration":0.3,"speed":0}"#, "data.animation.speed"),
            (#"{"bezier":[0.25,0.1,1.5,1],"duration":0.3}"#, "data.animation.bezier[2]"),
            (#"{"bezier":[0.25,0.1,0.25],"duration":0.3}"#, "data.animation.bezier"),
            (#"{"bezier":[0.25,"x",0.25,1]}"#, "data.animation.bezier[1]"),
            (#"{"curve":"linear","bezier":[0,0,1,1]}"#, "data.animation"),
            (#"{"duration":0.3}"#, "data.animation"),
            (#"{"sprung":{}}"#, "data.animation"),
            (#""spring""#, "data.animation"),
        ]
        for (animation, field) in cases {
            let r = await reject(animation)
            XCTAssertEqual(r?.0, .invalidPayload, animation)
            XCTAssertEqual(r?.1, field, animation)
            XCTAssertTrue(r?.2.hasPrefix("change-color: \(field)") ?? false, "\(animation): \(r?.2 ?? "accepted")")
        }
        // The color of the object form is named as data.color[i].
        let r = await reject(#"{"curve":"linear"}"#, color: "[0.2,1.5,0]")
        XCTAssertEqual(r?.1, "data.color[1]")
    }

    func testEveryAcceptedFormAnimatesAndEncodesBackTheSame() async throws {
        let forms = [
            #"{"spring":{"response":0.4,"dampingFraction":0.8}}"#,
            #"{"spring":{"mass":1,"stiffness":170,"damping":26,"initialVelocity":0}}"#,
            #"{"curve":"easeInOut","duration":0.3}"#,
            #"{"bezier":[0.17,0.67,0.83,0.67],"duration":0.5,"delay":0.1,"speed":2}"#,
        ]
        for form in forms {
            let r = await reject(form)
            XCTAssertNil(r.map { "\($0.0) \($0.1 ?? "") \($0.2)" }, form)
            let decoded = try JSONDecoder().decode(MessageAnimation.self, from: Data(form.utf8))
            let again = try JSONDecoder().decode(MessageAnimation.self, from: try JSONEncoder().encode(decoded))
            XCTAssertEqual(again, decoded, form)
        }
        // A message without animation keeps the array form, byte for byte.
        let plain = try XCTUnwrap(String(data: try sortedEncoder().encode(ChangeColor(r: 0.2, g: 0.4, b: 1)), encoding: .utf8))
        XCTAssertEqual(plain, "[0.2,0.4,1]")
    }

    /// docs/messages.md: every animated `change-color` example is accepted, and every row of the animation error
    /// table gives the field and the message it shows.
    func testTheDocumentedExamplesAndErrors() async throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/messages.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        let examples = text.split(separator: "\n").filter { $0.hasPrefix(#"{"type": "change-color", "data": {"color""#) }
        XCTAssertGreaterThanOrEqual(examples.count, 3)
        for example in examples {
            let h = EngineHarness()
            await h.frame { h.bus.postRaw(String(example), from: .overlay, to: .engine) }
            XCTAssertEqual(h.errors, [], String(example))
            XCTAssertNotEqual(h.engine.simulation.current.color, CubeState().color, String(example))
        }
        // Rows: | `animation` | `field` | message |
        let rows = text.split(separator: "\n").filter { $0.hasPrefix("| `{") }
        XCTAssertGreaterThanOrEqual(rows.count, 6)
        for row in rows {
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            let animation = String(cells[0].dropFirst().dropLast()), field = String(cells[1].dropFirst().dropLast())
            let message = String(cells[2].dropFirst().dropLast())
            let r = await reject(animation)
            XCTAssertEqual(r?.1, field, animation)
            XCTAssertEqual(r?.2, message, animation)
        }
    }
}
