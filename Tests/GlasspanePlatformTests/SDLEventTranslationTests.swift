// Real SDL events through SDL's own queue (SDL_PushEvent, offscreen driver) into SDLPlatform, compared with the
// InputEvents it reports. XCTest runs synchronous tests on the main thread on Linux; every SDL call stays on it.
import XCTest
import CSDL2
import GlasspaneCore
import GlasspaneOverlay
@testable import GlasspanePlatform
import SDLTestEvents

/// Opens a headless SDLPlatform for one test and pushes events through SDL's queue.
@MainActor
final class QueueHarness {
    let platform: SDLPlatform

    init(size: PixelSize = PixelSize(width: 400, height: 300), pointScale: Double = 0) throws {
        platform = try SDLPlatform(options: PlatformOptions(size: size, headless: true, vsync: false, pointScale: pointScale))
        var startup: [InputEvent] = []
        platform.pollEvents(into: &startup)  // the driver's own window events at creation
    }

    /// Pushes every event onto SDL's queue, then polls them back out through the platform.
    func pump(_ events: [SDL_Event], file: StaticString = #filePath, line: UInt = #line) -> [InputEvent] {
        for var e in events {
            XCTAssertEqual(SDL_PushEvent(&e), 1, "SDL_PushEvent: \(SDLPlatform.lastError)", file: file, line: line)
        }
        var out: [InputEvent] = []
        platform.pollEvents(into: &out)
        return out
    }

    func close() { platform.close() }
}

func pointer(_ id: Int = 0, _ button: PointerButton = .left, _ x: Double, _ y: Double, mods: KeyModifiers = []) -> PointerEvent {
    PointerEvent(pointerID: id, button: button, location: Point(x: x, y: y), modifiers: mods)
}

final class SDLEventTranslationTests: XCTestCase {
    private struct Case {
        let name: String
        let sdl: [SDL_Event]
        let expected: [InputEvent]
    }

