// Replay reproduces what the header describes: the window's scale (headless too), the options a recording wrote,
// and `resize` lines, with the renderer and the overlay following in the frame of the resize.
import Foundation
import GlasspaneCore
import GlasspaneDraw
import GlasspaneDemo
import GlasspaneHost
import GlasspaneRender
import GlasspaneRuntime
import XCTest

/// Shared by the runtime's tests: a temporary directory and the demo app on a session.
@MainActor
class DemoSessionTestCase: XCTestCase {
    var directory: URL!

    override func setUp() async throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("glasspane-runtime-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDown() async throws { try? FileManager.default.removeItem(at: directory) }

    /// A path in the test's directory, written with `text` when given.
    func file(_ name: String, _ text: String? = nil) throws -> String {
        let path = directory.appendingPathComponent(name).path
        if let text { try Data(text.utf8).write(to: URL(fileURLWithPath: path)) }
        return path
    }

    /// Opens the demo app on the runtime, as the CLI does.
    func open(_ description: SessionDescription) throws -> Session {
        try Session.open(description) { r in
            DemoApp(sceneRenderer: r.sceneRenderer, overlayRenderer: r.overlayRenderer, fonts: r.fonts,
                    windowSize: r.windowSize, bus: r.bus, content: DemoApp.Content(showsHUD: r.description.showsHUD))
        }
    }

    /// A headless replay of `script`.
    func replay(_ script: String, configure: (inout SessionDescription) -> Void = { _ in }) -> SessionDescription {
        var d = SessionDescription()
        d.headless = true
        d.replay = ReplayDescription(scriptPath: script)
        configure(&d)
        return d
    }

    /// The PNG at `path`, decoded.
    func png(_ path: String, file: StaticString = #filePath, line: UInt = #line) throws -> PixelImage {
        try XCTUnwrap(FramebufferCapture.readPNG(at: path), "could not read \(path)", file: file, line: line)
    }
}

/// Keeps what a test wants to see of one frame, at the end of the frame (before present).
@MainActor
final class FrameProbe: FrameObserver {
    let frame: Int
    let look: @MainActor () -> Void
    init(frame: Int, _ look: @escaping @MainActor () -> Void) { self.frame = frame; self.look = look }
    func frameWillPresent(_ loop: FrameLoop, index: Int, isLast: Bool) { if index == frame { look() } }
}

@MainActor
final class ReplayHeaderTests: DemoSessionTestCase {
    private static func header(scale: Double = 1, options: String = "") -> String {
        #"{"format":"glasspane-script","version":1,"window":{"width":480,"height":320,"scale":\#(scale)},"step_hz":120"#
            + (options.isEmpty ? "" : #","options":\#(options)"#) + "}"
    }

    /// Whether `pixel` is within `tolerance` per channel of `color`.
    private func matches(_ pixel: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ color: Color, tolerance: Int = 6) -> Bool {
        abs(Int(pixel.r) - Int((color.r * 255).rounded())) <= tolerance
            && abs(Int(pixel.g) - Int((color.g * 255).rounded())) <= tolerance
            && abs(Int(pixel.b) - Int((color.b * 255).rounded())) <= tolerance
    }

    func testAScaleTwoScriptReplaysAtTwicePixelsAndItsClicksHitTheSameViews() async throws {
        let script = try file("hidpi.jsonl", [
            Self.header(scale: 2),
            #"{"frame":3,"click":"picker.preset.3"}"#,
            #"{"frame":5,"click":[400,250]}"#,
            ##"{"frame":6,"expect":{"view":"picker","property":"color","equals":"#2e86de"}}"##,
        ].joined(separator: "\n"))
        let shot = try file("hidpi.png")
        let session = try open(replay(script) { $0.screenshots = [ScreenshotRequest(frame: nil, path: shot)] })
        defer { session.close() }
        XCTAssertEqual(session.platform.metrics.windowSize, Size(width: 480, height: 320), "events and layout stay in points")
        XCTAssertEqual(session.platform.metrics.drawableSize, PixelSize(width: 960, height: 640), "the header's scale, headless")
        XCTAssertEqual(session.description.pointScale, 2)
        let outcome = await session.run()
        XCTAssertEqual(outcome.expectationFailures, [])
        XCTAssertEqual(outcome.expectationsPassed, 1)
        let app = try XCTUnwrap(session.app as? DemoApp)
        XCTAssertEqual(app.simulation.current.color.hex, "#2e86de", "the preset click hit the swatch")
        XCTAssertFalse(app.simulation.current.spinning, "the scene click fell through to the engine")

        // Every swatch is drawn at twice its point coordinates.
        let image = try png(shot)
        XCTAssertEqual(image.size, PixelSize(width: 960, height: 640))
        for swatch in app.picker.presets {
            let center = swatch.windowFrame.center
            XCTAssertTrue(matches(image.pixel(x: Int(center.x * 2), y: Int(center.y * 2)), swatch.color),
                          "\(swatch.identifier) at \(center) points should be at \(Int(center.x * 2)),\(Int(center.y * 2)) pixels")
        }
        let last = try XCTUnwrap(app.picker.presets.last)
        XCTAssertFalse(matches(image.pixel(x: Int(last.windowFrame.center.x), y: Int(last.windowFrame.center.y)), last.color),
                       "at scale 1 coordinates there is no swatch")
    }

    func testAScaleOutOfRangeOrTooManyPixelsIsRefusedBeforeTheWindow() async throws {
        for (scale, width) in [(8.0, 480), (4.0, 5000)] {
            let script = try file("big.jsonl", #"{"format":"glasspane-script","version":1,"window":{"width":\#(width),"height":320,"scale":\#(scale)}}"#)
            XCTAssertThrowsError(try open(replay(script))) { error in
                // The script parser refuses a window over 16384 pixels a side itself; a scale it accepts but the
                // platform does not is refused by the platform's check; both before any window opens.
                XCTAssertTrue(["script", "platform.invalid-options"].contains((error as? SessionError)?.identifier ?? ""), "\(error)")
                XCTAssertEqual((error as? SessionError)?.exitCode, 2)
            }
        }
    }

    func testAHUDRecordingReplaysWithTheHUDShown() async throws {
        for showsHUD in [true, false] {
            let recorded = try file("hud-\(showsHUD).jsonl")
            var d = SessionDescription()
            d.headless = true
            d.frames = 3
            d.showsHUD = showsHUD
            d.recordingPath = recorded
            let recording = try open(d)
            _ = await recording.run()
            recording.close()
            let header = try XCTUnwrap(String(contentsOfFile: recorded, encoding: .utf8).split(separator: "\n").first)
            XCTAssertTrue(header.contains(#""options":{"hud":\#(showsHUD),"msaa":4}"#), String(header))

            let session = try open(replay(recorded))
            defer { session.close() }
            let app = try XCTUnwrap(session.app as? DemoApp)
            XCTAssertEqual(app.performanceHUD.isVisible, showsHUD, "the recording's HUD setting")
            _ = await session.run()
        }
    }

    func testAFontRecordingReplaysWithThatFont() async throws {
        let font = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"
        try XCTSkipUnless(FileManager.default.fileExists(atPath: font), "fonts-dejavu-core has no \(font)")
        let recorded = try file("font.jsonl")
        var d = SessionDescription()
        d.headless = true
        d.frames = 2
        d.fontPath = font
        d.recordingPath = recorded
        let recording = try open(d)
        _ = await recording.run()
        recording.close()
        let session = try open(replay(recorded))
        defer { session.close() }
        XCTAssertEqual(session.description.fontPath, font)
        let missing = try file("missing-font.jsonl", Self.header(options: #"{"font":"/nonexistent/font.ttf"}"#))
        XCTAssertThrowsError(try open(replay(missing))) { error in
            XCTAssertEqual((error as? SessionError)?.identifier, "font", "the header's font is used, so a missing one is an error")
        }
    }

    func testAnUnknownOrMistypedHeaderOptionIsRefusedNamingIt() async throws {
        for (options, name) in [(#"{"hud":false,"spin":true}"#, "spin"), (#"{"hud":"yes"}"#, "hud"), (#"{"font":3}"#, "font")] {
            let script = try file("options.jsonl", Self.header(options: options))
            XCTAssertThrowsError(try open(replay(script))) { error in
                guard let e = error as? SessionError else { return XCTFail("\(error)") }
                XCTAssertEqual(e.identifier, "script-option")
                XCTAssertEqual(e.exitCode, 2)
                XCTAssertTrue(e.description.hasPrefix("\(script):1: header option '\(name)'"), e.description)
            }
        }
    }

    func testAnUnknownRouteInTheHeaderIsRefusedBeforeTheWindowOpens() async throws {
        let script = try file("route.jsonl", Self.header(options: #"{"route":"settings"}"#))
        var description = replay(script)
        description.routeNames = DemoRoute.allCases.map(\.rawValue)
        // The platform is opened after the header is applied: the error is the header's, not a window's or the app's.
        XCTAssertThrowsError(try open(description)) { error in
            guard let e = error as? SessionError else { return XCTFail("\(error)") }
            XCTAssertEqual(e.identifier, "script-option")
            XCTAssertTrue(e.description.hasPrefix("\(script):1: header option 'route'"), e.description)
            XCTAssertTrue(e.description.contains("'settings'") && e.description.contains("menu"), e.description)
        }
        let good = try file("route-ok.jsonl", Self.header(options: #"{"route":"menu"}"#))
        var accepted = replay(good)
        accepted.routeNames = description.routeNames
        accepted.frames = 1
        let session = try open(accepted)
        XCTAssertEqual(session.description.initialRoute, "menu")
        session.close()
    }

    func testAResizeLineResizesTheFrameAndTheOverlayInThatFrameAndRoutingFollows() async throws {
        let script = try file("resize.jsonl", [
            Self.header(options: #"{"hud":true}"#),
            #"{"frame":2,"drag":{"from":{"view":"picker.sv","at":[0.1,0.9]},"to":{"view":"picker.sv","at":[0.9,0.1]},"frames":4}}"#,
            #"{"frame":4,"event":"resize","size":[900,500]}"#,
            #"{"frame":4,"click":[850,450],"pointer":1}"#,
            ##"{"frame":4,"expect":{"pixel":[890,490],"color":"#000000","tolerance":255}}"##,
            #"{"frame":8,"click":"picker.preset.1"}"#,
            #"{"wait":1}"#,
        ].joined(separator: "\n"))
        let before = try file("before.png"), during = try file("during.png"), after = try file("after.png")
        let session = try open(replay(script) {
            $0.screenshots = [ScreenshotRequest(frame: 3, path: before), ScreenshotRequest(frame: 4, path: during),
                              ScreenshotRequest(frame: nil, path: after)]
        })
        defer { session.close() }
        let app = try XCTUnwrap(session.app as? DemoApp)
        var hudFrameAtResize = Rect.zero, capturedAtResize = false, colorAfterDrag = ""
        session.loop.addObserver(FrameProbe(frame: 4) {
            hudFrameAtResize = app.performanceHUD.view.frame
            capturedAtResize = app.stage.overlay.router.captureTarget(forPointer: 0)?.view?.identifier == "picker.sv"
        }, order: .screenshots)
        session.loop.addObserver(FrameProbe(frame: 7) { colorAfterDrag = app.simulation.current.color.hex }, order: .screenshots)
        let outcome = await session.run()
        XCTAssertNil(outcome.fatalError)
        XCTAssertEqual(outcome.expectationFailures, [], "the pixel at 890,490 exists in the frame of the resize")
        XCTAssertEqual(try png(before).size, PixelSize(width: 480, height: 320))
        XCTAssertEqual(try png(during).size, PixelSize(width: 900, height: 500), "the renderer follows in the same frame")
        XCTAssertEqual(try png(after).size, PixelSize(width: 900, height: 500))
        XCTAssertEqual(hudFrameAtResize.maxX, 900 - 16, "the HUD moved to the new right edge in the same frame")
        XCTAssertTrue(capturedAtResize, "the drag that spans the resize keeps its capture")
        XCTAssertNotEqual(colorAfterDrag, "#ed7329", "the drag recolored the cube across the resize")
        XCTAssertFalse(app.simulation.current.spinning, "a click where the old window ended reaches the scene")
        XCTAssertEqual(app.simulation.current.color.hex, app.picker.presets[1].color.hex, "the panel still takes its clicks")
    }
}
