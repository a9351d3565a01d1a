// Real SDL game controllers: virtual joysticks (SDL_JoystickAttachVirtualEx) plugged, pressed and unplugged under a
// headless SDLPlatform, and the controller events it reports. Every SDL call stays on the main thread.
import XCTest
import CSDL2
import GlasspaneCore
@testable import GlasspanePlatform
import SDLTestEvents

/// Pumps until `condition` holds on the events gathered, or a generous deadline passes (SDL delivers virtual
    /// joystick changes on its next event pump).
@MainActor
private func pump(_ harness: QueueHarness, until condition: ([InputEvent]) -> Bool) -> [InputEvent] {
    var all: [InputEvent] = []
    let deadline = SDL_GetTicks64() + 10_000
    repeat {
        all += harness.pump([])
        if condition(all) { break }
        SDL_Delay(1)
    } while SDL_GetTicks64() < deadline
    return all
}

private func button(_ controller: Int, _ b: ControllerButton, _ phase: ControllerButtonEvent.Phase) -> InputEvent {
    .controllerButton(ControllerButtonEvent(controller: controller, button: b, phase: phase))
}

final class ControllerTranslationTests: XCTestCase {

    func testPlugPressMoveAndUnplugTranslate() throws {
        try MainActor.assumeIsolated {
            let harness = try QueueHarness()
            defer { harness.close() }
            let pad = try XCTUnwrap(VirtualController(name: "Test Pad One"), SDLPlatform.lastError)
            defer { pad.detach() }
            var events = pump(harness) { $0.contains { if case .controllerDevice = $0 { true } else { false } } }
            XCTAssertEqual(events, [.controllerDevice(ControllerDeviceEvent(controller: 0, isConnected: true, name: "Test Pad One"))])
            XCTAssertEqual(harness.platform.connectedControllers, [0])

            pad.set(button: SDL_CONTROLLER_BUTTON_A, down: true)
            pad.set(button: SDL_CONTROLLER_BUTTON_DPAD_DOWN, down: true)
            events = pump(harness) { $0.count >= 2 }
            XCTAssertEqual(events, [button(0, .a, .down), button(0, .dpadDown, .down)])
            pad.set(button: SDL_CONTROLLER_BUTTON_A, down: false)
            pad.set(button: SDL_CONTROLLER_BUTTON_DPAD_DOWN, down: false)
            events = pump(harness) { $0.count >= 2 }
            XCTAssertEqual(events, [button(0, .a, .up), button(0, .dpadDown, .up)])

            // Inside the dead zone a stick reports nothing; past it, the rescaled value; a trigger keeps 0...1.
            pad.set(axis: SDL_CONTROLLER_AXIS_LEFTX, to: 3000)
            pad.set(axis: SDL_CONTROLLER_AXIS_LEFTX, to: -32768)
            pad.set(axis: SDL_CONTROLLER_AXIS_TRIGGERRIGHT, to: 32767)
            events = pump(harness) { $0.count >= 2 }
            XCTAssertEqual(events, [.controllerAxis(ControllerAxisEvent(controller: 0, axis: .leftX, value: -1)),
                                    .controllerAxis(ControllerAxisEvent(controller: 0, axis: .rightTrigger, value: 1))])

            // Unplugged while B is held: exactly one end for B, the axes back to rest, then the disconnection.
            pad.set(button: SDL_CONTROLLER_BUTTON_B, down: true)
            XCTAssertEqual(pump(harness) { !$0.isEmpty }, [button(0, .b, .down)])
            pad.detach()
            events = pump(harness) { $0.contains { if case .controllerDevice = $0 { true } else { false } } }
            let ends = events.filter { $0 == button(0, .b, .up) || $0 == button(0, .b, .cancel) }
            XCTAssertEqual(ends.count, 1, "\(events)")
            XCTAssertEqual(events.last, .controllerDevice(ControllerDeviceEvent(controller: 0, isConnected: false)))
            XCTAssertEqual(harness.platform.connectedControllers, [])
        }
    }

    func testSeveralControllersKeepTheirNumbersAndAFreedNumberIsReused() throws {
        try MainActor.assumeIsolated {
            let harness = try QueueHarness()
            defer { harness.close() }
            let first = try XCTUnwrap(VirtualController(name: "First"))
            let second = try XCTUnwrap(VirtualController(name: "Second"))
            defer { first.detach(); second.detach() }
            let plugged = pump(harness) { $0.count >= 2 }
            XCTAssertEqual(plugged, [.controllerDevice(ControllerDeviceEvent(controller: 0, isConnected: true, name: "First")),
                                     .controllerDevice(ControllerDeviceEvent(controller: 1, isConnected: true, name: "Second"))])
            second.set(button: SDL_CONTROLLER_BUTTON_X, down: true)
            first.set(button: SDL_CONTROLLER_BUTTON_Y, down: true)
            XCTAssertEqual(pump(harness) { $0.count >= 2 }, [button(1, .x, .down), button(0, .y, .down)])
            first.detach()
            _ = pump(harness) { $0.contains(.controllerDevice(ControllerDeviceEvent(controller: 0, isConnected: false))) }
            let third = try XCTUnwrap(VirtualController(name: "Third"))
            defer { third.detach() }
            XCTAssertEqual(pump(harness) { !$0.isEmpty },
                           [.controllerDevice(ControllerDeviceEvent(controller: 0, isConnected: true, name: "Third"))])
            XCTAssertEqual(harness.platform.connectedControllers, [0, 1])
        }
    }