    /// One table, each row pushed through SDL's queue on its own.
    func testQueuedEventsTranslate() throws {
        try MainActor.assumeIsolated {
            let harness = try QueueHarness()
            defer { harness.close() }
            let shiftCtrl = UInt32(KMOD_LSHIFT.rawValue | KMOD_RCTRL.rawValue)
            let cases: [Case] = [
                Case(name: "letter", sdl: [SDLEvents.key(SDLK_a), SDLEvents.key(SDLK_a, down: false)],
                     expected: [.key(KeyEvent(key: .character("a"))), .key(KeyEvent(key: .character("a"), isDown: false))]),
                Case(name: "digit and punctuation", sdl: [SDLEvents.key(SDLK_7), SDLEvents.key(SDLK_SLASH)],
                     expected: [.key(KeyEvent(key: .character("7"))), .key(KeyEvent(key: .character("/")))]),
                Case(name: "return and keypad enter are both enter",
                     sdl: [SDLEvents.key(SDLK_RETURN), SDLEvents.key(SDLK_KP_ENTER)],
                     expected: [.key(KeyEvent(key: .enter)), .key(KeyEvent(key: .enter))]),
                Case(name: "function keys F1, F12, F13, F24",
                     sdl: [SDLEvents.key(SDLK_F1), SDLEvents.key(SDLK_F12), SDLEvents.key(SDLK_F13), SDLEvents.key(SDLK_F24)],
                     expected: [.key(KeyEvent(key: .function(1))), .key(KeyEvent(key: .function(12))),
                                .key(KeyEvent(key: .function(13))), .key(KeyEvent(key: .function(24)))]),
                Case(name: "named keys", sdl: [SDLEvents.key(SDLK_ESCAPE), SDLEvents.key(SDLK_DELETE), SDLEvents.key(SDLK_LEFT)],
                     expected: [.key(KeyEvent(key: .escape)), .key(KeyEvent(key: .delete)), .key(KeyEvent(key: .left))]),
                Case(name: "a key with no name keeps its code", sdl: [SDLEvents.key(SDLK_CAPSLOCK)],
                     expected: [.key(KeyEvent(key: .other(Int(SDLK_CAPSLOCK.rawValue))))]),
                Case(name: "modifiers come from the key event itself",
                     sdl: [SDLEvents.key(SDLK_s, mod: shiftCtrl), SDLEvents.key(SDLK_s, mod: UInt32(KMOD_LALT.rawValue | KMOD_RGUI.rawValue))],
                     expected: [.key(KeyEvent(key: .character("s"), modifiers: [.shift, .control])),
                                .key(KeyEvent(key: .character("s"), modifiers: [.alt, .command]))]),
                Case(name: "repeat", sdl: [SDLEvents.key(SDLK_RIGHT), SDLEvents.key(SDLK_RIGHT, repeat: true),
                                           SDLEvents.key(SDLK_RIGHT, down: false)],
                     expected: [.key(KeyEvent(key: .right)), .key(KeyEvent(key: .right, isRepeat: true)),
                                .key(KeyEvent(key: .right, isDown: false))]),
                Case(name: "text input, UTF-8", sdl: [SDLEvents.text("é€"), SDLEvents.text("")],
                     expected: [.text("é€")]),
                Case(name: "IME composition, cursor clamped, empty ends it",
                     sdl: [SDLEvents.editing("かな", start: 1), SDLEvents.editing("k", start: 9), SDLEvents.editing("", start: 0)],
                     expected: [.composition(text: "かな", cursor: 1), .composition(text: "k", cursor: 1),
                                .composition(text: "", cursor: 0)]),
                Case(name: "mouse press, drag, release",
                     sdl: [SDLEvents.button(SDL_BUTTON_LEFT, down: true, x: 10, y: 20),
                           SDLEvents.motion(x: 15, y: 25, held: [SDL_BUTTON_LEFT]),
                           SDLEvents.button(SDL_BUTTON_LEFT, down: false, x: 16, y: 26)],
                     expected: [.pointerDown(pointer(0, .left, 10, 20)), .pointerMove(pointer(0, .left, 15, 25)),
                                .pointerUp(pointer(0, .left, 16, 26))]),
                Case(name: "right button and hover",
                     sdl: [SDLEvents.motion(x: 3, y: 4), SDLEvents.button(SDL_BUTTON_RIGHT, down: true, x: 3, y: 4),
                           SDLEvents.button(SDL_BUTTON_RIGHT, down: false, x: 3, y: 4)],
                     expected: [.pointerMove(pointer(0, .none, 3, 4)), .pointerDown(pointer(0, .right, 3, 4)),
                                .pointerUp(pointer(0, .right, 3, 4))]),
                Case(name: "precise wheel at the event's own position",
                     sdl: [SDLEvents.wheel(y: 0, preciseY: 0.25, at: (30, 40)), SDLEvents.wheel(x: 1, y: 0, preciseX: 1, at: (5, 6))],
                     expected: [.wheel(location: Point(x: 30, y: 40), dx: 0, dy: 0.25),
                                .wheel(location: Point(x: 5, y: 6), dx: 1, dy: 0)]),
                Case(name: "whole-line wheel without precise amounts", sdl: [SDLEvents.wheel(y: -2, at: (1, 2))],
                     expected: [.wheel(location: Point(x: 1, y: 2), dx: 0, dy: -2)]),
                Case(name: "flipped (natural) wheel is turned back",
                     sdl: [SDLEvents.wheel(x: -1, y: -2, preciseX: -0.5, preciseY: -1.5, flipped: true, at: (7, 8))],
                     expected: [.wheel(location: Point(x: 7, y: 8), dx: 0.5, dy: 1.5)]),
                Case(name: "touch-emulated mouse events are dropped (the finger events carry the touch)",
                     sdl: [SDLEvents.button(SDL_BUTTON_LEFT, down: true, x: 1, y: 1, which: UInt32.max),
                           SDLEvents.motion(x: 2, y: 2, held: [SDL_BUTTON_LEFT], which: UInt32.max),
                           SDLEvents.button(SDL_BUTTON_LEFT, down: false, x: 2, y: 2, which: UInt32.max),
                           SDLEvents.wheel(y: 1, preciseY: 1, at: (2, 2), which: UInt32.max)],
                     expected: []),
                Case(name: "mouse-emulated touch events are dropped (the mouse events carry them)",
                     sdl: [SDLEvents.finger(SDL_FINGERDOWN, touch: -1, finger: 0, x: 0.5, y: 0.5),
                           SDLEvents.finger(SDL_FINGERUP, touch: -1, finger: 0, x: 0.5, y: 0.5)],
                     expected: []),
                Case(name: "a finger in normalized coordinates becomes points",
                     sdl: [SDLEvents.finger(SDL_FINGERDOWN, touch: 3, finger: 9, x: 0.5, y: 0.25),
                           SDLEvents.finger(SDL_FINGERMOTION, touch: 3, finger: 9, x: 0.75, y: 0.5),
                           SDLEvents.finger(SDL_FINGERUP, touch: 3, finger: 9, x: 0.75, y: 0.5)],
                     expected: [.pointerDown(pointer(1, .left, 200, 75)), .pointerMove(pointer(1, .left, 300, 150)),
                                .pointerUp(pointer(1, .left, 300, 150))]),
                Case(name: "motion and lift of a contact never seen going down are dropped",
                     sdl: [SDLEvents.finger(SDL_FINGERMOTION, touch: 3, finger: 4, x: 0.1, y: 0.1),
                           SDLEvents.finger(SDL_FINGERUP, touch: 3, finger: 4, x: 0.1, y: 0.1)],
                     expected: []),
                Case(name: "close arrives as a window event and a quit: reported once",
                     sdl: [SDLEvents.window(SDL_WINDOWEVENT_CLOSE), SDLEvents.quit], expected: [.quit]),
                Case(name: "focus lost with nothing held sends nothing",
                     sdl: [SDLEvents.window(SDL_WINDOWEVENT_FOCUS_LOST), SDLEvents.window(SDL_WINDOWEVENT_FOCUS_GAINED)],
                     expected: []),
            ]
            for c in cases {
                XCTAssertEqual(harness.pump(c.sdl), c.expected, c.name)
            }
        }
    }

