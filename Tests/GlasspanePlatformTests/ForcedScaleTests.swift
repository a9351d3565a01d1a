// A forced point scale (`PlatformOptions.pointScale`): the drawable is size x scale pixels on any display, SDL's
// window units are pixels there, and every event and size the platform reports stays in points.
import XCTest
import CSDL2
import GlasspaneCore
@testable import GlasspanePlatform
import SDLTestEvents

final class ForcedScaleTests: XCTestCase {
    func testScaleTwoOpensTwiceThePixelsAndReportsEventsInPoints() throws {
        try MainActor.assumeIsolated {
            let harness = try QueueHarness(size: PixelSize(width: 400, height: 300), pointScale: 2)
            defer { harness.close() }
            XCTAssertEqual(harness.platform.metrics,
                           WindowMetrics(windowSize: Size(width: 400, height: 300), drawableSize: PixelSize(width: 800, height: 600)))
            XCTAssertEqual(harness.platform.metrics.scaleX, 2)
            // SDL reports the mouse in its window units (pixels here): the platform halves them.
            let events = harness.pump([
                SDLEvents.button(SDL_BUTTON_LEFT, down: true, x: 100, y: 60),
                SDLEvents.motion(x: 301, y: 99, held: [SDL_BUTTON_LEFT]),
                SDLEvents.button(SDL_BUTTON_LEFT, down: false, x: 302, y: 100),
                SDLEvents.wheel(y: 1, at: (40, 20)),
                SDLEvents.finger(SDL_FINGERDOWN, touch: 5, finger: 1, x: 0.5, y: 0.5),
            ])
            XCTAssertEqual(events, [
                .pointerDown(pointer(0, .left, 50, 30)), .pointerMove(pointer(0, .left, 150.5, 49.5)),
                .pointerUp(pointer(0, .left, 151, 50)), .wheel(location: Point(x: 20, y: 10), dx: 0, dy: 1),
                .pointerDown(pointer(1, .left, 200, 150)),
            ])
        }
    }

    func testSetWindowSizeTakesPointsAndKeepsTheScale() throws {
        try MainActor.assumeIsolated {
            let harness = try QueueHarness(size: PixelSize(width: 400, height: 300), pointScale: 2)
            defer { harness.close() }
            harness.platform.setWindowSize(PixelSize(width: 500, height: 250))
            let expected = WindowMetrics(windowSize: Size(width: 500, height: 250), drawableSize: PixelSize(width: 1000, height: 500))
            XCTAssertEqual(harness.platform.metrics, expected, "updated at once, for the frame being prepared")
            XCTAssertEqual(harness.pump([]), [], "the driver's own resize event for it is not a second resize")
            // A resize from outside (a window manager) arrives in SDL's units and is reported in points.
            SDL_SetWindowSize(SDL_GL_GetCurrentWindow(), 600, 400)
            XCTAssertEqual(harness.pump([]), [.resize(WindowMetrics(windowSize: Size(width: 300, height: 200),
                                                                    drawableSize: PixelSize(width: 600, height: 400)))])
        }
    }

    func testAFractionalScaleRoundsThePixels() throws {
        try MainActor.assumeIsolated {
            let harness = try QueueHarness(size: PixelSize(width: 401, height: 300), pointScale: 1.5)
            defer { harness.close() }
            XCTAssertEqual(harness.platform.metrics.drawableSize, PixelSize(width: 602, height: 450))
            XCTAssertEqual(harness.pump([SDLEvents.button(SDL_BUTTON_LEFT, down: true, x: 30, y: 45)]),
                           [.pointerDown(pointer(0, .left, 20, 30))])
        }
    }

    func testAScaleOutOfRangeOrADrawableTooLargeIsRefusedBeforeSDLStarts() {
        for (scale, size) in [(0.25, PixelSize(width: 400, height: 300)), (.infinity, PixelSize(width: 400, height: 300)),
                              (-1, PixelSize(width: 400, height: 300)), (2, PixelSize(width: 9000, height: 300))] {
            let options = PlatformOptions(size: size, headless: true, pointScale: scale)
            XCTAssertNotNil(options.problem, "scale \(scale) at \(size)")
            let thrown = MainActor.assumeIsolated { () -> PlatformError? in
                do { let p = try SDLPlatform(options: options); p.close(); return nil } catch { return error as? PlatformError }
            }
            XCTAssertEqual(thrown?.identifier, "invalid-options", "scale \(scale) at \(size)")
        }
        XCTAssertNil(PlatformOptions(size: PixelSize(width: 8192, height: 4096), pointScale: 2).problem)
    }
}