    func testARemovalWithAPressStillHeldCancelsItOnce() throws {
        try MainActor.assumeIsolated {
            let harness = try QueueHarness()
            defer { harness.close() }
            let pad = try XCTUnwrap(VirtualController())
            defer { pad.detach() }
            _ = pump(harness) { !$0.isEmpty }
            // SDL's own removal releases held buttons first; a driver that does not is modelled by queueing the
            // press and the removal directly: the platform then makes up exactly one cancel.
            var down = SDL_Event()
            down.type = SDL_CONTROLLERBUTTONDOWN.rawValue
            down.cbutton.which = pad.instanceID
            down.cbutton.button = UInt8(SDL_CONTROLLER_BUTTON_START.rawValue)
            var removed = SDL_Event()
            removed.type = SDL_CONTROLLERDEVICEREMOVED.rawValue
            removed.cdevice.which = pad.instanceID
            XCTAssertEqual(harness.pump([down, removed, removed]), [
                button(0, .start, .down), button(0, .start, .cancel),
                .controllerDevice(ControllerDeviceEvent(controller: 0, isConnected: false)),
            ], "a second removal of the same controller reports nothing")
        }
    }

    func testAThousandHotPlugEventsInOnePollLeaveNothingOpen() throws {
        try MainActor.assumeIsolated {
            let harness = try QueueHarness()
            defer { harness.close() }
            for _ in 0..<500 {
                let pad = try XCTUnwrap(VirtualController())
                pad.detach()
            }
            let events = harness.pump([])
            let connected = events.filter { if case .controllerDevice(let d) = $0 { d.isConnected } else { false } }.count
            let disconnected = events.filter { if case .controllerDevice(let d) = $0 { !d.isConnected } else { false } }.count
            XCTAssertEqual(connected, disconnected, "every controller reported plugged is reported unplugged")
            XCTAssertEqual(harness.platform.connectedControllers, [])
            // The platform still translates afterwards.
            XCTAssertEqual(harness.pump([SDLEvents.key(SDLK_a)]), [.key(KeyEvent(key: .character("a")))])
        }
    }

    func testAJoystickWithoutAMappingIsNamedOnceWithHowToMapItAndSendsNothing() throws {
        try MainActor.assumeIsolated {
            let harness = try QueueHarness()
            defer { harness.close() }
            var notices: [String] = []
            harness.platform.onNotice = { notices.append($0) }
            // A flight stick: SDL builds no controller mapping for it, so it stays a plain joystick.
            let stick = try XCTUnwrap(VirtualController(name: "Test Flight Stick", type: SDL_JOYSTICK_TYPE_FLIGHT_STICK),
                                      SDLPlatform.lastError)
            defer { stick.detach() }
            var events: [InputEvent] = []
            let deadline = SDL_GetTicks64() + 10_000
            repeat { events += harness.pump([]); SDL_Delay(1) } while notices.isEmpty && SDL_GetTicks64() < deadline
            XCTAssertEqual(notices.count, 1, "\(notices)")
            let notice = try XCTUnwrap(notices.first)
            XCTAssertTrue(notice.hasPrefix("joystick \"Test Flight Stick\" (GUID "), notice)
            XCTAssertTrue(notice.contains("SDL_GAMECONTROLLERCONFIG"), notice)
            stick.set(button: SDL_CONTROLLER_BUTTON_A, down: true)
            stick.set(axis: SDL_CONTROLLER_AXIS_LEFTX, to: 30_000)
            for _ in 0..<20 { events += harness.pump([]); SDL_Delay(1) }
            XCTAssertEqual(events, [], "no controller events from an unmapped joystick")
            XCTAssertEqual(harness.platform.connectedControllers, [])

            // A second one of the same kind is not announced again.
            let twin = try XCTUnwrap(VirtualController(name: "Test Flight Stick", type: SDL_JOYSTICK_TYPE_FLIGHT_STICK))
            defer { twin.detach() }
            for _ in 0..<20 { events += harness.pump([]); SDL_Delay(1) }
            XCTAssertEqual(notices.count, 1)

            // The mapping line the notice suggests works.
            let start = try XCTUnwrap(notice.range(of: "SDL_GAMECONTROLLERCONFIG='"))
            let line = String(notice[start.upperBound...].prefix { $0 != "'" })
            let guid = try XCTUnwrap(controllerGUID(of: notice))
            XCTAssertEqual(line.prefix(32), guid.prefix(4) + "0000" + guid.dropFirst(8).prefix(24), "the GUID without its name CRC")
            XCTAssertEqual(SDL_GameControllerAddMapping(line), 1, SDLPlatform.lastError)
            // SDL announces no joystick already plugged when a mapping arrives: the next one plugged is a controller.
            let mapped = try XCTUnwrap(VirtualController(name: "Test Flight Stick", type: SDL_JOYSTICK_TYPE_FLIGHT_STICK))
            defer { mapped.detach() }
            events = pump(harness) { $0.contains { if case .controllerDevice = $0 { true } else { false } } }
            XCTAssertEqual(events, [.controllerDevice(ControllerDeviceEvent(controller: 0, isConnected: true, name: "Test Flight Stick"))])
            XCTAssertEqual(notices.count, 1)
        }
    }
}

/// The GUID a notice names (between "(GUID " and ")").
private func controllerGUID(of notice: String) -> String? {
    guard let start = notice.range(of: "(GUID ") else { return nil }
    return String(notice[start.upperBound...].prefix { $0 != ")" })
}