    /// Shift held: a plain wheel scrolls sideways (its amount becomes dx); a wheel that already moves sideways, or
    /// one without Shift, is left as it is.
    func testShiftTurnsAPlainWheelSideways() throws {
        try MainActor.assumeIsolated {
            let harness = try QueueHarness()
            defer { SDL_SetModState(KMOD_NONE); harness.close() }
            SDL_SetModState(KMOD_LSHIFT)
            XCTAssertEqual(harness.pump([SDLEvents.wheel(y: -1, at: (3, 4)), SDLEvents.wheel(x: 1, y: -1, at: (3, 4))]),
                           [.wheel(location: Point(x: 3, y: 4), dx: -1, dy: 0), .wheel(location: Point(x: 3, y: 4), dx: 1, dy: -1)])
            SDL_SetModState(KMOD_NONE)
            XCTAssertEqual(harness.pump([SDLEvents.wheel(y: -1, at: (3, 4))]), [.wheel(location: Point(x: 3, y: 4), dx: 0, dy: -1)])
        }
    }

    /// Touch ids: distinct per contact even across devices and with finger id -1, never 0 (the mouse), reused
    /// once free so scripts keep small numbers.
    func testTouchPointerIDs() throws {
        try MainActor.assumeIsolated {
            let harness = try QueueHarness()
            defer { harness.close() }
            let ids = harness.pump([
                SDLEvents.finger(SDL_FINGERDOWN, touch: 1, finger: 0, x: 0.1, y: 0.1),
                SDLEvents.finger(SDL_FINGERDOWN, touch: 2, finger: 0, x: 0.2, y: 0.2),
                SDLEvents.finger(SDL_FINGERDOWN, touch: 1, finger: -1, x: 0.3, y: 0.3),
                SDLEvents.finger(SDL_FINGERUP, touch: 1, finger: 0, x: 0.1, y: 0.1),
                SDLEvents.finger(SDL_FINGERDOWN, touch: 1, finger: 5, x: 0.4, y: 0.4),
            ]).map { "\($0.kindName)#\($0.pointer?.pointerID ?? -99)" }
            XCTAssertEqual(ids, ["down#1", "down#2", "down#3", "up#1", "down#1"])
            XCTAssertEqual(harness.platform.heldPointerIDs, [1, 2, 3])
        }
    }

    /// Minimize, hide and restore switch `isOccluded` (the loop then waits instead of rendering).
    func testMinimizeHideRestore() throws {
        try MainActor.assumeIsolated {
            let harness = try QueueHarness()
            defer { harness.close() }
            XCTAssertFalse(harness.platform.isOccluded)
            XCTAssertEqual(harness.pump([SDLEvents.window(SDL_WINDOWEVENT_MINIMIZED)]), [])
            XCTAssertTrue(harness.platform.isOccluded)
            XCTAssertEqual(harness.pump([SDLEvents.window(SDL_WINDOWEVENT_RESTORED)]), [])
            XCTAssertFalse(harness.platform.isOccluded)
            _ = harness.pump([SDLEvents.window(SDL_WINDOWEVENT_HIDDEN)])
            XCTAssertTrue(harness.platform.isOccluded)
            _ = harness.pump([SDLEvents.window(SDL_WINDOWEVENT_SHOWN)])
            XCTAssertFalse(harness.platform.isOccluded)
        }
    }

    /// A real resize (SDL_SetWindowSize queues the size-changed event) reports the new metrics once.
    func testResizeThroughTheQueue() throws {
        try MainActor.assumeIsolated {
            let harness = try QueueHarness()
            defer { harness.close() }
            SDL_SetWindowSize(SDL_GL_GetCurrentWindow(), 640, 480)
            let events = harness.pump([])
            let expected = WindowMetrics(windowSize: Size(width: 640, height: 480), drawableSize: PixelSize(width: 640, height: 480))
            XCTAssertEqual(events, [.resize(expected)])
            XCTAssertEqual(harness.platform.metrics, expected)
            // The same size again (a driver repeating itself) is not a second resize.
            XCTAssertEqual(harness.pump([SDLEvents.window(SDL_WINDOWEVENT_RESIZED)]), [])
        }
    }

    /// Focus loss, minimize and hide each cancel every held pointer once; the releases that follow are dropped.
    func testFocusLossHideAndMinimizeCancelHeldPointersOnce() throws {
        try MainActor.assumeIsolated {
            let harness = try QueueHarness()
            defer { harness.close() }
            for reason in [SDL_WINDOWEVENT_FOCUS_LOST, SDL_WINDOWEVENT_HIDDEN, SDL_WINDOWEVENT_MINIMIZED] {
                let downs = harness.pump([
                    SDLEvents.button(SDL_BUTTON_LEFT, down: true, x: 10, y: 20),
                    SDLEvents.button(SDL_BUTTON_RIGHT, down: true, x: 11, y: 21),  // a chord: still one pointer
                    SDLEvents.finger(SDL_FINGERDOWN, touch: 7, finger: 3, x: 0.5, y: 0.5),
                    SDLEvents.finger(SDL_FINGERDOWN, touch: 8, finger: 3, x: 0.25, y: 0.5),
                ])
                XCTAssertEqual(downs.map(\.kindName), ["down", "down", "down", "down"])
                let cancels = harness.pump([SDLEvents.window(reason), SDLEvents.window(reason)])
                XCTAssertEqual(cancels, [.pointerCancel(pointer(0, .left, 11, 21)), .pointerCancel(pointer(1, .left, 200, 150)),
                                         .pointerCancel(pointer(2, .left, 100, 150))], "\(reason)")
                XCTAssertEqual(harness.platform.heldPointerIDs, [])
                // The user lets go later: nobody is waiting for these.
                let after = harness.pump([
                    SDLEvents.window(SDL_WINDOWEVENT_SHOWN),
                    SDLEvents.motion(x: 12, y: 22, held: [SDL_BUTTON_LEFT]),
                    SDLEvents.button(SDL_BUTTON_LEFT, down: false, x: 12, y: 22),
                    SDLEvents.button(SDL_BUTTON_RIGHT, down: false, x: 12, y: 22),
                    SDLEvents.finger(SDL_FINGERMOTION, touch: 7, finger: 3, x: 0.6, y: 0.6),
                    SDLEvents.finger(SDL_FINGERUP, touch: 7, finger: 3, x: 0.6, y: 0.6),
                    SDLEvents.finger(SDL_FINGERUP, touch: 8, finger: 3, x: 0.6, y: 0.6),
                ])
                XCTAssertEqual(after, [.pointerMove(pointer(0, .none, 12, 22))], "\(reason)")
                // And a fresh press works normally.
                XCTAssertEqual(harness.pump([SDLEvents.button(SDL_BUTTON_LEFT, down: true, x: 1, y: 1),
                                             SDLEvents.button(SDL_BUTTON_LEFT, down: false, x: 1, y: 1)]),
                               [.pointerDown(pointer(0, .left, 1, 1)), .pointerUp(pointer(0, .left, 1, 1))])
            }
        }
    }

    /// The title can change while the window is open (a host shows a recording's write failure there).
    func testSetTitle() throws {
        try MainActor.assumeIsolated {
            let harness = try QueueHarness()
            defer { harness.close() }
            XCTAssertEqual(harness.platform.title, "Glasspane")
            harness.platform.setTitle("Glasspane · recording: cannot write (disk full)")
            XCTAssertEqual(harness.platform.title, "Glasspane · recording: cannot write (disk full)")
        }
    }

    /// A side button (X1) captures the mouse like any other, so focus loss cancels it too.
    func testFocusLossCancelsASideButtonPress() throws {
        try MainActor.assumeIsolated {
            let harness = try QueueHarness()
            defer { harness.close() }
            XCTAssertEqual(harness.pump([SDLEvents.button(SDL_BUTTON_X1, down: true, x: 5, y: 6)]),
                           [.pointerDown(pointer(0, .none, 5, 6))])
            XCTAssertEqual(harness.pump([SDLEvents.window(SDL_WINDOWEVENT_FOCUS_LOST)]),
                           [.pointerCancel(pointer(0, .none, 5, 6))])
        }
    }

    /// The test-only entry agrees with the queue for a representative event.
    func testDirectTranslateMatchesTheQueue() throws {
        try MainActor.assumeIsolated {
            let harness = try QueueHarness()
            defer { harness.close() }
            var direct: [InputEvent] = []
            harness.platform.translate(SDLEvents.key(SDLK_KP_ENTER, mod: UInt32(KMOD_LSHIFT.rawValue)), into: &direct)
            XCTAssertEqual(direct, harness.pump([SDLEvents.key(SDLK_KP_ENTER, mod: UInt32(KMOD_LSHIFT.rawValue))]))
            XCTAssertEqual(direct, [.key(KeyEvent(key: .enter, modifiers: [.shift]))])
        }
    }
}

/// The offscreen driver's present keeps the GPU queue bounded (issue 13: headless replay grew ~70 KB per frame).
final class OffscreenPresentTests: XCTestCase {
    func testPresentFencesEachFrameAndWaitsForThePreviousOne() throws {
        try MainActor.assumeIsolated {
            let harness = try QueueHarness(size: PixelSize(width: 64, height: 64))
            defer { harness.close() }
            let platform = harness.platform
            XCTAssertEqual(platform.videoDriver, "offscreen")
            XCTAssertTrue(platform.boundsQueueWithFences)
            for frame in 1...5 {
                platform.present()
                XCTAssertLessThanOrEqual(platform.framesInFlight, 1, "frame \(frame)")
                XCTAssertEqual(platform.fenceWaits, frame - 1, "frame \(frame) waited for the one before")
            }
        }
    }

    /// A loop that finishes the GPU before each present has nothing queued at the swap: no fence is made or waited
    /// for, and any still pending when that starts is deleted.
    func testAPresentAfterAFinishMakesNoFence() throws {
        try MainActor.assumeIsolated {
            let harness = try QueueHarness(size: PixelSize(width: 64, height: 64))
            defer { harness.close() }
            let platform = harness.platform
            platform.present()
            XCTAssertEqual(platform.framesInFlight, 1, "the premise: a fenced frame is pending")
            platform.finishesBeforePresent = true
            XCTAssertFalse(platform.boundsQueueWithFences)
            XCTAssertEqual(platform.framesInFlight, 0, "the pending fence was deleted")
            for _ in 1...5 {
                platform.present()
                XCTAssertEqual(platform.framesInFlight, 0)
            }
            XCTAssertEqual(platform.fenceWaits, 0, "no wait: the finish did it")
            platform.finishesBeforePresent = false
            platform.present()
            platform.present()
            XCTAssertEqual(platform.framesInFlight, 1, "fenced again without the finish")
            XCTAssertEqual(platform.fenceWaits, 1)
        }
    }
}

/// Focus loss from SDL's queue to the receivers: every capture (views and the engine) ends with exactly one cancel.
final class FocusLossCancelTests: XCTestCase {
    /// A view that counts what it receives per pointer.
    private final class CountingView: View {
        var downs: [Int: Int] = [:], cancels: [Int: Int] = [:], ups: [Int: Int] = [:]
        override init(identifier: String, frame: Rect) {
            super.init(identifier: identifier, frame: frame)
            hitTestBehavior = .opaque
        }
        override func pointerDown(_ e: PointerEvent) { downs[e.pointerID, default: 0] += 1 }
        override func pointerUp(_ e: PointerEvent) { ups[e.pointerID, default: 0] += 1 }
        override func pointerCancelled(_ e: PointerEvent) { cancels[e.pointerID, default: 0] += 1 }
    }

    /// A slider that counts its cancels.
    private final class CountingSlider: Slider {
        var cancels: [Int: Int] = [:]
        override func pointerCancelled(_ e: PointerEvent) {
            cancels[e.pointerID, default: 0] += 1
            super.pointerCancelled(e)
        }
    }

    func testFocusLossCancelsEveryCaptureOncePerPointer() throws {
        try MainActor.assumeIsolated {
            let harness = try QueueHarness(size: PixelSize(width: 400, height: 300))
            defer { harness.close() }
            let overlay = Overlay(windowSize: Size(width: 400, height: 300))
            let layer = overlay.addLayer(name: "ui", level: 0)
            let left = CountingView(identifier: "left", frame: Rect(x: 0, y: 0, width: 100, height: 300))
            let slider = CountingSlider(identifier: "slider", value: 0.5)
            slider.frame = Rect(x: 100, y: 0, width: 100, height: 40)
            layer.addSubview(left)
            layer.addSubview(slider)
            var engineCancels: [Int: Int] = [:], engineUps: [Int: Int] = [:]
            func deliver(_ events: [InputEvent]) {
                for event in events {
                    let decision = overlay.route(event)
                    guard decision.isForEngine else { continue }
                    if case .pointerCancel(let p) = event { engineCancels[p.pointerID, default: 0] += 1 }
                    if case .pointerUp(let p) = event { engineUps[p.pointerID, default: 0] += 1 }
                }
            }
            // The mouse on the left view; finger 1 on the slider; finger 2 on the scene (the engine).
            deliver(harness.pump([
                SDLEvents.button(SDL_BUTTON_LEFT, down: true, x: 50, y: 50),
                SDLEvents.finger(SDL_FINGERDOWN, touch: 1, finger: 0, x: 0.375, y: 0.05),
                SDLEvents.finger(SDL_FINGERDOWN, touch: 1, finger: 1, x: 0.75, y: 0.5),
                SDLEvents.finger(SDL_FINGERMOTION, touch: 1, finger: 0, x: 0.45, y: 0.05),
            ]))
            XCTAssertEqual(overlay.router.captureTarget(forPointer: 0)?.view?.identifier, "left")
            XCTAssertEqual(overlay.router.captureTarget(forPointer: 1)?.view?.identifier, "slider")
            XCTAssertEqual(overlay.router.captureTarget(forPointer: 2)?.isEngine, true)
            XCTAssertTrue(slider.isDragging)

            deliver(harness.pump([SDLEvents.window(SDL_WINDOWEVENT_FOCUS_LOST)]))
            deliver(harness.pump([SDLEvents.window(SDL_WINDOWEVENT_HIDDEN), SDLEvents.window(SDL_WINDOWEVENT_FOCUS_LOST)]))
            // The user lets go while the window is away: those releases reach nobody.
            deliver(harness.pump([
                SDLEvents.window(SDL_WINDOWEVENT_SHOWN),
                SDLEvents.button(SDL_BUTTON_LEFT, down: false, x: 50, y: 50),
                SDLEvents.finger(SDL_FINGERUP, touch: 1, finger: 0, x: 0.45, y: 0.05),
                SDLEvents.finger(SDL_FINGERUP, touch: 1, finger: 1, x: 0.75, y: 0.5),
            ]))

            XCTAssertEqual(left.cancels, [0: 1])
            XCTAssertEqual(left.ups, [:])
            XCTAssertEqual(engineCancels, [2: 1])
            XCTAssertEqual(engineUps, [:])
            XCTAssertEqual(slider.cancels, [1: 1])
            XCTAssertFalse(slider.isDragging, "the slider's drag ended")
            for id in 0...2 { XCTAssertNil(overlay.router.captureTarget(forPointer: id), "pointer \(id)") }
        }
    }
}
